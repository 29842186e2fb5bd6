"""What a request presents to say who it speaks for (docs/accounts.md), read in one place for every endpoint: the
``jantaku_session`` cookie (a browser: HttpOnly, so no script of the page holds it), ``Authorization: Bearer
<session token>`` (other clients), or ``Authorization: Bearer guest:<guest token>`` (a guest, by the token the
server gave them at ``hello``). Never anything in the URL, which proxies and access logs keep.

Only the form is checked here; whether a session is live is the store's question.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

#: the cookie a browser's session travels in (the websocket's handshake carries it too)
COOKIE = "jantaku_session"
#: what a guest's bearer token starts with
GUEST_PREFIX = "guest:"
#: the longest session token and guest token looked at (ours are far shorter): a longer one is nobody's
MAX_SESSION = 128
MAX_GUEST = 64


@dataclass(frozen=True, slots=True)
class Presented:
    """A session token, or a guest token: exactly one is set."""

    session: str | None = None
    guest: str | None = None


def address(request: HTTPConnection) -> str:
    """The address a request or websocket comes from (a trusted proxy's client: uvicorn's ``forwarded_allow_ips``):
    what per-address limits count by."""
    return str(request.client.host) if request.client is not None else "unknown"


def bearer(request: HTTPConnection) -> str | None:
    """The token of an ``Authorization: Bearer`` header, if there is one."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return (value.strip() or None) if scheme.lower() == "bearer" else None


def presented(request: HTTPConnection) -> Presented | None:
    """What ``request`` presents: a bearer header first (a guest's or a session's), else the session cookie; None
    when nothing fit to look up is there."""
    token = bearer(request)
    if token is not None and token.startswith(GUEST_PREFIX):
        guest = token[len(GUEST_PREFIX) :]
        return Presented(guest=guest) if 0 < len(guest) <= MAX_GUEST else None
    token = token or request.cookies.get(COOKIE)
    if not token or len(token) > MAX_SESSION:
        return None
    return Presented(session=token)
