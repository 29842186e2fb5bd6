"""Garbage on the websocket (docs/protocol.md: "Errors never change anything").

During a running ``play_now`` game a person's connection, and a second connection beside it, send about two
thousand random and malformed messages: random JSON values, every message type with fields of every wrong type,
unknown types, oversized and deeply nested messages, invalid UTF-8, lone surrogates, actions with forged or stale
prompt numbers, illegal tiles (another seat's, out of range), answers for a seat that is not to act, hello again.
Each message gets an error, a harmless answer (pong, the lobby, the room, left) or none (``continue``), never an
update; every answer is JSON that a real websocket can carry (valid UTF-8), the connection stays open, and the
game's state (engine snapshot, the person's view, the open prompt, the log) is byte-identical before and after.
Then the person comes back on a new connection: the full update's view is byte-identical to the last prompt's;
the game is played out, and the stored log replays to exactly the stored record. A flood beyond the rate limit
is answered by ``rate_limited`` and the connection survives it.
"""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from jantaku.engine import Game
from jantaku.rules import PRESETS
from jantaku.server.handlers import HANDLERS
from jantaku.server.protocol import SERVER_MESSAGES
from tests.server.helpers import SocketClient, play_to_end, server, simple_choice

#: answers that change nothing for a person in a game (``nickname``: a new name; the game's record keeps the old)
HARMLESS = frozenset({"error", "pong", "rooms", "room", "left", "nickname"})
#: message types a fuzzed person may send during its game (``leave_room`` is a legal, state-changing message)
FUZZ_TYPES = sorted(set(HANDLERS) - {"leave_room"})
FIELDS = [
    "type",
    "seq",
    "action",
    "settings",
    "room_id",
    "token",
    "nickname",
    "protocol",
    "level",
    "seat",
    "cpus",
    "ready",
    "t",
    "tile",
    "tiles",
    "options",
    "preset",
]
ACTION_TYPES = [
    "discard",
    "riichi",
    "tsumo",
    "ron",
    "chi",
    "pon",
    "open_kan",
    "added_kan",
    "closed_kan",
    "kita",
    "nine_terminals",
    "tenpai",
    "noten",
    "pass",
]
MAX_MESSAGE = 8192

# ---------------------------------------------------------------------- strategies
text = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)  # lone surrogates included
scalars = st.none() | st.booleans() | st.integers() | st.integers(-(2**80), 2**80) | st.floats() | text
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text | st.sampled_from(FIELDS), inner, max_size=4),
    max_leaves=12,
)
tile_values = st.integers(-5, 140) | st.integers() | json_values
action_objects = st.fixed_dictionaries(
    {"type": st.sampled_from(ACTION_TYPES) | json_values},
    optional={
        "tile": tile_values,
        "tiles": st.lists(tile_values, max_size=5) | json_values,
        "seat": st.integers(-1, 4),
        "actor": st.integers(-1, 4),
    },
)
CURRENT = object()  # stands for the open prompt's seq, filled in when sent
seqs = st.just(CURRENT) | st.integers(-3, 400) | st.integers() | json_values
action_messages = st.fixed_dictionaries(
    {"type": st.just("action")},
    optional={
        "seq": seqs,
        "action": action_objects | json_values,
        "seat": st.integers(-1, 4),
        "actor": st.integers(-1, 4),
    },
)
typed_messages = st.builds(
    lambda kind, fields: {**fields, "type": kind},
    st.sampled_from(FUZZ_TYPES) | text,
    st.dictionaries(st.sampled_from(FIELDS[1:]), json_values, max_size=4),
)
#: room settings with real option names and values of any type (the rules' own validation is fuzzed through them)
OPTION_NAMES = sorted(PRESETS["standard"].options())
room_settings = st.fixed_dictionaries(
    {},
    optional={
        "preset": st.sampled_from(sorted(PRESETS)) | json_values,
        "options": st.dictionaries(st.sampled_from(OPTION_NAMES), json_values, max_size=3) | json_values,
        "public": json_values,
        "think_seconds": json_values,
        "bank_seconds": json_values,
    },
)
table_messages = st.builds(
    lambda kind, settings, fields: {**fields, "type": kind, "settings": settings},
    st.sampled_from(["create_room", "play_now", "queue", "settings"]),
    room_settings | json_values,
    st.dictionaries(st.sampled_from(["level", "cpus", "seat"]), json_values, max_size=2),
)
messages = (
    json_values.map(lambda v: ("json", v))
    | typed_messages.map(lambda v: ("json", v))
    | action_messages.map(lambda v: ("json", v))
    | st.binary(max_size=40).map(lambda b: ("bytes", b))
    | text.map(lambda t: ("text", t))
)


