"""Scoring for both families: riichi (yaku/fu/points) and Zung Jung (patterns)."""
