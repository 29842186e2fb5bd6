"""Limits and payments: base points, mangan .. yakuman, who pays what (honba, deposits, sanma, pao).

Seats are indices 0..3 = East, South, West, North of *this hand*; in 3-player play North (3) is absent.
"""

from __future__ import annotations

from typing import Generic, NamedTuple, TypeVar, overload

from jantaku.rules.ruleset import RuleSet

T = TypeVar("T")

MANGAN = 2000
LIMITS = (
    (13, "yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)
MULTIPLE_NAMES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman"}


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def yakuman_name(multiplier: int) -> str:
    return MULTIPLE_NAMES.get(multiplier, f"{multiplier}x yakuman")


def base_points(han: int, fu: int, rules: RuleSet) -> tuple[int, str | None]:
    """Base points and the limit's name (None below mangan) for a hand without yakuman."""
    if han >= 13:
        if rules.kazoe_yakuman:
            return 8000, "kazoe yakuman"
        return 6000, "sanbaiman"
    for threshold, name, base in LIMITS[1:]:
        if han >= threshold:
            return base, name
    base = fu * 2 ** (han + 2)
    if base >= MANGAN or (rules.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60))):
        return MANGAN, "mangan"
    return base, None


class PaymentTerms(NamedTuple):
    """What ``pay`` needs to split a payment without liability among the seats (see ``Payment.owed``)."""

    base: int
    winner: int
    tsumo: bool
    discarder: int | None
    players: int
    honba: int
    sticks: int
    rules: RuleSet


