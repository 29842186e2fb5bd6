"""The player's pages in the browser (src/jantaku/web/README.md "The player's pages"): a guest who played creates an
account and finds the game in their profile; logging out and in again, a wrong password refused in the page's
language, a second device's session ended from the account page; the leaderboard with the own row marked and the
profile's charts; the final standings' rating change; both languages and a phone held upright.

Games are written into the server's records as the runner writes them at a game's end (``store.game_started`` and
``store.game_finished`` with each seat's lines): playing whole games through the page would only make these tests
slow, and the table's own tests play it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from jantaku.engine import Game
from jantaku.rules import preset
from jantaku.server.credentials import COOKIE
from jantaku.server.ids import token_hash
from jantaku.sim.play import play_game, summarise
from tests.browser.conftest import WATCH_BUTTONS, watch
from tests.browser.helpers import ARTIFACTS, LiveServer, Person, expect

PASSWORD = "correct horse battery"
PHONE = {"width": 390, "height": 844}
JA = "localStorage.setItem('jantaku.lang', 'ja')"


@cache
def played(seed: str, length: str = "east") -> Game:
    """A 4-player game of CPUs (East only unless told), as its log replays."""
    rules = preset("standard").with_options(length=length)
    record = play_game(rules, ["easy"] * 4, seed, 0, keep_log=True)
    assert record.log is not None
    return Game.replay(record.log)


def record_game(server: LiveServer, game_id: str, players: list[tuple[str, str | None]], *, matched: bool = False,
                seed: str = "pages-a", length: str = "east") -> None:  # fmt: skip
    """A finished game in the server's records: ``players`` (nickname, player id; id None: a CPU) at seats 0..3."""
    game = played(seed, length)
    assert game.final is not None
    store = server.app.state.store
    seats = [{"nickname": name, "cpu": "easy" if pid is None else None, **({"player": pid} if pid else {})}
             for name, pid in players]  # fmt: skip
    room = {"id": f"R{game_id[:5]}", "matched": matched, "seats": [dict(seat) for seat in seats]}
    rules = game.rules
    store.game_started(game_id, room["id"], "standard", rules.options(), str(game.seed), game.log[0], seats, room)
    final = {**game.final.to_json(), "nicknames": [name for name, _ in players]}
    lines, _ = summarise(game.events, 4)
    store.game_finished(game_id, "finished", final, [], game.log, lines=lines)
    store.flush()


