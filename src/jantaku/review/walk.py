"""A finished game replayed decision by decision, cut into the steps a viewer shows.

A *step* is what one recorded decision caused (the events ``Game.apply`` returned): a discard and the next draw, a
call, a win ... Decisions that change nothing visible (a pass that leaves the claim window open) make no step, and
neither do the match clock and fault notes. Step 0 is the deal of the first hand. A win or a draw that ends a hand
comes back from the engine together with the next hand's deal; it is cut in two so a viewer can show the result over
the table as the hand left it: the first part (the win, ``end_kyoku``, and ``end_game`` after the last hand) keeps the
previous picture (``same_frame``), the second (``start_kyoku`` and the dealer's draw) shows the new hand.

``walk`` yields, in order, a ``Point`` before each recorded decision (the game as the decider found it: read it there
and then, it moves on) and a ``Step`` after each step (the game as the step left it). ``Point.step`` is the index of
the step whose picture shows the moment of the decision, so a reviewer's decision links to the viewer's frame.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from jantaku.engine import Game
from jantaku.engine.actions import Action, action_from_json
from jantaku.engine.events import Event

#: events that change nothing a viewer draws: no step of their own
QUIET = frozenset({"clock", "fault"})


@dataclass(frozen=True, slots=True)
class Step:
    """One step: its ``index`` (from 0), its ``events``, who decided it (``actor``; None for the deal and the
    game's abandonment), which hand it belongs to (``hand``, from 0), and ``same_frame``: the picture is the previous
    step's (the first part of a hand's end; ``game`` has already moved on to the next deal)."""

    index: int
    events: tuple[Event, ...]
    actor: int | None
    hand: int
    same_frame: bool
    game: Game


@dataclass(frozen=True, slots=True)
class Point:
    """A decision about to be played: ``actor`` plays ``action`` in ``game`` as it stands (the live replaying game),
    at the moment step ``step`` shows."""

    actor: int
    action: Action
    step: int
    game: Game


def _split(events: list[Event]) -> list[list[Event]]:
    """A hand's end and the next deal, returned together by the engine, as two steps."""
    for i, e in enumerate(events):
        if e.type == "start_kyoku" and i > 0:
            return [events[:i], events[i:]]
    return [events]


def walk(log: Sequence[str] | str) -> Iterator[Point | Step]:
    """Replays ``log`` (a game's JSON lines, ``Game.log``; a ``ValueError`` or ``IllegalAction`` names a line that
    cannot be replayed) and yields the points and steps described above."""
    lines = log.splitlines() if isinstance(log, str) else list(log)
    numbered = [line for line in lines if line.strip()]
    if not numbered:
        raise ValueError("a game's log is needed (its header line first); this one is empty")
    game = Game.replay(numbered[:1])
    index = 0
    hand = 0
    yield Step(0, tuple(game.opening), None, 0, False, game)
    for line in numbered[1:]:
        rec = json.loads(line)
        kind = rec.get("type")
        if kind == "act":
            actor = int(rec["actor"])
            action = action_from_json(rec["action"])
            yield Point(actor, action, index, game)
            events = game.apply(actor, action)
        elif kind == "clock":
            events = game.clock(rec["info"]["minutes"])
            actor = None
        elif kind == "abandon":
            events = game.abandon()
            actor = None
        elif kind == "fault":
            game.fault(rec["actor"], rec["info"]["reason"])
            continue
        else:
            continue  # an event line: the engine makes its own
        if all(e.type in QUIET for e in events):
            continue
        parts = _split(events)
        for n, part in enumerate(parts):
            if n > 0:
                hand += 1
            index += 1
            same = len(parts) > 1 and n == 0
            yield Step(index, tuple(part), actor if n == 0 else None, hand, same, game)
