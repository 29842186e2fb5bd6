"""The riichi yaku and yakuman: a table of names and values, and one small check per yaku.

Each check reads the ``ReadingFacts`` of one interpretation of a winning hand and the win context and answers how
many times the yaku applies (0 = not at all; yakuhai can apply twice for a double wind). Han come from the table:
closed value, open value (0 = closed only). Yakuman checks answer the multiplier (2 for the double forms, which
the scorer lowers to 1 where the rules do not count them double).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi import tally
from jantaku.scoring.riichi.context import WinContext
from jantaku.tiles import DRAGONS, EAST, WINDS, is_honor, is_terminal_or_honor


@dataclass(frozen=True, slots=True)
class Yaku:
    key: str
    english: str
    romaji: str
    closed: int
    open: int
    yakuman: bool = False
    tenhou_id: int | None = None


_TABLE = (
    # key, english, romaji, closed han, open han (0 = closed only), tenhou id
    ("menzen_tsumo", "Fully concealed hand", "Menzen tsumo", 1, 0, 0),
    ("riichi", "Riichi", "Riichi", 1, 0, 1),
    ("ippatsu", "One-shot", "Ippatsu", 1, 0, 2),
    ("chankan", "Robbing a kan", "Chankan", 1, 1, 3),
    ("rinshan", "After a kan", "Rinshan kaihou", 1, 1, 4),
    ("haitei", "Under the sea", "Haitei raoyue", 1, 1, 5),
    ("houtei", "Under the river", "Houtei raoyui", 1, 1, 6),
    ("pinfu", "All runs", "Pinfu", 1, 0, 7),
    ("tanyao", "All simples", "Tanyao", 1, 1, 8),
    ("iipeikou", "Pure double run", "Iipeikou", 1, 0, 9),
    ("seat_wind", "Seat wind", "Jikaze", 1, 1, 10),
    ("round_wind", "Round wind", "Bakaze", 1, 1, 14),
    ("white", "White dragon", "Haku", 1, 1, 18),
    ("green", "Green dragon", "Hatsu", 1, 1, 19),
    ("red", "Red dragon", "Chun", 1, 1, 20),
    ("double_riichi", "Double riichi", "Daburu riichi", 2, 0, 21),
    ("chiitoitsu", "Seven pairs", "Chiitoitsu", 2, 0, 22),
    ("chanta", "Half outside hand", "Chanta", 2, 1, 23),
    ("ittsu", "Pure straight", "Ittsu", 2, 1, 24),
    ("sanshoku", "Mixed triple run", "Sanshoku doujun", 2, 1, 25),
    ("sanshoku_doukou", "Triple triplets", "Sanshoku doukou", 2, 2, 26),
    ("sankantsu", "Three kans", "Sankantsu", 2, 2, 27),
    ("toitoi", "All triplets", "Toitoi", 2, 2, 28),
    ("sanankou", "Three concealed triplets", "Sanankou", 2, 2, 29),
    ("shousangen", "Little three dragons", "Shousangen", 2, 2, 30),
    ("honroutou", "All terminals and honors", "Honroutou", 2, 2, 31),
    ("ryanpeikou", "Twice pure double run", "Ryanpeikou", 3, 0, 32),
    ("junchan", "Fully outside hand", "Junchan", 3, 2, 33),
    ("honitsu", "Half flush", "Honitsu", 3, 2, 34),
    ("chinitsu", "Full flush", "Chinitsu", 6, 5, 35),
)
_YAKUMAN = (
    # key, english, romaji, multiplier, tenhou id
    ("renhou", "Blessing of Man", "Renhou", 1, 36),
    ("tenhou", "Blessing of Heaven", "Tenhou", 1, 37),
    ("chiihou", "Blessing of Earth", "Chiihou", 1, 38),
    ("daisangen", "Big three dragons", "Daisangen", 1, 39),
    ("suuankou", "Four concealed triplets", "Suuankou", 1, 40),
    ("suuankou_tanki", "Four concealed triplets, single wait", "Suuankou tanki", 2, 41),
    ("tsuuiisou", "All honors", "Tsuuiisou", 1, 42),
    ("ryuuiisou", "All green", "Ryuuiisou", 1, 43),
    ("chinroutou", "All terminals", "Chinroutou", 1, 44),
    ("chuuren", "Nine gates", "Chuuren poutou", 1, 45),
    ("junsei_chuuren", "Pure nine gates", "Junsei chuuren poutou", 2, 46),
    ("kokushi", "Thirteen orphans", "Kokushi musou", 1, 47),
    ("kokushi_13", "Thirteen orphans, 13-sided wait", "Kokushi musou juusanmen", 2, 48),
    ("daisuushii", "Big four winds", "Daisuushii", 2, 49),
    ("shousuushii", "Little four winds", "Shousuushii", 1, 50),
    ("suukantsu", "Four kans", "Suukantsu", 1, 51),
)

YAKU: dict[str, Yaku] = {k: Yaku(k, e, r, c, o, False, t) for k, e, r, c, o, t in _TABLE}
YAKU.update({k: Yaku(k, e, r, m, m, True, t) for k, e, r, m, t in _YAKUMAN})

# Dora are not yaku (they never satisfy the one-han minimum) but are listed with the yaku on a score sheet.
DORA = Yaku("dora", "Dora", "Dora", 1, 1, False, 52)
URA = Yaku("ura", "Ura dora", "Uradora", 1, 1, False, 53)
AKA = Yaku("aka", "Red fives", "Akadora", 1, 1, False, 54)
KITA = Yaku("kita", "North extraction", "Nukidora", 1, 1, False, 52)
BONUS = {y.key: y for y in (DORA, URA, AKA, KITA)}


class ReadingFacts:
    """One interpretation of a standard-form winning hand (four sets and a pair, melds included), reduced to the
    aggregates the checks read, so that every check is a comparison or a bit test:

    - ``run_mask``: bit ``k`` set when some run starts at kind ``k``; ``trip_mask``: bit ``k`` set for a triplet or
      kan of kind ``k`` (a kind can hold one at most); ``runs``: how many runs (identical runs counted each);
    - ``peikou``: pairs of identical runs (four of one run make two); ``plain``: sets and pair holding no terminal
      or honor (0 = every one holds one: the outside hands);
    - ``concealed_triplets`` (kans included; a triplet completed by a ron discard is not concealed, though the hand
      stays closed), ``kans``, ``pair`` (its kind), ``wait`` and ``menzen``.

    The scorer adds these up from per-suit tables (``readings``); ``ReadingFacts.of`` derives them from a list of
    sets, the plain way, for tests and callers that have one.
    """

    __slots__ = (
        "concealed_triplets",
        "kans",
        "menzen",
        "pair",
        "peikou",
        "plain",
        "run_mask",
        "runs",
        "trip_mask",
        "wait",
    )

    def __init__(
        self,
        run_mask: int,
        trip_mask: int,
        runs: int,
        peikou: int,
        plain: int,
        concealed_triplets: int,
        kans: int,
        pair: int,
        wait: str,
        menzen: bool,
    ) -> None:
        self.run_mask, self.trip_mask, self.runs, self.peikou, self.plain = run_mask, trip_mask, runs, peikou, plain
        self.concealed_triplets, self.kans, self.pair, self.wait, self.menzen = (
            concealed_triplets,
            kans,
            pair,
            wait,
            menzen,
        )

    @classmethod
    def of(cls, sets: Sequence[tuple[int, bool, bool, bool]], pair: int, wait: str, menzen: bool) -> ReadingFacts:
        """The shape of ``sets`` = (first kind, is_triplet, is_open, is_kan) and a pair."""
        runs = sorted(k for k, trip, _, _ in sets if not trip)
        run_mask = trip_mask = 0
        for k, trip, _, _ in sets:
            if trip:
                trip_mask |= 1 << k
            else:
                run_mask |= 1 << k
        plain = sum(1 for k, trip, _, _ in sets if not (is_terminal_or_honor(k) if trip else _run_has_terminal(k)))
        return cls(
            run_mask,
            trip_mask,
            len(runs),
            _identical_run_pairs(runs),
            plain + (not is_terminal_or_honor(pair)),
            sum(1 for _, trip, op, _ in sets if trip and not op),
            sum(1 for s in sets if s[3]),
            pair,
            wait,
            menzen,
        )

    @property
    def triplets(self) -> int:
        """Triplets and kans (a standard hand has four sets)."""
        return 4 - self.runs

    @property
    def honor_triplets(self) -> int:
        return (self.trip_mask >> EAST).bit_count()  # the honor kinds start at East


Check = Callable[[ReadingFacts, WinContext, RuleSet], int]
CHECKS: dict[str, Check] = {}
BY_WAIT: set[str] = set()  # checks that read the wait or the concealed triplets: run once per placement of the tile


@dataclass(frozen=True, slots=True)
class Needs:
    """What a shape must have before a check can possibly succeed: the scorer skips checks a shape cannot meet,
    so an ordinary hand runs a handful of checks instead of all of them. ``triplets`` counts triplets and kans,
    ``honor_triplets`` those of honors; ``honor_pair`` asks for a pair of honors."""

    runs: int = 0
    max_runs: int = 4
    triplets: int = 0
    honor_triplets: int = 0
    honor_pair: bool = False
    outside: bool = False  # every set and the pair hold a terminal or honor (``ReadingFacts.plain`` == 0)
    peikou: bool = False  # two identical runs (``ReadingFacts.peikou`` > 0)
    honor_kinds: int = 0  # a triplet of one of these honors (bit k - 27 for kind k)

    def met(
        self,
        runs: int,
        triplets: int,
        honor_triplets: int,
        honor_pair: bool,
        outside: bool = True,
        peikou: bool = True,
        honor_mask: int = 0x7F,
    ) -> bool:
        """``honor_mask``: bit k - 27 for each honor kind k held as a triplet (or kan)."""
        return (
            self.runs <= runs <= self.max_runs
            and triplets >= self.triplets
            and honor_triplets >= self.honor_triplets
            and (honor_pair or not self.honor_pair)
            and (outside or not self.outside)
            and (peikou or not self.peikou)
            and (not self.honor_kinds or self.honor_kinds & honor_mask != 0)
        )


NEEDS: dict[str, Needs] = {}


def check(key: str, needs: Needs = Needs(), *, by_wait: bool = False) -> Callable[[Check], Check]:
    """Register the check of yaku ``key``; ``by_wait`` marks one that reads ``wait`` or ``concealed_triplets``
    (the only fields that change with where the winning tile sits)."""

    def register(fn: Check) -> Check:
        CHECKS[key] = fn
        NEEDS[key] = needs
        if by_wait:
            BY_WAIT.add(key)
        return fn

    return register


def _run_has_terminal(k: int) -> bool:
    return k % 9 in (0, 6)


def _identical_run_pairs(runs: list[int]) -> int:
    """Pairs of identical runs (``runs`` sorted): 4 of one run make two pairs."""
    pairs, i = 0, 0
    while i + 1 < len(runs):
        if runs[i] == runs[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


# --- situational yaku -------------------------------------------------------------------------------------------


@check("menzen_tsumo")
def _menzen_tsumo(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(ctx.tsumo and s.menzen)


@check("riichi")
def _riichi(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(ctx.riichi and not ctx.double_riichi)


@check("double_riichi")
def _double_riichi(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(ctx.double_riichi)


@check("ippatsu")
def _ippatsu(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(ctx.ippatsu and ctx.riichi_declared)


@check("rinshan")
def _rinshan(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(ctx.rinshan and ctx.tsumo)


@check("chankan")
def _chankan(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(ctx.chankan and not ctx.tsumo)


@check("haitei")
def _haitei(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    # docs/rules.md#yaku: rinshan + haitei on the same tile: only rinshan counts (unless the option says they stack)
    return int(ctx.haitei and ctx.tsumo and (not ctx.rinshan or rules.rinshan_haitei_stack))


@check("houtei")
def _houtei(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(ctx.houtei and not ctx.tsumo)


# --- shape yaku -------------------------------------------------------------------------------------------------

_DRAGON_BITS = 0b111 << DRAGONS[0]
_WINDS_ONLY = 0b1111  # Needs.honor_kinds: a wind triplet
_WIND_BITS = 0b1111 << WINDS[0]
_STRAIGHT = 0b1001001  # runs 123, 456, 789 of one suit


@check("pinfu", Needs(runs=4), by_wait=True)
def _pinfu(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    if not s.menzen or s.runs != 4 or s.wait != "ryanmen":
        return 0
    p = s.pair
    return int(p not in DRAGONS and p != ctx.seat_wind and p != ctx.round_wind)


@check("iipeikou", Needs(runs=2, peikou=True))
def _iipeikou(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.menzen and s.peikou == 1)


@check("ryanpeikou", Needs(runs=4, peikou=True))
def _ryanpeikou(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.menzen and s.peikou == 2)


@check("seat_wind", Needs(triplets=1, honor_triplets=1, honor_kinds=_WINDS_ONLY))
def _seat_wind(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return s.trip_mask >> ctx.seat_wind & 1


@check("round_wind", Needs(triplets=1, honor_triplets=1, honor_kinds=_WINDS_ONLY))
def _round_wind(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return s.trip_mask >> ctx.round_wind & 1


@check("white", Needs(triplets=1, honor_triplets=1, honor_kinds=1 << 4))
def _white(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return s.trip_mask >> DRAGONS[0] & 1


@check("green", Needs(triplets=1, honor_triplets=1, honor_kinds=1 << 5))
def _green(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return s.trip_mask >> DRAGONS[1] & 1


@check("red", Needs(triplets=1, honor_triplets=1, honor_kinds=1 << 6))
def _red(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return s.trip_mask >> DRAGONS[2] & 1


@check("sanshoku", Needs(runs=3))
def _sanshoku(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    r = s.run_mask
    return int(r & r >> 9 & r >> 18 & 0x7F != 0)


@check("ittsu", Needs(runs=3))
def _ittsu(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    r = s.run_mask
    return int(r & _STRAIGHT == _STRAIGHT or r >> 9 & _STRAIGHT == _STRAIGHT or r >> 18 & _STRAIGHT == _STRAIGHT)


@check("chanta", Needs(runs=1, outside=True))
def _chanta(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(_outside(s, honors=True))


@check("junchan", Needs(runs=1, outside=True))
def _junchan(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(_outside(s, honors=False))


def _outside(s: ReadingFacts, honors: bool) -> bool:
    """Every set and the pair hold a terminal (or honor); at least one run (else it is honroutou/chinroutou);
    chanta needs an honor somewhere, junchan none."""
    if s.plain or not s.runs:
        return False
    has_honor = is_honor(s.pair) or s.trip_mask >> EAST != 0
    return has_honor if honors else not has_honor


@check("toitoi", Needs(max_runs=0))
def _toitoi(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(not s.runs)


@check("sanankou", Needs(triplets=3), by_wait=True)
def _sanankou(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.concealed_triplets == 3)


@check("sanshoku_doukou", Needs(triplets=3))
def _sanshoku_doukou(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    t = s.trip_mask
    return int(t & t >> 9 & t >> 18 & 0x1FF != 0)


@check("sankantsu", Needs(triplets=3))
def _sankantsu(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.kans == 3)


@check("shousangen", Needs(triplets=2, honor_triplets=2, honor_pair=True))
def _shousangen(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.pair in DRAGONS and (s.trip_mask & _DRAGON_BITS).bit_count() == 2)


# --- yakuman on the standard shape ------------------------------------------------------------------------------


@check("daisangen", Needs(triplets=3, honor_triplets=3))
def _daisangen(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.trip_mask & _DRAGON_BITS == _DRAGON_BITS)


@check("suuankou", Needs(triplets=4), by_wait=True)
def _suuankou(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.concealed_triplets == 4 and s.wait != "tanki")


@check("suuankou_tanki", Needs(triplets=4), by_wait=True)
def _suuankou_tanki(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return 2 if s.concealed_triplets == 4 and s.wait == "tanki" else 0


@check("daisuushii", Needs(triplets=4, honor_triplets=4))
def _daisuushii(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return 2 if s.trip_mask & _WIND_BITS == _WIND_BITS else 0


@check("shousuushii", Needs(triplets=3, honor_triplets=3, honor_pair=True))
def _shousuushii(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.pair in WINDS and (s.trip_mask & _WIND_BITS).bit_count() == 3)


@check("suukantsu", Needs(triplets=4))
def _suukantsu(s: ReadingFacts, ctx: WinContext, rules: RuleSet) -> int:
    return int(s.kans == 4)


STANDARD_SHAPE_YAKU = tuple(CHECKS)


def counted(key: str, multiplier: int, rules: RuleSet) -> int:
    """The multiplier a yakuman line is worth under ``rules``: the double forms (suuankou tanki, junsei chuuren,
    13-sided kokushi, daisuushii) count 2 only where ``rules.double_yakuman`` lists them. The line keeps the
    form's name either way, so a score sheet still says *which* form was made."""
    if multiplier == 2 and key not in rules.double_yakuman:
        return 1
    return multiplier


