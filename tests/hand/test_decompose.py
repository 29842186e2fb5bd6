"""Arrangements of complete hands: every standard reading, seven pairs, thirteen orphans.

docs/rules.md#yaku: "the highest-scoring interpretation" is scored, so every reading must be found;
"Seven Pairs needs 7 different pairs". [S1]'s riichi-kan rule (11123444 drawing 1 or 4) depends on a hand having
two readings. A brute-force enumerator below (every multiset of candidate groups) checks the fast one.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from jantaku.hand import Form, arrangements
from jantaku.hand.decompose import TRIPLET, standard_shapes
from jantaku.tiles import EAST, KINDS, is_honor, parse_counts

# --- (text, every reading as Arrangement.describe(), sorted) ------------------------------------------------------

ROWS = [
    pytest.param(
        "22334455667788p",
        [
            "22p 33p 44p 55p 66p 77p 88p",
            "234p 234p 567p 567p 88p",
            "234p 234p 678p 678p 55p",
            "345p 345p 678p 678p 22p",
        ],
        id="brief-22334455667788p-three-readings-plus-seven-pairs",
    ),
    pytest.param(
        "111222333m456p77s",
        ["123m 123m 123m 456p 77s", "456p 111m 222m 333m 77s"],
        id="brief-111222333m-triplets-or-runs",
    ),
    pytest.param(
        "11123444m567p789s",
        ["123m 567p 789s 444m 11m", "234m 567p 789s 111m 44m"],
        id="S1-11123444m-two-readings-after-9s",
    ),
    pytest.param(
        "11123444m567p678s",
        ["123m 567p 678s 444m 11m", "234m 567p 678s 111m 44m"],
        id="S1-11123444m-two-readings-after-6s",
    ),
    pytest.param(
        "11112222333344m",
        ["123m 111m 222m 333m 44m", "123m 123m 123m 123m 44m", "123m 123m 234m 234m 11m"],
        id="four-identical-runs-three-readings",
    ),
    pytest.param(
        "11122233344455m",
        [
            "111m 222m 333m 444m 55m",
            "123m 123m 123m 444m 55m",
            "234m 234m 234m 111m 55m",
            "234m 345m 345m 111m 22m",
        ],
        id="staircase-four-readings",
    ),
    pytest.param(
        "11223344556677m",
        [
            "11m 22m 33m 44m 55m 66m 77m",
            "123m 123m 456m 456m 77m",
            "123m 123m 567m 567m 44m",
            "234m 234m 567m 567m 11m",
        ],
        id="rules-seven-pairs-also-read-as-sets",
    ),
    pytest.param("11112345678999m", ["123m 456m 789m 111m 99m"], id="nine-gates-complete-one-reading"),
    pytest.param("1133m5577p2299s11z", ["11m 33m 55p 77p 22s 99s 11z"], id="rules-seven-pairs-only-no-sets"),
    pytest.param("11112233445566m", ["123m 123m 456m 456m 11m"], id="rules-seven-pairs-quad-is-not-two-pairs"),
    pytest.param("19m19p19s12345677z", ["thirteen orphans, pair 7z"], id="rules-yakuman-thirteen-orphans-pair-7z"),
    pytest.param("119m19p19s1234567z", ["thirteen orphans, pair 1m"], id="rules-yakuman-thirteen-orphans-pair-1m"),
    pytest.param("123m456p789s11222z", ["123m 456p 789s 222z 11z"], id="honor-triplet-and-pair"),
    # with melds: 11, 8, 5, 2 concealed tiles
    pytest.param("123m456p789s11z", ["123m 456p 789s 11z"], id="one-meld-11-tiles"),
    pytest.param("111m234m55z", ["234m 111m 55z"], id="two-melds-8-tiles"),
    pytest.param("11123m", ["123m 11m"], id="three-melds-5-tiles"),
    pytest.param("55z", ["55z"], id="four-melds-pair-only"),
    # incomplete
    pytest.param("123m456p789s1122z", [], id="tenpai-is-not-complete"),
    pytest.param("1112223334445m", [], id="thirteen-tiles-not-complete"),
    pytest.param("123m456p789s11z23m", [], id="fourteen-tiles-no-reading"),
    pytest.param("1111m2233p4455s66z", [], id="rules-seven-pairs-need-7-different-pairs"),
    pytest.param("19m19p19s12345678s", [], id="thirteen-orphans-with-an-8s"),
]


@pytest.mark.parametrize(("text", "readings"), ROWS)
def test_arrangements(text: str, readings: list[str]) -> None:
    counts = parse_counts(text)
    found = arrangements(counts)
    assert sorted(a.describe() for a in found) == sorted(readings)
    assert len(set(found)) == len(found)  # no reading twice
    assert sorted(_brute_standard(counts)) == sorted(standard_shapes(counts))


def test_forms_and_fields() -> None:
    found = arrangements(parse_counts("22334455667788p"))
    forms = sorted(a.form.value for a in found)
    assert forms == ["seven_pairs", "standard", "standard", "standard"]
    pairs = next(a for a in found if a.form is Form.SEVEN_PAIRS)
    assert pairs.pairs == (10, 11, 12, 13, 14, 15, 16)
    std = sorted((a.groups, a.pair) for a in found if a.form is Form.STANDARD)
    # groups are run starts (the kind) or TRIPLET + kind; the pair is a kind
    assert std[0] == ((10, 10, 13, 13), 16)
    orphans = arrangements(parse_counts("19m19p19s12345677z"))
    assert [(a.form, a.pair) for a in orphans] == [(Form.THIRTEEN_ORPHANS, 33)]
    triplets = arrangements(parse_counts("111222333m456p77s"))
    assert ((12, TRIPLET + 0, TRIPLET + 1, TRIPLET + 2), 24) in [(a.groups, a.pair) for a in triplets]


# --- brute force: every multiset of groups drawn from the candidates the hand can support ------------------------


def _brute_standard(counts: list[int]) -> list[tuple[tuple[int, ...], int]]:
    n = sum(counts)
    if n % 3 != 2:
        return []
    sets = n // 3
    candidates = [TRIPLET + k for k in range(KINDS) if counts[k] >= 3]
    candidates += [k for k in range(EAST) if k % 9 <= 6 and counts[k] and counts[k + 1] and counts[k + 2]]
    out = []
    for pair in (k for k in range(KINDS) if counts[k] >= 2):
        for groups in combinations_with_replacement(sorted(candidates), sets):
            used = [0] * KINDS
            used[pair] += 2
            for g in groups:
                if g >= TRIPLET:
                    used[g - TRIPLET] += 3
                else:
                    for d in range(3):
                        used[g + d] += 1
            if used == counts:
                out.append((tuple(sorted(groups)), pair))
    return out


def _random_complete(rng: random.Random, sets: int, kinds: list[int]) -> list[int]:
    while True:
        counts = [0] * KINDS
        for _ in range(sets):
            k = rng.choice(kinds)
            if not is_honor(k) and k % 9 <= 6 and rng.random() < 0.6:
                for d in range(3):
                    counts[k + d] += 1
            else:
                counts[k] += 3
        counts[rng.choice(kinds)] += 2
        if max(counts) <= 4:
            return counts


def test_arrangements_match_brute_force() -> None:
    """2,000 seeded complete hands (mostly one suit, where readings multiply), 0-4 melds."""
    rng = random.Random(20240601)
    one_suit = list(range(9))
    everything = list(range(KINDS))
    multi = 0
    for i in range(2000):
        sets = rng.choice((4, 4, 4, 3, 2, 1, 0))
        counts = _random_complete(rng, sets, one_suit if i % 3 else everything)
        expected = sorted(_brute_standard(counts))
        assert sorted(standard_shapes(counts)) == expected, counts
        multi += len(expected) > 1
        # one tile less (3n+1 tiles) is never complete
        for k in range(KINDS):
            if counts[k]:
                counts[k] -= 1
                assert arrangements(counts) == []
                counts[k] += 1
    assert multi > 100  # the sample exercised hands with several readings
