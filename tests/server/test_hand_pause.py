"""After a hand, a client that shows results (hello's "hand_pause") holds the table until it says ``continue``;
a client that did not ask is never waited for."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.server.helpers import SocketClient, server, simple_choice


def _to_hand_end(p: SocketClient) -> dict[str, Any]:
    while True:
        msg = p.recv()
        if msg["type"] == "update":
            if any(e["type"] == "end_kyoku" for e in msg["events"]):
                return msg
            if msg.get("seq"):
                p.send({"type": "action", "seq": msg["seq"], "action": simple_choice(msg["view"]["legal_actions"])})


def _updates_within(p: SocketClient, seconds: float) -> list[dict[str, Any]]:
    """Messages that arrive within ``seconds`` (a ping marks the end: the server answers in order)."""
    time.sleep(seconds)
    p.send({"type": "ping", "t": 1})
    out = []
    while True:
        msg = p.recv()
        if msg["type"] == "pong":
            return out
        out.append(msg)


def test_the_table_waits_for_continue_after_a_hand(tmp_path: Path) -> None:
    with server(tmp_path, hand_pause=30.0) as client, client.websocket_connect("/ws") as ws:
        p = SocketClient(ws)
        p.send({"type": "hello", "protocol": 1, "nickname": "reader", "hand_pause": True})
        p.until("welcome")
        p.send({"type": "play_now", "settings": {"options": {"length": "east"}}})
        last = _to_hand_end(p)
        runner = next(iter(client.app.state.lobby.rooms.values())).runner
        held = _updates_within(p, 0.4)
        assert not [m for m in held if m["type"] == "update"], "CPUs played while the result was on screen"
        assert runner.pending_continue == {0} and runner.pause_until > 0
        p.send({"type": "action", "seq": 1, "action": {"type": "pass"}})  # a stale answer is not a "continue"
        assert p.until("error")["code"] == "stale"
        assert runner.pending_continue == {0} and runner.paused()
        p.send({"type": "continue"})
        if last.get("seq"):  # the person deals the next hand: the game waits for their move anyway
            p.send({"type": "action", "seq": last["seq"], "action": simple_choice(last["view"]["legal_actions"])})
        moved = _updates_within(p, 0.4)
        assert [m for m in moved if m["type"] == "update"], "the table did not go on after continue"
        ended_again = any(e["type"] == "end_kyoku" for m in moved if m["type"] == "update" for e in m["events"])
        assert not runner.pending_continue or ended_again  # (a CPU may already have won the next hand)


def test_a_client_without_hand_pause_is_not_waited_for(tmp_path: Path) -> None:
    with server(tmp_path, hand_pause=30.0) as client, client.websocket_connect("/ws") as ws:
        p = SocketClient(ws, "plain")
        p.send({"type": "play_now", "settings": {"options": {"length": "east"}}})
        _to_hand_end(p)
        runner = next(iter(client.app.state.lobby.rooms.values())).runner
        assert not runner.pending_continue and not runner.paused()
