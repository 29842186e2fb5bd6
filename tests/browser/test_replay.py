"""The replay viewer (screens/replay.js at /replay/ID): a finished game opened from the lobby's history, stepped to
a win whose result card is the live table's (yaku, payments, the wall's verification), a hand picked from the list,
one seat's view that holds no other seat's concealed tile anywhere in the page (checked against the log's real
hands), an uploaded tenhou.net/6 file, the keyboard and play; screenshots in both languages at a desktop's and a
phone's sizes, held both ways."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jantaku.bots import make_player
from jantaku.engine import Game
from jantaku.engine.view import seat_view
from jantaku.formats import convert
from jantaku.review.walk import Step, walk
from jantaku.rules import preset
from jantaku.server.ids import guest_id
from jantaku.web import STATIC_DIR
from tests.browser.conftest import unexpected
from tests.browser.helpers import ARTIFACTS, LiveServer, Person, expect
from tests.formats.corpus import corpus_path

REPLAY_JS = STATIC_DIR / "js" / "screens" / "replay.js"
GAME_ID = "0123456789abcdef"
NAMES = ["Ann", "CPU 2", "CPU 3", "CPU 4"]
#: a record of the corpus, written by our converter as a tenhou.net/6 file to upload
CORPUS_RECORD = "4p/2010081709gm-00a9-0000-fe3371ad.xml"


@cache
def bot_game(rules_name: str = "tenhou") -> Game:
    """An East game the normal CPUs play out under Tenhou's rules (with wins: random moves seldom win)."""
    rules = preset(rules_name).with_options(**({"zj_hands": 4} if rules_name == "zung-jung" else {"length": "east"}))
    game = Game(rules, 3)
    players = [make_player("normal", rules, seed=i) for i in range(rules.players)]
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, players[seat].act(seat_view(game, seat)))
    return game


@cache
def steps() -> list[dict[str, Any]]:
    """Each step of the game as the viewer numbers them (review.walk): its events (as JSON), its hand, whether it
    keeps the picture before it, and every seat's concealed tiles after it."""
    out = []
    for item in walk(bot_game().log):
        if isinstance(item, Step):
            hands = [sorted(s.hand) for s in item.game.table.seats]
            out.append({"events": [e.to_json() for e in item.events], "hand": item.hand, "same": item.same_frame,
                        "hands": hands})  # fmt: skip
    return out


def first_win() -> tuple[int, dict[str, Any]]:
    """The first step with a win, and its hora event."""
    for i, step in enumerate(steps()):
        for e in step["events"]:
            if e["type"] == "hora":
                return i, e
    raise AssertionError("the game has no win")


def hand_starts() -> list[int]:
    return [i for i, s in enumerate(steps()) if any(e["type"] == "start_kyoku" for e in s["events"])]


def player_of(person: Person) -> str:
    person.page.wait_for_function("() => !!localStorage.getItem('jantaku.token')")
    token = person.page.evaluate("localStorage.getItem('jantaku.token')")
    assert isinstance(token, str)
    return guest_id(token)


def record(server: LiveServer, player: str = "g0", rules_name: str = "tenhou") -> None:
    """The bot game in the server's records as if Ann (player id ``player``) had played it with CPUs."""
    game = bot_game(rules_name)
    names = NAMES[: game.rules.players]
    store = server.app.state.store
    seats = [{"nickname": n, **({"cpu": "normal"} if i else {"player": player})} for i, n in enumerate(names)]
    rules = game.rules
    store.game_started(GAME_ID, "ROOM01", rules.name, rules.options(), str(game.seed), game.log[0], seats,
                       {"id": "ROOM01", "seats": [None] * len(names)})  # fmt: skip
    assert game.final is not None
    store.game_finished(GAME_ID, "finished", {**game.final.to_json(), "nicknames": names}, [], game.log)
    store.flush()