@pytest.fixture(autouse=True)
def patient_expect() -> Iterator[None]:
    """Registering, logging in and changing a password hash with argon2id, slow on purpose: a tenth of a second on an
    idle machine, seconds on a busy two-core CI runner. What follows one waits up to 15 s instead of 5 (only a failure
    waits longer: an expectation returns as soon as it holds)."""
    expect.set_options(timeout=15_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.fixture
def visitors(browser: Any, server: LiveServer) -> Iterator[Callable[..., Person]]:
    """``visitors(viewport=..., lang=..., allowed=...)``: a new browser at the lobby, greeted. As with ``people``, a
    console error or an HTTP error fails the test, except the answers ``allowed`` expects (path: status), and the
    console's line for each of them."""
    contexts: list[Any] = []
    problems: list[str] = []

    def new(
        viewport: dict[str, int] | None = None,
        lang: str = "en",
        allowed: dict[str, int | tuple[int, ...]] | None = None,
    ) -> Person:
        context = browser.new_context(locale="en-US", viewport=viewport or {"width": 1280, "height": 900})
        context.set_default_timeout(15000)
        context.add_init_script(WATCH_BUTTONS)
        if lang == "ja":
            context.add_init_script(JA)
        contexts.append(context)
        page = context.new_page()
        seen: list[str] = []
        watch(page, seen)
        answers = {path: status if isinstance(status, tuple) else (status,) for path, status in (allowed or {}).items()}
        expected = {f"HTTP {status}: {server.url}{path}" for path, statuses in answers.items() for status in statuses}
        statuses = {f"status of {status}" for some in answers.values() for status in some}

        def unexpected() -> list[str]:
            return [p for p in seen if p not in expected and not any(s in p for s in statuses)]

        page.on("close", lambda _: problems.extend(unexpected()))
        person = Person(page, server.url)
        page.goto(server.url)
        expect(page.locator("#play-now")).to_be_visible()
        page.wait_for_function("() => !!window.jantaku.state.player")
        return person

    yield new
    try:
        for context in contexts:
            for page in context.pages:
                page.wait_for_timeout(50)  # deliver the page's last events
            context.close()
        assert not problems, "the browser reported problems:\n" + "\n".join(problems)
    finally:
        for context in contexts:
            context.close()


def reload(page: Any) -> None:
    """Reloads once the page's requests are answered (a reload aborts those in flight: a failed request)."""
    page.wait_for_load_state("networkidle")
    page.reload()


def player_id(person: Person) -> str:
    pid: str = person.state("player.id")
    return pid


def register(person: Person, name: str) -> str:
    """Creates an account through the page's own form; answers its id."""
    page = person.page
    page.click("#login-link")
    expect(page.locator("#register-form")).to_be_visible()
    page.fill("#register-name", name)
    page.fill("#register-password", PASSWORD)
    page.fill("#register-confirm", PASSWORD)
    page.click("#register-submit")
    expect(page.locator("#account-link")).to_be_visible()
    page.wait_for_function("() => window.jantaku.state.player && window.jantaku.state.player.account")
    return player_id(person)


def register_by_api(person: Person, name: str) -> str:
    """Creates an account with the REST call (the context keeps the session cookie), then the page reconnects."""
    res = person.page.request.post(f"{person.url}/api/account/register", data={"name": name, "password": PASSWORD})
    assert res.status == 201, res.text()
    reload(person.page)
    person.page.wait_for_function("() => window.jantaku.state.player && window.jantaku.state.player.account")
    return str(res.json()["player"]["id"])


def no_sideways_scroll(person: Person) -> None:
    width = person.page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= person.page.viewport_size["width"], f"the page scrolls sideways ({width} px)"


def test_a_guest_who_played_creates_an_account_and_finds_the_game_in_the_profile(
    server: LiveServer, visitors: Callable[..., Person]
) -> None:
    ann = visitors()
    page = ann.page
    page.fill("#nickname", "Ann")
    page.click("#save-nickname")
    guest = player_id(ann)
    assert guest.startswith("g")
    record_game(server, "guestgame000001", [("Ann", guest), ("CPU 2", None), ("CPU 3", None), ("CPU 4", None)])
    record_game(server, "guestgame000002", [("CPU 1", None), ("Ann", guest), ("CPU 3", None), ("CPU 4", None)],
                length="east-south")  # fmt: skip
    reload(page)
    # the history lists the game with Ann's name a link to her record (the CPUs' names are none)
    expect(page.locator(f'table.history a.player-link[data-player="{guest}"]')).to_have_text(["Ann", "Ann"])
    expect(page.locator("table.history a.player-link")).to_have_count(2)

    account = register(ann, "Ann")
    assert account.startswith("a") and account != guest
    expect(page.locator(".notice")).to_contain_text("Ann")
    expect(page.locator("#topbar .who")).to_have_text("Ann")
    expect(page.locator("#nickname")).to_be_disabled()
    # the guest's game is the account's now: in the history, and in the profile the name in the top bar opens
    expect(page.locator(f'table.history a.player-link[data-player="{account}"]')).to_have_text(["Ann", "Ann"])
    page.click("#topbar .who")
    expect(page.locator("#profile-name")).to_contain_text("Ann")
    expect(page.locator('#recent-games tr[data-game="guestgame000001"]')).to_be_visible()
    # the statistics: all games, then a column per length
    stats = page.locator('.stats[data-family="4p"]')
    expect(stats.locator("thead th")).to_have_text(["", "All", "East only", "East-South"])
    expect(stats.locator('tr[data-stat="games"] td')).to_have_text(["2", "1", "1"])
    expect(page.locator("#placement-chart svg circle")).to_have_count(2)
    assert page.locator('#recent-games tr[data-game="guestgame000001"] .log-links a').count() == 3
    page.screenshot(path=str(ARTIFACTS / "profile-1280-en.png"), full_page=True)


def test_log_out_and_in_again_and_end_another_device(server: LiveServer, visitors: Callable[..., Person]) -> None:
    bo = visitors(allowed={"/api/account/login": 401})
    page = bo.page
    account = register(bo, "Bo")
    page.click("#account-link")
    expect(page.locator("#account-name")).to_have_text("Bo")
    expect(page.locator("#sessions li")).to_have_count(1)
    expect(page.locator("#sessions li.current .tag")).to_have_text("this device")
    bo.screenshot("account-1280-en.png")
    page.click("#logout-button")
    expect(page.locator("#login-link")).to_be_visible()
    expect(page.locator("#nickname")).to_be_enabled()
    page.wait_for_function("() => window.jantaku.state.player && !window.jantaku.state.player.account")

    # a wrong password is refused with the same words whether or not the name exists, in the page's language
    page.click("#login-link")
    for name in ("Bo", "Nobody"):
        page.fill("#login-name", name)
        page.fill("#login-password", "not the password")
        page.click("#login-submit")
        expect(page.locator("#login-error")).to_have_text("Wrong name or password.")
    page.click("#lang-switch")
    page.click("#login-submit")
    expect(page.locator("#login-error")).to_have_text("アカウント名かパスワードが違います。")
    expect(page.locator(".notice")).to_have_count(0)  # (the connection given up at the log out says nothing)
    bo.screenshot("login-error-1280-ja.png")
    page.click("#lang-switch")

    # by the keyboard alone: the name, Tab to the password, Enter (a name is one whatever its case)
    page.fill("#login-name", "")
    page.fill("#login-password", "")
    page.focus("#login-name")
    page.keyboard.type("bo")
    page.keyboard.press("Tab")
    expect(page.locator("#login-password")).to_be_focused()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.locator("#account-link")).to_be_visible()
    page.wait_for_function("() => window.jantaku.state.player && window.jantaku.state.player.account")
    assert player_id(bo) == account
    expect(page.locator("#topbar .who")).to_have_text("Bo")

    # a second device logs in; the first ends its session from the account page
    other = visitors()
    other.page.click("#login-link")
    other.page.fill("#login-name", "Bo")
    other.page.fill("#login-password", PASSWORD)
    other.page.click("#login-submit")
    expect(other.page.locator("#account-link")).to_be_visible()
    page.click("#account-link")
    expect(page.locator("#sessions li")).to_have_count(2)
    page.click("#sessions li:not(.current) .end-session")
    expect(page.locator("#sessions li")).to_have_count(1)
    # the ended device is told, plays on as a guest, and its dead cookie is cleared
    expect(other.page.locator("#login-link")).to_be_visible()
    other.page.wait_for_function("() => window.jantaku.state.player && !window.jantaku.state.player.account")
    reload(other.page)
    expect(other.page.locator("#login-link")).to_be_visible()
    res = other.page.request.get(f"{server.url}/api/account/me")
    assert res.status == 401, "the ended device is logged out"
    assert not [c for c in other.page.context.cookies() if c["name"] == "jantaku_session"]


