"""Who pays what (docs/rules.md#points and the rows on honba, deposits, 3-player tsumo and liability).

`pay` lists every seat that moves points; seats left out must move none. Unless a row says otherwise: rules
`tenhou`, the winner is South, East round, ron off East.
"""

from __future__ import annotations

import pytest

from tests.rules.scoring_rows import Row, check, row

PTS = "docs/rules.md#points"
HONBA = "docs/rules.md#honba_per_payer (honba: 4p 300 per count, 3p 200)"
STICKS = "docs/rules.md#shared-riichi-rules (the deposit goes to the winner)"
SANMA_LOSS = "docs/rules.md#sanma_tsumo_loss"
PAO = "docs/rules.md#pao"
S001 = "source [S1] in docs/rules.md"
S002 = "source [S2] in docs/rules.md"
S000 = "source [S0] in docs/rules.md"

K = "123m45556p13789s"  # riichi: 1 han 40 fu; tsumo: 1 han 30 fu (menzen tsumo)
SANMA = "111m45556p13789s"  # 3-player: riichi 1 han 40 fu; tsumo 1 han 40 fu (menzen tsumo)
DAISANGEN = "11m23p [555z] [666z] [777z]"  # + 1p: Big Three Dragons, the third dragon called
TWO = "1112z [555z] [666z] [777z]"  # + 2z: Big Three Dragons and All Honors
SUUKANTSU = "1p [1111m] [2222s] [3333s] [7777z]"  # + 1p: Four Kans
DAISUUSHII = "1m [111z] [222z] [333z] [444z]"  # + 1m: Big Four Winds

