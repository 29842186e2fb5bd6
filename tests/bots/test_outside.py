"""The outside-bot seat: mjai replies mapped to legal actions, the seat's view and nothing more sent to the program,
faults played by the default and recorded, processes always reaped (docs/mjai-bots.md)."""

from __future__ import annotations

import copy
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from jantaku.bots import make_player
from jantaku.bots.outside import (
    MAX_REASON,
    BotCommand,
    BotFault,
    BotProcess,
    OutsideSeat,
    action_of_reply,
    default_action,
    outside_lineup_entry,
    short_reason,
)
from jantaku.engine import Game
from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
    action_to_json,
)
from jantaku.engine.events import Event
from jantaku.formats.mjai import export_events
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.sim.play import parse_players, play_game
from jantaku.tiles import FIVES, first_id, kind_of_id

STANDIN = Path(__file__).with_name("mjai_standin.py")


def standin(convention: str, *options: str) -> BotCommand:
    return BotCommand((sys.executable, str(STANDIN), "--convention", convention, *options), convention)


# ------------------------------------------------------------------------------------------------ replies
# physical ids: 1m = 0..3, 4m = 12..15, 5m = 16..19 (16 red), 6m = 20..23, N = 120..123
REPLIES: list[tuple[str, dict[str, Any], list[Action], dict[str, Any], Action | None]] = [
    ("tsumogiri is the drawn copy", {"type": "dahai", "pai": "5m", "tsumogiri": True},
     [Discard(17), Discard(18)], {"drawn": 18}, Discard(18)),
    ("a hand discard is not the drawn copy", {"type": "dahai", "pai": "5m", "tsumogiri": False},
     [Discard(17), Discard(18)], {"drawn": 18}, Discard(17)),
    ("a tsumogiri flag with no such copy still finds the tile", {"type": "dahai", "pai": "5m", "tsumogiri": True},
     [Discard(17)], {"drawn": 3}, Discard(17)),
    ("5mr is the red copy", {"type": "dahai", "pai": "5mr", "tsumogiri": False},
     [Discard(16), Discard(17)], {}, Discard(16)),
    ("5m is a plain copy", {"type": "dahai", "pai": "5m", "tsumogiri": False},
     [Discard(16), Discard(17)], {}, Discard(17)),
    ("a discard after reach is the riichi discard", {"type": "dahai", "pai": "5m", "tsumogiri": True},
     [Discard(17), Riichi(17)], {"drawn": 17, "riichi": True}, Riichi(17)),
    ("a veiled discard is never chosen", {"type": "dahai", "pai": "5m"},
     [Discard(17, veil=True)], {}, None),
    ("a tile not held is illegal", {"type": "dahai", "pai": "C", "tsumogiri": False},
     [Discard(17)], {}, None),
    ("chi by its consumed tiles", {"type": "chi", "actor": 0, "target": 3, "pai": "5m", "consumed": ["4m", "6m"]},
     [Chi((12, 20)), Pass()], {}, Chi((12, 20))),
    ("chi with the red five", {"type": "chi", "pai": "6m", "consumed": ["4m", "5mr"]},
     [Chi((12, 16)), Chi((12, 17)), Pass()], {}, Chi((12, 16))),
    ("chi with a plain five", {"type": "chi", "pai": "6m", "consumed": ["4m", "5m"]},
     [Chi((12, 16)), Chi((12, 17)), Pass()], {}, Chi((12, 17))),
    ("pon", {"type": "pon", "pai": "1m", "consumed": ["1m", "1m"]}, [Pon((0, 1)), Pass()], {}, Pon((0, 1))),
    ("pon not offered", {"type": "pon", "pai": "1m", "consumed": ["1m", "1m"]}, [Chi((12, 20)), Pass()], {}, None),
    ("daiminkan", {"type": "daiminkan", "pai": "1m", "consumed": ["1m", "1m", "1m"]},
     [Pon((0, 1)), OpenKan((0, 1, 2)), Pass()], {}, OpenKan((0, 1, 2))),
    ("kakan", {"type": "kakan", "pai": "1m", "consumed": ["1m", "1m", "1m"]},
     [AddedKan(3), Discard(3)], {}, AddedKan(3)),
    ("ankan", {"type": "ankan", "consumed": ["1m", "1m", "1m", "1m"]},
     [ClosedKan((0, 1, 2, 3)), Discard(3)], {}, ClosedKan((0, 1, 2, 3))),
    ("ankan of a red five kind", {"type": "ankan", "consumed": ["5mr", "5m", "5m", "5m"]},
     [ClosedKan((16, 17, 18, 19)), Discard(19)], {}, ClosedKan((16, 17, 18, 19))),
    ("hora on a turn is tsumo", {"type": "hora", "actor": 0, "target": 0}, [Tsumo(), Discard(3)], {}, Tsumo()),
    ("hora on a claim is ron", {"type": "hora", "actor": 0, "target": 2}, [Ron(), Pass()], {}, Ron()),
    ("hora with no win is illegal", {"type": "hora"}, [Discard(3)], {}, None),
    ("ryukyoku is nine terminals", {"type": "ryukyoku"}, [NineTerminals(), Discard(3)], {}, NineTerminals()),
    ("nukidora", {"type": "nukidora", "pai": "N"}, [Kita(120), Discard(120)], {}, Kita(120)),
    ("kita", {"type": "kita"}, [Kita(120), Discard(120)], {}, Kita(120)),
    ("none on a claim passes", {"type": "none"}, [Pon((0, 1)), Pass()], {}, Pass()),
    ("none on a turn is illegal", {"type": "none"}, [Discard(3)], {}, None),
    ("another seat's action is illegal", {"type": "dahai", "actor": 2, "pai": "1m"}, [Discard(3)], {}, None),
    ("an unknown type is illegal", {"type": "shout"}, [Discard(3)], {}, None),
    ("a hidden tile is illegal", {"type": "dahai", "pai": "?"}, [Discard(3)], {}, None),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "legal", "where", "expected"), [r[1:] for r in REPLIES], ids=[r[0] for r in REPLIES])
