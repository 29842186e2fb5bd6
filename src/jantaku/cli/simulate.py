"""``jantaku simulate``: CPU line-ups in self-play, a Rich progress bar, and a statistics table per player."""

from __future__ import annotations

import json
import math
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from jantaku.sim import Estimate, PlayerStats, Simulation, simulate


def _pct(e: Estimate) -> str:
    if math.isnan(e.value):
        return "—"
    return f"{100 * e.value:.1f}% ±{100 * e.half_width:.1f}"


def _num(e: Estimate, digits: int = 2) -> str:
    if math.isnan(e.value):
        return "—"
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
    for name, cells in lines:
        t.add_row(name, *cells)
    return t


def report(console: Console, sim: Simulation) -> None:
    seats = len(sim.lineup)
    seating = (
        f"seats rotated over each block of {seats} games on the same walls"
        if len(set(sim.lineup)) > 1
        else "one level: no rotation, every game on walls of its own"
    )
    console.print(
        f"{sim.games} games ({sim.hands} hands) of {sim.rules}, line-up {','.join(sim.lineup)}, seed {sim.seed}; "
        f"{seating}; ± is the 95% confidence half-width"
    )
    console.print(stats_table("per player", sim.players(), seats))
    if len(set(sim.lineup)) < len(sim.lineup):
        console.print(stats_table("per level", sim.levels(), seats))
    for better, worse, gap in sim.gaps():
        verdict = "outside" if gap.low > 0 or gap.high < 0 else "inside"
        console.print(
            f"placement gap {worse} − {better}: {gap.value:+.3f} places per game "
            f"(95% CI {gap.low:+.3f} .. {gap.high:+.3f}; zero is {verdict} it)"
        )


def run(rules: str, players: list[str], games: int, seed: str, jobs: int, out: str | None, logs: str | None) -> None:
    console = Console(highlight=False)
    seats = len(players)
    total = -(-games // seats) * seats if len(set(players)) > 1 else games
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
        sim = simulate(rules, players, games, seed=seed, jobs=jobs, logs=logs, progress=lambda _: bar.advance(task))
    report(console, sim)
    if out:
        Path(out).write_text(json.dumps(sim.to_json(), indent=2) + "\n", encoding="utf-8")
        console.print(f"results written to {out}")
    if logs:
        console.print(f"{sim.games} game logs written to {logs}/")
