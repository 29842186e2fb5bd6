"""What one seat (or a spectator, ``seat=None``) may see: the only way state leaves the engine.

A view holds the viewer's own concealed tiles and legal actions; everyone's rivers (each tile with its running
discard number, so "discarded after that riichi" is readable), melds, riichi state, concealed-tile counts and
scores; the revealed dora indicators, the live-wall count, the wall's commitment, and while seats may answer a
discard or a kan, the tile on the table (``claim``).
With superpowers on, every seat's power and charges left, who sealed it, and the viewer's own private power
results this hand (``own["secrets"]``: what Foresight showed, Sense's answer) and, while a used Foresight lasts,
the viewer's own next draws as the wall stands (``own["foresight"]``); another seat's veiled discard shows face down.
Never another seat's concealed tiles, the live wall's order or an unrevealed indicator.

The shape is declared below (``SeatView`` and its parts) for the engine, the CPUs and the server alike; at run
time a view is plain JSON data (dicts, lists, ints, strings), sent to a browser as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from jantaku.engine.actions import ActionJSON, action_to_json
from jantaku.engine.match import FinalResultJSON
from jantaku.engine.powers import foresight, foresight_on

if TYPE_CHECKING:
    from jantaku.engine.game import Game
    from jantaku.engine.table import RiverTile


class MeldView(TypedDict):
    """A declared meld, tiles as physical ids. ``called``/``source`` (absolute seat) are absent for a concealed
    kan; ``added`` is the tile that promoted a pon to an added kan."""

    kind: str  # a ``MeldKind`` value: "chi", "pon", "open_kan", "added_kan", "closed_kan"
    tiles: list[int]
    called: NotRequired[int]
    source: NotRequired[int]
    added: NotRequired[int]


class RiverTileView(TypedDict):
    """One discard. ``tile`` is None for another seat's veiled discard; ``order`` is the hand's running discard
    number (so "discarded after that riichi" is readable)."""

    tile: int | None
    tsumogiri: bool
    riichi: bool  # the riichi declaration tile
    called: bool  # taken by another seat's call
    order: int
    veiled: NotRequired[bool]


class PowerView(TypedDict):
    """A seat's superpower and its charges (public)."""

    name: str | None
    left: int
    ready: bool


class PublicSeat(TypedDict):
    """What everyone sees of one seat. ``wind`` is relative to the dealer (0 = East)."""

    seat: int
    wind: int
    score: int
    concealed: int  # how many concealed tiles it holds
    melds: list[MeldView]
    river: list[RiverTileView]
    riichi: bool
    kita: list[int]  # extracted Norths (3-player)
    power: NotRequired[PowerView]  # superpowers on
    sealed_by: NotRequired[list[int]]  # superpowers on: the seats whose Seal stops its calls and wins on their tiles
    seal_turns: NotRequired[list[int]]  # superpowers on: for each of ``sealed_by``, this seat's turns it still lasts


class PowerAnswer(TypedDict, total=False):
    """What a power shows its user alone: Foresight's ``tiles`` (the user's own next draws as the wall stood) at
    live-wall positions ``at`` (counted like the view's ``front``: a tile is still ahead while ``front`` <= its
    position), Redraw's ``returned`` and ``drawn`` tiles, Sense's ``deals_in`` answer about the own ``tile``."""

    tiles: list[int]
    at: list[int]
    returned: int
    drawn: int
    tile: int
    deals_in: bool


class PowerUse(TypedDict):
    """One power used in a hand, as the hand's end lists it (public: who, which power, on whom)."""

    seat: int
    power: str
    target: NotRequired[int]


class PowerSecret(PowerAnswer):
    """A power's answer as its user keeps it for the hand: which power, aimed at whom, and ``order``, the hand's
    running discard number when it was used (how fresh the answer is)."""

    power: str
    target: int | None
    order: int


class OwnHand(TypedDict):
    """The viewer's own concealed tiles (sorted ids), the tile just drawn, furiten and waits (13-tile hand)."""

    tiles: list[int]
    drawn: int | None
    furiten: bool
    waits: list[int]  # kinds
    secrets: NotRequired[list[PowerSecret]]  # superpowers on: this hand's private power results
    foresight: NotRequired[PowerAnswer]  # Foresight on: the own next draws as the wall stands now (``tiles``, ``at``)


