"""The superpowers made visible (docs/superpowers.md, js/screens/powerfx.js): what a power shows, to whom, on which
screens. Sense's warning on a tile that would deal in; Foresight's draws in the user's page and in no other seat's;
every seat's badge with its power's line on a tap (phones have no hover), in English and Japanese; each power's
effect animated, and stilled by the reduced-motion option; the effects module and its style sheet fetched only for
a table with powers; the table with the effects on a phone held upright and sideways.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from jantaku.bots import make_player
from jantaku.engine import Game
from jantaku.engine.powers import CATALOGUE
from jantaku.engine.view import seat_view
from jantaku.review.walk import Step, walk
from jantaku.rules import preset
from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import QUIET, SENSE_DEALS_IN, foreseen
from tests.browser.test_powers import BOXES, badge, inside, power_button, shot, start, wait_heard
from tests.browser.test_replay import GAME_ID, NAMES, open_replay, player_of

#: records every animation the page starts: the element's classes and the properties it moves
SPY_ANIMATIONS = """{
  window.__animated = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const cls = this.className && this.className.baseVal !== undefined ? this.className.baseVal : this.className;
    window.__animated.push({ cls: String(cls), props: Object.keys(frames[0] || {}) });
    return animate.call(this, frames, options);
  };
}"""


def animated(person: Person, cls: str, prop: str) -> int:
    """How many animations of ``prop`` the page started on elements with the class ``cls``."""
    records = person.page.evaluate("window.__animated || []")
    return sum(1 for r in records if cls in r["cls"].split() and prop in r["props"])


def test_sense_warns_of_a_tile_that_would_deal_in(server: LiveServer, person: Person) -> None:
    start(server, person, "sense", SENSE_DEALS_IN, cpu_powers=("beacon",) * 3)
    page = person.page
    power_button(person).click()
    asked = person.click_tile("5p")  # seat 1 waits on 5p-8p, all simples
    tile = page.locator(f'#hand .hand-tile[data-tile="{asked}"]')
    mark = tile.locator(".sense-mark")
    expect(mark).to_have_attribute("data-answer", "danger")
    expect(mark.locator(".sr-only")).to_have_text("deals in now")  # said to screen readers, not only in red
    expect(tile).to_have_class(re.compile(r"\bdanger\b"))
    expect(page.locator("#hand .sense-mark")).to_have_count(1)  # only the tile asked about
    answer = page.locator("#power-secrets .secret.sense")
    expect(answer).to_have_attribute("data-deals-in", "1")
    expect(answer.locator(".answer")).to_have_text("deals in now")
    wait_heard(person, "senseDealsIn")
    shot(person, "powers-sense-danger.png")
    page.click("#lang-switch")
    expect(mark.locator(".sr-only")).to_have_text("今切ると放銃")
    expect(answer).to_have_attribute("title", "5p：今切ると放銃")
    shot(person, "powers-sense-danger-ja.png")
    page.click("#lang-switch")


def test_foresight_shows_in_the_users_page_only(server: LiveServer, people: Callable[..., Person]) -> None:
    """Ann and Bo at one table: Ann's Foresight draws show in Ann's page; Bo's page has no trace of them, not in
    its view, not on screen, though Bo sees that Ann used a power."""
    ann, bo = people("Ann"), people("Bo")
    a, b = ann.page, bo.page
    a.check("#create-superpowers")
    a.select_option("#create-cpu-0", "normal")
    a.select_option("#create-cpu-1", "normal")
    a.click("#create-room")
    expect(a.locator("#room-id")).to_be_visible()
    b.fill("#join-id", (a.locator("#room-id").text_content() or "").strip())
    b.click("#join-button")
    expect(b.locator(".seat-line .nick")).to_have_count(4)
    for seat, power in ((0, "foresight"), (1, "sense"), (2, "sense")):
        a.select_option(f"#power-pick-{seat}", power)
        expect(a.locator(f'.seat-line[data-seat="{seat}"] .tag.power')).to_have_attribute("data-power", power)
    b.select_option("#power-pick-3", "sense")
    expect(a.locator('.seat-line[data-seat="3"] .tag.power')).to_have_attribute("data-power", "sense")
    server.stack(QUIET.wall())
    a.click("#ready-button")
    b.click("#ready-button")
    expect(a.locator("#start-button")).to_be_enabled()
    a.click("#start-button")
    ann.wait_table()
    bo.wait_table()
    ann.wait_prompt()
    power_button(ann).click()
    strip = a.locator("#power-secrets .secret.foresight .tile")
    expect(strip).to_have_count(3)
    assert strip.evaluate_all("ts => ts.map(t => t.dataset.tile)") == [str(t) for t in foreseen(QUIET)]
    expect(badge(bo, 0)).to_have_attribute("data-left", str(CATALOGUE["foresight"].per_game - 1))  # Bo sees the use
    expect(b.locator(".notice.power")).to_have_text("Ann used Foresight")
    # ... and nothing of what it showed, nor what it shows now
    expect(b.locator("#power-secrets")).to_have_count(0)
    expect(b.locator("#power-fx")).to_be_empty()
    assert bo.state("update.view.own.secrets") in (None, [])
    assert "private" not in str(bo.state("update.events"))
    shot(ann, "powers-foresight-ann.png")
    shot(bo, "powers-foresight-bo.png")


def test_every_badge_tells_its_power_on_a_tap(server: LiveServer, person: Person) -> None:
    """A phone held upright: every seat's plate has its badge (icon, name, charges) on screen; a tap on one opens
    its power's line, a second tap closes it, a tap elsewhere too; the same in Japanese."""
    page = person.page
    width, height = 390, 844
    page.set_viewport_size({"width": width, "height": height})
    start(server, person, "seal", cpu_powers=("foresight", "beacon", "sense"))
    badges = page.locator("#table .seat-powers .power-badge")
    expect(badges).to_have_count(4)
    for box in page.evaluate(BOXES, "#table .seat-powers .power-badge"):
        assert inside(box, width, height), box
    for seat, name in enumerate(("Seal", "Foresight", "Beacon", "Sense")):
        left = CATALOGUE[name.lower()].per_game
        expect(badge(person, seat)).to_contain_text(name)
        expect(badge(person, seat)).to_contain_text(f"×{left}")
    pop = page.locator("#power-pop")
    badge(person, 2).click()
    expect(pop).to_be_visible()
    expect(pop).to_have_attribute("data-power", "beacon")
    expect(pop).to_contain_text("Reveal the next kan-dora indicator now, for everyone.")
    expect(pop).to_contain_text(f"{CATALOGUE['beacon'].per_game} left in this game")
    box = pop.bounding_box()  # (fixed over the page: not a box BOXES lists)
    assert box and inside([box["x"], box["y"], box["width"], box["height"]], width, height), box
    shot(person, "powers-phone-badge.png")
    badge(person, 2).click()  # the second tap closes it
    expect(pop).to_have_count(0)
    badge(person, 1).click()
    expect(pop).to_have_attribute("data-power", "foresight")
    badge(person, 3).click()  # another badge: its line instead
    expect(pop).to_have_attribute("data-power", "sense")
    page.mouse.click(3, height // 2)  # a tap elsewhere closes it
    expect(pop).to_have_count(0)
    badge(person, 3).click()
    pop.click()  # so does a tap on the line itself
    expect(pop).to_have_count(0)
    page.click("#lang-switch")
    expect(badge(person, 3)).to_contain_text("察知")  # (the table drawn in Japanese: its font face has come)
    badge(person, 3).click()
    expect(pop).to_contain_text("察知")
    expect(pop).to_contain_text("今それを切ると放銃になるか")
    shot(person, "powers-phone-badge-ja.png")
    badge(person, 3).press("Escape")
    expect(pop).to_have_count(0)
    page.click("#lang-switch")


def use(person: Person, power: str) -> None:
    """Uses ``power`` at the first prompt as a person would: the button, then the target or the tile it asks for."""
    power_button(person).click()
    if power == "seal":
        person.page.click('#action-bar .choice[data-target="1"]')
    elif power in ("veil", "sense"):
        person.click_tile("9p")


#: each power: the element its animation moves (a class of it), the property moved, how many, and the sound
EFFECTS = [
    ("foresight", "peek", "rotate", 3, "foresight"),  # the three draws turn over into view, one after another
    ("redraw", "fx-flyer", "translate", 1, "redraw"),  # the returned tile flies back to the wall
    ("veil", "veiled", "rotate", 1, "veil"),  # the tile turns face down into the river
    ("seal", "seal-chain", "scale", 1, "seal"),  # the chain closes on the plate
    ("beacon", "beacon", "rotate", 1, "beacon"),  # the new indicator flips over
    ("sense", "sense-mark", "scale", 1, "senseSafe"),  # the answer pops onto the tile
]


@pytest.mark.parametrize(("power", "cls", "prop", "count", "sound"), EFFECTS, ids=[e[0] for e in EFFECTS])
def test_each_power_is_animated_and_heard(
    server: LiveServer, person: Person, power: str, cls: str, prop: str, count: int, sound: str
) -> None:
    page = person.page
    page.add_init_script(SPY_ANIMATIONS)
    page.reload()
    expect(page.locator("#play-now")).to_be_visible()
    start(server, person, power, cpu_powers=("sense",) * 3)
    use(person, power)
    wait_heard(person, sound)
    page.wait_for_function(f"() => window.__animated.some((r) => r.cls.split(' ').includes({cls!r}))")
    assert animated(person, cls, prop) == count, page.evaluate("window.__animated")
    if power != "veil":  # (Veil is a discard, not a power action: no badge pulse)
        assert animated(person, "power-badge", "scale") >= 1  # the badge of the seat that used it pulses


def test_reduced_motion_stills_the_effects_and_keeps_them(server: LiveServer, person: Person) -> None:
    page = person.page
    page.add_init_script(SPY_ANIMATIONS)
    page.reload()
    expect(page.locator("#play-now")).to_be_visible()
    start(server, person, "seal", cpu_powers=("sense",) * 3)
    person.set_options(reducedMotion=True)
    use(person, "seal")
    chain = person.seat(1).locator(".seal-chain")
    expect(chain).to_be_visible()  # the chain is there, with no movement
    wait_heard(person, "seal")  # (and heard: sound is the volume's to say)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__animated") == []


def test_the_effects_come_only_with_a_table_of_powers(server: LiveServer, person: Person) -> None:
    """A table without powers fetches neither the effects module nor its style sheet."""
    fetched: list[str] = []
    person.page.on("request", lambda request: fetched.append(request.url))
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    person.page.wait_for_timeout(300)
    assert not [url for url in fetched if "powerfx" in url or "powers.css" in url]
    expect(person.page.locator("#power-fx")).to_be_empty()


def phone_table(server: LiveServer, person: Person, width: int, height: int, name: str) -> None:
    """A Seal on seat 1 on a phone of that size: the chain, the badges and the hand all on screen, nothing
    scrolled sideways."""
    page = person.page
    page.set_viewport_size({"width": width, "height": height})
    start(server, person, "seal", cpu_powers=("foresight", "sense", "sense"))
    power_button(person).click()
    page.click('#action-bar .choice[data-target="1"]')
    chain = person.seat(1).locator(".seal-chain")
    expect(chain).to_be_visible()
    for selector in ("#table .seal-chain", "#table .seat-powers .power-badge", "#hand .hand-tile"):
        boxes = page.evaluate(BOXES, selector)
        assert boxes, selector
        assert all(inside(box, width, height) for box in boxes), (selector, boxes)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    shot(person, name)


def test_a_sealed_plate_on_a_phone_upright(server: LiveServer, person: Person) -> None:
    phone_table(server, person, 390, 844, "powers-phone-portrait.png")


def test_a_sealed_plate_on_a_phone_sideways(server: LiveServer, person: Person) -> None:
    phone_table(server, person, 844, 390, "powers-phone-landscape.png")


@cache
def power_game() -> Game:
    """An East game of normal CPUs under the superpower rules, each seat holding a power."""
    rules = preset("superpower").with_options(length="east")
    game = Game(rules, 5, powers=("seal", "foresight", "veil", "beacon"))
    players = [make_player("normal", rules, seed=i) for i in range(rules.players)]
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, players[seat].act(seat_view(game, seat)))
    return game


