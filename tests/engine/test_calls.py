"""Scenario tests for calls: priority, kuikae (both kinds), red-five choices, houtei, kan on the last tile,
kan-dora timing. Walls are stacked: seat 0 deals, hands are listed dealer first, then the draws in order."""

from __future__ import annotations

import pytest

from jantaku.engine.actions import Chi, ClosedKan, Discard, IllegalAction, OpenKan, Pass, Pon, Ron
from jantaku.rules import preset
from jantaku.tiles import RED, kind_of_id
from tests.engine.helpers import act, claim, drain, put_last, stacked_game

STD = preset("standard")
# seat 0 discards 3m first; seat 1 can chi it with 45m (and has 6m: the run's other end)
KUIKAE_HANDS = ["3m2p19s1234567z19p", "4566m123p456p789s", "147m258p369s1234z", "147p258s369m5677z"]


def test_kuikae_forbids_the_called_tile_and_the_other_end_of_the_run() -> None:
    game, _ = stacked_game(STD, KUIKAE_HANDS, ["8p"])
    three = next(t for t in game.table.seats[0].hand if kind_of_id(t) == 2)
    act(game, 0, Discard(three))
    chis = [a for a in game.legal_actions(1) if isinstance(a, Chi)]
    assert chis
    four_five = next(c for c in chis if sorted(kind_of_id(t) for t in c.tiles) == [3, 4])
    act(game, 1, four_five)
    legal = game.legal_actions(1)
    six = next(t for t in game.table.seats[1].hand if kind_of_id(t) == 5)
    assert Discard(six) not in legal
    with pytest.raises(IllegalAction) as err:
        game.apply(1, Discard(six))
    assert err.value.rule == "kuikae"
    assert any(isinstance(a, Discard) and kind_of_id(a.tile) == 9 for a in legal)  # 1p is fine


def test_kuikae_forbids_the_pon_tiles_twin() -> None:
    hands = ["5p19s1234567z19p2m", "55p5p123m678s789s1z", "147m268p369s1234z", "147p258s369m5677z"]
    rules = STD.with_options(red_fives=(1, 0, 1))  # no red 5p: three plain fives in seat 1's hand
    game, _ = stacked_game(rules, hands, ["8p"])
    five = next(t for t in game.table.seats[0].hand if kind_of_id(t) == 13)
    act(game, 0, Discard(five))
    pon = next(a for a in game.legal_actions(1) if isinstance(a, Pon))
    act(game, 1, pon)
    rest = [t for t in game.table.seats[1].hand if kind_of_id(t) == 13]
    assert rest and all(Discard(t) not in game.legal_actions(1) for t in rest)


def test_kuikae_allowed_by_option() -> None:
    game, _ = stacked_game(STD.with_options(kuikae="allowed"), KUIKAE_HANDS, ["8p"])
    act(game, 0, Discard(next(t for t in game.table.seats[0].hand if kind_of_id(t) == 2)))
    chi = next(a for a in game.legal_actions(1) if isinstance(a, Chi))
    act(game, 1, chi)
    assert all(Discard(t) in game.legal_actions(1) for t in game.table.seats[1].hand)


def test_pon_choices_name_the_red_five() -> None:
    hands = ["5p19s1234567z19p2m", "0p5p5p123m678s789s1z", "147m268p369s1234z", "147p258s369m5677z"]
    game, _ = stacked_game(STD, hands, ["8p"])
    act(game, 0, Discard(next(t for t in game.table.seats[0].hand if kind_of_id(t) == 13)))
    pons = [a for a in game.legal_actions(1) if isinstance(a, Pon)]
    assert len(pons) == 2  # with the red five, or with two plain fives
    assert sorted(sum(game.codes[t] == 35 for t in p.tiles) for p in pons) == [0, 1]


