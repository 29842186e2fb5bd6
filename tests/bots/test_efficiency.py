"""Tile efficiency as the CPUs use it (``jantaku.bots.efficiency``): the hand a call leaves."""

from __future__ import annotations

import pytest

from jantaku.bots import efficiency
from jantaku.bots.reading import read_view
from jantaku.bots.strong import StrongBot
from jantaku.bots.value import wait_values
from jantaku.engine.actions import Pon
from jantaku.melds import MeldKind
from jantaku.rules import preset
from jantaku.tiles import parse_tiles

from .test_decisions import on_claim, own
from .views import Ids, build_view

RULES = preset("standard")


def test_the_situation_after_a_pon_holds_the_meld_the_scorer_reads() -> None:
    """A pon of the white dragon discarded by seat 3: the two own copies leave the hand for an open meld (the
    called one from the seat before: source 3), and the hand left, 234m 456p 78s 11p after 9m goes, waits on
    6s-9s with the dragon as its yaku: 1 han 30 fu, 1,500 for the dealer (seat 0)."""
    view = build_view(RULES, Ids(RULES), hand="234m456p78s55z11p9m", rivers={3: "1z5z"}, dora="2s", live=50)
    pon = Pon(tuple(own(view, "5z")[:2]))  # type: ignore[arg-type]
    r = read_view(on_claim(view, 3, pon), RULES)
    after = efficiency.situation_after(r, pon)
    assert after.counts == [c - (k == parse_tiles("5z")[0]) * 2 for k, c in enumerate(r.counts)]
    assert len(after.tiles) == 11 and not set(pon.tiles) & set(after.tiles)
    assert not after.closed and after.melds == 1 and after.claim is None
    (meld,) = after.own_melds
    assert meld.kind is MeldKind.PON and meld.source == 3 and len(meld.tiles) == 3
    assert after.locked[parse_tiles("5z")[0]] == 3
    (o,) = [o for o in efficiency.options(after) if o.discard == parse_tiles("9m")[0]]
    assert o.shanten == 0
    codes = StrongBot(RULES).codes_without(after, o.discard)
    value, good, _ = wait_values(after, codes, parse_tiles("6s9s"), riichi=False)
    assert (value, good) == (pytest.approx(1500), 8)
