"""The replay endpoints with the real app: a finished game's timeline (``GET /api/replays/{id}``), all hands open or
one seat's view; a running game, an unknown one and a bad seat refused; an uploaded file in any format read
(``POST /api/replays``: tenhou.net/6, a Tenhou mjlog of the corpus) or refused with the converter's reason, or as
too big; the page at ``/replay/{id}``; the JSON compressed on the way."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from jantaku.engine import Game
from jantaku.formats import convert
from jantaku.review.timeline import apply
from jantaku.rules import preset
from jantaku.server.accounts import WindowLimiter
from jantaku.server.replays import UPLOADING, TimelineCache, replay_router
from jantaku.server.sources import GameSources, Source
from jantaku.server.store import Store
from tests.formats.corpus import corpus_path
from tests.server.helpers import play_to_end, random_game, store_game, table

NAMES = {4: ["Ann", "Bob", "Cy", "Di"], 3: ["Ann", "Bob", "Cy"]}
# (game id, preset, options, seed)
GAMES: list[tuple[str, str, dict[str, Any], int]] = [
    ("aaaaaaaaaaaaaaaa", "tenhou", {"length": "east"}, 7),
    ("bbbbbbbbbbbbbbbb", "tenhou-sanma", {"length": "east"}, 8),
    ("cccccccccccccccc", "zung-jung", {}, 9),
]
RIICHI, SANMA, ZUNG_JUNG = (g[0] for g in GAMES)
RUNNING = "dddddddddddddddd"
MJLOG = "4p/2010081709gm-00a9-0000-fe3371ad.xml"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Game]]]:
    with table(tmp_path_factory.mktemp("replays")) as (client, _connect):
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        made = {}
        for game_id, name, options, seed in GAMES:
            game = made[game_id] = random_game(name, seed, **options)
            store_game(store, game_id, game, NAMES[game.rules.players])
        store_game(store, RUNNING, Game(preset("tenhou"), 1), NAMES[4])
        store.flush()
        yield client, made


def frames(data: dict[str, Any]) -> list[Any]:
    out: list[Any] = []
    current: Any = {}
    for step in data["steps"]:
        current = apply(step["patch"], current)
        out.append(current)
    return out


@pytest.mark.parametrize("game_id", [g[0] for g in GAMES], ids=[g[1] for g in GAMES])
def test_a_finished_game_is_served_with_every_hand_open(games: Any, game_id: str) -> None:
    client, made = games
    res = client.get(f"/api/replays/{game_id}")
    assert res.status_code == 200, res.text
    data = res.json()
    game: Game = made[game_id]
    assert (data["id"], data["kind"], data["format"], data["seat"]) == (game_id, "stored", "ours", None)
    assert data["names"] == NAMES[game.rules.players]
    assert data["rules"] == game.rules.options()
    shown = frames(data)
    assert game.final is not None and data["final"] == game.final.to_json() == shown[-1]["final"]
    assert [h["tiles"] for h in shown[-1]["hands"]] == [sorted(s.hand) for s in game.table.seats]
    assert len(data["hands"]) == sum(1 for e in game.events if e.type == "start_kyoku")


def test_a_seat_view_hides_the_other_hands(games: Any) -> None:
    client, _made = games
    data = client.get(f"/api/replays/{RIICHI}", params={"seat": "1"}).json()
    assert data["seat"] == 1
    for shown in frames(data):
        assert "hands" not in shown and "wall" not in shown and shown["seat"] == 1
    for step in data["steps"]:
        for e in step["events"]:
            if e["type"] == "start_kyoku":
                assert [i for i, h in enumerate(e["info"]["hands"]) if h is not None] == [1]
            if e["type"] == "tsumo" and e["actor"] != 1:
                assert "tile" not in e


def test_the_json_travels_compressed_and_the_same_twice(games: Any) -> None:
    client, _made = games
    first = client.get(f"/api/replays/{SANMA}", params={"seat": "all"}, headers={"Accept-Encoding": "gzip"})
    assert first.headers["content-encoding"] == "gzip"
    assert client.get(f"/api/replays/{SANMA}").json() == first.json()


# (name, path, status, words of the message)
REFUSED: list[tuple[str, str, int, str]] = [
    ("a running game", f"/api/replays/{RUNNING}", 409, "still running"),
    ("an unknown game", "/api/replays/zzzzzzzzzzzzzzzz", 404, "no game"),
    ("an upload no longer kept", "/api/replays/up-0123456789abcdef", 404, "upload the file again"),
    ("a seat past four", f"/api/replays/{RIICHI}?seat=4", 400, "seat"),
    ("a seat that is not a number", f"/api/replays/{RIICHI}?seat=east", 400, "seat"),
    ("a seat in digits int() does not read", f"/api/replays/{RIICHI}?seat=%C2%B3", 400, "seat"),
    ("a fourth seat in sanma", f"/api/replays/{SANMA}?seat=3", 400, "seats 0 to 2"),
    ("an overlong id", "/api/replays/" + "x" * 65, 422, ""),
]


@pytest.mark.parametrize(("path", "status", "words"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_what_cannot_be_served_is_refused_clearly(games: Any, path: str, status: int, words: str) -> None:
    client, _made = games
    res = client.get(path)
    assert res.status_code == status, res.text
    assert words in res.text


def tenhou6_file(made: dict[str, Game]) -> bytes:
    return convert.write(made[RIICHI], "tenhou6", convert.WriteOptions(names=NAMES[4])).encode()


# (name, file name, the file's bytes from the stored games, format, names)
UPLOADS: list[tuple[str, str, Any, str, list[str] | None]] = [
    ("a tenhou.net/6 file", "game.json", tenhou6_file, "tenhou6", NAMES[4]),
    ("a Tenhou mjlog of the corpus", Path(MJLOG).name, lambda _m: corpus_path(MJLOG).read_bytes(), "mjlog", None),
]


@pytest.mark.parametrize(("name", "make", "fmt", "names"), [r[1:] for r in UPLOADS], ids=[r[0] for r in UPLOADS])
def test_an_uploaded_file_is_replayed_and_kept_by_its_id(
    games: Any, name: str, make: Any, fmt: str, names: list[str] | None
) -> None:
    client, made = games
    res = client.post("/api/replays", params={"name": name}, content=make(made))
    assert res.status_code == 200, res.text
    data = res.json()
    assert data["id"].startswith("up-") and (data["kind"], data["format"]) == ("upload", fmt)
    assert data["seat"] is None and data["final"] is not None and data["steps"]
    if names is not None:
        assert data["names"] == names
    else:
        assert all(data["names"]) and len(data["names"]) == 4
    again = client.get(f"/api/replays/{data['id']}", params={"seat": "2"})
    assert again.status_code == 200 and again.json()["seat"] == 2 and again.json()["id"] == data["id"]


def test_the_upload_of_a_stored_game_is_that_game(games: Any) -> None:
    client, made = games
    params = {"name": "game.json", "seat": "0"}
    upload = client.post("/api/replays", params=params, content=tenhou6_file(made)).json()
    stored = client.get(f"/api/replays/{RIICHI}", params={"seat": "0"}).json()

    def plays(data: dict[str, Any]) -> list[list[tuple[str, int | None]]]:
        """What happened step by step (a record of another platform numbers the physical tiles its own way)."""
        return [[(e["type"], e.get("actor")) for e in s["events"]] for s in data["steps"]]

    assert plays(upload) == plays(stored)
    assert upload["hands"] == stored["hands"]


# (name, file name, body, status, words of the message)
BAD_UPLOADS: list[tuple[str, str, bytes, int, str]] = [
    ("garbage", "notes.bin", b"\x00\x01\x02 not a game", 400, "cannot tell the format"),
    ("an empty body", "game.json", b"", 400, "empty"),
    ("a broken tenhou.net/6 file", "game.json", b'{"log": [[', 400, "not JSON"),
    ("a Zung Jung mjai log that is not one", "game.mjson", b'{"type":"start_game"}\n{"type":"nonsense"}\n', 400, ""),
]


@pytest.mark.parametrize(
    ("name", "body", "status", "words"), [r[1:] for r in BAD_UPLOADS], ids=[r[0] for r in BAD_UPLOADS]
)
def test_an_unreadable_upload_is_refused_with_the_reason(
    games: Any, name: str, body: bytes, status: int, words: str
) -> None:
    client, _made = games
    res = client.post("/api/replays", params={"name": name}, content=body)
    assert res.status_code == status, res.text
    assert words in res.json()["detail"]


def test_a_file_too_big_is_refused(games: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    client, made = games
    monkeypatch.setattr(convert, "MAX_BYTES", 1000)
    res = client.post("/api/replays", params={"name": "game.json"}, content=tenhou6_file(made))
    assert res.status_code == 413 and "larger than" in res.json()["detail"]


class HeldSources(GameSources):
    """Uploads that are read only when the test lets them."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.reading = threading.Semaphore(0)
        self.go = threading.Event()

    def upload(self, data: bytes, filename: str) -> Source:
        self.reading.release()
        self.go.wait(10)
        return super().upload(data, filename)


