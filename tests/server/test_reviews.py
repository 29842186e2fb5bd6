"""``GET /api/reviews/{id}?seat=N``: a finished stored game or an upload reviewed for one seat; refusals with their
statuses; reviews kept (an LRU by id and seat) and computed at most two at once."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from jantaku.engine import Game
from jantaku.review.reviewer import review
from jantaku.server import Settings
from jantaku.server.reviews import Reviews, configured_outside
from jantaku.server.sources import Source
from jantaku.server.store import Store
from jantaku.sim.play import play_game
from tests.server.helpers import server, store_game

FINISHED, RUNNING = "aaaaaaaaaaaaaaaa", "dddddddddddddddd"
NAMES = ["Ann", "Bob", "Cy", "Di"]
ROOT = Path(__file__).resolve().parents[2]


def played() -> Game:
    log = play_game("tenhou", ["strong", "normal", "easy", "normal"], 3, 0, keep_log=True).log
    assert log is not None
    return Game.replay(log)


@pytest.fixture(scope="module")
def game() -> Game:
    return played()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, game: Game) -> Iterator[TestClient]:
    with server(tmp_path_factory.mktemp("reviews")) as c:
        store: Store = c.app.state.store  # type: ignore[attr-defined]
        store_game(store, FINISHED, game, NAMES)
        store_game(store, RUNNING, Game(game.rules, 1), NAMES)
        store.flush()
        yield c


def test_a_stored_game_is_reviewed_for_a_seat(client: TestClient, game: Game) -> None:
    got = client.get(f"/api/reviews/{FINISHED}", params={"seat": 1})
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["id"] == FINISHED and body["names"] == NAMES
    assert {k: v for k, v in body.items() if k != "id"} == review(game.log, 1, names=NAMES)


def test_an_upload_is_reviewed_by_its_id(client: TestClient, game: Game) -> None:
    up = client.post("/api/replays", params={"name": "g.jsonl"}, content="\n".join(game.log).encode())
    assert up.status_code == 200, up.text
    upload = up.json()["id"]
    got = client.get(f"/api/reviews/{upload}", params={"seat": 2})
    assert got.status_code == 200 and got.json()["id"] == upload


@pytest.mark.parametrize(
    ("source_id", "seat", "status"),
    [
        (RUNNING, "0", 409),
        ("zzzzzzzzzzzzzzzz", "0", 404),
        ("up-0123456789abcdef", "0", 404),
        (FINISHED, "4", 422),
        (FINISHED, "x", 422),
    ],
    ids=["running-game", "unknown-game", "forgotten-upload", "seat-past-four", "seat-not-a-number"],
)
def test_what_cannot_be_reviewed_says_its_status(client: TestClient, source_id: str, seat: str, status: int) -> None:
    assert client.get(f"/api/reviews/{source_id}", params={"seat": seat}).status_code == status


def source_of(game: Game, source_id: str = "s1", names: tuple[str, ...] = ("", "", "", "")) -> Source:
    return Source(source_id, tuple(game.log), names, "upload", "ours")


def test_a_seat_the_game_has_not_is_a_bad_request() -> None:
    log = play_game("sanma", ["strong"] * 3, 1, 0, keep_log=True).log
    assert log is not None
    with pytest.raises(Exception, match="seat 3") as caught:
        Reviews().get(Source("s3", tuple(log), ("", "", ""), "upload", "ours"), 3)
    assert getattr(caught.value, "status_code", None) == 400


def test_reviews_are_kept_by_id_and_seat(game: Game) -> None:
    reviews = Reviews(size=2)
    first = reviews.get(source_of(game), 0)
    assert reviews.get(source_of(game), 0) == first and reviews.computed == 1
    reviews.get(source_of(game), 1)
    reviews.get(source_of(game), 2)  # the oldest (seat 0) falls out
    reviews.get(source_of(game), 0)
    assert reviews.computed == 4


def test_a_kept_review_shows_the_names_as_they_are_now(game: Game) -> None:
    """A deleted account's seats are renamed in the stored games: a review kept from before shows the new name."""
    reviews = Reviews()
    before = reviews.get(source_of(game, names=("Ann", "Bob", "Cy", "Di")), 0)
    after = reviews.get(source_of(game, names=("deleted player", "Bob", "Cy", "Di")), 0)
    assert reviews.computed == 1
    assert before["names"][0] == "Ann" and after["names"][0] == "deleted player"
    assert {**after, "names": before["names"]} == before


