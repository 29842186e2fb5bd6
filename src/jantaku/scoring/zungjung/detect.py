"""Which patterns one arrangement of a winning hand shows.

A ``HandReading`` is one reading of the whole hand (melds included): four sets and a pair, seven pairs, or thirteen
wonders. Each checker looks at one category of the table and names *every* pattern whose words the shape meets
(Pure One-suit also meets Mixed One-suit's words; four concealed triplets also meet "three"); the scorer then
keeps the highest of each series. Keeping the checkers inclusive makes the source's series rule do the work, so a
reader can check each checker against one line of the source.

Patterns that depend on how the hand was won rather than on its shape (2.2, 9.x) are in ``situation``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from jantaku.tiles import DRAGONS, WINDS, is_honor, is_simple, is_terminal, is_terminal_or_honor


class ZungJungForm(StrEnum):
    """The three forms a Zung Jung win takes, in the source's words (``jantaku.hand.Form`` is the riichi side's)."""

    REGULAR = "regular"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_WONDERS = "thirteen_wonders"


class Unit(NamedTuple):
    """One set. ``concealed`` counts it toward 4.2 (a concealed triplet not completed by a winning discard, or a
    concealed quad); ``melded`` is a declared set other than a concealed quad (it breaks 1.2)."""

    first: int
    run: bool
    quad: bool
    concealed: bool
    melded: bool

    @property
    def kinds(self) -> tuple[int, ...]:
        return (self.first, self.first + 1, self.first + 2) if self.run else (self.first,)


@dataclass(frozen=True, slots=True)
class HandReading:
    """One arrangement of the whole hand. ``pairs`` holds the seven kinds of Seven Pairs; ``kinds`` every kind
    in the hand (for the content patterns); ``seat_wind`` is needed by Value Honour alone."""

    form: ZungJungForm
    kinds: frozenset[int]
    seat_wind: int
    sets: tuple[Unit, ...] = ()
    pair: int = -1
    pairs: tuple[int, ...] = ()

    @property
    def regular(self) -> bool:
        return self.form is ZungJungForm.REGULAR

    @property
    def triplets(self) -> tuple[Unit, ...]:
        """Triplets and quads (every set that is not a run)."""
        return tuple(u for u in self.sets if not u.run)

    @property
    def runs(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.sets if u.run)


Check = Callable[[HandReading], Iterator[str]]


def trivial(s: HandReading) -> Iterator[str]:
    """1.x. Concealed Hand is for regular hands only (docs/rules.md), and a concealed quad is not a melded set."""
    if s.regular and not s.triplets:
        yield "1.1"
    if s.regular and not any(u.melded for u in s.sets):
        yield "1.2"
    if all(is_simple(k) for k in s.kinds):
        yield "1.3"


def one_suit(s: HandReading) -> Iterator[str]:
    """2.1.x: one suit, with honours allowed (Mixed) or none (Pure). All honours has no suit, so it is neither."""
    suits = {k // 9 for k in s.kinds if not is_honor(k)}
    if len(suits) == 1:
        yield "2.1.1"
        if not any(is_honor(k) for k in s.kinds):
            yield "2.1.2"


def honours(s: HandReading) -> Iterator[str]:
    """3.x. Value Honour is named once per set (the scorer multiplies); it counts the seat wind and dragons."""
    if s.regular:
        trips = [u.first for u in s.triplets]
        yield from ["3.1"] * sum(1 for k in trips if k in DRAGONS or k == s.seat_wind)
        yield from _dragons(sum(1 for k in trips if k in DRAGONS), s.pair in DRAGONS)
        yield from _winds(sum(1 for k in trips if k in WINDS), s.pair in WINDS)
    if all(is_honor(k) for k in s.kinds):
        yield "3.4"


def _dragons(sets: int, pair: bool) -> Iterator[str]:
    if sets >= 2 and pair:
        yield "3.2.1"
    if sets >= 3:
        yield "3.2.2"


def _winds(sets: int, pair: bool) -> Iterator[str]:
    if sets >= 2 and pair:
        yield "3.3.1"
    if sets >= 3:
        yield "3.3.2"
    if sets >= 3 and pair:
        yield "3.3.3"
    if sets >= 4:
        yield "3.3.4"


def triplets(s: HandReading) -> Iterator[str]:
    """4.x: All Triplets, concealed triplets (a concealed quad is one), quads of any kind."""
    if not s.regular:
        return
    trips = s.triplets
    if len(trips) == 4:
        yield "4.1"
    concealed = sum(1 for u in trips if u.concealed)
    yield from ("4.2.1", "4.2.2", "4.2.3")[: max(0, concealed - 1)]
    yield from ("4.3.1", "4.3.2", "4.3.3", "4.3.4")[: sum(1 for u in trips if u.quad)]


def identical(s: HandReading) -> Iterator[str]:
    """5.1.x: runs with the same first tile, melded or not. Four identical runs are also two pairs of them."""
    sizes = sorted(Counter(u.first for u in s.runs).values(), reverse=True)
    top = sizes[0] if sizes else 0
    if top >= 2:
        yield "5.1.1"
    if top >= 4 or sizes[:2] == [2, 2]:
        yield "5.1.2"
    if top >= 3:
        yield "5.1.3"
    if top >= 4:
        yield "5.1.4"


def similar(s: HandReading) -> Iterator[str]:
    """6.1 (runs) and the separate series 6.1.1/6.1.2 (triplets, the source's "Small/Big Three Similar Runs")."""
    starts = {u.first for u in s.runs}
    if any(all(r + 9 * suit in starts for suit in range(3)) for r in range(7)):
        yield "6.1"
    trips = {u.first for u in s.triplets}
    for rank in range(9):
        have = sum(1 for suit in range(3) if rank + 9 * suit in trips)
        if have == 2 and s.pair >= 0 and s.pair % 9 == rank and not is_honor(s.pair):
            yield "6.1.1"
        if have == 3:
            yield "6.1.2"


def consecutive(s: HandReading) -> Iterator[str]:
    """7.1 (the straight) and the separate series 7.1.1/7.1.2 (consecutive triplets of one suit)."""
    starts = {u.first for u in s.runs}
    if any({b, b + 3, b + 6} <= starts for b in (0, 9, 18)):
        yield "7.1"
    trips = {u.first for u in s.triplets if not is_honor(u.first)}
    longest = max((_chain(trips, k) for k in trips), default=0)
    if longest >= 3:
        yield "7.1.1"
    if longest >= 4:
        yield "7.1.2"


def _chain(kinds: set[int], start: int) -> int:
    """How many consecutive values of one suit begin at ``start``."""
    n = 0
    while start + n in kinds and (start + n) // 9 == start // 9:
        n += 1
    return n


def terminals(s: HandReading) -> Iterator[str]:
    """8.1.x: every set *and the pair* (Seven Pairs: every pair) holds a terminal/honour (Branching), or every tile
    is one (Rooted). "Mixed" allows honours, "Pure" none. Our reading: the hand must hold a terminal (an
    all-honours hand is 3.4, not a Terminal pattern), and Thirteen Wonders, having no sets, is none of these."""
    if s.form is ZungJungForm.THIRTEEN_WONDERS or not any(is_terminal(k) for k in s.kinds):
        return
    units = [u.kinds for u in s.sets] + [(p,) for p in ((s.pair,) if s.regular else s.pairs)]
    if all(any(is_terminal_or_honor(k) for k in unit) for unit in units):
        yield "8.1.1"
    if all(any(is_terminal(k) for k in unit) for unit in units):
        yield "8.1.2"
    if all(is_terminal_or_honor(k) for k in s.kinds):
        yield "8.1.3"
    if all(is_terminal(k) for k in s.kinds):
        yield "8.1.4"


def irregular(s: HandReading) -> Iterator[str]:
    """10.x: the two hands that are not four sets and a pair."""
    if s.form is ZungJungForm.THIRTEEN_WONDERS:
        yield "10.1"
    elif s.form is ZungJungForm.SEVEN_PAIRS:
        yield "10.2"


CHECKS: tuple[Check, ...] = (
    trivial,
    one_suit,
    honours,
    triplets,
    identical,
    similar,
    consecutive,
    terminals,
    irregular,
)


def shape_patterns(s: HandReading) -> list[str]:
    """Every pattern number the shape meets (several per series; Value Honour once per set)."""
    return [number for check in CHECKS for number in check(s)]
