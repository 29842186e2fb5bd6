"""What the scorer answers: the score sheet of the best interpretation, with its words made only when asked."""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from jantaku.hand.decompose import TRIPLET
from jantaku.melds import Meld, MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi import tally
from jantaku.scoring.riichi.context import SEAT_LETTERS, WinContext
from jantaku.scoring.riichi.fu import SEVEN_PAIRS_FU, FuItem, fu_items
from jantaku.scoring.riichi.points import Payment, PaymentTerms, pay
from jantaku.scoring.riichi.readings import Part, Place
from jantaku.scoring.riichi.yaku import Yaku
from jantaku.tiles import EAST, KINDS, SUITS, format_tiles, kind_name, suit_of


class YakuLine(NamedTuple):
    """One line of a score sheet: a yaku and its han, or a yakuman and the multiplier it counts for under the
    rules in force (a double form the rules count single shows 1). A named tuple: the scorer makes many."""

    yaku: Yaku
    han: int

    @property
    def name(self) -> str:
        return self.yaku.key

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.yaku.key, "english": self.yaku.english, "romaji": self.yaku.romaji}
        d["yakuman" if self.yaku.yakuman else "han"] = self.han
        return d


class Explains(Protocol):
    """What a score sheet's words are made from: the fu items and the winning reading in words, given the wait."""

    def fu_items(self, wait: str) -> tuple[FuItem, ...]: ...

    def text(self, wait: str) -> str: ...


class WrittenReading(NamedTuple):
    """A winning reading whose words are already written out (the reference scorer's): the fu items and the text."""

    items: tuple[FuItem, ...]
    words: str

    def fu_items(self, wait: str) -> tuple[FuItem, ...]:
        return self.items

    def text(self, wait: str) -> str:
        return self.words


class Reading:
    """The winning interpretation as the words need it: ``form`` ("standard", "seven pairs", "thirteen orphans"),
    the concealed tiles (``concealed``, packed by ``tally``), the concealed ``groups`` (sorted; runs ``k``,
    triplets ``TRIPLET + k``) and ``pair``, the group the winning tile completed (``placed``, -1 = the pair),
    whether the hand is pinfu, and the win itself. A yakuman's fu are not itemised (``itemised`` False), except
    seven pairs' flat 25."""

    __slots__ = (
        "concealed",
        "ctx",
        "form",
        "groups",
        "itemised",
        "melds",
        "menzen",
        "pair",
        "pinfu",
        "placed",
        "rules",
        "win",
    )

    def __init__(
        self,
        form: str,
        groups: tuple[int, ...],
        pair: int,
        placed: int,
        pinfu: bool,
        win: int,
        melds: tuple[Meld, ...],
        menzen: bool,
        concealed: int,
        ctx: WinContext,
        rules: RuleSet,
        itemised: bool = True,
    ) -> None:
        self.form, self.groups, self.pair, self.placed, self.pinfu, self.win = form, groups, pair, placed, pinfu, win
        self.melds, self.menzen, self.concealed, self.ctx, self.rules = melds, menzen, concealed, ctx, rules
        self.itemised = itemised

    @classmethod
    def of(cls, terms: SheetTerms) -> Reading:
        """The reading the scorer kept in its terms: the suit readings it combined and where the tile sat."""
        form, combo, place, win = terms.form, terms.combo, terms.place, terms.win
        groups: tuple[int, ...] = ()
        pair = win if form == "thirteen orphans" else -1
        if combo is not None:  # each suit's groups and pair are counted from its first kind
            groups = tuple(sorted(g + 9 * i for i, p in enumerate(combo) for g in p.groups))
            pair = next(p.pair + 9 * i for i, p in enumerate(combo) if p.pair >= 0)
        placed = -1
        if place is not None and place[2] >= 0:  # counted from the first kind of the winning tile's suit
            placed = place[2] + 9 * suit_of(win)
        return cls(
            form,
            groups,
            pair,
            placed,
            terms.pinfu,
            win,
            terms.melds,
            terms.menzen,
            terms.concealed,
            terms.ctx,
            terms.rules,
            terms.itemised,
        )

    def fu_items(self, wait: str) -> tuple[FuItem, ...]:
        if self.form == "seven pairs":
            return tuple(SEVEN_PAIRS_FU[1])
        if self.form != "standard" or not self.itemised:
            return ()
        ron = not self.ctx.tsumo
        sets = [
            (g - TRIPLET, True, g == self.placed and ron, False) if g >= TRIPLET else (g, False, False, False)
            for g in self.groups
        ]
        sets.extend((m.first, m.kind is not MeldKind.CHI, m.is_open, m.is_kan) for m in self.melds)
        return tuple(fu_items(sets, self.pair, wait, self.menzen, self.ctx, self.rules, self.pinfu))

    def text(self, wait: str) -> str:
        """The winning reading in words, e.g. ``123m 456p 789s 111z 22z (shanpon on 1z)``."""
        if self.form == "seven pairs":
            held = (k for k in range(KINDS) if tally.count(self.concealed, k))
            return "seven pairs " + " ".join(format_tiles([k, k]) for k in held)
        if self.form == "thirteen orphans":
            return "thirteen orphans"
        text = " ".join([*(_set_text(g) for g in self.groups), _set_text(self.pair, 2)])
        return f"{text} ({wait} on {kind_name(self.win)})"