def open_replay(person: Person, query: str = "") -> None:
    person.page.goto(f"{person.url}/replay/{GAME_ID}{query}")
    expect(person.page.locator("#replay-board .table")).to_be_visible()


def position(person: Person) -> int:
    """The step shown (from 0), as the controls say it."""
    text = person.page.locator("#replay-position").inner_text()
    return int(text.split("/")[0]) - 1


def tile_ids(person: Person) -> set[int]:
    """Every face-up tile anywhere in the page."""
    ids = person.page.eval_on_selector_all("[data-tile]", "ns => ns.map(n => Number(n.dataset.tile))")
    return set(ids)


def test_the_history_opens_the_replay_and_a_win_shows_the_live_result_card(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    ann = people("Ann")
    record(server, player_of(ann))
    page = ann.page
    page.reload()
    link = page.locator("table.history .replay-link").first
    expect(link).to_have_attribute("href", f"/replay/{GAME_ID}")
    link.click()
    expect(page.locator("#replay-board .table")).to_be_visible()
    assert position(ann) == 0
    win, hora = first_win()
    # the hand list jumps to the win's hand; the arrow key steps to the win itself
    hand = steps()[win]["hand"]
    page.select_option("#replay-hands", str(hand))
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{hand_starts()[hand] + 1} /"))
    while position(ann) < win:
        page.keyboard.press("ArrowRight")
    card = page.locator("#replay-overlay #result")
    expect(card).to_be_visible()
    info = hora["info"]
    expect(card.locator(".win-title")).to_contain_text(f"{NAMES[hora['actor']]} wins")
    expect(card.locator("table.yaku tr")).to_have_count(len(info["yaku"]))
    expect(card.locator("#win-summary")).to_contain_text(f"{info['points']:,} points")
    rows = card.locator("table.payments tr")
    expect(rows).to_have_count(4)
    for seat, delta in enumerate(info["deltas"]):
        expect(rows.nth(seat)).to_contain_text(NAMES[seat])
        expect(rows.nth(seat).locator(".num")).to_have_text(f"+{delta:,}" if delta > 0 else f"{delta:,}")
    card.locator("#wall-check").click()
    expect(card.locator("#wall-check")).to_have_text("verified ✓")
    expect(page.locator("#replay-line")).to_contain_text(f"{NAMES[hora['actor']]} wins")
    # Enter goes on past the card, to the next hand's deal
    page.keyboard.press("Enter")
    expect(page.locator("#replay-overlay")).to_be_hidden()
    assert position(ann) == win + 1
    ann.screenshot("replay-win-step.png")


@pytest.mark.parametrize("hand", [1, 2])
def test_a_hand_from_the_list_shows_its_deal(server: LiveServer, people: Callable[..., Person], hand: int) -> None:
    ann = people()
    record(server)
    open_replay(ann)
    ann.page.select_option("#replay-hands", str(hand))
    expect(ann.page.locator("#replay-position")).to_have_text(re.compile(rf"^{hand_starts()[hand] + 1} /"))
    expect(ann.page.locator("#replay-line")).to_contain_text("the hands are dealt")


def mid_hand_step() -> int:
    """A step in the first hand's play, with a picture of its own."""
    return next(i for i, s in enumerate(steps()) if i >= 10 and not s["same"] and s["hand"] == 0)


@pytest.mark.parametrize("seat", [0, 1, 3])
def test_one_seat_s_view_holds_no_other_concealed_tile(
    server: LiveServer, people: Callable[..., Person], seat: int
) -> None:
    ann = people()
    record(server)
    k = mid_hand_step()
    hands = steps()[k]["hands"]
    hidden = {t for other, tiles in enumerate(hands) if other != seat for t in tiles}
    # every hand open: all of them are on the table
    open_replay(ann, f"?step={k}")
    assert set().union(*map(set, hands)) <= tile_ids(ann)
    # the seat's view (picked from the list): its own hand, and not one concealed tile of another seat in the page
    ann.page.select_option("#replay-seat", str(seat))
    expect(ann.page.locator("#hand .hand-tile")).to_have_count(len(hands[seat]))
    assert position(ann) == k
    assert sorted(ann.hand()) == hands[seat]
    assert not tile_ids(ann) & hidden
    assert ann.page.evaluate("() => window.jantaku.state.replay.frames.every((f) => !f.hands && !f.wall)")
    expect(ann.page).to_have_url(re.compile(rf"seat={seat}"))


def test_an_uploaded_tenhou6_file_is_replayed(
    server: LiveServer, people: Callable[..., Person], tmp_path: Path
) -> None:
    log = convert.read_log(corpus_path(CORPUS_RECORD).read_text(), "mjlog")
    path = tmp_path / "record.json"
    path.write_text(convert.write(log.game, "tenhou6", convert.WriteOptions(names=log.names)))
    ann = people("Ann")
    page = ann.page
    page.reload()
    page.click("#open-log")
    expect(page).to_have_url(re.compile(r"/replay/open$"))
    # the file field is our own button in the page's language (not the browser's "Choose File"), reached by the
    # keyboard (Tab lands on the input, and its focus ring shows on the button) and opening the file chooser
    button = page.locator("#replay-open .replay-file-button")
    expect(button).to_have_text("Open a log file")
    assert page.locator("#replay-file").evaluate("n => n.getBoundingClientRect().width <= 1")
    page.locator("#back-to-lobby").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement && document.activeElement.id") == "replay-file"
    expect(button).to_have_css("outline-style", "solid")
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(path))
    expect(page.locator("#replay-board .table")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/replay/up-[0-9a-f]{16}"))
    hands = sum(1 for line in log.game.log if '"start_kyoku"' in line)
    expect(page.locator("#replay-hands option")).to_have_count(hands)
    assert log.names
    expect(page.locator("#replay-board .seat-info .name").first).to_have_text(log.names[0])
    # its id in the address: one seat's view loads from the server like a stored game's
    page.select_option("#replay-seat", "2")
    expect(page.locator("#hand .hand-tile").first).to_be_visible()


def test_the_keyboard_and_swipes_step_and_play_runs_and_stops(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    ann = people()
    record(server)
    open_replay(ann, "?step=3")
    page = ann.page
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^5 /"))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^3 /"))
    page.keyboard.press("ArrowDown")
    expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{hand_starts()[1] + 1} /"))
    page.keyboard.press("ArrowUp")
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^1 /"))
    page.select_option("#replay-speed", "4")
    page.keyboard.press(" ")
    expect(page.locator("#replay-play")).to_have_attribute("aria-label", re.compile("Pause"))
    page.wait_for_function("() => window.jantaku.state.replay.step >= 4")
    page.keyboard.press(" ")
    expect(page.locator("#replay-play")).to_have_attribute("aria-label", re.compile("Play"))
    stopped = position(ann)
    page.wait_for_timeout(600)
    assert position(ann) == stopped
    # a swipe across the table steps: to the left on, to the right back
    box = page.locator("#replay-board").bounding_box()
    assert box is not None
    y = box["y"] + box["height"] / 2
    for dx, expected in ((-120, stopped + 1), (120, stopped)):
        x = box["x"] + box["width"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + dx, y, steps=4)
        page.mouse.up()
        expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{expected + 1} /"))


