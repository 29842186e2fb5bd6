"""3-player play through the same engine: North extraction (docs/rules.md#sanma) — set aside on an own
turn, a replacement drawn, counted as dora, an interruption, not a discard, and open to ron (passing it is
furiten)."""

from __future__ import annotations

from jantaku.engine.actions import Kita, Pass, Ron
from jantaku.rules import preset
from jantaku.tiles import NORTH, kind_of_id
from tests.engine.helpers import act, stacked_game

SANMA = preset("sanma")
HANDS = ["4z123p456p789s122z", "4z111p999p111s999s", "11m99m234p567p567z"]


def _north(game) -> int:  # type: ignore[no-untyped-def]
    return next(t for t in game.table.seats[0].hand if kind_of_id(t) == NORTH)


def test_north_extraction_sets_aside_draws_a_replacement_and_passing_it_is_furiten() -> None:
    game, _ = stacked_game(SANMA, HANDS, ["7z"])
    north = _north(game)
    assert Kita(north) in game.legal_actions(0)
    assert act(game, 0, Kita(north)) == ["nukidora"]
    assert Ron() in game.legal_actions(1)
    types = act(game, 1, Pass())
    assert types == ["tsumo"] and game.turn is not None and game.turn.rinshan
    assert game.table.seats[0].kita == [north] and game.table.interrupted
    assert game.table.seats[1].furiten_temp
    assert NORTH not in game.table.seats[0].river_kinds  # not a discard: no furiten for the extractor


def test_ron_on_an_extracted_north() -> None:
    game, _ = stacked_game(SANMA, HANDS, ["7z"])
    act(game, 0, Kita(_north(game)))
    ev = game.apply(1, Ron())[0]
    assert ev.type == "hora" and ev.actor == 1 and ev.target == 0
    assert ev.tile is not None and kind_of_id(ev.tile) == NORTH
    assert "chankan" not in [name for name, _ in ev.info["yaku"]]


def test_north_extraction_is_a_three_player_rule() -> None:
    four = ["4z123p456p789s122z", "234m456p678s2234s", "999m111p999p3344z", "111s999s28m28p456z"]
    game, _ = stacked_game(preset("standard"), four, ["7z"])
    assert not any(isinstance(a, Kita) for a in game.legal_actions(0))
