"""Waits, tenpai, karaten, ukeire, discard options and the two "concealed kan after riichi" tests.

docs/rules.md#tenpai: "Tenpai needs at least one winning tile that is not already used up in the player's own hand
and melds; a wait whose remaining copies are all visible elsewhere (others' rivers, melds, indicators) is still
tenpai for draw payments. Karaten riichi = declaring riichi on a wait of which no copy is left unseen by the
declarer." [S1]: "「中」をポンしている者が「中」タンキ待ちでテンパイしていても、これはテンパイとして認めない。
他者が「中」をポンしている場合はテンパイとして認められる" (own Red pon + Red tanki: not tenpai; someone else's: tenpai).
docs/rules.md#riichi_kan: standard = the winning tiles do not change; classic ([S1]) = the
winning tiles *and* the arrangement do not change
("11123444のように(1か4をツモった場合)メンツが変化してしまうカンはできません").
"""

from __future__ import annotations

import pytest

from jantaku.hand import (
    Hand,
    discard_options,
    is_karaten,
    is_tenpai,
    kan_keeps_arrangement,
    kan_keeps_waits,
    ukeire,
    waits,
)
from jantaku.tiles import KINDS, format_tiles, kind_name, parse_counts, parse_tile


def _split(text: str) -> tuple[list[int], list[int]]:
    hand = Hand.parse(text)
    return hand.concealed_counts(), hand.meld_counts()


# --- waits and tenpai: (hand, waits in notation) -----------------------------------------------------------------

WAIT_ROWS = [
    pytest.param("123m456p789s1122z", "12z", id="shanpon"),
    pytest.param("123m456p789s11z45m", "36m", id="ryanmen"),
    pytest.param("123m456p789s11z46m", "5m", id="kanchan"),
    pytest.param("11123444m567p78s", "69s", id="S1-riichi-kan-hand-waits-6s-9s"),
    pytest.param("2223444m456p789s", "12345m", id="five-sided"),
    pytest.param("1112345678999m", "123456789m", id="nine-gates-nine-sided"),
    pytest.param("11112222m345p55z", "3m", id="two-quads-one-wait"),
    pytest.param("1111m345678999m", "2m", id="rules-tenpai-quad-in-hand-real-wait-2m"),
    pytest.param("19m19p19s1234567z", "19m19p19s1234567z", id="rules-thirteen-orphans-13-sided"),
    pytest.param("19m19p19s1234566z", "7z", id="rules-thirteen-orphans-single"),
    pytest.param("1122m3344p5566s7z", "7z", id="rules-seven-pairs-tanki"),
    pytest.param("1199m1199p1199s1z", "1z", id="rules-seven-pairs-terminals-tanki"),
    # not tenpai: the only wait would be a fifth copy (docs/rules.md#tenpai)
    pytest.param("1111m456p789p123s", "", id="rules-tenpai-1111m-tanki-own-hand-not-tenpai"),
    pytest.param("1122m3344p55s666z", "", id="rules-seven-pairs-tanki-on-own-triplet-not-tenpai"),
    pytest.param("1111m2233p4455s6z", "", id="rules-seven-pairs-quad-not-two-pairs"),
    pytest.param("7z [777z] [123m] [456p] [789s]", "", id="S1-own-Red-pon-Red-tanki-not-tenpai"),
    pytest.param("13m55z [2222m] [456p] [789s]", "", id="rules-tenpai-own-kan-of-the-kanchan-tile"),
    pytest.param("2m [111m] [222m] [333m] [444m]", "", id="rules-tenpai-own-pon-of-2m-2m-tanki"),
    # tenpai: one copy of the wait is still live
    pytest.param("1m [2222m] [456p] [789p] [123s]", "1m", id="rules-tenpai-kan-of-a-neighbour-does-not-matter"),
    pytest.param("56m11z [444m] [777m] [123p]", "47m", id="rules-tenpai-last-copies-live"),
    pytest.param("13m55z [222m] [456p] [789s]", "2m", id="rules-tenpai-kanchan-on-the-last-2m"),
    pytest.param("45m11z [333m] [456p] [789s]", "36m", id="rules-tenpai-pon-of-one-wait"),
]