# ---------------------------------------------------------------------- a scripted table
class Table:
    """One person in a running play_now game, with a raw view of the wire and the server's runner for checks."""

    def __init__(self, client: Any, ws: Any, preset: str = "standard") -> None:
        self.client = client
        self.p = SocketClient(ws, "Fuzzer")
        self.p.send({"type": "play_now", "settings": {"preset": preset, "options": {"length": "east"}}})
        self.prompt = self.p.prompt()
        assert self.prompt["type"] == "update"
        self.game_id = self.prompt["game_id"]
        lobby = client.app.state.lobby
        self.room = next(r for r in lobby.rooms.values() if r.game_id == self.game_id)
        self.runner = self.room.runner
        self.seat = self.prompt["view"]["seat"]
        self.pings = itertools.count()
        self.sent = 0

    def state(self) -> str:
        """Everything about the game (the engine's whole state, the person's view, the open prompt, the log)."""
        r = self.runner
        return json.dumps([r.game.snapshot(), r.game.view(self.seat), r.clocks[self.seat].seq, r.game.log, r.decisions])

    def exchange(self, ws: Any, payload: str | bytes, routed_to_game: bool = False) -> list[dict[str, Any]]:
        """Send one raw message, then a ping; everything that came back before the pong (and, for an action the
        game itself answers, that answer)."""
        if isinstance(payload, bytes):
            ws.send_bytes(payload)
        else:
            ws.send_text(payload)
        self.sent += 1
        mark = next(self.pings)  # pong echoes a number only
        ws.send_text(json.dumps({"type": "ping", "t": mark}))
        replies: list[dict[str, Any]] = []
        pong = False
        while not pong or (routed_to_game and not any(m["type"] == "error" for m in replies)):
            raw = ws.receive_text()
            raw.encode("utf-8")  # a real websocket carries only valid UTF-8 (raises on a lone surrogate)
            msg = json.loads(raw)
            assert msg["type"] != "error" or msg.get("code") != "server_error", msg
            if msg == {"type": "pong", "t": mark}:
                pong = True
            else:
                replies.append(msg)
        return replies

    def defang(self, msg: Any) -> Any:
        """The message, made sure not to be a legal answer to the open prompt (that would be a real move)."""
        if not isinstance(msg, dict) or msg.get("type") != "action":
            return msg
        msg = dict(msg)
        if msg.get("seq") is CURRENT:
            msg["seq"] = self.prompt["seq"]
        seq = msg.get("seq")
        if type(seq) is int and seq == self.prompt["seq"] and isinstance(msg.get("action"), dict):
            legal_types = {a["type"] for a in self.prompt["view"]["legal_actions"]}
            action = dict(msg["action"])
            if isinstance(action.get("type"), str) and action["type"] in legal_types:
                size = {"open_kan": 3, "closed_kan": 4}.get(action["type"], 2)
                action["tile"], action["tiles"] = 136, [136, 137, 138, 139][:size]  # no such tiles
                if action["type"] in ("tsumo", "nine_terminals", "tenpai", "noten", "pass", "ron"):
                    action["type"] = "chi"  # a call, not an answer at one's own turn
            msg["action"] = action
        return msg

    def encode(self, kind: str, value: Any) -> str | bytes:
        if kind == "bytes":
            return bytes(value)
        if kind == "text":
            return str(value)
        return json.dumps(self.defang(value), allow_nan=True)

    def garbage(self, ws: Any, kind: str, value: Any) -> list[dict[str, Any]]:
        payload = self.encode(kind, value)
        routed = kind == "json" and isinstance(value, dict) and value.get("type") == "action"
        replies = self.exchange(ws, payload, routed_to_game=routed)
        for m in replies:
            assert m["type"] in HARMLESS, f"{payload!r:.200} was answered by {m}"
        if routed:
            assert [m["type"] for m in replies] == ["error"], replies
        return replies


def assert_declared(msg: dict[str, Any]) -> None:
    """``msg`` is a server message of ``protocol.SERVER_MESSAGES``: a known type, its required fields, no other."""
    declared = SERVER_MESSAGES[msg["type"]]
    assert declared.__required_keys__ <= msg.keys() <= declared.__required_keys__ | declared.__optional_keys__, msg


def _errors(replies: list[dict[str, Any]]) -> list[str]:
    return [m["code"] for m in replies if m["type"] == "error"]


