"""Shanten (0 = tenpai, -1 = complete) for the three forms, 13- and 14-tile hands, 0-4 melds.

Expectations cite docs/rules.md: "docs/rules.md#tenpai" (a wait used up in the player's own hand and melds does not
count), "Seven Pairs needs 7 different pairs", the yakuman list (Thirteen Orphans); and [S1]'s noten rule
("自分の手牌でアガリ牌が消去されている場合はテンパイではない": a pon of Red with a Red tanki is not tenpai).

The shipped table (tools/gen_shanten_table.py) is checked against the slow computation it stands for: every suit
shape's distance vector against the per-shape DP (``standard_distance_vector``), every merge against the plain
min-plus merge (``merge_vectors``), and ``shanten`` against ``shanten_reference``; a stale or corrupt file would
otherwise give wrong answers silently. The full rebuild is marked slow.
"""

from __future__ import annotations

import importlib.util
import itertools
import random
import zlib
from importlib.resources import files
from pathlib import Path
from types import ModuleType

import pytest

from jantaku.hand import (
    Hand,
    is_complete,
    shanten,
    shanten_chiitoi,
    shanten_kokushi,
    shanten_reference,
    shanten_standard,
)
from jantaku.hand.shanten import merge_vectors, standard_distance_vector
from jantaku.tiles import KINDS, parse_counts

# --- closed hands: (text, shanten, standard, seven pairs, thirteen orphans) ---------------------------------------

CLOSED_ROWS = [
    # 13 tiles
    pytest.param("123m456p789s1122z", 0, 0, 4, 8, id="standard-shanpon-tenpai"),
    pytest.param("123m456p789s1234z", 2, 2, 6, 7, id="standard-three-sets-four-honor-singles"),
    pytest.param("1112345678999m", 0, 0, 4, 10, id="standard-nine-gates-nine-waits"),
    pytest.param("11123444m567p78s", 0, 0, 4, 11, id="S1-riichi-kan-hand-tenpai"),
    pytest.param("1122m3344p5566s7z", 0, 3, 0, 10, id="rules-seven-pairs-tanki-tenpai"),
    pytest.param("19m19p19s1234567z", 0, 8, 6, 0, id="rules-thirteen-orphans-13-sided"),
    pytest.param("19m19p19s1234566z", 0, 7, 5, 0, id="rules-thirteen-orphans-single-wait"),
    pytest.param("19m19p19s123456z5m", 1, 8, 6, 1, id="rules-thirteen-orphans-1-shanten"),
    pytest.param("147m258p369s1234z", 6, 8, 6, 7, id="worst-shape-seven-pairs-is-best"),
    # the 4-copy limit (docs/rules.md#tenpai)
    pytest.param("1111m456p789p123s", 1, 1, 5, 9, id="rules-tenpai-1111m-tanki-on-a-fifth-copy-is-not-tenpai"),
    pytest.param("1111z2222z3333z4z", 3, 3, 6, 8, id="rules-tenpai-honor-quads-cannot-pair"),
    pytest.param("1111m2222p3333s4z", 2, 2, 6, 10, id="rules-tenpai-three-quads-in-three-suits"),
    pytest.param("1111m2233p4455s6z", 2, 2, 2, 10, id="rules-seven-pairs-quad-is-one-pair-13"),
    # 14 tiles
    pytest.param("123m456p789s11222z", -1, -1, 4, 8, id="standard-complete"),
    pytest.param("123m456p789s11223z", 0, 0, 4, 7, id="standard-14-discard-to-tenpai"),
    pytest.param("11112345678999m", -1, -1, 4, 10, id="standard-nine-gates-complete"),
    pytest.param("11112222333344m", -1, -1, 5, 11, id="standard-four-identical-runs"),
    pytest.param("11223344556677m", -1, -1, -1, 11, id="rules-seven-pairs-and-standard"),
    pytest.param("1133m5577p2299s11z", -1, 3, -1, 9, id="rules-seven-pairs-only"),
    pytest.param("1111m2233p4455s66z", 1, 2, 1, 10, id="rules-seven-pairs-need-7-different-pairs-quad"),
    pytest.param("19m19p19s12345677z", -1, 7, 5, -1, id="rules-thirteen-orphans-complete"),
    pytest.param("19m19p19s12345678s", 2, 2, 5, 6, id="rules-thirteen-orphans-broken-by-8s"),
    pytest.param("1111m456p789p1234s", 0, 0, 5, 9, id="rules-tenpai-quad-plus-a-real-wait"),
]


