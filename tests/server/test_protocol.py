"""The table server's protocol through real websockets (Starlette's TestClient runs the app's own websocket code
path in-process): rooms by Room ID, ready/start and creator rights, CPU seats, auto-matching, reconnection and
stand-ins, spectators, stale and illegal answers, and the REST API with its verifiable game records.

Every wait has a time limit (``Client.recv``), so a message that never comes fails the test at once instead of
hanging it."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import pytest
from starlette.websockets import WebSocketDisconnect

from jantaku.engine import Game
from jantaku.engine.wall import commitment
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleError, RuleSet
from jantaku.server.ids import ROOM_ALPHABET
from tests.server.helpers import Player, play_to_end, server, simple_choice

if TYPE_CHECKING:
    from starlette.testclient import TestClient

EAST: dict[str, Any] = {"preset": "standard", "options": {"length": "east", "extension": "none"}}
Msg = dict[str, Any]


class Client(Player):
    """A ``Player`` whose every wait is bounded: a missing message fails the test after ``timeout`` seconds."""

    timeout = 15.0

    def __init__(self, ws: Any, nickname: str = "", token: str | None = None) -> None:
        self.closed = False
        super().__init__(ws, nickname, token)

    def recv(self, timeout: float | None = None) -> Msg:
        ws = self.ws
        limit = self.timeout if timeout is None else timeout

        async def receive() -> Any:
            with anyio.fail_after(limit):
                return await ws._send_rx.receive()  # the test session's own queue, read with a deadline

        message = ws.portal.call(receive)
        ws._raise_on_close(message)  # a server-side close raises WebSocketDisconnect
        msg: Msg = json.loads(message["text"])
        self.seen.append(msg)
        return msg

    def poll(self) -> Msg | None:
        """The next message if one is already here, else None (never waits)."""
        ws = self.ws
        try:
            message = ws.portal.call(ws._send_rx.receive_nowait)
        except anyio.WouldBlock:
            return None
        ws._raise_on_close(message)
        msg: Msg = json.loads(message["text"])
        self.seen.append(msg)
        return msg

    def error(self, code: str | None = None) -> Msg:
        msg = self.until("error")
        if code is not None:
            assert msg["code"] == code, msg
        return msg

    def room(self, where: Callable[[Msg], bool] = lambda r: True) -> Msg:
        """The next ``room`` message whose room passes ``where``; returns the message (``room`` and ``you``)."""
        return self.until("room", lambda m: where(m["room"]))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.ws.__exit__(None, None, None)


@contextlib.contextmanager
def table(tmp: Path, **over: Any) -> Iterator[tuple[TestClient, Callable[..., Client]]]:
    """A server and a ``connect(nickname, token=None)`` that opens a websocket closed at the end of the test."""
    with server(tmp, **over) as client, contextlib.ExitStack() as stack:

        def connect(nickname: str = "", token: str | None = None) -> Client:
            ws = client.websocket_connect("/ws").__enter__()
            c = Client(ws)
            stack.callback(c.close)
            if nickname or token:
                c.hello(nickname, token)
            return c

        yield client, connect


def send_ok(p: Client, msg: Msg) -> Msg:
    """Send and return the ``room`` message it causes."""
    p.send(msg)
    return p.until("room")


def events(msgs: list[Msg], kind: str | None = None) -> list[Msg]:
    out = [e for m in msgs if m["type"] == "update" for e in m["events"]]
    return [e for e in out if kind is None or e["type"] == kind]


def answer(p: Client, msg: Msg, choose: Callable[[list[Msg]], Msg] = simple_choice) -> Msg:
    action = choose(msg["view"]["legal_actions"])
    p.send({"type": "action", "seq": msg["seq"], "action": action})
    return action


def four_in_a_room(connect: Callable[..., Client], names: list[str], settings: Msg = EAST) -> tuple[list[Client], str]:
    """The first creates a room, the others join it by its Room ID; returns the players (in seat order) and the ID."""
    first = connect(names[0])
    rid = send_ok(first, {"type": "create_room", "settings": settings})["room"]["room_id"]
    players = [first]
    for name in names[1:]:
        p = connect(name)
        msg = send_ok(p, {"type": "join_room", "room_id": rid})
        assert msg["you"] == len(players)
        players.append(p)
    return players, rid


def play_all(players: list[Client], choose: Callable[[list[Msg]], Msg] = simple_choice, stall: float = 15.0) -> Msg:
    """Answer every prompt of ``players`` as it comes, whoever it is for, until each has its ``game_over``; returns
    the first player's. (Reads without blocking on any one player, so players whose message streams differ in
    length never wait on each other.)"""
    answered: list[set[int]] = [set() for _ in players]
    over: dict[int, Msg] = {}
    last = time.monotonic()
    while len(over) < len(players):
        progress = False
        for i, p in enumerate(players):
            if i in over:
                continue
            msg = p.poll()
            if msg is None:
                continue
            progress = True
            if msg["type"] == "game_over":
                over[i] = msg
            elif msg["type"] == "update" and msg.get("seq") and msg["seq"] not in answered[i]:
                answered[i].add(msg["seq"])
                answer(p, msg, choose)
        if progress:
            last = time.monotonic()
        else:
            assert time.monotonic() - last < stall, "no message for any player: the game is stuck"
            time.sleep(0.001)
    return over[0]


def wait_for(check: Callable[[], Any], seconds: float = 15.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, "timed out waiting for the server"
        time.sleep(0.02)


# ---------------------------------------------------------------------- 1. a whole game, then its record
def test_four_people_play_a_game_and_its_record_is_verifiable(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        names = ["Ann", "Bo", "Cy", "Di"]
        players, rid = four_in_a_room(connect, names)
        for p in players:
            p.send({"type": "ready"})
        players[0].room(lambda r: all(s["ready"] for s in r["seats"]))
        players[0].send({"type": "start"})
        started = players[0].room(lambda r: r["phase"] == "playing")["room"]
        game_id = started["game_id"]
        assert game_id and [s["nickname"] for s in started["seats"]] == names

        over = play_all(players)
        assert over["game_id"] == game_id and over["unrecorded"] is False
        final = over["final"]
        assert final["nicknames"] == names and len(final["scores"]) == 4
        assert sum(final["scores"]) == 4 * 25000  # nobody declared riichi: no deposit is left on the table
        for p in players[1:]:
            assert p.seen[-1] == over  # everyone got the same result

        # the room returns to waiting and names the record
        after = client.get(f"/api/rooms/{rid}").json()
        assert after["phase"] == "waiting" and after["last_game_id"] == game_id

        # listed among finished games, and filterable by nickname
        listed = client.get("/api/games").json()["games"]
        assert [g["id"] for g in listed] == [game_id]
        assert [g["id"] for g in client.get("/api/games", params={"player": "Cy"}).json()["games"]] == [game_id]
        assert client.get("/api/games", params={"player": "Nobody"}).json()["games"] == []

        record = client.get(f"/api/games/{game_id}").json()
        assert record["status"] == "finished" and record["final"]["scores"] == final["scores"]
        assert [s["nickname"] for s in record["seats"]] == names
        assert re.fullmatch(r"[0-9a-f]{32}", record["seed"])
        # each hand's commitment was published at its start (the players saw it) and the reveal matches it
        published = [e["info"]["commitment"] for e in events(players[0].seen, "start_kyoku")]
        assert [w["commitment"] for w in record["walls"]] == published and published
        for w in record["walls"]:
            assert sorted(w["wall"]) == list(range(136))
            assert hashlib.sha256(bytes.fromhex(w["salt"]) + bytes(w["wall"])).hexdigest() == w["commitment"]
            assert commitment(w["wall"], bytes.fromhex(w["salt"])) == w["commitment"]
        # the seed was secret during the game: no message a player received contains it
        assert all(record["seed"] not in json.dumps(m) for p in players for m in p.seen)

        log = client.get(f"/api/games/{game_id}/log")
        assert log.status_code == 200
        lines = log.text.splitlines()
        assert json.loads(lines[0])["seed"] == record["seed"]
        replayed = Game.replay(lines)
        assert replayed.over and replayed.final is not None
        assert list(replayed.final.scores) == final["scores"]
        assert [line for line in replayed.log] == lines


# ---------------------------------------------------------------------- 2. Room IDs
def test_join_by_room_id_ignores_case_and_spaces_and_unknown_ids_are_refused(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room"})["room"]["room_id"]
        typed = f" {rid[:3].lower()} {rid[3:].lower()}  "
        b = connect("Bo")
        msg = send_ok(b, {"type": "join_room", "room_id": typed})
        assert msg["room"]["room_id"] == rid and msg["you"] == 1
        assert a.room(lambda r: r["seats"][1] is not None)["room"]["seats"][1]["nickname"] == "Bo"

        c = connect("Cy")
        unknown = next(x for x in ("ZZZZZZ", "YYYYYY") if x != rid)
        for bad in (unknown, "I0O1AB", "", "ABC"):
            c.send({"type": "join_room", "room_id": bad})
            assert c.error("no_room")["ref"] == "join_room"
        c.send({"type": "join_room", "room_id": 12})
        c.error("bad_message")
        assert client.get(f"/api/rooms/{rid}").json()["seats"][2] is None  # refusals change nothing


def test_room_ids_have_no_look_alike_characters(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        ids = set()
        for _ in range(250):  # each new room closes the previous one (its only person left it)
            ids.add(send_ok(a, {"type": "create_room"})["room"]["room_id"])
        assert len(ids) == 250
        for rid in ids:
            assert len(rid) == 6 and set(rid) <= set(ROOM_ALPHABET)
            assert not set(rid) & set("IO01"), rid
        # 1500 characters drawn: with 36 symbols some I, O, 0 or 1 would be all but certain
        assert len(set("".join(ids))) >= 30
        assert len(client.app.state.lobby.rooms) == 1  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- 3. ready, start and the creator's rights
def test_start_needs_every_seat_taken_and_everyone_ready(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        b = connect("Bo")
        send_ok(b, {"type": "join_room", "room_id": rid})
        a.send({"type": "ready"})
        b.send({"type": "ready"})
        b.room(lambda r: r["seats"][0]["ready"] and r["seats"][1]["ready"])
        a.send({"type": "start"})
        assert "every seat" in a.error("cannot_start")["message"]

        send_ok(a, {"type": "add_cpu", "level": "easy"})
        msg = send_ok(a, {"type": "add_cpu", "level": "strong", "seat": 3})
        seats = msg["room"]["seats"]
        assert [s["kind"] for s in seats] == ["person", "person", "cpu", "cpu"]
        assert seats[3]["level"] == "strong" and seats[3]["ready"] is True
        # adding a CPU cleared the ready flags of the people
        assert [s["ready"] for s in seats[:2]] == [False, False]
        a.send({"type": "ready"})
        a.room(lambda r: r["seats"][0]["ready"])
        a.send({"type": "start"})
        err = a.error("cannot_start")
        assert "Bo" in err["message"] and "Ann" not in err["message"]

        # only the creator starts, changes settings, seats or removes CPUs and kicks
        for msg in ({"type": "start"}, {"type": "settings", "settings": EAST}, {"type": "add_cpu"},
                    {"type": "remove_cpu", "seat": 2}, {"type": "kick", "seat": 0}):  # fmt: skip
            b.send(msg)
            assert b.error("not_creator")["ref"] == msg["type"]

        b.send({"type": "ready"})
        a.room(lambda r: all(s["ready"] for s in r["seats"]))
        # a settings change clears every ready flag: the start is refused again
        msg = send_ok(a, {"type": "settings", "settings": {"preset": "standard", "options": {"length": "east"},
                                                           "public": False}})  # fmt: skip
        assert msg["room"]["settings"]["public"] is False
        assert [s["ready"] for s in msg["room"]["seats"][:2]] == [False, False]
        b.room(lambda r: r["settings"]["public"] is False)
        a.send({"type": "start"})
        a.error("cannot_start")
        assert client.get(f"/api/rooms/{rid}").json()["phase"] == "waiting"

        a.send({"type": "ready"})
        b.send({"type": "ready"})
        a.room(lambda r: all(s["ready"] for s in r["seats"]))
        a.send({"type": "start"})
        assert a.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        b.send({"type": "settings", "settings": EAST})
        b.error("not_creator")
        a.send({"type": "add_cpu"})
        a.error("game_running")


def test_invalid_settings_get_the_rules_message_and_change_nothing(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        cases: list[tuple[Msg, RuleSet, Msg]] = [
            ({"preset": "standard", "options": {"kiriage": "maybe"}}, preset("standard"), {"kiriage": "maybe"}),
            ({"preset": "standard", "options": {"kiriagee": True}}, preset("standard"), {"kiriagee": True}),
            ({"preset": "sanma", "options": {"chi": True}}, preset("sanma"), {"chi": True}),
            ({"preset": "standard", "options": {"length": "west"}}, preset("standard"), {"length": "west"}),
        ]
        messages = []
        for settings, base, options in cases:
            with pytest.raises(RuleError) as expected:
                base.with_options(**options)
            a.send({"type": "settings", "settings": settings})
            err = a.error("invalid_rules")
            assert err["message"] == str(expected.value), err
            messages.append(err["message"])
        assert "did you mean 'kiriage'" in messages[1] and "chi does not exist" in messages[2]
        a.send({"type": "settings", "settings": {"preset": "mahjong-of-the-moon"}})
        assert "presets are" in a.error("invalid_rules")["message"]
        a.send({"type": "create_room", "settings": {"options": {"chi": "sometimes"}}})
        a.error("invalid_rules")
        a.send({"type": "settings", "settings": {"think_seconds": -1}})
        a.error("bad_message")
        room = client.get(f"/api/rooms/{rid}").json()
        assert room["settings"] == {**EAST, "public": True, "think_seconds": None, "bank_seconds": None}
        # a preset name is read as ``preset`` reads it: case and spaces do not matter
        msg = send_ok(a, {"type": "settings", "settings": {"preset": " Classic", "options": {"length": "east"}}})
        assert msg["room"]["settings"]["preset"] == "classic"


def test_sanma_is_refused_with_four_seated_and_accepted_with_three(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST, "cpus": ["easy", "normal"]})["room"]["room_id"]
        b = connect("Bo")
        send_ok(b, {"type": "join_room", "room_id": rid})
        a.send({"type": "settings", "settings": {"preset": "sanma"}})
        a.error("room_full")
        assert client.get(f"/api/rooms/{rid}").json()["players"] == 4
        msg = send_ok(a, {"type": "remove_cpu", "seat": 1})
        assert msg["room"]["seats"][1] is None
        msg = send_ok(a, {"type": "settings", "settings": {"preset": "sanma"}})
        room = msg["room"]
        assert room["players"] == 3 and len(room["seats"]) == 3 and room["rules"]["chi"] is False
        # everyone keeps their order and the gap closes: Ann, the remaining CPU, Bo
        assert [s["nickname"] for s in room["seats"]] == ["Ann", "CPU 3 (normal)", "Bo"]
        assert room["creator"] == 0
        assert b.room(lambda r: r["players"] == 3)["you"] == 2


# ---------------------------------------------------------------------- 4. the creator's rights pass on
def test_creator_hands_over_and_the_last_to_leave_closes_the_room(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        players, rid = four_in_a_room(connect, ["Ann", "Bo", "Cy", "Di"])
        a, b, c, d = players
        # the creator kicks Di
        a.send({"type": "kick", "seat": 3})
        assert d.until("kicked")["room_id"] == rid
        assert a.room(lambda r: r["seats"][3] is None)["room"]["creator"] == 0
        d.send({"type": "ready"})
        d.error("no_room")
        a.send({"type": "kick", "seat": 3})
        a.error("no_person")

        a.send({"type": "leave_room"})
        a.until("left")
        room = b.room(lambda r: r["seats"][0] is None)["room"]
        assert room["creator"] == 1
        c.room(lambda r: r["creator"] == 1)
        c.send({"type": "add_cpu"})
        c.error("not_creator")
        msg = send_ok(b, {"type": "add_cpu", "level": "easy"})  # Bo has the creator's rights now
        assert msg["room"]["seats"][0]["kind"] == "cpu"

        b.send({"type": "leave_room"})
        b.until("left")
        assert c.room(lambda r: r["seats"][1] is None)["room"]["creator"] == 2
        assert client.get(f"/api/rooms/{rid}").status_code == 200  # a CPU does not keep a room open
        c.send({"type": "leave_room"})
        c.until("left")
        assert client.get(f"/api/rooms/{rid}").status_code == 404
        assert client.get(f"/api/rooms/{rid.lower()}").status_code == 404
        assert all(r["room_id"] != rid for r in client.get("/api/rooms").json()["rooms"])
        d.send({"type": "join_room", "room_id": rid})
        d.error("no_room")


# ---------------------------------------------------------------------- 5. CPU seats
def test_cpu_seats_and_one_person_with_three_cpus_plays_to_the_end(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        msg = send_ok(a, {"type": "add_cpu", "level": "strong"})
        assert msg["room"]["seats"][1] == {"seat": 1, "kind": "cpu", "nickname": "CPU 2 (strong)", "level": "strong",
                                           "ready": True, "connected": True}  # fmt: skip
        a.send({"type": "add_cpu", "level": "grandmaster"})
        a.error("bad_message")
        a.send({"type": "add_cpu", "seat": 1})
        a.error("seat_taken")
        a.send({"type": "remove_cpu", "seat": 0})
        a.error("no_cpu")
        assert send_ok(a, {"type": "remove_cpu", "seat": 1})["room"]["seats"][1] is None
        for level in ("easy", "normal", "strong"):
            send_ok(a, {"type": "add_cpu", "level": level})
        a.send({"type": "add_cpu"})
        a.error("room_full")
        a.send({"type": "ready"})
        a.room(lambda r: r["seats"][0]["ready"])
        a.send({"type": "start"})
        game_id = a.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        over = play_to_end([a])
        assert over["game_id"] == game_id
        assert over["final"]["nicknames"] == ["Ann", "CPU 2 (easy)", "CPU 3 (normal)", "CPU 4 (strong)"]
        room = a.room(lambda r: r["phase"] == "waiting")["room"]
        assert room["last_game_id"] == game_id and room["seats"][0]["ready"] is False
        record = client.get(f"/api/games/{game_id}").json()
        assert [s["cpu"] for s in record["seats"]] == [None, "easy", "normal", "strong"]
        assert record["room_id"] == rid


def test_play_now_starts_at_once_with_cpus(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST, "level": "easy"})
        first = a.recv()
        assert first["type"] == "room"
        room = first["room"]
        assert room["phase"] == "playing" and room["game_id"]
        assert [s["kind"] for s in room["seats"]] == ["person", "cpu", "cpu", "cpu"]
        assert {s["level"] for s in room["seats"][1:]} == {"easy"}
        assert room["settings"]["public"] is False  # never listed in the lobby
        assert all(r["room_id"] != room["room_id"] for r in client.get("/api/rooms").json()["rooms"])
        prompt = a.prompt()  # Ann deals the first hand: her first update asks her to discard
        assert prompt["type"] == "update" and prompt["view"]["seat"] == 0 and prompt["view"]["own"]["drawn"] is not None
        assert events([prompt], "start_kyoku")
        a.send({"type": "play_now", "settings": EAST})
        a.error("game_running")  # one game at a time
        answer(a, prompt)
        over = play_to_end([a])
        assert over["game_id"] == room["game_id"]


# ---------------------------------------------------------------------- 6. auto-matching
def test_four_queued_players_are_matched_into_a_game_without_cpus(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        players = [connect(n) for n in ("Ann", "Bo", "Cy", "Di")]
        for i, p in enumerate(players[:3]):
            p.send({"type": "queue", "settings": EAST})
            msg = p.until("queue")
            assert (msg["waiting"], msg["needed"]) == (i + 1, 4)
        players[3].send({"type": "queue", "settings": EAST})
        rids = {p.until("matched")["room_id"] for p in players}
        assert len(rids) == 1
        rid = rids.pop()
        seen_seats = set()
        for p in players:
            msg = p.room(lambda r: r["phase"] == "playing")
            room = msg["room"]
            assert room["room_id"] == rid and room["matched"] is True and room["creator"] is None
            assert [s["kind"] for s in room["seats"]] == ["person"] * 4
            assert sorted(s["nickname"] for s in room["seats"]) == ["Ann", "Bo", "Cy", "Di"]
            seen_seats.add(msg["you"])
            assert p.until("update")["game_id"] == room["game_id"]
        assert seen_seats == {0, 1, 2, 3}
        # a matched room takes nobody else and never seats a CPU
        e = connect("Eve")
        e.send({"type": "join_room", "room_id": rid})
        e.error("game_running")
        assert client.app.state.lobby.matching.queues == {}  # type: ignore[attr-defined]


def test_three_queued_for_sanma_are_matched_as_three(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        players = [connect(n) for n in ("Ann", "Bo", "Cy")]
        sanma = {"preset": "sanma", "options": {"length": "east"}}
        for p in players[:2]:
            p.send({"type": "queue", "settings": sanma})
            assert p.until("queue")["needed"] == 3
        players[2].send({"type": "queue", "settings": sanma})
        for p in players:
            p.until("matched")
            room = p.room(lambda r: r["phase"] == "playing")["room"]
            assert room["players"] == 3 and len(room["seats"]) == 3
            assert all(s["kind"] == "person" for s in room["seats"])
            assert len(p.until("update")["view"]["seats"]) == 3


def test_unqueue_disconnect_and_different_settings_keep_players_apart(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        u = connect("Una")
        u.send({"type": "queue", "settings": EAST})
        assert u.until("queue")["waiting"] == 1
        u.send({"type": "unqueue"})
        u.until("unqueued")
        u.send({"type": "unqueue"})
        u.error("not_queued")

        gone = connect("Gone")
        gone.send({"type": "queue", "settings": EAST})
        assert gone.until("queue")["waiting"] == 1
        gone.close()  # a disconnect leaves the queue
        wait_for(lambda: not lobby.matching.queues)

        # other settings, other queues: these two wait alone
        other = connect("Otto")
        other.send({"type": "queue", "settings": {"preset": "standard", "options": {"length": "east-south"}}})
        assert other.until("queue")["waiting"] == 1
        timed = connect("Tim")
        timed.send({"type": "queue", "settings": {**EAST, "think_seconds": 3, "bank_seconds": 10}})
        assert timed.until("queue")["waiting"] == 1

        players = [connect(n) for n in ("Ann", "Bo", "Cy")]
        for i, p in enumerate(players):
            p.send({"type": "queue", "settings": EAST})
            assert p.until("queue")["waiting"] == i + 1  # neither Una nor Gone is counted
        late = connect("Di")
        late.send({"type": "queue", "settings": EAST})
        rid = late.until("matched")["room_id"]
        room = late.room(lambda r: r["phase"] == "playing")["room"]
        assert room["room_id"] == rid
        assert sorted(s["nickname"] for s in room["seats"]) == ["Ann", "Bo", "Cy", "Di"]
        # Otto and Tim still wait, one in each queue; Una was never matched
        assert sorted(len(q) for q in lobby.matching.queues.values()) == [1, 1]
        assert all(m["type"] != "matched" for m in u.seen + other.seen + timed.seen)
        u.send({"type": "ping", "t": 7})
        assert u.until("pong")["t"] == 7


# ---------------------------------------------------------------------- 7. reconnection and stand-ins
def test_away_player_gets_a_stand_in_and_comes_back_with_a_full_view(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST, "cpus": ["easy", "easy"]})["room"]["room_id"]
        b = connect("Bo")
        assert send_ok(b, {"type": "join_room", "room_id": rid})["you"] == 3
        a.send({"type": "ready"})
        b.send({"type": "ready"})
        a.room(lambda r: all(s["ready"] for s in r["seats"]))
        a.send({"type": "start"})
        prompt = a.prompt()  # Ann (seat 0) deals: her turn is open
        assert prompt["type"] == "update" and prompt["view"]["seats"][0]["river"] == []
        token = a.token
        a.close()  # away mid-hand, with her prompt open

        # Bo keeps playing; after the grace period a CPU plays Ann's seat
        assert b.room(lambda r: r["seats"][0]["connected"] is False)["room"]["phase"] == "playing"
        start = len(b.seen)
        answered: set[int] = set()
        while True:
            msg = b.recv()
            if msg["type"] == "update" and msg.get("seq") and msg["seq"] not in answered:
                if any(e["actor"] == 0 for e in events(b.seen[start:], "dahai")):
                    pending = msg  # stop answering: the game now waits for Bo
                    break
                answered.add(msg["seq"])
                answer(b, msg)
            assert msg["type"] != "game_over", "the game ended before Ann came back"
        stand_in_discards = [e for e in events(b.seen[start:], "dahai") if e["actor"] == 0]
        assert stand_in_discards

        back = connect(token=token)
        assert back.seen[-1]["resumed"] is True and "token" not in back.seen[-1]
        room_msg = back.until("room")
        assert room_msg["you"] == 0 and room_msg["room"]["room_id"] == rid
        full = back.until("update")
        assert full.get("full") is True and full["stand_in"] is False
        view = full["view"]
        # the seat as the server holds it, and as Bo sees it from outside
        runner = client.app.state.lobby.rooms[rid].runner  # type: ignore[attr-defined]
        assert view["own"]["tiles"] == sorted(runner.game.table.seats[0].hand)
        assert view["own"]["tiles"] == runner.game.view(0)["own"]["tiles"]
        assert len(view["own"]["tiles"]) == pending["view"]["seats"][0]["concealed"]
        assert view["seats"][0]["river"] == pending["view"]["seats"][0]["river"]
        assert [r["tile"] for r in view["seats"][0]["river"]][: len(stand_in_discards)] == [
            e["tile"] for e in stand_in_discards
        ]
        assert b.room(lambda r: r["seats"][0]["connected"] is True)["room"]["phase"] == "playing"

        # the game goes on with Ann herself: every later update is hers, not a stand-in's
        answer(b, pending)
        if full.get("seq"):
            answer(back, full)
        over = play_all([back, b])
        assert over["type"] == "game_over"
        assert all(m.get("stand_in") is False for m in back.seen if m["type"] == "update")


def test_a_player_away_for_good_is_played_to_the_end_and_can_come_back_to_the_room(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        room = a.room()["room"]
        game_id = room["game_id"]
        answer(a, a.prompt())
        token = a.token
        a.close()
        assert client.get(f"/api/games/{game_id}").status_code == 409  # still running, with nobody there...
        # ...then the stand-in finishes it
        record = wait_for(lambda: (r := client.get(f"/api/games/{game_id}")).status_code == 200 and r.json())
        assert record["status"] == "finished" and record["final"]["nicknames"][0] == "Ann"

        back = connect(token=token)
        assert back.seen[-1]["resumed"] is True
        room = back.until("room")["room"]
        assert room["phase"] == "waiting" and room["last_game_id"] == game_id
        assert room["last_final"]["scores"] == record["final"]["scores"]


def test_reconnect_within_the_grace_period_finds_the_same_prompt(tmp_path: Path) -> None:
    with table(tmp_path, grace=30.0) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        token = a.token
        a.close()
        back = connect(token=token)
        full = back.until("update")
        assert full["full"] is True and full["stand_in"] is False
        assert full["seq"] == prompt["seq"]  # nobody played for her: the same decision is still open
        assert full["view"]["own"] == prompt["view"]["own"]
        assert full["view"]["legal_actions"] == prompt["view"]["legal_actions"]


def test_a_new_connection_with_the_token_replaces_the_old_one(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        second = connect(token=a.token)
        assert second.seen[-1] == {"type": "welcome", "protocol": 1, "nickname": "Ann", "resumed": True}
        assert a.error("replaced")
        with pytest.raises(WebSocketDisconnect):
            a.recv()  # the server closed the old connection
        full = second.until("update")
        assert full["full"] is True and full["seq"] == prompt["seq"]
        action = answer(second, full)
        moved = second.until("update", lambda m: any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"]))
        assert next(e for e in moved["events"] if e["type"] == "dahai")["tile"] == action["tile"]

        stranger = connect()
        stranger.send({"type": "hello", "protocol": 1, "token": "not-a-token"})
        stranger.error("unknown_token")


# ---------------------------------------------------------------------- 9. spectators
def test_spectators_see_only_the_public_view(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        rid = a.room()["room"]["room_id"]
        answer(a, a.prompt())

        s = connect()  # no hello needed to watch
        s.send({"type": "spectate", "room_id": rid.lower()})
        msg = s.until("room")
        assert msg["you"] is None and msg["room"]["room_id"] == rid and msg["room"]["spectators"] == 1
        first = s.until("update")
        assert first["view"]["seat"] is None

        over = play_to_end([a])
        s.until("game_over", lambda m: m["game_id"] == over["game_id"])
        updates = [m for m in s.seen if m["type"] == "update"]
        assert len(updates) > 20
        for m in updates:
            assert "own" not in m["view"] and "legal_actions" not in m["view"], m
            assert "seq" not in m and "timer" not in m and "stand_in" not in m
            assert m["view"]["must_act"] is False
        starts = events(updates, "start_kyoku")
        assert starts, "the spectator saw no hand start"
        for e in starts:
            assert e["info"]["hands"] == [None, None, None, None]
        draws = events(updates, "tsumo")
        assert draws and all("tile" not in e for e in draws)
        # the player saw her own hand in the same events
        assert all(e["info"]["hands"][0] is not None for e in events(a.seen, "start_kyoku"))

        s.send({"type": "spectate", "room_id": "ZZZZZ9"})
        s.error("no_room")
        s.send({"type": "unspectate"})
        s.until("left")


# ---------------------------------------------------------------------- 10. stale, duplicate and illegal answers
def test_a_duplicate_answer_is_stale_and_applied_once(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        tile = prompt["view"]["own"]["drawn"]
        act = {"type": "action", "seq": prompt["seq"], "action": {"type": "discard", "tile": tile}}
        start = len(a.seen)
        a.send(act)
        a.send(act)
        err = a.error("stale")
        assert err["seq"] == prompt["seq"]
        # the next decision (it may come before or after the refusal): the game moved once
        nxt = next((m for m in a.seen[start:] if m["type"] == "update" and m.get("seq")), None) or a.prompt()
        mine = [e for e in events(a.seen[start:], "dahai") if e["actor"] == 0]
        assert [e["tile"] for e in mine] == [tile]
        assert [r["tile"] for r in nxt["view"]["seats"][0]["river"]] == [tile]
        assert nxt["seq"] != prompt["seq"]
        # an old seq stays stale
        a.send(act)
        assert a.error("stale")["seq"] == prompt["seq"]
        a.send({"type": "action", "seq": "x", "action": {"type": "pass"}})
        a.error("bad_message")
        answer(a, nxt)
        play_to_end([a])
        a.send(act)
        a.error("no_game")


def test_an_illegal_action_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        own = prompt["view"]["own"]
        assert own["drawn"] in own["tiles"]
        not_mine = next(t for t in range(136) if t not in own["tiles"])
        a.send({"type": "action", "seq": prompt["seq"], "action": {"type": "discard", "tile": not_mine}})
        err = a.error("illegal_action")
        assert err["seq"] == prompt["seq"] and err["rule"]
        a.send({"type": "action", "seq": prompt["seq"], "action": {"type": "fly"}})
        assert a.error("illegal_action")["rule"] == "action_format"
        # the same prompt is still open and the hand is as it was: a legal discard is applied once
        keep = own["tiles"][0] if own["tiles"][0] != own["drawn"] else own["tiles"][1]
        a.send({"type": "action", "seq": prompt["seq"], "action": {"type": "discard", "tile": keep}})
        after = a.until("update", lambda m: any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"]))
        assert [e["tile"] for e in after["events"] if e["type"] == "dahai" and e["actor"] == 0] == [keep]
        assert after["view"]["own"]["tiles"] == sorted(t for t in own["tiles"] if t != keep)
        assert [r["tile"] for r in after["view"]["seats"][0]["river"]] == [keep]
        assert all(m["type"] != "error" for m in a.seen[a.seen.index(err) + 2 :])


# ---------------------------------------------------------------------- 11. REST
def test_rest_api_schema_and_running_or_unknown_games(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        paths = client.get("/openapi.json").json()["paths"]
        for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/log", "/api/rooms",
                     "/api/rooms/{room_id}", "/api/presets"):  # fmt: skip
            assert path in paths, path
        names = [p["name"] for p in client.get("/api/presets").json()]
        assert "standard" in names and "sanma" in names
        sanma = next(p for p in client.get("/api/presets").json() if p["name"] == "sanma")
        assert sanma["options"]["players"] == 3

        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        game_id = a.room()["room"]["game_id"]
        a.prompt()
        assert client.get(f"/api/games/{game_id}").status_code == 409  # known, not 404, as soon as it starts
        assert client.get(f"/api/games/{game_id}/log").status_code == 409
        assert client.get("/api/games").json()["games"] == []  # running games are not listed
        for url in ("/api/games/0123456789abcdef", "/api/games/0123456789abcdef/log", "/api/rooms/ZZZZZZ"):
            assert client.get(url).status_code == 404, url
        health = client.get("/api/health").json()
        assert health["ok"] is True and health["games"] == 1


def test_the_record_is_served_as_soon_as_game_over_is_sent(tmp_path: Path) -> None:
    """Even when the database writer lags behind the game (held back here), a client that asks for the record right
    after ``game_over`` gets it: reads wait for the writes queued before them."""
    with table(tmp_path) as (client, connect):
        store = client.app.state.store  # type: ignore[attr-defined]
        gate = threading.Event()
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        game_id = a.room()["room"]["game_id"]
        store._submit(lambda _s: gate.wait(10))  # the writer is busy until the gate opens
        over = play_to_end([a])
        threading.Timer(0.3, gate.set).start()
        record = client.get(f"/api/games/{over['game_id']}")
        assert record.status_code == 200 and record.json()["final"]["scores"] == over["final"]["scores"]
        assert [g["id"] for g in client.get("/api/games").json()["games"]] == [game_id]
        assert client.get(f"/api/games/{game_id}/log").status_code == 200
