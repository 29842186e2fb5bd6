"""Scoring a riichi win the slow, obvious way: the rulebook (docs/rules.md) written out as code.

``score`` (``score.py``) answers the same question fast, from packed tile counts and per-suit tables; this module
answers it the way a player at the table would, so that the two can be compared on any win and a reader can see
what the rules *are* without the bit tricks:

1. Check the hand and the context (``validate``, which is the definition of what cannot be scored).
2. Read the hand every way it can be read: each arrangement of the concealed tiles into sets and a pair
   (``jantaku.hand.arrangements``), each place in it the winning tile can have completed, and the two special forms
   (seven pairs, thirteen orphans).
3. For each reading: the yakuman, one at a time; if there are none, the yaku one at a time, the dora, the fu item
   by item, and the limit.
4. Keep the reading the winner scores most with: points, then a real yakuman over counted 13+ han, then han, then
   fu, then fu before rounding; between readings equal in all of that, the first one read.
5. Work out who pays what.

It shares with the fast scorer plain data: the win's context (``WinContext``), the rules (``RuleSet``), the yaku
table (names and han, ``yaku.YAKU``), the error (``ScoringError``) and the result (``ScoreResult``); and two pieces
of code it does not rewrite: ``validate`` (what cannot be scored at all, which is the definition) and the
``Payment`` record (its split of a value among the seats is tested on its own in ``test_points``).
It is slower than ``score`` (some five times on ordinary hands): use it to check, not to play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jantaku.hand import Form, arrangements
from jantaku.hand.decompose import TRIPLET
from jantaku.hand.model import Hand
from jantaku.melds import MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.context import WinContext
from jantaku.scoring.riichi.fu import FuItem, set_item
from jantaku.scoring.riichi.points import Payment
from jantaku.scoring.riichi.result import ScoreResult, WrittenReading, YakuLine
from jantaku.scoring.riichi.validate import ScoringError, validate
from jantaku.scoring.riichi.yaku import AKA, DORA, KITA, URA, YAKU
from jantaku.tiles import (
    DRAGONS,
    EAST,
    GREENS,
    KINDS,
    NORTH,
    SUITS,
    WINDS,
    code_name,
    dora_after,
    format_tiles,
    is_honor,
    is_red,
    is_simple,
    is_terminal,
    is_terminal_or_honor,
    kind_name,
    kind_of,
    rank_of,
    suit_of,
)

# --- what a reading is ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Group:
    """One set of a reading: a run (three in a row) or a triplet (a kan is a triplet of four). ``first`` is its
    lowest kind; ``called`` says it was declared from another player's discard (chi, pon, open or added kan);
    ``declared`` that it is a meld at all (a concealed kan is declared, not called)."""

    first: int
    run: bool
    kan: bool = False
    called: bool = False
    declared: bool = False

    @property
    def kinds(self) -> tuple[int, ...]:
        return (self.first, self.first + 1, self.first + 2) if self.run else (self.first,) * 3


@dataclass(frozen=True)
class StandardReading:
    """Four sets and a pair, and where the winning tile sits: ``won`` is the index in ``groups`` of the set the
    winning tile completed, or None when it completed the pair. ``wait`` names the wait that reading gives:
    ``ryanmen`` (two-sided), ``kanchan`` (middle), ``penchan`` (edge), ``shanpon`` (one of two pairs) or
    ``tanki`` (single tile to the pair)."""

    groups: tuple[Group, ...]  # the concealed sets (in arrangement order), then the melds in hand order
    pair: int
    won: int | None
    wait: str
    concealed_count: int  # how many of ``groups`` come from the concealed tiles

    @property
    def runs(self) -> list[Group]:
        return [g for g in self.groups if g.run]

    @property
    def triplets(self) -> list[Group]:
        return [g for g in self.groups if not g.run]


@dataclass(frozen=True)
class Win:
    """Everything about one win that does not depend on how the hand is read."""

    hand: Hand
    win: int  # tile code
    ctx: WinContext
    rules: RuleSet
    kinds: tuple[int, ...]  # every tile's kind: concealed, winning tile, melds (all four of a kan)
    concealed: tuple[int, ...]  # the 34 counts of the concealed tiles with the winning tile

    @property
    def win_kind(self) -> int:
        return kind_of(self.win)

    @property
    def closed(self) -> bool:
        """No tile taken from another player (a concealed kan keeps the hand closed)."""
        return not any(m.is_open for m in self.hand.melds)

    @property
    def ron(self) -> bool:
        return not self.ctx.tsumo


# --- 2. every reading -------------------------------------------------------------------------------------------


def _wait_in_run(first: int, win: int) -> str:
    """The wait a run gives when the winning tile is its ``win - first``-th tile (docs/rules.md, Terms)."""
    position = win - first
    if position == 1:
        return "kanchan"
    if (position == 2 and rank_of(first) == 1) or (position == 0 and rank_of(first) == 7):
        return "penchan"  # 12 waiting on 3, 89 waiting on 7
    return "ryanmen"


def standard_readings(win: Win) -> list[StandardReading]:
    """Each arrangement of the concealed tiles into sets and a pair, read with the winning tile in each set (or the
    pair) it can have completed: the pair first, then the concealed sets in order, one of identical sets."""
    melds = [Group(m.first, m.kind is MeldKind.CHI, m.is_kan, m.is_open, True) for m in win.hand.melds]
    out: list[StandardReading] = []
    w = win.win_kind
    for arrangement in arrangements(list(win.concealed)):
        if arrangement.form is not Form.STANDARD:
            continue
        concealed = [Group(g - TRIPLET, False) if g >= TRIPLET else Group(g, True) for g in arrangement.groups]
        groups = (*concealed, *melds)
        if arrangement.pair == w:
            out.append(StandardReading(groups, arrangement.pair, None, "tanki", len(concealed)))
        seen: set[Group] = set()
        for i, g in enumerate(concealed):
            if g in seen or w not in g.kinds:
                continue
            seen.add(g)
            wait = _wait_in_run(g.first, w) if g.run else "shanpon"
            out.append(StandardReading(groups, arrangement.pair, i, wait, len(concealed)))
    return out


def concealed_triplets(reading: StandardReading, win: Win) -> int:
    """Triplets and kans not called from another player; a triplet completed by a ron discard is not concealed
    (the hand stays closed, but that set was finished with someone else's tile)."""
    n = 0
    for i, g in enumerate(reading.groups):
        if not g.run and not g.called and not (i == reading.won and win.ron):
            n += 1
    return n


def identical_run_pairs(reading: StandardReading) -> int:
    """Pairs of identical runs: two of one run make one, four make two (three still make one)."""
    firsts = sorted(g.first for g in reading.runs)
    pairs, i = 0, 0
    while i + 1 < len(firsts):
        if firsts[i] == firsts[i + 1]:
            pairs, i = pairs + 1, i + 2
        else:
            i += 1
    return pairs


# --- 3a. yaku read off the situation and the tiles, whatever the reading ----------------------------------------

# Each entry: (yaku key, whether it applies). A closed-only yaku in an open hand is worth 0 han and is not listed.
SituationRule = Callable[[Win], bool]

SITUATIONAL_YAKU: tuple[tuple[str, SituationRule], ...] = (
    ("menzen_tsumo", lambda w: w.ctx.tsumo and w.closed),  # self-drawn win with a closed hand
    ("riichi", lambda w: w.ctx.riichi and not w.ctx.double_riichi),
    ("double_riichi", lambda w: w.ctx.double_riichi),  # riichi on the first discard: 2 han instead of 1
    ("ippatsu", lambda w: w.ctx.ippatsu and w.ctx.riichi_declared),  # within a go-around of riichi
    ("rinshan", lambda w: w.ctx.rinshan and w.ctx.tsumo),  # on the replacement tile after a kan
    ("chankan", lambda w: w.ctx.chankan and w.ron),  # on the tile another player adds to a pon
    # on the last wall tile; after a kan the replacement tile is rinshan, and haitei only where the rules stack them
    ("haitei", lambda w: w.ctx.haitei and w.ctx.tsumo and (not w.ctx.rinshan or w.rules.rinshan_haitei_stack)),
    ("houtei", lambda w: w.ctx.houtei and w.ron),  # on the last discard
)


def suits_held(win: Win) -> set[int]:
    """The numbered suits (0 m, 1 p, 2 s) the hand holds tiles of, melds included."""
    return {suit_of(k) for k in win.kinds if not is_honor(k)}


def content_yaku(win: Win) -> list[str]:
    """Yaku read off which tiles the hand holds, in any reading (seven pairs included): all simples, the flushes,
    all terminals and honors, in the order a score sheet lists them."""
    out = []
    if all(is_simple(k) for k in win.kinds) and (win.closed or win.rules.kuitan):  # open tanyao: kuitan
        out.append("tanyao")
    suits, honors = suits_held(win), any(is_honor(k) for k in win.kinds)
    if len(suits) == 1:
        out.append("honitsu" if honors else "chinitsu")  # one suit with honors / one suit alone
    if suits and honors and all(is_terminal_or_honor(k) for k in win.kinds):
        out.append("honroutou")  # terminals and honors only, both held (else chinroutou or tsuuiisou)
    return out


def content_yakuman(win: Win) -> list[str]:
    """Yakuman read off which tiles the hand holds: all honors, all terminals, all green."""
    out = []
    if all(is_honor(k) for k in win.kinds):
        out.append("tsuuiisou")
    if all(is_terminal(k) for k in win.kinds):
        out.append("chinroutou")
    if all(k in GREENS for k in win.kinds):  # 2s 3s 4s 6s 8s and the Green Dragon
        out.append("ryuuiisou")
    return out


def blessings(win: Win) -> list[str]:
    """The first-go-around yakuman: the dealer's win on the first draw (tenhou), a non-dealer's on theirs
    (chiihou), a non-dealer's on a discard before their first draw (renhou, a yakuman only where the rules say)."""
    out = []
    if win.ctx.tenhou:
        out.append("tenhou")
    if win.ctx.chiihou:
        out.append("chiihou")
    if win.ctx.renhou and win.rules.renhou_yakuman:
        out.append("renhou")
    return out


NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999 of one suit


def nine_gates(win: Win) -> str | None:
    """Nine gates: no melds at all, 1112345678999 of one suit plus one more of that suit; pure (junsei) when the
    winning tile is that extra one (the thirteen before it waited on all nine kinds)."""
    w = win.win_kind
    if win.hand.melds or is_honor(w):
        return None
    start = w - rank_of(w) + 1
    if sum(win.concealed[start : start + 9]) != 14:
        return None
    extra = [win.concealed[start + i] - NINE_GATES[i] for i in range(9)]
    if min(extra) < 0 or sum(extra) != 1:
        return None
    return "junsei_chuuren" if extra[w - start] == 1 else "chuuren"


# --- 3b. yaku of a standard reading ---------------------------------------------------------------------------


def is_pinfu(r: StandardReading, win: Win) -> bool:
    """All runs, closed, a two-sided wait and a pair that earns no fu (no dragon, no seat or round wind)."""
    ctx = win.ctx
    return (
        win.closed
        and len(r.runs) == 4
        and r.wait == "ryanmen"
        and r.pair not in DRAGONS
        and r.pair not in (ctx.seat_wind, ctx.round_wind)
    )


def _triplet_of(r: StandardReading, kind: int) -> bool:
    return any(g.first == kind for g in r.triplets)


def _outside(r: StandardReading) -> bool:
    """Every set and the pair hold a terminal or honor, and there is a run (without one it is honroutou)."""
    return (
        bool(r.runs)
        and is_terminal_or_honor(r.pair)
        and all(any(is_terminal_or_honor(k) for k in g.kinds) for g in r.groups)
    )


def _has_honor(r: StandardReading) -> bool:
    return is_honor(r.pair) or any(is_honor(g.first) for g in r.triplets)


def _same_rank_in_three_suits(groups: Sequence[Group]) -> bool:
    by_suit = [{rank_of(g.first) for g in groups if not is_honor(g.first) and suit_of(g.first) == s} for s in range(3)]
    return bool(by_suit[0] & by_suit[1] & by_suit[2])


def _straight(r: StandardReading) -> bool:
    starts = {g.first for g in r.runs}
    return any({9 * s, 9 * s + 3, 9 * s + 6} <= starts for s in range(3))


ShapeRule = Callable[[StandardReading, Win], int]

# (yaku key, how many times it applies to the reading), in score sheet order; han come from the yaku table
SHAPE_YAKU: tuple[tuple[str, ShapeRule], ...] = (
    ("pinfu", lambda r, w: is_pinfu(r, w)),
    ("iipeikou", lambda r, w: w.closed and identical_run_pairs(r) == 1),  # one pair of identical runs, closed
    ("ryanpeikou", lambda r, w: w.closed and identical_run_pairs(r) == 2),  # two of them, closed
    ("seat_wind", lambda r, w: _triplet_of(r, w.ctx.seat_wind)),
    ("round_wind", lambda r, w: _triplet_of(r, w.ctx.round_wind)),  # a double wind counts both
    ("white", lambda r, w: _triplet_of(r, DRAGONS[0])),
    ("green", lambda r, w: _triplet_of(r, DRAGONS[1])),
    ("red", lambda r, w: _triplet_of(r, DRAGONS[2])),
    ("sanshoku", lambda r, w: _same_rank_in_three_suits(r.runs)),  # the same run in the three suits
    ("ittsu", lambda r, w: _straight(r)),  # 123 456 789 of one suit
    ("chanta", lambda r, w: _outside(r) and _has_honor(r)),  # terminal or honor in every set, honors held
    ("junchan", lambda r, w: _outside(r) and not _has_honor(r)),  # terminal in every set, no honors
    ("toitoi", lambda r, w: not r.runs),  # four triplets or kans
    ("sanankou", lambda r, w: concealed_triplets(r, w) == 3),
    ("sanshoku_doukou", lambda r, w: _same_rank_in_three_suits(r.triplets)),  # the same triplet in three suits
    ("sankantsu", lambda r, w: sum(g.kan for g in r.groups) == 3),
    # two dragon triplets and a dragon pair
    ("shousangen", lambda r, w: r.pair in DRAGONS and sum(_triplet_of(r, d) for d in DRAGONS) == 2),
)

# (yakuman key, its multiplier before the rules count double forms single), in score sheet order
SHAPE_YAKUMAN: tuple[tuple[str, ShapeRule], ...] = (
    ("daisangen", lambda r, w: all(_triplet_of(r, d) for d in DRAGONS)),  # the three dragon triplets
    ("suuankou", lambda r, w: concealed_triplets(r, w) == 4 and r.wait != "tanki"),
    ("suuankou_tanki", lambda r, w: 2 * (concealed_triplets(r, w) == 4 and r.wait == "tanki")),
    ("daisuushii", lambda r, w: 2 * all(_triplet_of(r, d) for d in WINDS)),  # the four wind triplets
    ("shousuushii", lambda r, w: r.pair in WINDS and sum(_triplet_of(r, d) for d in WINDS) == 3),
    ("suukantsu", lambda r, w: sum(g.kan for g in r.groups) == 4),
)

# the forms worth two yakuman where the rules count them double (a line keeps the form's name either way)
DOUBLE_FORMS = frozenset({"suuankou_tanki", "junsei_chuuren", "kokushi_13", "daisuushii"})


def yakuman_line(key: str, rules: RuleSet) -> YakuLine:
    """A yakuman's line: a double form counts 2 only where the rules list it (``rules.double_yakuman``)."""
    double = key in DOUBLE_FORMS and key in rules.double_yakuman
    return YakuLine(YAKU[key], 2 if double else 1)


def yaku_line(key: str, times: int, win: Win) -> YakuLine | None:
    """A yaku's line with its han (closed or open value, times how often it applies); None for a closed-only yaku
    in an open hand, which is not a yaku there."""
    y = YAKU[key]
    han = y.closed if win.closed else y.open
    return YakuLine(y, han * times) if han else None


# --- 3c. dora -------------------------------------------------------------------------------------------------


def dora_lines(win: Win) -> list[YakuLine]:
    """Dora (each indicator counts every copy of the kind after it; with North as dora, each extracted North too),
    red fives, extracted Norths, and ura dora for a riichi winner where the rules play them. Not yaku."""
    ctx, sanma = win.ctx, win.rules.sanma

    def count(indicators: Sequence[int]) -> int:
        n = 0
        for indicator in indicators:
            dora = dora_after(indicator, sanma)
            n += win.kinds.count(dora) + (ctx.kita if dora == NORTH else 0)
        return n

    out = []
    dora = count(ctx.dora)
    if dora:
        out.append(YakuLine(DORA, dora))
    codes = [*win.hand.tiles, win.win, *(c for m in win.hand.melds for c in m.tiles)]
    reds = sum(is_red(c) for c in codes)
    if reds:
        out.append(YakuLine(AKA, reds))
    if ctx.kita:
        out.append(YakuLine(KITA, ctx.kita))
    if ctx.ura and ctx.riichi_declared and win.rules.ura_dora:
        ura = count(ctx.ura)
        if ura:
            out.append(YakuLine(URA, ura))
    return out


# --- 3d. fu ---------------------------------------------------------------------------------------------------


def triplet_fu(kind: int, concealed: bool, kan: bool) -> int:
    """A triplet of simples is 2 fu open, 4 concealed; of terminals or honors twice that; a kan four times that."""
    fu = 4 if is_terminal_or_honor(kind) else 2
    if concealed:
        fu *= 2
    if kan:
        fu *= 4
    return fu


def pair_fu(kind: int, win: Win) -> int:
    """A dragon pair 2; a seat or round wind pair 2, a pair of both the rules' ``double_wind_fu``."""
    if kind in DRAGONS:
        return 2
    fu = 2 * (kind == win.ctx.seat_wind) + 2 * (kind == win.ctx.round_wind)
    return win.rules.double_wind_fu if fu == 4 else fu


def fu_items(r: StandardReading, win: Win, pinfu: bool) -> list[FuItem]:
    """The fu of a standard reading, item by item (docs/rules.md, Points): 20 base; 10 for a closed ron; 2 for a
    tsumo (pinfu excepted: pinfu tsumo is a flat 20, pinfu ron 30); the triplets and kans; the pair; 2 for a
    closed, edge or single wait; an open ron that comes to 20 is raised to 30."""
    tsumo = win.ctx.tsumo
    if pinfu:
        return [FuItem("pinfu_tsumo", 20)] if tsumo else [FuItem("base", 20), FuItem("closed_ron", 10)]
    items = [FuItem("base", 20)]
    if win.closed and not tsumo:
        items.append(FuItem("closed_ron", 10))
    if tsumo:
        items.append(FuItem("tsumo", 2))
    for i, g in enumerate(r.groups):
        if g.run:
            continue
        concealed = not g.called and not (i == r.won and win.ron)
        items.append(set_item(g.first, not concealed, g.kan, triplet_fu(g.first, concealed, g.kan)))
    if pair_fu(r.pair, win):
        items.append(FuItem("pair", pair_fu(r.pair, win), r.pair))
    if r.wait in ("kanchan", "penchan", "tanki"):
        items.append(FuItem(r.wait, 2))
    if sum(item.fu for item in items) == 20:
        items.append(FuItem("open_minimum", 10))
    return items


def round_up(x: int, to: int) -> int:
    return -(-x // to) * to


# --- 3e. limits and the hand's value ----------------------------------------------------------------------------

LIMITS = ((11, "sanbaiman", 6000), (8, "baiman", 4000), (6, "haneman", 3000), (5, "mangan", 2000))


def basic_points(han: int, fu: int, rules: RuleSet) -> tuple[int, str | None]:
    """Basic points (fu × 2^(han+2)) and the limit that caps them: mangan from 2000 (or 5 han; 4 han 30 fu and
    3 han 60 fu too under kiriage), haneman 6-7 han, baiman 8-10, sanbaiman 11-12, counted yakuman 13+ (or
    sanbaiman where the rules do not count it)."""
    if han >= 13:
        return (8000, "kazoe yakuman") if rules.kazoe_yakuman else (6000, "sanbaiman")
    for least, name, points in LIMITS:
        if han >= least:
            return points, name
    basic = fu * 2 ** (han + 2)
    if basic >= 2000 or (rules.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return 2000, "mangan"
    return basic, None


def tsumo_shares(basic: int, dealer: bool, win: Win) -> tuple[int, int]:
    """(the dealer's share, each other payer's share) of a tsumo, before honba: the dealer pays twice the basic
    points, the others once (all twice to a dealer winner), rounded up to 100. At three players the absent North's
    share is lost (``sanma_tsumo_loss``) or split between the two payers."""
    dealer_share = round_up(2 * basic, 100)
    other_share = dealer_share if dealer else round_up(basic, 100)
    if win.rules.players == 3 and not win.rules.sanma_tsumo_loss:
        extra = round_up(other_share // 2, 100)
        dealer_share, other_share = dealer_share + extra, other_share + extra
    return dealer_share, other_share


def hand_value(basic: int, win: Win) -> int:
    """What the payers pay together before honba and deposits: a ron is 6 (dealer) or 4 times the basic points,
    rounded up to 100; a tsumo the sum of the shares."""
    dealer = win.ctx.seat_wind == EAST
    if win.ron:
        return round_up(basic * (6 if dealer else 4), 100)
    dealer_share, other_share = tsumo_shares(basic, dealer, win)
    players = win.rules.players
    return other_share * (players - 1) if dealer else dealer_share + other_share * (players - 2)


def yakuman_count(lines: Sequence[YakuLine], rules: RuleSet) -> int:
    """How many yakuman the lines make: they add up (or only the largest counts, without ``multiple_yakuman``),
    capped at ``max_yakuman`` where the rules set one."""
    if not lines:
        return 0
    total = sum(ln.han for ln in lines) if rules.multiple_yakuman else max(ln.han for ln in lines)
    return min(total, rules.max_yakuman) if rules.max_yakuman else total


# --- 4. the candidates and the best of them ---------------------------------------------------------------------


@dataclass
class Candidate:
    """One reading's score: its lines, han and fu (0 for a yakuman), the yakuman count, basic points and limit,
    the part of the basic points a liable player answers for, the wait, the fu items and the reading in words."""

    lines: list[YakuLine]
    han: int
    fu: int
    raw_fu: int
    yakuman: int
    basic: int
    limit: str | None
    liable_basic: int
    wait: str
    items: list[FuItem]
    text: str
    dora: int

    def order(self, win: Win) -> tuple[int, int, int, int, int]:
        """Points, then a real yakuman, then han, fu and fu before rounding."""
        if self.yakuman and self.limit != "kazoe yakuman":
            return (hand_value(self.basic, win), 1, 13 * self.yakuman, 0, 0)
        return (hand_value(self.basic, win), 0, self.han, self.fu, self.raw_fu)


def yakuman_candidate(lines: list[YakuLine], win: Win, wait: str, text: str) -> Candidate:
    """A reading with yakuman: their count, basic points (8000 each) and the part a liable player answers for."""
    total = yakuman_count(lines, win.rules)
    liable = 0
    if win.ctx.pao is not None:  # liability covers the yakuman the rules name (daisangen, daisuushii ...)
        liable = min(yakuman_count([ln for ln in lines if ln.yaku.key in win.rules.pao], win.rules), total)
    names = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman", 4: "quadruple yakuman"}
    return Candidate(
        lines, 0, 0, 0, total, 8000 * total, names.get(total, f"{total}x yakuman"), 8000 * liable, wait, [], text, 0
    )


def regular_candidate(
    lines: list[YakuLine], win: Win, wait: str, items: list[FuItem], fu: int, raw: int, text: str
) -> Candidate | None:
    """A reading without yakuman: None without a yaku (dora are not yaku)."""
    if not lines:
        return None
    bonus = dora_lines(win)
    lines = [*lines, *bonus]
    han = sum(ln.han for ln in lines)
    basic, limit = basic_points(han, fu, win.rules)
    yakuman = 1 if limit == "kazoe yakuman" else 0
    return Candidate(lines, han, fu, raw, yakuman, basic, limit, 0, wait, items, text, sum(b.han for b in bonus))


def group_text(g: Group) -> str:
    if g.run:
        r = rank_of(g.first)
        return f"{r}{r + 1}{r + 2}{SUITS[suit_of(g.first)]}"
    return str(rank_of(g.first)) * 3 + SUITS[suit_of(g.first)]


def standard_candidates(
    readings: list[StandardReading], win: Win, fixed_yakuman: list[str], regular: list[YakuLine]
) -> list[Candidate]:
    """Each standard reading scored: its yakuman if it has any, else its yaku, dora, fu and limit."""
    out = []
    for r in readings:
        concealed = sorted(r.groups[: r.concealed_count], key=lambda g: (not g.run, g.first))
        shown = " ".join([*(group_text(g) for g in concealed), str(rank_of(r.pair)) * 2 + SUITS[suit_of(r.pair)]])
        text = f"{shown} ({r.wait} on {kind_name(win.win_kind)})"
        yakuman = [yakuman_line(k, win.rules) for k in fixed_yakuman]
        yakuman += [yakuman_line(k, win.rules) for k, rule in SHAPE_YAKUMAN if rule(r, win)]
        if yakuman:
            out.append(yakuman_candidate(yakuman, win, r.wait, text))
            continue
        lines = list(regular)
        for key, rule in SHAPE_YAKU:
            times = int(rule(r, win))
            line = yaku_line(key, times, win) if times else None
            if line is not None:
                lines.append(line)
        pinfu = any(ln.yaku.key == "pinfu" for ln in lines)
        items = fu_items(r, win, pinfu)
        raw = sum(item.fu for item in items)
        fu = round_up(raw, 10)
        got = regular_candidate(lines, win, r.wait, items, fu, raw, text)
        if got is not None:
            out.append(got)
    return out


def seven_pairs_candidate(win: Win, fixed_yakuman: list[str], regular: list[YakuLine]) -> Candidate | None:
    """Seven different pairs, closed: 2 han and a flat 25 fu (docs/rules.md)."""
    held = [k for k in range(KINDS) if win.concealed[k]]
    text = "seven pairs " + " ".join(format_tiles([k, k]) for k in held)
    if fixed_yakuman:  # all honors as seven pairs: the sheet still shows the form's flat 25 fu
        got = yakuman_candidate([yakuman_line(k, win.rules) for k in fixed_yakuman], win, "tanki", text)
        got.items = [FuItem("seven_pairs", 25)]
        return got
    lines = [YakuLine(YAKU["chiitoitsu"], 2), *regular]
    return regular_candidate(lines, win, "tanki", [FuItem("seven_pairs", 25)], 25, 25, text)


def thirteen_orphans_candidate(win: Win) -> Candidate:
    """One of each terminal and honor and a second of one: a yakuman; waiting on all thirteen (the pair is the
    winning tile) is the double form."""
    thirteen = win.concealed[win.win_kind] == 2
    key = "kokushi_13" if thirteen else "kokushi"
    lines = [yakuman_line(k, win.rules) for k in blessings(win)] + [yakuman_line(key, win.rules)]
    return yakuman_candidate(lines, win, "13-sided" if thirteen else "single", "thirteen orphans")


# --- 5. payments ----------------------------------------------------------------------------------------------


def payment(c: Candidate, win: Win) -> Payment:
    """Who pays what, seats counted from this hand's dealer (0 = East). Ron: the discarder pays; tsumo: each
    other player pays their share. Honba add ``honba_per_payer`` per payer; deposits go to the winner. A liable
    player (pao) pays the liable part of a yakuman in full on tsumo and half of it on another player's ron."""
    ctx, rules = win.ctx, win.rules
    players = rules.players
    winner = ctx.seat_wind - EAST
    dealer = winner == 0
    by = dict.fromkeys(range(players), 0)
    honba_each = rules.honba_per_payer * ctx.honba
    honba_all = honba_each * (players - 1)
    deposits = 1000 * ctx.sticks
    discarder = None
    if win.ron:
        discarder = ctx.discarder - EAST if ctx.discarder is not None else (winner - 1) % players
    liable = ctx.pao - EAST if ctx.pao is not None else None
    rate = 6 if dealer else 4
    if liable is not None and c.liable_basic and (ctx.tsumo or liable != discarder):
        liable_part = round_up(c.liable_basic * rate, 100)
        if ctx.tsumo:
            by[liable] -= liable_part + honba_all
            total = liable_part
            rest = c.basic - c.liable_basic
            if rest:
                dealer_share, other_share = tsumo_shares(rest, dealer, win)
                for seat in range(players):
                    if seat != winner:
                        share = dealer_share if seat == 0 else other_share
                        by[seat] -= share
                        total += share
            by[winner] += total + honba_all + deposits
            return Payment(total, by)
        assert discarder is not None
        ron = round_up(c.basic * rate, 100)
        liable_honba = honba_all if rules.pao_honba == "liable" else 0
        by[liable] -= liable_part // 2 + liable_honba
        by[discarder] -= ron - liable_part // 2 + honba_all - liable_honba
        by[winner] += ron + honba_all + deposits
        return Payment(ron, by, ron=ron)
    if discarder is not None:
        ron = round_up(c.basic * rate, 100)
        by[discarder] -= ron + honba_all
        by[winner] += ron + honba_all + deposits
        return Payment(ron, by, ron)
    dealer_share, other_share = tsumo_shares(c.basic, dealer, win)
    total = 0
    for seat in range(players):
        if seat != winner:
            share = dealer_share if seat == 0 else other_share
            by[seat] -= share + honba_each
            total += share
    by[winner] += total + honba_all + deposits
    return Payment(total, by, dealer_pays=0 if dealer else dealer_share, others_pay=other_share)


# --- the entry point --------------------------------------------------------------------------------------------


def score_reference(hand: Hand, win: int, context: WinContext, rules: RuleSet) -> ScoreResult:
    """Score a win as the rulebook reads: the same answer as ``score`` (same ``ScoreResult``, same
    ``ScoringError`` codes: ``not_winning``, ``no_yaku``, ``invalid_hand``, ``invalid_context``), worked out the
    slow way. ``hand`` holds the 13 tiles without the winning tile (a meld counts 3); ``win`` is a tile code."""
    validate(hand, win, context, rules)
    kinds = tuple(kind_of(c) for c in (*hand.tiles, win, *(c for m in hand.melds for c in m.tiles)))
    concealed = [0] * KINDS
    for c in (*hand.tiles, win):
        concealed[kind_of(c)] += 1
    w = Win(hand, win, context, rules, kinds, tuple(concealed))

    fixed_yakuman = blessings(w)
    gates = nine_gates(w)
    if gates:
        fixed_yakuman.append(gates)
    fixed_yakuman += content_yakuman(w)
    regular: list[YakuLine] = []
    for key in content_yaku(w):
        line = yaku_line(key, 1, w)
        if line is not None:
            regular.append(line)
    for key, applies in SITUATIONAL_YAKU:
        line = yaku_line(key, 1, w) if applies(w) else None
        if line is not None:
            regular.append(line)

    readings = standard_readings(w)
    shaped = bool(readings)
    candidates = standard_candidates(readings, w, fixed_yakuman, regular)
    forms = {a.form for a in arrangements(list(w.concealed))}
    if not hand.melds and Form.SEVEN_PAIRS in forms:
        shaped = True
        got = seven_pairs_candidate(w, fixed_yakuman, regular)
        if got is not None:
            candidates.append(got)
    if not hand.melds and Form.THIRTEEN_ORPHANS in forms:
        shaped = True
        candidates.append(thirteen_orphans_candidate(w))
    if not candidates:
        if shaped:
            raise ScoringError("no_yaku", "the hand is complete but has no yaku (dora are not yaku)")
        raise ScoringError("not_winning", f"{hand} + {code_name(win)} is not a complete hand")
    best = candidates[0]
    for candidate in candidates[1:]:
        if candidate.order(w) > best.order(w):  # strictly better: between equals the first read stays
            best = candidate
    points = hand_value(best.basic, w)
    real_yakuman = best.yakuman and best.limit != "kazoe yakuman"
    return ScoreResult.written(
        yaku=tuple(best.lines),
        han=0 if real_yakuman else best.han,
        fu=0 if real_yakuman else best.fu,
        limit=best.limit,
        yakuman=best.yakuman,
        points=points,
        wait=best.wait,
        dora=best.dora,
        basic=best.basic,
        liable_basic=best.liable_basic,
        payment=payment(best, w),
        reading=WrittenReading(tuple(best.items), best.text),
        ctx=context,
        rules=rules,
    )


__all__ = ["score_reference"]
