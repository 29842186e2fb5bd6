"""What makes the table pleasant to play at: sounds (with a volume and a mute), the discard sliding into the river,
the scores rolling at a hand's end, the cue that it is your turn (the hand lit, the tab's title), the copies of a
tile lit on hover or tap, and dragging the hand into order with auto-sort off. Reduced motion keeps all of it
working without the movement."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import watch
from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import QUIET, RON

#: counts the audio nodes the page really starts (every sound is made of a few)
SPY_AUDIO = """
window.__audioStarts = 0;
const start = AudioScheduledSourceNode.prototype.start;
AudioScheduledSourceNode.prototype.start = function (...args) {
  window.__audioStarts += 1;
  return start.apply(this, args);
};
"""

#: records, for every river tile put on the table, its seat, tile and how many animations it had when it arrived
WATCH_RIVERS = """
window.__riverTiles = [];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      const tiles = node.matches('.river .tile') ? [node] : [...node.querySelectorAll('.river .tile')];
      for (const tile of tiles) {
        window.__riverTiles.push({ seat: Number(tile.closest('.seat').dataset.seat), tile: tile.dataset.tile ?? null,
          animations: tile.getAnimations().filter((a) => a.playState === 'running').length });
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""

#: records every title the tab shows
WATCH_TITLE = """
window.__titles = [];
document.addEventListener('DOMContentLoaded', () => {
  const title = document.querySelector('title');
  window.__titles.push(document.title);
  new MutationObserver(() => window.__titles.push(document.title))
    .observe(title, { childList: true, characterData: true, subtree: true });
});
"""

#: records every score and difference the plates show: [{seat, score, delta}]
WATCH_SCORES = """() => {
  window.__plates = [];
  const table = document.getElementById('table');
  const look = () => {
    for (const plate of table.querySelectorAll('.seat-info')) {
      const score = plate.querySelector('.score');
      const delta = plate.querySelector('.score-delta');
      const entry = { seat: Number(plate.dataset.seat), score: score ? score.textContent : null,
        delta: delta ? delta.textContent : null };
      const last = window.__plates.filter((e) => e.seat === entry.seat).pop();
      if (!last || last.score !== entry.score || last.delta !== entry.delta) window.__plates.push(entry);
    }
  };
  new MutationObserver(look).observe(table, { childList: true, characterData: true, subtree: true });
}"""

HEARD = "async () => ({ ...(await import('/static/js/sound.js')).heard })"
BASE_TITLE = "jantaku — mahjong table"
TURN_TITLE = "● Your turn — jantaku"


def heard(person: Person) -> dict[str, int]:
    result: dict[str, int] = person.page.evaluate(HEARD)
    return result


def starts(person: Person) -> int:
    return int(person.page.evaluate("window.__audioStarts"))


def number(text: str) -> int:
    return int(text.replace(",", "").replace("−", "-"))


# ---------------------------------------------------------------------- sound
def test_sounds_follow_the_events_and_the_options(server: LiveServer, person: Person) -> None:
    page = person.page
    page.context.add_init_script(SPY_AUDIO)
    page.reload()  # (the spy is in from the page's start)
    expect(page.locator("#play-now")).to_be_visible()
    server.stack(QUIET.wall())
    person.play_now()  # a click: the browser lets the page make sound from now on
    person.wait_prompt()
    page.wait_for_function(f"async () => (await ({HEARD})()).turn >= 1")  # the chime: a decision is ours
    before, nodes = heard(person), starts(person)
    person.click_tile("9p")
    expect(person.seat(0).locator(".river .tile")).to_have_count(1)
    page.wait_for_function(f"async () => ((await ({HEARD})()).discard || 0) > {before.get('discard', 0)}")
    assert starts(person) > nodes  # the audio nodes were really started
    person.wait_prompt()
    after_round = heard(person)
    assert after_round.get("draw", 0) >= 1  # the CPUs' draws tick
    assert after_round["turn"] == before["turn"] + 1

    # muted: the next discard, the CPUs' turns and the chime make no sound at all
    person.set_options(mute=True)
    before, nodes = heard(person), starts(person)
    person.click_tile("6z")
    expect(person.seat(0).locator(".river .tile")).to_have_count(2)
    person.wait_prompt()
    page.wait_for_timeout(300)
    assert heard(person) == before
    assert starts(person) == nodes

    # the volume is kept with the other options, across a reload
    page.click("#options-button")
    expect(page.locator("#opt-volume")).to_be_disabled()  # muted: the slider rests
    page.locator("#opt-mute").click()
    page.locator("#opt-volume").fill("30")
    expect(page.locator("#opt-volume-value")).to_have_text("30%")
    page.click("#options-close")
    page.reload()
    person.wait_table()
    stored = page.evaluate("JSON.parse(localStorage.getItem('jantaku.options'))")
    assert stored["volume"] == 0.3 and stored["mute"] is False
    page.click("#options-button")
    expect(page.locator("#opt-volume")).to_have_value("30")
    expect(page.locator("#opt-mute")).not_to_be_checked()
    person.screenshot("feel-options-sound.png")
    page.click("#options-close")


# ---------------------------------------------------------------------- motion
def river_record(person: Person, seat: int, tile: int) -> dict[str, Any]:
    records = person.page.evaluate("window.__riverTiles")
    found = [r for r in records if r["seat"] == seat and r["tile"] == str(tile)]
    assert found, f"the tile {tile} never came to seat {seat}'s river"
    record: dict[str, Any] = found[-1]
    return record


def test_the_discard_slides_into_the_river_and_reduced_motion_stills_it(server: LiveServer, person: Person) -> None:
    page = person.page
    page.context.add_init_script(WATCH_RIVERS)
    page.reload()
    expect(page.locator("#play-now")).to_be_visible()
    person.set_options(reducedMotion=False)
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    tile = person.click_tile("9p")
    expect(person.seat(0).locator(".river .tile")).to_have_count(1)
    assert river_record(person, 0, tile)["animations"] == 1  # it flies from the hand into the river
    person.wait_prompt()
    for seat in (1, 2, 3):  # the CPUs' discards slide in from their side
        (cpu_tile,) = person.river(seat)
        assert river_record(person, seat, cpu_tile)["animations"] == 1

    # a reload draws the rivers as they lie: nothing moves
    page.reload()
    person.wait_table()
    person.wait_prompt()
    assert river_record(person, 0, tile)["animations"] == 0

    # reduced motion: the tile simply lies there, and play goes on
    person.set_options(reducedMotion=True)
    tile = person.click_tile("6z")
    expect(person.seat(0).locator(".river .tile")).to_have_count(2)
    assert river_record(person, 0, tile)["animations"] == 0
    person.wait_prompt()
    for seat in (1, 2, 3):
        assert river_record(person, seat, person.river(seat)[-1])["animations"] == 0


Plates = list[dict[str, Any]]


def plates_after_ron(server: LiveServer, person: Person, reduced: bool) -> tuple[Plates, list[int], list[int]]:
    """Plays the RON hand, dismisses its result and returns what the plates showed, and the scores before and
    after the hand."""
    page = person.page
    person.set_options(reducedMotion=reduced)
    server.stack(RON.wall())
    person.play_now()
    person.wait_prompt()
    person.click_tile("9p")
    person.wait_prompt()
    person.press("ron")
    expect(page.locator("#result")).to_be_visible()
    old = page.evaluate("window.jantaku.state.frozen.view.seats.map((s) => s.score)")
    assert [number(t) for t in page.locator("#table .seat-info .score").all_text_contents()] != []
    page.evaluate(WATCH_SCORES)
    while page.locator("#overlay").is_visible():
        person.dismiss_result()
    page.wait_for_timeout(1600)  # the roll takes a second
    new = page.evaluate("window.jantaku.state.update.view.seats.map((s) => s.score)")
    plates: Plates = page.evaluate("window.__plates")
    return plates, old, new


def test_the_scores_roll_at_the_hands_end(server: LiveServer, person: Person) -> None:
    plates, old, new = plates_after_ron(server, person, reduced=False)
    assert new[0] > old[0] and new[1] < old[1]  # Ann won on seat 1's tile
    for seat, up in ((0, True), (1, False)):
        shown = [number(e["score"]) for e in plates if e["seat"] == seat and e["score"]]
        between = [v for v in shown if min(old[seat], new[seat]) < v < max(old[seat], new[seat])]
        assert len(between) >= 3, f"seat {seat} jumped: {shown}"
        assert shown == sorted(shown, reverse=not up)  # counting one way
        assert shown[-1] == new[seat]  # and ending on the exact score
        deltas = {e["delta"] for e in plates if e["seat"] == seat and e["delta"]}
        diff = new[seat] - old[seat]
        assert deltas == {f"{'+' if up else '−'}{abs(diff):,}"}
    expect(person.seat(0).locator(".seat-info .score")).to_have_text(f"{new[0]:,}")
    person.screenshot("feel-score-roll.png")


def test_reduced_motion_makes_the_scores_jump(server: LiveServer, person: Person) -> None:
    plates, _, new = plates_after_ron(server, person, reduced=True)
    for seat in (0, 1):
        shown = {number(e["score"]) for e in plates if e["seat"] == seat and e["score"]}
        assert shown == {new[seat]}, shown  # straight to the new score
        assert any(e["delta"] for e in plates if e["seat"] == seat)  # the difference still shows
    expect(person.seat(1).locator(".seat-info .score")).to_have_text(f"{new[1]:,}")


#: the plate's score changed four times within one frame: how many animation frames does the next frame ask for?
ROLLS_IN_ONE_FRAME = """async () => {
  const { rollScore } = await import('/static/js/motion.js');
  const plate = document.createElement('div');
  plate.innerHTML = '<span class="score">1,000</span>';
  document.body.append(plate);
  const own = window.requestAnimationFrame;
  const frame = () => new Promise((done) => own(done));
  rollScore(plate, 1000);
  await frame();
  const asked = [];
  window.requestAnimationFrame = (callback) => { asked.push(callback); return own(callback); };
  for (const score of [2000, 3000, 4000, 5000]) rollScore(plate, score);
  await frame();
  const first = asked.length;
  await frame();
  const second = asked.length - first;
  window.requestAnimationFrame = own;
  plate.remove();
  return [first, second];
}"""


def test_a_score_changed_again_while_it_rolls_keeps_one_roll(person: Person) -> None:
    """Each change of a plate's score rolls it on from where it is: one animation per plate, not one per change."""
    first, second = person.page.evaluate(ROLLS_IN_ONE_FRAME)
    assert (first, second) == (2, 1)  # the roll's first frame asked for, and then one frame a frame


# ---------------------------------------------------------------------- your turn
@pytest.fixture
def paced(tmp_path: Path) -> Iterator[LiveServer]:
    """A server whose CPUs take a moment, as people see them (the default server's CPUs answer at once, so a whole
    go-round and the next draw reach the page in one update)."""
    (tmp_path / "paced").mkdir()
    live = LiveServer(tmp_path / "paced", cpu_delay=0.3).start()
    yield live
    live.stop()


def test_your_turn_lights_the_hand_and_retitles_the_tab(paced: LiveServer, people: Callable[..., Person]) -> None:
    server = paced
    person = people()
    person.url = server.url
    page = person.page
    page.context.add_init_script(WATCH_TITLE)
    person.open("Ann")
    assert page.title() == BASE_TITLE
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    expect(page).to_have_title(TURN_TITLE)
    expect(page.locator("#hand")).to_have_class(re.compile(r"\byour-turn\b"))
    person.screenshot("feel-turn-cue.png")
    page.evaluate("window.__titles = []")
    person.click_tile("9p")
    expect(person.seat(0).locator(".river .tile")).to_have_count(1)
    expect(page.locator("#hand")).not_to_have_class(re.compile(r"\byour-turn\b"))  # the CPUs play
    person.wait_prompt()
    # after the discard the title was the page's again, until the next turn came (the title is written as the
    # server's messages arrive, with no timer or animation frame: a tab in the background shows it as well)
    assert page.evaluate("window.__titles") == [BASE_TITLE, TURN_TITLE]
    expect(page.locator("#hand")).to_have_class(re.compile(r"\byour-turn\b"))

    # in Japanese
    page.click("#lang-switch")
    expect(page).to_have_title("● あなたの番です — jantaku")
    page.click("#lang-switch")
    expect(page).to_have_title(TURN_TITLE)


# ---------------------------------------------------------------------- the copies of a kind
#: the kinds in sight and where: {kind: count}, and the kinds found in more than one place (hand, river, dora)
VISIBLE_KINDS = """() => {
  const view = window.jantaku.state.update.view;
  const kind = (id) => Math.floor(id / 4);
  const counts = {}, places = {};
  const add = (id, place) => {
    if (id === null || id === undefined) return;
    const k = kind(id);
    counts[k] = (counts[k] || 0) + 1;
    (places[k] = places[k] || new Set()).add(place);
  };
  view.own.tiles.forEach((id) => add(id, 'hand'));
  view.seats.forEach((s) => {
    s.river.forEach((r) => add(r.tile, 'river'));
    s.melds.forEach((m) => m.tiles.forEach((id) => add(id, 'meld')));
  });
  view.dora_indicators.forEach((id) => add(id, 'dora'));
  const spread = Object.keys(places).filter((k) => places[k].size > 1).map(Number);
  return { counts, spread };
}"""

LIT = "() => [...document.querySelectorAll('.tile.same-kind')].map((t) => t.dataset.kind)"


def test_hovering_a_tile_lights_every_visible_copy(server: LiveServer, person: Person) -> None:
    page = person.page
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    person.click_tile("9p")
    person.wait_prompt()
    assert page.evaluate("Math.floor(window.jantaku.state.update.view.seats[0].river[0].tile / 4)") == 17  # 9p
    found = page.evaluate(VISIBLE_KINDS)
    assert found["spread"], found  # a kind in sight in two places: in the hand and in a river
    kind = found["spread"][0]
    expected = found["counts"][str(kind)]
    assert expected >= 2
    page.hover(f'#hand .hand-tile[data-kind="{kind}"] >> nth=0')
    lit = page.evaluate(LIT)
    assert lit == [str(kind)] * expected
    assert page.locator(f'#table .river .tile.same-kind[data-kind="{kind}"]').count() >= 1
    person.screenshot("feel-hover-copies.png")
    page.mouse.move(2, 2)
    assert page.evaluate(LIT) == []

    # a click on a river tile lights its kind until the next click, and plays nothing
    river_tile = person.seat(0).locator(".river .tile").first
    river_tile.click()
    page.mouse.move(2, 2)
    assert page.evaluate(LIT) == ["17"] * found["counts"]["17"]
    river_tile.click()
    page.mouse.move(2, 2)
    assert page.evaluate(LIT) == []
    assert person.state("answered") != person.state("update.seq")  # the prompt is still open: nothing was discarded
    assert len(person.river(0)) == 1


@pytest.fixture
def phone(browser: Any, server: LiveServer) -> Iterator[Person]:
    """A person on a touch screen (a phone held sideways)."""
    problems: list[str] = []
    size = {"width": 844, "height": 390}
    context = browser.new_context(locale="en-US", viewport=size, has_touch=True, is_mobile=True)
    context.set_default_timeout(15000)
    page = context.new_page()
    watch(page, problems)
    person = Person(page, server.url)
    person.open("Ann")
    yield person
    page.wait_for_timeout(50)
    context.close()
    assert not problems, "the browser reported problems:\n" + "\n".join(problems)


def touch(person: Person, selector: str, hold_ms: int, to: tuple[float, float] | None = None) -> None:
    """A finger on the element's centre for hold_ms, then lifted there or after sliding to ``to`` (Playwright taps
    only: the touch events go by CDP)."""
    box = person.page.locator(selector).bounding_box()
    assert box
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    cdp = person.page.context.new_cdp_session(person.page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    person.page.wait_for_timeout(hold_ms)
    for i in range(1, 13):  # a finger sliding to the target
        x = point["x"] + (to[0] - point["x"]) * i / 12 if to else point["x"]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": point["y"]}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_a_tap_lights_and_a_long_press_shows_without_discarding(server: LiveServer, phone: Person) -> None:
    page = phone.page
    server.stack(QUIET.wall())
    page.mouse.move(0, 0)  # (the mouse that typed the nickname rests off the table: only the finger points)
    page.locator("#play-now").tap()
    phone.wait_table()
    phone.wait_prompt()
    phone.page.locator('#hand .hand-tile[title="9p"]').tap()  # a tap on a hand tile discards, as before
    expect(phone.seat(0).locator(".river .tile")).to_have_count(1)
    phone.wait_prompt()
    river = '#table .seat[data-seat="0"] .river .tile >> nth=0'
    page.locator(river).tap()
    assert page.evaluate(LIT) == ["17"]  # (the only 9p in sight)
    page.locator(river).tap()
    assert page.evaluate(LIT) == []
    # a long press on a playable hand tile shows its copies while held, and discards nothing
    hand_tile = '#hand .hand-tile[title="6z"]'
    kind = page.locator(hand_tile).get_attribute("data-kind")
    page.evaluate(
        f"() => {{ window.__litWhileHeld = null; setTimeout(() => {{ window.__litWhileHeld = ({LIT})(); }}, 650); }}"
    )
    touch(phone, hand_tile, 900)
    copies = page.locator(f'#table .tile[data-kind="{kind}"], #hand .tile[data-kind="{kind}"]').count()
    assert page.evaluate("window.__litWhileHeld") == [kind] * copies
    assert page.evaluate(LIT) == []
    page.wait_for_timeout(300)
    assert phone.state("answered") != phone.state("update.seq")
    expect(phone.seat(0).locator(".river .tile")).to_have_count(1)

    # with auto-sort off a finger drags the hand into order, and discards nothing
    page.locator("#options-button").tap()
    page.locator("#opt-autoSort").tap()
    page.locator("#options-close").tap()
    old = phone.hand()
    target = page.locator("#hand .hand-tile").nth(3).bounding_box()
    assert target
    touch(phone, "#hand .hand-tile >> nth=0", 50, (target["x"] + target["width"] * 0.75, target["y"]))
    page.wait_for_function(HAND_IS, arg=[*old[1:4], old[0], *old[4:]])
    page.wait_for_timeout(300)
    assert phone.state("answered") != phone.state("update.seq")
    expect(phone.seat(0).locator(".river .tile")).to_have_count(1)


# ---------------------------------------------------------------------- dragging the hand
#: the own hand shows the tiles in this order
HAND_IS = (
    "(ids) => [...document.querySelectorAll('#hand .hand-tile')].map((t) => +t.dataset.tile).join() === ids.join()"
)


def drag(person: Person, source: int, target: int) -> None:
    """Drags the hand tile at index ``source`` over the slot of index ``target`` with the mouse."""
    page = person.page
    tiles = page.locator("#hand .hand-tile")
    a, b = tiles.nth(source).bounding_box(), tiles.nth(target).bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] * (0.75 if target > source else 0.25), b["y"] + b["height"] / 2, steps=12)
    page.mouse.up()