def test_the_reviews_kept_are_bounded_by_their_decisions_too(game: Game) -> None:
    """A long uploaded game's review is large: past ``decisions`` decisions kept the oldest reviews go, and one too
    large for the whole bound is served but not kept."""
    sizes = [Reviews().get(source_of(game), seat)["summary"]["decisions"] for seat in range(3)]
    reviews = Reviews(decisions=sizes[1] + sizes[2])
    for seat in range(3):
        reviews.get(source_of(game), seat)
    assert list(reviews.kept) == [("s1", 1), ("s1", 2)] and reviews.held == sizes[1] + sizes[2]
    tiny = Reviews(decisions=1)
    assert tiny.get(source_of(game), 0)["decisions"] and not tiny.kept and tiny.held == 0


class Slow(Reviews):
    """Counts how many computations run at once."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.running = 0
        self.most = 0
        self.count_lock = threading.Lock()

    def compute(self, source: Source, seat: int) -> dict[str, Any]:
        with self.count_lock:
            self.running += 1
            self.most = max(self.most, self.running)
        time.sleep(0.05)
        with self.count_lock:
            self.running -= 1
        return {"id": source.id, "seat": seat, "decisions": []}


def test_at_most_two_reviews_are_computed_at_once(game: Game) -> None:
    slow = Slow()
    threads = [threading.Thread(target=slow.get, args=(source_of(game, f"g{i}"), i % 4)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert slow.most == 2


class Held(Reviews):
    """A computation that runs until the test lets it end."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.started = threading.Event()
        self.go = threading.Event()

    def compute(self, source: Source, seat: int) -> dict[str, Any]:
        self.started.set()
        self.go.wait(10)
        return {"id": source.id, "seat": seat, "decisions": []}


def test_a_busy_reviewer_answers_at_once_instead_of_holding_a_thread(game: Game) -> None:
    """Each waiting request holds a worker thread the other endpoints share: past the few allowed to wait, a request
    is told to come back (503, ``Retry-After``) rather than queued; a review kept is served all the same."""
    held = Held(parallel=1, waiting=0)
    first = threading.Thread(target=held.get, args=(source_of(game, "g0"), 0))
    first.start()
    assert held.started.wait(10)
    answers: list[Any] = []

    def second() -> None:
        try:
            answers.append(held.get(source_of(game, "g1"), 0))
        except Exception as exc:
            answers.append(exc)

    late = threading.Thread(target=second)
    late.start()
    late.join(2)
    waited = late.is_alive()
    held.go.set()
    first.join()
    late.join()
    assert not waited
    assert getattr(answers[0], "status_code", None) == 503 and answers[0].headers["Retry-After"]
    assert held.get(source_of(game, "g0"), 0)["id"] == "g0"  # kept: no turn needed
    assert held.get(source_of(game, "g1"), 0)["id"] == "g1"  # free again


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        (None, (None, 120.0)),
        (Settings(), (None, 120.0)),
        (Settings(reviewer="mortal --review", reviewer_seconds=5.0), (("mortal", "--review"), 5.0)),
    ],
    ids=["no-settings", "none-configured", "configured"],
)
def test_the_outside_reviewer_comes_from_the_settings(settings: Settings | None, expected: object) -> None:
    assert configured_outside(settings) == expected


def test_a_configured_outside_reviewer_fills_its_values(game: Game) -> None:
    standin = ROOT / "tests" / "review" / "mjai_reviewer_standin.py"
    out = Reviews([sys.executable, str(standin)], 60.0).get(source_of(game), 1)
    assert out["outside"] is not None and out["outside"]["error"] is None
    assert any(o["outside"] is not None for d in out["decisions"] for o in d["options"])


def test_the_servers_reviewer_setting_reaches_the_endpoint(tmp_path: Path, game: Game) -> None:
    standin = ROOT / "tests" / "review" / "mjai_reviewer_standin.py"
    with server(tmp_path, reviewer=f"{sys.executable} {standin}") as c:
        store: Store = c.app.state.store  # type: ignore[attr-defined]
        store_game(store, FINISHED, game, NAMES)
        store.flush()
        body = c.get(f"/api/reviews/{FINISHED}", params={"seat": 0}).json()
    assert body["outside"] == {"name": standin.name, "error": None}
