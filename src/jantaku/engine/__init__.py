"""The referee: wall, hands, calls, wins, draws and match flow.

>>> from jantaku.engine import Game
>>> from jantaku.rules import preset
>>> game = Game(preset("standard"), seed=7)
>>> seat = game.to_act()[0]
>>> events = game.apply(seat, game.legal_actions(seat)[0])

``Game(rules, seed)`` is one whole match; ``legal_actions(seat)`` lists what the rules allow now;
``apply(seat, action)`` validates (``IllegalAction`` names the refusing rule, state untouched) and returns the
events; ``view(seat)`` is what that seat may see; ``log`` is the game as JSON lines and ``Game.replay(log)``
rebuilds it.
"""

from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    IllegalAction,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
    action_to_json,
)
from jantaku.engine.events import Event, redact
from jantaku.engine.game import Game
from jantaku.engine.match import FinalResult, MatchState

__all__ = [
    "Action",
    "AddedKan",
    "Chi",
    "ClosedKan",
    "DeclareNoten",
    "DeclareTenpai",
    "Discard",
    "Event",
    "FinalResult",
    "Game",
    "IllegalAction",
    "MatchState",
    "NineTerminals",
    "OpenKan",
    "Pass",
    "Pon",
    "Riichi",
    "Ron",
    "Tsumo",
    "action_from_json",
    "action_to_json",
    "redact",
]
