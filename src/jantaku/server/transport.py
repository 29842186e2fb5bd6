"""The sockets below the application: how ``jantaku serve`` runs uvicorn.

uvicorn starts no timer on a new connection: one that sends half a request line, or nothing, holds a file
descriptor until it goes away, and twenty thousand of them leave none for anyone else. ``GuardedHttp`` is uvicorn's
HTTP protocol (httptools, which ``uvicorn[standard]`` installs) with

- a deadline for each request's line and headers (``Settings.header_timeout``): a connection that has not sent
  them in time gets 408 and is closed (a websocket is past its headers once it is open: the application's own
  ``hello`` and idle timeouts take over there);
- a cap on the open connections (HTTP and websocket) of one address (``max_connections_per_address``), apart from
  trusted proxies (``forwarded_allow_ips``), which speak for many people and limit them themselves;
- a cap on the open connections of the process (``max_connections``; by default the open-file limit less a
  reserve), so the database and the logs always have descriptors left.

A connection over a cap gets 503 and is closed at once, before any request is read. ``uvicorn_options`` gathers
these with the websocket settings; ``docs/operations.md`` says what a process holds and what a proxy in front adds.
"""

from __future__ import annotations

import asyncio
import ipaddress
import resource
import weakref
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from jantaku.server.config import Settings

#: descriptors kept for the database, the log, the listening socket and the event loop's own
RESERVED_FILES = 100


def open_file_limit() -> int:
    """The process's soft limit on open files."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def connection_limit(settings: Settings) -> int:
    """``max_connections``, or the open-file limit less ``RESERVED_FILES`` when it is 0."""
    return settings.max_connections or max(1, open_file_limit() - RESERVED_FILES)


class TrustedProxies:
    """``forwarded_allow_ips`` as uvicorn reads it: addresses, networks (``10.0.0.0/8``), ``*`` for any, and other
    literals (a Unix socket's name) compared as they are."""

    def __init__(self, text: str) -> None:
        entries = [e.strip() for e in text.split(",") if e.strip()]
        self.any = "*" in entries
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.literals: set[str] = set()
        for entry in entries:
            try:
                self.networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                self.literals.add(entry)

    def __contains__(self, host: object) -> bool:
        if self.any or host in self.literals:
            return True
        try:
            address = ipaddress.ip_address(str(host))
        except ValueError:
            return False
        return any(address in network for network in self.networks)


class SocketLimits:
    """The caps and the deadline of one server, and its open connections by peer address (weak references to
    their transports, which outlive the HTTP protocol when a websocket takes a connection over)."""

    def __init__(self, settings: Settings) -> None:
        self.header_timeout = settings.header_timeout
        self.per_address = settings.max_connections_per_address
        self.total = connection_limit(settings)
        self.trusted = TrustedProxies(settings.forwarded_allow_ips)
        self.open: dict[str, weakref.WeakSet[asyncio.BaseTransport]] = {}
        self.admitted = 0

    def admit(self, transport: asyncio.BaseTransport, open_now: int) -> str | None:
        """Count a new connection; why it is refused instead (None: admitted). ``open_now``: the server's open
        connections, this one included."""
        if open_now > self.total:
            return "the server has all the connections it can hold"
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        if host is None or host in self.trusted:
            return None
        live = self.open.setdefault(host, weakref.WeakSet())
        if sum(1 for t in live if not t.is_closing()) >= self.per_address:
            return f"at most {self.per_address} connections from one address at once"
        live.add(transport)
        self.admitted += 1
        if self.admitted % 1024 == 0:
            self.forget_closed()
        return None

    def forget_closed(self) -> None:
        """Drop the addresses with no open connection left."""
        for host in [h for h, live in self.open.items() if all(t.is_closing() for t in live)]:
            del self.open[host]


def _response(status: bytes, text: str) -> bytes:
    body = text.encode()
    head = f"content-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\nconnection: close\r\n\r\n"
    return b"HTTP/1.1 " + status + b"\r\n" + head.encode() + body


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol with the caps and the header deadline of ``limits`` (set by ``http_protocol``)."""

    limits: ClassVar[SocketLimits]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        refused = self.limits.admit(transport, len(self.connections))
        if refused is not None:
            transport.write(_response(b"503 Service Unavailable", refused))
            transport.close()
            return
        self.start_header_deadline()

    def start_header_deadline(self) -> None:
        if self.header_deadline is None:
            self.header_deadline = self.loop.call_later(self.limits.header_timeout, self.headers_too_late)

    def stop_header_deadline(self) -> None:
        if self.header_deadline is not None:
            self.header_deadline.cancel()
            self.header_deadline = None

    def headers_too_late(self) -> None:
        self.header_deadline = None
        if not self.transport.is_closing():
            seconds = f"{self.limits.header_timeout:g}"
            self.transport.write(_response(b"408 Request Timeout", f"send the request within {seconds} seconds"))
            self.transport.close()

    def on_message_begin(self) -> None:
        """A request's first byte: the next request of a kept-alive connection has its own deadline."""
        super().on_message_begin()
        self.start_header_deadline()

    def on_headers_complete(self) -> None:
        self.stop_header_deadline()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_header_deadline()
        super().connection_lost(exc)


def http_protocol(settings: Settings) -> type[GuardedHttp]:
    """A ``GuardedHttp`` class of its own for one server (uvicorn takes a class and builds one per connection)."""
    return type("GuardedHttp", (GuardedHttp,), {"limits": SocketLimits(settings)})


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """What ``jantaku serve`` passes to ``uvicorn.run`` besides the application, host and port."""
    return {
        "http": http_protocol(settings),
        "proxy_headers": True,
        "forwarded_allow_ips": settings.forwarded_allow_ips,
        "server_header": False,
        # a frame larger than the largest message a client may send (its error is then the application's
        # "too_large"); far larger ones close the connection before they are buffered whole
        "ws_max_size": 4 * settings.max_message,
        # half-open websockets: a ping every 20 s, closed when no pong comes back within 20 s
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "timeout_keep_alive": 5,
    }