def test_claims_resolve_by_priority_not_by_answer_order() -> None:
    # seat 0 discards 5s: seat 1 may chi (34s), seat 2 may pon (55s), seat 3 may ron (46s kanchan, tanyao)
    hands = ["5s19p1234567z19m2p", "34s123m456p789p11z", "55s147m258p369m12z", "678m345p77p234m46s"]
    game, _ = stacked_game(STD, hands, ["8p"])
    act(game, 0, Discard(next(t for t in game.table.seats[0].hand if kind_of_id(t) == 22)))
    assert set(game.to_act()) == {1, 2, 3}
    chi = next(a for a in game.legal_actions(1) if isinstance(a, Chi))
    pon = next(a for a in game.legal_actions(2) if isinstance(a, Pon))
    act(game, 1, chi)
    act(game, 3, Pass())
    types = act(game, 2, pon)
    assert types[0] == "pon" and game.turn is not None and game.turn.seat == 2
    # and ron beats both, whoever answered first
    game, _ = stacked_game(STD, hands, ["8p"])
    act(game, 0, Discard(next(t for t in game.table.seats[0].hand if kind_of_id(t) == 22)))
    act(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Chi)))
    act(game, 2, next(a for a in game.legal_actions(2) if isinstance(a, Pon)))
    types = act(game, 3, Ron())
    assert types[0] == "hora"


def test_a_rejected_action_names_the_rule_and_changes_nothing() -> None:
    game, _ = stacked_game(STD, KUIKAE_HANDS, ["8p"])
    before = game.snapshot()
    with pytest.raises(IllegalAction) as err:
        game.apply(1, Discard(game.table.seats[1].hand[0]))
    assert err.value.rule == "turn_order"
    with pytest.raises(IllegalAction) as err:
        game.apply(0, Discard(game.table.seats[1].hand[0]))
    assert err.value.rule == "own_tile"
    assert game.snapshot() == before


def test_houtei_only_ron_and_no_kan_on_the_last_tile() -> None:
    # seat 1 holds three 9p and draws the fourth as the last tile; seat 2 holds a pair of 9p
    hands = ["123m456p789s1122z", "999p13m5p2468s257z", "11p77s2358m2468p6z", "147p258s369m5677z"]
    game, _ = stacked_game(STD, hands)
    put_last(game, "9p")
    drain(game)
    assert game.turn is not None and game.turn.seat == 1
    legal = game.legal_actions(1)
    assert not any(isinstance(a, ClosedKan) for a in legal)
    nine = game.turn.drawn
    assert nine is not None and kind_of_id(nine) == 17
    # give seat 2 a pair of the discarded tile's kind to show no pon is offered on the last discard
    seven = next(t for t in game.table.seats[1].hand if kind_of_id(t) == RED)
    act(game, 1, Discard(seven))
    assert game.claims is None or all(
        not isinstance(a, (Pon, Chi, OpenKan)) for acts in game.claims.options.values() for a in acts
    )


def test_kan_dora_after_the_open_kan_callers_discard_and_at_once_under_immediate() -> None:
    hands = ["7p19s1234567z19m2p", "123m456p789s1122z", "777p147m258s369m1z", "148p258s369m5677z"]
    for rules, expect_now in ((STD, False), (preset("bga"), True)):
        game, _ = stacked_game(rules, hands, ["8p"])
        act(game, 0, Discard(next(t for t in game.table.seats[0].hand if kind_of_id(t) == 15)))
        kan = next(a for a in game.legal_actions(2) if isinstance(a, OpenKan))
        types = claim(game, 2, kan)
        assert types[0] == "daiminkan"
        assert ("dora" in types) == expect_now
        assert game.turn is not None and game.turn.rinshan
        after = act(game, 2, Discard(game.turn.drawn))  # type: ignore[arg-type]
        assert ("dora" in after) == (not expect_now)
        if not expect_now:  # the indicator turns after the caller's discard
            assert after.index("dahai") < after.index("dora")
        assert len(game.table.wall.indicators()) == 2


def test_closed_kan_reveals_its_dora_at_once() -> None:
    hands = ["1111m19s23456z19p", "234m456p789s1122z", "777p258m258s369m1z", "148p258s369m5677z"]
    game, _ = stacked_game(STD, hands, ["8p"])
    kan = next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan))
    types = act(game, 0, kan)
    assert types == ["ankan", "dora", "tsumo"]
