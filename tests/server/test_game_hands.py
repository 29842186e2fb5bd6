"""A finished riichi game hand by hand (``GET /api/games/{id}/hands``): each hand's label and result, its
tenhou.net/6 viewer address and its one-hand download (``/api/games/{id}/log?format=tenhou6&hand=N``), both the
same document of that hand; a running game refused as its log is, a Zung Jung game told it has no tenhou.net/6
form."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from fastapi.testclient import TestClient

from jantaku.engine import Game
from jantaku.rules import preset
from jantaku.server.store import Store
from tests.server.helpers import random_game, store_game, table

NAMES = {4: ["Ann", "Bob", "Cy", "Di"], 3: ["Ann", "Bob", "Cy"]}
VIEWER = "https://tenhou.net/6/#json="
# (game id, preset, options, seed)
GAMES: list[tuple[str, str, dict[str, Any], int]] = [
    ("aaaaaaaaaaaaaaaa", "tenhou", {"length": "east"}, 7),
    ("bbbbbbbbbbbbbbbb", "tenhou-sanma", {"length": "east"}, 8),
    ("cccccccccccccccc", "zung-jung", {}, 9),
    ("eeeeeeeeeeeeeeee", "superpower", {"length": "east"}, 10),
    ("ffffffffffffffff", "tenhou", {"length": "east", "superpowers": True}, 11),
]
RIICHI, SANMA, ZUNG_JUNG, SUPERPOWER, POWERS_ON = (g[0] for g in GAMES)
RUNNING = "dddddddddddddddd"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Game]]]:
    with table(tmp_path_factory.mktemp("hands")) as (client, _connect):
        store: Store = client.app.state.store  # type: ignore[attr-defined]
        made = {}
        for game_id, name, options, seed in GAMES:
            game = made[game_id] = random_game(name, seed, **options)
            store_game(store, game_id, game, NAMES[game.rules.players])
        store_game(store, RUNNING, Game(preset("tenhou"), 1), NAMES[4])
        store.flush()
        yield client, made


def labels(game: Game) -> list[str]:
    return [f"{'ESWN'[e.info['round']]}{e.info['hand'] + 1}-{e.info['honba']}" for e in game.events
            if e.type == "start_kyoku"]  # fmt: skip


@pytest.mark.parametrize("game_id", [RIICHI, SANMA], ids=["4 players", "3 players"])
def test_each_hand_is_listed_with_its_label_and_result(games: Any, game_id: str) -> None:
    client, made = games
    res = client.get(f"/api/games/{game_id}/hands")
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["id"] == game_id and body["names"] == NAMES[made[game_id].rules.players]
    hands = body["hands"]
    assert [h["label"] for h in hands] == labels(made[game_id])
    assert [h["hand"] for h in hands] == list(range(1, len(hands) + 1))
    for h in hands:
        assert h["result"].startswith(("draw: ", *body["names"])), h
        assert h["outcome"]["wins"] or h["outcome"]["draw"], h


@pytest.mark.parametrize("game_id", [RIICHI, SANMA], ids=["4 players", "3 players"])
def test_the_viewer_url_and_the_download_are_that_hand_of_the_whole_game(games: Any, game_id: str) -> None:
    client, _made = games
    whole = client.get(f"/api/games/{game_id}/log", params={"format": "tenhou6"}).json()
    hands = client.get(f"/api/games/{game_id}/hands").json()["hands"]
    assert len(hands) == len(whole["log"])
    for h, hand in zip(hands, whole["log"], strict=True):
        assert h["viewer"].startswith(VIEWER)
        shown = json.loads(unquote(h["viewer"].removeprefix(VIEWER)))
        assert h["json"] == f"/api/games/{game_id}/log?format=tenhou6&hand={h['hand']}"
        res = client.get(h["json"])
        assert res.status_code == 200, res.text
        assert res.headers["content-type"].startswith("application/json")
        name = f"jantaku-{game_id}-{h['hand']:02d}.json"
        assert res.headers["content-disposition"] == f'attachment; filename="{name}"'
        assert res.json() == shown and shown["log"] == [hand] and shown["name"] == whole["name"]


def test_the_history_says_which_games_list_their_hands(games: Any) -> None:
    client, _made = games
    listed = {g["id"]: g["hands"] for g in client.get("/api/games").json()["games"]}
    assert listed == {RIICHI: True, SANMA: True, ZUNG_JUNG: False, SUPERPOWER: False, POWERS_ON: False}


# (name, path, status, words in the reason)
REFUSED: list[tuple[str, str, int, str]] = [
    ("a running game's hands", f"/api/games/{RUNNING}/hands", 409, "still running"),
    ("a running game's hand", f"/api/games/{RUNNING}/log?format=tenhou6&hand=1", 409, "still running"),
    ("an unknown game's hands", "/api/games/0123456789abcdef/hands", 404, "there is no game"),
    ("a Zung Jung game's hands", f"/api/games/{ZUNG_JUNG}/hands", 400, "no tenhou.net/6 form"),
    ("a Zung Jung game's hand", f"/api/games/{ZUNG_JUNG}/log?format=tenhou6&hand=1", 400, "no tenhou.net/6 form"),
    ("a superpower game's hands", f"/api/games/{SUPERPOWER}/hands", 400, "no words for superpowers"),
    ("a superpower game in mjai", f"/api/games/{SUPERPOWER}/log?format=mjai", 400, "no words for superpowers"),
    ("a game with powers on", f"/api/games/{POWERS_ON}/log?format=tenhou6", 400, "no words for superpowers"),
    ("a hand past the last", f"/api/games/{RIICHI}/log?format=tenhou6&hand=199", 404, "hands, not 199"),
    ("hand 0", f"/api/games/{RIICHI}/log?format=tenhou6&hand=0", 422, ""),
    ("a hand in mjai", f"/api/games/{RIICHI}/log?format=mjai&hand=1", 400, "as tenhou6 only"),
    ("a hand in our log", f"/api/games/{RIICHI}/log?hand=1", 400, "as tenhou6 only"),
]


@pytest.mark.parametrize(("path", "status", "words"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_what_has_no_hands_is_refused_clearly(games: Any, path: str, status: int, words: str) -> None:
    client, _made = games
    res = client.get(path)
    assert res.status_code == status, res.text
    assert words in res.text


def test_the_hands_are_in_the_schema(tmp_path: Path) -> None:
    with table(tmp_path) as (client, _connect):
        assert "/api/games/{game_id}/hands" in client.get("/openapi.json").json()["paths"]
