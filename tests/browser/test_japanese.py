"""The Japanese page holds no English: every screen of the tour (``tour.py``), read as the player reads it, has no
Latin word but the players' names, the Room ID and invite link, the brand, the button that switches to English and
a few words written in Latin letters in Japanese too (CPU, ID). CPU seats are named in Japanese, and the server's
refusals are shown in Japanese by their error code.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.tour import tour

#: Latin words a Japanese screen may show besides names: the brand, the switch to English, CPU, ID (ルームID)
ALLOWED = {"jantaku", "English", "CPU", "ID"}
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")

#: the wall's commitment, shortened ("# e474299885…"): a hash, not a word
HEX = re.compile(r"\b[0-9a-f]{8,}…?")
#: the text a player reads: every text node shown on the page (dialog and overlay included), less the tiles'
#: faces (their SVG draws a tile's characters, not words of the page), the shortcut keys on the buttons (kbd) and
#: the hashes of the wall check (code)
VISIBLE_TEXT = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("svg, script, style, kbd, code")) continue;
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    out.push(node.textContent);
  }
  return out.join(" ");
}"""


def foreign_words(person: Person, names: set[str]) -> set[str]:
    page = person.page
    text = page.evaluate(VISIBLE_TEXT)
    for link in page.locator("a.invite").all_inner_texts():
        text = text.replace(link, " ")
    room_id = page.evaluate("() => window.jantaku.state.room && window.jantaku.state.room.room_id")
    if room_id:
        text = text.replace(room_id, " ")
    for name in names:
        text = text.replace(name, " ")
    text = HEX.sub(" ", text)
    return {word for word in LATIN.findall(text) if word not in ALLOWED}


def test_every_screen_in_japanese_is_in_japanese(people: Callable[..., Person], server: LiveServer) -> None:
    host = people("Hiro")
    person = people("Ann")
    names = {"Ann", "Hiro"}
    found: dict[str, set[str]] = {}
    for screen in tour(person, server, host, "ja"):
        person.screenshot(f"ja-{screen}.png")
        words = foreign_words(person, names)
        if words:
            found[screen] = words
        if screen == "room":  # the rules editor and the rules in force, opened
            person.page.click("#room-advanced summary")
            person.page.click("#rules-all summary")
            words = foreign_words(person, names)
            person.screenshot("ja-room-rules.png")
            if words:
                found["room (rules opened)"] = words
            expect(person.page.locator(".seat-line .nick").nth(1)).to_have_text("CPU 2（普通）")
    assert found == {}


def test_the_lobby_with_every_preset_in_japanese(people: Callable[..., Person]) -> None:
    """Each preset's editor, opened in the lobby: option names, explanations, values and ranges in Japanese."""
    person = people("Ann")
    page = person.page
    page.click("#lang-switch")
    page.click("#create-advanced summary")
    presets = page.locator("#create-preset option").evaluate_all("os => os.map(o => o.value)")
    assert "zung-jung" in presets and len(presets) > 5
    found = {}
    for preset in presets:
        page.select_option("#create-preset", preset)
        expect(page.locator("#create-options")).to_have_attribute("data-preset", preset)
        words = foreign_words(person, {"Ann"})
        if words:
            found[preset] = words
    assert found == {}


def test_a_refusal_is_shown_in_the_pages_language(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    page.fill("#join-id", "ZZZZZZ")
    page.click("#join-button")
    expect(page.locator("#notices .notice")).to_have_text("There is no room with that ID.")
    page.click("#lang-switch")
    page.fill("#join-id", "YYYYYY")
    page.click("#join-button")
    expect(page.locator("#notices .notice")).to_have_text("そのルームIDの部屋はありません。")


def test_cpu_seats_are_named_in_the_pages_language(people: Callable[..., Person]) -> None:
    page = people("Ann").page
    page.select_option("#create-cpu-0", "strong")
    page.click("#create-room")
    nick = page.locator(".seat-line .nick").nth(1)
    expect(nick).to_have_text("CPU 2 (strong)")
    page.click("#lang-switch")
    expect(page.locator(".seat-line .nick").nth(1)).to_have_text("CPU 2（強い）")
