"""Waits, tenpai, ukeire, karaten, and the two "concealed kan after riichi" tests of docs/rules.md#riichi_kan.

All functions are pure and take 34-count lists:
- ``counts``: the player's concealed tiles,
- ``locked``: tiles in the player's own melds (all four of a kan),
- ``visible``: every tile the player can see *outside* their own hand and melds (rivers, others' melds,
  dora indicators); "unseen" copies of a kind are ``4 - counts - locked - visible``.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add as _add
from typing import NamedTuple

from jantaku.hand.decompose import TRIPLET, standard_shapes
from jantaku.hand.shanten import check_counts, counts_error, shanten, shanten_standard
from jantaku.hand.sweep import DiscardOption, count_planes, sweep_options
from jantaku.tiles import TERMINALS_AND_HONORS, is_honor

_ZERO = (0,) * 34
_ALL = (1 << 34) - 1
_TWICE = 1 << 34 | 1 << 68  # fields 1-2 of ``discard_options``' weights
_FOUR_TIMES = 1 << 102 | 1 << 136 | 1 << 170 | 1 << 204  # fields 3-6
_LEFT = bytes(4 - x if x < 4 else 0 for x in range(256))  # copies left of a kind with x accounted for


def _candidates(counts: Sequence[int]) -> list[int]:
    """Kinds that could possibly change the hand's shape when drawn: near a held suited tile, a held honor,
    or any terminal/honor when the hand may be heading for thirteen orphans."""
    near = set()
    for k in range(34):
        if counts[k]:
            if is_honor(k):
                near.add(k)
            else:
                r = k % 9
                for d in (-2, -1, 0, 1, 2):
                    if 0 <= r + d <= 8:
                        near.add(k + d)
    return sorted(near)


def _check_waiting_size(
    c: Sequence[int], locked: Sequence[int] | None = None, visible: Sequence[int] | None = None
) -> None:
    """A 13-tile hand's counts (3 fewer per meld), and the optional locked and visible counts, or a sentence."""
    n = sum(check_counts(c))
    if n % 3 != 1 or n > 13:
        raise ValueError(f"a hand waiting for a tile holds 13 tiles (3 fewer per meld), not {n}")
    if locked is not None:
        check_counts(locked, "locked", 16)
    if visible is not None:
        check_counts(visible, "visible", 136)


def waits(counts: Sequence[int], locked: Sequence[int] | None = None) -> list[int]:
    """Kinds that complete the hand (any form). A kind whose four copies are all in the player's own hand and
    melds is not a wait: it cannot be drawn (docs/rules.md#tenpai)."""
    _check_waiting_size(counts, locked)
    lk = _ZERO if locked is None else locked
    c = list(counts)
    melds = (13 - sum(c)) // 3
    out = []
    kokushi = melds == 0 and sum(1 for k in TERMINALS_AND_HONORS if c[k]) >= 12
    cands = range(34) if kokushi else _candidates(c)
    for k in cands:
        if c[k] + lk[k] >= 4:
            continue
        c[k] += 1
        if shanten(c, melds) == -1:
            out.append(k)
        c[k] -= 1
    return out


def is_tenpai(counts: Sequence[int], locked: Sequence[int] | None = None) -> bool:
    """Tenpai (docs/rules.md#tenpai): at least one winning tile not used up in the player's own hand and melds.
    Copies visible elsewhere do not matter (formal tenpai counts for draw payments)."""
    return bool(waits(counts, locked))


def unseen(kind: int, counts: Sequence[int], locked: Sequence[int] | None, visible: Sequence[int] | None) -> int:
    lk = 0 if locked is None else locked[kind]
    vis = 0 if visible is None else visible[kind]
    return max(0, 4 - counts[kind] - lk - vis)


def is_karaten(
    counts: Sequence[int], locked: Sequence[int] | None = None, visible: Sequence[int] | None = None
) -> bool:
    """True when the hand is tenpai but no copy of any wait is left unseen by the player (karaten riichi)."""
    _check_waiting_size(counts, locked, visible)
    ws = waits(counts, locked)
    return bool(ws) and all(unseen(k, counts, locked, visible) == 0 for k in ws)


class Acceptance(NamedTuple):
    """What drawing helps: the kinds that lower shanten and how many copies of them the player has not seen."""

    shanten: int
    tiles: tuple[tuple[int, int], ...]  # (kind, unseen copies)

    @property
    def total(self) -> int:
        return sum(n for _, n in self.tiles)