def test_the_leaderboard_marks_the_own_row_and_the_profile_charts_the_rating(
    server: LiveServer, visitors: Callable[..., Person]
) -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    people = [visitors() for _ in names]
    ids = [register_by_api(person, name) for person, name in zip(people, names, strict=True)]
    # twelve rated games (auto-matched, people only): past the ten that make a rating provisional
    for n in range(12):
        order = [(n + k) % 4 for k in range(4)]
        record_game(server, f"rated{n:011d}", [(names[i], ids[i]) for i in order], matched=True,
                    seed=f"pages-{n % 3}")  # fmt: skip
    ann = people[0]
    page = ann.page
    # the lobby's history: each rated seat's rating change after the score
    reload(page)
    expect(page.locator("table.history tr")).to_have_count(12)
    expect(page.locator("table.history tr").first.locator(".rating-delta")).to_have_count(4)
    page.locator("#history").screenshot(path=str(ARTIFACTS / "history-ratings-1280-en.png"))
    page.click("#leaderboard-link")
    expect(page.locator("#board tbody tr")).to_have_count(4)
    mine = page.locator("#board tbody tr.mine")
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-player", ids[0])
    expect(mine.locator("a")).to_have_text("Ann")
    expect(page.locator('.tabs a[aria-current="page"]')).to_have_attribute("data-family", "4p")
    ann.screenshot("leaderboard-1280-en.png")
    page.click('.tabs a[data-family="3p"]')
    expect(page.locator("#board-empty")).to_be_visible()
    # the profile: the rating with its rank, the rating over time and the placements
    page.goto(f"{server.url}/#/player/{ids[1]}")
    expect(page.locator("#profile-name")).to_contain_text("Bo")
    expect(page.locator('#ratings .rating-card[data-family="4p"]')).to_contain_text(re.compile(r"#\d"))
    expect(page.locator("#rating-chart svg polyline")).to_have_count(1)
    expect(page.locator("#placement-chart svg circle")).to_have_count(12)
    expect(page.locator("#recent-games .rating-delta span")).to_have_count(12)
    page.screenshot(path=str(ARTIFACTS / "profile-rated-1280-en.png"), full_page=True)
    # a newcomer with two rated games: provisional, so not in the table; their position says so under it
    eve = visitors()
    eve_id = register_by_api(eve, "Eve")
    for n in range(2):
        record_game(server, f"eve{n:013d}", [("Eve", eve_id), *[(names[i], ids[i]) for i in range(3)]], matched=True)
    eve.page.click("#leaderboard-link")
    expect(eve.page.locator("#board tbody tr")).to_have_count(4)
    expect(eve.page.locator("#board tbody tr.mine")).to_have_count(0)
    expect(eve.page.locator("#my-position .tag")).to_have_text("provisional")
    expect(eve.page.locator("#my-position")).to_contain_text("8 more rated games")
    # Bo hides from the leaderboards: gone from the table, and told why he has no rank
    bo = people[1]
    assert bo.page.request.post(f"{server.url}/api/account/hidden", data={"hidden": True}).ok
    bo.page.click("#leaderboard-link")
    expect(bo.page.locator("#board tbody tr")).to_have_count(3)
    expect(bo.page.locator("#my-position")).to_contain_text("You are hidden from the leaderboards")


