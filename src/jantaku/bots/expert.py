"""The ``expert`` CPU: ``strong`` that looks ahead when it weighs opening its hand, too.

``strong`` judges its own discards one draw ahead (``StrongBot.ahead``), but it weighs a first call by estimates:
the open and the closed hand each by shanten, acceptance and a han estimate. Two calls alike to those can be far
apart: one reaches a tenpai with no yaku, or on a closed wait; the closed hand it gives up may be one draw from a
two-sided riichi with pinfu, or from a closed wait with nothing. ``expert`` weighs both sides as it weighs a
discard: the open hand by its best discards after the call (a tenpai scored on its real waits, a one-shanten by
the tenpai its draws reach), the closed hand by the tenpai its own draws reach, or its own waits. Everything else
(discards, danger, riichi or dama, the game situation, superpowers) is strong's.

What it costs and what it is worth are measured in docs/cpus.md#expert.
"""

from __future__ import annotations

from jantaku.bots import efficiency
from jantaku.bots.reading import Situation
from jantaku.bots.strong import StrongBot
from jantaku.bots.value import wait_values
from jantaku.engine.actions import Chi, Pon
from jantaku.hand import ukeire

# discards weighed after a call, most efficient first (the best by value is nearly always among them)
CALL_CHOICES = 4


class ExpertBot(StrongBot):
    level = "expert"

    def open_value(self, r: Situation, call: Pon | Chi, out: efficiency.CallOutcome) -> float:
        """Win chance × points of the best of the most efficient allowed discards after ``call`` (``outlook``
        on the situation after it: real waits for a tenpai, the look-ahead for a one-shanten), in place of
        strong's estimate (``StrongBot.opening_gain`` weighs it against ``closed_value``)."""
        after = efficiency.situation_after(r, call)
        opts = [o for o in efficiency.options(after) if o.discard not in out.forbidden][:CALL_CHOICES]
        return max((p * v for p, v in (self.outlook(after, o) for o in opts)), default=0.0)

    def closed_value(self, r: Situation) -> float:
        """Win chance × points of the closed 13 tiles held while the discard passes: a tenpai on its own waits
        (riichi to come), a one-shanten by the tenpai its draws reach, a slower hand by strong's estimate."""
        acc = ukeire(r.counts, r.locked if r.melds else None, r.visible)
        codes = [r.codes[t] for t in r.tiles]
        if acc.shanten == 0 and acc.total:
            waits = [k for k, _ in acc.tiles]
            value, _, _ = wait_values(r, codes, waits, riichi=True)
            furiten = any(w in r.own_river for w in waits)
            return self.chance(r, 0, acc.total) * (0.5 if furiten else 1.0) * value
        if acc.shanten == 1 and acc.total:
            mask = 0
            left = [0] * len(r.counts)
            for k, n in acc.tiles:
                mask |= 1 << k
                left[k] = n
            reach = self.reach(r, codes, list(r.counts), r.visible, (mask, left), None)
            if reach is not None:
                quality, value = reach
                return self.chance(r, 1, acc.total) * quality * value
        return super().closed_value(r)
