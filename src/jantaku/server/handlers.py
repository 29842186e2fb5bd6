"""Every client message's handler: ``handle`` reads one message and ``HANDLERS`` maps its type to the handler.

A message arrives as untrusted JSON. ``handle`` refuses what is not a message at all (too many a second from the
connection or from its address, too large, nested too deep, not JSON, no type) before it does any work for it;
each handler checks the fields it reads and raises ``RoomError`` for a refusal, which ``handle`` turns into an
``error`` reply. A refusal changes nothing. The messages are declared in ``server.protocol`` and documented in
``docs/protocol.md``.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from jantaku.bots import LEVELS
from jantaku.server.config import Settings
from jantaku.server.connection import Connection, SeatHolder, account_key
from jantaku.server.ids import token_hash
from jantaku.server.lobby import Lobby
from jantaku.server.protocol import (
    PROTOCOL_VERSION,
    REACTION_PHRASES,
    Left,
    NicknameSet,
    PlayerJson,
    Pong,
    Reaction,
    ReactionsJson,
    Unqueued,
    Welcome,
    error,
)
from jantaku.server.rooms import (
    Room,
    RoomError,
    RoomSettings,
    check_level,
    chosen_power,
    clean_nickname,
    known_level,
    private_settings,
)
from jantaku.server.runner import InboxItem

log = logging.getLogger("jantaku.server")

Handler = Callable[[Lobby, Connection, dict[str, Any]], None]

#: the messages a connection may send before ``hello`` (watching a room needs a hello: a person, with budgets)
BEFORE_HELLO = frozenset({"hello", "ping", "rooms"})

#: how deep a message's objects and arrays may nest, and how many it may hold: the protocol's deepest message
#: nests 4 levels, and room settings with every option hold a few dozen
MAX_DEPTH = 16
MAX_CONTAINERS = 256
#: keeps a text's brackets only, braces written as brackets (the depth is the same; a mismatch fails to parse)
_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def plain_enough(text: str) -> bool:
    """Whether the JSON ``text`` holds at most ``MAX_CONTAINERS`` objects and arrays nested at most ``MAX_DEPTH``
    deep, told before it is parsed and with a few passes of string methods over it: its strings dropped, its
    brackets kept, then one level of empty pairs removed per pass. Brackets that do not pair up fail too; such
    text is not JSON anyway."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # nearly every message: no work
        return True
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(unescaped.split('"')[::2])  # what is not inside a string
    brackets = outside.encode(errors="surrogatepass").translate(_BRACKETS, _NOT_BRACKETS)
    if len(brackets) > 2 * MAX_CONTAINERS:
        return False
    for _ in range(MAX_DEPTH):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"")
    return not brackets


def handle(lobby: Lobby, conn: Connection, text: str) -> None:
    """One message from a client. Every refusal is an ``error`` message; nothing changes on a refusal."""
    exhausted = conn.spend_message()
    if exhausted is not None:
        now = time.monotonic()
        if now - conn.limited_notice > 1.0:
            conn.limited_notice = now
            s = lobby.settings
            if exhausted == "connection":
                why = f"at most {s.rate:g} a second on a connection"
            else:
                why = f"at most {s.address_rate:g} a second from one address, all its connections together"
            conn.send(error("rate_limited", f"too many messages: {why}"))
        return
    max_message = lobby.settings.max_message
    if len(text.encode(errors="surrogatepass")) > max_message:  # a lone surrogate is bad_json next
        conn.send(error("too_large", f"a message is at most {max_message} bytes"))
        return
    if not plain_enough(text):
        why = f"more than {MAX_CONTAINERS} objects and arrays, or nested deeper than {MAX_DEPTH}"
        conn.send(error("bad_json", f"the message is not JSON, or it has {why}"))
        return
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        conn.send(error("bad_json", "the message is not JSON"))
        return
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        conn.send(error("bad_message", 'a message is a JSON object with a "type"'))
        return
    kind = msg["type"]
    handler = HANDLERS.get(kind)
    if handler is None:
        conn.send(error("unknown_type", f"unknown message type {kind!r}", known=sorted(HANDLERS)))
        return
    if conn.holder is None and kind not in BEFORE_HELLO:
        conn.send(error("hello_first", "say hello first (with your nickname, or your token to come back)"))
        return
    try:
        handler(lobby, conn, msg)
    except RoomError as exc:
        conn.send(error(exc.code, str(exc), ref=kind))
    except Exception:  # a bug in a handler must cost one reply, not the connection
        log.exception("message %r failed", kind)
        conn.send(error("server_error", "the server could not handle this message", ref=kind))


