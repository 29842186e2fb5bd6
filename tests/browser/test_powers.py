"""Superpower matches in a browser (docs/superpowers.md): the rule's toggle and the power pickers of the room, then each
power used by clicks at the table against CPUs, with what it shows checked on screen, heard, and listed in the
hand's result.

The person (seat 0) deals the first hand from the QUIET scenario's stacked wall (tests/browser/scenarios.py): a
hand with nothing to declare that draws 9p first, the CPUs 7z, 9m, 1p, then the person 6z. Powers are offered after
every normal draw while charges last, so the first prompt offers the chosen one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from jantaku.engine.powers import CATALOGUE
from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import QUIET, SUPERPOWER_RULES, VEIL_RON, VEIL_RON_POWERS, Scenario, dry_run, foreseen

POWERS = ("foresight", "redraw", "veil", "seal", "beacon", "sense")
#: the person's own next four draws at QUIET's first prompt (Foresight shows the first three, then, after the first
#: is drawn, the next three)
FORESEEN = foreseen(QUIET, 4)


def create_room(person: Person, toggle: bool = True) -> str:
    """A room against three normal CPUs with superpowers on (the toggle on the standard rules, or the preset)."""
    page = person.page
    if toggle:
        page.check("#create-superpowers")
    else:
        page.select_option("#create-preset", "superpower")
        expect(page.locator("#create-superpowers")).to_be_checked()
    for i in range(3):
        page.select_option(f"#create-cpu-{i}", "normal")
    page.click("#create-room")
    expect(page.locator("#room-id")).to_be_visible()
    return (page.locator("#room-id").text_content() or "").strip()


def pick(person: Person, seat: int, power: str) -> None:
    """Chooses ``power`` for ``seat`` with the room's picker and waits for the room to show it."""
    person.page.select_option(f"#power-pick-{seat}", power)
    expect(person.page.locator(f'.seat-line[data-seat="{seat}"] .tag.power')).to_have_attribute("data-power", power)


def start(server: LiveServer, person: Person, power: str, scenario: Scenario = QUIET,
          cpu_powers: tuple[str, ...] = (), toggle: bool = True) -> None:  # fmt: skip
    """A superpower room where the person holds ``power`` (the CPUs ``cpu_powers`` if given), started on the
    scenario's wall, at the first prompt."""
    create_room(person, toggle)
    pick(person, 0, power)
    for seat, cpu_power in enumerate(cpu_powers, start=1):
        pick(person, seat, cpu_power)
    server.stack(scenario.wall())
    person.page.click("#ready-button")
    expect(person.page.locator("#start-button")).to_be_enabled()
    person.page.click("#start-button")
    person.wait_table()
    person.wait_prompt()
    expect(power_button(person)).to_have_attribute("data-power", power)


def my_turn(person: Person) -> None:
    """Waits for the person's next draw, skipping any call offered on the way (the CPUs' powers may change what
    the stacked wall would have them throw)."""
    while True:
        person.wait_prompt()
        if person.state("update.view.own.drawn") is not None:
            return
        person.press("pass")


def power_button(person: Person) -> Any:
    return person.page.locator("#act-power")


def badge(person: Person, seat: int = 0) -> Any:
    """The seat's power badge at the table (icon, name, charges left)."""
    return person.seat(seat).locator(".seat-powers .power-badge")


def toast(person: Person) -> Any:
    return person.page.locator(".notice.power")


HEARD = "async () => ({ ...(await import('/static/js/sound.js')).heard })"


#: resolves once the animations under way have ended (the endless ones aside: the turn's glow)
SETTLED = """() => Promise.allSettled(document.getAnimations()
  .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity).map((a) => a.finished))"""


def shot(person: Person, name: str) -> None:
    """A screenshot once the powers' effects have played (the picture shows where they end)."""
    person.page.evaluate(SETTLED)
    person.screenshot(name)


def wait_heard(person: Person, sound: str) -> None:
    """Waits until the page has played ``sound`` (sound.js counts what it really made heard)."""
    person.page.wait_for_function(f"async () => ((await ({HEARD})())[{sound!r}] || 0) >= 1")


