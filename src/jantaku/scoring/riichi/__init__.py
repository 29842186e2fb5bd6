"""Riichi scoring: yaku, fu, limits and payments."""

from jantaku.scoring.riichi.context import WinContext
from jantaku.scoring.riichi.reference import score_reference
from jantaku.scoring.riichi.score import ScoreResult, ScoringError, YakuLine, score

__all__ = ["ScoreResult", "ScoringError", "WinContext", "YakuLine", "score", "score_reference"]
