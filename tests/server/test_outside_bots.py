"""Outside mjai bots at the server's tables: only the server's configuration names a command (``JANTAKU_MJAI_BOTS``);
a room chooses a configured bot by its name alone, and a forged command is refused (docs/mjai-bots.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from jantaku.bots.outside import BotCommand
from jantaku.engine import Game
from jantaku.server import Settings
from jantaku.server.config import OutsideBot, parse_outside_bots
from jantaku.server.rooms import Room, RoomError, RoomSettings, known_level
from tests.server.helpers import EAST, play_all, send_ok, table, two_and_cpus

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
