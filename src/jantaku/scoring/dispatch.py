"""One entry point for both families: a riichi-style win description scored by the rules' own family.

Why: callers that take a single request format (the CLI's flags and batch lines, later the table) should not
branch on the family. The riichi ``WinContext`` carries everything Zung Jung needs: self-draw, robbing a quad
(chankan), the last tile (haitei/houtei), a quad's supplement (rinshan), the blessings, the seat and discarder.
"""

from __future__ import annotations

from typing import Any

from jantaku.hand.model import Hand
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi import ScoringError, WinContext, score
from jantaku.scoring.zungjung import ZungJungContext, ZungJungError, score_zung_jung
from jantaku.tiles import EAST


def zung_jung_context(ctx: WinContext) -> ZungJungContext:
    """The Zung Jung reading of a riichi win description (riichi-only flags must be off: see ``score_any``)."""
    return ZungJungContext(
        self_draw=ctx.tsumo,
        robbing_quad=ctx.chankan,
        last_tile=ctx.haitei or ctx.houtei,
        replacement=ctx.rinshan,
        blessing_heaven=ctx.tenhou,
        blessing_earth=ctx.chiihou,
        seat_wind=ctx.seat_wind,
        discarder=None if ctx.discarder is None else ctx.discarder - EAST,
    )


def score_any(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> dict[str, Any]:
    """Score with the family the rules name and return the result as JSON-ready data.

    Raises ``ScoringError`` for riichi and for a riichi-only flag under Zung Jung, ``ZungJungError`` otherwise.
    """
    if rules.family != "zung-jung":
        return score(hand, win, ctx, rules).to_dict()
    riichi_only = [
        name
        for name, on in (
            ("riichi", ctx.riichi),
            ("double_riichi", ctx.double_riichi),
            ("ippatsu", ctx.ippatsu),
            ("renhou", ctx.renhou),
            ("dora", bool(ctx.dora)),
            ("ura", bool(ctx.ura)),
            ("kita", bool(ctx.kita)),
            ("honba", bool(ctx.honba)),
            ("sticks", bool(ctx.sticks)),
            ("pao", ctx.pao is not None),
            ("round wind", ctx.round_wind != EAST),  # Value Honour counts the seat wind and the dragons only
        )
        if on
    ]
    if riichi_only:
        raise ScoringError("invalid_context", f"Zung Jung has no {', '.join(riichi_only)} (riichi-family options)")
    return score_zung_jung(hand, win, zung_jung_context(ctx), rules).to_dict()


__all__ = ["ZungJungError", "score_any", "zung_jung_context"]
