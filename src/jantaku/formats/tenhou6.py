"""tenhou.net/6 JSON, both ways: our engine's events written as the document the tenhou.net/6 viewer, NAGA and
mjai-reviewer read, and such a document read back into the Tenhou record model (``jantaku.formats.tenhou_records``)
so that ``jantaku.formats.tenhou_replay`` replays and checks it like an mjlog record.

The format (docs/tenhou6.md has it in full): ``{"title", "name", "rule": {"disp", "aka"}, "log": [hand, ...]}``;
a hand is ``[[round, honba, sticks], scores, dora, ura]``, then for each of four seats its start hand, its *takes*
(draws, and calls as strings) and its *discards* (tiles, ``60`` for a discard of the tile just drawn, riichi, kan
and North strings, ``0`` after an open kan), then the result (``["和了", deltas, [who, from, pao, points, yaku...],
...]`` or a draw's name and deltas). Tiles are Tenhou's codes 11..19, 21..29, 31..39 (man, pin, sou), 41..47
(East .. Red dragon) and 51..53 (red fives). A 3-player game keeps four of everything, the fourth seat empty.

What the format loses, and how we carry it: the per-seat streams do not say in which order the seats acted, so the
reader works it out (a discard goes to the caller whose next take calls it, else to the next seat; when that leads
nowhere it tries the other reading); a limit hand's points text (``満貫8000点``) has no fu, and a nagashi mangan
does not say who was tenpai. Our writer keeps those two in an extra top-level key, ``"jantaku"``, that other tools
ignore, so that our own documents replay identically; a document without it still reads, with those values unknown
(fu 0, nobody shown tenpai).

Standard library and ``jantaku.tiles`` only (the engine's ``Event`` is imported for typing alone); our yaku keys are
mapped to Tenhou's ids by a table here, checked against the scorer's registry by the tests.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from jantaku.formats.tenhou_records import (
    YAKU_NAMES,
    Agari,
    Call,
    Event,
    GameRules,
    Init,
    MeldType,
    NewDora,
    Owari,
    Reach,
    RecordedDiscard,
    RecordedPlayer,
    Ryuukyoku,
    TenhouFormatError,
    TenhouGame,
    TenhouHand,
    TenhouMeld,
    encode_meld,
    log_date,
)
from jantaku.formats.tenhou_records import Draw as TileDraw
from jantaku.tiles import FIVES, KINDS, NORTH, first_id, kind_of_id

if TYPE_CHECKING:
    from jantaku.engine.events import Event as EngineEvent

#: The largest document ``read_game`` accepts (a whole East-South game is some 30 kB; 5 MB is far past any game),
#: and the most hands (a long game has some 30): bounds on the work a hostile document can ask for.
MAX_BYTES = 5 * 1024 * 1024
MAX_HANDS = 200
TSUMOGIRI = 60  # a discard of the tile just drawn
AFTER_OPEN_KAN = 0  # the discard slot of an open kan, which discards nothing
VIEWER = "https://tenhou.net/6/#json="
EXTENSION = "jantaku"  # our extra top-level key: what the format loses (see the module's docs)
WIN = "和了"
#: Our ``ryukyoku`` reasons → Tenhou's names (an exhaustive draw is named by its tenpai seats, below).
DRAW_NAMES = {
    "nagashi_mangan": "流し満貫",
    "nine_terminals": "九種九牌",
    "four_riichi": "四家立直",
    "triple_ron": "三家和了",
    "four_kans": "四槓散了",
    "fifth_kan": "四槓散了",  # our optional fifth-kan abort: Tenhou has no name of its own for it
    "four_winds": "四風連打",
}
EXHAUSTIVE_NAMES = ("流局", "全員聴牌", "全員不聴")
#: Tenhou's draw names → the ``RYUUKYOKU type`` of the record model (None: exhaustive).
DRAW_TYPES: dict[str, str | None] = {
    "流局": None,
    "全員聴牌": None,
    "全員不聴": None,
    "流し満貫": "nm",
    "九種九牌": "yao9",
    "四家立直": "reach4",
    "三家和了": "ron3",
    "四槓散了": "kan4",
    "四風連打": "kaze4",
}
#: Our score limits → Tenhou's words, and Tenhou's words → the record's ``limit`` codes (as ``AGARI ten`` has them).
LIMIT_NAMES = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe yakuman": "役満",
    "yakuman": "役満",
}
LIMIT_CODES = {"満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5}
#: Our yaku keys → Tenhou's yaku ids (the scorer's registry holds the same ids; a test keeps the two equal). The
#: winds are the East ids: the seat's or the round's wind is added.
YAKU_IDS = {
    "menzen_tsumo": 0,
    "riichi": 1,
    "ippatsu": 2,
    "chankan": 3,
    "rinshan": 4,
    "haitei": 5,
    "houtei": 6,
    "pinfu": 7,
    "tanyao": 8,
    "iipeikou": 9,
    "seat_wind": 10,
    "round_wind": 14,
    "white": 18,
    "green": 19,
    "red": 20,
    "double_riichi": 21,
    "chiitoitsu": 22,
    "chanta": 23,
    "ittsu": 24,
    "sanshoku": 25,
    "sanshoku_doukou": 26,
    "sankantsu": 27,
    "toitoi": 28,
    "sanankou": 29,
    "shousangen": 30,
    "honroutou": 31,
    "ryanpeikou": 32,
    "junchan": 33,
    "honitsu": 34,
    "chinitsu": 35,
    "renhou": 36,
    "tenhou": 37,
    "chiihou": 38,
    "daisangen": 39,
    "suuankou": 40,
    "suuankou_tanki": 41,
    "tsuuiisou": 42,
    "ryuuiisou": 43,
    "chinroutou": 44,
    "chuuren": 45,
    "junsei_chuuren": 46,
    "kokushi": 47,
    "kokushi_13": 48,
    "daisuushii": 49,
    "shousuushii": 50,
    "suukantsu": 51,
    "dora": 52,
    "ura": 53,
    "aka": 54,
    "kita": 52,  # Tenhou's mjlog counts Norths with the dora; its JSON names them apart
}
NORTH_NAME = "抜きドラ"
BONUS_ORDER = ("dora", "aka", "ura", "kita")  # Tenhou lists dora after the yaku, in this order
_BONUS_NAMES = {"dora": "ドラ", "aka": "赤ドラ", "ura": "裏ドラ", "kita": NORTH_NAME}
_YAKU_OF_NAME = {name: i for i, name in enumerate(YAKU_NAMES)} | {NORTH_NAME: 52}
_YAKU_LINE = re.compile(r"(.+)\((\d+)飜\)|(.+)\(役満\)")
_POINTS = re.compile(r"(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満))(\d+)(?:-(\d+))?点(∀)?")
_CALL = re.compile(r"[0-9]*[cpmkafr][0-9]*")


# ------------------------------------------------------------------------------------------------ tiles
def tenhou_code(tile: int, red_fives: Sequence[int] = (1, 1, 1)) -> int:
    """Tenhou's code of a physical tile: 11..19 / 21..29 / 31..39 for 1..9 of man / pin / sou, 41..47 for East ..
    Red dragon, 51..53 for a red 5m / 5p / 5s (the first ``red_fives[suit]`` copies of each five are red)."""
    if not 0 <= tile < 4 * KINDS:
        raise ValueError(f"{tile} is not a physical tile id (0..135)")
    kind = tile >> 2
    if kind in FIVES and (tile & 3) < red_fives[FIVES.index(kind)]:
        return 51 + FIVES.index(kind)
    return 11 + 10 * (kind // 9) + kind % 9


def kind_of_code(code: int) -> int:
    """The tile kind (0..33) of a Tenhou code; ``ValueError`` for anything that is not one."""
    if isinstance(code, int) and not isinstance(code, bool):
        if 51 <= code <= 53:
            return FIVES[code - 51]
        suit, rank = divmod(code, 10)
        if (1 <= suit <= 3 and 1 <= rank <= 9) or (suit == 4 and 1 <= rank <= 7):
            return (suit - 1) * 9 + rank - 1
    raise ValueError(f"{code!r} is not a Tenhou tile code (11..19, 21..29, 31..39, 41..47, 51..53)")


def is_red_code(code: int) -> bool:
    return 51 <= code <= 53


# ------------------------------------------------------------------------------------------------ export
def limit_text(limit: str) -> str:
    """A limit in Tenhou's words. Tenhou writes every multiple of yakuman (double, triple, ...: the points say
    which) as 役満, so any limit of ours ending in "yakuman" is 役満; without a word the points text would not
    read back."""
    if limit in LIMIT_NAMES:
        return LIMIT_NAMES[limit]
    return "役満" if limit.endswith("yakuman") else ""


def point_text(info: Mapping[str, Any], tsumo: bool, dealer: bool, players: int) -> str:
    """A win's points as Tenhou writes them: ``30符3飜3900点`` (ron), ``30符1飜300-500点`` (a non-dealer's tsumo:
    each non-dealer's share, then the dealer's), ``満貫4000点∀`` (a dealer's tsumo: each payer's share); a limit
    hand names its limit instead of fu and han. The shares are worked out from the total (``points``), which is
    their sum: a dealer pays twice a non-dealer's share rounded up, so the non-dealer share is ``points / n`` or
    ``(points + 100) / n``, whichever is a whole hundred."""
    points = int(info["points"])
    limit = info.get("limit")
    head = limit_text(str(limit)) if limit else f"{info['fu']}符{info['han']}飜"
    if not tsumo:
        return f"{head}{points}点"
    if dealer:
        return f"{head}{points // (players - 1)}点∀"
    for child in (points / players, (points + 100) / players):
        if child == int(child) and int(child) % 100 == 0:
            share = int(child)
            return f"{head}{share}-{points - share * (players - 2)}点"
    return f"{head}{points}点"


def yaku_texts(info: Mapping[str, Any], seat_wind: int, round_wind: int) -> list[str]:
    """A win's yaku lines in Tenhou's words: the yaku in the scorer's order (``(N飜)``, or ``(役満)`` for a yakuman),
    then dora, red fives, ura dora (``裏ドラ(0飜)`` when ura were turned for a riichi but none hit, as Tenhou shows
    it) and Norths."""
    lines: list[str] = []
    bonus: dict[str, int] = {}
    yakuman = bool(info.get("yakuman"))
    for key, han in info["yaku"]:
        if key in BONUS_ORDER:
            bonus[key] = bonus.get(key, 0) + int(han)
            continue
        if key not in YAKU_IDS:
            raise ValueError(f"yaku {key!r} has no Tenhou name")
        tenhou_id = YAKU_IDS[key] + (seat_wind if key == "seat_wind" else round_wind if key == "round_wind" else 0)
        name = YAKU_NAMES[tenhou_id]
        lines.append(f"{name}(役満)" if yakuman and tenhou_id in range(36, 52) else f"{name}({han}飜)")
    if info.get("ura_markers") and "ura" not in bonus:
        bonus["ura"] = 0
    lines += [f"{_BONUS_NAMES[key]}({bonus[key]}飜)" for key in BONUS_ORDER if key in bonus]
    return lines


def call_text(letter: str, called: int, own: Sequence[int], rel: int) -> str:
    """A call as Tenhou writes it: the marker letter goes before the called tile, and where it stands says whom the
    tile came from: first for the player before (``rel`` 3), second for the one opposite (2), last for the one after
    (1). An open kan's last place is its fourth tile."""
    codes = [f"{c:02d}" for c in own]
    place = {3: 0, 2: 1, 1: len(own)}[rel]
    codes.insert(place, f"{letter}{called:02d}")
    return "".join(codes)


