"""Every yaku and yakuman of docs/rules.md#yaku, with positive and negative rows.

Unless a row says otherwise: rules `tenhou`, the winner is South (non-dealer) in the East round, ron off East.
Expected values are worked out by hand from docs/rules.md#points (base = fu × 2^(han+2), non-dealer ron 4×, dealer ron
6×, tsumo 2×/1×, rounded up to 100) — never copied from the scorer.
"""

from __future__ import annotations

import pytest

from tests.rules.scoring_rows import Row, check, row

YAKU = "docs/rules.md#yaku"
YAKUMAN = "docs/rules.md#yakuman"
OPTIONS = "docs/rules.md#options-yaku-and-scoring"
S001 = "source [S1] in docs/rules.md"
S002 = "source [S2] in docs/rules.md"
S003 = "source [S3] in docs/rules.md"

# 123m 456p 55p 789s + 13s: a closed hand whose only wait is the kanchan 2s (40 fu on a closed ron)
KANCHAN = "123m45556p13789s"
# the same with 789s called: open, still the kanchan 2s
KANCHAN_OPEN = "123m45556p13s [789s]"
# 123m 22p 456p 456s 78s: pinfu shape, ryanmen 6s/9s
PINFU = "123m22456p45678s"

SITUATIONAL = [
    row("riichi", KANCHAN, "2s", YAKU, riichi=True, yaku={"riichi": 1}, han=1, fu=40, points=1300),
    row("riichi-absent-no-yaku", KANCHAN, "2s", YAKU, error="no_yaku"),
    row("ippatsu", KANCHAN, "2s", YAKU, riichi=True, ippatsu=True, yaku={"riichi": 1, "ippatsu": 1}, points=2600),
    row("ippatsu-without-riichi", KANCHAN, "2s", YAKU, ippatsu=True, error="invalid_context"),
    row("double-riichi", KANCHAN, "2s", YAKU, double_riichi=True, yaku={"double_riichi": 2}, han=2, points=2600),
    row("double-riichi-ippatsu", KANCHAN, "2s", S003, double_riichi=True, ippatsu=True,
        yaku={"double_riichi": 2, "ippatsu": 1}, han=3, fu=40, points=5200),
    row("menzen-tsumo", KANCHAN, "2s", YAKU, tsumo=True, yaku={"menzen_tsumo": 1}, fu=30, points=1100,
        pay={"E": -500, "S": 1100, "W": -300, "N": -300}),
    row("menzen-tsumo-not-open", KANCHAN_OPEN, "2s", YAKU, tsumo=True, error="no_yaku"),
    row("menzen-tsumo-with-concealed-kan", "123m45556p13s (3333z)", "2s", S003, tsumo=True, rinshan=True,
        yaku={"menzen_tsumo": 1, "rinshan": 1}, fu=60, points=4000),
    row("haitei", KANCHAN_OPEN, "2s", YAKU, tsumo=True, haitei=True, yaku={"haitei": 1}, fu=30, points=1100),
    row("houtei", KANCHAN_OPEN, "2s", YAKU, houtei=True, yaku={"houtei": 1}, fu=30, points=1000),
    row("haitei-needs-tsumo", KANCHAN_OPEN, "2s", YAKU, haitei=True, error="invalid_context"),
    row("rinshan-open-kan", "123m45556p13s [3333z]", "2s", YAKU, tsumo=True, rinshan=True, yaku={"rinshan": 1},
        fu=40, points=1500, pay={"E": -700, "S": 1500, "W": -400, "N": -400}),
    row("rinshan-haitei-only-rinshan", "123m45556p13s [3333z]", "2s", S001 + " (嶺上開花と海底ツモは重複しない)",
        tsumo=True, rinshan=True, haitei=True, yaku={"rinshan": 1}, points=1500),
    row("rinshan-haitei-stack-option", "123m45556p13s [3333z]", "2s", OPTIONS + " (rinshan + haitei option)",
        options={"rinshan_haitei_stack": True}, tsumo=True, rinshan=True, haitei=True,
        yaku={"rinshan": 1, "haitei": 1}, points=2700),
    row("chankan", KANCHAN_OPEN, "2s", YAKU, chankan=True, yaku={"chankan": 1}, fu=30, points=1000),
    row("chankan-pinfu", PINFU, "9s", YAKU, chankan=True, yaku={"chankan": 1, "pinfu": 1}, fu=30, points=2000),
    row("chankan-with-tsumo", KANCHAN_OPEN, "2s", YAKU, tsumo=True, chankan=True, error="invalid_context"),
]  # fmt: skip