def _fixed_cases(table: Table, ws: Any) -> None:
    """Hand-picked garbage, each with the refusal it must get."""
    seq = table.prompt["seq"]
    game = table.runner.game
    others = [t for i, s in enumerate(game.table.seats) if i != table.seat for t in s.hand]

    def expect(payload: str | bytes | dict[str, Any], *codes: str) -> None:
        raw = json.dumps(payload) if isinstance(payload, dict) else payload
        routed = isinstance(payload, dict) and payload.get("type") == "action"
        got = table.exchange(ws, raw, routed_to_game=routed)
        assert got and all(m["type"] in HARMLESS for m in got), got
        if codes:
            assert _errors(got) and set(_errors(got)) <= set(codes), (raw if isinstance(raw, bytes) else raw[:200], got)

    # size: bytes count, not characters; the limit itself is allowed
    expect("x" * (MAX_MESSAGE + 1), "too_large")
    expect({"type": "ping", "t": "a" * 9000}, "too_large")
    expect(json.dumps({"type": "ping", "t": "é" * 4090}, ensure_ascii=False), "too_large")  # 4 KiB chars, 8 KiB bytes
    at_limit = json.dumps({"type": "ping", "t": ""})
    at_limit = json.dumps({"type": "ping", "t": "a" * (MAX_MESSAGE - len(at_limit))})
    assert len(at_limit.encode()) == MAX_MESSAGE
    assert [m["type"] for m in table.exchange(ws, at_limit)] == ["pong"]
    # not JSON, not UTF-8, too deep, too big a number, not an object, no type
    for raw in (
        "",
        "{",
        "nul",
        '{"type": "ping",}',
        "[" * 8000,
        '{"a":' * 1600,
        "\ud800",
        '{"type":"action","seq":' + "9" * 5000 + ',"action":{"type":"pass"}}',
    ):
        expect(raw, "bad_json")
    for raw_bytes in (b"\xff", b"\xc3\x28", b'{"type":"ping"}\xff', b"\xed\xa0\x80", b"\x00\x80"):
        expect(raw_bytes, "bad_json")
    assert [m["type"] for m in table.exchange(ws, b'{"type":"rooms"}')] == ["rooms"]  # UTF-8 in a binary frame
    for raw in ("[]", "1", '"ping"', "null", '{"type": 1}', '{"type": null}', '{"t": "ping"}', '{"type": ["ping"]}'):
        expect(raw, "bad_message")
    for kind in ("", "nope", "on_action", "__init__", "handle", "_me", "Action", " action", "action\u0000", "\ud800"):
        expect({"type": kind}, "unknown_type")
    # hello again, in every form
    expect({"type": "hello", "protocol": 1, "nickname": "Again"}, "already_greeted")
    expect({"type": "hello", "protocol": 1, "token": table.p.token}, "already_greeted")
    expect({"type": "hello", "protocol": 1, "token": "forged"}, "already_greeted")
    expect({"type": "hello", "protocol": 2}, "protocol")
    expect({"type": "hello", "protocol": "1"}, "protocol")
    # a lone surrogate in what the server echoes must not break the connection
    assert [m["type"] for m in table.exchange(ws, '{"type":"ping","t":"\\ud800x"}')] == ["pong"]
    # actions: forged and stale prompt numbers, wrong types
    for bad in (seq - 1, seq + 1, 0, -1, 2**63, 10**100):
        expect(
            {
                "type": "action",
                "seq": bad,
                "action": {"type": "discard", "tile": table.prompt["view"]["own"]["tiles"][0]},
            },
            "stale",
        )
    for bad in (True, False, str(seq), float(seq), None, [seq], {"seq": seq}):
        expect({"type": "action", "seq": bad, "action": {"type": "discard", "tile": 0}}, "bad_message")
    expect('{"type":"action","seq":NaN,"action":{"type":"pass"}}', "bad_message")
    expect('{"type":"action","seq":Infinity,"action":{"type":"pass"}}', "bad_message")
    expect({"type": "action"}, "bad_message")
    # the open prompt, with actions that are not legal: other seats' tiles, no such tiles, calls at one's own turn,
    # another seat's answer (the server knows the seat from the connection; seat/actor fields are ignored)
    for tile in (*others[:6], 136, 200, -1, -136, 10**30):
        expect({"type": "action", "seq": seq, "action": {"type": "discard", "tile": tile}}, "illegal_action")
        expect({"type": "action", "seq": seq, "action": {"type": "riichi", "tile": tile}}, "illegal_action")
        expect({"type": "action", "seq": seq, "action": {"type": "added_kan", "tile": tile}}, "illegal_action")
    for action in (
        {"type": "pass"},
        {"type": "ron"},
        {"type": "noten"},
        {"type": "tenpai"},
        {"type": "kita", "tile": 120},
        {"type": "pon", "tiles": others[:2]},
        {"type": "chi", "tiles": [0, 4]},
        {"type": "closed_kan", "tiles": others[:4]},
        {"type": "open_kan", "tiles": [1, 2, 3]},
        {"type": "discard"},
        {"type": "discard", "tile": "0"},
        {"type": "discard", "tile": 1.0},
        {"type": "discard", "tile": True},
        {"type": "discard", "tile": [1]},
        {"type": "pon", "tiles": 5},
        {"type": "chi", "tiles": [0, 4, 8]},
        {"type": "chi", "tiles": ["a", "b"]},
        {"type": "fly"},
        {"type": 5},
        {},
        {"tile": 3},
    ):
        expect({"type": "action", "seq": seq, "action": action, "seat": 1, "actor": 1}, "illegal_action")
    for action in (None, 5, "discard", [], [{"type": "discard", "tile": 0}]):
        expect({"type": "action", "seq": seq, "action": action}, "bad_message")
    # everything else a person in a game may not do now
    expect({"type": "create_room"}, "game_running")
    expect({"type": "play_now"}, "game_running")
    expect({"type": "queue", "settings": {"preset": "sanma"}}, "game_running")
    expect({"type": "ready"}, "game_running")
    for kind in ("start", "settings", "add_cpu", "remove_cpu", "kick"):
        expect({"type": kind, "seat": 1, "settings": {"preset": "sanma"}}, "game_running")
    expect({"type": "unqueue"}, "not_queued")
    expect({"type": "join_room", "room_id": "ZZZZZZ"}, "no_room", "game_running")
    expect({"type": "join_room", "room_id": 5}, "bad_message")
    expect({"type": "spectate", "room_id": "I0O1"}, "no_room")
    assert [
        m["type"] for m in table.exchange(ws, json.dumps({"type": "join_room", "room_id": table.room.id.lower()}))
    ] == ["room"]  # one's own room: its state again
    assert [m["type"] for m in table.exchange(ws, json.dumps({"type": "unspectate"}))] == ["left"]


