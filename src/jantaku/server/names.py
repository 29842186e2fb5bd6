"""Nicknames: which names a person may take, and when two names are the same name to a reader.

A nickname is what every seat, result, record and toast shows, so it must be a name people can see, and one they
cannot mistake for the table's own voices. ``check_nickname`` tidies a name (runs of spaces become one space, the
ends are trimmed, the text is put in composed form) and refuses, each time with a reason a person can act on:

- a name with nothing visible, or one longer than ``MAX_NICKNAME`` characters;
- an invisible character anywhere: control and format characters (zero-width spaces and joiners, direction marks
  and overrides, the word joiner and invisible operators, the byte order mark, soft hyphens, tags: the Unicode
  categories Cc and Cf), surrogates and private-use characters, and the letters that are drawn blank (the Hangul
  fillers, the Braille blank, ``BLANK``). Inside a name they are refused too, not only alone: "An\\u200bn" would
  pass for "Ann" on every screen;
- a combining mark with no letter to sit on, and a letter carrying more marks than any script writes (a pile of
  marks spills over the names around it);
- a name that passes for a CPU seat (the server calls them "CPU 2 (strong)"; the room shows "CPU · Strong"), that
  is: any name with "CPU" in it, or a CPU level's name alone in any language of the client (``jantaku.bots.LEVELS``
  and ``jantaku.web.catalogue.LEVEL_NAMES``);
- a name that passes for the system: "System", "Server", "jantaku", "Admin", "Administrator", "Moderator" as the
  name or one of its words, and their Japanese.

Every comparison goes through ``nickname_key``, so "ＣＰＵ", "cpu", "CPU２", a Cyrillic "СРU" and "Adm1n" are caught
like the plain words.

``nickname_key`` is also the one answer to "are these the same name?": two names with the same key look alike to a
reader (case, width, accents, invisible characters, spacing and the common look-alike letters of other scripts are
folded away). Nicknames are not unique today; wherever names must be unique (accounts, when they come) store the key
beside the name and refuse a second name with a key already taken. A key is for comparing, never for showing: it
folds more than a reader would (it cannot tell "Ali" from "All", which a sans-serif font cannot either).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from jantaku.bots import LEVELS
from jantaku.web.catalogue import LEVEL_NAMES

MAX_NICKNAME = 24
#: more combining marks than this on one letter is a pile, not writing (Vietnamese puts two, Indic scripts three)
MAX_MARKS = 4

#: letters and symbols that are drawn as nothing: the Hangul fillers (choseong, jungseong, compatibility and
#: halfwidth), the Braille blank, the combining grapheme joiner, the Khmer inherent vowels, the Mongolian free
#: variation selectors, and the object replacement character
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f\ufffc")
#: categories whose characters have no visible form of their own: control, format, surrogate, private use
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co"})
#: combining marks a name may carry on its letters; an enclosing mark (Me) counts as one too
MARKS = frozenset({"Mn", "Mc", "Me"})

#: letters of other scripts (and symbols) a reader takes for a Latin letter, after case folding: the common
#: look-alikes of Unicode's confusables list, and the digits and strokes that pass for letters. ``l``, ``1`` and
#: ``|`` fold to ``i`` because a capital I folds to ``i`` and looks like all three.
CONFUSABLES: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i", "ї": "i", "ӏ": "i",
    "ј": "j", "к": "k", "м": "m", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t", "у": "y", "ү": "y", "х": "x",
    "ԝ": "w", "ь": "b", "п": "n", "г": "r", "з": "3", "ѵ": "v",
    # Greek
    "α": "a", "β": "b", "ϲ": "c", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z", "ω": "w", "ϳ": "j",
    # Latin that passes for plain Latin, digits and strokes
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ʀ": "r", "ʏ": "y", "ᴄ": "c", "ᴘ": "p", "ᴜ": "u",
    "l": "i", "1": "i", "|": "i", "ǀ": "i", "0": "o",
}  # fmt: skip
#: letter pairs that read as one letter
CONFUSABLE_PAIRS: tuple[tuple[str, str], ...] = (("rn", "m"), ("vv", "w"))
#: combining marks that are accents on a letter (dropped by the key: "Zoë" is "Zoe"); other marks, such as the kana
#: voicing marks, change the letter and stay
ACCENT_BLOCKS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))
#: variation selectors: they pick a glyph (text or emoji style), never another letter
SELECTORS = frozenset(chr(c) for c in range(0xFE00, 0xFE10))

#: what the table calls a computer player
CPU_WORD = "cpu"
#: the system's names: refused as a whole name or as one of its words (English) or anywhere in it (Japanese)
SYSTEM_WORDS = ("system", "server", "jantaku", "admin", "administrator", "moderator")
SYSTEM_WORDS_JA = ("システム", "サーバー", "サーバ", "管理者", "管理人", "運営", "モデレーター")


class NicknameError(ValueError):
    """A refused nickname; the message says why, in words a person can act on, and ``code`` says which rule refused
    it (one of ``REFUSALS``), for callers that answer with their own words or error code (account names)."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


#: the codes of ``NicknameError``: which rule refused a name
REFUSALS = ("empty", "too_long", "invisible", "stray_mark", "mark_pile", "cpu", "cpu_level", "system")


