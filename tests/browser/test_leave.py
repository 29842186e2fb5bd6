"""A way out of the table. A player's Leave asks first, in a dialog of the page's own; staying changes nothing,
leaving brings the player to the lobby, a CPU takes the seat, the others are told, and a reload does not bring the
leaver back to the game. A spectator's Leave stops watching. The room is found and watched from the lobby's list."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.helpers import LiveServer, Person, expect


@pytest.fixture
def server(browser: Any, tmp_path: Path) -> Iterator[LiveServer]:
    # short timers and result pauses: Bo's calls pass by themselves and the hands follow each other quickly
    live = LiveServer(tmp_path, think_seconds=2.0, bank_seconds=0.0, hand_pause=2.0).start()
    yield live
    live.stop()


def rivers(person: Person, n: int = 4) -> list[list[int]]:
    return [person.river(seat) for seat in range(n)]


def ask_to_leave(page: Any) -> None:
    """Press Leave as a person would: the table's button, or, while a hand's result covers the table (a CPU may
    win at any moment), the result card's own Leave. Either asks the same question."""
    deadline = time.monotonic() + 30
    while True:
        covered = page.locator("#overlay").is_visible()
        try:
            page.click("#result-leave" if covered else "#leave-table", timeout=2000)
            return
        except PlaywrightTimeout:
            assert time.monotonic() < deadline, "no Leave could be pressed"


def test_a_player_and_a_spectator_leave_the_table(server: LiveServer, people: Callable[..., Person]) -> None:
    ann, bo, eve = people("Ann"), people("Bo"), people("Eve")
    a = ann.page
    a.select_option("#create-cpu-0", "strong")
    a.select_option("#create-cpu-1", "strong")
    a.click("#create-room")
    rid = (a.locator("#room-id").text_content() or "").strip()
    # Bo finds the room in the lobby's list (it reaches him without a reload) and joins it from there
    line = bo.page.locator(f'.room-line[data-room="{rid}"]')
    expect(line.locator(".seated")).to_have_text("3/4 seated")
    line.locator("button.join-room").click()
    expect(bo.page.locator("#room-id")).to_have_text(rid)
    bo.set_options(autoDiscard=True, hideCalls=True)  # Bo's turns play themselves
    a.click("#ready-button")
    bo.page.click("#ready-button")
    expect(a.locator("#start-button")).to_be_enabled()
    a.click("#start-button")
    ann.wait_table()
    bo.wait_table()

    # Eve watches from the lobby: a running game offers Watch, not Join
    watch = eve.page.locator(f'.room-line[data-room="{rid}"]')
    expect(watch.locator("button.watch-room")).to_be_visible()
    expect(watch.locator("button.join-room")).to_have_count(0)
    watch.locator("button.watch-room").click()
    expect(eve.page.locator("#table")).to_be_visible()
    expect(eve.page.locator("#hand")).to_have_count(0)

    # Ann asks to leave and stays: nothing changes
    ask_to_leave(a)
    dialog = a.locator("#leave-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("A CPU plays your seat")
    ann.screenshot("leave-dialog-en.png")
    a.click("#leave-cancel")
    expect(dialog).to_have_count(0)
    expect(a.locator("#hand")).to_be_visible()
    room = server.hub.rooms[rid]
    assert room.seats[0] is not None and room.seats[0].token_hash is not None

    # Ann leaves: she is in the lobby, Bo is told, a CPU plays her seat
    ask_to_leave(a)
    a.click("#leave-confirm")
    expect(a.locator("#play-now")).to_be_visible()
    expect(a.locator("#overlay")).to_be_hidden()
    expect(bo.page.locator(".notice")).to_contain_text("Ann left; a CPU plays their seat.")
    bo.screenshot("leave-told.png")
    assert room.runner is not None and room.runner.controller(0) is not None
    seen = len(bo.river(0))
    deadline = time.monotonic() + 60
    while len(bo.river(0)) <= seen and room.playing:  # the game goes on: the CPU discards from Ann's seat
        assert time.monotonic() < deadline, "nobody plays Ann's seat"
        bo.page.wait_for_timeout(200)

    # a reload does not bring Ann back to the game
    a.reload()
    expect(a.locator("#play-now")).to_be_visible()
    a.wait_for_timeout(1000)
    expect(a.locator("#table")).to_have_count(0)
    assert ann.state("room") is None and ann.state("update") is None

    # Eve stops watching: asked first, then the lobby
    ask_to_leave(eve.page)
    expect(eve.page.locator("#leave-dialog")).to_contain_text("Stop watching this table?")
    eve.screenshot("leave-spectator-dialog.png")
    eve.page.click("#leave-confirm")
    expect(eve.page.locator("#play-now")).to_be_visible()
    assert room.spectators == set()


def test_the_dialog_speaks_japanese_and_says_an_auto_matched_game_counts(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    players = [people(n) for n in ("Ann", "Bo", "Cy", "Di")]
    ann = players[0]
    ann.page.click("#lang-switch")
    for p in players:
        p.page.select_option("#match-length", "east")
        p.page.click("#auto-match")
        if p is not players[-1]:
            expect(p.page.locator("#queue-status")).to_be_visible()
    for p in players:
        p.wait_table()
    ask_to_leave(ann.page)
    dialog = ann.page.locator("#leave-dialog")
    expect(dialog).to_contain_text("オートマッチの対局です")
    expect(ann.page.locator("#leave-confirm")).to_have_text("対局から退出")
    ann.screenshot("leave-dialog-matched-ja.png")
    ann.page.click("#leave-confirm")
    expect(ann.page.locator("#play-now")).to_have_text("すぐに対局")
    for p in players[1:]:
        expect(p.page.locator(".notice")).to_contain_text("Ann left")
