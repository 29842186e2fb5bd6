"""CPU players: whole 4-player East-South games per second on one core with four ``normal``, four ``strong`` and
four ``expert`` CPUs, and the time of each ``strong`` decision (mean, p50, p99, max; target p99 < 20 ms), also in
superpower matches (``POWERS``: Foresight, whose known draws judge every discard for the rest of a hand, twice),
and of each ``expert`` decision (target p99 < 200 ms: it looks ahead).

A decision is timed from the view to the action (``game.view(seat)`` then ``cpu.act(view)``), the whole cost a
server pays to let a CPU move. No peer is named for these figures: they are printed as absolute rates.
"""

from __future__ import annotations

import gc
import time

from jantaku.bots import make_player
from jantaku.engine.game import Game
from jantaku.rules import preset

#: the seats' powers in the superpower games
POWERS = ("foresight", "seal", "foresight", "sense")


def play(level: str, seed: int, times: list[float] | None = None, powers: bool = False) -> int:
    """One game of four ``level`` CPUs (a superpower match holding ``POWERS`` when ``powers``); returns the number
    of decisions (timing each into ``times``)."""
    rules = preset("superpower" if powers else "standard")
    game = Game(rules, seed=f"bench-{seed}", powers=list(POWERS) if powers else None)
    cpus = [make_player(level, rules, seed=i) for i in range(4)]
    clock = time.perf_counter
    n = 0
    while not game.over:
        seat = game.to_act()[0]
        t0 = clock()
        action = cpus[seat].act(game.view(seat))
        if times is not None:
            times.append(clock() - t0)
        game.apply(seat, action)
        n += 1
    return n


def games_per_second(level: str, games: int) -> tuple[float, float]:
    play(level, 10_000)  # warm the shape tables
    gc.collect()
    t0 = time.perf_counter()
    decisions = sum(play(level, s) for s in range(games))
    dt = time.perf_counter() - t0
    return games / dt, decisions / dt


def decision_times(games: int, powers: bool = False, level: str = "strong") -> list[float]:
    times: list[float] = []
    for s in range(games):
        play(level, 500 + s, times, powers)
    return sorted(times)


def percentile(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))]
