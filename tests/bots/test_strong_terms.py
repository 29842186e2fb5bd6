"""The named terms of the ``strong`` CPU's decisions, each on its own (the dora a hand holds, the win chance, how
close an opponent is read to be, what a call is worth), one row per term and case citing docs/cpus.md; the
decisions built from them are checked whole in test_decisions.py."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.bots import efficiency
from jantaku.bots.reading import Opponent, Situation, read_view
from jantaku.bots.safety import tenpai_chance
from jantaku.bots.strong import StrongBot, room_to_grow, win_chance, without_code
from jantaku.engine import Game
from jantaku.engine.actions import Chi, Pon
from jantaku.rules import preset
from jantaku.tiles import parse_tiles

from .test_decisions import on_claim, one_step_riichi_view, own
from .views import Ids, build_view

RULES = preset("standard")
WALL = 70  # live tiles at the start of a 4-player hand, as the strong CPU counts them


# --- the win chance ------------------------------------------------------------------------------------------


@given(shanten=st.integers(0, 6), accepting=st.integers(0, 80), live=st.integers(0, 70))
def test_win_chance_moves_the_right_way(shanten: int, accepting: int, live: int) -> None:
    """A step closer, a tile more accepted, a tile more left to draw: never a lower chance, and always a chance."""
    p = win_chance(shanten, accepting, live, WALL)
    assert 0.0 <= p <= 1.0
    if shanten > 0:
        assert win_chance(shanten - 1, accepting, live, WALL) >= p
    assert win_chance(shanten, accepting + 1, live, WALL) >= p
    assert win_chance(shanten, accepting, min(WALL, live + 1), WALL) >= p


# --- reading the table ------------------------------------------------------------------------------------------


def opponent(melds: int, discards: int) -> Opponent:
    return Opponent(
        seat=1,
        wind=28,
        score=25000,
        riichi=False,
        riichi_order=0,
        river=[27] * discards,
        genbutsu={27},
        melds=[("pon", 4)] * melds,
        open_melds=melds,
        concealed=13 - 3 * melds,
    )


def a_situation() -> Situation:
    return read_view(build_view(RULES, Ids(RULES), hand="123m456p789s1122z"), RULES)


def test_a_closed_hand_without_riichi_is_not_read_as_waiting() -> None:
    """docs/cpus.md#reading-an-open-hand: a silent closed hand is seldom waiting (under a fifth of cases even
    late); reading it as waiting by its tsumogiri runs was measured to place worse
    (docs/cpus.md#the-danger-table-measured-tried-not-kept)."""
    assert tenpai_chance(a_situation(), opponent(0, 15)) == 0.0


def test_more_melds_and_more_discards_read_as_closer_to_waiting() -> None:
    chances = [tenpai_chance(a_situation(), opponent(m, d)) for m, d in ((1, 3), (1, 12), (2, 12), (3, 12))]
    assert chances == sorted(chances) and chances[0] < chances[-1]


# docs/cpus.md#reading-an-open-hand: how often an open hand was waiting, by melds and discards made (four strong
# CPUs' self-play), one row per bucket, read at the bucket's middle discard
OPEN_HAND_WAITING = [
    ("one_meld_early", 1, 2, 0.023), ("one_meld_4_7", 1, 6, 0.155), ("one_meld_8_11", 1, 10, 0.310),
    ("one_meld_12_15", 1, 14, 0.441), ("one_meld_late", 1, 18, 0.529),
    ("two_melds_early", 2, 2, 0.159), ("two_melds_4_7", 2, 6, 0.427), ("two_melds_8_11", 2, 10, 0.572),
    ("two_melds_12_15", 2, 14, 0.666), ("two_melds_late", 2, 18, 0.687),
    ("three_melds_4_7", 3, 6, 0.677), ("three_melds_8_11", 3, 10, 0.866), ("three_melds_12_15", 3, 14, 0.818),
    ("three_melds_late", 3, 18, 0.866),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "melds", "discards", "measured"), OPEN_HAND_WAITING, ids=[r[0] for r in OPEN_HAND_WAITING]
)
def test_an_open_hand_is_read_as_waiting_as_often_as_it_was(
    name: str, melds: int, discards: int, measured: float
) -> None:
    """The defence reads an open hand as waiting about as often as open hands were waiting in self-play: within
    seven percentage points in every bucket."""
    assert tenpai_chance(a_situation(), opponent(melds, discards)) == pytest.approx(measured, abs=0.07)


