"""Rules as data: the RuleSet record and the named presets of RULES.md."""

from jantaku.rules.presets import PRESETS, preset
from jantaku.rules.ruleset import RuleError, RuleSet

__all__ = ["PRESETS", "RuleError", "RuleSet", "preset"]
