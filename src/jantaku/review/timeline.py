"""A finished game as the replay viewer draws it: ``walk``'s steps, each with the picture it leaves, sent as patches.

The viewer jumps anywhere (a hand from the list, a reviewer's decision), so it keeps every frame; sending each frame
whole would be megabytes, and most of a frame does not change in a step (one discard touches one river and one
hand). So each step carries the patch from the previous frame to its own (``diff``), and the client rebuilds the
frames by applying them in order (``apply``), copying only along the patched paths, so the frames share what did
not change. The shapes are in docs/replays.md.

A frame is what a seat saw at the live table (``seat_view`` without the decision's prompt: no other seat's
concealed tiles, no wall, no unrevealed indicator), and the step's events are redacted for that seat as the live
table redacted them (``engine.events.redact``): a replay for one seat shows only what that player knew then. With
no seat every hand is open: the frame adds each seat's hand, the wall (live and dead) and veiled discards' faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.engine import Game
from jantaku.engine.actions import DeclareNoten, DeclareTenpai, Pass
from jantaku.engine.events import Event, redact
from jantaku.engine.match import MatchState
from jantaku.engine.view import seat_view
from jantaku.review.walk import Point, Step, walk

#: A path into a frame (dict keys and list indices) and a patch: ``[path, value]`` sets, ``[path]`` deletes a key.
Path = list[str | int]
Patch = list[list[Any]]

#: the events that end a hand: a result the hands index lists
RESULTS = ("hora", "ryukyoku")
#: decisions the table does not show: who passed a claim, or who was asked to declare tenpai (only a waiting seat
#: is), is another seat's secret, so a seat's replay names no decider for the step such a decision closes
UNSEEN = (Pass, DeclareTenpai, DeclareNoten)


# ------------------------------------------------------------------------------------------------- patches
def diff(old: Any, new: Any) -> Patch:
    """The patch that turns JSON data ``old`` into ``new``: dicts compared key by key, lists of the same length
    index by index, anything else (a list whose length changed, a changed value or type) set whole at its path.
    Equal parts send nothing, so ``diff(a, a) == []``."""
    out: Patch = []
    _diff(old, new, [], out)
    return out


def _diff(old: Any, new: Any, path: Path, out: Patch) -> None:
    if type(old) is not type(new):  # (True and 1 are equal in Python, not in JSON)
        out.append([path, new])
    elif isinstance(new, dict):
        for key in old:
            if key not in new:
                out.append([[*path, key]])
        for key, value in new.items():
            if key not in old:
                out.append([[*path, key], value])
            else:
                _diff(old[key], value, [*path, key], out)
    elif isinstance(new, list):
        if len(old) != len(new):
            out.append([path, new])
        else:
            for i, (a, b) in enumerate(zip(old, new, strict=True)):
                _diff(a, b, [*path, i], out)
    elif old != new:
        out.append([path, new])


def apply(patch: Patch, frame: Any) -> Any:
    """``frame`` with ``patch`` applied (``diff``'s form), as a new value: the containers along each patched path
    are copied, the rest is shared with ``frame``, which is left as it was."""
    for entry in patch:
        frame = _apply_one(frame, list(entry[0]), entry[1:])
    return frame


def _apply_one(node: Any, path: Path, value: list[Any]) -> Any:
    if not path:
        return value[0] if value else None
    key, rest = path[0], path[1:]
    if isinstance(node, dict):
        copy: Any = dict(node)
        if not rest and not value:
            copy.pop(key, None)
        else:
            copy[key] = _apply_one(node.get(key), rest, value)
        return copy
    copy = list(node)
    copy[int(key)] = _apply_one(node[int(key)], rest, value)
    return copy


# ------------------------------------------------------------------------------------------------- frames
def frame(game: Game, seat: int | None) -> dict[str, Any]:
    """The picture of ``game`` now for ``seat`` (None: every hand open): see the module's docstring."""
    view: dict[str, Any] = dict(seat_view(game, seat))
    view.pop("must_act", None)
    view.pop("legal_actions", None)
    if seat is not None:
        return view
    table = game.table
    turn = game.turn
    view["hands"] = [
        {"tiles": sorted(s.hand), "drawn": turn.drawn if turn is not None and turn.seat == i else None}
        for i, s in enumerate(table.seats)
    ]
    wall = table.wall
    view["wall"] = {"live": list(wall.live), "dead": list(wall.dead), "indicators": len(wall.indicators())}
    for shown, held in zip(view["seats"], table.seats, strict=True):
        for tile, real in zip(shown["river"], held.river, strict=True):
            if real.veiled:
                tile["tile"] = real.tile
    return view


def _events(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    return [dict(redact(e, seat).to_json()) if seat is not None else dict(e.to_json()) for e in events]


# ------------------------------------------------------------------------------------------------- the timeline
def timeline(lines: Sequence[str], seat: int | None) -> dict[str, Any]:
    """The replay of the finished game logged in ``lines`` (our log) for ``seat`` (None: all hands open):
    ``rules``, ``seat``, ``steps`` (events, actor, hand, patch), ``hands`` (the index of the hands: label, where
    each starts and ends, results, scores at the deal) and ``final``. ``ValueError`` for a seat the game has not;
    ``walk``'s errors for a log that does not replay."""
    steps: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    previous: dict[str, Any] | None = None
    game: Game | None = None
    decided: Point | None = None
    for item in walk(lines):
        if isinstance(item, Point):
            decided = item
            continue
        game = item.game
        if item.index == 0 and seat is not None and not 0 <= seat < game.rules.players:
            raise ValueError(f"the game has seats 0 to {game.rules.players - 1}, not {seat}")
        if item.same_frame:
            patch: Patch = []
        else:
            current = frame(game, seat)
            patch = [[[], current]] if previous is None else diff(previous, current)
            previous = current
        actor = item.actor
        if seat is not None and actor != seat and decided is not None and isinstance(decided.action, UNSEEN):
            actor = None
        decided = None
        steps.append({"events": _events(item.events, seat), "actor": actor, "hand": item.hand, "patch": patch})
        _index(hands, item)
    if game is None:  # (walk yields the deal first, or raises)
        raise ValueError("the log has no game")
    return {
        "rules": game.rules.options(),
        "seat": seat,
        "steps": steps,
        "hands": hands,
        "final": game.final.to_json() if game.final is not None else None,
    }


def _index(hands: list[dict[str, Any]], step: Step) -> None:
    """Adds ``step`` to the hands index: a deal opens an entry, a win or a draw adds a result."""
    for e in step.events:
        if e.type == "start_kyoku":
            info = e.info
            label = MatchState(scores=(), round=info["round"], hand=info["hand"], honba=info["honba"]).label()
            hands.append(
                {
                    "first": step.index,
                    "last": step.index,
                    "round": int(info["round"]),
                    "hand": int(info["hand"]),
                    "honba": int(info["honba"]),
                    "label": label,
                    "results": [],
                    "scores": [int(x) for x in info["scores"]],
                }
            )
        elif e.type in RESULTS and hands:
            hands[-1]["results"].append(
                {
                    "step": step.index,
                    "type": e.type,
                    "actor": e.actor,
                    "target": e.target,
                    "deltas": [int(x) for x in e.info.get("deltas", ())],
                    "reason": e.info.get("reason") if e.type == "ryukyoku" else None,
                }
            )
    if hands and step.hand == len(hands) - 1:
        hands[-1]["last"] = step.index
