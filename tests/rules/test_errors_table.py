"""What the scorer refuses, and with which code: not_winning, no_yaku, invalid_hand, invalid_context.

A context is invalid when the table could not have produced it (docs/rules.md#terms and the option tables say
which flags exclude each other). Unless a row says otherwise: rules `tenhou`, South wins by ron in the East round.
"""

from __future__ import annotations

import pytest

from jantaku.hand.model import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoringError, WinContext, score
from jantaku.tiles import SOUTH, parse_tile
from tests.rules.scoring_rows import Row, check, row

DEF = "docs/rules.md#terms (interruption, first go-around, ippatsu)"
YS = "docs/rules.md#options-yaku-and-scoring"
TILES = "docs/rules.md#options-tiles-and-dora"
SANMA = "docs/rules.md#sanma"
S000 = "source [S0] in docs/rules.md"
S001 = "source [S1] in docs/rules.md"

K = "123m45556p13789s"  # closed, kanchan 2s
KO = "123m45556p13s [789s]"  # open, kanchan 2s
KAN = "123m45556p13s (3333z)"  # concealed kan, kanchan 2s

ROWS = [
    row("not-winning", "123m456p789s1234z", "5z", YS, error="not_winning"),
    row("not-winning-wrong-tile", K, "5s", YS, riichi=True, error="not_winning"),
    # a pair in every suit: two sets and four pairs make fourteen tiles, and neither four sets and a pair nor seven
    # pairs; a blessing or an open hand does not make them a win either
    row("not-winning-a-pair-in-every-suit", "1123m22666p33s55z", "1m", YS, tsumo=True, riichi=True,
        error="not_winning"),
    row("not-winning-a-pair-in-every-suit-blessing", "1123m22666p33s55z", "1m", DEF, tsumo=True, chiihou=True,
        error="not_winning"),
    row("not-winning-a-pair-in-every-suit-open", "1m22666p33s55z [789s]", "1m", YS, tsumo=True, haitei=True,
        error="not_winning"),
    row("no-yaku-dora-only", KO, "2s", YS + " (dora are not yaku)", dora="1s", error="no_yaku"),
    row("no-yaku-red-five-only", "123m40556p13s [789s]", "2s", YS, error="no_yaku"),
    # invalid hands
    row("five-copies", "1111m234p567s789s", "1m", TILES + " (four copies of each kind)", error="invalid_hand"),
    row("too-few-tiles", "1111m234p567s78s", "9s", YS, error="invalid_hand"),
    row("too-many-tiles", "11112222m33p5678s", "3p", YS, error="invalid_hand"),
    row("2m-in-sanma", "234m45556p13789s", "2s", SANMA + " (2m-8m removed); " + S000, rules="sanma", riichi=True,
        error="invalid_hand"),
    row("red-5m-in-sanma", "0111999m456p789s", "5z", TILES + " (sanma: 0p 0s only)", rules="sanma",
        error="invalid_hand"),
    row("zung-jung-rules-are-not-riichi", K, "2s", "docs/rules.md#two-families", rules="zung-jung",
        error="invalid_context"),
    row("red-five-the-rules-lack", "123m40556p13789s", "2s", TILES, options={"red_fives": (0, 0, 0)},
        error="invalid_hand"),
    row("two-red-5p-classic", "123m40056p13789s", "2s", TILES + " (classic: one each)", rules="classic",
        riichi=True, error="invalid_hand"),
    row("three-red-5p-classic-east", "123m00056p13789s", "2s", TILES + " (classic-east: two 0p); " + S001,
        rules="classic-east", riichi=True, error="invalid_hand"),
    row("four-plain-5p-with-a-red-rule", "123m455556p7899s", "9s", TILES + " (one of the four 5p is red)",
        riichi=True, error="invalid_hand"),
    # contexts the table cannot produce
    row("tsumo-chankan", KO, "2s", DEF + " (chankan robs a kan: a ron)", tsumo=True, chankan=True,
        error="invalid_context"),
    row("ron-rinshan", KAN, "2s", DEF, rinshan=True, error="invalid_context"),
    row("ron-haitei", KO, "2s", DEF, haitei=True, error="invalid_context"),
    row("tsumo-houtei", KO, "2s", DEF, tsumo=True, houtei=True, error="invalid_context"),
    row("riichi-and-double-riichi", K, "2s", DEF, riichi=True, double_riichi=True, error="invalid_context"),
    row("ippatsu-without-riichi", K, "2s", DEF, ippatsu=True, error="invalid_context"),
    row("riichi-open-hand", KO, "2s", "docs/rules.md: Riichi (a closed tenpai hand)", riichi=True,
        error="invalid_context"),
    row("double-riichi-open-hand", KO, "2s", "docs/rules.md: Riichi", double_riichi=True, error="invalid_context"),
    row("riichi-with-concealed-kan-is-fine", KAN, "2s", "docs/rules.md: Riichi (a concealed kan keeps the hand closed)",
        riichi=True, yaku={"riichi": 1}),
    row("tenhou-ron", K, "2s", DEF, seat="E", tenhou=True, error="invalid_context"),
    row("tenhou-non-dealer", K, "2s", DEF, tsumo=True, tenhou=True, error="invalid_context"),
    row("chiihou-dealer", K, "2s", DEF, seat="E", tsumo=True, chiihou=True, error="invalid_context"),
    row("renhou-tsumo", K, "2s", DEF, tsumo=True, renhou=True, rules="classic", error="invalid_context"),
    row("renhou-dealer", K, "2s", DEF, seat="E", renhou=True, rules="classic", error="invalid_context"),
    row("blessing-with-a-call", KAN, "2s", DEF + " (first go-around unbroken)", tsumo=True, chiihou=True,
        error="invalid_context"),
    row("blessing-with-riichi", K, "2s", DEF, tsumo=True, chiihou=True, riichi=True, error="invalid_context"),
    row("chankan-houtei", KO, "2s", "docs/rules.md#options-calls (no kan on the last tile)", chankan=True, houtei=True,
        error="invalid_context"),
    row("ippatsu-rinshan", KAN, "2s", DEF + " (a kan is an interruption: it ends ippatsu)", tsumo=True,
        riichi=True, ippatsu=True, rinshan=True, error="invalid_context"),
    row("rinshan-without-kan", K, "2s", DEF, tsumo=True, rinshan=True, error="invalid_context"),
    row("rinshan-after-kita-sanma", "111m45556p13789s", "2s", SANMA + " (replacement after a North is rinshan)",
        rules="sanma", tsumo=True, rinshan=True, kita=1, yaku={"menzen_tsumo": 1, "rinshan": 1, "kita": 1}),
    row("chankan-tile-in-own-hand", "123m45556p12s [789s]", "2s", DEF + " (the kan holds the other copies)",
        chankan=True, error="invalid_context"),
    row("ura-without-riichi", K, "2s", TILES, tsumo=True, ura="1m", error="invalid_context"),
    row("kita-in-four-player", K, "2s", SANMA, riichi=True, kita=1, error="invalid_context"),
    row("too-many-norths", "111m45556p13s444z", "2s", SANMA, rules="sanma", tsumo=True, kita=2,
        error="invalid_context"),
    row("north-seat-in-sanma", "111m45556p13789s", "2s", SANMA, rules="sanma", seat="N", riichi=True,
        error="invalid_context"),
    row("discarder-is-winner", K, "2s", YS, riichi=True, discarder="S", error="invalid_context"),
    row("discarder-on-tsumo", K, "2s", YS, tsumo=True, discarder="E", error="invalid_context"),
    row("pao-is-winner", "11m23p [555z] [666z] [777z]", "1p", YS, pao="S", error="invalid_context"),
    row("negative-honba", K, "2s", YS, riichi=True, honba=-1, error="invalid_context"),
    row("sanma-indicator-2m", "111m45556p13789s", "2s", SANMA, rules="sanma", riichi=True, dora="2m",
        error="invalid_context"),
]  # fmt: skip


@pytest.mark.parametrize("r", ROWS)
def test_errors(r: Row) -> None:
    check(r)


def test_error_message_names_the_problem() -> None:
    with pytest.raises(ScoringError, match="tsumo"):
        score(Hand.parse(KO), parse_tile("2s"), WinContext(tsumo=True, chankan=True, seat_wind=SOUTH),
              preset("tenhou"))  # fmt: skip


def test_five_copies_with_a_kan_in_the_hand() -> None:
    """A Hand built directly (bypassing the notation checks) is still checked by the scorer."""
    hand = Hand((0, 0, 9, 10, 11, 18, 19, 20, 27, 27), (Meld(MeldKind.CLOSED_KAN, (0, 0, 0, 0)),))
    with pytest.raises(ScoringError) as info:
        score(hand, 27, WinContext(seat_wind=SOUTH), preset("tenhou"))
    assert info.value.code == "invalid_hand"
