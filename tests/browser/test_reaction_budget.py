"""The page keeps to the reaction budget the server announces in `welcome` (not to a copy of its defaults): with a
budget of one reaction a minute, the second is held back by the page with a gentle notice, and never reaches the
server to be refused."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import LiveServer, Person, expect, two_at_a_table


@pytest.fixture
def server(browser: Any, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path, think_seconds=60.0, bank_seconds=0.0, reaction_seconds=60.0, reaction_burst=1.0)
    yield live.start()
    live.stop()


def test_the_page_keeps_to_the_servers_budget(people: Callable[..., Person]) -> None:
    ann, bo = people("Ann"), people("Bo")
    two_at_a_table(ann, bo)
    assert ann.state("reactionRules") == {
        "phrases": ["hello", "nice", "thanks", "sorry", "wow", "good_game"],
        "seconds": 60.0,
        "burst": 1.0,
    }
    bubble = bo.page.locator('.seat[data-seat="0"] .reaction-bubble')
    for phrase in ("nice", "thanks"):
        ann.page.click("#react-button")
        ann.page.locator(f'#reaction-menu button[data-phrase="{phrase}"]').click()
    expect(bubble).to_have_text("Nice!")
    notice = ann.state("notice")
    assert notice is not None and notice["kind"] == "info", notice  # the page's own word, not the server's refusal
    assert notice["text"] == "Wait a moment before the next reaction"
    bo.page.wait_for_timeout(500)
    expect(bubble).to_have_text("Nice!")  # the second never went out
