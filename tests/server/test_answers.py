"""Answers to a prompt: a duplicate or old ``seq`` is stale and never applied twice; an illegal action is refused
and changes nothing."""

from __future__ import annotations

from pathlib import Path

from jantaku.tiles import PHYSICAL
from tests.server.helpers import (
    EAST,
    answer,
    events,
    play_to_end,
    table,
)


def test_a_duplicate_answer_is_stale_and_applied_once(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        tile = prompt["view"]["own"]["drawn"]
        act = {"type": "action", "seq": prompt["seq"], "action": {"type": "discard", "tile": tile}}
        start = len(a.seen)
        a.send(act)
        a.send(act)
        err = a.error("stale")
        assert err["seq"] == prompt["seq"]
        # the next decision (it may come before or after the refusal): the game moved once
        nxt = next((m for m in a.seen[start:] if m["type"] == "update" and m.get("seq")), None) or a.prompt()
        mine = [e for e in events(a.seen[start:], "dahai") if e["actor"] == 0]
        assert [e["tile"] for e in mine] == [tile]
        # the update that carried the discard shows one tile in the river (a later one may be the next hand's,
        # when a CPU wins on it)
        carried = next(
            m
            for m in a.seen[start:]
            if m["type"] == "update" and any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"])
        )
        assert [r["tile"] for r in carried["view"]["seats"][0]["river"]] == [tile]
        assert nxt["seq"] != prompt["seq"]
        # an old seq stays stale
        a.send(act)
        assert a.error("stale")["seq"] == prompt["seq"]
        a.send({"type": "action", "seq": "x", "action": {"type": "pass"}})
        a.error("bad_message")
        answer(a, nxt)
        play_to_end([a])
        a.send(act)
        a.error("no_game")


def test_an_illegal_action_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST})
        prompt = a.prompt()
        own = prompt["view"]["own"]
        assert own["drawn"] in own["tiles"]
        not_mine = next(t for t in range(PHYSICAL) if t not in own["tiles"])
        a.send({"type": "action", "seq": prompt["seq"], "action": {"type": "discard", "tile": not_mine}})
        err = a.error("illegal_action")
        assert err["seq"] == prompt["seq"] and err["rule"]
        a.send({"type": "action", "seq": prompt["seq"], "action": {"type": "fly"}})
        assert a.error("illegal_action")["rule"] == "action_format"
        # the same prompt is still open and the hand is as it was: a legal discard is applied once
        keep = own["tiles"][0] if own["tiles"][0] != own["drawn"] else own["tiles"][1]
        a.send({"type": "action", "seq": prompt["seq"], "action": {"type": "discard", "tile": keep}})
        after = a.until("update", lambda m: any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"]))
        assert [e["tile"] for e in after["events"] if e["type"] == "dahai" and e["actor"] == 0] == [keep]
        # (the update may also carry what followed at once: it shows the table as it is when sent)
        assert keep not in after["view"]["own"]["tiles"]
        assert [r["tile"] for r in after["view"]["seats"][0]["river"]][:1] == [keep]
        assert all(m["type"] != "error" for m in a.seen[a.seen.index(err) + 2 :])
