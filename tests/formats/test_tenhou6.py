"""tenhou.net/6 JSON (``jantaku.formats.tenhou6``): our events written as the viewer's document, documents read back
into the Tenhou record model, and the whole corpus round trip (mjlog → our events → tenhou.net/6 → record → replay).

The conformance rows are ours, written from the format's documentation (docs/tenhou6.md): small hands spelled out
in the format, each row checking one thing the reader must make of them, and the writer's strings for calls, points
and yaku. The round trips need the Tenhou records (``JANTAKU_TENHOU_DIR``); without them they skip.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from jantaku.bots import make_player
from jantaku.engine import Game
from jantaku.engine.actions import Tsumo
from jantaku.engine.events import Event
from jantaku.formats import tenhou6
from jantaku.formats import tenhou_records as th
from jantaku.formats.tenhou_replay import replay_events, replay_game
from jantaku.formats.tenhou_xml import read_game as read_mjlog
from jantaku.rules import preset
from jantaku.scoring.riichi.yaku import BONUS, YAKU
from tests.engine.helpers import stacked_game
from tests.formats.corpus import corpus_files, require_corpus

# ------------------------------------------------------------------------------------------------ a 4-player hand
# East 1, dealer seat 0. Seat 0 discards East, seat 1 pons it (from the player before: "p414141"); seat 2 discards the
# tile it drew (60); seat 0 chis seat 3's 4p ("c242223"); seat 1 adds its fourth East (the pon string with k and the
# added tile), seat 2 declares a closed kan of Green ("464646a46") and discards its replacement draw (60); seat 3
# declares riichi discarding 4m ("r14") and seat 0 wins on it with Red dragon.
HAND_4P: list[Any] = [
    [0, 0, 0],
    [25000, 25000, 25000, 25000],
    [21, 18, 16],
    [],
    [12, 13, 14, 19, 22, 23, 25, 26, 27, 41, 47, 47, 47],
    [11, "c242223"],
    [41, 19],
    [31, 32, 33, 34, 35, 36, 37, 38, 39, 39, 41, 41, 42],
    ["p414141", 41, 31],
    [42, "k41414141", 39],
    [15, 16, 17, 18, 28, 28, 28, 29, 29, 29, 46, 46, 46],
    [43, 46, 17],
    [60, "464646a46", 60],
    [11, 11, 14, 24, 32, 33, 34, 35, 36, 37, 38, 44, 45],
    [23, 29],
    [24, "r14"],
    ["和了", [1300, 0, 0, -1300], [0, 3, 0, "40符1飜1300点", "役牌 中(1飜)"]],
]

# East 1 of a 3-player game: the dealer sets a North aside ("f44" among its discards) and draws its replacement; seat 1
# wins by tsumo on its first draw. The fourth seat is empty, its arrays too.
HAND_3P: list[Any] = [
    [0, 0, 0],
    [35000, 35000, 35000, 0],
    [21],
    [],
    [11, 19, 22, 23, 25, 26, 27, 31, 32, 33, 44, 47, 47],
    [44, 39],
    ["f44", 39],
    [11, 11, 21, 22, 23, 24, 25, 26, 34, 35, 36, 38, 38],
    [38],
    [],
    [19, 19, 19, 28, 28, 28, 29, 29, 29, 45, 45, 46, 46],
    [],
    [],
    [],
    [],
    [],
    ["和了", [-1000, 2000, -1000, 0], [1, 1, 1, "30符1飜500-1000点", "門前清自摸和(1飜)"]],
]


FORMATS = ("tenhou6", "tenhou_records", "tenhou_xml")  # what importing tenhou6 may load of the formats package


def doc_of(*hands: list[Any], **extra: Any) -> dict[str, Any]:
    return {
        "title": ["", ""],
        "name": ["A", "B", "C", "D"],
        "rule": {"disp": "般南喰赤", "aka": 1},
        "log": list(hands),
    } | extra


def events_of(hand: list[Any], **extra: Any) -> tuple[th.Event, ...]:
    return tenhou6.read_game(doc_of(hand, **extra)).hands[0].events


def calls(events: tuple[th.Event, ...]) -> list[th.TenhouMeld]:
    return [e.meld for e in events if isinstance(e, th.Call)]


def drawn_then_discarded(events: tuple[th.Event, ...], seat: int) -> bool:
    """Seat's first draw is the very tile of its first discard (what 60 means)."""
    draw = next(e for e in events if isinstance(e, th.Draw) and e.seat == seat)
    out = next(e for e in events if isinstance(e, th.RecordedDiscard) and e.seat == seat)
    return draw.tile == out.tile


