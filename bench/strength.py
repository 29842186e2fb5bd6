"""``strong`` against a baseline ``strong`` of another commit, both in this process (``make bench-strength``).

The baseline is a copy of an older ``src/jantaku`` (``make`` takes it out of git into ``.baseline/``). It is
imported under another name, ``jantaku_baseline``, with its own imports rewritten, so the two CPUs run side by
side in one interpreter: the game is refereed by today's engine, the baseline CPU reads the same view a person
gets and its answer is passed through the actions' JSON form. That is about eight times faster than seating the
baseline as an outside mjai program, which is what lets a strength change be measured on thousands of games.

Line-up ``strong, strong, baseline, baseline``, seat-rotated on shared walls (a block of four games: each side
sits in each pair of neighbouring seats on the same walls); the placement gap's interval counts blocks, as
``jantaku simulate`` does (docs/performance.md#cpu-strength).

    PYTHONPATH=src python bench/strength.py --baseline .baseline/strong-2026/src --games 2000 --jobs 2
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from jantaku.bots import make_player
from jantaku.engine import Game
from jantaku.engine.actions import action_from_json
from jantaku.rules import preset
from jantaku.sim.play import summarise
from jantaku.sim.stats import block_ci

PACKAGE = "jantaku_baseline"
LINEUP = ("strong", "strong", "baseline", "baseline")
_IMPORTS = re.compile(r"\bjantaku(?=\.|\s+import\b|$)", re.MULTILINE)


def install(source: Path, into: Path) -> None:
    """Copy ``source/jantaku`` to ``into/jantaku_baseline`` with every reference to the package renamed."""
    target = into / PACKAGE
    stamp = target / "SOURCE"
    if stamp.exists() and stamp.read_text() == str(source.resolve()):
        return
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source / "jantaku", target)
    for path in target.rglob("*.py"):
        path.write_text(_IMPORTS.sub(PACKAGE, path.read_text()))
    stamp.write_text(str(source.resolve()))


def play(args: tuple[str, int, str]) -> dict[str, Any]:
    """Game ``index``: walls of block index // 4, the line-up rotated by index % 4."""
    into, index, seed = args
    if into not in sys.path:
        sys.path.insert(0, into)
    base_bots = importlib.import_module(f"{PACKAGE}.bots")
    base_actions = importlib.import_module(f"{PACKAGE}.engine.actions")
    base_rules = importlib.import_module(f"{PACKAGE}.rules").preset("standard")
    rules = preset("standard")
    block, rotation = divmod(index, 4)
    game = Game(rules, seed=f"{seed}:{block}")
    players: list[Any] = [None] * 4
    side = [""] * 4
    for pos, who in enumerate(LINEUP):
        seat = (pos + rotation) % 4
        side[seat] = who
        if who == "strong":
            players[seat] = make_player("strong", rules, seed=f"{seed}:{index}:{pos}")
        else:
            players[seat] = base_bots.make_player("strong", base_rules, seed=f"{seed}:{index}:{pos}")
    while not game.over:
        seat = game.to_act()[0]
        answer = players[seat].act(game.view(seat))
        if side[seat] == "baseline":
            answer = action_from_json(base_actions.action_to_json(answer))
        game.apply(seat, answer)
    assert game.final is not None
    lines, _ = summarise(game.events, 4)
    return {
        "block": block,
        "places": {who: [game.final.places[s] + 1 for s in range(4) if side[s] == who] for who in set(LINEUP)},
        "lines": {
            who: [(x.hands, x.wins, x.deal_ins, x.called) for s, x in enumerate(lines) if side[s] == who]
            for who in set(LINEUP)
        },
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", type=Path, required=True, help="a src folder holding the baseline's jantaku")
    ap.add_argument("--into", type=Path, default=Path(".baseline/packages"))
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", default="strength")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    install(args.baseline, args.into)
    games = -(-args.games // 4) * 4
    work = [(str(args.into.resolve()), i, args.seed) for i in range(games)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = pool.map(play, work, chunksize=4)
    gap = block_ci(
        [(str(r["block"]), sum(r["places"]["baseline"]) / 2 - sum(r["places"]["strong"]) / 2) for r in results]
    )
    print(f"{games} games, {games // 4} blocks: strong against the baseline of {args.baseline}")
    for who in ("strong", "baseline"):
        places = [p for r in results for p in r["places"][who]]
        hands, wins, deal_ins, called = (sum(x[i] for r in results for x in r["lines"][who]) for i in range(4))
        print(
            f"  {who:9s} average place {sum(places) / len(places):.3f}  win {100 * wins / hands:.1f}%"
            f"  deal-in {100 * deal_ins / hands:.1f}%  calls {100 * called / hands:.1f}%"
        )
    print(f"  placement gap (baseline - strong) {gap.value:+.3f} a game, 95% CI {gap.low:+.3f} .. {gap.high:+.3f}")


if __name__ == "__main__":
    main()
