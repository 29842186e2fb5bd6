"""``GET /api/players/{id}`` and ``GET /api/leaderboard``: what they read from the aggregates, on rows written
directly (the games that write them are played in tests/server/test_records.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from jantaku.server.accounts import new_session_token
from jantaku.server.ids import guest_id
from jantaku.server.store import AccountRow, PlayerRow, PlayerStatsRow, RatingRow, SessionRow, Store
from tests.server.helpers import server

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def account(s: Session, pid: str, name: str, hidden: bool = False) -> None:
    s.add(AccountRow(id=pid, name=name, canonical=name.lower(), name_key=name.lower(), password_hash="x",
                     created_at=T0, hidden=hidden))  # fmt: skip


def rating(s: Session, pid: str, value: float, games: int, family: str = "4p") -> None:
    s.add(RatingRow(player_id=pid, family=family, mu=value + 3.0, sigma=1.0, rating=value, games=games, updated_at=T0))


@pytest.fixture
def board(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    """Accounts a00..a19 rated 100 - i (a05 hidden, a07 provisional), a guest, and a session token for a10."""
    with server(tmp_path) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        token, hashed = new_session_token()
        with Session(store.engine) as s, s.begin():
            for i in range(20):
                pid = f"a{i:02d}"
                account(s, pid, f"Player{i:02d}", hidden=i == 5)
                rating(s, pid, 100.0 - i, 3 if i == 7 else 12)
            rating(s, "a03", 50.0, 20, family="3p")
            rating(s, guest_id("tok"), 500.0, 30)  # a guest is never on the leaderboard
            s.add(SessionRow(token_hash=hashed, account_id="a10", created_at=T0, last_seen=T0,
                             expires_at=datetime.now(UTC) + timedelta(days=1)))  # fmt: skip
        yield client, token


def ids(body: dict[str, Any]) -> list[str]:
    return [r["id"] for r in body["rows"]]


def test_the_leaderboard_ranks_shown_accounts_past_their_provisional_games(board: tuple[TestClient, str]) -> None:
    client, _ = board
    body = client.get("/api/leaderboard", params={"family": "4p"}).json()
    assert ids(body) == [f"a{i:02d}" for i in range(20) if i not in (5, 7)]
    assert [r["rank"] for r in body["rows"]][:6] == [1, 2, 3, 4, 5, 6]
    assert body["rows"][0] == {"rank": 1, "id": "a00", "name": "Player00", "rating": 100.0, "games": 12}
    assert body["me"] is None


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("cookie", {"rank": 9, "rating": 90.0, "games": 12, "provisional": False}),
        ("bearer", {"rank": 9, "rating": 90.0, "games": 12, "provisional": False}),
        ("guest", {"rank": None, "rating": 500.0, "games": 30, "provisional": False}),
        ("wrong token", None),
    ],
)
def test_the_leaderboard_shows_the_callers_own_position(
    board: tuple[TestClient, str], how: str, expected: dict[str, Any] | None
) -> None:
    client, token = board
    headers = {
        "cookie": {"Cookie": f"jantaku_session={token}"},
        "bearer": {"Authorization": f"Bearer {token}"},
        "guest": {"Authorization": "Bearer guest:tok"},
        "wrong token": {"Authorization": "Bearer nope"},
    }[how]
    body = client.get("/api/leaderboard", params={"family": "4p"}, headers=headers).json()
    assert body["me"] == expected


def test_the_families_have_boards_of_their_own(board: tuple[TestClient, str]) -> None:
    client, _ = board
    assert ids(client.get("/api/leaderboard", params={"family": "3p"}).json()) == ["a03"]
    assert client.get("/api/leaderboard", params={"family": "zj"}).status_code == 422


def test_the_top_is_a_hundred(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        with Session(store.engine) as s, s.begin():
            for i in range(130):
                account(s, f"a{i:03d}", f"P{i:03d}")
                rating(s, f"a{i:03d}", float(i // 2), 10)  # pairs tie
        rows = client.get("/api/leaderboard").json()["rows"]
        assert len(rows) == 100
        assert [r["rank"] for r in rows[:5]] == [1, 1, 3, 3, 5]
        assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)


@pytest.mark.parametrize("pid", ["a-nobody", "g0000000000000000", "x"])
def test_an_unknown_player_is_not_found(board: tuple[TestClient, str], pid: str) -> None:
    assert board[0].get(f"/api/players/{pid}").status_code == 404


def test_a_profile_reads_the_sums_ratings_and_last_games(board: tuple[TestClient, str]) -> None:
    client, _ = board
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    with Session(store.engine) as s, s.begin():
        for n in range(3):
            for seat in range(4):
                pid = "a10" if seat == n else None
                mine = pid is not None
                s.add(
                    PlayerRow(
                        game_id=f"game{n}",
                        seat=seat,
                        nickname="Player10" if mine else f"CPU{seat}",
                        player_id=pid,
                        family="4p",
                        length="east",
                        finished_at=T0 + timedelta(hours=n),
                        place=(seat + n) % 4,
                        score=25000,
                        rated=mine,
                        stand_in=n == 2 and mine,
                        rating_before=1.0 if mine else None,
                        rating_after=2.0 + n if mine else None,
                    )
                )
        s.add(PlayerStatsRow(player_id="a10", family="4p", length="east", games=2, places=[1, 1, 0, 0], place_sum=3,
                             score_sum=50000, hands=10, wins=3, tsumo=1, deal_ins=2, riichi=4, calls=5,
                             win_points=12000, deal_in_points=5000))  # fmt: skip
    body = client.get("/api/players/a10").json()
    assert (body["id"], body["name"], body["account"], body["hidden"]) == ("a10", "Player10", True, False)
    east = body["families"]["4p"]["lengths"]["east"]
    assert body["families"]["4p"]["all"]["win_rate"] == east["win_rate"]
    assert east["games"] == 2 and east["placement"]["value"] == 1.5
    assert east["win_rate"]["value"] == 0.3 and east["deal_in_rate"]["value"] == 0.2
    assert (east["avg_win"], east["avg_deal_in"]) == (4000.0, 2500.0)
    assert east["tsumo_share"]["value"] == pytest.approx(1 / 3)
    assert body["ratings"]["4p"] == {"rating": 90.0, "mu": 93.0, "sigma": 1.0, "games": 12, "provisional": False,
                                     "rank": 9}  # fmt: skip
    assert [g["game_id"] for g in body["recent"]] == ["game2", "game1", "game0"]
    assert body["recent"][0]["stand_in"] is True
    assert [p["nickname"] for p in body["recent"][1]["players"]] == ["CPU0", "Player10", "CPU2", "CPU3"]
    assert body["placements"] == [0, 2]  # oldest first, the stand-in's game left out
    assert [r for _, r in body["rating_series"]["4p"]] == [2.0, 3.0, 4.0]
    hidden = client.get("/api/players/a05").json()
    assert hidden["hidden"] is True and hidden["ratings"]["4p"]["rank"] is None
