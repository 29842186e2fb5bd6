"""The named terms of the ``strong`` CPU's decisions, each on its own (the dora a hand holds, the win chance, how
close an opponent is read to be, what a call is worth), one row per term and case citing docs/cpus.md; the
decisions built from them are checked whole in test_decisions.py."""

from __future__ import annotations

from jantaku.bots import efficiency
from jantaku.bots.reading import read_view
from jantaku.bots.strong import StrongBot
from jantaku.rules import preset
from jantaku.tiles import parse_tiles

from .views import Ids, build_view

RULES = preset("standard")


# --- dora held (README: strong values dora and red fives) --------------------------------------------------------


def test_a_called_red_five_counts_as_dora() -> None:
    ids = Ids(RULES)
    pon = ids.ids("055m")
    meld = {"kind": "pon", "tiles": pon, "called": pon[2], "source": 3}
    view = build_view(RULES, ids, hand="123p456s789s1z", drawn="7z", melds={0: [meld]})
    assert read_view(view, RULES).dora_in_hand() == 1


def test_throwing_the_only_red_five_takes_its_dora_away() -> None:
    """A slow hand that throws its only 5m is worth the same whether that 5m was red or plain: the red five leaves
    the hand with the tile (the han estimate counts the 14 tiles held)."""

    def value(five: str) -> float:
        view = build_view(RULES, Ids(RULES), hand=f"{five}m19p19s1234z68p3s", drawn="7z")
        r = read_view(view, RULES)
        bot = StrongBot(RULES)
        (o,) = efficiency.options(r, {parse_tiles("5m")[0]})
        return bot.hand_value(r, o, riichi=True)[0]

    assert value("0") == value("5")
