"""What players saw is what is recorded (docs/protocol.md, "What you are shown is stored"; docs/operations.md).

- **kill -9 at every point.** A real server process plays one person against three CPUs; after each update the
  person receives, the process is killed (SIGKILL: no shutdown, no flush) and a new one started on the same
  database. Every time, every event the person had been shown is in the stored record (the stored decisions replay
  to a game whose events, as the person may see them, begin with exactly those the person received), the person's
  token still finds the game, and when the person had a prompt open the restored view is the one they saw.
- **A full disk stops the table.** The database is made full (SQLite's ``max_page_count``: the same
  ``SQLITE_FULL`` a full disk gives) in the middle of a game: the person is told the table is paused, and no
  update comes that the database does not hold; when writes work again the game goes on, and the record says the
  game ended with the scores the person saw.
- **A game is stored before anyone hears of it**: the ``room`` message that announces a game comes after its
  record is committed, even when the database is slow.
- **A person back as a restored game ends sees it end.** A kill can come after the person was shown a game's last
  decision but before its end was stored: the restarted server finds the game over and ends it at once. A person
  who comes back meanwhile (before the runner finds the end, or while it stores it) still gets the full view they
  are owed, before the ``game_over``.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from websockets.sync.client import ClientConnection, connect

from jantaku.engine import Game
from jantaku.server import Settings
from jantaku.server.protocol import FinalJson
from jantaku.server.runner import GameRunner, InboxItem
from jantaku.server.store import GameResult, Store
from tests.server.helpers import SocketClient, on_own_loop, random_game, simple_choice, table, uvicorn_process
from tests.server.test_persistence import Wire
from tests.server.test_runner import Table

Msg = dict[str, Any]
EAST = {"preset": "standard", "options": {"length": "east"}}


def stored_game(db: Path, game_id: str) -> tuple[list[str], str]:
    """The game's stored log (header, then the decisions) and status, read as a new process would."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as c:
        row = c.execute("SELECT header, status FROM games WHERE id = ?", (game_id,)).fetchone()
        assert row is not None, f"game {game_id} is not stored"
        header, status = row
        lines = [r[0] for r in c.execute("SELECT line FROM decisions WHERE game_id = ? ORDER BY n", (game_id,))]
    return [header, *lines], status


def shown(game: Game, seat: int) -> list[Msg]:
    """The game's events as ``seat`` is shown them (the server sends a game from its first deal)."""
    return [e.to_json() for e in game.events_for(seat) if e.type != "start_game"]


def assert_stored(db: Path, game_id: str, seen: list[Msg], seat: int = 0) -> Game:
    """Every event ``seat`` was shown (``seen``, in order) is in the stored record; returns the stored game."""
    lines, _ = stored_game(db, game_id)
    game = Game.replay(lines)
    record = shown(game, seat)
    differs = next((i for i, (a, b) in enumerate(zip(record, seen, strict=False)) if a != b), None)
    assert record[: len(seen)] == seen, (
        f"the person saw {len(seen)} events; the record holds {len(record)} and differs at {differs}"
    )
    return game


# ---------------------------------------------------------------------------------------------------------------------
# kill -9


@contextlib.contextmanager
def person(base: str) -> Iterator[tuple[SocketClient, ClientConnection]]:
    with connect(base.replace("http://", "ws://") + "/ws") as conn:
        yield SocketClient(Wire(conn)), conn


