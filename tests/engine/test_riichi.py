"""Scenario tests for riichi: its conditions, the deposit, a riichi ronned on its declaration discard, ippatsu
and what cancels it, double riichi, concealed kans after riichi, and the three kinds of furiten."""

from __future__ import annotations

import pytest

from jantaku.engine.actions import ClosedKan, Discard, IllegalAction, Pass, Riichi, Ron, Tsumo
from jantaku.engine.game import Game
from jantaku.engine.match import MatchState
from jantaku.rules import preset
from jantaku.tiles import kind_of_id, parse_tiles
from tests.engine.helpers import act, claim, pass_all, stacked_game

STD = preset("standard")
# seat 0: riichi-ready (waits 1z/2z); seat 1: tanyao-pinfu tenpai on 2s/5s; seats 2, 3: no waits near them
HANDS = ["123m456p789s1122z", "234m456p678s2234s", "999m111p999p3344z", "111s999s28m28p456z"]


def tile_of(game: Game, seat: int, text: str) -> int:
    kind = parse_tiles(text)[0]
    return next(t for t in sorted(game.table.seats[seat].hand) if kind_of_id(t) == kind)


def discard_drawn(game: Game) -> list[str]:
    assert game.turn is not None and game.turn.drawn is not None
    out = act(game, game.turn.seat, Discard(game.turn.drawn))
    return out + pass_all(game)


def test_riichi_deposit_is_paid_when_the_discard_passes() -> None:
    game, _ = stacked_game(STD, HANDS, ["7z"])
    assert Riichi(tile_of(game, 0, "7z")) in game.legal_actions(0)
    types = act(game, 0, Riichi(tile_of(game, 0, "7z")))
    assert types[:2] == ["reach", "dahai"] and "reach_accepted" in types
    assert game.state.scores[0] == 24000 and game.state.sticks == 1
    # after riichi only the drawn tile may be discarded
    discard_drawn(game)
    discard_drawn(game)
    discard_drawn(game)
    assert game.turn is not None and game.turn.seat == 0
    assert [a for a in game.legal_actions(0) if isinstance(a, Discard)] == [Discard(game.turn.drawn)]  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as err:
        game.apply(0, Discard(tile_of(game, 0, "1m")))
    assert err.value.rule == "riichi_tsumogiri"


def test_riichi_ronned_on_its_declaration_discard_is_void() -> None:
    game, _ = stacked_game(STD, HANDS, ["5s"])
    act(game, 0, Riichi(tile_of(game, 0, "5s")))
    events = game.apply(1, Ron())
    assert events[0].type == "hora" and "reach_accepted" not in [e.type for e in events]
    hora = events[0]
    assert hora.info["deltas"][0] == -hora.info["points"]  # no deposit on top of the payment
    assert game.state.sticks == 0 and sum(game.state.scores) == 100000


def _riichi_then_tsumo(draws: list[str], pon_by_2: bool) -> list[str]:
    game, _ = stacked_game(STD, HANDS, draws)
    act(game, 0, Riichi(tile_of(game, 0, "7z")))
    if pon_by_2:
        assert game.turn is not None
        act(game, 1, Discard(game.turn.drawn))  # type: ignore[arg-type]
        from jantaku.engine.actions import Pon

        pon = next(a for a in game.legal_actions(2) if isinstance(a, Pon))
        claim(game, 2, pon)
        act(game, 2, Discard(tile_of(game, 2, "3z")))
        pass_all(game)
        discard_drawn(game)
    else:
        for _ in range(3):
            discard_drawn(game)
    assert game.turn is not None and game.turn.seat == 0
    assert Tsumo() in game.legal_actions(0)
    events = game.apply(0, Tsumo())
    return [name for name, _ in events[0].info["yaku"]]


def test_ippatsu_and_double_riichi_on_the_first_go_around() -> None:
    yaku = _riichi_then_tsumo(["7z", "7z", "7z", "7z", "1z"], pon_by_2=False)
    assert {"double_riichi", "ippatsu", "menzen_tsumo"} <= set(yaku) or {"double_riichi", "ippatsu"} <= set(yaku)


def test_ippatsu_cancelled_by_a_call() -> None:
    yaku = _riichi_then_tsumo(["7z", "9m", "7z", "1z"], pon_by_2=True)
    assert "ippatsu" not in yaku and "double_riichi" in yaku


def test_riichi_needs_points_and_live_tiles() -> None:
    poor = MatchState(scores=(900, 25000, 25000, 49100))
    game, _ = stacked_game(STD, HANDS, ["7z"], start=poor)
    assert not any(isinstance(a, Riichi) for a in game.legal_actions(0))
    with pytest.raises(IllegalAction) as err:
        game.apply(0, Riichi(tile_of(game, 0, "7z")))
    assert err.value.rule == "riichi_points"
    game, _ = stacked_game(STD, HANDS, ["7z"])
    game.table.wall.live = game.table.wall.live[:3]
    game.version += 1
    assert not any(isinstance(a, Riichi) for a in game.legal_actions(0))
    with pytest.raises(IllegalAction) as err:
        game.apply(0, Riichi(tile_of(game, 0, "7z")))
    assert err.value.rule == "riichi_tiles_left"


