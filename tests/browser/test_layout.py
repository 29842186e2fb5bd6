"""The table's layout at the five screen sizes players bring, and the screenshot tour of every screen."""

from __future__ import annotations

from collections.abc import Callable

from tests.browser.helpers import LiveServer, Person
from tests.browser.tour import SCREENS, tour


def test_the_tour_visits_every_screen_in_both_languages(server: LiveServer, people: Callable[..., Person]) -> None:
    person, host = people("Ann"), people("Host")
    person.page.set_viewport_size({"width": 1280, "height": 720})
    for lang in ("en", "ja"):
        seen = []
        for screen in tour(person, server, host, lang):
            seen.append(screen)
            assert person.page.locator("html").get_attribute("lang") == lang
            assert person.screenshot(f"{screen}-1280x720-{lang}.png").stat().st_size > 0
        assert tuple(seen) == SCREENS
