"""jantaku: a mahjong rules engine, hand calculator, CPU players and table.

The core (tiles, hand analysis, scoring, rules) uses the standard library only.
"""

__version__ = "0.1.0"
