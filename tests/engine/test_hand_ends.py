"""Scenario tests for how hands end: exhaustive draw payments, nagashi mangan, nine terminals, four winds, four
riichi, four kans (abort, one player's four, doman's fifth), double and triple ron (all win, head bump, abort,
who takes honba and deposits), and liability (pao) for big three dragons."""

from __future__ import annotations

import pytest

from jantaku.engine.actions import ClosedKan, Discard, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo
from jantaku.engine.game import Game
from jantaku.engine.match import MatchState
from jantaku.rules import preset
from jantaku.tiles import is_terminal_or_honor, kind_of_id, parse_tiles
from tests.engine.helpers import act, claim, drain, pass_all, stacked_game

STD = preset("standard")


def tile_of(game: Game, seat: int, text: str) -> int:
    kind = parse_tiles(text)[0]
    return next(t for t in sorted(game.table.seats[seat].hand) if kind_of_id(t) == kind)


def discard_drawn(game: Game) -> list[str]:
    assert game.turn is not None and game.turn.drawn is not None
    return act(game, game.turn.seat, Discard(game.turn.drawn)) + pass_all(game)


DRAW_HANDS = ["123m456p789s1122z", "234m456p678s2234s", "159m159p158s3467z", "111s999s28m28p456z"]


def _last_event(game: Game, kind: str) -> dict:  # type: ignore[type-arg]
    for line in reversed(game.log):
        if f'"type":"{kind}"' in line:
            import json

            return json.loads(line)  # type: ignore[no-any-return]
    raise AssertionError(kind)


def test_exhaustive_draw_noten_payments_and_dealer_tenpai_renchan() -> None:
    game, _ = stacked_game(STD, DRAW_HANDS)
    drain(game)
    discard_drawn(game)
    ev = _last_event(game, "ryukyoku")
    assert ev["info"]["reason"] == "exhaustive"
    assert ev["info"]["tenpai"] == [True, True, False, False]
    assert ev["info"]["deltas"] == [1500, 1500, -1500, -1500]
    assert game.state.dealer == 0 and game.state.honba == 1 and game.state.sticks == 0


def test_exhaustive_draw_one_tenpai_takes_the_whole_total() -> None:
    hands = ["123m456p789s1122z", "234m456p678s2468s", "159m159p158s3467z", "111s999s28m28p456z"]
    game, _ = stacked_game(STD, hands)
    drain(game)
    discard_drawn(game)
    ev = _last_event(game, "ryukyoku")
    assert ev["info"]["deltas"] == [3000, -1000, -1000, -1000]


def test_nagashi_mangan_is_paid_like_a_mangan_tsumo_instead_of_noten_payments() -> None:
    game, _ = stacked_game(preset("tenhou"), DRAW_HANDS)
    live = game.table.wall.live
    honors = [t for t in live if is_terminal_or_honor(kind_of_id(t))]
    plain = [t for t in live if not is_terminal_or_honor(kind_of_id(t))]
    order = []
    for i in range(len(live)):  # the dealer has drawn: live[2], live[6] ... are seat 3's draws
        order.append(honors.pop() if i % 4 == 2 else (plain.pop() if plain else honors.pop()))
    game.table.wall.live[:] = order
    drain(game)
    discard_drawn(game)
    ev = _last_event(game, "ryukyoku")
    assert ev["info"]["reason"] == "nagashi_mangan" and ev["info"]["nagashi"] == [3]
    assert ev["info"]["deltas"] == [-4000, -2000, -2000, 8000]
    assert game.state.dealer == 0 and game.state.honba == 1  # the dealer was tenpai: renchan


NINE = ["19m19p1s1234z567m2p", "234m456p678s2234s", "234p678p234s678s5z", "333m777m555z666z7z"]


def test_nine_terminals_on_the_first_draw_only() -> None:
    game, _ = stacked_game(STD, NINE, ["8p"])
    assert NineTerminals() in game.legal_actions(0)
    types = act(game, 0, NineTerminals())
    assert types[0] == "ryukyoku" and game.state.dealer == 0 and game.state.honba == 1
    game, _ = stacked_game(STD, NINE, ["8p", "9s", "9s", "9s", "7p"])
    for _ in range(4):
        discard_drawn(game)
    assert game.turn is not None and game.turn.seat == 0
    assert NineTerminals() not in game.legal_actions(0)


