"""The FastAPI application: the websocket at ``/ws`` (protocol in ``docs/protocol.md``) and a small REST API
(rules presets, the lobby's public rooms, finished games and their logs). The OpenAPI schema is at
``/openapi.json``, browsable at ``/docs``.

Every response carries headers that keep the page to itself (``SecurityHeaders``); the websocket takes pages of
this host only (``Origin``), counts against its address's share (``guard``), must say ``hello`` in time and is
closed when it falls silent. The limits are documented in ``docs/operations.md``."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import re
import threading
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from typing import Any

import anyio.from_thread
from fastapi import FastAPI, HTTPException, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from jantaku.formats import convert, tenhou6
from jantaku.rules import PRESETS
from jantaku.rules.editor import PRESET_TEXTS, editor_json
from jantaku.rules.ruleset import option_bounds
from jantaku.server import profiles, upkeep
from jantaku.server.account_api import DELETED, account_router
from jantaku.server.accounts import LoginLimiter, WindowLimiter
from jantaku.server.config import Settings
from jantaku.server.connection import Connection
from jantaku.server.credentials import COOKIE
from jantaku.server.guard import Peer, cookie_origin_allowed, origin_allowed, parse_origins
from jantaku.server.handlers import handle, hello_session
from jantaku.server.ids import guest_id, token_hash
from jantaku.server.lobby import Lobby
from jantaku.server.protocol import PROTOCOL_VERSION, RoomListing, error
from jantaku.server.replays import replay_router
from jantaku.server.reviews import review_router
from jantaku.server.rooms import RoomError
from jantaku.server.sources import GameSources
from jantaku.server.store import Store
from jantaku.web import STATIC_DIR
from jantaku.web.catalogue import catalogue

log = logging.getLogger("jantaku.server")
#: The media type of a log download by format (JSON lines, or one JSON document).
LOG_MEDIA = {"ours": "application/x-ndjson", "mjai": "application/x-ndjson", "tenhou6": "application/json"}
#: The format one hand of a game is served in (the tenhou.net/6 viewer and NAGA take one hand a URL), and the most
#: hands a query may name (far past any game's).
HAND_FORMAT = "tenhou6"
MAX_HANDS = tenhou6.MAX_HANDS


def has_hands(game: dict[str, Any]) -> bool:
    """Whether a listed game's hands are served one by one (and its log in formats beside ours): a riichi game
    without superpowers (``convert.no_riichi_form``: Zung Jung and the powers have no tenhou.net/6 form)."""
    rules = PRESETS.get(str(game.get("preset")))
    return rules is not None and not game.get("superpowers") and convert.no_riichi_form(rules) is None


#: A full garbage collection walks every live object. Under load the CPUs' memo tables and the running games hold
#: about half a million, and the automatic full collections stopped the event loop for 0.1-0.4 s every few seconds:
#: most of the p99 of an action's round trip (bench/server_load.py). While a server runs they are off; the sweeper
#: runs one this often instead (they find little: hardly anything here is freed only by the cycle collector), and the
#: young generations are still collected as usual.
FULL_GC_SECONDS = 600.0
#: how often the sweeper deletes the sessions that are over (a lookup refuses them anyway: this keeps the table small)
SESSION_SWEEP_SECONDS = 3600.0
#: the largest ``offset`` of ``GET /api/games``: far past any real list, well inside every database's integers
MAX_OFFSET = 1_000_000


class _FullCollections:
    """Counts the servers running in this process: the first turns the automatic full collections off, the last
    puts the threshold back (tests start many servers in one process)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.threshold = 0

    def __enter__(self) -> None:
        with self.lock:
            if self.running == 0:
                young, middle, self.threshold = gc.get_threshold()
                gc.set_threshold(young, middle, 1 << 30)
            self.running += 1

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            self.running -= 1
            if self.running == 0:
                young, middle, _ = gc.get_threshold()
                gc.set_threshold(young, middle, self.threshold)


_FULL_GC = _FullCollections()


def _warm_up() -> None:
    """Build the hand tables a CPU's first decision would build (about 0.2 s), before anyone waits for it."""
    from jantaku.bots import make_player
    from jantaku.engine import Game
    from jantaku.rules import preset

    game = Game(preset("standard"), "warm-up")
    seat = game.to_act()[0]
    make_player("strong", preset("standard")).act(game.view(seat))


