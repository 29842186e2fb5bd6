"""The lobby: who is connected, rooms by Room ID, auto-matching queues, and every client message's handler.

Each person is a ``Player`` known by the hash of a token (128 random bits) that the server hands out once, at
``hello``; the client keeps it and sends it again on a new connection to take back its seat. All handlers run on
the event loop and never block: game moves go to the room's ``GameRunner`` inbox, database writes to the store's
writer thread.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from typing import Any

from jantaku.bots import LEVELS
from jantaku.engine import Game
from jantaku.server.config import Settings
from jantaku.server.connection import Connection, Player
from jantaku.server.ids import new_game_seed, new_room_id, new_token, normalize_room_id, token_hash, valid_room_id
from jantaku.server.rooms import (
    Room,
    RoomError,
    RoomSettings,
    Seat,
    chosen_power,
    clean_nickname,
    private_settings,
)
from jantaku.server.runner import GameRunner, Message
from jantaku.server.store import Store

log = logging.getLogger("jantaku.server")
PROTOCOL_VERSION = 1


class Hub:
    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.players: dict[str, Player] = {}
        self.rooms: dict[str, Room] = {}
        self.queues: dict[str, list[Player]] = {}
        self.queue_settings: dict[str, RoomSettings] = {}
        #: walls for the next games to start (each a list of hand walls in draw order, as ``stacked_order``
        #: builds them): scenario tests only, set in-process; no message can reach it
        self.stacked_walls: list[list[list[int]]] = []

    # ------------------------------------------------------------------ connections
    def handle(self, conn: Connection, text: str) -> None:
        """One message from a client. Every refusal is an ``error`` message; nothing changes on a refusal."""
        if not conn.allow():
            now = time.monotonic()
            if now - conn.limited_notice > 1.0:
                conn.limited_notice = now
                conn.send(_error("rate_limited", f"too many messages: at most {conn.rate:g} a second"))
            return
        if len(text.encode(errors="surrogatepass")) > self.settings.max_message:  # a lone surrogate is bad_json next
            conn.send(_error("too_large", f"a message is at most {self.settings.max_message} bytes"))
            return
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError):
            conn.send(_error("bad_json", "the message is not JSON"))
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            conn.send(_error("bad_message", 'a message is a JSON object with a "type"'))
            return
        kind = msg["type"]
        handler = getattr(self, "on_" + kind, None) if kind.isidentifier() and kind in HANDLED else None
        if handler is None:
            conn.send(_error("unknown_type", f"unknown message type {kind!r}", known=sorted(HANDLED)))
            return
        if kind not in ("hello", "ping") and conn.player is None and kind not in ("spectate", "unspectate", "rooms"):
            conn.send(_error("hello_first", "say hello first (with your nickname, or your token to come back)"))
            return
        try:
            handler(conn, msg)
        except RoomError as exc:
            conn.send(_error(exc.code, str(exc), ref=kind))
        except Exception:  # a bug in a handler must cost one reply, not the connection
            log.exception("message %r failed", kind)
            conn.send(_error("server_error", "the server could not handle this message", ref=kind))

    def disconnected(self, conn: Connection) -> None:
        conn.close()
        if conn.spectating is not None:
            conn.spectating.spectators.discard(conn)
            conn.spectating = None
        player = conn.player
        if player is None or player.connection is not conn:
            return
        player.connection = None
        player.last_seen = time.monotonic()
        self._unqueue(player)
        room = player.room
        if room is not None:
            seat = room.seat_of(player.token_hash)
            if room.runner is not None and seat is not None:
                room.runner.post(Message("presence", seat, False))
            self._room_changed(room)

    # ------------------------------------------------------------------ hello
    def on_ping(self, conn: Connection, msg: dict[str, Any]) -> None:
        conn.send({"type": "pong", "t": msg.get("t")})

    def on_hello(self, conn: Connection, msg: dict[str, Any]) -> None:
        version = msg.get("protocol", PROTOCOL_VERSION)
        if version != PROTOCOL_VERSION:
            conn.send(_error("protocol", f"this server speaks protocol {PROTOCOL_VERSION}, not {version!r}"))
            return
        if conn.player is not None:
            conn.send(_error("already_greeted", "this connection already said hello"))
            return
        token = msg.get("token")
        if token is not None:
            if not isinstance(token, str) or len(token) > 64:
                conn.send(_error("bad_token", "a token is the text the server gave you at hello"))
                return
            player = self._player_by_token(token)
            if player is None:
                conn.send(_error("unknown_token", "this token is not known here: say hello without one"))
                return
            if "nickname" in msg:
                player.nickname = clean_nickname(msg["nickname"])
            player.hand_pause = msg.get("hand_pause") is True
            self._attach(conn, player)
            conn.send({"type": "welcome", "protocol": PROTOCOL_VERSION, "nickname": player.nickname, "resumed": True})
            if player.room is not None:
                self._room_changed(player.room)  # the others see the seat connected again, not only the player
            return
        nickname = clean_nickname(msg.get("nickname", "Player"))
        token = new_token()
        player = Player(token_hash(token), nickname, hand_pause=msg.get("hand_pause") is True)
        self.players[player.token_hash] = player
        self._attach(conn, player)
        conn.send({"type": "welcome", "protocol": PROTOCOL_VERSION, "nickname": nickname, "token": token,
                   "resumed": False})  # fmt: skip

    def _player_by_token(self, token: str) -> Player | None:
        h = token_hash(token)
        player = self.players.get(h)
        if player is not None:
            return player
        for room in self.rooms.values():  # a seat restored after a restart: its person comes back
            seat = room.seat_of(h)
            if seat is not None:
                s = room.seats[seat]
                assert s is not None
                player = Player(h, s.nickname, room=room)
                s.player = player
                self.players[h] = player
                return player
        return None

    def _attach(self, conn: Connection, player: Player) -> None:
        old = player.connection
        if old is not None and old is not conn:  # the new connection takes the seat; the old one is closed
            old.send(_error("replaced", "this seat was taken over by a new connection"))
            old.player = None
            old.close(deliver=True)  # the "replaced" error reaches it before the close
        player.connection = conn
        conn.player = player
        room = player.room
        if room is not None:
            seat = room.seat_of(player.token_hash)
            if seat is not None and room.seats[seat] is not None:
                room.seats[seat].player = player  # type: ignore[union-attr]
                if room.runner is not None:
                    room.runner.post(Message("presence", seat, True))

    def _send_room_state(self, player: Player) -> None:
        if player.room is not None and player.connection is not None:
            player.connection.send(self._room_message(player.room, player))

    def on_nickname(self, conn: Connection, msg: dict[str, Any]) -> None:
        """A new nickname; in a room that is not playing, the seat shows it at once."""
        player = self._me(conn)
        player.nickname = clean_nickname(msg.get("nickname"))
        conn.send({"type": "nickname", "nickname": player.nickname})
        room = player.room
        if room is not None and not room.playing:
            seat = room.seat_of(player.token_hash)
            if seat is not None and room.seats[seat] is not None:
                room.seats[seat].nickname = player.nickname  # type: ignore[union-attr]
                self._room_changed(room)

    # ------------------------------------------------------------------ rooms
    def on_rooms(self, conn: Connection, msg: dict[str, Any]) -> None:
        conn.send({"type": "rooms", "rooms": self.listing()})

    def listing(self) -> list[dict[str, Any]]:
        rooms = [r.listing() for r in self.rooms.values() if r.settings.public and not r.matched]
        return sorted(rooms, key=lambda r: (r["preset"], r["length"], r["phase"] != "waiting", r["room_id"]))

    def on_create_room(self, conn: Connection, msg: dict[str, Any]) -> None:
        player = self._me(conn)
        self._not_playing(player)
        settings = RoomSettings.from_json(msg.get("settings"))
        cpus = msg.get("cpus", [])
        if not isinstance(cpus, list) or not all(isinstance(c, str) and c in LEVELS for c in cpus):
            raise RoomError("bad_message", f"cpus is a list of levels ({', '.join(LEVELS)})")
        if len(cpus) > settings.rules().players - 1:
            raise RoomError("room_full", f"at most {settings.rules().players - 1} CPUs in a room")
        power = chosen_power(settings, msg)
        self._leave_current(player)
        room = self._new_room(settings)
        self._seat(room, player, creator=True, power=power)
        for level in cpus:
            room.add_cpu(level)
        self._room_changed(room)

    def _new_room(self, settings: RoomSettings, matched: bool = False) -> Room:
        while True:
            rid = new_room_id()
            if rid not in self.rooms:
                break
        room = Room(rid, settings, [None] * settings.rules().players, matched=matched)
        self.rooms[rid] = room
        return room

    def _seat(self, room: Room, player: Player, creator: bool = False, power: str | None = None) -> int:
        seat = room.free_seat()
        if seat is None:
            raise RoomError("room_full", f"room {room.id} is full")
        room.seats[seat] = Seat(nickname=player.nickname, token_hash=player.token_hash, player=player, power=power)
        room.deal_powers()  # the seeded pick (or none: the rule is off)
        player.room = room
        if creator or room.creator is None:
            room.creator = seat
        self._unqueue(player)
        return seat

    def on_join_room(self, conn: Connection, msg: dict[str, Any]) -> None:
        player = self._me(conn)
        room = self._room_by_id(msg.get("room_id"))
        if player.room is room:
            self._send_room_state(player)
            return
        self._not_playing(player)
        if room.playing:
            raise RoomError("game_running", f"room {room.id} is playing: you can watch it (spectate)")
        if room.matched:
            raise RoomError("matched_room", "an auto-matched room takes no one else")
        if room.free_seat() is None:
            raise RoomError("room_full", f"room {room.id} is full")
        self._leave_current(player)
        self._seat(room, player)
        room.clear_ready()
        self._room_changed(room)

    def on_leave_room(self, conn: Connection, msg: dict[str, Any]) -> None:
        player = self._me(conn)
        self._my_room(player)  # refuses when not in a room
        self._leave_current(player)
        conn.send({"type": "left"})

    def _not_playing(self, player: Player) -> None:
        """Starting or joining another table is refused while the player's game runs (leave_room first)."""
        if player.room is not None and player.room.playing:
            raise RoomError("game_running", f"you are playing in room {player.room.id}: leave it first")

    def _leave_current(self, player: Player) -> None:
        room = player.room
        if room is None:
            return
        seat = room.seat_of(player.token_hash)
        player.room = None
        if seat is None:
            return
        if room.runner is not None:
            # the game goes on: a CPU plays the seat from now on; the record keeps the person's name
            s = room.seats[seat]
            assert s is not None
            s.player, s.token_hash = None, None
            room.runner.post(Message("presence", seat, False))
            room.runner.clocks[seat].away_since = float("-inf")
            if room.creator == seat:
                people = [i for i in room.people() if room.seats[i] and room.seats[i].token_hash]  # type: ignore[union-attr]
                room.creator = people[0] if people else None
        else:
            room.remove_seat(seat)
            room.clear_ready()
        self._room_changed(room)

    def on_settings(self, conn: Connection, msg: dict[str, Any]) -> None:
        room, _ = self._creator_room(conn)
        settings = RoomSettings.from_json(msg.get("settings"))
        room.set_settings(settings)
        self._room_changed(room)

    def on_add_cpu(self, conn: Connection, msg: dict[str, Any]) -> None:
        room, _ = self._creator_room(conn)
        level, seat = msg.get("level", "normal"), msg.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise RoomError("bad_message", "seat is a seat number")
        room.add_cpu(str(level), seat)
        self._room_changed(room)

    def on_remove_cpu(self, conn: Connection, msg: dict[str, Any]) -> None:
        room, _ = self._creator_room(conn)
        seat = self._seat_arg(room, msg)
        s = room.seats[seat]
        if s is None or s.cpu is None:
            raise RoomError("no_cpu", f"seat {seat} is not a CPU")
        room.remove_seat(seat)
        room.clear_ready()
        self._room_changed(room)

    def on_kick(self, conn: Connection, msg: dict[str, Any]) -> None:
        room, me = self._creator_room(conn)
        seat = self._seat_arg(room, msg)
        s = room.seats[seat]
        if s is None or s.cpu is not None:
            raise RoomError("no_person", f"seat {seat} has no person (remove a CPU with remove_cpu)")
        if seat == me:
            raise RoomError("bad_message", "use leave_room to leave")
        target = s.player
        room.remove_seat(seat)
        room.clear_ready()
        if target is not None:
            target.room = None
            if target.connection is not None:
                target.connection.send({"type": "kicked", "room_id": room.id})
        self._room_changed(room)

    def on_set_power(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Choose a superpower: your own seat's, or (the creator) a CPU seat's. A change clears every ready flag."""
        player = self._me(conn)
        room = self._my_room(player)
        me = room.seat_of(player.token_hash)
        assert me is not None
        seat = me if msg.get("seat") is None else self._seat_arg(room, msg)
        room.set_power(seat, msg.get("power"), by=me)
        self._room_changed(room)

    def on_ready(self, conn: Connection, msg: dict[str, Any]) -> None:
        player = self._me(conn)
        room = self._my_room(player)
        if room.playing:
            raise RoomError("game_running", "the game is already running")
        ready = msg.get("ready", True)
        if not isinstance(ready, bool):
            raise RoomError("bad_message", "ready is true or false")
        seat = room.seat_of(player.token_hash)
        assert seat is not None and room.seats[seat] is not None
        room.seats[seat].ready = ready  # type: ignore[union-attr]
        self._room_changed(room)

    def on_start(self, conn: Connection, msg: dict[str, Any]) -> None:
        room, _ = self._creator_room(conn)
        why = room.can_start()
        if why is not None:
            raise RoomError("cannot_start", why)
        self.start_game(room)

    def on_play_now(self, conn: Connection, msg: dict[str, Any]) -> None:
        """A private room with CPUs in every other seat, started at once."""
        player = self._me(conn)
        self._not_playing(player)
        settings = private_settings(msg.get("settings"))
        level = msg.get("level", "normal")
        if not isinstance(level, str) or level not in LEVELS:  # a list or an object is not hashable
            raise RoomError("bad_message", f"unknown CPU level {level!r} (known: {', '.join(LEVELS)})")
        power = chosen_power(settings, msg)
        self._leave_current(player)
        room = self._new_room(settings)
        self._seat(room, player, creator=True, power=power)
        while room.free_seat() is not None:
            room.add_cpu(level)
        self.start_game(room)

    def on_spectate(self, conn: Connection, msg: dict[str, Any]) -> None:
        room = self._room_by_id(msg.get("room_id"))
        if conn.spectating is not None:
            conn.spectating.spectators.discard(conn)
        conn.spectating = room
        room.spectators.add(conn)
        conn.send({"type": "room", "room": room.to_json(), "you": None})
        if room.runner is not None:
            conn.send(room.runner.update_for(None, []))

    def on_unspectate(self, conn: Connection, msg: dict[str, Any]) -> None:
        if conn.spectating is not None:
            conn.spectating.spectators.discard(conn)
            conn.spectating = None
        conn.send({"type": "left"})

    def on_action(self, conn: Connection, msg: dict[str, Any]) -> None:
        player = self._me(conn)
        room = player.room
        if room is None or room.runner is None:
            raise RoomError("no_game", "you are not playing a game")
        seat = room.seat_of(player.token_hash)
        assert seat is not None
        room.runner.post(Message("action", seat, msg, conn.send))

    def on_continue(self, conn: Connection, msg: dict[str, Any]) -> None:
        """The person has read the hand's result: the table need not wait for them."""
        player = self._me(conn)
        room = player.room
        seat = None if room is None else room.seat_of(player.token_hash)
        if room is None or room.runner is None or seat is None:
            raise RoomError("no_game", "you are not playing a game")
        room.runner.post(Message("continue", seat))

    # ------------------------------------------------------------------ auto-matching
    def on_queue(self, conn: Connection, msg: dict[str, Any]) -> None:
        player = self._me(conn)
        self._not_playing(player)
        settings = private_settings(msg.get("settings"))
        power = chosen_power(settings, msg)
        self._leave_current(player)
        self._unqueue(player)
        key = settings.key()  # the rules' options: superpowers on or off is part of the match
        queue = self.queues.setdefault(key, [])
        self.queue_settings[key] = settings
        queue.append(player)
        player.queue_key, player.queue_power = key, power
        needed = settings.rules().players
        if len(queue) >= needed:
            group, self.queues[key] = queue[:needed], queue[needed:]
            if not self.queues[key]:  # no empty queue is kept (as in _unqueue)
                self.queues.pop(key)
                self.queue_settings.pop(key, None)
            room = self._new_room(settings, matched=True)
            for p in group:
                power, p.queue_key, p.queue_power = p.queue_power, None, None
                self._seat(room, p, power=power)
                if p.connection is not None:
                    p.connection.send({"type": "matched", "room_id": room.id})
            room.creator = None
            self.start_game(room)
        else:
            for p in queue:
                if p.connection is not None:
                    p.connection.send({"type": "queue", "waiting": len(queue), "needed": needed,
                                       "settings": settings.to_json()})  # fmt: skip

    def on_unqueue(self, conn: Connection, msg: dict[str, Any]) -> None:
        player = self._me(conn)
        if player.queue_key is None:
            raise RoomError("not_queued", "you are not waiting for a match")
        self._unqueue(player)
        conn.send({"type": "unqueued"})

    def _unqueue(self, player: Player) -> None:
        key = player.queue_key
        if key is None:
            return
        player.queue_key, player.queue_power = None, None
        queue = self.queues.get(key, [])
        if player in queue:
            queue.remove(player)
        if not queue:
            self.queues.pop(key, None)
            self.queue_settings.pop(key, None)

    # ------------------------------------------------------------------ games
    def start_game(self, room: Room) -> GameRunner:
        rules = room.rules
        seed = new_game_seed()
        walls = self.stacked_walls.pop(0) if self.stacked_walls else []
        powers = room.powers()  # each seat's chosen power (None: the rules have no superpowers)
        game = Game(rules, seed, walls=walls, powers=powers)  # the log's header keeps the powers (restart)
        game_id = uuid.uuid4().hex
        started = time.time()
        record = {**room.to_record(), "started_at": started}
        seats: list[dict[str, Any]] = []
        for s in room.seats:
            if s is not None:
                seats.append({"nickname": s.nickname, "cpu": s.cpu})
                if powers is not None:
                    seats[-1]["power"] = s.power
        preset = room.settings.preset
        self.store.game_started(game_id, room.id, preset, rules.options(), seed, game.log[0], seats, record)
        self.store.room_gone(room.id)  # the game's record carries the room from here
        runner = GameRunner(self, room, game, game_id, started)
        room.runner, room.game_id = runner, game_id
        for s in room.seats:
            if s is not None:
                s.ready = False
        self._room_changed(room)
        runner.start()
        return runner

    def game_over(self, room: Room, game_id: str, final: dict[str, Any], unrecorded: bool) -> None:
        room.runner, room.game_id = None, None
        room.last_final, room.last_game_id = final, game_id
        # seats whose person left during the game are free again
        for i, s in enumerate(room.seats):
            if s is not None and s.person and s.token_hash is None:
                room.seats[i] = None
        msg = {"type": "game_over", "game_id": game_id, "final": final, "unrecorded": unrecorded}
        self._broadcast(room, msg)
        self._room_changed(room)

    def game_crashed(self, room: Room, game_id: str) -> None:
        room.runner, room.game_id = None, None
        self._broadcast(room, _error("server_error", "the game stopped on a server error; it is stored and resumes "
                                     "when the server restarts"))  # fmt: skip
        self._room_changed(room)

    # ------------------------------------------------------------------ restart
    def restore(self) -> int:
        """Rebuild the running games, then the waiting rooms, from the database (``server.upkeep``): how many games."""
        from jantaku.server.upkeep import restore

        return restore(self)

    def sweep(self) -> None:
        """Close waiting rooms nobody has been connected to for a while (``server.upkeep``)."""
        from jantaku.server.upkeep import sweep_rooms

        sweep_rooms(self)

    def _close_room(self, room: Room) -> None:
        for s in room.seats:
            if s is not None and s.player is not None and s.player.room is room:
                s.player.room = None
        for conn in list(room.spectators):
            conn.send({"type": "room_closed", "room_id": room.id})
            conn.spectating = None
        room.spectators.clear()
        self.rooms.pop(room.id, None)
        self.store.room_gone(room.id)

    # ------------------------------------------------------------------ helpers
    def _me(self, conn: Connection) -> Player:
        assert conn.player is not None
        return conn.player

    def _my_room(self, player: Player) -> Room:
        if player.room is None:
            raise RoomError("no_room", "you are not in a room")
        return player.room

    def _creator_room(self, conn: Connection) -> tuple[Room, int]:
        player = self._me(conn)
        room = self._my_room(player)
        seat = room.seat_of(player.token_hash)
        if seat is None or seat != room.creator:
            raise RoomError("not_creator", "only the room's creator may do this")
        if room.playing:
            raise RoomError("game_running", "not while the game is running")
        return room, seat

    def _seat_arg(self, room: Room, msg: dict[str, Any]) -> int:
        seat = msg.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(room.seats):
            raise RoomError("bad_message", f"seat must be a seat number 0..{len(room.seats) - 1}")
        return seat

    def _room_by_id(self, raw: Any) -> Room:
        if not isinstance(raw, str):
            raise RoomError("bad_message", "room_id must be text")
        rid = normalize_room_id(raw)
        room = self.rooms.get(rid) if valid_room_id(rid) else None
        if room is None:
            raise RoomError("no_room", f"there is no room {raw!r}")
        return room

    def _room_message(self, room: Room, player: Player | None) -> dict[str, Any]:
        you = None if player is None else room.seat_of(player.token_hash)
        return {"type": "room", "room": room.to_json(), "you": you}

    def _room_changed(self, room: Room) -> None:
        if not room.people() and not room.playing:
            self._close_room(room)
            return
        for i, s in enumerate(room.seats):
            if s is not None and s.player is not None and s.player.connection is not None and s.player.room is room:
                s.player.connection.send({"type": "room", "room": room.to_json(), "you": i})
        data = {"type": "room", "room": room.to_json(), "you": None}
        for conn in room.spectators:
            conn.send(data)
        if room.runner is not None:
            self.store.room_changed(room.runner.game_id, {**room.to_record(), "started_at": room.runner.started_at})
        else:  # between games: kept for a restart too
            self.store.room_waiting(room.to_record())

    def _broadcast(self, room: Room, msg: dict[str, Any]) -> None:
        for s in room.seats:
            if s is not None and s.player is not None and s.player.connection is not None:
                s.player.connection.send(msg)
        for conn in room.spectators:
            conn.send(msg)


HANDLED = frozenset({
    "hello", "ping", "nickname", "rooms", "create_room", "join_room", "leave_room", "settings", "add_cpu",
    "remove_cpu", "kick", "ready", "start", "play_now", "spectate", "unspectate", "action", "continue", "queue",
    "unqueue", "set_power",
})  # fmt: skip


def _error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, **extra}