def riichi_then_ron(events: tuple[th.Event, ...]) -> bool:
    """Reach step 1, the riichi discard, and no deposit (step 2): the discard was won on."""
    at = next(i for i, e in enumerate(events) if isinstance(e, th.Reach))
    out, win = events[at + 1], events[-1]
    steps = [e.step for e in events if isinstance(e, th.Reach)]
    return (
        isinstance(out, th.RecordedDiscard)
        and th.code_of_id(out.tile, True) == 3  # 4m
        and isinstance(win, th.Agari)
        and win.machi == out.tile
        and steps == [1]
    )


# (name, hand, what the read record must satisfy)
READ_ROWS: list[tuple[str, list[Any], Callable[[tuple[th.Event, ...]], bool]]] = [
    (
        "p before the tiles: a pon from the player before",
        HAND_4P,
        lambda ev: (calls(ev)[0].type, calls(ev)[0].who, calls(ev)[0].from_who) == (th.MeldType.PON, 1, 0),
    ),
    (
        "the pon takes the very tile discarded",
        HAND_4P,
        lambda ev: calls(ev)[0].called == next(e.tile for e in ev if isinstance(e, th.RecordedDiscard)),
    ),
    (
        "c: a chi of the player before's discard",
        HAND_4P,
        lambda ev: (calls(ev)[1].type, calls(ev)[1].who, calls(ev)[1].from_who) == (th.MeldType.CHI, 0, 3),
    ),
    (
        "k: an added kan keeps its pon's source",
        HAND_4P,
        lambda ev: (
            (calls(ev)[2].type, calls(ev)[2].who, calls(ev)[2].from_who, len(calls(ev)[2].tiles))
            == (th.MeldType.ADDED_KAN, 1, 0, 4)
        ),
    ),
    (
        "a: a closed kan of four tiles from the hand",
        HAND_4P,
        lambda ev: (calls(ev)[3].type, calls(ev)[3].who, calls(ev)[3].kind) == (th.MeldType.CLOSED_KAN, 2, 32),
    ),
    (
        "a replacement draw follows each kan",
        HAND_4P,
        lambda ev: all(
            isinstance(ev[i + 1 + isinstance(ev[i + 1], th.NewDora)], th.Draw)
            for i, e in enumerate(ev)
            if isinstance(e, th.Call) and e.meld.type in (th.MeldType.ADDED_KAN, th.MeldType.CLOSED_KAN)
        ),
    ),
    ("each kan turns a dora indicator", HAND_4P, lambda ev: sum(isinstance(e, th.NewDora) for e in ev) == 2),
    ("60: the tile just drawn is discarded", HAND_4P, lambda ev: drawn_then_discarded(ev, 2)),
    ("r: a riichi discard, won on before its deposit", HAND_4P, riichi_then_ron),
    (
        "和了: winner, source, points text, yaku line",
        HAND_4P,
        lambda ev: (
            (w := ev[-1]) is not None
            and isinstance(w, th.Agari)
            and (w.who, w.from_who, w.fu, w.points, w.limit, w.yaku, w.deltas)
            == (0, 3, 40, 1300, 0, ((20, 1),), (1300, 0, 0, -1300))
        ),
    ),
    (
        "the winner's hand holds the tile won on",
        HAND_4P,
        lambda ev: isinstance(ev[-1], th.Agari) and ev[-1].machi in ev[-1].hai and len(ev[-1].hai) == 11,
    ),
    (
        "f44: a North set aside, then the replacement draw",
        HAND_3P,
        lambda ev: isinstance(ev[1], th.Call) and ev[1].meld.type is th.MeldType.NORTH and isinstance(ev[2], th.Draw),
    ),
    (
        "3-player tsumo: a non-dealer's shares add up to the points",
        HAND_3P,
        lambda ev: isinstance(ev[-1], th.Agari) and ev[-1].tsumo and ev[-1].points == 1500,
    ),
    (
        "流局: the seats paid are the tenpai ones",
        [*HAND_3P[:16], ["流局", [-1000, 2000, -1000, 0]]],
        lambda ev: isinstance(ev[-1], th.Ryuukyoku) and ev[-1].type is None and ev[-1].tenpai == (1,),
    ),
    (
        "全員不聴: an exhaustive draw with no one tenpai",
        [*HAND_3P[:16], ["全員不聴", [0, 0, 0, 0]]],
        lambda ev: isinstance(ev[-1], th.Ryuukyoku) and ev[-1].type is None and ev[-1].tenpai == (),
    ),
    (
        "九種九牌: the declarer's hand is shown",
        [*HAND_3P[:5], [44], [], HAND_3P[7], [], [], *HAND_3P[10:16], ["九種九牌"]],
        lambda ev: isinstance(ev[-1], th.Ryuukyoku) and ev[-1].type == "yao9" and ev[-1].shown[0][0] == 0,
    ),
]