class SplitOnUse(Generic[T]):
    """A field of a ``Payment`` that an owed payment works out, with the others, on first read: the one
    mechanism behind ``by_seat``, ``ron``, ``dealer_pays`` and ``others_pay``. The value lives in the slot of the
    same name with a leading underscore."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    @overload
    def __get__(self, payment: None, owner: type) -> SplitOnUse[T]: ...

    @overload
    def __get__(self, payment: Payment, owner: type) -> T: ...

    def __get__(self, payment: Payment | None, owner: type) -> SplitOnUse[T] | T:
        if payment is None:
            return self
        if payment.owed_terms is not None:
            payment.split()
        value: T = getattr(payment, self.slot)
        return value


class Payment:
    """Who pays: ``by_seat`` maps seat → points moved (negative = pays), winner included, honba and deposits in.
    ``points`` is the hand's value before honba and deposits (what the payers pay in total); ``ron`` is what the
    discarder pays before honba on a ron, ``dealer_pays`` / ``others_pay`` the tsumo shares before honba (the
    dealer's share only for a non-dealer winner). A read-only record.

    The scorer knows ``points`` (it chose the best interpretation by it) and hands over the terms of the payment
    (``Payment.owed``); the per-seat split is worked out by ``pay`` on first use (``SplitOnUse``), so that a caller
    that needs the value only (a bot weighing a hand, a batch) does not pay for a dict of four seats."""

    __slots__ = ("_by_seat", "_dealer_pays", "_others_pay", "_ron", "owed_terms", "points")

    by_seat: SplitOnUse[dict[int, int]] = SplitOnUse()
    ron: SplitOnUse[int] = SplitOnUse()
    dealer_pays: SplitOnUse[int] = SplitOnUse()
    others_pay: SplitOnUse[int] = SplitOnUse()

    def __init__(
        self,
        points: int,
        by_seat: dict[int, int] | None = None,
        ron: int = 0,
        dealer_pays: int = 0,
        others_pay: int = 0,
        *,
        owed_terms: PaymentTerms | None = None,
    ) -> None:
        """A payment split among the seats (``by_seat``), or one still owed: ``owed_terms`` and no ``by_seat``."""
        if (by_seat is None) == (owed_terms is None):
            raise ValueError("a payment is either split (by_seat) or owed (owed_terms)")
        self.points, self.owed_terms = points, owed_terms
        self._by_seat, self._ron, self._dealer_pays, self._others_pay = by_seat or {}, ron, dealer_pays, others_pay

    @classmethod
    def owed(cls, points: int, terms: PaymentTerms) -> Payment:
        """A payment without liability whose value is ``points`` (= ``pay(...).points``), split on first use."""
        return cls(points, owed_terms=terms)

    def split(self) -> None:
        """Work out the per-seat split of an owed payment (``SplitOnUse`` calls this on first read)."""
        terms = self.owed_terms
        if terms is None:
            return
        full = pay(
            terms.base,
            winner=terms.winner,
            tsumo=terms.tsumo,
            discarder=terms.discarder,
            players=terms.players,
            honba=terms.honba,
            sticks=terms.sticks,
            rules=terms.rules,
        )
        self._by_seat, self._ron, self._dealer_pays, self._others_pay = (
            full.by_seat,
            full.ron,
            full.dealer_pays,
            full.others_pay,
        )
        self.owed_terms = None

    def _fields(self) -> tuple[int, dict[int, int], int, int, int]:
        return self.points, self.by_seat, self.ron, self.dealer_pays, self.others_pay

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Payment) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # by_seat is a dict: like the dataclass it replaces, unhashable

    def __repr__(self) -> str:
        return (
            f"Payment(points={self.points!r}, by_seat={self.by_seat!r}, ron={self.ron!r}, "
            f"dealer_pays={self.dealer_pays!r}, others_pay={self.others_pay!r})"
        )


def seats(players: int) -> range:
    return range(players)


_SEATS = {3: range(3), 4: range(4)}


def tsumo_shares(base: int, dealer: bool, players: int, rules: RuleSet) -> tuple[int, int]:
    """(what the dealer pays, what each non-dealer pays) on a tsumo, before honba. A dealer winner is paid the
    dealer rate by everyone. In 3-player play without ``sanma_tsumo_loss`` the absent North's share (what a
    non-dealer would pay this winner) is split between the two payers; with it (Tenhou; docs/rules.md) it is lost."""
    dealer_share = _up100(base * 2)
    other_share = dealer_share if dealer else _up100(base)
    if players == 3 and not rules.sanma_tsumo_loss:
        extra = _up100(other_share // 2)
        return dealer_share + extra, other_share + extra
    return dealer_share, other_share


def hand_value(base: int, *, dealer: bool, tsumo: bool, players: int, rules: RuleSet) -> int:
    """What the payers pay in total before honba and deposits: the number the best interpretation is chosen by
    (cheap, so that no Payment is built for interpretations that lose)."""
    if not tsumo:
        return _up100(base * (6 if dealer else 4))
    dealer_share, other_share = tsumo_shares(base, dealer, players, rules)
    if dealer:
        return other_share * (players - 1)
    return dealer_share + other_share * (players - 2)


def pay(
    base: int,
    *,
    winner: int,
    tsumo: bool,
    discarder: int | None,
    players: int,
    honba: int,
    sticks: int,
    rules: RuleSet,
    pao_seat: int | None = None,
    pao_base: int = 0,
) -> Payment:
    """Payments for one winner. ``pao_base`` is the part of ``base`` a liable player answers for (docs/rules.md#pao:
    on tsumo the liable player pays all of it and all the honba; on a ron by another player the liable player and
    the discarder pay half of it each and the discarder alone pays the honba — the liable player under
    ``pao_honba="liable"``, as Tenhou's records show; the rest of a several-yakuman hand
    is paid as usual)."""
    dealer = winner == 0
    by = dict.fromkeys(_SEATS[players], 0)
    honba_total = rules.honba_per_payer * honba * (players - 1)
    if pao_seat is not None and pao_base and (tsumo or pao_seat != discarder):
        return _pay_pao(base, by, winner, tsumo, discarder, players, honba, sticks, rules, pao_seat, pao_base)
    if not tsumo:
        assert discarder is not None
        ron = -(-base * (6 if dealer else 4) // 100) * 100  # _up100, spelled out: one call fewer per scored hand
        by[discarder] -= ron + honba_total
        by[winner] += ron + honba_total + 1000 * sticks
        return Payment(ron, by, ron)
    honba_each = rules.honba_per_payer * honba
    dealer_share, other_share = tsumo_shares(base, dealer, players, rules)
    total = 0
    for seat in seats(players):
        if seat != winner:
            share = dealer_share if seat == 0 else other_share
            by[seat] -= share + honba_each
            total += share
    by[winner] += total + honba_total + 1000 * sticks
    return Payment(total, by, dealer_pays=0 if dealer else dealer_share, others_pay=other_share)


def _pay_pao(
    base: int,
    by: dict[int, int],
    winner: int,
    tsumo: bool,
    discarder: int | None,
    players: int,
    honba: int,
    sticks: int,
    rules: RuleSet,
    pao_seat: int,
    pao_base: int,
) -> Payment:
    dealer = winner == 0
    honba_total = rules.honba_per_payer * honba * (players - 1)
    pao_part = _up100(pao_base * (6 if dealer else 4))
    rest = base - pao_base
    if tsumo:
        by[pao_seat] -= pao_part + honba_total
        total = pao_part
        if rest:
            sub = pay(rest, winner=winner, tsumo=True, discarder=None, players=players, honba=0, sticks=0, rules=rules)
            for seat, delta in sub.by_seat.items():
                if seat != winner:
                    by[seat] += delta
            total += sub.points
        by[winner] += total + honba_total + 1000 * sticks
        return Payment(total, by)
    assert discarder is not None
    ron = _up100(base * (6 if dealer else 4))
    half = pao_part // 2
    liable_honba = honba_total if rules.pao_honba == "liable" else 0
    by[pao_seat] -= half + liable_honba
    by[discarder] -= ron - half + honba_total - liable_honba
    by[winner] += ron + honba_total + 1000 * sticks
    return Payment(ron, by, ron=ron)
