"""A game reviewed for one seat: each of its decisions against the ``strong`` CPU's appraisal (docs/review.md).

``review`` replays a finished game's log with ``review.walk`` and, at every recorded decision of the seat that had
more than one distinct option (``bots.appraise.option_key``), asks ``bots.appraise.appraise`` about the seat's view
at that moment: the CPU's choice, every option ranked with its expected value, win and deal-in chances. A decision
agrees when the seat played the CPU's choice; otherwise its loss is the CPU's choice's expected value less the
played option's (never below 0: the CPU's rule-made choices can rate below the played option).

The reviewer reads ``point.game.view(seat)`` and nothing else of the game: what the seat saw then, never another
seat's concealed tiles or the wall, so a review cannot know more than the player could. Everything is a function
of the log, the seat and the seed: the same review every time.

An outside reviewer's values (``outside``: any object shaped like ``review.outside.OutsideReview``, keyed by the
decision's step) are shown beside ours, option by option.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from jantaku.bots.appraise import appraise, option_key
from jantaku.engine.actions import action_to_json
from jantaku.review.walk import Point, Step, walk

#: round letters of a hand's label (East, South, West, North)
ROUND_LETTERS = "ESWN"
#: the largest losses the summary lists
LARGEST = 10


class OutsideDecisionLike(Protocol):
    """One decision as an outside reviewer saw it: its choice (a key, or None) and values by option key."""

    @property
    def choice(self) -> str | None: ...

    @property
    def values(self) -> Mapping[str, float]: ...


class OutsideLike(Protocol):
    """An outside reviewer's answers for a game: its name, an error (None when it ran) and decisions by step."""

    @property
    def name(self) -> str: ...

    @property
    def error(self) -> str | None: ...

    @property
    def decisions(self) -> Mapping[int, OutsideDecisionLike]: ...


def label(round_: int, hand: int, honba: int) -> str:
    """A hand's short name: ``E1-0`` is East 1, no honba."""
    return f"{ROUND_LETTERS[round_ % 4]}{hand + 1}-{honba}"


def review(
    lines: Sequence[str] | str,
    seat: int,
    *,
    names: Sequence[str] = (),
    outside: OutsideLike | None = None,
    seed: int | str = 0,
) -> dict[str, Any]:
    """The review of ``seat`` in the game of ``lines`` (our log), as the JSON docs/review.md describes."""
    return review_walk(walk(lines), seat, names=names, outside=outside, seed=seed)


def review_walk(
    walked: Iterable[Point | Step],
    seat: int,
    *,
    names: Sequence[str] = (),
    outside: OutsideLike | None = None,
    seed: int | str = 0,
) -> dict[str, Any]:
    """``review`` over an already walked game (``review.walk``'s points and steps)."""
    decisions: list[dict[str, Any]] = []
    hand = 0
    players: int | None = None
    for item in walked:
        if isinstance(item, Step):
            hand = item.hand
            continue
        if players is None:
            players = item.game.rules.players
            if not 0 <= seat < players:
                raise ValueError(f"seat {seat} is not at this table (seats 0..{players - 1})")
        if item.actor != seat:
            continue
        decision = _decision(item, seat, hand, seed, outside)
        if decision is not None:
            decisions.append(decision)
    agreed = sum(1 for d in decisions if d["agree"])
    losses = sorted((i for i, d in enumerate(decisions) if d["loss"] > 0), key=lambda i: (-decisions[i]["loss"], i))
    return {
        "seat": seat,
        "names": list(names),
        "reviewer": "strong",
        "outside": None if outside is None else {"name": outside.name, "error": outside.error},
        "summary": {
            "decisions": len(decisions),
            "agreed": agreed,
            "agreement": round(agreed / len(decisions), 4) if decisions else 0.0,
            "loss": round(sum(d["loss"] for d in decisions), 1),
            "largest": losses[:LARGEST],
        },
        "decisions": decisions,
    }


def _decision(
    point: Point, seat: int, hand: int, seed: int | str, outside: OutsideLike | None
) -> dict[str, Any] | None:
    """One decision's review, or None when the seat had a single distinct option."""
    view = point.game.view(seat)
    rules = point.game.rules
    legal = view.get("legal_actions", [])
    if len(legal) < 2:
        return None
    ap = appraise(view, rules, seed)
    if len(ap.options) < 2:
        return None
    played = option_key(point.action, rules)
    chosen = ap.options[0]
    mine = ap.option(played)
    loss = 0.0 if played == ap.choice or mine is None else max(0.0, round(chosen.ev - mine.ev, 1))
    theirs = None if outside is None else outside.decisions.get(point.step)
    return {
        "step": point.step,
        "hand": hand,
        "label": label(view["round"], view["hand"], view["honba"]),
        "kind": ap.kind,
        "played": played,
        "choice": ap.choice,
        "agree": played == ap.choice,
        "loss": loss,
        # the CPU chose by one of its rules, not by the numbers: another option rates higher (docs/review.md)
        "by_rule": any(o.ev > chosen.ev for o in ap.options),
        "options": [
            {
                "key": o.key,
                "action": dict(action_to_json(o.action)),
                "ev": o.ev,
                "win": o.win,
                "deal_in": o.deal_in,
                "outside": None if theirs is None else theirs.values.get(o.key),
            }
            for o in ap.options
        ],
        "outside_choice": None if theirs is None else theirs.choice,
    }
