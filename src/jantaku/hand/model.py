"""The Hand value type: concealed tiles plus declared melds, with its notation.

``Hand.parse("123m456p789s1z [555p] (1111z)")`` reads concealed tiles first, then melds; ``str(hand)`` writes the
same string back. Tile order is preserved, so a round trip is exact for any string in canonical form (neighbouring
tiles of one suit share a letter).
"""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.melds import Meld
from jantaku.tiles import KINDS, NotationError, format_tiles, kind_name, kind_of, parse_tiles

MAX_TILES = 14  # a kan counts as 3 toward this limit (its 4th tile is compensated by a replacement draw)


@dataclass(frozen=True, slots=True)
class Hand:
    tiles: tuple[int, ...]
    melds: tuple[Meld, ...] = ()

    @classmethod
    def parse(cls, text: str, *, max_tiles: int = MAX_TILES) -> Hand:
        """Read a hand; every error names the position and the reason (see ``NotationError``)."""
        tiles: list[int] = []
        melds: list[Meld] = []
        i, n = 0, len(text)
        while i < n:
            ch = text[i]
            if ch in "[({":
                close = {"[": "]", "(": ")", "{": "}"}[ch]
                j = text.find(close, i + 1)
                if j < 0:
                    raise NotationError(text, i, f"meld opened with {ch!r} is never closed with {close!r}")
                melds.append(Meld.parse(text[i : j + 1], offset=i, source_text=text))
                i = j + 1
                continue
            if ch in "])}":
                raise NotationError(text, i, f"{ch!r} closes a meld that was never opened")
            j = i
            while j < n and text[j] not in "[({])}":
                j += 1
            if melds and text[i:j].strip():
                raise NotationError(text, i, "concealed tiles come before the melds")
            tiles.extend(parse_tiles(text[i:j], offset=i, source=text))
            i = j
        hand = cls(tuple(tiles), tuple(melds))
        hand.validate(text, max_tiles=max_tiles)
        return hand

    def validate(self, text: str | None = None, *, max_tiles: int = MAX_TILES) -> None:
        """Reject five copies of a kind, too many tiles or melds, and two red fives of one copy."""
        src = str(self) if text is None else text
        counts = [0] * KINDS
        for k in self.all_kinds():
            counts[k] += 1
        for k, c in enumerate(counts):
            if c > 4:
                raise NotationError(src, None, f"{c} copies of {kind_name(k)}; a set has only 4")
        if len(self.melds) > 4:
            raise NotationError(src, None, f"{len(self.melds)} melds; a hand has at most 4")
        size = self.size
        if size > max_tiles:
            raise NotationError(src, None, f"{size} tiles; a hand holds at most {max_tiles} (a kan counts as 3)")

    @property
    def size(self) -> int:
        """Tiles counted toward the 13/14 of a hand: concealed tiles plus 3 per meld."""
        return len(self.tiles) + 3 * len(self.melds)

    def concealed_counts(self) -> list[int]:
        counts = [0] * KINDS
        for code in self.tiles:
            counts[kind_of(code)] += 1
        return counts

    def meld_counts(self) -> list[int]:
        """34 counts of the tiles locked in melds (all four of a kan)."""
        counts = [0] * KINDS
        for meld in self.melds:
            for code in meld.tiles:
                counts[kind_of(code)] += 1
        return counts

    def all_kinds(self) -> list[int]:
        return [kind_of(c) for c in self.tiles] + [kind_of(c) for m in self.melds for c in m.tiles]

    def all_codes(self) -> list[int]:
        return list(self.tiles) + [c for m in self.melds for c in m.tiles]

    @property
    def is_closed(self) -> bool:
        return not any(m.is_open for m in self.melds)

    def with_tile(self, code: int) -> Hand:
        return Hand((*self.tiles, code), self.melds)

    def __str__(self) -> str:
        parts = [format_tiles(self.tiles)] if self.tiles else []
        parts.extend(str(m) for m in self.melds)
        return " ".join(parts)
