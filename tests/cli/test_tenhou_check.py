"""``jantaku tenhou-check``: one line per record (ok, DIFF with the first difference, ERROR for an unreadable file),
the summary table, the exit status (0 all identical, 1 a difference, 2 nothing to check), and ``--tenhou-date``
giving the day of Tenhou's rules for undated records."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import NamedTuple

import pytest

from jantaku.cli.tenhou_check import run, summary_table
from jantaku.formats.tenhou_replay import replay_file
from tests.cli.helpers import assert_one_line_error, invoke, run_jantaku
from tests.formats.corpus import corpus_path
from tests.formats.test_tenhou_dates import STOP_GAME
from tests.formats.test_tenhou_replay import IDENTICAL


def test_tenhou_check_lines_summary_and_exit_status(tmp_path: Path) -> None:
    good = corpus_path(IDENTICAL[0])
    source = corpus_path(IDENTICAL[1])
    # a copy whose first win is recorded 100 points higher than the rules give
    text = source.read_text()
    at = text.index("<AGARI")
    head, rest = text[:at], text[at:]
    ten = rest.index('ten="')
    fu, points, limit = rest[ten + 5 : rest.index('"', ten + 5)].split(",")
    rest = rest.replace(f'ten="{fu},{points},{limit}"', f'ten="{fu},{int(points) + 100},{limit}"', 1)
    different = tmp_path / f"altered-{source.name}"
    (tmp_path / "sub").mkdir()
    shutil.copy(good, tmp_path / "sub" / good.name)
    lines: list[str] = []
    assert run([str(tmp_path)], write=lines.append) == 0
    assert lines == [f"ok    {good.name}: {replay_file(good).hands} hands identical", "1/1 games identical"]
    different.write_text(head + rest)
    (tmp_path / "broken.xml").write_text("<mjloggm><INIT/>")
    lines = []
    assert run([str(tmp_path)], summary=True, write=lines.append) == 1
    assert lines[-1] == "1/3 games identical"
    assert any(line.startswith(f"DIFF  {different.name}: ") and "points" in line for line in lines), lines
    assert any(line.startswith("ERROR broken.xml") for line in lines)
    assert any(line.startswith("  1 game(s) first differ in: points") for line in lines), lines
    assert run([str(tmp_path / "nope")], write=lines.append) == 2
    assert summary_table([])[-1].startswith("total")


def test_tenhou_check_errors_go_to_stderr_and_a_bad_file_is_named_once(tmp_path: Path) -> None:
    bad = tmp_path / "broken.xml"
    bad.write_text("not xml")
    proc = run_jantaku("tenhou-check", str(bad))
    assert proc.returncode == 1 and "Traceback" not in proc.stdout + proc.stderr
    line = proc.stdout.splitlines()[0]
    assert line.startswith("ERROR broken.xml: ") and line.count("broken.xml") == 1, line
    assert proc.stdout.splitlines()[-1] == "0/1 games identical"
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = run_jantaku("tenhou-check", str(empty))
    assert_one_line_error(proc, "io_error", 2, "no Tenhou record")
    assert proc.stdout == ""


class DateOptionRow(NamedTuple):
    name: str
    args: tuple[str, ...]
    exit_code: int
    first_line: str  # the game's line on stdout ("" when the command refuses the option)
    error: str  # the one stderr line's text ("" when none)


DATE_OPTION_ROWS = [
    DateOptionRow("undated-takes-today", (), 0, "ok    game.xml: 8 hands identical", ""),
    DateOptionRow(
        "pre-change-day-names-the-rule",
        ("--tenhou-date", "2010-06-01"),
        1,
        "DIFF  game.xml [rules of 2010-06-01: last_dealer_stop_tenpai=off]: 1/8 hands differ",
        "",
    ),
    DateOptionRow("boundary-day-is-today-rule", ("--tenhou-date", "2010-06-02"), 0, "ok    game.xml: 8 hands", ""),
    DateOptionRow("not-a-day", ("--tenhou-date", "2010-13-01"), 2, "", "is not a day YYYY-MM-DD"),
    DateOptionRow("not-a-date-at-all", ("--tenhou-date", "June"), 2, "", "is not a day YYYY-MM-DD"),
]


@pytest.mark.parametrize("row", DATE_OPTION_ROWS, ids=[r.name for r in DATE_OPTION_ROWS])
def test_tenhou_date_gives_the_day_of_undated_records(row: DateOptionRow, tmp_path: Path) -> None:
    game = tmp_path / "game.xml"  # no log id in the name: an undated record
    shutil.copy(corpus_path(STOP_GAME), game)
    result = invoke("tenhou-check", *row.args, str(game))
    assert result.exit_code == row.exit_code, result.output
    if row.error:
        assert result.stdout == "" and result.stderr.startswith("error: usage: ") and row.error in result.stderr
        assert len(result.stderr.splitlines()) == 1
    else:
        assert result.stdout.splitlines()[0].startswith(row.first_line), result.stdout
