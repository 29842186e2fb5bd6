"""How a CPU uses its superpower (docs/superpowers.md): when it pays, read from the view like every other decision.

A power is worth only what the CPU does with it: information must change a decision (Foresight's draws judge the
discards, Sense's answer decides push or fold), and Veil and Seal must land where they change a result (a discard
that would deal in, a caller one step from tenpai). This module holds the shared rules every level starts from
(``normal`` uses them as they are, ``easy`` at random moments, ``strong`` refines them with its own estimates):

- Foresight early in the hand (two steps from tenpai or closer), not in riichi: it lasts the hand, and the own
  next draws then judge the discards (``known_win``): a discard that the known draws complete wins over one they
  do not; no call is made while the known draws bring a closed hand a win (a call moves them).
- Redraw when the drawn tile is useless: throwing it straight back is among the best discards. A waiting hand
  (open, or silent) gets a fresh chance to win; a hand one step away uses it only while two charges or more are
  left (the last is kept for a waiting hand); never on a dora or red five.
- Veil on a dangerous discard: when the tile's chance of dealing in, times what that would cost, is worth more
  than keeping the charge (``VEIL_KEEP``); a discard Sense said would deal in always goes face down.
- Seal on the threat (a riichi, or an open hand with two calls) that the tile about to be pushed endangers most,
  while the own hand is in the race (one step away or waiting): for two of its turns that seat cannot win on the
  user's tiles, so the hand pushes freely. (Sealing a caller to slow it was measured worthless: it helps every
  other seat as much as the user.)
- Beacon when the own hand is ahead: waiting, and no riichi or two-call hand against it.
- Sense on the tile the CPU is about to push against a threat: the answer then decides (a tile that would deal in
  is not discarded; one that would not is pushed without fear this turn).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement

from jantaku.bots import efficiency
from jantaku.bots.reading import Opponent, Situation
from jantaku.bots.safety import danger
from jantaku.engine.actions import Action, Discard, Power
from jantaku.hand import DiscardOption, shanten
from jantaku.tiles import KIND_OF_ID

# points a deal-in is expected to cost, without a level's own estimate: a riichi, an open hand
DEAL_IN_COST = (5000.0, 3500.0)
# what keeping a Veil charge for later is worth: a tile whose expected deal-in cost is below it is thrown face up
VEIL_KEEP = 400.0
# a Sense is spent on a pushed tile at least this likely (summed over the threats) to deal in
SENSE_DANGER = 0.03
# a Seal is spent on a threat when the push's expected deal-in cost against it is at least this many points
SEAL_RISK = 150.0
# Foresight is used on a hand this many steps from tenpai or closer
FORESIGHT_FROM = 2
# how often the easy level uses a power it is offered (at random moments), and veils a discard
EASY_POWER = 0.15


def deal_in_cost(r: Situation, opp: Opponent) -> float:
    return DEAL_IN_COST[0] if opp.riichi else DEAL_IN_COST[1]


def risk_of(r: Situation, kind: int, cost: Callable[[Situation, Opponent], float] = deal_in_cost) -> float:
    """Expected points lost by discarding ``kind`` now, summed over the opponents; a Sense answer this turn
    replaces the estimate (certain either way)."""
    if kind in r.sensed:
        return max(cost(r, o) for o in r.opponents) if r.sensed[kind] else 0.0
    return sum(danger(r, o)[kind] * cost(r, o) for o in r.opponents)


def known_win(r: Situation, kind: int | None = None, *, riichi: bool = False) -> int | None:
    """The first of Foresight's known draws (1-based) that can complete the hand left by discarding ``kind`` (or
    the hand as it is, between turns), or None. Every way of playing them counts: with the draws known, any tiles of
    the hand and the draws before can be the ones thrown on the way, so a hand is reachable exactly when it is a
    part of them. After a ``riichi`` declaration nothing can be swapped: only a draw the hand waits on completes it."""
    counts = list(r.counts)
    if kind is not None:
        counts[kind] -= 1
    if riichi:
        for step, t in enumerate(r.ahead, 1):
            k = KIND_OF_ID[t]
            counts[k] += 1
            done = shanten(counts, r.melds) == -1
            counts[k] -= 1
            if done:
                return step
        return None
    now = shanten(counts, r.melds)  # a draw takes one step at most: a completion comes at draw ``now + 1`` or later
    for step, t in enumerate(r.ahead, 1):
        # the first completion holds this draw: the tiles before it would have completed a hand already
        if step > now and _completes(counts, step - 1, r.melds, KIND_OF_ID[t]):
            return step
        counts[KIND_OF_ID[t]] += 1
    return None


def _completes(counts: list[int], extra: int, melds: int, plus: int) -> bool:
    """Whether ``counts`` less some ``extra`` tiles, plus the tile ``plus``, make a complete hand: every choice of
    the tiles to leave out, as kinds."""
    kinds = [k for k in range(len(counts)) if counts[k]]
    counts[plus] += 1
    try:
        for out in combinations_with_replacement(kinds, extra):
            for k in out:
                counts[k] -= 1
            done = all(counts[k] >= 0 for k in out) and shanten(counts, melds) == -1
            for k in out:
                counts[k] += 1
            if done:
                return True
        return False
    finally:
        counts[plus] -= 1


def with_known_draws(r: Situation, opts: Sequence[DiscardOption], *, riichi: bool = False) -> list[DiscardOption]:
    """The discards re-ranked by the known draws: the earliest known completion first (``riichi``: of the hand as
    it waits, see ``known_win``), then the original order (efficiency). Unchanged without known draws."""
    if not r.ahead:
        return list(opts)
    seen = [known_win(r, o.discard, riichi=riichi) for o in opts]
    order = sorted(range(len(opts)), key=lambda i: (seen[i] or 99, i))
    return [opts[i] for i in order]


def threats(r: Situation) -> list[Opponent]:
    """Opponents a simple player defends against: a riichi, or an open hand with two calls."""
    return [o for o in r.opponents if o.riichi or o.open_melds >= 2]


def choose(r: Situation, options: Sequence[Power]) -> Power | None:
    """The power to use now, or None to keep it (``options``: the legal ``Power`` actions)."""
    name = options[0].power
    opts = efficiency.options(r)
    if not opts:
        return None
    best = opts[0]
    if name == "foresight":
        # it lasts the hand, so early: on a hand two steps away or closer, with at least three rounds of tiles left.
        # Measured (4,000 games each, foresight,none,...; 5 a game): from two steps away +0.061 (+0.016 .. +0.106);
        # as a three-draw look on a waiting hand it was worth +0.017 (-0.016 .. +0.050)
        if r.riichi or r.ahead or best.shanten > FORESIGHT_FROM or r.live < 3 * r.players:
            return None
        return options[0]
    if name == "redraw":
        return options[0] if _useless_draw(r, opts) else None
    if name == "beacon":
        rivals = any(o.riichi or o.open_melds >= 2 for o in r.opponents)
        return options[0] if best.shanten <= 0 and not rivals else None
    if name == "seal":
        return seal_target(r, options, best.discard, best.shanten)
    if name == "sense":
        return sense_tile(r, options, best.discard, best.shanten)
    return None


def seal_target(r: Situation, options: Sequence[Power], kind: int, own_shanten: int) -> Power | None:
    """Seal the threat that the tile about to be pushed (``kind``) endangers most, when the own hand is in the
    race and the push is risky: for two of its turns that seat can neither win on the user's tiles nor call."""
    if own_shanten > 1:
        return None  # not in the race: folding is cheaper than a charge
    by_target = {a.target: a for a in options}
    risky = [(danger(r, o)[kind] * deal_in_cost(r, o), o.seat) for o in threats(r) if o.seat in by_target]
    if not risky:
        return None
    risk, seat = max(risky)
    return by_target[seat] if risk >= SEAL_RISK else None


