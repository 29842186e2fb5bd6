"""The profile bench cannot rot: its filler writes data the server could have written, and the reads it times
use the indexes.

``bench/bench_profiles.py`` fills a small world here (a few dozen players, a few hundred games) and the checks are
the ones the full-size numbers rely on: ``player_stats`` holds exactly the sums of the counted ``game_players``
rows (no CPU, no stand-in seat), each ``ratings`` row is its player's last rated seat, and no read a profile or the
leaderboard makes scans ``game_players`` or ``ratings`` without an index (SQLite's ``EXPLAIN QUERY PLAN``): the
bench's own reads, and every query the real endpoints make (through the app, on the filled database). A
query that forgets the ``(player_id, finished_at)`` or ``(family, rating)`` index then fails here in a second,
instead of showing as a slow page with a large database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, func, select
from sqlalchemy.engine import Connection

from jantaku.server.app import create_app
from jantaku.server.store import AccountRow, PlayerRow, PlayerStatsRow, RatingRow
from tests.bench.helpers import load_bench
from tests.server.helpers import settings

SUMMED = ("hands", "wins", "tsumo", "deal_ins", "riichi", "calls", "win_points", "deal_in_points")


bp = load_bench("bench_profiles.py")
SHAPE = bp.Shape(players=40, games=600, seed=3)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    url = f"sqlite:///{tmp_path_factory.mktemp('bench') / 'profiles.db'}"
    bp.fill(url, SHAPE)
    engine = create_engine(url)
    yield engine
    engine.dispose()


def player_ids() -> list[str]:
    return list(bp.Filler(SHAPE).ids)


def test_the_filler_writes_every_game_and_account(engine: Engine) -> None:
    with engine.connect() as conn:
        games = conn.execute(select(func.count(func.distinct(PlayerRow.game_id)))).scalar_one()
        accounts = conn.execute(select(func.count()).select_from(AccountRow)).scalar_one()
    assert (games, accounts) == (SHAPE.games, SHAPE.players)


def test_player_stats_are_the_sums_of_the_counted_seats(engine: Engine) -> None:
    counted = (PlayerRow.player_id.is_not(None), PlayerRow.stand_in.is_(False))
    keys = (PlayerRow.player_id, PlayerRow.family, PlayerRow.length)
    with engine.connect() as conn:
        sums = conn.execute(
            select(*keys, func.count(), func.sum(PlayerRow.place + 1), func.sum(PlayerRow.score),
                   *(func.sum(getattr(PlayerRow, name)) for name in SUMMED))
            .where(*counted).group_by(*keys)
        ).all()  # fmt: skip
        places = conn.execute(
            select(*keys, PlayerRow.place, func.count()).where(*counted).group_by(*keys, PlayerRow.place)
        )
        rows = {(r.player_id, r.family, r.length): r for r in conn.execute(select(PlayerStatsRow.__table__))}
    expected_places: dict[tuple[str, str, str], dict[int, int]] = {}
    for pid, family, length, place, n in places:
        expected_places.setdefault((pid, family, length), {})[place] = n
    assert len(sums) == len(rows) > 0
    for pid, family, length, games, place_sum, score_sum, *rest in sums:
        row = rows[(pid, family, length)]
        assert (row.games, row.place_sum, row.score_sum) == (games, place_sum, score_sum)
        assert [getattr(row, name) for name in SUMMED] == rest
        assert {i: n for i, n in enumerate(row.places) if n} == expected_places[(pid, family, length)]


def test_each_rating_is_its_players_last_rated_seat(engine: Engine) -> None:
    with engine.connect() as conn:
        ratings = conn.execute(select(RatingRow)).all()
        assert ratings
        for r in ratings:
            seats = conn.execute(
                select(PlayerRow.rating_after)
                .where(PlayerRow.player_id == r.player_id, PlayerRow.family == r.family, PlayerRow.rated.is_(True))
                .order_by(PlayerRow.finished_at)
            ).scalars().all()  # fmt: skip
            assert (len(seats), seats[-1]) == (r.games, r.rating)


def test_no_stats_for_cpus_or_stand_ins(engine: Engine) -> None:
    with engine.connect() as conn:
        cpus = conn.execute(select(func.count()).where(PlayerRow.player_id.is_(None), PlayerRow.cpu.is_(None)))
        stand_ins = conn.execute(select(func.count()).where(PlayerRow.stand_in.is_(True)))
        assert cpus.scalar_one() == 0  # a seat without a player is a CPU's
        assert stand_ins.scalar_one() > 0  # and some seats were a stand-in's (the sums above leave them out)


READS: list[tuple[str, Callable[[Connection, list[str]], Any]]] = [
    ("a profile", lambda conn, ids: bp.profile_reads(conn, ids[0])),
    ("a profile of the most active player", lambda conn, ids: bp.profile_reads(conn, bp.Filler(SHAPE).activity[0])),
    ("an unknown profile", lambda conn, ids: bp.profile_reads(conn, "a-nobody")),
    ("the 4p leaderboard", lambda conn, ids: bp.leaderboard_reads(conn, "4p", None)),
    ("the 3p leaderboard with the caller's rank", lambda conn, ids: bp.leaderboard_reads(conn, "3p", ids[1])),
]


@pytest.mark.parametrize("read", [r for _, r in READS], ids=[name for name, _ in READS])
def test_reads_use_the_indexes(engine: Engine, read: Callable[[Connection, list[str]], Any]) -> None:
    ids = player_ids()

    def run() -> None:
        with engine.connect() as conn:
            read(conn, ids)

    plans = bp.sqlite_plans(engine, run)
    assert plans
    assert bp.full_scans(plans) == []


@pytest.fixture(scope="module")
def client(engine: Engine, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The real app on the filled database."""
    tmp = tmp_path_factory.mktemp("app")
    with TestClient(create_app(settings(tmp, db=engine.url.render_as_string()))) as client:
        yield client


