"""Timers through the websocket protocol: a person who does not answer in time gets ``timeout`` and the server plays
the default (the drawn tile is discarded; a call or a win is passed). Short timers keep these tests fast."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.server.helpers import EAST, Client, answer, events, play_all, send_ok, simple_choice, table

Msg = dict[str, Any]
CALLS = ("chi", "pon", "daiminkan", "hora")


def test_the_drawn_tile_is_discarded_when_the_time_runs_out(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": {**EAST, "think_seconds": 0.2, "bank_seconds": 0.3}})
        prompt = a.prompt()
        seen_at = time.monotonic()
        drawn = prompt["view"]["own"]["drawn"]
        assert drawn is not None  # Ann deals: her first decision is a discard after her draw
        timer = prompt["timer"]
        assert (timer["think"], timer["bank"]) == (0.2, 0.3) and 0 < timer["left"] <= 0.5

        timeout = a.until("timeout")  # no answer
        waited = time.monotonic() - seen_at
        assert timeout["seq"] == prompt["seq"]
        assert 0.2 <= waited < 5, waited  # think + bank = 0.5 s from when the prompt opened
        moved = a.until("update", lambda m: any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"]))
        dahai = next(e for e in moved["events"] if e["type"] == "dahai" and e["actor"] == 0)
        assert dahai["tile"] == drawn and dahai["info"]["tsumogiri"] is True
        assert not any(e["type"] == "reach" for e in moved["events"])  # riichi is declined
        # (the update may also carry what followed at once: it shows the table as it is when sent)
        assert [r["tile"] for r in moved["view"]["seats"][0]["river"]][:1] == [drawn]
        assert drawn not in moved["view"]["own"]["tiles"]

        # the answer that comes too late is stale, and the bank is spent
        a.send({"type": "action", "seq": prompt["seq"], "action": {"type": "discard", "tile": drawn}})
        start = len(a.seen)
        a.error("stale")
        later = next((m for m in a.seen[start:] if m["type"] == "update" and m.get("seq")), None) or a.prompt()
        assert later["timer"]["bank"] == 0 and later["timer"]["left"] <= 0.2


def test_a_call_is_passed_when_the_time_runs_out(tmp_path: Path) -> None:
    """Ann answers her turns at once and lets her first chance to call (or win on) a discard run out."""
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        claim: Msg | None = None
        for _ in range(5):  # a chance to call comes in almost every game; play another if not
            a.send({"type": "play_now", "settings": {**EAST, "think_seconds": 0.2, "bank_seconds": 2.0}})
            game_id = a.room()["room"]["game_id"]
            while claim is None:
                msg = a.prompt()
                if msg["type"] == "game_over":
                    break
                if {"type": "pass"} in msg["view"]["legal_actions"]:
                    claim = msg
                else:
                    answer(a, msg)
            if claim is not None:
                break
        assert claim is not None, "no chance to call in five games"
        assert claim["view"]["phase"] == "claims" and claim["view"]["claim"]["actor"] != 0
        timeout = a.until("timeout")
        assert timeout["seq"] == claim["seq"]
        nxt = a.until("update", lambda m: m.get("seq") != claim["seq"])
        assert not [e for e in nxt["events"] if e["type"] in CALLS and e["actor"] == 0], nxt["events"]
        assert nxt["view"]["seats"][0]["melds"] == claim["view"]["seats"][0]["melds"]

        # the record shows the pass the server played for her
        if nxt.get("seq"):
            answer(a, nxt)
        over = play_all([a])
        assert over["game_id"] == game_id
        lines = client.get(f"/api/games/{game_id}/log").text.splitlines()
        records = [json.loads(line) for line in lines[1:]]
        view = claim["view"]
        hand = next(
            i
            for i, r in enumerate(records)
            if r["type"] == "start_kyoku"
            and (r["info"]["round"], r["info"]["hand"], r["info"]["honba"])
            == (view["round"], view["hand"], view["honba"])
        )
        i = next(
            i
            for i, r in enumerate(records)
            if i > hand
            and r["type"] == "dahai"
            and (r["actor"], r["tile"]) == (view["claim"]["actor"], view["claim"]["tile"])
        )
        after = [r for r in records[i + 1 :] if r["type"] == "act" and r["actor"] == 0]
        assert after[0]["action"] == {"type": "pass"}


def test_two_people_get_the_server_timers_and_one_person_gets_none(tmp_path: Path) -> None:
    with table(tmp_path, think_seconds=0.2, bank_seconds=0.3) as (_client, connect):
        solo = connect("Solo")
        solo.send({"type": "play_now", "settings": EAST})
        first = solo.prompt()
        assert "timer" not in first  # one person with CPUs: no timers unless asked for
        time.sleep(0.7)
        assert all(m["type"] != "timeout" for m in solo.seen)
        answer(solo, first)

        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST, "cpus": ["easy", "easy"]})["room"]["room_id"]
        b = connect("Bo")
        send_ok(b, {"type": "join_room", "room_id": rid})
        a.send({"type": "ready"})
        b.send({"type": "ready"})
        a.room(lambda r: all(s["ready"] for s in r["seats"]))
        a.send({"type": "start"})
        prompt = a.prompt()
        assert (prompt["timer"]["think"], prompt["timer"]["bank"]) == (0.2, 0.3)
        drawn = prompt["view"]["own"]["drawn"]
        assert a.until("timeout")["seq"] == prompt["seq"]
        # Bo sees the discard the server played for Ann
        seen = b.until("update", lambda m: any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"]))
        assert [e["tile"] for e in events([seen], "dahai") if e["actor"] == 0] == [drawn]
        players: list[Client] = [a, b]
        over = play_all(players, simple_choice)  # the rest of the game (a late answer is only played by default)
        assert over["type"] == "game_over"