@pytest.mark.parametrize(("name", "hand", "check"), READ_ROWS, ids=[r[0] for r in READ_ROWS])
def test_reading_a_hand(name: str, hand: list[Any], check: Callable[[tuple[th.Event, ...]], bool]) -> None:
    assert check(events_of(hand)), name


def test_a_3_player_hand_is_read_as_one() -> None:
    game = tenhou6.read_game(doc_of(HAND_3P))
    assert (game.rules.players, len(game.hands[0].init.hands), game.hands[0].init.scores) == (3, 3, (35000,) * 3)


def test_the_extension_gives_a_limit_hand_its_fu_and_a_nagashi_its_tenpai_seats() -> None:
    hand = [*HAND_4P[:16], ["和了", [8000, 0, 0, -8000], [0, 3, 0, "満貫8000点", "役牌 中(1飜)", "ドラ(4飜)"]]]
    assert events_of(hand)[-1].fu == 0  # type: ignore[union-attr]  # Tenhou's text has no fu for a limit hand
    win = events_of(hand, jantaku={"hands": [{"fu": [40]}]})[-1]
    assert isinstance(win, th.Agari) and (win.fu, win.points, win.limit) == (40, 8000, 1)
    draw = [*HAND_3P[:16], ["流し満貫", [-4000, 8000, -4000, 0]]]
    end = events_of(draw, jantaku={"hands": [{"tenpai": [0, 2]}]})[-1]
    assert isinstance(end, th.Ryuukyoku) and (end.type, end.tenpai) == ("nm", (0, 2))


# ------------------------------------------------------------------------------------------------ writing
# (name, physical tile, red copies per suit, Tenhou's code)
CODE_ROWS = [
    ("1m is 11", 0, (1, 1, 1), 11),
    ("9m is 19", 32, (1, 1, 1), 19),
    ("1p is 21", 36, (1, 1, 1), 21),
    ("9s is 39", 104, (1, 1, 1), 39),
    ("East is 41", 108, (1, 1, 1), 41),
    ("North is 44", 120, (1, 1, 1), 44),
    ("Red dragon is 47", 132, (1, 1, 1), 47),
    ("the red 5m is 51", 16, (1, 1, 1), 51),
    ("the red 5p is 52", 52, (1, 1, 1), 52),
    ("the red 5s is 53", 88, (1, 1, 1), 53),
    ("another 5m is 15", 17, (1, 1, 1), 15),
    ("without red fives the first 5p is 25", 52, (0, 0, 0), 25),
]


