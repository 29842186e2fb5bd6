"""The review panel (``js/screens/review.js``) in the replay viewer: a finished game opened at ``/replay/ID?review=0``
shows the strong CPU's review of seat 0 as ``GET /api/reviews/ID?seat=0`` answers it (decisions reviewed, agreement,
points lost, the largest losses); following a largest loss moves the viewer to that decision's step, where the
decision's options are listed ranked with the played option and the CPU's choice marked. In English and Japanese, on
a desktop and on phones (screenshots in test-artifacts/); and a review that cannot be had says so with a retry.
"""

from __future__ import annotations

import math
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.engine import Game
from jantaku.review.walk import Step, walk
from jantaku.rules import preset
from jantaku.web import STATIC_DIR
from tests.browser.conftest import WATCH_BUTTONS, unexpected, watch
from tests.browser.helpers import ARTIFACTS, LiveServer, expect

REVIEW_JS = STATIC_DIR / "js" / "screens" / "review.js"
GAME_ID = "5eed0123456789ab"
NAMES = ["Ann", "CPU 2", "CPU 3", "CPU 4"]
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "phone-landscape": (844, 390)}
#: a review is computed when first asked for: allow for it on a slow machine
REVIEW_WAIT = 60_000
#: Latin words the Japanese panel may show besides the players' names
ALLOWED_LATIN = {"CPU"}
#: the text a reader reads in one element: its visible text nodes, less the tiles' faces (their SVG)
VISIBLE_TEXT = """(root) => {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("svg")) continue;
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    out.push(node.textContent);
  }
  return out.join(" ");
}"""


def finished_game() -> Game:
    """A short game of random legal actions (Tenhou's rules, East only): many decisions, many of them losing."""
    game = Game(preset("tenhou").with_options(length="east"), 11)
    rng = random.Random(11)
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def record(server: LiveServer, game: Game) -> None:
    """The game in the server's records as a finished game of Ann and three CPUs."""
    store = server.app.state.store
    seats = [{"nickname": n, **({"cpu": "normal"} if i else {"player": "p-ann"})} for i, n in enumerate(NAMES)]
    rules = game.rules
    store.game_started(GAME_ID, "ROOM01", rules.name, rules.options(), str(game.seed), game.log[0], seats,
                       {"id": "ROOM01", "seats": [None] * 4})  # fmt: skip
    assert game.final is not None
    store.game_finished(GAME_ID, "finished", {**game.final.to_json(), "nicknames": NAMES}, [], game.log)
    store.flush()


class Pages:
    """New pages in a language and a viewport; their problems fail the test, but for what ``expected`` names (a
    test that asks for what is not there)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.problems: list[str] = []
        self.expected: list[tuple[int, str]] = []

    def open(self, lang: str, size: str) -> Any:
        width, height = SIZES[size]
        context = self.browser.new_context(locale="ja-JP" if lang == "ja" else "en-US",
                                           viewport={"width": width, "height": height})  # fmt: skip
        context.set_default_timeout(15000)
        context.add_init_script(WATCH_BUTTONS)
        self.contexts.append(context)
        page = context.new_page()
        watch(page, self.problems)
        return page


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    made = Pages(browser)
    yield made
    try:
        left = unexpected(made.problems, made.expected)
        assert not left, "the browser reported problems:\n" + "\n".join(left)
    finally:
        for context in made.contexts:
            context.close()


def latin_words(locator: Any) -> set[str]:
    """The Latin words a reader reads in an element, the players' names left out."""
    text = locator.evaluate(VISIBLE_TEXT)
    for name in NAMES:
        text = text.replace(name, " ")
    return set(re.findall(r"[A-Za-z]+", text))


