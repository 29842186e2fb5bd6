"""The Zung Jung pattern table of source [S4] (docs/rules.md#zung-jung-family), as data.

Numbers, names and points are the source's. The *series* is what the one-pattern-per-series rule groups by
("only the highest scoring pattern in each series counts"): a three-part number ``a.b.c`` belongs to series
``a.b.x``; a two-part number is a series of its own. That makes the source's 6.1.1/6.1.2 (similar triplets) a
series apart from 6.1 (similar runs), and 7.1.1/7.1.2 (consecutive triplets) apart from 7.1 (the straight), as
docs/rules.md#zung-jung-family reads them. Only obvious misspellings of the source are corrected
("Termincals", "Seven pairs"); the source's names are kept even where they mislead ("Three Similar Runs" for
triplets), so that players can find a pattern in the source by its name.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pattern:
    """One row of the table. ``points`` is per occurrence; only Value Honour (3.1) can occur more than once."""

    number: str
    name: str
    points: int
    description: str

    @property
    def series(self) -> str:
        """``a.b.x`` for a three-part number, else the number itself (see the module doc)."""
        parts = self.number.split(".")
        return ".".join(parts[:2]) + ".x" if len(parts) == 3 else self.number

    @property
    def category(self) -> int:
        return int(self.number.split(".")[0])


PATTERNS: tuple[Pattern, ...] = (
    # 1. Trivial
    Pattern("1.1", "All Runs", 5, "four runs and a pair"),
    Pattern("1.2", "Concealed Hand", 5, "no melded sets (a concealed quad is not melded); regular hands only"),
    Pattern("1.3", "No Terminals", 5, "no terminal or honour tile"),
    # 2. One-suit
    Pattern("2.1.1", "Mixed One-suit", 40, "tiles of one suit, with honours"),
    Pattern("2.1.2", "Pure One-suit", 80, "tiles of one suit only"),
    Pattern("2.2", "Nine Gates", 480, "1112345678999 in one suit before the win, won on a tile of that suit"),
    # 3. Honour
    Pattern("3.1", "Value Honour", 10, "a triplet/quad of your own wind or of any dragon; 10 per set"),
    Pattern("3.2.1", "Small Three Dragons", 40, "two triplets/quads and the pair of dragons"),
    Pattern("3.2.2", "Big Three Dragons", 130, "three triplets/quads of dragons"),
    Pattern("3.3.1", "Small Three Winds", 30, "two triplets/quads and the pair of winds"),
    Pattern("3.3.2", "Big Three Winds", 120, "three triplets/quads of winds"),
    Pattern("3.3.3", "Small Four Winds", 320, "three triplets/quads and the pair of winds"),
    Pattern("3.3.4", "Big Four Winds", 400, "four triplets/quads of winds"),
    Pattern("3.4", "All Honours", 320, "honour tiles only"),
    # 4. Triplet/Quad
    Pattern("4.1", "All Triplets", 30, "four triplets/quads and a pair"),
    Pattern("4.2.1", "Two Concealed Triplets", 5, "two concealed triplets/quads"),
    Pattern("4.2.2", "Three Concealed Triplets", 30, "three concealed triplets/quads"),
    Pattern("4.2.3", "Four Concealed Triplets", 125, "four concealed triplets/quads"),
    Pattern("4.3.1", "One Quad", 5, "one quad"),
    Pattern("4.3.2", "Two Quads", 20, "two quads"),
    Pattern("4.3.3", "Three Quads", 120, "three quads"),
    Pattern("4.3.4", "Four Quads", 480, "four quads"),
    # 5. Identical
    Pattern("5.1.1", "Two Identical Runs", 10, "two runs of the same suit and values"),
    Pattern("5.1.2", "Double Two Identical Runs", 60, "two identical runs, twice"),
    Pattern("5.1.3", "Three Identical Runs", 120, "three runs of the same suit and values"),
    Pattern("5.1.4", "Four Identical Runs", 480, "four runs of the same suit and values"),
    # 6. Similar
    Pattern("6.1", "Three Similar Runs", 35, "three runs of the same values, one in each suit"),
    Pattern("6.1.1", "Small Three Similar Runs", 30, "two triplets/quads and the pair of one value in the 3 suits"),
    Pattern("6.1.2", "Big Three Similar Runs", 120, "three triplets/quads of one value, one in each suit"),
    # 7. Consecutive
    Pattern("7.1", "Nine-tile Straight", 40, "123-456-789 runs of one suit"),
    Pattern("7.1.1", "Three Consecutive Triplets/Quads", 100, "three triplets/quads of consecutive values, one suit"),
    Pattern("7.1.2", "Four Consecutive Triplets/Quads", 200, "four triplets/quads of consecutive values, one suit"),
    # 8. Terminal
    Pattern("8.1.1", "Mixed Branching Terminals", 40, "every set and the pair hold a terminal or an honour"),
    Pattern("8.1.2", "Pure Branching Terminals", 50, "every set and the pair hold a terminal"),
    Pattern("8.1.3", "Mixed Rooted Terminals", 100, "terminals and honours only"),
    Pattern("8.1.4", "Pure Rooted Terminals", 400, "terminals only"),
    # 9. Incidental
    Pattern("9.1.1", "Final Draw", 10, "self-drawn win on the last tile"),
    Pattern("9.1.2", "Final Discard", 10, "win on the last discard"),
    Pattern("9.2", "Win on Quad", 10, "self-drawn win on a quad's supplement tile"),
    Pattern("9.3", "Robbing a Quad", 10, "win on the tile another player adds to a melded triplet"),
    Pattern("9.4.1", "Blessing of Heaven", 155, "East wins on the dealt 14 tiles, without a concealed quad"),
    Pattern("9.4.2", "Blessing of Earth", 155, "a non-dealer wins on East's first discard, without a concealed quad"),
    # 10. Irregular
    Pattern("10.1", "Thirteen Wonders", 160, "one of each terminal and honour, plus one more of them"),
    Pattern("10.2", "Seven Pairs", 30, "seven different pairs"),
)

BY_NUMBER: dict[str, Pattern] = {p.number: p for p in PATTERNS}

#: Series → its patterns, lowest first (the table's order).
SERIES: dict[str, tuple[Pattern, ...]] = {}
for _p in PATTERNS:
    SERIES[_p.series] = (*SERIES.get(_p.series, ()), _p)
del _p


def pattern(number: str) -> Pattern:
    """A pattern by its number in the source; an unknown number is a programming error and raises ``KeyError``."""
    return BY_NUMBER[number]
