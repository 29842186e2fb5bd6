"""Scoring a riichi win: the entry point that reads like the rulebook.

1. Read every interpretation of the hand (each arrangement × each place the winning tile can sit).
2. For each: yakuman, else yaku + dora, fu, limit and payments.
3. Keep the best (RULES.md: the highest-scoring interpretation — points, then han, then fu).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jantaku.hand.decompose import TRIPLET, group_text, is_seven_pairs, is_thirteen_orphans, standard_shapes
from jantaku.hand.model import Hand
from jantaku.melds import MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.context import SEAT_LETTERS, WinContext
from jantaku.scoring.riichi.fu import SEVEN_PAIRS_FU, FuItem, standard_fu
from jantaku.scoring.riichi.points import Payment, base_points, pay, yakuman_name
from jantaku.scoring.riichi.yaku import (
    AKA,
    CHECKS,
    DORA,
    KITA,
    URA,
    YAKU,
    Shape,
    Yaku,
    content_yaku,
)
from jantaku.tiles import (
    EAST,
    FIVES,
    KINDS,
    NORTH,
    RED_MAN,
    SANMA_REMOVED,
    code_name,
    dora_after,
    format_tiles,
    kind_name,
    kind_of,
)

SITUATIONAL = ("menzen_tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")
SHAPE_REGULAR = (
    "pinfu", "iipeikou", "ryanpeikou", "seat_wind", "round_wind", "white", "green", "red", "sanshoku", "ittsu",
    "chanta", "junchan", "toitoi", "sanankou", "sanshoku_doukou", "sankantsu", "shousangen",
)  # fmt: skip
SHAPE_YAKUMAN = ("daisangen", "suuankou", "suuankou_tanki", "daisuushii", "shousuushii", "suukantsu")


class ScoringError(ValueError):
    """The hand cannot be scored. ``code`` is one of: ``not_winning``, ``no_yaku``, ``invalid_hand``,
    ``invalid_context``."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class YakuLine:
    yaku: Yaku
    han: int  # han, or the yakuman multiplier

    @property
    def name(self) -> str:
        return self.yaku.key

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.yaku.key, "english": self.yaku.english, "romaji": self.yaku.romaji}
        d["yakuman" if self.yaku.yakuman else "han"] = self.han
        return d


@dataclass(frozen=True, slots=True)
class ScoreResult:
    yaku: tuple[YakuLine, ...]
    han: int
    fu: int
    fu_items: tuple[FuItem, ...]
    limit: str | None
    yakuman: int
    payment: Payment
    arrangement: str
    wait: str
    players: int = 4
    dora: int = field(default=0)

    @property
    def points(self) -> int:
        return self.payment.points

    def to_dict(self) -> dict[str, Any]:
        return {
            "han": self.han,
            "fu": self.fu,
            "points": self.points,
            "limit": self.limit,
            "yakuman": self.yakuman,
            "yaku": [y.to_dict() for y in self.yaku],
            "fu_breakdown": [{"item": label, "fu": fu} for label, fu in self.fu_items],
            "payments": {SEAT_LETTERS[s]: v for s, v in self.payment.by_seat.items()},
            "arrangement": self.arrangement,
            "wait": self.wait,
            "error": None,
        }


def _wait_of(run: int, win: int) -> str:
    pos = win - run
    if pos == 1:
        return "kanchan"
    if (pos == 2 and run % 9 == 0) or (pos == 0 and run % 9 == 6):
        return "penchan"
    return "ryanmen"


