"""Auto-matching through real websockets: people with equal settings are seated together in a private room
without CPUs; others, and those who leave the queue or disconnect, are not."""

from __future__ import annotations

from pathlib import Path

from jantaku.server.connection import SeatHolder
from jantaku.server.matching import Matchmaker
from jantaku.server.rooms import RoomSettings
from tests.server.helpers import (
    EAST,
    table,
    wait_for,
)


def test_four_queued_players_are_matched_into_a_game_without_cpus(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        players = [connect(n) for n in ("Ann", "Bo", "Cy", "Di")]
        for i, p in enumerate(players[:3]):
            p.send({"type": "queue", "settings": EAST})
            msg = p.until("queue")
            assert (msg["waiting"], msg["needed"]) == (i + 1, 4)
        players[3].send({"type": "queue", "settings": EAST})
        rids = {p.until("matched")["room_id"] for p in players}
        assert len(rids) == 1
        rid = rids.pop()
        seen_seats = set()
        for p in players:
            msg = p.room(lambda r: r["phase"] == "playing")
            room = msg["room"]
            assert room["room_id"] == rid and room["matched"] is True and room["creator"] is None
            assert [s["kind"] for s in room["seats"]] == ["person"] * 4
            assert sorted(s["nickname"] for s in room["seats"]) == ["Ann", "Bo", "Cy", "Di"]
            seen_seats.add(msg["you"])
            assert p.until("update")["game_id"] == room["game_id"]
        assert seen_seats == {0, 1, 2, 3}
        # a matched room takes nobody else and never seats a CPU
        e = connect("Eve")
        e.send({"type": "join_room", "room_id": rid})
        e.error("game_running")
        assert client.app.state.lobby.matching.queues == {}  # type: ignore[attr-defined]


def test_three_queued_for_sanma_are_matched_as_three(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        players = [connect(n) for n in ("Ann", "Bo", "Cy")]
        sanma = {"preset": "sanma", "options": {"length": "east"}}
        for p in players[:2]:
            p.send({"type": "queue", "settings": sanma})
            assert p.until("queue")["needed"] == 3
        players[2].send({"type": "queue", "settings": sanma})
        for p in players:
            p.until("matched")
            room = p.room(lambda r: r["phase"] == "playing")["room"]
            assert room["players"] == 3 and len(room["seats"]) == 3
            assert all(s["kind"] == "person" for s in room["seats"])
            assert len(p.until("update")["view"]["seats"]) == 3


def test_unqueue_disconnect_and_different_settings_keep_players_apart(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        u = connect("Una")
        u.send({"type": "queue", "settings": EAST})
        assert u.until("queue")["waiting"] == 1
        u.send({"type": "unqueue"})
        u.until("unqueued")
        u.send({"type": "unqueue"})
        u.error("not_queued")

        gone = connect("Gone")
        gone.send({"type": "queue", "settings": EAST})
        assert gone.until("queue")["waiting"] == 1
        gone.close()  # a disconnect leaves the queue
        wait_for(lambda: not lobby.matching.queues)

        # other settings, other queues: these two wait alone
        other = connect("Otto")
        other.send({"type": "queue", "settings": {"preset": "standard", "options": {"length": "east-south"}}})
        assert other.until("queue")["waiting"] == 1
        timed = connect("Tim")
        timed.send({"type": "queue", "settings": {**EAST, "think_seconds": 3, "bank_seconds": 10}})
        assert timed.until("queue")["waiting"] == 1

        players = [connect(n) for n in ("Ann", "Bo", "Cy")]
        for i, p in enumerate(players):
            p.send({"type": "queue", "settings": EAST})
            assert p.until("queue")["waiting"] == i + 1  # neither Una nor Gone is counted
        late = connect("Di")
        late.send({"type": "queue", "settings": EAST})
        rid = late.until("matched")["room_id"]
        room = late.room(lambda r: r["phase"] == "playing")["room"]
        assert room["room_id"] == rid
        assert sorted(s["nickname"] for s in room["seats"]) == ["Ann", "Bo", "Cy", "Di"]
        # Otto and Tim still wait, one in each queue; Una was never matched
        assert sorted(len(q) for q in lobby.matching.queues.values()) == [1, 1]
        assert all(m["type"] != "matched" for m in u.seen + other.seen + timed.seen)
        u.send({"type": "ping", "t": 7})
        assert u.until("pong")["t"] == 7


def test_the_matchmaker_releases_a_full_table_first_come_first_and_keeps_no_empty_queue() -> None:
    sanma, east = RoomSettings("sanma"), RoomSettings(options={"length": "east"})
    ann, bo, cy, di, eve = (SeatHolder(f"hash-{n}", n) for n in ("Ann", "Bo", "Cy", "Di", "Eve"))
    m = Matchmaker()
    assert m.join(ann, sanma, "seal") == [] and m.join(eve, east, None) == []
    assert m.join(bo, sanma, None) == []
    m.leave(bo)
    assert not m.queued(bo) and m.waiting(sanma) == [ann]
    assert m.join(cy, sanma, None) == [] and m.join(di, sanma, "sense") == [(ann, "seal"), (cy, None), (di, "sense")]
    assert not m.queued(ann) and m.waiting(sanma) == [] and m.waiting(east) == [eve]
    m.leave(eve)
    assert m.queues == {}
