"""The referee's quick checks agree with its full lists: a decision checked without listing every choice (a plain
discard) is accepted exactly when the listed choices hold it, in every rule set and every situation a game reaches
(after a call with kuikae, after riichi, with superpowers)."""

from __future__ import annotations

import random

import pytest

from jantaku.engine.actions import Discard, IllegalAction, Riichi
from jantaku.engine.game import Game
from jantaku.engine.legal import plain_discard_legal, riichi_legal
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from tests.engine.helpers import greedy


def _turns(rules: RuleSet, seed: int) -> tuple[int, int]:
    """Plays one greedy game; at every turn compares the quick checks with the list for every tile id; returns the
    turns checked and those that offered riichi."""
    game = Game(rules, seed)
    rng = random.Random(seed)
    turns = riichis = 0
    while not game.over:
        seat = game.to_act()[0]
        listed = game.legal_actions(seat)
        turn = game.turn
        if game.phase == "turn" and turn is not None:
            turns += 1
            plain = {a.tile for a in listed if type(a) is Discard and not a.veil}
            riichi = {a.tile for a in listed if isinstance(a, Riichi)}
            points = game.state.scores[seat]
            for tile in range(len(game.codes)):
                assert plain_discard_legal(game.table, turn, tile) == (tile in plain), (rules.name, seed, tile)
                assert riichi_legal(game.table, turn, points, tile) == (tile in riichi), (rules.name, seed, tile)
            riichis += bool(riichi)
        game.apply(seat, greedy(game, seat, listed, rng))
    return turns, riichis


RULES = {
    "tenhou": preset("tenhou"),
    "standard": preset("standard"),
    "classic_no_karaten_riichi": preset("classic"),
    "doman_fifth_kan": preset("doman"),
    "sanma_north": preset("tenhou-sanma"),
    "zung_jung_no_riichi": preset("zung-jung"),
    "superpowers_veil": preset("superpower"),
    "no_furiten_riichi": preset("tenhou").with_options(furiten_riichi=False),
}


@pytest.mark.parametrize("rules", RULES.values(), ids=RULES.keys())
def test_quick_checks_agree_with_the_listed_discards_and_riichis(rules: RuleSet) -> None:
    played = [_turns(rules, seed) for seed in range(2)]
    assert sum(t for t, _ in played) > 100
    assert sum(r for _, r in played) > 0 or not rules.riichi


@pytest.mark.parametrize(
    "action",
    [Discard(True), Discard(1.0), Discard(-1), Discard(136), Discard(0, veil=0), Riichi(True), Riichi(-1)],  # type: ignore[arg-type]
    ids=["bool_tile", "float_tile", "negative_id", "id_past_the_set", "veil_zero", "riichi_bool", "riichi_negative"],
)
def test_odd_discards_are_judged_as_by_the_full_list(action: Discard | Riichi) -> None:
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
