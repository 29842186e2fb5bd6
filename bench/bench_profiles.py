"""`make bench-profiles`: a player's profile and the leaderboard with 10,000 players and 200,000 stored games.

The target (docs/performance.md): ``GET /api/players/{id}`` and ``GET /api/leaderboard?family=4p`` answer in p99
< 50 ms on a database of 10,000 players (accounts) and 200,000 finished games, on SQLite and on PostgreSQL.

**The filler** (``fill``) writes what the server itself would have written after those games, in bulk
(``executemany`` in chunks of a few thousand rows): the ``games`` rows (seats in the contract's shape, final scores,
a placeholder log of ``--log-bytes`` characters), one ``game_players`` row per seat with its per-game aggregate
(hands, wins, tsumo, deal-ins, riichi, calls, win and deal-in points, place, score, the rating before and after),
the running sums in ``player_stats`` (exactly the sums of those rows, per player, family and length), one
``ratings`` row per player and family (the last rating after, the count of rated games), the accounts (2% hidden
from the leaderboard) and one session per account (the logged-in caller). Most games are 4-player riichi, some
3-player and Zung Jung; most are auto-matched people-only games (rated), the others seat one to three CPUs, and one
person's seat in a hundred of those is a stand-in's (not counted). Who plays is skewed like a real site: the most
active player has thousands of games (a long rating series), the median a few dozen. The rating change is a
placeholder walk (the bench reads ratings, it does not judge them); the data is the same for the same ``--seed``.

The filled SQLite file is kept in ``build/bench/`` under a name made of the schema's Alembic revision, the
filler's version and the sizes: a second run measures at once, and a schema change (a new migration) refills. The
file is written under a temporary name and renamed when complete, so an interrupted fill is never reused; the file
of an older schema is removed when the new one is filled.

**The measurement** runs the real server (``python -m jantaku serve`` on loopback, as ``make run`` does) on the
filled database and asks it, through one keep-alive HTTP connection, for the profiles of ``--requests`` random
players (each asked once, so no answer comes from a warm row of the same player) and for the leaderboard
``--requests`` times without a caller and as many times as a random logged-in account (``Authorization: Bearer``:
the answer then has the caller's own position; every session is marked seen just before, so the timings are of a
session's later requests, which read it without writing its ``last_seen``). The first ``--warmup`` requests of each
kind are not counted. Printed: p50, p95, p99 and max in milliseconds per endpoint and database, against the 50 ms
target; lines starting with ``bench-profiles:`` are for machines. The time is the client's, from the request to the
whole body, loopback and JSON included; ``cpu`` is the server's CPU time per request (with its PostgreSQL server's,
when private), which a neighbour's load barely changes. A timing during which other processes took more than a tenth
of a core is marked BUSY MACHINE: on two cores a neighbour's test run lengthens the tail. The rows marked ``CPU``
then time the endpoints' own functions in this process by this thread's CPU time (``measure_handlers``): their
percentiles are what an idle machine's latencies would be, less the HTTP.

When the server has no such endpoints yet (404), the queries a profile and the leaderboard need (``profile_reads``,
``leaderboard_reads``) are timed directly through SQLAlchemy instead, and the table says so.

**PostgreSQL**: ``JANTAKU_BENCH_PG`` (a SQLAlchemy URL) is used when set, in a fresh schema dropped afterwards;
otherwise, when PostgreSQL's ``initdb`` and ``pg_ctl`` are found (on ``PATH``, ``/usr/local/bin`` or
``/usr/lib/postgresql/*/bin``), a private server is started in a temporary folder on a Unix socket (as the
``postgres`` user when run as root, since PostgreSQL refuses root) and removed at the end: ``tests/pg_server.py``,
the server the tests run on too. ``--no-pg`` skips it.
The PostgreSQL database is filled afresh each run (about a minute) and ``ANALYZE``d, as autovacuum would have done.

    .venv/bin/python bench/bench_profiles.py                       # SQLite (cached), then PostgreSQL when found
    .venv/bin/python bench/bench_profiles.py --no-pg --requests 500
    .venv/bin/python bench/bench_profiles.py --players 1000 --games 20000   # a smaller world
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import socket
import statistics
import string
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import Engine, create_engine, func, insert, select, text, update
from sqlalchemy.engine import Connection

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))  # tests.pg_server: the private PostgreSQL server the tests use too

from tests.pg_server import PostgresUnavailable, private_postgres, scratch_schema  # noqa: E402

from jantaku.server.ids import token_hash  # noqa: E402
from jantaku.server.store import (  # noqa: E402
    AccountRow,
    GameRow,
    PlayerRow,
    PlayerStatsRow,
    RatingRow,
    SessionRow,
    Store,
)

TARGET_MS = 50.0
#: other processes' CPU (share of one core) above which a timing is flagged: on two cores a neighbour's test run
#: lengthens the tail, and the figures then measure the neighbours too
BUSY = 0.1
CLK_TCK = os.sysconf("SC_CLK_TCK")
#: bump when the filler writes different data: the cached databases are then filled again
FILL_VERSION = 1
BUILD = ROOT / "build" / "bench"
#: rows per executemany
CHUNK = 4000
#: the first game's end; the others follow at even steps over a year
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
#: a session that outlives any run of the bench (the cached database is reused for months)
FAR = datetime(2099, 1, 1, tzinfo=UTC)
#: (family, preset, players, share of the games)
FAMILIES = (("4p", "standard", 4, 0.80), ("3p", "sanma", 3, 0.12), ("zj", "zung-jung", 4, 0.08))
LENGTHS = (("east", 0.6, 5, 9), ("east-south", 0.4, 9, 16))  # (length, share, fewest hands, most hands)
START_POINTS = {"4p": 25000, "3p": 35000, "zj": 0}
#: a win's or a deal-in's points, drawn uniformly (a rough riichi distribution)
HAND_POINTS = (1000, 1300, 2000, 2600, 3900, 5200, 5800, 7700, 8000, 12000, 18000, 24000)
PROVISIONAL_GAMES = 10
K = 3.0
PLACEHOLDER_HASH = "$argon2id$v=19$m=65536,t=3,p=4$YmVuY2hiZW5jaA$YmVuY2hwbGFjZWhvbGRlcmhhc2g"


@dataclass(frozen=True)
class Shape:
    """The size of the world the bench fills."""

    players: int = 10_000
    games: int = 200_000
    seed: int = 1
    #: characters of each game's placeholder log (a real log is tens of kilobytes: ``--log-bytes`` shows whether
    #: a read loads the log it does not need)
    log_bytes: int = 200

    def key(self) -> str:
        return f"p{self.players}-g{self.games}-s{self.seed}-l{self.log_bytes}"


def session_token(shape: Shape, index: int) -> str:
    """The session token of the ``index``-th account (deterministic: the cached database keeps working)."""
    return f"bench-session-{shape.seed}-{index}"


def schema_head() -> str:
    """The newest Alembic revision the server migrates to: part of the cached database's name."""
    from alembic.script import ScriptDirectory

    from jantaku.server import migrations

    return ScriptDirectory.from_config(migrations.config()).get_current_head() or "none"


