"""The doman match clock on the server (docs/rules.md#time_limits; [S2]): the server injects its own
clock into the engine. Past 80 minutes the next hand to start is the last; at 120 minutes the game ends, unrecorded.
The game's start time is moved back instead of waiting."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.helpers import SocketClient, play_to_end, server, simple_choice


def _start_doman(client, nickname: str) -> tuple[SocketClient, object, object]:  # type: ignore[no-untyped-def]
    ws = client.websocket_connect("/ws").__enter__()
    p = SocketClient(ws, nickname)
    p.send({"type": "play_now", "settings": {"preset": "doman"}})
    room = p.until("room", lambda m: m["room"]["phase"] == "playing")["room"]
    lobby = client.app.state.lobby
    return p, lobby, lobby.rooms[room["room_id"]].runner


def _answer(p: SocketClient) -> dict:  # type: ignore[type-arg]
    msg = p.prompt()
    if msg["type"] == "update":
        p.send({"type": "action", "seq": msg["seq"], "action": simple_choice(msg["view"]["legal_actions"])})
    return msg


def test_doman_game_ends_unrecorded_at_120_minutes(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        p, lobby, runner = _start_doman(client, "clock")
        _answer(p)
        runner.started_at = time.time() - 121 * 60  # type: ignore[attr-defined]
        msg = _answer(p)  # the clock may already have ended the game while this answer was on its way
        over = msg if msg["type"] == "game_over" else p.until("game_over")
        assert over["unrecorded"] is True
        clock_events = [e for m in p.seen if m["type"] == "update" for e in m["events"] if e["type"] == "clock"]
        assert clock_events and clock_events[-1]["info"]["minutes"] >= 120
        lobby.store.flush()
        assert client.get("/api/games").json()["games"] == []  # unrecorded: not listed among finished games
        assert client.get(f"/api/games/{over['game_id']}").json()["status"] == "unrecorded"
        p.ws.__exit__(None, None, None)


def test_doman_after_80_minutes_the_next_hand_is_the_last(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        p, lobby, runner = _start_doman(client, "clock80")
        _answer(p)
        runner.started_at = time.time() - 81 * 60  # type: ignore[attr-defined]
        over = play_to_end([p])
        hands = [e for m in p.seen if m["type"] == "update" for e in m["events"] if e["type"] == "start_kyoku"]
        clock = next(
            i for i, m in enumerate(p.seen) if m["type"] == "update" and any(e["type"] == "clock" for e in m["events"])
        )
        later = [e for m in p.seen[clock:] if m["type"] == "update" for e in m["events"] if e["type"] == "start_kyoku"]
        assert len(later) <= 1, "after the 80-minute mark at most one more hand starts"
        assert over["unrecorded"] is False and len(hands) >= 1
        lobby.store.flush()
        assert client.get(f"/api/games/{over['game_id']}").json()["status"] == "finished"
        p.ws.__exit__(None, None, None)