def test_uploads_past_the_few_read_at_once_are_told_to_come_back(games: Any, tmp_path: Path) -> None:
    """Each upload being read holds many times its 20 MB in memory and a worker thread: past ``UPLOADING`` at once
    the server answers 503 (``Retry-After``) at once instead of reading more."""
    client, made = games
    held = HeldSources(client.app.state.store)  # type: ignore[attr-defined]
    page = tmp_path / "index.html"
    page.write_text("<!doctype html>")
    app = FastAPI()
    app.include_router(replay_router(lambda: held, page))
    body = tenhou6_file(made)
    with TestClient(app) as small:

        def post() -> Any:
            return small.post("/api/replays", params={"name": "game.json"}, content=body)

        with ThreadPoolExecutor(UPLOADING + 1) as pool:
            first = [pool.submit(post) for _ in range(UPLOADING)]
            for _ in range(UPLOADING):
                assert held.reading.acquire(timeout=10)
            late = pool.submit(post)
            try:
                answer = late.result(timeout=5)
            finally:
                held.go.set()
            assert [f.result().status_code for f in first] == [200] * UPLOADING
        assert answer.status_code == 503 and answer.headers["Retry-After"]
        assert post().status_code == 200  # free again


def test_an_address_past_its_uploads_is_told_when_to_come_back(games: Any, tmp_path: Path) -> None:
    """Each upload is read, replayed and kept: one address sends at most the limiter's count in its window, then
    429 with ``Retry-After``, before its body is read; another address is not held back."""
    client, made = games
    page = tmp_path / "index.html"
    page.write_text("<!doctype html>")
    now = [0.0]
    limiter = WindowLimiter(per_key=2, window=600.0, clock=lambda: now[0])
    app = FastAPI()
    app.include_router(replay_router(lambda: client.app.state.sources, page, per_address=limiter))  # type: ignore[attr-defined]
    body = tenhou6_file(made)
    with TestClient(app) as small:
        sent = [small.post("/api/replays", params={"name": "game.json"}, content=body) for _ in range(3)]
        assert [r.status_code for r in sent] == [200, 200, 429]
        assert int(sent[2].headers["Retry-After"]) == 600 and "too many files" in sent[2].json()["detail"]
        with TestClient(app, client=("203.0.113.9", 50000)) as other:
            assert other.post("/api/replays", params={"name": "game.json"}, content=body).status_code == 200
        now[0] = 601.0
        assert small.post("/api/replays", params={"name": "game.json"}, content=body).status_code == 200


