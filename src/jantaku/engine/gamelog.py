"""Reading a game back from its log (``Game.log``): the header rebuilds the game, the decisions are replayed.

A log that cannot be read says which line and why (``ValueError``); a decision the game refuses raises
``IllegalAction`` with the line number in its message.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import IllegalAction, action_from_json
from jantaku.engine.match import MatchState
from jantaku.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from jantaku.engine.game import Game


#: The standard decoder's ``raw_decode``, on a line that is one JSON object and nothing else (every line ``Game.log``
#: writes): ``json.loads`` answers the same through a few Python-level steps that cost as much as the decoding.
#: Any other line, or one it refuses, takes ``json.loads`` and its error.
_DECODE = json.JSONDecoder().raw_decode


def _record(number: int, line: str) -> dict[str, Any]:
    if line[:1] == "{":
        try:
            rec, end = _DECODE(line)
        except Exception:
            end = -1
        if end == len(line) and rec.__class__ is dict:
            return rec
    try:
        rec = json.loads(line)
    except (ValueError, RecursionError) as exc:  # RecursionError: arrays nested past the decoder's depth
        raise ValueError(f"log line {number} is not JSON: {exc}") from None
    if not isinstance(rec, dict):
        raise ValueError(f"log line {number} is not a JSON object")
    return rec


def replay(cls: type[Game], lines: Sequence[str] | str) -> Game:
    """See ``Game.replay``. Blank lines are skipped (a file's last newline)."""
    if isinstance(lines, str):
        lines = lines.splitlines()
    if not isinstance(lines, Sequence) or not all(isinstance(line, str) for line in lines):
        raise TypeError(f"Game.replay takes a game's log: its JSON lines (game.log), not {type(lines).__name__}")
    numbered = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise ValueError("Game.replay needs a game's log (game.log), a header line first; this log is empty")
    first, text = numbered[0]
    header = _record(first, text)
    if header.get("type") != "header" or not isinstance(header.get("rules"), dict) or "seed" not in header:
        raise ValueError(f'log line {first} is not a game\'s header (type "header", rules and seed)')
    try:
        rules = RuleSet().with_options(**header["rules"])
        start = None
        if "start" in header:
            start = MatchState(**{**header["start"], "scores": tuple(header["start"]["scores"])})
        game = cls(rules, header["seed"], walls=header.get("walls", ()), start=start, powers=header.get("powers"))
    except (TypeError, ValueError, KeyError) as exc:
        raise ValueError(f"log line {first}: the header does not make a game: {exc}") from None
    for n, line in numbered[1:]:
        rec = _record(n, line)
        try:
            if rec.get("type") == "act":
                game.apply(rec["actor"], action_from_json(rec["action"]))
            elif rec.get("type") == "clock":
                game.clock(rec["info"]["minutes"])
            elif rec.get("type") == "abandon":
                game.abandon()
            elif rec.get("type") == "fault":
                game.fault(rec["actor"], rec["info"]["reason"])
        except IllegalAction as exc:
            raise IllegalAction(exc.rule, f"log line {n}: {str(exc).partition(': ')[2]}") from None
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"log line {n} is not a decision of this game: {exc!r}") from None
    return game


def snapshot(game: Game) -> dict[str, Any]:
    """The whole state (concealed tiles included) as plain data: for tests and replay checks."""
    t = game.table
    return {
        "phase": game.phase,
        "state": [
            list(game.state.scores),
            game.state.round,
            game.state.hand,
            game.state.honba,
            game.state.sticks,
            game.state.played,
        ],
        "final": None if game.final is None else game.final.to_json(),
        "hands": [sorted(s.hand) for s in t.seats],
        "melds": [[m.to_json() for m in s.melds] for s in t.seats],
        "rivers": [[(r.tile, r.called) for r in s.river] for s in t.seats],
        "kita": [list(s.kita) for s in t.seats],
        "live": list(t.wall.live),
        "turn": None if game.turn is None else [game.turn.seat, game.turn.drawn],
        "powers": [[c.power, c.used_game, c.used_hand] for c in game.charges],
        "seals": [list(zip(s.sealed_by, s.seal_turns, strict=True)) for s in t.seats],
        "secrets": [list(x) for x in game.secrets],
    }
