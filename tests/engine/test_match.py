"""Match flow (docs/rules.md#options-game-shape and the next section): renchan, honba, deposits, game length, extension,
bust, last-dealer stop, final ranking with the seat tie-break, leftover deposits, oka and uma."""

from __future__ import annotations

from jantaku.engine.match import HandOutcome, MatchState, advance, final_result, ranking
from jantaku.rules import preset

STD = preset("standard")
TENHOU = preset("tenhou")
EVEN = (25000, 25000, 25000, 25000)


def test_dealer_win_is_renchan_and_adds_honba() -> None:
    st = MatchState(EVEN, honba=2)
    nxt, over = advance(STD, st, HandOutcome((31000, 23000, 23000, 23000), 0, "win", dealer_won=True, winners=(0,)))
    assert not over and nxt.hand == 0 and nxt.honba == 3 and nxt.played == 1


def test_non_dealer_win_passes_the_deal_and_resets_honba() -> None:
    st = MatchState(EVEN, honba=2, sticks=1)
    nxt, over = advance(STD, st, HandOutcome((24000, 27000, 25000, 24000), 0, "win", winners=(1,)))
    assert not over and nxt.hand == 1 and nxt.honba == 0 and nxt.sticks == 0


def test_exhaustive_draw_keeps_deposits_adds_honba_and_rotates_unless_dealer_tenpai() -> None:
    st = MatchState(EVEN, sticks=2)
    nxt, _ = advance(STD, st, HandOutcome(EVEN, 2, "exhaustive", dealer_tenpai=False))
    assert nxt.hand == 1 and nxt.honba == 1 and nxt.sticks == 2
    nxt, _ = advance(STD, st, HandOutcome(EVEN, 2, "exhaustive", dealer_tenpai=True))
    assert nxt.hand == 0 and nxt.honba == 1


def test_abortive_draw_is_renchan() -> None:
    nxt, _ = advance(STD, MatchState(EVEN, hand=2), HandOutcome(EVEN, 0, "abortive"))
    assert nxt.hand == 2 and nxt.honba == 1


def test_east_round_passes_to_south_and_south_4_ends_when_someone_reached_target() -> None:
    nxt, over = advance(STD, MatchState(EVEN, hand=3), HandOutcome(EVEN, 0, "win", winners=(1,)))
    assert not over and (nxt.round, nxt.hand) == (1, 0)
    scores = (35000, 20000, 25000, 20000)
    _, over = advance(STD, MatchState(EVEN, round=1, hand=3), HandOutcome(scores, 0, "win", winners=(0,)))
    assert over


def test_extension_when_nobody_reached_target_then_sudden_death() -> None:
    scores = (28000, 24000, 24000, 24000)
    nxt, over = advance(STD, MatchState(EVEN, round=1, hand=3), HandOutcome(scores, 0, "win", winners=(1,)))
    assert not over and (nxt.round, nxt.hand) == (2, 0)
    reached = (31000, 23000, 23000, 23000)
    _, over = advance(STD, nxt, HandOutcome(reached, 0, "win", winners=(0,), dealer_won=False))
    assert over
    # East-only games extend into South; classic has no extension
    east = STD.with_options(length="east")
    nxt, over = advance(east, MatchState(EVEN, hand=3), HandOutcome(scores, 0, "win", winners=(1,)))
    assert not over and nxt.round == 1
    _, over = advance(preset("classic"), MatchState(EVEN, round=1, hand=3), HandOutcome(scores, 0, "win"))
    assert over


def test_extension_is_one_round_at_most() -> None:
    scores = (28000, 24000, 24000, 24000)
    _, over = advance(STD, MatchState(EVEN, round=2, hand=3), HandOutcome(scores, 0, "win", winners=(1,)))
    assert over