@pytest.mark.parametrize(("name", "tile", "red", "code"), CODE_ROWS, ids=[r[0] for r in CODE_ROWS])
def test_tile_codes(name: str, tile: int, red: tuple[int, int, int], code: int) -> None:
    assert tenhou6.tenhou_code(tile, red) == code
    assert tenhou6.kind_of_code(code) == tile >> 2


# (name, letter, called, own, relative seat of the source, the string)
CALL_ROWS = [
    ("chi: c first, the called tile after it", "c", 24, [22, 23], 3, "c242223"),
    ("pon from the player before: p first", "p", 41, [41, 41], 3, "p414141"),
    ("pon from the player opposite: p second", "p", 12, [12, 12], 2, "12p1212"),
    ("pon from the player after: p last", "p", 37, [37, 37], 1, "3737p37"),
    ("open kan from the player after: m before the fourth tile", "m", 13, [13, 13, 13], 1, "131313m13"),
    ("open kan from the player opposite: m second", "m", 26, [26, 26, 26], 2, "26m262626"),
    ("a red five is 51..53", "p", 52, [25, 25], 3, "p522525"),
]


@pytest.mark.parametrize(("name", "letter", "called", "own", "rel", "text"), CALL_ROWS, ids=[r[0] for r in CALL_ROWS])
def test_call_strings(name: str, letter: str, called: int, own: list[int], rel: int, text: str) -> None:
    assert tenhou6.call_text(letter, called, own, rel) == text


# (name, the win's info, tsumo, dealer, players, the points text)
POINT_ROWS: list[tuple[str, dict[str, Any], bool, bool, int, str]] = [
    (
        "ron: fu, han and the points",
        {"fu": 30, "han": 3, "points": 3900, "limit": None},
        False,
        False,
        4,
        "30符3飜3900点",
    ),
    (
        "non-dealer tsumo: each non-dealer's share, then the dealer's",
        {"fu": 30, "han": 1, "points": 1100, "limit": None},
        True,
        False,
        4,
        "30符1飜300-500点",
    ),
    (
        "dealer tsumo: each share and ∀",
        {"fu": 40, "han": 4, "points": 12000, "limit": "mangan"},
        True,
        True,
        4,
        "満貫4000点∀",
    ),
    (
        "a limit hand names its limit",
        {"fu": 40, "han": 6, "points": 12000, "limit": "haneman"},
        False,
        False,
        4,
        "跳満12000点",
    ),
    ("yakuman", {"fu": 0, "han": 13, "points": 32000, "limit": "yakuman"}, False, False, 4, "役満32000点"),
    (
        "double yakuman: Tenhou says 役満",
        {"fu": 0, "han": 0, "points": 64000, "limit": "double yakuman"},
        False,
        False,
        4,
        "役満64000点",
    ),
    (
        "triple yakuman tsumo",
        {"fu": 0, "han": 0, "points": 144000, "limit": "triple yakuman"},
        True,
        True,
        4,
        "役満48000点∀",
    ),
    (
        "a multiple past the named ones",
        {"fu": 0, "han": 0, "points": 160000, "limit": "5x yakuman"},
        False,
        False,
        4,
        "役満160000点",
    ),
    (
        "3-player non-dealer tsumo: no North share",
        {"fu": 30, "han": 4, "points": 5900, "limit": None},
        True,
        False,
        3,
        "30符4飜2000-3900点",
    ),
    ("3-player dealer tsumo", {"fu": 40, "han": 7, "points": 12000, "limit": "haneman"}, True, True, 3, "跳満6000点∀"),
]


@pytest.mark.parametrize(
    ("name", "info", "tsumo", "dealer", "players", "text"), POINT_ROWS, ids=[r[0] for r in POINT_ROWS]
)
def test_points_texts(name: str, info: dict[str, Any], tsumo: bool, dealer: bool, players: int, text: str) -> None:
    assert tenhou6.point_text(info, tsumo, dealer, players) == text


