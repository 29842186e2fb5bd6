"""What a restart brings back. Rooms waiting between games: the same Room ID, settings, seats (people and
CPUs), powers and creator, with every ready flag cleared; people come back to their seats with their tokens. A
room that closed stays closed, and a restored room nobody comes back to is closed by the idle sweep. A room with
two running games (one stopped by a fault) resumes the newer."""

from __future__ import annotations

from pathlib import Path

from jantaku.server import upkeep
from tests.server.helpers import send_ok, table

SETTINGS = {"preset": "superpower", "options": {"length": "east"}, "public": True}


def test_a_waiting_room_survives_a_restart(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann, bo = connect("Ann"), connect("Bo")
        rid = send_ok(ann, {"type": "create_room", "settings": SETTINGS})["room"]["room_id"]
        send_ok(bo, {"type": "join_room", "room_id": rid})
        send_ok(ann, {"type": "add_cpu", "level": "strong", "seat": 3})
        send_ok(ann, {"type": "set_power", "power": "seal"})
        bo.send({"type": "set_power", "power": "sense"})
        before = ann.room(lambda r: r["seats"][1]["power"] == "sense")["room"]
        ann.send({"type": "ready"})
        ann.room(lambda r: r["seats"][0]["ready"])
        tokens = ann.token, bo.token

    with table(tmp_path) as (client, connect):
        listed = client.get("/api/rooms").json()["rooms"]
        assert listed == [], "nobody is back in the room yet: the lobby does not offer it"
        ann = connect(token=tokens[0])
        assert ann.seen[-1]["resumed"] is True
        msg = ann.room()
        listed = client.get("/api/rooms").json()["rooms"]
        assert [r["room_id"] for r in listed] == [rid], "the public room is listed again once Ann is back"
        room = msg["room"]
        assert msg["you"] == 0 and room["room_id"] == rid and room["phase"] == "waiting"
        assert room["settings"] == before["settings"] and room["creator"] == 0
        seats = room["seats"]
        assert [s and s["kind"] for s in seats] == ["person", "person", None, "cpu"]
        assert [s and s["nickname"] for s in seats[:2]] == ["Ann", "Bo"] and seats[3]["level"] == "strong"
        assert [s and s["power"] for s in seats] == [s and s["power"] for s in before["seats"]]
        assert seats[0]["power"] == "seal" and seats[1]["power"] == "sense"
        assert seats[0]["ready"] is False, "a restart clears the ready flags"
        bo = connect(token=tokens[1])
        assert bo.room()["you"] == 1
        # the room plays on as before
        send_ok(ann, {"type": "add_cpu", "level": "easy"})
        for p in (ann, bo):
            p.send({"type": "ready"})
        ann.room(lambda r: all(s["ready"] for s in r["seats"]))
        ann.send({"type": "start"})
        assert ann.room(lambda r: r["phase"] == "playing")["room"]["game_id"]


def test_a_closed_room_is_not_brought_back(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann = connect("Ann")
        rid = send_ok(ann, {"type": "create_room", "settings": SETTINGS})["room"]["room_id"]
        ann.send({"type": "leave_room"})
        ann.until("left")
        token = ann.token
    with table(tmp_path) as (client, connect):
        assert client.get(f"/api/rooms/{rid}").status_code == 404
        ann = connect()
        ann.send({"type": "hello", "protocol": 1, "token": token})
        ann.error("unknown_token")  # the room took the seat, and with it the token, away


def test_a_restored_room_nobody_returns_to_is_swept(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with table(tmp_path) as (client, connect):
        ann = connect("Ann")
        rid = send_ok(ann, {"type": "create_room", "settings": SETTINGS})["room"]["room_id"]
    with table(tmp_path) as (client, connect):
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        upkeep.sweep_rooms(lobby)
        assert client.get(f"/api/rooms/{rid}").status_code == 200, "the idle time counts from the restart"
        monkeypatch.setattr(upkeep, "IDLE_ROOM_SECONDS", 0.0)
        upkeep.sweep_rooms(lobby)
        assert client.get(f"/api/rooms/{rid}").status_code == 404
    with table(tmp_path) as (client, connect):
        assert client.get(f"/api/rooms/{rid}").status_code == 404, "a swept room is gone for good"


def test_the_newest_running_game_of_a_room_is_the_one_restored(tmp_path: Path) -> None:
    """A game stopped by a server fault stays stored as running; if its room then started another game, a restart
    brings back the newer game, the one its people were playing, and leaves the older one stored."""
    import time

    from jantaku.engine import Game
    from jantaku.rules import preset
    from jantaku.server.ids import new_token, token_hash
    from jantaku.server.store import Store
    from tests.server.helpers import settings

    token = new_token()
    room = {
        "id": "ABCDEF",
        "settings": {
            "preset": "standard",
            "options": {"length": "east"},
            "public": False,
            "think_seconds": None,
            "bank_seconds": None,
        },
        "seats": [{"nickname": "Ann", "token_hash": token_hash(token), "cpu": None, "power": None}]
        + [{"nickname": f"CPU {i}", "token_hash": None, "cpu": "easy", "power": None} for i in (2, 3, 4)],
        "creator": 0,
        "matched": False,
        "started_at": time.time(),
    }
    store = Store(settings(tmp_path).db_url)
    seats = [{"nickname": s["nickname"], "cpu": s["cpu"]} for s in room["seats"]]
    rules = preset("standard").with_options(length="east")
    for game_id, seed in (("old" + "0" * 29, "seed-old"), ("new" + "0" * 29, "seed-new")):
        header = Game(rules, seed).log[0]
        store.game_started(game_id, "ABCDEF", "standard", rules.options(), seed, header, seats, room)
        store.flush()
        time.sleep(0.01)
    store.close()
    with table(tmp_path) as (client, connect):
        assert client.get("/api/rooms/ABCDEF").status_code == 404  # a private room is not served by ID
        ann = connect(token=token)
        assert ann.room()["room"]["game_id"] == "new" + "0" * 29
