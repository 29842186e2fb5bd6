"""CPU players: the same interface as a person — a view in, an action out.

>>> from jantaku.bots import make_player
>>> from jantaku.engine import Game
>>> from jantaku.rules import preset
>>> rules = preset("standard")
>>> game = Game(rules, seed=3)
>>> players = [make_player("strong", rules, seed=i) for i in range(4)]
>>> seat = game.to_act()[0]
>>> events = game.apply(seat, players[seat].act(game.view(seat)))

Levels: ``easy`` (a beginner: legal, plausible, weak), ``normal`` (tile efficiency, riichi at once, calls that
keep a yaku), ``strong`` (efficiency weighed against value and danger: push/fold, riichi or dama, the game
situation; a one-shanten hand judged by the tenpai its draws reach), ``expert`` (strong that weighs a first call
the same way: the open hand's best discards after it against the closed hand's own look-ahead).
Every level plays every preset: sanma North extraction, kuikae, furiten, tenpai declarations and Zung Jung's
patterns.
"""

from jantaku.bots.base import Bot, Player, decision_rng
from jantaku.bots.easy import EasyBot
from jantaku.bots.expert import ExpertBot
from jantaku.bots.normal import NormalBot
from jantaku.bots.strong import StrongBot
from jantaku.rules.ruleset import RuleSet

LEVELS: dict[str, type[Bot]] = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot, "expert": ExpertBot}


def make_player(level: str, rules: RuleSet, seed: int | str = 0, name: str | None = None) -> Bot:
    """A CPU of ``level`` for a table playing ``rules``; its choices depend only on its views and ``seed``."""
    cls = LEVELS.get(level)
    if cls is None:
        raise ValueError(f"unknown CPU level {level!r} (known: {', '.join(LEVELS)})")
    return cls(rules, seed, name)


__all__ = ["LEVELS", "Bot", "EasyBot", "ExpertBot", "NormalBot", "Player", "StrongBot", "decision_rng", "make_player"]
