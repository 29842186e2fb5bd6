"""The ``strong`` CPU: efficiency weighed against hand value and against the danger on the table.

Each discard gets an expected value: (chance to win from the hand it leaves) × (what that hand is worth, plus
the riichi deposits a win takes and the riichi wins it stops) − (chance the tile deals in) × (what dealing in
costs) × (how many more risky discards pushing on will take). Against a riichi this folds a slow or cheap hand
onto genbutsu, suji and walls, and pushes a good tenpai — what strong players do. The game situation scales the
risk: a leader in the last hand, or a seat close to busting, pays more for dealing in; the last seat in the last
hand pays less. A one-shanten hand is judged one draw ahead, by the tenpai its draws reach (``ahead``): two
hands the same number of tiles from tenpai can be far apart (one reaches a two-sided wait whatever it draws, the
other a closed wait, or a tenpai without a yaku), and a strong player sees it.

Riichi or dama: riichi unless the hand already scores a mangan (dealer 11600) without it — in sanma, where the
extra dora make mangan common and riichi's ura and ippatsu pay more, a haneman — or, past the first turns, waits
on three tiles or fewer and already wins 2,000 points, or, as the leader in the last hand, wins anything. Calls
keep a yaku (the normal level's judgement), and the first call opens the hand only when the open hand is worth at
least the closed one it gives up (``opening_gain``); against a riichi no call that must then throw a dangerous
tile. Near the end of the hand a call that reaches tenpai is made even without a yaku: tenpai collects the noten
payments. No kan while another seat is in riichi.

The constants (win chances, costs, the future factor) were tuned together with ``jantaku simulate`` on
strong-only tables and, since, head to head against the strong of an earlier commit (``bench/strength.py``):
each change and what it was worth is in docs/cpus.md, fits that were better calibrated but placed worse
included.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from jantaku.bots import efficiency, powers
from jantaku.bots.base import tile_for_kind
from jantaku.bots.normal import NormalBot, without
from jantaku.bots.powers import VEIL_KEEP
from jantaku.bots.reading import Opponent, Situation
from jantaku.bots.safety import danger, suit_bias
from jantaku.bots.value import estimated_han, han_points, value_honors, wait_values, win_points, yaku_paths
from jantaku.engine.actions import Action, AddedKan, Chi, ClosedKan, Discard, Pon, Power, Riichi, Ron, Tsumo
from jantaku.hand import DiscardOption, discard_options
from jantaku.hand.sweep import mask_kinds
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import EAST, KIND_OF_ID, KINDS, kind_of


def win_chance(shanten: int, accepting: int, live: int, wall: int) -> float:
    """Rough chance to win the hand from here: tenpai wins often, each shanten step costs a lot, and late in
    the hand the slow shapes run out of draws (``wall``: live tiles at the start of the hand). A fit to
    self-play's outcomes was tried in its place and placed no better (docs/cpus.md#what-each-change-was-worth):
    these numbers were tuned together with the costs and factors below, and only move with them."""
    t = min(1.0, live / wall)
    if shanten <= 0:
        return wait_chance(accepting) * (0.35 + 0.65 * t)
    if shanten == 1:
        return min(0.45, 0.15 + 0.0075 * accepting) * float(t**0.8)
    if shanten == 2:
        return min(0.22, 0.06 + 0.0025 * accepting) * float(t**1.3)
    return 0.05 * t * t


def wait_chance(accepting: int) -> float:
    """The tenpai part of ``win_chance`` before the wall's share: how much more a wider wait wins."""
    return min(0.7, 0.25 + 0.05 * accepting)


# the unseen winning tiles of the tenpai a typical one-shanten hand reaches (``win_chance`` by acceptance already
# assumes one): the average over the one-shanten hands the look-ahead kept in 10 self-play games. A look-ahead that
# finds better waits raises a one-shanten hand's chance above ``win_chance``, worse ones lower it
TYPICAL_WAIT = 4

# tenpai discards weighed after each imagined draw, widest first (a fourth is rarely the best)
TENPAI_CHOICES = 3

# a first call must bring an expected value of at least this share of the closed hand's (``opening_gain``).
# Measured head to head (docs/cpus.md#what-each-change-was-worth): 0.75, 0.9 and 1.0 were tried, 1.0 placed best
CALL_MARGIN = 1.0

# Zung Jung: a win is worth more than its points (it also stops the others scoring that hand), so speed is
# weighed against patterns as if every win carried this many points more
ZJ_WIN_WORTH = 10.0