def test_the_final_standings_show_each_seats_rating_change(server: LiveServer, visitors: Callable[..., Person]) -> None:
    ann = visitors()
    page = ann.page
    page.evaluate("""async () => {
      const { dispatch } = await import("/static/js/dispatch.js"); // a game's end as the server sends it
      dispatch({ type: "game_over", game_id: "g1", unrecorded: false, final: {
        order: [2, 0, 1, 3], scores: [30000, 20000, 41000, 9000], results: [10000, -10000, 51000, -51000],
        places: [1, 2, 0, 3], nicknames: ["Ann", "Bo", "Cy", "Di"],
        ratings: [{ seat: 0, before: 10.0, after: 10.8, provisional: false }, null,
                  { seat: 2, before: 4.0, after: 6.5, provisional: true },
                  { seat: 3, before: 8.0, after: 6.9, provisional: false }] } });
      (await import("/static/js/store.js")).refresh(); // (app.js draws after each message it hands on)
    }""")
    expect(page.locator("#standings")).to_be_visible()
    cells = page.locator("#standings .rating-change")
    expect(cells).to_have_count(4)
    expect(page.locator('#standings .rating-change[data-seat="2"]')).to_contain_text("+2.5")
    expect(page.locator('#standings .rating-change[data-seat="2"] .tag')).to_have_text("provisional")
    expect(page.locator('#standings .rating-change[data-seat="3"]')).to_contain_text("−1.1")
    expect(page.locator('#standings .rating-change[data-seat="1"]')).to_have_text("")
    ann.screenshot("standings-rating-1280-en.png")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pages_on_a_phone_held_upright(server: LiveServer, visitors: Callable[..., Person], lang: str) -> None:
    di = visitors(viewport=PHONE, lang=lang)
    page = di.page
    pid = register(di, f"Di{lang}")
    record_game(server, f"phone{lang}0000001", [(f"Di{lang}", pid), ("CPU 2", None), ("CPU 3", None), ("CPU 4", None)])
    reload(page)  # the history asks for the account's games again
    expect(page.locator("table.history a.player-link")).to_have_count(1)
    page.screenshot(path=str(ARTIFACTS / f"lobby-account-390x844-{lang}.png"), full_page=True)
    no_sideways_scroll(di)
    page.goto(f"{server.url}/#/login")
    expect(page.locator("#logged-in")).to_be_visible()
    no_sideways_scroll(di)
    di.screenshot(f"login-390x844-{lang}.png")
    page.click("#account-link")
    expect(page.locator("#sessions li")).to_have_count(1)
    no_sideways_scroll(di)
    di.screenshot(f"account-390x844-{lang}.png")
    page.click("#topbar .who")
    expect(page.locator("#recent-games tr[data-game]")).to_have_count(1)
    expect(page.locator("#placement-chart svg")).to_be_visible()
    no_sideways_scroll(di)
    page.screenshot(path=str(ARTIFACTS / f"profile-390x844-{lang}.png"), full_page=True)
    page.click("#leaderboard-link")
    expect(page.locator("#board-empty")).to_be_visible()
    expect(page.locator("#my-position")).to_have_count(1)  # no rated game yet: not on it, and told so
    no_sideways_scroll(di)
    di.screenshot(f"leaderboard-390x844-{lang}.png")
    # the keyboard reaches the pages: the way back is a link Enter follows
    page.goto(f"{server.url}/#/login")
    page.focus("#back-to-lobby")
    page.keyboard.press("Enter")
    expect(page.locator("#play-now")).to_be_visible()


