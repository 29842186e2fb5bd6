"""Logs converted between formats (``jantaku.formats.convert``): a Tenhou record as one game of ours
(``tenhou_replay.record_game``), mjai lines imported (``mjai.read_record``), and the registry choosing formats.

The round trips run on the whole Tenhou corpus (``JANTAKU_TENHOU_DIR``; without it they skip): mjlog → our game →
our log → ``Game.replay`` gives the same events and final scores, and → mjai lines → our game the same hand results
and final scores. The mjai rows are ours, written from the mjai protocol's documentation.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from jantaku import formats as th
from jantaku.engine import Game
from jantaku.formats import convert, mjai, tenhou6
from jantaku.formats.tenhou_replay import RecordMismatch, hand_label, record_game, replay_events
from tests.formats.corpus import corpus_files, corpus_path, record, require_corpus

FIRST_4P = "4p/2022060100gm-00a9-0000-01481d95.xml"
FIRST_3P = "3p/2023010100gm-00b1-0000-f1fa80e1.xml"  # nukidora, East only


def results(game: Game) -> list[tuple[str, int | None, int | None, object]]:
    """Every hand's result: who won from whom (or the draw), and the deltas."""
    return [(e.type, e.actor, e.target, e.info.get("deltas")) for e in game.events if e.type in ("hora", "ryukyoku")]


def mjai_text(game: Game) -> str:
    return mjai.export_lines(game.events, red_fives=game.rules.red_fives)


@pytest.fixture(scope="module")
def first_game() -> Game:
    return record_game(record(FIRST_4P))


# ------------------------------------------------------------------------------------------------ the corpus
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name if p else "no-corpus")
def test_corpus_round_trips_through_our_log_mjai_and_tenhou6(path: Path | None) -> None:
    if path is None:
        require_corpus()
        return
    rec = th.read_game(path)
    game = record_game(rec)
    assert game.over and game.final is not None
    assert rec.owari is not None and game.final.scores == rec.owari.scores
    again = Game.replay(game.log)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
    assert again.final is not None and again.final.scores == game.final.scores
    imported = convert.read(mjai_text(game), "mjai")
    assert results(imported) == results(game)
    assert imported.final is not None and imported.final.scores == game.final.scores
    viewer = convert.read(convert.write(again, "tenhou6"), "tenhou6")
    assert results(viewer) == results(game)
    assert viewer.final is not None and viewer.final.scores == game.final.scores


def test_record_game_is_one_game_through_every_hand(first_game: Game) -> None:
    rec = record(FIRST_4P)
    starts = [e for e in first_game.events if e.type == "start_kyoku"]
    assert len(starts) == len(rec.hands)
    assert [e.type for e in first_game.events].count("start_game") == 1
    header = json.loads(first_game.log[0])
    assert len(header["walls"]) == len(rec.hands) and header["seed"] == f"tenhou:{Path(rec.source).name}"


def test_a_record_that_does_not_replay_names_the_hand() -> None:
    rec = record(FIRST_4P)
    hand = rec.hands[2]
    events = [e for e in hand.events if not isinstance(e, th.RecordedDiscard) or e is not _first_discard(hand)]
    hands = list(rec.hands)
    hands[2] = replace(hand, events=tuple(events))
    with pytest.raises(RecordMismatch, match=r"\(hand 3\)"):
        record_game(replace(rec, hands=tuple(hands)))


def _first_discard(hand: th.TenhouHand) -> th.Event:
    return next(e for e in hand.events if isinstance(e, th.RecordedDiscard))


def test_a_record_without_hands_is_refused() -> None:
    with pytest.raises(RecordMismatch, match="no hands"):
        record_game(replace(record(FIRST_4P), hands=()))


# ------------------------------------------------------------------------------------------------ mjai import
def test_kita_is_read_as_nukidora() -> None:
    game = record_game(record(FIRST_3P))
    text = mjai_text(game)
    assert '"nukidora"' in text
    imported = convert.read(text.replace('"nukidora"', '"kita"'), "mjai")
    assert results(imported) == results(game)