def _set_text(group: int, size: int = 3) -> str:
    """``123m`` for a run, ``555p`` for a triplet, ``11z`` for a pair (``size`` 2) of a kind."""
    if group >= TRIPLET or size == 2:
        k = group - TRIPLET if group >= TRIPLET else group
        return str(k % 9 + 1) * size + SUITS[k // 9]
    r = group % 9
    return f"{r + 1}{r + 2}{r + 3}{SUITS[group // 9]}"


class SheetTerms(NamedTuple):
    """What the scorer hands over besides the sheet's lines and totals, in one tuple (one object to build per call):
    the payment's terms (``points``, ``base`` points, ``pao_base``: the part a liable player answers for) and the
    winning interpretation: its ``form``, a standard one's four suit readings (``combo``) and the ``place`` of the
    winning tile (see ``readings``), whether it is ``pinfu``, whether its fu are ``itemised`` (not for a yakuman),
    the winning kind, the melds, whether the hand is closed (``menzen``) and the ``concealed`` tiles (packed by
    ``tally``). The split per seat and the words are made from them on first use (``Reading.of``)."""

    points: int
    base: int
    pao_base: int
    form: str
    combo: tuple[Part, Part, Part, Part] | None
    place: Place | None
    pinfu: bool
    itemised: bool
    win: int
    melds: tuple[Meld, ...]
    menzen: bool
    concealed: int
    ctx: WinContext
    rules: RuleSet


class ScoreResult:
    """The best interpretation of a win. For a yakuman hand ``han`` and ``fu`` are 0 and ``yakuman`` is the
    multiplier; counted yakuman (13+ han) keeps its han and fu, with ``yakuman`` = 1 and ``limit`` =
    "kazoe yakuman". ``points`` is the hand's value before honba and deposits (what the payers pay in total);
    ``dora`` is the han from dora, ura, red fives and North extractions (0 for a yakuman).

    ``payment``, ``fu_items`` and ``arrangement`` are worked out on first use from the terms the scorer keeps: a
    caller that only needs the points (a bot, the simulator, a batch) never pays for a dict of seats or for text.
    A read-only record (a slotted class: cheaper to build than a frozen dataclass, which matters at one per
    call; the lazy slots stay unset until asked for)."""

    __slots__ = (
        "_payment",
        "_reading",
        "_terms",
        "dora",
        "fu",
        "han",
        "limit",
        "players",
        "points",
        "wait",
        "yaku",
        "yakuman",
    )
    _payment: Payment  # set on first use
    _reading: Explains  # set on first use

    def __init__(
        self,
        yaku: tuple[YakuLine, ...],
        han: int,
        fu: int,
        limit: str | None,
        yakuman: int,
        points: int,
        wait: str,
        players: int,
        dora: int,
        terms: SheetTerms,
    ) -> None:
        self.yaku, self.han, self.fu, self.limit, self.yakuman = yaku, han, fu, limit, yakuman
        self.points, self.wait, self.players, self.dora, self._terms = points, wait, players, dora, terms

    @classmethod
    def written(
        cls,
        *,
        yaku: tuple[YakuLine, ...],
        han: int,
        fu: int,
        limit: str | None,
        yakuman: int,
        points: int,
        wait: str,
        dora: int,
        basic: int,
        liable_basic: int,
        payment: Payment,
        reading: Explains,
        ctx: WinContext,
        rules: RuleSet,
    ) -> ScoreResult:
        """A result whose payment and words are already worked out (the reference scorer makes them at once):
        ``basic`` points and the part a liable player answers for (``liable_basic``) as the scorer's terms."""
        terms = SheetTerms(
            points, basic, liable_basic, "written", None, None, False, False, 0, (), False, 0, ctx, rules
        )
        result = cls(yaku, han, fu, limit, yakuman, points, wait, rules.players, dora, terms)
        result._payment, result._reading = payment, reading
        return result

    @property
    def payment(self) -> Payment:
        """Who pays what (``Payment``): with liability (pao) split at once by ``pay``, else ``Payment.owed``,
        which splits on first use."""
        try:
            return self._payment
        except AttributeError:
            pass
        terms = self._terms
        ctx, players = terms.ctx, self.players
        tsumo, winner = ctx.tsumo, ctx.seat_wind - EAST
        discarder = None
        if not tsumo:
            discarder = ctx.discarder - EAST if ctx.discarder is not None else (winner - 1) % players
        if ctx.pao is not None and terms.pao_base:
            payment = pay(
                terms.base,
                winner=winner,
                tsumo=tsumo,
                discarder=discarder,
                players=players,
                honba=ctx.honba,
                sticks=ctx.sticks,
                rules=terms.rules,
                pao_seat=ctx.pao - EAST,
                pao_base=terms.pao_base,
            )
        else:
            owed = PaymentTerms(terms.base, winner, tsumo, discarder, players, ctx.honba, ctx.sticks, terms.rules)
            payment = Payment.owed(terms.points, owed)
        self._payment = payment
        return payment

    @property
    def terms(self) -> SheetTerms:
        """What the payment and the words are made from (see ``SheetTerms``). A result the reference scorer wrote
        (``written``) fills only ``points``, ``base`` and ``pao_base`` with its own figures: its payment and words
        were worked out already."""
        return self._terms

    @property
    def pao_applies(self) -> bool:
        """True when the context names a liable seat (``pao``) and the hand holds a yakuman it is liable for."""
        return self._terms.pao_base > 0

    def _fields(self) -> tuple[Any, ...]:
        return (
            self.yaku,
            self.han,
            self.fu,
            self.limit,
            self.yakuman,
            self.payment,
            self.wait,
            self.players,
            self.dora,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ScoreResult) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # holds a Payment (a dict inside): unhashable

    def __repr__(self) -> str:
        names = ("yaku", "han", "fu", "limit", "yakuman", "payment", "wait", "players", "dora")
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields(), strict=True))
        return f"ScoreResult({inner})"

    @property
    def reading(self) -> Explains:
        """The winning reading, made on first use from the terms (``Reading.of``), that the words come from."""
        try:
            return self._reading
        except AttributeError:
            pass
        reading = self._reading = Reading.of(self._terms)
        return reading

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        return self.reading.fu_items(self.wait)

    @property
    def arrangement(self) -> str:
        return self.reading.text(self.wait)

    def to_dict(self) -> dict[str, Any]:
        return {
            "han": self.han,
            "fu": self.fu,
            "points": self.points,
            "limit": self.limit,
            "yakuman": self.yakuman,
            "yaku": [y.to_dict() for y in self.yaku],
            "fu_breakdown": [{"item": item.label, "fu": item.fu} for item in self.fu_items],
            "payments": {SEAT_LETTERS[s]: v for s, v in self.payment.by_seat.items()},
            "arrangement": self.arrangement,
            "wait": self.wait,
            "error": None,
        }