def test_reply_maps_to_a_legal_action(
    reply: dict[str, Any], legal: list[Action], where: dict[str, Any], expected: Action | None
) -> None:
    if expected is None:
        with pytest.raises(BotFault) as caught:
            action_of_reply(reply, 0, legal, **where)
        assert caught.value.kind == "illegal"
    else:
        assert action_of_reply(reply, 0, legal, **where) == expected


DEFAULTS: list[tuple[str, list[Action], int | None, Action]] = [
    ("a claim is passed", [Ron(), Pon((0, 1)), Pass()], None, Pass()),
    ("a turn discards the drawn tile", [Tsumo(), Discard(3), Discard(7), Riichi(7)], 7, Discard(7)),
    ("after a call, the last legal discard", [Discard(3), Discard(7)], None, Discard(7)),
    ("never a superpower or a veiled discard", [Power("veil"), Discard(7, veil=True), Discard(3)], 7, Discard(3)),
    ("tenpai is declared where allowed", [DeclareTenpai(), DeclareNoten()], None, DeclareTenpai()),
    ("noten where tenpai is not offered", [DeclareNoten()], None, DeclareNoten()),
]


@pytest.mark.parametrize(("legal", "drawn", "expected"), [r[1:] for r in DEFAULTS], ids=[r[0] for r in DEFAULTS])
def test_default_action(legal: list[Action], drawn: int | None, expected: Action) -> None:
    assert default_action(legal, drawn) == expected


PLAYERS = [
    ("levels in any case", "Strong,NORMAL,easy,easy", ["strong", "normal", "easy", "easy"]),
    ("a bot's command keeps its case", "strong,mjai:Bot --X,easy", ["strong", "mjai:Bot --X", "easy"]),
    ("a quoted comma belongs to the command", 'mjai:"bot --m a,b",easy', ['mjai:"bot --m a,b"', "easy"]),
    ("stream convention", "mjai-stream:mortal 1,easy", ["mjai-stream:mortal 1", "easy"]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), [r[1:] for r in PLAYERS], ids=[r[0] for r in PLAYERS])
def test_parse_players(text: str, expected: list[str]) -> None:
    assert parse_players(text) == expected


