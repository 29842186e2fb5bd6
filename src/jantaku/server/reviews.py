"""The reviewer's endpoint: ``GET /api/reviews/{id}?seat=N``, a finished game (or an upload) reviewed for one seat
by the strong CPU (``review.reviewer``; docs/review.md), with the configured outside reviewer's values beside.

A review costs a fraction of a second with the strong CPU alone and up to the outside reviewer's time limit with
one, so it runs in a worker thread (the endpoint is synchronous), at most ``PARALLEL`` at once (the others wait their
turn, a few of them: past those the answer is 503, so waiting reviews never take every worker thread the server's
other endpoints share), and the last few are kept (an LRU by id and seat): a finished game never changes. Every
request checks the game all the same (``GameSources.get``): a running game is never reviewed.
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
#: and the most decisions they hold together (an East-South game's seat has 150-350): an uploaded game may be far
#: longer than a game played here, and a review's size grows with its decisions
CACHED_DECISIONS = 20_000
#: reviews computed at once; more requests wait for a turn
PARALLEL = 2
#: requests that may wait for a turn; past them a request is answered 503 at once: each waiting request holds one of
#: the server's worker threads, which every synchronous endpoint shares, for up to the outside reviewer's time
WAITING = 8
#: what a busy reviewer asks the browser to wait, in seconds (``Retry-After``)
RETRY_AFTER = 10
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
    """Reviews by (source id, seat): computed at most ``parallel`` at once with at most ``waiting`` more requests
    waiting their turn (503 past them), the last ``size`` kept (at most ``decisions`` decisions of them together: one
    too big for that is served, not kept); safe across the server's worker threads."""

    def __init__(
        self,
        outside: Sequence[str] | None = None,
        seconds: float = OUTSIDE_SECONDS,
        *,
        size: int = CACHED,
        decisions: int = CACHED_DECISIONS,
        parallel: int = PARALLEL,
        waiting: int = WAITING,
    ) -> None:
        self.outside = tuple(outside) if outside else None
        self.seconds = seconds
        self.size = size
        self.decisions = decisions
        self.held = 0  # decisions in the reviews kept
        self.kept: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self.lock = threading.Lock()
        self.turns = threading.BoundedSemaphore(max(1, parallel))
        self.admitted = threading.BoundedSemaphore(max(1, parallel) + max(0, waiting))  # computing or waiting
        self.computed = 0  # reviews computed (not served from the cache): for the tests and the bench

    def cached(self, key: tuple[str, int]) -> dict[str, Any] | None:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def get(self, source: Source, seat: int) -> dict[str, Any]:
        """The review of ``seat`` in ``source`` (400 for a seat the game has not), with the names ``source`` has
        now: a kept review outlives a name (a deleted account's seats are renamed in its games)."""
        found = self._get(source, seat)
        return {**found, "names": list(source.names)}

    def _get(self, source: Source, seat: int) -> dict[str, Any]:
        key = (source.id, seat)
        found = self.cached(key)
        if found is not None:
            return found
        if not self.admitted.acquire(blocking=False):
            raise HTTPException(
                503, "the reviewer is busy with other games: try again shortly", {"Retry-After": str(RETRY_AFTER)}
            )
        try:
            with self.turns:
                found = self.cached(key)  # computed by another request while this one waited
                if found is not None:
                    return found
                out = self.compute(source, seat)
        finally:
            self.admitted.release()
        with self.lock:
            if key not in self.kept:
                self.kept[key] = out
                self.held += len(out["decisions"])
            self.kept.move_to_end(key)
            while self.kept and (len(self.kept) > self.size or self.held > self.decisions):
                self.held -= len(self.kept.popitem(last=False)[1]["decisions"])
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
        unknown (or an upload no longer kept), 400 a seat the game has not, 503 while the reviewer is busy."""
        try:
            source = sources_of().get(source_id)
        except SourceError as exc:
            raise HTTPException(exc.status, exc.message) from None
        return reviews.get(source, seat)

    return router
