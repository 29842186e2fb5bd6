"""Fu, item by item (docs/rules.md#points: 20 base; +10 closed ron; +2 tsumo except pinfu; 25 flat for seven pairs;
30 for an open hand of 20 fu won by ron; meld, pair and wait fu; rounded up to 10).

Unless a row says otherwise: rules `tenhou`, the winner is South in the East round, ron off East.
"""

from __future__ import annotations

import pytest

from tests.rules.scoring_rows import Row, check, row

FU = "docs/rules.md#points (fu)"
S001 = "source [S1] in docs/rules.md"
S003 = "source [S3] in docs/rules.md"

BASE, RON = ("base", 20), ("closed ron", 10)

ROWS = [
    row("closed-ron-plus-10-kanchan", "123m45556p13789s", "2s", FU, riichi=True,
        fu_items=(BASE, RON, ("kanchan wait", 2)), fu=40),
    row("tsumo-plus-2", "123m45556p13789s", "2s", FU, tsumo=True, fu_items=(BASE, ("tsumo", 2), ("kanchan wait", 2)),
        fu=30),
    row("penchan-2", "123m22456p12456s", "3s", FU, riichi=True, fu_items=(BASE, RON, ("penchan wait", 2)), fu=40),
    row("tanki-2", "123m456p456s789s2p", "2p", FU, riichi=True, fu_items=(BASE, RON, ("tanki wait", 2)), fu=40),
    row("ryanmen-0", "123m22456p45678s", "9s", FU, fu_items=(BASE, RON), fu=30),
    row("shanpon-0-and-ron-triplet-open", "111m456999p3355s", "3s", FU + " (a triplet won by ron counts open)",
        riichi=True, fu=50,
        fu_items=(BASE, RON, ("closed triplet 1m", 8), ("closed triplet 9p", 8), ("open triplet 3s", 2))),
    row("shanpon-tsumo-triplet-closed", "111m456999p3355s", "3s", FU, tsumo=True, riichi=True, fu=50,
        fu_items=(BASE, ("tsumo", 2), ("closed triplet 1m", 8), ("closed triplet 9p", 8), ("closed triplet 3s", 4))),
    row("meld-fu-open-closed-kan", "5p [222m] [9999p] (2222s) [777z]", "5p", FU + "; " + S003 + " (quads 4×)",
        yaku={"red": 1, "toitoi": 2}, fu=60, points=7700,
        fu_items=(BASE, ("open triplet 2m", 2), ("open kan 9p", 16), ("closed kan 2s", 16), ("open triplet 7z", 4),
                  ("tanki wait", 2))),
    row("closed-kan-of-honors-32", "123m456p78s99s (1111z)", "9s", FU, yaku={"round_wind": 1}, fu=70, points=2300,
        fu_items=(BASE, RON, ("closed kan 1z", 32), ("tanki wait", 2))),
    row("dragon-pair-2", "123m456p45678s55z", "9s", FU, riichi=True, fu_items=(BASE, RON, ("pair 5z", 2)), fu=40),
    row("seat-wind-pair-2", "123m456p45678s22z", "9s", FU, riichi=True, fu_items=(BASE, RON, ("pair 2z", 2))),
    row("round-wind-pair-2", "123m456p45678s11z", "9s", FU, riichi=True, fu_items=(BASE, RON, ("pair 1z", 2))),
    row("guest-wind-pair-0", "123m456p45678s33z", "9s", FU, riichi=True, fu_items=(BASE, RON), fu=30),
    row("double-wind-pair-4-tenhou", "123m999p23789s11z", "4s", "docs/rules.md#double_wind_fu: 4",
        seat="E", riichi=True, fu=50, points=2400, pay={"N": -2400, "E": 2400},
        fu_items=(BASE, RON, ("closed triplet 9p", 8), ("pair 1z", 4))),
    row("double-wind-pair-4-standard", "123m999p23789s11z", "4s", "docs/rules.md#double_wind_fu: 4", rules="standard",
        seat="E", riichi=True, fu=50),
    row("double-wind-pair-2-classic", "123m999p23789s11z", "4s", S001 + " (連風牌のトイツは2符)", rules="classic",
        seat="E", riichi=True, fu=40, points=2000, fu_items=(BASE, RON, ("closed triplet 9p", 8), ("pair 1z", 2))),
    row("open-20-fu-ron-is-30", "234m5567p678s [234m]", "8p", FU, fu_items=(BASE, ("open hand minimum", 10)), fu=30),
    row("open-tsumo-22-rounds-to-30", "234m5567p678s [234m]", "8p", FU, tsumo=True, fu_items=(BASE, ("tsumo", 2)),
        fu=30, points=1100),
    row("pinfu-tsumo-20-no-tsumo-fu", "123m22456p45678s", "9s", FU, tsumo=True,
        fu_items=(("base (pinfu tsumo)", 20),), fu=20),
    row("pinfu-ron-30", "123m22456p45678s", "9s", FU, fu_items=(BASE, RON), fu=30),
    row("seven-pairs-25-flat", "1133557799m22p4p", "4p", FU + "; " + S003, fu_items=(("seven pairs", 25),), fu=25),
    row("seven-pairs-tsumo-still-25", "1133557799m22p4p", "4p", FU, tsumo=True, fu=25),
    row("rounding-up-to-10", "111m78999p33355s", "6p", FU, fu=50,
        fu_items=(BASE, RON, ("closed triplet 1m", 8), ("closed triplet 9p", 8), ("closed triplet 3s", 4))),
    row("rinshan-tsumo-keeps-tsumo-fu", "123m45556p13s (3333z)", "2s", FU, tsumo=True, rinshan=True, fu=60,
        fu_items=(BASE, ("tsumo", 2), ("closed kan 3z", 32), ("kanchan wait", 2))),
    row("closed-ron-with-concealed-kan-stays-closed", "12399m78s555z (2222p)", "6s", FU, fu=60,
        fu_items=(BASE, RON, ("closed triplet 5z", 8), ("closed kan 2p", 16))),
    row("higher-fu-reading-chosen", "2345567m333z [888m]", "5m", FU + "; highest-scoring interpretation", fu=40,
        fu_items=(BASE, ("closed triplet 3z", 8), ("open triplet 8m", 2), ("tanki wait", 2))),
]  # fmt: skip


@pytest.mark.parametrize("r", ROWS)
def test_fu(r: Row) -> None:
    check(r)
