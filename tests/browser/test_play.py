"""Playing in a browser: a whole hand of "Play now" by clicking tiles, and a reload in the middle of a hand."""

from __future__ import annotations

import time

from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import QUIET


def test_play_now_a_whole_hand_by_clicking(server: LiveServer, person: Person) -> None:
    page = person.page
    person.play_now()
    assert person.state("you") == 0 and person.state("room.phase") == "playing"
    expect(page.locator("#table .seat")).to_have_count(4)
    person.screenshot("table.png")
    discards = 0
    deadline = time.monotonic() + 90
    while not person.wait_result_or_prompt():
        assert time.monotonic() < deadline, "the hand does not end"
        if person.buttons() & {"pass"}:
            person.press("pass")  # Skip: a call or a win on another's tile
        else:
            tile = person.click_drawn_or_last()
            # the tile lands in the river (unless the hand ends on it: then the result screen comes up)
            page.wait_for_function(
                """(tile) => !document.getElementById('overlay').hidden
              || document.querySelector(`#table .seat[data-seat="0"] .river .tile[data-tile="${tile}"]`)""",
                arg=tile,
            )
            discards += 1
    assert discards >= 1
    result = page.locator("#result")
    expect(result).to_be_visible()
    if result.locator(".hora").count():
        expect(result.locator(".win-title").first).to_contain_text("wins")
    else:
        expect(result.locator(".ryukyoku h2")).to_contain_text("Draw")
    expect(result.locator(".payments").first).to_be_visible()
    person.screenshot("hand-result.png")
    runner = server.hub.rooms[person.state("room.room_id")].runner
    assert runner is not None and runner.pending_continue == {0}  # the table waits until the result is read
    while page.locator("#overlay").is_visible():  # one screen per winner
        person.dismiss_result()
    expect(page.locator("#overlay")).to_be_hidden()
    deadline = time.monotonic() + 5
    while runner.pending_continue:  # the browser said continue
        assert time.monotonic() < deadline, "the browser did not send continue"
        time.sleep(0.02)
    # the next hand is dealt and play goes on: the person's first decision in it comes before their first discard
    # (how many the CPUs made before it depends on the wall: calls among them can go past one each)
    assert not person.wait_result_or_prompt()
    assert person.river(0) == []


def test_reload_returns_to_the_same_seat_and_view(server: LiveServer, person: Person) -> None:
    page = person.page
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    person.click_tile("9p")
    person.wait_prompt()  # the second turn: mid-hand, a drawn tile in the hand
    room = person.state("room.room_id")
    before = {
        "hand": person.hand(),
        "rivers": [person.river(s) for s in range(4)],
        "round": page.locator("#round-label").text_content(),
        "left": page.locator("#tiles-left").text_content(),
    }
    assert len(before["hand"]) == 14 and len(before["rivers"][0]) == 1

    page.reload()
    person.wait_table()
    person.wait_prompt()
    after = {
        "hand": person.hand(),
        "rivers": [person.river(s) for s in range(4)],
        "round": page.locator("#round-label").text_content(),
        "left": page.locator("#tiles-left").text_content(),
    }
    assert after == before
    assert person.state("you") == 0 and person.state("room.room_id") == room
    # the seat is still ours to play
    person.click_tile("6z")
    expect(person.seat(0).locator(".river .tile")).to_have_count(2)
