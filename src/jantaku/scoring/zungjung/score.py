"""Scoring a Zung Jung win ([S4], docs/rules.md#zung-jung-family).

1. Read every arrangement of the hand: each way to split the concealed tiles into sets and a pair, Seven Pairs,
   Thirteen Wonders, and for a win on another player's tile each set the winning tile can complete (a triplet
   completed by that tile counts as melded, not concealed).
2. For each: the patterns it shows plus those of the situation, keeping only the highest of each series.
3. Keep the arrangement worth most ("hands can only be scored on one arrangement"); a hand with no pattern is
   worth ``chicken_hand_points``; every hand is capped at ``score_cap``.
4. Self-draw: each of the three others pays the value; discard or robbed quad: the discarder pays three times it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from jantaku.hand.decompose import TRIPLET, is_seven_pairs, is_thirteen_orphans, standard_shapes
from jantaku.hand.model import Hand
from jantaku.melds import MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.zungjung.context import SEAT_LETTERS, ZungJungContext
from jantaku.scoring.zungjung.detect import HandReading, Unit, ZungJungForm, shape_patterns
from jantaku.scoring.zungjung.patterns import BY_NUMBER, PATTERNS, Pattern
from jantaku.tiles import KINDS, RED_MAN, code_name, format_tiles, kind_name, kind_of

_ORDER = {p.number: i for i, p in enumerate(PATTERNS)}
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


class ZungJungError(ValueError):
    """The win cannot be scored. ``code`` is ``not_winning`` (no complete shape), ``invalid_hand`` (wrong size,
    too many copies, red fives), ``invalid_context`` (contradictory flags) or ``invalid_rules`` (not a Zung Jung
    rule set)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)

    def to_dict(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": str(self)}}


@dataclass(frozen=True, slots=True)
class PatternLine:
    """A counted pattern; ``count`` > 1 only for Value Honour (10 per set)."""

    pattern: Pattern
    count: int = 1

    @property
    def number(self) -> str:
        return self.pattern.number

    @property
    def name(self) -> str:
        return self.pattern.name

    @property
    def points(self) -> int:
        return self.pattern.points * self.count

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "name": self.name, "points": self.points, "count": self.count}


@dataclass(frozen=True, slots=True)
class ZungJungResult:
    """The scored win. ``total`` is the patterns' sum before the cap (0 for a chicken hand); ``value`` what the
    hand is worth after the chicken-hand rule and the cap; ``payments`` maps seat → points moved (negative =
    pays), the winner included, summing to zero."""

    patterns: tuple[PatternLine, ...]
    total: int
    value: int
    chicken: bool
    capped: bool
    payments: dict[int, int]
    winner: int
    payer: int | None
    arrangement: str

    @property
    def points(self) -> int:
        return self.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "points": self.value,
            "total": self.total,
            "chicken": self.chicken,
            "capped": self.capped,
            "patterns": [line.to_dict() for line in self.patterns],
            "payments": {SEAT_LETTERS[s]: v for s, v in sorted(self.payments.items())},
            "winner": SEAT_LETTERS[self.winner],
            "payer": None if self.payer is None else SEAT_LETTERS[self.payer],
            "arrangement": self.arrangement,
            "error": None,
        }


def count_patterns(numbers: list[str]) -> list[PatternLine]:
    """The source's series rule: of every series only the highest pattern counts (Value Honour counts per set)."""
    best: dict[str, PatternLine] = {}
    for number, n in Counter(numbers).items():
        line = PatternLine(BY_NUMBER[number], n)
        series = line.pattern.series
        if series not in best or line.points > best[series].points:
            best[series] = line
    return sorted(best.values(), key=lambda line: _ORDER[line.number])


