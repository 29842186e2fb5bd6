"""How dangerous each tile is to discard: the chance that a threatening opponent wins on it.

A defender reads four things off the table, as strong human players do:
- **genbutsu**: a kind in the opponent's river (their furiten) or, after their riichi, discarded by anyone since
  and passed: it cannot win off them;
- **suji**: a two-sided wait (the commonest wait) on ``r`` is also a wait on ``r ± 3``; if ``r - 3`` is safe the
  low two-sided route to ``r`` is closed, and likewise ``r + 3`` for the high route;
- **kabe** (walls): when every copy of a neighbour is visible, no two-sided shape can go through it;
- **visible copies**: a kind with few unseen copies can only be waited on by a pair or a single tile.

The numbers are deal-in chances per route, in the range published statistics of online play give (a plain
middle tile against a riichi ≈ 12%, a suji terminal ≈ 2%, a honor with one copy left ≈ 1%). They are data, one
table, so that they can be tuned in one place. Measured in self-play (``bench/danger.py``) two rankings are off: a
3/7 suji is still an edge and a closed wait (about 8% against a riichi, not 3%), and a honor nobody threw is
safer than rated (about 4%, not 6–8%). A table fitted to those measurements deals in less but placed worse with the
push side tuned around these numbers (docs/cpus.md#the-danger-table-measured-tried-not-kept), so these stand
until the two are re-tuned together.
"""

from __future__ import annotations

from jantaku.bots.reading import Opponent, Situation
from jantaku.melds import MeldKind
from jantaku.tiles import KINDS, is_honor, is_simple, rank_of, suit_of

# chance a two-sided (ryanmen) wait route to a tile is live and this opponent holds it
ROUTE = 0.052
# chance of a closed, edge, pair or single-tile wait on a tile, by copies of it still unseen (0..4)
OTHER_BY_UNSEEN = (0.0, 0.008, 0.018, 0.028, 0.034)
# honors: only pair or single-tile waits; a value honor (a yaku on its own) is waited on more often
HONOR_BY_UNSEEN = (0.0, 0.012, 0.03, 0.06, 0.07)


def _exhausted(r: Situation, k: int) -> bool:
    """Every copy of ``k`` is in sight of the player (own hand, own melds or visible elsewhere)."""
    return r.unseen(k) == 0


def deal_in_chance(r: Situation, opp: Opponent, k: int) -> float:
    """The chance that discarding kind ``k`` deals into ``opp``'s hand, if ``opp`` is tenpai. Zung Jung has no
    furiten: a kind in the river is only less likely (players seldom throw their own wait), never safe."""
    if k in opp.genbutsu:
        if r.rules.riichi:
            return 0.0
        return 0.3 * _plain_chance(r, opp, k)
    return _plain_chance(r, opp, k)


def _plain_chance(r: Situation, opp: Opponent, k: int) -> float:
    unseen = r.unseen(k)
    if is_honor(k):
        base = HONOR_BY_UNSEEN[unseen]
        return base * 1.3 if k in (*r.value_winds, opp.wind) else base
    rank = rank_of(k)
    routes = 0
    # low route: the opponent holds r-2, r-1 and waits on r-3 / r (for a 3, holding 1-2 is an edge wait)
    if rank >= 4 and k - 3 not in opp.genbutsu and not (_exhausted(r, k - 1) or _exhausted(r, k - 2)):
        routes += 1
    # high route: holds r+1, r+2 and waits on r / r+3
    if rank <= 6 and k + 3 not in opp.genbutsu and not (_exhausted(r, k + 1) or _exhausted(r, k + 2)):
        routes += 1
    return ROUTE * routes + OTHER_BY_UNSEEN[unseen]


def tenpai_chance(r: Situation, opp: Opponent) -> float:
    """How likely the opponent is to be waiting already: certain after riichi, rising with open melds and the
    turn for an open hand, as often as open hands were waiting in self-play (docs/cpus.md#reading-an-open-hand:
    a one-meld hand is waiting in about 30% of cases by its tenth discard, a two-meld hand in over half). A
    closed hand that does not declare riichi is played against as not waiting (a waiting closed hand nearly
    always declares; defending against every silent hand would give up every hand)."""
    if opp.riichi:
        return 1.0
    turn = len(opp.river)
    if not r.rules.riichi:
        return zung_jung_tenpai_chance(opp, turn)
    if opp.open_melds >= 3:
        return min(0.87, 0.6 + turn * 0.02)
    if opp.open_melds == 2:
        return min(0.7, 0.1 + turn * 0.045)
    if opp.open_melds == 1:
        return min(0.55, max(0.02, (turn - 2) * 0.035))
    return 0.0


def zung_jung_tenpai_chance(opp: Opponent, turn: int) -> float:
    """Zung Jung's reading, the one its strength was measured with (docs/cpus.md#zung-jung: variations of its
    defence moved placement by less than 0.003, as a deal-in there is cheap); the riichi family's fit was not
    measured there. A closed hand waits silently (there is no riichi)."""
    if opp.open_melds >= 3:
        return 0.5
    if opp.open_melds == 2:
        return min(0.4, 0.2 + turn * 0.013)
    if opp.open_melds == 1:
        return min(0.18, 0.05 + turn * 0.008)
    return min(0.3, max(0.0, (turn - 6) * 0.04))


def suit_bias(opp: Opponent) -> int | None:
    """The suit an open hand is flushing in (every meld in it or honors, with two or more melds), else None."""
    if opp.open_melds < 2:
        return None
    suits = {suit_of(low) for _, low in opp.melds if not is_honor(low)}
    if len(suits) != 1:
        return None
    return next(iter(suits))


def danger(r: Situation, opp: Opponent) -> list[float]:
    """Per kind: the chance that discarding it deals into ``opp`` now (their tenpai chance folded in). All zero
    while the own Seal on ``opp`` lasts: a sealed seat cannot win on its user's tiles."""
    p = 0.0 if r.seat in opp.sealed_by else tenpai_chance(r, opp)
    if p == 0.0:
        return [0.0] * KINDS
    flush = suit_bias(opp)
    tanyao = r.rules.riichi and not opp.riichi and opp.open_melds > 0 and all_simple(opp)
    out = []
    for k in range(KINDS):
        d = deal_in_chance(r, opp, k) * p
        if flush is not None and (is_honor(k) or suit_of(k) == flush):
            d *= 2.0
        elif flush is not None:
            d *= 0.2
        if tanyao and not is_simple(k):
            d *= 0.15  # an open all-simples hand waits on simples (a terminal or honor only as a rare pair wait)
        out.append(d)
    return out


def all_simple(opp: Opponent) -> bool:
    """Every meld of the opponent is simples only (an open tanyao is likely)."""
    return all(
        is_simple(low) and (kind != MeldKind.CHI or is_simple(low + 2)) for kind, low in opp.melds if not is_honor(low)
    ) and not any(is_honor(low) for _, low in opp.melds)
