"""The per-suit reading tables (``readings``) agree with the plain readings of the same tiles.

The scorer reads shapes from per-suit tables rather than from a list of sets: every shape's readings must be the
ones ``decompose`` finds, and the aggregates a reading adds up must be ``ReadingFacts.of`` of its sets.
"""

from __future__ import annotations

import random

import pytest

from jantaku.hand.decompose import suit_shapes
from jantaku.melds import MeldKind
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoringError, score, tally
from jantaku.scoring.riichi.readings import CONC, KANS, PAIR, PEI, PLAIN, RUNS, TABLES, TRIP_MASK, read
from jantaku.scoring.riichi.yaku import ReadingFacts
from jantaku.tiles import EAST, is_simple
from tests.scoring.riichi.random_hands import seeded_cases


def test_shapes_from_the_tables_equal_shapes_from_the_sets() -> None:
    """The aggregates a reading adds up from its suits' tables equal ``ReadingFacts.of`` on the same sets."""
    for name in ("tenhou", "standard"):
        for hand, win, ctx in seeded_cases(name, 1500):
            try:
                result = score(hand, win, ctx, preset(name))
            except ScoringError:
                continue
            reading = result.reading
            if reading.form != "standard" or not reading.itemised:
                continue
            sets = [(g - 34, True, False, False) if g >= 34 else (g, False, False, False) for g in reading.groups]
            sets += [(m.first, m.kind is not MeldKind.CHI, m.is_open, m.is_kan) for m in hand.melds]
            plain = ReadingFacts.of(sets, reading.pair, result.wait, hand.is_closed)
            concealed = sum(tally.CODE_BIT[c] for c in (*hand.tiles, win)) & tally.KINDS_MASK
            suits = [read(s, concealed >> 36 * s & (tally.SUIT_MASK if s < 3 else tally.HONOR_MASK)) for s in range(4)]
            found = False
            for p0 in suits[0].parts:
                for p1 in suits[1].parts:
                    for p2 in suits[2].parts:
                        for p3 in suits[3].parts:
                            combo = (p0, p1, p2, p3)
                            groups = sorted(g + 9 * i for i, p in enumerate(combo) for g in p.groups)
                            if tuple(groups) != reading.groups:
                                continue
                            found = True
                            a = p0.agg + p1.agg1 + p2.agg2 + p3.agg  # each numbered suit's own aggregate
                            for m in hand.melds:
                                if m.kind is MeldKind.CHI:
                                    a += 1 << RUNS | (m.first % 9 not in (0, 6)) << PLAIN
                                else:
                                    a += 1 << m.first | (m.kind is MeldKind.CLOSED_KAN) << CONC
                                    a += is_simple(m.first) << PLAIN | m.is_kan << KANS
                            run_mask = p0.run_mask | p1.run_mask1 | p2.run_mask2
                            for m in hand.melds:
                                if m.kind is MeldKind.CHI:
                                    run_mask |= 1 << m.first
                            assert run_mask == plain.run_mask
                            assert a & TRIP_MASK == plain.trip_mask
                            assert (a >> RUNS & 7, a >> PEI & 3, a >> PLAIN & 7) == (
                                plain.runs, plain.peikou if hand.is_closed else a >> PEI & 3, plain.plain,
                            )  # fmt: skip
                            assert (a >> CONC & 7, a >> KANS & 7, (a >> PAIR & 63) - 1) == (
                                plain.concealed_triplets, plain.kans, plain.pair,
                            )  # fmt: skip
            assert found


@pytest.mark.parametrize("suit", [0, 3])
def test_suit_tables_hold_every_reading_of_every_shape(suit: int) -> None:
    """The tables filled at first use: every suit shape that makes sets and at most one pair is in, with exactly
    the readings ``decompose.suit_shapes`` finds, in its order, and each reading's aggregate is ``ReadingFacts.of`` on
    its sets (a triplet concealed); 20,000 random shapes of at most 14 tiles (a hand's most) read as
    ``suit_shapes`` reads them."""
    size, base = (9, 0) if suit == 0 else (7, EAST)
    table = read(suit, 0) and TABLES[suit]
    complete = [k for k, r in table.items() if r.parts]
    assert len(complete) == (21743 if suit == 0 else 498)
    for key in complete:
        counts = bytes(key >> 4 * i & 0xF for i in range(size))
        parts = read(suit, key).parts
        assert [(p.groups, p.pair) for p in parts] == list(suit_shapes(counts, suit == 0))
        for p in parts:
            sets = [(g - 34 + base, True, False, False) if g >= 34 else (g, False, False, False) for g in p.groups]
            plain = ReadingFacts.of(sets, p.pair + base if p.pair >= 0 else -1, "", True)
            a = p.agg
            assert p.run_mask == plain.run_mask and a & TRIP_MASK == plain.trip_mask
            assert (a >> RUNS & 7, a >> PEI & 3, a >> CONC & 7, a >> KANS & 7) == (
                plain.runs, plain.peikou, plain.concealed_triplets, plain.kans,
            )  # fmt: skip
            if p.pair >= 0:
                assert ((a >> PAIR & 63) - 1, a >> PLAIN & 7) == (plain.pair, plain.plain)
    rng = random.Random(7)
    for _ in range(20000):
        counts = bytes(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(size))
        if sum(counts) > 14:
            continue
        key = sum(c << 4 * i for i, c in enumerate(counts))
        got = [(p.groups, p.pair) for p in read(suit, key).parts]
        assert got == list(suit_shapes(counts, suit == 0)), counts
