"""Per suit shape, every reading of its tiles with what the yaku and fu need from it, worked out once.

A winning hand's readings combine one reading of each suit (exactly one suit holds the pair: the suit sizes decide
which). Everything the checks read adds up across suits, so each suit reading carries its share packed in one
integer (``Part.agg``, layout below) and a hand's reading is the sum of four of them plus the melds' share. The
tables are keyed by one suit's packed counts (``tally``) and hold every suit shape that can be read (21,743
numbered, 498 honor shapes), all made at once on first use, so that no hand pays for working one out; no hand is
ever remembered as a whole.

``Part.agg`` fields (each wide enough for its sum over a hand):

====== ===== ==========================================================================================
bits   name  meaning
====== ===== ==========================================================================================
0-33   TRIP  bit k: a triplet (or kan) of kind k
34-36  RUNS  number of runs
37-38  PEI   pairs of identical runs
39-41  PLAIN sets and pair holding no terminal or honor
42     HPAIR the pair is an honor
43-45  CONC  concealed triplets and kans
46-53  FU    fu of the triplets and kans (concealed triplets as concealed)
54-59  PAIR  the pair's kind + 1 (0 in the suits without the pair)
60-62  KANS  number of kans
====== ===== ==========================================================================================

Bits 27-42 (the honor triplets, RUNS, PEI, PLAIN, HPAIR) are what decides which yaku checks a reading can meet
(``yaku.Needs``): the scorer takes them as one key, ``agg >> NEEDS & NEEDS_MASK``.
"""

from __future__ import annotations

import gc
import threading

from jantaku.hand.decompose import TRIPLET
from jantaku.melds import MeldKind
from jantaku.scoring.riichi.fu import WAIT_FU, set_fu
from jantaku.scoring.riichi.tally import NIBBLE
from jantaku.tiles import EAST, KINDS, is_honor, is_terminal_or_honor, rank_of

TRIP_MASK = (1 << KINDS) - 1
RUNS, PEI, PLAIN, HPAIR, CONC, FU, PAIR, KANS = 34, 37, 39, 42, 43, 46, 54, 60
NEEDS, NEEDS_MASK = 27, (1 << 16) - 1

# (wait, fu a ron takes off by opening the triplet it completes, the group counted from the suit's first kind
# (``TRIPLET + k - base`` for a triplet, ``k - base`` for a run) or -1 = the pair, the wait's fu)
Place = tuple[str, int, int, int]


def _wait_of(run: int, win: int) -> str:
    pos = win - run
    if pos == 1:
        return "kanchan"
    if (pos == 2 and run % 9 == 0) or (pos == 0 and run % 9 == 6):
        return "penchan"
    return "ryanmen"


class Part:
    """One reading of one suit's concealed tiles: ``groups`` (runs ``k``, triplets ``TRIPLET + k``, kinds counted
    from the suit's first one, sorted) and ``pair`` (likewise, or -1), ``base`` (0 for the numbered suits, which
    share their readings, 27 for the honors) and, for each numbered suit, the packed aggregate (``agg``, ``agg1``,
    ``agg2`` for manzu, pinzu, souzu; absolute kinds) and the run mask (``run_mask``, ``run_mask1``,
    ``run_mask2``: bit k, a run starts at kind k; kept apart from ``agg`` because a chi may repeat a concealed run,
    and masks must be or-ed, not added). ``places``: by a kind's offset in the suit, where a winning tile of that
    kind can sit, in the order the scorer tries them (the pair, then the groups in order; identical groups once),
    filled in by ``place`` on first use."""

    __slots__ = (
        "agg",
        "agg1",
        "agg2",
        "base",
        "groups",
        "pair",
        "places",
        "run_mask",
        "run_mask1",
        "run_mask2",
        "special",
    )
    special: int  # its suit reading's ``special`` (set with the tables): the scorer reads a one-way shape's part only

    def __init__(self, groups: tuple[int, ...], pair: int, base: int, agg: int, run_mask: int) -> None:
        """``agg`` and ``run_mask`` as the groups and pair add them up in the suit starting at ``base`` (see
        ``_complete_shapes``)."""
        self.groups, self.pair, self.base, self.agg, self.run_mask = groups, pair, base, agg, run_mask
        # the same tiles 9 and 18 kinds further on: the counts, fu and terminal tests do not change, the triplet
        # bits and the pair's kind move (the honors have no other suit: their copies are never read)
        rest, trips, paired = agg & ~TRIP_MASK, agg & TRIP_MASK, pair >= 0
        self.agg1 = trips << 9 | rest + (9 << PAIR if paired else 0)
        self.agg2 = trips << 18 | rest + (18 << PAIR if paired else 0)
        self.run_mask1, self.run_mask2 = run_mask << 9, run_mask << 18
        self.places: dict[int, tuple[Place, ...]] = {}

    def place(self, offset: int) -> tuple[Place, ...]:
        """Where a winning tile of kind ``offset`` (counted from the suit's first kind) can sit; remembered in
        ``places``."""
        out: list[Place] = []
        if self.pair == offset:
            out.append(_TANKI)
        last = -1
        for g in self.groups:
            if g == last:  # identical groups give the same place
                continue
            if g >= TRIPLET:
                if g - TRIPLET == offset:
                    out.append((_SHANPON, _OPEN_LOSS[offset + self.base], g, _SHANPON_FU))
            elif g <= offset <= g + 2:
                wait = _wait_of(g, offset)
                out.append((wait, 0, g, WAIT_FU[wait]))
            last = g
        got = self.places[offset] = tuple(out)
        return got


