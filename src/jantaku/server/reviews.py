"""The reviewer's endpoint: ``GET /api/reviews/{id}?seat=N``, a finished game (or an upload) reviewed for one seat
by the strong CPU (``review.reviewer``; docs/review.md), with the configured outside reviewer's values beside.

A review costs a fraction of a second with the strong CPU alone and up to the outside reviewer's time limit with
one, so it runs in a worker thread (the endpoint is synchronous), at most ``PARALLEL`` at once (the others wait their
turn), and the last few are kept (an LRU by id and seat): a finished game never changes. Every request checks the
game all the same (``GameSources.get``): a running game is never reviewed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import APIRouter, HTTPException, Path, Query

from jantaku.review.outside import outside_values
from jantaku.review.reviewer import review
from jantaku.server.config import Settings
from jantaku.server.sources import GameSources, Source, SourceError

#: reviews kept (an East-South game's is about 200 KB of JSON)
CACHED = 32
#: reviews computed at once; more requests wait for a turn
PARALLEL = 2
#: the most seats a game has (4); a seat past the game's own is refused by the reviewer
MAX_SEAT = 3
#: seconds an outside reviewer has for a whole game when the configuration does not say
OUTSIDE_SECONDS = 120.0


def configured_outside(settings: Settings | None) -> tuple[tuple[str, ...] | None, float]:
    """The outside reviewer's argument list (None: none configured) and its seconds, from the server's settings
    (``Settings.outside_reviewer()`` and ``reviewer_seconds``)."""
    if settings is None:
        return None, OUTSIDE_SECONDS
    argv = settings.outside_reviewer()
    return (tuple(argv) if argv else None), float(settings.reviewer_seconds)


class Reviews:
    """Reviews by (source id, seat): computed at most ``parallel`` at once, the last ``size`` kept; safe across the
    server's worker threads."""

    def __init__(
        self,
        outside: Sequence[str] | None = None,
        seconds: float = OUTSIDE_SECONDS,
        *,
        size: int = CACHED,
        parallel: int = PARALLEL,
    ) -> None:
        self.outside = tuple(outside) if outside else None
        self.seconds = seconds
        self.size = size
        self.kept: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self.lock = threading.Lock()
        self.turns = threading.BoundedSemaphore(max(1, parallel))
        self.computed = 0  # reviews computed (not served from the cache): for the tests and the bench

    def cached(self, key: tuple[str, int]) -> dict[str, Any] | None:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def get(self, source: Source, seat: int) -> dict[str, Any]:
        """The review of ``seat`` in ``source`` (400 for a seat the game has not)."""
        key = (source.id, seat)
        found = self.cached(key)
        if found is not None:
            return found
        with self.turns:
            found = self.cached(key)  # computed by another request while this one waited
            if found is not None:
                return found
            out = self.compute(source, seat)
        with self.lock:
            self.kept[key] = out
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return out

    def compute(self, source: Source, seat: int) -> dict[str, Any]:
        players = len(source.names) if source.names else None
        if players is not None and seat >= players:
            raise HTTPException(400, f"seat {seat} is not at this table (seats 0..{players - 1})")
        theirs = None
        if self.outside is not None:
            theirs = outside_values(source.lines, seat, list(self.outside), timeout=self.seconds)
        try:
            out = review(source.lines, seat, names=source.names, outside=theirs)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        self.computed += 1
        return {"id": source.id, **out}


def review_router(sources_of: Callable[[], GameSources], settings: Settings | None = None) -> APIRouter:
    """The review endpoint on the sources ``sources_of()`` gives (the app's, made at start); ``settings``: the
    server's, for the outside reviewer (``configured_outside``)."""
    router = APIRouter()
    reviews = Reviews(*configured_outside(settings))

    @router.get("/api/reviews/{source_id}", tags=["replays"])
    def get_review(
        source_id: str = Path(max_length=64),
        seat: int = Query(ge=0, le=MAX_SEAT, description="the seat whose decisions are reviewed"),
    ) -> dict[str, Any]:
        """A finished game (or an upload's id) reviewed for ``seat``: each decision of the seat with the strong
        CPU's options ranked, the option played and the loss (docs/review.md). 409 while the game runs, 404
        unknown (or an upload no longer kept), 400 a seat the game has not."""
        try:
            source = sources_of().get(source_id)
        except SourceError as exc:
            raise HTTPException(exc.status, exc.message) from None
        return reviews.get(source, seat)

    return router