SIZES = {"desktop": (1280, 720), "phone-portrait": (390, 844), "phone-landscape": (844, 390)}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots(server: LiveServer, people: Callable[..., Person], lang: str, size: str) -> None:
    """The table mid-hand with every hand open and the wall shown, one seat's view, and a win's card."""
    ann = people()
    record(server)
    page = ann.page
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    open_replay(ann, f"?step={mid_hand_step()}")
    if lang == "ja":
        page.click("#lang-switch")
        expect(page.locator("#replay-seat option").first).to_have_text("全員の手牌を表示")
        expect(page.locator("#replay-controls .replay-file-button")).to_have_text("牌譜ファイルを開く")
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(f"replay-{lang}-{size}-open.png")
    page.click("#replay-wall-toggle")
    expect(page.locator("#replay-live-wall .tile").first).to_be_visible()
    ann.screenshot(f"replay-{lang}-{size}-wall.png")
    page.select_option("#replay-seat", "0")
    expect(page.locator("#hand .hand-tile").first).to_be_visible()
    ann.screenshot(f"replay-{lang}-{size}-seat.png")
    win, _ = first_win()
    page.locator("#replay-slider").fill(str(win))  # (the slider: no page load to abort a request in flight)
    expect(page.locator("#replay-overlay #result")).to_be_visible()
    ann.screenshot(f"replay-{lang}-{size}-win.png")
    last = len(steps()) - 1
    page.locator("#replay-slider").fill(str(last))
    card = page.locator("#replay-overlay #result")
    expect(card).to_be_visible()
    while not page.locator("#standings").count():
        page.click("#result-next")
    expect(page.locator("#standings .chart")).to_be_visible()
    ann.screenshot(f"replay-{lang}-{size}-final.png")