class SuitReading:
    """Everything about one suit's concealed tiles: its standard readings (``parts``; empty when its tiles make no
    sets), and its shares of the two special forms, which add up to 7 pairs / 13 orphans exactly for those hands:
    ``pairs`` (kinds held twice, or -8 when some kind is held another number of times) and ``orphans``
    (terminal and honor kinds held, or -20 when a simple is held). One object serves the three numbered suits."""

    __slots__ = ("orphans", "pairs", "parts", "special")

    def __init__(self, key: int, honors: bool, parts: tuple[Part, ...] = ()) -> None:
        self.parts = parts
        # counts are at most 4 (three bits), so a nibble is non-zero exactly when its low bit of ``held`` is set
        held = (key | key >> 1 | key >> 2) & _NIBBLE_ONES
        self.pairs = held.bit_count() if not key & ~(held << 1) else -8  # every kind held exactly twice
        yao = _HONOR_ONES if honors else _TERMINAL_ONES
        self.orphans = (held & yao).bit_count() if not held & ~yao else -20
        # both in one sum-able number: bits 0-9 pairs, 10-19 orphans, each 64 when impossible (four suits add up
        # to 7 pairs / 13 orphans exactly when those are, and never carry into the next field)
        self.special = (self.pairs if self.pairs >= 0 else 64) | (self.orphans if self.orphans >= 0 else 64) << 10


# share of ``Part.agg`` of each group (a run ``k``, a triplet ``TRIPLET + k``; absolute kinds) and of a pair
_SHARE = {k: 1 << RUNS | (k % 9 not in (0, 6)) << PLAIN for k in range(EAST) if rank_of(k) <= 7} | {
    TRIPLET + k: 1 << k | 1 << CONC | (not is_terminal_or_honor(k)) << PLAIN | set_fu(k, False, False) << FU
    for k in range(KINDS)
}
_PAIR_SHARE = [(k + 1) << PAIR | is_honor(k) << HPAIR | (not is_terminal_or_honor(k)) << PLAIN for k in range(KINDS)]
# one bit per nibble (a kind's count) of a suit key: every kind, and the terminals / honors
_NIBBLE_ONES = sum(1 << NIBBLE * i for i in range(9))
_TERMINAL_ONES = 1 | 1 << NIBBLE * 8
_HONOR_ONES = sum(1 << NIBBLE * i for i in range(7))
# a place's parts that do not depend on the reading: the single wait, the shanpon wait and what a ron discard
# takes off a triplet by opening it (absolute kinds)
_TANKI: Place = ("tanki", 0, -1, WAIT_FU["tanki"])
_SHANPON, _SHANPON_FU = "shanpon", WAIT_FU["shanpon"]
_OPEN_LOSS = [set_fu(k, False, False) - set_fu(k, True, False) for k in range(KINDS)]

# the readings by a suit's packed counts (plain dicts: a lookup is the scorer's hot path): one table for the three
# numbered suits (a reading carries each suit's aggregate) and one for the honors. Every shape that makes sets and
# at most one pair is put in at once on first use (``_fill``, about 40 ms), so that no hand pays for working out
# a shape; shapes that make none (a seven pairs or thirteen orphans suit, a hand that is not complete) are added
# as they are met, with no readings
_NUMBERED: dict[int, SuitReading] = {}
TABLES: tuple[dict[int, SuitReading], ...] = (_NUMBERED, _NUMBERED, _NUMBERED, {})
# the shapes that read exactly one way, straight to that reading (numbered, honors): the scorer's usual look-up
ONE: tuple[dict[int, Part], dict[int, Part]] = ({}, {})
_FILLING = threading.Lock()


def read(suit: int, key: int) -> SuitReading:
    """The readings of suit ``suit`` (0..3 = m, p, s, honors) holding ``key`` (packed counts, see ``tally``)."""
    if not _NUMBERED:
        _fill()
    table = TABLES[suit]
    got = table.get(key)
    if got is None:  # no sets and pair make it
        got = table[key] = SuitReading(key, suit == 3)
    return got