def kill_after_every_update(tmp_path: Path, kills: int) -> int:
    """Play a game, killing the server after each of the first ``kills`` updates; returns how many kills."""
    db = tmp_path / "jantaku.db"
    env = {"JANTAKU_GRACE": "600"}  # nobody stands in for the person while the server restarts
    seen: list[Msg] = []
    game_id = token = ""
    last: Msg | None = None
    answered: set[int] = set()  # the prompts answered since the last restart
    killed = 0
    while True:
        with uvicorn_process(tmp_path, **env) as base, person(base) as (p, _conn):
            if not token:
                token = str(p.hello("Keeper")["token"])
                p.send({"type": "play_now", "settings": EAST})
                game_id = p.until("room", lambda m: m["room"]["phase"] == "playing")["room"]["game_id"]
            else:
                # nobody is connected yet: the restored game stands still, as the record has it
                restored = Game.replay(stored_game(db, game_id)[0])
                seen = shown(restored, 0)  # what the person knows from here on: the restored game
                assert p.hello(token=token)["resumed"] is True, "the game's person is unknown after a restart"
                room = p.until("room")["room"]
                if room["game_id"] is None:  # the game had ended, stored, before the kill: its room says how
                    assert stored_game(db, game_id)[1] == "finished", "the game vanished"
                    assert room["phase"] == "waiting" and room["last_game_id"] == game_id
                    final = Game.replay(stored_game(db, game_id)[0]).final
                    assert final is not None and room["last_final"]["scores"] == list(final.scores)
                    return killed
                assert room["game_id"] == game_id, "the game vanished"
                try:
                    full = p.until("update", lambda m: bool(m.get("full")))
                except TimeoutError:  # say what came instead, and where the stored game stands
                    came = [(m["type"], m.get("seq"), bool(m.get("full"))) for m in p.seen]
                    stored = Game.replay(stored_game(db, game_id)[0])
                    raise AssertionError(
                        f"no full view after restart {killed}: received {came}; the stored game's phase "
                        f"{stored.phase}, to act {stored.to_act()}; the person last saw seq {last and last.get('seq')}"
                    ) from None
                assert last is not None
                if last.get("seq") and last["seq"] not in answered:  # the game waited on the person alone:
                    # it stands exactly where they saw it
                    assert full["view"] == last["view"], "the restored view is not the one the person saw"
                answered = set()  # (prompts are numbered anew by each process)
                seen += full["events"]  # (what followed at once may travel with the full view)
                last = full
                if full.get("seq"):
                    answered.add(full["seq"])
                    p.send(
                        {"type": "action", "seq": full["seq"], "action": simple_choice(full["view"]["legal_actions"])}
                    )
            while True:
                msg = p.recv()
                if msg["type"] == "game_over":
                    _, status = stored_game(db, game_id)
                    assert status == "finished"
                    return killed
                if msg["type"] != "update" or msg["game_id"] != game_id:
                    continue
                seen += msg["events"]
                last = msg
                if killed < kills:
                    break  # kill -9 now, just after the update
                if msg.get("seq") and msg["seq"] not in answered:
                    answered.add(msg["seq"])
                    p.send({"type": "action", "seq": msg["seq"], "action": simple_choice(msg["view"]["legal_actions"])})
        # the with-block killed the process (SIGKILL)
        killed += 1
        assert_stored(db, game_id, seen)


@pytest.mark.serial
def test_kill_9_after_each_of_the_first_updates_loses_nothing_shown(tmp_path: Path) -> None:
    assert kill_after_every_update(tmp_path, 12) == 12


@pytest.mark.slow
@pytest.mark.serial
def test_kill_9_after_every_update_of_a_game_loses_nothing_shown(tmp_path: Path) -> None:
    assert kill_after_every_update(tmp_path, 10_000) > 50


# ---------------------------------------------------------------------------------------------------------------------
# a full disk


class Fullness:
    """Caps the SQLite file at its current size (``PRAGMA max_page_count``) on every connection the store takes."""

    def __init__(self) -> None:
        self.full = False

    def __call__(self, dbapi_conn: Any, _record: Any, _proxy: Any) -> None:
        cur = dbapi_conn.cursor()
        if self.full:
            pages = cur.execute("PRAGMA page_count").fetchone()[0]
            cur.execute(f"PRAGMA max_page_count = {pages}")
        else:
            cur.execute("PRAGMA max_page_count = 1073741823")
        cur.close()


def test_a_full_disk_pauses_the_table_and_nothing_unstored_is_shown(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect_person):
        store = client.app.state.store  # type: ignore[attr-defined]
        fullness = Fullness()
        event.listen(store.engine, "checkout", fullness)
        ann = connect_person("Ann")
        ann.send({"type": "play_now", "settings": EAST})
        game_id = ann.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        seen: list[Msg] = []
        db = tmp_path / "jantaku.db"
        fullness.full = True
        paused = None
        for _ in range(5000):
            msg = ann.recv(timeout=10)
            if msg["type"] == "paused":
                paused = msg
                break
            assert msg["type"] == "update", f"the game went on to {msg['type']} with the database full"
            seen += msg["events"]
            if msg.get("seq"):
                ann.send({"type": "action", "seq": msg["seq"], "action": simple_choice(msg["view"]["legal_actions"])})
        assert paused == {"type": "paused", "reason": "storage"}
        assert store.failing and "full" in store.failing
        time.sleep(1.5)
        while (extra := ann.poll()) is not None:  # the table stands still while nothing can be stored
            assert extra["type"] != "update", "an update came that the database does not hold"
        assert_stored(db, game_id, seen)

        fullness.full = False  # the disk has room again
        assert ann.until("resumed") == {"type": "resumed", "reason": "storage"}
        over: Msg | None = None
        while over is None:
            msg = ann.recv(timeout=10)
            if msg["type"] == "update":
                seen += msg["events"]
                if msg.get("seq"):
                    ann.send(
                        {"type": "action", "seq": msg["seq"], "action": simple_choice(msg["view"]["legal_actions"])}
                    )
            elif msg["type"] == "game_over":
                over = msg
        game = assert_stored(db, game_id, seen)
        assert shown(game, 0) == seen  # the whole record, exactly what Ann saw
        record = client.get(f"/api/games/{game_id}").json()
        assert record["status"] == "finished" and record["final"]["scores"] == over["final"]["scores"]


