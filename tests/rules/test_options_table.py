"""Every scoring option of docs/rules.md#options-yaku-and-scoring and #options-tiles-and-dora, per preset.

Unless a row says otherwise: the winner is South (non-dealer) in the East round, ron off East.
"""

from __future__ import annotations

import pytest

from tests.rules.scoring_rows import Row, check, row

OPT = "docs/rules.md#options-yaku-and-scoring"
DORA = "docs/rules.md#options-tiles-and-dora"
SANMA = "docs/rules.md#sanma"
BEST = "docs/rules.md#yaku: the highest-scoring interpretation (points, then han, then fu)"
S000 = "source [S0] in docs/rules.md"
S001 = "source [S1] in docs/rules.md"
S002 = "source [S2] in docs/rules.md"
S003 = "source [S3] in docs/rules.md"

# riichi + pinfu + tanyao + 1 dora (indicator 1m → 2m) = 4 han 30 fu
KIRI_30 = dict(hand="234m45556p23467s", win="5s", riichi=True, dora="1m")
# white + riichi + 1 dora (indicator 5s → the winning 6s) = 3 han; 30 + closed kan 16 + closed 555z 8 = 54 → 60 fu
KIRI_60 = dict(hand="12399m78s555z (2222p)", win="6s", riichi=True, dora="5s")
# chinitsu 6 + riichi 1 + dora 2m×3 + dora 7m×3 = 13 han
KAZOE = dict(hand="2223445677799m", win="5m", riichi=True, dora="1m6m")
# daisangen + tsuuiisou
TWO = dict(hand="2z555666777z [111z]", win="2z")
# daisuushii + tsuuiisou + suuankou tanki
THREE_FORMS = dict(hand="111222333444z7z", win="7z")
# 1 han 50 fu in 3-player play (riichi; 111m 999m closed, white pair, tanki), for the manzu dora wrap
SANMA_HAND = dict(hand="111m999m123p456s5z", win="5z", riichi=True)


def r(row_id: str, src: str, base: dict[str, object], **kw: object) -> object:
    spec = {**base, **kw}
    hand, win = spec.pop("hand"), spec.pop("win")
    assert isinstance(hand, str) and isinstance(win, str)
    return row(row_id, hand, win, src, **spec)


OPTIONS = [
    # kuitan (see also the yaku table)
    row("kuitan-on-tenhou", "234m777p345s8s [456p]", "8s", OPT, yaku={"tanyao": 1}),
    row("kuitan-off-doman-nokuitan", "234m777p345s8s [456p]", "8s", OPT + "; " + S002, rules="doman-nokuitan",
        error="no_yaku"),
    # kiriage
    r("kiriage-off-30fu-4han-7700", OPT, KIRI_30, han=4, fu=30, limit=None, points=7700),
    r("kiriage-classic-30fu-4han-8000", S001 + " (子の7,700点→8,000点)", KIRI_30, rules="classic", han=4, fu=30,
      limit="mangan", points=8000),
    r("kiriage-off-dealer-11600", OPT, KIRI_30, seat="E", points=11600),
    r("kiriage-classic-dealer-12000", S001 + " (親の11,600点→12,000点)", KIRI_30, rules="classic", seat="E",
      points=12000, pay={"N": -12000, "E": 12000}),
    r("kiriage-off-60fu-3han-7700", OPT, KIRI_60, yaku={"white": 1, "riichi": 1, "dora": 1}, fu=60, points=7700),
    r("kiriage-classic-60fu-3han-8000", OPT + " (kiriage: 60fu 3han)", KIRI_60, rules="classic", limit="mangan",
      points=8000),
    row("kiriage-not-for-25fu-4han", "224466m3355p778s", "8s", OPT, rules="classic", riichi=True, han=4, fu=25,
        limit=None, points=6400),
    # counted yakuman
    r("kazoe-yakuman-tenhou", OPT, KAZOE, han=13, yakuman=1, limit="kazoe yakuman", points=32000),
    r("kazoe-off-classic-sanbaiman", OPT + "; " + S001 + " (数え役満はない)", KAZOE, rules="classic", han=13,
      yakuman=0, limit="sanbaiman", points=24000),
    r("kazoe-off-bga-sanbaiman", OPT + "; " + S003 + " (table ends at 11+ han)", KAZOE, rules="bga",
      limit="sanbaiman", points=24000),
    r("kazoe-doman", OPT + "; " + S002 + " (kazoe-yakuman permitted)", KAZOE, rules="doman", limit="kazoe yakuman",
      points=32000),
    # several yakuman
    r("yakuman-add-up-tenhou", OPT, TWO, yaku={"daisangen": 1, "tsuuiisou": 1}, yakuman=2, points=64000),
    r("yakuman-one-at-most-classic", S001 + " (役満の複合を認めない)", TWO, rules="classic", yakuman=1, points=32000),
    r("yakuman-add-up-doman", S002 + " (combine, up to four)", TWO, rules="doman", yakuman=2, points=64000),
    r("three-yakuman-tenhou", OPT, THREE_FORMS, yaku={"daisuushii": 1, "tsuuiisou": 1, "suuankou_tanki": 1},
      yakuman=3, points=96000),
    r("five-yakuman-standard", OPT + " (double forms on)", THREE_FORMS,
      rules="standard", yaku={"daisuushii": 2, "tsuuiisou": 1, "suuankou_tanki": 2}, yakuman=5, points=160000),
    r("doman-caps-at-four", S002 + " (up to a maximum of four)", THREE_FORMS, rules="doman",
      options={"double_yakuman": "suuankou_tanki,daisuushii"}, yakuman=4, limit="quadruple yakuman",
      points=128000),
    r("max-yakuman-option", OPT, THREE_FORMS, rules="standard", options={"max_yakuman": 2}, yakuman=2,
      points=64000),
    r("classic-several-forms-one-yakuman", S001, THREE_FORMS, rules="classic", yakuman=1, points=32000),
    row("triple-limit-bga", "5z (1111m) (2222p) (3333s) (4444z)", "5z", S003 + " (four quads + four concealed "
        "single wait: a triple limit)", rules="bga", yaku={"suukantsu": 1, "suuankou_tanki": 2}, yakuman=3,
        points=96000),
    # highest-scoring interpretation
    row("sanankou-beats-iipeikou-ron", "111222333m456p7p", "7p", BEST, yaku={"sanankou": 2}, fu=50, points=3200),
    row("sanankou-beats-iipeikou-tsumo", "111222333m456p7p", "7p", BEST, tsumo=True,
        yaku={"sanankou": 2, "menzen_tsumo": 1}, fu=40, points=5200),
    row("ryanpeikou-beats-seven-pairs", "2233445566778p", "8p", BEST + "; " + S003, has={"ryanpeikou": 3},
        lacks=("chiitoitsu",)),
    row("equal-points-then-han", "44056778899s55z", "6s", BEST + " (ryanpeikou 7 han vs seven pairs 6: both haneman)",
        yaku={"honitsu": 3, "ryanpeikou": 3, "aka": 1}, han=7, fu=40, limit="haneman", points=12000),
    row("equal-points-and-han-then-fu", "3455566667778m", "7m", BEST + " (kanchan 40 fu vs shanpon 30: both baiman)",
        tsumo=True, yaku={"chinitsu": 6, "tanyao": 1, "menzen_tsumo": 1}, han=8, fu=40, limit="baiman",
        points=16000),
    row("equal-readings-more-raw-fu", "6667899m999p (9999s)", "9m", BEST + " (ties: more unrounded fu)",
        yaku={"sanankou": 2}, fu=80, points=5200, fu_items=(("base", 20), ("closed ron", 10),
        ("closed triplet 6m", 4), ("closed triplet 9p", 8), ("closed kan 9s", 32), ("tanki wait", 2))),
]  # fmt: skip