def test_room_toggle_pickers_and_rules(people: Callable[..., Person]) -> None:
    ann = people("Ann")
    page = ann.page
    create_room(ann)
    # every seat shows its power; Ann (creator) has a picker for her seat and for each CPU's
    for seat in range(4):
        expect(page.locator(f"#power-pick-{seat}")).to_be_visible()
        expect(page.locator(f'.seat-line[data-seat="{seat}"] .tag.power')).to_have_attribute("title", re.compile(r"\w"))
    pick(ann, 0, "foresight")
    pick(ann, 2, "seal")
    cpu_tag = page.locator('.seat-line[data-seat="2"] .tag.power')
    expect(cpu_tag).to_have_attribute("title", re.compile(r"^Seal: A chosen"))
    assert ann.state("room.seats[0].power") == "foresight" and ann.state("room.seats[2].power") == "seal"
    # the rules in force list the powers with a line each
    rows = page.locator("#powers-list tr")
    expect(rows).to_have_count(len(POWERS))
    expect(page.locator('#powers-list tr[data-power="foresight"]')).to_contain_text(
        "See your own next 3 draws as the wall stands, for the rest of the hand"
    )
    expect(page.locator("#room-superpowers")).to_be_checked()
    shot(ann, "powers-room.png")
    page.click("#lang-switch")
    expect(page.locator('#powers-list tr[data-power="foresight"] th')).to_have_text("先読み")
    expect(page.locator("#power-pick-0 option:checked")).to_have_text("先読み")
    page.click("#lang-switch")
    expect(page.locator('#powers-list tr[data-power="foresight"] th')).to_have_text("Foresight")

    # another person sees the powers but has no picker for a seat not theirs
    bo = people("Bo")
    room_id = (page.locator("#room-id").text_content() or "").strip()
    page.click('.seat-line[data-seat="3"] button:has-text("Remove")')
    expect(page.locator(".seat-line .nick")).to_have_count(3)
    bo.page.fill("#join-id", room_id)
    bo.page.click("#join-button")
    expect(bo.page.locator('.seat-line[data-seat="0"] .tag.power')).to_contain_text("Foresight")
    expect(bo.page.locator("#power-pick-0")).to_have_count(0)
    expect(bo.page.locator("#power-pick-3")).to_be_visible()  # Bo's own seat
    expect(bo.page.locator("#power-pick-2")).to_have_count(0)  # a CPU seat: the creator's to choose


def test_play_now_with_a_power(person: Person) -> None:
    page = person.page
    expect(page.locator("#play-power")).to_have_count(0)  # the standard rules have no powers
    page.select_option("#play-preset", "superpower")
    page.select_option("#play-power", "beacon")
    person.play_now()
    # every nameplate shows its seat's power and charges
    most = max(spec.per_game for spec in CATALOGUE.values())
    for seat in range(4):
        expect(badge(person, seat)).to_have_attribute("data-left", re.compile(rf"^[1-{most}]$"))
    expect(badge(person)).to_contain_text("Beacon")
    expect(badge(person)).to_have_attribute("title", re.compile(r"^Beacon: Reveal the next kan-dora indicator"))


