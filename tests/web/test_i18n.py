"""Every text the page shows exists in English and Japanese.

Read without a browser: the ``EN`` and ``JA`` tables of ``js/i18n.js`` (and its ``YAKU`` table) are parsed as the
object literals they are, and compared key by key; the server's error codes (``docs/protocol.md``), the yaku the
scorer names, every rule option and every preset must have their words in both languages.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from jantaku.rules.editor import GROUPS, LIST_ITEMS, PRESET_TEXTS, TEXTS, VALUES, editor_json, missing_texts
from jantaku.rules.presets import PRESETS
from jantaku.scoring.riichi.yaku import AKA, DORA, KITA, URA, YAKU
from jantaku.web import STATIC_DIR
from tests.server.helpers import server
from tests.server.test_error_codes import DOC, sent_codes

I18N = STATIC_DIR / "js" / "i18n.js"
#: Latin letters a Japanese text may hold: tile names (5m), "CPU", "ID" (ルームID)
LATIN = re.compile(r"[A-Za-z]+")
ALLOWED_LATIN = {"CPU", "ID", "m", "p", "s"}


class Literal:
    """A reader of the JavaScript object literals i18n.js writes: objects with bare or quoted keys, arrays, strings,
    numbers; comments and trailing commas skipped."""

    def __init__(self, text: str) -> None:
        self.text, self.i = text, 0

    def skip(self) -> None:
        while self.i < len(self.text):
            if self.text[self.i].isspace():
                self.i += 1
            elif self.text.startswith("//", self.i):
                self.i = self.text.index("\n", self.i)
            else:
                return

    def value(self) -> Any:
        self.skip()
        c = self.text[self.i]
        if c == "{":
            return self.items("}", keyed=True)
        if c == "[":
            return self.items("]", keyed=False)
        if c in "\"'":
            return self.string()
        number = re.compile(r"-?\d+(\.\d+)?").match(self.text, self.i)
        assert number, f"unexpected {self.text[self.i : self.i + 30]!r}"
        self.i = number.end()
        return float(number.group())

    def string(self) -> str:
        quote, self.i, out = self.text[self.i], self.i + 1, []
        while self.text[self.i] != quote:
            if self.text[self.i] == "\\":
                self.i += 1
            out.append(self.text[self.i])
            self.i += 1
        self.i += 1
        return "".join(out)

    def items(self, close: str, keyed: bool) -> Any:
        self.i += 1
        out: Any = {} if keyed else []
        while True:
            self.skip()
            if self.text[self.i] == close:
                self.i += 1
                return out
            if keyed:
                key = re.compile(r"\w+").match(self.text, self.i)
                if self.text[self.i] in "\"'":
                    name = self.string()
                else:
                    assert key, f"no key at {self.text[self.i : self.i + 30]!r}"
                    name, self.i = key.group(), key.end()
                self.skip()
                assert self.text[self.i] == ":", f"no colon after {name}"
                self.i += 1
                out[name] = self.value()
            else:
                out.append(self.value())
            self.skip()
            if self.text[self.i] == ",":
                self.i += 1


def table(name: str) -> Any:
    """The object literal assigned to ``name`` in i18n.js."""
    source = I18N.read_text(encoding="utf-8")
    start = re.search(rf"\bconst {name} = |\bexport const {name} = ", source)
    assert start, f"no table {name} in i18n.js"
    return Literal(source[start.end() :]).value()


def flat(texts: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in texts.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def latin_words(text: str) -> set[str]:
    """The Latin words of a text, less its placeholders ({name}) and the allowed words."""
    return set(LATIN.findall(re.sub(r"\{\w+\}", "", text))) - ALLOWED_LATIN


def test_the_reader_reads_the_tables() -> None:
    en = flat(table("EN"))
    assert en["playNow"] == "Play now" and en["reasons.four_winds"] == "Four winds"
    assert table("YAKU")["riichi"] == ["Riichi", "立直"]
    assert len(en) > 150


def test_every_key_exists_in_both_languages() -> None:
    en, ja = flat(table("EN")), flat(table("JA"))
    assert sorted(set(en) - set(ja)) == [], "keys missing in JA"
    assert sorted(set(ja) - set(en)) == [], "keys missing in EN"
    assert [k for k, v in {**en, **ja}.items() if not str(v).strip()] == []


def test_both_languages_fill_the_same_placeholders() -> None:
    en, ja = flat(table("EN")), flat(table("JA"))
    holes = {k: (set(re.findall(r"\{(\w+)\}", en[k])), set(re.findall(r"\{(\w+)\}", ja[k]))) for k in en}
    assert {k: pair for k, pair in holes.items() if pair[0] != pair[1]} == {}


def test_the_japanese_table_is_japanese() -> None:
    """Latin words in the Japanese texts: only the brand, names of tiles and a few loanwords written as such."""
    ja = flat(table("JA"))
    foreign = {k: latin_words(v) for k, v in ja.items() if k != "brand" and latin_words(v)}
    assert foreign == {}


def error_codes() -> set[str]:
    """The codes of ``docs/protocol.md``'s error code table (its first column)."""
    text = DOC.read_text(encoding="utf-8").split("## Error codes", 1)[1].split("\n## ", 1)[0]
    return {
        code
        for line in text.splitlines()
        if line.startswith("| `")
        for code in re.findall(r"`(\w+)`", line.split("|")[1])
    }


