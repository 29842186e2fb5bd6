"""The values a Tenhou record is read into: rules bits, players, meld codes, events, hands and the game.

Split from the reader (``jantaku.formats.tenhou_xml``) so that code using parsed records need not read the
parser. Tenhou's own vocabulary is kept (136-ids, absolute seats, scores converted to points); see the reader's
docs. ``RecordedPlayer`` and ``RecordedDiscard`` are named apart from the bots' ``Player`` and the engine's
``Discard``: a record says what happened at a table, it is neither someone acting nor an action to apply.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from jantaku.tiles import EAST, FIVES, KINDS, PHYSICAL, first_id, kind_of_id, red_code

RED_IDS = frozenset(first_id(five) for five in FIVES)  # copy 0 of 5m, 5p, 5s (16, 52, 88): red where the game has reds
DRAW_TAGS = "TUVW"  # seat 0..3 draws
DISCARD_TAGS = "DEFG"  # seat 0..3 discards
_T = TypeVar("_T")
#: Tenhou's yaku names by Tenhou yaku id (the ids ``AGARI yaku`` pairs carry; tenhou.net/6 JSON writes the names,
#: as ``立直(1飜)``). Ids 10..13 are the seat winds East..North, 14..17 the round winds, 52..54 dora, ura, red fives.
YAKU_NAMES: tuple[str, ...] = (
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
)

#: A Tenhou log id as it names a record: ``YYYYMMDDHH`` (Japan time) ``gm-`` lobby type, lobby, game hash
#: (``2009082713gm-00a9-0000-3a2b1c0d``). The prefix is caught loosely (any digits) so that a mangled date is refused
#: with a reason instead of the record quietly counting as undated.
LOG_ID = re.compile(r"(\d*)gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8}")


class TenhouFormatError(ValueError):
    """A record that cannot be read. The message names the file (or ``<text>``) and the element, so that a
    failure in a 169-file sweep points at one line of one file."""

    def __init__(self, source: str, element: str | None, reason: str) -> None:
        self.source = source
        self.element = element
        self.reason = reason
        where = f" at {element}" if element else ""
        super().__init__(f"{source}{where}: {reason}")


def code_of_id(tile_id: int, red_fives: bool) -> int:
    """Our tile code for a 136-id under Tenhou's red-five rule: the kind, or the red code when the game has red
    fives and the id is copy 0 of a five (16/52/88). Tenhou has one red per suit; our engine reads which copies
    are red from the rule set instead (``jantaku.engine.table.tile_codes``)."""
    if not 0 <= tile_id < PHYSICAL:
        raise ValueError(f"{tile_id} is not a 136-id (0..135)")
    kind = kind_of_id(tile_id)
    return red_code(kind) if red_fives and tile_id in RED_IDS else kind


def codes_of_ids(tile_ids: Sequence[int], red_fives: bool) -> tuple[int, ...]:
    """``code_of_id`` of each 136-id, in order."""
    return tuple(code_of_id(t, red_fives) for t in tile_ids)


def log_date(name: str) -> dt.date | None:
    """The day a record was played, from the Tenhou log id in ``name`` (a file name or the id itself): None when
    ``name`` holds no log id (an undated record). Why it matters: Tenhou's rules changed over the years
    (``jantaku.rules.presets.tenhou_rules``), and the id is the only date a mjlog record carries. Raises
    ``ValueError`` for an id whose ``YYYYMMDDHH`` is not a real hour of a real day, rather than guessing."""
    found = LOG_ID.search(name)
    if found is None:
        return None
    stamp = found.group(1)
    if len(stamp) != 10:
        raise ValueError(f"log id {found.group(0)!r} does not start with a date and hour YYYYMMDDHH")
    try:
        day = dt.date(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:8]))
    except ValueError as exc:
        raise ValueError(f"log id {found.group(0)!r}: {stamp[:8]} is not a date ({exc})") from None
    if int(stamp[8:]) > 23:
        raise ValueError(f"log id {found.group(0)!r}: hour {stamp[8:]} is not an hour of the day")
    return day


@dataclass(frozen=True, slots=True)
class GameRules:
    """The rule bits of ``GO type``. Tenhou stores *negative* flags (0x02 = no red fives, 0x04 = no open
    tanyao); these fields are positive so that callers never invert a bit by hand."""

    type_bits: int
    players: int
    red_fives: bool
    kuitan: bool
    east_south: bool
    fast: bool
    lobby: int | None = None

    @classmethod
    def from_bits(cls, bits: int, lobby: int | None = None) -> GameRules:
        players = 3 if bits & 0x10 else 4
        return cls(bits, players, not bits & 0x02, not bits & 0x04, bool(bits & 0x08), bool(bits & 0x40), lobby)

    @property
    def preset_name(self) -> str:
        """Our preset for this table (docs/rules.md#presets: ``tenhou`` / ``tenhou-sanma``)."""
        return "tenhou-sanma" if self.players == 3 else "tenhou"


@dataclass(frozen=True, slots=True)
class RecordedPlayer:
    """A seat's player as the record's ``UN`` names them (``dan``/``rate``/``sex`` when the record has them)."""

    name: str
    dan: int | None = None
    rate: float | None = None
    sex: str | None = None


class MeldType(StrEnum):
    """What an ``m`` code decodes to: chi, pon, the three kinds of kan, or a 3-player North extraction."""

    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"
    ADDED_KAN = "added_kan"
    CLOSED_KAN = "closed_kan"
    NORTH = "north"  # 3-player North extraction (nukidora)


@dataclass(frozen=True, slots=True)
class TenhouMeld:
    """A decoded ``m`` code. ``tiles`` are 136-ids in ascending order (all four for a kan, one for a North);
    ``called`` is the tile taken from another player (for an added kan: the pon's called tile; None for a
    concealed kan or a North); ``added`` is the tile an added kan adds; ``from_who`` is the absolute seat the
    called tile came from (None when nothing was called)."""

    code: int
    type: MeldType
    who: int
    tiles: tuple[int, ...]
    called: int | None
    from_who: int | None
    added: int | None = None

    @property
    def kind(self) -> int:
        return kind_of_id(min(self.tiles))


def decode_meld(code: int, who: int, players: int = 4) -> TenhouMeld:
    """Decode ``m`` as docs/tenhou-mjlog.md describes. ``from_who`` comes from the code's relative bits, counted round a
    4-seat table even in 3-player records (there the empty North seat counts too: ``(who + rel) % 4`` matched
    the last discard in every 3-player pon of our corpus). docs/tenhou-mjlog.md calls 3-player ``rel`` unreliable, so
    ``read_game`` still takes the source from the last discard (``Call``) or the call that made the meld
    (``AGARI``)."""
    if not 0 <= code < 1 << 16:
        raise ValueError(f"meld code {code} is out of range (16 bits)")
    rel = code & 3
    from_who = (who + rel) % 4 if rel else None
    if from_who is not None and from_who >= players:
        raise ValueError(f"meld code {code}: called from seat {from_who}, absent at a {players}-player table")
    if code & 0x4:  # chi: a run, called from the player before (rel 3)
        t = code >> 10
        pos, t = t % 3, t // 3
        if t >= 21:
            raise ValueError(f"meld code {code}: chi base {t} is not a run start (0..20)")
        start = (t // 7) * 9 + t % 7
        tiles = tuple(first_id(start + i) + ((code >> (3 + 2 * i)) & 3) for i in range(3))  # copy bits per tile
        return TenhouMeld(code, MeldType.CHI, who, tiles, tiles[pos], from_who)
    if code & 0x18:  # pon (0x08) or added kan (0x10)
        t = code >> 9
        pos, kind = t % 3, t // 3
        if kind >= KINDS:
            raise ValueError(f"meld code {code}: kind {kind} is not a tile kind")
        unused = (code >> 5) & 3
        pon = tuple(first_id(kind) + c for c in range(4) if c != unused)
        if code & 0x8:
            return TenhouMeld(code, MeldType.PON, who, pon, pon[pos], from_who)
        added = first_id(kind) + unused
        return TenhouMeld(code, MeldType.ADDED_KAN, who, tuple(sorted((*pon, added))), pon[pos], from_who, added)
    tile = code >> 8
    if tile >= PHYSICAL:
        raise ValueError(f"meld code {code}: tile {tile} is not a 136-id")
    if code & 0x20:
        return TenhouMeld(code, MeldType.NORTH, who, (tile,), None, None)
    quad = tuple(first_id(kind_of_id(tile)) + c for c in range(4))
    if rel == 0:
        return TenhouMeld(code, MeldType.CLOSED_KAN, who, quad, None, None)
    return TenhouMeld(code, MeldType.OPEN_KAN, who, quad, tile, from_who)


def encode_meld(meld: TenhouMeld) -> int:
    """The ``m`` code of a meld: ``decode_meld``'s inverse, for records built from other formats (tenhou.net/6
    JSON names tiles, not codes). ``from_who`` is counted round a 4-seat table, as ``decode_meld`` reads it; a
    concealed kan is coded by its lowest tile. Raises ``ValueError`` for tiles that do not form the meld."""
    rel = (meld.from_who - meld.who) % 4 if meld.from_who is not None else 0
    tiles = tuple(sorted(meld.tiles))
    kinds = [kind_of_id(t) for t in tiles]
    if meld.type is MeldType.CHI:
        start = kinds[0]
        if len(tiles) != 3 or kinds != [start, start + 1, start + 2] or start >= 27 or start % 9 > 6:
            raise ValueError(f"chi tiles {tiles} are not a run")
        if meld.called not in tiles:
            raise ValueError(f"chi: the called tile {meld.called} is not among {tiles}")
        base = (start // 9) * 7 + start % 9
        copies = sum((t & 3) << (3 + 2 * i) for i, t in enumerate(tiles))
        return ((base * 3 + tiles.index(meld.called)) << 10) | copies | 0x4 | rel
    if meld.type in (MeldType.PON, MeldType.ADDED_KAN):
        pon = tuple(t for t in tiles if t != meld.added)
        if len(pon) != 3 or len(set(kinds)) != 1 or meld.called not in pon:
            raise ValueError(f"{meld.type}: tiles {tiles} (called {meld.called}) are not one kind's set")
        unused = next(c for c in range(4) if first_id(kinds[0]) + c not in pon)
        flag = 0x8 if meld.type is MeldType.PON else 0x10
        return ((kinds[0] * 3 + pon.index(meld.called)) << 9) | (unused << 5) | flag | rel
    if meld.type is MeldType.NORTH:
        return (tiles[0] << 8) | 0x20
    if len(tiles) != 4 or len(set(kinds)) != 1:
        raise ValueError(f"{meld.type}: tiles {tiles} are not four of a kind")
    if meld.type is MeldType.OPEN_KAN:
        if meld.called not in tiles or not rel:
            raise ValueError(f"open kan: the called tile {meld.called} or its source {meld.from_who} is missing")
        return (meld.called << 8) | rel
    return tiles[0] << 8


@dataclass(frozen=True, slots=True)
class Draw:
    """``T``/``U``/``V``/``W`` + id: seat 0..3 draws the tile (a replacement draw after a kan looks the same)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class RecordedDiscard:
    """``D``/``E``/``F``/``G`` + id: seat 0..3 discards the tile."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Call:
    """``N``: a chi/pon/kan or a North extraction by ``meld.who``."""

    meld: TenhouMeld

    @property
    def seat(self) -> int:
        return self.meld.who


@dataclass(frozen=True, slots=True)
class Reach:
    """Step 1: declared (the discard follows); step 2: the discard passed and the deposit is paid (``scores``
    then holds everyone's points after it)."""

    seat: int
    step: int
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class NewDora:
    """``DORA``: a kan turned a new dora indicator (a 136-id)."""

    indicator: int


@dataclass(frozen=True, slots=True)
class Agari:
    """A win. ``hai`` holds the concealed tiles *including* ``machi`` (the winning tile); ``fu``/``points``/
    ``limit`` are ``ten`` (points = what the payers pay before honba and deposits); ``yaku`` are (id, han) pairs
    and ``yakuman`` ids; ``scores``/``deltas`` are ``sc`` in points, honba and deposits included. On a double ron
    the second ``AGARI``'s ``scores`` already include the first win, and its deposits are 0 (its ``honba`` is
    still shown, though only the first winner is paid it)."""

    who: int
    from_who: int
    hai: tuple[int, ...]
    melds: tuple[TenhouMeld, ...]
    machi: int
    fu: int
    points: int
    limit: int
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[int, ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    honba: int
    deposits: int
    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    pao_who: int | None = None
    owari: Owari | None = None

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who


@dataclass(frozen=True, slots=True)
class Ryuukyoku:
    """A drawn hand. ``type`` None = exhaustive draw, else Tenhou's code (``yao9``, ``reach4``, ``ron3``, ``kan4``,
    ``kaze4``, ``nm``). ``shown`` are the concealed hands Tenhou reveals, by seat: the tenpai hands (exhaustive
    draw, nagashi mangan), or the declarer's 14 tiles for ``yao9``."""

    type: str | None
    honba: int
    deposits: int
    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    shown: tuple[tuple[int, tuple[int, ...]], ...] = ()
    owari: Owari | None = None

    @property
    def tenpai(self) -> tuple[int, ...]:
        """Seats shown as tenpai (empty for an abortive draw, whose shown hand is the declarer's)."""
        return tuple(seat for seat, _ in self.shown) if self.type in (None, "nm") else ()


@dataclass(frozen=True, slots=True)
class Disconnect:
    """``BYE``: a player dropped (the server plays for them)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reconnect:
    """A mid-game ``UN`` with one name: that player came back."""

    seat: int
    name: str


Event = Draw | RecordedDiscard | Call | Reach | NewDora | Agari | Ryuukyoku | Disconnect | Reconnect


@dataclass(frozen=True, slots=True)
class Owari:
    """The game's end: final scores in points, and final results (uma/oka included) as Tenhou prints them."""

    scores: tuple[int, ...]
    results: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Init:
    """``INIT``: ``round_index`` 0 = East 1, 4 = South 1, 8 = West 1; ``dice`` as recorded (0..5);
    ``scores`` in points; ``hands`` the 13 dealt 136-ids of each seat that plays (3 seats in 3-player)."""

    round_index: int
    honba: int
    deposits: int
    dice: tuple[int, int]
    dora_indicator: int
    scores: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[int, ...], ...]

    @property
    def round_wind(self) -> int:
        """The round wind as a kind (``EAST`` …)."""
        return EAST + self.round_index // 4 % 4


@dataclass(frozen=True, slots=True)
class TenhouHand:
    """One hand: its ``INIT`` and everything recorded until the next one, in order."""

    init: Init
    events: tuple[Event, ...]

    @property
    def agaris(self) -> tuple[Agari, ...]:
        return tuple(e for e in self.events if isinstance(e, Agari))

    @property
    def ryuukyoku(self) -> Ryuukyoku | None:
        return next((e for e in self.events if isinstance(e, Ryuukyoku)), None)

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(e for e in self.events if isinstance(e, Call))


@dataclass(frozen=True, slots=True)
class TenhouGame:
    """A whole record: where it was read from, the table's rules, the players, its hands in order, and the day it
    was played (``log_date`` of the file's name; None for an undated record). ``rule_options``: the rule set the
    game was played under, as ``RuleSet.options()`` gives it, when the record says so (a tenhou.net/6 document our
    writer made keeps it, since ``rules`` cannot say how a table not Tenhou's ends its game); None for Tenhou's own
    records, which are replayed under Tenhou's rules of their day."""

    source: str
    rules: GameRules
    players: tuple[RecordedPlayer, ...]
    first_dealer: int
    hands: tuple[TenhouHand, ...]
    owari: Owari | None
    date: dt.date | None = None
    rule_options: Mapping[str, Any] | None = None

    def code(self, tile_id: int) -> int:
        """``code_of_id`` under this game's red-five rule."""
        return code_of_id(tile_id, self.rules.red_fives)
