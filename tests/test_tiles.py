"""Tiles: the 34 kinds, tile codes and red fives, tile strings, dora wrap-around.

Every row cites where its expectation comes from: docs/rules.md ("Notation", "Shared riichi rules", "Sanma") or a
source document ([S0]..[S4] in docs/rules.md).
"""

from __future__ import annotations

import pytest

from jantaku.tiles import (
    DRAGONS,
    EAST,
    GREEN,
    KINDS,
    NORTH,
    PHYSICAL,
    RED,
    RED_MAN,
    RED_PIN,
    RED_SOU,
    SANMA_REMOVED,
    SOUTH,
    TERMINALS_AND_HONORS,
    WEST,
    WHITE,
    WINDS,
    NotationError,
    code_name,
    counts_of,
    dora_after,
    format_tiles,
    is_red,
    is_simple,
    kind_name,
    kind_of,
    long_name,
    parse_tile,
    parse_tiles,
)

# --- kinds: docs/rules.md#notation, "34 tile kinds (index 0..33 in the order above)" ------------------------------

KIND_ROWS = [
    pytest.param("1m", 0, id="rules-notation-1m-is-kind-0"),
    pytest.param("9m", 8, id="rules-notation-9m-is-kind-8"),
    pytest.param("1p", 9, id="rules-notation-1p-is-kind-9"),
    pytest.param("5p", 13, id="rules-notation-5p-is-kind-13"),
    pytest.param("9p", 17, id="rules-notation-9p-is-kind-17"),
    pytest.param("1s", 18, id="rules-notation-1s-is-kind-18"),
    pytest.param("9s", 26, id="rules-notation-9s-is-kind-26"),
    pytest.param("1z", EAST, id="rules-notation-1z-is-East"),
    pytest.param("2z", SOUTH, id="rules-notation-2z-is-South"),
    pytest.param("3z", WEST, id="rules-notation-3z-is-West"),
    pytest.param("4z", NORTH, id="rules-notation-4z-is-North"),
    pytest.param("5z", WHITE, id="rules-notation-5z-is-White"),
    pytest.param("6z", GREEN, id="rules-notation-6z-is-Green"),
    pytest.param("7z", RED, id="rules-notation-7z-is-Red-kind-33"),
]


@pytest.mark.parametrize(("text", "kind"), KIND_ROWS)
def test_kind_order(text: str, kind: int) -> None:
    assert parse_tile(text) == kind
    assert kind_name(kind) == text
    assert code_name(kind) == text
    assert kind_of(kind) == kind
    assert not is_red(kind)


def test_kind_constants() -> None:
    # docs/rules.md#notation: 34 kinds, 136 physical tiles; winds E S W N, dragons White Green Red
    assert (KINDS, PHYSICAL) == (34, 136)
    assert WINDS == (27, 28, 29, 30)
    assert DRAGONS == (31, 32, 33)
    assert len(TERMINALS_AND_HONORS) == 13
    assert sorted(kind_name(k) for k in TERMINALS_AND_HONORS) == sorted(
        ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    )
    # docs/rules.md#sanma: 2m-8m removed
    assert sorted(kind_name(k) for k in SANMA_REMOVED) == [f"{r}m" for r in range(2, 9)]


# --- red fives: docs/rules.md#notation, "A red five is 0m/0p/0s" ----------------------------------------------------

RED_ROWS = [
    pytest.param("0m", RED_MAN, 4, "5m", id="rules-notation-red-0m-is-a-5m"),
    pytest.param("0p", RED_PIN, 13, "5p", id="rules-notation-red-0p-is-a-5p"),
    pytest.param("0s", RED_SOU, 22, "5s", id="rules-notation-red-0s-is-a-5s"),
]


@pytest.mark.parametrize(("text", "code", "kind", "plain"), RED_ROWS)
def test_red_five_codes(text: str, code: int, kind: int, plain: str) -> None:
    assert parse_tile(text) == code
    assert is_red(code)
    assert kind_of(code) == kind
    assert code_name(code) == text
    assert kind_name(kind) == plain
    assert is_simple(kind)
    # analysis counts a red five as a five
    counts = counts_of([code, kind])
    assert counts[kind] == 2
    assert sum(counts) == 2


@pytest.mark.parametrize(
    ("kind", "name"),
    [
        pytest.param(0, "1 man", id="long-name-1m"),
        pytest.param(22, "5 sou", id="long-name-5s"),
        pytest.param(EAST, "East", id="long-name-East"),
        pytest.param(NORTH, "North", id="long-name-North"),
        pytest.param(WHITE, "White dragon", id="long-name-White"),
        pytest.param(RED, "Red dragon", id="long-name-Red"),
    ],
)
def test_long_names(kind: int, name: str) -> None:
    assert long_name(kind) == name


# --- dora: docs/rules.md#shared-riichi-rules, "the tile after each indicator (9→1, E→S→W→N→E, White→Green→Red→White)";
#     sanma: "manzu wraps 1m↔9m"; [S1]: "ドラは全て表示牌の次牌とする" (every dora is the tile after its indicator)

