"""The table's layout at the five screen sizes players bring, and the screenshot tour of every screen.

At each size the table fits the screen without scrolling, every part of the board, the hand and the action bar
lies inside the viewport, the name plates overlap neither each other nor a river, and the tiles are large enough
to read. The minima, by what a player needs to see:

- hand tiles at least 40 px wide everywhere (a thumb's width on a phone);
- river tiles at least 28 px wide on a desktop screen and 20 px on a phone (a face is read at a glance);
- the board covers at least 40 % of the screen (the table is what the page is for).

Calls add the widest action bars: a button per option, each showing its meld's tiles, beside two melds already
called.

Two people at a table add what a table of one person with CPUs never shows: the decision timer in the centre
panel (which clips what does not fit) and the quick reactions' bubbles, each by its seat's plate.

The tour (``tour.py``) keeps a screenshot of every screen at every size in both languages:
``test-artifacts/<screen>-<size>-<lang>.png``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import LiveServer, Person, expect, two_at_a_table
from tests.browser.scenarios import CALL_FORMS, QUIET
from tests.browser.tour import SCREENS, tour

SIZES = {"1280x720": (1280, 720), "1366x768": (1366, 768), "1920x1080": (1920, 1080),
         "844x390": (844, 390), "390x844": (390, 844)}  # fmt: skip
PHONES = {"844x390", "390x844"}
HAND_MIN = 40
RIVER_MIN = {"desktop": 28, "phone": 20}
BOARD_SHARE = 0.40

#: the boxes of what the table shows, in viewport coordinates ({x, y, w, h}), and the page's scroll size
MEASURE = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const all = (sel) => [...document.querySelectorAll(sel)].filter((n) => n.getClientRects().length).map(box);
  const parts = ['#table', '#table *', '#hand', '#hand *', '#action-bar', '#action-bar *', '.own', '.own *'];
  const named = (n) => (n.id ? '#' + n.id : '') + '.' + [...n.classList].join('.');
  const outside = [];
  for (const sel of parts) {
    for (const n of document.querySelectorAll(sel)) {
      if (!n.getClientRects().length) continue;
      const b = box(n);
      if (b.w === 0 || b.h === 0) continue;
      if (b.x < -0.5 || b.y < -0.5 || b.x + b.w > innerWidth + 0.5 || b.y + b.h > innerHeight + 0.5) {
        outside.push(named(n) + ' ' + JSON.stringify(b));
      }
    }
  }
  const spill = [];  // a part of a name plate drawn outside the plate (over its neighbour)
  for (const plate of document.querySelectorAll('#table .seat-info')) {
    const p = box(plate);
    for (const part of plate.querySelectorAll(':scope > :not(.diffs)')) {
      const b = box(part);
      const out = b.x < p.x - 1 || b.y < p.y - 1 || b.x + b.w > p.x + p.w + 1 || b.y + b.h > p.y + p.h + 1;
      if (out) spill.push(named(part));
    }
  }
  const se = document.scrollingElement;
  return {
    viewport: [innerWidth, innerHeight], scroll: [se.scrollWidth, se.scrollHeight], outside, spill,
    board: box(document.getElementById('table')),
    plates: all('#table .seat-info'), rivers: all('#table .seat .river'),
    centreFits: [...document.querySelectorAll('#table .centre')].every((c) => {
      // the panel clips what does not fit (on either side, as its contents are centred): each part lies inside it
      const p = box(c);
      return c.scrollHeight <= c.clientHeight + 1 && c.scrollWidth <= c.clientWidth + 1 && [...c.querySelectorAll('*')]
        .filter((n) => n.getClientRects().length).map(box).every((b) => b.x >= p.x - 1 && b.y >= p.y - 1
          && b.x + b.w <= p.x + p.w + 1 && b.y + b.h <= p.y + p.h + 1);
    }),
    riverTiles: all('#table .seat .river .tile:not(.sideways)'), dora: all('#table .centre .dora .tile'),
    hand: all('#hand .hand-tile'), bar: all('#action-bar button'), leave: all('#leave-table'),
    others: all('#react-button, .own-hints > *, #hand, .own .melds'),
  };
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


def check_table(m: dict[str, Any], size: str, seated: bool, actions: bool = True, concealed: int = 13) -> list[str]:
    """What is wrong with the table measured as ``m`` at ``size`` (an empty list when nothing is); ``actions``: the
    person's prompt offers buttons; ``concealed``: the fewest tiles the person's hand holds."""
    wrong: list[str] = []
    vw, vh = m["viewport"]
    if m["scroll"][0] > vw or m["scroll"][1] > vh:
        wrong.append(f"the page scrolls: {m['scroll']} in a {vw}x{vh} viewport")
    wrong += [f"off screen: {o}" for o in m["outside"][:5]]
    plates = m["plates"]
    for i, a in enumerate(plates):
        for b in plates[i + 1 :]:
            if overlap(a, b) > 1:
                wrong.append(f"name plates overlap: {a} {b}")
        for r in m["rivers"] + m["riverTiles"]:
            if overlap(a, r) > 1:
                wrong.append(f"a name plate lies on a river: {a} {r}")
    wrong += [f"a name plate's {part} spills out of it" for part in m["spill"]]
    for i, a in enumerate(m["rivers"]):
        for b in m["rivers"][i + 1 :]:
            if overlap(a, b) > 1:
                wrong.append(f"rivers overlap: {a} {b}")
    kind = "phone" if size in PHONES else "desktop"
    small = [t["w"] for t in m["riverTiles"] + m["dora"] if t["w"] < RIVER_MIN[kind] - 0.5]
    if small:
        wrong.append(f"river or dora tiles narrower than {RIVER_MIN[kind]} px: {small[:4]}")
    if not m["centreFits"]:
        wrong.append("the centre panel's contents do not fit in it")
    if not m["dora"]:
        wrong.append("no dora indicator on the board")
    if not m["leave"]:
        wrong.append("no Leave button")
    for leave in m["leave"]:  # in a corner of its own: over neither the board nor anything of the own hand
        wrong += [
            f"the Leave button covers {b}"
            for b in [m["board"]] + m["hand"] + m["bar"] + m["others"]
            if overlap(leave, b) > 1
        ]
    board = m["board"]
    share = board["w"] * board["h"] / (vw * vh)
    if share < BOARD_SHARE:
        wrong.append(f"the board covers {share:.0%} of the screen")
    if seated:
        if len(m["hand"]) < concealed:
            wrong.append(f"{len(m['hand'])} hand tiles drawn")
        narrow = [t["w"] for t in m["hand"] if t["w"] < HAND_MIN - 0.5]
        if narrow:
            wrong.append(f"hand tiles narrower than {HAND_MIN} px: {narrow[:3]}")
        if actions and not m["bar"]:
            wrong.append("no action bar buttons at the person's prompt")
        for b in m["bar"]:
            for t in m["hand"]:
                if overlap(b, t) > 1:
                    wrong.append(f"an action button lies on the hand: {b} {t}")
                    break
    return wrong


@pytest.mark.parametrize("size", SIZES)
def test_the_table_fits_the_screen(server: LiveServer, people: Callable[..., Person], size: str) -> None:
    person, host = people("Ann"), people("Kazuhiro the Patient 22")
    width, height = SIZES[size]
    person.page.set_viewport_size({"width": width, "height": height})
    wrong: dict[str, list[str]] = {}
    for screen in tour(person, server, host, "en"):
        if screen in ("turn", "call", "spectator"):
            problems = check_table(person.page.evaluate(MEASURE), size, seated=screen != "spectator")
            person.screenshot(f"layout-{screen}-{size}.png")
            if problems:
                wrong[screen] = problems
    assert not wrong, "\n".join(f"{screen}: {p}" for screen, ps in wrong.items() for p in ps)


def test_the_tour_visits_every_screen_at_every_size_in_both_languages(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    person, host = people("Ann"), people("Host")
    for size, (width, height) in SIZES.items():
        person.page.set_viewport_size({"width": width, "height": height})
        for lang in ("en", "ja"):
            seen = []
            for screen in tour(person, server, host, lang):
                seen.append(screen)
                assert person.page.locator("html").get_attribute("lang") == lang
                assert person.screenshot(f"{screen}-{size}-{lang}.png").stat().st_size > 0
            assert tuple(seen) == SCREENS


#: the quick reactions' bubbles on the page, each with its seat's name plate, and what a bubble must not cover
BUBBLES = """() => {
  const box = (n) => { const r = n.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const all = (sel) => [...document.querySelectorAll(sel)].filter((n) => n.getClientRects().length).map(box);
  return {
    bubbles: [...document.querySelectorAll('#table .reaction-bubble')].map((b) => ({
      seat: b.dataset.seat, text: b.textContent, box: box(b),
      plate: box(document.querySelector(`#table .seat-info[data-seat="${b.dataset.seat}"]`)) })),
    plates: all('#table .seat-info'), centre: all('#table .centre'),
    controls: all('#hand .hand-tile, #action-bar button, #react-button, #leave-table'),
  };
}"""


def gap(a: dict[str, float], b: dict[str, float]) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a["x"] - (b["x"] + b["w"]), b["x"] - (a["x"] + a["w"]), 0.0)
    dy = max(a["y"] - (b["y"] + b["h"]), b["y"] - (a["y"] + a["h"]), 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


def check_bubbles(m: dict[str, Any], seats: set[str], width: int, height: int) -> list[str]:
    """What is wrong with the reaction bubbles measured as ``m`` (BUBBLES), which ``seats`` sent."""
    wrong: list[str] = []
    if {b["seat"] for b in m["bubbles"]} != seats:
        wrong.append(f"bubbles of seats {[b['seat'] for b in m['bubbles']]}, not {sorted(seats)}")
    for bubble in m["bubbles"]:
        b, plate, what = bubble["box"], bubble["plate"], f"seat {bubble['seat']}'s bubble {bubble['text']!r}"
        if b["x"] < -0.5 or b["y"] < -0.5 or b["x"] + b["w"] > width + 0.5 or b["y"] + b["h"] > height + 0.5:
            wrong.append(f"{what} is off screen: {b}")
        if gap(b, plate) > min(plate["w"], plate["h"]):  # by its plate: within a plate's breadth of it
            wrong.append(f"{what} is {gap(b, plate):.0f} px from its plate: {b} {plate}")
        for other in m["plates"] + m["centre"] + m["controls"]:
            if overlap(b, other) > 1:
                wrong.append(f"{what} covers {other}")
    return wrong


#: decisions of a minute and a bank of twenty seconds: the timer shows both figures, and the table holds still
TIMERS = {"think_seconds": 60.0, "bank_seconds": 20.0}


@pytest.fixture
def server(browser: Any, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """The table server, with the settings a test passes it (``indirect`` parametrization), if any."""
    live = LiveServer(tmp_path, **getattr(request, "param", {})).start()
    yield live
    live.stop()


@pytest.mark.parametrize("server", [TIMERS], indirect=True, ids=["timers"])
@pytest.mark.parametrize("size", SIZES)
def test_the_timer_and_the_reactions_fit_the_table(
    server: LiveServer, people: Callable[..., Person], size: str
) -> None:
    """Ann (Japanese, the longer words) deals and decides, with her timer in the centre panel; Bo (English) sits on
    her left. Each sends a reaction: on both screens every bubble lies by its sender's plate, on screen, over no plate,
    no centre panel and no control, and the tables still fit."""
    ann, bo = people("Ann"), people("Bo")
    width, height = SIZES[size]
    for person in (ann, bo):
        person.page.set_viewport_size({"width": width, "height": height})
    server.stack(QUIET.wall())  # nothing to declare: the hand holds still at Ann's first discard
    two_at_a_table(ann, bo)
    ann.page.click("#lang-switch")
    expect(ann.page.locator("html")).to_have_attribute("lang", "ja")
    ann.wait_prompt()
    expect(ann.page.locator("#table .centre #timer")).to_be_visible()
    for person, phrase in ((ann, "hello"), (bo, "good_game")):  # the longest phrases
        person.page.click("#react-button")
        person.page.click(f'#reaction-menu button[data-phrase="{phrase}"]')
    for person in (ann, bo):
        expect(person.page.locator("#table .reaction-bubble")).to_have_count(2)
    ann.page.wait_for_timeout(300)  # the bubbles have popped up
    wrong: dict[str, list[str]] = {}
    for person, name, prompt in ((ann, "ann", True), (bo, "bo", False)):
        page = person.page
        problems = check_table(page.evaluate(MEASURE), size, seated=True, actions=False)
        problems += check_bubbles(page.evaluate(BUBBLES), {"0", "3"}, width, height)
        if prompt and not page.locator("#table .centre #timer-think").is_visible():
            problems.append("no decision seconds in the centre panel")
        person.screenshot(f"layout-reactions-{name}-{size}.png")
        if problems:
            wrong[name] = problems
    assert not wrong, "\n".join(f"{name}: {p}" for name, ps in wrong.items() for p in ps)


def check_bar(person: Person, size: str) -> list[str]:
    """What is wrong with the table at a call's prompt (seven tiles in hand beside two melds): the table's checks, and
    action buttons that overlap."""
    person.page.wait_for_timeout(500)  # the last discard has slid into its river, the call's word has flown
    m = person.page.evaluate(MEASURE)
    wrong = check_table(m, size, seated=True, concealed=7)
    for i, a in enumerate(m["bar"]):
        wrong += [f"action buttons overlap: {a} {b}" for b in m["bar"][i + 1 :] if overlap(a, b) > 1]
    return wrong


@pytest.mark.parametrize("size", SIZES)
def test_call_buttons_with_their_tiles_fit_the_action_bar(server: LiveServer, person: Person, size: str) -> None:
    """With a closed kan and a pon on the table, the chi prompt's buttons (Chi 1m2m3m, Chi 2m3m4m, Skip) and then its
    row of options fit the screen beside the hand and the melds, at every size."""
    width, height = SIZES[size]
    person.page.set_viewport_size({"width": width, "height": height})
    server.stack(CALL_FORMS.wall())
    person.play_now()
    person.wait_prompt()  # the closed kan, then a discard
    person.page.keyboard.press("k")
    expect(person.seat(0).locator(".melds .meld")).to_have_count(1)
    person.wait_prompt()
    person.click_tile("9s")
    person.wait_prompt()  # the pon, then a discard
    person.press("pon")
    expect(person.seat(0).locator(".melds .meld")).to_have_count(2)
    person.wait_prompt()
    person.click_tile("1s")
    person.wait_prompt()  # the chi, two ways
    expect(person.page.locator("#act-chi-2")).to_be_visible()
    wrong = {"buttons": check_bar(person, size)}
    person.screenshot(f"layout-calls-{size}.png")
    person.page.keyboard.press("c")  # the row of options
    expect(person.page.locator("#action-bar button.choice")).to_have_count(2)
    wrong["options"] = check_bar(person, size)
    person.screenshot(f"layout-call-options-{size}.png")
    assert not any(wrong.values()), "\n".join(f"{what}: {p}" for what, ps in wrong.items() for p in ps)
