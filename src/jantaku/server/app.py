"""The FastAPI application: the websocket at ``/ws`` (protocol in ``docs/protocol.md``) and a small REST API
(rules presets, the lobby's public rooms, finished games and their logs). The OpenAPI schema is at
``/openapi.json``, browsable at ``/docs``."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, HTTPException, Query, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

from jantaku.rules import PRESETS
from jantaku.rules.ruleset import option_bounds
from jantaku.server import upkeep
from jantaku.server.config import Settings
from jantaku.server.connection import Connection
from jantaku.server.handlers import handle
from jantaku.server.lobby import Lobby
from jantaku.server.protocol import PROTOCOL_VERSION, RoomListing, error
from jantaku.server.store import Store
from jantaku.web import STATIC_DIR
from jantaku.web.catalogue import catalogue

log = logging.getLogger("jantaku.server")


#: A full garbage collection walks every live object. Under load the CPUs' memo tables and the running games hold
#: about half a million, and the automatic full collections stopped the event loop for 0.1-0.4 s every few seconds:
#: most of the p99 of an action's round trip (bench/server_load.py). While a server runs they are off; the sweeper
#: runs one this often instead (they find little: hardly anything here is freed only by the cycle collector), and the
#: young generations are still collected as usual.
FULL_GC_SECONDS = 600.0


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


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if not settings.db:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
        store = Store(settings.db_url)
        lobby = Lobby(settings, store)
        app.state.lobby, app.state.store = lobby, store
        await asyncio.to_thread(_warm_up)
        restored = upkeep.restore(lobby)
        if restored:
            log.info("resumed %d running game(s)", restored)

        async def sweeper() -> None:
            full_gc = time.monotonic()
            while True:
                await asyncio.sleep(30)
                upkeep.sweep_rooms(lobby)
                if time.monotonic() - full_gc >= FULL_GC_SECONDS:
                    gc.collect()
                    full_gc = time.monotonic()

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
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

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
        """Every rules preset with all its options (a room's settings are a preset plus options), and each number
        option's range (``bounds``: min, max and step, the same for every preset)."""
        bounds = option_bounds()
        return [
            {"name": r.name, "description": r.description, "source": r.source, "options": r.options(), "bounds": bounds}
            for r in PRESETS.values()
        ]

    @app.get("/api/rooms", tags=["rooms"])
    def rooms() -> dict[str, Any]:
        """Public rooms, grouped by preset and length (private rooms are reached only by their ID)."""
        listing = lobby_of().listing()
        groups: dict[str, list[RoomListing]] = {}
        for r in listing:
            groups.setdefault(f"{r['preset']}/{r['length']}", []).append(r)
        return {"rooms": listing, "groups": groups}

    @app.get("/api/rooms/{room_id}", tags=["rooms"])
    def room(room_id: str) -> dict[str, Any]:
        """A room's public state (any room, by its ID)."""
        from jantaku.server.ids import normalize_room_id

        found = lobby_of().rooms.get(normalize_room_id(room_id))
        if found is None:
            raise HTTPException(404, f"there is no room {room_id!r}")
        return {**found.to_json()}

    @app.get("/api/games", tags=["games"])
    def games(
        player: str | None = Query(None, max_length=40, description="only games where this nickname sat"),
        limit: int = Query(50, ge=1, le=500),
        offset: int = Query(0, ge=0),
    ) -> dict[str, Any]:
        """Finished games, newest first."""
        return {"games": app.state.store.list_games(player, limit, offset)}

    @app.get("/api/games/{game_id}", tags=["games"])
    def game(game_id: str) -> dict[str, Any]:
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

    @app.get("/api/games/{game_id}/log", tags=["games"], response_class=PlainTextResponse)
    def game_log(game_id: str) -> PlainTextResponse:
        """The finished game's JSON-lines log (``Game.replay`` rebuilds it)."""
        text = app.state.store.game_log(game_id)
        if text is None:
            status = app.state.store.game_status(game_id)
            if status == "running":
                raise HTTPException(409, "the game is still running: its log is served when it ends")
            raise HTTPException(404, f"there is no game {game_id!r}")
        headers = {"Content-Disposition": f'attachment; filename="jantaku-{game_id}.jsonl"'}
        return PlainTextResponse(text, media_type="application/x-ndjson", headers=headers)

    @app.websocket("/ws")
    async def ws(websocket: WebSocket) -> None:
        await websocket.accept()
        lobby = lobby_of()
        conn = Connection(settings)

        async def writer() -> None:
            while True:
                text = await conn.out.get()
                if text is None:
                    break
                await websocket.send_text(text)
            with contextlib.suppress(Exception):
                await websocket.close()

        task = asyncio.get_running_loop().create_task(writer())
        try:
            while not conn.closed:
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
                handle(lobby, conn, text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            lobby.disconnected(conn)
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, 2)

    return app