def _intruder_cases(table: Table, ws: Any) -> None:
    """A second connection: before hello everything but ping/rooms/spectate is refused; after hello it has no
    seat in the game and cannot act in it or join it."""
    seq = table.prompt["seq"]
    for kind in ("action", "create_room", "join_room", "ready", "start", "queue", "leave_room", "kick"):
        got = table.exchange(ws, json.dumps({"type": kind, "seq": seq, "action": {"type": "pass"}}))
        assert _errors(got) == ["hello_first"], got
    got = table.exchange(ws, json.dumps({"type": "hello", "protocol": 1, "token": "A" * 22}))
    assert _errors(got) == ["unknown_token"]
    got = table.exchange(ws, json.dumps({"type": "hello", "protocol": 1, "token": "A" * 65}))
    assert _errors(got) == ["bad_token"]
    for bad in (5, "", " ", "x" * 25, "a\u0000b", "\ud800", ["Ann"]):
        got = table.exchange(ws, json.dumps({"type": "hello", "protocol": 1, "nickname": bad}))
        assert _errors(got) and _errors(got)[0] in ("bad_nickname", "bad_message"), got
    got = table.exchange(ws, json.dumps({"type": "hello", "protocol": 1, "nickname": "Intruder"}))
    assert [m["type"] for m in got] == ["welcome"]
    # wrong types where a table would be made: refused, and the connection lives on
    for kind in ("play_now", "queue", "create_room"):
        for bad in ([1], "standard", 5, True, [{"preset": "sanma"}]):
            got = table.exchange(ws, json.dumps({"type": kind, "settings": bad}))
            assert _errors(got) == ["bad_message"], (kind, bad, got)
    for bad in ([], {}, ["normal"], {"normal": 1}, 5, None, "grandmaster"):
        got = table.exchange(ws, json.dumps({"type": "play_now", "level": bad}))
        assert _errors(got) == ["bad_message"], (bad, got)
        got = table.exchange(ws, json.dumps({"type": "create_room", "cpus": [bad]}))
        assert _errors(got) == ["bad_message"], (bad, got)
    for action in ({"type": "discard", "tile": table.prompt["view"]["own"]["tiles"][0]}, {"type": "pass"}):
        got = table.exchange(ws, json.dumps({"type": "action", "seq": seq, "action": action, "seat": table.seat}))
        assert _errors(got) == ["no_game"], got
    got = table.exchange(ws, json.dumps({"type": "join_room", "room_id": table.room.id}))
    assert _errors(got) == ["game_running"]
    for kind in ("kick", "start", "remove_cpu", "ready", "leave_room"):
        got = table.exchange(ws, json.dumps({"type": kind, "seat": table.seat}))
        assert _errors(got) == ["no_room"], (kind, got)


