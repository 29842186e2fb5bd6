"""Test clients for the table server: Starlette's TestClient (the app's own websocket code path, in-process) and a
real uvicorn process on a free port (for restarts). Both speak the protocol of docs/protocol.md."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import anyio
from fastapi.testclient import TestClient

from jantaku.engine import Game
from jantaku.rules import preset
from jantaku.server import Settings
from jantaku.server.app import create_app
from jantaku.server.store import Store

#: fast settings for tests: CPUs play at once, a short grace, no rate limit in the way of scripted clients, and room
#: for the many clients a test opens from its one address (``tests/server/test_guard.py`` tests the limits)
FAST = dict(
    cpu_delay=0.0,
    grace=0.5,
    rate=10000.0,
    burst=10000.0,
    hand_pause=0.0,
    claim_window=0.0,
    address_rate=100000.0,
    address_burst=100000.0,
    max_websockets_per_address=10000,
    max_rooms_per_address=10000,
    max_games_per_address=10000,
    failed_hellos_per_minute=10000.0,
    failed_lookups_per_minute=10000.0,
)


def settings(tmp: Path, **over: Any) -> Settings:
    return Settings(**{"db": f"sqlite:///{tmp / 'jantaku.db'}", "data_dir": tmp, **FAST, **over})  # type: ignore[arg-type]


@contextlib.contextmanager
def server(tmp: Path, **over: Any) -> Iterator[TestClient]:
    app = create_app(settings(tmp, **over))
    with TestClient(app) as client:
        yield client


class SocketClient:
    """One websocket client. ``recv`` returns the next message; ``until`` skips to the first message of a type."""

    def __init__(self, ws: Any, nickname: str = "", token: str | None = None) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.token = token
        if nickname or token:
            self.hello(nickname, token)

    def send(self, msg: dict[str, Any] | str) -> None:
        self.ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        self.seen.append(msg)
        return msg

    def until(self, kind: str, where: Callable[[dict[str, Any]], bool] = lambda m: True) -> dict[str, Any]:
        while True:
            msg = self.recv()
            if msg["type"] == kind and where(msg):
                return msg

    def hello(self, nickname: str = "", token: str | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {"type": "hello", "protocol": 1}
        if nickname:
            msg["nickname"] = nickname
        if token:
            msg["token"] = token
        self.send(msg)
        welcome = self.until("welcome")
        self.token = welcome.get("token", token)
        return welcome

    def prompt(self) -> dict[str, Any]:
        """The next update that asks this player to decide (or ``game_over``)."""
        while True:
            msg = self.recv()
            if msg["type"] == "game_over" or (msg["type"] == "update" and msg.get("seq")):
                return msg


def simple_choice(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A plain scripted player: win when it can, pass on calls, else throw the drawn (last listed) discard."""
    for kind in ("tsumo", "ron"):
        for a in legal:
            if a["type"] == kind:
                return a
    for a in legal:
        if a["type"] in ("pass", "noten"):
            return a
    discards = [a for a in legal if a["type"] == "discard"]
    return discards[-1] if discards else legal[0]


def play_to_end(
    players: list[SocketClient],
    choose: Callable[[list[dict[str, Any]]], dict[str, Any]] = simple_choice,
    limit: int = 5000,
) -> dict[str, Any]:
    """Play every prompt of ``players`` (one at a time, in the order the prompts come) until ``game_over``;
    returns the game_over message of the first player. Needs a room where these are the only people."""
    answered: dict[int, set[int]] = {id(p): set() for p in players}
    over: dict[int, dict[str, Any]] = {}
    pending = list(players)
    steps = 0
    while pending:
        steps += 1
        assert steps < limit, "the game does not end"
        for p in list(pending):
            msg = p.recv()
            if msg["type"] == "game_over":
                over[id(p)] = msg
                pending.remove(p)
            elif msg["type"] == "update" and msg.get("seq") and msg["seq"] not in answered[id(p)]:
                answered[id(p)].add(msg["seq"])
                p.send({"type": "action", "seq": msg["seq"], "action": choose(msg["view"]["legal_actions"])})
    return over[id(players[0])]