ROWS = [
    row("non-dealer-ron", K, "2s", PTS, riichi=True, points=1300, pay={"E": -1300, "S": 1300}),
    row("non-dealer-ron-named-discarder", K, "2s", PTS, riichi=True, discarder="N", pay={"N": -1300, "S": 1300}),
    row("dealer-ron-6x", K, "2s", PTS, seat="E", riichi=True, points=2000, pay={"N": -2000, "E": 2000}),
    row("non-dealer-tsumo-2x-1x", K, "2s", PTS, tsumo=True, points=1100,
        pay={"E": -500, "S": 1100, "W": -300, "N": -300}),
    row("dealer-tsumo-2x-each", K, "2s", PTS, seat="E", tsumo=True, points=1500,
        pay={"E": 1500, "S": -500, "W": -500, "N": -500}),
    row("honba-ron-300-each", K, "2s", HONBA, riichi=True, honba=2, discarder="W", points=1300,
        pay={"W": -1900, "S": 1900}),
    row("honba-tsumo-100-from-each", K, "2s", HONBA, tsumo=True, honba=2,
        pay={"E": -700, "S": 1700, "W": -500, "N": -500}),
    row("deposits-to-winner", K, "2s", STICKS, riichi=True, sticks=2, pay={"E": -1300, "S": 3300}),
    row("honba-and-deposits-tsumo", K, "2s", HONBA + "; " + STICKS, seat="E", tsumo=True, honba=1, sticks=1,
        pay={"E": 2800, "S": -600, "W": -600, "N": -600}),
    row("mangan-non-dealer-ron", K, "2s", PTS, riichi=True, dora="4p", points=8000, pay={"E": -8000, "S": 8000}),
    row("dealer-tsumo-4han-30fu", K, "2s", PTS, seat="E", tsumo=True, dora="4p", han=4, fu=30, points=11700,
        pay={"E": 11700, "S": -3900, "W": -3900, "N": -3900}),
    row("mangan-dealer-tsumo", K, "2s", PTS, seat="E", tsumo=True, riichi=True, dora="4p", limit="mangan",
        pay={"E": 12000, "S": -4000, "W": -4000, "N": -4000}),
    row("haneman-non-dealer-tsumo", K, "2s", PTS, tsumo=True, riichi=True, dora="4p8s",
        yaku={"riichi": 1, "menzen_tsumo": 1, "dora": 4}, limit="haneman",
        pay={"E": -6000, "S": 12000, "W": -3000, "N": -3000}),
    # 3-player
    row("sanma-ron", SANMA, "2s", PTS, rules="sanma", riichi=True, points=1300, pay={"E": -1300, "S": 1300}),
    row("sanma-ron-honba-200", SANMA, "2s", HONBA, rules="sanma", riichi=True, honba=2,
        pay={"E": -1700, "S": 1700}),
    row("sanma-tsumo-honba-200", SANMA, "2s", HONBA, rules="sanma", tsumo=True, honba=2, points=1100,
        pay={"E": -900, "S": 1500, "W": -600}),
    row("sanma-tsumo-loss-non-dealer", SANMA, "2s", SANMA_LOSS + "; " + S000, rules="sanma", tsumo=True,
        riichi=True, dora="9m", limit="mangan", points=6000, pay={"E": -4000, "S": 6000, "W": -2000}),
    row("sanma-tsumo-loss-dealer", SANMA, "2s", SANMA_LOSS, rules="sanma", seat="E", tsumo=True, riichi=True,
        dora="9m", points=8000, pay={"E": 8000, "S": -4000, "W": -4000}),
    row("sanma-no-tsumo-loss-non-dealer", SANMA, "2s", SANMA_LOSS + " (off: North's share split)", rules="sanma",
        options={"sanma_tsumo_loss": False}, tsumo=True, riichi=True, dora="9m", points=8000,
        pay={"E": -5000, "S": 8000, "W": -3000}),
    row("sanma-no-tsumo-loss-dealer", SANMA, "2s", SANMA_LOSS + " (off)", rules="sanma",
        options={"sanma_tsumo_loss": False}, seat="E", tsumo=True, riichi=True, dora="9m", points=12000,
        pay={"E": 12000, "S": -6000, "W": -6000}),
    row("sanma-ron-by-west", SANMA, "2s", PTS, rules="sanma", seat="W", riichi=True, pay={"S": -1300, "W": 1300}),
    # liability (pao)
    row("pao-tsumo-liable-pays-all", DAISANGEN, "1p", PAO + "; " + S001 + " (責任払いの者が全点数を支払う)",
        tsumo=True, pao="W", honba=1, points=32000, pay={"W": -32300, "S": 32300}),
    row("pao-ron-by-another-split", DAISANGEN, "1p", PAO + "; " + S001 + " (折半, 積み棒は放銃者)", rules="standard",
        discarder="N", pao="W", honba=1, pay={"W": -16000, "N": -16300, "S": 32300}),
    row("pao-honba-liable-tenhou", DAISANGEN, "1p", PAO + " (tenhou: the liable player pays the honba, records)",
        discarder="N", pao="W", honba=1, pay={"W": -16300, "N": -16000, "S": 32300}),
    row("pao-honba-liable-tenhou-sanma", DAISANGEN, "1p", PAO + " (tenhou-sanma: as tenhou)", rules="tenhou-sanma",
        discarder="E", pao="W", honba=1, pay={"W": -16200, "E": -16000, "S": 32200}),
    row("pao-honba-discarder-sanma", DAISANGEN, "1p", PAO + " (sanma: the discarder pays the honba)", rules="sanma",
        discarder="E", pao="W", honba=1, pay={"W": -16000, "E": -16200, "S": 32200}),
    row("pao-honba-option-on-classic", DAISANGEN, "1p", PAO + " (option pao_honba=liable)", rules="classic",
        options={"pao_honba": "liable"}, discarder="N", pao="W", honba=2, pay={"W": -16600, "N": -16000, "S": 32600}),
    row("pao-tsumo-tenhou-liable-pays-honba", DAISANGEN, "1p", PAO + " (tenhou tsumo: unchanged)", tsumo=True,
        pao="W", honba=2, pay={"W": -32600, "S": 32600}),
    row("pao-ron-by-liable-player", DAISANGEN, "1p", PAO, discarder="W", pao="W", honba=1,
        pay={"W": -32300, "S": 32300}),
    row("pao-dealer-winner-tsumo", DAISANGEN, "1p", PAO, seat="E", tsumo=True, pao="S", points=48000,
        pay={"S": -48000, "E": 48000}),
    row("pao-dealer-winner-ron", DAISANGEN, "1p", PAO, seat="E", discarder="W", pao="S",
        pay={"S": -24000, "W": -24000, "E": 48000}),
    row("pao-deposits-to-winner", DAISANGEN, "1p", PAO + "; " + STICKS, tsumo=True, pao="W", sticks=2,
        pay={"W": -32000, "S": 34000}),
    row("pao-covers-only-its-yakuman-ron", TWO, "2z", PAO + " (several yakuman: only its part (c))",
        discarder="N", pao="W", yakuman=2, points=64000, pay={"W": -16000, "N": -48000, "S": 64000}),
    row("pao-covers-only-its-yakuman-tsumo", TWO, "2z", PAO + " (several yakuman: only its part (c))", tsumo=True,
        pao="W", points=64000, pay={"E": -16000, "W": -40000, "N": -8000, "S": 64000}),
    row("pao-classic-one-yakuman", TWO, "2z", PAO + "; " + S001 + " (役満の複合を認めない)", rules="classic",
        discarder="N", pao="W", yakuman=1, pay={"W": -16000, "N": -16000, "S": 32000}),
    row("pao-suukantsu-classic", SUUKANTSU, "1p", PAO + " (classic: Four Kans); " + S001, rules="classic",
        discarder="N", pao="W", pay={"W": -16000, "N": -16000, "S": 32000}),
    row("no-pao-for-suukantsu-tenhou", SUUKANTSU, "1p", PAO + " (tenhou: Big Three Dragons, Big Four Winds)",
        discarder="N", pao="W", pay={"N": -32000, "S": 32000}),
    row("no-pao-bga", DAISANGEN, "1p", PAO + " (bga: ✗ (c))", rules="bga", discarder="N", pao="W",
        pay={"N": -32000, "S": 32000}),
    row("pao-daisuushii-tenhou", DAISUUSHII, "1m", PAO, tsumo=True, pao="W", pay={"W": -32000, "S": 32000}),
    row("pao-daisuushii-double-standard", DAISUUSHII, "1m", PAO + "; docs/rules.md#double_yakuman (standard)",
        rules="standard", tsumo=True, pao="W", yakuman=2, pay={"W": -64000, "S": 64000}),
    row("pao-daisuushii-doman", DAISUUSHII, "1m", PAO + "; " + S002, rules="doman", discarder="E", pao="N",
        pay={"N": -16000, "E": -16000, "S": 32000}),
    row("pao-not-for-shousuushii-doman", "12m44z [111z] [222z] [333z]", "3m", S002 + " (not Little Four Winds)",
        rules="doman", discarder="E", pao="N", yaku={"shousuushii": 1}, pay={"E": -32000, "S": 32000}),
    row("pao-sanma-tsumo", DAISANGEN, "1p", PAO + " (3-player: the liable player pays the whole yakuman (c))",
        rules="sanma", tsumo=True, pao="W", honba=1, pay={"W": -32200, "S": 32200}),
]  # fmt: skip


@pytest.mark.parametrize("r", ROWS)
def test_payments(r: Row) -> None:
    check(r)


@pytest.mark.parametrize("r", ROWS)
def test_payments_balance(r: Row) -> None:
    """Points are only moved: what the winner receives is what the others pay, plus the deposits."""
    from tests.rules.scoring_rows import run

    result = run(r)
    assert sum(result.payment.by_seat.values()) == 1000 * r.ctx.get("sticks", 0)