def test_older_protocol_fields_are_tolerated(first_game: Game) -> None:
    lines = []
    for line in mjai_text(first_game).splitlines():
        data = json.loads(line)
        data["possible_actions"] = []
        if data["type"] == "hora":
            data["yakus"] = [["riichi", 1]]
        lines.append(json.dumps(data))
    assert results(convert.read("\n".join(lines), "mjai")) == results(first_game)


def test_a_log_without_deltas_replays_uncompared(first_game: Game) -> None:
    lines = [json.loads(line) for line in mjai_text(first_game).splitlines()]
    for data in lines:
        data.pop("deltas", None)
    imported = convert.read("\n".join(map(json.dumps, lines)), "mjai")
    assert results(imported) == results(first_game)


def test_wrong_deltas_are_a_difference(first_game: Game) -> None:
    lines = [json.loads(line) for line in mjai_text(first_game).splitlines()]
    hora = next(d for d in lines if d["type"] == "hora")
    hora["deltas"] = [d + 100 * (i % 2 * 2 - 1) for i, d in enumerate(hora["deltas"])]
    with pytest.raises(convert.ConvertError, match="deltas"):
        convert.read("\n".join(map(json.dumps, lines)), "mjai")


def _edit(text: str, number: int, change: dict[str, object]) -> str:
    lines = text.splitlines()
    data = json.loads(lines[number - 1])
    data.update(change)
    lines[number - 1] = json.dumps(data)
    return "\n".join(lines)


def _line_of(text: str, kind: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if json.loads(line)["type"] == kind)


# (name, change to the first line of that type, the error's start)
BAD_IMPORTS: list[tuple[str, str, dict[str, object], str]] = [
    ("a hidden draw is refused", "tsumo", {"pai": "?"}, "mjai line {n}: a hidden tile (?)"),
    (
        "a hidden start hand is refused",
        "start_kyoku",
        {"tehais": [["?"] * 13] * 4},
        "mjai line {n}: a hidden tile (?)",
    ),
    ("a discard not in hand", "dahai", {"pai": "C", "tsumogiri": False}, "mjai line {n}: seat 0 has no C in hand"),
    (
        "five players' scores",
        "start_kyoku",
        {"scores": [25000] * 5},
        "mjai line {n}: start_kyoku: 5 scores",
    ),
]


@pytest.mark.parametrize(("kind", "change", "message"), [r[1:] for r in BAD_IMPORTS], ids=[r[0] for r in BAD_IMPORTS])
def test_a_bad_import_names_the_line(first_game: Game, kind: str, change: dict[str, object], message: str) -> None:
    text = mjai_text(first_game)
    n = _line_of(text, kind)
    with pytest.raises(mjai.MjaiFormatError) as err:
        mjai.read_record(_edit(text, n, change))
    assert str(err.value).startswith(message.format(n=n))


def test_a_call_of_a_tile_nobody_discarded_is_refused(first_game: Game) -> None:
    text = mjai_text(first_game)
    n = _line_of(text, "pon")
    actor = json.loads(text.splitlines()[n - 1])["actor"]
    with pytest.raises(mjai.MjaiFormatError, match=f"line {n}: pon: seat {actor} did not just discard"):
        mjai.read_record(_edit(text, n, {"target": actor}))


def test_an_event_before_any_hand_is_refused() -> None:
    with pytest.raises(mjai.MjaiFormatError, match="line 2: Tsumo outside a hand"):
        mjai.read_record('{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"1m"}')


def test_a_log_without_hands_is_refused() -> None:
    with pytest.raises(convert.ConvertError, match="no hand"):
        convert.read('{"type":"start_game"}\n{"type":"end_game"}\n', "mjai")


def test_a_fifth_copy_is_refused(first_game: Game) -> None:
    text = mjai_text(first_game)
    n = _line_of(text, "start_kyoku")
    with pytest.raises(mjai.MjaiFormatError, match="a fifth 1m in one hand"):
        mjai.read_record(_edit(text, n, {"tehais": [["1m"] * 13] * 4}))


