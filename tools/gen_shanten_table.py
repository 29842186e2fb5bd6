"""Generate src/jantaku/hand/shanten_table.bin: the distance vector of every suit and honor shape, and the merge
table of those vectors.

Why: computing one shape's vector by the DP costs ~0.3 ms; shipping all of them makes the first call on any
hand as fast as the thousandth. The DP walks the trie of shapes rank by rank, so shapes sharing a prefix share
the DP states computed for it (all ~400k suit shapes of up to 14 tiles in about a minute).

Why the merge table: merging the vectors of two suits (min-plus, see ``shanten.merge_vectors``) lands in a small
set — the shapes' vectors closed under merging have fewer than 256 members — so every merge a hand needs is one
list read of a shipped byte instead of a memoised Python computation.

File layout (zlib-compressed): n (1 byte), n vectors of 10 bytes (first those of the shapes, then the ones only
merges produce), then one byte per suit shape indexed by its counts read as a base-5 number (rank 1 is the lowest
digit; 5**9 entries), then the same for honors (5**7), then n*n bytes: the merge of vectors a and b at a*n + b.
255 marks shapes of more than 14 tiles (never a legal hand's suit), which fall back to the DP.

Run: .venv/bin/python tools/gen_shanten_table.py   (tests/hand/test_shanten.py checks the shipped file)
"""

from __future__ import annotations

import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from jantaku.hand.shanten import START, State, dp_finish, dp_step, merge_vectors

OUT = Path(__file__).resolve().parents[1] / "src" / "jantaku" / "hand" / "shanten_table.bin"
MAX_TILES = 14


def build(width: int, runs: bool, vectors: dict[tuple[int, ...], int]) -> bytearray:
    table = bytearray(b"\xff" * 5**width)

    def walk(i: int, states: State, index: int, tiles: int) -> None:
        if i == width:
            vec = dp_finish(states)
            table[index] = vectors.setdefault(vec, len(vectors))
            return
        can_run = runs and i <= width - 3
        for h in range(min(4, MAX_TILES - tiles) + 1):
            walk(i + 1, dp_step(states, h, 4, can_run), index + h * 5**i, tiles + h)

    walk(0, START, 0, 0)
    return table


def close_under_merge(vectors: dict[tuple[int, ...], int]) -> bytes:
    """Add every vector merges produce (to a fixed point) and return the n*n merge table."""
    ordered = sorted(vectors, key=vectors.__getitem__)
    done = 0
    merged: dict[tuple[int, int], int] = {}
    while done < len(ordered):
        n = len(ordered)
        for a in range(n):
            for b in range(n):
                if (a, b) in merged:
                    continue
                vec = merge_vectors(ordered[a], ordered[b])
                if vec not in vectors:
                    vectors[vec] = len(ordered)
                    ordered.append(vec)
                merged[a, b] = vectors[vec]
        done = n
    n = len(ordered)
    assert n < 255, n
    return bytes(merged[a, b] for a in range(n) for b in range(n))


def main() -> None:
    t0 = time.time()
    vectors: dict[tuple[int, ...], int] = {}
    suits = build(9, True, vectors)
    honors = build(7, False, vectors)
    merges = close_under_merge(vectors)
    ordered = sorted(vectors, key=vectors.__getitem__)
    payload = bytes([len(ordered)]) + b"".join(bytes(v) for v in ordered) + bytes(suits) + bytes(honors) + merges
    OUT.write_bytes(zlib.compress(payload, 9))
    print(f"{len(ordered)} vectors, {OUT.stat().st_size} bytes, {time.time() - t0:.1f} s -> {OUT}")


if __name__ == "__main__":
    main()
