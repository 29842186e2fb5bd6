"""The options dialog changes how the table plays: auto-discard, auto-win, hide call options."""

from __future__ import annotations

import re

from jantaku.tiles import kind_of_id
from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import PON_CHANCE, QUIET, TENHOU, dry_run

COUNT_CLICKS = "() => { window.__clicks = 0; document.addEventListener('click', () => window.__clicks++, true); }"


def test_auto_discard_throws_the_drawn_tile(server: LiveServer, person: Person) -> None:
    prompts, _ = dry_run(QUIET)
    server.stack(QUIET.wall())
    person.set_options(autoDiscard=True)
    assert person.page.evaluate("JSON.parse(localStorage.getItem('jantaku.options')).autoDiscard") is True
    person.page.evaluate(COUNT_CLICKS)
    person.page.click("#play-now")
    person.wait_table()
    clicks = person.page.evaluate("window.__clicks")
    river = person.seat(0).locator(".river .tile")
    # turn after turn the drawn tile goes without a click (9p, then 6z, ...), marked as thrown from the draw
    person.page.wait_for_function("() => window.jantaku.state.update.view.seats[0].river.length >= 2")
    assert person.river(0)[:2] == [p.sent["tile"] for p in prompts]
    for i in range(2):
        expect(river.nth(i)).to_have_class(re.compile(r"\btsumogiri\b"))
    assert person.page.evaluate("window.__clicks") == clicks  # nobody clicked at the table


def test_auto_win_declares_the_win(server: LiveServer, person: Person) -> None:
    server.stack(TENHOU.wall())
    person.set_options(autoWin=True)
    person.page.evaluate(COUNT_CLICKS)
    person.page.click("#play-now")
    result = person.page.locator("#result")
    expect(result).to_be_visible()
    expect(result.locator(".win-title")).to_contain_text("Ann wins — Tsumo")
    expect(result.locator(".yaku")).to_contain_text("Blessing of Heaven")
    assert person.page.evaluate("window.__clicks") == 1  # only Play now
    assert "act-tsumo" not in person.seen_buttons()  # declared before the button was ever drawn
    person.dismiss_result()
    expect(person.page.locator("#overlay")).to_be_hidden()


def test_hide_call_options_passes_the_pon(server: LiveServer, person: Person) -> None:
    prompts, _ = dry_run(PON_CHANCE)
    assert prompts[1].buttons == {"pon", "pass"}  # the chance the option hides
    server.stack(PON_CHANCE.wall())
    person.set_options(hideCalls=True)
    person.play_now()
    person.wait_prompt()
    person.click_tile("9p")
    # seat 1 throws 4m (Ann holds two): passed without a button; seats 2 and 3 play on, then Ann draws again
    expect(person.seat(1).locator(".river .tile")).to_have_count(1)
    person.wait_prompt()
    assert [kind_of_id(int(t)) for t in person.river(1)] == [3]  # 4m
    expect(person.seat(3).locator(".river .tile")).to_have_count(1)
    assert person.state("update.view.own.drawn") is not None
    assert not person.seen_buttons() & {"act-pon", "act-pass"}
    expect(person.seat(0).locator(".melds .meld")).to_have_count(0)
    person.click_tile("6z")
    expect(person.seat(0).locator(".river .tile")).to_have_count(2)
