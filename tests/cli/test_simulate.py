"""``jantaku simulate``: ``--out`` and ``--logs`` checked before the first game, ``--jobs`` capped, progress lines
when the output is not a terminal, level names in any case, and files written whole."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from jantaku.cli import simulate as simulate_module
from jantaku.sim.run import worker_count, write_atomic
from tests.cli.helpers import (
    assert_one_line_error,
    invoke,
    run_jantaku,
)


def test_a_bad_simulate_output_is_refused_before_any_game(tmp_path: Path) -> None:
    logs_with_games = tmp_path / "old-run"
    logs_with_games.mkdir()
    (logs_with_games / "game-000001.jsonl").write_text("{}\n")
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a folder\n")
    cases = [
        (["--out", str(tmp_path / "missing" / "r.json")], "does not exist"),
        (["--out", str(tmp_path)], "is a folder"),
        (["--logs", str(a_file)], "is a file"),
        (["--logs", str(logs_with_games)], "already holds 1 game log(s)"),
    ]
    for extra, text in cases:
        # a whole game takes far longer than this; the checks come first, so the command returns at once
        proc = run_jantaku("simulate", "--games", "1000", "--players", "easy,easy,easy,easy", *extra)
        assert_one_line_error(proc, "io_error", 2, text)
        assert "average placement" not in proc.stdout
    assert sorted(p.name for p in logs_with_games.iterdir()) == ["game-000001.jsonl"]


def test_simulate_checks_before_it_plays(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def no_games(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a game was played before --out was checked")

    monkeypatch.setattr(simulate_module, "simulate", no_games)
    result = invoke("simulate", "--games", "4", "--out", str(tmp_path / "nowhere" / "r.json"))
    assert result.exit_code == 2 and result.stderr.startswith("error: io_error: --out")


@pytest.mark.parametrize(
    ("jobs", "games", "cores", "want"),
    [(1, 100, 8, 1), (10000, 100, 8, 8), (10000, 4, 8, 4), (2, 1, 8, 1), (3, 100, None, 1), (4, 100, 2, 2)],
)
def test_jobs_are_capped_by_games_and_cores(
    monkeypatch: pytest.MonkeyPatch, jobs: int, games: int, cores: int | None, want: int
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    assert worker_count(jobs, games) == want


def test_huge_jobs_neither_hang_nor_fork_hundreds(tmp_path: Path) -> None:
    proc = run_jantaku(
        "simulate",
        "--games",
        "4",
        "--players",
        "easy,easy,easy,easy",
        "--jobs",
        "10000",
        "--out",
        str(tmp_path / "r.json"),
    )
    assert proc.returncode == 0, proc.stderr
    cap = worker_count(10000, 4)
    assert f"--jobs 10000 capped at {cap}" in proc.stderr
    assert json.loads((tmp_path / "r.json").read_text())["games"] == 4


def test_progress_lines_when_output_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_module, "PROGRESS_SECONDS", 0.0)  # a line per game instead of every few seconds
    result = invoke("simulate", "--games", "3", "--players", "easy,easy,easy", "--rules", "sanma")
    assert result.exit_code == 0, result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith("simulate: ")]
    assert [ln.split(",")[0] for ln in lines[:2]] == ["simulate: 1/3 games", "simulate: 2/3 games"]
    assert "s elapsed, about" in lines[0] and lines[2].startswith("simulate: 3/3 games in ") and len(lines) == 3


def test_progress_lines_wait_their_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_module, "PROGRESS_SECONDS", 3600.0)
    result = invoke("simulate", "--games", "3", "--players", "easy,easy,easy", "--rules", "sanma")
    assert [ln.split(" in ")[0] for ln in result.stderr.splitlines()] == ["simulate: 3/3 games"]  # only the last


def test_level_names_take_any_case(tmp_path: Path) -> None:
    result = invoke(
        "simulate",
        "--games",
        "3",
        "--rules",
        "sanma",
        "--players",
        "Strong,NORMAL,easy",
        "--out",
        str(tmp_path / "r.json"),
    )
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "r.json").read_text())["lineup"] == ["strong", "normal", "easy"]


def test_logs_folder_is_made_and_holds_only_whole_files(tmp_path: Path) -> None:
    logs = tmp_path / "new" / "logs"
    result = invoke("simulate", "--games", "3", "--rules", "sanma", "--players", "easy,easy,easy", "--logs", str(logs))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in logs.iterdir()) == [f"game-00000{i}.jsonl" for i in (1, 2, 3)]  # no temp files


def test_write_atomic_keeps_the_old_file_when_writing_fails(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text("old\n")

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]  # the temporary file is gone
    monkeypatch.undo()
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"


def test_a_rule_option_turns_superpowers_on_for_three_players(tmp_path: Path) -> None:
    """``--option`` changes the preset like ``jantaku rules --option`` does: sanma with superpowers is the 3-player
    superpower match the per-power measurement uses (docs/performance.md#superpower-matches)."""
    out = tmp_path / "r.json"
    args = ["--rules", "sanma", "--option", "superpowers=true", "--players", "easy,easy,easy", "--powers"]
    result = invoke("simulate", "--games", "3", *args, "seal,none,veil", "--out", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["powers"] == ["seal", "none", "veil"]
    assert {row["label"] for row in report["by_power"]} == {"seal", "veil", "no power"}
    assert set(report["power_gaps"]) == {"seal", "veil"}
    assert "placement gap no power − seal" in result.output


def test_a_bad_rule_option_is_refused_before_any_game() -> None:
    for option, text in (("nosuch=1", "unknown rule option 'nosuch'"), ("superpowers", "--option takes key=value")):
        proc = run_jantaku("simulate", "--games", "1000", "--rules", "sanma", "--option", option)
        assert_one_line_error(proc, "usage", 2, text)
