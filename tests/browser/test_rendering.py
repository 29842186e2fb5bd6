"""How the page draws: the table keeps its elements and updates only what changed, the lobby's forms survive the
messages that arrive while someone types, and the powers' texts on screen are the server's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from jantaku.web import catalogue
from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import QUIET

#: marks an element with a property only that very element carries (a redrawn element would not have it)
MARK = "(node, name) => { node.__jantakuMark = name; }"
MARKED = "(node) => node.__jantakuMark || null"


def test_the_table_updates_in_place(server: LiveServer, person: Person) -> None:
    page = person.page
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    areas = {
        "river": person.seat(1).locator(".river"),
        "plate": person.seat(1).locator(".seat-info"),
        "hand": page.locator("#hand"),
        "bar": page.locator("#action-bar"),
        "counters": page.locator("#tiles-left").locator(".."),
    }
    for name, area in areas.items():
        area.evaluate(MARK, name)
    before = {
        "river": len(person.river(1)),
        "plate": person.seat(1).locator(".seat-info").get_attribute("class"),
        "left": page.locator("#tiles-left").text_content(),
    }
    person.click_drawn_or_last()  # the person discards; seat 1 draws (its turn lights its plate) and discards
    page.wait_for_function(
        "(n) => document.querySelectorAll('#table .seat[data-seat=\"1\"] .river .tile').length > n", arg=before["river"]
    )
    for name, area in areas.items():
        assert area.evaluate(MARKED) == name, f"the {name} area was drawn anew instead of updated"
    assert len(person.river(1)) > before["river"]
    assert page.locator("#tiles-left").text_content() != before["left"]


def test_a_river_keeps_its_old_tiles(server: LiveServer, person: Person) -> None:
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    person.click_drawn_or_last()
    river = person.seat(1).locator(".river")
    expect(river.locator(".tile")).to_have_count(1)
    river.locator(".tile").first.evaluate(MARK, "first discard")
    person.wait_prompt()
    person.click_drawn_or_last()
    expect(river.locator(".tile")).to_have_count(2)  # seat 1 discarded again: one tile added, the first kept
    assert river.locator(".tile").first.evaluate(MARKED) == "first discard"


def test_a_half_typed_lobby_field_survives_a_rooms_refresh(people: Callable[..., Person]) -> None:
    ann, bo = people("Ann"), people("Bo")
    page = ann.page
    expect(page.locator("#public-rooms .room-line")).to_have_count(0)
    page.fill("#create-think", "17")
    page.locator("#join-id").evaluate(MARK, "join-id")
    page.click("#join-id")
    page.keyboard.type("AB")
    bo.page.select_option("#create-cpu-0", "normal")
    bo.page.click("#create-room")  # a public room: Ann's lobby hears of it with the next rooms message
    expect(page.locator("#public-rooms .room-line")).to_have_count(1, timeout=15000)
    assert page.locator("#join-id").evaluate(MARKED) == "join-id"
    expect(page.locator("#join-id")).to_have_value("AB")
    expect(page.locator("#join-id")).to_be_focused()
    expect(page.locator("#create-think")).to_have_value("17")
    page.keyboard.type("C")  # still typing into the same box
    expect(page.locator("#join-id")).to_have_value("ABC")


def test_a_language_switch_keeps_what_was_entered(people: Callable[..., Person]) -> None:
    """The screen is rebuilt in the other language, but typed values, choices and open sections stay."""
    page = people("Ann").page
    page.fill("#join-id", "ABC")
    page.fill("#create-think", "7")
    page.select_option("#create-cpu-0", "easy")
    page.click("#create-advanced summary")
    page.click("#lang-switch")
    expect(page.locator("#lang-switch")).to_have_text("English")  # the page is in Japanese now
    expect(page.locator("#join-id")).to_have_value("ABC")
    expect(page.locator("#create-think")).to_have_value("7")
    expect(page.locator("#create-cpu-0")).to_have_value("easy")
    assert page.locator("#create-advanced").evaluate("(node) => node.open") is True


def test_the_power_names_on_screen_are_the_servers(
    people: Callable[..., Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = catalogue.POWER_TEXT["foresight"]
    names = {"en": "Foresight (from the server)", "ja": "先読み（サーバー）"}
    monkeypatch.setitem(catalogue.POWER_TEXT, "foresight", catalogue.PowerText(text.icon, names, text.toasts))
    person = people("Ann")
    page = person.page
    page.select_option("#play-preset", "superpower")
    expect(page.locator('#play-power option[value="foresight"]')).to_have_text(names["en"])
    page.click("#lang-switch")
    page.select_option("#play-preset", "superpower")
    expect(page.locator('#play-power option[value="foresight"]')).to_have_text(names["ja"])
