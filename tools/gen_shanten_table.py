"""Generate src/jantaku/hand/shanten_table.bin: the distance vector of every suit and honor shape.

Why: computing one shape's vector by the DP costs ~0.3 ms; shipping all of them makes the first call on any
hand as fast as the thousandth. The DP walks the trie of shapes rank by rank, so shapes sharing a prefix share
the DP states computed for it (all ~400k suit shapes of up to 14 tiles in about a minute).

File layout (zlib-compressed): n (1 byte), n vectors of 10 bytes, then one byte per suit shape indexed by its
counts read as a base-5 number (rank 1 is the lowest digit; 5**9 entries), then the same for honors (5**7).
255 marks shapes of more than 14 tiles (never a legal hand's suit), which fall back to the DP.

Run: .venv/bin/python tools/gen_shanten_table.py   (a test checks the shipped file against the DP)
"""

from __future__ import annotations

import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from jantaku.hand.shanten import START, State, dp_finish, dp_step

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


def main() -> None:
    t0 = time.time()
    vectors: dict[tuple[int, ...], int] = {}
    suits = build(9, True, vectors)
    honors = build(7, False, vectors)
    assert len(vectors) < 255
    ordered = sorted(vectors, key=vectors.__getitem__)
    payload = bytes([len(ordered)]) + b"".join(bytes(v) for v in ordered) + bytes(suits) + bytes(honors)
    OUT.write_bytes(zlib.compress(payload, 9))
    print(f"{len(ordered)} vectors, {OUT.stat().st_size} bytes, {time.time() - t0:.1f} s -> {OUT}")


if __name__ == "__main__":
    main()
