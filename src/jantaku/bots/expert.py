"""The ``expert`` CPU: strong's judgement with one step of look-ahead on its own hand.

``strong`` values a one-shanten hand by two numbers: how many unseen tiles bring it to tenpai, and a han
estimate. Two hands with the same count can be far apart: one reaches a two-sided wait whatever it draws, the
other a closed wait or a tenpai without a yaku; one turns its tanyao into a real win, the other drops it. A
strong player sees this ("good-shape one-shanten"), and so does ``expert``: for each one-shanten discard it
draws, in thought, each tile that brings the hand to tenpai, picks the best tenpai discard as it would then, and
scores that tenpai with the real scorer on its real waits. The discard's win chance is strong's, scaled by how
good those tenpai are against a typical one (``TYPICAL_WAIT``); its value is their value, weighed by how often
each draw comes and wins. Everything else (danger, riichi or dama, calls, the game situation, superpowers) is
strong's.

What it costs and what it is worth are measured in docs/cpus.md#expert.
"""

from __future__ import annotations

from jantaku.bots.normal import without
from jantaku.bots.reading import Situation
from jantaku.bots.strong import StrongBot
from jantaku.bots.value import wait_values
from jantaku.hand import DiscardOption, discard_options
from jantaku.hand.sweep import mask_kinds
from jantaku.tiles import kind_of

# the unseen winning tiles of the tenpai a typical one-shanten hand reaches (strong's win chance by acceptance
# already assumes one): a look-ahead that finds better waits raises the chance above strong's, worse ones lower it
TYPICAL_WAIT = 4

# tenpai discards weighed after each imagined draw, widest first (a fourth is rarely the best)
TENPAI_CHOICES = 3


def wait_chance(accepting: int) -> float:
    """The tenpai part of strong's win chance (``strong.win_chance`` before the wall's share): how much more a
    wider wait wins."""
    return min(0.7, 0.25 + 0.05 * accepting)


class ExpertBot(StrongBot):
    level = "expert"

    def outlook(self, r: Situation, o: DiscardOption) -> tuple[float, float]:
        """Strong's outlook, but a one-shanten hand is valued by the tenpai it can reach (``ahead``)."""
        if o.shanten != 1 or not r.rules.riichi or not o.total:
            return super().outlook(r, o)
        reach = self.ahead(r, o)
        if reach is None:
            return super().outlook(r, o)
        quality, value = reach
        return self.chance(r, 1, o.total) * quality, value

    def ahead(self, r: Situation, o: DiscardOption) -> tuple[float, float] | None:
        """For the one-shanten hand discard ``o`` leaves: (how good the tenpai it reaches are against a typical
        one, the points their wins are worth), each draw weighed by its unseen copies and the tenpai by its win
        chance. None when no unseen draw reaches a tenpai: strong's judgement then stands."""
        codes = self.codes_without(r, o.discard)
        counts = without(r.counts, o.discard)
        locked = r.locked if r.melds else None
        weight = 0.0
        chance = 0.0
        worth = 0.0
        for k in mask_kinds(o.mask):
            copies = o.left[k]
            if not copies:
                continue
            counts[k] += 1
            best: tuple[float, float] | None = None
            for t in [t for t in discard_options(counts, locked, r.visible) if t.shanten == 0][:TENPAI_CHOICES]:
                p, v = self.tenpai_after(r, codes, k, t, o.discard)
                if best is None or p * v > best[0] * best[1]:
                    best = (p, v)
            counts[k] -= 1
            if best is None:
                continue
            weight += copies
            chance += copies * best[0]
            worth += copies * best[0] * best[1]
        if not weight or not chance:
            return None
        return chance / weight / wait_chance(TYPICAL_WAIT), worth / chance

    def tenpai_after(
        self, r: Situation, codes: list[int], drawn: int, t: DiscardOption, thrown: int
    ) -> tuple[float, float]:
        """(strong's tenpai chance without the wall's share, points) of the tenpai reached by drawing ``drawn``
        into ``codes`` and discarding ``t``: furiten when a wait is in the river (``thrown`` is on its way there),
        600 (the draw payment) for an open tenpai without a yaku, as strong counts a waiting hand."""
        hand = list(codes)
        hand.append(drawn)
        drop = next((i for i, c in enumerate(hand) if c == t.discard), None)  # a plain copy before a red five
        if drop is None:
            drop = next(i for i, c in enumerate(hand) if kind_of(c) == t.discard)
        del hand[drop]
        waits = mask_kinds(t.mask)
        furiten = any(w in r.own_river or w == thrown or w == t.discard for w in waits)
        value, _, _ = wait_values(r, hand, waits, riichi=r.closed)
        if value == 0:
            value = 600.0
        return wait_chance(t.total) * (0.5 if furiten else 1.0), value