DORA_ROWS = [
    row("dora-indicator-next-tile", "123m45556p13789s", "2s", DORA, riichi=True, dora="4p",
        yaku={"riichi": 1, "dora": 3}, han=4, fu=40, limit="mangan", points=8000, dora_han=3),
    row("dora-wraps-9-to-1", "123m45556p13789s", "2s", DORA, riichi=True, dora="9s", yaku={"riichi": 1, "dora": 1}),
    row("dora-wraps-north-to-east", "123m45699p78s111z", "9s", DORA, dora="4z", yaku={"round_wind": 1, "dora": 3}),
    row("dora-wraps-red-to-white", "123m45699p78s555z", "9s", DORA, dora="7z", yaku={"white": 1, "dora": 3}),
    r("sanma-dora-1m-to-9m", DORA + " (manzu wraps 1m↔9m); " + S000, SANMA_HAND, rules="sanma", dora="1m",
      yaku={"riichi": 1, "dora": 3}, fu=50, points=8000, pay={"E": -8000, "S": 8000}),
    r("sanma-dora-9m-to-1m", DORA + "; " + S000, SANMA_HAND, rules="sanma", dora="9m",
      yaku={"riichi": 1, "dora": 3}, points=8000),
    r("four-player-dora-1m-to-2m", DORA, SANMA_HAND, dora="1m", yaku={"riichi": 1}, fu=50, points=1600),
    row("kan-dora-counts-all-four", "123m45556p13s (3333z)", "2s", DORA + " (kan dora)", tsumo=True, rinshan=True,
        dora="2z4p", yaku={"menzen_tsumo": 1, "rinshan": 1, "dora": 7}, han=9, limit="baiman", points=16000),
    row("same-indicator-twice", "123m45556p13789s", "2s", DORA, riichi=True, dora="4p4p",
        yaku={"riichi": 1, "dora": 6}, limit="haneman"),
    row("ura-dora-with-riichi", "123m45556p13789s", "2s", DORA, riichi=True, ura="4p", yaku={"riichi": 1, "ura": 3},
        points=8000),
    row("ura-dora-with-double-riichi", "123m45556p13789s", "2s", DORA, double_riichi=True, ura="2s",
        yaku={"double_riichi": 2, "ura": 1}),
    row("ura-dora-off-option", "123m45556p13789s", "2s", DORA, options={"ura_dora": False}, riichi=True, ura="4p",
        yaku={"riichi": 1}),
    row("ura-without-riichi-is-impossible", "123m45556p13789s", "2s", DORA + " (ura only for a riichi winner)",
        tsumo=True, ura="4p", error="invalid_context"),
    row("dora-never-a-yaku", "123m45556p13s [789s]", "2s", OPT + " (dora are not yaku)", dora="4p",
        error="no_yaku"),
    row("dora-not-added-to-yakuman", "11m23p555666777z", "1p", OPT, dora="6z", yaku={"daisangen": 1},
        points=32000, dora_han=0),
    row("red-five", "123m40556p13789s", "2s", DORA, riichi=True, yaku={"riichi": 1, "aka": 1}, points=2600,
        dora_han=1),
    row("red-five-counts-with-dora", "123m40556p13789s", "2s", DORA, riichi=True, dora="4p",
        yaku={"riichi": 1, "aka": 1, "dora": 3}),
    row("red-five-in-a-meld", "123m45556p13s [406s]", "2s", DORA, tsumo=True, haitei=True,
        yaku={"haitei": 1, "aka": 1}),
    row("two-red-5p-classic-east", "123m40056p13789s", "2s", DORA + " (classic-east: two 0p); " + S001,
        rules="classic-east", riichi=True, yaku={"riichi": 1, "aka": 2}, han=3, fu=40, points=5200),
    row("two-red-5p-not-in-classic", "123m40056p13789s", "2s", DORA + " (classic: one each)", rules="classic",
        riichi=True, error="invalid_hand"),
    row("red-five-rules-without-reds", "123m40556p13789s", "2s", DORA, options={"red_fives": (0, 0, 0)},
        riichi=True, error="invalid_hand"),
    row("four-plain-fives-need-no-red", "123m455556p7899s", "9s", DORA, options={"red_fives": (0, 0, 0)},
        riichi=True, yaku={"riichi": 1}, fu=40, points=1300),
    row("four-plain-fives-impossible-with-a-red", "123m455556p7899s", "9s", DORA + " (one 5p is red)",
        riichi=True, error="invalid_hand"),
    r("kita-dora", SANMA + " (each North set aside is one han)", SANMA_HAND, rules="sanma", kita=2, dora="9m",
      yaku={"riichi": 1, "dora": 3, "kita": 2}, han=6, limit="haneman", points=12000),
    r("kita-is-dora-when-north-indicated", SANMA + " (plus more if North is dora)", SANMA_HAND, rules="sanma",
      kita=2, dora="3z", yaku={"riichi": 1, "dora": 2, "kita": 2}, han=5, points=8000),
    r("kita-ura", SANMA, SANMA_HAND, rules="sanma", kita=1, ura="3z", yaku={"riichi": 1, "kita": 1, "ura": 1},
      han=3),
    r("kita-alone-is-no-yaku", SANMA + " (dora are not yaku)", SANMA_HAND, rules="sanma", riichi=False, kita=2,
      error="no_yaku"),
]  # fmt: skip


