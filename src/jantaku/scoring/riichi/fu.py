"""Fu with an itemised breakdown (docs/rules.md#points).

20 base; +10 closed ron; +2 tsumo (not for pinfu); sets, pair and wait; rounded up to 10. Seven pairs is a flat 25;
pinfu tsumo is 20 and pinfu ron 30; an open hand that would score 20 fu by ron is raised to 30.

The scorer totals fu for every reading from sums it keeps per suit (``standard_fu``); only the winning reading is
itemised (``fu_items``), from the same ``set_fu``/``pair_fu``/``WAIT_FU`` values, so the two cannot disagree on a
set's worth (tests check that the items add up to the total).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.context import WinContext
from jantaku.tiles import DRAGONS, is_honor, is_terminal_or_honor, kind_name

#: every fu item's key, and its words on a score sheet (the CLI's); a set's or the pair's words end in its kind
FU_LABELS = {
    "base": "base",
    "pinfu_tsumo": "base (pinfu tsumo)",
    "closed_ron": "closed ron",
    "tsumo": "tsumo",
    "open_triplet": "open triplet",
    "closed_triplet": "closed triplet",
    "open_kan": "open kan",
    "closed_kan": "closed kan",
    "pair": "pair",
    "kanchan": "kanchan wait",
    "penchan": "penchan wait",
    "tanki": "tanki wait",
    "open_minimum": "open hand minimum",
    "seven_pairs": "seven pairs",
}


class FuItem(NamedTuple):
    """One line of a fu breakdown, as data: what it counts (``key``, one of ``FU_LABELS``), its fu, and for a
    triplet, a kan or the pair the tile ``kind`` (None otherwise). Its words (``label``) are made from the key, so
    rewording a line changes no key a client reads."""

    key: str
    fu: int
    kind: int | None = None

    @property
    def label(self) -> str:
        """The line in words, e.g. ``closed triplet 7z``, ``kanchan wait``."""
        words = FU_LABELS[self.key]
        return words if self.kind is None else f"{words} {kind_name(self.kind)}"


def set_item(kind: int, is_open: bool, is_kan: bool, fu: int) -> FuItem:
    """The line of a triplet or a kan."""
    return FuItem(("open_" if is_open else "closed_") + ("kan" if is_kan else "triplet"), fu, kind)


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
        return [FuItem("pinfu_tsumo", 20)] if tsumo else [FuItem("base", BASE), FuItem("closed_ron", CLOSED_RON)]
    items: list[FuItem] = [FuItem("base", BASE)]
    if menzen and not tsumo:
        items.append(FuItem("closed_ron", CLOSED_RON))
    if tsumo:
        items.append(FuItem("tsumo", TSUMO))
    for kind, trip, is_open, is_kan in sets:
        if trip:
            items.append(set_item(kind, is_open, is_kan, set_fu(kind, is_open, is_kan)))
    if is_honor(pair):
        pf = pair_fu(pair, ctx, rules)
        if pf:
            items.append(FuItem("pair", pf, pair))
    if WAIT_FU[wait]:
        items.append(FuItem(wait, WAIT_FU[wait]))
    if len(items) == 1 and not menzen:
        items.append(FuItem("open_minimum", 10))
    return items


SEVEN_PAIRS_FU: tuple[int, list[FuItem]] = (25, [FuItem("seven_pairs", 25)])