def test_the_account_page_changes_the_password_hides_downloads_and_deletes(
    server: LiveServer, visitors: Callable[..., Person]
) -> None:
    allowed = {"/api/account/password": 401, "/api/account": 401, "/api/account/login": 401}
    cy = visitors(allowed=allowed)
    page = cy.page
    pid = register(cy, "Cy")
    record_game(server, "cygame000000001", [("Cy", pid), ("CPU 2", None), ("CPU 3", None), ("CPU 4", None)])
    page.click("#account-link")
    expect(page.locator("#account-name")).to_have_text("Cy")

    # a new password: the old one asked (a wrong one refused), the two new ones alike
    page.fill("#old-password", "not the password")
    page.fill("#new-password", "a new password")
    page.fill("#new-confirm", "a new password")
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("Wrong password.")
    page.fill("#old-password", PASSWORD)
    page.fill("#new-password", "a new password")
    page.fill("#new-confirm", "another one")
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("The two passwords differ.")
    page.fill("#new-confirm", "a new password")
    page.click("#password-submit")
    expect(page.locator(".notice")).to_have_text("Password changed: your other devices are logged out.")
    expect(page.locator("#password-error")).to_have_count(0)

    # hidden from the leaderboards, as the account page shows when opened again
    page.check("#hide-from-boards")
    expect(page.locator(".notice")).to_have_text("You are hidden from the leaderboards.")
    reload(page)
    expect(page.locator("#hide-from-boards")).to_be_checked()

    # every game and the statistics in one zip, fetched with the cookie (no token in a URL)
    with page.expect_download() as download:
        page.click("#download-data")
    assert download.value.suggested_filename == "jantaku-Cy.zip"
    with open(download.value.path(), "rb") as zipped:
        assert zipped.read(2) == b"PK"

    # deleting asks for the password; then the page is a new guest's and the account is no more
    page.fill("#delete-password", PASSWORD)  # (the old one: it was changed)
    page.click("#delete-submit")
    expect(page.locator("#delete-error")).to_have_text("Wrong password.")
    page.fill("#delete-password", "a new password")
    page.click("#delete-submit")
    expect(page.locator(".notice")).to_have_text("Your account is deleted.")
    expect(page.locator("#login-link")).to_be_visible()
    page.wait_for_function("() => window.jantaku.state.player && !window.jantaku.state.player.account")
    assert player_id(cy) != pid
    page.click("#login-link")
    page.fill("#login-name", "Cy")
    page.fill("#login-password", "a new password")
    page.click("#login-submit")
    expect(page.locator("#login-error")).to_have_text("Wrong name or password.")


