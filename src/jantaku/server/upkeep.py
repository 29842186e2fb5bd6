"""The lobby's upkeep: bringing running games back after a restart (each game's room, seats and tokens from the
database, the game itself replayed from its log: rules, seed, powers and every decision) and the rooms waiting
between games (settings, seats, powers: people come back to them with their tokens), and closing rooms that
everyone has left. It uses the lobby's public names only; the application calls it at start-up and from its
sweeper."""

from __future__ import annotations

import json
import logging
import time

from jantaku.engine.game import Game
from jantaku.server.lobby import Lobby
from jantaku.server.rooms import Room
from jantaku.server.runner import GameRunner
from jantaku.server.store import RunningGame

log = logging.getLogger("jantaku.server")
#: a waiting room where nobody has been connected for this long is closed
IDLE_ROOM_SECONDS = 600.0


def restore(lobby: Lobby) -> int:
    """After a restart: the running games first (a game's room is its own), then the waiting rooms; returns how
    many games."""
    games = restore_running(lobby)
    restore_waiting(lobby)
    return games


def restore_running(lobby: Lobby) -> int:
    """Rebuild every running game from the database: its room, seats and tokens, and the game replayed from
    rules, seed and decisions. People come back with their tokens; until they do, the grace period runs."""
    count = 0
    for rec in lobby.store.running_games():
        try:
            room = Room.from_record(rec.room)
            if room.id in lobby.rooms:  # checked before the replay: a skipped game costs nothing
                log.warning("game %s stays stored: its room %s resumes a newer game", rec.id, room.id)
                continue
            game = Game.replay(rec.lines)
            runner = _runner(lobby, rec, room, game)
        except Exception:  # one game that cannot be rebuilt stays stored, and never stops the server starting
            log.exception("game %s could not be restored", rec.id)
            continue
        room.runner, room.game_id = runner, rec.id
        lobby.add_room(room)
        runner.start()
        count += 1
    return count


def _runner(lobby: Lobby, rec: RunningGame, room: Room, game: Game) -> GameRunner:
    """The runner of a stored running game: its clock marks passed, the people away (their grace period runs)
    and those who left before the restart (a CPU plays their seat)."""
    marks: set[float] = set()
    for line in rec.lines[1:]:
        data = json.loads(line)
        if data.get("type") == "clock":
            minutes = data["info"]["minutes"]
            thresholds = (game.rules.last_hand_after_minutes, game.rules.end_after_minutes)
            marks |= {m for m in thresholds if m and minutes >= m}
    started_at = float(rec.room.get("started_at", time.time()))
    runner = GameRunner(
        room,
        lobby.settings,
        lobby.store,
        game,
        rec.id,
        started_at,
        decisions=len(rec.lines) - 1,
        clock_marks=marks,
        outside_bots=lobby.outside_bot_specs,
    )
    now = time.monotonic()
    for i, s in enumerate(room.seats):
        if s is not None and s.person:
            if s.token_hash:  # away until they come back with their token: the grace period runs
                runner.clocks[i].away_since = now
            else:  # left before the restart: a CPU of the room's level plays it from the first step
                runner.left_before(i, room.stand_in_level(lobby.settings.stand_in_level))
    return runner


def restore_waiting(lobby: Lobby) -> int:
    """Bring back the rooms that were waiting between games. Ready flags start cleared; a room nobody returns to
    is closed by the sweep like any idle room, counted from the restart."""
    count = 0
    for rec in lobby.store.waiting_rooms():
        if rec.get("id") in lobby.rooms:
            continue  # its game is running again (restore_running)
        try:
            room = Room.from_record(rec)
        except Exception:
            log.exception("waiting room %s could not be restored", rec.get("id"))
            lobby.store.room_gone(str(rec.get("id")))
            continue
        room.restored_at = time.monotonic()
        lobby.add_room(room)
        count += 1
    if count:
        log.info("brought back %d waiting room(s)", count)
    return count


def sweep_rooms(lobby: Lobby) -> None:
    """Close waiting rooms nobody has been connected to for a while (counted from the last time one of its people
    was, or from the end of its last game, or from a restart: a person away when their game ended finds its
    standings for as long), and forget people with no room."""
    now = time.monotonic()
    for room in list(lobby.rooms.values()):
        if room.playing:
            continue
        people = [room.seats[i] for i in room.people()]
        if any(s is not None and s.connected for s in people):
            continue
        seen = [s.holder.last_seen for s in people if s is not None and s.holder is not None]
        seen += [t for t in (room.restored_at, room.ended_at) if t is not None]
        if not people or not seen or now - max(seen) > IDLE_ROOM_SECONDS:
            lobby.close_room(room)
    for h, p in list(lobby.holders.items()):
        if p.connection is None and p.room_id is None and now - p.last_seen > IDLE_ROOM_SECONDS:
            del lobby.holders[h]