#: a Host header fit to be named in the page's policy (a name or an address, and a port)
_HOST = re.compile(r"[A-Za-z0-9.-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
#: the pages FastAPI serves for the OpenAPI schema load their scripts from a CDN and run inline ones
API_DOC_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})


def content_security_policy(host: str | None) -> str:
    """The page's policy: its own scripts, styles, images and fonts only, none inline (the JavaScript sets styles
    through the DOM, which the policy allows); the websocket of the same host; never inside a frame."""
    connect = "'self'"
    if host is not None and _HOST.fullmatch(host):  # 'self' means ws: and wss: too in CSP 3; older browsers ask
        connect += f" ws://{host} wss://{host}"
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
        f"connect-src {connect}; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


class SecurityHeaders:
    """Adds to every HTTP response: the content security policy (not on the API's documentation pages, which load
    Swagger UI from a CDN), no MIME sniffing, no framing, no referrer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        added = [
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"),
        ]
        if scope["path"] not in API_DOC_PATHS:
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
            added.append((b"content-security-policy", content_security_policy(host).encode()))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *added]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def retry_after(peer: Peer) -> str:
    """Seconds until ``peer`` may look a Room ID up again (a ``Retry-After`` header)."""
    return str(max(1, round(peer.failed_lookups.wait())))


def client_address(scope_client: Any) -> str:
    """The address a request or websocket comes from (a trusted proxy's client: uvicorn's ``forwarded_allow_ips``)."""
    return str(scope_client.host) if scope_client is not None else "unknown"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if not settings.db:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
        store = Store(settings.db_url)
        lobby = Lobby(settings, store)
        app.state.lobby, app.state.store = lobby, store
        app.state.sources = GameSources(store)  # finished games and uploads for the replays and reviews
        await asyncio.to_thread(_warm_up)
        restored = upkeep.restore(lobby)
        if restored:
            log.info("resumed %d running game(s)", restored)

        async def sweeper() -> None:
            full_gc = sessions_swept = time.monotonic()
            while True:
                await asyncio.sleep(30)
                upkeep.sweep_rooms(lobby)
                lobby.guard.forget_idle()
                if time.monotonic() - full_gc >= FULL_GC_SECONDS:
                    gc.collect()
                    full_gc = time.monotonic()
                if time.monotonic() - sessions_swept >= SESSION_SWEEP_SECONDS:
                    sessions_swept = time.monotonic()
                    await asyncio.to_thread(store.expire_sessions, datetime.now(UTC))
                    app.state.login_limiter.sweep()
                    app.state.register_limiter.sweep()

        sweep = asyncio.get_running_loop().create_task(sweeper())
        with _FULL_GC:
            try:
                yield
            finally:
                sweep.cancel()
                for room in list(lobby.rooms.values()):
                    if room.runner is not None and room.runner.task is not None:
                        room.runner.task.cancel()
                await asyncio.to_thread(store.close)

    app = FastAPI(
        title="jantaku",
        version="0.1.0",
        summary="Mahjong table server: rooms, CPU seats, auto-matching, and game records.",
        description=f"Websocket protocol version {PROTOCOL_VERSION} at /ws, documented in docs/protocol.md.",
        lifespan=lifespan,
    )

    def lobby_of() -> Lobby:
        lobby: Lobby = app.state.lobby
        return lobby

    app.add_middleware(GZipMiddleware, minimum_size=1024)  # the page's modules and logs travel compressed
    app.add_middleware(SecurityHeaders)
    origins = parse_origins(settings.allowed_origins)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    #: wrong passwords by account name and by address (``/api/account``); a test may set its clock
    app.state.login_limiter = LoginLimiter()
    #: accounts made by address (``/api/account/register``); a test may set its clock or its bound
    app.state.register_limiter = WindowLimiter(per_key=10)

    def guest_name(token: str) -> str | None:
        """A guest's nickname by their token, read on the event loop, which owns the lobby (the endpoint asking
        runs in a worker thread, while the loop may be changing the people it holds)."""

        def read() -> str | None:
            holder = lobby_of().holders.get(token_hash(token))
            return None if holder is None else holder.nickname

        found: str | None = anyio.from_thread.run_sync(read)
        return found

    def on_loop(call: Callable[..., None], *args: Any) -> None:
        """Run ``call`` on the event loop, which owns the lobby, from an endpoint's worker thread."""
        anyio.from_thread.run_sync(call, *args)

    def adopted(token: str, account_id: str, name: str) -> None:
        """A guest (by token) registered: their seats at the table and their rows in the store become the
        account's in one step on the loop (the store's part queued to the writer there), so no game starts or ends
        in between naming the guest at the table but the account in the store, or the other way round; then
        wait (in the endpoint's thread) until the store's part is committed."""

        def at_once() -> None:
            lobby_of().guest_adopted(token, account_id, name)
            app.state.store.adopt(guest_id(token), account_id, wait=False)

        on_loop(at_once)
        app.state.store.durable().result(10.0)

    def deleted(account_id: str) -> None:
        """An account is deleted: the table forgets it and the store's deletion is queued in one step on the loop
        (no game starts or ends in between naming it), then, once that is committed, the rooms forget its name in
        the results of the games the store found it in."""
        found: list[dict[str, set[int]]] = []

        def at_once() -> None:
            lobby_of().player_deleted(account_id, DELETED)
            found.append(app.state.store.delete_account(account_id, DELETED, wait=False))

        on_loop(at_once)
        app.state.store.durable().result(10.0)
        on_loop(lobby_of().results_forgotten, found[0], DELETED)

    app.include_router(
        account_router(
            lambda: app.state.store,
            app.state.login_limiter,
            guest_name=guest_name,
            registrations=app.state.register_limiter,
            profile_of=lambda player: profiles.profile(app.state.store, player),
            sessions_ended=lambda account, hashes: on_loop(lobby_of().sessions_ended, account, hashes),
            deleted=deleted,
            adopted=adopted,
        ),
    )

    app.include_router(replay_router(lambda: app.state.sources, STATIC_DIR / "index.html"))
    app.include_router(review_router(lambda: app.state.sources, settings))

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        """The browser table (static ES modules, CSS and SVG: no build step)."""
        return FileResponse(STATIC_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/api/health", tags=["server"])
    def health() -> dict[str, Any]:
        rooms = lobby_of().rooms
        return {
            "ok": True,
            "protocol": PROTOCOL_VERSION,
            "rooms": len(rooms),
            "games": sum(r.playing for r in rooms.values()),
        }

    @app.get("/api/catalogue", tags=["rules"])
    def shared_text() -> dict[str, Any]:
        """The texts the browser shows that the server also knows (the superpowers' names, summaries and toasts,
        in English and Japanese): one source, ``jantaku.web.catalogue``."""
        return catalogue()

    @app.get("/api/presets", tags=["rules"])
    def presets() -> list[dict[str, Any]]:
        """Every rules preset with its name and summary in English and Japanese (``label``, ``summary``: the lobby
        names the presets before it has the rules editor's words), all its options (a room's settings are a preset
        plus options), and each number option's range (``bounds``: min, max and step, the same for every preset)."""
        bounds = option_bounds()
        return [
            {
                "name": r.name,
                "label": {"en": PRESET_TEXTS[r.name].en, "ja": PRESET_TEXTS[r.name].ja},
                "summary": {"en": PRESET_TEXTS[r.name].summary_en, "ja": PRESET_TEXTS[r.name].summary_ja},
                "description": r.description,
                "source": r.source,
                "options": r.options(),
                "bounds": bounds,
            }
            for r in PRESETS.values()
        ]

    @app.get("/api/options", tags=["rules"])
    def rule_options() -> dict[str, Any]:
        """The rules editor's words: every option's group, kind (bool, choice, number, list, set), label and
        one-line summary in English and Japanese, its values' words and range, and every preset's name and summary
        (``jantaku.rules.editor``)."""
        return editor_json()

    @app.get("/api/rooms", tags=["rooms"])
    def rooms() -> dict[str, Any]:
        """Public rooms, grouped by preset and length (private rooms are reached only by their ID)."""
        listing = lobby_of().listing()
        groups: dict[str, list[RoomListing]] = {}
        for r in listing:
            groups.setdefault(f"{r['preset']}/{r['length']}", []).append(r)
        return {"rooms": listing, "groups": groups}

    @app.get("/api/rooms/{room_id}", tags=["rooms"])
    def room(request: Request, room_id: str = Path(max_length=40)) -> dict[str, Any]:
        """A public room's state, by its ID. A private room answers 404 like a missing one (its people and
        watchers see it through the websocket), and a Room ID that names no public room costs the address one of
        its failed lookups: with none left, 429."""
        lobby = lobby_of()
        peer = lobby.guard.peer(client_address(request.client))
        try:
            found = lobby.room_by_id(room_id, peer)
        except RoomError as exc:
            if exc.code == "too_many_tries":
                raise HTTPException(429, str(exc), headers={"Retry-After": retry_after(peer)}) from None
            raise HTTPException(404, f"there is no public room {room_id[:20]!r}") from None
        if not found.settings.public or found.matched:
            peer.failed_lookups.spend()  # what a miss costs: a guess learns nothing from the budget either
            raise HTTPException(404, f"there is no public room {room_id[:20]!r}")
        return {**found.to_json()}

    app.include_router(profiles.router)

    @app.get("/api/games", tags=["games"])
    def games(
        player: str | None = Query(
            None, max_length=40, description="only games where this player id (an account's or a guest's) sat"
        ),
        limit: int = Query(50, ge=1, le=500),
        offset: int = Query(0, ge=0, le=MAX_OFFSET),
    ) -> dict[str, Any]:
        """Finished games, newest first, and the formats each one's log downloads in (``log_formats``); ``hands``
        true for a game whose hands are listed one by one (``/api/games/{id}/hands``: a riichi game's)."""
        listed = app.state.store.list_games(player, limit, offset)
        return {"games": [{**g, "hands": has_hands(g)} for g in listed], "log_formats": convert.downloads()}

    @app.get("/api/games/{game_id}", tags=["games"])
    def game(game_id: str = Path(max_length=64)) -> dict[str, Any]:
        """A finished game: seats, final scores and placements, the seed, and each hand's wall commitment and
        reveal, so anyone can check the walls. A running game is not served."""
        store: Store = app.state.store
        record = store.get_game(game_id)
        if record is None:
            status = app.state.store.game_status(game_id)
            if status == "running":
                raise HTTPException(409, "the game is still running: its record is served when it ends")
            raise HTTPException(404, f"there is no game {game_id!r}")
        return record

    def finished_log(game_id: str) -> str:
        """A finished game's log (ours); 409 for a running game (its log is secret until it ends), 404 unknown."""
        store: Store = app.state.store
        text = store.game_log(game_id)
        if text is None:
            status = store.game_status(game_id)
            if status == "running":
                raise HTTPException(409, "the game is still running: its log is served when it ends")
            raise HTTPException(404, f"there is no game {game_id!r}")
        return text

    def seat_names(game_id: str) -> list[str]:
        record = app.state.store.get_game(game_id) or {}
        return [str(s.get("nickname") or f"seat{i}") for i, s in enumerate(record.get("seats") or [])]

    def hand_documents(game_id: str, text: str) -> tuple[int, list[tuple[str, dict[str, Any]]]]:
        """The game's players and its hands as tenhou.net/6 documents (``convert.hand_documents``); 400 for a game
        that has no tenhou.net/6 form (Zung Jung)."""
        try:
            game = convert.read(text, "ours")
            options = convert.WriteOptions(names=seat_names(game_id) or None, title=game_id)
            return game.rules.players, convert.hand_documents(game, options)
        except convert.ConvertError as exc:
            raise HTTPException(400, f"this game has no tenhou.net/6 form: {exc}") from None

    @app.get("/api/games/{game_id}/log", tags=["games"], response_class=PlainTextResponse)
    def game_log(
        game_id: str = Path(max_length=64),
        fmt: str = Query(
            "ours",
            alias="format",
            max_length=20,
            description=f"the log's format: {', '.join(convert.writable())} (default ours)",
        ),
        hand: int | None = Query(
            None, ge=1, le=MAX_HANDS, description=f"one hand of the game (from 1), in {HAND_FORMAT} only"
        ),
    ) -> PlainTextResponse:
        """The finished game's log: ours (JSON lines, ``Game.replay`` rebuilds it) or converted from it (mjai
        lines, ...: ``jantaku.formats.convert``), as a download named for its format; with ``hand``, that hand
        alone as a tenhou.net/6 document (``/api/games/{id}/hands`` lists them)."""
        if fmt not in convert.writable():
            raise HTTPException(400, f"unknown log format {fmt[:20]!r}: {', '.join(convert.writable())}")
        if hand is not None and fmt != HAND_FORMAT:
            raise HTTPException(400, f"one hand is served as {HAND_FORMAT} only, not {fmt}")
        text = finished_log(game_id)
        media = LOG_MEDIA.get(fmt, "text/plain")
        filename = f"jantaku-{game_id}{convert.suffix(fmt)}"
        if hand is not None:
            _, hands = hand_documents(game_id, text)
            if hand > len(hands):
                raise HTTPException(404, f"the game has {len(hands)} hands, not {hand}")
            text = tenhou6.dumps(hands[hand - 1][1]) + "\n"
            filename = f"jantaku-{game_id}-{hand:02d}{convert.suffix(fmt)}"
        elif fmt != "ours":
            names = seat_names(game_id)
            try:
                game = convert.read(text, "ours")
                text = convert.write(game, fmt, convert.WriteOptions(names=names or None, title=game_id))
            except convert.ConvertError as exc:
                raise HTTPException(400, f"this game cannot be written as {fmt}: {exc}") from None
        headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
        return PlainTextResponse(text, media_type=media, headers=headers)

    @app.get("/api/games/{game_id}/hands", tags=["games"])
    def game_hands(game_id: str = Path(max_length=64)) -> dict[str, Any]:
        """A finished riichi game hand by hand, for the tenhou.net/6 viewer and NAGA (one hand a URL): each hand's
        number (from 1), label (``E1-0``), how it ended (``outcome``: ``convert.hand_outcome``; ``result``: the
        same in a few English words), its viewer address and its one-hand download. 409 while the game runs,
        400 for a game without a tenhou.net/6 form (Zung Jung)."""
        text = finished_log(game_id)
        names = seat_names(game_id)
        players, hands = hand_documents(game_id, text)
        entries = []
        for number, (label, doc) in enumerate(hands, 1):
            outcome = convert.hand_outcome(doc, players)
            entries.append(
                {
                    "hand": number,
                    "label": label,
                    "outcome": outcome,
                    "result": convert.describe_outcome(outcome, names),
                    "viewer": tenhou6.viewer_url(doc),
                    "json": f"/api/games/{game_id}/log?format={HAND_FORMAT}&hand={number}",
                }
            )
        return {"id": game_id, "names": names, "hands": entries}

    @app.websocket("/ws")
    async def ws(websocket: WebSocket) -> None:
        """One client: ``hello`` within ``hello_timeout``, then a message at least every ``idle_timeout``."""
        origin, host = websocket.headers.get("origin"), websocket.headers.get("host")
        if not origin_allowed(origin, host, origins):
            log.debug("websocket refused: origin %r is not this host (%r) nor allowed", origin, host)
            await websocket.close(code=1008)  # before accept: the handshake gets 403
            return
        lobby = lobby_of()
        peer = lobby.guard.peer(client_address(websocket.client))
        await websocket.accept()
        if not lobby.guard.open_websocket(peer):
            most = settings.max_websockets_per_address
            refusal = error("too_many_connections", f"at most {most} connections from one address at once")
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps(refusal))
                await websocket.close(code=1008)
            return
        try:
            conn = Connection(settings, peer)
            if cookie_origin_allowed(origin, host, origins):  # a browser's login (HttpOnly: no script has it)
                conn.cookie_session = websocket.cookies.get(COOKIE)
            await serve_websocket(websocket, lobby, conn)
        finally:
            lobby.guard.close_websocket(peer)

    async def serve_websocket(websocket: WebSocket, lobby: Lobby, conn: Connection) -> None:
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + settings.hello_timeout

        async def writer() -> None:
            while True:
                text = await conn.out.get()
                if text is None:
                    break
                await websocket.send_text(text)
            with contextlib.suppress(Exception):
                await websocket.close()

        task = loop.create_task(writer())
        try:
            async with asyncio.timeout(None) as deadline:
                while not conn.closed:
                    deadline.reschedule(hello_by if conn.holder is None else loop.time() + settings.idle_timeout)
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        break
                    text = message.get("text")
                    if text is None:
                        data = message.get("bytes") or b""
                        try:
                            text = data.decode()
                        except UnicodeDecodeError:
                            conn.send(error("bad_json", "the message is not UTF-8 text"))
                            continue
                    session = hello_session(lobby, conn, text)
                    if session is not None:  # the database read of a hello, off the loop
                        found = await asyncio.to_thread(lobby.store.session, token_hash(session), datetime.now(UTC))
                        conn.looked_up = (session, found)
                    handle(lobby, conn, text)
        except TimeoutError:
            if conn.holder is None:
                conn.send(error("hello_timeout", f"say hello within {settings.hello_timeout:g} seconds"))
            else:
                conn.send(error("idle_timeout", f"nothing heard for {settings.idle_timeout:g} seconds"))
            conn.close(deliver=True)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            lobby.disconnected(conn)
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, 2)

    return app
