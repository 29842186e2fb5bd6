"""Melds in notation: chi ``[123m]``, pon ``[555p]``, open kan ``[7777s]``, added kan ``{5555p}``, concealed kan
``(1111z)``, each parsed to its kind and tiles and written back the same. A call names the exact tiles it exposes,
so a pon with or without the red five differ."""

from __future__ import annotations

import pytest

from jantaku.melds import Meld, MeldKind
from jantaku.tiles import EAST, RED

# --- the README's Notation: "chi [123m], pon [555p], open kan [7777s], added kan {5555p}, concealed kan (1111z)"

MELD_ROWS = [
    pytest.param("[123m]", MeldKind.CHI, (0, 1, 2), True, id="rules-notation-chi"),
    pytest.param("[555p]", MeldKind.PON, (13, 13, 13), True, id="rules-notation-pon"),
    pytest.param("[7777s]", MeldKind.OPEN_KAN, (24,) * 4, True, id="rules-notation-open-kan"),
    pytest.param("(1111z)", MeldKind.CLOSED_KAN, (EAST,) * 4, False, id="rules-notation-concealed-kan"),
    pytest.param("{5555p}", MeldKind.ADDED_KAN, (13,) * 4, True, id="added-kan-braces"),
    pytest.param("[406p]", MeldKind.CHI, (12, 13, 14), True, id="rules-notation-chi-with-red-0p"),
    pytest.param("[345m]", MeldKind.CHI, (2, 3, 4), True, id="rules-notation-chi-plain-five"),
    pytest.param("[055p]", MeldKind.PON, (13, 13, 13), True, id="pon-showing-the-red-five"),
    pytest.param("[555p]", MeldKind.PON, (13, 13, 13), True, id="pon-hiding-the-red-five"),
    pytest.param("[0555s]", MeldKind.OPEN_KAN, (22,) * 4, True, id="rules-notation-open-kan-with-red"),
    pytest.param("(0555m)", MeldKind.CLOSED_KAN, (4,) * 4, False, id="rules-notation-concealed-kan-with-red"),
    pytest.param("{0555p}", MeldKind.ADDED_KAN, (13,) * 4, True, id="added-kan-with-red"),
    pytest.param("[777z]", MeldKind.PON, (RED,) * 3, True, id="rules-notation-pon-of-Red-dragon"),
    pytest.param("[789s]", MeldKind.CHI, (24, 25, 26), True, id="rules-notation-chi-789s"),
]


@pytest.mark.parametrize(("text", "kind", "kinds", "is_open"), MELD_ROWS)
def test_meld_notation(text: str, kind: MeldKind, kinds: tuple[int, ...], is_open: bool) -> None:
    meld = Meld.parse(text)
    assert meld.kind is kind
    assert meld.kinds == kinds
    assert meld.is_open is is_open
    assert meld.is_kan is (len(kinds) == 4)
    assert str(meld) == text


def test_meld_keeps_red_five_choice() -> None:
    """A player with a red five chooses which tiles a pon exposes: the two pons are different melds."""
    with_red, without = Meld.parse("[055p]"), Meld.parse("[555p]")
    assert with_red != without
    assert with_red.kinds == without.kinds
