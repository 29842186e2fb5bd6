"""mjai JSON lines, both ways: our engine's events written as the mjai events Mortal reads, and mjai lines read back
into typed values.

mjai is the event protocol of the mahjong AI ecosystem (Mortal and its forks, the mjai.app contest): one JSON object
per event, tiles written ``1m``..``9s``, ``E S W N P F C`` (P white, F green, C red), ``5mr 5pr 5sr`` for red
fives and ``?`` for a tile the reader may not see. Our events (``jantaku.engine.events.Event``) were named after
mjai's, so the export is a renaming: physical tile ids become mjai strings (which copies are red is the rule set's
``red_fives``: the first copies of each five), ``start_kyoku``'s ``info`` becomes ``bakaze``/``kyoku``/``oya``/
``tehais``, and a ``kakan`` gains the ``consumed`` mjai wants (the pon it extends, remembered from the hand).

A seat's export (``seat=``) is what an mjai bot at that seat is sent: the other seats' start hands and draws are
``?``; everything else mjai carries is public. Events mjai has no word for (a superpower's use, the revealed wall)
are left out.

The reader is lenient where the older mjai protocol says more than Mortal's (``possible_actions``, ``hora.yakus``,
``hora_tehais``, ``reach_accepted.scores`` ... are ignored) and accepts both ``nukidora`` and ``kita`` for a
3-player North; a line it cannot read raises ``MjaiFormatError`` naming the line. Tiles read back are tile codes
(``jantaku.tiles``: kinds 0..33, red fives 34..36), ``None`` for ``?``: mjai does not say which copy a tile is.

``read_record`` reads a whole game's lines into Tenhou's record model (``jantaku.formats.tenhou_records``), which
``jantaku.formats.tenhou_replay.record_game`` turns into our game: one replay path for every source.

Standard library, ``jantaku.tiles`` and the record model only; the engine's ``Event`` is imported for typing alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from jantaku.formats import tenhou_records as th
from jantaku.tiles import FIVES, KINDS, RED_MAN, RED_SOU, first_id

if TYPE_CHECKING:
    from jantaku.engine.events import Event

HIDDEN = "?"
_HONORS = "ESWNPFC"
_SUITS = "mps"
WINDS = "ESWN"


# ------------------------------------------------------------------------------------------------ tiles
def is_red_id(tile: int, red_fives: Sequence[int] = (1, 1, 1)) -> bool:
    """Whether a physical tile is a red five under ``red_fives`` (red copies of 5m, 5p, 5s: the first ones)."""
    kind = tile >> 2
    return kind in FIVES and (tile & 3) < red_fives[FIVES.index(kind)]


def code_of_id(tile: int, red_fives: Sequence[int] = (1, 1, 1)) -> int:
    """The tile code of a physical tile: its kind, or the red code when the rules make that copy red."""
    if not 0 <= tile < 136:
        raise ValueError(f"{tile} is not a physical tile id (0..135)")
    kind = tile >> 2
    return RED_MAN + FIVES.index(kind) if is_red_id(tile, red_fives) else kind


def pai_of_code(code: int) -> str:
    """mjai's string for a tile code: ``5m``, ``5mr``, ``E``, ``P`` ..."""
    if not 0 <= code <= RED_SOU:
        raise ValueError(f"{code} is not a tile code (0..33 kinds, 34..36 red fives)")
    if code >= RED_MAN:
        return "5" + _SUITS[code - RED_MAN] + "r"
    if code >= 27:
        return _HONORS[code - 27]
    return f"{code % 9 + 1}{_SUITS[code // 9]}"


def pai_of_id(tile: int | None, red_fives: Sequence[int] = (1, 1, 1)) -> str:
    """mjai's string for a physical tile; ``None`` (a tile the reader may not see) is ``?``."""
    return HIDDEN if tile is None else pai_of_code(code_of_id(tile, red_fives))


_CODE_OF_PAI: dict[str, int] = {pai_of_code(code): code for code in range(RED_SOU + 1)}


def code_of_pai(pai: str) -> int | None:
    """The tile code of an mjai string; ``?`` is ``None``. Anything else raises ``ValueError``."""
    if pai == HIDDEN:
        return None
    code = _CODE_OF_PAI.get(pai) if isinstance(pai, str) else None
    if code is None:
        raise ValueError(f"{pai!r} is not an mjai tile (1m..9s, E S W N P F C, 5mr 5pr 5sr or ?)")
    return code


