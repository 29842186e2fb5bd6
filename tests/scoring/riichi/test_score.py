"""The riichi scorer's shortcuts agree with the definitions they stand in for.

The scorer shares lists of applicable yaku checks between keys, sums fu in its loop and splits payments per seat on
first use; each shortcut is checked here against the plain definition on random wins. The whole sheet is compared
with the readable scorer in ``test_reference.py``.
"""

from __future__ import annotations

from jantaku.melds import MeldKind
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoringError, score
from jantaku.scoring.riichi.fu import FU_LABELS, fu_items, standard_fu
from jantaku.scoring.riichi.readings import HPAIR, NEEDS, PEI, PLAIN, RUNS
from jantaku.scoring.riichi.result import Reading
from jantaku.scoring.riichi.score import applicable_checks, checks_for
from tests.scoring.riichi.random_hands import PRESETS, seeded_cases

#: the fu items that name a tile kind: a set's, the pair's
SET_AND_PAIR_KEYS = {"open_triplet", "closed_triplet", "open_kan", "closed_kan", "pair"}


def test_shared_check_lists_equal_the_full_pass() -> None:
    """Keys that differ only in how many identical runs, plain sets or wind triplets (not which winds) share a
    list of applicable checks: for every key the scorer can form, the shared list is the one the full pass over
    the yaku gives (same checks, same order)."""
    for honors in range(128):
        if honors.bit_count() > 4:
            continue
        for runs in range(5 - honors.bit_count()):
            for peikou in range(3 if runs >= 2 else 1):
                for plain in range(6):
                    for rest in range(4):  # honor pair, closed
                        key = honors | runs << RUNS - NEEDS | peikou << PEI - NEEDS | plain << PLAIN - NEEDS
                        key |= (rest & 1) << HPAIR - NEEDS | (rest >> 1) << 16
                        assert applicable_checks(key) == checks_for(key), hex(key)


def test_fu_items_add_up_to_the_fu() -> None:
    """The itemised fu of the winning reading add up (rounded up to 10) to the fu the loop summed, and
    ``standard_fu`` agrees."""
    for name in PRESETS:
        rules = preset(name)
        for hand, win, ctx in seeded_cases(name, 600):
            try:
                result = score(hand, win, ctx, rules)
            except ScoringError:
                continue
            if result.yakuman and result.limit != "kazoe yakuman":
                continue
            items = result.fu_items
            assert items, (hand, win)
            raw = sum(item.fu for item in items)
            assert (raw + 9) // 10 * 10 == result.fu or (raw == 25 and result.fu == 25)
            reading = result.reading
            assert isinstance(reading, Reading)
            if reading.form == "standard":
                ron = not ctx.tsumo
                sets_of = [
                    (g - 34, True, g == reading.placed and ron, False) if g >= 34 else (g, False, False, False)
                    for g in reading.groups
                ]
                sets_of += [(m.first, m.kind is not MeldKind.CHI, m.is_open, m.is_kan) for m in hand.melds]
                again = fu_items(sets_of, reading.pair, result.wait, hand.is_closed, ctx, rules, reading.pinfu)
                assert tuple(again) == items
                sets = sum(item.fu for item in items if item.key.endswith(("triplet", "kan")))
                pair = sum(item.fu for item in items if item.key == "pair")
                assert all(item.key in FU_LABELS for item in items)
                assert all((item.kind is not None) == (item.key in SET_AND_PAIR_KEYS) for item in items)
                assert standard_fu(sets, pair, result.wait, hand.is_closed, ctx.tsumo, reading.pinfu)[0] == result.fu
