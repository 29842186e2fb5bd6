"""Riichi, Tsumo, Kan, Pon, Chi and Ron clicked in a browser, on stacked walls (tests/browser/scenarios.py) whose
prompts a pure-engine dry run finds first: each prompt shows exactly the buttons the engine allows."""

from __future__ import annotations

import re

from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import KAN_PON_CHI, RIICHI_TSUMO, RON, Prompt, Scenario, dry_run


def start(server: LiveServer, person: Person, scenario: Scenario) -> list[Prompt]:
    prompts, _ = dry_run(scenario)
    server.stack(scenario.wall())
    person.play_now()
    return prompts


def at_prompt(person: Person, prompt: Prompt) -> None:
    person.wait_prompt()
    assert person.buttons() == prompt.buttons, prompt.step


def test_riichi_then_tsumo(server: LiveServer, person: Person) -> None:
    page = person.page
    riichi, tsumo = start(server, person, RIICHI_TSUMO)
    at_prompt(person, riichi)
    assert len(person.playable()) == 14  # any tile may be thrown plainly
    person.press("riichi")
    # riichi mode: only the tile that keeps the hand tenpai can be thrown
    expect(page.locator("#riichi-cancel")).to_be_visible()
    assert person.playable() == ["9p"]
    person.click_tile("9p")
    me = person.seat(0)
    expect(me.locator(".riichi-stick")).to_be_visible()
    expect(me.locator(".river .tile.sideways")).to_have_count(1)  # the declaration tile lies sideways

    at_prompt(person, tsumo)
    assert person.playable() == ["2s"]  # in riichi only the drawn tile may go
    person.press("tsumo")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result.locator(".win-title")).to_have_text("Ann wins — Tsumo")
    yaku = result.locator(".yaku")
    for name in ("Double riichi", "One-shot", "Fully concealed hand"):
        expect(yaku).to_contain_text(name)
    expect(result.locator("#win-summary")).to_contain_text("points")
    person.screenshot("result.png")
    person.dismiss_result()
    expect(page.locator("#overlay")).to_be_hidden()


def test_kan_pon_chi(server: LiveServer, person: Person) -> None:
    kan, after_kan, pon, after_pon, chi, after_chi = start(server, person, KAN_PON_CHI)
    me = person.seat(0)
    melds = me.locator(".melds .meld")

    at_prompt(person, kan)
    person.press("kan")
    expect(melds).to_have_count(1)
    expect(melds.nth(0)).to_have_class(re.compile(r"\bclosed_kan\b"))
    expect(melds.nth(0).locator(".tile")).to_have_count(4)
    expect(person.page.locator(".dora .tile")).to_have_count(2)  # a new dora indicator

    at_prompt(person, after_kan)  # the replacement tile (9s) is drawn
    assert person.state("update.view.own.drawn") is not None
    person.click_tile("9s")

    at_prompt(person, pon)  # seat 1 threw 4m
    assert person.state("update.view.claim.actor") == 1
    person.press("pon")
    expect(melds).to_have_count(2)
    expect(melds.nth(1)).to_have_class(re.compile(r"\bpon\b"))
    expect(melds.nth(1).locator(".tile")).to_have_count(3)
    expect(person.seat(1).locator(".river .tile.called")).to_have_count(1)

    at_prompt(person, after_pon)
    assert "4m" not in person.playable()  # no swap-calling: the pon's tile cannot go at once
    person.click_tile("1s")

    at_prompt(person, chi)  # seat 3 (on Ann's left) threw 2m; Ann holds 1m 3m
    assert person.state("update.view.claim.actor") == 3
    person.press("chi")
    expect(melds).to_have_count(3)
    expect(melds.nth(2)).to_have_class(re.compile(r"\bchi\b"))
    chi_tiles = melds.nth(2).locator(".tile")
    expect(chi_tiles).to_have_count(3)
    expect(chi_tiles.nth(0)).to_have_class(re.compile(r"\bsideways\b"))  # the called tile, from the left

    at_prompt(person, after_chi)
    person.click_tile("7p")
    expect(me.locator(".river .tile")).to_have_count(3)
    expect(person.page.locator(".call-word")).to_have_count(0)  # the "Chi" word has flown
    person.screenshot("table-calls.png")


def test_ron(server: LiveServer, person: Person) -> None:
    page = person.page
    discard, ron = start(server, person, RON)
    at_prompt(person, discard)
    person.click_tile("9p")  # thrown plainly: no riichi
    at_prompt(person, ron)
    assert person.state("update.view.claim.actor") == 1
    person.press("ron")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result.locator(".win-title")).to_have_text("Ann wins — Ron from CPU 2 (normal)")
    expect(result.locator(".yaku")).to_contain_text("All simples")
    expect(result.locator(".payments")).to_contain_text("CPU 2 (normal)")
    person.dismiss_result()
    expect(page.locator("#overlay")).to_be_hidden()
