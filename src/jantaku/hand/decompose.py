"""Every arrangement of a complete hand: sets plus a pair, seven pairs, thirteen orphans.

Arrangements are found per suit and memoised by the suit's counts (a suit's shapes repeat across hands far more
often than whole hands do), then combined so that exactly one suit supplies the pair.

A *group* is an int: a run starting at kind ``k`` is ``k``; a triplet of kind ``k`` is ``TRIPLET + k``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from itertools import product
from typing import NamedTuple

from jantaku.tiles import TERMINALS_AND_HONORS, format_tiles, kind_name

TRIPLET = 34

SuitShape = tuple[tuple[int, ...], int]  # (groups as offsets inside the suit, pair offset or -1)

_SUIT_MEMO: dict[tuple[bytes, bool], tuple[SuitShape, ...]] = {}
_HAND_MEMO: dict[bytes, tuple[tuple[tuple[int, ...], int], ...]] = {}
_HAND_MEMO_LIMIT = 1 << 18


class Form(StrEnum):
    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


class Arrangement(NamedTuple):
    """One reading of the concealed tiles. ``groups`` are the concealed sets (see module doc), ``pair`` the pair's
    kind; seven pairs lists its seven kinds in ``pairs``; thirteen orphans has ``pair`` = the doubled kind."""

    form: Form
    groups: tuple[int, ...] = ()
    pair: int = -1
    pairs: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.form is Form.SEVEN_PAIRS:
            return " ".join(format_tiles([k, k]) for k in self.pairs)
        if self.form is Form.THIRTEEN_ORPHANS:
            return f"thirteen orphans, pair {kind_name(self.pair)}"
        parts = [group_text(g) for g in self.groups]
        parts.append(format_tiles([self.pair, self.pair]))
        return " ".join(parts)


def group_text(group: int) -> str:
    if group >= TRIPLET:
        k = group - TRIPLET
        return format_tiles([k, k, k])
    return format_tiles([group, group + 1, group + 2])


def _suit_shapes(held: bytes, runs: bool) -> tuple[SuitShape, ...]:
    """All ways to use every tile of one suit as sets and at most one pair (memoised)."""
    key = (held, runs)
    got = _SUIT_MEMO.get(key)
    if got is not None:
        return got
    found: set[SuitShape] = set()
    counts = list(held)
    n = len(counts)

    def walk(start: int, groups: list[int], pair: int) -> None:
        i = start
        while i < n and counts[i] == 0:
            i += 1
        if i == n:
            found.add((tuple(sorted(groups)), pair))
            return
        c = counts[i]
        if c >= 3:
            counts[i] -= 3
            groups.append(TRIPLET + i)
            walk(i, groups, pair)
            groups.pop()
            counts[i] += 3
        if runs and i + 2 < n and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            groups.append(i)
            walk(i, groups, pair)
            groups.pop()
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1
        if pair < 0 and c >= 2:
            counts[i] -= 2
            walk(i, groups, i)
            counts[i] += 2

    if sum(counts) % 3 != 1:  # 3n (no pair) or 3n+2 (one pair) tiles can be complete
        walk(0, [], -1)
    result = tuple(sorted(found))
    _SUIT_MEMO[key] = result
    return result


def suit_shapes(held: bytes, runs: bool) -> tuple[SuitShape, ...]:
    """Every way to use all of one suit's tiles (``held``: its counts) as sets and at most one pair, groups as
    offsets inside the suit, sorted; ``runs`` is False for the honors. Memoised per suit shape."""
    return _suit_shapes(held, runs)


_SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
_PLACED: dict[tuple[bytes, int], tuple[tuple[tuple[int, ...], int], ...]] = {}


def _placed_shapes(key: bytes, base: int, runs: bool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """A suit's shapes with absolute kinds (memoised per suit key and suit)."""
    got = _PLACED.get((key, base))
    if got is None:
        got = _PLACED[(key, base)] = tuple(
            (tuple(g + base for g in groups), pair + base if pair >= 0 else -1)
            for groups, pair in _suit_shapes(key, runs)
        )
    return got


def standard_shapes(counts: Sequence[int]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Raw standard arrangements of the concealed counts: (groups, pair kind); groups use absolute kinds.

    Most hands read one way per suit, so the common case is a concatenation; only suits with several readings
    go through the product."""
    b = bytes(counts)
    got = _HAND_MEMO.get(b)
    if got is not None:
        return got
    per_suit: list[tuple[tuple[tuple[int, ...], int], ...]] = []
    for lo, hi, runs in _SUITS:
        key = b[lo:hi]
        if any(key):
            shapes = _placed_shapes(key, lo, runs)
            if not shapes:
                per_suit = []
                break
            per_suit.append(shapes)
    out: list[tuple[tuple[int, ...], int]] = []
    if per_suit and all(len(p) == 1 for p in per_suit):
        pairs = [p[0][1] for p in per_suit if p[0][1] >= 0]
        if len(pairs) == 1:
            groups: list[int] = []
            for p in per_suit:
                groups.extend(p[0][0])
            groups.sort()
            out.append((tuple(groups), pairs[0]))
    elif per_suit:
        for combo in product(*per_suit):
            pairs = [p for _, p in combo if p >= 0]
            if len(pairs) == 1:
                out.append((tuple(sorted(g for gs, _ in combo for g in gs)), pairs[0]))
    result = tuple(out)
    if len(_HAND_MEMO) >= _HAND_MEMO_LIMIT:
        _HAND_MEMO.clear()
    _HAND_MEMO[b] = result
    return result


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven *different* pairs (docs/rules.md#yaku: Seven Pairs needs 7 different pairs)."""
    b = bytes(counts)
    return b.count(2) == 7 and sum(b) == 14


_SIMPLE_SLICES = ((1, 8), (10, 17), (19, 26))


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    b = bytes(counts)
    if sum(b) != 14 or any(any(b[lo:hi]) for lo, hi in _SIMPLE_SLICES):
        return False
    return all(b[k] for k in TERMINALS_AND_HONORS)


def arrangements(counts: Sequence[int]) -> list[Arrangement]:
    """Every arrangement of a complete set of concealed tiles (14, or 3 fewer per meld).

    A hand can be both seven pairs and sets-and-pair (e.g. 22334455667788p as two identical-run pairs);
    both readings are returned so a scorer can pick the best.
    """
    from jantaku.hand.shanten import check_counts

    check_counts(counts)
    found = [Arrangement(Form.STANDARD, groups, pair) for groups, pair in standard_shapes(counts)]
    if is_seven_pairs(counts):
        found.append(Arrangement(Form.SEVEN_PAIRS, pairs=tuple(k for k in range(34) if counts[k])))
    if is_thirteen_orphans(counts):
        found.append(Arrangement(Form.THIRTEEN_ORPHANS, pair=next(k for k in range(34) if counts[k] == 2)))
    return found
