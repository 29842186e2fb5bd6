"""Rows for the table-driven riichi scoring tests: one win, the rules it is scored under, where the rule comes from,
and what must come out.

A row is written in the project's notation (docs/rules.md#notation): ``hand`` is the 13 tiles without the winning tile
(melds count 3), ``win`` the winning tile. The context defaults to a non-dealer (South) winning by ron in the East
round off the player before them (East), with no dora, honba or deposits, so that a row only says what matters to
it. Seats in ``pay`` and winds in the context are letters E/S/W/N.

Expectations left as ``None`` are not checked; ``yaku`` is the *exact* score-sheet (yaku and dora lines, han or
yakuman multiplier), ``has``/``lacks`` check part of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from jantaku.hand.model import Hand
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoreResult, ScoringError, WinContext, score
from jantaku.tiles import EAST, parse_tile, parse_tiles

SEATS = "ESWN"

_CTX_FLAGS = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou",
    "renhou",
)  # fmt: skip


@dataclass(frozen=True)
class Row:
    hand: str
    win: str
    src: str  # the docs/rules.md section or source document the expectation comes from
    rules: str = "tenhou"
    options: dict[str, Any] = field(default_factory=dict)
    ctx: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    yaku: dict[str, int] | None = None
    has: dict[str, int] | None = None
    lacks: tuple[str, ...] = ()
    han: int | None = None
    fu: int | None = None
    fu_items: tuple[tuple[str, int], ...] | None = None
    yakuman: int | None = None
    limit: str | None = None
    points: int | None = None
    pay: dict[str, int] | None = None
    dora_han: int | None = None  # ScoreResult.dora (``dora`` itself is the context's indicators)


def row(row_id: str, hand: str, win: str, src: str, **kw: Any) -> Any:
    """A ``pytest.param`` holding one Row; keys that are not Row fields go to the context."""
    fields = set(Row.__dataclass_fields__)
    ctx = {k: v for k, v in kw.items() if k not in fields}
    spec = {k: v for k, v in kw.items() if k in fields}
    return pytest.param(Row(hand, win, src, ctx=ctx, **spec), id=row_id)


def context(ctx: dict[str, Any]) -> WinContext:
    def wind(letter: str | None) -> int | None:
        return None if letter is None else EAST + SEATS.index(letter)

    args: dict[str, Any] = {k: ctx[k] for k in _CTX_FLAGS if k in ctx}
    args["seat_wind"] = wind(ctx.get("seat", "S"))
    args["round_wind"] = wind(ctx.get("round", "E"))
    args["discarder"] = wind(ctx.get("discarder"))
    args["pao"] = wind(ctx.get("pao"))
    args["dora"] = tuple(parse_tiles(ctx.get("dora", "")))
    args["ura"] = tuple(parse_tiles(ctx.get("ura", "")))
    for k in ("honba", "sticks", "kita"):
        args[k] = ctx.get(k, 0)
    return WinContext(**args)


def run(r: Row) -> ScoreResult:
    rules = preset(r.rules).with_options(**r.options) if r.options else preset(r.rules)
    return score(Hand.parse(r.hand), parse_tile(r.win), context(r.ctx), rules)


def sheet(result: ScoreResult) -> dict[str, int]:
    out: dict[str, int] = {}
    for line in result.yaku:
        out[line.name] = out.get(line.name, 0) + line.han
    return out


def check(r: Row) -> None:
    """Score the row and compare every expectation it states; the message shows the whole result."""
    if r.error:
        with pytest.raises(ScoringError) as info:
            run(r)
        assert info.value.code == r.error, f"{r.src}: expected {r.error}, got {info.value.code}: {info.value}"
        return
    result = run(r)
    got = sheet(result)
    where = f"{r.hand} + {r.win} ({r.rules}, {r.ctx}) per {r.src}: got {result.to_dict()}"
    if r.yaku is not None:
        assert got == r.yaku, where
    for key, han in (r.has or {}).items():
        assert got.get(key) == han, where
    for key in r.lacks:
        assert key not in got, where
    for name in ("han", "fu", "yakuman", "limit", "points", "dora_han"):
        want = getattr(r, name)
        if want is not None:
            assert getattr(result, name.removesuffix("_han")) == want, f"{name}: {where}"
    if r.fu_items is not None:
        assert tuple((item.label, item.fu) for item in result.fu_items) == r.fu_items, where
    if r.pay is not None:
        players = result.players
        want_pay = {SEATS[s]: r.pay.get(SEATS[s], 0) for s in range(players)}
        got_pay = {SEATS[s]: result.payment.by_seat[s] for s in range(players)}
        assert got_pay == want_pay, where