class _Win:
    """Everything about one win that does not depend on the interpretation."""

    def __init__(self, hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> None:
        self.hand, self.win_code, self.ctx, self.rules = hand, win, ctx, rules
        self.win = kind_of(win)
        self.counts = hand.concealed_counts()
        self.counts[self.win] += 1
        self.menzen = hand.is_closed
        self.meld_sets = [(m.first, m.kind is not MeldKind.CHI, m.is_open, m.is_kan) for m in hand.melds]
        kinds = {k for k in range(KINDS) if self.counts[k]}
        kinds.update(m.first + i for m in hand.melds for i in ((0, 1, 2) if m.kind is MeldKind.CHI else (0,)))
        self.kinds = kinds
        self.content = content_yaku(kinds, not self.menzen, rules)
        self.players = rules.players
        self.bonus = self._bonus()

    def _bonus(self) -> list[YakuLine]:
        ctx, rules = self.ctx, self.rules
        codes = [*self.hand.all_codes(), self.win_code]
        all_kinds = [kind_of(c) for c in codes]
        out = []
        sanma = rules.sanma
        dora = sum(all_kinds.count(dora_after(kind_of(i), sanma)) for i in ctx.dora)
        kita_dora = sum(1 for i in ctx.dora if dora_after(kind_of(i), sanma) == NORTH) * ctx.kita
        if dora + kita_dora:
            out.append(YakuLine(DORA, dora + kita_dora))
        reds = sum(1 for c in codes if c >= RED_MAN)
        if reds:
            out.append(YakuLine(AKA, reds))
        if ctx.kita:
            out.append(YakuLine(KITA, ctx.kita))
        if ctx.riichi_declared and rules.ura_dora:
            ura = sum(all_kinds.count(dora_after(kind_of(i), sanma)) for i in ctx.ura)
            ura += sum(1 for i in ctx.ura if dora_after(kind_of(i), sanma) == NORTH) * ctx.kita
            if ura:
                out.append(YakuLine(URA, ura))
        return out


def _line(key: str, count: int, menzen: bool) -> YakuLine | None:
    y = YAKU[key]
    if y.yakuman:
        return YakuLine(y, count)
    han = y.closed if menzen else y.open
    return YakuLine(y, han * count) if han else None


def _situational(w: _Win, shape: Shape) -> list[YakuLine]:
    out = []
    for key in SITUATIONAL:
        n = CHECKS[key](shape, w.ctx, w.rules)
        if n:
            line = _line(key, n, w.menzen)
            if line:
                out.append(line)
    return out


def _blessings(w: _Win) -> list[YakuLine]:
    ctx = w.ctx
    out = []
    if ctx.tenhou and ctx.tsumo and w.menzen:
        out.append(YakuLine(YAKU["tenhou"], 1))
    if ctx.chiihou and ctx.tsumo and w.menzen:
        out.append(YakuLine(YAKU["chiihou"], 1))
    if ctx.renhou and not ctx.tsumo and w.menzen and w.rules.renhou_yakuman:
        out.append(YakuLine(YAKU["renhou"], 1))
    return out


def _content_yakuman(w: _Win) -> list[YakuLine]:
    return [YakuLine(YAKU[k], n) for k, n in w.content if YAKU[k].yakuman]


def _content_regular(w: _Win) -> list[YakuLine]:
    out = []
    for k, n in w.content:
        if not YAKU[k].yakuman:
            line = _line(k, n, w.menzen)
            if line:
                out.append(line)
    return out


def _nine_gates(w: _Win) -> list[YakuLine]:
    if w.hand.melds:
        return []
    c = w.counts
    suit = next((s for s in range(3) if sum(c[s * 9 : s * 9 + 9]) == 14), None)
    if suit is None:
        return []
    b = suit * 9
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    if any(c[b + i] < need[i] for i in range(9)):
        return []
    pure = all(c[b + i] - (1 if b + i == w.win else 0) == need[i] for i in range(9))
    return [YakuLine(YAKU["junsei_chuuren" if pure else "chuuren"], 2 if pure else 1)]


@dataclass(slots=True)
class _Candidate:
    """One scored interpretation; the best ``key`` (points, han, fu) wins."""

    lines: list[YakuLine]
    han: int
    fu: int
    fu_items: list[FuItem]
    limit: str | None
    yakuman: int
    payment: Payment
    arrangement: str
    wait: str
    key: tuple[int, int, int]


def _yakuman_total(lines: list[YakuLine], rules: RuleSet) -> int:
    values = [
        (1 if ln.han == 2 and ln.yaku.key not in rules.double_yakuman else ln.han) for ln in lines if ln.yaku.yakuman
    ]
    if not values:
        return 0
    total = sum(values) if rules.multiple_yakuman else max(values)
    if rules.max_yakuman:
        total = min(total, rules.max_yakuman)
    return total


def _settle(
    w: _Win, lines: list[YakuLine], fu: int, fu_items: list[FuItem], arrangement: str, wait: str
) -> _Candidate | None:
    """Turn one interpretation's yaku into han/limit/payments, or None when it has no yaku."""
    rules, ctx = w.rules, w.ctx
    winner = ctx.seat_wind - EAST
    discarder = None if ctx.tsumo else (ctx.discarder - EAST if ctx.discarder is not None else (winner - 1) % w.players)
    pao_seat = ctx.pao - EAST if ctx.pao is not None else None
    yakuman_lines = [ln for ln in lines if ln.yaku.yakuman]
    if yakuman_lines:
        lines = yakuman_lines
        total = _yakuman_total(lines, rules)
        pao_mult = 0
        if pao_seat is not None:
            pao_keys = {"daisuushii" if k == "daisuushii" else k for k in rules.pao}
            pao_mult = _yakuman_total([ln for ln in lines if ln.yaku.key in pao_keys], rules)
            pao_mult = min(pao_mult, total)
        payment = pay(
            8000 * total, winner=winner, tsumo=ctx.tsumo, discarder=discarder, players=w.players,
            honba=ctx.honba, sticks=ctx.sticks, rules=rules, pao_seat=pao_seat if pao_mult else None,
            pao_base=8000 * pao_mult,
        )  # fmt: skip
        return _Candidate(
            lines=lines, han=0, fu=0, fu_items=[], limit=yakuman_name(total), yakuman=total, payment=payment,
            arrangement=arrangement, wait=wait, key=(payment.points, 13 * total, 0),
        )  # fmt: skip
    if not lines:
        return None
    han = sum(ln.han for ln in lines)
    lines = lines + w.bonus
    han_all = sum(ln.han for ln in lines)
    base, limit = base_points(han_all, fu, rules)
    kazoe = 1 if limit == "kazoe yakuman" else 0
    payment = pay(
        base, winner=winner, tsumo=ctx.tsumo, discarder=discarder, players=w.players, honba=ctx.honba,
        sticks=ctx.sticks, rules=rules,
    )  # fmt: skip
    del han
    return _Candidate(
        lines=lines, han=han_all, fu=fu, fu_items=fu_items, limit=limit, yakuman=kazoe, payment=payment,
        arrangement=arrangement, wait=wait, key=(payment.points, han_all, fu),
    )  # fmt: skip


def _standard_candidates(w: _Win) -> list[_Candidate]:
    out = []
    ctx, rules, win = w.ctx, w.rules, w.win
    for groups, pair in standard_shapes(w.counts):
        placements: list[tuple[int, str]] = []  # (index of the group holding the win tile or -1 for the pair, wait)
        if pair == win:
            placements.append((-1, "tanki"))
        seen = set()
        for i, g in enumerate(groups):
            if g in seen:
                continue
            if g >= TRIPLET:
                if g - TRIPLET == win:
                    seen.add(g)
                    placements.append((i, "shanpon"))
            elif g <= win <= g + 2:
                seen.add(g)
                placements.append((i, _wait_of(g, win)))
        text = " ".join([*(group_text(g) for g in groups), format_tiles([pair, pair])])
        for idx, wait in placements:
            sets = [
                (g - TRIPLET, True, (i == idx and not ctx.tsumo), False) if g >= TRIPLET else (g, False, False, False)
                for i, g in enumerate(groups)
            ]
            sets.extend(w.meld_sets)
            shape = Shape(sets, pair, wait, w.menzen)
            lines = _blessings(w) + _content_yakuman(w) + _nine_gates(w)
            for key in SHAPE_YAKUMAN:
                n = CHECKS[key](shape, ctx, rules)
                if n:
                    lines.append(YakuLine(YAKU[key], n))
            if not lines:
                lines = _situational(w, shape) + _content_regular(w)
                for key in SHAPE_REGULAR:
                    n = CHECKS[key](shape, ctx, rules)
                    if n:
                        line = _line(key, n, w.menzen)
                        if line:
                            lines.append(line)
                # tanyao/flush/honroutou read off content; honroutou needs no runs (content guarantees it)
            pinfu = any(ln.yaku.key == "pinfu" for ln in lines)
            fu, items = standard_fu(shape, ctx, rules, pinfu)
            cand = _settle(w, lines, fu, items, f"{text} ({wait} on {kind_name(win)})", wait)
            if cand:
                out.append(cand)
    return out


def _seven_pairs_candidate(w: _Win) -> _Candidate | None:
    shape = Shape([], -1, "tanki", True)
    lines = _blessings(w) + _content_yakuman(w)
    if not lines:
        lines = [YakuLine(YAKU["chiitoitsu"], 2), *_situational(w, shape), *_content_regular(w)]
    pairs = " ".join(format_tiles([k, k]) for k in range(KINDS) if w.counts[k])
    fu, items = SEVEN_PAIRS_FU
    return _settle(w, lines, fu, list(items), f"seven pairs {pairs}", "tanki")


def _thirteen_orphans_candidate(w: _Win) -> _Candidate | None:
    thirteen = w.counts[w.win] == 2
    line = YakuLine(YAKU["kokushi_13"], 2) if thirteen else YakuLine(YAKU["kokushi"], 1)
    return _settle(w, [*_blessings(w), line], 0, [], "thirteen orphans", "13-sided" if thirteen else "single")


def _validate(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> None:
    if not rules.riichi:
        raise ScoringError("invalid_context", f"rules {rules.name!r} are not a riichi rule set; use zung-jung scoring")
    if hand.size != 13:
        raise ScoringError(
            "invalid_hand",
            f"the hand without the winning tile must count 13 (a meld counts 3), not {hand.size}",
        )
    counts = [0] * KINDS
    for k in [*hand.all_kinds(), kind_of(win)]:
        counts[k] += 1
    for k in range(KINDS):
        if counts[k] > 4:
            raise ScoringError("invalid_hand", f"{counts[k]} copies of {kind_name(k)} with the winning tile")
        if rules.sanma and counts[k] and k in SANMA_REMOVED:
            raise ScoringError("invalid_hand", f"{kind_name(k)} is not in the 3-player tile set (2m-8m are removed)")
    codes = [*hand.all_codes(), win]
    for s in range(3):
        reds = sum(1 for c in codes if c == RED_MAN + s)
        if reds > rules.red_fives[s]:
            have = rules.red_fives[s]
            raise ScoringError(
                "invalid_hand",
                f"{reds} red {code_name(RED_MAN + s)} but rules {rules.name!r} have {have}",
            )
        if reds > counts[FIVES[s]]:
            raise ScoringError("invalid_hand", "more red fives than fives")
    problems = ctx.problems()
    if ctx.kita and not rules.north_extraction:
        problems.append("North extraction (kita) exists only in 3-player rules")
    if ctx.kita + counts[NORTH] > 4:
        problems.append("more than four Norths counting the extracted ones")
    if rules.sanma and NORTH in (ctx.seat_wind, ctx.discarder, ctx.pao):
        problems.append("3-player mahjong has no North seat")
    for wind, label in ((ctx.seat_wind, "seat"), (ctx.round_wind, "round")):
        if wind not in range(EAST, NORTH + 1):
            problems.append(f"{label} wind must be E, S, W or N")
    if ctx.chankan and counts[kind_of(win)] > 1 and not is_thirteen_orphans(counts):
        problems.append("a robbed kan tile cannot also be in the winner's hand")
    if problems:
        raise ScoringError("invalid_context", "; ".join(problems))


def score(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> ScoreResult:
    """Score a win. ``hand`` holds the 13 tiles without the winning tile (melds count 3); ``win`` is a tile code.

    Raises ``ScoringError`` with code ``not_winning`` (no complete shape), ``no_yaku`` (complete but no yaku),
    ``invalid_hand`` or ``invalid_context``.
    """
    _validate(hand, win, ctx, rules)
    w = _Win(hand, win, ctx, rules)
    candidates = _standard_candidates(w)
    shaped = bool(candidates) or bool(standard_shapes(w.counts))
    if not hand.melds:
        if is_seven_pairs(w.counts):
            shaped = True
            cand = _seven_pairs_candidate(w)
            if cand:
                candidates.append(cand)
        if is_thirteen_orphans(w.counts):
            shaped = True
            cand = _thirteen_orphans_candidate(w)
            if cand:
                candidates.append(cand)
    if not candidates:
        if shaped:
            raise ScoringError("no_yaku", "the hand is complete but has no yaku (dora are not yaku)")
        raise ScoringError("not_winning", f"{hand} + {code_name(win)} is not a complete hand")
    best = max(candidates, key=lambda c: c.key)
    return ScoreResult(
        yaku=tuple(best.lines),
        han=best.han,
        fu=best.fu,
        fu_items=tuple(best.fu_items),
        limit=best.limit,
        yakuman=best.yakuman,
        payment=best.payment,
        arrangement=best.arrangement,
        wait=best.wait,
        players=rules.players,
    )


__all__ = ["ScoreResult", "ScoringError", "WinContext", "YakuLine", "score"]
