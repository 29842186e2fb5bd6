"""Scoring a riichi win: the entry point that reads like the rulebook.

1. Check the hand and the context (``ScoringError`` with a code a caller can act on).
2. Read every interpretation of the hand (each arrangement × each place the winning tile can sit).
3. For each: yakuman, else yaku + dora, fu and limit; only its value is computed here.
4. Keep the best (RULES.md: the highest-scoring interpretation — points, then han, then fu; on equal points a real
   yakuman beats counted 13+ han, as on Tenhou: the score sheet then names the yakuman, and liability (pao)
   can only attach to a real yakuman; between readings still equal, the one with more unrounded fu, as the
   `mahjong` package does, so that a tie resolves the same way everywhere), and work out its payments.

Everything that does not depend on the interpretation (situational yaku, content yaku, blessings, nine gates,
dora) is read once per win in ``_Win``; the per-interpretation work is the shape checks and the fu.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from jantaku.hand.decompose import TRIPLET, is_seven_pairs, is_thirteen_orphans, standard_shapes
from jantaku.hand.model import Hand
from jantaku.melds import MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.context import SEAT_LETTERS, WinContext
from jantaku.scoring.riichi.fu import SEVEN_PAIRS_FU, FuItem, standard_fu
from jantaku.scoring.riichi.points import Payment, base_points, hand_value, pay, yakuman_name
from jantaku.scoring.riichi.yaku import (
    AKA,
    CHECKS,
    DORA,
    KITA,
    NEEDS,
    URA,
    YAKU,
    Shape,
    Yaku,
    content_yaku,
    counted,
)
from jantaku.tiles import (
    EAST,
    FIVES,
    KINDS,
    NORTH,
    RED_MAN,
    SANMA_REMOVED,
    SUITS,
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

_Check = Callable[[Shape, WinContext, RuleSet], int]
_REGULAR_CHECKS: tuple[tuple[Yaku, _Check], ...] = tuple((YAKU[k], CHECKS[k]) for k in SHAPE_REGULAR)
_YAKUMAN_CHECKS: tuple[tuple[Yaku, _Check], ...] = tuple((YAKU[k], CHECKS[k]) for k in SHAPE_YAKUMAN)
_SITUATIONAL_CHECKS: tuple[tuple[Yaku, _Check], ...] = tuple((YAKU[k], CHECKS[k]) for k in SITUATIONAL)
_PINFU = YAKU["pinfu"]
# the shape checks that can score, with their han: all of them for a closed hand, the open-valued ones otherwise
_CLOSED_CHECKS = tuple((y, y.closed, fn) for y, fn in _REGULAR_CHECKS)
_OPEN_CHECKS = tuple((y, y.open, fn) for y, fn in _REGULAR_CHECKS if y.open)
# checks a shape can possibly meet, by (runs, triplets, honor triplets, honor pair, closed): see yaku.Needs
_Checks = tuple[tuple[tuple[Yaku, _Check], ...], tuple[tuple[Yaku, int, _Check], ...]]
_APPLICABLE: dict[tuple[int, int, int, bool, bool], _Checks] = {}


def _applicable(runs: int, trips: int, honor_trips: int, honor_pair: bool, menzen: bool) -> _Checks:
    key = (runs, trips, honor_trips, honor_pair, menzen)
    got = _APPLICABLE.get(key)
    if got is None:
        regular = _CLOSED_CHECKS if menzen else _OPEN_CHECKS
        got = _APPLICABLE[key] = (
            tuple((y, fn) for y, fn in _YAKUMAN_CHECKS if NEEDS[y.key].met(runs, trips, honor_trips, honor_pair)),
            tuple(c for c in regular if NEEDS[c[0].key].met(runs, trips, honor_trips, honor_pair)),
        )
    return got


# situational yaku read no shape, only whether the hand is closed
_NO_SHAPE = {True: Shape([], -1, "", True), False: Shape([], -1, "", False)}
_Reading = tuple[str, tuple[int, ...], int]
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class ScoringError(ValueError):
    """The hand cannot be scored. ``code`` is one of: ``not_winning``, ``no_yaku``, ``invalid_hand``,
    ``invalid_context``."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


