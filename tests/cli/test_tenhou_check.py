"""``jantaku tenhou-check``: one line per record (ok, DIFF with the first difference, ERROR for an unreadable file),
the summary table, and the exit status (0 all identical, 1 a difference, 2 nothing to check)."""

from __future__ import annotations

import shutil
from pathlib import Path

from jantaku.cli.tenhou_check import run, summary_table
from jantaku.formats.tenhou_replay import replay_file
from tests.cli.helpers import assert_one_line_error, run_jantaku
from tests.formats.corpus import corpus_path
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
