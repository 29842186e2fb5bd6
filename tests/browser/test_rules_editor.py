"""The rules editor (the "All options" box) shows each number option's range, in the page's language, and holds
its inputs to it: min, max and step come from the server's ranges (``RuleSet`` bounds), a value outside is marked
invalid, and the server's refusal names the option and its range."""

from __future__ import annotations

from collections.abc import Callable

from jantaku.rules.ruleset import RANGES
from tests.browser.helpers import Person, expect

OPTION = '#create-options input[data-option="{}"]'
RANGE = '#create-options [data-range="{}"]'


def test_number_inputs_take_their_range_from_the_rules(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    page.click("#create-advanced summary")
    numbers = page.locator('#create-options input[type="number"]')
    expect(numbers.first).to_be_visible()
    shown = {}
    for i in range(numbers.count()):
        box = numbers.nth(i)
        name = box.get_attribute("data-option")
        shown[name] = tuple(int(box.get_attribute(a) or "nan") for a in ("min", "max", "step"))
    edited = set(RANGES) - {"players", "uma", "red_fives"}  # players come with the preset; lists are text inputs
    assert shown == {name: (RANGES[name].low, RANGES[name].high, RANGES[name].step) for name in edited}
    expect(page.locator(OPTION.format("players"))).to_have_count(0)


def test_the_range_is_shown_beside_each_input_in_both_languages(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    page.click("#create-advanced summary")
    expect(page.locator(RANGE.format("start_points"))).to_have_text("0 to 1,000,000, in steps of 100")
    expect(page.locator(RANGE.format("max_replacements"))).to_have_text("0 to 8")
    expect(page.locator(RANGE.format("double_wind_fu"))).to_have_text("2 or 4")
    expect(page.locator(RANGE.format("uma"))).to_have_text("each -1,000,000 to 1,000,000, in steps of 100")
    expect(page.locator(RANGE.format("red_fives"))).to_have_text("each 0 to 4")
    expect(page.locator(OPTION.format("start_points"))).to_have_attribute("title", "0 to 1,000,000, in steps of 100")
    for name in set(RANGES) - {"players"}:
        expect(page.locator(RANGE.format(name))).to_be_visible()
    page.click("#lang-switch")
    expect(page.locator("#lang-switch")).to_have_text("English")  # the page is in Japanese now
    expect(page.locator(RANGE.format("start_points"))).to_have_text("0〜1,000,000（100刻み）")
    expect(page.locator(RANGE.format("max_replacements"))).to_have_text("0〜8")
    expect(page.locator(RANGE.format("double_wind_fu"))).to_have_text("2または4")
    expect(page.locator(RANGE.format("red_fives"))).to_have_text("各0〜4")


def test_a_value_outside_the_range_is_marked_and_refused_by_the_server(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    page.click("#create-advanced summary")
    box = page.locator(OPTION.format("start_points"))
    box.fill("1000000000000000000000000000000")
    assert box.evaluate("(node) => node.validity.rangeOverflow") is True
    box.fill("25050")
    assert box.evaluate("(node) => node.validity.stepMismatch") is True
    box.fill("30000")
    assert box.evaluate("(node) => node.validity.valid") is True
    page.locator(OPTION.format("uma")).fill("2000000,0,0,-2000000")
    page.click("#create-room")
    refusal = page.locator("#notices .notice")
    expect(refusal).to_contain_text("uma must be -1,000,000 to 1,000,000 in steps of 100 each")
    expect(page.locator("#create-room")).to_be_visible()  # still in the lobby: no room was made
