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

Writes go through one writer thread that commits in batches: the event loop never blocks on the disk, and every
write is committed in the order it was made. What a game shows its players waits for ``durable()``: a decision is
committed before anyone sees its consequence, so a crash or a kill loses nothing a player saw. All the writes
queued while the writer commits go into its next transaction, so many games share one commit.

A write that fails for a reason that can pass (a full disk, a locked or unreachable database) is retried, in
order, until it succeeds: meanwhile ``failing`` says why and every game waits (its players are told). A write
that fails otherwise (a bug) is dropped and logged, and the games that waited for it stop.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from jantaku.server.ratings import Skill, family_of, leaver_rule_applies, rate, rate_leavers, rated_game
from jantaku.sim.play import PlayerLine

SCHEMA_VERSION = 1
log = logging.getLogger("jantaku.server")
#: seconds between two attempts at a write that failed for a reason that can pass (doubling up to the last)
RETRY_SECONDS = (0.1, 0.2, 0.5, 1.0, 2.0)
#: attempts at a write that failed for another reason before it is dropped
BUG_ATTEMPTS = 3
#: tests only: ``before`` or ``after`` ends the process just before (or after) the transaction that records a
#: game's end commits, to prove its rating changes exactly once across a crash (tests/server/test_records.py)
CRASH_AT_FINISH = "JANTAKU_TEST_CRASH_AT_FINISH"


class StoreError(RuntimeError):
    """A write of a game was dropped (``Store.lost``): what the game shows cannot be made durable."""


#: a write for the writer thread, and the game it belongs to (None: no game)
Job = tuple[Callable[[Session], None], str | None]


def transient(exc: BaseException) -> bool:
    """Whether a failed write may succeed later: the disk or the database server, not the data."""
    if isinstance(exc, OperationalError | OSError):
        return True
    return isinstance(exc, DBAPIError) and exc.connection_invalidated


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
    """A seat of a game: who sat there (``player_id``: an account's id ``a…`` or a guest's ``g…``; None for a CPU or a
    deleted account) and, once the game ended, what they did in it: the per-game aggregate a profile sums
    (``player_stats``) and the rating change it brought. ``stand_in``: a CPU finished the seat for its absent person,
    so the game does not count for them."""

    __tablename__ = "game_players"
    __table_args__ = (Index("ix_game_players_player_finished", "player_id", "finished_at"),)
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    nickname: Mapped[str] = mapped_column(String(40), index=True)
    cpu: Mapped[str | None] = mapped_column(String(16), nullable=True)
    player_id: Mapped[str | None] = mapped_column(String(24), nullable=True)
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: ``4p``, ``3p`` or ``zj`` (``family_of``); None until the game ends
    family: Mapped[str | None] = mapped_column(String(4), nullable=True)
    length: Mapped[str | None] = mapped_column(String(16), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)  # 0 = first
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hands: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    wins: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    tsumo: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    deal_ins: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    riichi: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    calls: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    win_points: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # the sum over its wins
    deal_in_points: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # the sum paid on deal-ins
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)


