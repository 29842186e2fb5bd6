"""mjai JSON lines (``jantaku.formats.mjai``): our events written as the mjai events Mortal reads, read back, and a
seat's view hiding what that seat may not see.

The conformance rows are ours, written from the mjai protocol's documentation (one event each: our event, then the
mjai object it must become). The round trips replay corpus records through the engine
(``tenhou_replay.replay_events``) and need the Tenhou records (``JANTAKU_TENHOU_DIR``); without them they skip.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from jantaku.engine.events import Event
from jantaku.formats import mjai
from jantaku.formats.tenhou_replay import replay_events, rules_for
from tests.formats.corpus import record

M5, P5, S5 = 16, 52, 88  # the first copies of the fives: red under the usual rules
START_KYOKU_INFO: dict[str, Any] = {
    "round": 1,
    "hand": 2,
    "honba": 3,
    "sticks": 1,
    "dealer": 2,
    "scores": [25000, 24000, 26000, 24000],
    "dora_marker": 0,
    "hands": [list(range(4 * i, 4 * i + 13)) for i in (0, 4, 8, 12)],
}

# (name, our event, the mjai object)
CONFORMANCE: list[tuple[str, Event, dict[str, Any]]] = [
    (
        "start_game names the players",
        Event("start_game", info={"players": 4, "scores": [25000] * 4}),
        {"type": "start_game", "names": ["seat0", "seat1", "seat2", "seat3"]},
    ),
    (
        "start_kyoku: South 3, honba, sticks, dealer and every hand",
        Event("start_kyoku", actor=2, info=START_KYOKU_INFO),
        {
            "type": "start_kyoku",
            "bakaze": "S",
            "dora_marker": "1m",
            "kyoku": 3,
            "honba": 3,
            "kyotaku": 1,
            "oya": 2,
            "scores": [25000, 24000, 26000, 24000],
            "tehais": [
                ["1m", "1m", "1m", "1m", "2m", "2m", "2m", "2m", "3m", "3m", "3m", "3m", "4m"],
                ["5mr", "5m", "5m", "5m", "6m", "6m", "6m", "6m", "7m", "7m", "7m", "7m", "8m"],
                ["9m", "9m", "9m", "9m", "1p", "1p", "1p", "1p", "2p", "2p", "2p", "2p", "3p"],
                ["4p", "4p", "4p", "4p", "5pr", "5p", "5p", "5p", "6p", "6p", "6p", "6p", "7p"],
            ],
        },
    ),
    ("tsumo of an honor", Event("tsumo", actor=1, tile=124), {"type": "tsumo", "actor": 1, "pai": "P"}),
    (
        "a replacement draw is a plain tsumo",
        Event("tsumo", actor=1, tile=132, info={"rinshan": True}),
        {"type": "tsumo", "actor": 1, "pai": "C"},
    ),
    (
        "dahai from the hand",
        Event("dahai", actor=0, tile=S5, info={"tsumogiri": False}),
        {"type": "dahai", "actor": 0, "pai": "5sr", "tsumogiri": False},
    ),
    (
        "dahai of the drawn tile",
        Event("dahai", actor=3, tile=S5 + 1, info={"tsumogiri": True}),
        {"type": "dahai", "actor": 3, "pai": "5s", "tsumogiri": True},
    ),
    (
        "chi names the taken tile and the two own tiles",
        Event("chi", actor=1, target=0, tile=48, consumed=(P5, 56)),
        {"type": "chi", "actor": 1, "target": 0, "pai": "4p", "consumed": ["5pr", "6p"]},
    ),
    (
        "pon",
        Event("pon", actor=3, target=1, tile=108, consumed=(109, 110)),
        {"type": "pon", "actor": 3, "target": 1, "pai": "E", "consumed": ["E", "E"]},
    ),
    (
        "daiminkan uses three own tiles",
        Event("daiminkan", actor=2, target=0, tile=M5 + 3, consumed=(M5, M5 + 1, M5 + 2)),
        {"type": "daiminkan", "actor": 2, "target": 0, "pai": "5m", "consumed": ["5mr", "5m", "5m"]},
    ),
    (
        "ankan lists its four tiles",
        Event("ankan", actor=0, consumed=(120, 121, 122, 123)),
        {"type": "ankan", "actor": 0, "consumed": ["N", "N", "N", "N"]},
    ),
    ("dora names the new indicator", Event("dora", tile=35), {"type": "dora", "dora_marker": "9m"}),
    ("reach", Event("reach", actor=2), {"type": "reach", "actor": 2}),
    (
        "reach_accepted carries only the actor",
        Event("reach_accepted", actor=2, info={"scores": [25000, 25000, 24000, 25000], "sticks": 1}),
        {"type": "reach_accepted", "actor": 2},
    ),
    (
        "hora: deltas and ura indicators, no yaku",
        Event(
            "hora",
            actor=1,
            target=3,
            tile=40,
            info={"deltas": [0, 8000, 0, -8000], "han": 4, "yaku": [["riichi", 1]], "ura_markers": [89]},
        ),
        {"type": "hora", "actor": 1, "target": 3, "deltas": [0, 8000, 0, -8000], "ura_markers": ["5s"]},
    ),
    (
        "ryukyoku: deltas only",
        Event("ryukyoku", info={"reason": "exhaustive", "deltas": [1500, -1500, 1500, -1500]}),
        {"type": "ryukyoku", "deltas": [1500, -1500, 1500, -1500]},
    ),
    ("end_kyoku", Event("end_kyoku", info={"wall": [1, 2, 3]}), {"type": "end_kyoku"}),
    ("end_game", Event("end_game", info={"scores": [25000] * 4}), {"type": "end_game"}),
    (
        "a 3-player North set aside is nukidora",
        Event("nukidora", actor=2, tile=121),
        {"type": "nukidora", "actor": 2, "pai": "N"},
    ),
]


@pytest.mark.parametrize(("event", "expected"), [r[1:] for r in CONFORMANCE], ids=[r[0] for r in CONFORMANCE])
def test_export_conformance(event: Event, expected: dict[str, Any]) -> None:
    assert mjai.export_events([event]) == [expected]


def test_kakan_names_the_pon_it_extends() -> None:
    pon = Event("pon", actor=0, target=2, tile=P5 + 2, consumed=(P5, P5 + 1))
    kakan = Event("kakan", actor=0, tile=P5 + 3)
    assert mjai.export_events([pon, kakan])[1] == {
        "type": "kakan",
        "actor": 0,
        "pai": "5p",
        "consumed": ["5pr", "5p", "5p"],
    }


SEAT_VIEW: list[tuple[str, Event, int, dict[str, Any]]] = [
    (
        "another seat's draw is hidden",
        Event("tsumo", actor=1, tile=124),
        0,
        {"type": "tsumo", "actor": 1, "pai": "?"},
    ),
    ("the seat's own draw is shown", Event("tsumo", actor=0, tile=124), 0, {"type": "tsumo", "actor": 0, "pai": "P"}),
    (
        "the seat's id is in start_game",
        Event("start_game", info={"players": 3}),
        1,
        {"type": "start_game", "names": ["seat0", "seat1", "seat2"], "id": 1},
    ),
]


@pytest.mark.parametrize(("event", "seat", "expected"), [r[1:] for r in SEAT_VIEW], ids=[r[0] for r in SEAT_VIEW])
def test_seat_view_rows(event: Event, seat: int, expected: dict[str, Any]) -> None:
    assert mjai.export_events([event], seat=seat) == [expected]


def test_seat_view_of_the_deal_shows_only_the_own_hand() -> None:
    (out,) = mjai.export_events([Event("start_kyoku", actor=2, info=START_KYOKU_INFO)], seat=3)
    assert out["tehais"][:3] == [["?"] * 13] * 3
    assert out["tehais"][3][4] == "5pr"


@pytest.mark.parametrize(("red_fives", "label"), [((1, 1, 1), "one red each"), ((0, 2, 1), "two red 5p no red 5m")])
@pytest.mark.parametrize("tile", range(136))
def test_tile_notation_round_trip(tile: int, red_fives: tuple[int, int, int], label: str) -> None:
    pai = mjai.pai_of_id(tile, red_fives)
    assert mjai.code_of_pai(pai) == mjai.code_of_id(tile, red_fives)
    assert pai.endswith("r") == mjai.is_red_id(tile, red_fives)


def test_hidden_tile_is_none() -> None:
    assert mjai.pai_of_id(None) == "?"
    assert mjai.code_of_pai("?") is None


# (name, line, expected value)
READ_ROWS: list[tuple[str, str, mjai.MjaiEvent]] = [
    (
        "older dahai with possible_actions",
        '{"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false,"possible_actions":[]}',
        mjai.Dahai(0, 34, False),
    ),
    (
        "older hora with yakus and uradora_markers",
        '{"type":"hora","actor":1,"target":1,"pai":"C","uradora_markers":["E"],"yakus":[["reach",1]],'
        '"fu":30,"fan":1,"deltas":[-500,1100,-300,-300],"scores":[1,2,3,4]}',
        mjai.Hora(1, 1, (-500, 1100, -300, -300), (27,)),
    ),
    ("hora without deltas", '{"type":"hora","actor":1,"target":0}', mjai.Hora(1, 0, None, ())),
    (
        "older reach_accepted with deltas and scores",
        '{"type":"reach_accepted","actor":3,"deltas":[0,0,0,-1000],"scores":[1,2,3,4]}',
        mjai.ReachAccepted(3),
    ),
    ("nukidora", '{"type":"nukidora","actor":2,"pai":"N"}', mjai.Nukidora(2, 30)),
    ("kita is nukidora", '{"type":"kita","actor":1,"pai":"N"}', mjai.Nukidora(1, 30)),
    ("kakan without consumed", '{"type":"kakan","actor":0,"pai":"F"}', mjai.Kakan(0, 32, ())),
    ("hidden draw", '{"type":"tsumo","actor":2,"pai":"?"}', mjai.Tsumo(2, None)),
    ("older ryukyoku with tenpais", '{"type":"ryukyoku","reason":"fanpai","tenpais":[]}', mjai.Ryukyoku(None)),
    ("bot's start_game", '{"type":"start_game","id":2}', mjai.StartGame((), 2)),
]


@pytest.mark.parametrize(("line", "expected"), [r[1:] for r in READ_ROWS], ids=[r[0] for r in READ_ROWS])
def test_read_tolerates_older_fields(line: str, expected: mjai.MjaiEvent) -> None:
    assert mjai.read_lines([line]) == [expected]


# (name, text, what the error says)
BAD_LINES: list[tuple[str, str, str]] = [
    ("not JSON", '{"type":"end_kyoku"}\n{"type":', "mjai line 2: not JSON"),
    ("not an object", '["tsumo"]', "mjai line 1: an mjai event is a JSON object"),
    ("nested past the decoder", '{"type":"end_kyoku"}\n' + "[" * 100_000 + "]" * 100_000, "mjai line 2: not JSON"),
    ("unknown type", '{"type":"wave"}', "mjai line 1: unknown event type 'wave'"),
    ("missing field", '{"type":"dahai","actor":0}', 'mjai line 1: dahai has no "pai"'),
    ("bad tile", '{"type":"tsumo","actor":0,"pai":"0m"}', "mjai line 1: '0m' is not an mjai tile"),
    ("bad seat", '{"type":"reach","actor":7}', 'mjai line 1: "actor" must be a seat 0..3'),
    ("blank lines count", '\n\n{"type":"dora"}', 'mjai line 3: dora has no "dora_marker"'),
]


@pytest.mark.parametrize(("text", "message"), [r[1:] for r in BAD_LINES], ids=[r[0] for r in BAD_LINES])
def test_malformed_line_is_named(text: str, message: str) -> None:
    with pytest.raises(mjai.MjaiFormatError) as err:
        mjai.read_lines(text)
    assert str(err.value).startswith(message)


# ------------------------------------------------------------------------------------------------ corpus
GAMES = (
    "4p/2022060100gm-00a9-0000-01481d95.xml",  # chi, pon, kakan, reach
    "4p/2010081709gm-00a9-0000-fe3371ad.xml",
    "4p/2022060100gm-00a9-0000-34c99cfa.xml",  # daiminkan
    "3p/2023010100gm-00b1-0000-f1fa80e1.xml",  # nukidora, ankan
    "3p/2023010100gm-00b9-0000-2e52f038.xml",
)


def corpus_events(name: str) -> tuple[list[Event], tuple[int, int, int]]:
    rec = record(name)
    return replay_events(rec), rules_for(rec).red_fives


def expected_value(
    ev: Event, red: tuple[int, int, int], pons: dict[tuple[int, int], tuple[int | None, ...]]
) -> mjai.MjaiEvent | None:
    """What reading an event's mjai line back must give: its tiles as codes, its actors and deltas (a kakan's
    consumed are the tiles of the pon it extends, which ``pons`` keeps by actor and kind)."""

    def code(tile: int | None) -> int | None:
        return None if tile is None else mjai.code_of_id(tile, red)

    def codes(tiles: Any) -> tuple[int | None, ...]:
        return tuple(code(t) for t in tiles)

    i = ev.info
    a = ev.actor if ev.actor is not None else -1
    kind = -1 if ev.tile is None else ev.tile >> 2
    if ev.type == "pon":
        pons[(a, kind)] = codes((*ev.consumed, ev.tile))
    match ev.type:
        case "start_kyoku":
            hands = tuple(codes(h) for h in i["hands"])
            return mjai.StartKyoku(
                i["round"] % 4, i["hand"] + 1, i["honba"], i["sticks"], i["dealer"], code(i["dora_marker"]),
                tuple(i["scores"]), hands,
            )  # fmt: skip
        case "tsumo":
            return mjai.Tsumo(a, code(ev.tile))
        case "dahai":
            return mjai.Dahai(a, code(ev.tile), i["tsumogiri"])
        case "chi" | "pon" | "daiminkan":
            return mjai.Naki(ev.type, a, ev.target or 0, code(ev.tile), codes(ev.consumed))
        case "kakan":
            return mjai.Kakan(a, code(ev.tile), pons[(a, kind)])
        case "ankan":
            return mjai.Ankan(a, codes(ev.consumed))
        case "nukidora":
            return mjai.Nukidora(a, code(ev.tile))
        case "dora":
            return mjai.Dora(code(ev.tile))
        case "reach":
            return mjai.Reach(a)
        case "reach_accepted":
            return mjai.ReachAccepted(a)
        case "hora":
            return mjai.Hora(a, ev.target or 0, tuple(i["deltas"]), codes(i["ura_markers"]))
        case "ryukyoku":
            return mjai.Ryukyoku(tuple(i["deltas"]))
        case "end_kyoku":
            return mjai.EndKyoku()
        case "end_game":
            return mjai.EndGame()
    return None


@pytest.mark.parametrize("name", GAMES)
def test_corpus_export_import_round_trip(name: str) -> None:
    events, red = corpus_events(name)
    back = mjai.read_lines(mjai.export_lines(events, red_fives=red))
    assert isinstance(back[0], mjai.StartGame)
    pons: dict[tuple[int, int], tuple[int | None, ...]] = {}
    wanted = [expected_value(e, red, pons) for e in events if e.type != "start_game"]
    assert back[1:] == [w for w in wanted if w is not None]


@pytest.mark.parametrize("name", GAMES)
def test_corpus_seat_view_hides_the_other_hands(name: str) -> None:
    """A seat's export is the full export with only the other seats' deal and draws hidden, and those hidden:
    no concealed tile of another seat is named, and nothing public is lost."""
    events, red = corpus_events(name)
    full = mjai.export_events(events, red_fives=red)
    players = len(full[1]["scores"])
    for seat in range(players):
        view = mjai.export_events(events, red_fives=red, seat=seat)
        assert len(view) == len(full)
        for mine, whole in zip(view, full, strict=True):
            if mine["type"] == "start_kyoku":
                for other, hand in enumerate(mine["tehais"]):
                    assert hand == (whole["tehais"][other] if other == seat else ["?"] * 13)
                assert {k: v for k, v in mine.items() if k != "tehais"} == {
                    k: v for k, v in whole.items() if k != "tehais"
                }
            elif mine["type"] == "tsumo" and mine["actor"] != seat:
                assert mine == {**whole, "pai": "?"}
            elif mine["type"] == "start_game":
                assert mine == {**whole, "id": seat}
            else:
                assert mine == whole
        assert json.dumps(view)  # plain JSON data throughout
