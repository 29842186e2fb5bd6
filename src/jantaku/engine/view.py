"""What one seat (or a spectator, ``seat=None``) may see: the only way state leaves the engine.

A view holds the viewer's own concealed tiles and legal actions; everyone's rivers (each tile with its running
discard number, so "discarded after that riichi" is readable), melds, riichi state, concealed-tile counts and
scores; the revealed dora indicators, the live-wall count, the wall's commitment, and while seats may answer a
discard or a kan, the tile on the table (``claim``).
With superpowers on, every seat's power and charges left, who sealed it, and the viewer's own private power
results this hand (``own["secrets"]``: what Foresight showed, Sense's answer); another seat's veiled discard
shows face down.
Never another seat's concealed tiles, the live wall's order or an unrevealed indicator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import action_to_json

if TYPE_CHECKING:
    from jantaku.engine.game import Game
    from jantaku.engine.table import RiverTile


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    t = game.table
    st = game.state
    seats = []
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
    out: dict[str, Any] = {
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
    c = game.claims
    if game.phase == "claims" and c is not None and c.kind != "declare":
        # the tile on the table (a discard, a kan that may be robbed, an extracted North) is public
        out["claim"] = {"kind": c.kind, "actor": c.actor, "tile": c.tile}
    if game.final is not None:
        out["final"] = game.final.to_json()
    if seat is not None:
        own = t.seats[seat]
        out["own"] = {
            "tiles": sorted(own.hand),
            "drawn": game.turn.drawn if game.turn is not None and game.turn.seat == seat else None,
            "furiten": own.furiten and game.rules.riichi,
            "waits": list(own.waits) if len(own.hand) % 3 == 1 else [],
        }
        if game.rules.superpowers:
            out["own"]["secrets"] = [dict(x) for x in game.secrets[seat]]
        out["legal_actions"] = [action_to_json(a) for a in game.legal_actions(seat)]
    return out


def _river_tile(r: RiverTile, own: bool) -> dict[str, Any]:
    """A river entry; a veiled tile shows face down (``tile`` None) to everyone but its owner."""
    out: dict[str, Any] = {
        "tile": r.tile if own or not r.veiled else None,
        "tsumogiri": r.tsumogiri,
        "riichi": r.riichi,
        "called": r.called,
        "order": r.order,
    }
    if r.veiled:
        out["veiled"] = True
    return out