def ukeire(
    counts: Sequence[int], locked: Sequence[int] | None = None, visible: Sequence[int] | None = None
) -> Acceptance:
    """Shanten of a 13-tile (3n+1) hand and the draws that lower it, with unseen copies."""
    _check_waiting_size(counts, locked, visible)
    c = list(counts)
    melds = (13 - sum(c)) // 3
    base = shanten(c, melds)
    lk = _ZERO if locked is None else locked
    out = []
    cands = range(34)  # a four-of-a-kind plus any tile can be a set and a tanki: no draw is out of reach
    for k in cands:
        if c[k] + lk[k] >= 4:
            continue
        c[k] += 1
        if shanten(c, melds) < base:
            out.append((k, unseen(k, counts, locked, visible)))
        c[k] -= 1
    return Acceptance(base, tuple(out))


def discard_options(
    counts: Sequence[int], locked: Sequence[int] | None = None, visible: Sequence[int] | None = None
) -> list[DiscardOption]:
    """For a 14-tile (3n+2) hand: every distinct discard with the shanten after it and its acceptance,
    best first (lowest shanten, then most unseen accepting tiles, then kind order).

    The discarded tile lands in the river, so it counts as seen: unseen copies are counted against the hand
    *before* the discard."""
    try:
        b = held = bytes(bytearray(counts))
        if len(b) != 34 or (locked is not None and len(locked) != 34) or (visible is not None and len(visible) != 34):
            raise ValueError
        if locked is None:
            used = held if visible is None else bytes(map(_add, held, visible))
        else:
            held = bytes(map(_add, held, locked))
            used = held if visible is None else bytes(map(_add, held, visible))
    except (TypeError, ValueError):
        check_counts(counts)
        if locked is not None:
            check_counts(locked, "locked", 16)
        if visible is not None:
            check_counts(visible, "visible", 136)
        raise counts_error(counts) from None
    # unseen copies per kind (4 - min(accounted for, 4)) as bit planes: 4 = none accounted for, 3 or 1 = bit 0 of
    # the count set, 3 or 2 = bits 0 and 1 differ. The planes sit in seven 34-bit fields of one int, weight 1 once,
    # weight 2 twice and weight 4 four times, so a mask's total is one multiply, one AND and one popcount.
    p0, p1, p2 = planes = count_planes(used)
    u1, u2 = p0 ^ p1, _ALL & ~(p0 | p1 | p2)
    weights = p0 | u1 * _TWICE | u2 * _FOUR_TIMES  # (the fields do not overlap: a product is the copies or-ed)
    # kinds whose four copies are all in the hand and melds (p2 of ``held``) cannot be drawn
    blocked = p2 if used is held else count_planes(held)[2]
    left = used.translate(_LEFT)
    return list(sweep_options(b, blocked, weights, planes if used is b else count_planes(b), left))


def kan_keeps_waits(counts13: Sequence[int], kind: int, locked: Sequence[int] | None = None) -> bool:
    """Riichi kan test (standard): a concealed kan of ``kind`` (three held, the fourth just drawn) is allowed
    when the set of winning tiles stays the same."""
    if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < 34:
        raise ValueError(f"kind is a tile kind, 0 (1m) to 33 (7z), not {kind!r}")
    _check_waiting_size(counts13, locked)
    if counts13[kind] != 3:
        return False
    before = waits(counts13, locked)
    if not before:
        return False
    after_counts = list(counts13)
    after_counts[kind] = 0
    lk = list(_ZERO if locked is None else locked)
    lk[kind] += 4
    return waits(after_counts, lk) == before


def kan_keeps_arrangement(counts13: Sequence[int], kind: int, locked: Sequence[int] | None = None) -> bool:
    """Riichi kan test (strict, [S1]): waits unchanged *and* the kan tile is a triplet in every arrangement
    of every winning hand, so the kan changes no reading of the hand (11123444 drawing 1 or 4: refused)."""
    if not kan_keeps_waits(counts13, kind, locked):
        return False
    c = list(counts13)
    for w in waits(counts13, locked):
        c[w] += 1
        shapes = standard_shapes(c)
        c[w] -= 1
        if not shapes or any(TRIPLET + kind not in groups for groups, _ in shapes):
            return False
    return True


def standard_tenpai_shanten(counts: Sequence[int], locked: Sequence[int] | None = None) -> int:
    """Standard-shape shanten honouring the player's own melded copies (see ``shanten_standard``)."""
    return shanten_standard(counts, locked=locked)
