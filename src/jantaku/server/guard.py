"""What one client may cost the server: token buckets, and a ``Peer`` per client address.

One person can open many connections, so a limit per connection alone is a limit on nothing: the server also keeps
a ``Peer`` for each address it hears from, shared by all that address's connections. A peer holds the message
budget they share, the budgets of failed ``hello``s and failed Room ID lookups (guessing a token or a room costs
the guesser, not the server), its open websockets, and the rooms and running games it is answerable for. The
limits are ``Settings`` fields, documented in ``docs/operations.md``.

An address is the peer of the socket, or the client a trusted proxy names (uvicorn's ``forwarded_allow_ips``
rewrites the connection's client before the application sees it). People behind one NAT share an address, so the
defaults leave room for a household or a club; a deployment behind a proxy that names its clients loses nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from jantaku.server.config import Settings

#: failed ``hello``s one connection may make a minute (a browser makes at most one: the server forgot its token)
CONNECTION_FAILED_HELLOS = 3.0


class TokenBucket:
    """``rate`` a second, up to ``burst`` saved: ``allow`` spends one if there is one. ``ready`` only looks, and
    ``spend`` takes one that may not be there: budgets of failures are checked before the work and spent after it
    failed, so what succeeds never costs anything."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def refill(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens

    def ready(self) -> bool:
        return self.refill() >= 1

    def allow(self) -> bool:
        if self.refill() >= 1:
            self.tokens -= 1
            return True
        return False

    def spend(self) -> None:
        self.tokens = max(0.0, self.refill() - 1)

    @property
    def full(self) -> bool:
        return self.refill() >= self.burst

    def wait(self) -> float:
        """Seconds until one token is there (0: now)."""
        return max(0.0, (1 - self.refill()) / self.rate) if self.rate > 0 else float("inf")


def per_minute(count: float) -> TokenBucket:
    """A budget of ``count`` a minute, all of which may be spent at once."""
    return TokenBucket(count / 60.0, count)


@dataclass(eq=False)
class Peer:
    """One client address and what it holds and may still spend."""

    address: str
    messages: TokenBucket
    failed_hellos: TokenBucket
    failed_lookups: TokenBucket
    #: websockets open from this address
    websockets: int = 0
    #: Room IDs of the open rooms this address made
    rooms: set[str] = field(default_factory=set)
    #: Room IDs of the running games this address started or sits in
    games: set[str] = field(default_factory=set)

    @property
    def idle(self) -> bool:
        """Holds nothing and has every budget full: forgetting it changes nothing."""
        return (
            not self.websockets
            and not self.rooms
            and not self.games
            and self.messages.full
            and self.failed_hellos.full
            and self.failed_lookups.full
        )


class Guard:
    """The peers by address and the limits they are held to."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.peers: dict[str, Peer] = {}

    def peer(self, address: str) -> Peer:
        """The peer of ``address``, made on first sight."""
        found = self.peers.get(address)
        if found is None:
            s = self.settings
            found = Peer(
                address,
                TokenBucket(s.address_rate, s.address_burst),
                per_minute(s.failed_hellos_per_minute),
                per_minute(s.failed_lookups_per_minute),
            )
            self.peers[address] = found
        return found

    def open_websocket(self, peer: Peer) -> bool:
        """Count a new websocket of ``peer``; False (nothing counted) when the address has its share open."""
        if peer.websockets >= self.settings.max_websockets_per_address:
            return False
        peer.websockets += 1
        return True

    def close_websocket(self, peer: Peer) -> None:
        peer.websockets = max(0, peer.websockets - 1)

    def forget_idle(self) -> int:
        """Drop the peers that hold nothing and owe nothing (the sweeper calls this); how many."""
        idle = [address for address, peer in self.peers.items() if peer.idle]
        for address in idle:
            del self.peers[address]
        return len(idle)


# ---------------------------------------------------------------------------------------------------------------------
# which pages may open the websocket


def parse_origins(text: str) -> frozenset[str]:
    """``Settings.allowed_origins`` as a set: ``scheme://host[:port]`` in lower case, or ``*``."""
    return frozenset(o.strip().lower().rstrip("/") for o in text.split(",") if o.strip())


def _authority(netloc: str, scheme: str) -> str:
    default = {"http": ":80", "https": ":443"}.get(scheme, "")
    netloc = netloc.lower()
    return netloc[: -len(default)] if default and netloc.endswith(default) else netloc


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a websocket handshake with this ``Origin`` may go on: a page of the host it was sent to (the
    ``Host`` header, default ports aside), an origin of ``allowed`` (``*``: any), or no ``Origin`` at all (not a
    browser page: a script, a native client). Browsers always send it, so another site's page cannot borrow a
    visitor's connection (its token is in this site's storage anyway, but its address's budgets are not)."""
    if origin is None:
        return True
    clean = origin.strip().lower().rstrip("/")
    if "*" in allowed or clean in allowed:
        return True
    parts = urlsplit(clean)
    if parts.scheme not in ("http", "https") or not parts.netloc or host is None:
        return False  # "null" (a file, a sandboxed frame) and anything odd
    return _authority(parts.netloc, parts.scheme) in (host.lower(), _authority(host, "http"), _authority(host, "https"))


def cookie_origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a websocket handshake's cookie (a browser's login) may speak for the account: as ``origin_allowed``
    says, but never by ``*`` alone. ``*`` lets any page open a connection as a guest; the session cookie is
    SameSite=Strict, which keeps other *sites* out but not a sibling host of the same site (``evil.example.com``
    beside ``play.example.com``), whose page would then play, and end sessions, as the visitor's account. Only
    this host's pages, the origins named one by one, and clients that are no browser page (no ``Origin``) bring
    the cookie's account."""
    return origin_allowed(origin, host, allowed - {"*"})
