"""The readable scorer (``score_reference``) against the hand-worked rule tables, and the fast ``score`` against it.

Why: the fast scorer's bit-packed search is checked against a scorer written the way the rules read, on random
winning hands (each yaku family and special form turns up often: see ``random_hands.py`` beside this file) with
random contexts, liability included, under every riichi preset. The reference itself is checked against the rows of
``tests/rules`` (values worked out by hand from docs/rules.md), so the two do not merely agree with each other.
On the Tenhou corpus the two are compared in ``tests/scoring/riichi/test_against_tenhou.py``.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.rules.scoring_rows as scoring_rows
from jantaku.hand.model import Hand
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoreResult, ScoringError, WinContext, score, score_reference
from jantaku.tiles import EAST, parse_tile
from tests.rules import test_errors_table, test_fu_table, test_payments_table, test_yaku_table
from tests.rules.scoring_rows import Row
from tests.scoring.riichi.random_hands import PRESETS, random_case

EXAMPLES = int(os.environ.get("JANTAKU_EXAMPLES", "400"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLE_ROWS = [
    *test_yaku_table.SITUATIONAL,
    *test_yaku_table.SHAPES,
    *test_yaku_table.YAKUMAN_ROWS,
    *test_fu_table.ROWS,
    *test_payments_table.ROWS,
    *test_errors_table.ROWS,
]


def sheet(result: ScoreResult) -> tuple[object, ...]:
    """Everything a score sheet shows: yaku, han, fu and their items, limit, points, payments, wait, words."""
    fields = (result.yaku, result.han, result.fu, result.limit, result.yakuman, result.points, result.wait)
    shown = (result.fu_items, result.arrangement, result.payment, result.pao_applies)
    return (*fields, result.players, result.dora, *shown)


def outcome(scorer: object, hand: Hand, win: int, ctx: WinContext, rules_name: str) -> object:
    """The sheet, or the error code the scorer raised."""
    assert scorer in (score, score_reference)
    try:
        return sheet((score if scorer is score else score_reference)(hand, win, ctx, preset(rules_name)))
    except ScoringError as exc:
        return exc.code


@pytest.mark.parametrize("r", TABLE_ROWS)
def test_the_reference_scores_the_rule_tables(r: Row, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scoring_rows, "score", score_reference)
    scoring_rows.check(r)


@SETTINGS
@given(
    name=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32 - 1),
    liable=st.integers(0, 3),
)
def test_score_equals_the_reference_on_random_wins(name: str, seed: int, liable: int) -> None:
    """Same sheet or same error code; a liable seat (pao) is named on half of the wins (it only matters for the
    yakuman the rules list, and must not change anything else)."""
    rules = preset(name)
    hand, win, ctx = random_case(random.Random(seed), rules)
    others = [EAST + s for s in range(rules.players) if EAST + s != ctx.seat_wind]
    if liable < len(others) and seed % 2:
        ctx = replace(ctx, pao=others[liable])
    assert outcome(score, hand, win, ctx, name) == outcome(score_reference, hand, win, ctx, name)


SEEDED = [(name, seed) for name in PRESETS for seed in range(300)]


def test_score_equals_the_reference_on_seeded_wins() -> None:
    """A fixed sweep beside the hypothesis one, so that every run covers the same 2,100 wins, rare forms included;
    the sweep must hold wins of every kind for the agreement to mean something."""
    seen: set[object] = set()
    for name, seed in SEEDED:
        hand, win, ctx = random_case(random.Random(seed), preset(name))
        fast = outcome(score, hand, win, ctx, name)
        assert fast == outcome(score_reference, hand, win, ctx, name), (name, seed, str(hand), win, ctx)
        seen.add(fast if isinstance(fast, str) else fast[3])
    assert {"no_yaku", "not_winning", None, "mangan", "yakuman", "double yakuman", "kazoe yakuman"} <= seen


def test_a_misread_rule_shows_as_a_difference() -> None:
    """The comparison can fail: seven pairs with dora, scored by both, differs once the reference is told a
    different dora indicator."""
    hand, win = Hand.parse("1133m5577p22s66z7z"), parse_tile("7z")
    ctx = WinContext(riichi=True, dora=(parse_tile("1m"),))
    assert outcome(score, hand, win, ctx, "tenhou") == outcome(score_reference, hand, win, ctx, "tenhou")
    other = replace(ctx, dora=(parse_tile("9m"),))
    assert outcome(score, hand, win, ctx, "tenhou") != outcome(score_reference, hand, win, other, "tenhou")
