"""Adapter between jantaku's riichi scorer and the PyPI package ``mahjong`` (2.x), used as an independent oracle.

Both sides are reduced to one comparable record, ``Outcome``: the error code (if any), the yakuman multiplier,
han and fu (regular hands only), the yaku with their han (or multiplier), the value of the hand and the payment
of every seat. Nothing is filtered here: where our rules differ from the package on purpose, the differential
test adjusts the package's *input* through a named exception (see ``tests/scoring/riichi/test_against_mahjong.py``).

Presentation mappings (not rule differences):
- the package folds North extractions (nukidora) into its "Dora" line; we list them as ``kita``. ``ours()``
  therefore merges ``kita`` into ``dora`` before comparing;
- the package reports a yakuman as 13 han per yakuman (26 for a double form); we report the multiplier, so the
  package's han are divided by 13 for yakuman lines;
- the package names seat/round wind yakuhai per wind (ids 18-25); we have one ``seat_wind`` and one ``round_wind``.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as MjMeld

from jantaku.hand.model import Hand
from jantaku.melds import MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi import ScoringError, WinContext, score
from jantaku.tiles import EAST, FIVES, KINDS, RED_MAN, code_name, first_id, kind_of

#: the package's yaku ids → our yaku keys
MAHJONG_YAKU = {
    0: "menzen_tsumo", 1: "riichi", 3: "ippatsu", 4: "chankan", 5: "rinshan", 6: "haitei", 7: "houtei",
    8: "double_riichi", 11: "renhou_mangan", 12: "pinfu", 13: "tanyao", 14: "iipeikou", 15: "white", 16: "green",
    17: "red", 18: "seat_wind", 19: "seat_wind", 20: "seat_wind", 21: "seat_wind", 22: "round_wind",
    23: "round_wind", 24: "round_wind", 25: "round_wind", 26: "sanshoku", 27: "ittsu", 28: "chanta",
    29: "honroutou", 30: "toitoi", 31: "sanankou", 32: "sankantsu", 33: "sanshoku_doukou", 34: "chiitoitsu",
    35: "shousangen", 36: "honitsu", 37: "junchan", 38: "ryanpeikou", 39: "chinitsu",
    100: "kokushi", 101: "chuuren", 102: "suuankou", 103: "daisangen", 104: "shousuushii", 105: "ryuuiisou",
    106: "suukantsu", 107: "tsuuiisou", 108: "chinroutou", 111: "daisuushii", 112: "kokushi_13",
    113: "suuankou_tanki", 114: "junsei_chuuren", 115: "tenhou", 116: "chiihou", 117: "renhou",
    120: "dora", 121: "aka", 122: "ura",
}  # fmt: skip

_ERRORS = {HandCalculator.ERR_HAND_NOT_WINNING: "not_winning", HandCalculator.ERR_NO_YAKU: "no_yaku"}

_MELD_TYPES = {
    MeldKind.CHI: (MjMeld.CHI, True),
    MeldKind.PON: (MjMeld.PON, True),
    MeldKind.OPEN_KAN: (MjMeld.KAN, True),
    MeldKind.ADDED_KAN: (MjMeld.SHOUMINKAN, True),
    MeldKind.CLOSED_KAN: (MjMeld.KAN, False),
}


@dataclass(frozen=True)
class Outcome:
    """What both scorers must agree on. ``by_seat`` is seat → points moved (East = 0), honba and deposits in."""

    error: str | None
    yakuman: int = 0
    han: int = 0
    fu: int = 0
    yaku: tuple[tuple[str, int], ...] = ()
    points: int = 0
    by_seat: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.error:
            return f"error {self.error}"
        value = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.han} han {self.fu} fu"
        return f"{value}, {self.points} points, yaku {list(self.yaku)}, by seat {list(self.by_seat)}"


@dataclass(frozen=True)
class Case:
    """One win to score on both sides (the hand is the 13 tiles without ``win``; see ``score``)."""

    hand: Hand
    win: int
    ctx: WinContext
    rules: RuleSet

    def describe(self) -> str:
        c = self.ctx
        flags = [
            name
            for name in (
                "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
                "chiihou", "renhou",
            )
            if getattr(c, name)
        ]  # fmt: skip
        seat = "ESWN"[c.seat_wind - EAST]
        rnd = "ESWN"[c.round_wind - EAST]
        parts = [
            f"hand {self.hand} + {code_name(self.win)}",
            f"rules {self.rules.name}",
            f"seat {seat} round {rnd}",
            f"flags {','.join(flags) or '-'}",
            f"dora {''.join(code_name(d) for d in c.dora) or '-'}",
            f"ura {''.join(code_name(d) for d in c.ura) or '-'}",
            f"honba {c.honba} sticks {c.sticks} kita {c.kita}",
            f"discarder {None if c.discarder is None else 'ESWN'[c.discarder - EAST]}",
        ]
        return " | ".join(parts)


# --- our side ---------------------------------------------------------------------------------------------------


def ours(case: Case) -> Outcome:
    try:
        r = score(case.hand, case.win, case.ctx, case.rules)
    except ScoringError as exc:
        return Outcome(error=exc.code)
    lines: dict[str, int] = {}
    for line in r.yaku:
        key = "dora" if line.name == "kita" else line.name
        lines[key] = lines.get(key, 0) + line.han
    by_seat = tuple(r.payment.by_seat[s] for s in range(case.rules.players))
    if r.yakuman and r.limit != "kazoe yakuman":
        return Outcome(None, r.yakuman, 0, 0, tuple(sorted(lines.items())), r.points, by_seat)
    return Outcome(None, 0, r.han, r.fu, tuple(sorted(lines.items())), r.points, by_seat)


# --- the package's side -----------------------------------------------------------------------------------------


class _Ids:
    """Hands out distinct 136-format ids: a red five is copy 0 of its five (the package's aka ids 16/52/88),
    so where the rules have red fives the plain fives start at copy 1."""

    def __init__(self, red_fives: tuple[int, int, int]) -> None:
        self.next = [0] * KINDS
        for five, reds in zip(FIVES, red_fives, strict=True):
            self.next[five] = 1 if reds else 0

    def take(self, code: int) -> int:
        kind = kind_of(code)
        if code >= RED_MAN:
            return first_id(kind)
        copy = self.next[kind]
        self.next[kind] += 1
        if copy > 3:
            raise ValueError(f"more than four {code_name(code)}")
        return first_id(kind) + copy


def mahjong_config(case: Case, *, is_renhou: bool | None = None, is_haitei: bool | None = None) -> HandConfig:
    """The package's HandConfig for our context and rules. Keyword overrides serve the named exceptions."""
    c, rules = case.ctx, case.rules
    if rules.double_yakuman not in (frozenset(), frozenset({"suuankou_tanki", "junsei_chuuren", "kokushi_13",
                                                          "daisuushii"})):  # fmt: skip
        raise ValueError("the package counts either all four double forms double or none")
    options = OptionalRules(
        has_open_tanyao=rules.kuitan,
        has_aka_dora=any(rules.red_fives),
        has_double_yakuman=bool(rules.double_yakuman),
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=rules.renhou_yakuman,
        is_three_player=rules.sanma,
    )
    return HandConfig(
        is_tsumo=c.tsumo,
        is_riichi=c.riichi,
        is_ippatsu=c.ippatsu,
        is_rinshan=c.rinshan,
        is_chankan=c.chankan,
        is_haitei=c.haitei if is_haitei is None else is_haitei,
        is_houtei=c.houtei,
        is_daburu_riichi=c.double_riichi,
        is_tenhou=c.tenhou,
        is_renhou=c.renhou if is_renhou is None else is_renhou,
        is_chiihou=c.chiihou,
        player_wind=c.seat_wind,
        round_wind=c.round_wind,
        kyoutaku_number=c.sticks,
        tsumi_number=c.honba,
        num_nuki_dora=c.kita,
        options=options,
    )


def theirs(case: Case, config: HandConfig | None = None) -> Outcome:
    """Score ``case`` with the package and translate its answer to an ``Outcome``."""
    ids = _Ids(case.rules.red_fives)
    tiles = [ids.take(code) for code in case.hand.tiles]
    melds = []
    for m in case.hand.melds:
        meld_ids = [ids.take(code) for code in m.tiles]
        meld_type, opened = _MELD_TYPES[m.kind]
        melds.append(MjMeld(meld_type=meld_type, tiles=meld_ids, opened=opened))
        tiles.extend(meld_ids)
    win = ids.take(case.win)
    tiles.append(win)
    indicator = [first_id(kind_of(code)) + 3 for code in case.ctx.dora]
    ura = [first_id(kind_of(code)) + 3 for code in case.ctx.ura]
    cfg = config or mahjong_config(case)
    res = HandCalculator.estimate_hand_value(
        tiles, win, melds=melds, dora_indicators=indicator, ura_dora_indicators=ura, config=cfg
    )
    if res.error:
        return Outcome(error=_ERRORS.get(res.error, res.error))
    assert res.cost is not None and res.yaku is not None and res.han is not None and res.fu is not None
    open_hand = res.is_open_hand
    yakuman = any(y.is_yakuman for y in res.yaku)
    lines: dict[str, int] = {}
    for y in res.yaku:
        han = y.han_open if open_hand and y.han_open else y.han_closed
        if y.is_yakuman:
            han //= 13
        key = MAHJONG_YAKU.get(y.yaku_id, f"mahjong:{y.name}")
        lines[key] = lines.get(key, 0) + han
    by_seat, points = _payments(case, res.cost)
    if yakuman:
        return Outcome(None, res.han // 13, 0, 0, tuple(sorted(lines.items())), points, by_seat)
    return Outcome(None, 0, res.han, res.fu, tuple(sorted(lines.items())), points, by_seat)


def _payments(case: Case, cost: dict[str, int] | object) -> tuple[tuple[int, ...], int]:
    """Per-seat payments from the package's main/additional figures (it knows no seats, so we place them)."""
    assert isinstance(cost, dict)
    c, players = case.ctx, case.rules.players
    winner = c.seat_wind - EAST
    by = [0] * players
    if c.tsumo:
        points = 0
        for seat in range(players):
            if seat == winner:
                continue
            main_payer = seat == 0 or winner == 0
            share, bonus = (
                (cost["main"], cost["main_bonus"]) if main_payer else (cost["additional"], cost["additional_bonus"])
            )
            by[seat] -= share + bonus
            points += share
    else:
        discarder = (winner - 1) % players if c.discarder is None else c.discarder - EAST
        points = cost["main"]
        by[discarder] -= cost["main"] + cost["main_bonus"]
    by[winner] += cost["total"]
    return tuple(by), points
