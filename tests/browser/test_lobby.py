"""The lobby in a browser: the language switch, and a room created in one browser and joined by its Room ID from
another. (The first load's weight, as it travels compressed, is measured in test_fonts.py.)"""

from __future__ import annotations

from collections.abc import Callable

from tests.browser.helpers import Person, expect


def test_japanese_switch(person: Person) -> None:
    page = person.page
    expect(page.locator("#play-now")).to_have_text("Play now")
    page.click("#lang-switch")
    expect(page.locator("#play-now")).to_have_text("すぐに対局")
    expect(page.locator("#create-room")).to_have_text("作成")
    expect(page.locator("#lang-switch")).to_have_text("English")
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.reload()  # the choice is kept
    expect(page.locator("#play-now")).to_have_text("すぐに対局")
    page.click("#lang-switch")
    expect(page.locator("#play-now")).to_have_text("Play now")


def test_create_a_room_and_join_it_by_its_id(people: Callable[..., Person]) -> None:
    ann, bo = people("Ann"), people("Bo")
    a, b = ann.page, bo.page
    a.select_option("#create-cpu-0", "normal")
    a.select_option("#create-cpu-1", "normal")
    a.click("#create-room")
    room_id = (a.locator("#room-id").text_content() or "").strip()
    assert len(room_id) == 6
    expect(a.locator(".seat-line .nick")).to_have_count(3)  # Ann and two CPUs

    b.fill("#join-id", room_id.lower())  # case does not matter
    b.click("#join-button")
    expect(b.locator("#room-id")).to_have_text(room_id)
    for page in (a, b):
        expect(page.locator(".seat-line .nick")).to_have_text(["Ann", "CPU 2 (normal)", "CPU 3 (normal)", "Bo"],
                                                              use_inner_text=True)  # fmt: skip
    expect(a.locator("#start-button")).to_be_disabled()
    expect(b.locator("#start-button")).to_have_count(0)  # only the creator starts

    a.click("#ready-button")
    b.click("#ready-button")
    for page in (a, b):
        expect(page.locator('.seat-line[data-seat="0"] .tag.ok')).to_be_visible()
        expect(page.locator('.seat-line[data-seat="3"] .tag.ok')).to_be_visible()
    expect(a.locator("#start-button")).to_be_enabled()
    a.click("#start-button")

    ann.wait_table()
    bo.wait_table()
    assert ann.state("you") == 0 and bo.state("you") == 3
    assert ann.state("room.room_id") == bo.state("room.room_id") == room_id
    # the dealer (Ann, seat 0) holds 14 tiles, Bo 13; each sees the other's as backs only
    expect(a.locator("#hand .hand-tile")).to_have_count(14)
    expect(b.locator("#hand .hand-tile")).to_have_count(13)
    expect(b.locator('#table .seat[data-seat="0"] .concealed .tile')).to_have_count(14)
    assert not set(ann.hand()) & set(bo.hand())