def bearer(index: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {bp.session_token(SHAPE, index)}"}


REQUESTS: list[tuple[str, Callable[[list[str]], tuple[str, dict[str, str]]]]] = [
    ("a profile", lambda ids: (f"/api/players/{ids[0]}", {})),
    ("the most active player's profile", lambda ids: (f"/api/players/{bp.Filler(SHAPE).activity[0]}", {})),
    ("the 4p leaderboard", lambda ids: ("/api/leaderboard?family=4p", {})),
    ("the 3p leaderboard as a logged-in player", lambda ids: ("/api/leaderboard?family=3p", bearer(2))),
    ("the 4p leaderboard as a logged-in player", lambda ids: ("/api/leaderboard?family=4p", bearer(5))),
]


@pytest.mark.parametrize("request_of", [r for _, r in REQUESTS], ids=[name for name, _ in REQUESTS])
def test_the_endpoints_use_the_indexes(
    client: TestClient, request_of: Callable[[list[str]], tuple[str, dict[str, str]]]
) -> None:
    path, headers = request_of(player_ids())
    engine = client.app.state.store.engine  # type: ignore[attr-defined]
    answers: list[Any] = []
    plans = bp.sqlite_plans(engine, lambda: answers.append(client.get(path, headers=headers)))
    assert answers[0].status_code == 200
    assert plans
    assert bp.full_scans(plans) == []


def test_the_logged_in_caller_gets_a_position(client: TestClient) -> None:
    """The bench's sessions log its callers in (a leaderboard timed "as a logged-in player" counts the rank)."""
    me = client.get("/api/leaderboard?family=4p", headers=bearer(5)).json()["me"]
    assert me is not None and me["games"] > 0


SCANS = [
    ("a filter on an unindexed column scans", "SELECT count(*) FROM game_players WHERE score > 0", True),
    ("ratings ordered by an unindexed column scan", "SELECT mu FROM ratings ORDER BY sigma LIMIT 5", True),
    ("the player index is a search", "SELECT place FROM game_players WHERE player_id = 'x'", False),
    ("the rating index is a search", "SELECT player_id FROM ratings WHERE family = '4p' ORDER BY rating", False),
]


@pytest.mark.parametrize(("sql", "scans"), [(s, b) for _, s, b in SCANS], ids=[n for n, _, _ in SCANS])
def test_the_scan_check_catches_a_full_scan(engine: Engine, sql: str, scans: bool) -> None:
    def run() -> None:
        with engine.connect() as conn:
            conn.exec_driver_sql(sql).all()

    plans = bp.sqlite_plans(engine, run)
    assert bool(bp.full_scans(plans)) is scans


def test_the_handlers_are_timed(engine: Engine) -> None:
    """The bench's CPU rows call the endpoints' functions directly: they must keep answering."""
    timings = bp.measure_handlers(engine.url.render_as_string(), SHAPE, requests=3, warmup=1)
    assert [len(t.ms) for t in timings] == [3, 3, 3]
