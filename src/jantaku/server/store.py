"""Game records through SQLAlchemy 2: SQLite by default, PostgreSQL (or any SQLAlchemy URL) by configuration.

What is kept (nothing of it is served while a game runs):

- ``games``: one row per game: rules, the seed (secret until the end), seats, the log header, the room it was
  played in (to rebuild it after a restart), status (``running``, ``finished``, ``unrecorded``), final scores and
  placements, the wall commitments and reveals of every hand, and the complete JSON-lines log once finished.
- ``decisions``: the decisions of a running game in order, written as they are played. Rules + seed + decisions
  replay the game exactly, so a restarted server resumes every running game where it was.
- ``game_players``: who sat where, for "games of this nickname".
- ``waiting_rooms``: every room between games (settings, seats with token hashes, powers), so a restart keeps
  the rooms people are gathering in; a room leaves it when it closes or starts a game.

Writes go through one writer thread that commits in batches: the event loop never waits for the disk, and every
write is committed in the order it was made.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, String, Text, create_engine, event, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

SCHEMA_VERSION = 1


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    room_id: Mapped[str] = mapped_column(String(16), index=True)
    preset: Mapped[str] = mapped_column(String(40))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(64))
    header: Mapped[str] = mapped_column(Text)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    room: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    final: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    walls: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    log: Mapped[str | None] = mapped_column(Text, nullable=True)


class DecisionRow(Base):
    __tablename__ = "decisions"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    line: Mapped[str] = mapped_column(Text)


class PlayerRow(Base):
    __tablename__ = "game_players"
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    nickname: Mapped[str] = mapped_column(String(40), index=True)
    cpu: Mapped[str | None] = mapped_column(String(16), nullable=True)


class WaitingRoomRow(Base):
    __tablename__ = "waiting_rooms"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    room: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MetaRow(Base):
    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


@dataclass(frozen=True)
class RunningGame:
    """What a restart needs to resume a game."""

    id: str
    room: dict[str, Any]
    lines: list[str]  # header, then the decisions


def now() -> datetime:
    return datetime.now(UTC)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The database behind the server. Reads run in the caller's thread; writes are queued to the writer."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._migrate()
        # a job, an Event to set once everything queued before it is committed, or None to stop
        self._queue: queue.Queue[Callable[[Session], None] | threading.Event | None] = queue.Queue()
        self._failure: BaseException | None = None
        self._writer = threading.Thread(target=self._write_loop, name="jantaku-store", daemon=True)
        self._writer.start()

    # ------------------------------------------------------------------ schema
    def _migrate(self) -> None:
        """Create missing tables and record the schema version (version 1 is the first; later versions add their
        steps here, keyed on the stored version)."""
        Base.metadata.create_all(self.engine)
        with Session(self.engine) as s, s.begin():
            row = s.get(MetaRow, "schema_version")
            if row is None:
                s.add(MetaRow(key="schema_version", value=str(SCHEMA_VERSION)))
            elif int(row.value) > SCHEMA_VERSION:
                raise RuntimeError(f"the database's schema {row.value} is newer than this server's {SCHEMA_VERSION}")

    # ------------------------------------------------------------------ writer
    def _write_loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            batch = [job]
            while True:  # commit whatever else is already waiting in the same transaction
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            try:
                with Session(self.engine) as s, s.begin():
                    for j in batch:
                        if not isinstance(j, threading.Event):
                            j(s)
            except BaseException as exc:  # keep the server up; the failure is reported by flush()
                self._failure = exc
            for j in batch:  # after the commit: a waiter then reads what was queued before it
                if isinstance(j, threading.Event):
                    j.set()

    def submit(self, job: Callable[[Session], None]) -> None:
        """Queue ``job`` for the writer thread: it runs in a transaction after every write queued before it."""
        self._queue.put(job)

    def _caught_up(self, timeout: float = 10.0) -> bool:
        """Wait until every write queued so far is committed."""
        done = threading.Event()
        self._queue.put(done)
        return done.wait(timeout)

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every queued write is committed (tests, shutdown)."""
        if not self._caught_up(timeout):
            raise TimeoutError("the database writer did not catch up")
        if self._failure is not None:
            failure, self._failure = self._failure, None
            raise RuntimeError(f"a database write failed: {failure}") from failure

    def close(self) -> None:
        self.flush()
        self._queue.put(None)
        self._writer.join(timeout=10)
        self.engine.dispose()

    # ------------------------------------------------------------------ writes
    def game_started(
        self,
        game_id: str,
        room_id: str,
        preset: str,
        rules: dict[str, Any],
        seed: str,
        header: str,
        seats: list[dict[str, Any]],
        room: dict[str, Any],
    ) -> None:
        """A game began: its rules, secret seed, log header and seats, and the room (``Room.to_record``) a restart
        rebuilds it in."""

        def job(s: Session) -> None:
            s.add(
                GameRow(
                    id=game_id,
                    room_id=room_id,
                    preset=preset,
                    rules=rules,
                    seed=seed,
                    header=header,
                    seats=seats,
                    room=room,
                    status="running",
                    created_at=now(),
                )
            )
            for i, seat in enumerate(seats):
                s.add(PlayerRow(game_id=game_id, seat=i, nickname=seat["nickname"], cpu=seat.get("cpu")))

        self.submit(job)

    def decision(self, game_id: str, n: int, line: str) -> None:
        self.submit(lambda s: s.add(DecisionRow(game_id=game_id, n=n, line=line)))

    def room_changed(self, game_id: str, room: dict[str, Any]) -> None:
        def job(s: Session) -> None:
            row = s.get(GameRow, game_id)
            if row is not None:
                row.room = room

        self.submit(job)

    def room_waiting(self, room: dict[str, Any]) -> None:
        """Keep a waiting room's record (``Room.to_record``) for a restart."""
        record = dict(room)

        def job(s: Session) -> None:
            s.merge(WaitingRoomRow(id=record["id"], room=record, updated_at=now()))

        self.submit(job)

    def room_gone(self, room_id: str) -> None:
        """A room closed or started a game: a restart no longer brings it back as a waiting room."""

        def job(s: Session) -> None:
            row = s.get(WaitingRoomRow, room_id)
            if row is not None:
                s.delete(row)

        self.submit(job)

    def game_finished(
        self, game_id: str, status: str, final: dict[str, Any], walls: list[dict[str, Any]], log: list[str]
    ) -> None:
        text = "\n".join(log) + "\n"

        def job(s: Session) -> None:
            row = s.get(GameRow, game_id)
            if row is None:
                return
            row.status, row.final, row.walls, row.log, row.finished_at = status, final, walls, text, now()

        self.submit(job)

    # ------------------------------------------------------------------ reads
    def running_games(self) -> list[RunningGame]:
        """The running games, newest first: when a room holds more than one (a game stopped by a fault, then
        another started), the newest is the one its people are playing."""
        with Session(self.engine) as s:
            newest = GameRow.created_at.desc()
            rows = s.scalars(select(GameRow).where(GameRow.status == "running").order_by(newest)).all()
            out = []
            for row in rows:
                lines = s.scalars(
                    select(DecisionRow.line).where(DecisionRow.game_id == row.id).order_by(DecisionRow.n)
                ).all()
                out.append(RunningGame(row.id, dict(row.room), [row.header, *lines]))
            return out

    def waiting_rooms(self) -> list[dict[str, Any]]:
        """The waiting rooms' records, oldest change first."""
        with Session(self.engine) as s:
            return [dict(r) for r in s.scalars(select(WaitingRoomRow.room).order_by(WaitingRoomRow.updated_at))]

    def list_games(self, player: str | None = None, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
        """Finished games, newest first; ``player`` keeps the games where that nickname sat."""
        self._caught_up()  # a game announced as over is listed (its record is written before game_over is sent)
        with Session(self.engine) as s:
            q = select(GameRow).where(GameRow.status == "finished")
            if player:
                q = q.where(GameRow.id.in_(select(PlayerRow.game_id).where(PlayerRow.nickname == player)))
            q = q.order_by(GameRow.finished_at.desc(), GameRow.id).limit(limit).offset(offset)
            return [_summary(row) for row in s.scalars(q).all()]

    def get_game(self, game_id: str) -> dict[str, Any] | None:
        """A finished game's record (``None`` for an unknown or running game: a running game's log is secret)."""
        self._caught_up()
        with Session(self.engine) as s:
            row = s.get(GameRow, game_id)
            if row is None or row.status == "running":
                return None
            return {**_summary(row), "seed": row.seed, "walls": row.walls, "rules": row.rules}

    def game_log(self, game_id: str) -> str | None:
        self._caught_up()
        with Session(self.engine) as s:
            row = s.get(GameRow, game_id)
            if row is None or row.status == "running" or row.log is None:
                return None
            return row.log

    def game_status(self, game_id: str) -> str | None:
        with Session(self.engine) as s:
            row = s.get(GameRow, game_id)
            return None if row is None else row.status


def _summary(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "room_id": row.room_id,
        "preset": row.preset,
        "length": row.rules.get("length"),
        "status": row.status,
        "created_at": row.created_at.isoformat() if row.created_at else None,
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
        "seats": row.seats,
        "final": row.final,
    }


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
