"""How dangerous each kind of tile really is, measured in self-play against the CPUs' danger table.

Four ``strong`` CPUs play; at every discard, for every opponent that is truly waiting (the referee's state, which
no CPU sees), every kind the discarder holds is one case: did it win for that opponent (a wait, not furiten), and
what did ``safety.deal_in_chance`` say. Cases are grouped as strong players name tiles: genbutsu, suji, kabe, by
rank and by unseen copies. A second table counts how often a closed hand that has not declared riichi is waiting,
by its discards and its run of tsumogiri (the tile it drew, thrown at once). The tables and what was done with
them: docs/cpus.md#the-danger-table-measured-tried-not-kept.

    PYTHONPATH=src python bench/danger.py --games 500 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections import defaultdict

from jantaku.bots import make_player
from jantaku.bots.reading import Opponent, Situation, read_view
from jantaku.bots.safety import deal_in_chance
from jantaku.engine import Game
from jantaku.engine.actions import Discard, Riichi
from jantaku.rules import preset
from jantaku.tiles import DRAGONS, is_honor, rank_of

Key = tuple[object, ...]
# discards of a silent closed hand, grouped (9-11, 12-14, 15-17), and tsumogiri runs 0..4 (4: four or more)
SILENT_FROM, SILENT_BANDS, LONGEST_RUN = 9, 3, 4


def tile_class(r: Situation, opp: Opponent, k: int) -> Key | None:
    """The name strong players give tile ``k`` against ``opp``; None for a case the tables leave out."""
    if k in opp.genbutsu:
        return ("genbutsu",)
    if is_honor(k):
        value = opp.open_melds > 0 and k in (*DRAGONS, r.round_wind, opp.wind)
        return ("value honor" if value else "honor", f"{r.unseen(k)} unseen")
    rank = rank_of(k)

    def side(step: int) -> str:  # the two-sided route through k's neighbours on this side
        if k + 3 * step in opp.genbutsu:
            return "suji"
        near = (k + step, k + 2 * step)
        return "kabe" if any(r.unseen(n) == 0 for n in near) else "open"  # a neighbour all in sight

    sides = ([side(-1)] if rank >= 4 else []) + ([side(1)] if rank <= 6 else [])
    folded = min(rank, 10 - rank)
    if folded <= 3:
        return (f"{folded}/{10 - folded}", sides[0])
    return ("middle", f"{sides.count('open')} open", f"{sides.count('suji')} suji")


def tsumogiri_run(river: list[dict[str, object]]) -> int:
    run = 0
    for d in reversed(river):
        if d["tile"] is None or not d["tsumogiri"]:
            break
        run += 1
    return run


def play(args: tuple[int, str]) -> tuple[dict[Key, list[float]], dict[Key, list[int]]]:
    """One game: (per tile class: [won, cases, the table's chance summed]; per silent bucket: [waiting, cases])."""
    index, seed = args
    rules = preset("standard")
    game = Game(rules, seed=f"{seed}:{index}")
    bots = [make_player("strong", rules, seed=f"{seed}:{index}:{s}") for s in range(4)]
    tiles: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    silent: dict[Key, list[int]] = defaultdict(lambda: [0, 0])
    while not game.over:
        seat = game.to_act()[0]
        view = game.view(seat)
        action = bots[seat].act(view)
        if game.phase == "turn" and isinstance(action, (Discard, Riichi)):
            r = read_view(view, rules)
            for opp in r.opponents:
                truth = game.table.seats[opp.seat]
                if not opp.riichi and not opp.open_melds:
                    turn = len(opp.river)
                    if SILENT_FROM <= turn < SILENT_FROM + 3 * SILENT_BANDS:
                        river = list(view["seats"][opp.seat]["river"])
                        bucket = (turn - SILENT_FROM) // 3, min(tsumogiri_run(river), LONGEST_RUN)
                        silent[bucket][0] += truth.shanten == 0
                        silent[bucket][1] += 1
                    continue
                if truth.shanten != 0:
                    continue
                against = "riichi" if opp.riichi else "open hand"
                for k in range(len(r.counts)):
                    name = tile_class(r, opp, k) if r.counts[k] else None
                    if name is None:
                        continue
                    row = tiles[(against, *name)]
                    row[0] += k in truth.waits and not truth.furiten
                    row[1] += 1
                    row[2] += deal_in_chance(r, opp, k)
        game.apply(seat, action)
    return dict(tiles), dict(silent)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", default="danger")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min-cases", type=int, default=300, help="leave out classes with fewer cases")
    args = ap.parse_args()
    tiles: dict[Key, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    silent: dict[Key, list[int]] = defaultdict(lambda: [0, 0])
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for game_tiles, game_silent in pool.imap_unordered(play, [(i, args.seed) for i in range(args.games)]):
            for key, row in game_tiles.items():
                tiles[key] = [a + b for a, b in zip(tiles[key], row, strict=True)]
            for key, pair in game_silent.items():
                silent[key] = [a + b for a, b in zip(silent[key], pair, strict=True)]
    cases = sum(row[1] for row in tiles.values())
    print(f"{args.games} games of four strong, {cases:,.0f} tile-cases against a waiting opponent")
    print(f"{'against / tile':48s} {'measured':>9s} {'table':>7s} {'cases':>8s}")
    for key in sorted(tiles, key=str):
        won, n, said = tiles[key]
        if n >= args.min_cases:
            print(f"{' / '.join(map(str, key)):48s} {100 * won / n:8.1f}% {100 * said / n:6.1f}% {n:8,.0f}")
    print("\na closed hand without riichi: waiting share by its discards and its tsumogiri run")
    print(f"{'discards':10s}" + "".join(f"{f'run {j}' + ('+' if j == LONGEST_RUN else ''):>10s}" for j in range(5)))
    for band in range(SILENT_BANDS):
        low = SILENT_FROM + 3 * band
        cells = []
        for run in range(LONGEST_RUN + 1):
            waiting, n = silent.get((band, run), [0, 0])
            cells.append(f"{100 * waiting / n:9.1f}%" if n else f"{'-':>10s}")
        print(f"{f'{low}-{low + 2}':10s}" + "".join(cells))


if __name__ == "__main__":
    main()
