"""Melds: chi, pon, open/added/concealed kan, with the called tile and where it came from.

Notation (docs/rules.md): chi ``[123m]``, pon ``[555p]``, open kan ``[7777s]``, concealed kan ``(1111z)``; an added kan
(a pon promoted with a drawn tile) is written ``{5555p}`` so that it survives a round trip. Tiles keep their red
fives (``[406p]`` is a chi with the red five).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from jantaku.tiles import NotationError, format_tiles, is_honor, is_terminal_or_honor, kind_of, parse_tiles, suit_of


class MeldKind(StrEnum):
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"
    ADDED_KAN = "added_kan"
    CLOSED_KAN = "closed_kan"


_BRACKETS = {
    MeldKind.CHI: "[]",
    MeldKind.PON: "[]",
    MeldKind.OPEN_KAN: "[]",
    MeldKind.ADDED_KAN: "{}",
    MeldKind.CLOSED_KAN: "()",
}

_ARTICLED = {
    MeldKind.CHI: "a chi",
    MeldKind.PON: "a pon",
    MeldKind.OPEN_KAN: "an open kan",
    MeldKind.ADDED_KAN: "an added kan",
    MeldKind.CLOSED_KAN: "a concealed kan",
}


@dataclass(frozen=True, slots=True)
class Meld:
    """One declared set. ``tiles`` are tile codes (red-aware); ``called`` is the code taken from another player
    (None for a concealed kan or when unknown); ``source`` is the seat it came from relative to the caller
    (1 = next player, 2 = across, 3 = previous player), or None."""

    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None = None
    source: int | None = None

    def __post_init__(self) -> None:
        kinds = [kind_of(c) for c in self.tiles]
        if self.kind is MeldKind.CHI:
            ks = sorted(kinds)
            if (
                len(ks) != 3
                or is_honor(ks[0])
                or suit_of(ks[0]) != suit_of(ks[2])
                or ks != [ks[0], ks[0] + 1, ks[0] + 2]
            ):
                raise ValueError(f"a chi is three consecutive tiles of one suit, not {format_tiles(self.tiles)}")
        else:
            size = 3 if self.kind is MeldKind.PON else 4
            if len(kinds) != size or len(set(kinds)) != 1:
                raise ValueError(f"{_ARTICLED[self.kind]} is {size} identical tiles, not {format_tiles(self.tiles)}")

    @property
    def is_open(self) -> bool:
        """Everything but a concealed kan opens the hand."""
        return self.kind is not MeldKind.CLOSED_KAN

    @property
    def is_kan(self) -> bool:
        return self.kind in (MeldKind.OPEN_KAN, MeldKind.ADDED_KAN, MeldKind.CLOSED_KAN)

    @property
    def is_run(self) -> bool:
        return self.kind is MeldKind.CHI

    @property
    def first(self) -> int:
        """The lowest kind in the meld (the kind itself for pon/kan)."""
        return min(kind_of(c) for c in self.tiles)

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(kind_of(c) for c in self.tiles)

    @property
    def has_terminal_or_honor(self) -> bool:
        return any(is_terminal_or_honor(k) for k in self.kinds)

    def __str__(self) -> str:
        left, right = _BRACKETS[self.kind][0], _BRACKETS[self.kind][1]
        return f"{left}{format_tiles(self.tiles)}{right}"

    @classmethod
    def parse(cls, text: str, *, offset: int = 0, source_text: str | None = None) -> Meld:
        """Read one bracketed meld; ``offset``/``source_text`` place errors inside a larger string."""
        src = text if source_text is None else source_text
        if len(text) < 2 or (text[0], text[-1]) not in (("[", "]"), ("(", ")"), ("{", "}")):
            raise NotationError(src, offset, "a meld is written [..] (open), {..} (added kan) or (..) (concealed kan)")
        codes = parse_tiles(text[1:-1], offset=offset + 1, source=src)
        kinds = [kind_of(c) for c in codes]
        opener = text[0]
        try:
            if opener == "(":
                if len(codes) != 4:
                    raise ValueError("a concealed kan (..) holds exactly 4 tiles")
                return cls(MeldKind.CLOSED_KAN, tuple(codes))
            if opener == "{":
                return cls(MeldKind.ADDED_KAN, tuple(codes))
            if len(codes) == 4:
                return cls(MeldKind.OPEN_KAN, tuple(codes))
            if len(codes) == 3 and len(set(kinds)) == 1:
                return cls(MeldKind.PON, tuple(codes))
            if len(codes) == 3:
                return cls(MeldKind.CHI, tuple(codes))
            raise ValueError(f"a meld holds 3 or 4 tiles, not {len(codes)}")
        except ValueError as exc:
            if isinstance(exc, NotationError):
                raise
            raise NotationError(src, offset, str(exc)) from None