def test_a_cut_log_ends_where_it_stops(first_game: Game) -> None:
    text = mjai_text(first_game)
    lines = text.splitlines()
    end = next(n for n, line in enumerate(lines) if json.loads(line)["type"] == "end_kyoku")
    game = convert.read("\n".join(lines[: end + 1]), "mjai")
    assert results(game) == results(first_game)[:1] and not game.over


# ------------------------------------------------------------------------------------------------ choosing formats
OURS = '{"type":"header","rules":{}}\n'
MJAI = '{"type":"start_game","names":["a","b","c","d"]}\n'
# (name, file name, content, format)
DETECTION: list[tuple[str, str, str, str]] = [
    ("mjlog by extension", "a.xml", "", "mjlog"),
    ("mjlog's .mjlog", "2009082713gm-00a9-0000-3a2b1c0d.mjlog", "", "mjlog"),
    ("tenhou.net/6 by extension", "a.json", "", "tenhou6"),
    ("mjai by .mjson", "a.mjson", "", "mjai"),
    ("mjai by .mjai.jsonl", "a.mjai.jsonl", OURS, "mjai"),
    ("ours by .jsonl and its header", "a.jsonl", OURS, "ours"),
    ("a .jsonl holding mjai lines", "a.jsonl", MJAI, "mjai"),
    ("a .jsonl starting at a hand is mjai", "a.jsonl", '{"type":"start_kyoku"}\n', "mjai"),
    ("an empty .jsonl is ours by its extension", "a.jsonl", "", "ours"),
    ("stdin: XML", "-", "  <mjloggm ver='2.3'>", "mjlog"),
    ("stdin: a JSON object with log", "-", '{"title": ["", ""], "log": []}', "tenhou6"),
    ("stdin: pretty-printed tenhou.net/6", "-", '{\n  "log": []\n}', "tenhou6"),
    ("stdin: our header", "-", OURS, "ours"),
    ("stdin: mjai", "-", MJAI, "mjai"),
    ("unknown extension: sniffed", "game.txt", MJAI, "mjai"),
    ("a byte-order mark is skipped", "-", "\ufeff" + OURS, "ours"),
]


@pytest.mark.parametrize(("name", "text", "fmt"), [r[1:] for r in DETECTION], ids=[r[0] for r in DETECTION])
def test_format_is_detected(name: str, text: str, fmt: str) -> None:
    assert convert.detect(name, text) == fmt


DEEP = "[" * 100_000 + "]" * 100_000  # arrays nested past the JSON decoder's depth: a RecursionError inside it
# (name, file name, content)
UNDETECTABLE: list[tuple[str, str, str]] = [
    ("plain text", "-", "hello"),
    ("a JSON list", "-", "[1, 2]"),
    ("a JSON object of no format", "game.txt", '{"type": "other"}'),
    ("JSON nested past the decoder", "-", DEEP),
]


@pytest.mark.parametrize(("name", "text"), [r[1:] for r in UNDETECTABLE], ids=[r[0] for r in UNDETECTABLE])
def test_an_unknown_format_is_an_error(name: str, text: str) -> None:
    with pytest.raises(convert.ConvertError, match="cannot tell the format"):
        convert.detect(name, text)


# (name, bytes, the error's text)
BAD_INPUTS: list[tuple[str, bytes, str]] = [
    ("too large", b" " * (convert.MAX_BYTES + 1), "larger than 20 MB"),
    ("not UTF-8", b"\xff\xfe\x00<", "not UTF-8"),
    ("a damaged gzip file", b"\x1f\x8b\x08\x00broken", "damaged gzip"),
]


@pytest.mark.parametrize(("data", "message"), [r[1:] for r in BAD_INPUTS], ids=[r[0] for r in BAD_INPUTS])
def test_an_unreadable_input_is_an_error(data: bytes, message: str) -> None:
    with pytest.raises(convert.ConvertError, match=message):
        convert.decode(data)


def test_gzipped_mjlog_is_read() -> None:
    data = corpus_path(FIRST_4P).read_bytes()
    assert convert.decode(gzip.compress(data)) == data.decode()


