"""Zung Jung through the engine ([S4], docs/rules.md#zung-jung-family): East's 14-tile deal, calls (runs from the
left only, triplets, the three quads with replacements from the wall's tail), claim priority, payments by the
pattern scorer, drawn hands, the dealer passing every hand; random-play properties.

Walls are stacked: hands are dealt dealer (seat 0) first; the first draw is East's 14th tile."""

from __future__ import annotations

import json
import random

import pytest

from jantaku.engine.actions import (
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    IllegalAction,
    OpenKan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.game import Game
from jantaku.engine.match import MatchState
from jantaku.hand.model import Hand
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.zungjung import ZungJungContext, score_zung_jung
from jantaku.tiles import EAST, PHYSICAL, kind_of_id, parse_tile
from tests.engine.helpers import Tiles, act, check_view_hides, claim, greedy, pass_all, play, stacked_game, uniform

ZJ = preset("zung-jung")
EAST_HAND = "147m258p369s1234z"  # no set, no call for anyone below


def tile_of(game: Game, seat: int, text: str) -> int:
    k = parse_tile(text)
    return next(t for t in game.table.seats[seat].hand if kind_of_id(t) == k)


def hora(game: Game, events: list[str]) -> dict[str, object]:
    assert "hora" in events
    ev = next(e for e in reversed(game.events) if e.type == "hora")
    return {"actor": ev.actor, "target": ev.target, **ev.info}


# ----------------------------------------------------------------------------------------------- the deal
def test_east_takes_14_tiles_and_starts_by_discarding() -> None:
    game, _ = stacked_game(ZJ, [EAST_HAND, "123m456m789m123p5s", "1199m1199p1199s6z", "789p111z222z333z5s"], ["5z"])
    start = game.opening[-1]
    assert [e.type for e in game.opening] == ["start_game", "start_kyoku"]  # no separate draw for East
    hands = start.info["hands"]
    assert [len(h) for h in hands] == [14, 13, 13, 13]
    assert "dora_marker" not in start.info and start.info["remaining"] == PHYSICAL - 53
    assert game.to_act() == [0]
    legal = game.legal_actions(0)
    assert all(isinstance(a, Discard) for a in legal) and len(legal) == 14
    with pytest.raises(IllegalAction) as err:
        game.apply(0, Riichi(tile_of(game, 0, "5z")))
    assert err.value.rule == "no_riichi"
    view = game.view(0)
    assert view["dora_indicators"] == [] and len(view["own"]["tiles"]) == 14
    events = act(game, 0, Discard(tile_of(game, 0, "5z")))
    assert events == ["dahai", "tsumo"]  # nobody can claim: South draws
    assert game.turn is not None and game.turn.seat == 1


def test_dealer_passes_counter_clockwise_after_every_hand_and_scores_start_at_zero() -> None:
    game = Game(ZJ, 3)
    rng = random.Random(3)
    assert game.state.scores == (0, 0, 0, 0)
    dealers: list[int] = []
    while not game.over:
        if game.table.dealer not in dealers[-1:]:
            dealers.append(game.table.dealer)
        seat = game.to_act()[0]
        game.apply(seat, greedy(game, seat, game.legal_actions(seat), rng))
    assert dealers == [0, 1, 2, 3]
    assert game.state.played == ZJ.zj_hands == 4


# ----------------------------------------------------------------------------------------------- calls
def test_a_run_is_claimed_only_from_the_player_on_the_left() -> None:
    # East discards 3m: South (on East's right, so East is on South's left) may chi; West, holding 45m too, may not
    hands = ["3m47m258p369s1234z", "45m19p19s1234567z", "45m28p28s1234567z", "19m37p37s1234567z"]
    game, _ = stacked_game(ZJ, hands, ["7z"])
    act(game, 0, Discard(tile_of(game, 0, "3m")))
    assert any(isinstance(a, Chi) for a in game.legal_actions(1))
    assert not any(isinstance(a, Chi) for a in game.legal_actions(2))
    four, five = tile_of(game, 2, "4m"), tile_of(game, 2, "5m")
    with pytest.raises(IllegalAction) as err:
        game.apply(2, Chi((four, five)))
    assert err.value.rule in ("turn_order", "chi_left_only")
    events = claim(game, 1, Chi((tile_of(game, 1, "4m"), tile_of(game, 1, "5m"))))
    assert events == ["chi"]
    assert game.turn is not None and game.turn.seat == 1 and game.turn.drawn is None


@pytest.mark.parametrize(("rules", "swap_allowed"), [(ZJ, True), (preset("standard"), False)], ids=["zj", "riichi"])
def test_zung_jung_has_no_kuikae(rules: RuleSet, swap_allowed: bool) -> None:
    # South chis East's 3m with 45m while holding another 3m and a 6m: right after the call the riichi family's
    # kuikae forbids both (the called tile's twin, the run's other end); Zung Jung names no such restriction
    hands = ["3m47m258p369s1234z", "3456m19p19s12345z", "45m28p28s1234567z", "19m37p37s1234567z"]
    game, _ = stacked_game(rules, hands, ["7z"])
    act(game, 0, Discard(tile_of(game, 0, "3m")))
    assert claim(game, 1, Chi((tile_of(game, 1, "4m"), tile_of(game, 1, "5m")))) == ["chi"]
    swaps = [Discard(tile_of(game, 1, "3m")), Discard(tile_of(game, 1, "6m"))]
    legal = game.legal_actions(1)
    assert Discard(tile_of(game, 1, "1p")) in legal  # the rest of the hand is discardable under both rules
    assert all((swap in legal) is swap_allowed for swap in swaps)
    if not swap_allowed:
        with pytest.raises(IllegalAction) as err:
            game.apply(1, swaps[0])
        assert err.value.rule == "kuikae"


def test_big_melded_quad_draws_its_replacement_from_the_walls_tail() -> None:
    hands = [EAST_HAND, "777p19m19s123456z", "2468m13579s888p9p", "123m456m789m11z56p"]
    game, _ = stacked_game(ZJ, hands, ["7p"])
    tail = game.table.wall.live[-1]
    act(game, 0, Discard(tile_of(game, 0, "7p")))
    kan = next(a for a in game.legal_actions(1) if isinstance(a, OpenKan))
    before = game.table.wall.remaining
    events = claim(game, 1, kan)
    assert events == ["daiminkan", "tsumo"]
    draw = game.events[-1]
    assert draw.tile == tail and draw.info == {"rinshan": True}
    assert game.table.wall.remaining == before - 1 and game.table.wall.live[-1] != tail
    assert game.table.wall.dead == []


def test_concealed_quad_in_easts_deal_and_a_small_melded_quad() -> None:
    # East holds 1111p in its 14 tiles: a concealed quad before its first discard; the replacement is the tail
    game, _ = stacked_game(ZJ, ["111p47m2p369s1234z", *HANDS_ROB[1:]], ["1p"])
    tail = game.table.wall.live[-1]
    kan = next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan))
    assert act(game, 0, kan) == ["ankan", "tsumo"]
    assert game.events[-1].tile == tail
    assert game.table.seats[0].melds[0].kind.name == "CLOSED_KAN"


