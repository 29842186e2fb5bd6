"""The shipped shanten table (tools/gen_shanten_table.py) against the slow reference computation.

Why: ``shanten`` reads every suit shape's distance vector and every merge of two vectors from the shipped file;
a stale or corrupt file would give wrong answers silently, so the file is checked against the per-shape DP
(``_distance_vector``) and the plain min-plus merge (``merge_vectors``). The full rebuild is marked slow.
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

from jantaku.hand import shanten as shanten_fn
from jantaku.hand.shanten import _distance_vector, _shanten_general, merge_vectors

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
        assert VECTORS[local] == _distance_vector(bytes(counts), runs=not honors), counts


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


def test_fast_path_agrees_with_the_general_path() -> None:
    rng = random.Random(11)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(3000):
        counts = [0] * 34
        size = rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))
        for k in rng.sample(wall, size):
            counts[k] += 1
        assert shanten_fn(counts) == _shanten_general(bytes(counts), None)
        for melds in range(0, (14 - size) // 3 + 1):
            assert shanten_fn(counts, melds) == _shanten_general(bytes(counts), melds)


def test_shapes_outside_the_table_take_the_general_path() -> None:
    five = [0] * 34
    five[0] = 5
    five[1:9] = [1] * 8
    assert shanten_fn(five) == _shanten_general(bytes(five), None)
    fifteen = [4, 4, 4, 3] + [0] * 30  # more than 14 tiles: no hand's concealed tiles, refused on either path
    with pytest.raises(ValueError, match="hold 15 tiles"):
        shanten_fn(fifteen, 0)
    with pytest.raises(ValueError, match="hold 15 tiles"):
        _shanten_general(bytes(fifteen), 0)


def load_generator() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "tools" / "gen_shanten_table.py"
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