class YakuLine(NamedTuple):
    """One line of a score sheet: a yaku and its han, or a yakuman and the multiplier it counts for under the
    rules in force (a double form the rules count single shows 1). A named tuple: the scorer makes many."""

    yaku: Yaku
    han: int

    @property
    def name(self) -> str:
        return self.yaku.key

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.yaku.key, "english": self.yaku.english, "romaji": self.yaku.romaji}
        d["yakuman" if self.yaku.yakuman else "han"] = self.han
        return d


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The best interpretation of a win. For a yakuman hand ``han`` and ``fu`` are 0 and ``yakuman`` is the
    multiplier; counted yakuman (13+ han) keeps its han and fu, with ``yakuman`` = 1 and ``limit`` =
    "kazoe yakuman". ``dora`` is the han from dora, ura, red fives and North extractions (0 for a yakuman).

    ``fu_items`` and ``arrangement`` are worded on first use: a caller that only needs the points (a bot, the
    simulator, a batch) never pays for the text."""

    yaku: tuple[YakuLine, ...]
    han: int
    fu: int
    limit: str | None
    yakuman: int
    payment: Payment
    wait: str
    players: int = 4
    dora: int = 0
    _source: tuple[_Win, _Candidate] | None = field(default=None, repr=False, compare=False)

    @property
    def points(self) -> int:
        return self.payment.points

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        if self._source is None:
            return ()
        w, best = self._source
        items: list[FuItem] = []
        if best.shape is not None:
            standard_fu(best.shape, w.ctx, w.rules, best.pinfu, items)
        elif best.reading[0] == "seven pairs":
            items = list(SEVEN_PAIRS_FU[1])
        return tuple(items)

    @property
    def arrangement(self) -> str:
        return "" if self._source is None else _arrangement(*self._source)

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
    """Everything about one win that does not depend on the interpretation. ``all_counts`` and ``reds`` are the
    34 counts of every tile (hand, melds, winning tile) and the number of red fives, as validation found them."""

    def __init__(
        self, hand: Hand, win: int, ctx: WinContext, rules: RuleSet, all_counts: list[int], reds: int,
        concealed: list[int],
    ) -> None:  # fmt: skip
        self.hand, self.ctx, self.rules = hand, ctx, rules
        self.win = kind_of(win)
        self.counts = concealed
        self.menzen = menzen = hand.is_closed
        self.meld_sets = [(m.first, m.kind is not MeldKind.CHI, m.is_open, m.is_kan) for m in hand.melds]
        self.players = rules.players
        self.winner = ctx.seat_wind - EAST
        self.dealer = self.winner == 0
        self.bonus = self._bonus(all_counts, reds)
        self.bonus_han = sum(ln.han for ln in self.bonus)
        self.blessings = self._blessings() if ctx.tenhou or ctx.chiihou or ctx.renhou else []
        content = content_yaku(all_counts, not menzen, rules)
        # yakuman that do not depend on the interpretation (nine gates is a standard shape, never seven pairs)
        self.fixed_yakuman = [*self.blessings, *(YakuLine(YAKU[k], n) for k, n in content if YAKU[k].yakuman)]
        if not hand.melds:
            self.fixed_yakuman += self._nine_gates()
        # regular yaku that do not depend on the interpretation (situational and content yaku)
        self.fixed_regular = self.lines((YAKU[k], n) for k, n in content if not YAKU[k].yakuman)
        flags = (ctx.tsumo, ctx.riichi, ctx.double_riichi, ctx.ippatsu, ctx.rinshan, ctx.chankan, ctx.haitei,
                 ctx.houtei)  # fmt: skip
        if any(flags):
            # each situational yaku hangs on one flag of the context: only the raised ones are checked
            no_shape = _NO_SHAPE[menzen]
            self.fixed_regular += self.lines(
                (y, fn(no_shape, ctx, rules)) for (y, fn), on in zip(_SITUATIONAL_CHECKS, flags, strict=True) if on
            )

    def lines(self, counts: Iterable[tuple[Yaku, int]]) -> list[YakuLine]:
        """Yaku lines for (yaku, times) pairs, at the closed or open value; closed-only yaku vanish when open."""
        out = []
        for y, n in counts:
            if n:
                han = y.closed if self.menzen else y.open
                if han:
                    out.append(YakuLine(y, han * n))
        return out

    def _blessings(self) -> list[YakuLine]:
        ctx = self.ctx
        out = []
        if ctx.tenhou:
            out.append(YakuLine(YAKU["tenhou"], 1))
        if ctx.chiihou:
            out.append(YakuLine(YAKU["chiihou"], 1))
        if ctx.renhou and self.rules.renhou_yakuman:
            out.append(YakuLine(YAKU["renhou"], 1))
        return out

    def _nine_gates(self) -> list[YakuLine]:
        """Chuuren poutou: 1112345678999 plus one tile of the same suit, closed, no kan. Pure (junsei) when the
        13 tiles before the win were exactly 1112345678999 (the nine-sided wait)."""
        c, win = self.counts, self.win
        if win >= 27:
            return []
        b = win - win % 9
        if any(c[b + i] < _NINE_GATES[i] for i in range(9)) or sum(c[b : b + 9]) != 14:
            return []
        pure = c[win] - 1 == _NINE_GATES[win - b]
        key = "junsei_chuuren" if pure else "chuuren"
        return [YakuLine(YAKU[key], counted(key, 2 if pure else 1, self.rules))]

    def _bonus(self, all_counts: list[int], reds: int) -> list[YakuLine]:
        """Dora, red fives, North extractions and ura dora (only for a riichi winner)."""
        ctx, rules = self.ctx, self.rules
        out = []
        if ctx.dora:
            dora = _dora_count(ctx.dora, all_counts, ctx.kita, rules.sanma)
            if dora:
                out.append(YakuLine(DORA, dora))
        if reds:
            out.append(YakuLine(AKA, reds))
        if ctx.kita:
            out.append(YakuLine(KITA, ctx.kita))
        if ctx.ura and ctx.riichi_declared and rules.ura_dora:
            ura = _dora_count(ctx.ura, all_counts, ctx.kita, rules.sanma)
            if ura:
                out.append(YakuLine(URA, ura))
        return out


def _dora_count(indicators: tuple[int, ...], counts: list[int], kita: int, sanma: bool) -> int:
    """Han from indicators: each tile of the indicated kind, and each extracted North when North is indicated."""
    total = 0
    for i in indicators:
        d = dora_after(kind_of(i), sanma)
        total += counts[d] + (kita if d == NORTH else 0)
    return total


@dataclass(slots=True)
class _Candidate:
    """One scored interpretation; the best ``key`` wins (see the module doc)."""

    key: tuple[int, int, int, int, int]
    lines: list[YakuLine]
    han: int
    fu: int
    limit: str | None
    yakuman: int
    base: int
    pao_base: int
    reading: tuple[str, tuple[int, ...], int]  # form, concealed groups, pair (turned into text for the winner only)
    wait: str
    shape: Shape | None = None  # a standard reading's shape: its fu are itemised for the winner only
    pinfu: bool = False


def _yakuman_total(lines: list[YakuLine], rules: RuleSet) -> int:
    """How many yakuman the lines are worth: added up where several combine, else the largest, capped at
    ``max_yakuman`` (RULES.md: doman up to 4; classic one at most)."""
    if not lines:
        return 0
    total = sum(ln.han for ln in lines) if rules.multiple_yakuman else max(ln.han for ln in lines)
    if rules.max_yakuman:
        total = min(total, rules.max_yakuman)
    return total


def _yakuman_candidate(w: _Win, lines: list[YakuLine], reading: _Reading, wait: str) -> _Candidate:
    rules, ctx = w.rules, w.ctx
    total = _yakuman_total(lines, rules)
    pao_mult = 0
    if ctx.pao is not None:
        pao_mult = min(_yakuman_total([ln for ln in lines if ln.yaku.key in rules.pao], rules), total)
    base = 8000 * total
    value = hand_value(base, dealer=w.dealer, tsumo=ctx.tsumo, players=w.players, rules=rules)
    return _Candidate(
        (value, 1, 13 * total, 0, 0), lines, 0, 0, yakuman_name(total), total, base, 8000 * pao_mult, reading, wait
    )


def _regular_candidate(
    w: _Win, lines: list[YakuLine], fu: int, raw_fu: int, reading: _Reading, wait: str
) -> _Candidate:
    """Han, limit and value of one interpretation without yakuman (``lines`` holds at least one yaku)."""
    han = sum(ln.han for ln in lines) + w.bonus_han
    base, limit = base_points(han, fu, w.rules)
    value = hand_value(base, dealer=w.dealer, tsumo=w.ctx.tsumo, players=w.players, rules=w.rules)
    kazoe = 1 if limit == "kazoe yakuman" else 0
    return _Candidate((value, 0, han, fu, raw_fu), lines + w.bonus, han, fu, limit, kazoe, base, 0, reading, wait)


def _placements(groups: tuple[int, ...], pair: int, win: int) -> list[tuple[int, str]]:
    """Where the winning tile can sit: (index of the group, or -1 for the pair; the wait it makes)."""
    out: list[tuple[int, str]] = []
    if pair == win:
        out.append((-1, "tanki"))
    seen = set()
    for i, g in enumerate(groups):
        if g in seen:
            continue
        if g >= TRIPLET:
            if g - TRIPLET == win:
                seen.add(g)
                out.append((i, "shanpon"))
        elif g <= win <= g + 2:
            seen.add(g)
            out.append((i, _wait_of(g, win)))
    return out


def _standard_candidates(w: _Win, groups: tuple[int, ...], pair: int) -> list[_Candidate]:
    """Every placement of the winning tile in one sets-and-pair arrangement, scored; only the checks the shape
    can meet are run (``_applicable``)."""
    out = []
    ctx, rules, win, menzen = w.ctx, w.rules, w.win, w.menzen
    reading = ("standard", groups, pair)
    melds = w.meld_sets
    runs = [g for g in groups if g < TRIPLET]
    triplets = [g - TRIPLET for g in groups if g >= TRIPLET]
    concealed = len(triplets)
    kans = 0
    for first, trip, is_open, is_kan in melds:
        if trip:
            triplets.append(first)
            concealed += not is_open
            kans += is_kan
        else:
            runs.append(first)
    if melds:
        runs.sort()
        triplets.sort()
    runs_n = len(runs)
    honor_trips = sum(1 for t in triplets if t >= 27)
    yakuman_checks, regular_checks = _applicable(runs_n, 4 - runs_n, honor_trips, pair >= 27, menzen)
    ron = not ctx.tsumo
    for idx, wait in _placements(groups, pair, win):
        sets = [
            (g - TRIPLET, True, i == idx and ron, False) if g >= TRIPLET else (g, False, False, False)
            for i, g in enumerate(groups)
        ]
        sets.extend(melds)
        # a triplet completed by a ron discard is not concealed
        shape = Shape.known(sets, pair, wait, menzen, runs, triplets, kans, concealed - (ron and wait == "shanpon"))
        yakuman = list(w.fixed_yakuman)
        for y, fn in yakuman_checks:
            n = fn(shape, ctx, rules)
            if n:
                yakuman.append(YakuLine(y, counted(y.key, n, rules)))
        if yakuman:
            out.append(_yakuman_candidate(w, yakuman, reading, wait))
            continue
        lines = list(w.fixed_regular)
        pinfu = False
        for y, han, fn in regular_checks:
            n = fn(shape, ctx, rules)
            if n:
                lines.append(YakuLine(y, han * n))
                pinfu = pinfu or y is _PINFU
        if not lines:
            continue
        fu, raw = standard_fu(shape, ctx, rules, pinfu)
        cand = _regular_candidate(w, lines, fu, raw, reading, wait)
        cand.shape, cand.pinfu = shape, pinfu
        out.append(cand)
    return out


def _seven_pairs_candidate(w: _Win) -> _Candidate | None:
    reading: _Reading = ("seven pairs", (), -1)
    if w.fixed_yakuman:
        return _yakuman_candidate(w, list(w.fixed_yakuman), reading, "tanki")
    lines = [YakuLine(YAKU["chiitoitsu"], 2), *w.fixed_regular]
    fu = SEVEN_PAIRS_FU[0]
    return _regular_candidate(w, lines, fu, fu, reading, "tanki")


def _thirteen_orphans_candidate(w: _Win) -> _Candidate:
    thirteen = w.counts[w.win] == 2
    key = "kokushi_13" if thirteen else "kokushi"
    line = YakuLine(YAKU[key], counted(key, 2 if thirteen else 1, w.rules))
    wait = "13-sided" if thirteen else "single"
    return _yakuman_candidate(w, [*w.blessings, line], ("thirteen orphans", (), w.win), wait)


def _arrangement(w: _Win, best: _Candidate) -> str:
    """The winning reading in words, e.g. ``123m 456p 789s 111z 22z (shanpon on 1z)``."""
    form, groups, pair = best.reading
    if form == "seven pairs":
        return "seven pairs " + " ".join(format_tiles([k, k]) for k in range(KINDS) if w.counts[k])
    if form == "thirteen orphans":
        return "thirteen orphans"
    text = " ".join([*(_set_text(g) for g in groups), _set_text(pair, 2)])
    return f"{text} ({best.wait} on {kind_name(w.win)})"


def _set_text(group: int, size: int = 3) -> str:
    """``123m`` for a run, ``555p`` for a triplet, ``11z`` for a pair (``size`` 2) of a kind."""
    if group >= TRIPLET or size == 2:
        k = group - TRIPLET if group >= TRIPLET else group
        return str(k % 9 + 1) * size + SUITS[k // 9]
    r = group % 9
    return f"{r + 1}{r + 2}{r + 3}{SUITS[group // 9]}"


def _problems_with_hand(hand: Hand, win: int, rules: RuleSet) -> tuple[list[int], int, list[int]]:
    """Check the tiles against the rules' tile set; returns the 34 counts of hand + melds + winning tile, the
    number of red fives among them, and the 34 counts of the concealed tiles with the winning tile."""
    if hand.size != 13:
        raise ScoringError(
            "invalid_hand",
            f"the hand without the winning tile must count 13 (a meld counts 3), not {hand.size}",
        )
    concealed = [0] * KINDS
    reds = [0, 0, 0]
    for c in (*hand.tiles, win):
        if 0 <= c < RED_MAN:
            concealed[c] += 1
        elif RED_MAN <= c <= RED_MAN + 2:
            reds[c - RED_MAN] += 1
            concealed[FIVES[c - RED_MAN]] += 1
        else:
            raise ScoringError("invalid_hand", f"tile code {c} is not a tile")
    counts = list(concealed)
    for m in hand.melds:
        for c in m.tiles:
            if c >= RED_MAN:
                reds[c - RED_MAN] += 1
                counts[FIVES[c - RED_MAN]] += 1
            else:
                counts[c] += 1
    if max(counts) > 4:
        k = counts.index(max(counts))
        raise ScoringError("invalid_hand", f"{counts[k]} copies of {kind_name(k)} with the winning tile")
    if rules.sanma and any(counts[k] for k in SANMA_REMOVED):
        k = next(k for k in sorted(SANMA_REMOVED) if counts[k])
        raise ScoringError("invalid_hand", f"{kind_name(k)} is not in the 3-player tile set (2m-8m are removed)")
    for s, have in enumerate(rules.red_fives):
        if reds[s] > have:
            red = code_name(RED_MAN + s)
            raise ScoringError("invalid_hand", f"{reds[s]} red {red} but rules {rules.name!r} have {have}")
        if counts[FIVES[s]] - reds[s] > 4 - have:
            # the rules' red copies are physical tiles: with one red 5p only three plain 5p exist
            raise ScoringError(
                "invalid_hand",
                f"{counts[FIVES[s]] - reds[s]} plain {kind_name(FIVES[s])} but rules {rules.name!r} make {have} of "
                f"the four red; write a red five as {code_name(RED_MAN + s)}",
            )
    return counts, sum(reds), concealed


def _context_problems(hand: Hand, win: int, ctx: WinContext, rules: RuleSet, counts: list[int]) -> list[str]:
    """What the context says that this hand or these rules make impossible (beyond ``WinContext.problems``)."""
    problems = ctx.problems()
    if not hand.is_closed and (ctx.riichi_declared or ctx.ippatsu):
        problems.append("riichi, double riichi and ippatsu need a closed hand")
    if hand.melds and (ctx.tenhou or ctx.chiihou or ctx.renhou):
        problems.append("the blessings need the first go-around unbroken: no calls, not even a concealed kan")
    if ctx.rinshan and ctx.kita == 0 and not any(m.is_kan for m in hand.melds):
        problems.append("rinshan is a win on a replacement tile: the winner needs a kan (or, 3-player, a North)")
    if ctx.kita and not rules.north_extraction:
        problems.append("North extraction (kita) exists only in 3-player rules")
    if ctx.kita + counts[NORTH] > 4:
        problems.append("more than four Norths counting the extracted ones")
    for label, wind in (("seat", ctx.seat_wind), ("round", ctx.round_wind), ("discarder", ctx.discarder),
                        ("pao", ctx.pao)):  # fmt: skip
        if wind is not None and not EAST <= wind <= NORTH:
            problems.append(f"the {label} wind must be E, S, W or N")
    if rules.sanma and NORTH in (ctx.seat_wind, ctx.discarder, ctx.pao):
        problems.append("3-player mahjong has no North seat")
    if ctx.chankan and counts[kind_of(win)] > 1:
        problems.append("a robbed kan's tile cannot also be in the winner's hand (the kan holds the other three)")
    for i in (*ctx.dora, *ctx.ura):
        if not 0 <= i <= RED_MAN + 2 or (rules.sanma and kind_of(i) in SANMA_REMOVED):
            problems.append(f"dora indicator {i} is not a tile of these rules")
            break
    return problems


def _validate(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> tuple[list[int], int, list[int]]:
    """Raise ``ScoringError`` for a hand or context that cannot be; else the tile counts (every tile, then the
    concealed tiles with the winning tile) and the number of red fives."""
    if not rules.riichi:
        raise ScoringError("invalid_context", f"rules {rules.name!r} are not a riichi rule set; use zung-jung scoring")
    counts, reds, concealed = _problems_with_hand(hand, win, rules)
    problems = _context_problems(hand, win, ctx, rules, counts)
    if problems:
        raise ScoringError("invalid_context", "; ".join(problems))
    return counts, reds, concealed


def score(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> ScoreResult:
    """Score a win. ``hand`` holds the 13 tiles without the winning tile (melds count 3); ``win`` is a tile code.

    Raises ``ScoringError`` with code ``not_winning`` (no complete shape), ``no_yaku`` (complete but no yaku),
    ``invalid_hand`` or ``invalid_context``.
    """
    all_counts, reds, concealed = _validate(hand, win, ctx, rules)
    w = _Win(hand, win, ctx, rules, all_counts, reds, concealed)
    candidates: list[_Candidate] = []
    shapes = standard_shapes(w.counts)
    for groups, pair in shapes:
        candidates.extend(_standard_candidates(w, groups, pair))
    shaped = bool(shapes)
    if not hand.melds:
        if is_seven_pairs(w.counts):
            shaped = True
            cand = _seven_pairs_candidate(w)
            if cand:
                candidates.append(cand)
        if is_thirteen_orphans(w.counts):
            shaped = True
            candidates.append(_thirteen_orphans_candidate(w))
    if not candidates:
        if shaped:
            raise ScoringError("no_yaku", "the hand is complete but has no yaku (dora are not yaku)")
        raise ScoringError("not_winning", f"{hand} + {code_name(win)} is not a complete hand")
    best = max(candidates, key=lambda c: c.key)
    return _result(w, best)


def _result(w: _Win, best: _Candidate) -> ScoreResult:
    ctx = w.ctx
    discarder = None
    if not ctx.tsumo:
        discarder = ctx.discarder - EAST if ctx.discarder is not None else (w.winner - 1) % w.players
    pao_seat = ctx.pao - EAST if ctx.pao is not None and best.pao_base else None
    payment = pay(
        best.base, winner=w.winner, tsumo=ctx.tsumo, discarder=discarder, players=w.players, honba=ctx.honba,
        sticks=ctx.sticks, rules=w.rules, pao_seat=pao_seat, pao_base=best.pao_base,
    )  # fmt: skip
    return ScoreResult(
        yaku=tuple(best.lines),
        han=best.han,
        fu=best.fu,
        limit=best.limit,
        yakuman=best.yakuman,
        payment=payment,
        wait=best.wait,
        players=w.players,
        dora=0 if best.key[1] else w.bonus_han,
        _source=(w, best),
    )


__all__ = ["ScoreResult", "ScoringError", "WinContext", "YakuLine", "score"]