# how many more risky discards a push from this shanten will need (tenpai: this one), by shanten 0..3+. A hand one
# step away must still draw its tenpai and then push that too: raised from (1.0, 0.85, 1.1, 1.5) when the look-ahead
# made slow hands worth more, it placed better against strong-2026 and cut deal-ins (docs/cpus.md#folding)
FUTURE = (1.0, 1.3, 1.5, 1.8)
# While another seat is in riichi a push commits to more again: the riichi is waiting for sure and stays so to the
# end of the hand, so every discard on the way to tenpai goes at it (an open hand may not be waiting yet). Measured
# against strong-2026 (4,000 games): +0.132 places, deal-ins 11.2%, where ``FUTURE`` alone places +0.111 with
# 11.7%; (1.6, 1.8, 2.1) from one step placed +0.121, (2.3, 2.5, 2.8) +0.120
# (docs/cpus.md#against-a-riichi-a-push-commits-to-more)
RIICHI_FUTURE = (1.0, 1.9, 2.1, 2.4)
# Zung Jung keeps the numbers its strength was measured with (docs/cpus.md#zung-jung): a deal-in there is cheap
ZJ_FUTURE = (1.0, 0.85, 1.1, 1.5)

# sanma hands are worth about 1.55x a 4-player hand (North and red-five dora, fewer kinds): so is dealing in.
# Measured (2,001 games, strong,normal,easy, seed 1): strong's lead over normal went from +0.05 places (within the
# interval) to +0.11 with this and the haneman dama line
SANMA_COST = 1.6

# Redraw against a threat when sending the drawn tile back is worth this many points more than the best discard
# with it (``redraw_gain``): about what a plain Redraw on a waiting hand wins (a tsumo chance), so a charge goes
# to danger only when danger is worth more
REDRAW_GAIN = 400.0

# how likely a win Foresight shows on the 1st, 2nd, 3rd own draw is to come (a call or another's win can stop it).
# Only a known completion changes a discard's win chance: re-valuing every discard by where the known draws leave
# it (closer, or no closer with fewer tiles left) made a Foresight holder place worse than a seat without a power
# (6,000 games, foresight,none,seal,none: -0.045 places, 95% CI -0.082 .. -0.007; 4,000 games with the closer hand
# valued at a typical acceptance: -0.025, -0.084 .. +0.034)
KNOWN_WIN = (0.8, 0.65, 0.5)

# Sense is asked when its answer is worth at least this many points (``sense_worth``). Measured (4,000 games,
# sense,none,sense,none, 3 a game): +0.067 places (+0.024 .. +0.109), against +0.053 (+0.002 .. +0.105) asking
# about the push whenever its deal-in cost passed 300 points: three questions in four then went on tiles the
# answer cleared 93% of the time (docs/performance.md#redraw-and-sense-re-tuned-for-todays-strong-measured-2026-11-28)
SENSE_KEEP = 300.0

# Seal goes on the threat the push endangers most when that danger costs at least this many points
SEAL_RISK = 300.0

# a ready hand worth this much without riichi stays silent: [sanma][dealer] (mangan; haneman in sanma)
DAMA_FROM = ((7700, 11600), (12000, 18000))

# past the first turns (fewer than this share of the live wall left), a poor wait (this many unseen winning tiles
# or fewer) that already wins at least ``DAMA_POOR_FROM`` points stays silent: riichi would add a han but tell the
# table to fold against a wait that wins little, and take away the way to fold (docs/cpus.md#folding). Four tiles
# until pushes against a riichi came to count more discards: those hands reach fewer tenpai, riichi fell to 17.6%,
# and three puts it back (18.8%) and places +0.135 against strong-2026, +0.132 with four
# (docs/cpus.md#against-a-riichi-a-push-commits-to-more)
POOR_WAIT = 3
DAMA_POOR_FROM = 2000
LATE_SHARE = 4 / 7


