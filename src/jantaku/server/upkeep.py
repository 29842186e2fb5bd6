"""The hub's upkeep: bringing running games back after a restart (each game's room, seats and tokens from the
database, the game itself replayed from its log: rules, seed, powers and every decision) and the rooms waiting
between games (settings, seats, powers: people come back to them with their tokens), and closing rooms that
everyone has left."""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING

from jantaku.engine.game import Game
from jantaku.server.rooms import Room
from jantaku.server.runner import GameRunner

if TYPE_CHECKING:
    from jantaku.server.hub import Hub

log = logging.getLogger("jantaku.server")
#: a waiting room where nobody has been connected for this long is closed
IDLE_ROOM_SECONDS = 600.0


def restore(hub: Hub) -> int:
    """After a restart: the running games first (a game's room is its own), then the waiting rooms; returns how
    many games."""
    games = restore_running(hub)
    restore_waiting(hub)
    return games


def restore_running(hub: Hub) -> int:
    """Rebuild every running game from the database: its room, seats and tokens, and the game replayed from
    rules, seed and decisions. People come back with their tokens; until they do, the grace period runs."""
    count = 0
    for rec in hub.store.running_games():
        try:
            room = Room.from_record(rec.room)
            if room.id in hub.rooms:  # checked before the replay: a skipped game costs nothing
                log.warning("game %s stays stored: its room %s resumes a newer game", rec.id, room.id)
                continue
            game = Game.replay(rec.lines)
        except Exception:
            log.exception("game %s could not be restored", rec.id)
            continue
        marks: set[float] = set()
        for line in rec.lines[1:]:
            data = json.loads(line)
            if data.get("type") == "clock":
                minutes = data["info"]["minutes"]
                marks |= {m for m in (game.rules.last_hand_after_minutes, game.rules.end_after_minutes)
                          if m and minutes >= m}  # fmt: skip
        runner = GameRunner(hub, room, game, rec.id, float(rec.room.get("started_at", time.time())),
                            decisions=len(rec.lines) - 1, clock_marks=marks)  # fmt: skip
        now = time.monotonic()
        for i, s in enumerate(room.seats):
            if s is not None and s.person:
                runner.clocks[i].away_since = now if s.token_hash else float("-inf")
        room.runner, room.game_id = runner, rec.id
        hub.rooms[room.id] = room
        runner.start()
        count += 1
    return count


def restore_waiting(hub: Hub) -> int:
    """Bring back the rooms that were waiting between games. Ready flags start cleared; a room nobody returns to
    is closed by the sweep like any idle room, counted from the restart."""
    count = 0
    for rec in hub.store.waiting_rooms():
        if rec.get("id") in hub.rooms:
            continue  # its game is running again (restore_running)
        try:
            room = Room.from_record(rec)
        except Exception:
            log.exception("waiting room %s could not be restored", rec.get("id"))
            hub.store.room_gone(str(rec.get("id")))
            continue
        room.restored_at = time.monotonic()
        hub.rooms[room.id] = room
        count += 1
    if count:
        log.info("brought back %d waiting room(s)", count)
    return count


def sweep_rooms(hub: Hub) -> None:
    """Close waiting rooms nobody has been connected to for a while, and forget players with no room."""
    now = time.monotonic()
    for room in list(hub.rooms.values()):
        if room.playing:
            continue
        people = [room.seats[i] for i in room.people()]
        if any(s is not None and s.connected for s in people):
            continue
        seen = [s.player.last_seen for s in people if s is not None and s.player is not None]
        seen += [room.restored_at] if room.restored_at is not None else []
        if not people or not seen or now - max(seen) > IDLE_ROOM_SECONDS:
            hub._close_room(room)
    for h, p in list(hub.players.items()):
        if p.connection is None and p.room is None and now - p.last_seen > IDLE_ROOM_SECONDS:
            del hub.players[h]