# ---------------------------------------------------------------------------------------------------------------------
# who is speaking


def on_ping(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """``pong``, with the ping's ``t`` when it is a number (a client's clock): nothing else is echoed."""
    pong = Pong(type="pong")
    t = msg.get("t")
    if isinstance(t, (int, float)) and not isinstance(t, bool) and math.isfinite(t):
        pong["t"] = t
    conn.send(pong)


def reactions_json(settings: Settings) -> ReactionsJson:
    """The quick reactions as ``on_react`` checks them: the phrases and each person's budget."""
    return ReactionsJson(
        phrases=list(REACTION_PHRASES), seconds=settings.reaction_seconds, burst=settings.reaction_burst
    )


def on_hello(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """A new person gets a token; a known token takes back its person (and seat) on this connection; a session
    (``session``, or the handshake's cookie) makes the person its account, the same person on every device."""
    version = msg.get("protocol", PROTOCOL_VERSION)
    if version != PROTOCOL_VERSION:
        conn.send(error("protocol", f"this server speaks protocol {PROTOCOL_VERSION}, not {version!r}"))
        return
    if conn.holder is not None:
        conn.send(error("already_greeted", "this connection already said hello"))
        return
    session = msg.get("session", conn.cookie_session)
    expired = False
    if session is not None:
        if not isinstance(session, str) or len(session) > 128:
            conn.send(error("bad_session", "a session is the text /api/account/login gave you"))
            return
        if not conn.may_fail_hello():
            conn.send(error("too_many_tries", "too many unknown sessions or tokens: wait a minute"))
            return
        if _hello_account(lobby, conn, msg, session):
            return
        conn.failed_hello()
        expired = True  # over, ended or unknown: this connection is a guest, and the client logs out
    token = msg.get("token")
    if token is None:
        holder, token = lobby.new_holder(clean_nickname(msg.get("nickname", "Player")), msg.get("hand_pause") is True)
        lobby.attach(conn, holder)
        welcome = Welcome(
            type="welcome",
            protocol=PROTOCOL_VERSION,
            nickname=holder.nickname,
            token=token,
            resumed=False,
            reactions=reactions_json(lobby.settings),
            player=_player(holder),
        )
        if expired:
            welcome["session_expired"] = True
        conn.send(welcome)
        return
    if not isinstance(token, str) or len(token) > 64:
        conn.send(error("bad_token", "a token is the text the server gave you at hello"))
        return
    if not conn.may_fail_hello():  # tokens are not guessed, but a flood of them is not looked up either
        conn.send(
            error(
                "too_many_tries",
                "too many unknown tokens: wait a minute, or say hello without a token",
            )
        )
        return
    known = lobby.holder_by_token(token)
    if known is None:
        conn.failed_hello()
        conn.send(error("unknown_token", "this token is not known here: say hello without one"))
        return
    if "nickname" in msg:
        known.nickname = clean_nickname(msg["nickname"])
    known.hand_pause = msg.get("hand_pause") is True
    lobby.attach(conn, known)
    reactions = reactions_json(lobby.settings)
    welcome = Welcome(
        type="welcome",
        protocol=PROTOCOL_VERSION,
        nickname=known.nickname,
        resumed=True,
        reactions=reactions,
        player=_player(known),
    )
    if expired:
        welcome["session_expired"] = True
    conn.send(welcome)
    lobby.welcome_back(known)  # the room (the others see the seat connected again), a game missed, the queue


def _hello_account(lobby: Lobby, conn: Connection, msg: dict[str, Any], session: str) -> bool:
    """``hello`` with a live session: the connection speaks for its account's person (made now, or the one already
    here: a second device takes the seat over, as a token does); whether the session was live. The session is
    looked up in the database on the loop: one read by primary key, once per connection."""
    found = lobby.store.session(token_hash(session), datetime.now(UTC))
    if found is None:
        return False
    info, account = found
    conn.session_hash = info.token_hash
    key = account_key(account.id)
    holder = lobby.holder_by_key(key, account.id, account=True)
    resumed = holder is not None
    if holder is None:
        holder = SeatHolder(key, account.name, player_id=account.id, account=True)
        lobby.holders[key] = holder
    holder.nickname = account.name  # an account is seen by its name
    holder.hand_pause = msg.get("hand_pause") is True
    lobby.attach(conn, holder)
    conn.send(
        Welcome(
            type="welcome",
            protocol=PROTOCOL_VERSION,
            nickname=holder.nickname,
            resumed=resumed,
            reactions=reactions_json(lobby.settings),
            player=_player(holder),
        )
    )
    if resumed:
        lobby.welcome_back(holder)
    return True


def _player(holder: SeatHolder) -> PlayerJson:
    return PlayerJson(id=holder.player_id or "", name=holder.nickname, account=holder.account)


def on_nickname(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """A new nickname; in a room that is not playing, the seat shows it at once."""
    holder = _me(conn)
    if holder.account:
        raise RoomError("account_name", "an account plays under its name (it is chosen at register)")
    holder.nickname = clean_nickname(msg.get("nickname"))
    conn.send(NicknameSet(type="nickname", nickname=holder.nickname))
    room = lobby.room_of(holder)
    if room is not None and not room.playing:
        seat = room.seat_of(holder.token_hash)
        s = None if seat is None else room.seats[seat]
        if s is not None:
            s.nickname = holder.nickname
            lobby.room_changed(room)


# ---------------------------------------------------------------------------------------------------------------------
# rooms


def on_rooms(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """The listing, now and whenever it changes while the connection stays in the lobby."""
    lobby.browse(conn)


def on_create_room(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    holder = _me(conn)
    _not_playing(lobby, holder)
    settings = RoomSettings.from_json(msg.get("settings"))
    cpus = msg.get("cpus", [])
    if not isinstance(cpus, list) or not all(known_level(c, lobby.outside_bots) for c in cpus):
        raise RoomError("bad_message", f"cpus is a list of levels ({', '.join(LEVELS)})")
    for level in cpus:
        check_level(level, lobby.outside_bots, settings.rules())
    if len(cpus) > settings.rules().players - 1:
        raise RoomError("room_full", f"at most {settings.rules().players - 1} CPUs in a room")
    power = chosen_power(settings, msg)
    lobby.may_open(conn.peer, rooms=1)
    lobby.leave_room(holder)
    room = lobby.new_room(settings, by=conn.peer)
    lobby.seat(room, holder, creator=True, power=power)
    for level in cpus:
        room.add_cpu(level)
    lobby.room_changed(room)


def on_join_room(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    holder = _me(conn)
    room = lobby.room_by_id(msg.get("room_id"), conn.peer)
    if lobby.room_of(holder) is room:
        lobby.send_room_state(holder)
        return
    _not_playing(lobby, holder)
    if room.playing:
        raise RoomError("game_running", f"room {room.id} is playing: you can watch it (spectate)")
    if room.matched:
        raise RoomError("matched_room", "an auto-matched room takes no one else")
    if room.free_seat() is None:
        raise RoomError("room_full", f"room {room.id} is full")
    lobby.leave_room(holder)
    lobby.seat(room, holder)
    room.clear_ready()
    lobby.room_changed(room)


def on_leave_room(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """Leave the room; during its game a CPU takes the seat for the rest of it (``Lobby.leave_room``)."""
    holder = _me(conn)
    _my_room(lobby, holder)  # refuses when not in a room
    lobby.leave_room(holder)
    conn.send(Left(type="left"))


def on_settings(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    room, _ = _creator_room(lobby, conn)
    room.set_settings(RoomSettings.from_json(msg.get("settings")))
    lobby.room_changed(room)


def on_add_cpu(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    room, _ = _creator_room(lobby, conn)
    level, seat = msg.get("level", "normal"), msg.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise RoomError("bad_message", "seat is a seat number")
    room.add_cpu(str(level), seat)
    lobby.room_changed(room)


def on_remove_cpu(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    room, _ = _creator_room(lobby, conn)
    seat = _seat_arg(room, msg)
    s = room.seats[seat]
    if s is None or s.cpu is None:
        raise RoomError("no_cpu", f"seat {seat} is not a CPU")
    room.remove_seat(seat)
    room.clear_ready()
    lobby.room_changed(room)


def on_kick(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    room, me = _creator_room(lobby, conn)
    seat = _seat_arg(room, msg)
    s = room.seats[seat]
    if s is None or s.cpu is not None:
        raise RoomError("no_person", f"seat {seat} has no person (remove a CPU with remove_cpu)")
    if seat == me:
        raise RoomError("bad_message", "use leave_room to leave")
    lobby.kick(room, seat)


def on_set_power(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """Choose a superpower: your own seat's, or (the creator) a CPU seat's. A change clears every ready flag."""
    holder = _me(conn)
    room = _my_room(lobby, holder)
    me = room.seat_of(holder.token_hash)
    assert me is not None
    seat = me if msg.get("seat") is None else _seat_arg(room, msg)
    room.set_power(seat, msg.get("power"), by=me)
    lobby.room_changed(room)


def on_ready(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    holder = _me(conn)
    room = _my_room(lobby, holder)
    if room.playing:
        raise RoomError("game_running", "the game is already running")
    ready = msg.get("ready", True)
    if not isinstance(ready, bool):
        raise RoomError("bad_message", "ready is true or false")
    seat = room.seat_of(holder.token_hash)
    s = None if seat is None else room.seats[seat]
    assert s is not None
    s.ready = ready
    lobby.room_changed(room)


def on_start(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    room, _ = _creator_room(lobby, conn)
    why = room.can_start()
    if why is not None:
        raise RoomError("cannot_start", why)
    lobby.may_play(room)
    lobby.run_game(room)


def on_play_now(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """A private room with CPUs in every other seat, started at once."""
    holder = _me(conn)
    _not_playing(lobby, holder)
    settings = private_settings(msg.get("settings"))
    level = msg.get("level", "normal")
    check_level(level, lobby.outside_bots, settings.rules())  # a list or an object is not a level
    power = chosen_power(settings, msg)
    lobby.may_open(conn.peer, rooms=1, games=1)
    lobby.leave_room(holder)
    room = lobby.new_room(settings, by=conn.peer)
    lobby.seat(room, holder, creator=True, power=power)
    while room.free_seat() is not None:
        room.add_cpu(level)
    lobby.run_game(room)


def on_spectate(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    lobby.spectate(conn, lobby.room_by_id(msg.get("room_id"), conn.peer))


def on_unspectate(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    lobby.unspectate(conn)
    conn.send(Left(type="left"))


# ---------------------------------------------------------------------------------------------------------------------
# the game


def on_action(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """A decision goes to the game's inbox; the runner checks it against the open prompt."""
    holder = _me(conn)
    room = lobby.room_of(holder)
    if room is None or room.runner is None:
        raise RoomError("no_game", "you are not playing a game")
    seat = room.seat_of(holder.token_hash)
    assert seat is not None
    room.runner.post(InboxItem("action", seat, msg, conn.send))


def on_continue(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """The person has read the hand's result: the table need not wait for them."""
    holder = _me(conn)
    room = lobby.room_of(holder)
    seat = None if room is None else room.seat_of(holder.token_hash)
    if room is None or room.runner is None or seat is None:
        raise RoomError("no_game", "you are not playing a game")
    room.runner.post(InboxItem("continue", seat))


def on_react(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    """A quick reaction: a player at a running game sends one of the fixed phrases, and everyone at the table (and
    its spectators) sees it. It is talk, not play: the game and its record never hear of it."""
    holder = _me(conn)
    room = lobby.room_of(holder)
    seat = None if room is None else room.seat_of(holder.token_hash)
    if room is None or room.runner is None or seat is None:
        raise RoomError("no_game", "only a player at a running game can react")
    phrase = msg.get("phrase")
    if not isinstance(phrase, str) or phrase not in REACTION_PHRASES:
        raise RoomError("unknown_phrase", f"a reaction is one of the phrases {', '.join(REACTION_PHRASES)}")
    s = lobby.settings
    if not holder.may_react(s.reaction_seconds, s.reaction_burst):
        raise RoomError(
            "too_many_reactions",
            f"at most one reaction every {s.reaction_seconds:g} seconds ({s.reaction_burst:g} at once)",
        )
    room.broadcast(Reaction(type="reaction", seat=seat, phrase=phrase))


# ---------------------------------------------------------------------------------------------------------------------
# auto-matching


def on_queue(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    holder = _me(conn)
    _not_playing(lobby, holder)
    settings = private_settings(msg.get("settings"))
    power = chosen_power(settings, msg)
    lobby.may_open(conn.peer, games=1)
    lobby.queue(holder, settings, power)


def on_unqueue(lobby: Lobby, conn: Connection, msg: dict[str, Any]) -> None:
    holder = _me(conn)
    if not lobby.leave_queue(holder):
        raise RoomError("not_queued", "you are not waiting for a match")
    conn.send(Unqueued(type="unqueued"))


# ---------------------------------------------------------------------------------------------------------------------
# checks the handlers share


def _me(conn: Connection) -> SeatHolder:
    assert conn.holder is not None  # handle() let only hello-free messages through without one
    return conn.holder


def _my_room(lobby: Lobby, holder: SeatHolder) -> Room:
    room = lobby.room_of(holder)
    if room is None:
        raise RoomError("no_room", "you are not in a room")
    return room


def _not_playing(lobby: Lobby, holder: SeatHolder) -> None:
    """Starting or joining another table is refused while the person's game runs (leave_room first)."""
    room = lobby.room_of(holder)
    if room is not None and room.playing:
        raise RoomError("game_running", f"you are playing in room {room.id}: leave it first")


def _creator_room(lobby: Lobby, conn: Connection) -> tuple[Room, int]:
    holder = _me(conn)
    room = _my_room(lobby, holder)
    seat = room.seat_of(holder.token_hash)
    if seat is None or seat != room.creator:
        raise RoomError("not_creator", "only the room's creator may do this")
    if room.playing:
        raise RoomError("game_running", "not while the game is running")
    return room, seat


def _seat_arg(room: Room, msg: dict[str, Any]) -> int:
    seat = msg.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(room.seats):
        raise RoomError("bad_message", f"seat must be a seat number 0..{len(room.seats) - 1}")
    return seat


#: each client message type and its handler: the same types as ``protocol.CLIENT_MESSAGES`` (tests/server)
HANDLERS: dict[str, Handler] = {
    "hello": on_hello,
    "ping": on_ping,
    "nickname": on_nickname,
    "rooms": on_rooms,
    "create_room": on_create_room,
    "join_room": on_join_room,
    "leave_room": on_leave_room,
    "settings": on_settings,
    "add_cpu": on_add_cpu,
    "remove_cpu": on_remove_cpu,
    "kick": on_kick,
    "start": on_start,
    "ready": on_ready,
    "set_power": on_set_power,
    "play_now": on_play_now,
    "queue": on_queue,
    "unqueue": on_unqueue,
    "continue": on_continue,
    "spectate": on_spectate,
    "unspectate": on_unspectate,
    "action": on_action,
    "react": on_react,
}