# (name, text, format, the error's text)
BAD_READS: list[tuple[str, str, str, str]] = [
    ("an empty log", "  \n", "ours", "is empty"),
    ("a line over the limit", "x" * (convert.MAX_LINE + 1), "mjai", "line 1 is longer than"),
    ("our log that is not one", '{"type":"header"}', "ours", "not a jantaku log"),
    ("mjlog that is not XML", "<mjloggm", "mjlog", "not a Tenhou mjlog"),
    ("mjai that is not JSON", "{", "mjai", "mjai line 1: not JSON"),
    ("our log nested past the decoder", DEEP, "ours", "log line 1 is not JSON"),
    ("mjai nested past the decoder", DEEP, "mjai", "mjai line 1: not JSON"),
    ("an mjai field nested past the decoder", '{"type":"dahai","pai":' + DEEP + "}", "mjai", "mjai line 1: not JSON"),
    ("tenhou.net/6 nested past the decoder", '{"log":' + DEEP + "}", "tenhou6", "not JSON"),
    ("an unknown format", "x", "kifu", "unknown format 'kifu'"),
]


@pytest.mark.parametrize(("text", "fmt", "message"), [r[1:] for r in BAD_READS], ids=[r[0] for r in BAD_READS])
def test_an_unreadable_log_is_an_error(text: str, fmt: str, message: str) -> None:
    with pytest.raises(convert.ConvertError, match=message):
        convert.read(text, fmt)


def test_mjlog_text_takes_the_date_of_its_name() -> None:
    text = corpus_path(FIRST_4P).read_text()
    stop = "last_dealer_stop_tenpai"
    assert convert.read(text, "mjlog").rules.options()[stop] is True  # undated: today's rules
    before = convert.ReadOptions(undated=dt.date(2010, 5, 1))  # Tenhou's rule before June 2010
    assert convert.read(text, "mjlog", before).rules.options()[stop] is False
    dated = convert.ReadOptions(source=Path(FIRST_4P).name, undated=dt.date(2010, 5, 1))
    assert convert.read(text, "mjlog", dated).rules.options()[stop] is True  # the name's date wins
    with pytest.raises(convert.ConvertError, match="is not a date"):
        convert.read(text, "mjlog", convert.ReadOptions(source="2010139909gm-00a9-0000-fe3371ad.xml"))


def test_every_writable_format_round_trips(first_game: Game) -> None:
    for fmt in convert.writable():
        again = convert.read(convert.write(first_game, fmt), fmt)
        assert results(again) == results(first_game), fmt


# (name, preset, options, the refusal's words): rule sets mjai and tenhou.net/6 cannot speak of
NO_RIICHI_FORM: list[tuple[str, str, dict[str, Any], str]] = [
    ("zung jung", "zung-jung", {}, "speak riichi mahjong"),
    ("the superpower preset", "superpower", {}, "no words for superpowers"),
    ("a riichi preset with powers on", "tenhou", {"superpowers": True}, "no words for superpowers"),
]


@pytest.mark.parametrize(("name", "rules", "options", "words"), NO_RIICHI_FORM, ids=[r[0] for r in NO_RIICHI_FORM])
@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "hands"])
def test_writers_of_other_rules_refuse_them(
    name: str, rules: str, options: dict[str, Any], words: str, fmt: str
) -> None:
    from jantaku.rules import PRESETS

    game = Game(PRESETS[rules].with_options(**options), 1)
    with pytest.raises(convert.ConvertError, match=words):
        if fmt == "hands":
            convert.hand_documents(game)
        else:
            convert.write(game, fmt)


def test_mjlog_cannot_be_written(first_game: Game) -> None:
    with pytest.raises(convert.ConvertError, match="cannot write mjlog"):
        convert.write(first_game, "mjlog")


def test_the_players_names_are_carried_to_the_writer() -> None:
    rec = record(FIRST_4P)
    log = convert.read_log(corpus_path(FIRST_4P).read_text(), "mjlog")
    assert log.names == tuple(p.name for p in rec.players[:4]) and all(log.names)
    text = convert.write(log.game, "mjai", convert.WriteOptions(names=log.names))
    assert json.loads(text.splitlines()[0])["names"] == list(log.names)
    assert convert.read_log(text, "mjai").names == log.names
    assert convert.read_log(convert.write(log.game, "ours"), "ours").names is None  # our log keeps no names


