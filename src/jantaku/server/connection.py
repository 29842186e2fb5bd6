"""A client's connection and the person behind it.

A ``Connection`` is one websocket: an outgoing queue drained by its own task, so a slow client never stalls a game,
and token buckets against floods (its own and its address's: ``server.guard``). A ``SeatHolder`` is a person known
by the hash of their token; it outlives connections (a reload, a reconnect, a server restart) and is what a room's
seat points to.

Both name rooms by their Room ID, never by the room itself: the lobby holds the rooms, and this module stays below
every other part of the server but ``guard`` and the bottom layer (``tests/server/test_layering.py``).
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field

from jantaku.server.config import Settings
from jantaku.server.guard import CONNECTION_FAILED_HELLOS, Peer, TokenBucket, per_minute
from jantaku.server.protocol import ServerMessage


class Connection:
    """One websocket: an outgoing queue drained by its own task (a slow client never stalls a game), token buckets
    against floods (its own, and its address's, shared with the address's other connections), the person it speaks
    for once it said hello, and the room it watches."""

    def __init__(self, settings: Settings, peer: Peer) -> None:
        self.out: asyncio.Queue[str | None] = asyncio.Queue(maxsize=2000)
        self.holder: SeatHolder | None = None
        #: the client address this connection comes from (what it may spend and hold is counted there)
        self.peer = peer
        #: the Room ID of the room this connection watches (``spectate``)
        self.spectating: str | None = None
        self.messages = TokenBucket(settings.rate, settings.burst)
        self.failed_hellos = per_minute(CONNECTION_FAILED_HELLOS)
        self.closed = False
        self.limited_notice = 0.0
        #: the session token of the handshake's cookie (a browser's login), read at ``hello``
        self.cookie_session: str | None = None
        #: the hash of the session this connection said hello with (an account's): ending it closes the connection
        self.session_hash: str | None = None

    @property
    def address(self) -> str:
        return self.peer.address

    def send(self, msg: ServerMessage) -> None:
        """Queue ``msg`` for the client; a client that stopped reading is dropped (its seat stays)."""
        if self.closed:
            return
        text = json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
        if not text.isascii():
            try:
                text.encode()
            except UnicodeEncodeError:  # a lone surrogate from a client, echoed back: \u-escape it
                text = json.dumps(msg, separators=(",", ":"))
        try:
            self.out.put_nowait(text)
        except asyncio.QueueFull:  # the client stopped reading: drop it, the seat stays
            self.close()

    def close(self, deliver: bool = False) -> None:
        """Stop the connection; ``deliver``: after the messages already queued (such as a last error)."""
        if not self.closed:
            self.closed = True
            if not deliver or self.out.full():
                while not self.out.empty():
                    self.out.get_nowait()
            self.out.put_nowait(None)

    def spend_message(self) -> str | None:
        """Spend one message from this connection's bucket and its address's; the budget that ran out, if one did
        (``"connection"``, ``"address"``: the message is dropped), else None."""
        if not self.messages.allow():
            return "connection"
        if not self.peer.messages.allow():
            return "address"
        return None

    def may_fail_hello(self) -> bool:
        """Whether a ``hello`` with a token may be looked up: failed ones are budgeted per connection and address."""
        return self.failed_hellos.ready() and self.peer.failed_hellos.ready()

    def failed_hello(self) -> None:
        self.failed_hellos.spend()
        self.peer.failed_hellos.spend()


def account_key(account_id: str) -> str:
    """The key an account's person is kept by in place of a token hash: every connection of the account is that one
    person (one seat). It is not 64 hex digits, so no token's hash is ever equal to it."""
    return f"account:{account_id}"


@dataclass(eq=False)
class SeatHolder:
    """A person at this server, known by the hash of their token: the seat they hold outlives their connections."""

    token_hash: str
    nickname: str
    connection: Connection | None = None
    #: who this is in the records: an account's id, or a guest's (``ids.guest_id`` of the token)
    player_id: str | None = None
    #: logged in: ``player_id`` is an account's, the nickname its name (``token_hash`` is ``account_key``)
    account: bool = False
    #: the Room ID of the room where this person holds a seat
    room_id: str | None = None
    queue_key: str | None = None
    #: the superpower chosen in ``queue`` (None: the seeded pick of the matched room)
    queue_power: str | None = None
    #: the client shows each hand's result and says ``continue`` (hello's "hand_pause": true)
    hand_pause: bool = False
    last_seen: float = field(default_factory=time.monotonic)
    #: the quick reactions this person may still send (``react``), made at their first one
    reactions: TokenBucket | None = None

    def may_react(self, every: float, burst: float) -> bool:
        """Spends one quick reaction if one is left: one every ``every`` seconds, up to ``burst`` saved up. The
        budget is the person's, not the connection's: a reload or a second tab does not refill it."""
        if self.reactions is None:
            self.reactions = TokenBucket(1 / every if every > 0 else float("inf"), burst)
        return self.reactions.allow()