@pytest.mark.parametrize(("text", "expected"), WAIT_ROWS)
def test_waits_and_tenpai(text: str, expected: str) -> None:
    counts, locked = _split(text)
    assert format_tiles(waits(counts, locked)) == expected
    assert is_tenpai(counts, locked) is bool(expected)


def test_other_players_pon_keeps_tenpai() -> None:
    """[S1]: when *another* player has ponned Red, a Red tanki is tenpai (all copies visible, but not ours)."""
    counts, locked = _split("7z [111z] [123m] [456p] [789s]")
    visible = parse_counts("777z")  # someone else's pon
    assert waits(counts, locked) == [parse_tile("7z")]
    assert is_tenpai(counts, locked)
    assert is_karaten(counts, locked, visible)  # ... and it is karaten: no copy left unseen


# --- karaten: (hand, tiles visible outside the hand, karaten?) --------------------------------------------------

KARATEN_ROWS = [
    pytest.param("123m456p789s1122z", "", False, id="nothing-visible"),
    pytest.param("123m456p789s1122z", "1122z", True, id="rules-karaten-both-shanpon-tiles-visible"),
    pytest.param("123m456p789s1122z", "112z", False, id="rules-karaten-one-2z-unseen"),
    pytest.param("123m456p789s111z2z", "222z", True, id="rules-karaten-tanki-three-visible"),
    pytest.param("123m456p789s111z2z", "22z", False, id="rules-karaten-tanki-one-unseen"),
    pytest.param("123m456p789s11z46m", "5555m", True, id="rules-karaten-kanchan-all-in-rivers"),
    pytest.param("45m11z [333m] [456p] [789s]", "3m6666m", True, id="rules-karaten-own-pon-plus-visible"),
    pytest.param("45m11z [333m] [456p] [789s]", "6666m", False, id="rules-karaten-last-3m-unseen"),
    pytest.param("1111m456p789p123s", "", False, id="rules-not-tenpai-is-not-karaten"),
    pytest.param("7z [777z] [123m] [456p] [789s]", "", False, id="S1-own-pon-not-tenpai-not-karaten"),
]


@pytest.mark.parametrize(("text", "visible", "karaten"), KARATEN_ROWS)
def test_karaten(text: str, visible: str, karaten: bool) -> None:
    counts, locked = _split(text)
    assert is_karaten(counts, locked, parse_counts(visible)) is karaten
    if karaten:  # docs/rules.md#tenpai: still tenpai for draw payments
        assert is_tenpai(counts, locked)


# --- ukeire: (hand, visible, shanten, [(kind, unseen copies)]) ---------------------------------------------------