def test_four_winds_aborts_after_the_fourth_east() -> None:
    hands = ["123m456p789s1233z", "234m456p678s234s1z", "159m159p158s1467z", "111s999s28m28p156z"]
    game, _ = stacked_game(STD, hands, ["7z", "7z", "7z", "8p"])
    types: list[str] = []
    for seat in range(4):
        types += act(game, seat, Discard(tile_of(game, seat, "1z")))
        types += pass_all(game)
    assert "ryukyoku" in types
    assert _last_event(game, "ryukyoku")["info"]["reason"] == "four_winds"


def test_four_riichi_aborts_and_the_deposits_stay() -> None:
    hands = ["123m456p789s1122z", "123m456p789s3344z", "123m456p789s5566z", "123m406p789s7799p"]
    game, _ = stacked_game(preset("tenhou"), hands, ["9m", "8m", "7m", "6m"])
    for seat, draw in enumerate(("9m", "8m", "7m", "6m")):
        act(game, seat, Riichi(tile_of(game, seat, draw)))
        pass_all(game)
    assert _last_event(game, "ryukyoku")["info"]["reason"] == "four_riichi"
    assert game.state.sticks == 4 and game.state.scores == (24000,) * 4 and game.state.honba == 1


KANS = ["1111m2222m3333m4z", "0555p123s456s78s1z", "789m789p123s456s9s", "789m789p789s99m99p"]


def test_four_kans_by_two_players_abort_when_the_fourth_kans_discard_passes() -> None:
    game, _ = stacked_game(STD, KANS, ["5z", "9s"], dead=["6z", "6z", "6z", "6z"])
    dora = 0
    for _ in range(3):
        kan = next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan))
        dora += act(game, 0, kan).count("dora")
    act(game, 0, Discard(tile_of(game, 0, "4z")))
    pass_all(game)
    kan = next(a for a in game.legal_actions(1) if isinstance(a, ClosedKan))
    dora += act(game, 1, kan).count("dora")
    assert dora == 4 and game.table.kans == 4
    assert game.turn is not None
    types = act(game, 1, Discard(game.turn.drawn))  # type: ignore[arg-type]
    types += pass_all(game)
    assert _last_event(game, "ryukyoku")["info"]["reason"] == "four_kans"


ONE_PLAYER = ["1111m2222m3333m4m", "0555p123s456s78s1z", "789m789p123s456s9s", "789m789p789s99m99p"]


def _four_kans_by_one(rules_name: str) -> Game:
    game, _ = stacked_game(preset(rules_name), ONE_PLAYER, ["4m", "9s"], dead=["4m", "4m", "6z", "6z"])
    for _ in range(4):
        kan = next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan))
        act(game, 0, kan)
    act(game, 0, Discard(tile_of(game, 0, "6z")))
    pass_all(game)
    return game


def test_four_kans_by_one_player_play_on_and_no_fifth_kan() -> None:
    game = _four_kans_by_one("standard")
    assert game.turn is not None and game.turn.seat == 1 and game.table.kans == 4
    assert not any(isinstance(a, ClosedKan) for a in game.legal_actions(1))


def test_doman_fifth_kan_aborts() -> None:
    game = _four_kans_by_one("doman")
    kan = next(a for a in game.legal_actions(1) if isinstance(a, ClosedKan))
    act(game, 1, kan)
    assert _last_event(game, "ryukyoku")["info"]["reason"] == "fifth_kan"


RON3 = ["5s19p1234567z19m2p", "234m456p678s2234s", "888s345m678p567s5s", "678m345p77p234m46s"]
SEATED = MatchState(scores=(25000, 25000, 25000, 24000), honba=1, sticks=1)


def _ron_on_5s(rules_name: str, ronners: tuple[int, ...]) -> list[dict]:  # type: ignore[type-arg]
    game, _ = stacked_game(preset(rules_name), RON3, ["8p"], start=SEATED)
    act(game, 0, Discard(tile_of(game, 0, "5s")))
    assert all(Ron() in game.legal_actions(s) for s in (1, 2, 3))
    for seat in (1, 2, 3):
        game.apply(seat, Ron() if seat in ronners else Pass())
    import json

    return [json.loads(line) for line in game.log if '"type":"hora"' in line or '"type":"ryukyoku"' in line]


def test_double_ron_both_win_and_the_nearest_takes_honba_and_deposits() -> None:
    out = _ron_on_5s("standard", (1, 3))
    assert [e["actor"] for e in out] == [1, 3]
    first, second = out
    assert first["info"]["deltas"][1] == first["info"]["points"] + 300 + 1000
    assert second["info"]["deltas"][3] == second["info"]["points"]
    assert first["info"]["deltas"][0] == -(first["info"]["points"] + 300)


