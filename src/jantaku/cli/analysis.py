"""The data behind ``jantaku shanten``: shanten per form, waits or accepting tiles, and the discard table.

Computed once as plain JSON-friendly data; ``--json`` prints it, the Rich view renders it.
"""

from __future__ import annotations

from typing import Any

from jantaku.cli.requests import InputError, absent_tiles
from jantaku.hand import Hand, discard_options, shanten, shanten_chiitoi, shanten_kokushi, shanten_standard, ukeire
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import kind_name


def _tiles(pairs: tuple[tuple[int, int], ...], rules: RuleSet) -> list[dict[str, Any]]:
    """The tiles that help, less those the rules' set does not hold (a 2m next to a 1m in sanma)."""
    return [{"tile": kind_name(k), "unseen": n} for k, n in pairs if k not in rules.absent_kinds]


def check_tile_set(hand: Hand, rules: RuleSet) -> None:
    """Refuse a hand holding a tile its rules' set does not have (2m-8m in sanma)."""
    counts, locked = hand.concealed_counts(), hand.meld_counts()
    foreign = rules.foreign_tile([a + b for a, b in zip(counts, locked, strict=True)])
    if foreign:
        raise InputError("invalid_hand", foreign)


def shanten_report(hand: Hand, rules: RuleSet) -> dict[str, Any]:
    """Shanten of a 13- or 14-tile hand (melds count 3) and what improves it.

    Unseen copies count only the hand's own tiles and melds as seen (no table information), and the tiles the
    rules' set does not hold (2m-8m in sanma) as never coming.
    """
    check_tile_set(hand, rules)
    seen = absent_tiles(rules)
    size = hand.size
    if size not in (13, 14):
        raise InputError(
            "invalid_hand",
            f"the hand counts {size} tiles (a meld counts 3); give 13 tiles to see waits or 14 to choose a discard",
        )
    counts = hand.concealed_counts()
    locked = hand.meld_counts()
    melds = len(hand.melds)
    forms: dict[str, int | None] = {
        "standard": shanten_standard(counts, melds),
        "seven_pairs": None if melds else shanten_chiitoi(counts),
        "thirteen_orphans": None if melds else shanten_kokushi(counts),
    }
    report: dict[str, Any] = {
        "hand": str(hand),
        "tiles": size,
        "rules": rules.name,
        "shanten": {**forms, "minimum": shanten(counts, melds)},
    }
    if size == 13:
        acc = ukeire(counts, locked, seen)
        report["kind"] = "draw"
        report["tenpai"] = acc.shanten == 0
        report["accepting"] = _tiles(acc.tiles, rules)
        report["accepting_total"] = acc.total
        report["waits"] = report["accepting"] if acc.shanten == 0 else []
    else:
        report["kind"] = "discard"
        report["complete"] = report["shanten"]["minimum"] == -1
        report["discards"] = [
            {"discard": kind_name(o.discard), "shanten": o.shanten, "tiles": _tiles(o.tiles, rules), "total": o.total}
            for o in discard_options(counts, locked, seen)
        ]
    return report