def half_away(x: float) -> int:
    """Whole points as the panel rounds them: halves away from zero, so a loss and a gain of 777.5 both read 778."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def number(text: str) -> float:
    """The first number of a text as the panel writes it ("13.7%", "1,234", "−300")."""
    found = re.search(r"[−-]?[\d,]+(?:\.\d+)?", text)
    assert found, f"no number in {text!r}"
    return float(found.group(0).replace(",", "").replace("−", "-"))


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", "desktop"), ("ja", "desktop"), ("en", "phone"), ("ja", "phone"), ("en", "phone-landscape")],
)
def test_the_summary_is_the_reviews_and_a_largest_loss_leads_to_its_moment(
    server: LiveServer, pages: Pages, lang: str, size: str
) -> None:
    record(server, finished_game())
    page = pages.open(lang, size)
    answer = page.request.get(f"{server.url}/api/reviews/{GAME_ID}?seat=0")
    assert answer.status == 200, answer.text()
    review = answer.json()
    summary = review["summary"]
    assert summary["largest"], "the random game has decisions that lose points"

    page.goto(f"{server.url}/replay/{GAME_ID}?review=0")
    panel = page.locator(".review-panel")
    expect(panel.locator(".review-decisions")).to_have_text(str(summary["decisions"]), timeout=REVIEW_WAIT)
    agreement = panel.locator(".review-agreement").inner_text()
    assert f"({summary['agreed']}/{summary['decisions']})" in agreement
    assert abs(number(agreement) - summary["agreement"] * 100) <= 0.051
    assert abs(number(panel.locator(".review-loss").inner_text()) - summary["loss"]) <= 0.5
    rows = panel.locator(".review-largest .review-row")
    expect(rows).to_have_count(len(summary["largest"]))
    steps = [review["decisions"][i]["step"] for i in summary["largest"]]
    assert [int(s) for s in rows.evaluate_all("rs => rs.map(r => r.dataset.step)")] == steps
    losses = [number(text) for text in rows.locator(".review-row-loss").all_inner_texts()]
    assert losses == [-half_away(review["decisions"][i]["loss"]) for i in summary["largest"]]
    assert panel.evaluate("p => p.scrollWidth <= p.clientWidth + 1"), "the panel is wider than its place"
    if lang == "ja":
        assert latin_words(panel) <= ALLOWED_LATIN
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"review-{lang}-{size}.png"))

    # the second largest loss: not the first decision of the game, so the viewer has to move
    index = summary["largest"][1] if len(summary["largest"]) > 1 else summary["largest"][0]
    decision = review["decisions"][index]
    step = decision["step"]
    row = rows.nth(summary["largest"].index(index))
    row.locator(".review-go").click()
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{step + 1} / \d+$"))
    expect(page).to_have_url(re.compile(rf"[?&]step={step}(&|$)"))  # the moment's link, to share
    shown = page.locator(f'#replay-review-at .review-decision[data-step="{step}"]')
    expect(shown).to_be_visible()
    options = shown.locator("tr.review-opt")
    expect(options).to_have_count(len(decision["options"]))
    assert options.evaluate_all("rs => rs.map(r => r.dataset.key)") == [o["key"] for o in decision["options"]]
    expect(shown.locator("tr.review-opt.played")).to_have_attribute("data-key", decision["played"])
    expect(shown.locator("tr.review-opt.choice")).to_have_attribute("data-key", decision["choice"])
    expect(panel.locator(f'.review-largest .review-row.current[data-step="{step}"]')).to_have_count(1)
    if lang == "ja":
        assert latin_words(shown) <= ALLOWED_LATIN
    shown.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"review-{lang}-{size}-decision.png"))

    # the other language draws the same review again, from what the page has: no second computation asked for
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/reviews/" in r.url else None)
    page.click("#lang-switch")
    expect(panel.locator("h2")).to_contain_text("検討" if lang == "en" else "Review")
    expect(panel.locator(".review-decisions")).to_have_text(str(summary["decisions"]))
    expect(shown.locator("tr.review-opt")).to_have_count(len(decision["options"]))
    assert asked == []


def test_a_review_that_cannot_be_had_says_so_and_offers_a_retry(server: LiveServer, pages: Pages) -> None:
    page = pages.open("en", "desktop")
    # the unknown game's 404 is the point of this test
    pages.expected.append((404, "/api/reviews/0000000000000000"))
    page.goto(server.url)
    expect(page.locator("#play-now")).to_be_visible()
    page.evaluate("""async () => {
      const host = document.createElement("div");
      host.id = "review-host";
      document.body.append(host);
      const review = await import("/static/js/screens/review.js");
      const unknown = { id: "0000000000000000", seat: 0, names: [], onGoto: () => {} };
      window.reviewAnswer = await review.reviewPanel(host, unknown);
    }""")
    expect(page.locator("#review-host .review-error")).to_be_visible()
    assert page.evaluate("() => window.reviewAnswer") is None
    expect(page.locator("#review-host .review-retry")).to_be_visible()


def test_every_decision_is_listed_by_hand_and_a_call_shows_its_tiles(server: LiveServer, pages: Pages) -> None:
    record(server, finished_game())
    page = pages.open("en", "desktop")
    review = page.request.get(f"{server.url}/api/reviews/{GAME_ID}?seat=0").json()
    page.goto(f"{server.url}/replay/{GAME_ID}?review=0")
    panel = page.locator(".review-panel")
    expect(panel.locator(".review-decisions")).to_have_text(str(review["summary"]["decisions"]), timeout=REVIEW_WAIT)
    hands = panel.locator(".review-all .review-hand")
    expect(hands.first).to_be_hidden()  # folded until asked for
    panel.locator(".review-all > summary").click()
    labels = sorted({d["hand"] for d in review["decisions"]})
    expect(hands).to_have_count(len(labels))
    counts = [int(n) for n in hands.evaluate_all("hs => hs.map(h => h.querySelectorAll('.review-row').length)")]
    assert counts == [sum(1 for d in review["decisions"] if d["hand"] == h) for h in labels]

    claim = next(d for d in review["decisions"] if d["kind"] == "claim" and d["step"] > 0)
    hand = hands.nth(labels.index(claim["hand"]))
    hand.locator("summary").click()
    hand.locator(f'.review-row[data-step="{claim["step"]}"] .review-go').first.click()
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{claim['step'] + 1} / \d+$"))
    shown = page.locator(f'#replay-review-at .review-decision[data-step="{claim["step"]}"]')
    for option in claim["options"]:
        action = option["action"]
        tiles = action.get("tiles") or ([action["tile"]] if "tile" in action else [])
        row = shown.locator(f'tr.review-opt[data-key="{option["key"]}"]')
        drawn = row.locator(".review-option .tile").evaluate_all("ts => ts.map(t => Number(t.dataset.tile))")
        assert drawn == tiles, option["key"]


def test_a_choice_the_cpu_made_by_a_rule_says_so(server: LiveServer, pages: Pages) -> None:
    record(server, finished_game())
    page = pages.open("en", "desktop")
    review = page.request.get(f"{server.url}/api/reviews/{GAME_ID}?seat=0").json()
    ruled = next(d for d in review["decisions"] if d["by_rule"])
    plain = next(d for d in review["decisions"] if not d["by_rule"])
    for d in (ruled, plain):
        page.goto(f"{server.url}/replay/{GAME_ID}?review=0&step={d['step']}")
        shown = page.locator(f'#replay-review-at .review-decision[data-step="{d["step"]}"]')
        expect(shown).to_be_visible(timeout=REVIEW_WAIT)
        expect(shown.locator(".review-by-rule")).to_have_count(1 if d["by_rule"] else 0)


#: the stand-in for Mortal in review mode (an mjai program), the outside reviewer a server can be given
STANDIN = Path(__file__).resolve().parents[1] / "review" / "mjai_reviewer_standin.py"


def test_the_outside_reviewers_values_stand_beside_the_cpus(browser: Any, tmp_path: Path, pages: Pages) -> None:
    live = LiveServer(tmp_path, reviewer=f"{sys.executable} {STANDIN}").start()
    try:
        record(live, finished_game())
        page = pages.open("en", "desktop")
        review = page.request.get(f"{live.url}/api/reviews/{GAME_ID}?seat=0").json()
        assert review["outside"] == {"name": STANDIN.name, "error": None}
        decision = next(d for d in review["decisions"] if d["outside_choice"] and not d["agree"] and d["step"] > 0)
        page.goto(f"{live.url}/replay/{GAME_ID}?review=0&step={decision['step']}")
        panel = page.locator(".review-panel")
        expect(panel.locator(".review-outside")).to_contain_text(STANDIN.name, timeout=REVIEW_WAIT)
        expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{decision['step'] + 1} / \d+$"))
        shown = page.locator(f'#replay-review-at .review-decision[data-step="{decision["step"]}"]')
        expect(shown.locator("th.review-outside-col")).to_have_attribute("title", STANDIN.name)
        values = shown.locator("td.review-outside-col").all_inner_texts()
        assert values == ["–" if o["outside"] is None else f"{o['outside']:.2f}" for o in decision["options"]]
        expect(shown.locator("tr.review-opt:has(.review-tag.outside)")).to_have_attribute(
            "data-key", decision["outside_choice"]
        )
        shown.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "review-outside-en-desktop.png"))
    finally:
        live.stop()


SHOTS = [("en", "desktop"), ("ja", "desktop"), ("en", "phone"), ("ja", "phone"), ("en", "phone-landscape"),
         ("ja", "phone-landscape")]  # fmt: skip


@pytest.mark.parametrize(("lang", "size"), SHOTS)
def test_the_viewer_s_review_control_mounts_the_panel_and_the_decision_is_in_sight(
    server: LiveServer, pages: Pages, lang: str, size: str
) -> None:
    record(server, finished_game())
    page = pages.open(lang, size)
    review = page.request.get(f"{server.url}/api/reviews/{GAME_ID}?seat=0").json()
    page.goto(f"{server.url}/replay/{GAME_ID}")
    expect(page.locator("#replay-board .table")).to_be_visible()
    expect(page.locator(".review-panel")).to_have_count(0)
    # the control offers no review or each seat by name; picking one mounts the panel and puts it in the address
    options = page.locator("#replay-review-seat option")
    expect(options).to_have_count(1 + len(NAMES))
    for seat, name in enumerate(NAMES):
        expect(options.nth(seat + 1)).to_contain_text(name)
    page.select_option("#replay-review-seat", "0")
    panel = page.locator(".review-panel")
    expect(panel.locator(".review-decisions")).to_have_text(str(review["summary"]["decisions"]), timeout=REVIEW_WAIT)
    expect(page).to_have_url(re.compile(r"[?&]review=0(&|$)"))
    # at the largest loss, the decision is on screen without scrolling, above the panel's summary
    decision = review["decisions"][review["summary"]["largest"][0]]
    panel.locator(".review-largest .review-go").first.click()
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{decision['step'] + 1} / \d+$"))
    shown = page.locator(f'#replay-review-at .review-decision[data-step="{decision["step"]}"]')
    expect(shown).to_be_visible()
    expect(page.locator("#replay-review")).to_have_js_property("scrollTop", 0)
    heading = shown.locator("h3").bounding_box()
    summary = panel.locator(".review-summary").bounding_box()
    assert heading and summary and heading["y"] < summary["y"], "the decision is below the summary"
    assert heading["y"] + heading["height"] <= SIZES[size][1], "the decision is below the screen"
    # the view and the other controls stay in reach beside the panel
    for control in ("#replay-seat", "#replay-review-seat", "#replay-wall-toggle", "#replay-hands", "#replay-play"):
        assert in_sight(page, control), f"{control} is covered or off the screen"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"review-control-{lang}-{size}.png"))
    # no review again: the panel goes, and the address forgets it
    page.select_option("#replay-review-seat", "none")
    expect(panel).to_have_count(0)
    expect(page).not_to_have_url(re.compile(r"review="))


def in_sight(page: Any, selector: str) -> bool:
    """Whether the element's centre is on the screen as it is (nothing scrolled) and the element itself is what is
    there (nothing covers it)."""
    return bool(
        page.locator(selector).evaluate("""(node) => {
      const box = node.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return !!top && (top === node || node.contains(top));
    }""")
    )


def hands_at(game: Game) -> list[list[list[int]]]:
    """Every seat's concealed tiles after each step of the game, as the viewer numbers the steps."""
    return [[sorted(s.hand) for s in item.game.table.seats] for item in walk(game.log) if isinstance(item, Step)]


