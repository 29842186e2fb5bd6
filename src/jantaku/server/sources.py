"""The finished games the replay viewer and the reviewer read: a stored game by its id, or a file a user uploaded.

Both end as our log (``Game.log``), whatever the file's format (``jantaku.formats.convert`` reads every format
into our game), so everything built on ``review.walk`` serves both alike. A stored game is served only once it is
over: a running game's log would show its hidden tiles. Uploads are kept in memory only, the last few (an LRU):
an upload is a viewing, not a record; its id is the hash of its bytes, so the same file uploaded again is the same
source, and an id that fell out of memory asks for the file again (docs/replays.md).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import PurePath

from jantaku.formats import convert
from jantaku.server.store import Store

#: the id of an upload: this prefix and the first 16 hex digits of the SHA-256 of its bytes
UPLOAD_PREFIX = "up-"
#: how ``convert.decode`` says a gzipped file unpacks past its bound (answered 413, as a file too big is)
UNPACKED_TOO_BIG = "unpacks to more than"
#: the longest file name kept of an upload (its extension and a Tenhou log id in it matter; the rest does not)
MAX_NAME = 200
#: the most characters of our log the kept uploads hold together (an East-South game's log is 100-200 KB): the
#: uploads are bounded by their number and by their size, since a file of up to ``convert.MAX_BYTES`` may be kept
UPLOADS_CHARS = 32 * 1024 * 1024
#: the most lines of our log an upload's game may have: a long East-South game has about 3,500, but a made-up
#: record within the file's bound can hold far more hands (an aborted hand renews the dealer without end), and a
#: game's replay and review cost time and memory in its length
MAX_LINES = 30_000


@dataclass(frozen=True, slots=True)
class Source:
    """A finished game to replay: ``id`` (a stored game's, or ``up-`` + hash of an upload), ``lines`` (our log),
    the seats' ``names`` ("" where none is known), ``kind`` ("stored" or "upload") and the ``format`` it was read
    from ("ours", "mjlog", "tenhou6", "mjai")."""

    id: str
    lines: tuple[str, ...]
    names: tuple[str, ...]
    kind: str
    format: str


class SourceError(Exception):
    """A source that cannot be served: ``status`` is the HTTP status it means (404 unknown, 409 running,
    400 unreadable, 413 too big) and ``message`` says why in words a person can act on."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def upload_id(data: bytes) -> str:
    """The id of an uploaded file: the same bytes, the same id."""
    return UPLOAD_PREFIX + hashlib.sha256(data).hexdigest()[:16]


class GameSources:
    """Stored games through ``store``, uploads in memory (the last ``uploads`` of them, at most ``chars``
    characters of logs together, the newest always kept). Safe to call from the
    server's worker threads at once (the endpoints are synchronous)."""

    def __init__(self, store: Store, uploads: int = 32, chars: int = UPLOADS_CHARS) -> None:
        self.store = store
        self.capacity = max(1, uploads)
        self.chars = chars
        self._uploads: OrderedDict[str, Source] = OrderedDict()
        self._kept = 0  # characters of the kept uploads' logs
        self._lock = threading.Lock()

    def get(self, source_id: str) -> Source:
        """The source ``source_id``: a finished stored game (``SourceError`` 409 while it runs, 404 unknown) or an
        upload still in memory (404 once forgotten: upload it again)."""
        if source_id.startswith(UPLOAD_PREFIX):
            with self._lock:
                found = self._uploads.get(source_id)
                if found is not None:
                    self._uploads.move_to_end(source_id)
                    return found
            raise SourceError(404, f"the upload {source_id!r} is no longer kept: upload the file again")
        return self._stored(source_id)

    def _stored(self, game_id: str) -> Source:
        text = self.store.game_log(game_id)
        if text is None:
            if self.store.game_status(game_id) == "running":
                raise SourceError(409, "the game is still running: it can be watched again once it ends")
            raise SourceError(404, f"there is no game {game_id!r}")
        lines = tuple(line for line in text.splitlines() if line.strip())
        record = self.store.get_game(game_id) or {}
        names = tuple(str(s.get("nickname") or "") for s in record.get("seats") or [])
        return Source(game_id, lines, names, "stored", "ours")

    def upload(self, data: bytes, filename: str) -> Source:
        """A file in any format the converter reads (``filename``'s extension, or its content, says which), read
        into our game and kept among the last uploads. ``SourceError`` 413 past ``convert.MAX_BYTES`` or for a game
        longer than ``MAX_LINES``, 400 with the converter's reason when it cannot be read."""
        if len(data) > convert.MAX_BYTES:
            raise SourceError(413, f"the file is larger than {convert.MAX_BYTES // (1024 * 1024)} MB")
        source_id = upload_id(data)
        with self._lock:
            found = self._uploads.get(source_id)
            if found is not None:
                self._uploads.move_to_end(source_id)
                return found
        name = PurePath(filename.replace("\\", "/")).name[-MAX_NAME:] or "upload"
        try:
            text = convert.decode(data, name)
            fmt = convert.detect(name, text)
            log = convert.read_log(text, fmt, convert.ReadOptions(source=name))
        except convert.ConvertError as exc:  # a gzip that unpacks past the bound is too big, not unreadable
            status = 413 if UNPACKED_TOO_BIG in str(exc) else 400
            raise SourceError(status, str(exc)) from None
        if len(log.game.log) > MAX_LINES:
            raise SourceError(413, f"the game is too long to replay here: more than {MAX_LINES} lines of our log")
        players = log.game.rules.players
        names = tuple(log.names[:players]) if log.names else ("",) * players
        source = Source(source_id, tuple(log.game.log), names, "upload", fmt)
        with self._lock:
            if source_id not in self._uploads:
                self._uploads[source_id] = source
                self._kept += _chars(source)
            self._uploads.move_to_end(source_id)
            while len(self._uploads) > 1 and (len(self._uploads) > self.capacity or self._kept > self.chars):
                self._kept -= _chars(self._uploads.popitem(last=False)[1])
        return source


def _chars(source: Source) -> int:
    return sum(len(line) for line in source.lines)
