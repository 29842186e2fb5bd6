"""Outside mjai bots at the server's tables: only the server's configuration names a command (``JANTAKU_MJAI_BOTS``);
a room chooses a configured bot by its name alone, and a forged command is refused (docs/mjai-bots.md)."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.bots.outside import BotCommand, OutsideSeat
from jantaku.engine import Game
from jantaku.server import Settings
from jantaku.server.config import OutsideBot, parse_outside_bots
from jantaku.server.rooms import Room, RoomError, RoomSettings, known_level
from jantaku.server.runner import GameRunner
from tests.server.helpers import EAST, Client, answer, events, play_all, send_ok, table, two_and_cpus, wait_for

STANDIN = str(Path(__file__).resolve().parents[1] / "bots" / "mjai_standin.py")
BOTS = json.dumps(
    {
        "standin": {"command": [sys.executable, STANDIN], "decision_seconds": 2},
        "streamer": {"command": f"{sys.executable} {STANDIN} --convention stream", "convention": "stream"},
        "faulty": {"command": [sys.executable, STANDIN, "--mode", "illegal", "--after", "2"]},
    }
)

CONFIGS: list[tuple[str, str, dict[str, OutsideBot] | str]] = [
    ("nothing configured", "", {}),
    ("a command string, batch by default", '{"a": {"command": "bot --x 1"}}',
     {"a": OutsideBot(BotCommand(("bot", "--x", "1")))}),
    ("an argument list, stream, limits",
     '{"m": {"command": ["mortal", "1"], "convention": "stream", "decision_seconds": 2, "start_seconds": 60}}',
     {"m": OutsideBot(BotCommand(("mortal", "1"), "stream"), 2.0, 60.0)}),
    ("not JSON", "{nope", "is not JSON"),
    ("not a mapping", "[1]", "must map bot names"),
    ("no command", '{"a": {}}', 'needs a "command"'),
    ("an empty command", '{"a": {"command": ""}}', "needs a command"),
    ("an unknown convention", '{"a": {"command": "x", "convention": "smoke"}}', "unknown mjai convention"),
    ("a limit out of range", '{"a": {"command": "x", "decision_seconds": 0}}', "from 0 to 600"),
    ("an unknown field", '{"a": {"command": "x", "shell": true}}', "unknown field 'shell'"),
    ("a missing file", "/nonexistent/bots.json", "cannot read"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CONFIGS], ids=[c[0] for c in CONFIGS])
def test_the_bot_configuration(text: str, expected: dict[str, OutsideBot] | str) -> None:
    if isinstance(expected, str):
        with pytest.raises(ValueError, match=expected):
            parse_outside_bots(text)
    else:
        assert parse_outside_bots(text) == expected


def test_the_configuration_comes_from_the_environment_or_a_file(tmp_path: Path) -> None:
    settings = Settings.from_env({"JANTAKU_MJAI_BOTS": BOTS})
    assert set(settings.outside_bots()) == {"standin", "streamer", "faulty"}
    path = tmp_path / "bots.json"
    path.write_text(BOTS)
    assert Settings.from_env({"JANTAKU_MJAI_BOTS": str(path)}).outside_bots() == settings.outside_bots()
    with pytest.raises(ValueError, match="is not JSON"):
        Settings.from_env({"JANTAKU_MJAI_BOTS": "{bad"})  # the server does not start on a broken list


LEVELS = [
    ("a CPU level", "strong", True),
    ("a configured bot by name", "bot:standin", True),
    ("a name the configuration does not hold", "bot:mortal", False),
    ("a forged command", f"bot:{sys.executable} {STANDIN}", False),
    ("the simulator's command form", f"mjai:{sys.executable} {STANDIN}", False),
    ("a command list", ["python", "bot.py"], False),
    ("an object", {"command": "python bot.py"}, False),
]


@pytest.mark.parametrize(("level", "known"), [c[1:] for c in LEVELS], ids=[c[0] for c in LEVELS])
def test_a_room_names_bots_only_by_configured_name(level: Any, known: bool) -> None:
    assert known_level(level, frozenset({"standin"})) is known
    room = Room("R", RoomSettings.from_json(EAST), [None] * 4, outside_bots=frozenset({"standin"}))
    if known:
        room.add_cpu(level)
    else:
        with pytest.raises(RoomError):
            room.add_cpu(level)


def test_a_forged_command_is_refused_by_the_server(tmp_path: Path) -> None:
    with table(tmp_path, mjai_bots=BOTS) as (_, connect):
        ann = connect("Ann")
        for forged in (f"bot:{sys.executable} {STANDIN}", f"mjai:{sys.executable} {STANDIN}"):
            ann.send({"type": "create_room", "settings": EAST, "cpus": [forged]})
            assert ann.error("bad_message")
            ann.send({"type": "play_now", "settings": EAST, "level": forged})
            assert ann.error("bad_message")
        rid = send_ok(ann, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        assert rid
        ann.send({"type": "add_cpu", "level": f"bot:{sys.executable}"})
        assert ann.error("bad_message")


def test_a_configured_bot_plays_a_whole_game(tmp_path: Path) -> None:
    with table(tmp_path, mjai_bots=BOTS) as (client, connect):
        ann, bo, _, _ = two_and_cpus(connect, ["bot:standin", "bot:streamer"])
        over = play_all([ann, bo])
        assert len(over["final"]["scores"]) == 4
        log = client.get(f"/api/games/{over['game_id']}/log").text.splitlines()
        game = Game.replay(log)
        assert game.over
        assert [e for e in game.events if e.type == "fault"] == []  # the stand-ins answered every decision
        assert {e.actor for e in game.events if e.type == "dahai"} == {0, 1, 2, 3}


def test_a_fault_at_the_server_is_stored_and_replayed(tmp_path: Path) -> None:
    with table(tmp_path, mjai_bots=BOTS) as (client, connect):
        ann, bo, _, _ = two_and_cpus(connect, ["bot:faulty", "strong"])
        over = play_all([ann, bo])
        log = client.get(f"/api/games/{over['game_id']}/log").text.splitlines()
        faults = [json.loads(line) for line in log if '"type":"fault"' in line]
        assert len(faults) == 1 and faults[0]["info"]["reason"].startswith("illegal")
        assert Game.replay(log).log == log


ZUNG_JUNG = {"preset": "zung-jung", "options": {}}
SUPERPOWER = {"preset": "superpower", "options": {"length": "east"}}
POWERS_ON = {"preset": "standard", "options": {"length": "east", "superpowers": True}}
# (name, the table's settings, what the refusal says): tables an outside bot (it speaks mjai) cannot sit at
NO_BOT_TABLES: list[tuple[str, dict[str, Any], str]] = [
    ("zung jung", ZUNG_JUNG, "speak riichi mahjong"),
    ("the superpower preset", SUPERPOWER, "no words for superpowers"),
    ("riichi with powers on", POWERS_ON, "no words for superpowers"),
]


@pytest.mark.parametrize(("settings", "words"), [c[1:] for c in NO_BOT_TABLES], ids=[c[0] for c in NO_BOT_TABLES])
def test_a_room_seats_no_outside_bot_at_a_table_mjai_cannot_speak_of(settings: dict[str, Any], words: str) -> None:
    room = Room("R", RoomSettings.from_json(settings), [None] * 4, outside_bots=frozenset({"standin"}))
    with pytest.raises(RoomError, match=words) as refused:
        room.add_cpu("bot:standin")
    assert refused.value.code == "bad_message"
    room.add_cpu("strong")  # our CPUs still sit there
    riichi = Room("R", RoomSettings.from_json(EAST), [None] * 4, outside_bots=frozenset({"standin"}))
    riichi.add_cpu("bot:standin")
    with pytest.raises(RoomError, match=words) as changed:
        riichi.set_settings(RoomSettings.from_json(settings))  # nor do the rules change under a seated bot
    assert changed.value.code == "invalid_rules"


@pytest.mark.parametrize(("settings", "words"), [c[1:] for c in NO_BOT_TABLES], ids=[c[0] for c in NO_BOT_TABLES])
def test_the_server_refuses_an_outside_bot_where_mjai_has_no_words(
    tmp_path: Path, settings: dict[str, Any], words: str
) -> None:
    with table(tmp_path, mjai_bots=BOTS) as (client, connect):
        ann = connect("Ann")
        ann.send({"type": "play_now", "settings": settings, "level": "bot:standin"})
        assert words in ann.error("bad_message")["message"]
        ann.send({"type": "create_room", "settings": settings, "cpus": ["bot:standin"]})
        assert words in ann.error("bad_message")["message"]
        send_ok(ann, {"type": "create_room", "settings": settings})
        ann.send({"type": "add_cpu", "level": "bot:standin"})
        assert words in ann.error("bad_message")["message"]
        assert client.get("/api/games").json()["games"] == []


def thinkers(seconds: float, limit: float = 5.0) -> str:
    """The configuration of a bot that thinks ``seconds`` before every answer."""
    return json.dumps(
        {"thinker": {"command": [sys.executable, STANDIN, "--think", str(seconds)], "decision_seconds": limit}}
    )


def ann_and_thinkers(client: TestClient, connect: Callable[..., Client]) -> tuple[Client, GameRunner]:
    """Ann alone with three thinking bots; she deals, so the bots think in turn after her first discard."""
    ann = connect("Ann")
    rid = send_ok(ann, {"type": "create_room", "settings": EAST, "cpus": ["bot:thinker"] * 3})["room"]["room_id"]
    ann.send({"type": "ready"})
    ann.room(lambda r: all(s["ready"] for s in r["seats"] if s))
    ann.send({"type": "start"})
    runner = wait_for(lambda: client.app.state.lobby.rooms[rid].runner)  # type: ignore[attr-defined]
    assert isinstance(runner, GameRunner)
    return ann, runner


def test_a_thinking_bot_holds_up_no_other_table(tmp_path: Path) -> None:
    """While a bot thinks (a second a decision), the server answers everyone else at once, and the game goes on."""
    with table(tmp_path, mjai_bots=thinkers(1.0)) as (client, connect):
        ann, runner = ann_and_thinkers(client, connect)
        cy = connect("Cy")  # a person elsewhere: in the lobby
        answer(ann, ann.prompt())
        wait_for(lambda: runner.thinking)
        slowest, until = 0.0, time.monotonic() + 2.5
        while time.monotonic() < until:
            began = time.monotonic()
            assert client.get("/api/health").status_code == 200
            assert client.get("/api/rooms").status_code == 200
            cy.send({"type": "ping", "t": 1})
            cy.until("pong")
            slowest = max(slowest, time.monotonic() - began)
            time.sleep(0.05)
        assert slowest < 0.5, f"the server took {slowest:.2f} s to answer while a bot thought"
        seen = len(ann.seen)
        msg = ann.prompt()  # Ann's next turn: the three bots discarded, each after its second of thought
        while msg["view"]["phase"] != "turn":
            answer(ann, msg)
            msg = ann.prompt()
        discards = [e["actor"] for e in events(ann.seen[seen:], "dahai")]
        assert discards[-3:] == [1, 2, 3]
        assert not events(ann.seen, "fault")


def test_the_bot_file_is_read_once_at_the_start(tmp_path: Path) -> None:
    """A bot file broken after the server started does not stop its games: the list read at the start is used."""
    path = tmp_path / "bots.json"
    path.write_text(thinkers(0.0))
    with table(tmp_path, mjai_bots=str(path)) as (client, connect):
        path.write_text("{broken")
        ann, runner = ann_and_thinkers(client, connect)
        assert [type(runner.bots[seat]) for seat in (1, 2, 3)] == [OutsideSeat] * 3
        answer(ann, ann.prompt())
        assert not events(ann.seen, "fault")


def test_a_game_abandoned_while_its_bot_thinks_leaves_no_process(tmp_path: Path) -> None:
    """The game ends while a bot thinks (its only person leaves it): the program is killed and reaped at once, not
    waited for, and its late answer is never played."""
    with table(tmp_path, mjai_bots=thinkers(30.0, limit=60.0)) as (client, connect):
        ann, runner = ann_and_thinkers(client, connect)
        answer(ann, ann.prompt())
        thinking = wait_for(lambda: runner.thinking)
        seat = runner.bots[thinking.seat]
        assert isinstance(seat, OutsideSeat)
        process = wait_for(lambda: seat.process)
        pid = process.proc.pid
        began = time.monotonic()
        ann.send({"type": "leave_room"})
        ann.until("left")
        wait_for(lambda: runner.finished and runner.task is not None and runner.task.done())
        wait_for(lambda: not os.path.exists(f"/proc/{pid}"), 5.0)  # killed and reaped (no zombie left)
        assert time.monotonic() - began < 5.0, "the table did not wait for the program's thought"
        record = client.get(f"/api/games/{runner.game_id}").json()
        assert record["status"] == "abandoned"
        log = client.get(f"/api/games/{runner.game_id}/log").text.splitlines()
        assert Game.replay(log).log == log
        assert thinking.answer.done() and not seat.acting  # the thread woke with the kill and is free again