def test_a_concealed_quad_needs_the_tile_just_drawn() -> None:
    # [S4], Concealed Quad: "you draw a tile that would make it a quad" - four copies held from the deal with
    # a different 14th tile offer no quad (the riichi family allows it any time on the player's own turn)
    game, _ = stacked_game(ZJ, ["1111p47m2p369s123z", *HANDS_ROB[1:]], ["5z"])
    assert not any(isinstance(a, ClosedKan) for a in game.legal_actions(0))


HANDS_ROB = [EAST_HAND, "77p199m199s55677z", "2468m13579s888p9p", "123m456m789m11z56p"]
ROB_DRAWS = ["7p", "3p", "2s", "4s", "7p"]  # East's 14th, then the draws of South.. (South pons first)


def _pon_then_draw_fourth(game: Game) -> None:
    act(game, 0, Discard(tile_of(game, 0, "7p")))
    assert Ron() in game.legal_actions(3)  # West.. North waits on 7p too; passing it is not furiten here
    pon = next(a for a in game.legal_actions(1) if isinstance(a, Pon))
    assert claim(game, 1, pon) == ["pon"]
    act(game, 1, Discard(tile_of(game, 1, "1s")))
    pass_all(game)
    for seat in (2, 3, 0):
        assert game.turn is not None and game.turn.seat == seat
        act(game, seat, Discard(game.turn.drawn))  # type: ignore[arg-type]
        pass_all(game)
    assert game.turn is not None and game.turn.seat == 1 and kind_of_id(game.turn.drawn or 0) == parse_tile("7p")


def test_robbing_a_small_melded_quad_the_adder_pays_three_times() -> None:
    game, _ = stacked_game(ZJ, HANDS_ROB, ROB_DRAWS)
    _pon_then_draw_fourth(game)
    added = next(a for a in game.legal_actions(1) if isinstance(a, AddedKan))
    assert act(game, 1, added) == ["kakan"]
    assert game.to_act() == [3]
    info = hora(game, act(game, 3, Ron()))
    value = info["value"]
    assert isinstance(value, int) and value > 0
    assert "9.3" in [p[0] for p in info["patterns"]]  # type: ignore[attr-defined]
    assert info["deltas"] == [0, -3 * value, 0, 3 * value] and info["target"] == 1
    expected = score_zung_jung(
        Hand.parse("123m456m789m11z56p"),
        parse_tile("7p"),
        ZungJungContext(robbing_quad=True, seat_wind=EAST + 3, discarder=1),
        ZJ,
    )
    assert value == expected.value


