"""The browser tests' server and their person at the table.

``LiveServer``: the real app under uvicorn in a background thread of this process, on a port of its own, with a
SQLite file in a temporary folder; the tests reach its ``Lobby`` (``hub.stacked_walls``) directly.
``Person``: one browser page driven like a person: it clicks the lobby's buttons, the tiles and the action bar,
and reads the screen (``window.jantaku.state`` only to know when a fresh decision is open).
"""

from __future__ import annotations

import re
import socket
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

from jantaku.server import Settings
from jantaku.server.app import create_app
from jantaku.server.lobby import Lobby

try:
    from playwright.sync_api import Page, expect
except ImportError:  # conftest.py skips the browser tests (fails them in CI) and says why
    Page = Any  # type: ignore[misc,assignment]
    expect = None  # type: ignore[assignment]

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"


class LiveServer:
    def __init__(self, tmp: Path, **over: Any) -> None:
        values: dict[str, Any] = {
            "db": f"sqlite:///{tmp / 'jantaku.db'}", "data_dir": tmp,
            # CPUs play at once; a reload stays well inside the grace period; scripted clicks are never limited;
            # the browser says "continue" when its result screen is dismissed
            "cpu_delay": 0.0, "grace": 10.0, "rate": 10000.0, "burst": 10000.0, "hand_pause": 30.0,
            "claim_window": 0.0,
            **over,
        }  # fmt: skip
        self.app = create_app(Settings(**values))
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=port, log_level="warning", lifespan="on",
                                timeout_graceful_shutdown=2)  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the table server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(15)
        self.sock.close()

    @property
    def hub(self) -> Lobby:
        hub: Lobby = self.app.state.lobby
        return hub

    def stack(self, wall: list[int]) -> None:
        """The next game to start deals its first hand from ``wall`` (later hands are shuffled as usual)."""
        self.hub.stacked_walls.append([wall])


#: true when a decision is open that this page has not answered yet (the store keeps the answered prompt's seq)
FRESH_PROMPT = """() => {
  const s = window.jantaku && window.jantaku.state;
  return !!(s && s.update && s.update.seq && s.answered !== s.update.seq && document.querySelector('#hand'));
}"""

#: the result screen is up, or a fresh decision is open
RESULT_OR_PROMPT = f"""() => !document.getElementById('overlay').hidden || ({FRESH_PROMPT})()"""


class Person:
    """A person at one browser page."""

    def __init__(self, page: Page, url: str) -> None:
        self.page = page
        self.url = url

    # ------------------------------------------------------------------ lobby and room
    def open(self, nickname: str) -> None:
        self.page.goto(self.url)
        expect(self.page.locator("#play-now")).to_be_visible()
        self.page.fill("#nickname", nickname)
        self.page.click("#save-nickname")
        expect(self.page.locator("#topbar .who")).to_have_text(nickname)

    def play_now(self) -> None:
        self.page.click("#play-now")
        self.wait_table()

    def wait_table(self) -> None:
        expect(self.page.locator("#table")).to_be_visible()
        expect(self.page.locator("#hand .hand-tile").first).to_be_visible()

    def set_options(self, **values: bool) -> None:
        """Tick or clear boxes of the options dialog (``autoDiscard=True``), then close it."""
        self.page.click("#options-button")
        for key, on in values.items():
            box = self.page.locator(f"#opt-{key}")
            if box.is_checked() != on:
                box.click()
            expect(self.page.locator(f"#opt-{key}")).to_be_checked(checked=on)
        self.page.click("#options-close")
        expect(self.page.locator("#options")).to_be_hidden()

    # ------------------------------------------------------------------ the table
    def wait_prompt(self, timeout: float = 15000) -> None:
        self.page.wait_for_function(FRESH_PROMPT, timeout=timeout)

    def wait_result_or_prompt(self, timeout: float = 15000) -> bool:
        """Waits for the next decision or the result screen; true when the result screen is up."""
        self.page.wait_for_function(RESULT_OR_PROMPT, timeout=timeout)
        return self.page.locator("#overlay").is_visible()

    def buttons(self) -> set[str]:
        """The action bar's buttons (their ``data-action`` groups)."""
        return set(self.page.eval_on_selector_all("#action-bar button.act", "bs => bs.map(b => b.dataset.action)"))

    def press(self, action: str) -> None:
        self.page.click(f"#act-{action}")

    def click_tile(self, notation: str, playable: bool = True) -> int:
        """Clicks the first own tile titled ``notation`` (``9p``); returns its physical id."""
        tile = self.page.locator(f'#hand .hand-tile{".playable" if playable else ""}[title="{notation}"]').first
        tile_id = int(tile.get_attribute("data-tile") or -1)
        tile.click()
        return tile_id

    def click_drawn_or_last(self) -> int:
        drawn = self.page.locator("#hand .hand-tile.playable.drawn")
        tile = drawn if drawn.count() else self.page.locator("#hand .hand-tile.playable").last
        tile_id = int(tile.get_attribute("data-tile") or -1)
        tile.click()
        return tile_id

    def hand(self) -> list[int]:
        return [int(x) for x in self.page.eval_on_selector_all("#hand .hand-tile", "ts => ts.map(t => t.dataset.tile)")]

    def playable(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand .hand-tile.playable", "ts => ts.map(t => t.title)")

    def seat(self, seat: int) -> Any:
        return self.page.locator(f'#table .seat[data-seat="{seat}"]')

    def river(self, seat: int) -> list[int]:
        tiles = self.seat(seat).locator(".river .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")
        return [int(x) for x in tiles]

    def state(self, expression: str) -> Any:
        return self.page.evaluate(f"() => window.jantaku.state.{expression}")

    def seen_buttons(self) -> set[str]:
        """Every action button id drawn since the page loaded (an init script watches the DOM)."""
        return set(self.page.evaluate("() => [...(window.__jantakuSeen || [])]"))

    def dismiss_result(self) -> None:
        self.page.click("#result-next")

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / name
        self.page.screenshot(path=str(path))
        return path


def two_at_a_table(ann: Person, bo: Person) -> None:
    """Ann creates a room with two CPUs, Bo joins it by its Room ID, both are ready and Ann starts: Ann sits at
    seat 0 (the first dealer), the CPUs at 1 and 2, Bo at 3."""
    a, b = ann.page, bo.page
    a.select_option("#create-cpu-0", "normal")
    a.select_option("#create-cpu-1", "normal")
    a.click("#create-room")
    expect(a.locator("#room-id")).to_have_text(re.compile(r"^\s*\w{6}\s*$"))
    b.fill("#join-id", (a.locator("#room-id").text_content() or "").strip())
    b.click("#join-button")
    expect(b.locator(".seat-line .nick")).to_have_count(4)
    a.click("#ready-button")
    b.click("#ready-button")
    expect(a.locator("#start-button")).to_be_enabled()
    a.click("#start-button")
    ann.wait_table()
    bo.wait_table()
