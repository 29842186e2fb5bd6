"""An outside program's answer at the runner, on a running event loop (``server/runner.py``): it is asked in a
worker thread, the task is woken when the answer is in, and the answer is played once, as it is while its seat
still has the decision it was asked, by the default with a ``stale`` fault when the decision changed, and not at all
when the game moved past it (docs/mjai-bots.md)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from jantaku.engine import Game, action_to_json
from jantaku.rules import preset
from jantaku.server import Settings
from jantaku.server.runner import GameRunner, InboxItem, default_action
from jantaku.server.store import Store
from tests.server.helpers import on_own_loop
from tests.server.test_runner import Table

STANDIN = str(Path(__file__).resolve().parents[1] / "bots" / "mjai_standin.py")
T = TypeVar("T")
BOTS = json.dumps({"thinker": {"command": [sys.executable, STANDIN, "--think", "0.3"]}})


class BotTable(Table):
    """Ann at seat 0, three thinking bots."""

    def cpu_levels(self) -> list[str | None]:
        return [None] + ["bot:thinker"] * 3


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'jantaku.db'}")
    yield s
    s.close()


def change_the_decision(runner: GameRunner, seat: int) -> None:
    runner.clocks[seat].key = ("changed",)


def leave_for_good(runner: GameRunner, seat: int) -> None:
    runner.handle(InboxItem("left", 0, "easy"), time.monotonic())  # nobody is left: the game is abandoned


CASES: list[tuple[str, Callable[[GameRunner, int], None] | None, list[str], bool]] = [
    ("the answer to the open decision is played", None, [], True),
    ("a changed decision is played by the default, noted stale", change_the_decision, ["stale"], True),
    ("a game abandoned meanwhile drops the answer", leave_for_good, [], False),
]


@pytest.mark.parametrize(("change", "faults", "played"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_an_answer_is_played_once_or_not_at_all(
    store: Store, change: Callable[[GameRunner, int], None] | None, faults: list[str], played: bool
) -> None:
    config = Settings(mjai_bots=BOTS, cpu_delay=0.0, claim_window=0.0, hand_pause=0.0)
    game = Game(preset("standard").with_options(length="east"), 11)

    async def drive() -> tuple[GameRunner, int, int]:
        runner = GameRunner(BotTable(), config, store, game, uuid.uuid4().hex, time.time())  # type: ignore[arg-type]
        try:
            runner.begin(time.monotonic())
            seq = runner.clocks[0].seq
            runner.handle(InboxItem("action", 0, {"seq": seq, "action": action_to_json(default_action(game, 0))}), 0)
            while runner.thinking is None:
                assert runner.next_wake(time.monotonic()) is not None
                runner.step(time.monotonic())
            thinking = runner.thinking
            assert runner.next_wake(time.monotonic()) is None, "nothing is due while the program thinks"
            if change is not None:
                change(runner, thinking.seat)
            item = await asyncio.wait_for(runner.inbox.get(), 10)  # the answer wakes the task
            assert (item.kind, item.seat) == ("bot", thinking.seat)
            before = len(game.events)
            while runner.thinking is not None:
                runner.step(time.monotonic())
            return runner, thinking.seat, before
        finally:
            runner.close_outside()

    runner, seat, before = on_own_loop(drive())
    after = game.events[before:]
    assert [e.info["reason"].split(":")[0] for e in after if e.type == "fault"] == faults
    assert [e.actor for e in after if e.type == "dahai"][:1] == ([seat] if played else [])
    assert runner.thinking is None and runner.abandoned == (not played)
