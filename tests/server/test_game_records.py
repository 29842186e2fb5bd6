"""A whole game and its record: played through the websocket, then served by the REST API with every wall
commitment and reveal, verifiable by anyone (and never served while the game runs)."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from pathlib import Path

from jantaku.engine import Game
from jantaku.engine.wall import commitment
from jantaku.tiles import PHYSICAL
from tests.server.helpers import (
    EAST,
    events,
    four_in_a_room,
    play_all,
    play_to_end,
    table,
)


def test_four_people_play_a_game_and_its_record_is_verifiable(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        names = ["Ann", "Bo", "Cy", "Di"]
        players, rid = four_in_a_room(connect, names)
        for p in players:
            p.send({"type": "ready"})
        players[0].room(lambda r: all(s["ready"] for s in r["seats"]))
        players[0].send({"type": "start"})
        started = players[0].room(lambda r: r["phase"] == "playing")["room"]
        game_id = started["game_id"]
        assert game_id and [s["nickname"] for s in started["seats"]] == names

        over = play_all(players)
        assert over["game_id"] == game_id and over["unrecorded"] is False
        final = over["final"]
        assert final["nicknames"] == names and len(final["scores"]) == 4
        assert sum(final["scores"]) == 4 * 25000  # nobody declared riichi: no deposit is left on the table
        for p in players[1:]:
            assert p.seen[-1] == over  # everyone got the same result

        # the room returns to waiting and names the record
        after = client.get(f"/api/rooms/{rid}").json()
        assert after["phase"] == "waiting" and after["last_game_id"] == game_id

        # listed among finished games, and by player id (never by a nickname anyone may type)
        listed = client.get("/api/games").json()["games"]
        assert [g["id"] for g in listed] == [game_id]
        cy = next(m for m in players[2].seen if m["type"] == "welcome")["player"]
        assert cy["id"].startswith("g") and cy["account"] is False and cy["name"] == "Cy"
        assert [g["id"] for g in client.get("/api/games", params={"player": cy["id"]}).json()["games"]] == [game_id]
        assert client.get("/api/games", params={"player": "Cy"}).json()["games"] == []
        assert client.get("/api/games", params={"player": "gNobody"}).json()["games"] == []
        seats = listed[0]["seats"]
        assert [s["player"] for s in seats][2] == cy["id"]
        assert all(s["account"] is False and s["stand_in"] is False for s in seats)

        record = client.get(f"/api/games/{game_id}").json()
        assert record["status"] == "finished" and record["final"]["scores"] == final["scores"]
        assert [s["nickname"] for s in record["seats"]] == names
        assert re.fullmatch(r"[0-9a-f]{32}", record["seed"])
        # each hand's commitment was published at its start (the players saw it) and the reveal matches it
        published = [e["info"]["commitment"] for e in events(players[0].seen, "start_kyoku")]
        assert [w["commitment"] for w in record["walls"]] == published and published
        for w in record["walls"]:
            assert sorted(w["wall"]) == list(range(PHYSICAL))
            assert hashlib.sha256(bytes.fromhex(w["salt"]) + bytes(w["wall"])).hexdigest() == w["commitment"]
            assert commitment(w["wall"], bytes.fromhex(w["salt"])) == w["commitment"]
        # the seed was secret during the game: no message a player received contains it
        assert all(record["seed"] not in json.dumps(m) for p in players for m in p.seen)

        log = client.get(f"/api/games/{game_id}/log")
        assert log.status_code == 200
        lines = log.text.splitlines()
        assert json.loads(lines[0])["seed"] == record["seed"]
        replayed = Game.replay(lines)
        assert replayed.over and replayed.final is not None
        assert list(replayed.final.scores) == final["scores"]
        assert [line for line in replayed.log] == lines


def test_the_record_is_served_as_soon_as_game_over_is_sent(tmp_path: Path) -> None:
    """Even when the database writer lags behind the game (held back here), a client that asks for the record right
    after ``game_over`` gets it: reads wait for the writes queued before them."""
    with table(tmp_path) as (client, connect):
        store = client.app.state.store  # type: ignore[attr-defined]
        gate = threading.Event()
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        game_id = a.room()["room"]["game_id"]
        store.submit(lambda _s: gate.wait(10))  # the writer is busy until the gate opens
        over = play_to_end([a])
        threading.Timer(0.3, gate.set).start()
        record = client.get(f"/api/games/{over['game_id']}")
        assert record.status_code == 200 and record.json()["final"]["scores"] == over["final"]["scores"]
        assert [g["id"] for g in client.get("/api/games").json()["games"]] == [game_id]
        assert client.get(f"/api/games/{game_id}/log").status_code == 200


def test_rest_api_schema_and_running_or_unknown_games(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        paths = client.get("/openapi.json").json()["paths"]
        for path in (
            "/api/games",
            "/api/games/{game_id}",
            "/api/games/{game_id}/log",
            "/api/rooms",
            "/api/rooms/{room_id}",
            "/api/presets",
        ):
            assert path in paths, path
        names = [p["name"] for p in client.get("/api/presets").json()]
        assert "standard" in names and "sanma" in names
        sanma = next(p for p in client.get("/api/presets").json() if p["name"] == "sanma")
        assert sanma["options"]["players"] == 3

        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        game_id = a.room()["room"]["game_id"]
        a.prompt()
        assert client.get(f"/api/games/{game_id}").status_code == 409  # known, not 404, as soon as it starts
        assert client.get(f"/api/games/{game_id}/log").status_code == 409
        assert client.get("/api/games").json()["games"] == []  # running games are not listed
        for url in ("/api/games/0123456789abcdef", "/api/games/0123456789abcdef/log", "/api/rooms/ZZZZZZ"):
            assert client.get(url).status_code == 404, url
        health = client.get("/api/health").json()
        assert health["ok"] is True and health["games"] == 1
