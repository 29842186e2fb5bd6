"""Quick reactions through real websockets: a seated player's fixed phrase reaches everyone at the table and its
spectators; unknown phrases, people not seated at a running game and floods are refused; the game never hears of
them (its prompts stay open, its record holds none)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from jantaku.server.protocol import REACTION_PHRASES
from tests.server.helpers import EAST, Client, Msg, answer, play_all, send_ok, simple_choice, table

#: Bo's seat in ``two_at_a_table``: the two CPUs take seats 1 and 2 first
BO = 3


def two_at_a_table(connect: Callable[..., Client]) -> tuple[Client, Client, str]:
    """Ann (seat 0) and Bo (seat 3) with two CPUs, the game started; returns them and the Room ID."""
    a = connect("Ann")
    rid = send_ok(a, {"type": "create_room", "settings": EAST, "cpus": ["easy", "easy"]})["room"]["room_id"]
    b = connect("Bo")
    assert send_ok(b, {"type": "join_room", "room_id": rid})["you"] == BO
    a.send({"type": "ready"})
    b.send({"type": "ready"})
    a.room(lambda r: all(s["ready"] for s in r["seats"]))
    a.send({"type": "start"})
    a.room(lambda r: r["phase"] == "playing")
    b.room(lambda r: r["phase"] == "playing")
    return a, b, rid


def reactions(p: Client) -> list[Msg]:
    return [m for m in p.seen if m["type"] == "reaction"]


def test_a_reaction_reaches_the_table_and_its_spectators_and_changes_nothing(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a, b, rid = two_at_a_table(connect)
        sue = connect("Sue")
        sue.send({"type": "spectate", "room_id": rid})
        sue.until("update")
        prompt = a.prompt()  # Ann deals: her first discard is open
        assert prompt["seq"]

        b.send({"type": "react", "phrase": "hello"})
        expected = {"type": "reaction", "seat": BO, "phrase": "hello"}
        assert a.until("reaction") == expected
        assert b.until("reaction") == expected  # the sender sees their own bubble from the server too
        assert sue.until("reaction") == expected
        a.send({"type": "react", "phrase": "thanks"})
        assert b.until("reaction") == {"type": "reaction", "seat": 0, "phrase": "thanks"}

        # the open prompt is untouched: its seq still answers it
        a.send({"type": "action", "seq": prompt["seq"], "action": simple_choice(prompt["view"]["legal_actions"])})
        moved = a.until("update", lambda m: any(e["type"] == "dahai" and e["actor"] == 0 for e in m["events"]))
        assert moved["events"]
        errors = [m for m in a.seen + b.seen if m["type"] == "error"]
        assert not errors, errors

        if moved.get("seq"):  # a slow store folds the next steps into this update: Ann's next prompt with them
            answer(a, moved)
        over = play_all([a, b])
        game_id = over["game_id"]
        log = client.get(f"/api/games/{game_id}/log")
        assert log.status_code == 200 and log.text
        for line in log.text.splitlines():
            assert "react" not in json.dumps(json.loads(line)), line  # nothing of the reactions is stored


def test_only_the_listed_phrases(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        a, b, _rid = two_at_a_table(connect)
        for phrase in ("You are slow", "NICE", "", None, 3, ["nice"]):
            a.send({"type": "react", "phrase": phrase})
            assert a.error()["code"] == "unknown_phrase", phrase
        a.send({"type": "react"})
        a.error("unknown_phrase")
        for phrase in REACTION_PHRASES[:3]:  # each listed phrase is accepted (within the burst)
            a.send({"type": "react", "phrase": phrase})
            assert b.until("reaction")["phrase"] == phrase
        assert [m["phrase"] for m in reactions(b)] == list(REACTION_PHRASES[:3])  # no refused one was shown


def test_a_reaction_needs_a_seat_at_a_running_game(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        lone = connect("Lone")  # in the lobby
        lone.send({"type": "react", "phrase": "nice"})
        lone.error("no_game")

        waiting = connect("Wes")  # in a room whose game has not started
        send_ok(waiting, {"type": "create_room", "settings": EAST})
        waiting.send({"type": "react", "phrase": "nice"})
        waiting.error("no_game")

        a, b, rid = two_at_a_table(connect)
        sue = connect("Sue")  # a spectator watches, and may not speak
        sue.send({"type": "spectate", "room_id": rid})
        sue.until("update")
        sue.send({"type": "react", "phrase": "nice"})
        sue.error("no_game")
        a.send({"type": "ping"})
        a.until("pong")
        b.send({"type": "ping"})
        b.until("pong")
        assert not reactions(a) and not reactions(b) and not reactions(sue)


def test_reactions_are_limited_per_person(tmp_path: Path) -> None:
    with table(tmp_path, reaction_seconds=1.0, reaction_burst=3.0) as (_client, connect):
        a, b, _rid = two_at_a_table(connect)
        for _ in range(3):  # the burst
            a.send({"type": "react", "phrase": "wow"})
            b.until("reaction")
        a.send({"type": "react", "phrase": "wow"})
        refused = a.error("too_many_reactions")
        assert "1 seconds" in refused["message"] or "second" in refused["message"]
        # another connection of the same person (a second tab) does not get a new budget
        second = connect(token=a.token)
        second.send({"type": "react", "phrase": "wow"})
        second.error("too_many_reactions")
        # Bo's budget is his own
        b.send({"type": "react", "phrase": "sorry"})
        assert second.until("reaction") == {"type": "reaction", "seat": BO, "phrase": "sorry"}
        time.sleep(1.1)  # one reaction a second comes back
        second.send({"type": "react", "phrase": "good_game"})
        assert b.until("reaction", lambda m: m["seat"] == 0) == {"type": "reaction", "seat": 0, "phrase": "good_game"}
        second.send({"type": "react", "phrase": "good_game"})
        second.error("too_many_reactions")
        seen = [m["phrase"] for m in reactions(b)]
        assert seen == ["wow", "wow", "wow", "sorry", "good_game"], seen


def test_welcome_says_which_phrases_and_what_budget_the_server_holds_reactions_to(tmp_path: Path) -> None:
    """The page takes the phrases and the budget from ``welcome`` (new and resumed alike): they are the ones the
    server checks ``react`` against, so the two cannot drift apart."""
    with table(tmp_path, reaction_seconds=60.0, reaction_burst=2.0) as (_client, connect):
        a, b, _rid = two_at_a_table(connect)
        told = a.seen[0]
        assert told["type"] == "welcome" and told["resumed"] is False
        assert told["reactions"] == {"phrases": list(REACTION_PHRASES), "seconds": 60.0, "burst": 2.0}
        back = connect(token=b.token)
        assert back.seen[-1]["resumed"] is True and back.seen[-1]["reactions"] == told["reactions"]
        budget = told["reactions"]
        for phrase in budget["phrases"][: int(budget["burst"])]:  # every phrase it names is taken, up to the burst
            a.send({"type": "react", "phrase": phrase})
            assert a.until("reaction")["phrase"] == phrase
        a.send({"type": "react", "phrase": budget["phrases"][-1]})
        assert "60 seconds" in a.error("too_many_reactions")["message"], "the next waits the budget's seconds"
