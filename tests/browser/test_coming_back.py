"""Closing the tab in a Play now game and coming back with the same browser (its token kept): the table stood
still while nobody was at it, and the player finds it where it was; or, when nobody came back in time and it was
abandoned, its final standings with a notice that says so, never a bare room screen. In both languages. And a page
that lost its connection with a hand's result on screen (a laptop asleep) and finds the game over when it is back
shows the standings, not the old result."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import RIICHI_TSUMO

#: a table nobody is at is abandoned after 6 seconds here (10 minutes by default)
ABANDON_MINUTES = 0.1


@pytest.fixture
def server(browser: Any, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path, abandon_minutes=ABANDON_MINUTES, grace=0.5).start()
    yield live
    live.stop()


def come_back(person: Person, problems: list[str]) -> Person:
    """The tab was closed; the same browser (storage, token) opens the page again."""
    page = person.page.context.new_page()
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    back = Person(page, person.url)
    page.goto(person.url)
    return back


def rivers(person: Person, n: int = 4) -> list[list[int]]:
    return [person.river(seat) for seat in range(n)]


def test_back_soon_the_table_is_where_it_was_and_goes_on(server: LiveServer, person: Person) -> None:
    problems: list[str] = []
    person.play_now()
    person.wait_prompt()
    rid = person.state("room.room_id")
    before = rivers(person)
    hand = sorted(person.hand())
    person.page.close()  # nobody at the table: it stands still
    room = server.hub.rooms[rid]
    back = come_back(person, problems)
    back.wait_table()
    assert room.playing and rivers(back) == before, "the table stood still while nobody was at it"
    assert sorted(back.hand()) == hand
    expect(back.page.locator("#overlay")).to_be_hidden()
    back.wait_prompt()
    back.click_drawn_or_last()
    expect(back.seat(back.state("you")).locator(".river .tile")).to_have_count(len(before[back.state("you")]) + 1)
    back.screenshot("back-soon-table.png")
    assert not problems, problems


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_back_after_the_game_was_abandoned_shows_its_standings(
    server: LiveServer, people: Callable[..., Person], lang: str
) -> None:
    problems: list[str] = []
    person = people("Ann")
    if lang == "ja":
        person.page.click("#lang-switch")
    person.play_now()
    rid = person.state("room.room_id")
    game_id = person.state("room.game_id")
    person.page.close()
    room = server.hub.rooms[rid]
    deadline = time.monotonic() + 30
    while room.playing and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not room.playing and room.last_game_id == game_id, "the game was not abandoned"

    back = come_back(person, problems)
    standings = back.page.locator("#standings")
    expect(standings).to_be_visible()
    expect(back.page.locator("#away-end")).to_contain_text("abandoned" if lang == "en" else "中止")
    expect(standings.locator("table.final tr")).to_have_count(5)  # the header and four seats
    expect(standings).to_contain_text("Ann")
    back.screenshot(f"back-abandoned-standings-{lang}.png")
    back.page.click("#result-next")
    expect(back.page.locator("#overlay")).to_be_hidden()
    expect(back.page.locator("#room-id")).to_have_text(rid)
    back.page.reload()  # once: the standings are not shown again
    expect(back.page.locator("#room-id")).to_have_text(rid)
    back.page.wait_for_timeout(500)
    expect(back.page.locator("#overlay")).to_be_hidden()
    assert not problems, problems


class Sleep:
    """The page's websocket through Playwright's route: ``fall_asleep()`` cuts it (both ends) and leaves the page's
    reconnects unanswered, as a sleeping laptop's are; ``wake()`` lets the next reconnect through to the server.
    The page itself is never reloaded."""

    def __init__(self, page: Any) -> None:
        self.asleep = False
        self.links: list[tuple[Any, Any]] = []
        page.route_web_socket("**/ws", self.route)

    def route(self, ws: Any) -> None:
        if self.asleep:
            self.links.append((ws, None))  # (not connected to the server: the hello goes unanswered)
            return
        self.links.append((ws, ws.connect_to_server()))

    def fall_asleep(self) -> None:
        self.asleep = True
        self.cut()

    def wake(self) -> None:
        self.asleep = False
        self.cut()

    def cut(self) -> None:
        for page_end, server_end in self.links:
            page_end.close()
            if server_end is not None:
                server_end.close()
        self.links.clear()


def test_back_from_sleep_with_a_result_on_screen_shows_the_standings(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    person = people()
    sleep = Sleep(person.page)
    person.open("Ann")
    server.stack(RIICHI_TSUMO.wall())
    person.play_now()
    page = person.page
    rid = person.state("room.room_id")
    person.wait_prompt()
    person.press("riichi")
    person.click_tile("9p")
    person.wait_prompt()
    person.press("tsumo")
    expect(page.locator("#result .win-title")).to_be_visible()
    sleep.fall_asleep()  # the result stays on screen; nobody is at the table, and it is abandoned
    room = server.hub.rooms[rid]
    deadline = time.monotonic() + 30
    while room.playing and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not room.playing, "the game was not abandoned"
    expect(page.locator("#result .win-title")).to_be_visible()  # (the page has not heard)
    sleep.wake()
    expect(page.locator("#standings")).to_be_visible()
    expect(page.locator("#away-end")).to_contain_text("abandoned")
    person.screenshot("back-from-sleep-standings.png")
    person.dismiss_result()
    expect(page.locator("#overlay")).to_be_hidden()
    expect(page.locator("#room-id")).to_have_text(rid)
    page.wait_for_timeout(800)  # an answer to a stray continue would have come by now
    assert page.locator("#notices .notice.error").count() == 0, page.locator("#notices").text_content()
