"""The lobby tells the truth, as a person in it sees it without reloading: a room whose people are gone leaves the
list (a full one is never offered), and the auto-matching counter drops when another player closes their tab
(once the grace for a reload is over). In both languages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import LiveServer, Person, expect

GRACE = 1.0


@pytest.fixture
def server(browser: Any, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path, grace=GRACE).start()
    yield live
    live.stop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rooms_whose_people_left_leave_the_list(server: LiveServer, people: Callable[..., Person], lang: str) -> None:
    ann, eve = people("Ann"), people("Eve")
    if lang == "ja":
        eve.page.click("#lang-switch")
    a = ann.page
    a.select_option("#create-cpu-0", "normal")
    a.click("#create-room")
    rid = (a.locator("#room-id").text_content() or "").strip()
    line = eve.page.locator(f'.room-line[data-room="{rid}"]')
    expect(line.locator(".seated")).to_have_text("2/4 seated" if lang == "en" else "2/4人着席")
    expect(line.locator("button.join-room")).to_be_visible()
    line.scroll_into_view_if_needed()
    eve.screenshot(f"lobby-rooms-{lang}.png")

    # Ann fills the room with CPUs: nobody can join it any more, so it is not offered
    a.select_option("#cpu-level-2", "easy")
    a.click('.seat-line[data-seat="2"] .add-cpu')
    expect(line.locator(".seated")).to_have_text("3/4 seated" if lang == "en" else "3/4人着席")
    a.select_option("#cpu-level-3", "easy")
    a.click('.seat-line[data-seat="3"] .add-cpu')
    expect(line).to_have_count(0)
    a.click('.seat-line[data-seat="3"] button:not(.add-cpu)')  # Remove: a seat is free again
    expect(line.locator("button.join-room")).to_be_visible()

    # Ann closes her tab: nobody is in the room, it leaves the list (no reload on Eve's side)
    a.close()
    expect(line).to_have_count(0)
    expect(eve.page.locator("#public-rooms .hint")).to_be_visible()
    eve.screenshot(f"lobby-rooms-gone-{lang}.png")


def test_the_matching_counter_drops_when_the_other_player_closes_the_tab(people: Callable[..., Person]) -> None:
    ann, bo = people("Ann"), people("Bo")
    for p in (ann, bo):
        p.page.select_option("#match-length", "east")
        p.page.click("#auto-match")
    for p in (ann, bo):
        expect(p.page.locator("#queue-status")).to_have_text("Waiting for players: 2 / 4")
    ann.screenshot("matching-two.png")

    # Bo reloads: back within the grace, he keeps his place, and his page says so
    bo.page.reload()
    expect(bo.page.locator("#queue-status")).to_have_text("Waiting for players: 2 / 4")
    expect(bo.page.locator("#auto-match")).to_be_checked()
    ann.page.wait_for_timeout(GRACE * 1000 + 500)
    expect(ann.page.locator("#queue-status")).to_have_text("Waiting for players: 2 / 4")

    # Bo closes the tab: after the grace, Ann waits alone
    bo.page.close()
    expect(ann.page.locator("#queue-status")).to_have_text("Waiting for players: 1 / 4")
    ann.screenshot("matching-one.png")