@dataclass
class _HandOut:
    """One hand being written: its log entry's parts, and what the format loses (``extra``)."""

    head: list[Any]
    seats: list[tuple[list[int], list[int | str], list[int | str]]]
    dora: list[int]
    ura: list[int] = field(default_factory=list)
    result: list[Any] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    riichi: set[int] = field(default_factory=set)
    pons: dict[tuple[int, int], str] = field(default_factory=dict)
    liable: dict[int, int] = field(default_factory=dict)  # seat → the seat that fed its 3rd dragon / 4th wind set
    sets: dict[int, list[int]] = field(default_factory=dict)  # seat → the kinds of its pons and kans

    def entry(self) -> list[Any]:
        out: list[Any] = [*self.head, self.dora, self.ura]
        for start, takes, discards in self.seats:
            out += [start, takes, discards]
        return [*out, self.result]


class _Exporter:
    """Writes one game's events hand by hand; a hand is kept once it has a result (a replayed record's extra deal
    after its last hand has none)."""

    def __init__(self, red_fives: Sequence[int]) -> None:
        self.red = tuple(red_fives)
        self.players = 4
        self.hands: list[_HandOut] = []
        self.hand: _HandOut | None = None
        self.final: Mapping[str, Any] | None = None
        self.dealer = 0
        self.round = 0

    def code(self, tile: int) -> int:
        return tenhou_code(tile, self.red)

    def convert(self, events: Iterable[EngineEvent]) -> None:
        for ev in events:
            self.event(ev)

    def event(self, ev: EngineEvent) -> None:
        t, info = ev.type, ev.info
        if t == "start_game":
            self.players = int(info.get("players", 4))
            return
        if t == "end_game":
            self.final = info
            return
        if t == "start_kyoku":
            self.start(info)
            return
        hand = self.hand
        if hand is None:
            return
        seat = ev.actor if ev.actor is not None else -1
        if t in ("tsumo", "dahai") and ev.tile is None:
            raise ValueError(f"a {t} of seat {seat} without its tile: tenhou.net/6 JSON needs the unredacted events")
        if t == "tsumo" and ev.tile is not None:
            hand.seats[seat][1].append(self.code(ev.tile))
        elif t == "reach":
            hand.riichi.add(seat)
        elif t == "dahai" and ev.tile is not None:
            code: int | str = TSUMOGIRI if info.get("tsumogiri") else self.code(ev.tile)
            if seat in hand.riichi:
                hand.riichi.discard(seat)
                code = f"r{code:02d}"
            hand.seats[seat][2].append(code)
        elif t in ("chi", "pon", "daiminkan") and ev.tile is not None and ev.target is not None:
            self.call(hand, t, seat, ev.target, ev.tile, ev.consumed)
        elif t == "kakan" and ev.tile is not None:
            pon = hand.pons.pop((seat, kind_of_id(ev.tile)), None)
            if pon is None:
                raise ValueError(f"seat {seat} adds {ev.tile} to a pon it does not have")
            hand.seats[seat][2].append(pon.replace("p", f"k{self.code(ev.tile):02d}"))
        elif t == "ankan" and ev.consumed:
            hand.sets.setdefault(seat, []).append(kind_of_id(ev.consumed[0]))  # counts toward a later pao
            codes = sorted((self.code(x) for x in ev.consumed), key=lambda c: (is_red_code(c), c))
            hand.seats[seat][2].append("".join(f"{c:02d}" for c in codes[:3]) + f"a{codes[3]:02d}")
        elif t == "nukidora" and ev.tile is not None:
            hand.seats[seat][2].append(f"f{self.code(ev.tile):02d}")
        elif t == "dora" and ev.tile is not None:
            hand.dora.append(self.code(ev.tile))
        elif t == "hora":
            self.win(hand, ev)
        elif t == "ryukyoku":
            self.draw(hand, info)

    def start(self, info: Mapping[str, Any]) -> None:
        if "dora_marker" not in info:
            raise ValueError("tenhou.net/6 JSON writes riichi games only (this hand has no dora indicator)")
        n = len(info["scores"])
        self.players = n
        self.dealer = int(info["dealer"])
        self.round = int(info["round"])
        hands = info.get("hands") or []
        seats: list[tuple[list[int], list[int | str], list[int | str]]] = []
        for i in range(4):
            tiles = hands[i] if i < len(hands) and i < n else []
            if i < n and not tiles:
                raise ValueError(f"seat {i}'s start hand is hidden: tenhou.net/6 JSON needs the unredacted events")
            seats.append(([self.code(x) for x in tiles], [], []))
        scores = [*info["scores"], *[0] * (4 - n)]
        head = [[self.round * 4 + int(info["hand"]), int(info["honba"]), int(info["sticks"])], scores]
        self.hand = _HandOut(head, seats, [self.code(info["dora_marker"])])

    def call(self, hand: _HandOut, kind: str, seat: int, target: int, tile: int, consumed: Sequence[int]) -> None:
        own = [self.code(x) for x in sorted(consumed)]
        rel = (target - seat) % 4
        letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[kind]
        text = call_text(letter, self.code(tile), own, 3 if kind == "chi" else rel)
        hand.seats[seat][1].append(text)
        if kind == "pon":
            hand.pons[(seat, kind_of_id(tile))] = text
        if kind != "chi":
            sets = hand.sets.setdefault(seat, [])
            sets.append(kind_of_id(tile))
            dragons = sum(1 for k in sets if k >= NORTH + 1)
            winds = sum(1 for k in sets if 27 <= k <= NORTH)
            if (kind_of_id(tile) > NORTH and dragons == 3) or (27 <= kind_of_id(tile) <= NORTH and winds == 4):
                hand.liable[seat] = target
        if kind == "daiminkan":
            hand.seats[seat][2].append(AFTER_OPEN_KAN)

    def win(self, hand: _HandOut, ev: EngineEvent) -> None:
        info = ev.info
        who = ev.actor if ev.actor is not None else 0
        source = ev.target if ev.target is not None else who
        n = self.players
        deltas = [*map(int, info["deltas"]), *[0] * (4 - n)]
        ura = [self.code(x) for x in info.get("ura_markers", ())]
        if len(ura) > len(hand.ura):
            hand.ura = ura
        dora = [self.code(x) for x in info.get("dora_markers", ())]
        if len(dora) > len(hand.dora):
            hand.dora = dora
        pao = self.liable(hand, who, source, info, deltas)
        tsumo = who == source
        detail = [who, source, pao, point_text(info, tsumo, who == self.dealer, n)]
        detail += yaku_texts(info, (who - self.dealer) % n, self.round % 4)
        if not hand.result:
            hand.result = [WIN]
        hand.result += [deltas, detail]
        if info.get("limit") and not info.get("yakuman"):
            fus = hand.extra.setdefault("fu", [])
            fus += [None] * (len(hand.result) // 2 - 1 - len(fus)) + [int(info["fu"])]
        self.close(hand)

    def liable(self, hand: _HandOut, who: int, source: int, info: Mapping[str, Any], deltas: list[int]) -> int:
        """The seat liable (pao) for this win, or ``who`` as Tenhou writes "nobody": a dragon or wind yakuman whose
        last set was fed by a seat that then pays as the rules' pao makes it pay."""
        feeder = hand.liable.get(who)
        keys = {str(k) for k, _ in info["yaku"]}
        if feeder is None or not keys & {"daisangen", "daisuushii"}:
            return who
        if who == source:  # tsumo: the feeder pays it all, the others nothing
            others = [s for s in range(self.players) if s not in (who, feeder)]
            return feeder if any(deltas[s] == 0 for s in others) else who
        return feeder if source == feeder or deltas[feeder] < 0 else who

    def draw(self, hand: _HandOut, info: Mapping[str, Any]) -> None:
        reason = str(info.get("reason"))
        n = self.players
        deltas = [*map(int, info.get("deltas", [0] * n)), *[0] * (4 - n)]
        if reason == "exhaustive":
            tenpai = [bool(x) for x in info.get("tenpai", [])]
            name = "全員聴牌" if tenpai and all(tenpai) else "流局" if any(tenpai) else "全員不聴"
            hand.result = [name, deltas]
        elif reason == "nagashi_mangan":
            hand.result = [DRAW_NAMES[reason], deltas]
            hand.extra["tenpai"] = [i for i, x in enumerate(info.get("tenpai", [])) if x]
        elif reason in DRAW_NAMES:
            hand.result = [DRAW_NAMES[reason]]
        else:
            raise ValueError(f"a drawn hand ({reason}) that tenhou.net/6 JSON has no name for")
        self.close(hand)

    def close(self, hand: _HandOut) -> None:
        if not self.hands or self.hands[-1] is not hand:
            self.hands.append(hand)


def _document(
    hands: Sequence[_HandOut],
    *,
    players: int,
    red_fives: Sequence[int],
    names: Sequence[str] | None,
    title: str | Sequence[str] | None,
    rule_disp: str | None,
    ref: str | None,
    final: Mapping[str, Any] | None,
    rules: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    if names is None:
        names = ["A", "B", "C", "D"][:players]
    name_list = [str(x) for x in names][:4]
    name_list += [""] * (4 - len(name_list))
    if title is None:
        title_list = ["", ""]
    elif isinstance(title, str):
        title_list = [title, ""]
    else:
        title_list = [str(x) for x in title]
    red = [int(x) for x in red_fives]
    disp = rule_disp if rule_disp is not None else default_disp(players, red=any(red))
    doc: dict[str, Any] = {
        "title": title_list,
        "name": name_list,
        "rule": {"disp": disp, "aka": int(any(red)), "aka51": red[0], "aka52": red[1], "aka53": red[2]},
        "log": [h.entry() for h in hands],
    }
    if ref is not None:
        doc["ref"] = ref
    if final is not None:
        scores = [*final["scores"], *[0] * (4 - players)]
        results = [*final["results"], *[0] * (4 - players)]
        doc["sc"] = [x for s, r in zip(scores, results, strict=True) for x in (int(s), round(r / 1000, 1))]
    extension: dict[str, Any] = {}
    if any(h.extra for h in hands):
        extension["hands"] = [h.extra for h in hands]
    if rules is not None:
        extension["rules"] = dict(rules)
    if extension:
        doc[EXTENSION] = extension
    return doc


def default_disp(players: int, *, east_only: bool = False, red: bool = True, kuitan: bool = True) -> str:
    """A ``rule.disp`` in Tenhou's words: ``三`` for 3 players, the lobby (``般``), ``東``/``南`` for the length,
    ``喰`` open tanyao, ``赤`` red fives (``般南喰赤`` is Tenhou's ordinary East-South game). For a rule set:
    ``default_disp(rules.players, east_only=rules.length == "east", red=any(rules.red_fives),
    kuitan=rules.kuitan)``; ``read_game`` reads the length back from it."""
    return f"{'三' if players == 3 else ''}般{'東' if east_only else '南'}{'喰' if kuitan else ''}{'赤' if red else ''}"


def disp_of(rules: GameRules) -> str:
    """``default_disp`` for a Tenhou record's table (with its speed mark, ``速``)."""
    text = default_disp(rules.players, east_only=not rules.east_south, red=rules.red_fives, kuitan=rules.kuitan)
    return text + ("速" if rules.fast else "")


def export_game(
    events: Iterable[EngineEvent],
    *,
    red_fives: Sequence[int] = (1, 1, 1),
    names: Sequence[str] | None = None,
    title: str | Sequence[str] | None = None,
    rule_disp: str | None = None,
    ref: str | None = None,
    rules: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One game's events (unredacted: every start hand and draw, as ``Game.events`` or
    ``tenhou_replay.replay_events`` give them) as a tenhou.net/6 document, ready for ``json.dumps``.

    ``red_fives``: the rule set's red copies per suit; ``names``: the players'; ``title``: the viewer's title line
    (or two lines); ``rule_disp``: the rule text the viewer shows (``default_disp``: an East-South game unless told);
    ``ref``: a Tenhou log id, which dates the game for ``read_game``; ``rules``: our rule set's options
    (``RuleSet.options()``), kept under ``"jantaku"`` so that the document replays under the rules it was played
    by (``rule.disp`` cannot say how a table other than Tenhou's ends its game: its extension or dealer's stop).
    A hand that never ended (the deal a replayed record leaves after its last hand) is left out; a Zung Jung game
    raises ``ValueError``."""
    exporter = _Exporter(red_fives)
    exporter.convert(events)
    return _document(
        exporter.hands,
        players=exporter.players,
        red_fives=red_fives,
        names=names,
        title=title,
        rule_disp=rule_disp,
        ref=ref,
        final=exporter.final,
        rules=rules,
    )


def export_hands(
    events: Iterable[EngineEvent],
    *,
    red_fives: Sequence[int] = (1, 1, 1),
    names: Sequence[str] | None = None,
    title: str | Sequence[str] | None = None,
    rule_disp: str | None = None,
    ref: str | None = None,
    rules: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """``export_game`` cut into one document per hand (NAGA reviews one hand per URL); the final scores stay with
    the whole game's document."""
    exporter = _Exporter(red_fives)
    exporter.convert(events)
    return [
        _document(
            [hand],
            players=exporter.players,
            red_fives=red_fives,
            names=names,
            title=title,
            rule_disp=rule_disp,
            ref=ref,
            final=None,
            rules=rules,
        )
        for hand in exporter.hands
    ]


def dumps(doc: Mapping[str, Any]) -> str:
    """A document as compact JSON (no spaces, Japanese kept as is), as Tenhou writes it."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def viewer_url(doc: Mapping[str, Any]) -> str:
    """The tenhou.net/6 viewer's address showing ``doc``: ``#json=`` and the compact JSON, escaped as the viewer's
    own links are (``encodeURIComponent``, with ``= + , :`` left as they are)."""
    return VIEWER + quote(dumps(doc), safe="!*'()=+,:")


# ------------------------------------------------------------------------------------------------ import
class TenhouJSONError(TenhouFormatError):
    """A tenhou.net/6 document that cannot be read; ``element`` is the JSON path (``log[3][5][2]``)."""


@dataclass(frozen=True, slots=True)
class _Take:
    """One entry of a seat's takes: a draw (``kind`` "draw") or a chi / pon / open kan of ``called`` from
    ``source`` with the seat's ``own`` tiles."""

    kind: str
    called: int
    own: tuple[int, ...] = ()
    source: int = -1
    path: str = ""


@dataclass(frozen=True, slots=True)
class _Out:
    """One entry of a seat's discards: ``discard`` (``tile`` a code or 60, ``riichi``), ``kakan`` (``tile`` added
    to a pon, ``own`` the pon's tiles), ``ankan`` (``own`` its four), ``north`` or ``none`` (an open kan's slot)."""

    kind: str
    tile: int = 0
    riichi: bool = False
    own: tuple[int, ...] = ()
    path: str = ""


_REL_PON = {0: 3, 1: 2, 2: 1}  # marker place → relative seat of the source (3 = before, 2 = opposite, 1 = after)
_REL_KAN = {0: 3, 1: 2, 3: 1}


def _split_call(text: str) -> tuple[str, int, list[int]]:
    """A call string's letter, its place among the tiles, and the tile codes (``"37p3737"`` → p, 1, [37, 37, 37])."""
    if not _CALL.fullmatch(text):
        raise ValueError(f"{text!r} is not a call string (digits around one of c p m k a f r)")
    letter = next(ch for ch in text if not ch.isdigit())
    at = text.index(letter)
    digits = text[:at] + text[at + 1 :]
    if at % 2 or len(digits) % 2:
        raise ValueError(f"{text!r}: tile codes are two digits each")
    codes = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    return letter, at // 2, codes


class _HandReader:
    """Reads one ``log`` entry into a ``TenhouHand``: works out the order of the seats' actions, then gives every
    tile a physical id."""

    def __init__(self, reader: _Reader, index: int, entry: Any) -> None:
        self.r = reader
        self.index = index
        self.entry = entry
        self.n = reader.players
        self.base = f"log[{index}]"

    def fail(self, where: str, reason: str) -> TenhouJSONError:
        return self.r.fail(where, reason)

    def ints(self, value: Any, where: str, length: int | None = None) -> list[int]:
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise self.fail(where, f"expected a list of integers, not {value!r:.60}")
        if length is not None and len(value) != length:
            raise self.fail(where, f"expected {length} values, not {len(value)}")
        return list(value)

    def tile(self, value: Any, where: str) -> int:
        try:
            kind_of_code(value)
        except ValueError as exc:
            raise self.fail(where, str(exc)) from None
        return int(value)

    # parsing ----------------------------------------------------------------------------------------------
    def read(self) -> TenhouHand:
        entry = self.entry
        if not isinstance(entry, list) or len(entry) != 17:
            size = len(entry) if isinstance(entry, list) else type(entry).__name__
            raise self.fail(
                self.base,
                f"a hand is a list of 17 parts (head, scores, dora, ura, 4 x 3 seat lists, result), not {size}",
            )
        meta = self.ints(entry[0], f"{self.base}[0]", 3)
        self.round_index, self.honba, self.sticks = meta
        if self.round_index < 0 or self.round_index % 4 >= self.n:
            raise self.fail(f"{self.base}[0][0]", f"round {self.round_index} has no dealer at a {self.n}-player table")
        self.dealer = self.round_index % 4
        scores = self.ints(entry[1], f"{self.base}[1]", 4)
        self.scores = scores[: self.n]
        self.dora = [self.tile(v, f"{self.base}[2][{i}]") for i, v in enumerate(self.ints(entry[2], f"{self.base}[2]"))]
        if not self.dora:
            raise self.fail(f"{self.base}[2]", "no dora indicator")
        self.ura = [self.tile(v, f"{self.base}[3][{i}]") for i, v in enumerate(self.ints(entry[3], f"{self.base}[3]"))]
        self.starts: list[list[int]] = []
        self.takes: list[list[_Take]] = []
        self.outs: list[list[_Out]] = []
        for seat in range(4):
            at = 4 + 3 * seat
            if seat >= self.n:
                if any(entry[at + k] for k in range(3)):
                    raise self.fail(f"{self.base}[{at}]", "the empty fourth seat of a 3-player game has tiles")
                continue
            start = self.ints(entry[at], f"{self.base}[{at}]", 13)
            self.starts.append([self.tile(v, f"{self.base}[{at}][{i}]") for i, v in enumerate(start)])
            self.takes.append(self.read_takes(seat, entry[at + 1], f"{self.base}[{at + 1}]"))
            self.outs.append(self.read_outs(entry[at + 2], f"{self.base}[{at + 2}]"))
        self.result = entry[16]
        if not isinstance(self.result, list) or not self.result or not isinstance(self.result[0], str):
            raise self.fail(f"{self.base}[16]", "the result must be a list starting with its name")
        self.extra = self.r.extra(self.index)
        order = self.order()
        return self.build(order)

    def read_takes(self, seat: int, items: Any, where: str) -> list[_Take]:
        if not isinstance(items, list):
            raise self.fail(where, "the takes must be a list")
        out = []
        for i, item in enumerate(items):
            path = f"{where}[{i}]"
            if isinstance(item, str):
                out.append(self.take_call(seat, item, path))
            else:
                out.append(_Take("draw", self.tile(item, path), path=path))
        return out

    def take_call(self, seat: int, text: str, path: str) -> _Take:
        try:
            letter, place, codes = _split_call(text)
            for c in codes:
                kind_of_code(c)
        except ValueError as exc:
            raise self.fail(path, str(exc)) from None
        size = {"c": 3, "p": 3, "m": 4}.get(letter)
        if size is None or len(codes) != size:
            raise self.fail(path, f"{text!r} is not a chi (c), pon (p) or open kan (m) of the right size")
        rels = {"c": {0: 3}, "p": _REL_PON, "m": _REL_KAN}[letter]
        if place not in rels:
            raise self.fail(path, f"{text!r}: the {letter!r} stands where no player sits")
        source = (seat + rels[place]) % 4
        if source >= self.n:
            raise self.fail(path, f"{text!r}: called from seat {source}, absent at a {self.n}-player table")
        kinds = {kind_of_code(c) for c in codes}
        called = codes[place]
        own = tuple(codes[:place] + codes[place + 1 :])
        if letter == "c":
            run = sorted(kind_of_code(c) for c in codes)
            if run[0] >= 27 or run != [run[0], run[0] + 1, run[0] + 2] or run[0] // 9 != run[2] // 9:
                raise self.fail(path, f"{text!r}: a chi's tiles must be a run")
        elif len(kinds) != 1:
            raise self.fail(path, f"{text!r}: a pon or kan's tiles must be one kind")
        kind = {"c": "chi", "p": "pon", "m": "kan"}[letter]
        return _Take(kind, called, own, source, path)

    def read_outs(self, items: Any, where: str) -> list[_Out]:
        if not isinstance(items, list):
            raise self.fail(where, "the discards must be a list")
        out = []
        for i, item in enumerate(items):
            path = f"{where}[{i}]"
            if isinstance(item, str):
                out.append(self.out_call(item, path))
            elif item == TSUMOGIRI:
                out.append(_Out("discard", TSUMOGIRI, path=path))
            elif item == AFTER_OPEN_KAN and isinstance(item, int):
                out.append(_Out("none", path=path))
            else:
                out.append(_Out("discard", self.tile(item, path), path=path))
        return out

    def out_call(self, text: str, path: str) -> _Out:
        try:
            letter, place, codes = _split_call(text)
            for c in codes:
                if not (letter == "r" and c == TSUMOGIRI):
                    kind_of_code(c)
        except ValueError as exc:
            raise self.fail(path, str(exc)) from None
        if letter == "r" and len(codes) == 1 and place == 0:
            return _Out("discard", codes[0], riichi=True, path=path)
        if letter == "f" and len(codes) == 1 and place == 0 and kind_of_code(codes[0]) == NORTH:
            return _Out("north", codes[0], path=path)
        if letter in "ka" and len(codes) == 4 and len({kind_of_code(c) for c in codes}) == 1:
            if letter == "a":
                return _Out("ankan", codes[place], own=tuple(codes), path=path)
            if place in _REL_PON:
                return _Out("kakan", codes[place], own=tuple(codes[:place] + codes[place + 1 :]), path=path)
        raise self.fail(path, f"{text!r} is not a riichi (r), added kan (k), closed kan (a) or North (f) string")

    # ordering ---------------------------------------------------------------------------------------------
    def order(self) -> list[tuple[int, _Take | _Out]]:
        """The seats' takes and discards merged into the order they happened, by playing the hand's turns: after a
        discard, a seat whose next take calls that tile from that seat takes the turn (a pon or kan before a chi),
        else the next seat draws. Where a call could belong to this discard or to a later identical one, the
        reading that uses every take and discard wins (a depth-first search over those choices, bounded)."""
        n = self.n
        ti, di = [0] * n, [0] * n
        drawn: list[int | None] = [None] * n
        steps: list[tuple[int, _Take | _Out]] = []
        choices: list[tuple[list[int], list[int], list[int | None], int, int, list[int | None]]] = []
        actor = self.dealer
        budget = 4 * (sum(map(len, self.takes)) + sum(map(len, self.outs)) + 10)  # the corpus needs a tenth of it
        while True:
            budget -= 1
            if budget < 0:
                raise self.fail(self.base, "the seats' actions cannot be put in one order (the search is too long)")
            outcome, callers = self.advance(ti, di, actor, drawn, steps)
            if outcome is True:
                return steps
            if outcome is None:  # a discard someone may call: follow the first reading, keep the others
                actor = steps[-1][0]
            else:  # a contradiction: go back to the last discard with another reading
                if not choices:
                    raise self.fail(self.base, f"the seats' actions cannot be put in one order: {outcome}")
                saved_ti, saved_di, saved_drawn, size, actor, callers = choices.pop()
                ti[:], di[:], drawn[:] = saved_ti, saved_di, saved_drawn
                del steps[size:]
            if len(callers) > 1:
                choices.append((ti[:], di[:], drawn[:], len(steps), actor, callers[1:]))
            choice = callers[0]
            actor = choice if choice is not None else (actor + 1) % n

    def advance(
        self,
        ti: list[int],
        di: list[int],
        actor: int,
        drawn: list[int | None],
        steps: list[tuple[int, _Take | _Out]],
    ) -> tuple[bool | str | None, list[int | None]]:
        """Play from ``actor``'s take until the hand ends (True), a discard that someone may call or the next seat
        draws on (None, with the seats to try, None for the next seat's draw) or a contradiction (its text)."""
        takes, outs, n = self.takes, self.outs, self.n
        last: tuple[int, int | None] | None = None
        prev = steps[-1] if steps else None
        if prev is not None and isinstance(prev[1], _Out) and prev[1].kind == "discard":
            seat, tile = prev[0], prev[1].tile
            last = (seat, tile if tile != TSUMOGIRI else drawn[seat])
        while True:
            if ti[actor] >= len(takes[actor]):
                return f"seat {actor} has no take left for its turn", []
            take = takes[actor][ti[actor]]
            if take.kind != "draw" and (last is None or (take.source, take.called) != last):
                return f"{take.path}: the call does not match the last discard", []
            ti[actor] += 1
            steps.append((actor, take))
            drawn[actor] = take.called if take.kind == "draw" else None
            last = None
            if take.kind == "kan":
                if di[actor] >= len(outs[actor]) or outs[actor][di[actor]].kind != "none":
                    return f"{take.path}: an open kan's discard slot must be 0", []
                steps.append((actor, outs[actor][di[actor]]))
                di[actor] += 1
                continue
            if di[actor] >= len(outs[actor]):  # a tsumo or a nine-terminals draw ends the hand here
                return (True if self.done(ti, di) else "actions are left after the hand's last draw"), []
            out = outs[actor][di[actor]]
            if out.kind == "none":
                return f"{out.path}: a 0 discard without an open kan", []
            if out.kind == "discard" and out.tile == TSUMOGIRI and drawn[actor] is None:
                return f"{out.path}: 60 (the tile just drawn) after a call", []
            di[actor] += 1
            steps.append((actor, out))
            if self.done(ti, di):
                return True, []
            if out.kind != "discard":  # a kan or a North: the same seat draws a replacement
                continue
            code = out.tile if out.tile != TSUMOGIRI else drawn[actor]
            callers: list[int | None] = [
                seat
                for seat in range(n)
                if seat != actor
                and ti[seat] < len(takes[seat])
                and takes[seat][ti[seat]].kind != "draw"
                and (takes[seat][ti[seat]].source, takes[seat][ti[seat]].called) == (actor, code)
            ]
            callers.sort(key=lambda s: s is not None and takes[s][ti[s]].kind == "chi")
            after = (actor + 1) % n
            if ti[after] < len(takes[after]) and takes[after][ti[after]].kind == "draw":
                callers.append(None)
            if not callers:
                return f"{out.path}: nobody can act after this discard", []
            return None, callers

    def done(self, ti: list[int], di: list[int]) -> bool:
        return all(ti[s] == len(self.takes[s]) and di[s] == len(self.outs[s]) for s in range(self.n))

    # building ---------------------------------------------------------------------------------------------
    def build(self, order: list[tuple[int, _Take | _Out]]) -> TenhouHand:
        """The ordered actions as record events, every tile given a physical id (``_Tiles``)."""
        tiles = _Tiles(self.r.red, self)
        dora_ids = [tiles.new(c, f"{self.base}[2][{i}]") for i, c in enumerate(self.dora)]
        ura_ids = [tiles.new(c, f"{self.base}[3][{i}]") for i, c in enumerate(self.ura)]
        hands = [
            [tiles.new(c, f"{self.base}[{4 + 3 * s}][{i}]") for i, c in enumerate(start)]
            for s, start in enumerate(self.starts)
        ]
        init = Init(
            self.round_index,
            self.honba,
            self.sticks,
            (0, 0),
            dora_ids[0],
            tuple(self.scores),
            self.dealer,
            tuple(tuple(h) for h in hands),
        )
        held = [list(h) for h in hands]
        melds: list[list[TenhouMeld]] = [[] for _ in range(self.n)]
        events: list[Event] = []
        scores = list(self.scores)
        riichi: set[int] = set()
        drawn: list[int | None] = [None] * self.n
        next_dora = 1
        pending_dora = 0
        offer: tuple[int, int] | None = None  # the last tile another seat could win on: (seat, id)
        ronned = self.ronned_discard(order)

        def reveal(count: int) -> None:
            nonlocal next_dora
            for _ in range(count):
                if next_dora < len(dora_ids):
                    events.append(NewDora(dora_ids[next_dora]))
                    next_dora += 1

        for pos, (seat, item) in enumerate(order):
            if isinstance(item, _Take):
                if item.kind == "draw":
                    tile = tiles.new(item.called, item.path)
                    held[seat].append(tile)
                    drawn[seat] = tile
                    events.append(TileDraw(seat, tile))
                    continue
                assert offer is not None
                called = offer[1]
                own = tuple(tiles.take(held[seat], c, item.path) for c in item.own)
                mtype = {"chi": MeldType.CHI, "pon": MeldType.PON, "kan": MeldType.OPEN_KAN}[item.kind]
                if mtype is MeldType.OPEN_KAN:
                    reveal(pending_dora)
                    pending_dora = 0
                meld = self.meld(mtype, seat, (*own, called), called, item.source, None, item.path)
                melds[seat].append(meld)
                events.append(Call(meld))
                drawn[seat] = None
                if mtype is MeldType.OPEN_KAN:
                    pending_dora += 1
                continue
            if item.kind == "none":
                continue
            if item.kind == "discard":
                if item.tile == TSUMOGIRI:
                    just = drawn[seat]
                    if just is None or just not in held[seat]:
                        raise self.fail(item.path, "60 (the tile just drawn) with no tile just drawn")
                    held[seat].remove(just)
                    tile = just
                else:
                    tile = tiles.take(held[seat], item.tile, item.path, avoid=drawn[seat])
                if item.riichi:
                    events.append(Reach(seat, 1))
                events.append(RecordedDiscard(seat, tile))
                reveal(pending_dora)
                pending_dora = 0
                if item.riichi:
                    riichi.add(seat)
                    if pos != ronned:
                        scores[seat] -= 1000
                        events.append(Reach(seat, 2, tuple(scores)))
                offer = (seat, tile)
                drawn[seat] = None
                continue
            reveal(pending_dora)
            pending_dora = 0
            if item.kind == "kakan":
                tile = tiles.take(held[seat], item.tile, item.path)
                at = next(
                    (i for i, m in enumerate(melds[seat]) if m.type is MeldType.PON and m.kind == kind_of_id(tile)),
                    None,
                )
                if at is None:
                    raise self.fail(item.path, "an added kan without a pon of that tile")
                pon = melds[seat][at]
                meld = self.meld(
                    MeldType.ADDED_KAN, seat, (*pon.tiles, tile), pon.called, pon.from_who, tile, item.path
                )
                melds[seat][at] = meld
                events.append(Call(meld))
                pending_dora += 1
                offer = (seat, tile)
            elif item.kind == "ankan":
                own = tuple(tiles.take(held[seat], c, item.path) for c in item.own)
                meld = self.meld(MeldType.CLOSED_KAN, seat, own, None, None, None, item.path)
                melds[seat].append(meld)
                events.append(Call(meld))
                reveal(1)
                offer = (seat, own[0])
            else:  # north
                tile = tiles.take(held[seat], item.tile, item.path)
                meld = self.meld(MeldType.NORTH, seat, (tile,), None, None, None, item.path)
                melds[seat].append(meld)
                events.append(Call(meld))
                offer = (seat, tile)
            drawn[seat] = None
        reveal(len(dora_ids) - next_dora)
        last_seat = order[-1][0] if order else self.dealer
        end = self.ending(held, melds, drawn, offer, last_seat, scores, riichi, tuple(dora_ids), tuple(ura_ids))
        return TenhouHand(init, (*events, *end))

    def ronned_discard(self, order: list[tuple[int, _Take | _Out]]) -> int | None:
        """The position of the discard won on (or that three seats called ron on): a riichi on it is not paid."""
        name = self.result[0]
        if not order or not isinstance(order[-1][1], _Out):
            return None
        if name == "三家和了" or (
            name == WIN and any(isinstance(d, list) and len(d) > 1 and d[0] != d[1] for d in self.result[2::2])
        ):
            return len(order) - 1
        return None

    def meld(
        self,
        mtype: MeldType,
        who: int,
        tiles: tuple[int, ...],
        called: int | None,
        source: int | None,
        added: int | None,
        where: str,
    ) -> TenhouMeld:
        meld = TenhouMeld(0, mtype, who, tuple(sorted(tiles)), called, source, added)
        try:
            return dataclasses.replace(meld, code=encode_meld(meld))
        except ValueError as exc:
            raise self.fail(where, str(exc)) from None

    def ending(
        self,
        held: list[list[int]],
        melds: list[list[TenhouMeld]],
        drawn: list[int | None],
        offer: tuple[int, int] | None,
        last_seat: int,
        scores: list[int],
        riichi: set[int],
        dora: tuple[int, ...],
        ura: tuple[int, ...],
    ) -> list[Event]:
        result = self.result
        where = f"{self.base}[16]"
        name = result[0]
        n = self.n
        if name == WIN:
            parts = result[1:]
            if not parts or len(parts) % 2:
                raise self.fail(where, "a win's result is deltas and details in pairs")
            out: list[Event] = []
            before = list(scores)
            fus = self.extra.get("fu")
            fus = fus if isinstance(fus, list) else []
            for k in range(0, len(parts), 2):
                path = f"{where}[{k + 2}]"
                deltas = self.ints(parts[k], f"{where}[{k + 1}]", 4)[:n]
                detail = parts[k + 1]
                if not isinstance(detail, list) or len(detail) < 4:
                    raise self.fail(path, "a win's detail is [who, from, pao, points, yaku...]")
                who, source, pao = self.ints(detail[:3], path, 3)
                if not (0 <= who < n and 0 <= source < n and 0 <= pao < n):
                    raise self.fail(path, f"seats {detail[:3]} do not all sit at a {n}-player table")
                if who == source:
                    machi = drawn[who]
                    if machi is None:
                        raise self.fail(path, f"seat {who} wins by tsumo without a tile just drawn")
                    hai = sorted(held[who])
                else:
                    if offer is None or offer[0] != source:
                        raise self.fail(path, f"seat {who} wins on seat {source}'s tile, which was not the last one")
                    machi = offer[1]
                    hai = sorted([*held[who], machi])
                fu_given = fus[k // 2] if k // 2 < len(fus) else None
                win = self.win_values(detail[3:], who, n, path)
                fu = fu_given if isinstance(fu_given, int) and win[0] == 0 else win[0]
                first = k == 0
                out.append(
                    Agari(
                        who=who,
                        from_who=source,
                        hai=tuple(hai),
                        melds=tuple(melds[who]),
                        machi=machi,
                        fu=fu,
                        points=win[1],
                        limit=win[2],
                        yaku=win[3],
                        yakuman=win[4],
                        dora=dora,
                        ura=ura if who in riichi else (),
                        honba=self.honba,
                        deposits=self.sticks if first else 0,
                        scores=tuple(before),
                        deltas=tuple(deltas),
                        pao_who=pao if pao != who else None,
                    )
                )
                before = [b + d for b, d in zip(before, deltas, strict=True)]
            return out
        if name not in DRAW_TYPES:
            raise self.fail(f"{where}[0]", f"{name!r} is neither a win nor a draw Tenhou names")
        kind = DRAW_TYPES[name]
        deltas = self.ints(result[1], f"{where}[1]", 4)[:n] if len(result) > 1 else [0] * n
        shown: tuple[tuple[int, tuple[int, ...]], ...] = ()
        if kind is None or kind == "nm":
            tenpai = self.extra.get("tenpai")
            if not isinstance(tenpai, list):
                everyone = name == "全員聴牌"
                tenpai = [s for s in range(n) if everyone or (kind is None and deltas[s] > 0)]
            shown = tuple((s, tuple(sorted(held[s]))) for s in tenpai if isinstance(s, int) and 0 <= s < n)
        elif kind == "yao9":
            shown = ((last_seat, tuple(sorted(held[last_seat]))),)
        elif kind == "ron3":
            shown = tuple((s, tuple(sorted(held[s]))) for s in range(n) if s != last_seat)
        return [Ryuukyoku(kind, self.honba, self.sticks, tuple(scores), tuple(deltas), shown)]

    def win_values(
        self, texts: Sequence[Any], who: int, n: int, where: str
    ) -> tuple[int, int, int, tuple[tuple[int, int], ...], tuple[int, ...]]:
        """(fu, points, limit, yaku, yakuman) from a win's points text and yaku lines."""
        points_text = texts[0]
        found = _POINTS.fullmatch(points_text) if isinstance(points_text, str) else None
        if found is None:
            raise self.fail(where, f"{points_text!r} is not a points text (30符3飜3900点, 満貫2000-4000点 ...)")
        fu_text, _han, limit_text, first, second, each = found.groups()
        fu = int(fu_text) if fu_text else 0
        limit = LIMIT_CODES[limit_text] if limit_text else 0
        if each:
            points = int(first) * (n - 1)
        elif second:
            points = int(first) * (n - 2) + int(second)
        else:
            points = int(first)
        yaku: list[tuple[int, int]] = []
        yakuman: list[int] = []
        for i, line in enumerate(texts[1:]):
            match = _YAKU_LINE.fullmatch(line) if isinstance(line, str) else None
            name = (match.group(1) or match.group(3)) if match else None
            if match is None or name not in _YAKU_OF_NAME:
                raise self.fail(f"{where}[{i + 4}]", f"{line!r} is not a yaku line Tenhou writes (立直(1飜) ...)")
            if match.group(3):
                yakuman.append(_YAKU_OF_NAME[name])
            else:
                yaku.append((_YAKU_OF_NAME[name], int(match.group(2))))
        return fu, points, limit, tuple(yaku), tuple(yakuman)


class _Tiles:
    """Physical ids for Tenhou codes: a red code takes a red copy of its five (copy 0, or the first ``red[suit]``
    copies); a plain five never takes a red copy; any other code the lowest free copy. A code with no copy left is
    an error."""

    def __init__(self, red: tuple[int, int, int], hand: _HandReader) -> None:
        self.red = red
        self.hand = hand
        self.used: set[int] = set()

    def code(self, tile: int) -> int:
        return tenhou_code(tile, self.red)

    def new(self, code: int, where: str) -> int:
        kind = kind_of_code(code)
        copies: Iterable[int] = range(4)
        if kind in FIVES:
            red = self.red[FIVES.index(kind)]
            copies = range(red) if is_red_code(code) else range(red, 4)
            if is_red_code(code) and not red:
                raise self.hand.fail(where, f"a red five ({code}) where the rules ('rule.aka…') have none")
        for c in copies:
            tile = first_id(kind) + c
            if tile not in self.used:
                self.used.add(tile)
                return tile
        raise self.hand.fail(where, f"tile {code}: no copy of it is left (a fifth {code}, or one red five too many)")

    def take(self, held: list[int], code: int, where: str, avoid: int | None = None) -> int:
        """Remove a tile of ``code`` from a seat's concealed tiles (another copy than ``avoid``, the tile just
        drawn, when there is one: a discard not written 60 is not the drawn tile)."""
        fits = [t for t in held if self.code(t) == code]
        if not fits:
            raise self.hand.fail(where, f"the seat does not hold tile {code}")
        tile = next((t for t in fits if t != avoid), fits[0])
        held.remove(tile)
        return tile


class _Reader:
    def __init__(self, doc: Mapping[str, Any], source: str) -> None:
        self.doc = doc
        self.source = source
        self.players = 4
        self.red: tuple[int, int, int] = (1, 1, 1)
        self.extension: Mapping[str, Any] = {}

    def fail(self, where: str | None, reason: str) -> TenhouJSONError:
        return TenhouJSONError(self.source, where, reason)

    def extra(self, index: int) -> Mapping[str, Any]:
        hands = self.extension.get("hands")
        if isinstance(hands, list) and index < len(hands) and isinstance(hands[index], dict):
            return dict(hands[index])
        return {}

    def game(self, date: dt.date | None) -> TenhouGame:
        doc = self.doc
        log = doc.get("log")
        if not isinstance(log, list) or not log:
            raise self.fail("log", "a tenhou.net/6 document has a non-empty list of hands under 'log'")
        if len(log) > MAX_HANDS:
            raise self.fail("log", f"{len(log)} hands is over the {MAX_HANDS}-hand limit")
        rule = doc.get("rule") if isinstance(doc.get("rule"), dict) else {}
        assert isinstance(rule, dict)
        disp = str(rule.get("disp", ""))
        first = log[0]
        empty_fourth = isinstance(first, list) and len(first) == 17 and first[13] == [] and first[14] == []
        self.players = 3 if empty_fourth or "三" in disp else 4
        self.red = self.red_counts(rule)
        ext = doc.get(EXTENSION)
        self.extension = ext if isinstance(ext, dict) else {}
        hands = tuple(_HandReader(self, i, entry).read() for i, entry in enumerate(log))
        names = doc.get("name") if isinstance(doc.get("name"), list) else []
        assert isinstance(names, list)
        rates = doc.get("rate") if isinstance(doc.get("rate"), list) else []
        sexes = doc.get("sx") if isinstance(doc.get("sx"), list) else []
        assert isinstance(rates, list) and isinstance(sexes, list)
        players = tuple(
            RecordedPlayer(
                str(names[i]) if i < len(names) else "",
                None,
                float(rates[i]) if i < len(rates) and isinstance(rates[i], int | float) else None,
                str(sexes[i]) if i < len(sexes) else None,
            )
            for i in range(self.players)
        )
        owari = self.owari()
        if owari is not None:
            last = hands[-1]
            ends = [i for i, e in enumerate(last.events) if isinstance(e, Agari | Ryuukyoku)]
            if ends:
                events = list(last.events)
                end = events[ends[-1]]
                assert isinstance(end, Agari | Ryuukyoku)
                events[ends[-1]] = dataclasses.replace(end, owari=owari)
                hands = (*hands[:-1], TenhouHand(last.init, tuple(events)))
        ref = doc.get("ref")
        if date is None and isinstance(ref, str):
            try:
                date = log_date(ref)
            except ValueError as exc:
                raise self.fail("ref", str(exc)) from None
        ours = self.extension.get("rules")
        rule_options = dict(ours) if isinstance(ours, dict) else None
        return TenhouGame(self.source, self.game_rules(disp), players, 0, hands, owari, date, rule_options)

    def red_counts(self, rule: Mapping[str, Any]) -> tuple[int, int, int]:
        """Red copies of 5m, 5p, 5s: ``aka51``..``aka53`` where given (Tenhou's 3-player exports have no red 5m),
        else one each when ``aka`` is set (or absent: Tenhou's usual game has them), none when it is 0."""
        per_suit = [rule.get(k) for k in ("aka51", "aka52", "aka53")]
        if any(v is not None for v in per_suit):
            counts = [v if isinstance(v, int) and not isinstance(v, bool) else 0 for v in per_suit]
            if not all(0 <= c <= 4 for c in counts):
                raise self.fail("rule", f"red five counts {counts} are not 0..4")
            return counts[0], counts[1], counts[2]
        return (1, 1, 1) if rule.get("aka", 1) else (0, 0, 0)

    def game_rules(self, disp: str) -> GameRules:
        """The table's rules from ``rule.disp`` (Tenhou's words: ``三`` 3 players, ``東`` East only, ``喰`` open
        tanyao, ``速`` fast, the lobby ``般 上 特 鳳``) as the mjlog's ``GO type`` bits would give them. A
        ``disp`` in other words is an East-South game with open tanyao."""
        tenhou_words = bool(disp) and disp.lstrip("三")[:1] in "般上特鳳"
        kuitan = "喰" in disp if tenhou_words else True
        bits = 0x01 | (0 if any(self.red) else 0x02) | (0 if kuitan else 0x04)
        bits |= 0 if "東" in disp else 0x08
        bits |= 0x10 if self.players == 3 else 0
        bits |= 0x40 if "速" in disp else 0
        bits |= {"上": 0x80, "特": 0x20, "鳳": 0xA0}.get(disp.lstrip("三")[:1], 0)
        return GameRules.from_bits(bits)

    def owari(self) -> Owari | None:
        sc = self.doc.get("sc")
        if not isinstance(sc, list) or len(sc) != 8 or not all(isinstance(v, int | float) for v in sc):
            return None
        n = self.players
        return Owari(tuple(int(v) for v in sc[0 : 2 * n : 2]), tuple(float(v) for v in sc[1 : 2 * n : 2]))


def read_game(
    data: str | bytes | Mapping[str, Any], *, source: str = "<json>", date: dt.date | None = None
) -> TenhouGame:
    """A tenhou.net/6 document (its JSON text, or the parsed object) read into the Tenhou record model, which
    ``jantaku.formats.tenhou_replay.replay_game`` replays. ``source`` names it in errors and reports; ``date`` is
    the day it was played (else the date of its ``ref`` log id, else undated). A malformed document raises
    ``TenhouJSONError`` saying where (``log[3][5][2]``); text over ``MAX_BYTES`` is refused unread."""
    if isinstance(data, str | bytes):
        size = len(data.encode() if isinstance(data, str) else data)
        if size > MAX_BYTES:
            raise TenhouJSONError(source, None, f"{size} bytes is over the {MAX_BYTES}-byte limit")
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise TenhouJSONError(source, None, f"not JSON ({exc or 'nested too deep'})") from None
    if not isinstance(data, Mapping):
        raise TenhouJSONError(source, None, f"a tenhou.net/6 document is a JSON object, not {type(data).__name__}")
    return _Reader(data, source).game(date)
