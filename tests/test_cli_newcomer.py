"""What a newcomer trips over in the command line: each item checked by its exit status, a one-line
message, and no traceback.

Error cases run in a real process (``jantaku`` next to this interpreter), so that a traceback would show; the
others go through Typer's runner.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import jantaku
from jantaku.cli import simulate as simulate_module
from jantaku.cli.app import app
from jantaku.sim.run import worker_count, write_atomic

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
HAND = "123m456p789s1122z"  # waits on 1z 2z
TSUMO = '{"hand": "234m34p234s678s55p", "win": "2p", "tsumo": true}'  # tanyao, tsumo, pinfu, sanshoku
SUUANKOU_TANKI = ["111m222p333s444z5z", "5z", "--tsumo"]  # double yakuman under standard, single under tenhou
DAISANGEN = ["234m1p [555z] [666z] [777z]", "1p", "--discarder", "W"]


def jantaku_cmd() -> list[str]:
    script = Path(sys.executable).parent / "jantaku"
    return [str(script)] if script.exists() else [sys.executable, "-m", "jantaku"]


def run(*args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **WIDE}
    return subprocess.run([*jantaku_cmd(), *args], input=input, capture_output=True, text=True, timeout=120,
                          cwd=cwd, env=env, check=False)  # fmt: skip


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input, env=WIDE)


def assert_one_line_error(proc: subprocess.CompletedProcess[str], code: str, exit_code: int, text: str) -> None:
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.returncode == exit_code, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"error: {code}: "), lines[0]
    assert text in lines[0], lines[0]


# --- errors: one line, the right exit status, no traceback --------------------------------------------------------

ERRORS = [
    # (arguments, code, exit status, a phrase of the message)
    (["score", HAND, "1z", "--tsumo", "--ron"], "usage", 2, "--tsumo or --ron, not both"),
    (["score", HAND, "3z"], "not_winning", 1, "it waits on 1z 2z"),
    (["score", "123m456p789s1234z", "3z"], "not_winning", 1, "it is 2-shanten"),
    (["score", HAND, "1z", "--pao", "S"], "invalid_context", 2, "no yakuman with liability"),
    (["score", HAND, "1z", "--rules", "zung-jung", "--round", "S"], "invalid_context", 2, "no round wind"),
    (["score", HAND, "1z", "--rules", "zung-jung", "--round", "E"], "invalid_context", 2, "leave out --round"),
    (["score", "123m456p789s11z", "1z"], "invalid_hand", 2, "must count 13"),  # the README's old example
    (["shanten", "123m456p789s11z"], "invalid_hand", 2, "give 13 tiles"),
    (["rules", "nope"], "invalid_rules", 2, "presets are: standard"),
    (["rules", "classic", "-o", "triple_ron=maybe"], "invalid_rules", 2, "all-win, head-bump or abort"),
    (["tenhou-check", "/nonexistent/records"], "io_error", 2, "no such file or folder: /nonexistent/records"),
    (["simulate", "--games", "1", "--players", "strong,wizard,easy,easy"], "usage", 2, "unknown CPU level"),
]


@pytest.mark.parametrize(("args", "code", "exit_code", "text"), ERRORS, ids=[" ".join(e[0][:3]) for e in ERRORS])
def test_errors_are_one_line_without_traceback(args: list[str], code: str, exit_code: int, text: str) -> None:
    proc = run(*args)
    assert_one_line_error(proc, code, exit_code, text)
    assert proc.stdout == ""


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
        proc = run("simulate", "--games", "1000", "--players", "easy,easy,easy,easy", *extra)
        assert_one_line_error(proc, "io_error", 2, text)
        assert "average placement" not in proc.stdout
    assert sorted(p.name for p in logs_with_games.iterdir()) == ["game-000001.jsonl"]


def test_simulate_checks_before_it_plays(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def no_games(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a game was played before --out was checked")

    monkeypatch.setattr(simulate_module, "simulate", no_games)
    result = invoke("simulate", "--games", "4", "--out", str(tmp_path / "nowhere" / "r.json"))
    assert result.exit_code == 2 and result.stderr.startswith("error: io_error: --out")


# --- simulate: jobs, progress, levels, atomic files -------------------------------------------------------------


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
    proc = run("simulate", "--games", "4", "--players", "easy,easy,easy,easy", "--jobs", "10000",
               "--out", str(tmp_path / "r.json"))  # fmt: skip
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
    result = invoke("simulate", "--games", "3", "--rules", "sanma", "--players", "Strong,NORMAL,easy",
                    "--out", str(tmp_path / "r.json"))  # fmt: skip
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


# --- score: batch defaults, zung jung, pao, help, version -------------------------------------------------------


def batch_rows(*flags: str, lines: list[str]) -> list[dict[str, Any]]:
    result = invoke("score", "--batch", "-", *flags, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def score_json(*args: str) -> dict[str, Any]:
    result = invoke("score", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_batch_and_command_line_share_the_default_rules() -> None:
    line = json.dumps({"hand": SUUANKOU_TANKI[0], "win": SUUANKOU_TANKI[1], "tsumo": True})
    (row,) = batch_rows(lines=[line])
    assert row == score_json(*SUUANKOU_TANKI)  # both standard: a double yakuman
    assert row["yakuman"] == 2 and score_json(*SUUANKOU_TANKI, "--rules", "tenhou")["yakuman"] == 1


@pytest.mark.parametrize(
    ("flags", "line", "same_as"),
    [
        (["--riichi"], {}, ["--tsumo", "--riichi"]),  # a flag is every line's default
        (["--riichi"], {"riichi": False}, ["--tsumo"]),  # a line's own key wins
        (["--seat", "S", "--honba", "2"], {}, ["--tsumo", "--seat", "S", "--honba", "2"]),
        (["--rules", "classic", "-o", "kiriage=off"], {}, ["--tsumo", "--rules", "classic", "-o", "kiriage=off"]),
        (["--rules", "classic"], {"rules": "tenhou"}, ["--tsumo", "--rules", "tenhou"]),
        (["--ron"], {}, []),  # --ron as a default turns the line's absent tsumo off
        (["--dora", "1p"], {}, ["--tsumo", "--dora", "1p"]),
    ],
)
def test_batch_takes_command_line_flags_as_defaults(flags: list[str], line: dict[str, Any], same_as: list[str]) -> None:
    fields = json.loads(TSUMO)
    if flags == ["--ron"]:
        del fields["tsumo"]
    (row,) = batch_rows(*flags, lines=[json.dumps({**fields, **line})])
    assert row == score_json("234m34p234s678s55p", "2p", *same_as)


def test_batch_options_add_to_the_command_line_options() -> None:
    line = {"hand": "345m234s678s5p [234p]", "win": "5p", "options": {"kiriage": True}}
    (row,) = batch_rows("-o", "kuitan=off", lines=[json.dumps(line)])
    assert row["error"]["code"] == "no_yaku" and row["error"]["line"] == 1  # kuitan off came from -o
    (row,) = batch_rows("-o", "kuitan=off", lines=[json.dumps({**line, "options": {"kuitan": True}})])
    assert row["yaku"][0]["name"] == "tanyao"  # the line's option wins


def test_batch_errors_name_their_line() -> None:
    rows = batch_rows(lines=[TSUMO, "{", TSUMO, json.dumps({"hand": HAND, "win": "3z"}), ""])
    assert [r["error"] and r["error"]["line"] for r in rows] == [None, 2, None, 4, 5]
    assert "it waits on 1z 2z" in rows[3]["error"]["message"]


def test_zung_jung_prints_a_pattern_sheet() -> None:
    result = invoke("score", HAND, "1z", "--rules", "zung-jung")  # East wins on East: a value honour
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("Zung Jung scoring sheet", "Concealed Hand", "Value Honour", "15 points", "dealt in", "-45"):
        assert text in out
    assert not out.lstrip().startswith("{")
    data = score_json(HAND, "1z", "--rules", "zung-jung")
    assert data["value"] == 15 and [p["number"] for p in data["patterns"]] == ["1.2", "3.1"]
    south = invoke("score", HAND, "1z", "--rules", "zung-jung", "--seat", "S").stdout  # East is not South's wind
    assert "Value Honour" not in south and "5 points" in south
    (row,) = batch_rows(lines=[json.dumps({"hand": HAND, "win": "1z", "rules": "zung-jung", "round_wind": "E"})])
    assert row["error"]["code"] == "invalid_context" and "round wind" in row["error"]["message"]


def test_pao_on_a_liability_yakuman_is_taken() -> None:
    data = score_json(*DAISANGEN, "--pao", "S")
    assert data["yaku"][0]["name"] == "daisangen"
    assert data["payments"] == {"E": 48000, "S": -24000, "W": -24000, "N": 0}  # liable South pays half
    assert score_json(*DAISANGEN)["payments"]["W"] == -48000


@pytest.mark.parametrize("command", ["score", "shanten", "rules", "tenhou-check", "simulate", "demo", "serve"])
def test_help_shows_no_type_after_flags(command: str) -> None:
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "<bool>" not in result.stdout and "--help" in result.stdout


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == f"jantaku {jantaku.__version__}\n"


# --- tenhou-check ---------------------------------------------------------------------------------------------


def test_tenhou_check_errors_go_to_stderr_and_a_bad_file_is_named_once(tmp_path: Path) -> None:
    bad = tmp_path / "broken.xml"
    bad.write_text("not xml")
    proc = run("tenhou-check", str(bad))
    assert proc.returncode == 1 and "Traceback" not in proc.stdout + proc.stderr
    line = proc.stdout.splitlines()[0]
    assert line.startswith("ERROR broken.xml: ") and line.count("broken.xml") == 1, line
    assert proc.stdout.splitlines()[-1] == "0/1 games identical"
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = run("tenhou-check", str(empty))
    assert_one_line_error(proc, "io_error", 2, "no Tenhou record")
    assert proc.stdout == ""