def triple_ron_record() -> th.TenhouGame:
    """One hand, written from the record model: seats 1-3 wait on 1s with white, green and red dragon triplets
    (yakuhai), and the dealer draws and discards the fourth 1s. Tenhou aborts the hand (``ron3``)."""
    hands = (
        (12, 16, 20, 24, 28, 32, 36, 40, 44, 60, 64, 68, 76),
        (124, 125, 126, 0, 4, 8, 48, 52, 56, 96, 100, 104, 72),
        (128, 129, 130, 1, 5, 9, 49, 53, 57, 97, 101, 105, 73),
        (132, 133, 134, 2, 6, 10, 50, 54, 58, 98, 102, 106, 74),
    )
    init = th.Init(0, 0, 0, (0, 0), 80, (25000,) * 4, 0, hands)
    shown = tuple((seat, hands[seat]) for seat in (1, 2, 3))
    events: tuple[th.Event, ...] = (
        th.Draw(0, 75),
        th.RecordedDiscard(0, 75),
        th.Ryuukyoku("ron3", 0, 0, (25000,) * 4, (0, 0, 0, 0), shown),
    )
    players = tuple(th.RecordedPlayer(n) for n in "ABCD")
    return th.TenhouGame("<triple ron>", th.GameRules.from_bits(0x09), players, 0, (th.TenhouHand(init, events),), None)


def test_a_triple_ron_reads_back_from_mjai() -> None:
    game = record_game(triple_ron_record(), scored=False)  # no end of game in the record: it stops after the hand
    reasons = [e.info.get("reason") for e in game.events if e.type == "ryukyoku"]
    assert reasons == ["triple_ron"]
    text = mjai_text(game).split('{"type":"end_kyoku"}')[0] + '{"type":"end_kyoku"}\n'  # the next deal cut off
    assert '"type":"hora"' not in text  # mjai says only "ryukyoku"
    again = convert.read(text, "mjai")
    assert [e.info.get("reason") for e in again.events if e.type == "ryukyoku"] == ["triple_ron"]


#: A hand written from the mjai protocol's documentation, as a Mortal-style log writes it (the older protocol's
#: extra fields included): the dealer's first draw completes the hand, a Blessing of Heaven paid 16,000 by each.
HEAVENLY_HAND = [
    {"type": "start_game", "names": ["Ann", "Bo", "Cy", "Di"], "id": 0},
    {
        "type": "start_kyoku",
        "bakaze": "E",
        "dora_marker": "N",
        "kyoku": 1,
        "honba": 0,
        "kyotaku": 0,
        "oya": 0,
        "scores": [25000, 25000, 25000, 25000],
        "tehais": [
            ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p"],
            ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "E", "E", "S"],
            ["1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "W", "W", "W", "N"],
            ["6p", "7p", "8p", "9p", "6p", "7p", "8p", "9p", "P", "P", "P", "F", "C"],
        ],
    },
    {"type": "tsumo", "actor": 0, "pai": "5p", "possible_actions": [{"type": "hora", "actor": 0, "target": 0}]},
    {
        "type": "hora",
        "actor": 0,
        "target": 0,
        "pai": "5p",
        "deltas": [48000, -16000, -16000, -16000],
        "ura_markers": [],
        "yakus": [["tenhou", 13]],
        "fu": 0,
        "fan": 13,
    },
    {"type": "end_kyoku"},
]


def test_a_hand_written_from_the_protocol_imports() -> None:
    log = convert.read_log("\n".join(json.dumps(e) for e in HEAVENLY_HAND), "mjai")
    hora = next(e for e in log.game.events if e.type == "hora")
    assert (hora.actor, hora.target, hora.info["deltas"]) == (0, 0, [48000, -16000, -16000, -16000])
    assert [k for k, _ in hora.info["yaku"]] == ["tenhou"]
    assert log.names == ("Ann", "Bo", "Cy", "Di")
    assert log.game.state.scores == (73000, 9000, 9000, 9000) and not log.game.over


