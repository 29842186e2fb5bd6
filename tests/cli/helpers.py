"""What the command-line tests share: running ``jantaku`` in-process (Typer's runner) or as a real process, the
one-line error check, and the example hands.

A real process is used where a traceback, stdout/stderr separation or an installed script matters; the runner
elsewhere, because it is fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from jantaku.cli.app import app
from jantaku.hand import Hand
from jantaku.rules import preset
from jantaku.scoring.riichi import WinContext, score
from jantaku.tiles import parse_tile

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
WIDE = {"COLUMNS": "200"}  # Rich wraps to the terminal width; pin it so table text stays on one line

# The README's example: with the 13th-tile pair 22z, 123m456p789s11z is a real riichi win.
EXAMPLE = ["123m456p789s1122z", "1z", "--ron", "--riichi", "--dora", "3z", "--round", "E", "--seat", "S"]
EXAMPLE_CLASSIC = [*EXAMPLE, "--rules", "classic"]
TSUMO_HAND = ("234m34p234s678s55p", "2p")  # tsumo, tanyao, pinfu, sanshoku: 5 han mangan
HAND = "123m456p789s1122z"  # waits on 1z 2z
TSUMO = '{"hand": "234m34p234s678s55p", "win": "2p", "tsumo": true}'  # tanyao, tsumo, pinfu, sanshoku
SUUANKOU_TANKI = ["111m222p333s444z5z", "5z", "--tsumo"]  # double yakuman under standard, single under tenhou
DAISANGEN = ["234m1p [555z] [666z] [777z]", "1p", "--discarder", "W"]


def jantaku_cmd() -> list[str]:
    """The installed script next to this interpreter, else ``python -m jantaku``."""
    script = Path(sys.executable).parent / "jantaku"
    return [str(script)] if script.exists() else [sys.executable, "-m", "jantaku"]


def run_jantaku(*args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``jantaku ARGS`` in a real process."""
    env = {**os.environ, **WIDE}
    return subprocess.run(
        [*jantaku_cmd(), *args], input=input, capture_output=True, text=True, timeout=120, cwd=cwd, env=env, check=False
    )


def invoke(*args: str, input: str | None = None) -> Any:
    """``jantaku ARGS`` through Typer's runner (stdout and stderr kept apart)."""
    return runner.invoke(app, list(args), input=input, env=WIDE)


def assert_one_line_error(proc: subprocess.CompletedProcess[str], code: str, exit_code: int, text: str) -> None:
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.returncode == exit_code, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"error: {code}: "), lines[0]
    assert text in lines[0], lines[0]


def library_result(hand: str, win: str, rules: str = "classic", **ctx: Any) -> dict[str, Any]:
    """What the library answers for the same hand, to compare with the command's ``--json``."""
    return score(Hand.parse(hand), parse_tile(win), WinContext(**ctx), preset(rules)).to_dict()


def batch_rows(*flags: str, lines: list[str]) -> list[dict[str, Any]]:
    result = invoke("score", "--batch", "-", *flags, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def score_json(*args: str) -> dict[str, Any]:
    result = invoke("score", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data