def sense_tile(r: Situation, options: Sequence[Power], kind: int, own_shanten: int) -> Power | None:
    """Sense on the tile about to be pushed (``kind``) when it is dangerous against a threat, the own hand is in
    the race, and no answer about it came this turn."""
    if own_shanten > 1 or kind in r.sensed or not threats(r):
        return None
    if sum(danger(r, o)[kind] for o in threats(r)) < SENSE_DANGER:
        return None
    return next((a for a in options if a.tile is not None and KIND_OF_ID[a.tile] == kind), None)


def at_random(options: Sequence[Power], rng: random.Random) -> Power | None:
    """The easy level: a power at a random moment (any of the offered ones), or None."""
    return rng.choice(list(options)) if rng.random() < EASY_POWER else None


def _useless_draw(r: Situation, opts: Sequence[DiscardOption]) -> bool:
    if r.drawn is None or r.riichi:
        return False
    kind = KIND_OF_ID[r.drawn]
    if r.dora[kind] or r.is_red(r.drawn):
        return False
    best = opts[0]
    own = next((o for o in opts if o.discard == kind), None)
    # throwing it back keeps the best shanten and nearly all of the best acceptance: the draw changed nothing
    if own is None or own.shanten != best.shanten or own.total < 0.9 * best.total:
        return False
    return best.shanten == 0 or (best.shanten == 1 and r.power_left >= 2)


def veil(r: Situation, chosen: Discard, cost: Callable[[Situation, Opponent], float] = deal_in_cost) -> Action:
    """``chosen`` face down when Veil is offered for it and the danger it carries is worth more than keeping the
    charge (always when Sense said it would deal in)."""
    veiled = Discard(chosen.tile, True)
    if veiled not in r.legal:
        return chosen
    return veiled if risk_of(r, KIND_OF_ID[chosen.tile], cost) > VEIL_KEEP else chosen


def safe_from_sense(r: Situation, discards: list[Discard]) -> list[Discard]:
    """The discards without the tiles Sense said would deal in this turn (all of them if nothing else is left)."""
    kept = [d for d in discards if not r.sensed.get(KIND_OF_ID[d.tile], False)]
    return kept or discards