def win_with(key: str) -> tuple[int, dict[str, Any]]:
    """The first win of the game whose result names tiles under ``key`` (``ura_markers``: a riichi win's ura; with
    ``dora_markers``, a win after a kan turned a second indicator up)."""
    for i, step in enumerate(steps()):
        for e in step["events"]:
            if e["type"] == "hora" and len(e["info"][key]) >= (2 if key == "dora_markers" else 1):
                return i, e
    raise AssertionError(f"the game has no win with {key}")


@pytest.mark.parametrize(
    "moment",
    ["mid-hand: one indicator", "a riichi win: its ura turned up", "a win after a kan: two indicators"],
)
def test_the_dead_wall_marks_the_indicators_turned_up(
    server: LiveServer, people: Callable[..., Person], moment: str
) -> None:
    ann = people()
    record(server)
    if moment.startswith("mid-hand"):
        k, dora, ura = mid_hand_step(), None, []
    else:
        k, hora = win_with("ura_markers" if "ura" in moment else "dora_markers")
        dora, ura = hora["info"]["dora_markers"], hora["info"]["ura_markers"]
    open_replay(ann, f"?step={k}")
    page = ann.page
    page.click("#replay-wall-toggle")
    dead = page.locator("#replay-dead-wall")
    expect(dead.locator(".tile").first).to_be_visible()
    frame_dora = page.evaluate(
        "() => { const r = window.jantaku.state.replay; return r.frames[r.step].dora_indicators; }"
    )
    turned = [int(x) for x in dead.locator(".tile.turned:not(.ura)").evaluate_all("ts => ts.map(t => t.dataset.tile)")]
    shown_ura = [int(x) for x in dead.locator(".tile.turned.ura").evaluate_all("ts => ts.map(t => t.dataset.tile)")]
    assert sorted(turned) == sorted(frame_dora if dora is None else dora)
    assert len(turned) == (1 if dora is None else len(dora))
    assert sorted(shown_ura) == sorted(ura)
    assert dead.locator(".tile.turned").first.get_attribute("title").endswith("dora indicator, turned up")
    expect(dead.locator(".wall-legend .wall-key")).to_have_count(2 if ura else 1)
    if ura:
        ann.screenshot("replay-dead-wall-ura.png")


def running(server: LiveServer) -> None:
    """The bot game in the server's records as started and not finished (a game still being played)."""
    game = bot_game()
    seats = [{"nickname": n, **({"cpu": "normal"} if i else {"player": "g0"})} for i, n in enumerate(NAMES)]
    server.app.state.store.game_started(GAME_ID, "ROOM01", game.rules.name, game.rules.options(), str(game.seed),
                                        game.log[0], seats, {"id": "ROOM01", "seats": [None] * 4})  # fmt: skip
    server.app.state.store.flush()


