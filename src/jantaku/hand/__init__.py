"""Family-agnostic hand analysis: pure functions over 34-count lists, plus the Hand value type.

>>> from jantaku.hand import Hand, shanten
>>> shanten(Hand.parse("123m456p789s1122z").concealed_counts())
0
"""

from jantaku.hand.decompose import Arrangement, Form, arrangements
from jantaku.hand.model import Hand
from jantaku.hand.reference import shanten_reference, sweep_reference, waits_reference
from jantaku.hand.shanten import is_complete, shanten, shanten_chiitoi, shanten_kokushi, shanten_standard
from jantaku.hand.sweep import DiscardOption
from jantaku.hand.waits import (
    Acceptance,
    discard_options,
    is_karaten,
    is_tenpai,
    kan_keeps_arrangement,
    kan_keeps_waits,
    ukeire,
    waits,
)

__all__ = [
    "Acceptance",
    "Arrangement",
    "DiscardOption",
    "Form",
    "Hand",
    "arrangements",
    "discard_options",
    "is_complete",
    "is_karaten",
    "is_tenpai",
    "kan_keeps_arrangement",
    "kan_keeps_waits",
    "shanten",
    "shanten_chiitoi",
    "shanten_kokushi",
    "shanten_reference",
    "shanten_standard",
    "sweep_reference",
    "ukeire",
    "waits",
    "waits_reference",
]
