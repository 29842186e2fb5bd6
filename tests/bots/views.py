"""Views for CPU tests, written in notation: the same dict ``Game.view(seat)`` returns, built from a few strings,
so a decision can be checked on exactly the situation a rule talks about.

``test_views_match_the_engine`` keeps this builder honest: a built view has exactly the keys of a real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jantaku.engine.actions import Action, Discard, action_to_json
from jantaku.rules.ruleset import RuleSet

from ..engine.helpers import Tiles

Ids = Tiles  # physical ids for tile strings, never the same id twice (shared with the engine tests)


def build_view(
    rules: RuleSet,
    ids: Ids,
    *,
    hand: str,
    drawn: str | None = None,
    seat: int = 0,
    dealer: int = 0,
    rivers: dict[int, str] | None = None,
    riichi: dict[int, int] | None = None,
    melds: dict[int, list[dict[str, Any]]] | None = None,
    dora: str = "1z",
    live: int = 40,
    round_: int = 0,
    hand_no: int = 0,
    scores: Sequence[int] | None = None,
    furiten: bool = False,
    legal: Sequence[Action] | None = None,
    discards: bool = True,
    claim: tuple[str, int, int] | None = None,
    kita: dict[int, str] | None = None,
) -> dict[str, Any]:
    """A view for ``seat``. ``hand`` is the concealed tiles without ``drawn``; ``rivers`` maps a seat to its
    discards; ``riichi`` maps a seat to the index in its river of the riichi declaration tile. Discards are
    numbered in turn order, river by river, so a declaration's ``order`` is comparable across seats. Legal
    actions: a ``Discard`` of every concealed tile (``discards``) plus ``legal``."""
    n = rules.players
    own = ids.ids(hand)
    drawn_id = ids.one(drawn) if drawn else None
    tiles = sorted([*own, *([drawn_id] if drawn_id is not None else [])])
    river_ids = {s: ids.ids(t) for s, t in (rivers or {}).items()}
    kita_ids = {s: ids.ids(t) for s, t in (kita or {}).items()}
    indicator = ids.one(dora)
    seats = []
    for i in range(n):
        river = []
        for j, t in enumerate(river_ids.get(i, [])):
            river.append(
                {
                    "tile": t,
                    "tsumogiri": False,
                    "riichi": (riichi or {}).get(i) == j,
                    "called": False,
                    "order": j * n + (i - dealer) % n + 1,
                }
            )
        seats.append(
            {
                "seat": i,
                "wind": (i - dealer) % n,
                "score": (scores or [rules.start_points] * n)[i],
                "concealed": len(tiles) if i == seat else 13,
                "melds": (melds or {}).get(i, []),
                "river": river,
                "riichi": i in (riichi or {}),
                "kita": kita_ids.get(i, []),
            }
        )
    acts: list[Action] = [Discard(t) for t in tiles] if discards else []
    acts += list(legal or ())
    view: dict[str, Any] = {
        "seat": seat,
        "phase": "claims" if claim else "turn",
        "round": round_,
        "hand": hand_no,
        "honba": 0,
        "sticks": sum(1 for _ in (riichi or {})),
        "dealer": dealer,
        "seats": seats,
        "dora_indicators": [indicator],
        "live_tiles": live,
        "commitment": "0" * 64,
        "must_act": True,
        "own": {"tiles": tiles, "drawn": drawn_id, "furiten": furiten, "waits": []},
        "legal_actions": [action_to_json(a) for a in acts],
    }
    if claim is not None:
        view["claim"] = {"kind": claim[0], "actor": claim[1], "tile": claim[2]}
    return view
