"""Tile efficiency as a CPU uses it: shanten and acceptance (ukeire) of each discard and of each call, from the
hand analysis in ``jantaku.hand`` and the tiles the player can see."""

from __future__ import annotations

from dataclasses import dataclass, replace

from jantaku.bots.reading import Situation
from jantaku.engine.actions import Chi, OpenKan, Pon
from jantaku.engine.legal import kuikae_forbidden
from jantaku.hand import DiscardOption, discard_options, shanten, ukeire
from jantaku.melds import Meld, MeldKind
from jantaku.tiles import KIND_OF_ID, KINDS, kind_of


def options(r: Situation, kinds: set[int] | None = None) -> list[DiscardOption]:
    """Every discard of the 3n+2 hand, best first (shanten, then unseen accepting tiles); only ``kinds`` when
    given (the legal ones)."""
    opts = discard_options(r.counts, r.locked if r.melds else None, r.visible)
    if kinds is None:
        return opts
    return [o for o in opts if o.discard in kinds]


def waiting_shanten(r: Situation) -> tuple[int, int]:
    """Shanten and unseen accepting tiles of the 3n+1 hand held while others' discards pass."""
    acc = ukeire(r.counts, r.locked if r.melds else None, r.visible)
    return acc.shanten, acc.total


@dataclass(slots=True)
class CallOutcome:
    """The hand after a call and its best allowed discard."""

    counts: list[int]  # concealed kinds after the call, before the discard
    melds: list[tuple[str, int]]
    best: DiscardOption | None  # None: every remaining tile is forbidden (cannot happen for a legal call)
    forbidden: frozenset[int]


def after_call(r: Situation, call: Pon | Chi | OpenKan) -> CallOutcome:
    """The hand ``call`` leaves (``situation_after``) and its best discard the kuikae rule allows."""
    assert r.claim is not None
    called = KIND_OF_ID[r.claim[2]]
    after = situation_after(r, call)
    if isinstance(call, OpenKan):  # a replacement tile comes: the 3n+1 hand left is what matters
        s = shanten(after.counts, after.melds)
        return CallOutcome(after.counts, after.meld_kinds, DiscardOption(-1, s, 0, 0, [0] * KINDS), frozenset())
    own = (KIND_OF_ID[call.tiles[0]], KIND_OF_ID[call.tiles[1]]) if isinstance(call, Chi) else None
    forbidden = kuikae_forbidden(r.rules.kuikae, called, own)
    opts = discard_options(after.counts, after.locked, after.visible)
    best = next((o for o in opts if o.discard not in forbidden), None)
    return CallOutcome(after.counts, after.meld_kinds, best, forbidden)


def situation_after(r: Situation, call: Pon | Chi | OpenKan) -> Situation:
    """The situation as it would stand after ``call``, before its discard: the own tiles and the claimed one in a
    new open meld (as the scorer reads melds), so that the open hand can be weighed as a discard is."""
    assert r.claim is not None
    _, actor, claimed = r.claim
    taken = (*call.tiles, claimed)
    counts = list(r.counts)
    locked = list(r.locked)
    visible = list(r.visible)
    for t in call.tiles:
        counts[KIND_OF_ID[t]] -= 1
    for t in taken:
        locked[KIND_OF_ID[t]] += 1
    visible[KIND_OF_ID[claimed]] = max(0, visible[KIND_OF_ID[claimed]] - 1)  # it leaves the river for the meld
    kind = MeldKind.CHI if isinstance(call, Chi) else MeldKind.OPEN_KAN if isinstance(call, OpenKan) else MeldKind.PON
    codes = tuple(sorted((r.codes[t] for t in taken), key=lambda c: (kind_of(c), c)))
    meld = Meld(kind, codes, r.codes[claimed], (actor - r.seat) % r.players)
    return replace(
        r,
        tiles=[t for t in r.tiles if t not in call.tiles],
        counts=counts,
        drawn=None,
        melds=r.melds + 1,
        locked=locked,
        closed=False,
        meld_kinds=[*r.meld_kinds, (str(kind), min(KIND_OF_ID[t] for t in taken))],
        own_melds=(*r.own_melds, meld),
        visible=visible,
        claim=None,
        legal=[],
    )
