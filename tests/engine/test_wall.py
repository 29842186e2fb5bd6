"""The wall: seeded shuffle, commitment, dead wall and replacement draws (docs/rules.md#options-tiles-and-dora)."""

from __future__ import annotations

from jantaku.engine.wall import DEAD_WALL, Wall, commitment, shuffled_order, stacked_order
from jantaku.rules import preset
from jantaku.tiles import PHYSICAL, SANMA_REMOVED, kind_of_id


def test_same_seed_same_wall_and_other_hands_differ() -> None:
    rules = preset("standard")
    a, _ = shuffled_order(rules, 7, 0)
    b, _ = shuffled_order(rules, 7, 0)
    c, _ = shuffled_order(rules, 7, 1)
    assert a == b and a != c
    assert sorted(a) == list(range(PHYSICAL))


def test_sanma_wall_has_108_tiles_without_2m_to_8m() -> None:
    order, _ = shuffled_order(preset("sanma"), "x", 0)
    assert len(order) == 108 and all(kind_of_id(t) not in SANMA_REMOVED for t in order)


def test_commitment_binds_the_order() -> None:
    wall = Wall.shuffled(preset("tenhou"), 3, 2)
    assert wall.commitment == commitment(wall.order, wall.salt)
    swapped = list(wall.order)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert commitment(swapped, wall.salt) != wall.commitment


def test_replacements_come_from_the_dead_wall_which_the_live_end_tops_up() -> None:
    order = list(range(PHYSICAL))
    wall = Wall(order)
    assert wall.remaining == PHYSICAL - DEAD_WALL
    first = wall.draw_replacement()
    assert first == order[-DEAD_WALL]
    assert wall.remaining == PHYSICAL - DEAD_WALL - 1  # the live wall's last tile moved into the dead wall
    for _ in range(3):
        wall.draw_replacement()
    assert wall.draw_replacement() == order[-DEAD_WALL - 1]  # the fifth replacement: the first tile moved in


def test_indicators_reveal_in_order_with_ura_underneath() -> None:
    wall = Wall(list(range(PHYSICAL)))
    assert wall.indicators() == [122 + 4]
    assert wall.ura_indicators() == [122 + 5]
    assert wall.reveal_indicator() == 122 + 6
    assert wall.indicators() == [126, 128]


def test_zung_jung_has_no_dead_wall() -> None:
    wall = Wall.shuffled(preset("zung-jung"), 1, 0)
    assert wall.remaining == PHYSICAL
    last = wall.live[-1]
    assert wall.draw_replacement() == last


def test_stacked_wall_deals_what_it_is_told() -> None:
    rules = preset("standard")
    deal = [list(range(s * 13, s * 13 + 13)) for s in range(4)]
    order = stacked_order(rules, deal, draws=[100, 101], dead=[130, 131, 132, 133, 134])
    wall = Wall(order)
    assert [wall.deal(13) for _ in range(4)] == deal
    assert wall.draw() == 100 and wall.draw() == 101
    assert wall.draw_replacement() == 130 and wall.indicators() == [134]
    assert sorted(order) == list(range(PHYSICAL))
