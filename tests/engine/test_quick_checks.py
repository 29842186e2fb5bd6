"""The referee's quick checks agree with its full lists: a decision checked without listing every choice (a plain
discard) is accepted exactly when the listed choices hold it, in every rule set and every situation a game reaches
(after a call with kuikae, after riichi, with superpowers)."""

from __future__ import annotations

import random

import pytest

from jantaku.engine.actions import Discard, IllegalAction
from jantaku.engine.game import Game
from jantaku.engine.legal import plain_discard_legal
from jantaku.rules import preset
from tests.engine.helpers import greedy


def _turns(name: str, seed: int) -> int:
    """Plays one greedy game; at every turn compares the quick check with the list for every tile id; returns the
    turns checked."""
    game = Game(preset(name), seed)
    rng = random.Random(seed)
    turns = 0
    while not game.over:
        seat = game.to_act()[0]
        listed = game.legal_actions(seat)
        turn = game.turn
        if game.phase == "turn" and turn is not None:
            turns += 1
            plain = {a.tile for a in listed if type(a) is Discard and not a.veil}
            for tile in range(len(game.codes)):
                assert plain_discard_legal(game.table, turn, tile) == (tile in plain), (name, seed, tile)
        game.apply(seat, greedy(game, seat, listed, rng))
    return turns


@pytest.mark.parametrize(
    "name",
    ["tenhou", "standard", "classic", "doman", "tenhou-sanma", "zung-jung", "superpower"],
)
def test_quick_discard_check_agrees_with_the_listed_discards(name: str) -> None:
    assert sum(_turns(name, seed) for seed in range(2)) > 100


@pytest.mark.parametrize(
    "action",
    [Discard(True), Discard(1.0), Discard(-1), Discard(136), Discard(0, veil=0)],  # type: ignore[arg-type]
    ids=["bool_tile", "float_tile", "negative_id", "id_past_the_set", "veil_zero"],
)
def test_odd_discards_are_judged_as_by_the_full_list(action: Discard) -> None:
    """Values that compare equal to a listed choice without being one take the full list's path, as before."""
    game = Game(preset("tenhou"), 3)
    seat = game.to_act()[0]
    listed = game.legal_actions(seat)
    twin = Game.replay(game.log)
    if action in listed:
        twin.apply(seat, action)
    else:
        with pytest.raises(IllegalAction):
            twin.apply(seat, action)
