"""Scoring a riichi win: the entry point that reads like the rulebook.

1. Check the hand and the context (``ScoringError`` with a code a caller can act on; see ``validate``).
2. Read every interpretation of the hand (each arrangement × each place the winning tile can sit).
3. For each: yakuman, else yaku + dora, fu and limit; only its value is computed here.
4. Keep the best (docs/rules.md#yaku: the highest-scoring reading — points, then han, then fu; on equal points a real
   yakuman beats counted 13+ han, as on Tenhou: the score sheet then names the yakuman, and liability (pao)
   can only attach to a real yakuman; between readings still equal, the one with more unrounded fu, as the
   `mahjong` package does, so that a tie resolves the same way everywhere; between readings equal in all of
   that, the first one tried), and work out its payments.

How it is fast: the tiles are counted into one packed integer (``tally``) and each suit's count is looked up in a
table of that suit shape's readings (``readings``), which carry what the yaku and fu need as sums and bit masks;
a reading of the hand is four table entries added up. Everything that does not depend on the interpretation
(situational yaku, content yaku, blessings, nine gates, dora) is read once per win; of the shape checks, those
that cannot see where the winning tile sits run once per arrangement, and only the few that can (``BY_WAIT``)
once per placement. Yaku lines, payments and words are made for the winning interpretation only.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import NamedTuple, NoReturn

from jantaku.hand.model import Hand
from jantaku.melds import MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi import tally
from jantaku.scoring.riichi.context import WinContext
from jantaku.scoring.riichi.fu import BASE, SEVEN_PAIRS_FU, pair_fu, pinfu_fu, win_fu
from jantaku.scoring.riichi.points import base_points, hand_value, yakuman_name
from jantaku.scoring.riichi.readings import (
    CONC,
    FU,
    HPAIR,
    KANS,
    MELD_SHARES,
    NEEDS,
    NEEDS_MASK,
    ONE,
    PAIR,
    PEI,
    PLAIN,
    RUNS,
    TRIP_MASK,
    Part,
    Place,
    read,
)
from jantaku.scoring.riichi.result import ScoreResult, SheetTerms, YakuLine
from jantaku.scoring.riichi.validate import ScoringError, check_arguments, plain_context, situational_flags, validate
from jantaku.scoring.riichi.yaku import (
    AKA,
    BY_WAIT,
    CHECKS,
    DORA,
    KITA,
    URA,
    YAKU,
    Check,
    ReadingFacts,
    Yaku,
    content_yaku,
    counted,
)
from jantaku.scoring.riichi.yaku import NEEDS as NEEDS_OF
from jantaku.tiles import EAST, NORTH, RED_MAN, code_name, dora_after, is_honor, kind_of

SITUATIONAL = ("menzen_tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")
SHAPE_REGULAR = (
    "pinfu",
    "iipeikou",
    "ryanpeikou",
    "seat_wind",
    "round_wind",
    "white",
    "green",
    "red",
    "sanshoku",
    "ittsu",
    "chanta",
    "junchan",
    "toitoi",
    "sanankou",
    "sanshoku_doukou",
    "sankantsu",
    "shousangen",
)
SHAPE_YAKUMAN = ("daisangen", "suuankou", "suuankou_tanki", "daisuushii", "shousuushii", "suukantsu")
# a score sheet lists the shape yaku in this order, whichever pass (arrangement or placement) found them
_ORDER = {k: i for i, k in enumerate((*SHAPE_REGULAR, *SHAPE_YAKUMAN))}
_SITUATIONAL_CHECKS = tuple((YAKU[k], CHECKS[k]) for k in SITUATIONAL)
_PINFU = YAKU["pinfu"]
_SEVEN_PAIRS_LINE = YakuLine(YAKU["chiitoitsu"], 2)
_NO_SHAPE = {m: ReadingFacts(0, 0, 0, 0, 0, 0, 0, -1, "", m) for m in (True, False)}  # situational yaku read no shape
_KIND = [kind_of(c) for c in range(RED_MAN + 3)]
_NINE_GATES = tally.pack([3, 1, 1, 1, 1, 1, 1, 1, 3])  # as a suit key; plus any one tile of the suit
_NINE_GATES_EXTRA = {1 << tally.NIBBLE * i: i for i in range(9)}
_REDS_SHIFT, _HONOR_MASK = tally.REDS_SHIFT, tally.HONOR_MASK
_BIT, _HIGHS = tally.CODE_BIT.__getitem__, tally.HIGHS
_ONE, _HONOR_ONE = ONE
_SUIT, _PIN_SHIFT, _SOU_SHIFT, _HONOR_SHIFT = tally.SUIT_MASK, tally.SUIT_BITS, 2 * tally.SUIT_BITS, 3 * tally.SUIT_BITS
_OUTSIDE_SUIT = tuple(tally.KINDS_MASK & ~suit for suit in tally.SUITS)
_TERMINALS_HONORS, _SIMPLES, (_MANZU, _PINZU, _SOUZU) = tally.TERMINALS_HONORS, tally.SIMPLES, tally.SUITS
_WIN_FU = tuple(tuple(win_fu(menzen, tsumo) for tsumo in (False, True)) for menzen in (False, True))
_NORTH_SHIFT = tally.NIBBLE * NORTH
_tuple_new = tuple.__new__  # builds a named tuple without its Python-level __new__ (the scorer makes many)


# the line of a yaku that counts once, open (False) or closed (True); None where it is closed only
_ONCE: dict[tuple[str, bool], YakuLine | None] = {
    (k, m): (YakuLine(y, y.closed if m else y.open) if (y.closed if m else y.open) else None)
    for k, y in YAKU.items()
    for m in (True, False)
}

YakumanChecks = tuple[tuple[Yaku, Check], ...]
RegularChecks = tuple[tuple[Yaku, int, Check], ...]
ApplicableChecks = tuple[bool, YakumanChecks, YakumanChecks, RegularChecks, RegularChecks]
# checks a shape can possibly meet (see yaku.Needs), split by whether they read the placement (BY_WAIT):
# (any at all, yakuman by arrangement, yakuman by placement, regular by arrangement, regular by placement)
_APPLICABLE: dict[int, ApplicableChecks] = {}


def applicable_checks(key: int) -> ApplicableChecks:
    """The checks for shapes of ``key`` = a reading's ``agg >> NEEDS & NEEDS_MASK`` (honor triplet kinds, runs,
    identical runs, plain sets, honor pair: see ``readings``) | closed << 16 (see ``yaku.Needs``).

    The checks read only whether there are identical runs and whether no set is plain, not how many, and of the
    wind triplets only how many (the dragons each have a yaku): keys that differ only in those share one entry
    (``_BY_NEEDS``), so a key met for the first time is usually a look-up, not a pass over every yaku."""
    got = _APPLICABLE.get(key)
    if got is None:
        peikou, plain, winds = key >> PEI - NEEDS & 3, key >> PLAIN - NEEDS & 7, key & 0xF
        needed = key & ~(3 << PEI - NEEDS | 7 << PLAIN - NEEDS | 0xF) | (peikou > 0) << PEI - NEEDS
        needed |= (plain > 0) << PLAIN - NEEDS | (1 << winds.bit_count()) - 1
        got = _BY_NEEDS.get(needed)
        if got is None:
            got = _BY_NEEDS[needed] = checks_for(needed)
        _APPLICABLE[key] = got
    return got


_BY_NEEDS: dict[int, ApplicableChecks] = {}


def checks_for(key: int) -> ApplicableChecks:
    """The checks for shapes of ``key`` by a full pass over the yaku's ``Needs`` (``applicable_checks`` shares
    this answer between keys that differ only in what no check reads)."""
    honors, runs = key & 0x7F, key >> RUNS - NEEDS & 7
    peikou, plain = key >> PEI - NEEDS & 3, key >> PLAIN - NEEDS & 7
    honor_pair, menzen = bool(key >> HPAIR - NEEDS & 1), bool(key >> 16 & 1)
    ok = [
        k
        for k, needs in NEEDS_OF.items()
        if needs.met(runs, 4 - runs, honors.bit_count(), honor_pair, not plain, peikou > 0, honors)
    ]
    yakuman = [k for k in SHAPE_YAKUMAN if k in ok]
    regular = [(YAKU[k], YAKU[k].closed if menzen else YAKU[k].open, CHECKS[k]) for k in SHAPE_REGULAR if k in ok]
    checks = (
        tuple((YAKU[k], CHECKS[k]) for k in yakuman if k not in BY_WAIT),
        tuple((YAKU[k], CHECKS[k]) for k in yakuman if k in BY_WAIT),
        tuple(c for c in regular if c[1] and c[0].key not in BY_WAIT),
        tuple(c for c in regular if c[1] and c[0].key in BY_WAIT),
    )
    return (any(checks), *checks)


class PreparedRules:
    """What the scorer needs from one RuleSet, worked out once per rules object: the count limits (``tally``),
    the dora each valid indicator code points at (as the shift of its count in ``tally``'s packing), the value of
    each (han, fu, dealer, tsumo) and the situational yaku of each combination of flags (``_situational``)."""

    __slots__ = ("indicators", "limits", "players", "riichi", "rules", "sanma", "situational", "values")

    def __init__(self, rules: RuleSet) -> None:
        self.rules, self.riichi, self.players, self.sanma = rules, rules.riichi, rules.players, rules.sanma
        self.limits = tally.limits(rules.red_fives, rules.absent_kinds) if rules.riichi else 0
        self.indicators = {
            c: tally.NIBBLE * dora_after(c, rules.sanma)
            for c in range(RED_MAN + 3)
            if kind_of(c) not in rules.absent_kinds
        }
        self.values: dict[tuple[bool, bool], dict[int, tuple[int, int, str | None]]] = {
            (d, t): {} for d in (False, True) for t in (False, True)
        }
        self.situational: dict[int, tuple[list[YakuLine], int]] = {}

    def value(self, han: int, fu: int, dealer: bool, tsumo: bool) -> tuple[int, int, str | None]:
        """(what the payers pay, base points, limit) of a hand without yakuman; remembered in
        ``values[dealer, tsumo][han << 8 | fu]``."""
        values = self.values[bool(dealer), bool(tsumo)]
        got = values.get(han << 8 | fu)
        if got is None:
            base, limit = base_points(han, fu, self.rules)
            value = hand_value(base, dealer=dealer, tsumo=tsumo, players=self.players, rules=self.rules)
            got = values[han << 8 | fu] = (value, base, limit)
        return got


_RULES: dict[int, PreparedRules] = {}


def prepared_rules(rules: RuleSet) -> PreparedRules:
    """The ``PreparedRules`` of a rules object, made on first use and kept for the next wins under it."""
    got = _RULES.get(id(rules))
    if got is None or got.rules is not rules:
        if not isinstance(rules, RuleSet):
            raise TypeError(f'score() takes a RuleSet (preset("standard")), not {type(rules).__name__} {rules!r}')
        if len(_RULES) >= 64:  # rules objects come and go (rooms): keep the table small
            _RULES.clear()
        got = _RULES[id(rules)] = PreparedRules(rules)
    return got


def _in_order(found: list[YakuLine]) -> list[YakuLine]:
    """Shape yaku found by the two passes, in score sheet order."""
    return sorted(found, key=lambda line: _ORDER[line.yaku.key]) if len(found) > 1 else found


def _yakuman_total(lines: list[YakuLine], rules: RuleSet) -> int:
    """How many yakuman the lines are worth: added up where several combine, else the largest, capped at
    ``max_yakuman`` (docs/rules.md#max_yakuman: doman up to 4; classic one at most)."""
    if not lines:
        return 0
    total = sum(ln.han for ln in lines) if rules.multiple_yakuman else max(ln.han for ln in lines)
    if rules.max_yakuman:
        total = min(total, rules.max_yakuman)
    return total


Combo = tuple[Part, Part, Part, Part]


class _Regular(NamedTuple):
    """The best interpretation so far without yakuman: its reading (``form``; a standard one's suit readings and
    the place of the winning tile), the shape yaku found, han (dora in), fu, base points and limit. Built with
    ``_tuple_new`` in the search."""

    form: str
    combo: Combo | None
    place: Place | None
    pinfu: bool
    found: list[YakuLine]
    han: int
    fu: int
    base: int
    limit: str | None


class _Yakuman:
    """A yakuman interpretation: its lines, multiplier, base points and the part a liable player answers for, and
    its reading (as ``_Regular``) and wait."""

    __slots__ = ("base", "combo", "form", "key", "lines", "pao_base", "place", "total", "wait")

    def __init__(
        self,
        lines: list[YakuLine],
        ctx: WinContext,
        rules: RuleSet,
        dealer: bool,
        players: int,
        form: str,
        wait: str,
        combo: Combo | None = None,
        place: Place | None = None,
    ) -> None:
        self.lines, self.form, self.wait, self.combo, self.place = lines, form, wait, combo, place
        self.total = total = _yakuman_total(lines, rules)
        pao_mult = 0
        if ctx.pao is not None:
            pao_mult = min(_yakuman_total([ln for ln in lines if ln.yaku.key in rules.pao], rules), total)
        self.base, self.pao_base = 8000 * total, 8000 * pao_mult
        value = hand_value(self.base, dealer=dealer, tsumo=ctx.tsumo, players=players, rules=rules)
        self.key = (value, 1, 13 * total, 0, 0)


def _rare_yakuman(
    ctx: WinContext, rules: RuleSet, concealed: int, win: int, melds: bool
) -> tuple[list[YakuLine], list[YakuLine]]:
    """(blessings, blessings + nine gates) of a win."""
    blessings = []
    if ctx.tenhou or ctx.chiihou or ctx.renhou:
        if ctx.tenhou:
            blessings.append(YakuLine(YAKU["tenhou"], 1))
        if ctx.chiihou:
            blessings.append(YakuLine(YAKU["chiihou"], 1))
        if ctx.renhou and rules.renhou_yakuman:
            blessings.append(YakuLine(YAKU["renhou"], 1))
    yakuman = list(blessings)
    if not melds and not is_honor(win):
        # nine gates: 1112345678999 plus one tile of the same suit, closed, no kan; pure (junsei) when the extra
        # tile is the winning one (the 13 before it were the nine-sided wait)
        base = win - win % 9
        extra = _NINE_GATES_EXTRA.get((concealed >> tally.NIBBLE * base & tally.SUIT_MASK) - _NINE_GATES)
        if extra is not None:
            key = "junsei_chuuren" if extra == win - base else "chuuren"
            yakuman.append(YakuLine(YAKU[key], counted(key, 2 if key == "junsei_chuuren" else 1, rules)))
    return blessings, yakuman


def _situational(ctx: WinContext, info: PreparedRules, key: int) -> tuple[list[YakuLine], int]:
    """The situational yaku of a win whose flags are ``key`` (``validate.situational_flags``). Each hangs on a flag
    of the context and reads nothing but those flags, the closed hand and ``rules.rinshan_haitei_stack``, so the
    lines, with their han, are worked out once per combination of them (per rules object) by the registered checks;
    the scorer looks the key up itself and calls this on a miss."""
    menzen = key >= 256
    got = info.situational.get(key)
    if got is None:
        lines = []
        if key & 255:
            no_shape = _NO_SHAPE[menzen]
            for i, (y, fn) in enumerate(_SITUATIONAL_CHECKS):
                if key >> i & 1 and fn(no_shape, ctx, info.rules):
                    line = _ONCE[y.key, menzen]
                    if line is not None:
                        lines.append(line)
        got = info.situational[key] = (lines, sum(ln.han for ln in lines))
    return got


def _bonus(ctx: WinContext, info: PreparedRules, every: int) -> tuple[list[YakuLine], int]:
    """Dora, red fives, North extractions and ura dora (only for a riichi winner), and their han. Worked out only
    once an interpretation has a yaku: a hand without one (a third of random complete hands) never counts them."""
    out = []
    kita, indicators = ctx.kita, info.indicators
    dora = 0
    for i in ctx.dora:  # the copies held of each indicated kind (``every`` keeps a count nibble per kind)
        dora += every >> indicators[i] & 0xF
    if kita:
        dora += kita * sum(indicators[i] == _NORTH_SHIFT for i in ctx.dora)  # North as dora counts the extracted
    if dora:
        out.append(_tuple_new(YakuLine, (DORA, dora)))
    han = dora
    reds = every >> _REDS_SHIFT & 0xFFF
    if reds:
        reds = (reds & 0xF) + (reds >> 4 & 0xF) + (reds >> 8)
        out.append(_tuple_new(YakuLine, (AKA, reds)))
        han += reds
    if kita:
        out.append(_tuple_new(YakuLine, (KITA, kita)))
        han += kita
    if ctx.ura and ctx.riichi_declared and info.rules.ura_dora:
        ura = sum(every >> indicators[i] & 0xF for i in ctx.ura)
        ura += kita * sum(indicators[i] == _NORTH_SHIFT for i in ctx.ura)
        if ura:
            out.append(_tuple_new(YakuLine, (URA, ura)))
            han += ura
    return out, han


def score(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> ScoreResult:
    """Score a win. ``hand`` holds the 13 tiles without the winning tile (melds count 3); ``win`` is a tile code.

    Raises ``ScoringError`` with code ``not_winning`` (no complete shape), ``no_yaku`` (complete but no yaku),
    ``invalid_hand`` or ``invalid_context``.
    """
    info = _RULES.get(id(rules))
    if info is None or info.rules is not rules:
        info = prepared_rules(rules)
    # 1. count the tiles (``tally``), leaving every doubt to ``validate``, which raises with the reason
    try:
        tiles, melds = hand.tiles, hand.melds
    except AttributeError:
        check_arguments(hand, win, ctx, rules)
        raise
    try:
        concealed = sum(map(_BIT, tiles), _BIT(win))
        every = concealed
        for m in melds:
            every += sum(map(_BIT, m.tiles))
    except (KeyError, TypeError):
        _refuse_tiles(hand, win, ctx, rules)
    # a count of 8 or more shows in ``every`` itself; below that, adding the limits carries nothing between nibbles
    if not info.riichi or len(tiles) + 3 * len(melds) != 13 or (every | every + info.limits) & _HIGHS:
        validate(hand, win, ctx, rules)
    # 2. the melds' share of every reading
    menzen = True
    meld_agg = meld_runs = 0
    for m in melds:
        kind, ts = m.kind, m.tiles
        if kind is MeldKind.CHI:
            first = min(_KIND[ts[0]], _KIND[ts[1]], _KIND[ts[2]])
            menzen = False
        else:
            first = _KIND[ts[0]]
            if kind is not MeldKind.CLOSED_KAN:
                menzen = False
        share, runs = MELD_SHARES[kind, first]
        meld_agg += share
        meld_runs |= runs
    # 3. the situation: an everyday context needs no further check (``plain_context``), a rare one ``validate``
    try:
        flags = plain_context(ctx, menzen, info.sanma, info.indicators)
    except (TypeError, AttributeError):
        check_arguments(hand, win, ctx, rules)
        raise
    rare = flags < 0  # only then may the context hold a blessing
    if rare:
        validate(hand, win, ctx, rules)
        flags = situational_flags(ctx, menzen)
    wk = _KIND[win]
    # 4. the yaku every reading shares: situational ones (per combination of flags), blessings, nine gates, and
    # those read off the tiles alone (``content_yaku``)
    blessings: list[YakuLine] = []
    fixed_yakuman: list[YakuLine] = []
    if (rare and (ctx.tenhou or ctx.chiihou or ctx.renhou)) or (
        not melds and wk < EAST and not concealed & _OUTSIDE_SUIT[wk // 9]  # nine gates is one closed suit
    ):
        blessings, fixed_yakuman = _rare_yakuman(ctx, rules, concealed, wk, bool(melds))
    fixed_regular, fixed_han = info.situational.get(flags) or _situational(ctx, info, flags)
    # the usual hand (two suits or more, simples and terminals or honors) has no content yaku: that test, as
    # ``content_yaku`` makes it first, spelled out here
    if not (
        every & _TERMINALS_HONORS
        and every & _SIMPLES
        and (every & _MANZU != 0) + (every & _PINZU != 0) + (every & _SOUZU != 0) > 1
    ):
        content = content_yaku(every, not menzen, rules)
        if content:
            fixed_regular = list(fixed_regular)
            at = 0  # content yaku come first on a score sheet
            for k, n in content:
                y = YAKU[k]
                if y.yakuman:
                    fixed_yakuman = [*fixed_yakuman, YakuLine(y, n)]
                else:
                    line = _ONCE[k, menzen]
                    if line is not None:
                        fixed_regular.insert(at, line if n == 1 else YakuLine(y, line.han * n))
                        fixed_han += line.han * n
                        at += 1
    # 5. the suits' readings: usually each suit reads one way (``ONE``), and that is the one combination
    k0, k1, k2 = concealed & _SUIT, concealed >> _PIN_SHIFT & _SUIT, concealed >> _SOU_SHIFT & _SUIT
    k3 = concealed >> _HONOR_SHIFT & _HONOR_MASK
    try:
        one = _ONE[k0], _ONE[k1], _ONE[k2], _HONOR_ONE[k3]
    except KeyError:
        combos, special = _suit_readings(k0, k1, k2, k3)
    else:
        combos, special = (one,), one[0].special + one[1].special + one[2].special + one[3].special
    # 6. every standard interpretation (each combination of suit readings, each place of the winning tile); the
    # best so far is kept with what its score sheet needs (inline: this is the hot loop)
    tsumo = bool(ctx.tsumo)
    dealer = ctx.seat_wind == EAST
    win_suit = wk // 9
    win_at = wk - 9 * win_suit  # the winning kind's offset in its suit
    values = info.values[dealer, tsumo]
    closed_bit = 1 << 16 if menzen else 0
    base_fu = _WIN_FU[menzen][tsumo]
    bonus: list[YakuLine] | None = None  # see ``_bonus``
    bonus_han = 0
    best_key: tuple[int, int, int, int, int] | None = None
    best: _Regular | _Yakuman | None = None
    shaped = False
    # each suit reads with at most one pair, so a combination may hold one pair in every suit: two sets and four
    # pairs, fourteen tiles that are no standard hand (and seven pairs only when the pairs differ, step 7)
    four_suits = k0 and k1 and k2 and k3
    for combo in combos:
        p0, p1, p2, p3 = combo
        if four_suits and p3.pair >= 0 and p0.pair >= 0 and p1.pair >= 0 and p2.pair >= 0:
            continue
        shaped = True
        a = p0.agg + p1.agg1 + p2.agg2 + p3.agg + meld_agg
        pair = (a >> PAIR & 63) - 1
        needs = (a >> NEEDS & NEEDS_MASK) | closed_bit
        applicable = _APPLICABLE.get(needs) or applicable_checks(needs)
        checked, ykm_arr_checks, ykm_place_checks, arr_checks, place_checks = applicable
        conc = a >> CONC & 7
        shape = _NO_SHAPE[menzen]  # (read by no check when none applies)
        if checked:
            runs = p0.run_mask | p1.run_mask1 | p2.run_mask2 | meld_runs
            shape = ReadingFacts(
                runs, a & TRIP_MASK, a >> RUNS & 7, a >> PEI & 3, a >> PLAIN & 7, conc, a >> KANS & 7, pair, "", menzen
            )
        arr_yakuman: list[tuple[Yaku, int]] = []
        for y, fn in ykm_arr_checks:
            n = fn(shape, ctx, rules)
            if n:
                arr_yakuman.append((y, counted(y.key, n, rules)))
        arr_found = []
        arr_han = fixed_han
        for y, han, fn in arr_checks:
            n = fn(shape, ctx, rules)
            if n:
                arr_found.append(_tuple_new(YakuLine, (y, han * n)))
                arr_han += han * n
        sets_fu = a >> FU & 255
        start_fu = base_fu + pair_fu(pair, ctx, rules) if pair >= EAST else base_fu  # an honor pair
        yakuman_possible = fixed_yakuman or arr_yakuman or ykm_place_checks
        if not (arr_found or place_checks or fixed_regular or yakuman_possible):
            continue  # no yaku to find wherever the winning tile sits
        held = combo[win_suit]
        by_wait = place_checks or ykm_place_checks
        for place in held.places.get(win_at) or held.place(win_at):
            wait, loss, _, wait_fu = place
            opened = loss and not tsumo  # a triplet completed by a ron discard is not concealed
            if by_wait:
                shape.wait = wait
                shape.concealed_triplets = conc - 1 if opened else conc
            if yakuman_possible:
                ykm_found = list(arr_yakuman)  # (yakuman, multiplier) pairs
                for y, fn in ykm_place_checks:
                    n = fn(shape, ctx, rules)
                    if n:
                        ykm_found.append((y, counted(y.key, n, rules)))
                if ykm_found or fixed_yakuman:
                    lines = [_tuple_new(YakuLine, f) for f in ykm_found]
                    lines = [*fixed_yakuman, *_in_order(lines)]
                    cand = _Yakuman(lines, ctx, rules, dealer, info.players, "standard", wait, combo, place)
                    if best_key is None or cand.key > best_key:
                        best_key, best = cand.key, cand
                    continue
            han = arr_han
            pinfu = False
            found = arr_found
            for y, yh, fn in place_checks:
                n = fn(shape, ctx, rules)
                if n:
                    found = [*found, _tuple_new(YakuLine, (y, yh * n))]  # (``arr_found`` is shared by the places)
                    han += yh * n
                    if y is _PINFU:
                        pinfu = True
            if not found and not fixed_regular:
                continue
            if bonus is None:
                bonus, bonus_han = _bonus(ctx, info, every)
            han += bonus_han
            # fu.standard_fu, spelled out
            if pinfu:
                fu = raw = pinfu_fu(tsumo)
            else:
                raw = start_fu + (sets_fu - loss if opened else sets_fu) + wait_fu
                if raw == BASE:  # an open ron at the base is raised to 30
                    raw = 30
                fu = (raw + 9) // 10 * 10
            got = values.get(han << 8 | fu) or info.value(han, fu, dealer, tsumo)
            key = (got[0], 0, han, fu, raw)
            if best_key is None or key > best_key:
                best_key = key
                best = _tuple_new(_Regular, ("standard", combo, place, pinfu, found, han, fu, got[1], got[2]))
    # 7. the special forms of a closed hand
    if special and not melds:
        best_key, best, shaped, bonus, bonus_han = _best_special(
            (best_key, best, shaped, bonus, bonus_han),
            special,
            blessings,
            fixed_yakuman,
            fixed_han,
            concealed,
            wk,
            every,
            ctx,
            info,
        )
    # 8. the best interpretation's score sheet, or why there is none
    if best is None or best_key is None:
        if shaped:
            raise ScoringError.quick("no_yaku", "the hand is complete but has no yaku (dora are not yaku)")
        raise ScoringError("not_winning", f"{hand} + {code_name(win)} is not a complete hand")
    return _sheet(best, best_key[0], fixed_regular, bonus or [], bonus_han, hand, wk, menzen, concealed, ctx, info)


def _refuse_tiles(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> NoReturn:
    """Step 1 for tiles that could not be counted: ``validate`` raises with the reason (or, when only a meld's
    tile is not a tile, that tile is named)."""
    validate(hand, win, ctx, rules)
    bad = next(c for m in hand.melds for c in m.tiles if c not in tally.CODE_BIT)
    raise ScoringError("invalid_hand", f"tile code {bad} is not a tile") from None


def _suit_readings(k0: int, k1: int, k2: int, k3: int) -> tuple[Iterable[Combo], int]:
    """Step 5 when a suit reads several ways (or none): every combination of the four suits' readings, in order
    (none when a suit does not read at all), and the special forms' counts (``readings.SuitReading.special``)."""
    m0, m1, m2, m3 = read(0, k0), read(1, k1), read(2, k2), read(3, k3)
    return product(m0.parts, m1.parts, m2.parts, m3.parts), m0.special + m1.special + m2.special + m3.special


# the search so far: (key of the best reading, the best reading, whether any reading was complete, the dora lines
# once worked out (``_bonus``), their han)
_Key = tuple[int, int, int, int, int]
_Search = tuple[_Key | None, _Regular | _Yakuman | None, bool, list[YakuLine] | None, int]


def _best_special(
    search: _Search,
    special: int,
    blessings: list[YakuLine],
    fixed_yakuman: list[YakuLine],
    fixed_han: int,
    concealed: int,
    wk: int,
    every: int,
    ctx: WinContext,
    info: PreparedRules,
) -> _Search:
    """Step 7: the special forms of a closed hand (seven pairs, thirteen orphans; ``special`` counts their pairs
    and orphans, see ``readings.SuitReading``), against the best standard reading."""
    best_key, best, shaped, bonus, bonus_han = search
    rules = info.rules
    tsumo = bool(ctx.tsumo)
    dealer = ctx.seat_wind == EAST
    if special & 1023 == 7:
        shaped = True
        if fixed_yakuman:
            cand = _Yakuman(list(fixed_yakuman), ctx, rules, dealer, info.players, "seven pairs", "tanki")
            if best_key is None or cand.key > best_key:
                best_key, best = cand.key, cand
        else:
            if bonus is None:
                bonus, bonus_han = _bonus(ctx, info, every)
            han = 2 + fixed_han + bonus_han
            fu = SEVEN_PAIRS_FU[0]
            value, base, limit = info.value(han, fu, dealer, tsumo)
            key = (value, 0, han, fu, fu)
            if best_key is None or key > best_key:
                best_key, best = key, _Regular("seven pairs", None, None, False, [], han, fu, base, limit)
    if special >> 10 == 13:
        shaped = True
        thirteen = concealed >> tally.NIBBLE * wk & 0xF == 2
        k13 = "kokushi_13" if thirteen else "kokushi"
        line = YakuLine(YAKU[k13], counted(k13, 2 if thirteen else 1, rules))
        wait = "13-sided" if thirteen else "single"
        cand = _Yakuman([*blessings, line], ctx, rules, dealer, info.players, "thirteen orphans", wait)
        if best_key is None or cand.key > best_key:
            best_key, best = cand.key, cand
    return best_key, best, shaped, bonus, bonus_han


def _sheet(
    best: _Regular | _Yakuman,
    value: int,
    fixed_regular: list[YakuLine],
    bonus: list[YakuLine],
    bonus_han: int,
    hand: Hand,
    win: int,
    menzen: bool,
    concealed: int,
    ctx: WinContext,
    info: PreparedRules,
) -> ScoreResult:
    """The winner's score sheet (``value``: what the payers pay): its lines and totals, and the terms its payments
    and words are made from on first use (``ScoreResult``)."""
    # the terms in ``SheetTerms``' order (points, base, pao_base, form, combo, place, pinfu, itemised, win, melds,
    # menzen, concealed, ctx, rules), built without the named tuple's Python-level constructor: once per call
    if isinstance(best, _Yakuman):
        terms = _tuple_new(
            SheetTerms,
            (
                value,
                best.base,
                best.pao_base,
                best.form,
                best.combo,
                best.place,
                False,
                False,
                win,
                hand.melds,
                menzen,
                concealed,
                ctx,
                info.rules,
            ),
        )
        name = yakuman_name(best.total)
        return ScoreResult(tuple(best.lines), 0, 0, name, best.total, value, best.wait, info.players, 0, terms)
    form, combo, place, pinfu, found, han, fu, base, limit = best  # a _Regular, in its fields' order
    if form == "seven pairs":
        lines = (_SEVEN_PAIRS_LINE, *fixed_regular, *bonus)
    else:
        lines = (*fixed_regular, *(_in_order(found) if len(found) > 1 else found), *bonus)
    terms = _tuple_new(
        SheetTerms,
        (value, base, 0, form, combo, place, pinfu, True, win, hand.melds, menzen, concealed, ctx, info.rules),
    )
    wait = place[0] if place is not None else "tanki"
    kazoe = 1 if limit == "kazoe yakuman" else 0
    return ScoreResult(lines, han, fu, limit, kazoe, value, wait, info.players, bonus_han, terms)


__all__ = ["ScoreResult", "ScoringError", "WinContext", "YakuLine", "score"]
