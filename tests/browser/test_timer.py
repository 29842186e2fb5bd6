"""The decision timer at the table: the decision's seconds and the time bank are shown apart, each counting down as
it is spent (the decision's first, then the bank's); when both are gone the server plays for the player, and the
page says so. Two people sit at the table, so the server's timers (short ones here) apply."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import LiveServer, Person, expect, two_at_a_table
from tests.browser.scenarios import QUIET

THINK, BANK = 3.0, 6.0


@pytest.fixture
def server(browser: Any, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path, think_seconds=THINK, bank_seconds=BANK).start()
    yield live
    live.stop()


def shown(person: Person) -> tuple[int, int]:
    """The seconds on screen: the decision's (in its ring) and the bank's."""
    think = person.page.locator("#timer-think .secs").text_content() or ""
    bank = person.page.locator("#timer-bank .secs").text_content() or ""
    return int(think), int(bank.rstrip("s秒"))


def test_decision_time_then_bank_count_down_apart(server: LiveServer, people: Callable[..., Person]) -> None:
    ann, bo = people("Ann"), people("Bo")
    bo.set_options(hideCalls=True, autoDiscard=True)  # Bo plays at once: only Ann's clock matters
    server.stack(QUIET.wall())
    two_at_a_table(ann, bo)
    page = ann.page
    think_ring, bank = page.locator("#timer-think"), page.locator("#timer-bank")

    ann.wait_prompt()  # Ann deals: her first discard is open, and she does not answer it
    drawn = ann.state("update.view.own.drawn")
    think, banked = shown(ann)
    assert THINK - 1 <= think <= THINK and banked == BANK, (think, banked)  # the decision's seconds run first
    expect(bank).not_to_have_class(re.compile(r"\bspending\b"))
    expect(think_ring.locator(".label")).to_have_text("Decision")
    expect(bank.locator(".label")).to_have_text("Bank")
    ann.screenshot("timer-deciding.png")

    page.wait_for_timeout(4500)  # the decision's seconds are gone: the bank is spent now
    think, banked = shown(ann)
    assert think == 0 and 3 <= banked < BANK, (think, banked)
    expect(bank).to_have_class(re.compile(r"\bspending\b"))
    expect(think_ring).to_have_class(re.compile(r"\bout\b"))
    ann.screenshot("timer-bank.png")

    # the bank runs out too: the server discards the drawn tile, and says so
    notice = page.locator("#notices .notice")
    expect(notice).to_have_text("Time's up: a tile was discarded for you", timeout=8000)
    expect(ann.seat(0).locator(".river .tile")).to_have_count(1)
    assert ann.river(0) == [drawn]

    ann.wait_prompt()  # her next turn: the decision's seconds again, and a bank spent to nothing
    think, banked = shown(ann)
    assert THINK - 1 <= think <= THINK and banked == 0, (think, banked)
    page.click("#lang-switch")
    expect(think_ring.locator(".label")).to_have_text("考慮時間")
    expect(bank.locator(".label")).to_have_text("持ち時間")
    expect(bank.locator(".secs")).to_have_text("0秒")
    ann.screenshot("timer-ja.png")
    ann.click_drawn_or_last()
    expect(page.locator("#timer")).to_have_count(0)  # answered: the clock stopped
