"""Fu with an itemised breakdown (docs/rules.md#points).

20 base; +10 closed ron; +2 tsumo (not for pinfu); sets, pair and wait; rounded up to 10. Seven pairs is a flat 25;
pinfu tsumo is 20 and pinfu ron 30; an open hand that would score 20 fu by ron is raised to 30.

The scorer totals fu for every reading from sums it keeps per suit (``standard_fu``); only the winning reading is
itemised (``fu_items``), from the same ``set_fu``/``pair_fu``/``WAIT_FU`` values, so the two cannot disagree on a
set's worth (tests check that the items add up to the total).
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.context import WinContext
from jantaku.tiles import DRAGONS, is_honor, is_terminal_or_honor, kind_name

FuItem = tuple[str, int]

BASE = 20
CLOSED_RON = 10
TSUMO = 2
WAIT_FU = {"kanchan": 2, "penchan": 2, "tanki": 2, "ryanmen": 0, "shanpon": 0}


def set_fu(kind: int, is_open: bool, is_kan: bool) -> int:
    """A triplet of simples 2 open / 4 concealed, of terminals or honors twice that; a kan four times that."""
    fu = 4 if is_terminal_or_honor(kind) else 2
    if not is_open:
        fu *= 2
    if is_kan:
        fu *= 4
    return fu


def pair_fu(pair: int, ctx: WinContext, rules: RuleSet) -> int:
    if pair in DRAGONS:
        return 2
    fu = 0
    if pair == ctx.seat_wind:
        fu += 2
    if pair == ctx.round_wind:
        fu += 2
    if fu == 4:
        return rules.double_wind_fu
    return fu


def win_fu(menzen: bool, tsumo: bool) -> int:
    """The fu every reading of a win starts from: base, and tsumo or closed ron."""
    return BASE + (TSUMO if tsumo else CLOSED_RON if menzen else 0)


def pinfu_fu(tsumo: bool) -> int:
    return 20 if tsumo else 30


def standard_fu(sets: int, pair: int, wait: str, menzen: bool, tsumo: bool, pinfu: bool) -> tuple[int, int]:
    """(rounded fu, unrounded fu) for a sets-and-pair hand whose triplets and kans are worth ``sets`` fu and whose
    pair is worth ``pair`` fu. (The scorer spells this sum out in its loop from ``win_fu`` and ``WAIT_FU``.)"""
    if pinfu:
        fu = pinfu_fu(tsumo)
        return fu, fu
    raw = win_fu(menzen, tsumo) + sets + pair + WAIT_FU[wait]
    if raw == BASE:  # only an open ron can stay at the base: it is raised to 30
        raw = 30
    return (raw + 9) // 10 * 10, raw


def fu_items(
    sets: Sequence[tuple[int, bool, bool, bool]],
    pair: int,
    wait: str,
    menzen: bool,
    ctx: WinContext,
    rules: RuleSet,
    pinfu: bool,
) -> list[FuItem]:
    """The breakdown of ``standard_fu``: ``sets`` are (first kind, is_triplet, is_open, is_kan), a triplet
    completed by a ron discard counting as open."""
    tsumo = ctx.tsumo
    if pinfu:
        return [("base (pinfu tsumo)", 20)] if tsumo else [("base", BASE), ("closed ron", CLOSED_RON)]
    items: list[FuItem] = [("base", BASE)]
    if menzen and not tsumo:
        items.append(("closed ron", CLOSED_RON))
    if tsumo:
        items.append(("tsumo", TSUMO))
    for kind, trip, is_open, is_kan in sets:
        if trip:
            label = ("open " if is_open else "closed ") + ("kan" if is_kan else "triplet")
            items.append((f"{label} {kind_name(kind)}", set_fu(kind, is_open, is_kan)))
    if is_honor(pair):
        pf = pair_fu(pair, ctx, rules)
        if pf:
            items.append((f"pair {kind_name(pair)}", pf))
    if WAIT_FU[wait]:
        items.append((f"{wait} wait", WAIT_FU[wait]))
    if len(items) == 1 and not menzen:
        items.append(("open hand minimum", 10))
    return items


SEVEN_PAIRS_FU: tuple[int, list[FuItem]] = (25, [("seven pairs", 25)])
