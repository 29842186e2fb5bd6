"""``review.walk``: the steps a viewer shows and the moments of the decisions, from real self-play games."""

from __future__ import annotations

import pytest

from jantaku.engine import Game
from jantaku.review.walk import QUIET, Point, Step, walk
from jantaku.sim.play import play_game


@pytest.fixture(scope="module", params=[("tenhou", 4), ("sanma", 3)])
def log(request: pytest.FixtureRequest) -> list[str]:
    preset, players = request.param
    return play_game(preset, ["strong"] * players, 7, 0, keep_log=True).log


def test_steps_hold_every_event_once_in_order(log: list[str]) -> None:
    steps = [x for x in walk(log) if isinstance(x, Step)]
    shown = [e for s in steps for e in s.events]
    assert shown == [e for e in Game.replay(log).events if e.type not in QUIET]
    assert [s.index for s in steps] == list(range(len(steps)))


def test_a_hand_end_is_its_own_step_and_keeps_the_picture(log: list[str]) -> None:
    steps = [x for x in walk(log) if isinstance(x, Step)]
    starts = [s for s in steps if any(e.type == "start_kyoku" for e in s.events)]
    assert [s.hand for s in starts] == list(range(len(starts)))
    for s in steps:
        assert s.events[0].type == "start_kyoku" or all(e.type != "start_kyoku" for e in s.events) or s.index == 0
        if s.same_frame:
            assert s.events[-1].type in ("end_kyoku", "end_game") and steps[s.index + 1].events[0].type == "start_kyoku"


def test_a_decision_is_shown_by_the_last_step_before_it(log: list[str]) -> None:
    last = -1
    for x in walk(log):
        if isinstance(x, Step):
            last = x.index
        else:
            assert isinstance(x, Point)
            assert x.step == last
            assert x.action in x.game.legal_actions(x.actor)