ENTRIES = [
    ("batch by default", "mjai:python bot.py", BotCommand(("python", "bot.py"), "batch")),
    ("stream", "mjai-stream:mortal --x 1", BotCommand(("mortal", "--x", "1"), "stream")),
    ("quotes are split as a shell would, with no shell", 'mjai:"my bot" "a;b"', BotCommand(("my bot", "a;b"))),
    ("a command quoted whole", 'mjai:"python bot.py --m a,b"', BotCommand(("python", "bot.py", "--m", "a,b"))),
    ("a CPU level", "strong", None),
]


@pytest.mark.parametrize(("entry", "expected"), [r[1:] for r in ENTRIES], ids=[r[0] for r in ENTRIES])
def test_lineup_entry(entry: str, expected: BotCommand | None) -> None:
    assert outside_lineup_entry(entry) == expected


def test_an_empty_command_is_refused() -> None:
    with pytest.raises(ValueError, match="needs a command"):
        outside_lineup_entry("mjai:")


LONG = "x" * 70000
LONG_REPLIES = [
    ("a long unknown type", {"type": LONG}),
    ("a long actor", {"type": "dahai", "actor": LONG, "pai": "1m"}),
    ("a long illegal call", {"type": "pon", "pai": "1m", "consumed": ["1m", "1m"], "note": LONG}),
    ("a long type with no tile", {"type": "dahai" + LONG}),
]


@pytest.mark.parametrize("reply", [r[1] for r in LONG_REPLIES], ids=[r[0] for r in LONG_REPLIES])
def test_a_fault_reason_stays_short(reply: dict[str, Any]) -> None:
    with pytest.raises(BotFault) as caught:
        action_of_reply(reply, 0, [Discard(3)])
    assert len(str(caught.value)) <= MAX_REASON


def test_a_short_reason_is_kept_and_a_long_one_cut() -> None:
    assert short_reason("illegal: 5m") == "illegal: 5m"
    assert short_reason(LONG) == "x" * (MAX_REASON - 1) + "…"


# ------------------------------------------------------------------------------------------------ whole games
def reaped(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG) == (0, 0) and not os.path.exists(f"/proc/{pid}")
    except ChildProcessError:
        return True  # already waited for


def play(rules_name: str, command: BotCommand, seed: str, **options: Any) -> tuple[Game, OutsideSeat, int]:
    """One game, the bot at seat 1 and strong CPUs elsewhere; the seat, its transcript and its program's pid."""
    rules = preset(rules_name)
    game = Game(rules, seed=seed)
    seat = 1
    bot = OutsideSeat(command, rules, seat, transcript=True, **options)
    players: list[Any] = [make_player("strong", rules, seed=i) for i in range(rules.players)]
    players[seat] = bot
    pid = 0
    try:
        bot.feed(game.opening)
        while not game.over:
            s = game.to_act()[0]
            action = players[s].act(game.view(s))
            if s == seat:
                pid = pid or (bot.process.proc.pid if bot.process else 0)
                for reason in bot.take_faults():
                    game.fault(s, reason)
            bot.feed(game.apply(s, action))
    finally:
        bot.close()
    return game, bot, pid


def sent_events(bot: OutsideSeat) -> list[dict[str, Any]]:
    assert bot.transcript is not None
    out: list[dict[str, Any]] = []
    for line in bot.transcript:
        data = json.loads(line)
        out.extend(data if bot.command.convention == "batch" else [data])
    return out


HIDDEN = [
    ("4-player, batch", "standard", "batch"),
    ("4-player, stream", "standard", "stream"),
    ("3-player, batch", "sanma", "batch"),
    ("3-player, stream", "sanma", "stream"),
]


@pytest.mark.parametrize(("rules", "convention"), [r[1:] for r in HIDDEN], ids=[r[0] for r in HIDDEN])
def test_the_bot_sees_only_its_seat(rules: str, convention: str) -> None:
    """Every line sent is the seat's redacted view of the game as mjai, in order, and names no concealed tile of
    another seat, no wall and no ura indicator before a win."""
    game, bot, pid = play(rules, standin(convention), "hidden")
    assert bot.faults == []
    sent = sent_events(bot)
    seat = bot.seat
    expected = export_events(game.events_for(seat), red_fives=preset(rules).red_fives, seat=seat)
    assert [{k: v for k, v in e.items() if k != "names"} for e in sent] == [
        {k: v for k, v in e.items() if k != "names"} for e in expected
    ]
    for e in sent:
        assert "wall" not in e and "salt" not in e
        if e["type"] == "tsumo" and e["actor"] != seat:
            assert e["pai"] == "?"
        if e["type"] == "start_kyoku":
            assert all(set(h) == {"?"} for i, h in enumerate(e["tehais"]) if i != seat)
            assert "?" not in e["tehais"][seat]
        if e["type"] != "hora":
            assert "ura_markers" not in e
    assert sent[-1]["type"] == "end_game"  # the rest of the game is sent before the program is closed
    assert reaped(pid)


