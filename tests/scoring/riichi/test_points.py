"""Payments: the per-seat split a result makes on first use is ``pay`` on the scorer's terms, and a payment is
either split or owed, never both.
"""

from __future__ import annotations

import pytest

from jantaku.rules import preset
from jantaku.scoring.riichi import ScoringError, score
from jantaku.scoring.riichi.points import Payment, PaymentTerms, pay
from jantaku.tiles import EAST
from tests.scoring.riichi.random_hands import PRESETS, seeded_cases


def test_payments_split_on_first_use_equal_pay() -> None:
    """The result keeps the payment's terms; made on first use it is ``pay`` on those terms (with the liable
    seat's share when there is one), and its points are the value the scorer chose the reading by."""
    seen = 0
    for name in PRESETS:
        rules = preset(name)
        for hand, win, ctx in seeded_cases(name, 300, seed=1):
            try:
                result = score(hand, win, ctx, rules)
            except ScoringError:
                continue
            points, base, pao_base = result.terms.points, result.terms.base, result.terms.pao_base
            seen += 1
            assert result.points == points
            winner = ctx.seat_wind - EAST
            discarder = None
            if not ctx.tsumo:
                discarder = ctx.discarder - EAST if ctx.discarder is not None else (winner - 1) % rules.players
            liable = {"pao_seat": ctx.pao - EAST, "pao_base": pao_base} if ctx.pao is not None and pao_base else {}
            full = pay(base, winner=winner, tsumo=ctx.tsumo, discarder=discarder, players=rules.players,
                       honba=ctx.honba, sticks=ctx.sticks, rules=rules, **liable)  # fmt: skip
            assert result.payment == full and full.points == points
            assert sum(full.by_seat.values()) == 1000 * ctx.sticks
    assert seen > 500


def test_an_owed_payment_splits_once_on_first_read() -> None:
    rules = preset("tenhou")
    owed = Payment.owed(
        3900, PaymentTerms(960, winner=1, tsumo=False, discarder=0, players=4, honba=1, sticks=1, rules=rules)
    )
    assert owed.owed_terms is not None
    assert owed.by_seat == {0: -4200, 1: 5200, 2: 0, 3: 0} and owed.ron == 3900
    assert owed.owed_terms is None
    assert owed == pay(960, winner=1, tsumo=False, discarder=0, players=4, honba=1, sticks=1, rules=rules)


def test_a_payment_is_split_or_owed() -> None:
    with pytest.raises(ValueError, match="either split"):
        Payment(1000)
    terms = PaymentTerms(
        250, winner=0, tsumo=True, discarder=None, players=4, honba=0, sticks=0, rules=preset("tenhou")
    )
    with pytest.raises(ValueError, match="either split"):
        Payment(1000, {0: 1000}, owed_terms=terms)
