"""The data behind ``jantaku shanten``: shanten per form, waits or accepting tiles, and the discard table.

Computed once as plain JSON-friendly data; ``--json`` prints it, the Rich view renders it.
"""

from __future__ import annotations

from typing import Any

from jantaku.cli.requests import InputError
from jantaku.hand import Hand, discard_options, shanten, shanten_chiitoi, shanten_kokushi, shanten_standard, ukeire
from jantaku.tiles import kind_name


def _tiles(pairs: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    return [{"tile": kind_name(k), "unseen": n} for k, n in pairs]


def shanten_report(hand: Hand) -> dict[str, Any]:
    """Shanten of a 13- or 14-tile hand (melds count 3) and what improves it.

    Unseen copies count only the hand's own tiles and melds as seen (no table information).
    """
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
        "shanten": {**forms, "minimum": shanten(counts, melds)},
    }
    if size == 13:
        acc = ukeire(counts, locked, None)
        report["kind"] = "draw"
        report["tenpai"] = acc.shanten == 0
        report["accepting"] = _tiles(acc.tiles)
        report["accepting_total"] = acc.total
        report["waits"] = report["accepting"] if acc.shanten == 0 else []
    else:
        report["kind"] = "discard"
        report["complete"] = report["shanten"]["minimum"] == -1
        report["discards"] = [
            {"discard": kind_name(o.discard), "shanten": o.shanten, "tiles": _tiles(o.tiles), "total": o.total}
            for o in discard_options(counts, locked, None)
        ]
    return report