def test_the_timelines_kept_are_bounded_by_their_size_too(games: Any) -> None:
    """Past ``chars`` characters the oldest timelines go (an uploaded game can be long); one too big for the whole
    bound is served and not kept."""
    _client, made = games
    sources = [Source(game_id, tuple(made[game_id].log), (), "stored", "ours") for game_id, *_ in GAMES]
    sizes = [len(TimelineCache().get(s, None)) for s in sources]
    cache = TimelineCache(size=8, chars=sizes[1] + sizes[2])
    texts = [cache.get(s, None) for s in sources]
    assert list(cache.kept) == [(SANMA, None), (ZUNG_JUNG, None)] and cache.held == sizes[1] + sizes[2]
    assert texts == [TimelineCache().get(s, None) for s in sources]
    tiny = TimelineCache(chars=10)
    assert tiny.get(sources[0], 0) and not tiny.kept and tiny.held == 0


def test_the_replay_page_is_the_client(games: Any) -> None:
    client, _made = games
    res = client.get(f"/replay/{RIICHI}")
    assert res.status_code == 200 and res.headers["cache-control"] == "no-cache"
    assert res.text == client.get("/").text
    assert "/api/replays/{source_id}" in client.get("/openapi.json").json()["paths"]


def test_a_game_played_at_the_table_is_replayed(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann = connect("Ann")
        ann.send({"type": "play_now", "settings": {"preset": "tenhou", "options": {"length": "east"}}})
        game_id = ann.room()["room"]["game_id"]
        assert client.get(f"/api/replays/{game_id}").status_code == 409
        play_to_end([ann])
        res = client.get(f"/api/replays/{game_id}", params={"seat": "0"})
        assert res.status_code == 200, res.text
        data = res.json()
        assert data["names"][0] == "Ann" and data["final"] is not None