def situation_patterns(hand: Hand, win: int, ctx: ZungJungContext) -> list[str]:
    """Patterns of how the hand was won, the same for every arrangement: 2.2 and 9.x."""
    found = ["2.2"] if _nine_gates(hand, win) else []
    if ctx.last_tile:
        found.append("9.1.1" if ctx.self_draw else "9.1.2")
    if ctx.replacement:
        found.append("9.2")
    if ctx.robbing_quad:
        found.append("9.3")
    no_concealed_quad = not any(m.kind is MeldKind.CLOSED_KAN for m in hand.melds)
    if ctx.blessing_heaven and no_concealed_quad:
        found.append("9.4.1")
    if ctx.blessing_earth and no_concealed_quad:
        found.append("9.4.2")
    return found


def _nine_gates(hand: Hand, win: int) -> bool:
    """The 13 tiles before the win are exactly 1112345678999 of one suit (docs/rules.md), won on that suit."""
    if hand.melds:
        return False
    counts = hand.concealed_counts()
    suit = kind_of(win) // 9
    return suit < 3 and tuple(counts[suit * 9 : suit * 9 + 9]) == _NINE_GATES and sum(counts) == 13


def _meld_units(hand: Hand) -> list[Unit]:
    return [
        Unit(m.first, m.is_run, m.is_kan, concealed=m.kind is MeldKind.CLOSED_KAN, melded=m.is_open) for m in hand.melds
    ]


def _placements(groups: tuple[int, ...], pair: int, win: int, self_draw: bool) -> Iterator[tuple[bool, ...]]:
    """For each place the winning tile can sit, which concealed groups still count as concealed triplets.

    On a self-draw every concealed set is concealed. On another player's tile, a triplet the tile completes
    counts as melded; the tile may also sit in a run or the pair, leaving every triplet concealed."""
    trip = tuple(g >= TRIPLET for g in groups)
    if self_draw or pair == win or any(g < TRIPLET and g <= win <= g + 2 for g in groups):
        yield trip
    if not self_draw and TRIPLET + win in groups:
        yield tuple(t and g != TRIPLET + win for t, g in zip(trip, groups, strict=True))


def shapes(hand: Hand, win: int, ctx: ZungJungContext) -> Iterator[HandReading]:
    """Every arrangement of the hand plus its winning tile (``win`` is a kind)."""
    counts = hand.concealed_counts()
    counts[win] += 1
    kinds = frozenset(hand.all_kinds()) | {win}
    melds = _meld_units(hand)
    for groups, pair in standard_shapes(counts):
        for concealed in _placements(groups, pair, win, ctx.self_draw):
            sets = [
                Unit(g % TRIPLET, g < TRIPLET, False, concealed=c, melded=False)
                for g, c in zip(groups, concealed, strict=True)
            ]
            yield HandReading(ZungJungForm.REGULAR, kinds, ctx.seat_wind, (*melds, *sets), pair)
    if is_seven_pairs(counts):
        yield HandReading(
            ZungJungForm.SEVEN_PAIRS, kinds, ctx.seat_wind, pairs=tuple(k for k in range(KINDS) if counts[k])
        )
    if is_thirteen_orphans(counts):
        yield HandReading(ZungJungForm.THIRTEEN_WONDERS, kinds, ctx.seat_wind)


def describe(shape: HandReading) -> str:
    """The arrangement in our notation: melded sets in [..], concealed quads in (..), a triplet completed by a
    discard in [..] too (it counts as melded)."""
    if shape.form is ZungJungForm.SEVEN_PAIRS:
        return " ".join(format_tiles([k, k]) for k in shape.pairs)
    if shape.form is ZungJungForm.THIRTEEN_WONDERS:
        return "thirteen wonders"
    hidden = sorted((u for u in shape.sets if not u.melded and not u.quad), key=lambda u: (u.first, u.run))
    shown = [u for u in shape.sets if u.melded or u.quad]
    return " ".join([*map(_unit_text, hidden), format_tiles([shape.pair, shape.pair]), *map(_unit_text, shown)])