def test_an_unrobbed_small_melded_quad_draws_from_the_tail() -> None:
    game, _ = stacked_game(ZJ, HANDS_ROB, ROB_DRAWS)
    _pon_then_draw_fourth(game)
    tail = game.table.wall.live[-1]
    assert act(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, AddedKan))) == ["kakan"]
    assert act(game, 3, Pass()) == ["tsumo"]
    assert game.events[-1].tile == tail and game.events[-1].info == {"rinshan": True}
    assert game.table.seats[1].melds[0].kind.name == "ADDED_KAN"


def test_no_quad_and_no_claim_for_a_quad_without_a_replacement_tile_then_a_drawn_hand_pays_nothing() -> None:
    # North draws the wall's last tile (the 83rd draw): its fourth 9s, but no concealed quad is offered; its 1p
    # discard may be claimed for a triplet by East (111p), not for a quad. Nobody wins: no payments.
    hands = ["111p47m258s36s123z", "123m456m789m239p5s", "19m455p12s56677z9m", "999s1578p245m3s46z"]
    game, _ = stacked_game(ZJ, hands, ["2z"])
    wall = game.table.wall
    nine = next(t for t in wall.live if kind_of_id(t) == parse_tile("9s"))
    wall.live.remove(nine)
    wall.live.append(nine)
    while wall.remaining > 0:
        assert game.turn is not None and game.turn.drawn is not None
        act(game, game.turn.seat, Discard(game.turn.drawn))
        pass_all(game)
    assert game.turn is not None and game.turn.seat == 3 and game.turn.drawn == nine
    assert not any(isinstance(a, ClosedKan) for a in game.legal_actions(3))
    act(game, 3, Discard(tile_of(game, 3, "1p")))
    east = game.legal_actions(0)
    assert any(isinstance(a, Pon) for a in east) and not any(isinstance(a, OpenKan) for a in east)
    assert claim(game, 0, next(a for a in east if isinstance(a, Pon))) == ["pon"]
    events = act(game, 0, game.legal_actions(0)[0])
    events += pass_all(game)
    assert "ryukyoku" in events
    end = next(e for e in reversed(game.events) if e.type == "ryukyoku")
    assert end.info["deltas"] == [0, 0, 0, 0] and game.state.scores == (0, 0, 0, 0)
    assert game.table.dealer == 1  # the dealer passed


# ----------------------------------------------------------------------------------------------- wins
PRIORITY_HANDS = [EAST_HAND, "123m456m789m123p5s", "1199m1199p1199s6z", "789p111z222z333z5s"]


@pytest.mark.parametrize(("option", "winner"), [("nearest-dealer", 1), ("next-after-discarder", 3)])
def test_two_winners_on_one_discard_priority(option: str, winner: int) -> None:
    """West discards 5s, which South and North both need: one wins, by default the one closest to the dealer by
    turn order (South), by option the next after the discarder (North). The discarder pays 3x the value."""
    game, _ = stacked_game(ZJ.with_options(zj_win_priority=option), PRIORITY_HANDS, ["5z", "7z", "5s"])
    act(game, 0, Discard(tile_of(game, 0, "5z")))
    act(game, 1, Discard(tile_of(game, 1, "7z")))
    act(game, 2, Discard(tile_of(game, 2, "5s")))
    assert sorted(game.to_act()) == [1, 3]
    game.apply(3, Ron())
    info = hora(game, [e.type for e in game.apply(1, Ron())])
    assert info["actor"] == winner and info["target"] == 2
    value = info["value"]
    assert isinstance(value, int)
    deltas = [0, 0, -3 * value, 0]
    deltas[winner] = 3 * value
    assert info["deltas"] == deltas and game.state.scores == tuple(deltas)
    assert len([e for e in game.events if e.type == "hora"]) == 1
    assert game.table.dealer == 1


def test_blessing_of_earth_on_easts_first_discard_goes_to_the_winner_closest_to_the_dealer() -> None:
    game, _ = stacked_game(ZJ, PRIORITY_HANDS, ["5s"])
    act(game, 0, Discard(tile_of(game, 0, "5s")))
    assert sorted(game.to_act()) == [1, 3]
    game.apply(1, Ron())
    info = hora(game, [e.type for e in game.apply(3, Ron())])
    assert info["actor"] == 1 and "9.4.2" in [p[0] for p in info["patterns"]]  # type: ignore[attr-defined]
    value = info["value"]
    assert isinstance(value, int) and info["deltas"] == [-3 * value, 3 * value, 0, 0]


