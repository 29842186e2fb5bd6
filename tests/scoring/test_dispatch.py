"""Both families through one entry point (the CLI's and batch's path): docs/rules.md#zung-jung-family."""

import json
import subprocess
import sys

import pytest

from jantaku.hand.model import Hand
from jantaku.rules import preset
from jantaku.scoring.dispatch import score_any
from jantaku.scoring.riichi import ScoringError, WinContext
from jantaku.tiles import EAST, NORTH, parse_tile

HAND = Hand.parse("111m222m333m456p9s")


def test_zung_jung_self_draw_pays_value_from_each_loser() -> None:
    # [S4]: self-draw -> each loser pays the value; 7.1.1 beats 5.1.3 on a self-drawn win
    out = score_any(HAND, parse_tile("9s"), WinContext(tsumo=True), preset("zung-jung"))
    assert out["value"] == 135
    assert {p["number"] for p in out["patterns"]} == {"1.2", "4.2.2", "7.1.1"}
    assert out["payments"] == {"E": 405, "S": -135, "W": -135, "N": -135}


def test_zung_jung_discard_pays_three_times_from_the_discarder() -> None:
    out = score_any(HAND, parse_tile("9s"), WinContext(discarder=NORTH), preset("zung-jung"))
    assert out["payments"]["N"] == -3 * out["value"]
    assert out["payments"]["E"] == 3 * out["value"]


@pytest.mark.parametrize("flag", ["riichi", "ippatsu", "dora", "honba"])
def test_riichi_only_flags_are_refused_under_zung_jung(flag: str) -> None:
    kw = {"riichi": {"riichi": True}, "ippatsu": {"riichi": True, "ippatsu": True},
          "dora": {"dora": (parse_tile("1z"),)}, "honba": {"honba": 1}}[flag]  # fmt: skip
    with pytest.raises(ScoringError) as err:
        score_any(HAND, parse_tile("9s"), WinContext(**kw), preset("zung-jung"))  # type: ignore[arg-type]
    assert err.value.code == "invalid_context" and flag in str(err.value)


def test_riichi_rules_still_score_riichi() -> None:
    out = score_any(Hand.parse("234m456p789s1122z"), parse_tile("1z"), WinContext(seat_wind=EAST), preset("tenhou"))
    assert out["han"] == 2 and out["points"] == 3900  # double East triplet for the dealer, 40 fu ron


def test_batch_scores_zung_jung_lines() -> None:
    lines = [
        {"hand": "111m222m333m456p9s", "win": "9s", "rules": "zung-jung", "tsumo": True},
        {"hand": "111m222m333m456p9s", "win": "9s", "rules": "zung-jung", "riichi": True},
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "jantaku", "score", "--batch", "-"],
        input="\n".join(json.dumps(x) for x in lines) + "\n", capture_output=True, text=True, check=True,
    )  # fmt: skip
    first, second = (json.loads(x) for x in proc.stdout.splitlines())
    assert first["value"] == 135 and first["error"] is None
    assert second["error"]["code"] == "invalid_context"
