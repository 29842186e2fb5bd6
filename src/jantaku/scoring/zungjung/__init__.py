"""Zung Jung pattern scoring ([S4]): the pattern table, the series rule, the best arrangement, payments."""

from jantaku.scoring.zungjung.context import ZungJungContext
from jantaku.scoring.zungjung.patterns import BY_NUMBER, PATTERNS, SERIES, Pattern, pattern
from jantaku.scoring.zungjung.score import PatternLine, ZungJungError, ZungJungResult, score_zung_jung

__all__ = [
    "BY_NUMBER",
    "PATTERNS",
    "SERIES",
    "Pattern",
    "PatternLine",
    "ZungJungContext",
    "ZungJungError",
    "ZungJungResult",
    "pattern",
    "score_zung_jung",
]