def test_a_readers_unforeseen_error_is_a_convert_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(text: str) -> th.TenhouGame:
        return {}["log"]  # type: ignore[no-any-return]  # a reader tripping over input it did not expect

    monkeypatch.setitem(convert.FORMATS, "tenhou6", convert.Format("tenhou6", ".json", convert.record_reader(broken)))
    with pytest.raises(convert.ConvertError, match="not a readable tenhou6 log: KeyError"):
        convert.read('{"log": []}', "tenhou6")


# ------------------------------------------------------------------------------------------------ one hand a document
def our_labels(game: Game) -> list[str]:
    """The label of each hand the game played, as our rounds are labelled (from its ``start_kyoku`` events)."""
    starts = [e.info for e in game.events if e.type == "start_kyoku"]
    return [f"{'ESWN'[s['round']]}{s['hand'] + 1}-{s['honba']}" for s in starts]


def test_each_hand_is_a_document_of_its_own_labelled_as_our_rounds(first_game: Game) -> None:
    hands = convert.hand_documents(first_game, convert.WriteOptions(names=["a", "b", "c", "d"], title="t"))
    assert [label for label, _ in hands] == our_labels(first_game)
    for label, doc in hands:
        assert len(doc["log"]) == 1 and doc["name"] == ["a", "b", "c", "d"], label


def test_each_hand_document_replays_as_that_hand(first_game: Game) -> None:
    """Each document is one hand of Tenhou's record model, labelled alike, replaying to that hand's result."""
    ends = [[r] for r in results(first_game)]  # the first record has no double ron: one result a hand
    hands = convert.hand_documents(first_game)
    assert len(hands) == len(ends)
    for (label, doc), end in zip(hands, ends, strict=True):
        record = tenhou6.read_game(tenhou6.dumps(doc))
        (hand,) = record.hands
        assert hand_label(hand.init) == label
        replayed = [(e.type, e.actor, e.target, e.info.get("deltas")) for e in replay_events(record)]
        assert [r for r in replayed if r[0] in ("hora", "ryukyoku")] == end, label


# (name, [round, honba, sticks], label)
LABELS: list[tuple[str, list[int], str]] = [
    ("the first hand", [0, 0, 0], "E1-0"),
    ("East 4 with a honba", [3, 1, 0], "E4-1"),
    ("South 1 after East 4", [4, 2, 1], "S1-2"),
    ("West 2 of an extended game", [9, 0, 0], "W2-0"),
]


@pytest.mark.parametrize(("head", "label"), [r[1:] for r in LABELS], ids=[r[0] for r in LABELS])
def test_a_hand_is_labelled_from_its_round_number(head: list[int], label: str) -> None:
    assert convert.hand_label({"log": [[head, [25000] * 4, [11], []]]}) == label


