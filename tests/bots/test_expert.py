"""The ``expert`` CPU's call judgement (docs/cpus.md#expert): a first call weighed by the open hand's best
discards after it and the closed hand's own look-ahead, one row per case; the rest of its play is strong's and is
checked with strong's rows in test_decisions.py and test_strong_ahead.py."""

from __future__ import annotations

import pytest

from jantaku.bots.expert import ExpertBot
from jantaku.bots.reading import read_view
from jantaku.bots.strong import StrongBot
from jantaku.engine.actions import Discard
from jantaku.rules import preset
from jantaku.tiles import parse_tiles

from .test_strong_terms import call_view
from .views import Ids, build_view

RULES = preset("standard")


@pytest.mark.parametrize(
    ("name", "hand", "call", "tiles", "river", "dora", "strong_calls", "expert_calls"),
    [
        # the dragon pon brings no step (a headless one-shanten either way) and gives up a closed hand whose
        # tenpai wait two-sided with riichi and the dora 3s: strong's estimate sees a yaku and a dora, and calls
        ("dragon_pon_that_gains_no_step", "234m67p23478s55z9m", "pon", "5z", "1s5z", "2s", True, False),
        # the chi reaches an open tanyao tenpai on 5s-8s (1,500 for the dealer); the closed one-shanten's tenpai
        # are riichi hands on two-sided waits, worth more times their chance
        (
            "open_tanyao_tenpai_against_a_closed_riichi_to_come",
            "234m456p34s6788s9m",
            "chi",
            "3s 4s",
            "1z5s",
            "1z",
            True,
            False,
        ),
        # a slow hand (two steps, two pairs) with a tanyao already in it: the chi is a step for nothing given up
        ("chi_a_step_on_a_slow_tanyao", "22m456p34s5688s19m", "chi", "3s 4s", "1z5s", "4p", True, True),
    ],
)
def test_a_first_call_is_weighed_ahead(
    name: str, hand: str, call: str, tiles: str, river: str, dora: str, strong_calls: bool, expert_calls: bool
) -> None:
    r, action, out, s0 = call_view(hand, call, tiles, river, dora)
    assert StrongBot(RULES).worth_calling(r, action, out, s0) is strong_calls, name
    expert = ExpertBot(RULES)
    assert expert.worth_calling(r, action, out, s0) is expert_calls, name
    assert (expert.open_value(r, action, out) >= expert.closed_value(r)) is expert_calls, name


def test_the_closed_one_shanten_is_valued_as_strong_values_the_discard_that_leaves_it() -> None:
    """The closed side is the look-ahead strong makes for a discard, on the 13 tiles held: the same as judging
    the hand with a 1z drawn and thrown (1z is no draw the hand wants, so its copies change nothing)."""
    hand, river, dora = "234m67p23478s55z9m", "1s5z", "2s"
    r, _, _, _ = call_view(hand, "pon", "5z", river, dora)
    turn = read_view(build_view(RULES, Ids(RULES), hand=hand, drawn="1z", rivers={3: river}, dora=dora, live=50), RULES)
    strong = StrongBot(RULES)
    (o,) = [
        o for o in strong.ranked_discards(turn, [Discard(t) for t in turn.tiles]) if o.discard == parse_tiles("1z")[0]
    ]
    p, value = strong.outlook(turn, o)
    assert o.shanten == 1 and p * value > 0
    assert ExpertBot(RULES).closed_value(r) == pytest.approx(p * value)
