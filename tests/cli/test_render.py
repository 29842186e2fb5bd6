"""The Rich views: the riichi scoring sheet (yaku, itemised fu, payments, honba and deposits), the Zung Jung
pattern sheet, and the rule tables of ``jantaku rules``."""

from __future__ import annotations

import json

from jantaku.rules import PRESETS
from tests.cli.helpers import (
    EXAMPLE_CLASSIC,
    HAND,
    TSUMO_HAND,
    batch_rows,
    invoke,
    score_json,
)


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


def test_rules_lists_presets() -> None:
    result = invoke("rules")
    assert result.exit_code == 0
    for name in PRESETS:
        assert name in result.stdout
    data = json.loads(invoke("rules", "--json").stdout)
    assert [r["name"] for r in data] == list(PRESETS)
    assert data[0] == {
        "name": "standard",
        "description": PRESETS["standard"].description,
        "source": PRESETS["standard"].source,
    }


def test_rules_shows_one_preset() -> None:
    result = invoke("rules", "classic")
    assert result.exit_code == 0
    assert "kiriage" in result.stdout and "double_wind_fu" in result.stdout
    assert json.loads(invoke("rules", "classic", "--json").stdout) == PRESETS["classic"].options()
    changed = json.loads(invoke("rules", "classic", "-o", "kiriage=off", "--json").stdout)
    assert changed["kiriage"] is False and PRESETS["classic"].kiriage is True