def _double_rows() -> list[object]:
    """The double-yakuman set per preset (docs/rules.md: standard all four; classic none; doman none; bga the three
    single-/9-/13-wait forms, Big Four Winds single (c); tenhou none)."""
    hands = {
        "kokushi_13": ("19m19p19s1234567z", "1m"),
        "junsei_chuuren": ("1112345678999m", "5m"),
        "suuankou_tanki": ("111m222p333s4445z", "5z"),
        "daisuushii": ("1m222333444z [111z]", "1m"),
    }
    doubles = {
        "standard": {"kokushi_13", "junsei_chuuren", "suuankou_tanki", "daisuushii"},
        "sanma": {"kokushi_13", "junsei_chuuren", "suuankou_tanki", "daisuushii"},
        "classic": set(),
        "doman": set(),
        "bga": {"kokushi_13", "junsei_chuuren", "suuankou_tanki"},
        "tenhou": set(),
    }
    out = []
    for preset_name, forms in doubles.items():
        for form, (hand, win) in hands.items():
            if preset_name == "sanma" and form in ("junsei_chuuren", "suuankou_tanki"):
                hand, win = {"junsei_chuuren": ("1112345678999p", "5p"),
                             "suuankou_tanki": ("111m222p333s4445z", "5z")}[form]  # fmt: skip
            n = 2 if form in forms else 1
            out.append(row(f"{form}-{preset_name}-{'double' if n == 2 else 'single'}", hand, win,
                           OPT + " (double yakuman hands)", rules=preset_name, yaku={form: n}, yakuman=n,
                           points=32000 * n))  # fmt: skip
    return out


@pytest.mark.parametrize("r", OPTIONS)
def test_scoring_options(r: Row) -> None:
    check(r)


@pytest.mark.parametrize("r", DORA_ROWS)
def test_dora_options(r: Row) -> None:
    check(r)


@pytest.mark.parametrize("r", _double_rows())
def test_double_yakuman_per_preset(r: Row) -> None:
    check(r)