def test_a_guest_downloads_their_data_and_is_offered_an_account(
    server: LiveServer, visitors: Callable[..., Person]
) -> None:
    eve = visitors()
    page = eve.page
    guest = player_id(eve)
    record_game(server, "evegame00000001", [("Eve", guest), ("CPU 2", None), ("CPU 3", None), ("CPU 4", None)])
    page.goto(f"{server.url}/#/account")
    expect(page.locator("#account-head h2")).to_have_text("Playing as a guest")
    expect(page.locator("#view-profile")).to_have_attribute("href", f"#/player/{guest}")
    with page.expect_download() as download:
        page.click("#download-data")
    with open(download.value.path(), "rb") as zipped:
        assert zipped.read(2) == b"PK"
    page.click("#to-login")
    expect(page.locator("#register-form")).to_be_visible()


#: (what is typed as name and password, the server's answer (None: the form refuses before asking), the refusal
#: shown in English, in Japanese)
REFUSALS = [
    ("Taken", PASSWORD, 409, "That name is taken.", "その名前はすでに使われています。"),
    ("ＴＡＫＥＮ", PASSWORD, 409, "That name is taken.", "その名前はすでに使われています。"),
    ("CPU 2", PASSWORD, 400, "That name passes for a CPU seat.", "CPUの席と紛らわしい名前です。"),
    ("deleted player", PASSWORD, 400, "That name is what the table shows for a player who is not there.",
     "その名前は卓で不在のプレイヤーを表すのに使われています。"),
    ("System", PASSWORD, 400, "That name passes for the system.", "システムと紛らわしい名前です。"),
    ("Ann\u200b", PASSWORD, 400, "A name may not contain invisible characters.", "名前に見えない文字は使えません。"),
    ("Short", "seven c", None, "A password is at least 8 characters.", "パスワードは8文字以上です。"),
    ("  ", PASSWORD, None, "Enter a name.", "名前を入力してください。"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "password", "status", "english", "japanese"), REFUSALS, ids=[r[3] for r in REFUSALS])
def test_a_refused_account_says_why_in_both_languages(
    server: LiveServer,
    visitors: Callable[..., Person],
    name: str,
    password: str,
    status: int | None,
    english: str,
    japanese: str,
) -> None:
    register_by_api(visitors(), "Taken")
    person = visitors(allowed={"/api/account/register": status} if status else None)
    page = person.page
    page.goto(f"{server.url}/#/login")
    for text in (english, japanese):
        page.fill("#register-name", name)
        page.fill("#register-password", password)
        page.fill("#register-confirm", password)
        page.click("#register-submit")
        expect(page.locator("#register-error")).to_have_text(text)
        if text == english:
            page.click("#lang-switch")
    assert not person.state("player.account")


def test_too_many_wrong_passwords_say_how_long_to_wait(server: LiveServer, visitors: Callable[..., Person]) -> None:
    register_by_api(visitors(), "Fay")
    fay = visitors(allowed={"/api/account/login": (401, 429)}, lang="ja")
    page = fay.page
    page.goto(f"{server.url}/#/login")
    page.fill("#login-name", "Fay")
    page.fill("#login-password", "not the password")
    for _ in range(5):  # the server's count of wrong passwords per name (accounts.LoginLimiter)
        page.click("#login-submit")
        expect(page.locator("#login-error")).to_have_text("アカウント名かパスワードが違います。")
        page.wait_for_function("() => !document.getElementById('login-submit').disabled")
    page.fill("#login-password", PASSWORD)  # the right one too, while the name is locked
    with page.expect_response(lambda r: r.url.endswith("/api/account/login")) as answer:
        page.click("#login-submit")
    assert answer.value.status == 429
    expect(page.locator("#login-error")).to_have_text(
        re.compile(r"^試行が多すぎます。\d+秒待ってからやり直してください。$")
    )


# Every websocket the page opens, kept so that a test counts those still open (net.js keeps one per page).
COUNT_SOCKETS = """(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); }
  };
})()"""