# (name, the win's info, seat wind, round wind, the yaku lines)
YAKU_ROWS: list[tuple[str, dict[str, Any], int, int, list[str]]] = [
    (
        "riichi and dora after the yaku, in Tenhou's order",
        {"yaku": [["aka", 1], ["riichi", 1], ["dora", 2]]},
        0,
        0,
        ["立直(1飜)", "ドラ(2飜)", "赤ドラ(1飜)"],
    ),
    ("the seat wind named by the seat's wind", {"yaku": [["seat_wind", 1]]}, 1, 0, ["自風 南(1飜)"]),
    ("the round wind named by the round's wind", {"yaku": [["round_wind", 1]]}, 0, 1, ["場風 南(1飜)"]),
    ("a yakuman line says 役満", {"yaku": [["suukantsu", 1]], "yakuman": 1}, 0, 0, ["四槓子(役満)"]),
    (
        "ura turned for a riichi and missing: 裏ドラ(0飜)",
        {"yaku": [["riichi", 1]], "ura_markers": [5]},
        0,
        0,
        ["立直(1飜)", "裏ドラ(0飜)"],
    ),
    ("Norths are 抜きドラ", {"yaku": [["kita", 2], ["menzen_tsumo", 1]]}, 0, 0, ["門前清自摸和(1飜)", "抜きドラ(2飜)"]),
]


@pytest.mark.parametrize(("name", "info", "seat", "round_wind", "lines"), YAKU_ROWS, ids=[r[0] for r in YAKU_ROWS])
def test_yaku_lines(name: str, info: dict[str, Any], seat: int, round_wind: int, lines: list[str]) -> None:
    assert tenhou6.yaku_texts(info, seat, round_wind) == lines


START = [
    [9, 10, 11, 12, 16, 20, 24, 28, 32, 36, 40, 44, 124],
    [17, 64, 68, 72, 76, 80, 84, 88, 92, 96, 104, 121, 122],
    [48, 49, 50, 53, 54, 56, 57, 58, 60, 61, 62, 125, 126],
    [1, 2, 3, 5, 6, 7, 13, 14, 15, 51, 59, 100, 112],
]
WIN_INFO = {
    "deltas": [4900, 0, -3900, 0],
    "han": 3,
    "fu": 30,
    "points": 3900,
    "limit": None,
    "yakuman": 0,
    "yaku": [["seat_wind", 1], ["round_wind", 1], ["dora", 1]],
    "dora_markers": [0, 132, 133],
    "ura_markers": [],
}
# One hand of our events and the log entry they must become: a tsumogiri, a pon from the player before, a riichi
# discard, a chi of it, a closed kan, an added kan, kan dora, a ron with its result strings.
HAND_EVENTS = [
    Event("start_game", info={"players": 4, "scores": [25000] * 4}),
    Event(
        "start_kyoku",
        actor=0,
        info={
            "round": 0,
            "hand": 0,
            "honba": 0,
            "sticks": 0,
            "dealer": 0,
            "scores": [25000] * 4,
            "dora_marker": 0,
            "hands": START,
        },
    ),
    Event("tsumo", actor=0, tile=120),
    Event("dahai", actor=0, tile=120, info={"tsumogiri": True}),
    Event("pon", actor=1, target=0, tile=120, consumed=(121, 122)),
    Event("dahai", actor=1, tile=17, info={"tsumogiri": False}),
    Event("tsumo", actor=2, tile=130),
    Event("reach", actor=2),
    Event("dahai", actor=2, tile=53, info={"tsumogiri": False}),
    Event("reach_accepted", actor=2, info={"scores": [25000, 25000, 24000, 25000], "sticks": 1}),
    Event("chi", actor=3, target=2, tile=53, consumed=(51, 59)),
    Event("dahai", actor=3, tile=100, info={"tsumogiri": False}),
    Event("tsumo", actor=0, tile=8),
    Event("ankan", actor=0, consumed=(8, 9, 10, 11)),
    Event("dora", tile=132),
    Event("tsumo", actor=0, tile=65, info={"rinshan": True}),
    Event("dahai", actor=0, tile=65, info={"tsumogiri": True}),
    Event("tsumo", actor=1, tile=123),
    Event("kakan", actor=1, tile=123),
    Event("tsumo", actor=1, tile=70, info={"rinshan": True}),
    Event("dahai", actor=1, tile=70, info={"tsumogiri": True}),
    Event("dora", tile=133),
    Event("tsumo", actor=2, tile=71),
    Event("dahai", actor=2, tile=71, info={"tsumogiri": True}),
    Event("hora", actor=0, target=2, tile=71, info=WIN_INFO),
    Event("end_kyoku"),
]
HAND_ENTRY: list[Any] = [
    [0, 0, 0],
    [25000, 25000, 25000, 25000],
    [11, 47, 47],
    [],
    [13, 13, 13, 14, 51, 16, 17, 18, 19, 21, 22, 23, 45],
    [44, 13, 28],
    [60, "131313a13", 60],
    [15, 28, 29, 31, 32, 33, 34, 53, 36, 37, 39, 44, 44],
    ["p444444", 44, 29],
    [15, "k44444444", 60],
    [24, 24, 24, 25, 25, 26, 26, 26, 27, 27, 27, 45, 45],
    [46, 29],
    ["r25", 60],
    [11, 11, 11, 12, 12, 12, 14, 14, 14, 24, 26, 38, 42],
    ["c252426"],
    [38],
    ["和了", [4900, 0, -3900, 0], [0, 2, 0, "30符3飜3900点", "自風 東(1飜)", "場風 東(1飜)", "ドラ(1飜)"]],
]


