"""Nicknames: names with nothing visible, invisible characters and names that pass for a CPU seat or for the system
are refused with ``bad_nickname`` and a reason; ``nickname_key`` says when two names look the same.

One row per case, named after what it checks. A refusal row gives a word its reason must contain, so each row also
checks that the reason is the right one.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from jantaku.bots import LEVELS
from jantaku.server.names import MAX_NICKNAME, nickname_key
from jantaku.server.rooms import RoomError, clean_nickname
from jantaku.web.catalogue import LEVEL_NAMES
from tests.server.helpers import table


class Kept(NamedTuple):
    id: str
    name: str
    shown: str  # the nickname the server keeps


class Refused(NamedTuple):
    id: str
    name: str
    reason: str  # a word of the refusal's message


KEPT = [
    Kept("plain-latin", "Ann", "Ann"),
    Kept("spaces-tidied", "  Ann   Lee ", "Ann Lee"),
    Kept("ideographic-space-between-words-tidied", "Ann\u3000Lee", "Ann Lee"),
    Kept("digits", "Player 2", "Player 2"),
    Kept("japanese-kana", "さくら", "さくら"),
    Kept("japanese-kanji", "山田太郎", "山田太郎"),
    Kept("katakana-with-dakuten", "ガンダム", "ガンダム"),
    Kept("korean", "김철수", "김철수"),
    Kept("accented-latin", "Zoë", "Zoë"),
    Kept("combining-accent-composed", "Zoe\u0308", "Zoë"),
    Kept("devanagari-vowel-sign", "अनु", "अनु"),
    Kept("vietnamese-two-marks", "Nguyễn", "Nguyễn"),
    Kept("emoji", "🀄 Ann", "🀄 Ann"),
    Kept("emoji-with-variation-selector", "❤️Ann", "❤️Ann"),
    Kept("longest", "x" * MAX_NICKNAME, "x" * MAX_NICKNAME),
    Kept("admin-inside-a-word", "Badminton", "Badminton"),
    Kept("server-inside-a-word", "Observer", "Observer"),
    Kept("system-inside-a-word", "Ecosystem", "Ecosystem"),
    Kept("level-name-as-a-surname", "Ann Strong", "Ann Strong"),
    Kept("word-like-cpu", "Cupid", "Cupid"),
]

INVISIBLE = "invisible"
MARK = "mark"
CPU = "CPU"
SYSTEM = "system"

REFUSED = [
    Refused("empty", "", "1 to"),
    Refused("only-spaces", "   ", "1 to"),
    Refused("only-ideographic-space", "\u3000", "1 to"),
    Refused("only-no-break-space", "\u00a0", "1 to"),
    Refused("too-long", "x" * (MAX_NICKNAME + 1), "1 to"),
    Refused("hangul-filler-u3164", "\u3164", INVISIBLE),
    Refused("hangul-filler-after-a-name", "Ann\u3164", INVISIBLE),
    Refused("halfwidth-hangul-filler", "\uffa0", INVISIBLE),
    Refused("hangul-choseong-filler", "\u115f", INVISIBLE),
    Refused("hangul-jungseong-filler", "\u1160", INVISIBLE),
    Refused("braille-blank", "\u2800", INVISIBLE),
    Refused("braille-blanks-around-a-space", "\u2800 \u2800", INVISIBLE),
    Refused("zero-width-space", "\u200b", INVISIBLE),
    Refused("zero-width-space-inside", "An\u200bn", INVISIBLE),
    Refused("zero-width-non-joiner", "An\u200cn", INVISIBLE),
    Refused("zero-width-joiner", "An\u200dn", INVISIBLE),
    Refused("left-to-right-mark", "Ann\u200e", INVISIBLE),
    Refused("right-to-left-mark", "Ann\u200f", INVISIBLE),
    Refused("word-joiner", "\u2060", INVISIBLE),
    Refused("function-application", "A\u2061", INVISIBLE),
    Refused("invisible-times", "A\u2062", INVISIBLE),
    Refused("invisible-separator", "A\u2063", INVISIBLE),
    Refused("invisible-plus", "A\u2064", INVISIBLE),
    Refused("byte-order-mark", "\ufeffAnn", INVISIBLE),
    Refused("mongolian-vowel-separator", "\u180e", INVISIBLE),
    Refused("right-to-left-override", "Ann\u202egnp", INVISIBLE),
    Refused("soft-hyphen", "An\u00adn", INVISIBLE),
    Refused("tag-character", "Ann\U000e0041", INVISIBLE),
    Refused("combining-grapheme-joiner", "A\u034f", INVISIBLE),
    Refused("control-character", "a\u0000b", INVISIBLE),
    Refused("lone-surrogate", "\ud800", INVISIBLE),
    Refused("private-use", "\ue000", INVISIBLE),
    Refused("combining-only", "\u0301\u0301", MARK),
    Refused("combining-after-a-space", "Ann \u0301", MARK),
    Refused("enclosing-mark-only", "\u20dd", MARK),
    Refused("stacked-marks", "x" + "\u0301\u0300\u0302\u0303\u0304", MARK),
    Refused("cpu-seat-name", "CPU 2 (strong)", CPU),
    Refused("cpu", "CPU", CPU),
    Refused("cpu-lower-case", "cpu", CPU),
    Refused("cpu-fullwidth", "ＣＰＵ", CPU),
    Refused("cpu-fullwidth-digit", "CPU２", CPU),
    Refused("cpu-cyrillic", "\u0421\u0420U", CPU),
    Refused("cpu-greek", "\u03f9\u03a1U", CPU),
    Refused("cpu-spaced", "C P U", CPU),
    Refused("cpu-dotted", "C.P.U.", CPU),
    Refused("cpu-with-accents", "Ćpü", CPU),
    Refused("cpu-in-a-name", "Ann [CPU]", CPU),
    Refused("cpu-japanese-level", "CPU（強い）", CPU),
    Refused("level-name-english", "Strong", CPU),
    Refused("level-name-japanese", "普通", CPU),
    Refused("level-name-with-a-seat-number", "(Easy) 3", CPU),
    Refused("level-name-fullwidth", "ＮＯＲＭＡＬ", CPU),
    Refused("system", "System", SYSTEM),
    Refused("system-upper-case", "SYSTEM", SYSTEM),
    Refused("system-accented", "Sýstem", SYSTEM),
    Refused("server", "Server", SYSTEM),
    Refused("server-cyrillic", "\u0405\u0435rv\u0435r", SYSTEM),
    Refused("jantaku", "jantaku", SYSTEM),
    Refused("jantaku-official", "Jantaku Official", SYSTEM),
    Refused("admin", "Admin", SYSTEM),
    Refused("admin-fullwidth", "ＡＤＭＩＮ", SYSTEM),
    Refused("admin-with-a-digit-for-a-letter", "Adm1n", SYSTEM),
    Refused("admin-numbered", "Admin2", SYSTEM),
    Refused("admin-before-a-name", "AdminAnn", SYSTEM),
    Refused("administrator", "Administrator", SYSTEM),
    Refused("moderator", "Moderator", SYSTEM),
    Refused("moderator-after-a-name", "Bo the moderator", SYSTEM),
    Refused("system-japanese", "システム", SYSTEM),
    Refused("server-japanese", "サーバー", SYSTEM),
    Refused("admin-japanese", "管理者", SYSTEM),
    Refused("operator-japanese", "運営", SYSTEM),
]


@pytest.mark.parametrize("case", KEPT, ids=[c.id for c in KEPT])
def test_a_visible_ordinary_name_is_kept(case: Kept) -> None:
    assert clean_nickname(case.name) == case.shown


@pytest.mark.parametrize("case", REFUSED, ids=[c.id for c in REFUSED])
def test_a_bad_name_is_refused_with_its_reason(case: Refused) -> None:
    with pytest.raises(RoomError) as refused:
        clean_nickname(case.name)
    assert refused.value.code == "bad_nickname"
    assert case.reason.lower() in str(refused.value).lower(), str(refused.value)


def test_every_cpu_level_is_refused_in_every_language() -> None:
    """The rows above name some levels; this one follows the registries, so a new level is covered at once."""
    assert set(LEVEL_NAMES) == set(LEVELS)
    for level, names in LEVEL_NAMES.items():
        for name in (level, *names.values(), f"CPU 3 ({level})"):
            with pytest.raises(RoomError, match="CPU"):
                clean_nickname(name)


def test_a_nickname_that_is_not_text_is_a_bad_message() -> None:
    for raw in (5, None, ["Ann"]):
        with pytest.raises(RoomError) as refused:
            clean_nickname(raw)
        assert refused.value.code == "bad_message"


class Same(NamedTuple):
    id: str
    a: str
    b: str


SAME_KEY = [
    Same("case", "Ann", "ann"),
    Same("fullwidth", "Ann", "ＡＮＮ"),
    Same("halfwidth-katakana", "ｶﾞﾝﾀﾞﾑ", "ガンダム"),
    Same("cyrillic-a", "Ann", "\u0410nn"),
    Same("greek-omicron", "Bo", "B\u03bf"),
    Same("capital-i-for-small-l", "Alice", "AIice"),
    Same("digit-one-for-small-l", "Alice", "A1ice"),
    Same("digit-zero-for-o", "Bo", "B0"),
    Same("r-n-for-m", "Emma", "Ernrna"),
    Same("accents", "Zoe", "Zoë"),
    Same("composed-and-decomposed", "Zoë", "Zoe\u0308"),
    Same("spaces", "Ann Lee", "AnnLee"),
    Same("zero-width-space", "Ann", "An\u200bn"),
    Same("hangul-filler", "Ann", "Ann\u3164"),
    Same("german-sharp-s", "Strauss", "Strauß"),
]

OTHER_KEY = [
    Same("another-letter", "Ann", "Anne"),
    Same("a-number", "Ann", "Ann2"),
    Same("dakuten", "ガンダム", "カンタム"),
    Same("hangul-syllables", "김", "긴"),
    Same("kana-and-kanji", "さくら", "桜"),
    Same("punctuation", "Ann", "Ann!"),
]


@pytest.mark.parametrize("case", SAME_KEY, ids=[c.id for c in SAME_KEY])
def test_names_that_look_the_same_share_a_key(case: Same) -> None:
    assert nickname_key(case.a) == nickname_key(case.b)


@pytest.mark.parametrize("case", OTHER_KEY, ids=[c.id for c in OTHER_KEY])
def test_names_that_look_different_keep_different_keys(case: Same) -> None:
    assert nickname_key(case.a) != nickname_key(case.b)


@pytest.mark.parametrize("case", SAME_KEY, ids=[c.id for c in SAME_KEY])
def test_a_key_is_its_own_key(case: Same) -> None:
    """Keys can be stored and compared again later: folding a key changes nothing."""
    key = nickname_key(case.b)
    assert nickname_key(key) == key


def test_the_server_refuses_a_bad_name_at_hello_and_on_a_change(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        stranger = connect()
        stranger.send({"type": "hello", "protocol": 1, "nickname": "ＣＰＵ２"})
        refused = stranger.error("bad_nickname")
        assert "CPU" in refused["message"] and refused["ref"] == "hello"

        ann = connect("Ann")
        ann.send({"type": "nickname", "nickname": "\u3164"})
        refused = ann.error("bad_nickname")
        assert "U+3164" in refused["message"] and refused["ref"] == "nickname"
        ann.send({"type": "nickname", "nickname": "Ann Lee"})
        assert ann.until("nickname")["nickname"] == "Ann Lee"