def _unit_text(u: Unit) -> str:
    text = format_tiles(list(u.kinds) if u.run else [u.first] * (4 if u.quad else 3))
    if u.quad and not u.melded:
        return f"({text})"
    if u.melded or (not u.run and not u.concealed):
        return f"[{text}]"
    return text


def _value(total: int, rules: RuleSet) -> tuple[int, bool]:
    """(value, capped): the chicken hand's points when no pattern applies, then the cap (0 or less: no cap)."""
    raw = total if total else rules.chicken_hand_points
    if rules.score_cap > 0 and raw > rules.score_cap:
        return rules.score_cap, True
    return raw, False


def payments(value: int, ctx: ZungJungContext) -> dict[int, int]:
    """Self-draw: each loser pays ``value``; otherwise the discarder (or robbed player) pays 3 × ``value``."""
    by_seat = dict.fromkeys(range(4), 0)
    payer = ctx.payer
    for seat in range(4):
        if seat != ctx.winner and payer in (None, seat):
            share = value if payer is None else 3 * value
            by_seat[seat] -= share
            by_seat[ctx.winner] += share
    return by_seat


def _validate(hand: Hand, win: int, ctx: ZungJungContext, rules: RuleSet) -> None:
    if rules.family != "zung-jung":
        raise ZungJungError("invalid_rules", f"rules {rules.name!r} are not Zung Jung rules")
    if hand.size != 13:
        raise ZungJungError(
            "invalid_hand", f"the hand without the winning tile must count 13 (a meld counts 3), not {hand.size}"
        )
    all_codes = [*hand.all_codes(), win]
    counts = Counter(kind_of(c) for c in all_codes)
    for k, n in sorted(counts.items()):
        if n > 4:
            raise ZungJungError("invalid_hand", f"{n} copies of {kind_name(k)} with the winning tile")
    reds = [c for c in all_codes if c >= RED_MAN and rules.red_fives[c - RED_MAN] == 0]
    if reds:
        raise ZungJungError("invalid_hand", f"red five {code_name(reds[0])}: rules {rules.name!r} have none")
    problems = ctx.problems()
    k = kind_of(win)
    if ctx.replacement and not any(m.is_kan for m in hand.melds):
        problems.append("a win on a quad's supplement tile needs a quad in the hand")
    if ctx.robbing_quad and counts[k] > 1:
        problems.append("the robbed quad holds the other copies of the winning tile; the winner cannot hold one")
    if (ctx.blessing_heaven or ctx.blessing_earth) and any(m.is_open for m in hand.melds):
        problems.append("no set can be melded before a Blessing of Heaven or Earth")
    if problems:
        raise ZungJungError("invalid_context", "; ".join(problems))


def score_zung_jung(hand: Hand, win: int, ctx: ZungJungContext, rules: RuleSet) -> ZungJungResult:
    """Score a win. ``hand`` holds the 13 tiles before the win (a meld counts 3); ``win`` is a tile code.

    Raises ``ZungJungError`` (see its ``code``) when the hand, context or rules are wrong or the hand is not
    complete.
    """
    _validate(hand, win, ctx, rules)
    situation = situation_patterns(hand, win, ctx)
    best: tuple[tuple[int, int], list[PatternLine], HandReading] | None = None
    for shape in shapes(hand, kind_of(win), ctx):
        lines = count_patterns(shape_patterns(shape) + situation)
        total = sum(line.points for line in lines)
        key = (_value(total, rules)[0], total)
        if best is None or key > best[0]:
            best = (key, lines, shape)
    if best is None:
        raise ZungJungError("not_winning", f"{hand} + {code_name(win)} is not a complete hand")
    (_, total), lines, shape = best
    value, capped = _value(total, rules)
    return ZungJungResult(
        patterns=tuple(lines),
        total=total,
        value=value,
        chicken=total == 0,
        capped=capped,
        payments=payments(value, ctx),
        winner=ctx.winner,
        payer=ctx.payer,
        arrangement=describe(shape),
    )