def test_foresight_shows_the_own_next_three_draws(server: LiveServer, person: Person) -> None:
    start(server, person, "foresight", cpu_powers=("sense",) * 3)  # (a CPU's Redraw would move the person's draws)
    button = power_button(person)
    charges = CATALOGUE["foresight"].per_game
    expect(button).to_contain_text(f"×{charges}")
    expect(button).to_have_attribute("title", re.compile(r"own next 3 draws"))
    expect(badge(person)).to_have_attribute("data-left", str(charges))
    button.click()
    panel = person.page.locator("#power-secrets .secret.foresight")
    tiles = panel.locator(".tile")
    expect(tiles).to_have_count(3)
    # every fourth tile of the live wall from the front: the person's own next draws (QUIET: 6z, then the rest)
    assert tiles.evaluate_all("ts => ts.map(t => t.dataset.tile)") == [str(t) for t in FORESEEN[:3]]
    assert tiles.first.get_attribute("title") == "6z"
    expect(toast(person)).to_have_text("Ann used Foresight")
    expect(badge(person)).to_have_attribute("data-left", str(charges - 1))
    expect(button).to_have_count(0)  # one use per hand
    wait_heard(person, "foresight")
    shot(person, "powers-foresight.png")
    person.page.click("#lang-switch")  # the same in Japanese
    expect(panel).to_contain_text("次の自分のツモ")
    expect(badge(person)).to_contain_text("先読み")
    person.page.click("#lang-switch")
    person.click_tile("9p")
    expect(person.seat(0).locator(".river .tile")).to_have_count(1)
    my_turn(person)  # the first foreseen tile is drawn; Foresight lasts the hand: the next three show now
    expect(person.page.locator("#hand .hand-tile.drawn")).to_have_attribute("title", "6z")
    expect(tiles.nth(2)).to_have_attribute("data-tile", str(FORESEEN[3]))
    assert tiles.evaluate_all("ts => ts.map(t => t.dataset.tile)") == [str(t) for t in FORESEEN[1:]]


def test_redraw_changes_the_drawn_tile(server: LiveServer, person: Person) -> None:
    start(server, person, "redraw")
    page = person.page
    drawn = page.locator("#hand .hand-tile.drawn")
    expect(drawn).to_have_attribute("title", "9p")
    left = page.locator("#tiles-left").text_content()
    power_button(person).click()
    expect(drawn).to_have_attribute("title", "7z")  # 9p went face down to the wall's end: the next tile is drawn
    expect(page.locator("#tiles-left")).to_have_text(left or "")
    expect(page.locator("#power-secrets .secret.redraw .tile")).to_have_count(2)
    expect(toast(person)).to_have_text("Ann used Redraw")
    expect(badge(person)).to_have_attribute("data-left", str(CATALOGUE["redraw"].per_game - 1))
    person.wait_prompt()
    person.click_tile("7z")
    expect(person.seat(0).locator(".river .tile")).to_have_count(1)


def test_veil_discards_face_down(server: LiveServer, people: Callable[..., Person]) -> None:
    veil, ron = dry_run(VEIL_RON, rules=SUPERPOWER_RULES, powers=VEIL_RON_POWERS)[0]
    assert veil.sent["veil"] and ron.buttons == {"ron", "pass"}
    ann = people("Ann")
    start(server, ann, "veil", VEIL_RON, cpu_powers=VEIL_RON_POWERS[1:])
    page = ann.page
    room_id = ann.state("room.room_id")
    watcher = people("Cy")
    watcher.page.goto(f"{watcher.url}/?watch={room_id}")
    expect(watcher.page.locator("#table")).to_be_visible()

    button = power_button(ann)
    expect(button).to_have_attribute("title", re.compile(r"face down"))
    button.click()  # a toggle: the next tile click is a veiled discard
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#action-bar .label")).to_contain_text("Veil: click the tile")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(page.locator(".own.picking.veil")).to_be_visible()
    tile = ann.click_tile("9p")
    assert tile == veil.sent["tile"]
    mine = ann.seat(0).locator(".river .tile").first
    expect(mine).to_have_class(re.compile(r"\bveiled\b"))  # the owner sees its face, marked veiled
    assert int(mine.get_attribute("data-tile") or -1) == tile
    expect(ann.seat(0).locator(".seat-info .score")).to_have_text("25,000")  # Veil costs nothing
    # someone else sees it face down
    theirs = watcher.seat(0).locator(".river .tile").first
    expect(theirs).to_have_class(re.compile(r"\bface-down\b"))
    assert theirs.get_attribute("data-tile") is None
    expect(watcher.seat(0).locator(".seat-powers .power-badge")).to_have_attribute("data-left", "1")

    ann.wait_prompt()  # seat 1 throws 4m
    expect(page.locator("#act-power")).to_have_count(0)
    shot(ann, "powers-veil.png")
    ann.press("ron")
    result = page.locator("#result")
    expect(result).to_be_visible()
    reveal = result.locator("#veiled-reveal")  # the hand is over: the face-down tile is turned up
    expect(reveal).to_contain_text("Ann")
    expect(reveal.locator(".tile")).to_have_count(1)
    used = result.locator("#powers-used .power-used")  # the powers used in the hand, in order
    expect(used).to_have_count(1)
    expect(used).to_have_text("Ann ▣ Veil")
    expect(used).to_have_attribute("data-power", "veil")
    shot(ann, "powers-veil-result.png")