# ------------------------------------------------------------------------------------------------ what a seat is told
#: fields whose strings are not tiles: the event's name, the round's wind, the players' names
NOT_TILES = {"type", "bakaze", "names"}
MJAI_TILE = re.compile(r"[1-9][mps]r?|[ESWNPFC]")


def mjai_name(tile: int, rules: RuleSet) -> str:
    """A physical tile's mjai name, worked out here from the ids (the first copies of a five are its red ones)."""
    kind = kind_of_id(tile)
    name = f"{kind % 9 + 1}{'mps'[kind // 9]}" if kind < 27 else "ESWNPFC"[kind - 27]
    red = kind in FIVES and tile - first_id(kind) < rules.red_fives[FIVES.index(kind)]
    return name + "r" if red else name


def shown_to(seat: int, event: Event) -> list[int]:
    """The physical tiles an event of the real game shows ``seat``: its own deal and draws, the dora indicators,
    and every tile another seat puts on the table (discards, calls, kans, Norths)."""
    if event.type == "start_kyoku":
        return [*event.info["hands"][seat], event.info["dora_marker"]]
    if event.type == "tsumo":
        return [event.tile] if event.actor == seat and event.tile is not None else []
    if event.type in ("dahai", "kakan", "nukidora", "dora", "chi", "pon", "daiminkan", "ankan"):
        return [*event.consumed, *([event.tile] if event.tile is not None else [])]
    return []


def visible_at(game: Game, seat: int) -> list[Counter[str]]:
    """Before each event of the game is sent: the copies of each tile ``seat`` may know of once that event is
    told (a hand's tiles are forgotten at its end); a win's line may add its ura indicators."""
    rules = game.rules
    seen: set[int] = set()
    out = []
    for event in game.events:
        if event.type == "start_kyoku":
            seen = set()
        seen |= set(shown_to(seat, event))
        extra = event.info.get("ura_markers", []) if event.type == "hora" else []
        out.append(Counter(mjai_name(t, rules) for t in [*seen, *extra]))
    return out


def tiles_named(value: Any) -> list[str]:
    """Every concrete tile string anywhere in a sent event (``?`` is no tile)."""
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in NOT_TILES for t in tiles_named(v)]
    if isinstance(value, list):
        return [t for v in value for t in tiles_named(v)]
    return [value] if isinstance(value, str) and MJAI_TILE.fullmatch(value) else []


def told_too_much(game: Game, seat: int, sent: list[dict[str, Any]]) -> list[str]:
    """Each line that names more copies of a tile than the seat may know of at that point of the real game."""
    assert [e["type"] for e in sent] == [e.type for e in game.events]  # one line an event, in order
    out = []
    for i, (line, visible) in enumerate(zip(sent, visible_at(game, seat), strict=True)):
        extra = Counter(tiles_named(line)) - visible
        if extra:
            out.append(f"event {i} ({line['type']}) names {dict(extra)}")
    return out


def first_unseen(game: Game, seat: int, want: Callable[[int, Event], list[int]]) -> tuple[int, str]:
    """The first event where ``want`` offers a tile whose kind the seat has not seen yet: (its index, the name)."""
    for i, (event, visible) in enumerate(zip(game.events, visible_at(game, seat), strict=True)):
        for tile in want(i, event):
            name = mjai_name(tile, game.rules)
            if not visible[name]:
                return i, name
    raise NoSuchEvent("no such event in this game")


class NoSuchEvent(AssertionError):
    """A leak needs an event the game does not hold."""


def leak_a_draw(game: Game, seat: int, sent: list[dict[str, Any]]) -> None:
    i, name = first_unseen(game, seat, lambda _, e: [e.tile] if e.type == "tsumo" and e.actor != seat else [])
    sent[i]["pai"] = name