DORA_ROWS = [
    pytest.param("1m", "2m", False, id="rules-dora-1m-to-2m"),
    pytest.param("5m", "6m", False, id="rules-dora-5m-to-6m"),
    pytest.param("8m", "9m", False, id="rules-dora-8m-to-9m"),
    pytest.param("9m", "1m", False, id="rules-dora-wrap-9m-to-1m"),
    pytest.param("9p", "1p", False, id="rules-dora-wrap-9p-to-1p"),
    pytest.param("9s", "1s", False, id="rules-dora-wrap-9s-to-1s"),
    pytest.param("0m", "6m", False, id="rules-dora-red-0m-indicates-6m"),
    pytest.param("0p", "6p", False, id="rules-dora-red-0p-indicates-6p"),
    pytest.param("0s", "6s", False, id="rules-dora-red-0s-indicates-6s"),
    pytest.param("1z", "2z", False, id="rules-dora-East-to-South"),
    pytest.param("2z", "3z", False, id="rules-dora-South-to-West"),
    pytest.param("3z", "4z", False, id="rules-dora-West-to-North"),
    pytest.param("4z", "1z", False, id="rules-dora-wrap-North-to-East"),
    pytest.param("5z", "6z", False, id="rules-dora-White-to-Green"),
    pytest.param("6z", "7z", False, id="rules-dora-Green-to-Red"),
    pytest.param("7z", "5z", False, id="rules-dora-wrap-Red-to-White"),
    pytest.param("1m", "9m", True, id="rules-sanma-dora-1m-to-9m"),
    pytest.param("9m", "1m", True, id="rules-sanma-dora-9m-to-1m"),
    pytest.param("9p", "1p", True, id="rules-sanma-dora-pinzu-unchanged-9p-to-1p"),
    pytest.param("4s", "5s", True, id="rules-sanma-dora-souzu-unchanged-4s-to-5s"),
    pytest.param("4z", "1z", True, id="rules-sanma-dora-North-to-East"),
    pytest.param("7z", "5z", True, id="rules-sanma-dora-Red-to-White"),
]


@pytest.mark.parametrize(("indicator", "dora", "sanma"), DORA_ROWS)
def test_dora_after(indicator: str, dora: str, sanma: bool) -> None:
    assert kind_name(dora_after(parse_tile(indicator), sanma)) == dora


def test_dora_after_cycles() -> None:
    """Following the indicator chain from any kind returns to it: 9 steps in a suit, 4 winds, 3 dragons."""
    for start in range(KINDS):
        period = 9 if start < 27 else 4 if start < 31 else 3
        k = start
        for _ in range(period):
            k = dora_after(k)
        assert k == start, kind_name(start)
    # sanma manzu: 1m and 9m point at each other (docs/rules.md#sanma)
    assert dora_after(dora_after(0, True), True) == 0


@pytest.mark.parametrize("bad", [pytest.param(-1, id="negative"), pytest.param(37, id="past-red-codes")])
def test_dora_after_rejects_non_tiles(bad: int) -> None:
    with pytest.raises(ValueError, match="not a tile kind"):
        dora_after(bad)


# --- tile strings: the README's Notation, runs compress and round-trip ----------------------------------------------

TILE_ROWS = [
    pytest.param("123m456p789s11z", [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27], id="rules-notation-runs-compress"),
    pytest.param("1234567z", [27, 28, 29, 30, 31, 32, 33], id="rules-notation-honors-ESWN-White-Green-Red"),
    pytest.param("0m", [RED_MAN], id="rules-notation-red-0m"),
    pytest.param("406p", [12, RED_PIN, 14], id="rules-notation-red-0p-in-a-run"),
    pytest.param("055s", [RED_SOU, 22, 22], id="rules-notation-red-0s-with-plain-fives"),
    pytest.param("50m", [4, RED_MAN], id="rules-notation-red-after-plain-keeps-order"),
    pytest.param("91m", [8, 0], id="rules-notation-order-as-written"),
    pytest.param("1m1p1m", [0, 9, 0], id="rules-notation-suit-switches-back"),
    pytest.param("", [], id="empty"),
]


@pytest.mark.parametrize(("text", "codes"), TILE_ROWS)
def test_parse_and_format_tiles(text: str, codes: list[int]) -> None:
    assert parse_tiles(text) == codes
    assert format_tiles(codes) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("1m2m3m", "123m", id="rules-notation-uncompressed-input"),
        pytest.param("12m 3m", "123m", id="spaces-between-groups"),
        pytest.param("1z 1z", "11z", id="spaces-between-honors"),
    ],
)
def test_non_canonical_input_formats_compressed(text: str, canonical: str) -> None:
    assert format_tiles(parse_tiles(text)) == canonical


def test_parse_tile_single() -> None:
    assert parse_tile("5m") == 4
    assert parse_tile(" 0s ") == RED_SOU
    with pytest.raises(NotationError, match="exactly one tile"):
        parse_tile("55m")


def test_format_tiles_rejects_non_codes() -> None:
    with pytest.raises(ValueError, match="not a tile code"):
        format_tiles([37])