def test_a_hand_of_our_events_becomes_its_log_entry() -> None:
    doc = tenhou6.export_game(HAND_EVENTS, names=["P", "Q", "R", "S"], title="a test")
    assert doc["log"] == [HAND_ENTRY]
    assert (doc["name"], doc["title"], doc["rule"]["disp"]) == (["P", "Q", "R", "S"], ["a test", ""], "般南喰赤")
    assert "sc" not in doc and tenhou6.EXTENSION not in doc  # no end_game; nothing lost
    read = tenhou6.read_game(doc).hands[0].events  # and it reads back in the order it was played
    kinds = [e.meld.type for e in read if isinstance(e, th.Call)]
    assert kinds == [th.MeldType.PON, th.MeldType.CHI, th.MeldType.CLOSED_KAN, th.MeldType.ADDED_KAN]
    assert [e.step for e in read if isinstance(e, th.Reach)] == [1, 2]


def test_pao_names_the_seat_that_fed_the_third_dragon_set() -> None:
    start = HAND_EVENTS[1]
    events = [
        start,
        Event("pon", actor=0, target=1, tile=124, consumed=(125, 126)),
        Event("dahai", actor=0, tile=9, info={"tsumogiri": False}),
        Event("pon", actor=0, target=2, tile=128, consumed=(129, 130)),
        Event("dahai", actor=0, tile=10, info={"tsumogiri": False}),
        Event("pon", actor=0, target=3, tile=132, consumed=(133, 134)),
        Event("dahai", actor=0, tile=11, info={"tsumogiri": False}),
        Event("tsumo", actor=0, tile=135),
        Event(
            "hora",
            actor=0,
            target=0,
            tile=135,
            info={
                "deltas": [48000, 0, 0, -48000],
                "points": 48000,
                "limit": "yakuman",
                "yakuman": 1,
                "fu": 0,
                "han": 13,
                "yaku": [["daisangen", 1]],
                "ura_markers": [],
            },
        ),
    ]
    result = tenhou6.export_game(events)["log"][0][16]
    assert result == ["和了", [48000, 0, 0, -48000], [0, 0, 3, "役満16000点∀", "大三元(役満)"]]


def test_hidden_tiles_cannot_be_written() -> None:
    with pytest.raises(ValueError, match="unredacted"):
        tenhou6.export_game([*HAND_EVENTS[:2], Event("tsumo", actor=0)])