class StrongBot(NormalBot):
    level = "strong"

    def __init__(self, rules: RuleSet, seed: int | str = 0, name: str | None = None) -> None:
        super().__init__(rules, seed, name)
        # ``ahead`` by discard kind for the situation being decided: one turn weighs the same hands several times
        # (the discard, riichi, a power, Veil), and the look-ahead is the dearest term
        self.reached: tuple[Situation | None, dict[int, tuple[float, float] | None]] = (None, {})
        # ``tenpai_value`` by tenpai hand for the same situation: discarding A and then B after a draw reaches the
        # hand discarding B and then A does (a third of the look-ahead's tenpai, measured on its slowest turns)
        self.valued: tuple[Situation | None, dict[tuple[int, ...], float]] = (None, {})

    # --- the table's threats -----------------------------------------------------------------------------
    def cost(self, r: Situation, opp: Opponent) -> float:
        """What dealing into ``opp`` is expected to cost (points, or Zung Jung pattern points × 3)."""
        if not r.rules.riichi:
            # a typical Zung Jung win is worth 10 or less: dealing in is cheap, speed matters more
            base = 8.0 * 3 if opp.open_melds >= 2 else 6.0 * 3
            return base * (2.0 if suit_bias(opp) is not None else 1.0)
        # what a deal-in cost on average in four-strong self-play: 6,540 into a riichi, 3,933 into an open hand
        # (docs/cpus.md#reading-an-open-hand), a quarter of them into the dealer's hand (x1.5 below)
        base = 5500.0 if opp.riichi else 3500.0
        if suit_bias(opp) is not None:
            base += 2000.0
        base += 1000.0 * sum(r.dora[low] for _, low in opp.melds)  # open dora sets raise the hand
        return base * (1.5 if opp.wind == EAST else 1.0) * (SANMA_COST if r.players == 3 else 1.0)

    def future(self, r: Situation, shanten: int) -> float:
        """How many risky discards a push from ``shanten`` commits to: ``FUTURE``, ``RIICHI_FUTURE`` while another
        seat is in riichi, Zung Jung's ``ZJ_FUTURE``."""
        if not r.rules.riichi:
            return ZJ_FUTURE[min(shanten, 3)]
        return (RIICHI_FUTURE if r.riichi_against() else FUTURE)[min(shanten, 3)]

    def risk_scale(self, r: Situation) -> float:
        """The game situation: dealing in matters more to a leader in the last hand or to a seat near busting,
        less to the last seat in the last hand."""
        scale = 1.0
        me = r.scores[r.seat]
        if r.rules.riichi and r.rules.bust and me < 8000:
            scale *= 1.5
        if r.last_hand():
            place = r.placement()
            others = sorted((s for i, s in enumerate(r.scores) if i != r.seat), reverse=True)
            if place == 0 and me - others[0] > 4000:
                scale *= 2.0
            elif place == r.players - 1:
                scale *= 0.6
        return scale

    def threatening(self, r: Situation) -> list[Opponent]:
        """Opponents worth defending against: a riichi or an open hand; in Zung Jung (no furiten, cheap hands:
        defending costs more wins than it saves) only a one-suit hand or one with three melds."""
        if not r.rules.riichi:
            return [o for o in r.opponents if o.open_melds >= 3 or suit_bias(o) is not None]
        return [o for o in r.opponents if o.riichi or o.open_melds]

    def threats(self, r: Situation) -> list[tuple[list[float], float]]:
        """(danger per kind, cost of dealing in) for each opponent of ``threatening``, in that order."""
        return [(danger(r, o), self.cost(r, o)) for o in self.threatening(r)]

    # --- what a discard leaves ---------------------------------------------------------------------------
    def codes_without(self, r: Situation, kind: int) -> list[int]:
        """The concealed tile codes after discarding one tile of ``kind``."""
        return without_code([r.codes[t] for t in r.tiles], kind)

    def hand_value(self, r: Situation, o: DiscardOption, riichi: bool) -> tuple[float, bool]:
        """(points the hand left by discard ``o`` is worth, whether its waits are furiten). A waiting hand is
        scored by the real scorer on each wait; a slower one by an estimate of its han."""
        if o.shanten == 0:
            waits = mask_kinds(o.mask)
            codes = self.codes_without(r, o.discard)
            furiten = r.rules.riichi and any(w in r.own_river or w == o.discard for w in waits)
            value, _, _ = wait_values(r, codes, waits, riichi=riichi and r.closed)
            if not r.rules.riichi:  # Zung Jung: every hand wins; a discard pays 3x, a self-draw 1x from each
                return 3.0 * (ZJ_WIN_WORTH + value), False
            if value == 0:  # no yaku: only the tenpai payment at a draw (or riichi, handled by the caller)
                return 600.0, furiten
            return value, furiten
        counts = without(r.counts, o.discard)
        if not r.rules.riichi:
            return 3.0 * (ZJ_WIN_WORTH + zung_jung_estimate(r, counts)), False
        # the estimate counted the 14 tiles: the thrown one's dora go (a red five only when no plain copy is held,
        # as ``tile_for_kind`` throws a plain copy first)
        thrown = tile_for_kind(r, o.discard, [Discard(t) for t in r.tiles])
        han = estimated_han(r, counts, r.closed) - r.dora[o.discard] - (thrown is not None and r.is_red(thrown.tile))
        return float(han_points(han, r.dealer)), False

    def chance(self, r: Situation, shanten: int, accepting: int) -> float:
        """``win_chance`` of a hand at ``shanten`` with ``accepting`` unseen tiles at this point of the hand."""
        return win_chance(shanten, accepting, r.live, self.live_at_start(r))

    def live_at_start(self, r: Situation) -> int:
        """Live tiles at the start of a hand: 70 with four players, 55 with three."""
        return 70 if r.players == 4 else 55

    def outlook(self, r: Situation, o: DiscardOption) -> tuple[float, float]:
        """(chance to win, points a win is worth) of the hand discard ``o`` leaves: the win chance by shanten
        and acceptance (halved on a furiten wait), the value by ``hand_value``; a one-shanten hand by the tenpai
        its draws reach (``ahead``)."""
        if o.shanten == 1 and o.total:
            reach = self.ahead(r, o)
            if reach is not None:
                quality, value = reach
                return self.chance(r, 1, o.total) * quality, value
        value, furiten = self.hand_value(r, o, riichi=True)
        return self.chance(r, o.shanten, o.total) * (0.5 if furiten else 1.0), value

    # --- one draw ahead ----------------------------------------------------------------------------------
    def ahead(self, r: Situation, o: DiscardOption) -> tuple[float, float] | None:
        """For the one-shanten hand discard ``o`` leaves: (how good the tenpai it reaches are against a typical
        one, ``TYPICAL_WAIT``; the points their wins are worth). Each tile that brings the hand to tenpai is
        drawn in thought, the best of the widest tenpai discards made, and that tenpai scored on its real waits;
        each draw weighs by its unseen copies, each tenpai's value by its win chance. None when no unseen draw
        reaches a tenpai: the plain judgement then stands."""
        situation, memo = self.reached
        if situation is not r:
            memo = {}
            self.reached = (r, memo)
        if o.discard not in memo:
            memo[o.discard] = self.look_ahead(r, o)
        return memo[o.discard]

    def look_ahead(self, r: Situation, o: DiscardOption) -> tuple[float, float] | None:
        """``ahead`` worked out."""
        seen = list(r.visible)
        seen[o.discard] += 1  # the discard goes to the river: one copy fewer left to draw
        codes = self.codes_without(r, o.discard)
        return self.reach(r, codes, without(r.counts, o.discard), seen, (o.mask, o.left), o.discard)

    def reach(
        self,
        r: Situation,
        codes: list[int],
        counts: list[int],
        seen: Sequence[int],
        draws: tuple[int, Sequence[int]],
        thrown: int | None,
    ) -> tuple[float, float] | None:
        """The look-ahead of a one-shanten 13-tile hand (``codes``, ``counts``; ``seen`` the kinds out of reach),
        whose tenpai-reaching ``draws`` are (kind mask, unseen copies per kind); ``thrown`` is the tile just
        discarded for it (None for a hand that discarded nothing): (quality against ``TYPICAL_WAIT``, value)."""
        mask, left = draws
        locked = r.locked if r.melds else None
        weight = 0.0
        chance = 0.0
        worth = 0.0
        for k in mask_kinds(mask):
            copies = left[k]
            if not copies:
                continue
            counts[k] += 1
            best: tuple[float, float] | None = None
            for t in [t for t in discard_options(counts, locked, seen) if t.shanten == 0][:TENPAI_CHOICES]:
                p, v = self.tenpai_after(r, codes, k, t, thrown)
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
        self, r: Situation, codes: list[int], drawn: int, t: DiscardOption, thrown: int | None
    ) -> tuple[float, float]:
        """(``wait_chance``, points) of the tenpai reached by drawing ``drawn`` into ``codes`` and discarding
        ``t``, valued as ``hand_value`` values a waiting hand: furiten when a wait is in the river (``thrown``
        is on its way there), 600 (the draw payment) for an open tenpai without a yaku; in Zung Jung every
        tenpai wins, for its patterns and ``ZJ_WIN_WORTH``."""
        hand = without_code([*codes, drawn], t.discard)
        waits = mask_kinds(t.mask)
        value = self.tenpai_value(r, hand, waits)
        if not r.rules.riichi:
            return wait_chance(t.total), 3.0 * (ZJ_WIN_WORTH + value)
        furiten = any(w in r.own_river or w == thrown or w == t.discard for w in waits)
        if value == 0:
            value = 600.0
        return wait_chance(t.total) * (0.5 if furiten else 1.0), value

    def tenpai_value(self, r: Situation, hand: list[int], waits: Sequence[int]) -> float:
        """``wait_values``' points of the tenpai ``hand`` (13 tile codes) waiting on ``waits``, remembered for the
        situation being decided (``valued``): the waits follow from the hand, the rest from the situation."""
        situation, memo = self.valued
        if situation is not r:
            memo = {}
            self.valued = (r, memo)
        key = tuple(sorted(hand))
        value = memo.get(key)
        if value is None:
            value = memo[key] = wait_values(r, hand, waits, riichi=r.rules.riichi and r.closed)[0]
        return value

    def evaluate(
        self, r: Situation, opts: Sequence[DiscardOption], threats: list[tuple[list[float], float]] | None = None
    ) -> list[tuple[float, DiscardOption]]:
        """(expected value, option) for each discard option; ``threats`` when the caller already read them."""
        if threats is None:
            threats = self.threats(r)
        scale = self.risk_scale(r)
        # winning also takes the riichi deposits on the table and stops the riichi hands from winning (a tsumo
        # would cost us a share of them anyway)
        stake = sum(1000.0 + 0.3 * c for (_, c), o in zip(threats, self.threatening(r), strict=True) if o.riichi)
        if not r.rules.riichi:
            stake = 0.0
        out = []
        for o in opts[:14]:
            p, value = self.outlook(r, o)
            value += stake
            if o.shanten == 0 and r.rules.riichi:
                value += 500.0  # a waiting hand also collects the tenpai payment at a draw
            if r.ahead:  # Foresight: a discard whose hand the own known draws complete is nearly a win
                step = powers.known_win(r, o.discard)
                if step is not None:
                    p = max(p, KNOWN_WIN[step - 1])
            risk = self.discard_risk(r, o.discard, threats) * self.future(r, o.shanten) * scale
            out.append((p * value - risk, o))
        return out

    def discard_risk(self, r: Situation, kind: int, threats: list[tuple[list[float], float]]) -> float:
        """The expected deal-in cost of ``kind`` against the threats; a Sense answer this turn makes it certain:
        nothing, or the dearest opponent's cost."""
        if kind in r.sensed:
            return max(self.cost(r, o) for o in r.opponents) if r.sensed[kind] else 0.0
        return sum(d[kind] * c for d, c in threats)

    def pick(self, r: Situation, options: list[Discard]) -> DiscardOption | None:
        opts = self.ranked_discards(r, options)
        if not opts:
            return None
        if not r.rules.riichi:
            # Zung Jung: every hand wins and most are cheap, so speed comes first; patterns (and safety) choose
            # among the discards that keep the best shanten and nearly all of the acceptance
            best = opts[0]
            opts = [o for o in opts if o.shanten == best.shanten and o.total >= 0.85 * best.total]
        scored = self.evaluate(r, opts)
        # the best expected value; among equal values the more efficient (earlier) option, and among discards as
        # efficient as that one the tile with the least room to grow
        top = max(v for v, _ in scored)
        equal = [o for v, o in scored if v >= top - 1e-9]
        alike = [o for o in equal if o.shanten == equal[0].shanten and o.total == equal[0].total]
        return min(alike, key=lambda o: room_to_grow(r, o.discard))

    def discard(self, r: Situation, options: list[Discard], rng: random.Random) -> Discard:
        if len(options) == 1:
            return options[0]
        o = self.pick(r, options)
        if o is not None:
            chosen = tile_for_kind(r, o.discard, options)
            if isinstance(chosen, Discard):
                return chosen
        return super().discard(r, options, rng)

    def use_power(self, r: Situation, options: list[Power], rng: random.Random) -> Power | None:
        """The shared judgement, plus: Redraw on a dangerous draw (against a riichi or an open hand, a drawn
        tile that would have to be pushed, or the hand broken to keep it back, goes to the end of the wall), Sense
        where its answer is worth most, and Seal on the threat the push endangers most when that push is risky."""
        if options[0].power == "redraw" and self.redraw_gain(r) > REDRAW_GAIN:
            return options[0]
        if options[0].power == "sense":
            return self.sense(r, options)
        if options[0].power == "seal":
            return self.seal(r, options)
        return super().use_power(r, options, rng)

    def push(self, r: Situation) -> DiscardOption | None:
        """The discard the hand would make if danger did not count (None without a threat): the tile Seal
        protects."""
        seats = {o.seat for o in self.threatening(r)}
        return self.pick_lifted(r, seats) if seats else None

    def pick_lifted(self, r: Situation, seats: set[int]) -> DiscardOption | None:
        """The discard the hand would make with the danger from ``seats`` lifted: every threat's for the push, one
        seat's for a Seal on it."""
        threats = self.threats(r)
        left = [t for t, o in zip(threats, self.threatening(r), strict=True) if o.seat not in seats]
        plain = [a for a in r.legal if type(a) is Discard and not a.veil]
        opts = self.ranked_discards(r, plain)
        scale = self.risk_scale(r)
        top, best = 0.0, None
        for v, o in self.evaluate(r, opts, threats):
            lifted = self.discard_risk(r, o.discard, threats) - self.discard_risk(r, o.discard, left)
            value = v + lifted * self.future(r, o.shanten) * scale
            if best is None or value > top:
                top, best = value, o
        return best

    def sense(self, r: Situation, options: list[Power]) -> Power | None:
        """Ask about the tile whose answer is worth most (``sense_worth``), when it is worth at least
        ``SENSE_KEEP``."""
        worth, kind = self.sense_worth(r)
        if kind is None or worth < SENSE_KEEP:
            return None
        return next((a for a in options if a.tile is not None and KIND_OF_ID[a.tile] == kind), None)

    def sense_worth(self, r: Situation) -> tuple[float, int | None]:
        """(points, kind) of the Sense question worth most now. Asked about a discard of chance ``p`` to deal in,
        a "no" (1 - p) makes it free to push, a "yes" leaves the best other discard; the question is worth the
        value expected after the answer less that of the discard made without it. So it pays where the answer
        can change the decision: little when the push is right whatever the answer (the alternatives are as
        dangerous or far worse) or when folding is right anyway."""
        threats = self.threats(r)
        plain = [a for a in r.legal if type(a) is Discard and not a.veil]
        opts = self.ranked_discards(r, plain)
        if not threats or not opts:
            return 0.0, None
        scored = self.evaluate(r, opts, threats)
        best = max(v for v, _ in scored)
        scale = self.risk_scale(r)
        worth, asked = 0.0, None
        for v, o in scored:
            if o.discard in r.sensed:
                continue
            risk = self.discard_risk(r, o.discard, threats) * self.future(r, o.shanten) * scale
            p = min(1.0, sum(d[o.discard] for d, _ in threats))
            others = max((x for x, q in scored if q.discard != o.discard), default=v)
            w = (1 - p) * max(v + risk, best) + p * others - best
            if w > worth:
                worth, asked = w, o.discard
        return worth, asked

    def seal(self, r: Situation, options: list[Power]) -> Power | None:
        """Seal the threat the push endangers most when that danger costs at least ``SEAL_RISK``, the hand is in
        the race, and with that seat sealed the push is the discard the hand makes: the push, and the next one,
        are then safe from that seat. Against a second threat the push may still be held back (a riichi left
        unsealed), and a Seal that changes nothing is a charge thrown away."""
        best = self.push(r)
        if best is None or best.shanten > 1 or best.discard in r.sensed:
            return None
        by_target = {a.target: a for a in options}
        scale = self.risk_scale(r)
        risky = [
            (danger(r, o)[best.discard] * self.cost(r, o) * scale, o.seat)
            for o in self.threatening(r)
            if o.seat in by_target
        ]
        if not risky or max(risky)[0] < SEAL_RISK:
            return None
        seat = max(risky)[1]
        sealed = self.pick_lifted(r, {seat})
        if sealed is None or sealed.discard != best.discard:
            return None
        return by_target[seat]

    def redraw_gain(self, r: Situation) -> float:
        """Points a Redraw is worth now against the threats on the table: the hand as it was before the draw
        (the drawn tile thrown back) against the best discard with the drawn tile in it, where the tile drawn
        instead carries the average danger of an unseen tile (its chance to help is left out: a cautious
        estimate). So it pays when the drawn tile is far more dangerous than what the wall holds on average."""
        if r.drawn is None or r.riichi or not r.rules.riichi:
            return 0.0
        threats = self.threats(r)
        plain = [a for a in r.legal if type(a) is Discard and not a.veil]
        opts = self.ranked_discards(r, plain or [Discard(t) for t in r.tiles])
        if not threats or not opts:
            return 0.0
        kind = KIND_OF_ID[r.drawn]
        scored = self.evaluate(r, opts, threats)
        back = [(v, o) for v, o in scored if o.discard == kind]
        if not back:
            return 0.0
        v, o = back[0]
        raw = [sum(d[k] * c for d, c in threats) for k in range(KINDS)]
        unseen = [r.unseen(k) for k in range(KINDS)]
        unseen[kind] += 1  # the drawn tile goes back into the wall
        replacement = sum(u * x for u, x in zip(unseen, raw, strict=True)) / max(1, sum(unseen))
        scale = self.future(r, o.shanten) * self.risk_scale(r)
        return v + (raw[kind] - replacement) * scale - max(x for x, _ in scored)

    def veil(self, r: Situation, chosen: Discard, options: list[Discard], rng: random.Random) -> Action:
        """With Veil offered, a tile pushed face down cannot deal in: the best discard once its own danger is
        lifted, less what keeping the charge is worth, against the discard chosen with the danger counted."""
        if Discard(chosen.tile, True) not in r.legal:
            return chosen
        threats = self.threats(r)
        opts = self.ranked_discards(r, options)
        if not threats or not opts:
            return chosen
        plain = powers.veil(r, chosen)  # the chosen tile itself, when it is dangerous enough
        if plain != chosen:
            return plain
        scale = self.risk_scale(r)
        scored = self.evaluate(r, opts, threats)
        kept = max((v for v, o in scored if o.discard == KIND_OF_ID[chosen.tile]), default=None)
        if kept is None:
            return chosen
        value, best = max(
            ((v + self.discard_risk(r, o.discard, threats) * scale - VEIL_KEEP, o) for v, o in scored),
            key=lambda x: x[0],
        )
        if value <= kept:
            return chosen
        pick = tile_for_kind(r, best.discard, options)
        return Discard(pick.tile, True) if pick is not None and Discard(pick.tile, True) in r.legal else chosen

    # --- riichi or dama ------------------------------------------------------------------------------------
    def riichi(self, r: Situation, options: list[Riichi], rng: random.Random) -> Riichi | None:
        kinds = {KIND_OF_ID[a.tile] for a in options}
        o = self.pick(r, [Discard(t) for t in r.tiles])
        if o is None or o.discard not in kinds or o.shanten != 0:
            return None  # the chosen discard does not wait (a fold), or not on a riichi-able tile
        codes = self.codes_without(r, o.discard)
        dama, _, _ = wait_values(r, codes, mask_kinds(o.mask), riichi=False)
        # Foresight shows the winning draw coming: riichi adds its han (and ippatsu, on the next draw)
        coming = bool(r.ahead) and powers.known_win(r, o.discard, riichi=True) is not None
        if not coming and dama >= DAMA_FROM[r.players == 3][r.dealer]:
            return None  # a hand that already pays well wins more often unannounced: others keep discarding
        if dama and r.last_hand() and r.placement() == 0:
            return None
        if dama >= DAMA_POOR_FROM and o.total <= POOR_WAIT and r.live < LATE_SHARE * self.live_at_start(r):
            return None
        chosen = tile_for_kind(r, o.discard, options)
        return chosen if isinstance(chosen, Riichi) else None

    # --- the last hand ----------------------------------------------------------------------------------------
    def take_win(self, r: Situation, action: Tsumo | Ron) -> bool:
        """In the last hand a non-dealer in last place lets a ron go when it would leave the seat last but a
        self-draw of the same hand would lift it (the game ends on the win; a dealer's win goes on, so the
        dealer always takes it). Honba and the riichi deposits on the table count: they can be the difference.
        A dealer paying a self-draw pays double; the estimate splits it evenly."""
        if not (r.rules.riichi and isinstance(action, Ron) and r.claim is not None and r.last_hand()) or r.dealer:
            return True
        if r.placement() != r.players - 1:
            return True
        win = r.codes[r.claim[2]]
        codes = [r.codes[t] for t in r.tiles]
        me = r.scores[r.seat]
        others = {i: s for i, s in enumerate(r.scores) if i != r.seat}
        honba = r.honba * r.rules.honba_per_payer * len(others)  # what the payers add, ron or self-draw
        deposits = 1000 * r.sticks
        ron = win_points(r, codes, win, riichi=r.riichi) + honba
        if me + ron + deposits > min(s - (ron if i == r.claim[1] else 0) for i, s in others.items()):
            return True  # the ron already climbs out of last place
        tsumo = win_points(r, codes, win, riichi=r.riichi, tsumo=True) + honba
        share = tsumo // len(others)
        return not me + tsumo + deposits > min(s - share for s in others.values())

    # --- kans and calls ------------------------------------------------------------------------------------
    def declare_kan(self, r: Situation, kan: ClosedKan | AddedKan) -> bool:
        if not r.riichi and r.riichi_against():
            return False  # a new dora helps the riichi as much as us, and an added kan can be robbed
        return super().declare_kan(r, kan)

    def worth_calling(self, r: Situation, call: Pon | Chi, out: efficiency.CallOutcome, s0: int) -> bool:
        """The normal judgement, plus: late in the hand a call that reaches tenpai is worth it even without a
        yaku (the draw payments); against a riichi no call that must then throw a dangerous tile."""
        assert out.best is not None
        ok = super().worth_calling(r, call, out, s0)
        if ok and r.closed and r.rules.riichi:
            ok = self.opening_gain(r, call, out) >= 0
        riichi_on = r.riichi_against()
        if r.rules.riichi and not ok and r.live <= 12 and out.best.shanten == 0 and not riichi_on:
            ok = True
        if ok and riichi_on:
            ok = sum(d[out.best.discard] for d, _ in self.threats(r)) < 0.12
        return ok

    def opening_gain(self, r: Situation, call: Pon | Chi, out: efficiency.CallOutcome) -> float:
        """What opening the hand with a call is worth: the open hand's expected value (``open_value``) less
        ``CALL_MARGIN`` × the closed hand's (``closed_value``, which keeps riichi, menzen tsumo and a closed
        flush's extra han). A call that speeds up a cheap hand and costs a valuable one nothing passes; a call for
        speed alone that leaves a one-han hand against a closed hand with riichi to come does not."""
        return self.open_value(r, call, out) - CALL_MARGIN * self.closed_value(r)

    def open_value(self, r: Situation, call: Pon | Chi, out: efficiency.CallOutcome) -> float:
        """Win chance × estimated points of the open hand after ``call`` and its most efficient discard (the
        called tile's dora counted, the thrown tile's taken away)."""
        assert out.best is not None and r.claim is not None
        called = r.claim[2]
        kind = KIND_OF_ID[called]
        rest = without(out.counts, out.best.discard)
        dora = r.dora[kind] + int(r.is_red(called)) - r.dora[out.best.discard]
        han_open = estimated_han(r, rest, False, out.melds) + dora
        return self.chance(r, out.best.shanten, out.best.total) * han_points(han_open, r.dealer)

    def closed_value(self, r: Situation) -> float:
        """Win chance × estimated points of the closed 13 tiles held while a discard passes."""
        shanten, accepting = efficiency.waiting_shanten(r)
        return self.chance(r, shanten, accepting) * han_points(estimated_han(r, r.counts, True), r.dealer)


