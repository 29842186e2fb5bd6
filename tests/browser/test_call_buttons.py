"""Call buttons show what they call: each option of a kan, pon, chi or win is a button of its own holding the tiles
of its meld (or the winning tile) as tile faces, read here by their labels; the keys still work."""

from __future__ import annotations

import re

from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import CALL_FORMS, RIICHI_TSUMO, RON, dry_run


def faces(person: Person, selector: str) -> list[str]:
    """The tile faces a button shows, by the labels of their drawings ("4m"), in order."""
    found = f"{selector} .call-tiles .tile-svg, {selector}.choice .tile-svg"
    return person.page.eval_on_selector_all(found, "ts => ts.map(t => t.getAttribute('aria-label'))")


def options(person: Person, action: str) -> list[str]:
    """The ids of the buttons of one group (``chi``): one per option."""
    buttons = f'#action-bar button.act[data-action="{action}"]'
    return person.page.eval_on_selector_all(buttons, "bs => bs.map(b => b.id)")


def test_every_call_button_shows_its_tiles(server: LiveServer, person: Person) -> None:
    page = person.page
    prompts, _ = dry_run(CALL_FORMS)
    server.stack(CALL_FORMS.wall())
    person.play_now()
    me = person.seat(0)
    melds = me.locator(".melds .meld")

    person.wait_prompt()  # the four 7z in hand: a closed kan
    assert person.buttons() == prompts[0].buttons
    assert faces(person, "#act-kan") == ["7z"] * 4
    expect(page.locator("#act-kan")).to_contain_text("Kan")
    page.keyboard.press("k")  # the key of a call with one option calls it
    expect(melds).to_have_count(1)
    person.wait_prompt()
    person.click_tile("9s")

    person.wait_prompt()  # seat 1 threw 4m; Ann holds three: a pon, or an open kan
    assert person.buttons() == prompts[2].buttons == {"pon", "kan", "pass"}
    assert faces(person, "#act-pon") == ["4m"] * 3
    assert faces(person, "#act-kan") == ["4m"] * 4
    taken = page.locator("#act-pon .call-tiles .tile.taken .tile-svg")
    expect(taken).to_have_count(1)  # the discard called is marked among the meld's tiles
    expect(page.locator("#act-pass .tile")).to_have_count(0)  # a pass calls nothing
    page.locator("#action-bar").scroll_into_view_if_needed()
    person.screenshot("call-buttons-pon-kan.png")
    person.press("pon")
    expect(melds).to_have_count(2)
    expect(melds.nth(1)).to_have_class(re.compile(r"\bpon\b"))
    person.wait_prompt()
    person.click_tile("1s")

    person.wait_prompt()  # seat 3 threw 2m: chi with 1m 3m, or with 3m 4m: a button each
    assert person.buttons() == prompts[4].buttons
    assert options(person, "chi") == ["act-chi", "act-chi-2"]
    assert faces(person, "#act-chi") == ["1m", "2m", "3m"]
    assert faces(person, "#act-chi-2") == ["2m", "3m", "4m"]
    expect(page.locator("#act-chi kbd")).to_have_text("C")
    page.locator("#action-bar").scroll_into_view_if_needed()
    person.screenshot("call-buttons-chi.png")
    # with several options the key opens the row of options, picked by number; Esc goes back
    page.keyboard.press("c")
    choices = page.locator("#action-bar button.choice")
    expect(choices).to_have_count(2)
    assert faces(person, '#action-bar button.choice[data-index="1"]') == ["2m", "3m", "4m"]
    page.keyboard.press("Escape")
    expect(page.locator("#act-chi-2")).to_be_visible()
    page.click("#act-chi-2")
    expect(melds).to_have_count(3)
    chi = melds.nth(2).locator(".tile-svg")
    expect(chi).to_have_count(3)
    assert sorted(chi.evaluate_all("ts => ts.map(t => t.getAttribute('aria-label'))")) == ["2m", "3m", "4m"]
    person.wait_prompt()
    person.click_tile("1m")


def test_win_buttons_show_the_winning_tile(server: LiveServer, person: Person) -> None:
    page = person.page
    server.stack(RON.wall())
    person.play_now()
    person.wait_prompt()
    person.click_tile("9p")
    person.wait_prompt()  # seat 1 throws 4m: ron
    assert faces(person, "#act-ron") == ["4m"]
    expect(page.locator("#act-ron")).to_contain_text("Ron")
    page.locator("#action-bar").scroll_into_view_if_needed()
    person.screenshot("call-buttons-ron.png")
    person.press("ron")
    expect(page.locator("#result")).to_be_visible()


def test_tsumo_button_shows_the_drawn_tile(server: LiveServer, person: Person) -> None:
    server.stack(RIICHI_TSUMO.wall())
    person.play_now()
    person.wait_prompt()
    person.press("riichi")
    person.click_tile("9p")
    person.wait_prompt()  # the draw of 2s wins
    assert faces(person, "#act-tsumo") == ["2s"]
    person.page.keyboard.press("t")
    expect(person.page.locator("#result")).to_be_visible()