def check_nickname(raw: str) -> str:
    """``raw`` tidied (spaces, composed form), or ``NicknameError`` with the reason it cannot be a nickname."""
    name = " ".join(raw.split())
    for ch in name:
        if is_invisible(ch):
            raise NicknameError(f"a nickname may not contain invisible characters (U+{ord(ch):04X})", "invisible")
    name = unicodedata.normalize("NFC", name)
    if not 1 <= len(name) <= MAX_NICKNAME:
        raise NicknameError(f"a nickname is 1 to {MAX_NICKNAME} characters", "too_long" if name else "empty")
    marks = 0
    for i, ch in enumerate(name):
        if unicodedata.category(ch) not in MARKS:
            marks = 0
            continue
        if i == 0 or name[i - 1] == " ":
            raise NicknameError(f"a combining mark (U+{ord(ch):04X}) needs a letter before it", "stray_mark")
        marks += 1
        if marks > MAX_MARKS:
            raise NicknameError(f"a letter carries at most {MAX_MARKS} combining marks", "mark_pile")
    kind = imitated(name)
    if kind:
        raise NicknameError(imitation(name), kind)
    return name


def is_invisible(ch: str) -> bool:
    """Whether ``ch`` shows as nothing: a control, format, surrogate or private-use character, or a blank letter."""
    return ch in BLANK or unicodedata.category(ch) in INVISIBLE_CATEGORIES


def nickname_key(name: str) -> str:
    """What ``name`` looks like, as a key: two names with equal keys are the same name to a reader.

    Compatibility forms folded (NFKC: fullwidth and halfwidth letters, ligatures, circled and styled letters), case
    folded, accents dropped, invisible characters, variation selectors and spaces dropped, the look-alike letters of
    ``CONFUSABLES`` (Cyrillic, Greek, digits) and ``CONFUSABLE_PAIRS`` ("rn") taken as the Latin letters they pass
    for."""
    return _fold(name, digits=True)


def imitation(name: str) -> str:
    """Why ``name`` passes for a CPU seat or the system ("" when it does not)."""
    kind = imitated(name)
    if kind == "cpu":
        return f"{name!r} looks like a CPU seat's name: the table calls its computer players CPU"
    if kind == "cpu_level":
        return f"{name!r} looks like a CPU level's name: the table shows it beside a CPU"
    if kind == "system":
        return f"{name!r} looks like the system's name: a player's name may not pass for the server's voice"
    return ""


def imitated(name: str) -> str:
    """What ``name`` passes for: "cpu" (a CPU seat), "cpu_level" (a CPU level's name), "system", or "".

    Each test reads the name's letters (digits, spaces and punctuation left out) in two foldings, one taking digits
    for the letters they pass for ("Adm1n") and one dropping them ("Admin2"): the whole name's, and each word's."""
    whole = _readings(name)
    words = [reading for word in _words(name) for reading in _readings(word)]
    if any(w.startswith(CPU_WORD) for w in words) or whole & _cpu_names():
        return "cpu"
    if whole & _level_keys():
        return "cpu_level"
    shown = unicodedata.normalize("NFKC", name)
    if (whole | set(words)) & _system_keys() or any(w in shown for w in SYSTEM_WORDS_JA):
        return "system"
    return ""


def _fold(name: str, *, digits: bool) -> str:
    """``nickname_key``'s folding; ``digits=False`` keeps digits as digits (to tell "Admin2" from "Adm1n")."""
    # look-alikes first, where compatibility folding would lose the look (the lunate sigma "Ϲ" becomes "Σ")
    seen = "".join(CONFUSABLES.get(ch, ch) if not ch.isascii() else ch for ch in name.casefold())
    out = []
    for ch in unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", seen).casefold()):
        if ch.isspace() or is_invisible(ch) or _is_accent(ch) or ch in SELECTORS:
            continue
        out.append(ch if ch.isdigit() and not digits else CONFUSABLES.get(ch, ch))
    folded = "".join(out)
    for pair, letter in CONFUSABLE_PAIRS:
        folded = folded.replace(pair, letter)
    return unicodedata.normalize("NFC", folded)


def _readings(text: str) -> set[str]:
    """The letters of ``text`` in both foldings (with digits read as letters, and without digits)."""
    return {"".join(c for c in _fold(text, digits=d) if c.isalpha()) for d in (True, False)}


def _is_accent(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in ACCENT_BLOCKS)


_WORD_BREAK = re.compile(r"[\W_]+")


def _words(name: str) -> list[str]:
    """The words of ``name``: cut at spaces and punctuation and where a small letter meets a capital ("AdminAnn");
    a run of one-letter words is read as one word ("C P U")."""
    words: list[str] = []
    for part in _WORD_BREAK.split(unicodedata.normalize("NFKC", name)):
        start = 0
        for i in range(1, len(part)):
            if part[i - 1].islower() and part[i].isupper():
                words.append(part[start:i])
                start = i
        words.append(part[start:])
    merged: list[str] = []
    letters = ""  # a run of one-letter words
    for word in filter(None, words):
        if len(word) == 1:
            letters += word
            continue
        merged += [letters, word] if letters else [word]
        letters = ""
    return [*merged, letters] if letters else merged


@functools.cache
def _level_keys() -> frozenset[str]:
    """Every CPU level's name in every language, folded: the registry's names and the screen's."""
    names = {*LEVELS, *(text for texts in LEVEL_NAMES.values() for text in texts.values())}
    return frozenset(reading for n in names for reading in _readings(n))


@functools.cache
def _cpu_names() -> frozenset[str]:
    """What a CPU seat is called, folded: "CPU", and "CPU" with a level ("CPU 2 (strong)")."""
    return frozenset({CPU_WORD, *(CPU_WORD + level for level in _level_keys())})


@functools.cache
def _system_keys() -> frozenset[str]:
    """The system's names (``SYSTEM_WORDS``), folded."""
    return frozenset(reading for w in SYSTEM_WORDS for reading in _readings(w))