def leak_a_deal(game: Game, seat: int, sent: list[dict[str, Any]]) -> None:
    def others(_: int, e: Event) -> list[int]:
        hands = e.info["hands"] if e.type == "start_kyoku" else []
        return [t for s, hand in enumerate(hands) if s != seat for t in hand]

    i, name = first_unseen(game, seat, others)
    other = (seat + 1) % game.rules.players
    sent[i]["tehais"][other][0] = name


def leak_ura_early(game: Game, seat: int, sent: list[dict[str, Any]]) -> None:
    def ura_next(i: int, e: Event) -> list[int]:
        after = game.events[i + 1] if i + 1 < len(game.events) else e
        return list(after.info.get("ura_markers", [])) if after.type == "hora" else []

    i, name = first_unseen(game, seat, ura_next)
    sent[i]["ura_markers"] = [name]


# (name, how the lines are spoiled): the check below must see each of these leaks
LEAKS: list[tuple[str, Callable[[Game, int, list[dict[str, Any]]], None]]] = [
    ("another seat's draw", leak_a_draw),
    ("another seat's dealt tile", leak_a_deal),
    ("an ura indicator before the win", leak_ura_early),
]


def a_game_for_every_leak(rules: str, convention: str) -> tuple[Game, OutsideSeat]:
    """The first of a few seeded games in which every leak of ``LEAKS`` can be made (a riichi win with an ura
    indicator the seat has not seen, among others) and that names over 500 tiles to the bot: which game has them
    depends on how the CPUs play."""
    for i in range(8):
        game, bot, _pid = play(rules, standin(convention), f"hidden-{i}" if i else "hidden")
        sent = sent_events(bot)
        if sum(len(tiles_named(e)) for e in sent) > 500 and all(
            can_leak(game, bot.seat, sent, leak) for _, leak in LEAKS
        ):
            return game, bot
    raise AssertionError("none of eight games allows every leak")


def can_leak(game: Game, seat: int, sent: list[dict[str, Any]], leak: Callable[..., None]) -> bool:
    try:
        leak(game, seat, copy.deepcopy(sent))
    except NoSuchEvent:
        return False
    return True


@pytest.mark.parametrize(("rules", "convention"), [r[1:] for r in HIDDEN], ids=[r[0] for r in HIDDEN])
def test_every_tile_the_bot_is_told_is_one_its_seat_may_see(rules: str, convention: str) -> None:
    """Independent of the mjai writer: every tile named in every line sent to the bot is one its seat may know of
    at that point of the real game (its own deal and draws, the table's tiles, dora indicators, ura indicators
    only in a win), no more copies than it has seen; and the check catches each kind of leak."""
    game, bot = a_game_for_every_leak(rules, convention)
    sent = sent_events(bot)
    assert told_too_much(game, bot.seat, sent) == []
    assert sum(len(tiles_named(e)) for e in sent) > 500  # the lines do name tiles: the check has work to do
    for name, leak in LEAKS:
        spoiled = copy.deepcopy(sent)
        leak(game, bot.seat, spoiled)
        assert told_too_much(game, bot.seat, spoiled), f"{name} went unseen"


FAULTS = [
    (f"{convention}, {mode}", convention, mode, reason)
    for convention in ("batch", "stream")
    for mode, reason in (("crash", "exited"), ("illegal", "illegal"), ("timeout", "timeout"), ("garbage", "garbage"))
]


@pytest.mark.parametrize(("convention", "mode", "reason"), [r[1:] for r in FAULTS], ids=[r[0] for r in FAULTS])
def test_a_fault_is_played_by_the_default_and_recorded(convention: str, mode: str, reason: str) -> None:
    command = standin(convention, "--mode", mode, "--after", "3", "--noisy")
    game, bot, pid = play("standard", command, "faults", decision_seconds=0.3)
    assert game.over
    faults = [e for e in game.events if e.type == "fault"]
    assert [(e.actor, e.info["reason"].split(":")[0]) for e in faults] == [(bot.seat, reason)]
    assert Game.replay(game.log).log == game.log  # the replay keeps the note
    clean, _, _ = play("standard", standin(convention), "faults")
    # the stand-in discards what it draws, which is the default too: the game is the same but for the note
    assert [e for e in game.events if e.type != "fault"] == clean.events
    assert bot.dead == (reason in ("exited", "timeout"))
    assert reaped(pid)