UKEIRE_ROWS = [
    pytest.param("123m456p789s11z45m", "", 0, [("3m", 3), ("6m", 4)], id="own-3m-is-not-unseen"),
    pytest.param("123m456p789s11z45m", "66m", 0, [("3m", 3), ("6m", 2)], id="river-6m-is-seen"),
    pytest.param("45m11z [333m] [456p] [789s]", "", 0, [("3m", 1), ("6m", 4)], id="own-pon-3m-is-seen"),
    pytest.param("45m11z [333m] [456p] [789s]", "6666m", 0, [("3m", 1), ("6m", 0)], id="all-6m-visible-still-listed"),
    pytest.param("123m456p789s1122z", "1z2z", 0, [("1z", 1), ("2z", 1)], id="shanpon-two-each-left"),
    pytest.param(
        "19m19p19s1234567z",
        "1m9m9m",
        0,
        [(k, 3) for k in ("1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")] + [("1m", 2), ("9m", 1)],
        id="thirteen-orphans-13-sided-counts",
    ),
    pytest.param(
        "1459m1569p159s12z",
        "",
        5,
        [(k, 3) for k in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z")]
        + [(k, 4) for k in ("3z", "4z", "5z", "6z", "7z")],
        id="thirteen-orphans-5-shanten-draws-unheld-honors",
    ),
    pytest.param("1111m456p789p123s", "", 1, None, id="rules-tenpai-fifth-copy-hand-is-1-shanten"),
]


@pytest.mark.parametrize(("text", "visible", "shanten", "tiles"), UKEIRE_ROWS)
def test_ukeire(text: str, visible: str, shanten: int, tiles: list[tuple[str, int]] | None) -> None:
    counts, locked = _split(text)
    acc = ukeire(counts, locked, parse_counts(visible))
    assert acc.shanten == shanten
    if tiles is not None:
        assert sorted((kind_name(k), n) for k, n in acc.tiles) == sorted(tiles)
        assert acc.total == sum(n for _, n in tiles)
    assert all(0 <= n <= 4 for _, n in acc.tiles)
    assert all(counts[k] + locked[k] < 4 for k, _ in acc.tiles)  # a kind the player holds all of is no draw


def test_ukeire_of_tenpai_is_the_waits() -> None:
    for row in WAIT_ROWS:
        text = str(row.values[0])
        counts, locked = _split(text)
        acc = ukeire(counts, locked)
        if acc.shanten == 0:
            assert [k for k, _ in acc.tiles] == waits(counts, locked), text


# --- discard options (14 tiles) ----------------------------------------------------------------------------------


def test_discard_options_best_first() -> None:
    counts = parse_counts("123m456p789s11z459m")
    options = discard_options(counts)
    best = options[0]
    assert kind_name(best.discard) == "9m"
    assert best.shanten == 0
    assert [(kind_name(k), n) for k, n in best.tiles] == [("3m", 3), ("6m", 4)]
    assert best.total == 7
    assert sorted(o.discard for o in options) == [k for k in range(KINDS) if counts[k]]  # each distinct kind once
    keys = [(o.shanten, -o.total, o.discard) for o in options]
    assert keys == sorted(keys)


def test_discard_options_respect_visible_and_locked() -> None:
    hand = Hand.parse("45m11z9p [333m] [456p] [789s]")
    options = discard_options(hand.concealed_counts(), hand.meld_counts(), parse_counts("66m"))
    best = options[0]
    assert kind_name(best.discard) == "9p"
    assert [(kind_name(k), n) for k, n in best.tiles] == [("3m", 1), ("6m", 2)]


# --- concealed kan after riichi: (13-tile hand, kan tile, standard rule, classic rule) --------------------------

KAN_ROWS = [
    pytest.param("11123444m567p78s", "1m", True, False, id="S1-11123444-draw-1m-waits-same-readings-change"),
    pytest.param("11123444m567p78s", "4m", True, False, id="S1-11123444-draw-4m-waits-same-readings-change"),
    pytest.param("1112223334445m", "1m", True, False, id="staircase-kan-1m-readings-change"),
    pytest.param("111m234p567p789s5z", "1m", True, True, id="rules-kan-plain-triplet-allowed-both"),
    pytest.param("111m45p11z [123s] [789s]", "1m", True, True, id="rules-kan-with-melds-allowed-both"),
    pytest.param("11123m456p789s11z", "1m", False, False, id="rules-kan-changes-waits-refused-both"),
    pytest.param("22234m567p789s11z", "2m", False, False, id="rules-kan-loses-a-wait-refused-both"),
    pytest.param("1112m456p789p123s", "1m", False, False, id="rules-kan-1112-loses-3m"),
    pytest.param("1112345678999m", "9m", False, False, id="nine-gates-kan-refused"),
    pytest.param("11123444m567p78s", "5p", False, False, id="not-three-held"),
    pytest.param("111m234p567p789s5z", "5z", False, False, id="kan-tile-is-the-wait-not-three-held"),
]


@pytest.mark.parametrize(("text", "tile", "standard", "classic"), KAN_ROWS)
def test_concealed_kan_after_riichi(text: str, tile: str, standard: bool, classic: bool) -> None:
    counts, locked = _split(text)
    assert sum(counts) % 3 == 1
    kind = parse_tile(tile)
    assert kan_keeps_waits(counts, kind, locked) is standard
    assert kan_keeps_arrangement(counts, kind, locked) is classic
    assert not classic or standard  # the classic rule is the stricter one


def test_not_tenpai_cannot_kan() -> None:
    counts = parse_counts("111m258p369s1234z")
    assert not kan_keeps_waits(counts, 0)
    assert not kan_keeps_arrangement(counts, 0)
