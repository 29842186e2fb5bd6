"""Leaving a running game: a CPU of the room's level takes the seat at once, the others are told, the game goes on
to its end, and nothing of it reaches the leaver any more, not even after a reconnect with their token. In an
auto-matched game the same, with the server's stand-in level (the room has no CPUs)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from anyio.from_thread import start_blocking_portal

from jantaku.bots import LEVELS
from jantaku.server import upkeep
from jantaku.server.lobby import Lobby
from jantaku.server.store import Store
from tests.server.helpers import EAST, answer, play_all, quiet, send_ok, settings, table, two_and_cpus, wait_for

#: message types that would carry something of the game
GAME_MESSAGES = {"update", "room", "game_over", "timeout", "paused", "resumed", "seat_left"}


def test_a_player_who_leaves_is_replaced_by_a_cpu_of_the_rooms_level_and_hears_no_more(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann, bo, rid, _ = two_and_cpus(connect, ["strong", "strong"])
        answer(ann, ann.prompt())  # Ann deals and discards once: she is in the game
        ann.send({"type": "leave_room"})
        ann.until("left")

        runner = client.app.state.lobby.rooms[rid].runner  # type: ignore[attr-defined]
        assert isinstance(wait_for(lambda: runner.controller(0)), LEVELS["strong"]), "a CPU of the room's level"

        # the game goes on to its end with Bo and the CPUs; the record keeps Ann's name
        start = len(bo.seen)
        over = play_all([bo])
        assert over["final"]["nicknames"][0] == "Ann" and not over.get("abandoned")
        told = [m for m in bo.seen[start:] if m["type"] == "seat_left"]
        assert told == [{"type": "seat_left", "seat": 0, "nickname": "Ann", "level": "strong"}]
        after = bo.seen[bo.seen.index(told[0]) :]
        seat = next(m for m in after if m["type"] == "room")["room"]["seats"][0]
        assert seat["nickname"] == "Ann" and seat["left"] is True and seat["connected"] is False
        assert bo.room(lambda r: r["phase"] == "waiting")["room"]["seats"][0] is None, "Ann's seat is free again"

        # nothing of the game reached Ann after `left`
        left_at = next(i for i, m in enumerate(ann.seen) if m["type"] == "left")
        after = ann.seen[left_at + 1 :] + quiet(ann)
        assert not [m for m in after if m["type"] in GAME_MESSAGES], after

        # her token no longer leads to the room: she comes back to the lobby
        token = ann.token
        ann.close()
        back = connect(token=token)
        assert back.seen[-1]["resumed"] is True
        assert not [m for m in quiet(back) if m["type"] in GAME_MESSAGES]
        back.send({"type": "continue"})
        back.error("no_game")


def test_leaving_an_auto_matched_game_leaves_the_game_and_it_goes_on(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        players = [connect(n) for n in ("Ann", "Bo", "Cy", "Di")]
        for p in players:
            p.send({"type": "queue", "settings": EAST})
        rid = players[-1].until("matched")["room_id"]
        rooms = [p.room(lambda r: r["phase"] == "playing") for p in players]
        leaver = next(p for p, m in zip(players, rooms, strict=True) if m["you"] == 1)
        name = rooms[0]["room"]["seats"][1]["nickname"]
        leaver.send({"type": "leave_room"})
        leaver.until("left")
        rest = [p for p in players if p is not leaver]
        level = client.app.state.lobby.settings.stand_in_level  # type: ignore[attr-defined]
        over = play_all(rest)
        for p in rest:
            told = [m for m in p.seen if m["type"] == "seat_left"]
            assert told == [{"type": "seat_left", "seat": 1, "nickname": name, "level": level}]
        assert not over.get("abandoned")
        record = client.get(f"/api/games/{over['game_id']}").json()
        assert record["status"] == "finished", "the game counts: played to its end, the leaver's seat by a CPU"
        assert record["final"]["nicknames"][1] == name and over["final"]["nicknames"][1] == name
        assert not [m for m in quiet(leaver) if m["type"] in GAME_MESSAGES]
        assert rid not in [r["room_id"] for r in client.get("/api/rooms").json()["rooms"]], "never listed"


def test_after_a_restart_a_left_seat_is_played_by_the_rooms_level_from_the_first_step(tmp_path: Path) -> None:
    """A restored game's left seat has its CPU of the room's level before the game takes a step: not a stand-in of
    the server's level for a moment (which, in a claim window, would answer at once at the wrong level)."""
    with table(tmp_path) as (client, connect):
        ann, _bo, rid, bo_seat = two_and_cpus(connect, ["strong", "strong"])
        ann.prompt()
        ann.send({"type": "leave_room"})
        ann.until("left")
        runner = client.app.state.lobby.rooms[rid].runner  # type: ignore[attr-defined]
        wait_for(lambda: runner.controller(0))

    config = settings(tmp_path, stand_in_level="easy")  # the server's stand-in level is not the room's

    async def restart() -> None:
        lobby = Lobby(config, Store(config.db_url))
        try:
            assert upkeep.restore_running(lobby) == 1
            runner = lobby.rooms[rid].runner
            assert runner is not None
            # before the game's task has run at all
            assert isinstance(runner.controller(0), LEVELS["strong"]), runner.controller(0)
            assert runner.controller(bo_seat) is None, "Bo is away, in his grace period: nobody stands in yet"
            assert runner.task is not None
            runner.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await runner.task
        finally:
            lobby.store.close()

    # a loop of its own in another thread: a test before this one may leave this thread's loop running
    with start_blocking_portal() as portal:
        portal.call(restart)


def test_a_spectator_leaves_with_unspectate(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        ann = connect("Ann")
        rid = send_ok(ann, {"type": "create_room", "settings": EAST, "cpus": ["easy", "easy", "easy"]})["room"]
        ann.send({"type": "ready"})
        ann.room(lambda r: r["seats"][0]["ready"])
        ann.send({"type": "start"})
        ann.room(lambda r: r["phase"] == "playing")
        eve = connect("Eve")
        eve.send({"type": "spectate", "room_id": rid["room_id"]})
        eve.until("update")
        eve.send({"type": "unspectate"})
        eve.until("left")
        # the game goes on until a CPU discards; Ann answers whatever she is asked meanwhile (a CPU may call her
        # discard, and her next turn or a call of hers may come before seat 1 plays)
        while True:
            msg = ann.prompt()
            answer(ann, msg)
            if any(e["type"] == "dahai" and e["actor"] != 0 for e in msg["events"]):
                break
        assert not [m for m in quiet(eve) if m["type"] in GAME_MESSAGES]
