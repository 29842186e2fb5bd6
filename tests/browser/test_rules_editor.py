"""The rules editor (the "All options" box) and the rules in force, in a browser.

The editor shows only the chosen preset's options (its family, its number of players), by group, each with a
control by its kind and a one-line explanation in the page's language (``jantaku.rules.editor`` through
``GET /api/options``); a changed value is highlighted beside the preset's, "reset to the preset" puts everything
back, and the change reaches the room, whose "Rules in force" lists what differs from the preset first. Number
inputs take their range from the rules (``RuleSet`` bounds), and the server's refusal names the option and its
range. The length picker says a Zung Jung game's hands and sets ``zj_hands``. An answer from ``/api/options`` that
is not its words (an error status, another shape) leaves the editor empty and the page working.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from jantaku.rules.editor import SETS, TEXTS, applies, kind_of
from jantaku.rules.presets import PRESETS
from jantaku.rules.ruleset import CHOICES, RANGES
from tests.browser.helpers import LiveServer, Page, Person, expect

OPTION = '#create-options [data-option="{}"]'
ROW = '#create-options [data-option-row="{}"]'
RANGE = '#create-options [data-range="{}"]'
#: what the editor leaves to pickers of their own (forms.js NOT_EDITED, less the identity fields)
OWN_PICKER = {"family", "length", "zj_hands", "superpowers", "players"}


def edited(preset: str) -> set[str]:
    """The options the editor shows for a preset."""
    rules = PRESETS[preset]
    return {name for name in TEXTS if name not in OWN_PICKER and applies(name, rules)}


def open_editor(page: Page, preset: str = "standard") -> None:
    page.select_option("#create-preset", preset)
    page.click("#create-advanced summary")
    expect(page.locator("#create-options").first).to_be_visible()


def shown_options(page: Page) -> set[str]:
    rows = page.locator("#create-options [data-option-row]")
    return set(rows.evaluate_all("rs => rs.map(r => r.dataset.optionRow)"))


def test_a_riichi_preset_shows_no_zung_jung_option_and_the_other_way_round(people: Callable[..., Person]) -> None:
    person = people("Ann")
    page = person.page
    open_editor(page, "standard")
    shown = shown_options(page)
    assert shown == edited("standard")
    assert not shown & {"chicken_hand_points", "score_cap", "zj_win_priority"}
    assert "chi" in shown and "north_extraction" not in shown and "sanma_tsumo_loss" not in shown
    legends = page.locator("#create-options legend").all_inner_texts()
    assert legends == ["Match", "Dora", "Calls", "Riichi", "Wins, draws and aborts", "Yakuman", "Scoring and payments"]
    person.screenshot("rules-editor-riichi.png")

    page.select_option("#create-preset", "zung-jung")
    expect(page.locator(ROW.format("chicken_hand_points"))).to_be_visible()
    shown = shown_options(page)
    assert shown == edited("zung-jung")
    assert {"chicken_hand_points", "score_cap", "zj_win_priority", "start_points"} <= shown
    assert not shown & {"ura_dora", "riichi_min_points", "kuitan", "red_fives", "abortive_draws", "kiriage"}
    person.screenshot("rules-editor-zung-jung.png")

    page.select_option("#create-preset", "sanma")
    expect(page.locator(ROW.format("north_extraction"))).to_be_visible()
    assert shown_options(page) == edited("sanma")
    expect(page.locator(ROW.format("chi"))).to_have_count(0)
    expect(page.locator('#create-options [data-option-list="uma"]')).to_have_count(3)  # one per player


def test_each_option_has_the_control_of_its_kind(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    open_editor(page, "standard")
    for name in edited("standard"):
        row = page.locator(ROW.format(name))
        kind = kind_of(name)
        assert row.get_attribute("data-kind") == kind
        if kind == "bool":
            expect(row.locator('input[type="checkbox"]')).to_have_count(1)
        elif kind == "choice":
            values = row.locator("select option").evaluate_all("os => os.map(o => o.value)")
            assert values == list(CHOICES[name])
            preset = row.locator('select option[data-preset="yes"]')
            expect(preset).to_have_attribute("value", str(getattr(PRESETS["standard"], name)))
            expect(preset).to_contain_text("(preset)")
        elif kind == "set":
            values = row.locator('input[type="checkbox"]').evaluate_all("bs => bs.map(b => b.value)")
            assert sorted(values) == sorted(SETS[name])
        elif kind == "list":
            expect(row.locator('input[type="number"]')).to_have_count(len(getattr(PRESETS["standard"], name)))
        else:
            expect(row.locator('input[type="number"]')).to_have_count(1)
    boxes = page.locator('#create-options [data-option-set="abortive_draws"]')
    assert sorted(boxes.evaluate_all("bs => bs.filter(b => b.checked).map(b => b.value)")) == sorted(
        PRESETS["standard"].abortive_draws
    )


def test_each_option_is_explained_in_both_languages(people: Callable[..., Person]) -> None:
    person = people("Ann")
    page = person.page
    open_editor(page, "standard")
    row = page.locator(ROW.format("kuitan"))
    expect(row.locator(".opt-label")).to_have_text(TEXTS["kuitan"].en)
    expect(row.locator(".opt-summary")).to_have_text(TEXTS["kuitan"].summary_en)
    for name in edited("standard"):
        expect(page.locator(ROW.format(name)).locator(".opt-summary")).to_have_text(TEXTS[name].summary_en)
    expect(page.locator('#create-preset option[value="standard"]')).to_have_text("Standard")
    page.click("#lang-switch")
    expect(page.locator("#lang-switch")).to_have_text("English")  # the page is in Japanese now
    expect(page.locator("#create-advanced")).to_have_attribute("open", "")  # the section stays open
    row = page.locator(ROW.format("kuitan"))
    expect(row.locator(".opt-label")).to_have_text("喰いタン")
    expect(row.locator(".opt-summary")).to_have_text(TEXTS["kuitan"].summary_ja)
    for name in edited("standard"):
        expect(page.locator(ROW.format(name)).locator(".opt-label")).to_have_text(TEXTS[name].ja)
    expect(page.locator('#create-preset option[value="standard"]')).to_have_text("標準")
    expect(page.locator(ROW.format("double_ron")).locator("select option").first).to_have_text("両方和了（既定）")
    assert page.locator("#create-options legend").first.inner_text() == "対局"
    person.screenshot("rules-editor-ja.png")


def test_a_change_is_highlighted_and_reaches_the_rooms_rules(people: Callable[..., Person]) -> None:
    person = people("Ann")
    page = person.page
    open_editor(page, "standard")
    kuitan = page.locator(ROW.format("kuitan"))
    expect(kuitan).not_to_have_class("opt changed")
    expect(kuitan.locator(".opt-preset")).to_be_hidden()
    page.locator(OPTION.format("kuitan")).uncheck()
    expect(kuitan).to_have_attribute("data-changed", "yes")
    expect(kuitan.locator(".opt-preset")).to_be_visible()
    expect(kuitan.locator(".opt-preset")).to_have_text("Preset: On")
    page.select_option(OPTION.format("double_ron"), "head-bump")
    page.locator('#create-options [data-option-set="abortive_draws"][value="four_riichi"]').uncheck()
    page.locator(OPTION.format("start_points")).fill("30000")
    changed = page.locator('#create-options [data-changed="yes"]').evaluate_all(
        "rs => rs.map(r => r.dataset.optionRow)"
    )
    assert sorted(changed) == ["abortive_draws", "double_ron", "kuitan", "start_points"]
    person.screenshot("rules-editor-changed.png")

    page.click("#create-room")
    expect(page.locator("#room-id")).to_be_visible()
    rules = person.state("room.rules")
    assert rules["kuitan"] is False and rules["double_ron"] == "head-bump" and rules["start_points"] == 30000
    assert "four_riichi" not in rules["abortive_draws"]
    diff = page.locator("#rules-diff tr")
    assert sorted(diff.evaluate_all("rs => rs.map(r => r.dataset.rule)")) == sorted(changed)
    expect(page.locator('#rules-diff tr[data-rule="kuitan"]')).to_contain_text("Open tanyao")
    expect(page.locator('#rules-diff tr[data-rule="kuitan"]')).to_contain_text("Off")
    expect(page.locator('#rules-diff tr[data-rule="kuitan"]')).to_contain_text("Preset: On")
    expect(page.locator('#rules-diff tr[data-rule="double_ron"]')).to_contain_text("Head bump")
    expect(page.locator("#room-description")).to_have_text("Standard · East-South")
    # the rest on demand: closed at first, every rule of the family when opened, differences first
    everything = page.locator("#rules-all")
    expect(everything).not_to_have_attribute("open", "")
    expect(page.locator('#rules-all tr[data-rule="ura_dora"]')).to_be_hidden()
    order = page.locator("#rules [data-rule]").evaluate_all("rs => rs.map(r => r.dataset.rule)")
    assert order[: len(changed)] == diff.evaluate_all("rs => rs.map(r => r.dataset.rule)")
    page.click("#rules-all summary")
    expect(page.locator('#rules-all tr[data-rule="ura_dora"]')).to_be_visible()
    expect(page.locator('#rules-all tr[data-rule="score_cap"]')).to_have_count(0)  # a Zung Jung option
    person.screenshot("room-rules-in-force.png")
    page.click("#lang-switch")
    expect(page.locator('#rules-diff tr[data-rule="kuitan"]')).to_contain_text("喰いタン")
    expect(page.locator('#rules-diff tr[data-rule="kuitan"]')).to_contain_text("既定：あり")
    expect(page.locator("#room-description")).to_have_text("標準 · 半荘戦")
    person.screenshot("room-rules-in-force-ja.png")


def test_an_unchanged_room_says_it_plays_its_preset(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    page.select_option("#create-preset", "classic")
    page.select_option("#create-length", "east")
    page.click("#create-room")
    expect(page.locator("#rules-diff")).to_contain_text("Classic")
    expect(page.locator('#rules-diff [data-rule="length"]')).to_contain_text("East only")
    expect(page.locator("#room-description")).to_have_text("Classic · East only")  # not the preset's East-South


def test_reset_to_the_preset_puts_every_control_back(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    open_editor(page, "standard")
    page.locator(OPTION.format("kuitan")).uncheck()
    page.select_option(OPTION.format("extension"), "none")
    page.locator('#create-options [data-option-list="red_fives"]').first.fill("2")
    page.locator('#create-options [data-option-set="pao"][value="suukantsu"]').check()
    expect(page.locator('#create-options [data-changed="yes"]')).to_have_count(4)
    page.click("#create-reset")
    expect(page.locator('#create-options [data-changed="yes"]')).to_have_count(0)
    expect(page.locator(OPTION.format("kuitan"))).to_be_checked()
    expect(page.locator(OPTION.format("extension"))).to_have_value("one-round-sudden-death")
    expect(page.locator('#create-options [data-option-list="red_fives"]').first).to_have_value("1")
    page.click("#create-room")
    expect(page.locator("#room-id")).to_be_visible()
    assert page.evaluate("() => window.jantaku.state.room.settings.options") == {}


def test_the_length_of_a_zung_jung_game_is_its_hands(people: Callable[..., Person]) -> None:
    ann, bo = people("Ann"), people("Bo")
    page = ann.page
    page.select_option("#create-preset", "zung-jung")
    hands = page.locator("#create-length option").evaluate_all("os => os.map(o => o.textContent)")
    assert hands == ["4 hands", "8 hands", "12 hands"]
    expect(page.locator("#create-length")).to_have_value("4")
    page.select_option("#create-length", "8")
    page.click("#create-room")
    expect(page.locator("#room-description")).to_have_text("Zung Jung · 8 hands")
    assert ann.state("room.rules.zj_hands") == 8
    expect(page.locator("#room-length")).to_have_value("8")
    ann.screenshot("room-zung-jung.png")
    expect(bo.page.locator("#public-rooms h3")).to_have_text("Zung Jung · 8 hands")
    bo.page.click("#lang-switch")
    expect(bo.page.locator("#public-rooms h3")).to_have_text("中庸麻雀 · 8局")
    bo.page.select_option("#play-preset", "zung-jung")
    expect(bo.page.locator("#play-length option").first).to_have_text("4局")
    bo.page.select_option("#play-preset", "standard")
    expect(bo.page.locator("#play-length option")).to_have_text(["東風戦", "半荘戦"])


def test_number_inputs_take_their_range_from_the_rules(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    open_editor(page)
    numbers = page.locator('#create-options input[type="number"][data-option]')
    expect(numbers.first).to_be_visible()
    shown = {}
    for i in range(numbers.count()):
        box = numbers.nth(i)
        name = box.get_attribute("data-option")
        shown[name] = tuple(int(box.get_attribute(a) or "nan") for a in ("min", "max", "step"))
    expected = {n for n in edited("standard") if n in RANGES and kind_of(n) == "number"}
    assert shown == {name: (RANGES[name].low, RANGES[name].high, RANGES[name].step) for name in expected}
    uma = page.locator('#create-options [data-option-list="uma"]').first
    assert [uma.get_attribute(a) for a in ("min", "max", "step")] == ["-1000000", "1000000", "100"]
    expect(page.locator(OPTION.format("players"))).to_have_count(0)


def test_the_range_is_shown_beside_each_input_in_both_languages(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    open_editor(page)
    expect(page.locator(RANGE.format("start_points"))).to_have_text("0 to 1,000,000, in steps of 100")
    expect(page.locator(RANGE.format("max_replacements"))).to_have_text("0 to 8")
    expect(page.locator(RANGE.format("double_wind_fu"))).to_have_text("2 or 4")
    expect(page.locator(RANGE.format("uma"))).to_have_text("each -1,000,000 to 1,000,000, in steps of 100")
    expect(page.locator(RANGE.format("red_fives"))).to_have_text("each 0 to 4")
    expect(page.locator(OPTION.format("start_points"))).to_have_attribute("title", "0 to 1,000,000, in steps of 100")
    for name in set(RANGES) & edited("standard"):
        expect(page.locator(RANGE.format(name))).to_be_visible()
    page.click("#lang-switch")
    expect(page.locator("#lang-switch")).to_have_text("English")  # the page is in Japanese now
    expect(page.locator(RANGE.format("start_points"))).to_have_text("0〜1,000,000（100刻み）")
    expect(page.locator(RANGE.format("max_replacements"))).to_have_text("0〜8")
    expect(page.locator(RANGE.format("double_wind_fu"))).to_have_text("2または4")
    expect(page.locator(RANGE.format("red_fives"))).to_have_text("各0〜4")


def test_a_value_outside_the_range_is_marked_and_refused_by_the_server(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    open_editor(page)
    box = page.locator(OPTION.format("start_points"))
    box.fill("1000000000000000000000000000000")
    assert box.evaluate("(node) => node.validity.rangeOverflow") is True
    box.fill("25050")
    assert box.evaluate("(node) => node.validity.stepMismatch") is True
    box.fill("30000")
    assert box.evaluate("(node) => node.validity.valid") is True
    page.locator('#create-options [data-option-list="uma"]').first.fill("2000000")
    page.click("#create-room")
    refusal = page.locator("#notices .notice")
    expect(refusal).to_contain_text("These rules cannot be played")
    expect(refusal).to_contain_text("uma must be -1,000,000 to 1,000,000 in steps of 100 each")
    expect(page.locator("#create-room")).to_be_visible()  # still in the lobby: no room was made


def test_the_rules_in_force_are_shown_at_the_table(people: Callable[..., Person]) -> None:
    """At the table the options dialog shows the rules in force: what differs from the preset first."""
    person = people("Ann")
    page = person.page
    page.select_option("#play-length", "east")
    person.play_now()
    page.click("#options-button")
    diff = page.locator('#table-rules-diff tr[data-rule="length"]')
    expect(diff).to_contain_text("Length")
    expect(diff).to_contain_text("East only")
    expect(diff).to_contain_text("Preset: East-South")
    expect(page.locator("#options .rules-title")).to_have_text("Standard · East only")
    expect(page.locator('#table-rules-all tr[data-rule="kuitan"]')).to_be_hidden()
    page.click("#table-rules-all summary")
    expect(page.locator('#table-rules-all tr[data-rule="kuitan"]')).to_contain_text("On")
    person.screenshot("table-rules-in-force.png")


@pytest.mark.parametrize(
    ("status", "body"),
    [(500, '{"detail": "Internal Server Error"}'), (200, '{"groups": 3, "options": {}}'), (200, "[]")],
    ids=["error-status", "wrong-shape", "a-list"],
)
def test_words_that_are_not_the_rules_leave_the_lobby_and_the_table_working(
    browser: Any, server: LiveServer, status: int, body: str
) -> None:
    """``/api/options`` answered by something else (a proxy's error page as JSON, another version's shape): the
    editor opens without options, and the table is reached as always, with no error in the page."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    try:
        context.set_default_timeout(15000)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on(
            "console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" and status < 400 else None
        )
        page.route(
            "**/api/options", lambda route: route.fulfill(status=status, body=body, content_type="application/json")
        )
        person = Person(page, server.url)
        person.open("Ann")
        page.click("#create-advanced summary")
        expect(page.locator("#create-advanced")).to_have_js_property("open", True)
        expect(page.locator("#create-options")).to_be_attached()
        expect(page.locator("#create-options [data-option-row]")).to_have_count(0)
        assert page.evaluate("() => Array.isArray(window.jantaku.state.ruleTexts.groups)")
        person.play_now()
        page.click("#options-button")
        expect(page.locator("#table-rules-diff")).to_be_visible()
        page.keyboard.press("Escape")
        assert not problems, problems
    finally:
        context.close()