def test_garbage_changes_nothing_and_the_game_plays_on(tmp_path: Path) -> None:
    with server(tmp_path) as client, client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as intruder:
        table = Table(client, ws)
        before = table.state()
        _fixed_cases(table, ws)
        _intruder_cases(table, intruder)
        assert table.state() == before

        @settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(st.lists(messages, min_size=5, max_size=40))
        def person_sends(batch: list[tuple[str, Any]]) -> None:
            for kind, value in batch:
                table.garbage(ws, kind, value)
            assert table.state() == before

        @settings(max_examples=50, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(st.lists(messages | table_messages.map(lambda v: ("json", v)), min_size=5, max_size=40))
        def intruder_sends(batch: list[tuple[str, Any]]) -> None:
            for kind, value in batch:  # anything may happen to the intruder (it may even start its own game)...
                for reply in table.exchange(intruder, table.encode(kind, value)):
                    assert_declared(reply)  # ...but every answer is a message the protocol declares
            assert table.state() == before

        person_sends()
        intruder_sends()
        assert table.sent >= 1500, f"only {table.sent} messages were sent"
        assert [m["type"] for m in table.exchange(ws, json.dumps({"type": "rooms"}))] == ["rooms"]  # still open
        assert table.state() == before

        # the person comes back on a new connection: the same view, byte for byte; the old connection is closed
        with client.websocket_connect("/ws") as ws2:
            back = SocketClient(ws2)
            assert back.hello(token=table.p.token)["resumed"] is True
            full = back.until("update", lambda m: bool(m.get("full")))
            assert json.dumps(full["view"]) == json.dumps(table.prompt["view"])
            assert full["seq"]
            replaced = table.p.recv()
            assert replaced["type"] == "error" and replaced["code"] == "replaced"
            with pytest.raises(WebSocketDisconnect):
                ws.receive_text()
            back.send({"type": "action", "seq": full["seq"], "action": simple_choice(full["view"]["legal_actions"])})
            over = play_to_end([back])
        client.app.state.lobby.store.flush()
        record = client.get(f"/api/games/{table.game_id}").json()
        lines = client.get(f"/api/games/{table.game_id}/log").text.splitlines()
        replayed = Game.replay(lines)
        assert replayed.log == lines
        assert replayed.over and replayed.final is not None
        assert replayed.final.to_json() == {k: record["final"][k] for k in ("order", "scores", "results", "places")}
        assert record["final"] == over["final"] and record["status"] == "finished"


def test_a_flood_is_rate_limited_and_the_connection_survives(tmp_path: Path) -> None:
    with server(tmp_path, rate=20.0, burst=40.0) as client, client.websocket_connect("/ws") as ws:
        table = Table(client, ws)
        before = table.state()
        start = time.monotonic()
        for i in range(200):
            ws.send_text(
                json.dumps(
                    {"type": "ping", "t": i}
                    if i % 2
                    else {"type": "action", "seq": table.prompt["seq"] + 1, "action": {"type": "pass"}}
                )
            )
        elapsed = time.monotonic() - start
        time.sleep(1.0)  # the bucket refills
        ws.send_text(json.dumps({"type": "ping", "t": -1}))  # a mark no flood ping carries
        replies: list[dict[str, Any]] = []
        while True:
            msg = json.loads(ws.receive_text())
            if msg == {"type": "pong", "t": -1}:
                break
            replies.append(msg)
        limited = [m for m in replies if m["type"] == "error" and m["code"] == "rate_limited"]
        answered = [m for m in replies if m not in limited]
        assert 1 <= len(limited) <= 2 + elapsed, "one notice a second at most"
        # the bucket held 40 (less hello and play_now) and refilled at 20 a second
        assert 30 <= len(answered) <= 40 + 20 * elapsed + 5, len(answered)
        assert {m["type"] for m in answered} <= {"pong", "error"}
        assert {m["code"] for m in answered if m["type"] == "error"} <= {"stale"}
        assert table.state() == before
        # and the game goes on
        ws.send_text(
            json.dumps(
                {
                    "type": "action",
                    "seq": table.prompt["seq"],
                    "action": simple_choice(table.prompt["view"]["legal_actions"]),
                }
            )
        )
        nxt = table.p.until("update")
        assert nxt["view"] != table.prompt["view"]