# ------------------------------------------------------------------------------------------------ export
class _Exporter:
    """Writes one game's events; it remembers each seat's pons, whose tiles a later kakan names as ``consumed``."""

    def __init__(self, red_fives: Sequence[int], seat: int | None, names: Sequence[str] | None) -> None:
        self.red = tuple(red_fives)
        self.seat = seat
        self.names = names
        self.pons: dict[tuple[int, int], list[int]] = {}

    def pai(self, tile: int | None) -> str:
        return pai_of_id(tile, self.red)

    def pais(self, tiles: Iterable[int]) -> list[str]:
        return [pai_of_id(t, self.red) for t in tiles]

    def convert(self, ev: Event) -> dict[str, Any] | None:
        t, info = ev.type, ev.info
        if t == "start_game":
            out: dict[str, Any] = {"type": t}
            players = int(info.get("players", len(info.get("scores", ())) or 4))
            out["names"] = list(self.names) if self.names is not None else [f"seat{i}" for i in range(players)]
            if self.seat is not None:
                out["id"] = self.seat
            return out
        if t == "start_kyoku":
            self.pons.clear()
            hands = info.get("hands") or []
            tehais = []
            for i in range(len(info["scores"])):
                hand = hands[i] if i < len(hands) else None
                visible = hand is not None and (self.seat is None or self.seat == i)
                tehais.append(self.pais(hand) if visible and hand is not None else [HIDDEN] * 13)
            return {
                "type": t,
                "bakaze": WINDS[int(info["round"]) % 4],
                "dora_marker": self.pai(info["dora_marker"]),
                "kyoku": int(info["hand"]) + 1,
                "honba": int(info["honba"]),
                "kyotaku": int(info["sticks"]),
                "oya": int(info["dealer"]),
                "scores": list(info["scores"]),
                "tehais": tehais,
            }
        if t == "tsumo":
            hidden = self.seat is not None and ev.actor != self.seat
            return {"type": t, "actor": ev.actor, "pai": HIDDEN if hidden else self.pai(ev.tile)}
        if t == "dahai":
            veiled = self.seat is not None and ev.actor != self.seat and info.get("veil")
            pai = HIDDEN if veiled else self.pai(ev.tile)
            return {"type": t, "actor": ev.actor, "pai": pai, "tsumogiri": bool(info.get("tsumogiri", False))}
        if t in ("chi", "pon", "daiminkan"):
            if t == "pon" and ev.actor is not None and ev.tile is not None:
                self.pons[(ev.actor, ev.tile >> 2)] = [*ev.consumed, ev.tile]
            return {
                "type": t,
                "actor": ev.actor,
                "target": ev.target,
                "pai": self.pai(ev.tile),
                "consumed": self.pais(ev.consumed),
            }
        if t == "kakan":
            assert ev.actor is not None and ev.tile is not None
            pon = self.pons.pop((ev.actor, ev.tile >> 2), list(ev.consumed))
            return {"type": t, "actor": ev.actor, "pai": self.pai(ev.tile), "consumed": self.pais(pon)}
        if t == "ankan":
            return {"type": t, "actor": ev.actor, "consumed": self.pais(ev.consumed)}
        if t == "nukidora":
            return {"type": t, "actor": ev.actor, "pai": self.pai(ev.tile)}
        if t == "dora":
            return {"type": t, "dora_marker": self.pai(ev.tile)}
        if t in ("reach", "reach_accepted"):
            return {"type": t, "actor": ev.actor}
        if t == "hora":
            return {
                "type": t,
                "actor": ev.actor,
                "target": ev.target,
                "deltas": list(info["deltas"]),
                "ura_markers": self.pais(info.get("ura_markers", ())),
            }
        if t == "ryukyoku":
            return {"type": t, "deltas": list(info["deltas"])}
        if t in ("end_kyoku", "end_game"):
            return {"type": t}
        return None  # no mjai word for it (a superpower's use ...)


class SeatExporter:
    """One game's events written one at a time, as ``export_events`` writes them all at once: what a table sends
    an mjai bot as the game goes on. Keep one per seat for the whole game (a ``kakan`` names the pon it extends,
    which the exporter remembers)."""

    def __init__(
        self, *, red_fives: Sequence[int] = (1, 1, 1), seat: int | None = None, names: Sequence[str] | None = None
    ) -> None:
        self._exporter = _Exporter(red_fives, seat, names)

    def convert(self, event: Event) -> dict[str, Any] | None:
        """The mjai event for ``event``, or None when mjai has no word for it."""
        return self._exporter.convert(event)


