"""The lobby's game history offers each finished game's log in every format the server writes (``log_formats`` of
``GET /api/games``): one link per format, named for it, downloading a file with the format's extension; and a
finished riichi game hand by hand (``GET /api/games/{id}/hands``): each hand's tenhou.net/6 viewer link (a new tab)
and its one-hand JSON, both that hand's document."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from urllib.parse import unquote

from jantaku.engine import Game
from jantaku.rules import preset
from jantaku.server.ids import guest_id
from tests.browser.helpers import LiveServer, Person, expect

GAME_ID = "0123456789abcdef"
ZUNG_JUNG_ID = "fedcba9876543210"
VIEWER = "https://tenhou.net/6/#json="
NAMES = ["Ann", "CPU 2", "CPU 3", "CPU 4"]


def finished_game(name: str = "tenhou") -> Game:
    """A short game of random legal actions under Tenhou's rules (East only), or another preset's."""
    game = Game(preset(name).with_options(length="east") if name == "tenhou" else preset(name), 7)
    rng = random.Random(7)
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def player_of(person: Person) -> str:
    """The person's player id: their guest id, from the token their page keeps."""
    person.page.wait_for_function("() => !!localStorage.getItem('jantaku.token')")  # the welcome brought it
    token = person.page.evaluate("localStorage.getItem('jantaku.token')")
    assert isinstance(token, str)
    return guest_id(token)


def record(server: LiveServer, game: Game, player: str, game_id: str = GAME_ID) -> None:
    """The game in the server's records as if Ann (player id ``player``) had played it with three CPUs."""
    store = server.app.state.store
    seats = [{"nickname": n, **({"cpu": "normal"} if i else {"player": player})} for i, n in enumerate(NAMES)]
    room = {"id": "ROOM01", "seats": [None] * 4}
    rules = game.rules
    store.game_started(game_id, "ROOM01", rules.name, rules.options(), str(game.seed), game.log[0], seats, room)
    assert game.final is not None
    final = {**game.final.to_json(), "nicknames": NAMES}
    store.game_finished(game_id, "finished", final, [], game.log)
    store.flush()


def test_the_history_links_each_log_format(server: LiveServer, people: Callable[..., Person]) -> None:
    ann = people("Ann")
    record(server, finished_game(), player_of(ann))
    page = ann.page
    page.reload()  # the history loads with the page, for the player id of the token kept
    links = page.locator("table.history .log-links a")
    expect(links).to_have_count(3)
    expect(links).to_have_text(["log", "mjai", "tenhou.net/6"])
    assert links.evaluate_all("as => as.map(a => a.dataset.format)") == ["ours", "mjai", "tenhou6"]
    assert links.evaluate_all("as => as.map(a => a.getAttribute('download'))") == [
        f"jantaku-{GAME_ID}.jsonl",
        f"jantaku-{GAME_ID}.mjson",
        f"jantaku-{GAME_ID}.json",
    ]
    mjai = page.request.get(server.url + (links.nth(1).get_attribute("href") or ""))
    assert mjai.status == 200
    first = json.loads(mjai.text().splitlines()[0])
    assert first == {"type": "start_game", "names": NAMES}
    page.click("#lang-switch")
    expect(links.first).to_have_text("牌譜")
    expect(links.nth(1)).to_have_attribute("title", "この対局の牌譜をmjaiでダウンロード")
    page.click("#lang-switch")


def labels(game: Game) -> list[str]:
    """Each hand's label as our rounds are labelled (E1-0: the round's wind, its hand, the honba)."""
    starts = [e.info for e in game.events if e.type == "start_kyoku"]
    return [f"{'ESWN'[s['round']]}{s['hand'] + 1}-{s['honba']}" for s in starts]


def test_the_history_lists_each_hand_for_the_tenhou6_viewer(server: LiveServer, people: Callable[..., Person]) -> None:
    game = finished_game()
    ann = people("Ann")
    record(server, game, player_of(ann))
    record(server, finished_game("zung-jung"), player_of(ann), ZUNG_JUNG_ID)
    page = ann.page
    page.reload()
    expect(page.locator("table.history tr")).to_have_count(2)
    box = page.locator("table.history details.hands")
    expect(box).to_have_count(1)  # the Zung Jung game has no tenhou.net/6 form
    expect(box).to_have_attribute("data-game", GAME_ID)
    expect(box.locator("summary")).to_have_text("Hands")
    box.locator("summary").click()
    lines = box.locator("ol.hand-list li")
    whole = page.request.get(f"{server.url}/api/games/{GAME_ID}/log?format=tenhou6").json()
    expect(lines).to_have_count(len(whole["log"]))
    assert lines.locator(".hand-label").all_inner_texts() == labels(game)
    viewers = box.locator("a.viewer").evaluate_all(
        "as => as.map(a => [a.getAttribute('href'), a.target, a.rel, a.textContent])"
    )
    jsons = box.locator("a.json").evaluate_all(
        "as => as.map(a => [a.getAttribute('href'), a.getAttribute('download')])"
    )
    for number, (hand, (href, target, rel, text), (json_href, download)) in enumerate(
        zip(whole["log"], viewers, jsons, strict=True), 1
    ):
        assert text == "viewer" and target == "_blank" and "noopener" in rel.split()
        assert href.startswith(VIEWER)
        shown = json.loads(unquote(href.removeprefix(VIEWER)))
        assert shown["log"] == [hand] and shown["name"] == NAMES
        assert download == f"jantaku-{GAME_ID}-{number:02d}.json"
        res = page.request.get(server.url + json_href)
        assert res.status == 200 and res.json() == shown
    zung_jung = page.locator("table.history tr", has_text="Zung Jung").locator(".log-links a")
    expect(zung_jung).to_have_text(["log"])  # mjai and tenhou.net/6 speak riichi mahjong
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    ann.screenshot("history-hands.png")
    page.click("#lang-switch")
    box = page.locator("table.history details.hands")
    expect(box.locator("summary")).to_have_text("各局")
    box.locator("summary").click()
    expect(box.locator("a.viewer").first).to_have_text("ビューア")
    expect(box.locator("a.viewer").first).to_have_attribute("title", "この局をtenhou.net/6のビューアで開く（別タブ）")
    page.click("#lang-switch")
