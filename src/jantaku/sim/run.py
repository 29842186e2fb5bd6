"""Many self-play games, on every core asked for, with results that depend only on the seed.

Games are independent (each has its own wall seed and CPU seeds, see ``play``), so a pool of worker processes
plays them in any order and the results are gathered back in game order: ``--jobs 1`` and ``--jobs 8`` give the
same numbers.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from jantaku.bots import LEVELS
from jantaku.rules.ruleset import RuleSet
from jantaku.sim.play import GameRecord, check_lineup, check_powers, play_game, rotates
from jantaku.sim.stats import (
    Estimate,
    PlayerStats,
    by_level,
    by_position,
    by_power,
    placement_gap,
    power_gap,
    power_gaps,
)


@dataclass(frozen=True, slots=True)
class Simulation:
    rules: str
    lineup: tuple[str, ...]
    seed: int | str
    records: tuple[GameRecord, ...]
    powers: tuple[str, ...] | None = None  # each line-up player's power entry (superpower rules)

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def hands(self) -> int:
        return sum(r.hands for r in self.records)

    def players(self) -> list[PlayerStats]:
        return by_position(self.records, self.lineup)

    def levels(self) -> list[PlayerStats]:
        return by_level(self.records, self.lineup)

    def by_power(self) -> list[tuple[PlayerStats, float]]:
        """Per power held (and "no power"): the players' statistics and the power's uses per game."""
        return by_power(self.records, len(self.lineup))

    def power_gap(self) -> Estimate:
        """Average place of the players without a power minus that of those with one (positive: powers help)."""
        return power_gap(self.records)

    def power_gaps(self) -> dict[str, Estimate]:
        """Each power's gap: no power − a holder of that power (positive: the power helps)."""
        return power_gaps(self.records)

    def gaps(self) -> list[tuple[str, str, Estimate]]:
        """Placement gaps between each pair of distinct levels, stronger level first (by the table); outside
        bots come after the CPU levels."""
        order = [lv for lv in reversed(LEVELS) if lv in self.lineup]  # LEVELS runs from the weakest up
        order += [p for p in dict.fromkeys(self.lineup) if p not in LEVELS]  # outside bots after the CPUs
        out: list[tuple[str, str, Estimate]] = []
        for i, a in enumerate(order):
            for b in order[i + 1 :]:
                out.append((a, b, placement_gap(self.records, self.lineup, a, b)))
        return out

    def to_json(self) -> dict[str, object]:
        gaps = [{"better": a, "worse": b, "placement_gap": est.to_json()} for a, b, est in self.gaps()]
        extra: dict[str, object] = {}
        if self.powers is not None:
            extra["powers"] = list(self.powers)
            extra["by_power"] = [{**st.to_json(), "uses_per_game": uses} for st, uses in self.by_power()]
            extra["power_gap"] = self.power_gap().to_json()
            extra["power_gaps"] = {name: est.to_json() for name, est in self.power_gaps().items()}
        return {
            "rules": self.rules,
            "lineup": list(self.lineup),
            "seed": self.seed,
            "games": self.games,
            "hands": self.hands,
            "players": [p.to_json() for p in self.players()],
            "levels": [p.to_json() for p in self.levels()],
            "gaps": gaps,
            **extra,
        }


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a temporary file beside it, then a rename."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def worker_count(jobs: int, games: int) -> int:
    """Worker processes for ``jobs`` asked: never more than the games to play or the machine's cores."""
    return max(1, min(jobs, games, os.cpu_count() or 1))


def _one(
    rules: RuleSet,
    lineup: tuple[str, ...],
    seed: int | str,
    logs: str | None,
    powers: tuple[str, ...] | None,
    index: int,
) -> GameRecord:
    record = play_game(rules, lineup, seed, index, keep_log=logs is not None, powers=powers)
    if logs is not None and record.log is not None:
        write_atomic(Path(logs) / f"game-{index + 1:06d}.jsonl", "\n".join(record.log) + "\n")
        record.log = None
    return record


def simulate(
    rules: str | RuleSet,
    lineup: Sequence[str],
    games: int,
    seed: int | str = 1,
    jobs: int = 1,
    logs: str | Path | None = None,
    progress: Callable[[GameRecord], None] | None = None,
    powers: Sequence[str] | None = None,
) -> Simulation:
    """Play ``games`` games (rounded up to whole seat rotations when the line-up mixes levels) and gather them
    in game order, on ``jobs`` worker processes (at most one per game and per core: ``worker_count``).
    ``rules``: a preset's name, or a rule set (a preset with options)."""
    rs = check_lineup(rules, lineup)
    spec = check_powers(rs, powers)
    for name, value in (("games", games), ("jobs", jobs)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")
    lineup = tuple(lineup)
    n = len(lineup)
    total = -(-games // n) * n if rotates(lineup, spec) else games  # a one-level line-up is not rotated
    if logs is not None:
        Path(logs).mkdir(parents=True, exist_ok=True)
    jobs = worker_count(jobs, total)
    work = partial(_one, rs, lineup, seed, None if logs is None else str(logs), spec)
    records: list[GameRecord] = []
    if jobs <= 1:
        for i in range(total):
            rec = work(i)
            records.append(rec)
            if progress:
                progress(rec)
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for rec in pool.imap(work, range(total), chunksize=2):
                records.append(rec)
                if progress:
                    progress(rec)
    # the preset as named in the tables ("Classic" is classic)
    return Simulation(rs.name, lineup, seed, tuple(records), spec)
