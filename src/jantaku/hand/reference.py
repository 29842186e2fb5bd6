"""Shanten, waits and the discard sweep the plain way: the definitions the fast versions are tested against.

``shanten``, ``waits`` and ``discard_options`` are fast because of a shipped table of suit shapes, memoised merges
and bit masks (see their modules). These references answer the same questions from the definitions, slowly:

- ``shanten_reference``: the exact distance to sets and a pair (a small dynamic programme per suit, merged suit
  by suit, no table), and the two closed forms counted directly;
- ``waits_reference``: each kind that, drawn, makes the tiles read as a winning hand (``arrangements``);
- ``sweep_reference``: each discard, its shanten, and the draws that lower it, by trying every draw. It measures
  shanten with the fast ``shanten`` (itself held to ``shanten_reference`` by its own tests), so what it checks is
  the sweep's bookkeeping: the masks, the memoised merges and the accepting tiles.

The sweep also serves the fast one as its fallback for shapes the table does not hold (a fifth copy: never a hand
at a table), where speed does not matter.
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.hand.decompose import arrangements
from jantaku.hand.shanten import (
    check_counts,
    merge_vectors,
    shanten,
    shanten_chiitoi,
    shanten_kokushi,
    standard_distance_vector,
)
from jantaku.tiles import KINDS

# the suits as (first kind, end, whether runs are made there): runs only in the numbered suits
_SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def shanten_reference(counts: Sequence[int], melds: int | None = None) -> int:
    """``shanten`` from its definition: the fewest tiles to add (each with a free discard) until the concealed
    tiles hold the sets they lack and a pair, never a fifth copy, minus one; without melds, also seven pairs and
    thirteen orphans. ``melds`` is inferred from the tile count when omitted."""
    b = check_counts(counts)
    if melds is None:
        melds = (14 - sum(b)) // 3
    vector = standard_distance_vector(b[0:9], runs=True)
    for lo, hi, runs in _SUITS[1:]:
        vector = merge_vectors(vector, standard_distance_vector(b[lo:hi], runs=runs))
    best = vector[5 + 4 - melds] - 1  # the hand's distance to 4 - melds sets and the pair
    if melds == 0:
        best = min(best, shanten_chiitoi(counts), shanten_kokushi(counts))
    return best


def waits_reference(counts: Sequence[int], locked: Sequence[int] | None = None) -> list[int]:
    """The kinds that complete a waiting hand (13 tiles, 3 fewer per meld) in any form: every kind not used up in
    the player's own hand and melds (``locked``) whose draw lets the tiles read as a winning hand."""
    check_counts(counts)
    out = []
    for kind in range(KINDS):
        if counts[kind] + (locked[kind] if locked is not None else 0) >= 4:
            continue
        drawn = list(counts)
        drawn[kind] += 1
        if arrangements(drawn):
            out.append(kind)
    return out


def sweep_reference(counts: Sequence[int], blocked: int = 0) -> tuple[tuple[int, int, int], ...]:
    """For a hand that is to discard (3n+2 tiles): each kind held → (kind, shanten after discarding it, mask of the
    kinds whose draw then lowers the shanten), by a shanten call per discard and draw. ``blocked`` is a mask of
    kinds that cannot be drawn (all copies in the player's own hand and melds)."""
    held = list(counts)
    melds = (14 - sum(held)) // 3
    out = []
    for kind in range(len(held)):
        if not held[kind]:
            continue
        held[kind] -= 1
        after = shanten(held, melds)
        mask = 0
        for draw in range(len(held)):
            if held[draw] < 4:
                held[draw] += 1
                if shanten(held, melds) < after:
                    mask |= 1 << draw
                held[draw] -= 1
        held[kind] += 1
        out.append((kind, after, mask & ~blocked & ((1 << KINDS) - 1)))
    return tuple(out)


__all__ = ["shanten_reference", "sweep_reference", "waits_reference"]
