"""Batch scoring: one JSON result per input line in order, errors that name their line, the command line's flags
as every line's defaults, answers streamed through a pipe, and no typer or rich needed."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from jantaku.cli import batch as batch_module
from jantaku.tiles import SOUTH, parse_tile
from tests.cli.helpers import (
    HAND,
    SUUANKOU_TANKI,
    TSUMO,
    TSUMO_HAND,
    batch_rows,
    invoke,
    jantaku_cmd,
    library_result,
    score_json,
)

BATCH_LINES = [
    json.dumps({"hand": "123m456p789s1122z", "win": "1z", "riichi": True, "dora": ["3z"], "seat_wind": "S"}),
    '{"hand": "123m456p789s1122z", "win": ',  # malformed JSON
    json.dumps({"hand": TSUMO_HAND[0], "win": TSUMO_HAND[1], "tsumo": True, "riichii": True}),  # unknown key
    json.dumps({"hand": "234m34p234s678s5x", "win": "2p"}),  # invalid hand
    json.dumps({"hand": "123m456p789s3344p", "win": "4p"}),  # complete, no yaku
    json.dumps({"hand": TSUMO_HAND[0], "win": TSUMO_HAND[1], "tsumo": True, "honba": 1, "seat_wind": "S"}),
    json.dumps({"hand": "123m456p789s1122z", "win": "3z"}),  # not winning
    json.dumps({"hand": TSUMO_HAND[0], "win": TSUMO_HAND[1], "rules": "nope"}),
    json.dumps({"hand": TSUMO_HAND[0], "win": TSUMO_HAND[1], "tsumo": "yes"}),
    "[1, 2]",
    json.dumps({"hand": "345m234s678s5p [234p]", "win": "5p", "options": {"kuitan": False}}),
    json.dumps({"hand": "345m234s678s5p [234p]", "win": "5p"}),
]


BATCH_CODES = [
    None,
    "bad_json",
    "bad_json",
    "invalid_hand",
    "no_yaku",
    None,
    "not_winning",
    "invalid_rules",
    "invalid_context",
    "bad_json",
    "no_yaku",
    None,
]


ERROR_SHAPE: dict[str, Any] = {"han": None, "fu": None, "points": None, "limit": None, "yaku": [], "payments": {}}


def check_batch_output(stdout: str) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in stdout.splitlines()]
    assert [(r["error"] or {}).get("code") for r in rows] == BATCH_CODES
    for number, row in enumerate(rows, 1):
        if row["error"] is not None:
            assert {k: row[k] for k in ERROR_SHAPE} == ERROR_SHAPE
            assert row["error"]["message"]
            assert row["error"]["line"] == number  # the input line it answers
    first = library_result(
        "123m456p789s1122z", "1z", rules="standard", riichi=True, dora=(parse_tile("3z"),), seat_wind=SOUTH
    )
    assert rows[0] == first
    assert rows[5]["points"] == 8000 and rows[5]["payments"]["S"] == 8300  # points exclude honba
    assert rows[11]["yaku"][0]["name"] == "tanyao"
    assert "riichi" in rows[2]["error"]["message"]  # did-you-mean for the unknown key
    return rows


def test_batch_file(tmp_path: Path) -> None:
    path = tmp_path / "requests.jsonl"
    path.write_text("\n".join(BATCH_LINES) + "\n", encoding="utf-8")
    result = invoke("score", "--batch", str(path))
    assert result.exit_code == 0
    check_batch_output(result.stdout)


def test_batch_stdin() -> None:
    result = invoke("score", "--batch", "-", input="\n".join(BATCH_LINES))  # no final newline
    assert result.exit_code == 0
    check_batch_output(result.stdout)


def test_batch_keeps_one_output_line_per_input_line() -> None:
    result = invoke("score", "--batch", "-", input=f"{BATCH_LINES[0]}\n\n{BATCH_LINES[0]}\n")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 3
    assert rows[1]["error"]["code"] == "bad_json" and rows[0] == rows[2]


def test_batch_survives_an_unexpected_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    real = batch_module.run_request
    calls = iter([RuntimeError("boom"), None])

    def flaky(*args: Any) -> Any:
        exc = next(calls, None)
        if exc is not None:
            raise exc
        return real(*args)

    monkeypatch.setattr(batch_module, "run_request", flaky)
    result = invoke("score", "--batch", "-", input=f"{BATCH_LINES[0]}\n{BATCH_LINES[0]}\n")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows[0]["error"] == {"code": "internal_error", "message": "RuntimeError: boom", "line": 1}
    assert rows[1]["points"] == 2600 and result.exit_code == 0


def test_batch_subprocess_stdin() -> None:
    proc = subprocess.run(
        [*jantaku_cmd(), "score", "--batch", "-"],
        input="\n".join(BATCH_LINES) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    check_batch_output(proc.stdout)


def test_batch_stdin_answers_each_line_at_once() -> None:
    """A program can drive the batch through a pipe: each answer arrives before the next request is sent."""
    proc = subprocess.Popen(
        [*jantaku_cmd(), "score", "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for line, code in ((BATCH_LINES[0], None), (BATCH_LINES[1], "bad_json")):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, "no answer before the input was closed"
            assert (json.loads(proc.stdout.readline())["error"] or {}).get("code") == code
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


def test_core_imports_without_typer_or_rich() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('typer', 'rich', 'click'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import jantaku, jantaku.hand, jantaku.rules, jantaku.tiles, jantaku.scoring.riichi\n"
        "from jantaku.cli.batch import score_line\n"
        'print(score_line(\'{"hand": "234m34p234s678s55p", "win": "2p", "tsumo": true}\')[\'points\'])\n'
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich')))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["12000", "[]"]


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