@pytest.mark.parametrize(("name", "allowed"), [("standard", True), ("classic", False)])
def test_karaten_riichi_per_option(name: str, allowed: bool) -> None:
    # seat 0 waits on 2z alone; the three other 2z are discarded in the first go-around
    hands = ["123m456p789s111z2z", "2z234m567m345p678p", "2z234s567s345s678s", "2z1199m1199p1199s"]
    game, _ = stacked_game(preset(name), hands, ["7z", "5z", "5z", "5z", "7z"])
    discard_drawn(game)
    for seat in (1, 2, 3):
        act(game, seat, Discard(tile_of(game, seat, "2z")))
        pass_all(game)
    assert game.turn is not None and game.turn.seat == 0
    assert (Riichi(tile_of(game, 0, "7z")) in game.legal_actions(0)) == allowed


def test_riichi_kan_only_when_the_waits_do_not_change() -> None:
    keeps = ["111m234p567s789s2z", "234m456p678s2234s", "999m111p999p3344z", "111s999s28m28p456z"]
    changes = ["1112344m456p789s", "234m456p678s2234s", "999m111p999p3344z", "111s999s28p456z2p3p"]
    for hands, legal in ((keeps, True), (changes, False)):
        for rules in (STD, preset("classic"), STD.with_options(riichi_kan="never")):
            game, _ = stacked_game(rules, hands, ["7z", "7z", "7z", "7z", "1m"])
            act(game, 0, Riichi(tile_of(game, 0, "7z")))
            pass_all(game)
            for _ in range(3):
                discard_drawn(game)
            kans = [a for a in game.legal_actions(0) if isinstance(a, ClosedKan)]
            assert bool(kans) == (legal and rules.riichi_kan != "never"), (hands[0], rules.name)


def test_own_discard_furiten_blocks_ron() -> None:
    game, _ = stacked_game(STD, HANDS, ["7z", "5s", "2s"])
    discard_drawn(game)
    act(game, 1, Discard(tile_of(game, 1, "5s")))
    pass_all(game)
    act(game, 2, Discard(tile_of(game, 2, "2s")))
    assert Ron() not in game.legal_actions(1)
    with pytest.raises(IllegalAction) as err:
        game.apply(1, Ron())
    assert err.value.rule in ("furiten", "turn_order")


def test_temporary_furiten_lasts_until_the_next_own_draw() -> None:
    game, _ = stacked_game(STD, HANDS, ["7z", "7z", "7z", "5s", "2s", "7m", "2s"])
    for _ in range(3):
        discard_drawn(game)
    act(game, 3, Discard(tile_of(game, 3, "5s")))
    assert Ron() in game.legal_actions(1)
    act(game, 1, Pass())
    pass_all(game)
    act(game, 0, Discard(tile_of(game, 0, "2s")))
    assert Ron() not in game.legal_actions(1)  # passed a winning tile this go-around
    pass_all(game)
    discard_drawn(game)  # seat 1 draws: the temporary furiten ends
    act(game, 2, Discard(tile_of(game, 2, "2s")))
    assert Ron() in game.legal_actions(1)


def test_riichi_furiten_lasts_for_the_rest_of_the_hand() -> None:
    game, _ = stacked_game(STD, HANDS, ["7z", "7m", "7z", "5s", "7z", "8m", "2s"])
    discard_drawn(game)
    act(game, 1, Riichi(tile_of(game, 1, "7m")))
    pass_all(game)
    discard_drawn(game)
    act(game, 3, Discard(tile_of(game, 3, "5s")))
    act(game, 1, Pass())
    pass_all(game)
    discard_drawn(game)
    discard_drawn(game)  # seat 1's own draw does not clear riichi furiten
    act(game, 2, Discard(tile_of(game, 2, "2s")))
    assert Ron() not in game.legal_actions(1)


def test_furiten_riichi_per_option() -> None:
    # seat 0 discards 1z and then waits on 1z/2z again: furiten, allowed by default, refused when off
    hands = ["123m456p789s1112z", "234m456p678s2234s", "999m111p999p3344z", "111s999s28m28p456z"]
    for rules, allowed in ((STD, True), (STD.with_options(furiten_riichi=False), False)):
        game, _ = stacked_game(rules, hands, ["2z", "7z", "7z", "7z", "7z"])
        act(game, 0, Discard(tile_of(game, 0, "1z")))  # keeps 11z + 22z: waits 1z/2z, with 1z in the river
        pass_all(game)
        for _ in range(3):
            discard_drawn(game)
        assert (Riichi(tile_of(game, 0, "7z")) in game.legal_actions(0)) == allowed