def test_seal_chains_the_target_for_two_of_its_turns(server: LiveServer, person: Person) -> None:
    start(server, person, "seal", cpu_powers=("sense",) * 3)  # Sense changes no tile: the stacked wall holds
    page = person.page
    power_button(person).click()
    choices = page.locator("#action-bar .choice")
    expect(choices).to_have_count(3)  # the three opponents
    expect(page.locator("#action-bar .label")).to_have_text("Seal: choose an opponent")
    page.click('#action-bar .choice[data-target="1"]')
    mark = person.seat(1).locator(".seal-mark")
    expect(mark).to_be_visible()
    expect(mark).to_have_attribute("title", re.compile(r"Sealed by Ann"))
    expect(mark).to_have_attribute("data-turns", "2")
    chain = person.seat(1).locator(".seat-info .seal-chain")  # the plate in chains, with the turns left
    expect(chain).to_be_visible()
    expect(chain).to_have_attribute("aria-label", "Sealed for 2 more turns")
    expect(chain.locator(".seal-turns")).to_have_text("⊘ 2")
    expect(person.seat(2).locator(".seal-chain")).to_have_count(0)
    expect(toast(person)).to_have_text("Ann sealed CPU 2 (normal)")
    expect(badge(person)).to_have_attribute("data-left", "2")
    wait_heard(person, "seal")
    shot(person, "powers-seal.png")
    person.wait_prompt()
    person.click_tile("9p")
    my_turn(person)  # the target has played one turn: one left
    expect(chain).to_have_attribute("data-turns", "1")
    expect(chain).to_have_attribute("aria-label", "Sealed for 1 more turn")
    person.click_drawn_or_last()
    my_turn(person)  # its second turn is over: the chain is gone
    expect(chain).to_have_count(0)
    expect(mark).to_have_count(0)


def test_a_seal_shows_through_the_others_turns(server: LiveServer, person: Person) -> None:
    """With CPUs that take their time (as at a real table), the chain stays on the target while the others play
    (docs/superpowers.md#seal: until the end of the target's next two turns)."""
    server.hub.settings = replace(server.hub.settings, cpu_delay=1.5)
    start(server, person, "seal", cpu_powers=("sense",) * 3)  # Sense changes no tile: the stacked wall holds
    page = person.page
    power_button(person).click()
    page.click('#action-bar .choice[data-target="1"]')
    mark = person.seat(1).locator(".seal-mark")
    expect(mark).to_be_visible()
    person.wait_prompt()
    person.click_tile("9p")
    # the sealed seat and the next have played, the last has not (each CPU takes 1.5 s): checked in one step in
    # the page, so the moment cannot slip by between checks; the chain is still up then, one turn left
    page.wait_for_function(
        """() => {
          const river = (seat) => document.querySelectorAll(`#table .seat[data-seat="${seat}"] .river .tile`).length;
          const chain = document.querySelector('#table .seat[data-seat="1"] .seal-chain');
          return river(2) >= 1 && river(3) === 0 && chain !== null && chain.dataset.turns === "1";
        }"""
    )


def test_beacon_adds_a_dora_indicator(server: LiveServer, person: Person) -> None:
    start(server, person, "beacon", toggle=False)  # the "superpower" preset
    indicators = person.page.locator(".centre .dora .tile")
    expect(indicators).to_have_count(1)
    charges = CATALOGUE["beacon"].per_game
    expect(badge(person)).to_have_attribute("data-left", str(charges))
    power_button(person).click()
    expect(indicators).to_have_count(2)
    expect(person.page.locator(".centre .dora .tile.beacon")).to_have_count(1)
    expect(toast(person)).to_contain_text("Ann lit a Beacon")
    expect(badge(person)).to_have_attribute("data-left", str(charges - 1))  # one a hand: the rest wait for later
    expect(badge(person)).not_to_have_class(re.compile(r"\bready\b"))
    wait_heard(person, "beacon")
    shot(person, "powers-beacon.png")