@pytest.mark.parametrize(("text", "total", "standard", "chiitoi", "kokushi"), CLOSED_ROWS)
def test_closed_hand_shanten(text: str, total: int, standard: int, chiitoi: int, kokushi: int) -> None:
    counts = parse_counts(text)
    assert sum(counts) in (13, 14)
    assert shanten_standard(counts) == standard
    assert shanten_chiitoi(counts) == chiitoi
    assert shanten_kokushi(counts) == kokushi
    assert total == min(standard, chiitoi, kokushi)
    assert shanten(counts) == total
    assert shanten(counts, 0) == total
    assert shanten(counts) == total  # the whole-hand cache answers the same
    assert is_complete(counts) is (total == -1)


# --- hands with melds: (text, shanten of the concealed tiles, standard shanten honouring the player's own melds) --
# ``shanten(counts, melds)`` sees the concealed tiles only; ``shanten_standard(..., locked=meld_counts)`` also
# knows the copies the player's own melds hold (docs/rules.md#tenpai).

MELD_ROWS = [
    pytest.param("123m456p78s11z [555m]", 0, 0, id="one-pon-ryanmen-tenpai"),
    pytest.param("123m456p789s11z [555m]", -1, -1, id="one-pon-complete"),
    pytest.param("123m45p11z [555m] [789s]", 0, 0, id="two-melds-tenpai"),
    pytest.param("123m456p11z [555m] [789s]", -1, -1, id="two-melds-complete"),
    pytest.param("45p11z [555m] [789s] (1111s)", 0, 0, id="three-melds-concealed-kan"),
    pytest.param("1m [234m] [456p] [789p] [123s]", 0, 0, id="four-melds-tanki"),
    pytest.param("77z [777m] [123m] [456p] [789s]", -1, -1, id="four-melds-complete"),
    pytest.param("123m456p78s112z [555m]", 0, 0, id="one-pon-14-discard-to-tenpai"),
    pytest.param("123m45p11z9s [555m] [789s]", 0, 0, id="two-melds-14-discard-to-tenpai"),
    pytest.param("45p11z9m [555m] [789s] (1111s)", 0, 0, id="three-melds-14-discard-to-tenpai"),
    pytest.param("12z [555m] [123m] [456p] [789s]", 0, 0, id="four-melds-14-either-tanki"),
    pytest.param("17z [777z] [123m] [456p] [789s]", 0, 0, id="S1-own-Red-pon-keep-the-live-1z-tanki"),
    pytest.param("2m7z [777z] [222m] [456p] [789s]", 0, 1, id="rules-tenpai-14-both-tanki-tiles-in-own-pons"),
    pytest.param("1122m3344p56z [555s]", 2, 2, id="rules-no-seven-pairs-with-a-meld"),
    pytest.param("19m19p19s1234z [555z]", 6, 6, id="rules-no-thirteen-orphans-with-a-meld"),
    pytest.param("1111m456p [123s] [789s]", 1, 1, id="rules-tenpai-1111m-fifth-copy-two-melds"),
    pytest.param("56m11z [444m] [777m] [123p]", 0, 0, id="rules-tenpai-last-copies-of-4m-7m-still-live"),
    pytest.param("13m55z [222m] [456p] [789s]", 0, 0, id="rules-tenpai-kanchan-on-the-last-2m"),
    pytest.param("7z [777z] [123m] [456p] [789s]", 0, 1, id="S1-own-Red-pon-with-Red-tanki-is-not-tenpai"),
    pytest.param("1m [111m] [456p] [789p] [1111s]", 0, 1, id="rules-tenpai-own-pon-uses-the-wait"),
    pytest.param("2m [111m] [222m] [333m] [444m]", 0, 1, id="rules-tenpai-own-pon-of-2m-2m-tanki"),
]


@pytest.mark.parametrize(("text", "total", "standard_locked"), MELD_ROWS)
def test_hand_with_melds_shanten(text: str, total: int, standard_locked: int) -> None:
    hand = Hand.parse(text)
    counts, melds, locked = hand.concealed_counts(), len(hand.melds), hand.meld_counts()
    assert 1 <= melds <= 4
    assert hand.size in (13, 14)
    assert shanten(counts, melds) == total
    assert shanten(counts) == total  # melds inferred from the tile count
    assert shanten_standard(counts, melds) == total  # seven pairs and thirteen orphans need a closed hand
    assert shanten_standard(counts, melds, locked) == standard_locked


def test_locked_never_lowers_shanten() -> None:
    """Copies held by one's own melds can only take options away."""
    for row in MELD_ROWS:
        total, standard_locked = row.values[1], row.values[2]
        assert isinstance(total, int) and isinstance(standard_locked, int)
        assert standard_locked >= total


