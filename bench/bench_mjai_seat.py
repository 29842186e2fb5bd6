"""An outside mjai bot's seat: our own overhead per decision, beyond the program's own time (target < 1 ms).

One seat of each game is played by the test stand-in (tests/bots/mjai_standin.py: it answers at once), the
others by ``strong`` CPUs. Everything the seat does for the program is timed: redacting and writing each event
as mjai (``feed``), encoding the messages, writing and reading the pipe, parsing the reply and mapping it to a
legal action (``act``), closing the program at the end. The time the seat spends blocked in the selector waiting
for the program's answer (``BotProcess.blocked``: the program's own time, including its reading and parsing of
our lines) is subtracted; the rest, divided by the decisions the program was asked, is the seat's overhead.

    python bench/bench_mjai_seat.py [--games N] [--convention batch|stream]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from jantaku.bots import make_player
from jantaku.bots.outside import BotCommand, OutsideSeat
from jantaku.engine import Game
from jantaku.rules import preset

STANDIN = Path(__file__).resolve().parent.parent / "tests" / "bots" / "mjai_standin.py"
TARGET_MS = 1.0


def play(seed: int, convention: str, per_decision: list[float]) -> tuple[float, float, int]:
    """One game; returns (seconds in the seat, seconds the program took, decisions asked) and adds each
    decision's overhead (seconds in ``act`` less the wait for the program) to ``per_decision``."""
    rules = preset("standard")
    game = Game(rules, seed=f"bench-mjai-{seed}")
    seat = seed % 4
    command = BotCommand((sys.executable, str(STANDIN), "--convention", convention), convention)
    bot = OutsideSeat(command, rules, seat)
    players: list[Any] = [make_player("strong", rules, seed=i) for i in range(4)]
    players[seat] = bot
    clock = time.perf_counter
    spent = 0.0
    t0 = clock()
    bot.feed(game.opening)
    spent += clock() - t0
    while not game.over:
        s = game.to_act()[0]
        view = game.view(s)
        if s == seat:
            waited = bot.waited
            t0 = clock()
            action = bot.act(view)
            took = clock() - t0
            spent += took
            per_decision.append(took - (bot.waited - waited))
        else:
            action = players[s].act(view)
        events = game.apply(s, action)
        t0 = clock()
        bot.feed(events)
        spent += clock() - t0
    t0 = clock()
    bot.close()
    spent += clock() - t0
    if bot.faults:
        raise SystemExit(f"the stand-in failed: {bot.faults}")
    return spent, bot.waited, bot.asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--convention", choices=("batch", "stream", "both"), default="both")
    args = parser.parse_args()
    conventions = ("batch", "stream") if args.convention == "both" else (args.convention,)
    worst = 0.0
    for convention in conventions:
        per_decision: list[float] = []
        play(10_000, convention, [])  # warm up: the CPUs' tables, the interpreter's caches
        spent = waited = 0.0
        asked = 0
        for g in range(args.games):
            a, b, n = play(g, convention, per_decision)
            spent, waited, asked = spent + a, waited + b, asked + n
        overhead = (spent - waited) / asked * 1000
        ordered = sorted(per_decision)
        p99 = ordered[int(0.99 * (len(ordered) - 1))] * 1000
        worst = max(worst, overhead)
        print(
            f"mjai seat, {convention}: {args.games} games, {asked} decisions asked; our overhead per decision "
            f"{overhead:.3f} ms (in act alone: median {statistics.median(per_decision) * 1000:.3f} ms, "
            f"p99 {p99:.3f} ms; the program's own time {waited / asked * 1000:.3f} ms) — target < {TARGET_MS:g} ms"
        )
    print(f"{'PASS' if worst < TARGET_MS else 'FAIL'}: overhead {worst:.3f} ms per decision")


if __name__ == "__main__":
    main()