def test_our_yaku_keys_map_to_the_scorers_tenhou_ids() -> None:
    registry = {key: yaku.tenhou_id for key, yaku in {**YAKU, **BONUS}.items()}
    assert registry == tenhou6.YAKU_IDS


def test_the_viewer_url_carries_the_compact_json() -> None:
    doc = doc_of(HAND_3P)
    url = tenhou6.viewer_url(doc)
    assert url.startswith("https://tenhou.net/6/#json=%7B%22title%22:%5B%22%22,%22%22%5D,")  # {"title":["","",
    assert " " not in url and "%E5%92%8C%E4%BA%86" in url  # 和了, escaped
    assert json.loads(unquote(url.split("#json=", 1)[1])) == doc


def test_the_module_needs_only_the_standard_library_and_the_tiles() -> None:
    """Like the rest of the formats package: no engine, scorer or third-party import (tests/test_stdlib_only.py)."""
    probe = "import json, sys; import jantaku.formats.tenhou6; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    ours = {m for m in json.loads(out.stdout) if m.split(".")[0] == "jantaku"}
    assert ours <= {"jantaku", "jantaku.tiles", "jantaku.formats", *(f"jantaku.formats.{m}" for m in FORMATS)}, ours
    foreign = [m for m in json.loads(out.stdout) if m.split(".")[0] not in sys.stdlib_module_names | {"jantaku"}]
    assert not [m for m in foreign if not m.startswith("_")], foreign


# ------------------------------------------------------------------------------------------------ malformed
def broken(path: tuple[int, ...], value: Any) -> dict[str, Any]:
    hand = copy.deepcopy(HAND_4P)
    node: Any = hand
    for i in path[:-1]:
        node = node[i]
    node[path[-1]] = value
    return doc_of(hand)


# (name, the document, where the error must point)
ERROR_ROWS: list[tuple[str, Any, str]] = [
    ("not JSON", "{log:", "not JSON"),
    ("not an object", "[1, 2]", "JSON object"),
    ("no hands", json.dumps({"log": []}), "at log"),
    ("too many hands", doc_of(*[HAND_4P] * (tenhou6.MAX_HANDS + 1)), "hand limit"),
    ("nested too deep", "[" * 100_000, "not JSON"),
    (
        "a red five where the rules have none",
        doc_of(HAND_4P) | {"rule": {"aka": 0}} | {"log": [[*HAND_4P[:4], [51, *HAND_4P[4][1:]], *HAND_4P[5:]]]},
        "red five",
    ),
    ("a hand with a part missing", doc_of(HAND_4P[:16]), "at log[0]"),
    ("a tile code that is no tile", broken((4, 0), 10), "at log[0][4][0]"),
    ("a call string of the wrong size", broken((5, 1), "c2422"), "at log[0][5][1]"),
    ("a call that matches no discard", broken((5, 1), "c272526"), "cannot be put in one order"),
    ("a fifth copy of a tile", broken((2, 1), 41), "no copy of it is left"),
    ("an unknown yaku line", broken((16, 2, 4), "役牌 猫(1飜)"), "at log[0][16][2][4]"),
    ("a points text that is no points", broken((16, 2, 3), "1300"), "at log[0][16][2]"),
]


@pytest.mark.parametrize(("name", "doc", "where"), ERROR_ROWS, ids=[r[0] for r in ERROR_ROWS])
def test_malformed_documents_say_where(name: str, doc: Any, where: str) -> None:
    with pytest.raises(tenhou6.TenhouJSONError) as caught:
        tenhou6.read_game(doc)
    assert where in str(caught.value)
    assert isinstance(caught.value, th.TenhouFormatError)


def test_an_oversized_document_is_refused_unread() -> None:
    with pytest.raises(tenhou6.TenhouJSONError, match="limit"):
        tenhou6.read_game(" " * (tenhou6.MAX_BYTES + 1))


