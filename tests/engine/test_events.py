"""A per-seat tracker rebuilds what a seat knows from the events it is sent, and after every decision it must
agree with ``view(seat)``: events are enough for a client or a CPU, and they carry no hidden tile."""

from __future__ import annotations

import random

import pytest

from jantaku.engine.events import Event
from jantaku.engine.game import Game
from jantaku.rules import preset
from tests.engine.helpers import greedy


class Tracker:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand: list[int] = []
        self.rivers: list[list[int]] = []
        self.melds: list[int] = []
        self.scores: list[int] = []
        self.pending: Event | None = None  # a declared kan that stands once its replacement is drawn

    def feed(self, e: Event) -> None:
        me = e.actor == self.seat
        if e.type == "start_kyoku":
            hands = e.info["hands"]
            assert all(h is None for i, h in enumerate(hands) if i != self.seat)
            self.hand = list(hands[self.seat])
            self.rivers = [[] for _ in hands]
            self.melds = [0] * len(hands)
            self.scores = list(e.info["scores"])
        elif e.type == "tsumo":
            assert (e.tile is not None) == me
            if self.pending is not None and e.info.get("rinshan"):
                self.kan_stood(self.pending)
            self.pending = None
            if me:
                self.hand.append(e.tile)  # type: ignore[arg-type]
        elif e.type == "dahai":
            self.rivers[e.actor].append(e.tile)  # type: ignore[index, arg-type]
            if me:
                self.hand.remove(e.tile)  # type: ignore[arg-type]
        elif e.type in ("chi", "pon", "daiminkan"):
            self.melds[e.actor] += 1  # type: ignore[index]
            if me:
                for t in e.consumed:
                    self.hand.remove(t)
        elif e.type in ("ankan", "kakan"):
            self.pending = e  # applied when the kan stands: the next draw is its replacement
        elif e.type == "reach_accepted" or (e.type in ("hora", "ryukyoku") and "scores" in e.info):
            self.scores = list(e.info["scores"])

    def kan_stood(self, e: Event) -> None:
        if e.type == "ankan":
            self.melds[e.actor] += 1  # type: ignore[index]
            if e.actor == self.seat:
                for t in e.consumed:
                    self.hand.remove(t)
        elif e.type == "kakan" and e.actor == self.seat:
            self.hand.remove(e.tile)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_trackers_agree_with_views_after_every_decision(seed: int) -> None:
    game = Game(preset("standard").with_options(length="east"), seed)
    rng = random.Random(seed)
    trackers = [Tracker(s) for s in range(4)]
    seen = 0
    kans = 0
    while not game.over:
        for i, tr in enumerate(trackers):
            for e in game.events_for(i)[seen:]:
                tr.feed(e)
                kans += e.type in ("ankan", "kakan", "daiminkan") and i == 0
        seen = len(game.events)
        if game.phase == "turn":
            for tr in trackers:
                view = game.view(tr.seat)
                assert sorted(tr.hand) == view["own"]["tiles"]
                assert [[r["tile"] for r in s["river"]] for s in view["seats"]] == tr.rivers
                assert [len(s["melds"]) for s in view["seats"]] == tr.melds
                assert [s["score"] for s in view["seats"]] == tr.scores
        seat = game.to_act()[0]
        game.apply(seat, greedy(game, seat, game.legal_actions(seat), rng))
    assert kans or seed != 0


def test_spectator_sees_no_concealed_tile() -> None:
    game = Game(preset("standard").with_options(length="east"), 4)
    rng = random.Random(4)
    for _ in range(200):
        seat = game.to_act()[0]
        game.apply(seat, greedy(game, seat, game.legal_actions(seat), rng))
    view = game.view(None)
    assert "own" not in view and "legal_actions" not in view
    for e in game.events_for(None):
        if e.type == "tsumo":
            assert e.tile is None
        if e.type == "start_kyoku":
            assert all(h is None for h in e.info["hands"])
