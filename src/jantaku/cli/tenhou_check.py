"""``jantaku tenhou-check PATH...``: replay Tenhou records through the engine and report the games that differ.

One line per game on stdout (``ok``, ``DIFF`` with the first difference, or ``ERROR`` for a record that cannot be
read), an optional summary table (``--summary``, what ``make validate`` prints), and a last line ``N/M games
identical``. Exit status: 0 when every game replays identically, 1 when any differs (or cannot be read), 2 when a
path does not exist or holds no record (one ``error:`` line on stderr).

Each game is replayed under Tenhou's rules of the day in its file name's log id; ``--tenhou-date`` gives the day
for records without one (today's rules otherwise), and a game read under rules other than today's names them on
its line (``[rules of 2010-05-31: last_dealer_stop_tenpai=off]``).
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from jantaku.formats.tenhou_replay import GameReport, record_files, replay_file


def difference_class(report: GameReport) -> str:
    """A short name for the kind of a game's first difference (the message up to its details)."""
    if report.error is not None:
        return "unreadable record"
    if not report.differences:
        return ""
    message = report.differences[0].message
    message = re.sub(r"^seat \d+'s win: ", "", message)
    return re.split(r"[:(;]", message, maxsplit=1)[0].strip()


def summary_table(reports: Sequence[GameReport]) -> list[str]:
    """Games and hands identical per folder, then the count of each class of first difference."""
    rows: dict[str, list[int]] = {}
    for r in reports:
        row = rows.setdefault(Path(r.source).parent.name or ".", [0, 0, 0, 0])
        row[0] += 1
        row[1] += r.identical
        row[2] += r.hands
        row[3] += r.hands_identical
    total = [sum(col) for col in zip(*rows.values(), strict=True)] if rows else [0, 0, 0, 0]
    width = max([len(k) for k in rows] + [6])
    out = [f"{'folder':<{width}}  {'games':>6}  {'identical':>9}  {'hands':>6}  {'identical':>9}"]
    for name, (games, same, hands, hands_same) in [*sorted(rows.items()), ("total", total)]:
        out.append(f"{name:<{width}}  {games:>6}  {same:>9}  {hands:>6}  {hands_same:>9}")
    classes = Counter(difference_class(r) for r in reports if not r.identical)
    for name, count in classes.most_common():
        out.append(f"  {count} game(s) first differ in: {name}")
    return out


def _stderr(line: str) -> None:
    sys.stderr.write(line + "\n")


def run(
    paths: Sequence[str],
    *,
    summary: bool = False,
    undated: dt.date | None = None,
    write: Callable[[str], object] = print,
    error: Callable[[str], object] = _stderr,
) -> int:
    """Check every record under ``paths``; the exit status (see the module docstring). Report lines go to
    ``write`` (stdout), errors about the paths to ``error`` (stderr); ``undated`` is the day whose rules a record
    without a date in its name is read under (``--tenhou-date``)."""
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        error(f"error: io_error: no such file or folder: {', '.join(missing)}")
        return 2
    files = list(record_files(paths))
    if not files:
        error(f"error: io_error: no Tenhou record (*.xml, *.mjlog) under {', '.join(paths)}")
        return 2
    reports = []
    for path in files:
        report = replay_file(path, undated=undated)
        reports.append(report)
        write(report.line())
    if summary:
        for line in summary_table(reports):
            write(line)
    same = sum(r.identical for r in reports)
    write(f"{same}/{len(reports)} games identical")
    return 0 if same == len(reports) else 1