def test_self_draw_each_other_player_pays_the_value() -> None:
    game, _ = stacked_game(ZJ, PRIORITY_HANDS, ["5z", "5s"])
    act(game, 0, Discard(tile_of(game, 0, "5z")))
    assert Tsumo() in game.legal_actions(1)
    info = hora(game, act(game, 1, Tsumo()))
    value = info["value"]
    assert isinstance(value, int) and value > 0
    assert info["deltas"] == [-value, 3 * value, -value, -value]
    expected = score_zung_jung(
        Hand.parse("123m456m789m123p5s"), parse_tile("5s"), ZungJungContext(self_draw=True, seat_wind=EAST + 1), ZJ
    )
    assert value == expected.value


def test_blessing_of_heaven_on_easts_dealt_tiles() -> None:
    hands = ["123m456m789m123p5s", "1199m1199p1199s6z", EAST_HAND, "789p111z222z333z4z"]
    game, _ = stacked_game(ZJ, hands, ["5s"])
    assert Tsumo() in game.legal_actions(0)
    info = hora(game, act(game, 0, Tsumo()))
    assert "9.4.1" in [p[0] for p in info["patterns"]]  # type: ignore[attr-defined]
    value = info["value"]
    assert isinstance(value, int) and info["deltas"] == [3 * value, -value, -value, -value]


def test_every_complete_hand_wins_without_a_minimum() -> None:
    """South calls 234m, then self-draws 5m: 234m 567p 789s 111s 55m shows no pattern (a chicken hand), still
    wins, and is worth chicken_hand_points from each other player."""
    hands = ["3m47m258p369s124z6z", "24m567p789s111s55m", "1199m1199p22s88s7z", "789p111z222z333z5s"]
    game, _ = stacked_game(ZJ, hands, ["5z", "7z", "6z", "3p", "5m"])
    act(game, 0, Discard(tile_of(game, 0, "3m")))
    assert claim(game, 1, Chi((tile_of(game, 1, "2m"), tile_of(game, 1, "4m")))) == ["chi"]
    act(game, 1, Discard(tile_of(game, 1, "5m")))
    pass_all(game)
    for seat in (2, 3, 0):
        assert game.turn is not None and game.turn.seat == seat and game.turn.drawn is not None
        act(game, seat, Discard(game.turn.drawn))
        pass_all(game)
    assert Tsumo() in game.legal_actions(1)
    info = hora(game, act(game, 1, Tsumo()))
    assert info["chicken"] and info["value"] == ZJ.chicken_hand_points == 1
    assert info["deltas"] == [-1, 3, -1, -1]


# ----------------------------------------------------------------------------------------------- random play
@pytest.mark.parametrize("seed", range(8))
def test_random_games_end_conserve_replay_and_hide(seed: int) -> None:
    rules = ZJ if seed % 4 else ZJ.with_options(zj_hands=8)
    game = play(rules, seed, greedy if seed % 2 else uniform, check_every=41 if seed < 3 else 0)
    assert game.over and game.final is not None
    assert game.state.played == rules.zj_hands
    assert sum(game.final.scores) == 0
    assert Game.replay(game.log).snapshot() == game.snapshot()
    types = [json.loads(line)["type"] for line in game.log]
    assert types.count("start_kyoku") == rules.zj_hands and types[-1] == "end_game"
    assert "reach" not in types and "dora" not in types


def test_greedy_games_score_wins_of_every_kind() -> None:
    kinds: set[str] = set()
    for seed in range(12):
        game = play(ZJ, seed, greedy)
        for e in game.events:
            if e.type == "hora":
                assert sum(e.info["deltas"]) == 0
                kinds.add("self" if e.actor == e.target else "discard")
            if e.type == "ryukyoku":
                assert e.info["deltas"] == [0, 0, 0, 0]
        order = game.final.order if game.final else ()
        scores = game.state.scores
        assert [scores[s] for s in order] == sorted(scores, reverse=True)
    assert kinds == {"self", "discard"}


def test_views_hide_concealed_tiles_mid_game() -> None:
    game = Game(ZJ, 21)
    rng = random.Random(21)
    for step in range(300):
        if game.over:
            break
        seat = game.to_act()[0]
        game.apply(seat, greedy(game, seat, game.legal_actions(seat), rng))
        if step % 37 == 0:
            for s in range(4):
                check_view_hides(game, s)
    spectator = [e.to_json() for e in game.events_for(None) if e.type == "start_kyoku"]
    assert all(h is None for e in spectator for h in e["info"]["hands"])


def test_rules_validate_the_zung_jung_options() -> None:
    from jantaku.rules.ruleset import RuleError

    with pytest.raises(RuleError):
        ZJ.with_options(zj_hands=13)
    with pytest.raises(RuleError):
        ZJ.with_options(zj_win_priority="seat")
    game = Game(ZJ, 1, start=MatchState(scores=(0, 0, 0, 0), hand=2, played=2))
    assert game.table.dealer == 2
    Tiles(ZJ).ids("5m")  # no red fives: every five is a plain one
