"""Spectators: a hello first, and only the public view (no concealed tile, no prompt)."""

from __future__ import annotations

from pathlib import Path

from tests.server.helpers import (
    EAST,
    answer,
    events,
    play_to_end,
    table,
)


def test_spectators_see_only_the_public_view(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        rid = a.room()["room"]["room_id"]
        answer(a, a.prompt())

        s = connect()
        s.send({"type": "spectate", "room_id": rid})
        s.error("hello_first")  # a spectator is a person too: budgets and caps count per person's address
        s.hello("Sue")
        s.send({"type": "spectate", "room_id": rid.lower()})
        msg = s.until("room")
        assert msg["you"] is None and msg["room"]["room_id"] == rid and msg["room"]["spectators"] == 1
        first = s.until("update")
        assert first["view"]["seat"] is None

        over = play_to_end([a])
        s.until("game_over", lambda m: m["game_id"] == over["game_id"])
        updates = [m for m in s.seen if m["type"] == "update"]
        assert len(updates) > 20
        for m in updates:
            assert "own" not in m["view"] and "legal_actions" not in m["view"], m
            assert "seq" not in m and "timer" not in m and "stand_in" not in m
            assert m["view"]["must_act"] is False
        starts = events(updates, "start_kyoku")
        assert starts, "the spectator saw no hand start"
        for e in starts:
            assert e["info"]["hands"] == [None, None, None, None]
        draws = events(updates, "tsumo")
        assert draws and all("tile" not in e for e in draws)
        # the player saw her own hand in the same events
        assert all(e["info"]["hands"][0] is not None for e in events(a.seen, "start_kyoku"))

        s.send({"type": "spectate", "room_id": "ZZZZZ9"})
        s.error("no_room")
        s.send({"type": "unspectate"})
        s.until("left")
