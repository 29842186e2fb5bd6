"""Public facts a seat's view carries for players and CPUs: the tile on the table during a claim window, and each
river tile's running discard number (what "discarded after that riichi" is read from)."""

from __future__ import annotations

import random

from jantaku.engine import Game
from jantaku.rules import preset


def test_claim_window_names_the_tile_and_river_order_runs() -> None:
    game = Game(preset("standard"), seed=21)
    rng = random.Random(3)
    windows = 0
    while not game.over and game.state.played < 2:
        seat = game.to_act()[0]
        view = game.view(seat)
        c = game.claims
        if c is not None and c.kind == "discard":
            windows += 1
            assert view["claim"] == {"kind": "discard", "actor": c.actor, "tile": c.tile}
            assert view["seats"][c.actor]["river"][-1]["tile"] == c.tile
            # a seat that may not answer sees the same public tile
            other = next(s for s in range(4) if s not in game.to_act())
            assert game.view(other)["claim"] == view["claim"]
        elif game.phase == "turn":
            assert "claim" not in view
        orders = sorted(r["order"] for s in view["seats"] for r in s["river"])
        assert orders == list(range(1, len(orders) + 1))  # every discard of the hand numbered once, in turn
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert windows > 10
