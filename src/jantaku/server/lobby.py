"""The lobby: who is connected, the rooms by Room ID, auto-matching, and the start of every game.

Each person is a ``SeatHolder`` known by the hash of a token (128 random bits) that the server hands out once, at
``hello``; the client keeps it and sends it again on a new connection to take back its seat. The lobby keeps the
rooms and is told of their changes (``rooms.RoomListener``): after each one every member and spectator gets the
new ``room`` message and the room is stored for a restart (a room nobody sits in any more is closed). The messages
that drive it are read in ``server.handlers``; restarts and the idle sweep are ``server.upkeep``'s.

Nothing here blocks the event loop: game moves go to the room's ``GameRunner`` inbox, database writes to the
store's writer thread. Nothing here costs more for a client than for the server to refuse it: a token is found
by its hash in an index of the seats, not by a walk over the rooms; the lobby listing is capped and kept until a
room changes; and each client address (``guard.Peer``) is held to a number of open rooms and running games.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable
from typing import Any

from jantaku.engine import Game
from jantaku.server.config import Settings
from jantaku.server.connection import Connection, SeatHolder, account_key
from jantaku.server.guard import Guard, Peer
from jantaku.server.ids import (
    guest_id,
    new_game_seed,
    new_room_id,
    new_token,
    normalize_room_id,
    token_hash,
    valid_room_id,
)
from jantaku.server.matching import Matchmaker
from jantaku.server.protocol import (
    GameOver,
    Kicked,
    Matched,
    QueueStatus,
    RoomClosed,
    RoomList,
    RoomListing,
    SeatLeft,
    error,
)
from jantaku.server.rooms import Room, RoomError, RoomSettings, Seat
from jantaku.server.runner import GameRunner, InboxItem
from jantaku.server.store import Store

#: the most rooms the lobby listing shows (waiting rooms first): a listing costs the same with ten thousand rooms
LISTED_ROOMS = 200
#: after a room changed, the new listing goes to the people in the lobby this many seconds later at most, once
#: for all the changes meanwhile (a listing is not sent for every seat taken on a busy server)
LISTING_PUSH_SECONDS = 1.0


class Lobby:
    """The server's state between connections and games: people by token hash, rooms by Room ID, the queues."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        #: the outside bots a room may seat (``Settings.mjai_bots``, read once here: a file is not read again),
        #: and their names
        self.outside_bot_specs = settings.outside_bots()
        self.outside_bots = frozenset(self.outside_bot_specs)
        self.store = store
        self.holders: dict[str, SeatHolder] = {}
        self.rooms: dict[str, Room] = {}
        self.matching = Matchmaker()
        #: the client addresses, their budgets and what they hold
        self.guard = Guard(settings)
        #: the Room ID of each person's seat by the hash of their token: ``holder_by_token`` after a restart
        self.seat_rooms: dict[str, str] = {}
        #: the address that made each open room, and the addresses answerable for each running game (by Room ID)
        self.made_by: dict[str, Peer] = {}
        self.played_by: dict[str, list[Peer]] = {}
        self.listed: list[RoomListing] | None = None  # the listing until a room changes
        #: the connections that asked for the listing (``rooms``) and get it again when it changes, while they are
        #: in no room and watch none; whether a push of the listing is on its way
        self.browsing: set[Connection] = set()
        self.push_due = False
        #: walls for the next games to start (each a list of hand walls in draw order, as ``stacked_order``
        #: builds them): scenario tests only, set in-process; no message can reach it
        self.stacked_walls: list[list[list[int]]] = []

    # ------------------------------------------------------------------ people and connections
    def new_holder(self, nickname: str, hand_pause: bool) -> tuple[SeatHolder, str]:
        """A new person, and the token that is their identity here (the server keeps only its hash)."""
        token = new_token()
        holder = SeatHolder(token_hash(token), nickname, hand_pause=hand_pause, player_id=guest_id(token))
        self.holders[holder.token_hash] = holder
        return holder, token

    def holder_by_token(self, token: str) -> SeatHolder | None:
        """The person with this token; after a restart, the person of a restored seat comes back here. Two
        lookups by the token's hash, whatever the number of rooms: a flood of made-up tokens costs little."""
        return self.holder_by_key(token_hash(token), guest_id(token))

    def holder_by_key(self, h: str, player_id: str, account: bool = False) -> SeatHolder | None:
        """The person kept by ``h`` (a token's hash, or an account's ``account_key``), brought back from the seat
        a restart restored if need be; ``player_id`` and ``account`` say who it is then."""
        holder = self.holders.get(h)
        if holder is not None:
            return holder
        rid = self.seat_rooms.get(h)
        room = None if rid is None else self.rooms.get(rid)
        seat = None if room is None else room.seat_of(h)
        if room is None or seat is None:
            return None
        s = room.seats[seat]
        assert s is not None
        holder = SeatHolder(h, s.nickname, room_id=room.id, player_id=player_id, account=account)
        s.holder = holder
        self.holders[h] = holder
        return holder

    def attach(self, conn: Connection, holder: SeatHolder) -> None:
        """``conn`` speaks for ``holder`` from now on; a connection that did before is closed."""
        old = holder.connection
        if old is not None and old is not conn:
            old.send(error("replaced", "this seat was taken over by a new connection"))
            old.holder = None
            old.close(deliver=True)  # the "replaced" error reaches it before the close
        holder.connection = conn
        conn.holder = holder
        room = self.room_of(holder)
        if room is not None:
            seat = room.seat_of(holder.token_hash)
            s = None if seat is None else room.seats[seat]
            if seat is not None and s is not None:
                s.holder = holder
                if room.runner is not None:
                    room.runner.post(InboxItem("presence", seat, True))

    def disconnected(self, conn: Connection) -> None:
        """The websocket closed: the person keeps the seat (the game's grace period runs) and their place in the
        queue for as long (a reload or a lost connection comes back in time); then they leave the queue."""
        conn.close()
        self.unspectate(conn)
        self.browsing.discard(conn)
        holder = conn.holder
        if holder is None or holder.connection is not conn:
            return
        holder.connection = None
        holder.last_seen = time.monotonic()
        if self.matching.queued(holder):
            self._later(self.settings.grace, self.queue_grace_over, holder)
        room = self.room_of(holder)
        if room is not None:
            seat = room.seat_of(holder.token_hash)
            if room.runner is not None and seat is not None:
                room.runner.post(InboxItem("presence", seat, False))
            self.room_changed(room)

    def sessions_ended(self, account_id: str, hashes: list[str]) -> None:
        """Sessions of the account ended (logout, a session ended from another device, a new password): its
        connection, if it said hello with one of them, is told (``error`` code ``logged_out``) and closed; the seat
        stays the account's, for its other devices."""
        holder = self.holders.get(account_key(account_id))
        conn = None if holder is None else holder.connection
        if conn is not None and conn.session_hash is not None and conn.session_hash in hashes:
            conn.send(error("logged_out", "this session was ended: log in again"))
            conn.close(deliver=True)

    def guest_adopted(self, token: str, account_id: str, name: str) -> None:
        """The guest of ``token`` registered as ``account_id`` (named ``name``): the person is the account's from now
        on, kept under the account, so that a ``hello`` with its session on any device finds their seat and every
        game they play is the account's (``Store.adopt`` moved the seat rows of a running one); the guest token no
        longer leads there."""
        holder = self.holder_by_token(token)
        key = account_key(account_id)
        if holder is None or key in self.holders:
            return
        old = holder.token_hash
        del self.holders[old]
        holder.token_hash, holder.player_id, holder.account, holder.nickname = key, account_id, True, name
        self.holders[key] = holder
        room = self.room_of(holder)
        seat = None if room is None else room.seat_of(old)
        if room is None or seat is None:
            return
        s = room.seats[seat]
        assert s is not None
        self.unseated(old, room)
        s.token_hash, s.player_id, s.account = key, account_id, True
        if not room.playing:
            s.nickname = name
        self.seat_rooms[key] = room.id
        self.room_changed(room)

    def player_deleted(self, player_id: str, shown: str) -> None:
        """The account ``player_id`` was deleted: its seats (waiting or playing) show ``shown`` and no player, so a
        game it finishes counts for nobody; its connection is told (``logged_out``) and closed."""
        for room in self.rooms.values():
            changed = False
            for s in room.seats:
                if s is not None and s.player_id == player_id:
                    s.player_id, s.account, s.nickname, changed = None, False, shown, True
            if changed:
                self.room_changed(room)
        holder = self.holders.get(account_key(player_id))
        if holder is not None:
            holder.player_id, holder.account, holder.nickname = None, False, shown
            if holder.connection is not None:
                holder.connection.send(error("logged_out", "this account was deleted"))
                holder.connection.close(deliver=True)

    def _later(self, seconds: float, callback: Callable[..., None], *args: Any) -> bool:
        """Call ``callback(*args)`` on the server's loop in ``seconds``; whether it is scheduled. A change made
        outside the loop (a test driving the lobby from its own thread) schedules nothing, and fails nothing."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        loop.call_later(seconds, callback, *args)
        return True

    # ------------------------------------------------------------------ rooms
    def room_of(self, holder: SeatHolder) -> Room | None:
        """The room where ``holder`` holds a seat."""
        return None if holder.room_id is None else self.rooms.get(holder.room_id)

    def room_by_id(self, raw: Any, peer: Peer) -> Room:
        """The room a client named (case and spaces do not matter), or ``no_room``. A Room ID that names no room
        costs ``peer`` one of its failed lookups; with none left the lookup is refused (``too_many_tries``), so
        guessing Room IDs is slow."""
        if not isinstance(raw, str):
            raise RoomError("bad_message", "room_id must be text")
        if not peer.failed_lookups.ready():
            raise RoomError(
                "too_many_tries",
                f"too many Room IDs that name no room: at most {self.settings.failed_lookups_per_minute:g} a minute",
            )
        rid = normalize_room_id(raw)
        room = self.rooms.get(rid) if valid_room_id(rid) else None
        if room is None:
            peer.failed_lookups.spend()
            raise RoomError("no_room", f"there is no room {raw[:20]!r}")
        return room

    def welcome_back(self, holder: SeatHolder) -> None:
        """``holder`` is back (a ``hello`` with their token): the others at their room see them connected again and
        they get their room; a game that ended while they were away comes back as its ``game_over`` (``missed``),
        so they see its standings, not a bare room; a queue they still wait in, its number."""
        room = self.room_of(holder)
        seat = None if room is None else room.seat_of(holder.token_hash)
        if room is not None:
            s = None if seat is None else room.seats[seat]
            missed = s is not None and s.missed_end and not room.playing and room.last_over is not None
            if s is not None:
                s.missed_end = False
            self.room_changed(room)  # the room first: the standings lie over it
            if missed and room.last_over is not None and holder.connection is not None:
                holder.connection.send(GameOver(**room.last_over, missed=True))
        settings = self.matching.settings_of(holder)
        if settings is not None and holder.connection is not None:
            holder.connection.send(self.queue_status(settings))

    def listing(self) -> list[RoomListing]:
        """The public rooms one can join (waiting, a seat free) or watch (playing), by preset, length, waiting
        before playing: at most ``LISTED_ROOMS`` of them (waiting rooms first), built again only after a room
        changed. A room where no person is connected is left out: nobody is there to play with or to watch."""
        if self.listed is None:
            public = [r for r in self.rooms.values() if r.settings.public and not r.matched and r.open_to_lobby()]
            if len(public) > LISTED_ROOMS:
                public = sorted(public, key=lambda r: (r.playing, r.id))[:LISTED_ROOMS]
            rooms = [r.listing() for r in public]
            self.listed = sorted(rooms, key=lambda r: (r["preset"], r["length"], r["phase"] != "waiting", r["room_id"]))
        return self.listed

    def browse(self, conn: Connection) -> None:
        """``conn`` gets the listing now and again whenever it changes, until it sits in a room or watches one."""
        self.browsing.add(conn)
        conn.send(RoomList(type="rooms", rooms=self.listing()))

    def listing_changed(self) -> None:
        """A room changed (or opened, or closed): the listing is built again, and the people in the lobby get it
        within ``LISTING_PUSH_SECONDS``."""
        self.listed = None
        if self.browsing and not self.push_due:
            self.push_due = self._later(LISTING_PUSH_SECONDS, self.push_listing)

    def push_listing(self) -> None:
        """The listing to every connection in the lobby (one in a room or watching one stops getting it)."""
        self.push_due = False
        message: RoomList | None = None
        for conn in list(self.browsing):
            holder = conn.holder
            if conn.closed or conn.spectating is not None or (holder is not None and holder.room_id is not None):
                self.browsing.discard(conn)
                continue
            message = message or RoomList(type="rooms", rooms=self.listing())
            conn.send(message)

    def new_room(self, settings: RoomSettings, matched: bool = False, by: Peer | None = None) -> Room:
        """A new room; ``by``: the address that made it, which answers for it until it closes (``may_open``)."""
        while True:
            rid = new_room_id()
            if rid not in self.rooms:
                break
        room = Room(rid, settings, [None] * settings.rules().players, matched=matched)
        self.add_room(room)
        if by is not None:
            self.made_by[room.id] = by
            by.rooms.add(room.id)
        return room

    def add_room(self, room: Room) -> None:
        """Keep ``room`` (new, or brought back by a restart, with its people's seats) and listen to its changes."""
        room.listener = self
        room.outside_bots = self.outside_bots
        self.rooms[room.id] = room
        self.listing_changed()
        for s in room.seats:
            if s is not None and s.token_hash is not None:
                self.seat_rooms[s.token_hash] = room.id

    def unseated(self, token_hash: str | None, room: Room) -> None:
        """The person of ``token_hash`` holds no seat in ``room`` any more: a token no longer leads there."""
        if token_hash is not None and self.seat_rooms.get(token_hash) == room.id:
            del self.seat_rooms[token_hash]

    def seat(self, room: Room, holder: SeatHolder, creator: bool = False, power: str | None = None) -> int:
        """Seat ``holder`` at the first free seat of ``room``; it leaves any queue."""
        seat = room.free_seat()
        if seat is None:
            raise RoomError("room_full", f"room {room.id} is full")
        room.seats[seat] = Seat(
            nickname=holder.nickname,
            token_hash=holder.token_hash,
            holder=holder,
            power=power,
            player_id=holder.player_id,
            account=holder.account,
        )
        self.seat_rooms[holder.token_hash] = room.id
        room.deal_powers()  # the seeded pick (or none: the rule is off)
        holder.room_id = room.id
        if creator or room.creator is None:
            room.creator = seat
        self.leave_queue(holder)
        return seat

    def leave_room(self, holder: SeatHolder) -> None:
        """``holder`` leaves their room. Before a game the seat is freed; during one a CPU of the room's level
        plays it to the end (the record keeps the person's name; in an auto-matched game the seat's result is
        still theirs), the others are told (``seat_left``) and the creator's rights pass on. Nothing of the game
        reaches the leaver any more, and their token no longer leads back to the seat."""
        room = self.room_of(holder)
        holder.room_id = None
        if room is None:
            return
        seat = room.seat_of(holder.token_hash)
        if seat is None:
            return
        if room.runner is not None:
            s = room.seats[seat]
            assert s is not None
            self.unseated(s.token_hash, room)
            s.holder, s.token_hash = None, None
            level = room.stand_in_level(self.settings.stand_in_level)
            room.runner.left_for_good(seat, level)
            if room.creator == seat:
                people = [i for i in room.people() if (p := room.seats[i]) is not None and p.token_hash]
                room.creator = people[0] if people else None
            room.broadcast(SeatLeft(type="seat_left", seat=seat, nickname=s.nickname, level=level))
        else:
            self.unseated(room.remove_seat(seat).token_hash, room)
            room.clear_ready()
        self.room_changed(room)

    def kick(self, room: Room, seat: int) -> None:
        """The creator freed ``seat``: its person (if connected) is told."""
        gone = room.remove_seat(seat)
        self.unseated(gone.token_hash, room)
        target = gone.holder
        room.clear_ready()
        if target is not None:
            target.room_id = None
            if target.connection is not None:
                target.connection.send(Kicked(type="kicked", room_id=room.id))
        self.room_changed(room)

    def send_room_state(self, holder: SeatHolder) -> None:
        """The ``room`` message to ``holder`` alone."""
        room = self.room_of(holder)
        if room is not None and holder.connection is not None:
            holder.connection.send(room.message(room.seat_of(holder.token_hash)))

    def spectate(self, conn: Connection, room: Room) -> None:
        """``conn`` watches ``room`` (and no other): the room, then the game's public update if one runs."""
        self.unspectate(conn)
        conn.spectating = room.id
        room.spectators.add(conn)
        conn.send(room.message(None))
        if room.runner is not None:  # from the game's task: what it shows is durable
            room.runner.post(InboxItem("watch", reply=conn.send))

    def unspectate(self, conn: Connection) -> None:
        room = None if conn.spectating is None else self.rooms.get(conn.spectating)
        if room is not None:
            room.spectators.discard(conn)
        conn.spectating = None

    def room_changed(self, room: Room) -> None:
        """Every member and spectator gets the new ``room`` message and the room is stored for a restart; a room
        with nobody seated and no game is closed instead. A room not playing (any more) answers for no game."""
        self.listing_changed()
        if not room.playing:
            self.game_ended(room)
        if not room.people() and not room.playing:
            self.close_room(room)
            return
        for i, s in enumerate(room.seats):
            if (
                s is not None
                and s.holder is not None
                and s.holder.connection is not None
                and s.holder.room_id == room.id
            ):
                s.holder.connection.send(room.message(i))
        if room.spectators:
            spectator_message = room.message(None)
            for conn in room.spectators:
                conn.send(spectator_message)
        if room.runner is not None:
            self.store.room_changed(room.runner.game_id, {**room.to_record(), "started_at": room.runner.started_at})
        else:  # between games: kept for a restart too
            self.store.room_waiting(room.to_record())

    def close_room(self, room: Room) -> None:
        """The room is gone: its people hold no seat any more, its spectators are told."""
        for s in room.seats:
            if s is not None and s.holder is not None and s.holder.room_id == room.id:
                s.holder.room_id = None
            if s is not None:
                self.unseated(s.token_hash, room)
        for conn in list(room.spectators):
            conn.send(RoomClosed(type="room_closed", room_id=room.id))
            conn.spectating = None
        room.spectators.clear()
        self.rooms.pop(room.id, None)
        self.listing_changed()
        self.game_ended(room)
        maker = self.made_by.pop(room.id, None)
        if maker is not None:
            maker.rooms.discard(room.id)
        self.store.room_gone(room.id)

    # ------------------------------------------------------------------ what each client address holds
    def may_open(self, peer: Peer, rooms: int = 0, games: int = 0) -> None:
        """Refuse (``too_many_rooms``, ``too_many_games``) unless ``peer`` may make ``rooms`` more rooms and take
        part in ``games`` more running games. Asked before anything changes: a refusal changes nothing."""
        s = self.settings
        if rooms and len(peer.rooms) + rooms > s.max_rooms_per_address:
            raise RoomError(
                "too_many_rooms",
                f"your address already has {len(peer.rooms)} open rooms (at most {s.max_rooms_per_address}): "
                "leave one first",
            )
        if games and len(peer.games) + games > s.max_games_per_address:
            raise RoomError(
                "too_many_games",
                f"your address already takes part in {len(peer.games)} running games (at most "
                f"{s.max_games_per_address}); a game counts until it ends",
            )

    def peers_at(self, room: Room) -> list[Peer]:
        """The addresses of the people connected at ``room``'s seats, each once."""
        found: dict[str, Peer] = {}
        for s in room.seats:
            if s is not None and s.holder is not None and s.holder.connection is not None:
                peer = s.holder.connection.peer
                found[peer.address] = peer
        return list(found.values())

    def may_play(self, room: Room) -> None:
        """Refuse (``too_many_games``) unless every address at ``room`` may take part in one more game."""
        for peer in self.peers_at(room):
            if len(peer.games) >= self.settings.max_games_per_address:
                raise RoomError(
                    "too_many_games",
                    f"an address at this table already takes part in {len(peer.games)} running games (at most "
                    f"{self.settings.max_games_per_address}); a game counts until it ends",
                )

    def run_game(self, room: Room) -> GameRunner:
        """Start ``room``'s game (``start_game``), counted against the address of everyone connected at its seats
        until the lobby learns that it ended (``room_changed`` with the room no longer playing, or its close)."""
        runner = self.start_game(room)
        if room.playing:
            peers = self.peers_at(room)
            for peer in peers:
                peer.games.add(room.id)
            self.played_by[room.id] = peers
        return runner

    def game_ended(self, room: Room) -> None:
        """``room``'s game no longer counts against anyone."""
        for peer in self.played_by.pop(room.id, []):
            peer.games.discard(room.id)

    # ------------------------------------------------------------------ auto-matching
    def queue(self, holder: SeatHolder, settings: RoomSettings, power: str | None) -> None:
        """``holder`` waits for a match; when enough wait, they are seated in a new private room and it starts.
        Everyone in the queue gets its new number (and in the queue ``holder`` left for this one, if another)."""
        self.leave_room(holder)
        before = self.matching.leave(holder)
        if before is not None and before.key() != settings.key():
            self.queue_changed(before)
        group = self.matching.join(holder, settings, power)
        if not group:
            self.queue_changed(settings)
            return
        room = self.new_room(settings, matched=True)
        for person, chosen in group:
            self.seat(room, person, power=chosen)
            if person.connection is not None:
                person.connection.send(Matched(type="matched", room_id=room.id))
        room.creator = None
        self.run_game(room)

    def queue_status(self, settings: RoomSettings) -> QueueStatus:
        waiting = self.matching.waiting(settings)
        return QueueStatus(
            type="queue", waiting=len(waiting), needed=settings.rules().players, settings=settings.to_json()
        )

    def queue_changed(self, settings: RoomSettings) -> None:
        """Everyone waiting for ``settings`` gets the queue's number."""
        status = self.queue_status(settings)
        for p in self.matching.waiting(settings):
            if p.connection is not None:
                p.connection.send(status)

    def leave_queue(self, holder: SeatHolder) -> bool:
        """``holder`` leaves their queue (if they wait in one) and the others in it get its new number; whether
        they waited."""
        settings = self.matching.leave(holder)
        if settings is None:
            return False
        self.queue_changed(settings)
        return True

    def queue_grace_over(self, holder: SeatHolder) -> None:
        """The grace period of a person who lost their connection while queued ended: if they have not come back
        (nor come and gone again since: their own later grace decides), they leave the queue."""
        if holder.connection is None and time.monotonic() - holder.last_seen >= self.settings.grace - 0.01:
            self.leave_queue(holder)

    # ------------------------------------------------------------------ games
    def start_game(self, room: Room) -> GameRunner:
        """Deal the room's game (its seed secret until the end), store it, and start its runner."""
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
                seats.append(
                    {
                        "nickname": s.nickname,
                        "cpu": s.cpu,
                        "player": s.player_id,
                        "account": s.account,
                        "stand_in": False,
                    }
                )
                if powers is not None:
                    seats[-1]["power"] = s.power
        preset = room.settings.preset
        self.store.game_started(game_id, room.id, preset, rules.options(), seed, game.log[0], seats, record)
        self.store.room_gone(room.id)  # the game's record carries the room from here
        runner = GameRunner(
            room, self.settings, self.store, game, game_id, started, outside_bots=self.outside_bot_specs
        )
        room.runner, room.game_id = runner, game_id
        for s in room.seats:
            if s is not None:
                s.ready = s.missed_end = False
        runner.start()  # the room hears of the game once its start is durable (``Room.game_stored``)
        return runner
