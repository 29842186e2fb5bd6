"""Random inputs shared by every library in one benchmark run (seeded, so runs compare)."""

from __future__ import annotations

import random
from dataclasses import dataclass

WALL = [k for k in range(34) for _ in range(4)]


def random_counts(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for k in rng.sample(WALL, size):
        counts[k] += 1
    return counts


@dataclass
class WinSpec:
    """A winning hand in library-neutral terms: kinds, melds as (type, kinds), flags."""

    concealed: list[int]  # kinds, without the winning tile
    melds: list[tuple[str, list[int]]]  # ("chi"|"pon"|"kan"|"ankan", kinds)
    win: int
    red: set[int]  # kinds whose first copy in the hand is the red five (4, 13, 22)
    tsumo: bool
    riichi: bool
    ippatsu: bool
    dora: int  # indicator kind
    seat: int  # 0..3
    round: int  # 0..1
    honba: int


def random_win(rng: random.Random) -> WinSpec:
    """Four sets and a pair respecting the four-copy limit; some sets called; flags at random."""
    while True:
        used = [0] * 34
        groups: list[tuple[str, int]] = []
        ok = True
        for _ in range(4):
            for _attempt in range(20):
                if rng.random() < 0.6:
                    suit, r = rng.randrange(3), rng.randrange(7)
                    k = suit * 9 + r
                    if all(used[k + i] < 4 for i in range(3)):
                        for i in range(3):
                            used[k + i] += 1
                        groups.append(("run", k))
                        break
                else:
                    k = rng.randrange(34)
                    if used[k] == 0:
                        used[k] += 3
                        groups.append(("trip", k))
                        break
            else:
                ok = False
        pair = rng.randrange(34)
        if not ok or used[pair] > 2:
            continue
        used[pair] += 2
        break
    melds: list[tuple[str, list[int]]] = []
    concealed: list[int] = [pair, pair]
    open_count = rng.choice((0, 0, 0, 1, 2))
    for idx, (kind, k) in enumerate(groups):
        if idx < open_count:
            if kind == "run":
                melds.append(("chi", [k, k + 1, k + 2]))
            elif used[k] < 4 and rng.random() < 0.15:
                used[k] += 1
                melds.append(("kan", [k] * 4))
            else:
                melds.append(("pon", [k] * 3))
        elif kind == "trip" and used[k] < 4 and rng.random() < 0.05:
            used[k] += 1
            melds.append(("ankan", [k] * 4))
        else:
            concealed.extend([k, k, k] if kind == "trip" else [k, k + 1, k + 2])
    win = concealed.pop(rng.randrange(len(concealed)))
    closed = all(m[0] == "ankan" for m in melds)
    riichi = closed and rng.random() < 0.5
    red = {k for k in (4, 13, 22) if rng.random() < 0.5}
    return WinSpec(
        concealed=sorted(concealed),
        melds=melds,
        win=win,
        red=red,
        tsumo=rng.random() < 0.4,
        riichi=riichi,
        ippatsu=riichi and rng.random() < 0.2,
        dora=rng.randrange(34),
        seat=rng.randrange(4),
        round=rng.randrange(2),
        honba=rng.randrange(3),
    )