# ---------------------------------------------------------------------------------------------------- the filler
@dataclass
class Sums:
    """A player's running sums in one family and length: one ``player_stats`` row."""

    seats: int
    games: int = 0
    places: list[int] = field(default_factory=list)
    place_sum: int = 0
    score_sum: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_points: int = 0
    deal_in_points: int = 0

    def __post_init__(self) -> None:
        self.places = [0] * self.seats

    def add(self, row: dict[str, Any]) -> None:
        self.games += 1
        self.places[row["place"]] += 1
        self.place_sum += row["place"] + 1
        self.score_sum += row["score"]
        for name in ("hands", "wins", "tsumo", "deal_ins", "riichi", "calls", "win_points", "deal_in_points"):
            setattr(self, name, getattr(self, name) + row[name])


@dataclass
class Skill:
    """A player's rating in one family while the games are generated."""

    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    updated_at: datetime = EPOCH

    @property
    def rating(self) -> float:
        return round(self.mu - K * self.sigma, 3)


def _binomial(rng: random.Random, n: int, p: float) -> int:
    return sum(rng.random() < p for _ in range(n))


def _weights(players: int) -> list[float]:
    """Cumulative weights of who sits down: the i-th player plays about (i+1)^-0.6 as often as the first."""
    total, out = 0.0, []
    for i in range(players):
        total += (i + 1) ** -0.6
        out.append(total)
    return out