@pytest.mark.parametrize(
    ("name", "riichi", "melds", "measured"), [("into_a_riichi", True, 0, 6540), ("into_an_open_hand", False, 1, 3933)]
)
def test_a_deal_in_costs_what_it_cost_in_self_play(name: str, riichi: bool, melds: int, measured: int) -> None:
    """docs/cpus.md#reading-an-open-hand: the average a deal-in cost in four-strong self-play, a quarter of the
    deal-ins into the dealer; the CPU's cost, averaged the same way, is within a fifth of it."""
    r = a_situation()
    bot = StrongBot(RULES)
    costs = []
    for wind in (27, 28, 29, 30):  # the opponent as dealer (East) and as each other seat
        opp = opponent(melds, 8)
        opp.riichi, opp.wind = riichi, wind
        costs.append(bot.cost(r, opp))
    assert abs(sum(costs) / 4 - measured) <= measured / 5


def test_a_push_against_a_riichi_commits_to_more() -> None:
    """docs/cpus.md#folding: a riichi waits to the end of the hand, so a push from one step away or further counts
    more discards to come against it than against the open hands alone; a waiting hand's push is this tile only."""
    bot = StrongBot(RULES)
    plain = a_situation()
    riichi = read_view(one_step_riichi_view(RULES, Ids(RULES)), RULES)
    assert bot.future(riichi, 0) == bot.future(plain, 0)
    assert all(bot.future(riichi, s) > bot.future(plain, s) for s in (1, 2, 3, 4))


# --- dora held (README: strong values dora and red fives) --------------------------------------------------------


def test_a_called_red_five_counts_as_dora() -> None:
    ids = Ids(RULES)
    pon = ids.ids("055m")
    meld = {"kind": "pon", "tiles": pon, "called": pon[2], "source": 3}
    view = build_view(RULES, ids, hand="123p456s789s1z", drawn="7z", melds={0: [meld]})
    assert read_view(view, RULES).dora_in_hand() == 1


def test_throwing_the_only_red_five_takes_its_dora_away() -> None:
    """A slow hand that throws its only 5m is worth the same whether that 5m was red or plain: the red five leaves
    the hand with the tile (the han estimate counts the 14 tiles held)."""

    def value(five: str) -> float:
        view = build_view(RULES, Ids(RULES), hand=f"{five}m19p19s1234z68p3s", drawn="7z")
        r = read_view(view, RULES)
        bot = StrongBot(RULES)
        (o,) = efficiency.options(r, {parse_tiles("5m")[0]})
        return bot.hand_value(r, o, riichi=True)[0]

    assert value("0") == value("5")


# --- what a first call is worth (docs/cpus.md#calls) -------------------------------------------------------------


def call_view(hand: str, call: str, tiles: str, river: str, dora: str) -> tuple[Situation, Chi | Pon, Any, int]:
    ids = Ids(RULES)
    view = build_view(RULES, ids, hand=hand, rivers={3: river}, dora=dora, live=50)
    mine = [own(view, t)[0] for t in tiles.split()] if call == "chi" else own(view, tiles)[:2]
    action = Chi((mine[0], mine[1])) if call == "chi" else Pon((mine[0], mine[1]))
    view = on_claim(view, 3, action)
    r = read_view(view, RULES)
    s0, _ = efficiency.waiting_shanten(r)
    return r, action, efficiency.after_call(r, action), s0


