"""`make bench-review`: a whole East-South game reviewed for one seat (``jantaku.review.reviewer``), timed on one
core against the 10-second budget (docs/review.md#speed).

Plays ``--games`` strong self-play East-South games (standard rules, seeds 1..N; playing is not timed), then reviews
each game for each seat in this one process, as ``jantaku review`` and the server's worker thread do. Prints, per game
and seat, the decisions reviewed, the seconds, the milliseconds per decision and the ratio to the budget; then the
replay alone (``review.walk`` and the seat's views, the part any review pays before the CPU thinks) and the worst
case, and one machine-readable line:
    bench: review games=… reviews=… seconds_max=… seconds_mean=… ms_per_decision=… budget_ratio_max=…
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time

from jantaku.review.reviewer import review
from jantaku.review.walk import Point, walk
from jantaku.sim.play import play_game

BUDGET_SECONDS = 10.0


def game_log(seed: int) -> list[str]:
    log = play_game("standard", ["strong"] * 4, seed, 0, keep_log=True).log
    assert log is not None
    return log


def replay_only(log: list[str], seat: int) -> float:
    """Seconds to walk the game and read the seat's view at each of its decisions (no CPU)."""
    t0 = time.perf_counter()
    for x in walk(log):
        if isinstance(x, Point) and x.actor == seat:
            x.game.view(seat)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=5, help="East-South games (default: %(default)s)")
    args = ap.parse_args()
    logs = [(seed, game_log(seed)) for seed in range(1, args.games + 1)]
    review(logs[0][1], 0)  # warm the shape tables, as a running server has them
    times: list[float] = []
    walks: list[float] = []
    decisions = 0
    print(f"{'game':>4} {'seat':>4} {'decisions':>9} {'seconds':>8} {'ms/decision':>11} {'of budget':>9}")
    for seed, log in logs:
        for seat in range(4):
            gc.collect()
            t0 = time.perf_counter()
            out = review(log, seat)
            dt = time.perf_counter() - t0
            n = out["summary"]["decisions"]
            times.append(dt)
            decisions += n
            walks.append(replay_only(log, seat))
            print(f"{seed:>4} {seat:>4} {n:>9} {dt:>8.3f} {1000 * dt / max(1, n):>11.2f} {dt / BUDGET_SECONDS:>9.1%}")
    worst = max(times)
    mean = statistics.mean(times)
    per = 1000 * sum(times) / max(1, decisions)
    print(f"replay alone: {statistics.mean(walks):.3f} s a review on average ({max(walks):.3f} s at most)")
    print(f"worst review: {worst:.3f} s = {worst / BUDGET_SECONDS:.1%} of the {BUDGET_SECONDS:g} s budget")
    print(
        f"bench: review games={len(logs)} reviews={len(times)} seconds_max={worst:.3f} seconds_mean={mean:.3f} "
        f"ms_per_decision={per:.2f} budget_ratio_max={worst / BUDGET_SECONDS:.4f}"
    )
    return 0 if worst < BUDGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