@pytest.mark.parametrize("leave", ["log out", "delete"])
def test_leaving_the_account_keeps_one_connection_and_says_no_error(
    server: LiveServer, visitors: Callable[..., Person], leave: str
) -> None:
    """The server closes the account's websocket before it answers the log out (or the deletion): that close is the
    page's own doing, so no "reconnecting" banner, no error notice and no second connection follow it."""
    di = visitors()
    page = di.page
    page.context.add_init_script(COUNT_SOCKETS)
    account = register_by_api(di, f"Di{leave[0]}")
    page.click("#account-link")
    expect(page.locator("#account-name")).to_have_text(f"Di{leave[0]}")

    def slow_answer(route: Any) -> None:  # (a slow network: the close comes well before the answer)
        answer = route.fetch()
        page.wait_for_timeout(600)
        route.fulfill(response=answer)

    page.route(re.compile(r"/api/account(/logout)?$"), slow_answer)
    if leave == "log out":
        page.click("#logout-button")
    else:
        page.fill("#delete-password", PASSWORD)
        page.click("#delete-submit")
    page.wait_for_function("() => window.jantaku.state.player && !window.jantaku.state.player.account")
    page.wait_for_timeout(1500)  # past the retry a lost connection would schedule
    # the account's connection, closed, and the guest's: no retry of its own between them, none left open unheard
    assert page.evaluate("() => window.__sockets.map((ws) => ws.readyState)") == [3, 1]
    expect(page.locator(".notice")).to_have_count(1)
    expect(page.locator(".notice")).not_to_have_class(re.compile("error"))
    expect(page.locator("#banner")).to_be_hidden()
    assert player_id(di) != account


@pytest.mark.parametrize("action", ["hide", "new password"])
def test_a_session_ended_meanwhile_logs_the_page_out(
    server: LiveServer, visitors: Callable[..., Person], action: str
) -> None:
    """A session that ended while the account page was open (expired, or its row gone) answers "not_logged_in":
    the page logs out and offers the log in, where a wrong password would be shown under its form."""
    ex = visitors(allowed={"/api/account/hidden": 401, "/api/account/password": 401})
    page = ex.page
    register(ex, "Ex")
    other = visitors()
    other.page.request.post(f"{server.url}/api/account/login", data={"name": "Ex", "password": PASSWORD})
    page.click("#account-link")
    expect(page.locator("#sessions li")).to_have_count(2)
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)
    server.app.state.store.end_session(token_hash(cookie))  # (the websocket is not told: only the REST call finds out)
    if action == "hide":
        # a click, not check(): the refusal may log the page out (and take the box away) before check() could
        # confirm the box's new state, and that confirmation is not what this test is about
        page.click("#hide-from-boards")
    else:
        page.fill("#old-password", PASSWORD)
        page.fill("#new-password", "a new password")
        page.fill("#new-confirm", "a new password")
        page.click("#password-submit")
    expect(page.locator("#login-form")).to_be_visible()
    expect(page.locator(".notice")).to_have_text("Your session has ended: you are logged out.")
    page.wait_for_function("() => window.jantaku.state.player && !window.jantaku.state.player.account")
    expect(page.locator("#password-error")).to_have_count(0)


def test_a_log_out_returns_to_the_guest_this_browser_was(server: LiveServer, visitors: Callable[..., Person]) -> None:
    """A plain log in spends no guest: after the log out this browser is its guest again (the guest's games stay
    within reach); a guest who became an account by register is spent, and a log out then begins a new guest."""
    register_by_api(visitors(), "Fi")
    guy = visitors()
    page = guy.page
    guest = player_id(guy)
    page.click("#login-link")
    page.fill("#login-name", "Fi")
    page.fill("#login-password", PASSWORD)
    page.click("#login-submit")
    expect(page.locator("#account-link")).to_be_visible()
    page.click("#account-link")
    page.click("#logout-button")
    page.wait_for_function("() => window.jantaku.state.player && !window.jantaku.state.player.account")
    assert player_id(guy) == guest

    account = register(guy, "Gus")  # the guest becomes the account: its token is spent
    page.click("#account-link")
    page.click("#logout-button")
    page.wait_for_function("() => window.jantaku.state.player && !window.jantaku.state.player.account")
    assert player_id(guy) not in (guest, account)


