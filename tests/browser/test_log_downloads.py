"""The lobby's game history offers each finished game's log in every format the server writes (``log_formats`` of
``GET /api/games``): one link per format, named for it, downloading a file with the format's extension."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from jantaku.engine import Game
from jantaku.rules import preset
from tests.browser.helpers import LiveServer, Person, expect

GAME_ID = "0123456789abcdef"
NAMES = ["Ann", "CPU 2", "CPU 3", "CPU 4"]


def finished_game() -> Game:
    """A short game of random legal actions under Tenhou's rules (East only)."""
    game = Game(preset("tenhou").with_options(length="east"), 7)
    rng = random.Random(7)
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def record(server: LiveServer, game: Game) -> None:
    """The game in the server's records as if Ann had played it with three CPUs."""
    store = server.app.state.store
    seats = [{"nickname": n, **({"cpu": "normal"} if i else {})} for i, n in enumerate(NAMES)]
    room = {"id": "ROOM01", "seats": [None] * 4}
    store.game_started(GAME_ID, "ROOM01", "tenhou", game.rules.options(), str(game.seed), game.log[0], seats, room)
    assert game.final is not None
    final = {"nicknames": NAMES, "order": [0, 1, 2, 3], "scores": list(game.final.scores)}
    store.game_finished(GAME_ID, "finished", final, [], game.log)
    store.flush()


def test_the_history_links_each_log_format(server: LiveServer, people: Callable[..., Person]) -> None:
    record(server, finished_game())
    ann = people("Ann")
    page = ann.page
    page.reload()  # the history loads with the page, for the nickname kept
    links = page.locator("table.history .log-links a")
    expect(links).to_have_count(2)
    expect(links).to_have_text(["log", "mjai"])
    assert links.evaluate_all("as => as.map(a => a.dataset.format)") == ["ours", "mjai"]
    assert links.evaluate_all("as => as.map(a => a.getAttribute('download'))") == [
        f"jantaku-{GAME_ID}.jsonl",
        f"jantaku-{GAME_ID}.mjson",
    ]
    mjai = page.request.get(server.url + (links.nth(1).get_attribute("href") or ""))
    assert mjai.status == 200
    first = json.loads(mjai.text().splitlines()[0])
    assert first == {"type": "start_game", "names": NAMES}
    page.click("#lang-switch")
    expect(links.first).to_have_text("牌譜")
    expect(links.nth(1)).to_have_attribute("title", "この対局の牌譜をmjaiでダウンロード")
    page.click("#lang-switch")
