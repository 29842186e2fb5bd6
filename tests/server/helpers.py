"""Test clients for the table server: Starlette's TestClient (the app's own websocket code path, in-process) and a
real uvicorn process on a free port (for restarts). Both speak the protocol of docs/protocol.md."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from jantaku.server import Settings
from jantaku.server.app import create_app

#: fast settings for tests: CPUs play at once, a short grace, no rate limit in the way of scripted clients
FAST = dict(cpu_delay=0.0, grace=0.5, rate=10000.0, burst=10000.0, hand_pause=0.0)


def settings(tmp: Path, **over: Any) -> Settings:
    return Settings(**{"db": f"sqlite:///{tmp / 'jantaku.db'}", "data_dir": tmp, **FAST, **over})  # type: ignore[arg-type]


@contextlib.contextmanager
def server(tmp: Path, **over: Any) -> Iterator[TestClient]:
    app = create_app(settings(tmp, **over))
    with TestClient(app) as client:
        yield client


class Player:
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


def play_to_end(players: list[Player], choose: Callable[[list[dict[str, Any]]], dict[str, Any]] = simple_choice,
                limit: int = 5000) -> dict[str, Any]:  # fmt: skip
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
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def uvicorn_process(tmp: Path, port: int | None = None, **env: str) -> Iterator[str]:
    """``jantaku serve`` in a subprocess on a free port; yields the base URL (http://127.0.0.1:PORT)."""
    port = port or free_port()
    environ = {**os.environ, "JANTAKU_DB": f"sqlite:///{tmp / 'jantaku.db'}", "JANTAKU_CPU_DELAY": "0",
               "JANTAKU_GRACE": "0.5", "JANTAKU_RATE": "10000", "JANTAKU_BURST": "10000",
               "JANTAKU_HAND_PAUSE": "0", **env}  # fmt: skip
    proc = subprocess.Popen(
        [sys.executable, "-m", "jantaku", "serve", "--port", str(port)],
        env=environ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
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
