"""The Hand value type: concealed tiles plus declared melds, with its notation.

``Hand.parse("123m456p789s1z [555p] (1111z)")`` reads concealed tiles first, then melds; ``str(hand)`` writes the
same string back. Tile order is preserved, so a round trip is exact for any string in canonical form (neighbouring
tiles of one suit share a letter).
"""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.melds import Meld
from jantaku.tiles import KINDS, NotationError, format_tiles, kind_name, kind_of, scan_tiles

MAX_TILES = 14  # a kan counts as 3 toward this limit (its 4th tile is compensated by a replacement draw)


@dataclass(frozen=True, slots=True)
class Hand:
    tiles: tuple[int, ...]
    melds: tuple[Meld, ...] = ()

    @classmethod
    def parse(cls, text: str, *, max_tiles: int = MAX_TILES) -> Hand:
        """Read a hand; every error names the position (where there is one) and the reason (``NotationError``).

        Errors found after reading (five copies, too many melds, too many tiles) name the tile or meld that
        broke the limit, counting in reading order.
        """
        if not isinstance(text, str):
            raise TypeError(f'Hand.parse reads a string like "123m456p789s1z [555p]", not {type(text).__name__}')
        tiles: list[int] = []
        melds: list[Meld] = []
        tile_pos: list[int] = []  # position of every tile, concealed first, then each meld's tiles
        meld_pos: list[int] = []
        i, n = 0, len(text)
        while i < n:
            ch = text[i]
            if ch in "[({":
                close = {"[": "]", "(": ")", "{": "}"}[ch]
                j = text.find(close, i + 1)
                if j < 0:
                    raise NotationError(text, i, f"meld opened with {ch!r} is never closed with {close!r}")
                melds.append(Meld.parse(text[i : j + 1], offset=i, source_text=text))
                meld_pos.append(i)
                # concealed tiles are never read after a meld, so positions stay in the order of all_kinds()
                tile_pos.extend(pos for _, pos in scan_tiles(text[i + 1 : j], offset=i + 1, source=text))
                i = j + 1
                continue
            if ch in "])}":
                raise NotationError(text, i, f"{ch!r} closes a meld that was never opened")
            j = i
            while j < n and text[j] not in "[({])}":
                j += 1
            chunk = text[i:j]
            if melds and chunk.strip():
                first = i + len(chunk) - len(chunk.lstrip())
                raise NotationError(text, first, "concealed tiles come before the melds")
            scanned = scan_tiles(chunk, offset=i, source=text)
            tiles.extend(code for code, _ in scanned)
            tile_pos.extend(pos for _, pos in scanned)
            i = j
        hand = cls(tuple(tiles), tuple(melds))
        hand._check(text, max_tiles, tile_pos, meld_pos)
        return hand

    def validate(self, text: str | None = None, *, max_tiles: int = MAX_TILES) -> None:
        """Reject five copies of a kind, more than 4 melds, and more than ``max_tiles`` tiles (a kan counts 3)."""
        self._check(str(self) if text is None else text, max_tiles, None, None)

    def _check(self, src: str, max_tiles: int, tile_pos: list[int] | None, meld_pos: list[int] | None) -> None:
        """``tile_pos``/``meld_pos`` (from ``parse``) place each error at the tile or meld that broke the limit."""
        kinds = self.all_kinds()
        seen = [0] * KINDS
        for idx, k in enumerate(kinds):
            seen[k] += 1
            if seen[k] == 5:
                total = kinds.count(k)
                where = tile_pos[idx] if tile_pos is not None else None
                raise NotationError(src, where, f"{total} copies of {kind_name(k)}; a set has only 4")
        if len(self.melds) > 4:
            where = meld_pos[4] if meld_pos is not None else None
            raise NotationError(src, where, f"{len(self.melds)} melds; a hand has at most 4")
        size = self.size
        if size > max_tiles:
            where = None
            if tile_pos is not None and meld_pos is not None:
                if len(self.tiles) > max_tiles:
                    where = tile_pos[max_tiles]
                else:  # the first meld that takes the count past the limit
                    over = (max_tiles - len(self.tiles)) // 3
                    where = meld_pos[over]
            raise NotationError(src, where, f"{size} tiles; a hand holds at most {max_tiles} (a kan counts as 3)")

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