@pytest.mark.parametrize("how", ["the address asks for it", "the menu is made to ask for it"])
def test_one_seats_view_never_shows_another_seats_review(server: LiveServer, pages: Pages, how: str) -> None:
    """A review lists its seat's concealed tiles (the discard options): in seat 0's view, asking for seat 2's
    review switches to seat 2's own view, and seat 0's view offers and shows seat 0's review only."""
    game = finished_game()
    record(server, game)
    hands = hands_at(game)
    step = next(i for i, h in enumerate(hands) if i >= 10 and len(h[2]) >= 13)
    page = pages.open("en", "desktop")
    page.goto(f"{server.url}/replay/{GAME_ID}?seat=0&step={step}")
    expect(page.locator("#replay-board .table")).to_be_visible()
    options = page.locator("#replay-review-seat option")
    expect(options).to_have_count(2)
    assert options.evaluate_all("os => os.map(o => o.value)") == ["none", "0"]
    if how.startswith("the address"):
        page.goto(f"{server.url}/replay/{GAME_ID}?seat=0&review=2&step={step}")
    else:  # an option the menu no longer offers, as a stale page could still send it
        page.locator("#replay-review-seat").evaluate(
            "s => { s.append(new Option('CPU 3', '2')); s.value = '2'; s.dispatchEvent(new Event('change')); }"
        )
    expect(page).to_have_url(re.compile(r"[?&]seat=2&"))
    expect(page).to_have_url(re.compile(r"[?&]review=2(&|$)"))
    expect(page.locator("#replay-seat")).to_have_value("2")
    expect(page.locator("#hand .hand-tile")).to_have_count(len(hands[step][2]))
    expect(page.locator(".review-panel .review-decisions")).not_to_have_text("", timeout=REVIEW_WAIT)
    # seat 0's view offers its own review, and keeps to its own view with it
    page.goto(f"{server.url}/replay/{GAME_ID}?seat=0&step={step}")
    page.select_option("#replay-review-seat", "0")
    expect(page.locator(".review-panel .review-decisions")).not_to_have_text("", timeout=REVIEW_WAIT)
    assert page.evaluate("() => [window.jantaku.state.replay.seat, window.jantaku.state.replay.review]") == [0, 0]
    assert not set(
        page.eval_on_selector_all("#replay-board [data-tile]", "ns => ns.map(n => Number(n.dataset.tile))")
    ) & set(hands[step][2])


@pytest.mark.parametrize("key", ["Enter", " "])
def test_enter_and_space_in_the_panel_are_the_panels(server: LiveServer, pages: Pages, key: str) -> None:
    """A summary of the panel opens with Enter or space (the viewer neither plays nor steps on them)."""
    record(server, finished_game())
    page = pages.open("en", "desktop")
    page.goto(f"{server.url}/replay/{GAME_ID}?review=0&step=3")
    summary = page.locator(".review-panel .review-all > summary")
    expect(summary).to_be_visible(timeout=REVIEW_WAIT)
    summary.focus()
    page.keyboard.press(key)
    expect(page.locator(".review-panel .review-all")).to_have_attribute("open", "")
    assert page.evaluate("() => [window.jantaku.state.replay.step, window.jantaku.state.replay.playing]") == [3, False]