# --- forms and partial hands -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "melds", "expected"),
    [
        pytest.param("1z", 4, 0, id="tanki-alone"),
        pytest.param("11z", 4, -1, id="pair-alone-is-complete"),
        pytest.param("12z", 4, 0, id="two-singles-either-tanki"),
        pytest.param("1111z", 3, 1, id="honor-quad-alone-fifth-copy"),
        pytest.param("1112m", 3, 0, id="1112m-two-waits"),
        pytest.param("1111m", 3, 1, id="1111m-alone-fifth-copy"),
        pytest.param("12345m", 3, 0, id="five-run-tiles"),
    ],
)
def test_short_concealed_parts(text: str, melds: int, expected: int) -> None:
    counts = parse_counts(text)
    assert shanten(counts, melds) == expected
    assert shanten(counts) == expected


def test_seven_pairs_counts_distinct_pairs() -> None:
    """docs/rules.md: Seven Pairs needs 7 different pairs - a four-of-a-kind is one pair and still needs a 7th kind."""
    quad = parse_counts("1111m2233p4455s66z")
    assert shanten_chiitoi(quad) == 1
    assert not is_complete(quad)
    distinct = parse_counts("11m2233p4455s6677z")
    assert shanten_chiitoi(distinct) == -1
    assert is_complete(distinct)


# --- the shipped table -----------------------------------------------------------------------------------------

RAW = zlib.decompress((files("jantaku.hand") / "shanten_table.bin").read_bytes())
N = RAW[0]
VECTORS = [tuple(RAW[1 + 10 * i : 11 + 10 * i]) for i in range(N)]
START = 1 + 10 * N
SUITS = RAW[START : START + 5**9]
HONORS = RAW[START + 5**9 : START + 5**9 + 5**7]
MERGES = RAW[START + 5**9 + 5**7 :]


def index(counts: tuple[int, ...]) -> int:
    return sum(c * 5**i for i, c in enumerate(counts))


def check_shape(counts: tuple[int, ...], honors: bool) -> None:
    local = (HONORS if honors else SUITS)[index(counts)]
    if sum(counts) > 14:
        assert local == 255, counts
    else:
        assert VECTORS[local] == standard_distance_vector(bytes(counts), runs=not honors), counts


def test_layout() -> None:
    assert N < 255
    assert len(MERGES) == N * N
    assert len(set(VECTORS)) == N


def test_small_shapes_match_the_dp() -> None:
    for width, honors in ((9, False), (7, True)):
        for counts in itertools.product(range(5), repeat=width):
            if sum(counts) <= 3:
                check_shape(counts, honors)


def test_random_shapes_match_the_dp() -> None:
    rng = random.Random(5)
    for _ in range(1500):
        for width, honors in ((9, False), (7, True)):
            check_shape(tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(width)), honors)


def test_merge_table_is_the_min_plus_merge() -> None:
    for a in range(N):
        for b in range(N):
            assert VECTORS[MERGES[a * N + b]] == merge_vectors(VECTORS[a], VECTORS[b])


def test_shanten_equals_the_reference_on_random_tiles() -> None:
    rng = random.Random(11)
    wall = [k for k in range(KINDS) for _ in range(4)]
    for _ in range(3000):
        counts = [0] * KINDS
        size = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
        for k in rng.sample(wall, size):
            counts[k] += 1
        assert shanten(counts) == shanten_reference(counts)
        for melds in range(0, (14 - size) // 3 + 1):
            assert shanten(counts, melds) == shanten_reference(counts, melds)


def test_shapes_outside_the_table_equal_the_reference() -> None:
    five = [0] * KINDS
    five[0] = 5
    five[1:9] = [1] * 8
    assert shanten(five) == shanten_reference(five)
    fifteen = [4, 4, 4, 3] + [0] * 30  # more than 14 tiles: no hand's concealed tiles, refused on either path
    with pytest.raises(ValueError, match="hold 15 tiles"):
        shanten(fifteen, 0)
    with pytest.raises(ValueError, match="hold 15 tiles"):
        shanten_reference(fifteen, 0)


def load_generator() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "gen_shanten_table.py"
    spec = importlib.util.spec_from_file_location("gen_shanten_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_rebuilding_gives_the_shipped_table() -> None:
    gen = load_generator()
    vectors: dict[tuple[int, ...], int] = {}
    assert bytes(gen.build(9, True, vectors)) == SUITS
    assert bytes(gen.build(7, False, vectors)) == HONORS
    assert gen.close_under_merge(vectors) == MERGES
    assert sorted(vectors, key=vectors.__getitem__) == VECTORS