SHAPES = [
    row("pinfu-ron-30fu", PINFU, "9s", YAKU, yaku={"pinfu": 1}, han=1, fu=30, points=1000),
    row("pinfu-tsumo-20fu", PINFU, "9s", YAKU, tsumo=True, yaku={"pinfu": 1, "menzen_tsumo": 1}, fu=20,
        points=1500, pay={"E": -700, "S": 1500, "W": -400, "N": -400}),
    row("pinfu-not-with-dragon-pair", "123m456p45678s55z", "9s", YAKU, riichi=True, yaku={"riichi": 1}, fu=40),
    row("pinfu-not-with-seat-wind-pair", "123m456p45678s22z", "9s", YAKU, riichi=True, yaku={"riichi": 1}, fu=40),
    row("pinfu-not-with-round-wind-pair", "123m456p45678s11z", "9s", YAKU, riichi=True, yaku={"riichi": 1}, fu=40),
    row("pinfu-with-guest-wind-pair", "123m456p45678s33z", "9s", YAKU, riichi=True, yaku={"riichi": 1, "pinfu": 1},
        fu=30, points=2000),
    row("pinfu-not-on-kanchan", "123m22456p45679s", "8s", YAKU, riichi=True, yaku={"riichi": 1}, fu=40),
    row("pinfu-not-on-penchan", "123m22456p12456s", "3s", YAKU, riichi=True, yaku={"riichi": 1}, fu=40),
    row("pinfu-not-on-tanki", "123m456p456s789s2p", "2p", YAKU, riichi=True, yaku={"riichi": 1}, fu=40),
    row("pinfu-ryanmen-reading-chosen", "123m45699p12345s", "3s", YAKU + "; highest-scoring interpretation",
        riichi=True, yaku={"riichi": 1, "pinfu": 1}, fu=30, points=2000),
    row("pinfu-not-open", "45699p12345s [123m]", "3s", YAKU, error="no_yaku"),
    row("tanyao-closed", "234m456777p345s8s", "8s", YAKU, yaku={"tanyao": 1}, fu=40, points=1300),
    row("tanyao-open-kuitan", "234m777p345s8s [456p]", "8s", OPTIONS + " (open tanyao ✓)", yaku={"tanyao": 1},
        fu=30, points=1000),
    row("tanyao-open-doman", "234m777p345s8s [456p]", "8s", S002, rules="doman", yaku={"tanyao": 1}, points=1000),
    row("tanyao-open-doman-nokuitan", "234m777p345s8s [456p]", "8s", S002 + " (Kuitan disabled)",
        rules="doman-nokuitan", error="no_yaku"),
    row("tanyao-closed-doman-nokuitan", "234m456777p345s8s", "8s", S002, rules="doman-nokuitan",
        yaku={"tanyao": 1}),
    row("tanyao-not-with-terminal", "234m456777p345s9s", "9s", YAKU, riichi=True, yaku={"riichi": 1}, fu=40),
    row("iipeikou", "223344m5567p789s", "8p", YAKU, yaku={"iipeikou": 1, "pinfu": 1}, fu=30, points=2000),
    row("iipeikou-not-open", "234m5567p678s [234m]", "8p", YAKU, yaku={"tanyao": 1}, fu=30, points=1000),
    row("ryanpeikou-beats-chiitoitsu", "223344m556677p8s", "8s", YAKU + "; " + S003,
        yaku={"ryanpeikou": 3, "tanyao": 1}, han=4, fu=40, limit="mangan", points=8000),
    row("ryanpeikou-22334455667788p", "2233445566778p", "8p", "RULES task: 22334455667788p scores as ryanpeikou",
        yaku={"ryanpeikou": 3, "pinfu": 1, "chinitsu": 6, "tanyao": 1}, han=11, limit="sanbaiman", points=24000),
    row("white", "123m45699p78s555z", "9s", YAKU, yaku={"white": 1}, fu=40, points=1300),
    row("green", "123m45699p78s666z", "9s", YAKU, yaku={"green": 1}, fu=40, points=1300),
    row("red", "123m45699p78s777z", "9s", YAKU, yaku={"red": 1}, fu=40, points=1300),
    row("seat-wind", "123m45699p78s222z", "9s", YAKU, yaku={"seat_wind": 1}, points=1300),
    row("round-wind", "123m45699p78s111z", "9s", YAKU, yaku={"round_wind": 1}, points=1300),
    row("double-wind-counts-twice", "123m45699p78s111z", "9s", S003 + " (seat and round wind: both count)",
        seat="E", yaku={"seat_wind": 1, "round_wind": 1}, han=2, fu=40, points=3900, pay={"N": -3900, "E": 3900}),
    row("guest-wind-no-yaku", "123m45699p78s333z", "9s", YAKU, error="no_yaku"),
    row("yakuhai-open", "123m45699p78s [555z]", "9s", YAKU, yaku={"white": 1}, fu=30, points=1000),
    row("two-dragon-triplets", "123m55p78s555z666z", "9s", S003 + " (2 dragon triplets stack)",
        yaku={"white": 1, "green": 1}, fu=50, points=3200),
    row("chiitoitsu", "1133557799m22p4p", "4p", S001 + " (七対子: 子1,600)", yaku={"chiitoitsu": 2}, han=2, fu=25,
        points=1600),
    row("chiitoitsu-dealer", "1133557799m22p4p", "4p", S001 + " (七対子: 親2,400)", seat="E", points=2400),
    row("chiitoitsu-tsumo", "1133557799m22p4p", "4p", YAKU, tsumo=True, yaku={"chiitoitsu": 2, "menzen_tsumo": 1},
        fu=25, points=3200, pay={"E": -1600, "S": 3200, "W": -800, "N": -800}),
    row("chiitoitsu-tanyao", "224466m3355p778s", "8s", YAKU, yaku={"chiitoitsu": 2, "tanyao": 1}, points=3200),
    row("chiitoitsu-honitsu", "1133557799m112z", "2z", YAKU, yaku={"chiitoitsu": 2, "honitsu": 3}, points=8000),
    row("chiitoitsu-honroutou", "1199m1199p1122z3z", "3z", YAKU, yaku={"chiitoitsu": 2, "honroutou": 2},
        han=4, fu=25, points=6400),
    row("chiitoitsu-needs-seven-different-pairs", "1111335577m22p4p", "4p", S002 + " (each pair unique)",
        error="not_winning"),
    row("toitoi", "111m999p5s [333s] [777p]", "5s", YAKU, yaku={"toitoi": 2}, fu=50, points=3200),
    row("sanankou", "111m78999p33355s", "6p", YAKU, yaku={"sanankou": 2}, fu=50, points=3200),
    row("sanankou-not-on-ron-shanpon", "111m456999p3355s", "3s", YAKU + " (a triplet won by ron is open)",
        riichi=True, yaku={"riichi": 1}, fu=50, points=1600),
    row("sanankou-on-tsumo-shanpon", "111m456999p3355s", "3s", YAKU, riichi=True, tsumo=True,
        yaku={"riichi": 1, "menzen_tsumo": 1, "sanankou": 2}, fu=50, limit="mangan", points=8000),
    row("sanankou-open-hand", "111m999p333s5s [777p]", "5s", YAKU, yaku={"toitoi": 2, "sanankou": 2}, points=8000),
    row("sanankou-counts-concealed-kan", "111m999p55s78s (3333z)", "6s", YAKU, yaku={"sanankou": 2}, fu=80,
        points=5200),
    row("sanshoku-doukou", "456m2229p222s [222m]", "9p", YAKU, yaku={"sanshoku_doukou": 2}, fu=40, points=2600),
    row("sankantsu", "789m5p [1111m] [2222p] (3333s)", "5p", YAKU, yaku={"sankantsu": 2}, fu=70, points=4500),
    row("sankantsu-sanankou", "789m5p (1111m) (2222p) (3333s)", "5p", S003 + " (closed quads combine)",
        yaku={"sankantsu": 2, "sanankou": 2}, fu=100, points=8000),
    row("shousangen", "123m45p555z666z77z", "3p", S003 + " (also the 2 dragon triplets)",
        yaku={"shousangen": 2, "white": 1, "green": 1}, fu=50, points=8000),
    row("honroutou", "111m999p111s99s33z", "3z", S003 + " (at least mangan with toitoi)",
        yaku={"honroutou": 2, "toitoi": 2, "sanankou": 2}, limit="haneman", points=12000),
    row("sanshoku", "12378m123p12399s", "6m", YAKU, yaku={"sanshoku": 2, "pinfu": 1}, fu=30, points=3900),
    row("sanshoku-open-kuisagari", "12378m123p99s [123s]", "6m", YAKU, yaku={"sanshoku": 1}, points=1000),
    row("ittsu", "123456789m55p78s", "9s", YAKU, yaku={"ittsu": 2, "pinfu": 1}, fu=30, points=3900),
    row("ittsu-open-kuisagari", "456789m55p78s [123m]", "9s", YAKU, yaku={"ittsu": 1}, points=1000),
    row("chanta", "1239m789p789s333z", "9m", YAKU, yaku={"chanta": 2}, fu=40, points=2600),
    row("chanta-open-kuisagari", "1239m789p333z [789s]", "9m", YAKU, yaku={"chanta": 1}, fu=30, points=1000),
    row("junchan", "1239m789p111789s", "9m", YAKU, yaku={"junchan": 3}, fu=40, points=5200),
    row("junchan-open-kuisagari", "1239m789p111s [789s]", "9m", YAKU, yaku={"junchan": 2}, fu=30, points=2000),
    row("honitsu", "2345567888m333z", "5m", YAKU, yaku={"honitsu": 3}, fu=50, points=6400),
    row("honitsu-open-kuisagari", "2345567m333z [888m]", "5m", YAKU, yaku={"honitsu": 2}, fu=40, points=2600),
    row("chinitsu", "2223445677799m", "5m", YAKU, yaku={"chinitsu": 6}, limit="haneman", points=12000),
    row("chinitsu-open-kuisagari", "3445677799m [222m]", "5m", YAKU + " (5 open: " + S003 + ")",
        yaku={"chinitsu": 5}, limit="mangan", points=8000),
]  # fmt: skip

