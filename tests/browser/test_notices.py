"""What the page tells a person outside the screens (``web/static/js/notices.js``): here, that the table stands
still because the server cannot store the game (a full disk), in the person's language, and that it goes on."""

from __future__ import annotations

import contextlib
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from sqlalchemy import event

from tests.browser.helpers import LiveServer, Person
from tests.server.test_durability import Fullness

PAUSED = {"en": "cannot save the game", "ja": "保存できません"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_that_cannot_be_saved_says_so_and_goes_on_when_it_can(
    server: LiveServer, person: Person, lang: str
) -> None:
    person.open("Ann")
    if lang == "ja":
        person.page.click("#lang-switch")
    person.set_options(autoDiscard=True, hideCalls=True)  # the table plays itself: draw, discard, pass
    person.play_now()
    fullness = Fullness()
    event.listen(server.hub.store.engine, "checkout", fullness)
    fullness.full = True
    banner = person.page.locator("#banner")
    deadline = time.monotonic() + 60
    while PAUSED[lang] not in (banner.text_content() or ""):
        assert time.monotonic() < deadline, "the table never said it cannot save the game"
        answer_what_the_options_leave(person)
        person.page.wait_for_timeout(100)
    expect(banner).to_be_visible()
    person.screenshot(f"paused-storage-{lang}.png")
    table = rivers(person)
    person.page.wait_for_timeout(1500)
    assert rivers(person) == table, "the table went on while nothing could be stored"
    fullness.full = False
    expect(banner).to_be_hidden(timeout=15_000)
    deadline = time.monotonic() + 15
    while rivers(person) == table:  # play goes on
        assert time.monotonic() < deadline, "the table did not go on once the game could be stored"
        next_button = person.page.locator("#result-next")
        if next_button.is_visible():  # the pause fell at a hand's end: the person reads the result and goes on
            next_button.click()
        person.page.wait_for_timeout(100)


def answer_what_the_options_leave(person: Person) -> None:
    """The options answer draws, discards and calls; a decision they leave to the person (a kan, a riichi or a win
    on the own turn, a ron to take or let go, a hand's result to read) is answered here as the options would: the
    result read, the ron let go, the drawn tile discarded. The table may move on meanwhile (the element goes): then
    there is nothing left to answer."""
    page = person.page
    if page.locator("#result-next").is_visible():
        target = page.locator("#result-next")
    elif not page.locator("#action-bar .act").count():
        return  # nothing the options leave open
    elif page.locator("#act-pass").is_visible():
        target = page.locator("#act-pass")
    else:
        target = page.locator("#hand .hand-tile.drawn.playable")
    with contextlib.suppress(PlaywrightError):  # answered or gone already: the table went on
        target.first.click(timeout=2000)


def rivers(person: Person) -> list[list[int]]:
    return [person.river(seat) for seat in range(4)]
