"""The ``strong`` CPU's appraisal of a decision: every distinct option with the numbers the CPU decides by.

A review (``jantaku.review.reviewer``) shows, for each decision a seat made, what the strong CPU would have played
and how it rates each option. Options are named by ``option_key``: a short text in the project's tile notation that
says what the option does and nothing the player cannot tell apart (two plain copies of 5m are one option, a red
five is another). Outside reviewers map their own options onto these keys.
"""

from __future__ import annotations

from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.table import tile_codes
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import KIND_OF_ID, code_name, format_tiles, kind_name, sort_key


def option_key(action: Action, rules: RuleSet) -> str:
    """The option ``action`` stands for, e.g. ``discard 5m``, ``discard 0m`` (a red five: ``rules.red_fives``
    decides which ids are red), ``veil 5m``, ``riichi 5m``, ``chi 46m`` (the two own tiles), ``pon 55p``,
    ``added_kan 5m``, ``closed_kan 5m``, ``power seal 2``. Kans are named by kind: every copy goes into them."""
    codes = tile_codes(rules)
    if isinstance(action, Discard):
        return f"{'veil' if action.veil else 'discard'} {code_name(codes[action.tile])}"
    if isinstance(action, Riichi):
        return f"riichi {code_name(codes[action.tile])}"
    if isinstance(action, (Chi, Pon)):
        own = sorted((codes[t] for t in action.tiles), key=sort_key)
        return f"{action.type} {format_tiles(own)}"
    if isinstance(action, AddedKan):
        return f"added_kan {kind_name(KIND_OF_ID[action.tile])}"
    if isinstance(action, ClosedKan):
        return f"closed_kan {kind_name(KIND_OF_ID[action.tiles[0]])}"
    if isinstance(action, Power):
        return f"power {action.power}" if action.target is None else f"power {action.power} {action.target}"
    if isinstance(action, (Tsumo, Ron, Pass, OpenKan, Kita, NineTerminals, DeclareTenpai, DeclareNoten)):
        return action.type
    raise TypeError(f"no option key for {action!r}")