def test_sense_asks_about_a_tile_and_marks_it(server: LiveServer, person: Person) -> None:
    start(server, person, "sense", cpu_powers=("beacon",) * 3)
    page = person.page
    button = power_button(person)
    button.click()  # a toggle: the next tile click asks about that tile
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#action-bar .label")).to_have_text(re.compile(r"^Sense: click a tile"))
    page.keyboard.press("Escape")  # Escape cancels, as the button again does
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(page.locator(".own.picking.sense")).to_be_visible()
    asked = person.click_tile("2m")
    tile = page.locator(f'#hand .hand-tile[data-tile="{asked}"]')
    expect(tile.locator(".sense-mark")).to_have_attribute("data-answer", "safe")  # the CPU hands wait on nothing
    expect(tile.locator(".sense-mark .sr-only")).to_have_text("safe now")
    expect(tile).to_have_class(re.compile(r"\bsensed\b"))
    answer = page.locator("#power-secrets .secret.sense")
    expect(answer).to_have_attribute("data-deals-in", "0")
    expect(answer).to_have_attribute("title", "2m: safe now, no one would ron it")
    expect(toast(person)).to_have_text("Ann used Sense")
    expect(badge(person)).to_have_attribute("data-left", str(CATALOGUE["sense"].per_game - 1))
    expect(button).to_have_count(0)  # one use per hand
    wait_heard(person, "senseSafe")
    shot(person, "powers-sense.png")
    person.wait_prompt()
    person.click_tile("9p")  # a discard: the answer was for that moment, its mark goes
    expect(person.seat(0).locator(".river .tile")).to_have_count(1)
    expect(page.locator("#hand .sense-mark")).to_have_count(0)
    expect(answer).to_be_visible()  # (the hand's record of it stays)


#: every element of ``selector`` that is shown, as [x, y, width, height]
BOXES = """(sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null).map(e => {
  const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })"""


def inside(box: list[float], width: int, height: int) -> bool:
    x, y, w, h = box
    return w > 0 and h > 0 and x >= -0.5 and y >= -0.5 and x + w <= width + 0.5 and y + h <= height + 0.5


def overlap(a: list[float], b: list[float]) -> bool:
    return (
        a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5
    )


def test_power_controls_fit_a_phone_in_landscape(server: LiveServer, person: Person) -> None:
    """A phone held sideways (844 × 390): the power button, the Seal target row, the hand and the badges are all on
    screen, none of the action buttons cover each other, and the page never scrolls sideways."""
    page = person.page
    width, height = 844, 390
    page.set_viewport_size({"width": width, "height": height})
    start(server, person, "seal")

    def check(what: str) -> None:
        buttons = page.evaluate(BOXES, "#action-bar button")
        tiles = page.evaluate(BOXES, "#hand .hand-tile")
        badges = page.evaluate(BOXES, ".seat-powers .power-badge")
        assert buttons and len(tiles) == 14 and len(badges) == 4, (what, buttons, tiles, badges)
        for box in buttons + tiles:
            assert inside(box, width, height), (what, box)
        for i, a in enumerate(buttons):
            assert not any(overlap(a, b) for b in buttons[i + 1 :]), (what, a, buttons)
            assert not any(overlap(a, t) for t in tiles), (what, a, tiles)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width, what

    check("the first prompt, the power button offered")
    expect(power_button(person)).to_be_visible()
    power_button(person).click()
    expect(page.locator("#action-bar .choice")).to_have_count(3)
    check("the Seal target row")
    shot(person, "powers-phone-seal.png")
    page.click('#action-bar .choice[data-target="2"]')
    expect(person.seat(2).locator(".seal-mark")).to_be_visible()
    assert inside(page.evaluate(BOXES, ".seal-mark")[0], width, height)
