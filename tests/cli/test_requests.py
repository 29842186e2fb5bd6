"""From flags to a scoring request: the JSON answer equals the library's, default rules, dora indicators,
discarder, rule options (built once per distinct set), liability, and readable errors for bad input."""

from __future__ import annotations

import json

from jantaku.cli.requests import load_rules
from jantaku.rules import PRESETS
from jantaku.tiles import EAST, SOUTH, parse_tile
from tests.cli.helpers import (
    DAISANGEN,
    EXAMPLE_CLASSIC,
    TSUMO_HAND,
    invoke,
    library_result,
    score_json,
)


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


def test_discarder_and_option_flags() -> None:
    hand, win = TSUMO_HAND
    data = json.loads(invoke("score", hand, win, "--seat", "S", "--discarder", "W", "--json").stdout)
    assert data["payments"]["W"] < 0 and data["payments"]["E"] == 0
    open_tanyao = ["score", "345m234s678s5p [234p]", "5p", "--json"]
    assert json.loads(invoke(*open_tanyao).stdout)["yaku"][0]["name"] == "tanyao"
    no_kuitan = invoke(*open_tanyao, "--option", "kuitan=off")
    assert no_kuitan.exit_code == 1
    assert no_kuitan.stderr.startswith("error: no_yaku:")


def test_error_messages_are_readable() -> None:
    assert "did you mean 'kuitan'" in invoke("score", "123m456p789s1122z", "1z", "-o", "kuitann=off").stderr
    assert "presets are: standard" in invoke("score", "123m456p789s1122z", "1z", "--rules", "nope").stderr
    bad = invoke("score", "123m456p789s1x22z", "1z").stderr
    assert "position 13" in bad and "'x'" in bad


def test_rules_are_built_once_per_distinct_options() -> None:
    a = load_rules("tenhou", {"kuitan": False, "kiriage": True})
    b = load_rules("tenhou", {"kiriage": True, "kuitan": False})
    assert a is b and a.kuitan is False and a.kiriage is True
    assert load_rules("tenhou") is PRESETS["tenhou"]
    assert load_rules("tenhou", {"kuitan": True}) is not a


def test_preset_names_ignore_case_and_spaces() -> None:
    from jantaku.rules import preset

    assert preset(" Zung-Jung") is PRESETS["zung-jung"] and preset("STANDARD") is PRESETS["standard"]
    assert json.loads(invoke("rules", "Classic", "--json").stdout) == PRESETS["classic"].options()


def test_rules_unknown_preset() -> None:
    result = invoke("rules", "nope")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: invalid_rules: unknown rules 'nope'; presets are: standard")


def test_pao_on_a_liability_yakuman_is_taken() -> None:
    data = score_json(*DAISANGEN, "--pao", "S")
    assert data["yaku"][0]["name"] == "daisangen"
    assert data["payments"] == {"E": 48000, "S": -24000, "W": -24000, "N": 0}  # liable South pays half
    assert score_json(*DAISANGEN)["payments"]["W"] == -48000
