"""How well the strong CPU's win chance (``bots.strong.win_chance``) predicts what happens: four ``strong`` CPUs play
``--games`` games; at every discard of a seat not in riichi the hand it leaves (steps from tenpai, accepting tiles,
live tiles, riichi opponents) is noted with the chance the model gives it, and at the hand's end whether that seat
won. Printed per bucket: discards, the share that went on to win, and the model's average.

Every push-or-fold and call judgement of ``strong`` weighs this chance against a danger or another hand's chance,
so a bucket where the two columns part is a judgement made on a wrong number (docs/performance.md#cpu-strength).

    PYTHONPATH=src python bench/win_chance.py --games 300
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Callable
from dataclasses import dataclass

from jantaku.bots import efficiency, make_player
from jantaku.bots.reading import read_view
from jantaku.bots.strong import win_chance
from jantaku.engine.actions import Discard, Riichi
from jantaku.engine.game import Game
from jantaku.rules import preset
from jantaku.tiles import KIND_OF_ID


@dataclass(slots=True)
class Left:
    """The hand one discard left, and what became of the hand."""

    seat: int
    shanten: int
    accepting: int
    live: int
    riichi_opponents: int
    closed: bool
    model: float
    won: bool = False


def play(games: int, seed: str) -> list[Left]:
    rules = preset("standard")
    wall = 70  # live tiles at the start of a 4-player hand, as the strong CPU counts them
    out: list[Left] = []
    for g in range(games):
        game = Game(rules, seed=f"{seed}-{g}")
        cpus = [make_player("strong", rules, seed=f"{seed}-{g}-{i}") for i in range(rules.players)]
        pending: list[Left] = []
        while not game.over:
            seat = game.to_act()[0]
            view = game.view(seat)
            action = cpus[seat].act(view)
            if isinstance(action, (Discard, Riichi)) and not game.table.seats[seat].riichi:
                r = read_view(view, rules)
                kind = KIND_OF_ID[action.tile]
                o = next((o for o in efficiency.options(r) if o.discard == kind), None)
                if o is not None:
                    threats = sum(1 for x in r.opponents if x.riichi)
                    p = win_chance(o.shanten, o.total, r.live, wall)
                    pending.append(Left(seat, o.shanten, o.total, r.live, threats, r.closed, p))
            for e in game.apply(seat, action):
                if e.type == "hora":
                    for left in pending:
                        left.won = left.won or left.seat == e.actor
                elif e.type == "end_kyoku":
                    out.extend(pending)
                    pending = []
    return out


def live_bucket(live: int) -> str:
    return ">50" if live > 50 else "31-50" if live > 30 else "16-30" if live > 15 else "<=15"


def accepting_bucket(n: int) -> str:
    for top, name in ((4, "0-4"), (8, "5-8"), (12, "9-12"), (20, "13-20"), (30, "21-30")):
        if n <= top:
            return name
    return "31+"


TABLES: dict[str, Callable[[Left], object]] = {
    "steps from tenpai, live tiles left": lambda x: (min(x.shanten, 3), live_bucket(x.live)),
    "steps from tenpai, accepting tiles": lambda x: (min(x.shanten, 3), accepting_bucket(x.accepting)),
    "steps from tenpai, riichi opponents": lambda x: (min(x.shanten, 3), min(x.riichi_opponents, 2)),
    "steps from tenpai, closed hand": lambda x: (min(x.shanten, 3), x.closed),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", default="calibrate")
    args = ap.parse_args()
    rows = play(args.games, args.seed)
    print(f"{args.games} games, {len(rows)} discards")
    for title, key in TABLES.items():
        groups: dict[object, list[Left]] = collections.defaultdict(list)
        for x in rows:
            groups[key(x)].append(x)
        print(f"\n{title:36s} {'discards':>9s} {'won':>7s} {'model':>7s}")
        for k in sorted(groups, key=str):
            g = groups[k]
            if len(g) >= 30:
                won = sum(x.won for x in g) / len(g)
                model = sum(x.model for x in g) / len(g)
                print(f"{k!s:36s} {len(g):9d} {won:7.3f} {model:7.3f}")


if __name__ == "__main__":
    main()