class ClaimView(TypedDict):
    """The tile on the table while seats may answer it: a discard, a kan that may be robbed, a North."""

    kind: str  # "discard", "kakan", "ankan", "kita"
    actor: int
    tile: int


class SeatView(TypedDict):
    """Everything one seat (``seat`` None: a spectator) may see now; ``own`` and ``legal_actions`` only for a
    seat, ``claim`` during a claim window, ``final`` once the game is over."""

    seat: int | None
    phase: str  # "turn", "claims", "over"
    round: int  # 0 = East
    hand: int  # the hand in the round (its dealer seat)
    honba: int
    sticks: int
    dealer: int
    seats: list[PublicSeat]
    dora_indicators: list[int]
    live_tiles: int
    commitment: str
    must_act: bool
    front: NotRequired[int]  # superpowers on: tiles taken from the live wall's front this hand (public: a count)
    claim: NotRequired[ClaimView]
    final: NotRequired[FinalResultJSON]
    own: NotRequired[OwnHand]
    legal_actions: NotRequired[list[ActionJSON]]


def seat_view(game: Game, seat: int | None) -> SeatView:
    """``seat``'s view of ``game`` (``Game.view`` checks the seat)."""
    t = game.table
    st = game.state
    seats: list[PublicSeat] = []
    for i, s in enumerate(t.seats):
        seats.append(
            {
                "seat": i,
                "wind": t.rel(i),
                "score": st.scores[i],
                "concealed": len(s.hand),
                "melds": [m.to_json() for m in s.melds],
                "river": [_river_tile(r, i == seat) for r in s.river],
                "riichi": s.riichi_accepted or bool(s.riichi),
                "kita": list(s.kita),
            }
        )
        if game.rules.superpowers:
            seats[-1]["power"] = game.charges[i].to_json()
            seats[-1]["sealed_by"] = list(s.sealed_by)
            seats[-1]["seal_turns"] = list(s.seal_turns)
    out: SeatView = {
        "seat": seat,
        "phase": game.phase,
        "round": st.round,
        "hand": st.hand,
        "honba": st.honba,
        "sticks": st.sticks,
        "dealer": t.dealer,
        "seats": seats,
        "dora_indicators": t.wall.indicators(),
        "live_tiles": t.wall.remaining,
        "commitment": t.wall.commitment,
        # whether the viewer must decide; who else may claim a discard is hidden information
        "must_act": seat is not None and seat in game.to_act(),
    }
    if game.rules.superpowers:
        out["front"] = t.wall.taken
    c = game.claims
    if game.phase == "claims" and c is not None and c.kind != "declare":
        # the tile on the table (a discard, a kan that may be robbed, an extracted North) is public
        out["claim"] = {"kind": c.kind, "actor": c.actor, "tile": c.tile}
    if game.final is not None:
        out["final"] = game.final.to_json()
    if seat is not None:
        own = t.seats[seat]
        own_hand: OwnHand = {
            "tiles": sorted(own.hand),
            "drawn": game.turn.drawn if game.turn is not None and game.turn.seat == seat else None,
            "furiten": own.furiten and game.rules.riichi,
            "waits": list(own.waits) if len(own.hand) % 3 == 1 else [],
        }
        if game.rules.superpowers:
            own_hand["secrets"] = [PowerSecret(**x) for x in game.secrets[seat]]
            if foresight_on(game, seat):
                own_hand["foresight"] = foresight(game, seat)
        out["own"] = own_hand
        out["legal_actions"] = [action_to_json(a) for a in game.legal_actions(seat)]
    return out


def _river_tile(r: RiverTile, own: bool) -> RiverTileView:
    """A river entry; a veiled tile shows face down (``tile`` None) to everyone but its owner."""
    out: RiverTileView = {
        "tile": r.tile if own or not r.veiled else None,
        "tsumogiri": r.tsumogiri,
        "riichi": r.riichi,
        "called": r.called,
        "order": r.order,
    }
    if r.veiled:
        out["veiled"] = True
    return out
