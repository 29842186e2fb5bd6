"""A real server process killed mid-game, and a new one on the same database (SQLite always; PostgreSQL too when
``JANTAKU_TEST_PG`` holds a SQLAlchemy URL such as ``postgresql+psycopg://user@host/db``, which tests/conftest.py
sets to a private server when PostgreSQL is installed: each run gets a fresh schema, dropped afterwards).

A person plays one whole East-only game, starts a second and plays some decisions; with a prompt open and the
database caught up, the process is killed (SIGKILL: no shutdown, no last flush) while the person is still
connected. A new process resumes the running game from rules, seed and stored decisions; the person comes back
with the token and gets the room and a full update whose view is the one they saw last (own tiles, rivers, melds,
scores, legal actions: the whole view). They play the game out; both finished games are listed by
``GET /api/games`` and the resumed game's log replays exactly.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, func, select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from jantaku.engine import Game
from jantaku.server.store import DecisionRow, GameRow
from tests.pg_server import scratch_schema
from tests.server.helpers import SocketClient, play_to_end, simple_choice, uvicorn_process

PG_URL = os.environ.get("JANTAKU_TEST_PG", "")
SETTINGS = {"preset": "standard", "options": {"length": "east"}}
#: the person keeps the seat across the restart (no stand-in takes it while the new process starts)
ENV = {"JANTAKU_GRACE": "120"}


class Wire:
    """A websockets connection with the two methods ``SocketClient`` uses."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn

    def send_text(self, data: str) -> None:
        self.conn.send(data)

    def receive_json(self) -> Any:
        return json.loads(self.conn.recv(timeout=30))


def _drain(p: SocketClient, quiet: float = 0.3) -> None:
    """Read until nothing more comes for ``quiet`` seconds."""
    while True:
        try:
            p.seen.append(json.loads(p.ws.conn.recv(timeout=quiet)))
        except TimeoutError:
            return


@pytest.fixture(params=["sqlite", "postgresql"] if PG_URL else ["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'jantaku.db'}"
        return
    assert PG_URL is not None
    with scratch_schema(PG_URL) as url:
        yield url


def _wait_until_stored(url: str, game_id: str, timeout: float = 10.0) -> int:
    """The running game's stored decisions, once their count has stopped changing (the writer caught up)."""
    engine = create_engine(url)
    try:
        deadline = time.monotonic() + timeout
        last, stable_since = -1, time.monotonic()
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                status = conn.execute(select(GameRow.status).where(GameRow.id == game_id)).scalar()
                count = conn.execute(
                    select(func.count()).select_from(DecisionRow).where(DecisionRow.game_id == game_id)
                ).scalar_one()
            if status == "running" and count != last:
                last, stable_since = count, time.monotonic()
            elif status == "running" and time.monotonic() - stable_since > 0.4:
                return count
            time.sleep(0.05)
        raise AssertionError(f"the stored decisions of game {game_id} did not settle (status {status}, {last})")
    finally:
        engine.dispose()


def test_a_killed_server_resumes_the_game_where_it_was(db_url: str, tmp_path: Path) -> None:
    env = {**ENV, "JANTAKU_DB": db_url}
    conns: list[ClientConnection] = []
    with contextlib.ExitStack() as cleanup:
        with uvicorn_process(tmp_path, **env) as base:
            ws_url = base.replace("http://", "ws://") + "/ws"
            conns.append(cleanup.enter_context(connect(ws_url)))
            p = SocketClient(Wire(conns[-1]), "Keeper")
            token = p.token
            assert token
            # one whole game first
            p.send({"type": "play_now", "settings": SETTINGS})
            first = play_to_end([p])
            assert first["unrecorded"] is False
            # a second game: some decisions, then a prompt left open
            p.send({"type": "play_now", "settings": SETTINGS})
            for _ in range(8):
                prompt = p.prompt()
                assert prompt["type"] == "update", "the game ended too soon for this test"
                p.send(
                    {"type": "action", "seq": prompt["seq"], "action": simple_choice(prompt["view"]["legal_actions"])}
                )
            prompt = p.prompt()
            assert prompt["type"] == "update"
            game_id = prompt["game_id"]
            _drain(p)
            stored = _wait_until_stored(db_url, game_id)
            assert stored >= 8
            # a running game is not served (its seed and log are secret)
            assert httpx.get(f"{base}/api/games/{game_id}").status_code == 409
            assert httpx.get(f"{base}/api/games/{game_id}/log").status_code == 409
            seen = [m["view"] for m in p.seen if m["type"] == "update" and m["game_id"] == game_id]
        # the process was killed (SIGKILL) with the person connected
        with pytest.raises(ConnectionClosed):
            conns[-1].recv(timeout=10)

        with uvicorn_process(tmp_path, **env) as base:
            health = httpx.get(f"{base}/api/health").json()
            assert health["games"] == 1, "the running game was resumed"
            conns.append(cleanup.enter_context(connect(base.replace("http://", "ws://") + "/ws")))
            back = SocketClient(Wire(conns[-1]))
            welcome = back.hello(token=token)
            assert welcome["resumed"] is True and "token" not in welcome
            room = back.until("room")
            assert room["you"] == 0 and room["room"]["phase"] == "playing" and room["room"]["game_id"] == game_id
            full = back.until("update", lambda m: bool(m.get("full")))
            assert full["game_id"] == game_id
            view = full["view"]
            assert view in seen, "the resumed view is none the person saw before the kill"
            assert view == seen[-1], (
                f"the resumed view is the one seen {len(seen) - 1 - seen.index(view)} updates earlier"
            )
            last = seen[-1]
            assert view["own"] == last["own"]
            assert [s["river"] for s in view["seats"]] == [s["river"] for s in last["seats"]]
            assert [s["score"] for s in view["seats"]] == [s["score"] for s in last["seats"]]
            assert full["seq"], "the open prompt is open again"
            back.send({"type": "action", "seq": full["seq"], "action": simple_choice(view["legal_actions"])})
            over = play_to_end([back])
            assert over["game_id"] == game_id and over["unrecorded"] is False

            deadline = time.monotonic() + 10
            while True:  # the store writes in the background
                listed = httpx.get(f"{base}/api/games").json()["games"]
                ids = [g["id"] for g in listed]
                if game_id in ids or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            assert first["game_id"] in ids and game_id in ids
            assert ids.index(game_id) < ids.index(first["game_id"]), "newest first"
            record = httpx.get(f"{base}/api/games/{game_id}").json()
            assert record["status"] == "finished" and record["final"] == over["final"]
            lines = httpx.get(f"{base}/api/games/{game_id}/log").text.splitlines()
            replayed = Game.replay(lines)
            assert replayed.log == lines
            assert replayed.over and replayed.final is not None
            assert replayed.final.to_json() == {k: record["final"][k] for k in ("order", "scores", "results", "places")}
            assert len([ln for ln in lines if json.loads(ln)["type"] == "act"]) > stored