# --- yaku read off the tiles alone (any form) -------------------------------------------------------------------


def content_yaku(packed: int, open_hand: bool, rules: RuleSet) -> list[tuple[str, int]]:
    """Yaku that depend only on which kinds the hand holds (every tile, melds included, as ``tally`` packs them with
    the red fives folded in): flushes, tanyao, honroutou and the content yakuman. Returns (key, count) pairs; the
    caller converts to han. Each question is one mask, so the common case (none of them) costs next to nothing."""
    out: list[tuple[str, int]] = []
    n_suits = (packed & tally.SUITS[0] != 0) + (packed & tally.SUITS[1] != 0) + (packed & tally.SUITS[2] != 0)
    if n_suits > 1 and packed & tally.TERMINALS_HONORS and packed & tally.SIMPLES:
        return out  # the usual hand: two suits or more, simples and terminals or honors (so not all green either)
    honors = packed & tally.HONORS != 0
    if not packed & tally.TERMINALS_HONORS and (rules.kuitan or not open_hand):
        out.append(("tanyao", 1))
    if n_suits == 1:
        out.append(("honitsu" if honors else "chinitsu", 1))
    if not n_suits:
        out.append(("tsuuiisou", 1))
    elif not packed & tally.SIMPLES:
        out.append(("honroutou" if honors else "chinroutou", 1))
    # all green: only 2s 3s 4s 6s 8s and the Green Dragon (GREENS)
    if not packed & tally.NOT_GREEN:
        out.append(("ryuuiisou", 1))
    return out
