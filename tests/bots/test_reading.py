"""What a CPU reads off its view (``jantaku.bots.reading``): one row per fact it must get right."""

from __future__ import annotations

from jantaku.bots import efficiency
from jantaku.bots.reading import read_view
from jantaku.rules import preset
from jantaku.tiles import SANMA_REMOVED, parse_tiles

from .views import Ids, build_view


def test_sanma_has_no_2m_to_8m_to_draw() -> None:
    """docs/rules.md#sanma: the set has no 2m-8m, so none is unseen and none counts as an accepting tile. Throwing
    the 2z single from this hand leaves a lone 1m and 9m beside a pair of 1z: it accepts their own copies (3 each)
    and the last 1z (the other is the dora indicator), not the 2m, 3m, 7m and 8m a 4-player hand would wait for."""
    rules = preset("sanma")
    r = read_view(build_view(rules, Ids(rules), hand="19m123p456p789s11z", drawn="2z", live=40), rules)
    assert all(r.visible[k] == 4 for k in SANMA_REMOVED)
    (honor,) = parse_tiles("2z")
    (o,) = efficiency.options(r, {honor})
    assert all(copies == 0 for kind, copies in o.tiles if kind in SANMA_REMOVED)
    assert o.total == 3 + 3 + 1