# ---------------------------------------------------------------------------------------------------------------------
# the start of a game


def test_a_game_is_stored_before_its_room_says_it_plays(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect_person):
        store = client.app.state.store  # type: ignore[attr-defined]

        def slow_commit(_session: Any) -> None:
            time.sleep(0.3)  # a slow disk

        event.listen(store.engine, "commit", slow_commit)
        ann = connect_person("Ann")
        ann.send({"type": "play_now", "settings": EAST})
        game_id = ann.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        _, status = stored_game(tmp_path / "jantaku.db", game_id)  # no flush: read as it stands now
        assert status == "running"


# ---------------------------------------------------------------------------------------------------------------------
# a write that can never succeed


def test_a_game_whose_write_is_dropped_stops_before_showing_it(tmp_path: Path) -> None:
    """A decision row that already exists (a fault of the data, not of the disk) cannot be written: the store
    drops it after its retries, and the game stops (``server_error``) without showing that decision."""
    with table(tmp_path) as (client, connect_person):
        ann = connect_person("Ann")
        ann.send({"type": "play_now", "settings": EAST})
        game_id = ann.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        db = tmp_path / "jantaku.db"
        client.app.state.store.flush()  # type: ignore[attr-defined]
        stored = len(stored_game(db, game_id)[0]) - 1
        with contextlib.closing(sqlite3.connect(db)) as c:  # the row the game's decision number 10 will need
            c.execute("INSERT INTO decisions (game_id, n, line) VALUES (?, ?, ?)", (game_id, stored + 10, "{}"))
            c.commit()
        seen: list[Msg] = []
        while True:
            msg = ann.recv(timeout=10)
            if msg["type"] == "error":
                assert msg["code"] == "server_error"
                break
            assert msg["type"] == "update", msg["type"]
            seen += msg["events"]
            if msg.get("seq"):
                ann.send({"type": "action", "seq": msg["seq"], "action": simple_choice(msg["view"]["legal_actions"])})
        lines, status = stored_game(db, game_id)
        assert status == "running"  # stored as far as it got: a restart resumes it
        record = Game.replay(lines[: 1 + stored + 10])  # the header and every decision before the lost one
        assert shown(record, 0)[: len(seen)] == seen, "an update showed the decision that was never stored"


# ---------------------------------------------------------------------------------------------------------------------
# a person back as a restored game ends


@dataclass
class EndingTable(Table):
    """A restored game's room, nobody connected yet; it notes how many messages had gone out when the game ended."""

    sent_at_end: list[int] = field(default_factory=list)

    def game_over(self, game_id: str, final: FinalJson, unrecorded: bool, abandoned: bool) -> None:
        self.sent_at_end.append(len(self.sent))
        super().game_over(game_id, final, unrecorded, abandoned)


class EndHook(Store):
    """A store that calls ``on_finish`` as a game's end is handed to it: the runner then waits for that write."""

    on_finish: Callable[[], None] | None = None

    def game_finished(self, *args: Any, **kwargs: Any) -> GameResult:
        if self.on_finish is not None:
            self.on_finish()
        return super().game_finished(*args, **kwargs)


#: when the person comes back to the restored game, which is over but not yet recorded as ended
BACK = {
    "before_the_runner_finds_the_end": "start",
    "while_the_end_is_being_stored": "finish",
}


@pytest.mark.parametrize("when", list(BACK.values()), ids=list(BACK))
def test_a_person_back_as_a_restored_game_ends_gets_the_full_view_before_the_end(tmp_path: Path, when: str) -> None:
    game = Game.replay(random_game("standard", 1, length="east").log)  # every decision stored, the end not
    assert game.over
    room = EndingTable(connected=set())  # the restart: nobody is connected yet
    store = EndHook(f"sqlite:///{tmp_path / 'jantaku.db'}")
    config = Settings(cpu_delay=0.0, grace=600.0, hand_pause=0.0, claim_window=0.0, abandon_minutes=10.0)

    async def restart() -> None:
        runner = GameRunner(room, config, store, game, "g", 0.0, decisions=len(game.log) - 1)  # type: ignore[arg-type]

        def back() -> None:  # what ``Lobby.attach`` does for a person whose room has a runner
            room.connected.add(0)
            runner.post(InboxItem("presence", 0, True))

        if when == "start":
            back()
        else:
            store.on_finish = back
        runner.start()
        assert runner.task is not None
        await asyncio.wait_for(runner.task, 30)

    try:
        on_own_loop(restart())
    finally:
        store.close()
    assert room.ended == ["finished"]
    before_end = [m for seat, m in room.sent[: room.sent_at_end[0]] if seat == 0]
    full = [m for m in before_end if m["type"] == "update" and m.get("full")]
    assert len(full) == 1, f"no full view before the end: {[m['type'] for m in before_end]}"
    assert full[0]["view"] == game.view(0), "the full view is not the table as it ended"