def test_a_stray_line_is_one_fault_and_later_answers_stay_in_step() -> None:
    """A batch program that logs one line to stdout: that decision is noted once and its reply still read; the
    answers after it are not taken one behind."""
    game, bot, _ = play("standard", standin("batch", "--stray", "3"), "stray", decision_seconds=0.5)
    assert game.over
    assert [f.split(":")[0] for f in bot.faults] == ["garbage"]
    assert bot.asked > 10 and not bot.dead


def test_the_first_message_has_the_longer_limit() -> None:
    command = standin("batch", "--slow-start", "0.5")
    _, bot, _ = play("standard", command, "slow", decision_seconds=0.2, start_seconds=3)
    assert bot.faults == []
    _, late, _ = play("standard", command, "slow", decision_seconds=0.2, start_seconds=0.2)
    assert late.faults[0].startswith("timeout")


def test_a_program_that_cannot_start_is_a_fault() -> None:
    game, bot, _ = play("standard", BotCommand(("/nonexistent/mjai-bot",)), "missing")
    assert game.over and bot.dead and bot.faults[0].startswith("exited")


SCRIPT = """import json, sys
replies = sys.argv[1:]
for line in sys.stdin:
    data = json.loads(line)
    last = data[-1] if isinstance(data, list) else data
    if last["type"] in ("tsumo", "reach") and last["actor"] == 0 or isinstance(data, list):
        print(replies.pop(0), flush=True)
"""


@pytest.mark.parametrize("convention", ["batch", "stream"])
def test_reach_then_the_riichi_discard(convention: str) -> None:
    """``reach`` is answered with the seat's reach event; the discard that follows is the riichi discard, and the
    game's own reach event is not sent again."""
    rules = preset("standard")
    replies = [json.dumps({"type": "reach", "actor": 0}), json.dumps({"type": "dahai", "pai": "5m", "tsumogiri": True})]
    bot = OutsideSeat(BotCommand((sys.executable, "-c", SCRIPT, *replies), convention), rules, 0, transcript=True)
    legal = [Discard(3), Discard(17), Riichi(17)]
    view: Any = {"seat": 0, "phase": "turn", "own": {"drawn": 17}, "legal_actions": [action_to_json(a) for a in legal]}
    try:
        bot.feed(Game(rules, seed=1).opening)
        assert bot.act(view) == Riichi(17)
        assert sent_events(bot)[-1] == {"type": "reach", "actor": 0}
        from jantaku.engine.events import Event

        bot.feed([Event("reach", actor=0), Event("dahai", actor=0, tile=17, info={"tsumogiri": True})])
        assert [e["type"] for e in bot.pending] == ["dahai"]
    finally:
        bot.close()
    assert bot.faults == []


def test_a_simulated_game_counts_faults_per_player() -> None:
    entry = f"mjai:{sys.executable} {STANDIN} --mode illegal --after 2"
    record = play_game("standard", ["strong", "strong", "strong", entry], 7, 1, keep_log=True)
    assert [p.faults for p in record.players] == [0, 0, 0, 1]
    assert record.log is not None and sum('"type":"fault"' in line for line in record.log) == 1


OUR_CPU = [
    ("4-player, batch, strong", "standard", "batch", "strong"),
    ("3-player, stream, normal", "sanma", "stream", "normal"),
]


@pytest.mark.parametrize(("rules", "convention", "level"), [r[1:] for r in OUR_CPU], ids=[r[0] for r in OUR_CPU])
def test_our_cpu_as_an_mjai_bot_plays_through_the_seat(rules: str, convention: str, level: str) -> None:
    """``jantaku mjai-bot`` seated through our own mjai seat: a whole game with no fault, its lines the seat's view."""
    argv = (sys.executable, "-m", "jantaku", "mjai-bot", "--rules", rules, "--level", level, "--protocol", convention)
    made: set[str] = set()
    # its riichi (reach, then the discard), calls and an added kan must all be read as legal actions: games are
    # played until the seat has made each of them (which game holds them depends on how the CPUs play)
    for i in range(20):
        game, bot, pid = play(
            rules, BotCommand(argv, convention), f"our-cpu-{i}" if i else "our-cpu", decision_seconds=10
        )
        assert game.over and bot.faults == []
        assert [e for e in game.events if e.type == "fault"] == []
        assert sent_events(bot)[-1]["type"] == "end_game"
        assert reaped(pid)
        made |= {e.type for e in game.events if e.actor == bot.seat}
        if {"reach", "pon", "kakan"} <= made:
            break
    assert {"reach", "pon", "kakan"} <= made


