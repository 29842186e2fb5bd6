"""One self-play game: CPUs seated by a line-up and a rotation, played to the end, summarised per player.

Seat rotation: game ``g`` of a simulation uses wall seed ``(seed, g // players)`` and rotation ``g % players``:
the same walls are dealt to every rotation of the line-up, so seating and wall luck cancel out over a block of
``players`` games (duplicate play). A line-up of a single level is not rotated (its rotations would replay the
same games): every game gets walls of its own, so its statistics count independent games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.bots import LEVELS, make_player
from jantaku.engine import Game
from jantaku.engine.events import Event
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet


@dataclass(slots=True)
class PlayerLine:
    """What one line-up player did in one game (per-hand counters; ``place`` is 0 for first)."""

    place: int = 0
    score: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    win_points: list[int] = field(default_factory=list)
    deal_ins: int = 0
    riichi: int = 0
    called: int = 0
    draws: int = 0  # exhaustive draws among the hands this player played


@dataclass(slots=True)
class GameRecord:
    index: int
    seed: str
    rotation: int
    players: list[PlayerLine]  # by line-up position, not by seat
    hands: int
    decisions: int
    log: list[str] | None = None


def check_lineup(rules: RuleSet | str, lineup: Sequence[str]) -> RuleSet:
    """The rule set, or a clear error for an unknown preset or level, or a line-up that does not fill the table."""
    rs = preset(rules) if isinstance(rules, str) else rules
    unknown = [lv for lv in lineup if lv not in LEVELS]
    if unknown:
        raise ValueError(f"unknown CPU level {unknown[0]!r} (known: {', '.join(LEVELS)})")
    if len(lineup) != rs.players:
        raise ValueError(f"{rs.name} seats {rs.players} players; the line-up names {len(lineup)}")
    return rs


def seat_of(position: int, rotation: int, players: int) -> int:
    return (position + rotation) % players


def game_seed(seed: int | str, index: int, rotations: int) -> str:
    return f"{seed}:{index // rotations}"


def summarise(events: Sequence[Event], seats: int) -> tuple[list[PlayerLine], int]:
    """Per-seat counters from a game's events (the referee's record: the simulator is not a player)."""
    lines = [PlayerLine() for _ in range(seats)]
    hands = 0
    called: set[int] = set()
    riichi: set[int] = set()
    dealt_in: set[int] = set()
    for e in events:
        t = e.type
        if t == "start_kyoku":
            hands += 1
            called, riichi, dealt_in = set(), set(), set()
            for p in lines:
                p.hands += 1
        elif t in ("chi", "pon", "daiminkan") and e.actor is not None:
            if e.actor not in called:
                called.add(e.actor)
                lines[e.actor].called += 1
        elif t == "reach" and e.actor is not None and e.actor not in riichi:
            riichi.add(e.actor)
            lines[e.actor].riichi += 1
        elif t == "hora" and e.actor is not None:
            w = lines[e.actor]
            w.wins += 1
            w.win_points.append(int(e.info.get("points", 0)))
            if e.target == e.actor:
                w.tsumo += 1
            elif e.target is not None and e.target not in dealt_in:
                dealt_in.add(e.target)
                lines[e.target].deal_ins += 1
        elif t == "ryukyoku" and e.info.get("reason") in ("exhaustive", "nagashi_mangan"):
            for p in lines:
                p.draws += 1
    return lines, hands


def play_game(
    rules: RuleSet | str,
    lineup: Sequence[str],
    seed: int | str,
    index: int,
    *,
    keep_log: bool = False,
) -> GameRecord:
    """Play game ``index`` of a simulation: levels from ``lineup`` (one per seat), seats rotated by ``index``."""
    rs = check_lineup(rules, lineup)
    n = rs.players
    # a line-up of one level has nothing to rotate: every game gets walls of its own
    rotations = n if len(set(lineup)) > 1 else 1
    rotation = index % rotations
    wall_seed = game_seed(seed, index, rotations)
    game = Game(rs, seed=wall_seed)
    by_seat: list[Any] = [None] * n
    for pos, level in enumerate(lineup):
        by_seat[seat_of(pos, rotation, n)] = make_player(level, rs, seed=f"{seed}:{index}:{pos}")
    decisions = 0
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, by_seat[seat].act(game.view(seat)))
        decisions += 1
    per_seat, hands = summarise(game.events, n)
    final = game.final
    assert final is not None
    for seat, line in enumerate(per_seat):
        line.place = final.places[seat]
        line.score = final.scores[seat]
    players = [per_seat[seat_of(pos, rotation, n)] for pos in range(n)]
    return GameRecord(index, wall_seed, rotation, players, hands, decisions, game.log if keep_log else None)
