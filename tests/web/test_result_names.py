"""The result screen names what the engine sends in both languages: every Zung Jung pattern of the rules' table,
every limit the riichi scorer names, every fu item the game reports (js/i18n.js)."""

from __future__ import annotations

import re

from jantaku.engine.game import fu_items_json
from jantaku.scoring.riichi.points import LIMITS, MULTIPLE_NAMES
from jantaku.scoring.zungjung.patterns import PATTERNS
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
    labels = [
        ("base", 20), ("base (pinfu tsumo)", 20), ("closed ron", 10), ("tsumo", 2), ("open triplet 1m", 4),
        ("closed triplet 7z", 8), ("open kan 5p", 8), ("closed kan 9s", 32), ("pair 5z", 2), ("kanchan wait", 2),
        ("penchan wait", 2), ("tanki wait", 2), ("open hand minimum", 10), ("seven pairs", 25),
    ]  # fmt: skip
    items = fu_items_json(labels)
    assert {item["item"] for item in items} == set(table("FU_ITEMS"))
    assert [item.get("kind") for item in items] == [None] * 4 + [0, 33, 13, 26, 31] + [None] * 5
