"""The application: errors as one line with an exit status (1 the hand cannot win, 2 bad input) and no traceback,
usage errors, help and version, the README's example in a real process, and the demo."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import jantaku
from tests.cli.helpers import (
    EXAMPLE_CLASSIC,
    HAND,
    ROOT,
    WIDE,
    assert_one_line_error,
    invoke,
    jantaku_cmd,
    run_jantaku,
)


@pytest.mark.parametrize(
    ("args", "code", "exit_code"),
    [
        (["123m456p789s11z", "1z", "--riichi"], "invalid_hand", 2),  # 11 tiles: the README's example without its pair
        (["123m456p789s1x22z", "1z"], "invalid_hand", 2),
        (["123m456p789s1122z", "8z"], "invalid_hand", 2),
        (["123m456p789s1122z", "1z", "--seat", "Q"], "invalid_context", 2),
        (["123m456p789s1122z", "1z", "--dora", "3q"], "invalid_context", 2),
        (["123m456p789s1122z", "1z", "--ippatsu"], "invalid_context", 2),  # ippatsu needs riichi
        (["123m456p789s1122z", "1z", "--kita", "1"], "invalid_context", 2),  # North extraction is 3-player
        (["123m456p789s1122z", "1z", "--honba", "-1"], "invalid_context", 2),
        (["123m456p789s1122z", "1z", "--rules", "nope"], "invalid_rules", 2),
        (["123m456p789s1122z", "1z", "--option", "kuitann=off"], "invalid_rules", 2),
        (["123m456p789s1122z", "1z", "--option", "kuitan"], "invalid_rules", 2),
        (["123m456p789s1122z", "3z"], "not_winning", 1),
        (["123m456p789s3344p", "4p"], "no_yaku", 1),
    ],
)
def test_errors_are_one_line_with_exit_code(args: list[str], code: str, exit_code: int) -> None:
    result = invoke("score", *args)
    assert result.exit_code == exit_code
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {code}: ")


def test_usage_errors_exit_2() -> None:
    assert invoke("score").exit_code == 2
    both = invoke("score", "123m456p789s1122z", "1z", "--batch", "-")
    assert both.exit_code == 2 and "not both" in both.stderr
    missing = invoke("score", "--batch", "/nonexistent/requests.jsonl")
    assert missing.exit_code == 2 and missing.stderr.startswith("error: io_error:")


def test_help_documents_exit_codes() -> None:
    result = invoke("score", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "1 the hand cannot win" in text and "2 bad input" in text
    assert "--batch" in text and "--ron" in text and "--double-riichi" in text


ERRORS = [
    # (arguments, code, exit status, a phrase of the message)
    (["score", HAND, "1z", "--tsumo", "--ron"], "usage", 2, "--tsumo or --ron, not both"),
    (["score", HAND, "3z"], "not_winning", 1, "it waits on 1z 2z"),
    (["score", "123m456p789s1234z", "3z"], "not_winning", 1, "it is 2-shanten"),
    (["score", HAND, "1z", "--pao", "S"], "invalid_context", 2, "no yakuman with liability"),
    (["score", HAND, "1z", "--rules", "zung-jung", "--round", "S"], "invalid_context", 2, "no round wind"),
    (["score", HAND, "1z", "--rules", "zung-jung", "--round", "E"], "invalid_context", 2, "leave out --round"),
    (["score", "123m456p789s11z", "1z"], "invalid_hand", 2, "must count 13"),  # 11 tiles: the example without its pair
    (["shanten", "123m456p789s11z"], "invalid_hand", 2, "give 13 tiles"),
    (["rules", "nope"], "invalid_rules", 2, "presets are: standard"),
    (["rules", "classic", "-o", "triple_ron=maybe"], "invalid_rules", 2, "all-win, head-bump or abort"),
    (["tenhou-check", "/nonexistent/records"], "io_error", 2, "no such file or folder: /nonexistent/records"),
    (["simulate", "--games", "1", "--players", "strong,wizard,easy,easy"], "usage", 2, "unknown CPU level"),
]


@pytest.mark.parametrize(("args", "code", "exit_code", "text"), ERRORS, ids=[" ".join(e[0][:3]) for e in ERRORS])
def test_errors_are_one_line_without_traceback(args: list[str], code: str, exit_code: int, text: str) -> None:
    proc = run_jantaku(*args)
    assert_one_line_error(proc, code, exit_code, text)
    assert proc.stdout == ""


@pytest.mark.parametrize("command", ["score", "shanten", "rules", "tenhou-check", "simulate", "demo", "serve"])
def test_help_shows_no_type_after_flags(command: str) -> None:
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "<bool>" not in result.stdout and "--help" in result.stdout


def test_version() -> None:
    result = run_jantaku("--version")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == f"jantaku {jantaku.__version__}\n"


def test_example_in_a_real_process() -> None:
    cmd = [sys.executable, "-m", "jantaku", "score", *EXAMPLE_CLASSIC]
    env = {**os.environ, **WIDE}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "2 han 40 fu" in proc.stdout and "2600" in proc.stdout
    as_json = subprocess.run([*jantaku_cmd(), "score", *EXAMPLE_CLASSIC, "--json"], capture_output=True, text=True)
    assert json.loads(as_json.stdout)["points"] == 2600
    literal = subprocess.run(  # the example without its pair holds 11 tiles
        [*jantaku_cmd(), "score", "123m456p789s11z", "1z", "--ron", "--riichi", "--dora", "3z", "--rules", "classic"],
        capture_output=True,
        text=True,
    )
    assert literal.returncode == 2
    assert literal.stderr == (
        "error: invalid_hand: the hand without the winning tile must count 13 (a meld counts 3), not 11\n"
    )


def test_demo() -> None:
    result = invoke("demo")
    assert result.exit_code == 0
    out = result.stdout
    assert "Scoring sheet" in out and "Riichi" in out and "baiman" in out
    assert "Discards, best first" in out
    assert "jantaku score --batch" in out and "jantaku shanten" in out and "jantaku rules" in out
