"""``jantaku review LOG --seat N``: a game reviewed for one seat by the strong CPU (``jantaku.review.reviewer``).

The log is read in any format the project reads (our log, Tenhou mjlog XML, tenhou.net/6 JSON, mjai lines: the
format ``jantaku convert`` would detect), so every game goes through our log and ``review.walk``. Output: a summary
table (default), the review's JSON (``--json``) or a self-contained HTML report (``--html``), on standard output or
into ``--out FILE``. ``--outside CMD`` runs an outside reviewer in the mjai convention beside ours. Exit status: 0
reviewed; 2 the log cannot be read or replayed, a seat not at the table, a bad option (one ``error: review:`` line
on stderr, never a traceback).
"""

from __future__ import annotations

import io
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from jantaku.engine.actions import IllegalAction
from jantaku.formats.convert import MAX_BYTES, ConvertError, Log, ReadOptions, decode, detect, read_log
from jantaku.review.outside import OutsideReview, outside_values
from jantaku.review.report import render
from jantaku.review.reviewer import review


class ReviewError(Exception):
    """Why a review cannot be made: one line for the user."""


def _stderr(line: str) -> None:
    sys.stderr.write(line + "\n")


def read(source: str) -> Log:
    """The game in ``source`` (``-``: standard input), in whatever format it is."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with Path(source).open("rb") as f:
                data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ReviewError(f"cannot read {source}: {exc.strerror or exc}") from None
    try:
        text = decode(data, source)
        name = Path(source).name if source != "-" else "<stdin>"
        return read_log(text, detect(source, text), ReadOptions(source=name))
    except ConvertError as exc:
        raise ReviewError(str(exc)) from None


def outside_review(lines: list[str], seat: int, command: str) -> OutsideReview:
    """The outside reviewer's answers (``review.outside.outside_values``) for ``command``, a shell-like command
    line."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise ReviewError(f"--outside {command!r}: {exc}") from None
    if not argv:
        raise ReviewError("--outside needs a command")
    return outside_values(lines, seat, argv)


def make(source: str, seat: int, outside: str | None = None) -> dict[str, Any]:
    """The review of ``seat`` in the game of ``source``."""
    log = read(source)
    game = log.game
    if not 0 <= seat < game.rules.players:
        raise ReviewError(f"--seat {seat} is not at this table (seats 0..{game.rules.players - 1})")
    lines = list(game.log)
    theirs = None if outside is None else outside_review(lines, seat, outside)
    try:
        return review(lines, seat, names=tuple(log.names or ()), outside=theirs)
    except (ValueError, IllegalAction) as exc:
        raise ReviewError(f"{source} cannot be replayed: {exc}") from None


def summary(out: dict[str, Any], console: Console) -> None:
    """The review as a Rich table: the totals, then the largest losses."""
    s = out["summary"]
    names = out["names"]
    seat = out["seat"]
    who = names[seat] if seat < len(names) and names[seat] else f"seat {seat}"
    head = Table(title=f"Review of {who} by the strong CPU", show_header=False)
    head.add_row("decisions reviewed", str(s["decisions"]))
    head.add_row("agreement", f"{s['agreed']} ({100 * s['agreement']:.1f}%)")
    head.add_row("total loss", f"{s['loss']:.0f} points")
    if out["outside"]:
        o = out["outside"]
        head.add_row("outside reviewer", o["name"] + ("" if o["error"] is None else f" (failed: {o['error']})"))
    console.print(head)
    if not s["largest"]:
        return
    table = Table(title="Largest losses")
    for column in ("hand", "step", "played", "CPU", "loss"):
        table.add_column(column, justify="right" if column in ("step", "loss") else "left")
    for i in s["largest"]:
        d = out["decisions"][i]
        table.add_row(d["label"], str(d["step"]), d["played"], d["choice"], f"{d['loss']:.0f}")
    console.print(table)


def run(
    source: str,
    seat: int,
    *,
    as_json: bool = False,
    as_html: bool = False,
    target: str | None = None,
    outside: str | None = None,
    out: Callable[[str], object] | None = None,
    error: Callable[[str], object] = _stderr,
) -> int:
    """The command: 0 reviewed and written, 2 with one ``error: review:`` line otherwise."""
    try:
        if as_json and as_html:
            raise ReviewError("choose one of --json and --html")
        result = make(source, seat, outside)
        if as_json:
            text = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
        elif as_html:
            text = render(result, title=Path(source).stem if source != "-" else "")
        else:
            if target is None and out is None:
                summary(result, Console(highlight=False))
                return 0
            buffer = io.StringIO()
            summary(result, Console(highlight=False, file=buffer, width=100))
            text = buffer.getvalue()
        if target is None:
            (out or sys.stdout.write)(text)
        else:
            try:
                Path(target).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise ReviewError(f"cannot write {target}: {exc.strerror or exc}") from None
    except ReviewError as exc:
        error(f"error: review: {exc}")
        return 2
    return 0