def test_a_resumed_stream_program_answers_the_decision_not_the_history() -> None:
    """A stream program that joins a game under way (the server resumed it) is told the whole game and answers
    the draws it sees in it; those answers are let through, and the one read is to the decision asked now."""
    rules = preset("standard")
    game = Game(rules, seed=5)
    seat = 1
    players = [make_player("strong", rules, seed=i) for i in range(rules.players)]
    turns = 0
    while turns < 4 or game.to_act()[0] != seat or game.view(seat).get("phase") != "turn":
        s = game.to_act()[0]
        turns += s == seat and game.view(s).get("phase") == "turn"
        game.apply(s, players[s].act(game.view(s)))
    bot = OutsideSeat(standin("stream"), rules, seat)
    view = game.view(seat)
    own = view.get("own")
    assert own is not None and own["drawn"] is not None
    try:
        bot.feed(game.events)  # the whole game so far, as a resumed game sends it
        action = bot.act(view)
    finally:
        bot.close()
    assert bot.faults == []
    assert action == Discard(own["drawn"])  # the stand-in's answer to this draw, not to an earlier one


def running(pid: int) -> bool:
    """Whether a process is still running (a zombie waiting for its reaper is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


CHILDREN = [
    ("closed while it runs", "close"),
    ("killed from another thread, then closed", "kill"),
]


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="reads /proc")
@pytest.mark.parametrize("how", [r[1] for r in CHILDREN], ids=[r[0] for r in CHILDREN])
def test_the_processes_a_program_started_end_with_it(how: str) -> None:
    process = BotProcess(["sh", "-c", "sleep 237 & wait"])
    deadline = time.monotonic() + 5
    while not (started := children(process.proc.pid)):
        assert time.monotonic() < deadline, "the program never started its child"
        time.sleep(0.01)
    if how == "kill":
        process.kill()
    process.close(0)
    assert process.proc.returncode is not None
    deadline = time.monotonic() + 2
    while left := [pid for pid in started if running(pid)]:
        if time.monotonic() > deadline:
            for pid in left:  # not to leave them to the machine
                os.kill(pid, 9)
            pytest.fail(f"left running: {left}")
        time.sleep(0.01)


def test_closing_the_seat_during_a_decision_ends_the_wait_at_once() -> None:
    """The table server asks from a worker thread and may end the game meanwhile: ``close`` kills the program, the
    waiting thread wakes with a fault, plays the default and reaps it; ``feed`` goes on safely all along."""
    rules = preset("standard")
    game = Game(rules, seed=3)
    seat = game.to_act()[0]
    bot = OutsideSeat(standin("batch", "--think", "30"), rules, seat, decision_seconds=60, start_seconds=60)
    bot.feed(game.opening)
    view = game.view(seat)
    with ThreadPoolExecutor(1) as pool:
        answer = pool.submit(bot.act, view)
        deadline = time.monotonic() + 10
        while not (bot.acting and bot.process is not None and not bot.pending):
            assert time.monotonic() < deadline, "the program was never asked"
            time.sleep(0.01)
        pid = bot.process.proc.pid
        bot.feed(game.opening)  # (events may come while it thinks)
        began = time.monotonic()
        bot.close()
        action = answer.result(timeout=5)
    assert time.monotonic() - began < 2, "the thread waited for the program's thought"
    legal = game.legal_actions(seat)
    own = view.get("own")
    assert action == default_action(legal, own["drawn"] if own else None)
    assert bot.faults and bot.faults[0].startswith("exited")
    assert not os.path.exists(f"/proc/{pid}"), "killed and reaped"
    assert bot.act(view) == action and bot.process is None  # closed: never started again