def test_double_ron_head_bump_under_classic() -> None:
    out = _ron_on_5s("classic", (1, 3))
    assert [e["actor"] for e in out] == [1]


def test_triple_ron_all_win_abort_or_head_bump_by_preset() -> None:
    assert [e["actor"] for e in _ron_on_5s("standard", (1, 2, 3))] == [1, 2, 3]
    tenhou = _ron_on_5s("tenhou", (1, 2, 3))
    assert tenhou[0]["type"] == "ryukyoku" and tenhou[0]["info"]["reason"] == "triple_ron"
    assert [e["actor"] for e in _ron_on_5s("classic", (1, 2, 3))] == [1]


PAO = ["123m456p789s1122z", "556677z234m5m9s9p1p", "999m111p999p3344z", "111s888s28m2348p4z"]


def test_pao_big_three_dragons_the_feeder_pays_a_tsumo() -> None:
    game, _ = stacked_game(STD, PAO, ["5z", "6z", "7z", "3p", "3p", "3p", "5m"])
    for drawer, dragon, drop in ((0, "5z", "9s"), (2, "6z", "9p"), (2, "7z", "1p")):
        act(game, drawer, Discard(tile_of(game, drawer, dragon)))
        pon = next(a for a in game.legal_actions(1) if isinstance(a, Pon))
        claim(game, 1, pon)
        act(game, 1, Discard(tile_of(game, 1, drop)))
        pass_all(game)
    assert game.table.seats[1].pao == 2
    for _ in range(3):
        discard_drawn(game)
    assert game.turn is not None and game.turn.seat == 1 and Tsumo() in game.legal_actions(1)
    ev = game.apply(1, Tsumo())[0]
    assert ev.info["deltas"] == [0, 32000, -32000, 0]


def test_tenpai_declaration_where_the_rules_ask_for_it() -> None:
    from jantaku.engine.actions import DeclareNoten, DeclareTenpai

    game, _ = stacked_game(preset("classic"), DRAW_HANDS)
    drain(game)
    discard_drawn(game)
    assert game.phase == "claims" and sorted(game.to_act()) == [0, 1]
    assert game.legal_actions(0) == [DeclareTenpai(), DeclareNoten()]
    act(game, 1, DeclareNoten())
    act(game, 0, DeclareTenpai())
    ev = _last_event(game, "ryukyoku")
    assert ev["info"]["tenpai"] == [True, False, False, False]
    assert ev["info"]["deltas"] == [3000, -1000, -1000, -1000]
    assert game.state.dealer == 0 and game.state.honba == 1


def test_pao_on_a_ron_by_another_discarder_splits_the_yakuman() -> None:
    game, _ = stacked_game(STD, PAO, ["5z", "6z", "7z", "3p", "5m"])
    for drawer, dragon, drop in ((0, "5z", "9s"), (2, "6z", "9p"), (2, "7z", "1p")):
        act(game, drawer, Discard(tile_of(game, drawer, dragon)))
        claim(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Pon)))
        act(game, 1, Discard(tile_of(game, 1, drop)))
        pass_all(game)
    discard_drawn(game)
    act(game, 3, Discard(tile_of(game, 3, "5m")))
    ev = [e for e in claim(game, 1, Ron()) if e == "hora"]
    assert ev == ["hora"]
    hora = _last_event(game, "hora")
    assert hora["info"]["deltas"] == [0, 32000, -16000, -16000]


@pytest.mark.parametrize(("deposits_to", "taker"), [("nearest-discarder", 3), ("nearest-dealer", 1)])
def test_double_ron_deposits_to_option(deposits_to: str, taker: int) -> None:
    hands = ["19s19p1234567z19m", "234m456p678s2234s", "888s345m678p567s9p", "678m345p77p234m46s"]
    rules = STD.with_options(deposits_to=deposits_to)
    game, _ = stacked_game(rules, hands, ["8p", "9m", "5s"], start=SEATED)
    discard_drawn(game)
    discard_drawn(game)
    act(game, 2, Discard(tile_of(game, 2, "5s")))
    for seat in (3, 1):
        game.apply(seat, Ron())
    horas = {e.actor: e for e in game.events if e.type == "hora"}
    assert set(horas) == {1, 3}
    for seat, ev in horas.items():
        extra = 300 + 1000 if seat == taker else 0
        assert ev.info["deltas"][seat] == ev.info["points"] + extra