# ---------------------------------------------------------------------- a real server process
EAST: dict[str, Any] = {"preset": "standard", "options": {"length": "east", "extension": "none"}}
Msg = dict[str, Any]


class Client(SocketClient):
    """A ``SocketClient`` whose every wait is bounded: a missing message fails the test after ``timeout`` seconds."""

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


def quiet(p: Client) -> list[Msg]:
    """What ``p`` received up to the answer of a ping sent now (everything the server queued for it before)."""
    start = len(p.seen)
    p.send({"type": "ping", "t": 1})
    p.until("pong")
    return p.seen[start:-1]


def answer(p: Client, msg: Msg, choose: Callable[[list[Msg]], Msg] = simple_choice) -> Msg:
    action = choose(msg["view"]["legal_actions"])
    p.send({"type": "action", "seq": msg["seq"], "action": action})
    return action


def two_and_cpus(connect: Callable[..., Client], cpus: list[str]) -> tuple[Client, Client, str, int]:
    """Ann creates an East room with these CPU seats, Bo joins it by its Room ID, both are ready and Ann starts;
    returns Ann, Bo, the Room ID and Bo's seat."""
    ann, bo = connect("Ann"), connect("Bo")
    rid: str = send_ok(ann, {"type": "create_room", "settings": EAST, "cpus": cpus})["room"]["room_id"]
    bo_seat: int = send_ok(bo, {"type": "join_room", "room_id": rid})["you"]
    for p in (ann, bo):
        p.send({"type": "ready"})
    ann.room(lambda r: all(s["ready"] for s in r["seats"]))
    ann.send({"type": "start"})
    return ann, bo, rid, bo_seat


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def uvicorn_process(tmp: Path, port: int | None = None, **env: str) -> Iterator[str]:
    """``jantaku serve`` in a subprocess on a free port; yields the base URL (http://127.0.0.1:PORT)."""
    port = port or free_port()
    environ = {
        **os.environ,
        "JANTAKU_DB": f"sqlite:///{tmp / 'jantaku.db'}",
        "JANTAKU_CPU_DELAY": "0",
        "JANTAKU_GRACE": "0.5",
        "JANTAKU_RATE": "10000",
        "JANTAKU_BURST": "10000",
        "JANTAKU_HAND_PAUSE": "0",
        "JANTAKU_CLAIM_WINDOW": "0",
        **{f"JANTAKU_{k.upper()}": str(v) for k, v in FAST.items() if k.startswith(("address_", "max_", "failed_"))},
        **env,
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "jantaku", "serve", "--port", str(port)],
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    raise RuntimeError(f"the server did not start:\n{out}") from None
                time.sleep(0.05)
        yield url
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)


def random_game(preset_name: str, seed: int, **options: Any) -> Game:
    """A whole game of random legal actions (preset ``preset_name`` with ``options``): a record to store and serve."""
    rules = preset(preset_name).with_options(**options) if options else preset(preset_name)
    game = Game(rules, seed)
    rng = random.Random(seed)
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def store_game(store: Store, game_id: str, game: Game, names: Sequence[str]) -> None:
    """``game`` written as the table server records one: started in room ROOM01 with seats named ``names``, and
    finished with its final scores when it is over (a game still running stays so)."""
    seats = [{"nickname": n} for n in names]
    room = {"id": "ROOM01", "seats": [None] * len(names)}
    store.game_started(
        game_id, "ROOM01", game.rules.name, game.rules.options(), str(game.seed), game.log[0], seats, room
    )
    if game.final is not None:
        final = {"nicknames": list(names), "order": list(range(len(names))), "scores": list(game.final.scores)}
        store.game_finished(game_id, "finished", final, [], game.log)


T = TypeVar("T")


def on_own_loop(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` on a new event loop in a thread of its own: the test process may already have a loop running in
    its main thread (Playwright's sync API keeps one for the browser tests), and ``asyncio.run`` refuses to nest."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
