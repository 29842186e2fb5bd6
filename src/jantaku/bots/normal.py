"""The ``normal`` CPU: plays for speed. Every discard keeps the lowest shanten with the most unseen accepting
tiles; it declares riichi as soon as it can, on the widest wait; it calls when the call brings the hand closer
and a yaku stays within reach; it does not defend. Its superpower it uses by the simple rules of ``bots.powers``
(Foresight's known draws re-rank its discards; Sense keeps it from throwing a tile that would deal in)."""

from __future__ import annotations

import random

from jantaku.bots import efficiency, powers
from jantaku.bots.base import Bot, tile_for_kind
from jantaku.bots.reading import Situation
from jantaku.bots.value import value_honors, yaku_paths
from jantaku.engine.actions import Action, AddedKan, Chi, ClosedKan, Discard, OpenKan, Pon, Riichi
from jantaku.hand import DiscardOption, shanten
from jantaku.hand.shanten import shanten_kokushi
from jantaku.tiles import KIND_OF_ID, NORTH


def can_win_open(r: Situation, paths: list[str]) -> bool:
    """An open riichi hand needs a yaku; a Zung Jung hand always wins (a chicken hand at worst)."""
    return bool(paths) or not r.rules.riichi


def without(counts: list[int], kind: int, n: int = 1) -> list[int]:
    c = list(counts)
    c[kind] -= n
    return c


def advances(r: Situation, call: Pon | Chi | OpenKan, after: int, before: int) -> bool:
    """A call must bring the hand closer; a pon of a value honor may also just keep the distance (it makes the
    yaku at once)."""
    if after < before:
        return True
    called = KIND_OF_ID[r.claim[2]] if r.claim else -1
    return after == before and isinstance(call, Pon) and called in value_honors(r)


class NormalBot(Bot):
    level = "normal"

    def ranked_discards(self, r: Situation, options: list[Discard]) -> list[DiscardOption]:
        """Legal discards by efficiency; an open hand keeps a discard that leaves it a yaku when one exists at
        no more than one shanten's cost."""
        opts = efficiency.options(r, {KIND_OF_ID[a.tile] for a in options})
        if not r.closed and r.rules.riichi and opts:
            keep = [o for o in opts if yaku_paths(r, without(r.counts, o.discard), r.meld_kinds)]
            if keep and keep[0].shanten <= opts[0].shanten + 1:
                return keep
        return opts

    def discard(self, r: Situation, options: list[Discard], rng: random.Random) -> Discard:
        opts = powers.with_known_draws(r, self.ranked_discards(r, options))
        if opts:
            chosen = tile_for_kind(r, opts[0].discard, options)
            if chosen is not None:
                assert isinstance(chosen, Discard)
                return chosen
        return options[0]

    def riichi(self, r: Situation, options: list[Riichi], rng: random.Random) -> Riichi | None:
        kinds = {KIND_OF_ID[a.tile] for a in options}
        opts = [o for o in efficiency.options(r, kinds) if o.shanten == 0]
        if not opts:
            return None
        # the widest wait, unless Foresight's known draws bring a winning tile of one of them sooner
        widest = max(opts, key=lambda o: (o.total, -o.discard))
        best = powers.with_known_draws(r, opts, riichi=True)[0] if r.ahead else widest
        chosen = tile_for_kind(r, best.discard, options)
        assert chosen is None or isinstance(chosen, Riichi)
        return chosen

    def best_shanten(self, r: Situation) -> int:
        return min(o.shanten for o in efficiency.options(r))

    def extract_north(self, r: Situation) -> bool:
        """Set a North aside unless the hand needs it (a pair or set of Norths, or a thirteen-orphans try)."""
        return shanten(without(r.counts, NORTH), r.melds) <= self.best_shanten(r)

    def abort_nine_terminals(self, r: Situation) -> bool:
        """Redeal unless thirteen orphans is within two tiles."""
        return shanten_kokushi(r.counts) >= 3

    def declare_kan(self, r: Situation, kan: ClosedKan | AddedKan) -> bool:
        """A kan that does not slow the hand (after riichi the engine only offers wait-keeping kans)."""
        if r.riichi:
            return True
        if isinstance(kan, ClosedKan):
            k = KIND_OF_ID[kan.tiles[0]]
            after = shanten(without(r.counts, k, 4), r.melds + 1)
        else:
            k = KIND_OF_ID[kan.tile]
            after = shanten(without(r.counts, k), r.melds)
        return after <= self.best_shanten(r)

    def call(self, r: Situation, calls: list[Pon | Chi | OpenKan], rng: random.Random) -> Action | None:
        if r.ahead and r.closed and powers.known_win(r) is not None:
            return None  # Foresight: a call moves the own draws, away from the win (a closed self-draw) they bring
        s0, _ = efficiency.waiting_shanten(r)
        best: tuple[int, int] | None = None
        chosen: Action | None = None
        for c in calls:
            if isinstance(c, OpenKan):
                continue
            out = efficiency.after_call(r, c)
            if out.best is None or not advances(r, c, out.best.shanten, s0):
                continue
            if not self.worth_calling(r, c, out, s0):
                continue
            key = (out.best.shanten, -out.best.total)
            if best is None or key < best:
                best, chosen = key, c
        return chosen

    def worth_calling(self, r: Situation, call: Pon | Chi, out: efficiency.CallOutcome, s0: int) -> bool:
        assert out.best is not None
        rest = without(out.counts, out.best.discard)
        paths = yaku_paths(r, rest, out.melds)
        if not can_win_open(r, paths):
            return False
        called = KIND_OF_ID[r.claim[2]] if r.claim else -1
        if isinstance(call, Pon) and called in value_honors(r):
            return True
        return not r.closed or s0 <= 2
