"""Complete East-South games with a uniformly random legal-action policy, ours against jansou.

Both engines play with the same policy (uniform choice among the legal actions, seeded); ours writes its
JSON-lines log as it plays (``Game.log``), as the issue asks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from jantaku.engine.game import Game
from jantaku.rules import preset


def play_ours(rules_name: str, seed: int) -> int:
    """One game; returns the number of decisions."""
    rules = preset(rules_name)
    game = Game(rules, seed)
    rng = random.Random(seed)
    decisions = 0
    while not game.over:
        for seat in game.to_act():
            actions = game.legal_actions(seat)
            if actions:
                game.apply(seat, rng.choice(actions))
                decisions += 1
                break
    lines = game.log  # serialise the log: logging is on
    assert lines
    return decisions


def play_jansou(seed: int) -> int:
    from jansou.core.rules import Rules
    from jansou.game.agents import Agent, RandomAgent
    from jansou.game.environment import Environment

    counter = [0]

    class Counting(RandomAgent):
        def act(self, seat, kind, actions):  # type: ignore[no-untyped-def]
            counter[0] += 1
            return super().act(seat, kind, actions)

    agents: list[Agent] = [Counting(seed * 4 + i) for i in range(4)]
    Environment(Rules(), seed=seed).run(agents)
    return counter[0]


def rate(fn: Callable[[int], int], games: int, first_seed: int = 1) -> tuple[float, float]:
    """(games per second, decisions per second)."""
    t0 = time.perf_counter()
    decisions = 0
    for s in range(first_seed, first_seed + games):
        decisions += fn(s)
    dt = time.perf_counter() - t0
    return games / dt, decisions / dt
