"""The ``easy`` CPU: a beginner. It throws away what looks least connected (lone honors, then lone terminals),
with a beginner's slips; it wins whenever it can, declares riichi when offered, calls only a pair of dragons or
winds and never defends; it uses a superpower at random moments. Legal and plausible, easy to beat."""

from __future__ import annotations

import random

from jantaku.bots import powers
from jantaku.bots.base import Bot, tile_for_kind
from jantaku.bots.reading import Situation
from jantaku.bots.value import value_honors
from jantaku.engine.actions import Action, Chi, Discard, OpenKan, Pon, Power, Riichi
from jantaku.tiles import KIND_OF_ID, is_honor, rank_of

SLIP = 0.3  # how often it throws one of its three weakest tiles instead of the weakest


def connectedness(counts: list[int], k: int) -> float:
    """How much a tile seems to belong: copies of it, and neighbours within two ranks in its suit."""
    own = (counts[k] - 1) * 2.0
    if is_honor(k):
        return own
    rank = rank_of(k)
    near = 0.0
    for d in (-2, -1, 1, 2):
        if 1 <= rank + d <= 9 and counts[k + d]:
            near += 1.5 if abs(d) == 1 else 1.0
    edge = 0.3 if rank in (1, 9) else 0.6 if rank in (2, 8) else 0.8
    return own + near + edge


class EasyBot(Bot):
    level = "easy"

    def discard(self, r: Situation, options: list[Discard], rng: random.Random) -> Discard:
        kinds = sorted({KIND_OF_ID[a.tile] for a in options})
        honors = value_honors(r)
        ranked = sorted(kinds, key=lambda k: (connectedness(r.counts, k) + (0.4 if k in honors else 0.0), k))
        pick = ranked[0]
        if len(ranked) > 1 and rng.random() < SLIP:
            pick = rng.choice(ranked[: min(3, len(ranked))])
        chosen = tile_for_kind(r, pick, options)
        assert chosen is None or isinstance(chosen, Discard)
        return chosen or options[0]

    def riichi(self, r: Situation, options: list[Riichi], rng: random.Random) -> Riichi | None:
        return options[0]

    def use_power(self, r: Situation, options: list[Power], rng: random.Random) -> Power | None:
        """A beginner presses the power button at random moments."""
        return powers.at_random(options, rng)

    def veil(self, r: Situation, chosen: Discard, options: list[Discard], rng: random.Random) -> Action:
        veiled = Discard(chosen.tile, True)
        return veiled if veiled in r.legal and rng.random() < powers.EASY_POWER else chosen

    def call(self, r: Situation, calls: list[Pon | Chi | OpenKan], rng: random.Random) -> Action | None:
        honors = value_honors(r)
        for c in calls:
            if isinstance(c, Pon) and r.claim is not None and KIND_OF_ID[r.claim[2]] in honors and rng.random() < 0.7:
                return c
        return None
