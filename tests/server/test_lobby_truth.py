"""The lobby tells the truth. Its listing offers only rooms one can join (someone there, a seat free) or watch (a
game running with someone at it), reaches the people in the lobby when it changes, and forgets rooms whose people
are gone. The auto-matching queue's number reaches everyone in it whenever it changes: a person who unqueues,
sits down elsewhere or is gone past the grace period leaves it; one who comes back within the grace keeps the
place. A person who was away when their game ended gets its standings when they come back."""

from __future__ import annotations

import time
from pathlib import Path

from jantaku.server.connection import Connection
from jantaku.server.lobby import Lobby
from jantaku.server.rooms import RoomSettings
from jantaku.server.store import Store
from tests.server.helpers import (
    EAST,
    Client,
    Msg,
    answer,
    play_all,
    quiet,
    send_ok,
    settings,
    table,
    two_and_cpus,
    wait_for,
)

PUBLIC = {**EAST, "public": True}


def listing(p: Client) -> list[Msg]:
    """The next ``rooms`` message ``p`` gets (asked for, or pushed)."""
    rooms: list[Msg] = p.until("rooms")["rooms"]
    return rooms


def test_the_listing_offers_only_rooms_one_can_join_or_watch_and_is_pushed(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        eve = connect("Eve")  # in the lobby: asks once, then gets every change
        eve.send({"type": "rooms"})
        assert listing(eve) == []

        ann = connect("Ann")
        rid = send_ok(ann, {"type": "create_room", "settings": PUBLIC, "cpus": ["easy"]})["room"]["room_id"]
        pushed = listing(eve)
        assert [(r["room_id"], r["phase"], r["seated"], r["people"]) for r in pushed] == [(rid, "waiting", 2, 1)]

        # a full room waiting for its start cannot be joined: not offered
        send_ok(ann, {"type": "add_cpu", "level": "easy"})
        send_ok(ann, {"type": "add_cpu", "level": "easy"})
        assert listing(eve) == []
        bo = connect("Bo")
        bo.send({"type": "join_room", "room_id": rid})
        bo.error("room_full")

        # playing: offered to watch
        ann.send({"type": "ready"})
        ann.room(lambda r: r["seats"][0]["ready"])
        ann.send({"type": "start"})
        assert [(r["room_id"], r["phase"]) for r in listing(eve)] == [(rid, "playing")]

        # Ann is gone: nobody is at the table to watch (it stands still), so it is not offered any more
        token = ann.token
        ann.close()
        assert listing(eve) == []
        assert client.get("/api/rooms").json()["rooms"] == []
        back = connect(token=token)
        full = back.until("update")
        assert [r["room_id"] for r in listing(eve)] == [rid]
        if full.get("seq"):
            answer(back, full)

        # a finished game leaves a full room: not offered
        play_all([back])
        deadline = time.monotonic() + 5
        while (rooms := listing(eve)) and time.monotonic() < deadline:
            pass
        assert rooms == [] and client.get("/api/rooms").json()["rooms"] == []
        # a person who sits down stops getting the listing
        send_ok(eve, {"type": "create_room", "settings": {**EAST, "public": False}})
        send_ok(bo, {"type": "create_room", "settings": PUBLIC})
        assert [r["people"] for r in client.get("/api/rooms").json()["rooms"]] == [1]
        time.sleep(1.5)
        assert all(m["type"] != "rooms" for m in quiet(eve))


def test_the_queue_number_follows_who_left_it(tmp_path: Path) -> None:
    with table(tmp_path, grace=1.0) as (client, connect):
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        ann, bo, cy = connect("Ann"), connect("Bo"), connect("Cy")
        for i, p in enumerate((ann, bo, cy)):
            p.send({"type": "queue", "settings": EAST})
            assert p.until("queue")["waiting"] == i + 1
        assert [ann.until("queue")["waiting"] for _ in range(2)] == [2, 3] and bo.until("queue")["waiting"] == 3

        # Cy unqueues: Ann and Bo hear of it
        cy.send({"type": "unqueue"})
        cy.until("unqueued")
        assert ann.until("queue")["waiting"] == 2 and bo.until("queue")["waiting"] == 2

        # Bo reloads the page: back within the grace, he keeps his place and is told so; Ann hears of no change
        token = bo.token
        bo.close()
        again = connect(token=token)
        assert again.until("queue")["waiting"] == 2
        time.sleep(1.3)
        assert all(m["type"] != "queue" for m in quiet(ann))

        # Bo closes the tab for good: after the grace he leaves the queue, and Ann sees one waiting
        again.close()
        start = time.monotonic()
        assert ann.until("queue")["waiting"] == 1
        assert time.monotonic() - start >= 0.8, "not before the grace period ended"
        assert [len(q) for q in lobby.matching.queues.values()] == [1]

        # Cy sits down in a room while queued (queue, then create_room): Ann hears of it too
        cy.send({"type": "queue", "settings": EAST})
        assert ann.until("queue")["waiting"] == 2
        send_ok(cy, {"type": "create_room", "settings": EAST})
        assert ann.until("queue")["waiting"] == 1


def test_a_player_away_when_the_game_ended_gets_its_standings_once_on_return(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann, bo, rid, _ = two_and_cpus(connect, ["easy", "easy"])
        ann.room(lambda r: r["phase"] == "playing")
        token = ann.token
        ann.close()  # Bo, the CPUs and Ann's stand-in play the game out
        over = play_all([bo])

        back = connect(token=token)
        room = back.until("room")["room"]
        assert room["phase"] == "waiting" and room["last_game_id"] == over["game_id"]
        missed = back.until("game_over")
        assert missed["missed"] is True and missed["game_id"] == over["game_id"]
        assert missed["final"] == over["final"] and "abandoned" not in missed
        back.close()
        again = connect(token=token)
        again.until("room")
        assert all(m["type"] != "game_over" for m in quiet(again)), "once"
        assert wait_for(lambda: rid in client.app.state.lobby.rooms)  # type: ignore[attr-defined]


def test_the_lobby_changed_from_outside_the_servers_loop_schedules_nothing_and_fails_nothing(tmp_path: Path) -> None:
    """The lobby's timers (the queue's grace, the listing's push) are the server loop's: a change made from a
    test's own thread, with no loop running, neither starts one nor raises — the same for every timer."""
    config = settings(tmp_path)
    store = Store(config.db_url)
    try:
        lobby = Lobby(config, store)
        peer = lobby.guard.peer("192.0.2.1")
        ann, _ = lobby.new_holder("Ann", hand_pause=False)
        conn = Connection(config, peer)
        lobby.attach(conn, ann)
        lobby.browse(Connection(config, peer))  # someone in the lobby: a change would push the listing
        lobby.queue(ann, RoomSettings.from_json(EAST), None)
        assert lobby.matching.queued(ann) and not lobby.push_due
        lobby.disconnected(conn)  # the queue's grace would start here
        assert lobby.matching.queued(ann), "no loop, no grace timer: she keeps her place"
    finally:
        store.close()
