"""The replay viewer's endpoints: a finished game's timeline (``GET /api/replays/{id}``), an uploaded file's
(``POST /api/replays``), and the page itself at ``/replay/{id}`` (a shareable address: the browser's client, which
reads the id from it). docs/replays.md describes the data.

A timeline takes about half a second to compute and a few hundred kilobytes to send, and a shared replay is asked
for by many at once: the last few are kept as their JSON text (``TimelineCache``, by id and seat). A finished game
never changes, so they never go stale; the names around them are read afresh (a deleted account's name changes).
Every game is checked on every request all the same (``GameSources.get``): a running game is never served.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path as FilePath

from fastapi import APIRouter, HTTPException, Path, Query, Request, Response
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from jantaku.formats import convert
from jantaku.review.timeline import timeline
from jantaku.server.accounts import WindowLimiter
from jantaku.server.credentials import address
from jantaku.server.sources import GameSources, Source, SourceError

#: how many timelines are kept as JSON text (an East-South game's is about 0.6 MB)
CACHED = 16
#: and the most characters they hold together: an uploaded game may be far longer than a game played here
CACHED_CHARS = 32 * 1024 * 1024
#: the most seats a game has (4); a seat past the game's own is refused by the timeline
MAX_SEAT = 3
#: uploads read and replayed at once (a file of up to 20 MB becomes many times that in memory while it is read, and
#: a second of CPU time): past them an upload is answered 503 at once, its body already refused
UPLOADING = 2
#: uploads one address may send in ten minutes: each is read, replayed and kept in memory, and may be reviewed;
#: a person opening their logs one by one stays far below it
UPLOADS_PER_ADDRESS = 30
#: what a busy server asks the browser to wait, in seconds (``Retry-After``)
RETRY_AFTER = 5


class TimelineCache:
    """The JSON text of the last ``size`` timelines by (source id, seat), at most ``chars`` characters of them
    together; safe across the worker threads."""

    def __init__(self, size: int = CACHED, chars: int = CACHED_CHARS) -> None:
        self.size = size
        self.chars = chars
        self.kept: OrderedDict[tuple[str, int | None], str] = OrderedDict()
        self.held = 0  # characters of the texts kept
        self.lock = threading.Lock()

    def get(self, source: Source, seat: int | None) -> str:
        """The timeline of ``source`` for ``seat`` as JSON text (without the id and names: ``answer`` adds them)."""
        key = (source.id, seat)
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
                return found
        try:
            text = json.dumps(timeline(source.lines, seat), separators=(",", ":"))
        except ValueError as exc:  # a seat the game has not (a log that does not replay cannot be stored)
            raise HTTPException(400, str(exc)) from None
        with self.lock:
            if key not in self.kept:  # (another request may have computed it meanwhile)
                self.kept[key] = text
                self.held += len(text)
            self.kept.move_to_end(key)
            while self.kept and (len(self.kept) > self.size or self.held > self.chars):
                self.held -= len(self.kept.popitem(last=False)[1])
        return text


def answer(source: Source, body: str) -> Response:
    """The timeline's JSON text with the source's id, kind, format and names in front."""
    head = json.dumps(
        {"id": source.id, "kind": source.kind, "format": source.format, "names": list(source.names)},
        separators=(",", ":"),
    )
    return Response(head[:-1] + "," + body[1:], media_type="application/json")


def parse_seat(seat: str) -> int | None:
    """``all`` (every hand open: None) or a seat number; 400 otherwise."""
    if seat == "all":
        return None
    if seat.isascii() and seat.isdigit() and int(seat) <= MAX_SEAT:  # (str.isdigit also passes "³", which int refuses)
        return int(seat)
    raise HTTPException(400, f"seat is 'all' or a seat number from 0 to {MAX_SEAT}, not {seat[:10]!r}")


def refused(exc: SourceError) -> HTTPException:
    return HTTPException(exc.status, exc.message)


async def read_bounded(request: Request, limit: int) -> bytes:
    """The request's body, refused (413) past ``limit`` bytes before more is read."""
    declared = request.headers.get("content-length", "")
    too_big = HTTPException(413, f"the file is larger than {limit // (1024 * 1024)} MB")
    if declared.isdigit() and int(declared) > limit:
        raise too_big
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


def replay_router(
    sources_of: Callable[[], GameSources],
    index_html: FilePath,
    cache: TimelineCache | None = None,
    uploading: int = UPLOADING,
    per_address: WindowLimiter | None = None,
) -> APIRouter:
    """The replay endpoints on the sources ``sources_of()`` gives (the app's, made at start); ``index_html`` is
    the page served at ``/replay/{id}``; at most ``uploading`` uploads are read into games at once, and one address
    sends at most ``per_address``'s count in its window (``UPLOADS_PER_ADDRESS`` in ten minutes by default)."""
    router = APIRouter()
    timelines = cache or TimelineCache()
    limiter = per_address if per_address is not None else WindowLimiter(per_key=UPLOADS_PER_ADDRESS, window=600.0)
    busy = [0]  # uploads being read into games (counted on the event loop's thread alone)
    seat_query = Query("all", max_length=10, description="'all' (every hand open) or a seat number: that seat's view")

    @router.get("/api/replays/{source_id}", tags=["replays"])
    def replay(source_id: str = Path(max_length=64), seat: str = seat_query) -> Response:
        """A finished game (or an upload's id) as the replay viewer draws it: steps of events and frame patches,
        the hands index and the final result (docs/replays.md). With a seat, only what that seat saw. 409 while the
        game runs, 404 unknown (or an upload no longer kept), 400 a seat the game has not."""
        chosen = parse_seat(seat)
        try:
            source = sources_of().get(source_id)
        except SourceError as exc:
            raise refused(exc) from None
        return answer(source, timelines.get(source, chosen))

    @router.post("/api/replays", tags=["replays"])
    async def upload(
        request: Request,
        name: str = Query("upload", max_length=200, description="the file's name (its extension names the format)"),
        seat: str = seat_query,
    ) -> Response:
        """A game log file (the request's body: ours, mjai lines, tenhou.net/6 JSON or a Tenhou mjlog, gzipped or
        not) answered as ``GET /api/replays/{id}`` answers, with the upload's ``id`` to ask for other seats and
        for its review. 413 past the converter's bound, 400 with the converter's reason when it cannot be read, 503
        while the server reads as many other files as it reads at once, 429 past an address's uploads."""
        chosen = parse_seat(seat)
        wait = limiter.take(address(request))
        if wait > 0:
            raise HTTPException(
                429, "too many files from this address: try again later", {"Retry-After": str(max(1, round(wait)))}
            )
        data = await read_bounded(request, convert.MAX_BYTES)
        if busy[0] >= uploading:
            raise HTTPException(
                503, "the server is reading other files: try again shortly", {"Retry-After": str(RETRY_AFTER)}
            )
        busy[0] += 1
        try:
            source = await run_in_threadpool(sources_of().upload, data, name)
            body = await run_in_threadpool(timelines.get, source, chosen)
        except SourceError as exc:
            raise refused(exc) from None
        finally:
            busy[0] -= 1
        return answer(source, body)

    @router.get("/replay/{source_id}", include_in_schema=False)
    def replay_page(source_id: str = Path(max_length=64)) -> FileResponse:
        """The browser's page: it reads the id (and ``seat``, ``step``) from its address."""
        return FileResponse(index_html, headers={"Cache-Control": "no-cache"})

    return router