YAKUMAN_ROWS = [
    row("kokushi", "119m19p19s123456z", "7z", YAKUMAN, yaku={"kokushi": 1}, yakuman=1, han=0, points=32000),
    row("kokushi-13-wait-single-under-tenhou", "19m19p19s1234567z", "1m", OPTIONS + " (tenhou: no double)",
        yaku={"kokushi_13": 1}, yakuman=1, points=32000),
    row("kokushi-13-wait-double-under-standard", "19m19p19s1234567z", "1m", OPTIONS + " (standard: all four)",
        rules="standard", yaku={"kokushi_13": 2}, yakuman=2, limit="double yakuman", points=64000),
    row("suuankou-tsumo", "111m222p333s4455z", "5z", YAKUMAN, tsumo=True, yaku={"suuankou": 1}, points=32000,
        pay={"E": -16000, "S": 32000, "W": -8000, "N": -8000}),
    row("suuankou-not-on-ron-shanpon", "111m222p333s4455z", "5z", YAKUMAN,
        yaku={"sanankou": 2, "toitoi": 2, "white": 1}, limit="mangan", points=8000),
    row("suuankou-tanki-tenhou", "111m222p333s4445z", "5z", S002 + " (includes the pair wait)",
        yaku={"suuankou_tanki": 1}, points=32000),
    row("suuankou-tanki-standard", "111m222p333s4445z", "5z", OPTIONS, rules="standard",
        yaku={"suuankou_tanki": 2}, points=64000),
    row("daisangen", "11m23p555666777z", "1p", YAKUMAN, yaku={"daisangen": 1}, points=32000),
    row("tsuuiisou", "2225556667z [111z]", "7z", YAKUMAN, yaku={"tsuuiisou": 1}, points=32000),
    row("tsuuiisou-seven-pairs", "1122334455667z", "7z", S003 + " (can be 7 pairs)", yaku={"tsuuiisou": 1},
        points=32000),
    row("shousuushii", "12m11122233344z", "3m", YAKUMAN, yaku={"shousuushii": 1}, points=32000),
    row("daisuushii-tenhou", "1m222333444z [111z]", "1m", OPTIONS, yaku={"daisuushii": 1}, points=32000),
    row("daisuushii-standard", "1m222333444z [111z]", "1m", OPTIONS, rules="standard", yaku={"daisuushii": 2},
        points=64000),
    row("daisuushii-bga-single", "1m222333444z [111z]", "1m", OPTIONS + " (bga: Big Four Winds single (c))",
        rules="bga", yaku={"daisuushii": 1}, points=32000),
    row("chinroutou", "999m111p999p1s [111m]", "1s", YAKUMAN, yaku={"chinroutou": 1}, points=32000),
    row("junchan-all-triplets-is-chinroutou", "999m111p999p1s [111m]", "1s", S003, lacks=("junchan", "toitoi")),
    row("ryuuiisou", "33344488s66z [222s]", "6z", YAKUMAN, yaku={"ryuuiisou": 1}, points=32000),
    row("ryuuiisou-without-green-dragon", "3334446668s [222s]", "8s", OPTIONS + "; " + S001 + "; " + S002,
        yaku={"ryuuiisou": 1}, points=32000),
    row("ryuuiisou-with-runs", "22334466688s66z", "8s", S003 + " (can have a 234 run)", yaku={"ryuuiisou": 1}),
    row("ryuuiisou-not-with-5s", "33344455s66z [222s]", "6z", YAKUMAN,
        yaku={"toitoi": 2, "green": 1, "honitsu": 2}, limit="mangan", points=8000),
    row("suukantsu", "1p [1111m] [2222s] (3333s) [7777z]", "1p", YAKUMAN, yaku={"suukantsu": 1}, points=32000),
    row("chuuren", "1112345678899m", "9m", YAKUMAN, yaku={"chuuren": 1}, points=32000),
    row("junsei-chuuren-tenhou", "1112345678999m", "5m", OPTIONS, yaku={"junsei_chuuren": 1}, points=32000),
    row("junsei-chuuren-standard", "1112345678999m", "5m", OPTIONS, rules="standard",
        yaku={"junsei_chuuren": 2}, points=64000),
    row("junsei-chuuren-on-terminal", "1112345678999p", "9p", S003 + " (9-wait: any of the nine)", rules="bga",
        yaku={"junsei_chuuren": 2}, points=64000),
    row("tenhou", KANCHAN, "2s", YAKUMAN, seat="E", tsumo=True, tenhou=True, yaku={"tenhou": 1}, points=48000,
        pay={"E": 48000, "S": -16000, "W": -16000, "N": -16000}),
    row("tenhou-needs-dealer", KANCHAN, "2s", YAKUMAN, tsumo=True, tenhou=True, error="invalid_context"),
    row("chiihou", KANCHAN, "2s", YAKUMAN, tsumo=True, chiihou=True, yaku={"chiihou": 1}, points=32000,
        pay={"E": -16000, "S": 32000, "W": -8000, "N": -8000}),
    row("blessing-needs-no-call", "123m45556p13s (3333z)", "2s", YAKUMAN + " (first go-around unbroken)",
        tsumo=True, chiihou=True, error="invalid_context"),
    row("renhou-yakuman-classic", KANCHAN, "2s", OPTIONS + " (classic: Blessing of Man); " + S001,
        rules="classic", renhou=True, yaku={"renhou": 1}, points=32000),
    row("renhou-not-a-yaku-tenhou", KANCHAN, "2s", OPTIONS + " (yakuman list: renhou only in classic)",
        renhou=True, error="no_yaku"),
    row("blessing-with-hand-yakuman", "111m222p333s4455z", "5z", YAKUMAN + " (several yakuman add up)",
        tsumo=True, chiihou=True, yaku={"chiihou": 1, "suuankou": 1}, points=64000),
    row("yakuman-beats-kazoe-on-equal-points", "3334466677888m", "7m", "docs/rules.md#yaku highest-scoring reading "
        "(our tie rule: a real yakuman wins equal points, as on Tenhou)", tsumo=True, riichi=True, dora="5m",
        yaku={"suuankou": 1}, han=0, yakuman=1, points=32000),
]  # fmt: skip


@pytest.mark.parametrize("r", SITUATIONAL)
def test_situational_yaku(r: Row) -> None:
    check(r)


@pytest.mark.parametrize("r", SHAPES)
def test_hand_yaku(r: Row) -> None:
    check(r)


@pytest.mark.parametrize("r", YAKUMAN_ROWS)
def test_yakuman(r: Row) -> None:
    check(r)


def test_every_yaku_has_a_row() -> None:
    """Every yaku key of the scorer's table appears in some expected score sheet above."""
    from jantaku.scoring.riichi.yaku import YAKU as TABLE

    seen: set[str] = set()
    for param in (*SITUATIONAL, *SHAPES, *YAKUMAN_ROWS):
        r = param.values[0]
        seen.update((r.yaku or {}).keys())
    assert set(TABLE) - seen == set()
