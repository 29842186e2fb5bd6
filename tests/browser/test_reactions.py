"""Quick reactions at the table, between two people: one picks a phrase by her hand, the other sees it as a bubble
by her name plate, in his language; after he mutes her (a toggle on her plate, kept over a reload) her bubbles are
not shown to him, and after he unmutes her they are again."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.server.protocol import REACTION_PHRASES
from tests.browser.helpers import LiveServer, Person, expect, two_at_a_table


@pytest.fixture
def server(browser: Any, tmp_path: Path) -> Iterator[LiveServer]:
    """A table that waits a minute for Ann's first discard: the hand does not move while they talk."""
    live = LiveServer(tmp_path, think_seconds=60.0, bank_seconds=0.0).start()
    yield live
    live.stop()


def react(person: Person, phrase: str) -> None:
    person.page.click("#react-button")
    menu = person.page.locator("#reaction-menu")
    expect(menu).to_be_visible()
    menu.locator(f'button[data-phrase="{phrase}"]').click()
    expect(menu).to_have_count(0)  # the menu closes with the choice


def test_a_reaction_is_seen_by_the_table_unless_muted(people: Callable[..., Person]) -> None:
    ann, bo = people("Ann"), people("Bo")
    two_at_a_table(ann, bo)
    a, b = ann.page, bo.page
    ann_bubble_at_bo = b.locator('.seat[data-seat="0"] .reaction-bubble')

    # the menu holds exactly the server's phrases, worded in the page's language
    a.click("#react-button")
    phrases = a.locator("#reaction-menu button.phrase")
    assert phrases.evaluate_all("bs => bs.map(b => b.dataset.phrase)") == list(REACTION_PHRASES)
    expect(phrases).to_have_text(["Have a good game", "Nice!", "Thanks", "Sorry", "Wow!", "Good game"])
    a.locator("#react-button").scroll_into_view_if_needed()
    ann.screenshot("reactions-menu.png")
    a.click("#react-button")  # closes it again
    expect(phrases).to_have_count(0)

    react(ann, "nice")
    expect(ann_bubble_at_bo).to_have_text("Nice!")
    expect(a.locator('.seat[data-seat="0"] .reaction-bubble')).to_have_text("Nice!")  # her own, from the server
    b.wait_for_timeout(300)  # the bubble has popped up
    bo.screenshot("reactions-bubble.png")
    expect(ann_bubble_at_bo).to_have_count(0, timeout=6000)  # it goes after a few seconds

    b.click("#lang-switch")
    react(ann, "thanks")
    expect(ann_bubble_at_bo).to_have_text("ありがとう")
    b.wait_for_timeout(300)
    bo.screenshot("reactions-bubble-ja.png")

    # Bo mutes Ann: her bubble goes at once, and the next ones are not shown to him
    mute = b.locator('.seat-info[data-seat="0"] .mute-toggle')
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(ann_bubble_at_bo).to_have_count(0)
    b.wait_for_timeout(3100)  # Ann's reactions: three at once, then one every three seconds
    react(ann, "wow")
    expect(a.locator('.seat[data-seat="0"] .reaction-bubble')).to_have_text("Wow!")
    b.wait_for_function("() => (window.jantaku.state.reactions[0] || {}).phrase === 'wow'")  # it did arrive
    expect(ann_bubble_at_bo).to_have_count(0)
    assert b.locator(".reaction-bubble").count() == 0
    # no mute toggle on his own plate nor on the CPUs' (they never react)
    expect(b.locator(".mute-toggle")).to_have_count(1)

    b.reload()  # the mute is kept with the page's options
    bo.wait_table()
    mute = b.locator('.seat-info[data-seat="0"] .mute-toggle')
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(mute).to_have_class(re.compile(r"\bon\b"))
    mute.click()  # unmuted: her bubbles are shown again
    expect(mute).to_have_attribute("aria-pressed", "false")
    a.wait_for_timeout(3100)
    react(ann, "good_game")
    expect(ann_bubble_at_bo).to_have_text("お疲れさまでした")


#: Bo has muted 200 players before (the most the options keep): the oldest is "old-0", the newest "old-199"
MUTED_BEFORE = """(() => {
  if (localStorage.getItem('jantaku.options')) return;
  const names = Array.from({ length: 200 }, (_, i) => `old-${i}`);
  localStorage.setItem('jantaku.options', JSON.stringify({ mutedPlayers: names }));
})()"""


def test_the_menu_and_the_bubbles_stay_with_their_table_and_the_mutes_are_capped(
    people: Callable[..., Person],
) -> None:
    ann, bo = people("Ann"), people()
    bo.page.context.add_init_script(MUTED_BEFORE)
    bo.open("Bo")
    two_at_a_table(ann, bo)
    b = bo.page

    # a mute beyond the 200 kept forgets the oldest
    b.locator('.seat-info[data-seat="0"] .mute-toggle').click()
    muted = bo.state("options.mutedPlayers")
    assert len(muted) == 200 and muted[-1] == "Ann" and muted[0] == "old-1", muted[:2] + muted[-2:]
    stored = b.evaluate("() => JSON.parse(localStorage.getItem('jantaku.options')).mutedPlayers")
    assert stored == muted

    # Bo leaves with his bubble up and the menu open: neither follows him to his next table
    react(bo, "hello")
    expect(b.locator('.seat[data-seat="3"] .reaction-bubble')).to_have_text("Have a good game")
    b.click("#react-button")
    expect(b.locator("#reaction-menu")).to_be_visible()
    b.click("#leave-table")
    b.click("#leave-confirm")
    expect(b.locator("#play-now")).to_be_visible()
    assert bo.state("reactionMenu") is False and bo.state("reactions") == {}
    bo.play_now()
    expect(b.locator("#react-button")).to_have_attribute("aria-expanded", "false")
    expect(b.locator("#reaction-menu")).to_have_count(0)
    expect(b.locator(".reaction-bubble")).to_have_count(0)
    bo.screenshot("reactions-next-table.png")