def test_with_auto_sort_off_a_drag_reorders_the_hand(server: LiveServer, person: Person) -> None:
    page = person.page
    person.set_options(autoSort=False)
    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    old = person.hand()
    drawn = int(page.locator("#hand .hand-tile.drawn").get_attribute("data-tile") or -1)
    assert old[-1] == drawn and len(old) == 14
    drag(person, 0, 4)  # the first tile to the fifth place
    moved = [*old[1:5], old[0], *old[5:]]
    page.wait_for_function(HAND_IS, arg=moved)
    page.wait_for_timeout(200)
    assert person.state("answered") is None  # no discard was sent
    assert person.river(0) == []
    assert person.state("handOrder") == moved[:-1]

    # the drawn tile dragged into the hand stays where it was dropped
    drag(person, 13, 2)
    placed = [*moved[:2], drawn, *moved[2:-1]]
    page.wait_for_function(HAND_IS, arg=placed)
    expect(page.locator("#hand .drawn-gap")).to_have_count(0)
    assert person.state("answered") is None and person.river(0) == []
    person.screenshot("feel-drag.png")

    # a click still discards; the order holds for the rest of the hand (the new tile drawn apart at the end)
    thrown = placed[6]
    page.locator(f'#hand .hand-tile[data-tile="{thrown}"]').click()
    expect(person.seat(0).locator(".river .tile")).to_have_count(1)
    person.wait_prompt()
    after = person.hand()
    assert after[:-1] == [t for t in placed if t != thrown]
    assert after[-1] == person.state("update.view.own.drawn")