@pytest.mark.parametrize("place", ["waiting room", "match queue"])
def test_logging_in_leaves_the_room_or_queue_of_the_guest(
    server: LiveServer, visitors: Callable[..., Person], place: str
) -> None:
    """The waiting room (or the match queue) was the guest's: logging in leaves it, so that no seat waits there for
    nobody, and the page is the account's lobby, not the room of someone it no longer is."""
    register_by_api(visitors(), "Hal")
    ivo = visitors()
    page = ivo.page
    rid = ""
    if place == "waiting room":
        page.select_option("#create-cpu-0", "normal")
        page.click("#create-room")
        rid = (page.locator("#room-id").text_content() or "").strip()
    else:
        page.check("#auto-match")
        page.wait_for_function("() => !!window.jantaku.state.queue")
    page.click("#login-link")
    page.fill("#login-name", "Hal")
    page.fill("#login-password", PASSWORD)
    page.click("#login-submit")
    expect(page.locator("#play-now")).to_be_visible()
    page.wait_for_function("() => { const s = window.jantaku.state; return s.player.account && !s.room && !s.queue; }")
    if rid:
        expect(page.locator(f'.room-line[data-room="{rid}"]')).to_have_count(0)
    else:  # the next person in the queue waits alone
        jo = visitors()
        jo.page.check("#auto-match")
        jo.page.wait_for_function("() => window.jantaku.state.queue && window.jantaku.state.queue.waiting === 1")


def test_a_failed_log_out_says_so_and_stays_logged_in(server: LiveServer, visitors: Callable[..., Person]) -> None:
    """The server could not end the session (down, or an error): the page says so instead of "Logged out", stays
    the account's and keeps its one connection (no leaving half done)."""
    jay = visitors(allowed={"/api/account/logout": 503})
    page = jay.page
    page.context.add_init_script(COUNT_SOCKETS)
    register_by_api(jay, "Jay")
    page.click("#account-link")
    page.route(re.compile(r"/api/account/logout$"), lambda route: route.fulfill(status=503, json={"detail": "down"}))
    page.click("#logout-button")
    expect(page.locator(".notice")).to_have_text("The server refused: down")
    expect(page.locator("#account-name")).to_have_text("Jay")
    assert page.evaluate("() => window.jantaku.state.player.account") is True
    assert page.evaluate("() => window.__sockets.map((ws) => ws.readyState)") == [1]


@pytest.mark.parametrize("button", ["#password-submit", "#delete-submit"])
def test_a_double_click_sends_one_request(server: LiveServer, visitors: Callable[..., Person], button: str) -> None:
    """A change waits for its answer: a second click meanwhile sends nothing (a second new password would be
    refused for the old one that just changed, a second deletion for an account gone)."""
    kim = visitors()
    page = kim.page
    register_by_api(kim, f"Kim{len(button)}")
    page.click("#account-link")
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if "/api/account" in request.url else None)
    if button == "#password-submit":
        page.fill("#old-password", PASSWORD)
        page.fill("#new-password", "a new password")
        page.fill("#new-confirm", "a new password")
        path = "/api/account/password"
    else:
        page.fill("#delete-password", PASSWORD)
        path = "/api/account"
    page.dblclick(button)
    expect(page.locator(".notice")).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert [url for url in sent if url.endswith(path)] == [f"{server.url}{path}"]
    expect(page.locator(".form-error")).to_have_count(0)


def test_the_account_page_opened_again_shows_no_old_refusal(
    server: LiveServer, visitors: Callable[..., Person]
) -> None:
    lu = visitors(allowed={"/api/account/password": 401})
    page = lu.page
    register_by_api(lu, "Lu")
    page.click("#account-link")
    page.fill("#old-password", "not the password")
    page.fill("#new-password", "a new password")
    page.fill("#new-confirm", "a new password")
    page.click("#password-submit")
    expect(page.locator("#password-error")).to_have_text("Wrong password.")
    page.click("#back-to-lobby")
    expect(page.locator("#play-now")).to_be_visible()
    page.click("#account-link")
    expect(page.locator("#account-name")).to_have_text("Lu")
    expect(page.locator("#password-error")).to_have_count(0)
