"""The texts the browser shows for the superpowers, in English and Japanese, in one place: the client reads them
from ``GET /api/catalogue`` and keeps no copy of its own.

The powers themselves (their ids, charges and one-line summaries) are ``jantaku.engine.powers``; this module adds
what only a screen needs: each power's icon, its name, and the line a toast says when someone uses it. A toast's
``{name}`` is the user's nickname and ``{target}`` the opponent a power was aimed at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jantaku.bots import LEVELS
from jantaku.engine.powers import CATALOGUE, POWERS

#: the languages every text is written in (the client's i18n.js has the same two)
LANGUAGES: tuple[str, ...] = ("en", "ja")


@dataclass(frozen=True, slots=True)
class PowerText:
    """What the screen says for one power: ``names`` and ``toasts`` map a language to its text."""

    icon: str
    names: dict[str, str]
    toasts: dict[str, str]


POWER_TEXT: dict[str, PowerText] = {
    "foresight": PowerText(
        "◉",
        {"en": "Foresight", "ja": "先読み"},
        {"en": "{name} used Foresight", "ja": "{name} が先読みを使った"},
    ),
    "redraw": PowerText(
        "↻",
        {"en": "Redraw", "ja": "引き直し"},
        {"en": "{name} used Redraw", "ja": "{name} が引き直しを使った"},
    ),
    "veil": PowerText(
        "▣",
        {"en": "Veil", "ja": "伏せ打ち"},
        {"en": "{name} discarded face down (Veil)", "ja": "{name} が伏せ打ち"},
    ),
    "seal": PowerText(
        "⊘",
        {"en": "Seal", "ja": "封印"},
        {"en": "{name} sealed {target}", "ja": "{name} が {target} を封印"},
    ),
    "beacon": PowerText(
        "✦",
        {"en": "Beacon", "ja": "狼煙"},
        {"en": "{name} lit a Beacon: a new dora indicator", "ja": "{name} の狼煙：新しいドラ表示牌"},
    ),
    "sense": PowerText(
        "≈",
        {"en": "Sense", "ja": "察知"},
        {"en": "{name} used Sense", "ja": "{name} が察知を使った"},
    ),
}


def power_entry(power: str) -> dict[str, Any]:
    """One power for the client: the engine's charges and summaries with the screen's icon, names and toast."""
    spec = CATALOGUE[power]
    text = POWER_TEXT[power]
    return {
        "name": power,
        "icon": text.icon,
        "names": dict(text.names),
        "summary": {"en": spec.summary, "ja": spec.summary_ja},
        "toast": dict(text.toasts),
        "per_hand": spec.per_hand,
        "per_game": spec.per_game,
        "target": spec.target,
    }


#: each CPU level's name on screen; the levels themselves are the bots' registry (``jantaku.bots.LEVELS``)
LEVEL_NAMES: dict[str, dict[str, str]] = {
    "easy": {"en": "Easy", "ja": "弱い"},
    "normal": {"en": "Normal", "ja": "普通"},
    "strong": {"en": "Strong", "ja": "強い"},
    "expert": {"en": "Expert", "ja": "達人"},
}


def catalogue() -> dict[str, Any]:
    """Everything ``GET /api/catalogue`` returns: the powers in the engine's order (``POWERS``) and the CPU levels
    in the bots' order (``LEVELS``), each with its texts, so that the page lists what the server offers."""
    return {
        "languages": list(LANGUAGES),
        "powers": [power_entry(p) for p in POWERS],
        "levels": [{"name": level, "names": dict(LEVEL_NAMES[level])} for level in LEVELS],
    }
