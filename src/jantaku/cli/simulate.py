"""``jantaku simulate``: CPU line-ups in self-play, progress, and a statistics table per player.

``--out`` and ``--logs`` are checked before the first game is played (a run of a thousand games is not lost to a
typo at the end), and written atomically. Progress is a Rich bar on a terminal, else a line on stderr every
``PROGRESS_SECONDS``.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from jantaku.rules.ruleset import RuleSet
from jantaku.sim import Estimate, GameRecord, PlayerStats, Simulation, simulate
from jantaku.sim.play import check_powers, rotates
from jantaku.sim.run import worker_count, write_atomic

PROGRESS_SECONDS = 5.0


def _pct(e: Estimate) -> str:
    if math.isnan(e.value):
        return "—"
    if math.isnan(e.half_width):
        return f"{100 * e.value:.1f}%"
    return f"{100 * e.value:.1f}% ±{100 * e.half_width:.1f}"


def _unit(sim: Simulation) -> str:
    """What a placement gap's interval counts: blocks of rotated games on the same walls, or single games."""
    return "blocks" if sim.games > len({r.seed for r in sim.records}) else "games"


def _num(e: Estimate, digits: int = 2) -> str:
    if math.isnan(e.value):
        return "—"
    if math.isnan(e.half_width):  # a single game (or win): no interval
        return f"{e.value:,.{digits}f}"
    return f"{e.value:,.{digits}f} ±{e.half_width:,.{digits}f}"


def stats_table(title: str, rows: list[PlayerStats], seats: int) -> Table:
    """One column per player, one row per statistic (fits a terminal with any number of seats)."""
    t = Table(title=title, title_justify="left")
    t.add_column("statistic (± 95% CI)")
    for p in rows:
        t.add_column(p.label, justify="right")
    lines: list[tuple[str, list[str]]] = [
        ("games / hands", [f"{p.games} / {p.hands}" for p in rows]),
        ("average placement", [_num(p.placement) for p in rows]),
    ]
    for i in range(seats):
        lines.append((f"  placed {i + 1}", [_pct(p.places[i]) for p in rows]))
    lines += [
        ("average final score", [_num(p.score, 0) for p in rows]),
        ("win rate (per hand)", [_pct(p.win_rate) for p in rows]),
        ("deal-in rate", [_pct(p.deal_in_rate) for p in rows]),
        ("riichi rate", [_pct(p.riichi_rate) for p in rows]),
        ("call rate (hands opened)", [_pct(p.call_rate) for p in rows]),
        ("tsumo share of wins", [_pct(p.tsumo_share) for p in rows]),
        ("average win value", [_num(p.win_value, 0) for p in rows]),
        ("exhaustive draws", [_pct(p.draw_rate) for p in rows]),
    ]
    if any(p.faults for p in rows) or any(":" in p.label for p in rows):
        lines.append(("faults (outside bot, default played)", [str(p.faults) for p in rows]))
    for name, cells in lines:
        t.add_row(name, *cells)
    return t


def report(console: Console, sim: Simulation) -> None:
    seats = len(sim.lineup)
    seating = (
        f"seats rotated over each block of {seats} games on the same walls"
        if rotates(sim.lineup, sim.powers)
        else "one level: no rotation, every game on walls of its own"
    )
    console.print(
        f"{sim.games} games ({sim.hands} hands) of {sim.rules}, line-up {','.join(sim.lineup)}, seed {sim.seed}; "
        f"{seating}; ± is the 95% confidence half-width"
    )
    console.print(stats_table("per player", sim.players(), seats))
    if len(set(sim.lineup)) < len(sim.lineup):
        console.print(stats_table("per level", sim.levels(), seats))
    if sim.powers is not None:
        console.print(f"superpowers per player: {','.join(sim.powers)}")
        rows = sim.by_power()
        table = stats_table("per superpower held", [st for st, _ in rows], seats)
        table.add_row("uses per game", *[f"{uses:.2f}" for _, uses in rows])
        console.print(table)
        gap = sim.power_gap()
        if gap.n:
            console.print(f"placement gap no power − a power: {_gap(gap, sim)}")
        for name, each in sim.power_gaps().items():
            if each.n:
                console.print(f"placement gap no power − {name}: {_gap(each, sim)}")
    for better, worse, gap in sim.gaps():
        console.print(f"placement gap {worse} − {better}: {_gap(gap, sim)}")


