"""Property tests (hypothesis): the fast hand analysis against the plain references of ``jantaku.hand.reference``.

- ``shanten`` equals ``shanten_reference`` (no table), and is -1 exactly when the hand has an arrangement
  (``decompose`` is an independent oracle);
- ``waits`` equals ``waits_reference``: the kinds that complete the hand, found over the 34 kinds with
  ``arrangements``, leaving out kinds whose four copies are all in the player's own hand and melds
  (docs/rules.md#tenpai);
- ``discard_sweep`` equals ``sweep_reference``;
- swapping one tile never moves shanten by more than one; drawing lowers it by at most one;
- ukeire and discard options agree with a brute-force sweep of ``shanten``.

Hands are generated near a complete shape (complete hands, then a few tiles swapped), from palettes that make the
hard cases common: one suit, one suit with honors, terminals and honors, seven pairs, thirteen orphans.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from jantaku.hand import (
    arrangements,
    discard_options,
    shanten,
    shanten_reference,
    shanten_standard,
    sweep_reference,
    ukeire,
    waits,
    waits_reference,
)
from jantaku.hand.decompose import standard_shapes
from jantaku.hand.sweep import discard_sweep
from jantaku.tiles import EAST, KINDS, TERMINALS_AND_HONORS, format_tiles, is_honor

# JANTAKU_EXAMPLES=5000 for a deeper local run
EXAMPLES = int(os.environ.get("JANTAKU_EXAMPLES", "400"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- hands near a complete shape ---------------------------------------------------------------------------------

SUITS = [list(range(0, 9)), list(range(9, 18)), list(range(18, 27))]
HONORS = list(range(EAST, KINDS))
PALETTES = [
    list(range(KINDS)),
    SUITS[0],
    SUITS[1] + HONORS,
    SUITS[0] + SUITS[2],
    list(TERMINALS_AND_HONORS),
    HONORS,
]


@dataclass(frozen=True)
class Case:
    counts: tuple[int, ...]  # concealed tiles
    melds: int
    locked: tuple[int, ...]  # tiles in the player's own melds

    def __str__(self) -> str:
        return f"{format_tiles([k for k in range(KINDS) for _ in range(self.counts[k])])} +{self.melds} melds"


def _add_group(total: list[int], kind: int, run: bool) -> list[int] | None:
    kinds = [kind, kind + 1, kind + 2] if run and not is_honor(kind) and kind % 9 <= 6 else [kind] * 3
    if any(total[k] + kinds.count(k) > 4 for k in kinds):
        return None
    for k in kinds:
        total[k] += 1
    return kinds


@st.composite
def complete_hands(draw: st.DrawFn) -> Case:
    """A complete 3n+2 concealed part with 0-4 melds (standard), or a closed seven pairs / thirteen orphans."""
    form = draw(st.sampled_from(["standard"] * 6 + ["pairs", "orphans"]))
    if form == "pairs":
        kinds = draw(st.lists(st.sampled_from(draw(st.sampled_from(PALETTES[:4]))), min_size=7, max_size=7))
        assume(len(set(kinds)) == 7)
        counts = [0] * KINDS
        for k in kinds:
            counts[k] = 2
        return Case(tuple(counts), 0, (0,) * KINDS)
    if form == "orphans":
        counts = [0] * KINDS
        for k in TERMINALS_AND_HONORS:
            counts[k] = 1
        counts[draw(st.sampled_from(TERMINALS_AND_HONORS))] += 1
        return Case(tuple(counts), 0, (0,) * KINDS)
    palette = draw(st.sampled_from(PALETTES))
    melds = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
    total = [0] * KINDS
    locked = [0] * KINDS
    for _ in range(melds):
        kinds = None
        for _attempt in range(8):
            kinds = _add_group(total, draw(st.sampled_from(palette + HONORS)), draw(st.booleans()))
            if kinds is not None:
                break
        assume(kinds is not None)
        assert kinds is not None
        extra = draw(st.booleans()) and len(set(kinds)) == 1 and total[kinds[0]] == 3  # a kan locks all four
        for k in kinds:
            locked[k] += 1
        if extra:
            total[kinds[0]] += 1
            locked[kinds[0]] += 1
    counts = [0] * KINDS
    for _ in range(4 - melds):
        got = None
        for _attempt in range(8):
            got = _add_group(total, draw(st.sampled_from(palette)), draw(st.booleans()))
            if got is not None:
                for k in got:
                    counts[k] += 1
                break
        assume(got is not None)
    pair = draw(st.sampled_from(palette))
    assume(total[pair] <= 2)
    counts[pair] += 2
    return Case(tuple(counts), melds, tuple(locked))


@st.composite
def mutated(draw: st.DrawFn, drop: int, max_swaps: int = 3) -> Case:
    """A complete hand with ``drop`` tiles taken out and up to ``max_swaps`` tiles replaced."""
    case = draw(complete_hands())
    counts, locked = list(case.counts), case.locked
    for _ in range(drop):
        held = [k for k in range(KINDS) if counts[k]]
        counts[draw(st.sampled_from(held))] -= 1
    for _ in range(draw(st.integers(0, max_swaps))):
        held = [k for k in range(KINDS) if counts[k]]
        out = draw(st.sampled_from(held))
        counts[out] -= 1
        free = [k for k in range(KINDS) if counts[k] + locked[k] < 4 and k != out]
        counts[draw(st.sampled_from(free))] += 1
    return Case(tuple(counts), case.melds, locked)


def _complete(counts: list[int]) -> bool:
    return bool(arrangements(counts))


@SETTINGS
@given(st.one_of(complete_hands(), mutated(drop=0)))
def test_shanten_minus_one_iff_arrangement(case: Case) -> None:
    counts = list(case.counts)
    assert (shanten(counts, case.melds) == -1) is _complete(counts), str(case)


@SETTINGS
@given(st.one_of(complete_hands(), mutated(drop=0), mutated(drop=1), mutated(drop=1, max_swaps=6)))
def test_shanten_equals_the_reference(case: Case) -> None:
    counts = list(case.counts)
    assert shanten(counts, case.melds) == shanten_reference(counts, case.melds), str(case)


@SETTINGS
@given(mutated(drop=1))
def test_waits_equal_the_reference(case: Case) -> None:
    counts, locked = list(case.counts), list(case.locked)
    assert waits(counts, locked) == waits_reference(counts, locked), str(case)


@SETTINGS
@given(mutated(drop=0))
def test_discard_sweep_equals_the_reference(case: Case) -> None:
    counts = list(case.counts)
    blocked = sum(1 << k for k in range(KINDS) if counts[k] + case.locked[k] >= 4)
    # the sweep lists the best discards first, the reference in the order of the kinds
    assert sorted(discard_sweep(counts, blocked)) == list(sweep_reference(counts, blocked)), str(case)


def test_the_references_can_disagree() -> None:
    """The comparisons can fail: the waits of a hand whose last copy of a wait is in its own meld differ with and
    without that meld counted (docs/rules.md, Terms: tenpai), and the sweep marks a blocked draw."""
    counts = [0] * KINDS
    for k in (0, 0, 0, 0, 1, 2, 12, 13, 14, 21, 22, 23, 30):
        counts[k] += 1
    assert waits_reference(counts) == [30]
    locked = [0] * KINDS
    locked[30] = 3
    assert waits_reference(counts, locked) == []
    counts[30] += 1
    assert any(mask >> 30 & 1 for _, _, mask in sweep_reference(counts))
    assert not any(mask >> 30 & 1 for _, _, mask in sweep_reference(counts, 1 << 30))


@SETTINGS
@given(st.one_of(mutated(drop=0), mutated(drop=1)), st.data())
def test_one_swap_moves_shanten_by_at_most_one(case: Case, data: st.DataObject) -> None:
    counts = list(case.counts)
    before = shanten(counts, case.melds)
    held = [k for k in range(KINDS) if counts[k]]
    out = data.draw(st.sampled_from(held))
    counts[out] -= 1
    free = [k for k in range(KINDS) if counts[k] + case.locked[k] < 4]
    counts[data.draw(st.sampled_from(free))] += 1
    assert abs(shanten(counts, case.melds) - before) <= 1, str(case)


@SETTINGS
@given(mutated(drop=1))
def test_draw_lowers_shanten_by_at_most_one(case: Case) -> None:
    counts = list(case.counts)
    before = shanten(counts, case.melds)
    assert before >= 0  # 3n+1 tiles are never complete
    for k in range(KINDS):
        if counts[k] < 4:
            counts[k] += 1
            assert before - 1 <= shanten(counts, case.melds) <= before, str(case)
            counts[k] -= 1


def _brute_ukeire(counts: list[int], melds: int, locked: list[int], visible: list[int]) -> list[tuple[int, int]]:
    """Every drawable kind that lowers shanten, with its unseen copies (4 - own hand - own melds - visible)."""
    base = shanten(counts, melds)
    out = []
    for k in range(KINDS):
        if counts[k] + locked[k] >= 4:
            continue
        counts[k] += 1
        if shanten(counts, melds) < base:
            out.append((k, max(0, 4 - (counts[k] - 1) - locked[k] - visible[k])))
        counts[k] -= 1
    return out


def _visible(case: Case, seen: list[int]) -> list[int]:
    visible = [0] * KINDS
    for k in seen:
        if case.counts[k] + case.locked[k] + visible[k] < 4:
            visible[k] += 1
    return visible


@SETTINGS
@given(mutated(drop=1), st.lists(st.integers(0, KINDS - 1), max_size=12))
def test_ukeire_matches_brute_force(case: Case, seen: list[int]) -> None:
    """Closed and open hands: with melds a far draw can help too (1111m + X is 111m and an X tanki)."""
    counts, locked = list(case.counts), list(case.locked)
    visible = _visible(case, seen)
    acc = ukeire(counts, locked, visible)
    assert acc.shanten == shanten(counts, case.melds)
    assert list(acc.tiles) == _brute_ukeire(counts, case.melds, locked, visible), str(case)


@SETTINGS
@given(mutated(drop=0), st.lists(st.integers(0, KINDS - 1), max_size=12))
def test_discard_options_match_brute_force(case: Case, seen: list[int]) -> None:
    counts, locked = list(case.counts), list(case.locked)
    visible = _visible(case, seen)
    options = discard_options(counts, locked, visible)
    assert sorted(o.discard for o in options) == [k for k in range(KINDS) if counts[k]]
    keys = [(o.shanten, -o.total, o.discard) for o in options]
    assert keys == sorted(keys)
    for option in options:
        d = option.discard
        counts[d] -= 1
        assert option.shanten == shanten(counts, case.melds), (str(case), option)
        # the discarded tile lands in the river: it is seen, and if the hand held all four, it cannot be drawn
        river = visible[:]
        river[d] += 1
        gone = counts[d] + 1 + locked[d] >= 4
        expected = [(k, n) for k, n in _brute_ukeire(counts, case.melds, locked, river) if not (k == d and gone)]
        counts[d] += 1
        assert list(option.tiles) == expected, (str(case), option)


@SETTINGS
@given(mutated(drop=1))
def test_standard_shanten_with_own_melds_is_zero_exactly_when_a_standard_wait_exists(case: Case) -> None:
    """docs/rules.md#tenpai needs a winning tile not used up in the player's own hand and melds."""
    counts, locked = list(case.counts), list(case.locked)
    standard_waits = []
    for w in waits(counts, locked):
        counts[w] += 1
        if standard_shapes(counts):
            standard_waits.append(w)
        counts[w] -= 1
    assert (shanten_standard(counts, case.melds, locked) == 0) == bool(standard_waits), str(case)
