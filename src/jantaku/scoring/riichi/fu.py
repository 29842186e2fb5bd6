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


def standard_fu(
    shape: Shape, ctx: WinContext, rules: RuleSet, pinfu: bool, items: list[FuItem] | None = None
) -> tuple[int, int]:
    """(rounded fu, unrounded fu) for a sets-and-pair hand; when ``items`` is given, the itemised breakdown is
    appended to it. Labels are only built when asked for: the scorer itemises the winning reading alone."""
    tsumo = ctx.tsumo
    if pinfu:
        if items is not None:
            items.extend([("base (pinfu tsumo)", 20)] if tsumo else [("base", 20), ("closed ron", 10)])
        return (20, 20) if tsumo else (30, 30)
    raw = 20
    if items is not None:
        items.append(("base", 20))
    if shape.menzen and not tsumo:
        raw += 10
        if items is not None:
            items.append(("closed ron", 10))
    if tsumo:
        raw += 2
        if items is not None:
            items.append(("tsumo", 2))
    for kind, trip, is_open, is_kan in shape.sets:
        if trip:
            fu = _set_fu(kind, is_open, is_kan)
            raw += fu
            if items is not None:
                label = ("open " if is_open else "closed ") + ("kan" if is_kan else "triplet")
                items.append((f"{label} {kind_name(kind)}", fu))
    pair = shape.pair
    if pair >= 27:
        pf = pair_fu(pair, ctx, rules)
        if pf:
            raw += pf
            if items is not None:
                items.append((f"pair {kind_name(pair)}", pf))
    wait = shape.wait
    if wait == "kanchan" or wait == "penchan" or wait == "tanki":
        raw += 2
        if items is not None:
            items.append((f"{wait} wait", 2))
    if raw == 20 and not shape.menzen:
        if items is not None:
            items.append(("open hand minimum", 10))
        raw = 30
    return (raw + 9) // 10 * 10, raw


SEVEN_PAIRS_FU: tuple[int, list[FuItem]] = (25, [("seven pairs", 25)])
