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
        self._waiting: dict[SeatHolder, tuple[str, str | None]] = {}  # each person's key and chosen power

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
        self._waiting[holder] = (key, power)
        needed = settings.rules().players
        if len(queue) < needed:
            return []
        group, rest = queue[:needed], queue[needed:]
        if rest:
            self.queues[key] = rest
        else:
            del self.queues[key]
        return [(p, self._waiting.pop(p)[1]) for p in group]

    def waiting(self, settings: RoomSettings) -> list[SeatHolder]:
        """Who waits for ``settings`` now."""
        return list(self.queues.get(settings.key(), []))

    def leave(self, holder: SeatHolder) -> None:
        """Take ``holder`` out of their queue (nothing if they wait in none)."""
        entry = self._waiting.pop(holder, None)
        if entry is None:
            return
        queue = self.queues.get(entry[0], [])
        if holder in queue:
            queue.remove(holder)
        if not queue:
            self.queues.pop(entry[0], None)