def export_events(
    events: Iterable[Event],
    *,
    red_fives: Sequence[int] = (1, 1, 1),
    seat: int | None = None,
    names: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """Our events as mjai events (dicts ready for ``json.dumps``), in order.

    ``red_fives`` is the rule set's (which copies are red); ``seat`` gives that seat's view, as an mjai bot there
    receives it (``start_game`` then carries its ``id``); ``names`` the players' names for ``start_game``."""
    exporter = _Exporter(red_fives, seat, names)
    return [out for ev in events if (out := exporter.convert(ev)) is not None]


def export_lines(
    events: Iterable[Event],
    *,
    red_fives: Sequence[int] = (1, 1, 1),
    seat: int | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """``export_events`` as mjai JSON lines (compact, one event a line, a newline after each)."""
    out = export_events(events, red_fives=red_fives, seat=seat, names=names)
    return "".join(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in out)


# ------------------------------------------------------------------------------------------------ import
class MjaiFormatError(ValueError):
    """An mjai line that cannot be read: ``line`` is its number (from 1) and ``reason`` says why."""

    def __init__(self, line: int, reason: str) -> None:
        self.line = line
        self.reason = reason
        super().__init__(f"mjai line {line}: {reason}")


Tile = int | None  # a tile code (jantaku.tiles), None for "?"


@dataclass(frozen=True, slots=True)
class StartGame:
    names: tuple[str, ...] = ()
    seat: int | None = None  # ``id``: the seat the receiving bot plays


@dataclass(frozen=True, slots=True)
class StartKyoku:
    bakaze: int  # 0..3: East .. North
    kyoku: int  # 1-based, as mjai writes it
    honba: int
    kyotaku: int
    oya: int
    dora_marker: Tile
    scores: tuple[int, ...]
    tehais: tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True, slots=True)
class Tsumo:
    actor: int
    pai: Tile


@dataclass(frozen=True, slots=True)
class Dahai:
    actor: int
    pai: Tile
    tsumogiri: bool


@dataclass(frozen=True, slots=True)
class Naki:
    """``chi``, ``pon`` or ``daiminkan`` (``type``): ``pai`` taken from ``target`` with the actor's ``consumed``."""

    type: str
    actor: int
    target: int
    pai: Tile
    consumed: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Kakan:
    actor: int
    pai: Tile
    consumed: tuple[Tile, ...]  # the pon's tiles (empty when the line leaves them out)


@dataclass(frozen=True, slots=True)
class Ankan:
    actor: int
    consumed: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Nukidora:
    """A 3-player North set aside (``nukidora``, or ``kita`` as some writers call it)."""

    actor: int
    pai: Tile


@dataclass(frozen=True, slots=True)
class Dora:
    dora_marker: Tile


@dataclass(frozen=True, slots=True)
class Reach:
    actor: int


@dataclass(frozen=True, slots=True)
class ReachAccepted:
    actor: int


@dataclass(frozen=True, slots=True)
class Hora:
    actor: int
    target: int
    deltas: tuple[int, ...] | None  # mjai allows a win without them
    ura_markers: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Ryukyoku:
    deltas: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class EndKyoku:
    pass


@dataclass(frozen=True, slots=True)
class EndGame:
    pass


MjaiEvent = (
    StartGame
    | StartKyoku
    | Tsumo
    | Dahai
    | Naki
    | Kakan
    | Ankan
    | Nukidora
    | Dora
    | Reach
    | ReachAccepted
    | Hora
    | Ryukyoku
    | EndKyoku
    | EndGame
)


class _Fields:
    """Typed access to one event's fields; a missing or mistyped field says which."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise ValueError(f'{self.data.get("type")} has no "{key}"')
        return self.data[key]

    def integer(self, key: str) -> int:
        value = self.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f'"{key}" must be an integer, not {value!r}')
        return value

    def seat(self, key: str) -> int:
        value = self.integer(key)
        if not 0 <= value <= 3:
            raise ValueError(f'"{key}" must be a seat 0..3, not {value}')
        return value

    def tile(self, key: str) -> Tile:
        return code_of_pai(self.get(key))

    def tiles(self, key: str, default: Sequence[str] | None = None) -> tuple[Tile, ...]:
        value = self.data.get(key, default) if default is not None else self.get(key)
        if value is None:
            value = ()
        if not isinstance(value, list | tuple):
            raise ValueError(f'"{key}" must be a list of tiles, not {value!r}')
        return tuple(code_of_pai(p) for p in value)

    def ints(self, key: str) -> tuple[int, ...] | None:
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise ValueError(f'"{key}" must be a list of integers, not {value!r}')
        return tuple(value)


def _event(data: Mapping[str, Any]) -> MjaiEvent:
    f = _Fields(data)
    t = data.get("type")
    if t == "start_game":
        names = data.get("names") or ()
        seat = data.get("id")
        return StartGame(tuple(str(n) for n in names), seat if isinstance(seat, int) else None)
    if t == "start_kyoku":
        bakaze = f.tile("bakaze")
        if bakaze is None or not 27 <= bakaze <= 30:
            raise ValueError(f'"bakaze" must be a wind (E S W N), not {data["bakaze"]!r}')
        tehais = f.get("tehais")
        if not isinstance(tehais, list):
            raise ValueError(f'"tehais" must be a list of hands, not {tehais!r}')
        scores = f.ints("scores")
        if scores is None:
            raise ValueError('start_kyoku has no "scores"')
        return StartKyoku(
            bakaze - 27,
            f.integer("kyoku"),
            f.integer("honba"),
            f.integer("kyotaku"),
            f.seat("oya"),
            f.tile("dora_marker"),
            scores,
            tuple(_Fields({"h": h}).tiles("h") for h in tehais),
        )
    if t == "tsumo":
        return Tsumo(f.seat("actor"), f.tile("pai"))
    if t == "dahai":
        tsumogiri = data.get("tsumogiri", False)
        if not isinstance(tsumogiri, bool):
            raise ValueError(f'"tsumogiri" must be true or false, not {tsumogiri!r}')
        return Dahai(f.seat("actor"), f.tile("pai"), tsumogiri)
    if t in ("chi", "pon", "daiminkan"):
        return Naki(t, f.seat("actor"), f.seat("target"), f.tile("pai"), f.tiles("consumed"))
    if t == "kakan":
        return Kakan(f.seat("actor"), f.tile("pai"), f.tiles("consumed", ()))
    if t == "ankan":
        return Ankan(f.seat("actor"), f.tiles("consumed"))
    if t in ("nukidora", "kita"):
        return Nukidora(f.seat("actor"), f.tile("pai") if "pai" in data else 30)
    if t == "dora":
        return Dora(f.tile("dora_marker"))
    if t == "reach":
        return Reach(f.seat("actor"))
    if t == "reach_accepted":
        return ReachAccepted(f.seat("actor"))
    if t == "hora":
        ura = "ura_markers" if "ura_markers" in data else "uradora_markers"  # the older protocol's name
        return Hora(f.seat("actor"), f.seat("target"), f.ints("deltas"), f.tiles(ura, ()))
    if t == "ryukyoku":
        return Ryukyoku(f.ints("deltas"))
    if t == "end_kyoku":
        return EndKyoku()
    if t == "end_game":
        return EndGame()
    raise ValueError(f"unknown event type {t!r}")


def read_event(line: str, number: int = 1) -> MjaiEvent:
    """One mjai line (or a JSON object's text) read; ``number`` is the line's, for the error."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError) as exc:  # RecursionError: arrays nested past the decoder's depth
        raise MjaiFormatError(number, f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise MjaiFormatError(number, f"an mjai event is a JSON object, not {type(data).__name__}")
    try:
        return _event(data)
    except ValueError as exc:
        raise MjaiFormatError(number, str(exc)) from None


def read_lines(lines: Iterable[str] | str) -> list[MjaiEvent]:
    """mjai JSON lines read in order; blank lines are skipped, a bad one raises ``MjaiFormatError``."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    return [read_event(line, n) for n, line in enumerate(lines, 1) if line.strip()]


# ------------------------------------------------------------------------------------------------ import as a record
class _Recorder:
    """Turns a full-information mjai game into Tenhou's record model (``tenhou_records.TenhouGame``), which
    ``tenhou_replay.record_game`` drives through the engine. mjai names tiles by code, the record by physical id:
    each hand hands out ids per code from its own 136 tiles (a red code takes the red copy, copy 0 of its five),
    and a tile once dealt or drawn keeps its id through discards, calls and wins."""

    def __init__(self, source: str, red_fives: bool, east_south: bool) -> None:
        self.source = source
        self.red = red_fives
        self.east_south = east_south
        self.codes = [th.code_of_id(t, red_fives) for t in range(136)]  # every id's code, looked up per discard
        self.names: tuple[str, ...] = ()
        self.players = 0
        self.hands: list[th.TenhouHand] = []
        self.ended = False
        self.init: th.Init | None = None

    # tiles -------------------------------------------------------------------------------------------
    def new_pools(self) -> None:
        self.pool: dict[int, list[int]] = {}
        for kind in range(KINDS):
            ids = [first_id(kind) + c for c in range(4)]
            if kind in FIVES and self.red:
                self.pool[RED_MAN + FIVES.index(kind)] = ids[:1]
                ids = ids[1:]
            self.pool[kind] = ids

    def take(self, code: Tile) -> int:
        """A fresh copy of ``code`` (dealt, drawn or turned as an indicator)."""
        code = _shown(code)
        if code >= RED_MAN and not self.red:
            raise ValueError(f"{pai_of_code(code)} in a game without red fives")
        free = self.pool[code]
        if not free:
            raise ValueError(f"a fifth {pai_of_code(code)} in one hand")
        return free.pop(0)

    def from_hand(self, seat: int, code: Tile, prefer: int | None = None, avoid: int | None = None) -> int:
        """Take a tile of ``code`` out of ``seat``'s hand: ``prefer`` when it is that code, else a copy other than
        ``avoid`` when there is one (a discard that is not tsumogiri keeps the drawn tile)."""
        code = _shown(code)
        hand = self.tehai[seat]
        codes = self.codes
        same = [t for t in hand if codes[t] == code]
        if not same:
            raise ValueError(f"seat {seat} has no {pai_of_code(code)} in hand")
        pick = prefer if prefer in same else next((t for t in same if t != avoid), same[0])
        hand.remove(pick)
        return pick

    def code(self, tile: int) -> int:
        return self.codes[tile]

    # events ------------------------------------------------------------------------------------------
    def start(self, ev: StartKyoku) -> None:
        if self.init is not None:
            self.close()
        if self.ended:
            raise ValueError("start_kyoku after end_game")
        players = len(ev.scores)
        if players not in (3, 4) or len(ev.tehais) < players:
            raise ValueError(f"start_kyoku: {players} scores and {len(ev.tehais)} hands (3 or 4 players)")
        if self.players and players != self.players:
            raise ValueError(f"start_kyoku: {players} players after {self.players}")
        self.players = players
        if not 1 <= ev.kyoku <= players:
            raise ValueError(f"start_kyoku: kyoku {ev.kyoku} at a {players}-player table")
        self.new_pools()
        dora = self.take(ev.dora_marker)
        self.tehai = [[self.take(code) for code in ev.tehais[seat]] for seat in range(players)]
        if any(len(h) != 13 for h in self.tehai):
            raise ValueError("start_kyoku: every hand is dealt 13 tiles")
        self.init = th.Init(
            round_index=ev.bakaze * 4 + ev.kyoku - 1,
            honba=ev.honba,
            deposits=ev.kyotaku,
            dice=(0, 0),
            dora_indicator=dora,
            scores=ev.scores[:players],
            dealer=ev.oya,
            hands=tuple(tuple(h) for h in self.tehai),
        )
        self.events: list[th.Event] = []
        self.indicators = [dora]
        self.ura: list[int] = []
        self.drawn: dict[int, int] = {}
        self.last: tuple[int, int] | None = None  # (seat, tile) a ron or a call takes
        self.pons: dict[tuple[int, int], th.TenhouMeld] = {}
        self.scores = list(ev.scores[:players])
        self.sticks = ev.kyotaku
        self.after_tsumo = False

    def close(self) -> None:
        """The hand's record; a win learns every indicator turned in the hand, as Tenhou's ``doraHai`` lists them."""
        assert self.init is not None
        dora = tuple(self.indicators)
        events = [replace(e, dora=dora) if isinstance(e, th.Agari) else e for e in self.events]
        self.hands.append(th.TenhouHand(self.init, tuple(events)))
        self.init = None

    def seat(self, actor: int) -> int:
        if actor >= self.players:
            raise ValueError(f"seat {actor} at a {self.players}-player table")
        return actor

    def add(self, ev: MjaiEvent) -> None:
        if isinstance(ev, StartGame):
            self.names = ev.names
            return
        if isinstance(ev, StartKyoku):
            self.start(ev)
            return
        if isinstance(ev, EndGame):
            if self.init is not None:
                self.close()
            self.ended = True
            return
        if self.init is None:
            if isinstance(ev, EndKyoku):
                return
            raise ValueError(f"{type(ev).__name__} outside a hand (no start_kyoku before it)")
        self.hand_event(ev)

    def hand_event(self, ev: MjaiEvent) -> None:
        after_tsumo, self.after_tsumo = self.after_tsumo, False
        if isinstance(ev, Tsumo):
            seat = self.seat(ev.actor)
            tile = self.take(ev.pai)
            self.tehai[seat].append(tile)
            self.drawn[seat] = tile
            self.events.append(th.Draw(seat, tile))
            self.after_tsumo = True
        elif isinstance(ev, Dahai):
            seat = self.seat(ev.actor)
            drawn = self.drawn.pop(seat, None)
            tile = self.from_hand(seat, ev.pai, *((drawn, None) if ev.tsumogiri else (None, drawn)))
            self.last = (seat, tile)
            self.events.append(th.RecordedDiscard(seat, tile))
        elif isinstance(ev, Naki):
            self.naki(ev)
        elif isinstance(ev, Kakan):
            seat = self.seat(ev.actor)
            added = self.from_hand(seat, ev.pai)
            pon = self.pons.pop((seat, added >> 2), None)
            if pon is None:
                raise ValueError(f"kakan: seat {seat} has no pon of {pai_of_code(_shown(ev.pai))}")
            tiles = tuple(sorted((*pon.tiles, added)))
            meld = th.TenhouMeld(0, th.MeldType.ADDED_KAN, seat, tiles, pon.called, pon.from_who, added)
            self.last = (seat, added)  # robbing the kan takes it
            self.events.append(th.Call(meld))
        elif isinstance(ev, Ankan):
            seat = self.seat(ev.actor)
            if len(ev.consumed) != 4:
                raise ValueError(f"ankan consumes 4 tiles, not {len(ev.consumed)}")
            quad = tuple(sorted(self.from_hand(seat, c) for c in ev.consumed))
            self.last = (seat, quad[-1])  # thirteen orphans may rob a closed kan
            self.events.append(th.Call(th.TenhouMeld(0, th.MeldType.CLOSED_KAN, seat, quad, None, None)))
        elif isinstance(ev, Nukidora):
            seat = self.seat(ev.actor)
            tile = self.from_hand(seat, ev.pai)
            self.last = (seat, tile)
            self.events.append(th.Call(th.TenhouMeld(0, th.MeldType.NORTH, seat, (tile,), None, None)))
        elif isinstance(ev, Dora):
            tile = self.take(ev.dora_marker)
            self.indicators.append(tile)
            self.events.append(th.NewDora(tile))
        elif isinstance(ev, Reach):
            self.events.append(th.Reach(self.seat(ev.actor), 1))
        elif isinstance(ev, ReachAccepted):
            seat = self.seat(ev.actor)
            self.scores[seat] -= 1000
            self.sticks += 1
            self.events.append(th.Reach(seat, 2))
        elif isinstance(ev, Hora):
            self.hora(ev)
        elif isinstance(ev, Ryukyoku):
            deltas = self.deltas(ev.deltas)
            kind = "yao9" if after_tsumo else None  # a draw declared instead of a discard: nine terminals
            self.events.append(th.Ryuukyoku(kind, self.init_honba, self.sticks, tuple(self.scores), deltas))
        elif isinstance(ev, EndKyoku):
            self.close()

    @property
    def init_honba(self) -> int:
        assert self.init is not None
        return self.init.honba

    def naki(self, ev: Naki) -> None:
        seat, target = self.seat(ev.actor), self.seat(ev.target)
        if self.last is None or self.last[0] != target or self.code(self.last[1]) != _shown(ev.pai):
            raise ValueError(f"{ev.type}: seat {target} did not just discard {pai_of_code(_shown(ev.pai))}")
        called = self.last[1]
        own = [self.from_hand(seat, c) for c in ev.consumed]
        kind = {"chi": th.MeldType.CHI, "pon": th.MeldType.PON, "daiminkan": th.MeldType.OPEN_KAN}[ev.type]
        meld = th.TenhouMeld(0, kind, seat, tuple(sorted((*own, called))), called, target)
        if kind is th.MeldType.PON:
            self.pons[(seat, called >> 2)] = meld
        self.last = None
        self.events.append(th.Call(meld))

    def deltas(self, deltas: tuple[int, ...] | None) -> tuple[int, ...]:
        """The deltas the line gives (empty when it gives none: not compared), applied to the running scores."""
        if deltas is None:
            return ()
        if len(deltas) < self.players:
            raise ValueError(f"{len(deltas)} deltas at a {self.players}-player table")
        deltas = deltas[: self.players]
        self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        return deltas

    def hora(self, ev: Hora) -> None:
        assert self.init is not None
        who, source = self.seat(ev.actor), self.seat(ev.target)
        if who == source:
            machi = self.drawn.get(who)
            if machi is None:
                raise ValueError(f"hora: seat {who} wins by tsumo without a draw")
            hai = tuple(self.tehai[who])
        else:
            if self.last is None or self.last[0] != source:
                raise ValueError(f"hora: seat {source} did not just discard (or add to a kan)")
            machi = self.last[1]
            hai = (*self.tehai[who], machi)
        if ev.ura_markers and not self.ura:  # on a double ron only a winner in riichi is shown them
            self.ura = [self.take(code) for code in ev.ura_markers]
        elif ev.ura_markers and [self.code(t) for t in self.ura] != [_shown(c) for c in ev.ura_markers]:
            raise ValueError("hora: the ura indicators differ from the other winner's")
        first = not any(isinstance(e, th.Agari) for e in self.events)
        sticks = self.sticks if first else 0
        deltas = self.deltas(ev.deltas)
        self.events.append(
            th.Agari(
                who=who,
                from_who=source,
                hai=hai,
                melds=(),
                machi=machi,
                fu=0,  # not stated by mjai: record_game(..., scored=False) leaves the scoring uncompared
                points=0,
                limit=0,
                yaku=(),
                yakuman=(),
                dora=(),
                ura=tuple(self.ura) if ev.ura_markers else (),
                honba=self.init.honba if first else 0,
                deposits=sticks,
                scores=tuple(self.scores),
                deltas=deltas,
            )
        )

    def game(self) -> th.TenhouGame:
        if self.init is not None:
            self.close()
        if not self.hands:
            raise ValueError("no hand (start_kyoku) in the log")
        bits = (0x10 if self.players == 3 else 0) | (0x08 if self.east_south else 0) | (0 if self.red else 0x02) | 0x01
        names = tuple(th.RecordedPlayer(n) for n in self.names[: self.players])
        if len(names) < self.players:
            names = tuple(th.RecordedPlayer(f"seat{i}") for i in range(self.players))
        return th.TenhouGame(self.source, th.GameRules.from_bits(bits), names, 0, tuple(self.hands), None)


def _shown(code: Tile) -> int:
    if code is None:
        raise ValueError(
            "a hidden tile (?): importing needs every tile shown (a whole game's log, not one seat's view)"
        )
    return code


def read_record(
    lines: Iterable[str] | str, *, source: str = "<mjai>", red_fives: bool = True, east_south: bool = True
) -> th.TenhouGame:
    """A full-information mjai game (our ``export_lines`` without ``seat``, or a log such as Mortal writes) as
    Tenhou's record model, for ``tenhou_replay.record_game(record, scored=False)`` to drive through the engine.

    The game is taken as Tenhou's rules would play it (mjai's own convention): 3 or 4 players from
    ``start_kyoku``'s scores, an East-South game unless ``east_south`` is False (mjai does not say; an East-only
    game can run into South, so the hands do not tell either: ``jantaku.formats.convert`` tries both), red fives
    unless ``red_fives`` is False. What mjai does not say (yaku, fu, points, the kind of an
    abortive draw but nine terminals, which seats were tenpai) is left empty, never guessed: ``scored=False``
    compares only what the log states (every action, the winners, the ura indicators and the deltas). A hidden
    ``?`` tile, a call of a tile not just discarded, a fifth copy of a tile ... raise ``MjaiFormatError`` naming
    the line."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    rec = _Recorder(source, red_fives, east_south)
    number = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        ev = read_event(line, number)
        try:
            rec.add(ev)
        except ValueError as exc:
            raise MjaiFormatError(number, str(exc)) from None
    try:
        return rec.game()
    except ValueError as exc:
        raise MjaiFormatError(number, str(exc)) from None
