"""Rules as data: the RuleSet record, the named presets, and the descriptions that explain every option."""

from jantaku.rules.presets import PRESETS, preset
from jantaku.rules.ruleset import RuleError, RuleSet

__all__ = ["PRESETS", "RuleError", "RuleSet", "preset"]
