"""The checks the scorer makes before reading a hand agree with ``validate``, the definition they stand in for.

The scorer counts tiles into one packed integer and checks them against the rules with one addition
(``tally.limits``), and asks ``plain_context`` instead of ``validate`` for everyday contexts; both shortcuts are
checked here against ``validate`` on random inputs, and the messages of impossible hands and contexts are kept.
"""

from __future__ import annotations

import random

import pytest

from jantaku.hand.model import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoringError, WinContext, score, tally
from jantaku.scoring.riichi.score import prepared_rules
from jantaku.scoring.riichi.validate import context_problems, hand_problems, plain_context, validate
from jantaku.tiles import EAST, FIVES, KINDS, NORTH, RED_MAN, SOUTH
from tests.scoring.riichi.random_hands import seeded_cases


@pytest.mark.parametrize("name", ["tenhou", "sanma", "classic"])
def test_limits_flag_exactly_the_hands_validate_rejects(name: str) -> None:
    """Random tile codes (often impossible: fifth copies, removed tiles, too many reds): the packed check raises a
    doubt exactly when the tile checks of ``validate`` raise."""
    rules = preset(name)
    rng = random.Random(name)
    limits = tally.limits(rules.red_fives, rules.absent_kinds)
    for _ in range(4000):
        codes = [rng.choice([*range(KINDS), *range(RED_MAN, RED_MAN + 3), *FIVES, 0, 8, EAST]) for _ in range(14)]
        hand = Hand(tuple(codes[:13]))
        packed = sum(tally.CODE_BIT[c] for c in codes)
        doubt = bool((packed | packed + limits) & tally.HIGHS)
        try:
            hand_problems(hand, codes[13], rules)
            rejected = False
        except ScoringError:
            rejected = True
        assert doubt == rejected, codes


def test_plain_context_never_vouches_for_a_context_validate_rejects() -> None:
    """Random contexts (flags at random, often contradictory): whenever ``plain_context`` answers flags, the full
    check finds no problem, and the flags are the situational ones."""
    rng = random.Random(7)
    for name in ("tenhou", "sanma"):
        rules = preset(name)
        indicators = prepared_rules(rules).indicators
        for hand, win, _ctx in seeded_cases(name, 300):
            counts, _, _ = hand_problems(hand, win, rules)
            for _ in range(10):
                flags = {f: rng.random() < 0.15 for f in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan",
                                                          "chankan", "haitei", "houtei", "tenhou", "chiihou",
                                                          "renhou")}  # fmt: skip
                seat = EAST + rng.randrange(5) - (rng.random() < 0.05)
                ctx = WinContext(
                    **flags, seat_wind=seat, round_wind=EAST + rng.randrange(4),
                    honba=rng.choice((0, 1, -1)), sticks=rng.choice((0, 2)), dora=(rng.choice((0, 5, 40)),),
                    discarder=rng.choice((None, None, EAST)), kita=rng.choice((0, 0, 1)),
                )  # fmt: skip
                got = plain_context(ctx, hand.is_closed, rules.sanma, indicators)
                if got >= 0:
                    assert context_problems(hand, win, ctx, rules, counts) == [], ctx
                    assert got & 1 == bool(ctx.tsumo) and got >> 8 == hand.is_closed


def test_invalid_tiles_and_contexts_keep_their_messages() -> None:
    """Doubts go to ``validate``: the same errors as before for a fifth tile, a removed tile, a wrong red five,
    a negative code, and an impossible context."""
    rules = preset("tenhou")
    base = Hand.parse("123m456p789s1122z")
    bad = [
        (Hand.parse("1111m456p789s112z"), 0),
        (Hand(tuple([*base.tiles[:12], -1])), EAST),
        (Hand.parse("123m406p789s1122z"), RED_MAN + 1),
        (Hand.parse("123m4555p789s112z"), 13),
    ]
    for hand, win in bad:
        with pytest.raises(ScoringError) as got:
            score(hand, win, WinContext(), rules)
        with pytest.raises(ScoringError) as want:
            validate(hand, win, WinContext(), rules)
        assert (got.value.code, str(got.value)) == (want.value.code, str(want.value))
    sanma = preset("sanma")
    with pytest.raises(ScoringError, match="3-player tile set"):
        score(Hand.parse("234m456p789s1122z"), EAST, WinContext(), sanma)
    with pytest.raises(ScoringError, match="ippatsu needs riichi"):
        score(base, SOUTH, WinContext(ippatsu=True), rules)
    with pytest.raises(ScoringError, match="no North seat"):
        score(Hand.parse("111999m456p789s1z"), EAST, WinContext(seat_wind=NORTH), sanma)
    pon = Meld(MeldKind.PON, (-1, -1, -1))
    with pytest.raises(ScoringError, match="tile code -1 is not a tile"):
        score(Hand(base.tiles[:10], (pon,)), SOUTH, WinContext(), rules)