def room_to_grow(r: Situation, kind: int) -> int:
    """What a kept tile of ``kind`` can still become, in unseen tiles: a suited tile its own copies and those of
    the kinds up to two ranks either side (the shapes it can join); an honor its own copies, times one plus three
    for each han its triplet would bring (a live dragon's 12 outlasts a terminal's 11 at most, a guest wind's 3
    goes first).

    It breaks ties the numbers leave: discards that keep the same shanten, the same acceptance and the same
    value. Far from tenpai most discards tie (every slow hand's win chance is the same), and the plain order of
    kinds then threw a lone 4m before a 9m, and any suited tile before a guest wind; the top room's players throw
    the tile with less to grow into, and the wider shapes they keep reach two-sided waits more often
    (docs/cpus.md#the-tile-with-room-to-grow)."""
    n = r.unseen(kind)
    if kind >= EAST:
        han = r.value_winds.count(kind) if r.rules.riichi else int(kind in value_honors(r))
        return n * (1 + 3 * han)
    rank = kind % 9
    for d in (-2, -1, 1, 2):
        if 0 <= rank + d <= 8:
            n += r.unseen(kind + d)
    return n


def without_code(codes: Sequence[int], kind: int) -> list[int]:
    """``codes`` less one tile of ``kind``: a plain copy before a red five, as ``tile_for_kind`` throws them (a
    plain five's code is its kind); unchanged when the hand holds none."""
    out = list(codes)
    at = next((i for i, c in enumerate(out) if c == kind), None)
    if at is None:
        at = next((i for i, c in enumerate(out) if kind_of(c) == kind), None)
    if at is not None:
        del out[at]
    return out


def zung_jung_estimate(r: Situation, counts: list[int]) -> float:
    """Zung Jung pattern points a slow hand is heading for ([S4]'s table): concealed, value honors,
    one-suit, all triplets; a chicken hand at least."""
    pts = 0.0
    if r.closed:
        pts += 5
    honors = value_honors(r)
    melded = {low for kind, low in r.meld_kinds if kind != "chi"}
    for k in honors:
        if counts[k] >= 3 or k in melded:
            pts += 10
        elif counts[k] == 2:
            pts += 4
    paths = yaku_paths(r, counts, r.meld_kinds)
    if "flush" in paths:
        pts += 25
    if "toitoi" in paths:
        pts += 10
    return max(pts, float(r.rules.chicken_hand_points))