class AccountRow(Base):
    """A registered player. ``canonical``: the name as compared (NFKC, casefolded: ``accounts.canonical_name``), so
    "Ann" and its full-width twin are one account; only the argon2id hash of the password is kept."""

    __tablename__ = "accounts"
    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    canonical: Mapped[str] = mapped_column(String(80), unique=True)
    name_key: Mapped[str] = mapped_column(String(80), index=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: kept off the leaderboards (the profile stays reachable by its link); indexed: a rank counts the few hidden
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0", index=True)


class SessionRow(Base):
    """A logged-in device: only the SHA-256 of its token is kept, with its expiry."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(String(24), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    agent: Mapped[str] = mapped_column(String(120), default="", server_default="")


class PlayerStatsRow(Base):
    """A player's running sums per family and length, updated in the transaction that records each game: a profile
    reads a few of these rows, never the logs."""

    __tablename__ = "player_stats"
    player_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    family: Mapped[str] = mapped_column(String(4), primary_key=True)
    length: Mapped[str] = mapped_column(String(16), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    places: Mapped[list[int]] = mapped_column(JSON)  # games finished 1st, 2nd, ...
    place_sum: Mapped[int] = mapped_column(Integer, default=0)  # sum of places counted from 1
    score_sum: Mapped[int] = mapped_column(Integer, default=0)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    tsumo: Mapped[int] = mapped_column(Integer, default=0)
    deal_ins: Mapped[int] = mapped_column(Integer, default=0)
    riichi: Mapped[int] = mapped_column(Integer, default=0)
    calls: Mapped[int] = mapped_column(Integer, default=0)
    win_points: Mapped[int] = mapped_column(Integer, default=0)
    deal_in_points: Mapped[int] = mapped_column(Integer, default=0)


class RatingRow(Base):
    """A player's skill in one family (``4p``, ``3p``): OpenSkill's mu and sigma, and the public, conservative
    ``rating`` (mu - k*sigma) the leaderboard orders by."""

    __tablename__ = "ratings"
    #: the leaderboard reads the top of (family, rating); a rank counts the rows above a rating from this index
    #: alone (games and player_id in it: no row is read)
    __table_args__ = (Index("ix_ratings_family_rating", "family", "rating", "games", "player_id"),)
    player_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    family: Mapped[str] = mapped_column(String(4), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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
class Account:
    """An account as the API reads it (a copy: no database session behind it)."""

    id: str
    name: str
    password_hash: str
    hidden: bool
    created_at: datetime


@dataclass(frozen=True)
class SessionInfo:
    """A logged-in device: ``handle`` is its public name (the first hex digits of its token's hash: it leads back
    to no token and opens nothing), to list and end it."""

    token_hash: str
    account_id: str
    created_at: datetime
    last_seen: datetime
    expires_at: datetime
    agent: str

    @property
    def handle(self) -> str:
        return self.token_hash[:SESSION_HANDLE]


#: hex digits of a session's token hash that name it in ``/api/account/me`` (64 bits: no two of one account meet)
SESSION_HANDLE = 16
#: seconds between two writes of a session's ``last_seen`` (every request would otherwise be a write)
TOUCH_SECONDS = 60.0


@dataclass(frozen=True)
class RunningGame:
    """What a restart needs to resume a game."""

    id: str
    room: dict[str, Any]
    lines: list[str]  # header, then the decisions


class GameResult:
    """What recording a game's end decided, filled in by the writer: each seat's rating change
    (``{seat, before, after, provisional}``, None for a seat whose rating did not move), or None until written."""

    def __init__(self) -> None:
        self.ratings: list[dict[str, Any] | None] | None = None


def now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """``moment`` with its time zone: SQLite hands back the UTC times it was given without one."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.password_hash, bool(row.hidden), aware(row.created_at))


def _session(row: SessionRow) -> SessionInfo:
    return SessionInfo(
        row.token_hash, row.account_id, aware(row.created_at), aware(row.last_seen), aware(row.expires_at), row.agent
    )


def record_results(
    s: Session,
    row: GameRow,
    final: dict[str, Any],
    lines: Sequence[PlayerLine] | None,
    stand_ins: Collection[int],
    absent: Collection[int],
) -> list[dict[str, Any] | None]:
    """Write a game's per-seat results into ``game_players``, add a finished game's to its players' running sums
    (``player_stats``: people with a player id, not the seats a stand-in finished), and move the ratings of a rated
    game (docs/ratings.md), reading them here, in the game's own transaction. Returns each seat's rating change."""
    rules, seats = row.rules, row.seats
    n = len(seats)
    places, scores = final.get("places"), final.get("scores")
    if not isinstance(places, list) or not isinstance(scores, list) or len(places) != n or len(scores) != n:
        return [None] * n  # (a result without the places of every seat: nothing to count)
    family, length = family_of(rules), str(rules.get("length"))
    players: list[str | None] = [None if seat.get("cpu") is not None else seat.get("player") for seat in seats]
    rows = []
    for i in range(n):
        p = s.get(PlayerRow, (row.id, i))
        if p is None:
            p = PlayerRow(game_id=row.id, seat=i, nickname=seats[i]["nickname"], cpu=seats[i].get("cpu"))
            s.add(p)
        if seats[i].get("cpu") is None:
            players[i] = players[i] or p.player_id  # (the seat's id kept in its row only)
            p.player_id = players[i]
        line = lines[i] if lines is not None else PlayerLine()
        p.family, p.length, p.finished_at = family, length, row.finished_at
        p.place, p.score, p.stand_in = places[i], scores[i], i in stand_ins
        p.hands, p.wins, p.tsumo, p.deal_ins = line.hands, line.wins, line.tsumo, line.deal_ins
        p.riichi, p.calls, p.win_points, p.deal_in_points = (
            line.riichi,
            line.called,
            sum(line.win_points),
            line.deal_in_points,
        )
        p.rated, p.rating_before, p.rating_after = False, None, None
        rows.append(p)
        if row.status == "finished" and players[i] is not None and i not in stand_ins:
            add_to_stats(s, players[i] or "", family, length, n, p)
    changes: list[dict[str, Any] | None] = [None] * n
    matched = bool(row.room.get("matched"))
    people = [seat.get("cpu") is None and players[i] is not None for i, seat in enumerate(seats)]
    if not leaver_rule_applies(rules, matched, people, row.status):
        return changes
    ids = [pid or "" for pid in players]
    current = [s.get(RatingRow, (pid, family)) for pid in ids]
    before = [Skill() if r is None else Skill(r.mu, r.sigma, r.games) for r in current]
    leavers = set(stand_ins) | (set(absent) if row.status == "abandoned" else set())
    if rated_game(rules, matched, people, row.status) and not leavers:
        after = rate(before, places)
    else:
        after = rate_leavers(before, leavers)
    for i in range(n):
        if after[i] == before[i]:
            continue
        r = current[i]
        if r is None:
            r = RatingRow(player_id=ids[i], family=family)
            s.add(r)
        r.mu, r.sigma, r.rating, r.games, r.updated_at = (
            after[i].mu,
            after[i].sigma,
            after[i].rating,
            after[i].games,
            now(),
        )
        rows[i].rated, rows[i].rating_before, rows[i].rating_after = True, before[i].rating, after[i].rating
        changes[i] = {
            "seat": i,
            "before": before[i].rating,
            "after": after[i].rating,
            "provisional": after[i].provisional,
        }
    return changes


def add_to_stats(s: Session, player_id: str, family: str, length: str, seats: int, p: PlayerRow) -> None:
    """Add one game's results (``p``) to the player's running sums for its family and length."""
    st = s.get(PlayerStatsRow, (player_id, family, length))
    if st is None:
        st = PlayerStatsRow(player_id=player_id, family=family, length=length, games=0, places=[0] * seats)
        st.place_sum = st.score_sum = st.hands = st.wins = st.tsumo = st.deal_ins = 0
        st.riichi = st.calls = st.win_points = st.deal_in_points = 0
        s.add(st)
    places = list(st.places or [])
    places += [0] * (seats - len(places))
    places[p.place or 0] += 1
    st.places = places  # (a new list: the JSON column sees the change)
    st.games += 1
    st.place_sum += (p.place or 0) + 1
    st.score_sum += p.score or 0
    st.hands += p.hands
    st.wins += p.wins
    st.tsumo += p.tsumo
    st.deal_ins += p.deal_ins
    st.riichi += p.riichi
    st.calls += p.calls
    st.win_points += p.win_points
    st.deal_in_points += p.deal_in_points


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
        # a job, a barrier to resolve once everything queued before it is committed, or None to stop
        self._queue: queue.Queue[Job | Future[None] | None] = queue.Queue()
        self._lost: set[str] = set()
        self._failure: BaseException | None = None
        #: why the writes are being retried now (None: the last write succeeded)
        self.failing: str | None = None
        # the barrier ``durable`` hands out until the next job is queued (callers in one tick share it)
        self._barrier: Future[None] | None = None
        self._barrier_lock = threading.Lock()
        self._writer = threading.Thread(target=self._write_loop, name="jantaku-store", daemon=True)
        self._writer.start()

    # ------------------------------------------------------------------ schema
    def _migrate(self) -> None:
        """Bring the schema to the newest revision (``jantaku.server.migrations``, Alembic ``upgrade head``). A
        database made before migrations (our tables, no ``alembic_version``) is first stamped at the baseline, whose
        schema it has. ``meta.schema_version`` stays for servers from before migrations, which refuse a newer one."""
        from alembic import command  # (imported here: the migrations import this module's models)

        from jantaku.server import migrations

        with self.engine.begin() as conn:
            tables = set(inspect(conn).get_table_names())
            cfg = migrations.config(conn)
            if "alembic_version" not in tables and GameRow.__tablename__ in tables:
                command.stamp(cfg, migrations.BASELINE)
            command.upgrade(cfg, "head")
        with Session(self.engine) as s, s.begin():
            row = s.get(MetaRow, "schema_version")
            if row is None:
                s.add(MetaRow(key="schema_version", value=str(SCHEMA_VERSION)))
            elif int(row.value) > SCHEMA_VERSION:
                raise RuntimeError(f"the database's schema {row.value} is newer than this server's {SCHEMA_VERSION}")

    # ------------------------------------------------------------------ writer
    def _write_loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while True:  # commit whatever else is already waiting in the same transaction
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            jobs = [j for j in batch if not isinstance(j, Future)]
            if jobs:
                self._commit(jobs)
            for j in batch:  # after the commit: a waiter then reads what was queued before it
                if isinstance(j, Future) and not j.done():
                    j.set_result(None)
            if stop:
                return

    def _commit(self, jobs: list[Job]) -> None:
        """Commit ``jobs`` in one transaction, retrying while the failure can pass (a job that fails for another
        reason is retried alone, then dropped, and its game is marked: ``lost``)."""
        attempt = 0
        while True:
            try:
                self._transaction(jobs)
            except BaseException as exc:
                if transient(exc):
                    self._retrying(exc, attempt)
                    attempt += 1
                    continue
                if len(jobs) > 1:  # find the job that fails: the others are kept, each in its own transaction
                    for j in jobs:
                        self._commit([j])
                    return
                if attempt + 1 < BUG_ATTEMPTS:
                    attempt += 1
                    continue
                log.exception("a database write failed and was dropped")
                self._failure = exc
                game = jobs[0][1]
                if game is not None:
                    self._lost.add(game)
                return
            if self.failing is not None:
                log.warning("database writes succeed again")
                self.failing = None
            return

    def _transaction(self, jobs: list[Job]) -> None:
        with Session(self.engine) as s, s.begin():
            for j, _game in jobs:
                j(s)

    def _retrying(self, exc: BaseException, attempt: int) -> None:
        reason = str(getattr(exc, "orig", None) or exc).strip() or type(exc).__name__
        if self.failing is None:
            log.error("database writes fail (%s): games wait until they succeed", reason)
        self.failing = reason
        time.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])

    def submit(self, job: Callable[[Session], None], game_id: str | None = None) -> None:
        """Queue ``job`` for the writer thread: it runs in a transaction after every write queued before it.
        ``game_id``: the game the write belongs to, marked ``lost`` if the write is ever dropped."""
        with self._barrier_lock:
            self._barrier = None
            self._queue.put((job, game_id))

    def lost(self, game_id: str) -> bool:
        """Whether a write of this game was dropped: what it shows from then on can never be durable."""
        return game_id in self._lost

    def durable(self) -> Future[None]:
        """A future resolved once every write queued so far is committed or dropped (a game checks ``lost``).
        Callers between two writes share one barrier, so a tick's worth of games waits for one commit."""
        with self._barrier_lock:
            barrier = self._barrier
            if barrier is None or barrier.cancelled():
                barrier = self._barrier = Future()
                self._queue.put(barrier)
            return barrier  # (nothing queued since a barrier that is done: it stands for now too)

    def _caught_up(self, timeout: float = 10.0) -> bool:
        """Wait until every write queued so far is committed (or dropped)."""
        try:
            self.durable().result(timeout)
        except TimeoutError:
            return False
        return True

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every queued write is committed (tests, shutdown)."""
        if not self._caught_up(timeout):
            raise TimeoutError("the database writer did not catch up")
        if self._failure is not None:
            failure, self._failure = self._failure, None
            raise RuntimeError(f"a database write failed: {failure}") from failure

    def close(self) -> None:
        """Stop the writer once what is queued is written (a write that was dropped is already logged)."""
        try:
            self._caught_up()
        finally:
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
                s.add(
                    PlayerRow(
                        game_id=game_id,
                        seat=i,
                        nickname=seat["nickname"],
                        cpu=seat.get("cpu"),
                        player_id=seat.get("player"),
                    )
                )

        self.submit(job, game_id)

    def decision(self, game_id: str, n: int, line: str) -> None:
        self.submit(lambda s: s.add(DecisionRow(game_id=game_id, n=n, line=line)), game_id)

    def room_changed(self, game_id: str, room: dict[str, Any]) -> None:
        def job(s: Session) -> None:
            row = s.get(GameRow, game_id)
            if row is not None:
                row.room = room

        self.submit(job, game_id)

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
        self,
        game_id: str,
        status: str,
        final: dict[str, Any],
        walls: list[dict[str, Any]],
        log: list[str],
        lines: Sequence[PlayerLine] | None = None,
        stand_ins: Collection[int] = (),
        absent: Collection[int] = (),
    ) -> GameResult:
        """The game ended: its record is complete, and in the same transaction its room is kept as a waiting
        room with the result, so that a crash right after the end still brings the room (and the tokens of its
        people) back. In that transaction too, each seat's results (``lines``: ``summarise`` of its events) go to
        ``game_players``, the players' running sums and ratings change (``record_results``): a crash before the
        commit resumes the game, which ends again; after it, the game is over and nothing is counted twice.
        ``stand_ins``: the seats a stand-in CPU finished; ``absent``: the people away when an abandoned game ended.
        A game that is no longer running (its end already recorded) is left as it is: an end told twice counts
        once. The returned result holds the rating changes once ``durable()`` has resolved (None for such a game)."""
        text = "\n".join(log) + "\n"
        result = GameResult()
        crash = os.environ.get(CRASH_AT_FINISH)

        def job(s: Session) -> None:
            row = s.get(GameRow, game_id)
            if row is None or row.status != "running":  # ended once already: its results are counted
                return
            row.status, row.walls, row.log, row.finished_at = status, walls, text, now()
            mark_stand_ins(s, row, tuple(sorted(stand_ins)))
            result.ratings = record_results(s, row, final, lines, stand_ins, absent)
            row.final = {**final, "ratings": result.ratings}
            room = {k: v for k, v in row.room.items() if k != "started_at"}
            seats = [
                None if p is None or (p.get("cpu") is None and not p.get("token_hash")) else p for p in room["seats"]
            ]
            if any(p is not None and p.get("cpu") is None for p in seats):  # a person is still seated
                room.update(seats=seats, last_game_id=game_id, last_final=row.final)
                s.merge(WaitingRoomRow(id=row.room_id, room=room, updated_at=now()))
            if crash == "before":
                s.flush()
                os._exit(17)  # (the transaction never commits)
            if crash == "after":
                event.listen(s, "after_commit", lambda _s: os._exit(17))

        self.submit(job, game_id)
        return result

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
        """Finished (and abandoned) games, newest first; ``player`` keeps the games where that player id (an
        account's or a guest's) sat. Never a nickname: anyone may type one, and a history is its player's."""
        self._caught_up()  # a game announced as over is listed (its record is written before game_over is sent)
        with Session(self.engine) as s:
            q = select(GameRow).where(GameRow.status.in_(("finished", "abandoned")))
            if player:
                q = q.where(GameRow.id.in_(select(PlayerRow.game_id).where(PlayerRow.player_id == player)))
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

    # ------------------------------------------------------------------ accounts and sessions
    # Accounts and sessions are rows no game writes: they are written by short transactions of their own, in the
    # request's thread. What moves a player's seats, sums or ratings (``adopt``, ``delete_account``) goes through
    # the writer, in order with the games' writes to the same rows (``write``).

    def write(self, job: Callable[[Session], None], timeout: float = 10.0) -> None:
        """Run ``job`` on the writer, after every write queued before it, and wait until it is committed; a job
        that was dropped (it failed) raises ``StoreError``."""
        done: list[bool] = []

        def tracked(s: Session) -> None:
            done.clear()  # (a batch that failed is committed again job by job: the last run counts)
            job(s)
            done.append(True)

        self.submit(tracked)
        if not self._caught_up(timeout):
            raise TimeoutError("the database writer did not catch up")
        if not done:
            raise StoreError("the write failed and was dropped")

    def create_account(self, account_id: str, name: str, canonical: str, key: str, password_hash: str) -> bool:
        """A new account; False if its name is taken (the same ``canonical`` name, or a look-alike ``key``)."""
        try:
            with Session(self.engine) as s, s.begin():
                taken = s.scalar(
                    select(AccountRow.id).where((AccountRow.canonical == canonical) | (AccountRow.name_key == key))
                )
                if taken is not None:
                    return False
                s.add(
                    AccountRow(
                        id=account_id,
                        name=name,
                        canonical=canonical,
                        name_key=key,
                        password_hash=password_hash,
                        created_at=now(),
                        hidden=False,
                    )
                )
        except IntegrityError:  # the same name registered at the same moment
            return False
        return True

    def account(self, account_id: str) -> Account | None:
        with Session(self.engine) as s:
            row = s.get(AccountRow, account_id)
            return None if row is None else _account(row)

    def account_by_name(self, canonical: str) -> Account | None:
        """The account a login names (``accounts.canonical_name`` of what was typed)."""
        with Session(self.engine) as s:
            row = s.scalar(select(AccountRow).where(AccountRow.canonical == canonical))
            return None if row is None else _account(row)

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash))

    def set_hidden(self, account_id: str, hidden: bool) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(hidden=hidden))

    def open_session(self, hashed: str, account_id: str, opened: datetime, expires: datetime, agent: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.add(
                SessionRow(
                    token_hash=hashed,
                    account_id=account_id,
                    created_at=opened,
                    last_seen=opened,
                    expires_at=expires,
                    agent=agent[:120],
                )
            )

    def session(self, hashed: str, at: datetime) -> tuple[SessionInfo, Account] | None:
        """The live session of this token hash and its account; an expired one is deleted and None, like an
        unknown one. ``last_seen`` is written at most every ``TOUCH_SECONDS``."""
        with Session(self.engine) as s:
            row = s.get(SessionRow, hashed)
            if row is None:
                return None
            info = _session(row)
            account = s.get(AccountRow, row.account_id)
        if account is None or info.expires_at <= at:
            self.end_session(hashed)
            return None
        if (at - info.last_seen).total_seconds() >= TOUCH_SECONDS:
            with Session(self.engine) as s, s.begin():
                s.execute(update(SessionRow).where(SessionRow.token_hash == hashed).values(last_seen=at))
        return info, _account(account)

    def sessions_of(self, account_id: str) -> list[SessionInfo]:
        """An account's sessions, the newest first."""
        with Session(self.engine) as s:
            rows = s.scalars(
                select(SessionRow).where(SessionRow.account_id == account_id).order_by(SessionRow.created_at.desc())
            )
            return [_session(r) for r in rows]

    def end_session(self, hashed: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(delete(SessionRow).where(SessionRow.token_hash == hashed))

    def end_sessions(self, account_id: str, keep: str | None = None) -> list[str]:
        """End the account's sessions but ``keep`` (a token hash); the hashes ended."""
        with Session(self.engine) as s, s.begin():
            q = select(SessionRow.token_hash).where(SessionRow.account_id == account_id)
            ended = [h for h in s.scalars(q) if h != keep]
            if ended:
                s.execute(delete(SessionRow).where(SessionRow.token_hash.in_(ended)))
            return ended

    def expire_sessions(self, at: datetime) -> int:
        """Delete every session over at ``at``; how many (the sweeper calls it now and then)."""
        with Session(self.engine) as s, s.begin():
            result = s.execute(delete(SessionRow).where(SessionRow.expires_at <= at))
            return int(getattr(result, "rowcount", 0) or 0)

    def adopt(self, guest: str, account_id: str, wait: bool = True) -> None:
        """A guest became an account: their seats, sums and ratings are the account's from now on, in one
        transaction on the writer (after any game write queued before). The account is new, so it has no sums or
        ratings of its own that the guest's would meet, provided nothing under the account's id was queued before
        this: the server queues it from the event loop in the same step as the lobby's seats become the
        account's (``wait`` False: queued, not waited for), so every game write naming the guest comes before it
        and every one naming the account after."""

        def job(s: Session) -> None:
            games = list(s.scalars(select(PlayerRow.game_id).where(PlayerRow.player_id == guest).distinct()))
            s.execute(update(PlayerRow).where(PlayerRow.player_id == guest).values(player_id=account_id))
            s.execute(update(PlayerStatsRow).where(PlayerStatsRow.player_id == guest).values(player_id=account_id))
            s.execute(update(RatingRow).where(RatingRow.player_id == guest).values(player_id=account_id))
            for game in s.scalars(select(GameRow).where(GameRow.id.in_(games))):
                game.seats = [
                    {**seat, "player": account_id, "account": True} if seat.get("player") == guest else seat
                    for seat in game.seats
                ]

        if wait:
            self.write(job)
        else:
            self.submit(job)

    def delete_account(self, account_id: str, shown: str, wait: bool = True) -> dict[str, set[int]]:
        """The account is gone: its sessions, sums and ratings deleted, its seats in stored games shown as
        ``shown`` ("deleted player") with no player id, in the seat rows, the seats and result of each game and the
        room kept with it, so that no record nor download names it any more. (A game's log holds no names: the
        downloads take them from the seats.) A room keeps the result of its last game too (``last_final``), in the
        waiting rooms' records and in the room record each later game of that room was started with: those name
        it no more either. The games stay whole for the others. Returns the account's seats by game id (the lobby
        forgets the name in the rooms it holds by them), filled once the deletion is committed: ``wait`` False
        queues it without waiting (the server queues it from the loop in the same step as the table forgets the
        account, so no game write naming the account comes after it)."""
        mine: dict[str, set[int]] = {}

        def job(s: Session) -> None:
            mine.clear()
            seats = s.execute(select(PlayerRow.game_id, PlayerRow.seat).where(PlayerRow.player_id == account_id))
            for game_id, seat in seats:
                mine.setdefault(game_id, set()).add(seat)
            s.execute(update(PlayerRow).where(PlayerRow.player_id == account_id).values(player_id=None, nickname=shown))
            for game in s.scalars(select(GameRow).where(GameRow.id.in_(list(mine)))):
                forget_seats(game, mine[game.id], shown)
            rooms = select(GameRow.room_id).where(GameRow.id.in_(list(mine)))
            for game in s.scalars(select(GameRow).where(GameRow.room_id.in_(rooms))):
                game.room = forget_in_last_final(game.room, mine, shown)
            for waiting in s.scalars(select(WaitingRoomRow)):
                waiting.room = forget_in_last_final(waiting.room, mine, shown)
            s.execute(delete(PlayerStatsRow).where(PlayerStatsRow.player_id == account_id))
            s.execute(delete(RatingRow).where(RatingRow.player_id == account_id))
            s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            s.execute(delete(AccountRow).where(AccountRow.id == account_id))

        if wait:
            self.write(job)
        else:
            self.submit(job)
        return mine

    def player_game_ids(self, player_id: str) -> list[str]:
        """The finished (and abandoned) games where the player sat, oldest first: what their export holds."""
        self._caught_up()
        with Session(self.engine) as s:
            q = (
                select(GameRow.id)
                .where(GameRow.status.in_(("finished", "abandoned")))
                .where(GameRow.id.in_(select(PlayerRow.game_id).where(PlayerRow.player_id == player_id)))
                .order_by(GameRow.finished_at, GameRow.id)
            )
            return list(s.scalars(q))


def mark_stand_ins(s: Session, row: GameRow, stand_ins: list[int] | tuple[int, ...]) -> None:
    """The seats a CPU was playing for their person at the end: marked in the game's seats and its seat rows (such a
    game is shown marked in the person's history and counts nowhere for them)."""
    seats = [dict(seat, stand_in=i in stand_ins and seat.get("cpu") is None) for i, seat in enumerate(row.seats)]
    row.seats = seats
    for player in s.scalars(select(PlayerRow).where(PlayerRow.game_id == row.id)):
        player.stand_in = bool(player.seat < len(seats) and seats[player.seat]["stand_in"])


def forget_names(final: Any, seats: Collection[int], shown: str) -> Any:
    """A game's result (``FinalJson``) whose names at ``seats`` are ``shown``; anything else as it is."""
    if not isinstance(final, dict) or not isinstance(final.get("nicknames"), list):
        return final
    return {**final, "nicknames": [shown if i in seats else n for i, n in enumerate(final["nicknames"])]}


def forget_in_last_final(room: Any, seats_by_game: Mapping[str, Collection[int]], shown: str) -> Any:
    """A room record whose last game's result (``last_final``, and the ``game_over`` kept for who was away,
    ``last_over``) shows ``shown`` at the seats ``seats_by_game`` gives for that game (the room as it is when its
    last game is none of them)."""
    if not isinstance(room, dict) or room.get("last_game_id") not in seats_by_game:
        return room
    seats = seats_by_game[room["last_game_id"]]
    over = room.get("last_over")
    if isinstance(over, dict):
        over = {**over, "final": forget_names(over.get("final"), seats, shown)}
    return {**room, "last_final": forget_names(room.get("last_final"), seats, shown), "last_over": over}


def forget_seats(game: GameRow, seats: set[int], shown: str) -> None:
    """Seats ``seats`` of ``game`` show ``shown`` and no player: in its seats, its result's names and its room."""
    game.seats = [
        {**seat, "nickname": shown, "player": None, "account": False} if i in seats else seat
        for i, seat in enumerate(game.seats)
    ]
    game.final = forget_names(game.final, seats, shown)
    room_seats = game.room.get("seats") if isinstance(game.room, dict) else None
    if isinstance(room_seats, list):
        game.room = {
            **game.room,
            "seats": [
                {**seat, "nickname": shown, "player": None, "account": False, "token_hash": None}
                if i in seats and isinstance(seat, dict)
                else seat
                for i, seat in enumerate(room_seats)
            ],
        }


def _summary(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "room_id": row.room_id,
        "preset": row.preset,
        "length": row.rules.get("length"),
        "superpowers": bool(row.rules.get("superpowers")),
        "status": row.status,
        "created_at": row.created_at.isoformat() if row.created_at else None,
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
        "seats": row.seats,
        "final": row.final,
    }


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