@pytest.mark.parametrize(
    ("name", "hand", "call", "tiles", "river", "dora", "worth_it"),
    [
        # a good closed hand with a dora: riichi, pinfu and the dora beat a one-han open hand a step closer
        ("chi_for_a_cheap_open_hand", "345m34p5677s2268p", "chi", "3p 4p", "1z5p", "4s", False),
        # a dragon pair: the pon is the yaku itself, and the hand is no worse for opening
        ("pon_of_a_value_pair", "234m67p2378s55z19m", "pon", "5z", "1s5z", "2s", True),
    ],
)
def test_opening_gain(name: str, hand: str, call: str, tiles: str, river: str, dora: str, worth_it: bool) -> None:
    r, action, out, _ = call_view(hand, call, tiles, river, dora)
    assert (StrongBot(RULES).opening_gain(r, action, out) >= 0) is worth_it


@pytest.mark.parametrize(
    ("name", "hand", "kind", "left"),
    [
        ("a_plain_five_goes_before_the_red_one", "0m5m6m", "5m", "0m6m"),
        ("the_red_five_goes_when_it_is_the_only_one", "0m6m", "5m", "6m"),
        ("nothing_goes_when_none_is_held", "0m6m", "7m", "0m6m"),
    ],
)
def test_without_code_throws_as_tile_for_kind_does(name: str, hand: str, kind: str, left: str) -> None:
    """docs/cpus.md#the-terms-of-a-discard: the hand a discard leaves keeps its red five while a plain copy can go."""
    assert without_code(parse_tiles(hand), parse_tiles(kind)[0]) == parse_tiles(left), name


@pytest.mark.parametrize(
    ("name", "seat", "kind", "room"),
    [
        ("a_middle_tile_joins_shapes_two_either_side", 2, "5m", 3 + 4 * 4),
        ("a_terminal_joins_shapes_on_one_side", 2, "1p", 3 + 3 + 4),
        ("a_guest_wind_only_pairs", 2, "4z", 3),
        ("a_held_pair_has_fewer_copies_to_draw", 2, "2z", 2),
        ("a_dragon_counts_its_han", 2, "5z", 3 * (1 + 3)),
        ("the_seat_wind_counts_its_han", 2, "3z", 4 * (1 + 3)),
        ("a_double_wind_counts_both", 0, "1z", 3 * (1 + 6)),
    ],
)
def test_room_to_grow(name: str, seat: int, kind: str, room: int) -> None:
    """docs/cpus.md#the-tile-with-room-to-grow: what a kept tile can still become, in unseen tiles (East round;
    the hand 5m 12p 67p 23s 678s 22z 4z 5z; in sight besides, only the dora indicator 1z)."""
    v = build_view(RULES, Ids(RULES), hand="5m12p67p23s678s22z4z", drawn="5z", seat=seat, dealer=0)
    assert room_to_grow(read_view(v, RULES), parse_tiles(kind)[0]) == room, name


def test_a_sanma_terminal_of_man_only_pairs() -> None:
    """docs/cpus.md#the-tile-with-room-to-grow: 2m-8m are not in a sanma set, so a lone 1m joins no shape."""
    rules = preset("sanma")
    v = build_view(rules, Ids(rules), hand="1m12p67p23s678s22z5z", drawn="4z", seat=1, dealer=0)
    assert room_to_grow(read_view(v, rules), parse_tiles("1m")[0]) == 3


def test_a_bot_deciding_turn_after_turn_decides_as_a_fresh_one() -> None:
    """The look-ahead remembers what it worked out for the situation being decided (``reached``, ``valued``):
    nothing of one turn may carry into the next. Over a whole game, the bot at each seat decides every turn as a
    bot deciding that turn first does."""
    game = Game(RULES, seed="fresh")
    seated = [StrongBot(RULES, seed=seat) for seat in range(4)]
    while not game.over:
        seat = game.to_act()[0]
        view = game.view(seat)
        action = seated[seat].act(view)
        assert action == StrongBot(RULES, seed=seat).act(view)
        game.apply(seat, action)
