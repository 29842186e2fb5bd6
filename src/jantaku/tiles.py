"""Tiles: the 34 kinds, the 136 physical tiles, red fives, and the mpsz notation.

A *kind* is an int 0..33 in the order 1m..9m, 1p..9p, 1s..9s, East South West North White Green Red.
A *physical tile* is ``kind * 4 + copy`` (0..135); which copies are red is a rule, not a property of the id
(one red 5 per suit is copy 0; a second red 5p, as ``classic-east`` has, is copy 1).

Notation works on *tile codes*: a code is a kind, or ``RED_MAN``/``RED_PIN``/``RED_SOU`` (34..36) for a red
five, so that ``0m`` survives a parse/format round trip without knowing the rules. Analysis works on 34-count
lists, where a red five is simply a five.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

KINDS = 34
PHYSICAL = 136
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
SUITS = "mpsz"
RED_MAN, RED_PIN, RED_SOU = 34, 35, 36
FIVES = (4, 13, 22)

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = (*TERMINALS, *range(27, 34))
GREENS = frozenset({19, 20, 21, 23, 25, GREEN})  # 2s 3s 4s 6s 8s and the Green Dragon

#: Tile kinds removed in 3-player mahjong (2m..8m).
SANMA_REMOVED = frozenset(range(1, 8))

HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
SUIT_NAMES = ("man", "pin", "sou", "honor")


class NotationError(ValueError):
    """A hand or tile string that cannot be read; the message names the position and the reason."""

    def __init__(self, text: str, position: int | None, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        where = f" at position {position}" if position is not None else ""
        super().__init__(f"{reason}{where} in {text!r}")


def kind_of(code: int) -> int:
    """The kind of a tile code (a red five is a five)."""
    return FIVES[code - RED_MAN] if code >= RED_MAN else code


def kind_of_id(tile: int) -> int:
    """The kind of a physical tile (0..135 → 0..33): its four copies share a kind."""
    return tile >> 2


#: ``kind_of_id`` as a table: ``KIND_OF_ID[tile]``. Loops over tiles (the engine's and the CPUs', run for every tile
#: of every decision) index it, which costs less than a call; one-off conversions call ``kind_of_id``.
KIND_OF_ID: tuple[int, ...] = tuple(tile >> 2 for tile in range(PHYSICAL))


def copy_of_id(tile: int) -> int:
    """Which of its kind's four copies a physical tile is (0..3); which copies are red is a rule."""
    return tile & 3


def first_id(kind: int) -> int:
    """The physical id of a kind's first copy (copy 0, the red one when the rules have one red five)."""
    return kind << 2


def is_red(code: int) -> bool:
    return code >= RED_MAN


def red_code(kind: int) -> int:
    """The red code for a five's kind."""
    return RED_MAN + FIVES.index(kind)


def suit_of(kind: int) -> int:
    return kind // 9


def rank_of(kind: int) -> int:
    """1..9 for suited kinds, 1..7 for honors (East=1 .. Red=7)."""
    return kind % 9 + 1


def is_honor(kind: int) -> bool:
    return kind >= 27


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    return kind < 27 and kind % 9 not in (0, 8)


def dora_after(indicator: int, sanma: bool = False) -> int:
    """The dora kind an indicator points at: the next tile, wrapping 9→1, N→E, Red→White.

    ``indicator`` is a kind or a tile code (a red five indicates the six). In 3-player play manzu holds only
    1m and 9m, so 1m points at 9m and 9m at 1m.
    """
    if not 0 <= indicator <= RED_SOU:
        raise ValueError(f"{indicator} is not a tile kind (0..33) or a red five's code (34..36)")
    indicator = kind_of(indicator)  # a red five indicates like any five
    if indicator < 27:
        if sanma and indicator in (0, 8):
            return 8 - indicator
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def kind_name(kind: int) -> str:
    """Notation of a kind, e.g. ``5m`` or ``7z``."""
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def code_name(code: int) -> str:
    """Notation of a tile code, ``0m`` for a red five."""
    if code >= RED_MAN:
        return "0" + SUITS[code - RED_MAN]
    return kind_name(code)


