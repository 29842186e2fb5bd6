"""How a CPU uses its superpower (docs/superpowers.md): when it pays, read from the view like every other decision.

- Foresight when the next tiles can change a decision: a hand one step from tenpai or waiting, not yet in riichi,
  choosing among discards (the two tiles go to others, so they count as seen: acceptance and waits are
  re-counted without them; see ``reading.foreseen``).
- Redraw when the drawn tile is useless: throwing it straight back is among the best discards. A waiting hand
  (open, or silent) gets a fresh chance to win; a hand one step away uses it only while the second charge is
  still there (the last is kept for a waiting hand); never on a dora or red five. The strong level also sends
  back a tile far more dangerous against a threat than an average unseen tile, dora or not
  (``StrongBot.redraw_gain``).
- Veil on a dangerous discard: when the tile's chance of dealing in, times what that would cost, is worth more
  than the 1,000 points the veil costs (the strong level also weighs pushing a better tile face down).
- Seal against a caller near tenpai (an open hand with two or more calls, or one late, not in riichi), while the
  own hand is in the race (one step away or waiting): slowing a caller helps every other seat, so it pays the
  user only when the user is the one likely to win instead.
- Beacon when the own hand is ahead: waiting, and no riichi or two-call hand against it (the new dora count for
  everyone: they pay the seat that wins first).

Measured (24,000 strong games, seed 1, two with a power and two without; docs/performance.md#superpower-matches):
Redraw and Beacon holders placed 2.46, Sense 2.49, Veil 2.50, Foresight and Seal 2.51, no power 2.51; the gap,
no power − a power, +0.022 places a game (95% CI +0.010 .. +0.033).
- Sense before pushing a dangerous tile: the best discard threatens an open hand that may be waiting; the
  answer then sets that hand's tenpai chance for this discard (``safety.tenpai_chance``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from jantaku.bots import efficiency
from jantaku.bots.reading import Opponent, Situation
from jantaku.bots.safety import danger, tenpai_chance
from jantaku.engine.actions import Action, Discard, Power
from jantaku.hand import DiscardOption
from jantaku.tiles import KIND_OF_ID

# points a deal-in is expected to cost, without a level's own estimate: a riichi, an open hand
DEAL_IN_COST = (5000.0, 3500.0)
VEIL_COST = 1000.0
# a waiting hand wins the hand (and the veil's deposit back) often enough to price the veil at this share.
# Measured (1,000 strong games each, seed 1): 0.6 with a 7,000-point riichi deal-in gave 0.38 veils a game and the
# holder placed 2.55 ±0.11; 0.6 with 5,000 gave 0.17 a game and 2.56; the full price with 5,000 gave 0.04 a game
# and 2.47. None of these differences is outside its interval, but every cheaper veil went with a worse place: the
# full price stays (a tile about 20% likely to deal in: into two riichi, or a riichi's obvious wait)
VEIL_PRICE_WAITING = 1.0


def deal_in_cost(r: Situation, opp: Opponent) -> float:
    return DEAL_IN_COST[0] if opp.riichi else DEAL_IN_COST[1]


def risk_of(r: Situation, kind: int, cost: Callable[[Situation, Opponent], float] = deal_in_cost) -> float:
    """Expected points lost by discarding ``kind`` now, summed over the opponents."""
    return sum(danger(r, o)[kind] * cost(r, o) for o in r.opponents)


def choose(r: Situation, options: Sequence[Power]) -> Power | None:
    """The power to use now, or None to keep it (``options``: the legal ``Power`` actions)."""
    name = options[0].power
    opts = efficiency.options(r)
    if not opts:
        return None
    best = opts[0]
    if name == "foresight":
        return options[0] if not r.riichi and best.shanten <= 1 and not r.foreseen else None
    if name == "redraw":
        return options[0] if _useless_draw(r, opts) else None
    if name == "beacon":
        rivals = any(o.riichi or o.open_melds >= 2 for o in r.opponents)
        return options[0] if best.shanten <= 0 and not rivals else None
    by_target = {a.target: a for a in options}
    if name == "seal":
        if best.shanten > 1:
            return None  # not in the race: a seal would only help the others
        callers = [
            o
            for o in r.opponents
            if o.seat in by_target and not o.riichi and (o.open_melds >= 2 or (o.open_melds == 1 and r.live < 40))
        ]
        if not callers:
            return None
        return by_target[max(callers, key=lambda o: (o.open_melds, -o.seat)).seat]
    if name == "sense":
        pushed = best.discard
        threats = [(danger(r, o)[pushed], o) for o in r.opponents if o.seat in by_target and tenpai_chance(r, o) > 0]
        threats = [(d, o) for d, o in threats if d >= 0.02]
        if not threats or best.shanten > 1:
            return None
        return by_target[max(threats, key=lambda x: (x[0], -x[1].seat))[1].seat]
    return None


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
    """``chosen`` face down when Veil is offered for it and the danger it carries is worth more than the veil
    (cheaper for a hand that stays waiting: it often wins the deposit back)."""
    veiled = Discard(chosen.tile, True)
    if veiled not in r.legal:
        return chosen
    kind = KIND_OF_ID[chosen.tile]
    after = efficiency.options(r, {kind})
    price = VEIL_COST * (VEIL_PRICE_WAITING if after and after[0].shanten == 0 else 1.0)
    return veiled if risk_of(r, kind, cost) > price else chosen
