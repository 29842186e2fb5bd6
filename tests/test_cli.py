"""The command line: score (sheet, --json, batch), shanten, rules, demo, errors and exit codes."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from jantaku.cli import batch as batch_module
from jantaku.cli.app import app
from jantaku.cli.requests import load_rules
from jantaku.hand import Hand, discard_options, ukeire
from jantaku.rules import PRESETS, preset
from jantaku.scoring.riichi import WinContext, score
from jantaku.tiles import EAST, SOUTH, kind_name, parse_tile

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent

# The brief's example hand "123m456p789s11z" holds 11 tiles; with a 13th-tile pair it is a real riichi win.
EXAMPLE = ["123m456p789s1122z", "1z", "--ron", "--riichi", "--dora", "3z", "--round", "E", "--seat", "S"]
EXAMPLE_CLASSIC = [*EXAMPLE, "--rules", "classic"]
TSUMO_HAND = ("234m34p234s678s55p", "2p")  # tsumo, tanyao, pinfu, sanshoku: 5 han mangan


def jantaku_cmd() -> list[str]:
    """The installed script next to this interpreter, else ``python -m jantaku``."""
    script = Path(sys.executable).parent / "jantaku"
    return [str(script)] if script.exists() else [sys.executable, "-m", "jantaku"]


WIDE = {"COLUMNS": "120"}  # Rich wraps to the terminal width; pin it so table text stays on one line


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input, env=WIDE)


def library_result(hand: str, win: str, rules: str = "classic", **ctx: Any) -> dict[str, Any]:
    return score(Hand.parse(hand), parse_tile(win), WinContext(**ctx), preset(rules)).to_dict()


# --- score: sheet and --json ---------------------------------------------------------------------------------


def test_example_sheet_names_yaku_fu_and_payments() -> None:
    result = invoke("score", *EXAMPLE_CLASSIC)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("Scoring sheet", "Riichi", "Round wind", "Bakaze", "Dora indicators", "3z → 4z", "2 han 40 fu"):
        assert text in out
    for text in ("closed ron", "open triplet 1z", "pair 2z", "total 36, rounded up to 10"):
        assert text in out  # itemised fu
    assert "East (dealer)" in out and "dealt in" in out and "winner" in out
    assert "-2600" in out and "+2600" in out
    assert result.stderr == ""


def test_json_matches_library() -> None:
    result = invoke("score", *EXAMPLE_CLASSIC, "--json")
    assert result.exit_code == 0
    got = json.loads(result.stdout)
    want = library_result(
        "123m456p789s1122z", "1z", riichi=True, dora=(parse_tile("3z"),), round_wind=EAST, seat_wind=SOUTH
    )
    assert got == want
    assert (got["han"], got["fu"], got["points"]) == (2, 40, 2600)
    assert [y["name"] for y in got["yaku"]] == ["riichi", "round_wind"]
    assert got["payments"] == {"E": -2600, "S": 2600, "W": 0, "N": 0}


def test_default_rules_are_standard() -> None:
    # classic counts 2 fu for a double-wind pair, standard 4: East round, East seat, pair of East
    args = ["123m456p789s2211z", "2z", "--riichi", "--round", "E", "--seat", "E", "--json"]
    default = json.loads(invoke("score", *args).stdout)
    classic = json.loads(invoke("score", *args, "--rules", "classic").stdout)
    standard = json.loads(invoke("score", *args, "--rules", "standard").stdout)
    assert default == standard
    assert [i for i in default["fu_breakdown"] if i["item"].startswith("pair")] == [{"item": "pair 1z", "fu": 4}]
    assert [i for i in classic["fu_breakdown"] if i["item"].startswith("pair")] == [{"item": "pair 1z", "fu": 2}]


def test_dora_indicators_repeat_or_join() -> None:
    base = ["score", "123m456p789s1122z", "1z", "--riichi", "--json"]
    joined = json.loads(invoke(*base, "--dora", "1z4z").stdout)
    repeated = json.loads(invoke(*base, "--dora", "1z", "--dora", "4z").stdout)
    assert joined == repeated
    dora = [y for y in joined["yaku"] if y["name"] == "dora"]
    assert dora == [{"name": "dora", "english": "Dora", "romaji": "Dora", "han": 5}]  # 2z x2 + 1z x3


def test_tsumo_honba_and_deposits_on_sheet_and_json() -> None:
    hand, win = TSUMO_HAND
    args = ["score", hand, win, "--tsumo", "--seat", "S", "--honba", "2", "--sticks", "1"]
    data = json.loads(invoke(*args, "--json").stdout)
    assert data["points"] == 8000 and data["limit"] == "mangan"  # value before honba and deposits
    assert data["payments"] == {"E": -4200, "S": 9600, "W": -2200, "N": -2200}
    sheet = invoke(*args).stdout
    assert "Honba 2" in sheet and "+600" in sheet
    assert "Deposits 1" in sheet and "+1000" in sheet
    assert "South receives" in sheet and "+9600" in sheet
    assert "mangan" in sheet


def test_discarder_and_option_flags() -> None:
    hand, win = TSUMO_HAND
    data = json.loads(invoke("score", hand, win, "--seat", "S", "--discarder", "W", "--json").stdout)
    assert data["payments"]["W"] < 0 and data["payments"]["E"] == 0
    open_tanyao = ["score", "345m234s678s5p [234p]", "5p", "--json"]
    assert json.loads(invoke(*open_tanyao).stdout)["yaku"][0]["name"] == "tanyao"
    no_kuitan = invoke(*open_tanyao, "--option", "kuitan=off")
    assert no_kuitan.exit_code == 1
    assert no_kuitan.stderr.startswith("error: no_yaku:")


# --- score: errors and exit codes -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "exit_code"),
    [
        (["123m456p789s11z", "1z", "--riichi"], "invalid_hand", 2),  # 11 tiles: the brief's example as written
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


def test_error_messages_are_readable() -> None:
    assert "did you mean 'kuitan'" in invoke("score", "123m456p789s1122z", "1z", "-o", "kuitann=off").stderr
    assert "presets are: standard" in invoke("score", "123m456p789s1122z", "1z", "--rules", "nope").stderr
    bad = invoke("score", "123m456p789s1x22z", "1z").stderr
    assert "position 13" in bad and "'x'" in bad


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


# --- batch ---------------------------------------------------------------------------------------------------

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
    None, "bad_json", "bad_json", "invalid_hand", "no_yaku", None, "not_winning", "invalid_rules",
    "invalid_context", "bad_json", "no_yaku", None,
]  # fmt: skip
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


def test_rules_are_built_once_per_distinct_options() -> None:
    a = load_rules("tenhou", {"kuitan": False, "kiriage": True})
    b = load_rules("tenhou", {"kiriage": True, "kuitan": False})
    assert a is b and a.kuitan is False and a.kiriage is True
    assert load_rules("tenhou") is PRESETS["tenhou"]
    assert load_rules("tenhou", {"kuitan": True}) is not a


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


# --- real process: the brief's example -------------------------------------------------------------------------


def test_example_in_a_real_process() -> None:
    cmd = [sys.executable, "-m", "jantaku", "score", *EXAMPLE_CLASSIC]
    env = {**os.environ, **WIDE}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "2 han 40 fu" in proc.stdout and "2600" in proc.stdout
    as_json = subprocess.run([*jantaku_cmd(), "score", *EXAMPLE_CLASSIC, "--json"], capture_output=True, text=True)
    assert json.loads(as_json.stdout)["points"] == 2600
    literal = subprocess.run(  # the brief's hand as written has 11 tiles
        [*jantaku_cmd(), "score", "123m456p789s11z", "1z", "--ron", "--riichi", "--dora", "3z", "--rules", "classic"],
        capture_output=True,
        text=True,
    )
    assert literal.returncode == 2
    assert literal.stderr == (
        "error: invalid_hand: the hand without the winning tile must count 13 (a meld counts 3), not 11\n"
    )


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


# --- shanten ---------------------------------------------------------------------------------------------------


def test_shanten_13_tiles_tenpai_shows_waits() -> None:
    result = invoke("shanten", "123m456p789s1122z")
    assert result.exit_code == 0
    assert "tenpai" in result.stdout and "Waits: 1z×2 2z×2" in result.stdout
    data = json.loads(invoke("shanten", "123m456p789s1122z", "--json").stdout)
    assert data["shanten"] == {"standard": 0, "seven_pairs": 4, "thirteen_orphans": 8, "minimum": 0}
    assert data["tenpai"] is True
    assert data["waits"] == [{"tile": "1z", "unseen": 2}, {"tile": "2z", "unseen": 2}]


def test_shanten_13_tiles_not_tenpai_shows_accepting_tiles() -> None:
    hand = "1m456p123z [789s] (1111s)"
    data = json.loads(invoke("shanten", hand, "--json").stdout)
    h = Hand.parse(hand)
    acc = ukeire(h.concealed_counts(), h.meld_counts(), None)
    assert data["shanten"]["minimum"] == acc.shanten == 2
    assert data["shanten"]["seven_pairs"] is None  # not with melds
    assert data["waits"] == [] and data["tenpai"] is False
    assert data["accepting"] == [{"tile": kind_name(k), "unseen": n} for k, n in acc.tiles]
    assert "Accepting tiles: 1m×3 2m×4 3m×4 1z×3 2z×3 3z×3" in invoke("shanten", hand).stdout


def test_shanten_14_tiles_discard_table_best_first() -> None:
    hand = "1234m456p3578s11z6z"
    data = json.loads(invoke("shanten", hand, "--json").stdout)
    h = Hand.parse(hand)
    options = discard_options(h.concealed_counts(), h.meld_counts(), None)
    assert [d["discard"] for d in data["discards"]] == [kind_name(o.discard) for o in options]
    assert [d["total"] for d in data["discards"]] == [o.total for o in options]
    assert data["discards"][0]["shanten"] == 1 and data["discards"][-1]["shanten"] == 2
    table = invoke("shanten", hand).stdout
    assert "Discards, best first" in table
    assert table.index("6z  ") < table.index("8s  ")  # a 1-shanten discard comes before a 2-shanten one


def test_shanten_thirteen_orphans_and_bad_sizes() -> None:
    data = json.loads(invoke("shanten", "159m19p19s1234567z", "--json").stdout)
    assert data["shanten"]["thirteen_orphans"] == 0 and data["discards"][0]["discard"] == "5m"
    assert len(data["discards"][0]["tiles"]) == 13
    for bad in ("123m", "123m456p789s11z", "123m456p789s1z2z3z"):  # 3, 11 and 12 tiles
        result = invoke("shanten", bad)
        assert result.exit_code == 2 and result.stderr.startswith("error: invalid_hand:")


# --- rules -----------------------------------------------------------------------------------------------------


def test_rules_lists_presets() -> None:
    result = invoke("rules")
    assert result.exit_code == 0
    for name in PRESETS:
        assert name in result.stdout
    data = json.loads(invoke("rules", "--json").stdout)
    assert [r["name"] for r in data] == list(PRESETS)
    assert data[0] == {"name": "standard", "description": PRESETS["standard"].description,
                       "source": PRESETS["standard"].source}  # fmt: skip


def test_rules_shows_one_preset() -> None:
    result = invoke("rules", "classic")
    assert result.exit_code == 0
    assert "kiriage" in result.stdout and "double_wind_fu" in result.stdout
    assert json.loads(invoke("rules", "classic", "--json").stdout) == PRESETS["classic"].options()
    changed = json.loads(invoke("rules", "classic", "-o", "kiriage=off", "--json").stdout)
    assert changed["kiriage"] is False and PRESETS["classic"].kiriage is True


def test_preset_names_ignore_case_and_spaces() -> None:
    from jantaku.rules import preset

    assert preset(" Zung-Jung") is PRESETS["zung-jung"] and preset("STANDARD") is PRESETS["standard"]
    assert json.loads(invoke("rules", "Classic", "--json").stdout) == PRESETS["classic"].options()


def test_rules_unknown_preset() -> None:
    result = invoke("rules", "nope")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: invalid_rules: unknown rules 'nope'; presets are: standard")


# --- demo ------------------------------------------------------------------------------------------------------


def test_demo() -> None:
    result = invoke("demo")
    assert result.exit_code == 0
    out = result.stdout
    assert "Scoring sheet" in out and "Riichi" in out and "baiman" in out
    assert "Discards, best first" in out
    assert "jantaku score --batch" in out and "jantaku shanten" in out and "jantaku rules" in out