def first_step(found: Callable[[dict[str, Any]], Any]) -> tuple[int, Any]:
    """The replay's first step with an event for which ``found`` says something, and what it says."""
    items = [item for item in walk(power_game().log) if isinstance(item, Step)]
    for i, item in enumerate(items):
        for event in item.events:
            said = found(event.to_json())
            if said:
                return i, said
    raise AssertionError("no such step")


def test_the_replay_lists_the_powers_used_in_its_result(server: LiveServer, people: Callable[..., Person]) -> None:
    """The replay's result cards are the live results' (results.js): they list the hand's powers as the live one
    does, each seat by its name, a Seal with its target."""
    ann = people("Ann")
    game = power_game()
    names = NAMES[: game.rules.players]
    store = server.app.state.store
    seats = [{"nickname": n, **({"cpu": "normal"} if i else {"player": player_of(ann)})} for i, n in enumerate(names)]
    store.game_started(GAME_ID, "ROOM01", game.rules.name, game.rules.options(), str(game.seed), game.log[0], seats,
                       {"id": "ROOM01", "seats": [None] * len(names)})  # fmt: skip
    assert game.final is not None
    store.game_finished(GAME_ID, "finished", {**game.final.to_json(), "nicknames": names}, [], game.log)
    store.flush()
    seal, event = first_step(lambda e: e if e["type"] == "power" and e["info"]["power"] == "seal" else None)
    open_replay(ann, f"?step={seal}")  # the step line names the power and its target
    line = f"{names[event['actor']]} uses Seal on {names[event['target']]}"
    expect(ann.page.locator("#replay-line")).to_contain_text(line)
    step, powers = first_step(lambda e: e["type"] == "end_kyoku" and e["info"].get("powers"))
    ann.page.locator("#replay-slider").fill(str(step))
    card = ann.page.locator("#replay-overlay #result")
    expect(card).to_be_visible()
    used = card.locator("#powers-used .power-used")
    expect(used).to_have_count(len(powers))
    icons = {"seal": "⊘ Seal", "foresight": "◉ Foresight", "veil": "▣ Veil", "beacon": "✦ Beacon"}
    for i, p in enumerate(powers):
        target = f" → {names[p['target']]}" if "target" in p else ""
        expect(used.nth(i)).to_have_text(f"{names[p['seat']]} {icons[p['power']]}{target}")
    expect(ann.page.locator("#replay-board .seat-powers .power-badge")).to_have_count(len(names))
    shot(ann, "powers-replay-result.png")
