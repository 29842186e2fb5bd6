"""Fu with an itemised breakdown (RULES.md, "Points").

20 base; +10 closed ron; +2 tsumo (not for pinfu); sets, pair and wait; rounded up to 10. Seven pairs is a flat 25;
pinfu tsumo is 20 and pinfu ron 30; an open hand that would score 20 fu by ron is raised to 30.
"""

from __future__ import annotations

from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.context import WinContext
from jantaku.scoring.riichi.yaku import Shape
from jantaku.tiles import DRAGONS, kind_name

FuItem = tuple[str, int]


def _set_fu(kind: int, is_open: bool, is_kan: bool) -> int:
    fu = 2 if kind < 27 and kind % 9 not in (0, 8) else 4
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


def standard_fu(shape: Shape, ctx: WinContext, rules: RuleSet, pinfu: bool) -> tuple[int, list[FuItem]]:
    """Rounded fu and the items that make it, for a sets-and-pair hand."""
    if pinfu:
        if ctx.tsumo:
            return 20, [("base (pinfu tsumo)", 20)]
        return 30, [("base", 20), ("closed ron", 10)]
    items: list[FuItem] = [("base", 20)]
    if shape.menzen and not ctx.tsumo:
        items.append(("closed ron", 10))
    if ctx.tsumo:
        items.append(("tsumo", 2))
    for kind, trip, is_open, is_kan in shape.sets:
        if trip:
            label = ("open " if is_open else "closed ") + ("kan" if is_kan else "triplet") + f" {kind_name(kind)}"
            items.append((label, _set_fu(kind, is_open, is_kan)))
    pf = pair_fu(shape.pair, ctx, rules)
    if pf:
        items.append((f"pair {kind_name(shape.pair)}", pf))
    if shape.wait in ("kanchan", "penchan", "tanki"):
        items.append((f"{shape.wait} wait", 2))
    raw = sum(fu for _, fu in items)
    if raw == 20 and not shape.menzen:
        items.append(("open hand minimum", 10))
        raw = 30
    return (raw + 9) // 10 * 10, items


SEVEN_PAIRS_FU: tuple[int, list[FuItem]] = (25, [("seven pairs", 25)])
