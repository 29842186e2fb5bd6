"""The strong CPU's appraisal of a decision: option keys, one row per kind of option."""

from __future__ import annotations

import pytest

from jantaku.bots.appraise import option_key
from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet

STANDARD = preset("standard")  # one red five of each suit: copy 0 of each five (ids 16, 52, 88)
NO_RED = preset("zung-jung")

KEYS = [
    pytest.param(Discard(17), STANDARD, "discard 5m", id="plain-five"),
    pytest.param(Discard(16), STANDARD, "discard 0m", id="red-five"),
    pytest.param(Discard(16), NO_RED, "discard 5m", id="red-five-only-where-rules-have-reds"),
    pytest.param(Discard(18), STANDARD, "discard 5m", id="two-plain-copies-are-one-option"),
    pytest.param(Discard(17, True), STANDARD, "veil 5m", id="veil"),
    pytest.param(Riichi(53), STANDARD, "riichi 5p", id="riichi"),
    pytest.param(Tsumo(), STANDARD, "tsumo", id="tsumo"),
    pytest.param(Ron(), STANDARD, "ron", id="ron"),
    pytest.param(Pass(), STANDARD, "pass", id="pass"),
    pytest.param(Chi((20, 12)), STANDARD, "chi 46m", id="chi-own-tiles-sorted"),
    pytest.param(Chi((16, 12)), STANDARD, "chi 40m", id="chi-with-red"),
    pytest.param(Pon((53, 54)), STANDARD, "pon 55p", id="pon"),
    pytest.param(Pon((53, 52)), STANDARD, "pon 05p", id="pon-with-red"),
    pytest.param(OpenKan((53, 54, 55)), STANDARD, "open_kan", id="open-kan"),
    pytest.param(AddedKan(16), STANDARD, "added_kan 5m", id="added-kan-by-kind"),
    pytest.param(ClosedKan((108, 109, 110, 111)), STANDARD, "closed_kan 1z", id="closed-kan"),
    pytest.param(Kita(124), STANDARD, "kita", id="kita"),
    pytest.param(NineTerminals(), STANDARD, "nine_terminals", id="nine-terminals"),
    pytest.param(DeclareTenpai(), STANDARD, "tenpai", id="tenpai"),
    pytest.param(DeclareNoten(), STANDARD, "noten", id="noten"),
    pytest.param(Power("redraw"), STANDARD, "power redraw", id="power"),
    pytest.param(Power("seal", 2), STANDARD, "power seal 2", id="power-with-target"),
]


@pytest.mark.parametrize(("action", "rules", "key"), KEYS)
def test_option_key(action: Action, rules: RuleSet, key: str) -> None:
    assert option_key(action, rules) == key
