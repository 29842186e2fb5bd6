"""``Hand`` and its notation: concealed tiles then melds, the round trip, the counts, and the errors for bad input,
each naming the position and the reason (docs/rules.md#notation); then property tests (hypothesis): parse ∘ format
is the identity on tile-code lists and on hands with melds, red fives and every kind of meld included. Tile strings
are tested in ``tests/test_tiles.py``, melds in ``tests/test_melds.py``."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.hand import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.tiles import FIVES, KINDS, RED_MAN, NotationError, format_tiles, parse_tiles

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


# --- hands -------------------------------------------------------------------------------------------------------

HAND_ROWS = [
    pytest.param("123m456p789s1122z", 13, 0, id="rules-notation-closed-13"),
    pytest.param("123m406p789s11223z", 14, 0, id="rules-notation-closed-14-red-0p"),
    pytest.param("19m19p19s1234567z", 13, 0, id="thirteen-orphans-shape"),
    pytest.param("123m456p78s11z [555m]", 13, 1, id="rules-notation-one-pon"),
    pytest.param("123m45p11z [555m] [789s]", 13, 2, id="rules-notation-pon-and-chi"),
    pytest.param("45p11z [555m] [789s] (1111s)", 13, 3, id="rules-notation-concealed-kan-counts-3"),
    pytest.param("7z [777z] [123m] [456p] [789s]", 13, 4, id="Red-pon-with-Red-tanki"),
    pytest.param("77z [0555m] {5555p} [5555s] (1111z)", 14, 4, id="four-kans-all-bracket-kinds"),
    pytest.param("[123m] [456p] [789s] [111z]", 12, 4, id="melds-only"),
    pytest.param("", 0, 0, id="empty-hand"),
]


@pytest.mark.parametrize(("text", "size", "melds"), HAND_ROWS)
def test_hand_round_trip(text: str, size: int, melds: int) -> None:
    hand = Hand.parse(text)
    assert str(hand) == text
    assert Hand.parse(str(hand)) == hand
    assert hand.size == size
    assert len(hand.melds) == melds


def test_hand_counts_split_concealed_and_melds() -> None:
    hand = Hand.parse("7z [777z] [123m] [456p] (0555s)")
    concealed, locked = hand.concealed_counts(), hand.meld_counts()
    assert concealed[33] == 1 and sum(concealed) == 1
    assert locked[33] == 3 and locked[22] == 4  # all four of a kan are locked; the red five is a five
    assert sum(locked) == 3 + 3 + 3 + 4
    assert hand.is_closed is False
    assert Hand.parse("123m456p789s1z (1111s)").is_closed


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("123m456p789s1z[555p]", "123m456p789s1z [555p]", id="no-space-before-meld"),
        pytest.param("  123m  456p [555p]   (1111z) ", "123m456p [555p] (1111z)", id="extra-spaces"),
        pytest.param("1m2m3m4p", "123m4p", id="uncompressed"),
    ],
)
def test_hand_canonical_form(text: str, canonical: str) -> None:
    assert str(Hand.parse(text)) == canonical


# --- bad input: every message names the position (where there is one) and the reason ----------------------------

ERROR_ROWS = [
    pytest.param("12x", 2, "unexpected character 'x'", id="readme-12x-bad-character"),
    pytest.param("11111m", 4, "5 copies of 1m", id="rules-136-tiles-five-copies-in-a-run"),
    pytest.param("1m1p1m1s1m1z1m2z1m", 16, "5 copies of 1m", id="rules-136-tiles-five-copies-scattered"),
    pytest.param("55z [555z]", 7, "5 copies of 5z", id="rules-136-tiles-fifth-copy-in-a-meld"),
    pytest.param("55m (0555m)", 7, "6 copies of 5m", id="rules-136-tiles-red-fives-count-as-fives"),
    pytest.param("123m456p789s11223z", None, None, id="fourteen-tiles-is-fine"),
    pytest.param("123m456p789s112233z", 17, "15 tiles", id="rules-15-tiles-closed-names-the-15th"),
    pytest.param("123m456p78s11223z [555m]", 18, "16 tiles", id="rules-too-many-with-a-meld"),
    pytest.param("123m456p78s1122z [555m] [789s]", 17, "18 tiles", id="rules-kan-counts-3-first-meld-over"),
    pytest.param("123m456p78s112z [555m] [789s]", 23, "17 tiles", id="rules-kan-counts-3-second-meld-over"),
    pytest.param("123m456p78s112z [555m] (3333z)", 23, "17 tiles", id="rules-kan-counts-3-kan-over"),
    pytest.param("12m [555m] [789s] (1111z) [2222z]", None, None, id="rules-kan-counts-3-four-melds-fine"),
    pytest.param("12m [555m] [789s] (1111z) [222z] [333z]", 33, "5 melds", id="rules-at-most-4-kans-5-melds"),
    pytest.param("123m0z", 4, "no red five ('0z')", id="rules-notation-no-red-honor-0z"),
    pytest.param("8z", 0, "honor tiles are 1z..7z", id="rules-notation-honors-stop-at-7z"),
    pytest.param("123m [555p", 5, "never closed with ']'", id="unclosed-open-meld"),
    pytest.param("123m (1111z", 5, "never closed with ')'", id="unclosed-concealed-kan"),
    pytest.param("123m {5555p", 5, "never closed with '}'", id="unclosed-added-kan"),
    pytest.param("123m 555p]", 9, "closes a meld that was never opened", id="unopened-meld"),
    pytest.param("[555p] 123m", 7, "concealed tiles come before the melds", id="tiles-after-melds"),
    pytest.param("[555p]  9s [777z]", 8, "concealed tiles come before the melds", id="tiles-between-melds"),
    pytest.param("[12x]", 3, "unexpected character 'x'", id="bad-character-inside-meld"),
    pytest.param("1m [1234m]", 3, "an open kan is 4 identical tiles", id="rules-notation-4-tile-open-meld"),
    pytest.param("[135m]", 0, "a chi is three consecutive tiles", id="rules-notation-chi-not-a-run"),
    pytest.param("[123z]", 0, "a chi is three consecutive tiles", id="rules-notation-no-honor-chi"),
    pytest.param("[891m]", 0, "a chi is three consecutive tiles", id="rules-notation-no-chi-wrap-9-1"),
    pytest.param("[55p]", 0, "a meld holds 3 or 4 tiles, not 2", id="meld-too-small"),
    pytest.param("(111z)", 0, "concealed kan (..) holds exactly 4 tiles", id="rules-notation-concealed-kan-size"),
    pytest.param("{555p}", 0, "an added kan is 4 identical tiles", id="added-kan-size"),
    pytest.param("[]", 0, "a meld holds 3 or 4 tiles, not 0", id="empty-meld"),
    pytest.param("123", 2, "no suit letter", id="digits-without-suit"),
    pytest.param("12 3m", 2, "must be followed by a suit letter", id="space-inside-a-group"),
    pytest.param("m", 0, "has no digits before it", id="suit-without-digits"),
    pytest.param("1M", 1, "unexpected character 'M'", id="upper-case-suit"),
    pytest.param("\u0661m", 0, "unexpected character", id="non-ascii-digit"),
]


@pytest.mark.parametrize(("text", "position", "reason"), ERROR_ROWS)
def test_notation_errors(text: str, position: int | None, reason: str | None) -> None:
    if reason is None:
        Hand.parse(text)
        return
    with pytest.raises(NotationError) as info:
        Hand.parse(text)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.text == text
    assert reason in err.reason
    assert err.position == position
    message = str(err)
    assert reason in message
    assert f"at position {position}" in message
    assert repr(text) in message


def test_position_points_at_the_offending_character() -> None:
    """The position is an index into the text: the character there is the one to fix."""
    for text, expected in [("12x", "x"), ("123m0z", "0"), ("[555p] 123m", "1"), ("123m [555p", "[")]:
        with pytest.raises(NotationError) as info:
            Hand.parse(text)
        assert info.value.position is not None
        assert text[info.value.position] == expected


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param("11111m", "5 copies of 1m", id="five-copies"),
        pytest.param("123m456p789s112233z", "15 tiles", id="fifteen-tiles"),
    ],
)
def test_validate_without_text_still_names_the_reason(text: str, reason: str) -> None:
    """A Hand built in code has no source text: ``validate`` gives the reason with no position."""
    hand = Hand(tuple(parse_tiles(text)))
    with pytest.raises(NotationError, match=reason) as info:
        hand.validate()
    assert info.value.position is None


def test_max_tiles_is_a_parameter() -> None:
    assert Hand.parse("123m456p789s11223z4z", max_tiles=15).size == 15
    with pytest.raises(NotationError, match="at most 13"):
        Hand.parse("123m456p789s11223z", max_tiles=13)
