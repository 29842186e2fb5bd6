"""The browser scenarios' stacked walls, played in the engine alone (no browser): each step is legal at the
person's prompt, the buttons are the ones the browser tests expect, and the normal CPUs cannot disturb them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.browser.scenarios import (
    ALL,
    CALL_FORMS,
    KAN_PON_CHI,
    PON_CHANCE,
    QUIET,
    RIICHI_TSUMO,
    RON,
    TENHOU,
    Scenario,
    dry_run,
)

EXPECTED: dict[str, list[set[str]]] = {
    RIICHI_TSUMO.name: [{"riichi"}, {"tsumo"}],
    KAN_PON_CHI.name: [{"kan", "riichi"}, {"riichi"}, {"pon", "pass"}, set(), {"chi", "pass"}, set()],
    RON.name: [{"riichi"}, {"ron", "pass"}],
    TENHOU.name: [{"tsumo", "riichi"}],
    QUIET.name: [set(), set()],
    PON_CHANCE.name: [set(), {"pon", "pass"}, set()],
    CALL_FORMS.name: [{"kan"}, set(), {"pon", "kan", "pass"}, set(), {"chi", "pass"}, set()],
}


@pytest.mark.parametrize("scenario", ALL, ids=lambda s: s.name)
@pytest.mark.parametrize("seed", ["one", "two", "three"])
def test_scenario_prompts(scenario: Scenario, seed: str) -> None:
    prompts, game = dry_run(scenario, seed)
    assert [set(p.buttons) for p in prompts] == EXPECTED[scenario.name]
    wins = [e for e in game.events if e.type == "hora"]
    if scenario in (RIICHI_TSUMO, RON, TENHOU):
        assert len(wins) == 1 and wins[0].actor == 0
        assert (wins[0].target == 0) == (scenario is not RON)
    else:
        assert not wins and not any(e.type == "ryukyoku" for e in game.events)


def test_riichi_keeps_tenpai_only_with_the_drawn_tile() -> None:
    prompts, _ = dry_run(RIICHI_TSUMO)
    assert prompts[0].sent["type"] == "riichi"
    _, game = dry_run(replace(RIICHI_TSUMO, steps=()))
    riichis = [a for a in game.legal_actions(0) if a.type == "riichi"]
    assert len(riichis) == 1  # the riichi mode of the client enables this one tile only


def test_calls_come_from_the_expected_seats() -> None:
    _, game = dry_run(KAN_PON_CHI)
    melds = game.table.seats[0].melds
    assert [str(m.kind) for m in melds] == ["closed_kan", "pon", "chi"]
    assert [m.source for m in melds] == [None, 1, 3]
    assert all(not s.melds for s in game.table.seats[1:])
