"""The result screen names what the engine sends in both languages: every Zung Jung pattern of the rules' table,
every limit the riichi scorer names, every fu item the game reports (js/i18n.js)."""

from __future__ import annotations

import re

import pytest

from jantaku.engine.game import fu_items_json
from jantaku.hand.model import Hand
from jantaku.rules import preset
from jantaku.scoring.riichi import WinContext, score
from jantaku.scoring.riichi.fu import FU_LABELS, FuItem
from jantaku.scoring.riichi.points import LIMITS, MULTIPLE_NAMES
from jantaku.scoring.zungjung.patterns import PATTERNS
from jantaku.tiles import EAST, parse_tile
from jantaku.web import STATIC_DIR

I18N = (STATIC_DIR / "js" / "i18n.js").read_text(encoding="utf-8")


def table(name: str) -> dict[str, tuple[str, str]]:
    """``export const NAME = {key: ["English", "日本語"], ...};`` read from i18n.js."""
    body = re.search(rf"export const {name} = \{{(.*?)\n\}};", I18N, re.S)
    assert body is not None, f"i18n.js has no {name} table"
    pairs = re.findall(r'"?([\w. ]+)"?: \["([^"]+)", "([^"]+)"\]', body.group(1))
    return {key.strip(): (en, ja) for key, en, ja in pairs}


def test_every_zung_jung_pattern_has_its_english_and_japanese_name() -> None:
    names = table("ZJ_PATTERNS")
    assert {p.number: p.name for p in PATTERNS} == {number: en for number, (en, _) in names.items()}
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja) for _, ja in names.values())


def test_every_limit_is_named() -> None:
    names = table("LIMITS")
    expected = {name for _, name, _ in LIMITS} | set(MULTIPLE_NAMES.values()) | {"kazoe yakuman"}
    assert expected <= set(names)


def test_every_fu_item_is_named() -> None:
    """Every key the scorer may give a fu item has its English and Japanese words (the keys are the scorer's own
    data, not parsed from its English labels)."""
    assert set(FU_LABELS) == set(table("FU_ITEMS"))
    items = [FuItem("closed_triplet", 8, parse_tile("7z")), FuItem("kanchan", 2), FuItem("pinfu_tsumo", 20)]
    assert fu_items_json(items) == [
        {"item": "closed_triplet", "fu": 8, "kind": 33},
        {"item": "kanchan", "fu": 2},
        {"item": "pinfu_tsumo", "fu": 20},
    ]
    assert [item.label for item in items] == ["closed triplet 7z", "kanchan wait", "base (pinfu tsumo)"]


def test_rewording_a_fu_label_changes_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's words for a fu item may change; what the game sends does not."""
    monkeypatch.setitem(FU_LABELS, "closed_triplet", "concealed pung")
    monkeypatch.setitem(FU_LABELS, "kanchan", "closed wait")
    hand = Hand.parse("111z123m456p789s3s")
    result = score(hand, parse_tile("3s"), WinContext(seat_wind=EAST + 1), preset("standard"))
    assert [item.label for item in result.fu_items] == ["base", "closed ron", "concealed pung 1z", "tanki wait"]
    assert fu_items_json(result.fu_items) == [
        {"item": "base", "fu": 20},
        {"item": "closed_ron", "fu": 10},
        {"item": "closed_triplet", "fu": 8, "kind": parse_tile("1z")},
        {"item": "tanki", "fu": 2},
    ]