def test_every_error_code_has_a_text_in_both_languages() -> None:
    en, ja = table("EN")["errors"], table("JA")["errors"]
    codes = error_codes()
    assert set(sent_codes()) <= codes and len(codes) > 30
    assert sorted(codes - set(en)) == [] and sorted(codes - set(ja)) == []
    assert sorted(set(en) - codes) == [], "texts for codes the server does not document"


def test_every_yaku_the_scorer_names_has_both_names() -> None:
    yaku = table("YAKU")
    keys = set(YAKU) | {y.key for y in (DORA, URA, AKA, KITA)}
    assert sorted(keys - set(yaku)) == []
    assert all(len(names) == 2 and all(names) for names in yaku.values())
    assert yaku["kita"][0] != "kita" and yaku["kita"][1] == "抜きドラ"
    assert {k: latin_words(names[1]) for k, names in yaku.items() if latin_words(names[1])} == {}


def test_every_rule_option_and_preset_has_its_japanese_words() -> None:
    assert missing_texts() == []
    japanese = [text.ja for text in TEXTS.values()] + [text.summary_ja for text in TEXTS.values()]
    japanese += [pair[1] for words in VALUES.values() for pair in words.values()]
    japanese += [ja for _en, ja in GROUPS.values()] + [ja for items in LIST_ITEMS.values() for _en, ja in items]
    japanese += [p.ja for p in PRESET_TEXTS.values()] + [p.summary_ja for p in PRESET_TEXTS.values()]
    assert [text for text in japanese if latin_words(text)] == []
    assert set(PRESET_TEXTS) == set(PRESETS)


def test_the_options_endpoint_serves_the_words(tmp_path: Path) -> None:
    with server(tmp_path) as client:
        served = client.get("/api/options").json()
    assert served == editor_json()
    by_name = {o["name"]: o for o in served["options"]}
    assert by_name["kuitan"]["label"] == {"en": "Open tanyao", "ja": "喰いタン"}
    assert by_name["double_ron"]["values"][1] == {"value": "head-bump", "en": "Head bump", "ja": "頭ハネ"}
    assert by_name["start_points"]["bounds"] == {"min": 0, "max": 1_000_000, "step": 100}
    assert by_name["abortive_draws"]["kind"] == "set" and by_name["uma"]["kind"] == "list"
    assert by_name["chicken_hand_points"]["family"] == "zung-jung" and by_name["north_extraction"]["players"] == 3
    assert served["presets"]["zung-jung"]["label"]["ja"] == "中庸麻雀"
    assert [g["name"] for g in served["groups"]] == list(GROUPS)


#: the screens loaded after the lobby that bring their own words (``addTexts``), and the keys they ask for by a
#: pattern rather than by name
OWN_TEXTS = [
    ("replay", STATIC_DIR / "js" / "screens" / "replay.js", set()),
    ("review", STATIC_DIR / "js" / "screens" / "review.js", {"kinds.turn", "kinds.claim"}),
    ("powerfx", STATIC_DIR / "js" / "screens" / "powerfx.js", set()),
]


@pytest.mark.parametrize(("prefix", "module", "patterned"), OWN_TEXTS, ids=[t[0] for t in OWN_TEXTS])
def test_a_screen_s_own_words_exist_in_both_languages_with_the_same_placeholders(
    prefix: str, module: Path, patterned: set[str]
) -> None:
    source = module.read_text(encoding="utf-8")
    start = source.index("const TEXTS = ")
    texts: dict[str, Any] = Literal(source[start + len("const TEXTS = ") :]).value()
    en, ja = flat(texts["en"]), flat(texts["ja"])
    assert sorted(en) == sorted(ja)
    assert [k for k, v in {**en, **ja}.items() if not v.strip()] == []
    holes = {k: (set(re.findall(r"\{(\w+)\}", en[k])), set(re.findall(r"\{(\w+)\}", ja[k]))) for k in en}
    assert {k: pair for k, pair in holes.items() if pair[0] != pair[1]} == {}
    assert {k: latin_words(v) for k, v in ja.items() if latin_words(v)} == {}
    # every word the module asks for by name is there, and those it asks for by a pattern
    asked = set(re.findall(rf't\("{prefix}\.([\w.]+)"', source))
    assert asked and asked <= set(en), asked - set(en)
    assert patterned <= set(en)
