"""Tenhou's mjlog XML game records, read into typed immutable values (standard library only).

Why this exists: real recorded games are the ground truth we check the scorer and the engine against.
The parser keeps Tenhou's own vocabulary (136-ids, absolute seats 0..3 of the game, ``who``/``fromWho``) so that a
record and its parsed form can be compared line by line; converting to our tile codes is an explicit step
(``code_of_id``), because whether id 16 is a red five depends on the game's rules, not on the id.

Scores are converted from Tenhou's hundreds to points everywhere (``ten="250,…"`` → 25000), so that nothing
downstream has to remember which numbers are scaled. Everything malformed raises ``TenhouFormatError`` naming
the file and the element, because a silently mis-read record would make a scoring check meaningless.
"""

from __future__ import annotations

import dataclasses
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar
from urllib.parse import unquote

from jantaku.formats.tenhou_records import (
    DISCARD_TAGS,
    DRAW_TAGS,
    Agari,
    Call,
    Disconnect,
    Draw,
    Event,
    GameRules,
    Init,
    MeldType,
    NewDora,
    Owari,
    Reach,
    Reconnect,
    RecordedDiscard,
    RecordedPlayer,
    Ryuukyoku,
    TenhouFormatError,
    TenhouGame,
    TenhouHand,
    TenhouMeld,
    decode_meld,
    log_date,
)
from jantaku.tiles import PHYSICAL

_T = TypeVar("_T")


def read_game(path_or_text: str | os.PathLike[str] | bytes) -> TenhouGame:
    """Read one record: a path (str or ``PathLike``), or the XML itself (bytes, or a str starting with ``<``).
    A path's file name gives the game's date (``log_date``); the XML itself carries none, so text is undated."""
    if isinstance(path_or_text, bytes):
        return _Reader("<text>", path_or_text).game()
    if isinstance(path_or_text, str) and path_or_text.lstrip().startswith("<"):
        return _Reader("<text>", path_or_text.encode()).game()
    path = Path(path_or_text)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TenhouFormatError(str(path), None, f"cannot read: {exc.strerror or exc}") from None
    try:
        day = log_date(path.name)
    except ValueError as exc:
        raise TenhouFormatError(path.name, None, str(exc)) from None
    return dataclasses.replace(_Reader(path.name, data).game(), date=day)