NAMES = ["Ann", "Bob", "Cy", "Di"]
# (name, the hand's result, players, outcome, in words)
OUTCOMES: list[tuple[str, list[object], int, dict[str, object], str]] = [
    ("a ron", ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点", "立直(1飜)"]], 4,
     {"wins": [{"seat": 2, "from": 1, "gain": 3900}], "draw": None, "tenpai": []}, "Cy ron 3900 from Bob"),
    ("a tsumo with honba", ["和了", [4300, -1500, -1400, -1400], [0, 0, 0, "満貫4000点∀"]], 4,
     {"wins": [{"seat": 0, "from": None, "gain": 4300}], "draw": None, "tenpai": []}, "Ann tsumo 4300"),
    ("a double ron", ["和了", [1000, 0, -1000, 0], [0, 2, 0, "30符1飜1000点"], [0, 0, -2000, 2000], [3, 2, 3, "x"]],
     4, {"wins": [{"seat": 0, "from": 2, "gain": 1000}, {"seat": 3, "from": 2, "gain": 2000}], "draw": None,
         "tenpai": []}, "Ann ron 1000 from Cy, Di ron 2000 from Cy"),
    ("a draw with two tenpai", ["流局", [1500, -1500, 1500, -1500]], 4,
     {"wins": [], "draw": "exhaustive", "tenpai": [0, 2]}, "draw: Ann, Cy tenpai"),
    ("a draw all tenpai", ["全員聴牌", [0, 0, 0, 0]], 3,
     {"wins": [], "draw": "exhaustive", "tenpai": [0, 1, 2]}, "draw: Ann, Bob, Cy tenpai"),
    ("a draw nobody tenpai", ["全員不聴", [0, 0, 0, 0]], 4,
     {"wins": [], "draw": "exhaustive", "tenpai": []}, "draw: nobody tenpai"),
    ("nine terminals", ["九種九牌"], 4, {"wins": [], "draw": "nine_terminals", "tenpai": []}, "draw: nine terminals"),
    ("nagashi mangan", ["流し満貫", [-4000, 12000, -4000, -4000]], 4,
     {"wins": [], "draw": "nagashi_mangan", "tenpai": []}, "draw: nagashi mangan"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("result", "players", "outcome", "words"), [r[1:] for r in OUTCOMES], ids=[r[0] for r in OUTCOMES]
)
def test_a_hands_outcome_is_read_from_its_result(
    result: list[object], players: int, outcome: dict[str, object], words: str
) -> None:
    doc = {"log": [[[0, 0, 0], [25000] * 4, [11], [], result]]}
    assert convert.hand_outcome(doc, players) == outcome
    assert convert.describe_outcome(outcome, NAMES[:players]) == words


def test_a_seat_without_a_name_is_named_by_its_number() -> None:
    outcome = {"wins": [{"seat": 1, "from": None, "gain": 1000}], "draw": None, "tenpai": []}
    assert convert.describe_outcome(outcome, ["Ann", ""]) == "seat 2 tsumo 1000"


# (name, the game's index under seed "probe"): East games of the standard preset without an extension,
# played by our CPUs, whose end Tenhou's rules would place elsewhere; found by playing seeds until each happened
OWN_RULES: list[tuple[str, int]] = [
    ("ours ends after East 4 where Tenhou's extends", 3),
    ("ours plays on where Tenhou's dealer would stop", 5),
]


@pytest.mark.parametrize("index", [r[1] for r in OWN_RULES], ids=[r[0] for r in OWN_RULES])
def test_a_tenhou6_document_of_ours_replays_under_its_own_rules(index: int) -> None:
    from jantaku.rules import PRESETS
    from jantaku.sim.play import play_game

    rules = PRESETS["standard"].with_options(length="east", extension="none")
    played = play_game(rules, ["normal"] * 4, "probe", index, keep_log=True)
    assert played.log is not None
    game = Game.replay(played.log)
    text = convert.write(game, "tenhou6")
    assert json.loads(text)[tenhou6.EXTENSION]["rules"] == convert.rule_words(rules)
    again = convert.read(text, "tenhou6")
    plain = {"description", "source"}  # words that change nothing in play are not kept
    assert {k: v for k, v in again.rules.options().items() if k not in plain} == {
        k: v for k, v in rules.options().items() if k not in plain
    }
    assert results(again) == results(game)
    assert again.final is not None and game.final is not None and again.final.scores == game.final.scores


# (name, the rules a document names, the refusal's words)
FOREIGN_RULES: list[tuple[str, dict[str, Any], str]] = [
    ("an unknown option", {"name": "x", "no_such_option": 1}, "not a rule set"),
    ("a Zung Jung table", {"name": "zung-jung", "family": "zung-jung"}, "not a 4-player riichi table"),
    ("superpowers", {"name": "superpower", "superpowers": True}, "not a 4-player riichi table"),
    ("a 3-player table", {"players": 3, "chi": False, "red_fives": [0, 1, 1]}, "not a 4-player riichi table"),
]


@pytest.mark.parametrize(("rules", "words"), [r[1:] for r in FOREIGN_RULES], ids=[r[0] for r in FOREIGN_RULES])
def test_a_tenhou6_document_naming_rules_it_cannot_hold_is_refused(
    first_game: Game, rules: dict[str, Any], words: str
) -> None:
    doc = json.loads(convert.write(first_game, "tenhou6"))
    doc[tenhou6.EXTENSION]["rules"] = rules
    with pytest.raises(convert.ConvertError, match=words):
        convert.read(json.dumps(doc), "tenhou6")
