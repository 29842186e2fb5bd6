"""Property tests (hypothesis) for the notation of tiles and hands: parse ∘ format is the identity on tile-code
lists and on hands with melds (docs/rules.md, notation), red fives and every kind of meld included."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.hand import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.tiles import FIVES, KINDS, RED_MAN, format_tiles, parse_tiles

EXAMPLES = int(os.environ.get("JANTAKU_EXAMPLES", "400"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

codes = st.integers(min_value=0, max_value=RED_MAN + 2)


@SETTINGS
@given(st.lists(codes, max_size=40))
def test_parse_format_tiles_identity(tiles: list[int]) -> None:
    text = format_tiles(tiles)
    assert parse_tiles(text) == tiles
    assert format_tiles(parse_tiles(text)) == text


def _code(kind: int, red: bool) -> int:
    return RED_MAN + FIVES.index(kind) if red and kind in FIVES else kind


@st.composite
def hands_with_melds(draw: st.DrawFn) -> Hand:
    """A valid hand: up to 4 melds of every kind (red fives included), concealed tiles up to 14 in all."""
    used = [0] * KINDS
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        if kind is MeldKind.CHI:
            first = draw(st.integers(0, 26).filter(lambda k: k % 9 <= 6))
            kinds = [first, first + 1, first + 2]
            if draw(st.booleans()):
                kinds = draw(st.permutations(kinds))
        else:
            k = draw(st.integers(0, KINDS - 1))
            kinds = [k] * (3 if kind is MeldKind.PON else 4)
        if any(used[k] + kinds.count(k) > 4 for k in kinds):
            continue
        for k in kinds:
            used[k] += 1
        reds = draw(st.lists(st.booleans(), min_size=len(kinds), max_size=len(kinds)))
        melds.append(Meld(kind, tuple(_code(k, r) for k, r in zip(kinds, reds, strict=True))))
    tiles: list[int] = []
    room = 14 - 3 * len(melds)
    for code in draw(st.lists(codes, max_size=room)):
        k = code if code < RED_MAN else FIVES[code - RED_MAN]
        if used[k] < 4:
            used[k] += 1
            tiles.append(code)
    return Hand(tuple(tiles), tuple(melds))


@SETTINGS
@given(hands_with_melds())
def test_parse_format_hand_identity(hand: Hand) -> None:
    text = str(hand)
    parsed = Hand.parse(text)
    assert parsed == hand
    assert str(parsed) == text