class _Reader:
    """One pass over the root's children; ``where`` is the element being read, for error messages."""

    def __init__(self, source: str, data: bytes) -> None:
        self.source = source
        self.data = data
        self.where: str | None = None
        self.rules: GameRules | None = None
        self.players: tuple[RecordedPlayer, ...] = ()
        self.first_dealer = 0
        self.hands: list[TenhouHand] = []
        self.init: Init | None = None
        self.events: list[Event] = []
        self.owari: Owari | None = None

    def fail(self, reason: str) -> TenhouFormatError:
        return TenhouFormatError(self.source, self.where, reason)

    def game(self) -> TenhouGame:
        try:
            root = ET.fromstring(self.data)
        except ET.ParseError as exc:
            raise self.fail(f"not well-formed XML ({exc})") from None
        if root.tag != "mjloggm":
            raise self.fail(f"root element is <{root.tag}>, expected <mjloggm>")
        for index, el in enumerate(root):
            self.where = f"<{el.tag}> (element {index + 1})"
            self.element(el)
        self.where = None
        self.close_hand()
        if self.rules is None:
            raise self.fail("no <GO> element: the rules are unknown")
        return TenhouGame(self.source, self.rules, self.players, self.first_dealer, tuple(self.hands), self.owari)

    # attribute helpers ---------------------------------------------------------------------------------------

    def attr(self, el: ET.Element, name: str) -> str:
        value = el.get(name)
        if value is None:
            raise self.fail(f"attribute {name!r} is missing")
        return value

    def num(self, el: ET.Element, name: str) -> int:
        return self.parse(name, self.attr(el, name), int)

    def nums(self, el: ET.Element, name: str, *, optional: bool = False) -> tuple[int, ...]:
        text = el.get(name)
        if text is None:
            if optional:
                return ()
            raise self.fail(f"attribute {name!r} is missing")
        return tuple(self.parse(name, part, int) for part in text.split(",")) if text.strip() else ()

    def parse(self, name: str, text: str, conv: Callable[[str], _T]) -> _T:
        try:
            return conv(text.strip())
        except ValueError:
            raise self.fail(f"attribute {name!r}: {text!r} is not a number") from None

    def seat(self, el: ET.Element, name: str) -> int:
        value = self.num(el, name)
        if not 0 <= value < self.player_count():
            raise self.fail(f"attribute {name!r}: seat {value} does not exist at a {self.player_count()}-player table")
        return value

    def tiles(self, name: str, ids: tuple[int, ...]) -> tuple[int, ...]:
        bad = [t for t in ids if not 0 <= t < PHYSICAL]
        if bad:
            raise self.fail(f"attribute {name!r}: {bad[0]} is not a 136-id (0..135)")
        return ids

    def player_count(self) -> int:
        return self.rules.players if self.rules else 4

    def scores(self, el: ET.Element, name: str) -> tuple[int, ...]:
        """``ten``-style lists in hundreds → points, cut to the seats that play."""
        values = self.nums(el, name)
        if len(values) < self.player_count():
            raise self.fail(f"attribute {name!r} has {len(values)} values for {self.player_count()} players")
        return tuple(v * 100 for v in values[: self.player_count()])

    # elements ------------------------------------------------------------------------------------------------

    def element(self, el: ET.Element) -> None:
        tag = el.tag
        if tag[:1] in DRAW_TAGS + DISCARD_TAGS and tag[1:].isdigit():
            self.tile_event(tag)
        elif tag == "SHUFFLE":
            pass  # the wall seed: every draw is in the record anyway
        elif tag == "GO":
            lobby = el.get("lobby")
            self.rules = GameRules.from_bits(self.num(el, "type"), self.parse("lobby", lobby, int) if lobby else None)
        elif tag == "UN":
            self.un(el)
        elif tag == "TAIKYOKU":
            self.first_dealer = self.num(el, "oya")
        elif tag == "INIT":
            self.start_hand(el)
        elif tag == "N":
            self.call(el)
        elif tag == "REACH":
            self.in_hand().append(self.reach(el))
        elif tag == "DORA":
            self.in_hand().append(NewDora(self.tiles("hai", (self.num(el, "hai"),))[0]))
        elif tag == "AGARI":
            self.in_hand().append(self.agari(el))
        elif tag == "RYUUKYOKU":
            self.in_hand().append(self.ryuukyoku(el))
        elif tag == "BYE":
            self.events.append(Disconnect(self.seat(el, "who")))
        else:
            raise self.fail("unknown element")

    def in_hand(self) -> list[Event]:
        if self.init is None:
            raise self.fail("event outside a hand (no <INIT> before it)")
        return self.events

    def reach(self, el: ET.Element) -> Reach:
        step = self.num(el, "step")
        if step not in (1, 2):
            raise self.fail(f"attribute 'step': {step} is neither 1 (declared) nor 2 (deposit paid)")
        return Reach(self.seat(el, "who"), step, self.scores(el, "ten") if el.get("ten") is not None else None)

    def tile_event(self, tag: str) -> None:
        tile = self.tiles("tile", (self.parse("tile", tag[1:], int),))[0]
        seat = (DRAW_TAGS + DISCARD_TAGS).index(tag[0]) % 4
        event: Event = Draw(seat, tile) if tag[0] in DRAW_TAGS else RecordedDiscard(seat, tile)
        if seat >= self.player_count():
            raise self.fail(f"seat {seat} does not exist at a {self.player_count()}-player table")
        self.in_hand().append(event)

    def un(self, el: ET.Element) -> None:
        names = {i: unquote(el.get(f"n{i}", "")) for i in range(4) if el.get(f"n{i}") is not None}
        if el.get("dan") is None and len(names) == 1:  # a player reconnecting mid-game
            ((seat, name),) = names.items()
            self.events.append(Reconnect(seat, name))
            return
        dan = self.nums(el, "dan", optional=True)
        rate_text = el.get("rate")
        rate = tuple(self.parse("rate", r, float) for r in rate_text.split(",")) if rate_text else ()
        sex = tuple(el.get("sx", "").split(",")) if el.get("sx") else ()
        self.players = tuple(
            RecordedPlayer(names.get(i, ""), _pick(dan, i), _pick(rate, i), _pick(sex, i))
            for i in range(self.player_count())
        )

    def start_hand(self, el: ET.Element) -> None:
        if self.rules is None:
            raise self.fail("<INIT> before <GO>: the rules are unknown")
        self.close_hand()
        seed = self.nums(el, "seed")
        if len(seed) != 6:
            raise self.fail(f"attribute 'seed' has {len(seed)} values, expected 6 (round,honba,sticks,dice,dora)")
        dealer = self.seat(el, "oya")
        hands = []
        for i in range(self.player_count()):
            hand = self.tiles(f"hai{i}", self.nums(el, f"hai{i}"))
            if len(hand) != 13:
                raise self.fail(f"attribute 'hai{i}' deals {len(hand)} tiles, expected 13")
            hands.append(hand)
        r, honba, sticks, d1, d2, dora = seed
        self.init = Init(
            r, honba, sticks, (d1, d2), self.tiles("seed", (dora,))[0], self.scores(el, "ten"), dealer, tuple(hands)
        )

    def close_hand(self) -> None:
        """Events between a hand's end and the next ``INIT`` (a ``BYE``) stay with the hand before; any before
        the first ``INIT`` open the first hand."""
        if self.init is not None:
            self.hands.append(TenhouHand(self.init, tuple(self.events)))
            self.events = []
        self.init = None

    def meld(self, code: int, who: int) -> TenhouMeld:
        try:
            return decode_meld(code, who, self.player_count())
        except ValueError as exc:
            raise self.fail(str(exc)) from None

    def call(self, el: ET.Element) -> None:
        events = self.in_hand()
        meld = self.meld(self.num(el, "m"), self.seat(el, "who"))
        if self.player_count() == 3:
            meld = self.sanma_source(meld, events)
        events.append(Call(meld))

    def sanma_source(self, meld: TenhouMeld, events: list[Event]) -> TenhouMeld:
        """3-player codes misreport ``rel``: a called tile comes from the last discard; an added kan keeps the
        source of the pon it extends (docs/tenhou-mjlog.md)."""
        if meld.type in (MeldType.CHI, MeldType.PON, MeldType.OPEN_KAN):
            last = next((e for e in reversed(events) if isinstance(e, RecordedDiscard)), None)
            if last is None:
                raise self.fail(f"a {meld.type} call with no discard before it")
            return _with_source(meld, last.seat, last.tile if last.tile in meld.tiles else meld.called)
        if meld.type is MeldType.ADDED_KAN:
            pon = _earlier_pon(events, meld)
            if pon is not None:
                return _with_source(meld, pon.from_who, meld.called)
        return meld

    def agari(self, el: ET.Element) -> Agari:
        who, from_who = self.seat(el, "who"), self.seat(el, "fromWho")
        hai = self.tiles("hai", self.nums(el, "hai"))
        machi = self.tiles("machi", (self.num(el, "machi"),))[0]
        if machi not in hai:
            raise self.fail(f"the winning tile {machi} is not among hai")
        melds = tuple(self.agari_meld(code, who) for code in self.nums(el, "m", optional=True))
        ten = self.nums(el, "ten")
        if len(ten) != 3:
            raise self.fail(f"attribute 'ten' has {len(ten)} values, expected 3 (fu,points,limit)")
        yaku_flat = self.nums(el, "yaku", optional=True)
        if len(yaku_flat) % 2:
            raise self.fail("attribute 'yaku' has an odd number of values (it is id,han pairs)")
        yaku = tuple(zip(yaku_flat[::2], yaku_flat[1::2], strict=True))
        yakuman = self.nums(el, "yakuman", optional=True)
        if not yaku and not yakuman:
            raise self.fail("a win with neither 'yaku' nor 'yakuman'")
        honba, deposits = self.ba(el)
        before, deltas = self.sc(el)
        pao = self.seat(el, "paoWho") if el.get("paoWho") is not None else None
        dora = self.tiles("doraHai", self.nums(el, "doraHai"))
        ura = self.tiles("doraHaiUra", self.nums(el, "doraHaiUra", optional=True))
        return Agari(
            who=who,
            from_who=from_who,
            hai=hai,
            melds=melds,
            machi=machi,
            fu=ten[0],
            points=ten[1],
            limit=ten[2],
            yaku=yaku,
            yakuman=yakuman,
            dora=dora,
            ura=ura,
            honba=honba,
            deposits=deposits,
            scores=before,
            deltas=deltas,
            pao_who=pao,
            owari=self.read_owari(el),
        )

    def agari_meld(self, code: int, who: int) -> TenhouMeld:
        """An ``AGARI`` meld takes its source from the ``N`` that made it (same seat, same code), since 3-player
        codes cannot be trusted for it; a code with no such call is decoded on its own."""
        for event in reversed(self.events):
            if isinstance(event, Call) and event.meld.who == who and event.meld.code == code:
                return event.meld
        return self.meld(code, who)

    def ba(self, el: ET.Element) -> tuple[int, int]:
        ba = self.nums(el, "ba")
        if len(ba) != 2:
            raise self.fail(f"attribute 'ba' has {len(ba)} values, expected 2 (honba,deposits)")
        return ba[0], ba[1]

    def sc(self, el: ET.Element) -> tuple[tuple[int, ...], tuple[int, ...]]:
        values = self.nums(el, "sc")
        if len(values) != 8:
            raise self.fail(f"attribute 'sc' has {len(values)} values, expected 8 (before,delta for 4 seats)")
        n = self.player_count()
        return tuple(v * 100 for v in values[0 : 2 * n : 2]), tuple(v * 100 for v in values[1 : 2 * n : 2])

    def read_owari(self, el: ET.Element) -> Owari | None:
        text = el.get("owari")
        if text is None:
            return None
        parts = text.split(",")
        if len(parts) != 8:
            raise self.fail(f"attribute 'owari' has {len(parts)} values, expected 8 (score,result for 4 seats)")
        n = self.player_count()
        scores = tuple(self.parse("owari", p, int) * 100 for p in parts[0 : 2 * n : 2])
        results = tuple(self.parse("owari", p, float) for p in parts[1 : 2 * n : 2])
        self.owari = Owari(scores, results)
        return self.owari

    def ryuukyoku(self, el: ET.Element) -> Ryuukyoku:
        honba, deposits = self.ba(el)
        before, deltas = self.sc(el)
        shown = tuple(
            (i, self.tiles(f"hai{i}", self.nums(el, f"hai{i}"))) for i in range(4) if el.get(f"hai{i}") is not None
        )
        return Ryuukyoku(el.get("type"), honba, deposits, before, deltas, shown, self.read_owari(el))


def _pick(values: Sequence[_T], index: int) -> _T | None:
    return values[index] if index < len(values) else None


def _with_source(meld: TenhouMeld, from_who: int | None, called: int | None) -> TenhouMeld:
    return TenhouMeld(meld.code, meld.type, meld.who, meld.tiles, called, from_who, meld.added)


def _earlier_pon(events: list[Event], kan: TenhouMeld) -> TenhouMeld | None:
    for event in reversed(events):
        meld = event.meld if isinstance(event, Call) else None
        if meld and meld.type is MeldType.PON and meld.who == kan.who and meld.kind == kan.kind:
            return meld
    return None