def test_bust_below_zero_ends_but_exactly_zero_plays_on() -> None:
    _, over = advance(STD, MatchState(EVEN), HandOutcome((50000, 0, 25000, 25000), 0, "win", winners=(0,)))
    assert not over
    _, over = advance(STD, MatchState(EVEN), HandOutcome((50100, -100, 25000, 25000), 0, "win", winners=(0,)))
    assert over


def test_last_dealer_stop_tenhou_needs_first_and_target() -> None:
    all_last = MatchState(EVEN, round=1, hand=3)
    top = (24000, 24000, 20000, 32000)
    _, over = advance(TENHOU, all_last, HandOutcome(top, 0, "win", dealer_won=True, winners=(3,)))
    assert over
    _, over = advance(STD, all_last, HandOutcome(top, 0, "win", dealer_won=True, winners=(3,)))
    assert not over  # standard: no last-dealer stop
    not_first = (34000, 22000, 20000, 24000)
    _, over = advance(TENHOU, all_last, HandOutcome(not_first, 0, "win", dealer_won=True, winners=(3,)))
    assert not over


def test_last_dealer_stop_on_a_win_only() -> None:
    """Option last_dealer_stop_tenpai off: no tenpai stop; a win stops only when first with ≥ 30000."""
    all_last = MatchState(EVEN, round=1, hand=3)
    top = (24000, 24000, 20000, 32000)
    win_only = TENHOU.with_options(last_dealer_stop_tenpai=False)
    _, over = advance(TENHOU, all_last, HandOutcome(top, 0, "exhaustive", dealer_tenpai=True))
    assert over  # the tenhou preset keeps the tenpai stop that its records show
    nxt, over = advance(win_only, all_last, HandOutcome(top, 0, "exhaustive", dealer_tenpai=True))
    assert not over and nxt.label() == "S4-1"
    _, over = advance(preset("classic"), all_last, HandOutcome(top, 0, "exhaustive", dealer_tenpai=True))
    assert over
    under = (23000, 23000, 25000, 29000)
    nxt, over = advance(win_only, all_last, HandOutcome(under, 0, "win", dealer_won=True, winners=(3,)))
    assert not over and nxt.label() == "S4-1"


def test_ranking_breaks_ties_by_seat_and_leftover_deposits_go_to_first() -> None:
    assert ranking((25000, 30000, 30000, 15000)) == [1, 2, 0, 3]
    res = final_result(TENHOU, MatchState((25000, 30000, 30000, 13000), sticks=2))
    assert res.order == (1, 2, 0, 3)
    assert res.scores == (25000, 32000, 30000, 13000)
    # tenhou: oka (30000-25000)*4 to first, uma +20/+10/-10/-20 thousand
    assert res.results == (
        25000 - 30000 - 10000,
        32000 - 30000 + 20000 + 20000,
        30000 - 30000 + 10000,
        13000 - 30000 - 20000,
    )
    assert sum(res.scores) == 100000


def test_doman_match_clock_makes_the_next_hand_the_last_and_ends_unrecorded_at_the_limit() -> None:
    from jantaku.engine.actions import NineTerminals
    from jantaku.engine.game import Game
    from tests.engine.helpers import stacked_game
    from tests.engine.test_hand_ends import NINE

    game, _ = stacked_game(preset("doman"), NINE, ["8p"])
    order = list(game.walls[0])
    game = Game(preset("doman"), 1, walls=[order, order])
    game.clock(81.0)
    game.apply(0, NineTerminals())  # an abortive draw: normally the same hand is replayed ...
    assert not game.over and game.state.last_hand
    game.apply(0, NineTerminals())  # ... but after 80 minutes the hand that started was the last
    assert game.over and game.final is not None
    assert Game.replay(game.log).snapshot() == game.snapshot()
    game = Game(preset("doman"), 2)
    events = game.clock(120.0)
    assert game.over and events[-1].type == "end_game" and events[-1].info["unrecorded"]
    # without time limits the clock changes nothing
    game = Game(preset("standard"), 2)
    game.clock(500.0)
    assert not game.over