class Filler:
    """Generates the world of a ``Shape`` chunk by chunk and keeps the sums its last rows need."""

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.rng = random.Random(shape.seed)
        alphabet = string.ascii_lowercase + string.digits
        self.ids = ["a" + "".join(self.rng.choice(alphabet) for _ in range(11)) for _ in range(shape.players)]
        order = list(range(shape.players))
        self.rng.shuffle(order)  # activity does not follow the account's age
        self.activity = [self.ids[i] for i in order]
        self.cum = _weights(shape.players)
        self.sums: dict[tuple[str, str, str], Sums] = {}
        self.skills: dict[tuple[str, str], Skill] = {}
        self.step = timedelta(days=365) / max(1, shape.games)
        self.log = ("{}" + " " * max(0, shape.log_bytes - 3) + "\n") if shape.log_bytes else "\n"

    def accounts(self) -> list[dict[str, Any]]:
        rows = []
        for i, pid in enumerate(self.ids):
            name = f"Player{i:05d}"
            rows.append(
                {
                    "id": pid,
                    "name": name,
                    "canonical": name.lower(),
                    "name_key": name.lower(),
                    "password_hash": PLACEHOLDER_HASH,
                    "created_at": EPOCH - timedelta(days=1),
                    "hidden": i % 50 == 7,
                }
            )
        return rows

    def sessions(self) -> list[dict[str, Any]]:
        return [
            {
                "token_hash": token_hash(session_token(self.shape, i)),
                "account_id": pid,
                "created_at": EPOCH,
                "last_seen": EPOCH,
                "expires_at": FAR,
                "agent": "bench",
            }
            for i, pid in enumerate(self.ids)
        ]

    def _pick(self, n: int) -> list[str]:
        while True:
            chosen = self.rng.choices(self.activity, cum_weights=self.cum, k=n)
            if len(set(chosen)) == n:
                return chosen

    def games(self) -> Iterator[tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
        """Chunks of (``games`` rows, ``game_players`` rows), oldest game first (the ratings walk in order)."""
        rng = self.rng
        games: list[dict[str, Any]] = []
        seats_out: list[dict[str, Any]] = []
        family_cum = [sum(f[3] for f in FAMILIES[: i + 1]) for i in range(len(FAMILIES))]
        for g in range(self.shape.games):
            family, preset, n, _ = rng.choices(FAMILIES, cum_weights=family_cum)[0]
            length, _, low, high = LENGTHS[0] if rng.random() < LENGTHS[0][1] else LENGTHS[1]
            finished = EPOCH + self.step * g
            rated = family != "zj" and rng.random() < 0.7
            cpus = 0 if rated else rng.randint(1, n - 1)
            people = self._pick(n - cpus)
            players: list[str | None] = [*people, *([None] * cpus)]
            rng.shuffle(players)
            start = START_POINTS[family]
            deltas = [rng.gauss(0, 12000) for _ in range(n)]
            mean = sum(deltas) / n
            scores = [start + round((d - mean) / 100) * 100 for d in deltas]
            order = sorted(range(n), key=lambda s: (-scores[s], s))
            places = [0] * n
            for place, s in enumerate(order):
                places[s] = place
            hands = rng.randint(low, high)
            game_id = uuid.UUID(int=rng.getrandbits(128)).hex
            seat_json = []
            for s, pid in enumerate(players):
                stand_in = pid is not None and not rated and rng.random() < 0.01
                seat_json.append(
                    {
                        "nickname": f"CPU{s}" if pid is None else f"Player-{pid}",
                        "cpu": "normal" if pid is None else None,
                        "player": pid,
                        "account": pid is not None,
                        "stand_in": stand_in,
                    }
                )
                wins = _binomial(rng, hands, 0.22)
                deal_ins = _binomial(rng, hands, 0.12)
                row: dict[str, Any] = {
                    "game_id": game_id,
                    "seat": s,
                    "nickname": seat_json[-1]["nickname"],
                    "cpu": seat_json[-1]["cpu"],
                    "player_id": pid,
                    "stand_in": stand_in,
                    "family": family,
                    "length": length,
                    "finished_at": finished,
                    "rated": rated,
                    "place": places[s],
                    "score": scores[s],
                    "hands": hands,
                    "wins": wins,
                    "tsumo": _binomial(rng, wins, 0.4),
                    "deal_ins": deal_ins,
                    "riichi": _binomial(rng, hands, 0.2),
                    "calls": _binomial(rng, hands, 0.3),
                    "win_points": sum(rng.choice(HAND_POINTS) for _ in range(wins)),
                    "deal_in_points": sum(rng.choice(HAND_POINTS) for _ in range(deal_ins)),
                    "rating_before": None,
                    "rating_after": None,
                }
                if pid is not None and not stand_in:
                    key = (pid, family, length)
                    if key not in self.sums:
                        self.sums[key] = Sums(n)
                    self.sums[key].add(row)
                if rated and pid is not None:
                    skill = self.skills.setdefault((pid, family), Skill())
                    row["rating_before"] = skill.rating
                    # a placeholder walk: first gains, last loses, and the uncertainty shrinks with each game
                    skill.mu += (n - 1 - 2 * places[s]) / (n - 1) * skill.sigma * 0.3
                    skill.sigma = max(1.5, skill.sigma * 0.97)
                    skill.games += 1
                    skill.updated_at = finished
                    row["rating_after"] = skill.rating
                seats_out.append(row)
            games.append(
                {
                    "id": game_id,
                    "room_id": game_id[:8],
                    "preset": preset,
                    "rules": {"preset": preset, "players": n, "length": length},
                    "seed": uuid.UUID(int=rng.getrandbits(128)).hex,
                    "header": '{"type":"header"}',
                    "seats": seat_json,
                    "room": {"id": game_id[:8], "matched": rated},
                    "status": "finished",
                    "created_at": finished - timedelta(minutes=20 if length == "east" else 40),
                    "finished_at": finished,
                    "final": {"scores": scores, "places": places},
                    "walls": [],
                    "log": self.log,
                }
            )
            if len(games) >= CHUNK:
                yield games, seats_out
                games, seats_out = [], []
        if games:
            yield games, seats_out

    def stats(self) -> list[dict[str, Any]]:
        """``player_stats`` rows: call after ``games`` is exhausted."""
        out = []
        for (pid, family, length), s in self.sums.items():
            row = {k: v for k, v in s.__dict__.items() if k != "seats"}
            out.append({"player_id": pid, "family": family, "length": length, **row})
        return out

    def ratings(self) -> list[dict[str, Any]]:
        """``ratings`` rows: call after ``games`` is exhausted."""
        return [
            {
                "player_id": pid,
                "family": family,
                "mu": k.mu,
                "sigma": k.sigma,
                "rating": k.rating,
                "games": k.games,
                "updated_at": k.updated_at,
            }
            for (pid, family), k in self.skills.items()
        ]


def _insert_all(conn: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    for i in range(0, len(rows), CHUNK):
        conn.execute(insert(table), rows[i : i + CHUNK])


def fill(url: str, shape: Shape, progress: Callable[[str], None] | None = None) -> None:
    """Migrate the empty database at ``url`` to the newest schema (as the server does at start) and fill it."""
    Store(url).close()
    engine = create_engine(url)
    filler = Filler(shape)
    t0 = time.perf_counter()
    try:
        with engine.begin() as conn:
            _insert_all(conn, AccountRow.__table__, filler.accounts())
            _insert_all(conn, SessionRow.__table__, filler.sessions())
        done = 0
        for games, seats in filler.games():
            with engine.begin() as conn:
                conn.execute(insert(GameRow.__table__), games)
                conn.execute(insert(PlayerRow.__table__), seats)
            done += len(games)
            if progress is not None and done % (CHUNK * 10) < CHUNK:
                progress(f"{done:,} games ({time.perf_counter() - t0:.0f} s)")
        with engine.begin() as conn:
            _insert_all(conn, PlayerStatsRow.__table__, filler.stats())
            _insert_all(conn, RatingRow.__table__, filler.ratings())
        if engine.dialect.name == "postgresql":
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                conn.execute(text("ANALYZE"))
    finally:
        engine.dispose()


def cached_sqlite(shape: Shape, build: Path = BUILD) -> Path:
    """The filled SQLite file for ``shape`` at the current schema, filled now when there is none."""
    build.mkdir(parents=True, exist_ok=True)
    path = build / f"profiles-r{schema_head()}-f{FILL_VERSION}-{shape.key()}.db"
    if path.exists():
        print(f"bench-profiles: reusing {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
        return path
    for stale in build.glob(f"profiles-r*-{shape.key()}.db"):  # another schema's or filler's: never read again
        stale.unlink()
    partial = path.with_suffix(".partial")
    for stale in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
        stale.unlink(missing_ok=True)
    print(f"bench-profiles: filling {path.name} ({shape.players:,} players, {shape.games:,} games)")
    t0 = time.perf_counter()
    fill(f"sqlite:///{partial}", shape, progress=lambda s: print(f"  {s}", flush=True))
    engine = create_engine(f"sqlite:///{partial}")
    with engine.connect() as conn:  # fold the WAL into the file before it is renamed
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    engine.dispose()
    partial.rename(path)
    print(f"bench-profiles: filled in {time.perf_counter() - t0:.0f} s")
    return path


# ---------------------------------------------------------------------------------------------------- the reads
def profile_reads(conn: Connection, player_id: str) -> dict[str, Any]:
    """What a profile needs, read as the profile should: the player's few ``player_stats`` rows and ``ratings``
    rows (primary key), each rating's rank (a count over the ``(family, rating)`` index), the last 100 seats by the
    ``(player_id, finished_at)`` index with the 50 newest games' seats (primary key; never the log), and the rated
    seats' rating series (the same index). A stand-in for the endpoint while it is not there, and the reads whose
    query plans the tests check."""
    account = conn.execute(select(AccountRow.name, AccountRow.hidden).where(AccountRow.id == player_id)).first()
    stats = conn.execute(select(PlayerStatsRow).where(PlayerStatsRow.player_id == player_id)).all()
    ratings = conn.execute(select(RatingRow).where(RatingRow.player_id == player_id)).all()
    ranks = {r.family: leaderboard_rank(conn, r.family, r.rating) for r in ratings}
    recent = conn.execute(
        select(PlayerRow.game_id, PlayerRow.finished_at, PlayerRow.family, PlayerRow.place, PlayerRow.score)
        .where(PlayerRow.player_id == player_id, PlayerRow.finished_at.is_not(None))
        .order_by(PlayerRow.finished_at.desc())
        .limit(100)
    ).all()
    seats = conn.execute(select(GameRow.id, GameRow.seats).where(GameRow.id.in_([r.game_id for r in recent[:50]])))
    series = conn.execute(
        select(PlayerRow.family, PlayerRow.finished_at, PlayerRow.rating_after)
        .where(PlayerRow.player_id == player_id, PlayerRow.rated.is_(True))
        .order_by(PlayerRow.finished_at)
    ).all()
    return {
        "account": account,
        "stats": stats,
        "ratings": ratings,
        "ranks": ranks,
        "recent": recent,
        "seats": dict(seats.all()),
        "series": series,
    }


def leaderboard_rank(conn: Connection, family: str, rating: float) -> int:
    """A rating's position: 1 + the listed ratings above it (a range over the ``(family, rating)`` index)."""
    above = conn.execute(
        select(func.count())
        .select_from(RatingRow)
        .join(AccountRow, AccountRow.id == RatingRow.player_id)
        .where(
            RatingRow.family == family,
            RatingRow.rating > rating,
            RatingRow.games >= PROVISIONAL_GAMES,
            AccountRow.hidden.is_(False),
        )
    ).scalar_one()
    return int(above) + 1


def leaderboard_reads(conn: Connection, family: str, caller: str | None) -> dict[str, Any]:
    """The top 100 of a family (the ``(family, rating)`` index read from its top, accounts by primary key) and the
    caller's own row and rank."""
    rows = conn.execute(
        select(RatingRow.player_id, AccountRow.name, RatingRow.rating, RatingRow.games)
        .join(AccountRow, AccountRow.id == RatingRow.player_id)
        .where(RatingRow.family == family, RatingRow.games >= PROVISIONAL_GAMES, AccountRow.hidden.is_(False))
        .order_by(RatingRow.rating.desc())
        .limit(100)
    ).all()
    me = None
    if caller is not None:
        mine = conn.execute(
            select(RatingRow.rating, RatingRow.games).where(RatingRow.player_id == caller, RatingRow.family == family)
        ).first()
        if mine is not None:
            me = {"rank": leaderboard_rank(conn, family, mine.rating), "rating": mine.rating, "games": mine.games}
    return {"rows": rows, "me": me}


def sqlite_plans(engine: Engine, run: Callable[[], Any]) -> list[tuple[str, list[str]]]:
    """Each SELECT made on ``engine`` (SQLite) while ``run()`` runs, with its ``EXPLAIN QUERY PLAN`` lines (``SCAN t``
    is a full scan of ``t``; ``SCAN t USING INDEX`` and ``SEARCH`` read an index). ``run`` may be a read of this
    module or a request to a server whose store is on ``engine``."""
    from sqlalchemy import event

    seen: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", record)
    try:
        run()
    finally:
        event.remove(engine, "before_cursor_execute", record)
    out = []
    with engine.connect() as conn:
        for statement, parameters in seen:
            rows = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters).all()
            out.append((statement, [str(r[-1]) for r in rows]))
    return out


def full_scans(plans: list[tuple[str, list[str]]], tables: tuple[str, ...] = ("game_players", "ratings")) -> list[str]:
    """The plan lines that read a whole table of ``tables`` without an index."""
    bad = []
    for statement, lines in plans:
        for line in lines:
            words = line.split()
            if len(words) >= 2 and words[0] == "SCAN" and words[1] in tables and "INDEX" not in line:
                bad.append(f"{line}  <-  {' '.join(statement.split())}")
    return bad


# ---------------------------------------------------------------------------------------------------- timing
@dataclass
class Timing:
    label: str
    ms: list[float]
    how: str  # "http" or "sql"
    others: float = 0.0  # the share of one core other processes took meanwhile
    #: the server's CPU time per request (and its PostgreSQL's), ms: a neighbour's load barely changes it
    server_cpu: float | None = None

    def pct(self, q: float) -> float:
        xs = sorted(self.ms)
        return xs[min(len(xs) - 1, max(0, round(q / 100 * len(xs)) - 1))]


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (every thread), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def busy_seconds() -> float:
    """CPU time every process on the machine has used (user, nice, system, irq, softirq, steal), in seconds."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:9]]
    return (sum(ticks[:3]) + sum(ticks[5:8])) / CLK_TCK


#: the private PostgreSQL server's first process (its backends are its children): its work is the bench's own
POSTMASTER: list[int] = []


def with_children(roots: list[int]) -> set[int]:
    """``roots`` and every process below them."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
    found, todo = set(roots), list(roots)
    while todo:
        parent = todo.pop()
        for child, p in parents.items():
            if p == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


class Neighbours:
    """How much CPU processes other than this one, ``pids`` and the private PostgreSQL server take between
    ``start`` and ``share``."""

    def __init__(self, *pids: int) -> None:
        self.pids = pids
        self.start()

    def servers(self) -> float:
        """The CPU seconds of ``pids`` and the private PostgreSQL server so far."""
        total = 0.0
        for pid in with_children([*self.pids, *POSTMASTER]):
            with contextlib.suppress(OSError):
                total += cpu_seconds(pid)
        return total

    def _ours(self) -> float:
        t = os.times()
        return t.user + t.system + self.servers()

    def start(self) -> None:
        self.t0, self.all0, self.ours0 = time.perf_counter(), busy_seconds(), self._ours()
        self.servers0 = self.servers()

    def share(self) -> float:
        others = busy_seconds() - self.all0 - (self._ours() - self.ours0)
        return max(0.0, others) / max(1e-9, time.perf_counter() - self.t0)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def server(url: str) -> Iterator[tuple[str, int]]:
    """``jantaku serve`` on ``url``'s database in a subprocess; yields its base URL and process id."""
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "JANTAKU_DB": url,
        "JANTAKU_RATE": "100000",
        "JANTAKU_BURST": "100000",
        "JANTAKU_ADDRESS_RATE": "1000000",
        "JANTAKU_ADDRESS_BURST": "1000000",
    }
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jantaku", "serve", "--port", str(port)], env=env, stdout=out, stderr=out
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).raise_for_status()
                    break
                except httpx.HTTPError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        out.seek(0)
                        raise RuntimeError(f"the server did not start:\n{out.read().decode()}") from None
                    time.sleep(0.1)
            yield f"http://127.0.0.1:{port}", proc.pid
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _sample(shape: Shape, requests: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return rng.sample(range(shape.players), min(requests, shape.players))


def measure_http(base: str, pid: int, shape: Shape, ids: list[str], requests: int, warmup: int) -> list[Timing] | None:
    """Time the endpoints of the server at ``base``; None when it has none (404)."""
    out = []
    with httpx.Client(base_url=base, timeout=30) as client:
        if client.get("/api/leaderboard", params={"family": "4p"}).status_code == 404:
            return None
        picks = _sample(shape, requests + warmup, 2)

        def timed(label: str, call: Callable[[int], httpx.Response]) -> None:
            ms = []
            neighbours = Neighbours(pid)
            for n, i in enumerate(picks):
                if n == warmup:
                    neighbours.start()
                t0 = time.perf_counter()
                r = call(i)
                r.raise_for_status()
                _ = r.content
                if n >= warmup:
                    ms.append((time.perf_counter() - t0) * 1000)
            server_cpu = (neighbours.servers() - neighbours.servers0) * 1000 / max(1, len(ms))
            out.append(Timing(label, ms, "http", neighbours.share(), server_cpu))

        timed("GET /api/players/{id}", lambda i: client.get(f"/api/players/{ids[i]}"))
        timed("GET /api/leaderboard?family=4p", lambda i: client.get("/api/leaderboard", params={"family": "4p"}))
        timed(
            "  ... as a logged-in player",
            lambda i: client.get(
                "/api/leaderboard",
                params={"family": "4p"},
                headers={"Authorization": f"Bearer {session_token(shape, i)}"},
            ),
        )
    return out


def measure_sql(url: str, shape: Shape, ids: list[str], requests: int, warmup: int) -> list[Timing]:
    """Time ``profile_reads`` and ``leaderboard_reads`` in this process (no HTTP, no JSON)."""
    engine = create_engine(url)
    out = []
    picks = _sample(shape, requests + warmup, 2)
    try:
        for label, call in (
            ("profile reads", lambda c, i: profile_reads(c, ids[i])),
            ("leaderboard reads (4p)", lambda c, i: leaderboard_reads(c, "4p", None)),
            ("  ... with the caller's rank", lambda c, i: leaderboard_reads(c, "4p", ids[i])),
        ):
            ms = []
            neighbours = Neighbours()
            for n, i in enumerate(picks):
                if n == warmup:
                    neighbours.start()
                t0 = time.perf_counter()
                with engine.connect() as conn:
                    call(conn, i)
                if n >= warmup:
                    ms.append((time.perf_counter() - t0) * 1000)
            out.append(Timing(label, ms, "sql", neighbours.share()))
    finally:
        engine.dispose()
    return out


def fresh_sessions(url: str) -> None:
    """Mark every session seen just now: the server writes a session's ``last_seen`` at most once a minute, so a
    logged-in page is timed as it is after the session's first request of the minute (a read, no write)."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(update(SessionRow).values(last_seen=datetime.now(UTC)))
    finally:
        engine.dispose()


def measure(url: str, shape: Shape, requests: int, warmup: int, db: str) -> list[Timing]:
    ids = Filler(shape).ids
    fresh_sessions(url)
    with server(url) as (base, pid):
        timings = measure_http(base, pid, shape, ids, requests, warmup)
    if timings is None:
        print(f"bench-profiles: {db}: the server has no /api/players or /api/leaderboard yet: timing the reads")
        return measure_sql(url, shape, ids, requests, warmup)
    return timings + measure_handlers(url, shape, requests, warmup)


def measure_handlers(url: str, shape: Shape, requests: int, warmup: int) -> list[Timing]:
    """The CPU time (this thread's) of the endpoints' own functions, ``profiles.profile`` and
    ``profiles.leaderboard``, and of their answer's JSON, for the same players: what a page costs the server with
    no HTTP and no neighbour's preemption in it. On a busy machine these percentiles say what an idle one's
    latencies would be, less a millisecond or two of HTTP."""
    import json

    from jantaku.server import profiles

    ids = Filler(shape).ids
    picks = _sample(shape, requests + warmup, 2)
    store = Store(url)
    out = []
    try:
        for label, call in (
            ("profile(), CPU", lambda i: profiles.profile(store, ids[i])),
            ("leaderboard(), CPU", lambda i: profiles.leaderboard(store, "4p", None)),
            ("  ... with the caller's rank, CPU", lambda i: profiles.leaderboard(store, "4p", ids[i])),
        ):
            ms = []
            for n, i in enumerate(picks):
                t0 = time.thread_time()
                json.dumps(call(i), default=str)
                if n >= warmup:
                    ms.append((time.thread_time() - t0) * 1000)
            out.append(Timing(label, ms, "cpu"))
    finally:
        store.close()
    return out


def report(db: str, timings: list[Timing]) -> bool:
    """Print the table; whether every p99 is under the target."""
    ok = True
    head = f"{'p50':>7} {'p95':>7} {'p99':>7} {'max':>7} {'cpu':>6}"
    print(f"\n{db + ':':<36} {head}  (ms; cpu: the server's per request)   target p99 < {TARGET_MS:.0f} ms")
    for t in timings:
        p50, p95, p99 = t.pct(50), t.pct(95), t.pct(99)
        verdict = "ok" if p99 < TARGET_MS else "SLOW"
        ok = ok and p99 < TARGET_MS
        busy = f"  BUSY MACHINE: other processes took {t.others:.0%} of a core" if t.others > BUSY else ""
        cpu = "" if t.server_cpu is None else f"{t.server_cpu:.2f}"
        row = f"{p50:7.2f} {p95:7.2f} {p99:7.2f} {max(t.ms):7.2f} {cpu:>6}"
        print(f"  {t.label:<34} {row}  n={len(t.ms)}  {verdict}{busy}")
        print(
            f"bench-profiles: db={db} what={t.label.strip()!r} via={t.how} n={len(t.ms)} p50={p50:.2f} "
            f"p95={p95:.2f} p99={p99:.2f} max={max(t.ms):.2f} mean={statistics.fmean(t.ms):.2f} ok={verdict == 'ok'} "
            f"others_cpu={t.others:.3f} server_cpu={cpu or None}"
        )
    return ok


# ---------------------------------------------------------------------------------------------------- PostgreSQL
@contextlib.contextmanager
def postgres_database(given: str) -> Iterator[str | None]:
    """A fresh schema on the server of ``given`` (``JANTAKU_BENCH_PG``), or on a private server; dropped at the end."""
    try:
        import psycopg  # noqa: F401  (the driver of the URLs the bench makes: the ``postgres`` extra)
    except ImportError:
        print("bench-profiles: psycopg is not installed (pip install -e '.[postgres]')")
        yield None
        return
    with contextlib.ExitStack() as stack:
        base = given
        if not base:
            try:
                private = stack.enter_context(private_postgres("jantaku-bench-pg-"))
            except PostgresUnavailable as exc:
                print(f"bench-profiles: {exc}")
                yield None
                return
            base = private.url
            if private.pid is not None:
                POSTMASTER[:] = [private.pid]
                stack.callback(POSTMASTER.clear)
        yield stack.enter_context(scratch_schema(base, "jantaku_bench"))


# ---------------------------------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--players", type=int, default=Shape.players, help="accounts [10000]")
    ap.add_argument("--games", type=int, default=Shape.games, help="finished games [200000]")
    ap.add_argument("--seed", type=int, default=Shape.seed, help="the filler's seed [1]")
    ap.add_argument("--log-bytes", type=int, default=Shape.log_bytes, help="characters of each placeholder log [200]")
    ap.add_argument("--requests", type=int, default=2000, help="timed requests per endpoint [2000]")
    ap.add_argument("--warmup", type=int, default=100, help="requests not counted first [100]")
    ap.add_argument("--rounds", type=int, default=1, help="measure each database this many times [1]")
    ap.add_argument("--no-pg", action="store_true", help="SQLite only")
    ap.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    ap.add_argument("--build", type=Path, default=BUILD, help="where the filled SQLite file is kept [build/bench]")
    args = ap.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # progress shows when piped too
    shape = Shape(args.players, args.games, args.seed, args.log_bytes)

    ok = True
    if not args.no_sqlite:
        path = cached_sqlite(shape, args.build)
        for _ in range(args.rounds):
            ok = report("sqlite", measure(f"sqlite:///{path}", shape, args.requests, args.warmup, "sqlite")) and ok
    if not args.no_pg:
        with postgres_database(os.environ.get("JANTAKU_BENCH_PG", "")) as pg:
            if pg is None:
                print("\nbench-profiles: no PostgreSQL (set JANTAKU_BENCH_PG or install initdb/pg_ctl): skipped")
            else:
                print(f"\nbench-profiles: filling PostgreSQL ({shape.players:,} players, {shape.games:,} games)")
                t0 = time.perf_counter()
                fill(pg, shape, progress=lambda s: print(f"  {s}", flush=True))
                print(f"bench-profiles: filled in {time.perf_counter() - t0:.0f} s")
                for _ in range(args.rounds):
                    timings = measure(pg, shape, args.requests, args.warmup, "postgresql")
                    ok = report("postgresql", timings) and ok
    print(f"\nbench-profiles: {'every p99 under' if ok else 'SOME p99 OVER'} {TARGET_MS:.0f} ms")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