def _gap(gap: Estimate, sim: Simulation) -> str:
    """A placement gap, its interval and whether zero is inside it (no interval from a single block)."""
    text = f"{gap.value:+.3f} places per game"
    if math.isnan(gap.low):
        return f"{text} (one {_unit(sim)[:-1]}: too few for an interval; play more games)"
    verdict = "outside" if gap.low > 0 or gap.high < 0 else "inside"
    return f"{text} (95% CI {gap.low:+.3f} .. {gap.high:+.3f} over {gap.n} {_unit(sim)}; zero is {verdict} it)"


def check_out(out: str) -> str | None:
    """Why ``--out`` cannot be written (None when it can): checked before any game is played."""
    path = Path(out)
    if path.is_dir():
        return f"--out {out!r} is a folder: give a file name for the JSON results, e.g. {path / 'results.json'}"
    folder = path.parent
    if not folder.is_dir():
        return f"--out {out!r}: the folder {str(folder)!r} does not exist"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"--out {out!r}: no permission to write there"
    return None


def prepare_logs(logs: str) -> str | None:
    """Make the ``--logs`` folder (with its parents) or say why it cannot hold this run's logs (None: ready)."""
    path = Path(logs)
    if path.exists() and not path.is_dir():
        return f"--logs {logs!r} is a file: give a folder to keep each game's log in"
    if path.is_dir():
        old = sorted(path.glob("game-*.jsonl"))
        if old:
            return (
                f"--logs {logs!r} already holds {len(old)} game log(s) from another run ({old[0].name}, ...): "
                "give an empty or new folder"
            )
        if not os.access(path, os.W_OK):
            return f"--logs {logs!r}: no permission to write there"
        return None
    try:
        path.mkdir(parents=True)
    except OSError as exc:
        return f"--logs {logs!r}: cannot make the folder ({exc.strerror or exc})"
    return None


def _plain_progress(total: int, write: Callable[[str], object]) -> Callable[[GameRecord], None]:
    """A progress line every ``PROGRESS_SECONDS`` (output that is not a terminal gets no bar)."""
    start = time.monotonic()
    last = start
    done = 0

    def step(_: GameRecord) -> None:
        nonlocal last, done
        done += 1
        now = time.monotonic()
        if now - last >= PROGRESS_SECONDS or done == total:
            last = now
            elapsed = now - start
            if done == total:
                write(f"simulate: {done}/{total} games in {elapsed:.0f} s\n")
            else:
                left = elapsed / done * (total - done)
                write(f"simulate: {done}/{total} games, {elapsed:.0f} s elapsed, about {left:.0f} s left\n")

    return step


def run(
    rules: RuleSet,
    players: list[str],
    games: int,
    seed: str,
    jobs: int,
    out: str | None,
    logs: str | None,
    powers: list[str] | None = None,
) -> str | None:
    """Play and report; a problem with ``out`` or ``logs`` is returned as a message (checked before playing)."""
    problem = (check_out(out) if out else None) or (prepare_logs(logs) if logs else None)
    if problem:
        return problem
    console = Console(highlight=False)
    seats = len(players)
    total = -(-games // seats) * seats if rotates(players, check_powers(rules, powers)) else games
    workers = worker_count(jobs, total)
    if workers < jobs:
        sys.stderr.write(f"simulate: --jobs {jobs} capped at {workers} ({os.cpu_count() or 1} cores, {total} games)\n")
    try:
        if console.is_terminal:
            with Progress(
                TextColumn("[bold]simulating"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("games"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            ) as bar:
                task = bar.add_task("games", total=total)
                sim = simulate(
                    rules,
                    players,
                    games,
                    seed=seed,
                    jobs=workers,
                    logs=logs,
                    progress=lambda _: bar.advance(task),
                    powers=powers,
                )
        else:
            step = _plain_progress(total, sys.stderr.write)
            sim = simulate(rules, players, games, seed=seed, jobs=workers, logs=logs, progress=step, powers=powers)
    except OSError as exc:
        return f"writing the game logs failed: {exc.strerror or exc} ({exc.filename})"
    report(console, sim)
    if out:
        try:
            write_atomic(Path(out), json.dumps(sim.to_json(), indent=2) + "\n")
        except OSError as exc:
            return f"--out {out!r}: writing failed ({exc.strerror or exc})"
        console.print(f"results written to {out}")
    if logs:
        console.print(f"{sim.games} game logs written to {logs}/")
    return None
