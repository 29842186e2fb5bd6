"""Coming back: a person away past the grace period gets a stand-in and takes the seat back with a full view; one
who returns in time finds the same prompt; a new connection with the token replaces the old one."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import (
    EAST,
    answer,
    events,
    play_all,
    send_ok,
    table,
    wait_for,
)


def test_away_player_gets_a_stand_in_and_comes_back_with_a_full_view(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST, "cpus": ["easy", "easy"]})["room"]["room_id"]
        b = connect("Bo")
        assert send_ok(b, {"type": "join_room", "room_id": rid})["you"] == 3
        a.send({"type": "ready"})
        b.send({"type": "ready"})
        a.room(lambda r: all(s["ready"] for s in r["seats"]))
        a.send({"type": "start"})
        prompt = a.prompt()  # Ann (seat 0) deals: her turn is open
        assert prompt["type"] == "update" and prompt["view"]["seats"][0]["river"] == []
        token = a.token
        a.close()  # away mid-hand, with her prompt open

        # Bo keeps playing; after the grace period a CPU plays Ann's seat
        assert b.room(lambda r: r["seats"][0]["connected"] is False)["room"]["phase"] == "playing"
        start = len(b.seen)
        answered: set[int] = set()
        while True:
            msg = b.recv()
            if msg["type"] == "update" and msg.get("seq") and msg["seq"] not in answered:
                if any(e["actor"] == 0 for e in events(b.seen[start:], "dahai")):
                    pending = msg  # stop answering: the game now waits for Bo
                    break
                answered.add(msg["seq"])
                answer(b, msg)
            assert msg["type"] != "game_over", "the game ended before Ann came back"
        stand_in_discards = [e for e in events(b.seen[start:], "dahai") if e["actor"] == 0]
        assert stand_in_discards

        back = connect(token=token)
        welcome = back.seen[-1]
        assert welcome["resumed"] is True and "token" not in back.seen[-1]
        room_msg = back.until("room")
        assert room_msg["you"] == 0 and room_msg["room"]["room_id"] == rid
        full = back.until("update")
        assert full.get("full") is True and full["stand_in"] is False
        view = full["view"]
        # the seat as the server holds it, and as Bo sees it from outside
        runner = client.app.state.lobby.rooms[rid].runner  # type: ignore[attr-defined]
        assert view["own"]["tiles"] == sorted(runner.game.table.seats[0].hand)
        assert view["own"]["tiles"] == runner.game.view(0)["own"]["tiles"]
        assert len(view["own"]["tiles"]) == pending["view"]["seats"][0]["concealed"]
        assert view["seats"][0]["river"] == pending["view"]["seats"][0]["river"]
        assert [r["tile"] for r in view["seats"][0]["river"]][: len(stand_in_discards)] == [
            e["tile"] for e in stand_in_discards
        ]
        assert b.room(lambda r: r["seats"][0]["connected"] is True)["room"]["phase"] == "playing"

        # the game goes on with Ann herself: every later update is hers, not a stand-in's
        answer(b, pending)
        if full.get("seq"):
            answer(back, full)
        over = play_all([back, b])
        assert over["type"] == "game_over"
        assert all(m.get("stand_in") is False for m in back.seen if m["type"] == "update")


def test_a_table_nobody_comes_back_to_is_abandoned_and_its_player_finds_the_standings(tmp_path: Path) -> None:
    """Ann leaves the only person's seat: the CPUs do not play on without her; after ``abandon_minutes`` the game
    ends as abandoned (recorded so) and Ann, coming back, finds the standings."""
    with table(tmp_path, abandon_minutes=0.02) as (client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        room = a.room()["room"]
        game_id = room["game_id"]
        answer(a, a.prompt())
        token = a.token
        a.close()
        assert client.get(f"/api/games/{game_id}").status_code == 409  # still running, with nobody there...
        runner = client.app.state.lobby.rooms[room["room_id"]].runner  # type: ignore[attr-defined]
        played = runner.decisions
        record = wait_for(lambda: (r := client.get(f"/api/games/{game_id}")).status_code == 200 and r.json())
        assert record["status"] == "abandoned" and record["final"]["nicknames"][0] == "Ann"
        lines = client.get(f"/api/games/{game_id}/log").text.splitlines()
        acts = [line for line in lines if '"type":"act"' in line]
        assert len(acts) <= played + 1, "the CPUs played on at a table nobody was at"
        assert '{"type":"abandon"}' in lines

        back = connect(token=token)
        welcome = back.seen[-1]
        assert welcome["resumed"] is True
        room = back.until("room")["room"]
        assert room["phase"] == "waiting" and room["last_game_id"] == game_id
        assert room["last_final"]["scores"] == record["final"]["scores"]
        missed = back.until("game_over")  # its standings come back with it, marked as missed and abandoned
        assert missed["missed"] is True and missed["abandoned"] is True and missed["game_id"] == game_id
        listed = client.get("/api/games", params={"player": welcome["player"]["id"]}).json()["games"]
        assert [g["status"] for g in listed if g["id"] == game_id] == ["abandoned"]


def test_reconnect_within_the_grace_period_finds_the_same_prompt(tmp_path: Path) -> None:
    with table(tmp_path, grace=30.0) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        token = a.token
        a.close()
        back = connect(token=token)
        full = back.until("update")
        assert full["full"] is True and full["stand_in"] is False
        assert full["seq"] == prompt["seq"]  # nobody played for her: the same decision is still open
        assert full["view"]["own"] == prompt["view"]["own"]
        assert full["view"]["legal_actions"] == prompt["view"]["legal_actions"]


def test_a_new_connection_with_the_token_replaces_the_old_one(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        second = connect(token=a.token)
        welcome = second.seen[-1]
        assert {k: v for k, v in welcome.items() if k != "reactions"} == {
            "type": "welcome",
            "protocol": 1,
            "nickname": "Ann",
            "resumed": True,
            "player": next(m for m in a.seen if m["type"] == "welcome")["player"],
        }
        assert a.error("replaced")
        with pytest.raises(WebSocketDisconnect):
            a.recv()  # the server closed the old connection
        full = second.until("update")
        assert full["full"] is True and full["seq"] == prompt["seq"]
        action = answer(second, full)
        moved = second.until("update", lambda m: any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"]))
        assert next(e for e in moved["events"] if e["type"] == "dahai")["tile"] == action["tile"]

        stranger = connect()
        stranger.send({"type": "hello", "protocol": 1, "token": "not-a-token"})
        stranger.error("unknown_token")