# ------------------------------------------------------------------------------------------------ the corpus
def strip_owari(event: th.Event) -> th.Event:
    return dataclasses.replace(event, owari=None) if isinstance(event, th.Agari | th.Ryuukyoku) else event


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name if p else "no-corpus")
def test_corpus_round_trip(path: Path | None) -> None:
    """mjlog → our events → tenhou.net/6 → record → replay: identical, the same final scores; and each one-hand
    document reads back to that one hand."""
    if path is None:
        require_corpus()
        return
    original = read_mjlog(path)
    events = replay_events(original)
    options: dict[str, Any] = {"rule_disp": tenhou6.disp_of(original.rules), "ref": path.stem}
    text = tenhou6.dumps(tenhou6.export_game(events, **options))
    back = tenhou6.read_game(text, source=path.name)
    report = replay_game(back)
    assert report.identical, report.line()
    assert back.owari is not None and original.owari is not None
    assert back.owari.scores == original.owari.scores
    assert (back.rules.players, back.rules.east_south, back.date) == (
        original.rules.players,
        original.rules.east_south,
        original.date,
    )
    singles = tenhou6.export_hands(events, **options)
    assert len(singles) == len(back.hands)
    for doc, hand in zip(singles, back.hands, strict=True):
        (one,) = tenhou6.read_game(doc).hands
        assert one.init == hand.init
        assert one.events == tuple(map(strip_owari, hand.events))


@pytest.mark.parametrize("path", corpus_files()[:20], ids=lambda p: p.name if p else "no-corpus")
def test_meld_codes_encode_back(path: Path | None) -> None:
    """``encode_meld`` is ``decode_meld``'s inverse on every recorded call."""
    if path is None:
        require_corpus()
        return
    for hand in read_mjlog(path).hands:
        for call in hand.calls:
            meld = call.meld
            again = th.decode_meld(th.encode_meld(meld), meld.who)
            assert again == dataclasses.replace(meld, code=again.code)


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-sanma"])
@pytest.mark.parametrize("seed", range(3))
def test_our_own_games_round_trip(rules: str, seed: int) -> None:
    """A game our CPUs play under Tenhou's rules, written and read back, replays identically to the same end."""
    rs = preset(rules)
    game = Game(rs, seed=f"tenhou6:{seed}")
    players = [make_player("easy", rs, seed=f"{seed}:{i}") for i in range(rs.players)]
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, players[seat].act(game.view(seat)))
    back = tenhou6.read_game(tenhou6.dumps(tenhou6.export_game(game.events, red_fives=rs.red_fives)))
    report = replay_game(back)
    assert report.identical, report.line()
    assert game.final is not None and back.owari is not None and back.owari.scores == game.final.scores


# (name, the dealer's deal and first draw, the limit): a hand of several yakuman, and the game it ends, round trip
MULTIPLE_YAKUMAN: list[tuple[str, str, str, str]] = [
    ("tenhou and daisangen", "555666777z123m9p", "9p", "double yakuman"),
    ("tenhou, daisangen, tsuuiisou, suuankou", "555666777111z4z", "4z", "quadruple yakuman"),
]


@pytest.mark.parametrize(
    ("deal", "draw", "limit"), [r[1:] for r in MULTIPLE_YAKUMAN], ids=[r[0] for r in MULTIPLE_YAKUMAN]
)
def test_a_hand_of_several_yakuman_round_trips(deal: str, draw: str, limit: str) -> None:
    others = ["2468m2468p2468s3z", "3579m3579p3579s2z", "1188m1188p1188s6z"]
    game, _ = stacked_game(preset("tenhou"), [deal, *others], [draw])
    events = game.apply(0, Tsumo())
    (win,) = [e for e in events if e.type == "hora"]
    assert win.info["limit"] == limit and game.over  # the others are bust
    data = tenhou6.export_game(game.events, red_fives=game.rules.red_fives)
    assert data["log"][0][-1][2][3].startswith("役満")
    back = tenhou6.read_game(tenhou6.dumps(data))
    report = replay_game(back)
    assert report.identical, report.line()
    assert game.final is not None and back.owari is not None and back.owari.scores == game.final.scores
