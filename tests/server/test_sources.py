"""``GameSources``: a finished stored game by its id, an uploaded file in any format the converter reads, and the
refusals (a running game, an unknown id, an upload forgotten, a file too big or unreadable) with their statuses."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.engine import Game
from jantaku.formats import convert
from jantaku.rules import preset
from jantaku.server import sources as sources_module
from jantaku.server.sources import GameSources, SourceError, upload_id
from jantaku.server.store import Store
from tests.formats.corpus import corpus_path
from tests.server.helpers import random_game, store_game

FINISHED, RUNNING = "aaaaaaaaaaaaaaaa", "dddddddddddddddd"
NAMES = ["Ann", "Bob", "Cy", "Di"]
MJLOG = "4p/2010081709gm-00a9-0000-fe3371ad.xml"


@pytest.fixture(scope="module")
def game() -> Game:
    return random_game("tenhou", 5, length="east")


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory, game: Game) -> Iterator[GameSources]:
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('sources') / 'db.sqlite'}")
    try:
        store_game(store, FINISHED, game, NAMES)
        store_game(store, RUNNING, Game(preset("tenhou"), 1), NAMES)
        store.flush()
        yield GameSources(store, uploads=2)
    finally:
        store.close()


def test_a_finished_stored_game_is_its_log_and_names(sources: GameSources, game: Game) -> None:
    source = sources.get(FINISHED)
    assert (source.id, source.kind, source.format) == (FINISHED, "stored", "ours")
    assert source.lines == tuple(game.log)
    assert source.names == tuple(NAMES)


# (name, source id, status)
REFUSED: list[tuple[str, str, int]] = [
    ("a running game", RUNNING, 409),
    ("an unknown game", "zzzzzzzzzzzzzzzz", 404),
    ("an upload never made", "up-0123456789abcdef", 404),
]


@pytest.mark.parametrize(("source_id", "status"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_what_cannot_be_served_says_its_status(sources: GameSources, source_id: str, status: int) -> None:
    with pytest.raises(SourceError) as caught:
        sources.get(source_id)
    assert caught.value.status == status and caught.value.message


def tenhou6_bytes(game: Game) -> bytes:
    return convert.write(game, "tenhou6", convert.WriteOptions(names=NAMES)).encode()


def mjlog_bytes() -> bytes:
    return corpus_path(MJLOG).read_bytes()


def ours_plain(game: Game) -> bytes:
    return convert.write(game, "ours").encode()


def ours_gzipped(game: Game) -> bytes:
    return gzip.compress(convert.write(game, "ours").encode())


# (name, file name, the bytes from the game, format, names known)
UPLOADS: list[tuple[str, str, Any, str, bool]] = [
    ("tenhou.net/6 JSON", "game.json", tenhou6_bytes, "tenhou6", True),
    ("our log gzipped, no extension", "game", ours_gzipped, "ours", False),
    ("a Tenhou mjlog of the corpus", Path(MJLOG).name, lambda _g: mjlog_bytes(), "mjlog", True),
]


@pytest.mark.parametrize(("filename", "make", "fmt", "named"), [r[1:] for r in UPLOADS], ids=[r[0] for r in UPLOADS])
def test_an_upload_in_any_format_is_our_log(
    sources: GameSources, game: Game, filename: str, make: Any, fmt: str, named: bool
) -> None:
    data = make(game)
    source = sources.upload(data, filename)
    assert (source.id, source.kind, source.format) == (upload_id(data), "upload", fmt)
    assert source.id.startswith("up-") and len(source.id) == 3 + 16
    replayed = Game.replay(list(source.lines))
    assert replayed.over
    assert len(source.names) == replayed.rules.players and all(source.names) == named
    assert sources.get(source.id) == source


def test_only_the_last_uploads_are_kept(sources: GameSources, game: Game) -> None:
    first = sources.upload(ours_gzipped(game), "a.jsonl.gz")
    second = sources.upload(tenhou6_bytes(game), "b.json")
    sources.get(first.id)  # used: the second is now the oldest
    sources.upload(convert.write(game, "ours").encode(), "c.jsonl")
    assert sources.get(first.id) == first
    with pytest.raises(SourceError, match="upload the file again") as caught:
        sources.get(second.id)
    assert caught.value.status == 404


def test_the_uploads_kept_are_bounded_by_their_size_too(sources: GameSources, game: Game) -> None:
    """A few long files must not fill the memory before their number is reached: past ``chars`` characters of logs
    the oldest go, the newest always stays (its viewer asks for it next)."""
    files = [(ours_gzipped(game), "a.jsonl.gz"), (tenhou6_bytes(game), "b.json"), (ours_plain(game), "c.jsonl")]
    sizes = [sum(len(line) for line in GameSources(sources.store).upload(*f).lines) for f in files]
    small = GameSources(sources.store, uploads=8, chars=sizes[1] + sizes[2])
    first, second, third = (small.upload(*f) for f in files)
    assert small.get(second.id) == second and small.get(third.id) == third
    with pytest.raises(SourceError, match="upload the file again"):
        small.get(first.id)
    tiny = GameSources(sources.store, chars=10)
    assert tiny.get(tiny.upload(ours_gzipped(game), "a.jsonl.gz").id).lines == tuple(game.log)


def test_a_game_too_long_to_replay_is_refused(
    sources: GameSources, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A made-up record within the file's bound can hold far more hands than a game; its replay and review cost
    time and memory in its length, so a game past ``MAX_LINES`` of our log is refused as too big."""
    monkeypatch.setattr(sources_module, "MAX_LINES", len(game.log) - 1)
    with pytest.raises(SourceError, match="too long") as caught:
        sources.upload(ours_plain(game) + b"\n", "long.jsonl")
    assert caught.value.status == 413
    monkeypatch.setattr(sources_module, "MAX_LINES", len(game.log))
    assert sources.upload(ours_plain(game) + b"\n\n", "long.jsonl").lines == tuple(game.log)


# (name, bytes, file name, status, words of the message)
BAD: list[tuple[str, bytes, str, int, str]] = [
    ("garbage", b"\x00\x01 not a log", "x.bin", 400, "cannot tell the format"),
    ("not UTF-8", b'{"type": "header"\xff', "x.jsonl", 400, "not UTF-8"),
    ("an empty file", b"", "x.json", 400, "empty"),
    ("broken JSON named tenhou6", b'{"log": [[', "x.json", 400, "not JSON"),
    ("too big", b" " * (convert.MAX_BYTES + 1), "x.json", 413, "larger than"),
    ("a gzip bomb", gzip.compress(b" " * (convert.MAX_BYTES + 1)), "x.json", 413, "unpacks to more"),
]


@pytest.mark.parametrize(("data", "filename", "status", "words"), [r[1:] for r in BAD], ids=[r[0] for r in BAD])
def test_an_unreadable_upload_is_refused_with_the_reason(
    sources: GameSources, data: bytes, filename: str, status: int, words: str
) -> None:
    with pytest.raises(SourceError) as caught:
        sources.upload(data, filename)
    assert caught.value.status == status
    assert words.lower() in caught.value.message.lower()