ERRORS = {
    # case: (how the server is set up, the status it answers, the address part, what the viewer says)
    "an unknown game": (None, 404, f"/api/replays/{GAME_ID}", "There is no finished game with this id."),
    "a game still being played": (running, 409, f"/api/replays/{GAME_ID}", "This game is still being played"),
    "an unreadable upload": (None, 400, "/api/replays?name=", "This file could not be read as a game's log"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_the_viewer_says_why_a_replay_cannot_be_shown(
    server: LiveServer,
    people: Callable[..., Person],
    expected_http: list[tuple[int, str]],
    tmp_path: Path,
    case: str,
) -> None:
    setup, status, address, words = ERRORS[case]
    if setup:
        setup(server)
    expected_http.append((status, address))  # the answer this test asks for; any other error still fails it
    ann = people()
    page = ann.page
    if case == "an unreadable upload":
        path = tmp_path / "notes.json"
        path.write_text('{"not": "a game"}')
        page.goto(f"{ann.url}/replay/open")
        page.set_input_files("#replay-file", str(path))
    else:
        page.goto(f"{ann.url}/replay/{GAME_ID}")
    error = page.locator("#replay-error")
    expect(error).to_contain_text(words)
    expect(page.locator("#replay-board")).to_have_count(0)
    # another file can be opened from the error, with our own button
    expect(page.locator("#replay-open .replay-file-button")).to_be_visible()


def test_only_the_declared_error_is_forgiven() -> None:
    problems = [
        f"HTTP 404: http://127.0.0.1:1/api/replays/{GAME_ID}",
        "console error: Failed to load resource: the server responded with a status of 404 (Not Found) "
        f"[http://127.0.0.1:1/api/replays/{GAME_ID}?seat=all]",
        "HTTP 404: http://127.0.0.1:1/static/js/missing.js",
        f"HTTP 409: http://127.0.0.1:1/api/replays/{GAME_ID}",
        "page error: TypeError: x is undefined",
    ]
    assert unexpected(problems, [(404, "/api/replays/")]) == problems[2:]


#: what has the focus (a selector, or the options dialog opened), the key pressed: the focused thing's, not a step
FOCUSED_KEYS = {
    "space on a score (a tabindex)": ("#replay-board .score", " "),
    "Enter on a score (a tabindex)": ("#replay-board .score", "Enter"),
    "an arrow with the options dialog open": ("#options-close", "ArrowRight"),
}


@pytest.mark.parametrize("case", list(FOCUSED_KEYS))
def test_keys_of_what_has_the_focus_do_not_step_or_play(
    server: LiveServer, people: Callable[..., Person], case: str
) -> None:
    ann = people()
    record(server)
    open_replay(ann, "?step=3")
    page = ann.page
    selector, key = FOCUSED_KEYS[case]
    if selector == "#options-close":
        page.click("#options-button")
        expect(page.locator("#options")).to_be_visible()
    page.locator(selector).first.focus()
    page.keyboard.press(key)
    page.wait_for_timeout(400)
    assert position(ann) == 3
    assert page.evaluate("() => window.jantaku.state.replay.playing") is False


#: how the replay is left while it plays: the address after, and whether the replay is still in the store
LEAVINGS = {
    "a link to the leaderboard": ("location.hash = '#/leaderboard/4p'", re.compile(r"/replay/.*#/leaderboard/4p$")),
    "a live game taking the page": ("window.jantaku.send({ type: 'play_now' })", re.compile(r"^[^?#]*://[^/]+/$")),
}


@pytest.mark.parametrize("case", list(LEAVINGS))
def test_play_stops_when_the_replay_is_left(server: LiveServer, people: Callable[..., Person], case: str) -> None:
    ann = people()
    record(server)
    open_replay(ann)
    page = ann.page
    page.select_option("#replay-speed", "4")
    page.keyboard.press(" ")
    page.wait_for_function("() => window.jantaku.state.replay.step >= 2")
    how, address = LEAVINGS[case]
    page.evaluate(how)
    expect(page).to_have_url(address)
    if case.startswith("a live game"):
        ann.wait_table()
        assert page.evaluate("() => window.jantaku.state.replay") is None
        return
    expect(page.locator("#replay-board")).to_have_count(0)
    page.wait_for_timeout(300)
    left = page.evaluate("() => window.jantaku.state.replay.step")
    page.wait_for_timeout(800)
    assert page.evaluate("() => [window.jantaku.state.replay.step, window.jantaku.state.replay.playing]") == [
        left,
        False,
    ]


DEAL = [{"type": "start_kyoku", "info": {"round": 1, "hand": 1, "honba": 1}}]
#: a step's events, the page's language, the rules' family ("" as the game's), and the line the viewer writes
STEP_LINES = {
    "a closed kan names its tile": (
        [{"type": "ankan", "actor": 0, "consumed": [0, 1, 2, 3]}],
        "en",
        "",
        "Ann calls Kan on 1m",
    ),
    "an open kan names the tile taken": (
        [{"type": "daiminkan", "actor": 1, "target": 0, "tile": 4, "consumed": [5, 6, 7]}],
        "en",
        "",
        "CPU 2 calls Kan on 2m",
    ),
    "a deal names its honba": (DEAL, "en", "", "South 2, honba 1: the hands are dealt"),
    "a Zung Jung deal has no honba": (DEAL, "en", "zung-jung", "South 2: the hands are dealt"),
    "a deal in Japanese": (DEAL, "ja", "", "南2局 1本場: 配牌"),
    "a Zung Jung deal in Japanese": (DEAL, "ja", "zung-jung", "南2局: 配牌"),
}


def step_line(page: Any, events: list[dict[str, Any]], family: str) -> str:
    """The viewer's line for ``events`` (its stepText), under the game's rules or another family's."""
    line = page.evaluate(
        """async ([events, names, family]) => {
      const r = window.jantaku.state.replay;
      const rules = r.data.rules;
      if (family) r.data.rules = { ...rules, family };
      try {
        const replay = await import("/static/js/screens/replay.js");
        return replay.stepText(events, names);
      } finally { r.data.rules = rules; }
    }""",
        [events, NAMES, family],
    )
    assert isinstance(line, str)
    return line


@pytest.mark.parametrize("case", list(STEP_LINES))
def test_the_step_line_in_words(server: LiveServer, people: Callable[..., Person], case: str) -> None:
    events, lang, family, words = STEP_LINES[case]
    ann = people()
    record(server)
    open_replay(ann)
    if lang == "ja":
        ann.page.click("#lang-switch")
        expect(ann.page.locator("#replay-seat option").first).to_have_text("全員の手牌を表示")
    assert step_line(ann.page, events, family) == words


#: a query string no game can follow, the rules of the game: every hand open (or no review) and a notice of why
BAD_QUERIES = {
    "a seat past four": ("?seat=9", "tenhou", "This game has no seat 9: every hand is shown open."),
    "a fourth seat of three players": ("?seat=3", "tenhou-sanma", "This game has no seat 3: every hand is shown open."),
    "a review of a seat past four": ("?review=9", "tenhou", "This game has no seat 9 to review."),
    "a review of a fourth seat of three": ("?review=3", "tenhou-sanma", "This game has no seat 3 to review."),
    "a review of a seat past the view's": ("?seat=1&review=3", "tenhou-sanma", "This game has no seat 3"),
}


@pytest.mark.parametrize("case", list(BAD_QUERIES))
def test_a_seat_the_game_has_not_opens_every_hand_with_a_notice(
    server: LiveServer, people: Callable[..., Person], expected_http: list[tuple[int, str]], case: str
) -> None:
    query, rules_name, words = BAD_QUERIES[case]
    expected_http.append((400, f"/api/replays/{GAME_ID}"))  # (a seat past the game's own, asked for once)
    ann = people()
    record(server, rules_name=rules_name)
    open_replay(ann, query)
    page = ann.page
    expect(page.locator("#notices")).to_contain_text(words)
    expect(page.locator("#replay-seat")).to_have_value("all")
    expect(page.locator("#replay-review-seat")).to_have_value("none")
    expect(page.locator("#replay-review")).to_have_count(0)
    expect(page.locator("#replay-error")).to_have_count(0)


def test_the_result_card_stays_where_it_was_scrolled_when_its_wall_is_verified(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    ann = people()
    record(server)
    page = ann.page
    page.set_viewport_size({"width": 844, "height": 390})
    win, _ = first_win()
    open_replay(ann, f"?step={win}")
    card = page.locator("#replay-overlay #result")
    expect(card).to_be_visible()
    assert card.evaluate("n => n.scrollHeight > n.clientHeight + 40"), "the card fits: nothing to scroll"
    check = card.locator("#wall-check")
    check.scroll_into_view_if_needed()
    scrolled = card.evaluate("n => n.scrollTop")
    assert scrolled > 0
    check.click()
    expect(card.locator("#wall-check")).to_have_text("verified ✓")
    page.wait_for_timeout(200)
    assert card.evaluate("n => n.scrollTop") == scrolled
    # a new card opens at its top
    page.keyboard.press("Enter")
    page.locator("#replay-slider").fill(str(win))
    expect(card).to_be_visible()
    page.wait_for_timeout(200)
    assert card.evaluate("n => n.scrollTop") == 0


#: a control, the key that works it, and its accessible name after (None: not checked)
KEPT_FOCUS = {
    "the play button": ("#replay-play", "Enter", "Pause (space)"),
    "the hand menu": ("#replay-hands", "ArrowDown", None),
    "the wall toggle": ("#replay-wall-toggle", "Enter", "Hide the wall"),
}


@pytest.mark.parametrize("case", list(KEPT_FOCUS))
def test_a_control_keeps_the_focus_when_it_is_worked(
    server: LiveServer, people: Callable[..., Person], case: str
) -> None:
    selector, key, name = KEPT_FOCUS[case]
    ann = people()
    record(server)
    open_replay(ann, "?step=3")
    page = ann.page
    page.locator(selector).focus()
    page.keyboard.press(key)
    if case == "the hand menu":
        expect(page.locator("#replay-position")).to_have_text(re.compile(rf"^{hand_starts()[1] + 1} /"))
    if name is not None:
        expect(page.locator(selector)).to_have_accessible_name(name)
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.activeElement && '#' + document.activeElement.id") == selector


def test_a_zung_jung_wall_has_no_dead_wall_line(server: LiveServer, people: Callable[..., Person]) -> None:
    ann = people()
    record(server, rules_name="zung-jung")
    open_replay(ann, "?step=5")
    page = ann.page
    page.click("#replay-wall-toggle")
    expect(page.locator("#replay-live-wall .tile").first).to_be_visible()
    expect(page.locator("#replay-dead-wall")).to_have_count(0)
    page.locator("#replay-slider").fill("0")
    expect(page.locator("#replay-line")).to_contain_text("the hands are dealt")
    expect(page.locator("#replay-line")).not_to_contain_text("honba")


def test_a_swipe_that_ends_off_the_board_still_steps(server: LiveServer, people: Callable[..., Person]) -> None:
    """The board keeps vertical scrolling only (a sideways swipe is the viewer's) and holds a swipe to its end."""
    ann = people()
    record(server)
    open_replay(ann, "?step=3")
    page = ann.page
    expect(page.locator("#replay-board")).to_have_css("touch-action", "pan-y")
    box = page.locator("#replay-board").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] - 20
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 200, y + 40, steps=10)  # (it leaves the board: up below it, over the controls)
    page.mouse.up()
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^5 /"))