def long_name(kind: int) -> str:
    """A player-facing name: ``5 man``, ``East``, ``Red dragon``."""
    if kind >= 31:
        return HONOR_NAMES[kind - 27] + " dragon"
    if kind >= 27:
        return HONOR_NAMES[kind - 27]
    return f"{kind % 9 + 1} {SUIT_NAMES[kind // 9]}"


def parse_tiles(text: str, *, offset: int = 0, source: str | None = None) -> list[int]:
    """Read ``123m0p55z`` into tile codes, in the order written.

    Digits collect until a suit letter closes them. ``0`` is a red five (m/p/s only); ``z`` takes 1..7.
    ``offset``/``source`` let callers report positions inside a larger string.
    """
    return [code for code, _ in scan_tiles(text, offset=offset, source=source)]


def scan_tiles(text: str, *, offset: int = 0, source: str | None = None) -> list[tuple[int, int]]:
    """Like ``parse_tiles``, with each tile's position: ``(code, position of its digit)``."""
    if not isinstance(text, str):
        raise TypeError(f'tiles are read from a string like "123m0p55z", not {type(text).__name__} {text!r}')
    src = text if source is None else source
    codes: list[tuple[int, int]] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for i, ch in enumerate(text):
        pos = offset + i
        if "0" <= ch <= "9":  # ASCII only: str.isdigit() also accepts '²', '٣', ...
            pending.append((ord(ch) - 48, pos))
        elif ch in SUITS:
            if not pending:
                raise NotationError(src, pos, f"suit letter {ch!r} has no digits before it")
            suit = SUITS.index(ch)
            for digit, dpos in pending:
                if suit == HONOR:
                    if digit == 0:
                        raise NotationError(src, dpos, "honors have no red five ('0z')")
                    if digit > 7:
                        raise NotationError(src, dpos, f"honor tiles are 1z..7z, not {digit}z")
                    codes.append((27 + digit - 1, dpos))
                elif digit == 0:
                    codes.append((RED_MAN + suit, dpos))
                else:
                    codes.append((suit * 9 + digit - 1, dpos))
            pending.clear()
        elif ch.isspace():
            if pending:
                raise NotationError(src, pos, "digits must be followed by a suit letter (m, p, s or z)")
        else:
            raise NotationError(src, pos, f"unexpected character {ch!r} (expected a digit or m/p/s/z)")
    if pending:
        raise NotationError(src, pending[-1][1], "digits at the end have no suit letter (m, p, s or z)")
    return codes


def parse_tile(text: str) -> int:
    """Read exactly one tile, e.g. ``5m`` or ``0p``."""
    if not isinstance(text, str):
        raise TypeError(f'a tile is read from a string like "5m" or "0p", not {type(text).__name__} {text!r}')
    codes = parse_tiles(text.strip())
    if len(codes) != 1:
        raise NotationError(text, None, f"expected exactly one tile, got {len(codes)}")
    return codes[0]


def format_tiles(codes: Iterable[int]) -> str:
    """Write tile codes in order, sharing one suit letter across neighbours of the same suit."""
    out: list[str] = []
    run_suit = -1
    for code in codes:
        if not 0 <= code <= RED_SOU:
            raise ValueError(f"{code} is not a tile code (0..33 kinds, 34..36 red fives)")
        suit = code - RED_MAN if code >= RED_MAN else code // 9
        if suit != run_suit and run_suit >= 0:
            out.append(SUITS[run_suit])
        out.append("0" if code >= RED_MAN else str(code % 9 + 1))
        run_suit = suit
    if run_suit >= 0:
        out.append(SUITS[run_suit])
    return "".join(out)


def sort_key(code: int) -> tuple[int, int]:
    """Sort order for display: by kind, red five before the plain fives."""
    return (kind_of(code), 0 if code >= RED_MAN else 1)


def counts_of(codes: Iterable[int]) -> list[int]:
    """34-count list of a collection of tile codes."""
    counts = [0] * KINDS
    for code in codes:
        counts[FIVES[code - RED_MAN] if code >= RED_MAN else code] += 1
    return counts


def counts_to_kinds(counts: Sequence[int]) -> list[int]:
    """The kinds of a 34-count list, one entry per tile, ascending."""
    return [k for k in range(KINDS) for _ in range(counts[k])]


def parse_counts(text: str) -> list[int]:
    """34-count list of a notation string (reds count as fives)."""
    return counts_of(parse_tiles(text))
