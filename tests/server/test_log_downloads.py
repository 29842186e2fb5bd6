"""A finished game's log downloads in each format the converter writes (``/api/games/{id}/log?format=``): ours by
default, mjai lines that read back to the same game, a file name with the format's extension, and a clear 400 for
a format it does not know."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jantaku.engine import Game
from jantaku.formats import convert
from tests.server.helpers import play_to_end, table

TENHOU_EAST: dict[str, Any] = {"preset": "tenhou", "options": {"length": "east"}}


def results(game: Game) -> list[tuple[str, int | None, int | None, object]]:
    return [(e.type, e.actor, e.target, e.info.get("deltas")) for e in game.events if e.type in ("hora", "ryukyoku")]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with table(tmp_path_factory.mktemp("downloads")) as (client, connect):
        ann = connect("Ann")
        ann.send({"type": "play_now", "settings": TENHOU_EAST})
        game_id = ann.room()["room"]["game_id"]
        play_to_end([ann])
        yield client, game_id


# (name, query, file name suffix, media type)
DOWNLOADS: list[tuple[str, str, str, str]] = [
    ("ours by default", "", ".jsonl", "application/x-ndjson"),
    ("ours by name", "?format=ours", ".jsonl", "application/x-ndjson"),
    ("mjai lines", "?format=mjai", ".mjson", "application/x-ndjson"),
]


@pytest.mark.parametrize(("query", "suffix", "media"), [r[1:] for r in DOWNLOADS], ids=[r[0] for r in DOWNLOADS])
def test_each_format_downloads_with_its_extension(finished: Any, query: str, suffix: str, media: str) -> None:
    client, game_id = finished
    res = client.get(f"/api/games/{game_id}/log{query}")
    assert res.status_code == 200, res.text
    assert res.headers["content-disposition"] == f'attachment; filename="jantaku-{game_id}{suffix}"'
    assert res.headers["content-type"].startswith(media)


def test_the_mjai_download_is_the_same_game(finished: Any) -> None:
    client, game_id = finished
    ours = Game.replay(client.get(f"/api/games/{game_id}/log").text)
    text = client.get(f"/api/games/{game_id}/log", params={"format": "mjai"}).text
    first = json.loads(text.splitlines()[0])
    assert first == {"type": "start_game", "names": ["Ann", *first["names"][1:]]} and len(first["names"]) == 4
    again = convert.read(text, "mjai")
    assert results(again) == results(ours)
    assert again.final is not None and ours.final is not None and again.final.scores == ours.final.scores


def test_every_writable_format_is_offered(finished: Any) -> None:
    client, game_id = finished
    for fmt in convert.writable():
        assert client.get(f"/api/games/{game_id}/log", params={"format": fmt}).status_code == 200, fmt


# (name, query, status)
REFUSED: list[tuple[str, str, int]] = [
    ("an unknown format", "?format=kifu", 400),
    ("a format only read", "?format=mjlog", 400),
    ("an overlong format", "?format=" + "x" * 21, 422),
]


@pytest.mark.parametrize(("query", "status"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_a_format_it_cannot_write_is_refused(finished: Any, query: str, status: int) -> None:
    client, game_id = finished
    res = client.get(f"/api/games/{game_id}/log{query}")
    assert res.status_code == status


def test_an_unknown_game_is_404_in_any_format(tmp_path: Path) -> None:
    with table(tmp_path) as (client, _connect):
        assert client.get("/api/games/0123456789abcdef/log", params={"format": "mjai"}).status_code == 404


def test_the_history_list_names_the_download_formats(finished: Any) -> None:
    client, game_id = finished
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed["games"]] == [game_id]
    assert listed["log_formats"] == convert.downloads()
    assert [f["format"] for f in listed["log_formats"]][:2] == ["ours", "mjai"]
    assert {f["format"]: f["suffix"] for f in listed["log_formats"]}["mjai"] == ".mjson"
