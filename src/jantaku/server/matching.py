"""Auto-matching: people who asked for a game with the same settings wait in one queue until there are enough of
them for a table.

Settings match when their key does (``RoomSettings.key``: the rules in force and the timers; superpowers on or off
is part of the rules). Each person may bring the superpower they chose for the matched game. The lobby seats a
matched group and starts its game; this module only keeps the queues.
"""

from __future__ import annotations

from jantaku.server.connection import SeatHolder
from jantaku.server.rooms import RoomSettings


class Matchmaker:
    """The queues, by settings key, and what each waiting person chose."""

    def __init__(self) -> None:
        #: the people waiting, in arrival order, by settings key; no empty queue is kept
        self.queues: dict[str, list[SeatHolder]] = {}
        #: each waiting person's queue key, settings and chosen power
        self._waiting: dict[SeatHolder, tuple[str, RoomSettings, str | None]] = {}

    def queued(self, holder: SeatHolder) -> bool:
        return holder in self._waiting

    def join(
        self, holder: SeatHolder, settings: RoomSettings, power: str | None
    ) -> list[tuple[SeatHolder, str | None]]:
        """Queue ``holder`` (who is in no queue) for ``settings``. When enough wait, the first of them leave the
        queue together and are returned, first come first, each with the power they chose; else nothing."""
        key = settings.key()
        queue = self.queues.setdefault(key, [])
        queue.append(holder)
        self._waiting[holder] = (key, settings, power)
        needed = settings.rules().players
        if len(queue) < needed:
            return []
        group, rest = queue[:needed], queue[needed:]
        if rest:
            self.queues[key] = rest
        else:
            del self.queues[key]
        return [(p, self._waiting.pop(p)[2]) for p in group]

    def waiting(self, settings: RoomSettings) -> list[SeatHolder]:
        """Who waits for ``settings`` now."""
        return list(self.queues.get(settings.key(), []))

    def settings_of(self, holder: SeatHolder) -> RoomSettings | None:
        """The settings ``holder`` waits for (None: in no queue)."""
        entry = self._waiting.get(holder)
        return None if entry is None else entry[1]

    def leave(self, holder: SeatHolder) -> RoomSettings | None:
        """Take ``holder`` out of their queue; the settings of the queue they left (None: they waited in none),
        so that the lobby can tell the others in it their new number."""
        entry = self._waiting.pop(holder, None)
        if entry is None:
            return None
        key, settings, _ = entry
        queue = self.queues.get(key, [])
        if holder in queue:
            queue.remove(holder)
        if not queue:
            self.queues.pop(key, None)
        return settings
