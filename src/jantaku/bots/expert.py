"""The ``expert`` CPU: ``strong`` that looks one draw ahead in every game, riichi included.

``strong`` values a one-shanten hand of a riichi game by two numbers: how many unseen tiles bring it to tenpai,
and a han estimate. Two hands with the same count can be far apart: one reaches a two-sided wait whatever it
draws, the other a closed wait or a tenpai without a yaku; one turns its tanyao into a real win, the other drops
it. A strong player sees this ("good-shape one-shanten"), and so does ``expert``: for each one-shanten discard it
draws, in thought, each tile that brings the hand to tenpai, picks the best of the widest tenpai discards (by win
chance × value; danger and the riichi choice wait for the real turn), and scores that tenpai with the real scorer
on its real waits (``StrongBot.ahead``). The discard's win chance is
strong's, scaled by how good those tenpai are against a typical one; its value is theirs. Everything else
(danger, riichi or dama, calls, the game situation, superpowers) is strong's.

``strong`` looks ahead the same way in Zung Jung only, where the game is a pure race; what the look-ahead costs
and what it is worth in each family are measured in docs/cpus.md#expert.
"""

from __future__ import annotations

from jantaku.bots.reading import Situation
from jantaku.bots.strong import StrongBot


class ExpertBot(StrongBot):
    level = "expert"

    def looks_ahead(self, r: Situation) -> bool:
        """Always: a one-shanten hand is judged by the tenpai its draws reach, in riichi games as in Zung Jung."""
        return True