def _fill() -> None:
    """Make every readable shape's readings and publish them: built aside and added to the shared tables by one
    ``dict.update`` each (the numbered table, which ``read`` tests, last), under a lock, so that another thread
    never finds a table half made."""
    with _FILLING:
        if _NUMBERED:
            return
        collecting = gc.isenabled()
        gc.disable()  # some 70,000 new objects, none of them garbage: collections on the way would only walk them
        try:
            made = [_made(honors) for honors in (False, True)]
        finally:
            if collecting:
                gc.enable()
        (numbered, one_numbered), (honors, one_honors) = made
        ONE[0].update(one_numbered)
        ONE[1].update(one_honors)
        TABLES[3].update(honors)
        _NUMBERED.update(numbered)


def _made(honors: bool) -> tuple[dict[int, SuitReading], dict[int, Part]]:
    """The readings of every shape of the honors or of a numbered suit, and those of the shapes that read one way."""
    table: dict[int, SuitReading] = {}
    one: dict[int, Part] = {}
    base = EAST if honors else 0  # the honors start at East
    for key, shapes in _complete_shapes(honors).items():
        if len(shapes) > 1:
            shapes.sort()  # in the order of their groups, then pair: the scorer tries them in this order
        parts = tuple([Part(groups, pair, base, agg, run_mask) for groups, pair, agg, run_mask in shapes])
        got = table[key] = SuitReading(key, honors, parts)
        for part in parts:
            part.special = got.special
        if len(parts) == 1:
            one[key] = parts[0]
    return table, one


def _complete_shapes(honors: bool) -> dict[int, list[tuple[tuple[int, ...], int, int, int]]]:
    """Every suit shape (packed counts) that makes at most four sets and at most one pair, with each of its
    readings as (groups, pair, ``agg``, ``run_mask``), groups and pair counted from the suit's first kind.

    The sets are chosen in the order of ``groups`` (runs before triplets, each by kind), so each reading is made
    once, with its groups sorted, and identical runs come one after the other: the second of two makes a pair of
    identical runs (``PEI``; four of one run make two)."""
    base = EAST if honors else 0  # the honors start at East
    size = 7 if honors else 9
    sets = [] if honors else [(k, 0x111 << NIBBLE * k, _SHARE[k]) for k in range(7)]
    sets += [(TRIPLET + k, 3 << NIBBLE * k, _SHARE[TRIPLET + base + k]) for k in range(size)]
    pairs = [(k, 2 << NIBBLE * k, _PAIR_SHARE[base + k]) for k in range(size)]
    over = _NIBBLE_ONES * 3  # added to the counts, it carries into a nibble's top bit exactly above 4 copies
    top = _NIBBLE_ONES << 3
    found: dict[int, list[tuple[tuple[int, ...], int, int, int]]] = {}
    add = found.setdefault

    def choose(start: int, groups: tuple[int, ...], key: int, agg: int, run_mask: int, unpaired: int) -> None:
        add(key, []).append((groups, -1, agg, run_mask))
        for k, tiles, share in pairs:
            if not (key + tiles + over) & top:
                add(key + tiles, []).append((groups, k, agg + share, run_mask))
        if len(groups) == 4:
            return
        for i in range(start, len(sets)):
            g, tiles, share = sets[i]
            if (key + tiles + over) & top:
                continue
            if g >= TRIPLET:
                choose(i, (*groups, g), key + tiles, agg + share, run_mask, unpaired)
            elif g == unpaired:  # a second copy of the run: a pair of identical runs
                choose(i, (*groups, g), key + tiles, agg + share + (1 << PEI), run_mask, -1)
            else:
                choose(i, (*groups, g), key + tiles, agg + share, run_mask | 1 << g, g)

    choose(0, (), 0, 0, 0, -1)
    return found


def _meld_share(kind: MeldKind, first: int) -> tuple[int, int]:
    """(``agg`` share, ``run_mask`` share) of one meld."""
    if kind is MeldKind.CHI:
        return 1 << RUNS | (first % 9 not in (0, 6)) << PLAIN, 1 << first
    is_open = kind is not MeldKind.CLOSED_KAN
    is_kan = kind is not MeldKind.PON
    share = (
        1 << first
        | (not is_open) << CONC
        | (not is_terminal_or_honor(first)) << PLAIN
        | set_fu(first, is_open, is_kan) << FU
    )
    return share | is_kan << KANS, 0


MELD_SHARES: dict[tuple[MeldKind, int], tuple[int, int]] = {
    (kind, first): _meld_share(kind, first)
    for kind in MeldKind
    for first in range(KINDS)
    if kind is not MeldKind.CHI or (not is_honor(first) and rank_of(first) <= 7)
}
