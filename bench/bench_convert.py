"""`make bench`: the Tenhou corpus converted from format to format (``jantaku.formats.convert``), timed per step.

Each game goes mjlog → ours → mjai → ours → tenhou.net/6 → ours, every step a conversion as ``jantaku convert`` does it:
read the text into our game (the engine referees every action: a record is replayed, our log is replayed, an mjai log is
replayed), then write the next format. The games are spread over ``--jobs`` processes (the machine's cores by default:
converting a corpus is one independent job a game). Prints wall and CPU seconds per step and in all (target: under 10 s
of wall time for the 169 games; the CPU seconds show what a busy machine's wall time hides),
then one machine-readable line per step:
    bench: convert_STEP seconds=… cpu_seconds=… jobs=…
The final scores after the last step are checked against the record's (a benchmark of wrong answers is worthless).
Without the corpus (``JANTAKU_TENHOU_DIR`` or ``../shared/tenhou``) it says so and stops.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import multiprocessing
import multiprocessing.pool
import os
import sys
import time
from pathlib import Path

from jantaku.engine import Game
from jantaku.formats import convert

TARGET_SECONDS = 10.0
#: The steps: (name, format read, format written).
STEPS: list[tuple[str, str, str]] = [
    ("mjlog_to_ours", "mjlog", "ours"),
    ("ours_to_mjai", "ours", "mjai"),
    ("mjai_to_ours", "mjai", "ours"),
    ("ours_to_tenhou6", "ours", "tenhou6"),
    ("tenhou6_to_ours", "tenhou6", "ours"),
]


def corpus(root: Path) -> list[tuple[str, str]]:
    """Every record of the corpus as (file name, text), 4-player then 3-player."""
    files = [*sorted(root.glob("4p/*.xml")), *sorted(root.glob("3p/*.xml"))]
    return [(f.name, f.read_text(encoding="utf-8")) for f in files]


def _convert(job: tuple[str, str, str, str]) -> tuple[str, str, tuple[int, ...] | None, float]:
    """One game's step: (name, text in, format read, format written) → (name, text out, final scores, CPU seconds
    it took)."""
    name, text, source, target = job
    t0 = time.process_time()
    game = convert.read(text, source, convert.ReadOptions(source=name))
    out = convert.write(game, target)
    return name, out, game.final.scores if game.final is not None else None, time.process_time() - t0


def step(
    pool: multiprocessing.pool.Pool | None, texts: list[tuple[str, str]], source: str, target: str
) -> tuple[float, float, list[tuple[str, str]], list[tuple[int, ...] | None]]:
    """Convert every text (over the pool's processes when there is one); the wall and CPU seconds it took, the
    texts and each game's final scores."""
    jobs = [(name, text, source, target) for name, text in texts]
    gc.disable()
    t0 = time.perf_counter()
    done = pool.map(_convert, jobs, chunksize=4) if pool is not None else [_convert(j) for j in jobs]
    seconds = time.perf_counter() - t0
    gc.enable()
    cpu = sum(c for *_, c in done)
    return seconds, cpu, [(name, out) for name, out, _, _ in done], [scores for _, _, scores, _ in done]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default = os.environ.get("JANTAKU_TENHOU_DIR") or str(
        Path(__file__).resolve().parents[1] / ".." / "shared" / "tenhou"
    )
    ap.add_argument("--corpus", default=default, help="the folder holding 4p/ and 3p/ (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: the cores, %(default)s)")
    args = ap.parse_args()
    texts = corpus(Path(args.corpus))
    if not texts:
        print(f"convert: no Tenhou records in {args.corpus} (set JANTAKU_TENHOU_DIR): skipped")
        return 0
    jobs = max(1, args.jobs)
    print(
        f"convert: {len(texts)} Tenhou games, mjlog → ours → mjai → ours → tenhou.net/6 → ours "
        f"(read, refereed, written), {jobs} process(es)"
    )
    first: list[tuple[int, ...] | None] = []
    total = cpu_total = 0.0
    lines = []
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for name, source, target in STEPS:
            seconds, cpu, texts, scores = step(pool, texts, source, target)
            first = first or scores
            total += seconds
            cpu_total += cpu
            print(f"  {name:<14} {seconds:6.2f} s   CPU {cpu:6.2f} s   {cpu / len(texts) * 1e3:5.1f} ms a game")
            lines.append(f"bench: convert_{name} seconds={seconds:.3f} cpu_seconds={cpu:.3f} jobs={jobs}")
    last = [Game.replay(text).final for _, text in texts]
    wrong = sum(1 for a, b in zip(first, last, strict=True) if a is None or b is None or a != b.scores)
    verdict = "ok" if total < TARGET_SECONDS else "OVER TARGET"
    print(f"  {'total':<14} {total:6.2f} s   CPU {cpu_total:6.2f} s   target < {TARGET_SECONDS:g} s (wall): {verdict}")
    print(f"  {wrong} game(s) changed their final scores on the way")
    lines.append(f"bench: convert_total seconds={total:.3f} cpu_seconds={cpu_total:.3f} jobs={jobs} games={len(texts)}")
    print("\n".join(lines))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
