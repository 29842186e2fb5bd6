"""What makes a win impossible to score: a hand or a context that cannot be (``ScoringError`` with a code).

``validate`` is the definition: it names the first problem in words. The scorer does not run it on every call: it
counts the tiles its own packed way, checks those counts against the rules' limits with one addition (``tally``),
and asks ``plain_context`` whether the context is an everyday one, and only when either has doubts does it call
``validate``, which then raises with the message (or finds nothing wrong, and scoring goes on).
"""

from __future__ import annotations

from jantaku.hand.model import Hand
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.context import WinContext
from jantaku.tiles import EAST, FIVES, KINDS, NORTH, RED_MAN, code_name, kind_name, kind_of


class ScoringError(ValueError):
    """The hand cannot be scored. ``code`` is one of: ``not_winning``, ``no_yaku``, ``invalid_hand``,
    ``invalid_context``."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)

    @classmethod
    def quick(cls, code: str, message: str) -> ScoringError:
        """The same error made without the Python-level ``__init__`` (the scorer raises ``no_yaku`` for a third
        of random complete hands)."""
        err = cls.__new__(cls, message)  # BaseException.__new__ sets ``args``
        err.code = code
        return err


def _kind_of_value(value: object) -> str:
    return f"{type(value).__name__} {value!r}" if not isinstance(value, (int, type(None))) else repr(value)


def check_arguments(hand: object, win: object, ctx: object, rules: object) -> None:
    """Raise ``TypeError`` with a sentence when an argument of ``score`` is not of the type it takes (a hand as a
    string, a winning tile as notation, a preset's name for the rules, a wind as a letter, ...)."""
    if not isinstance(hand, Hand):
        raise TypeError(f'score() takes a Hand (Hand.parse("123m456p789s1122z")), not {_kind_of_value(hand)}')
    if isinstance(win, bool) or not isinstance(win, int):
        raise TypeError(f'score() takes the winning tile as a tile code (parse_tile("1z")), not {_kind_of_value(win)}')
    if not isinstance(ctx, WinContext):
        raise TypeError(f"score() takes a WinContext (WinContext(riichi=True, ...)), not {_kind_of_value(ctx)}")
    if not isinstance(rules, RuleSet):
        raise TypeError(f'score() takes a RuleSet (preset("standard")), not {_kind_of_value(rules)}')
    for name in ("round_wind", "seat_wind", "discarder", "pao"):
        value = getattr(ctx, name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"WinContext.{name} is a wind kind (EAST .. NORTH from jantaku.tiles), not {value!r}")
    for name in ("dora", "ura"):
        value = getattr(ctx, name)
        if not isinstance(value, (tuple, list)) or not all(isinstance(i, int) for i in value):
            raise TypeError(f'WinContext.{name} is a tuple of indicator tile codes (parse_tiles("3z")), not {value!r}')
    for name in ("kita", "honba", "sticks"):
        value = getattr(ctx, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"WinContext.{name} is a whole number, not {value!r}")


def hand_problems(hand: Hand, win: int, rules: RuleSet) -> tuple[list[int], int, list[int]]:
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
    foreign = rules.foreign_tile(counts)
    if foreign:
        raise ScoringError("invalid_hand", foreign)
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


def context_problems(hand: Hand, win: int, ctx: WinContext, rules: RuleSet, counts: list[int]) -> list[str]:
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
    for label, wind in (
        ("seat", ctx.seat_wind),
        ("round", ctx.round_wind),
        ("discarder", ctx.discarder),
        ("pao", ctx.pao),
    ):
        if wind is not None and not EAST <= wind <= NORTH:
            problems.append(f"the {label} wind must be E, S, W or N")
    if rules.sanma and NORTH in (ctx.seat_wind, ctx.discarder, ctx.pao):
        problems.append("3-player mahjong has no North seat")
    if ctx.chankan and counts[kind_of(win)] > 1:
        problems.append("a robbed kan's tile cannot also be in the winner's hand (the kan holds the other three)")
    for i in (*ctx.dora, *ctx.ura):
        if not 0 <= i <= RED_MAN + 2 or kind_of(i) in rules.absent_kinds:
            problems.append(f"dora indicator {i} is not a tile of these rules")
            break
    return problems


def validate(hand: Hand, win: int, ctx: WinContext, rules: RuleSet) -> tuple[list[int], int, list[int]]:
    """Raise ``ScoringError`` for a hand or context that cannot be; else the tile counts (every tile, then the
    concealed tiles with the winning tile) and the number of red fives."""
    check_arguments(hand, win, ctx, rules)
    if not rules.riichi:
        raise ScoringError("invalid_context", f"rules {rules.name!r} are not a riichi rule set; use zung-jung scoring")
    counts, reds, concealed = hand_problems(hand, win, rules)
    problems = context_problems(hand, win, ctx, rules, counts)
    if problems:
        raise ScoringError("invalid_context", "; ".join(problems))
    return counts, reds, concealed


def plain_context(ctx: WinContext, menzen: bool, sanma: bool, indicators: dict[int, int]) -> int:
    """For an everyday context that ``validate`` cannot object to, whatever the (valid) tiles, the flags the
    situational yaku hang on, as ``situational_flags`` packs them; -1 means "ask ``validate``", not "invalid".
    Everyday: none of the rare flags (rinshan, chankan, last tile, blessings, double riichi, North extraction, ura
    dora, a named discarder or liable seat), ippatsu only with riichi and riichi only closed, real winds, no
    negative counters, and dora indicators among the rules' tiles (``indicators``)."""
    if (
        ctx.rinshan
        or ctx.chankan
        or ctx.haitei
        or ctx.houtei
        or ctx.tenhou
        or ctx.chiihou
        or ctx.renhou
        or ctx.double_riichi
        or ctx.kita
        or ctx.ura
        or ctx.discarder is not None
        or ctx.pao is not None
    ):
        return -1
    riichi, ippatsu = ctx.riichi, ctx.ippatsu
    if (ippatsu and not riichi) or (riichi and not menzen) or ctx.honba < 0 or ctx.sticks < 0:
        return -1
    seat = ctx.seat_wind
    if not (EAST <= seat <= NORTH and EAST <= ctx.round_wind <= NORTH) or (sanma and seat == NORTH):
        return -1
    for i in ctx.dora:
        if i not in indicators:
            return -1
    return (1 if ctx.tsumo else 0) | (2 if riichi else 0) | (8 if ippatsu else 0) | (256 if menzen else 0)


def situational_flags(ctx: WinContext, menzen: bool) -> int:
    """The context's flags that situational yaku hang on, one bit each (tsumo, riichi, double riichi, ippatsu,
    rinshan, chankan, haitei, houtei), and the closed hand (bit 8)."""
    return (
        (1 if ctx.tsumo else 0)
        | (2 if ctx.riichi else 0)
        | (4 if ctx.double_riichi else 0)
        | (8 if ctx.ippatsu else 0)
        | (16 if ctx.rinshan else 0)
        | (32 if ctx.chankan else 0)
        | (64 if ctx.haitei else 0)
        | (128 if ctx.houtei else 0)
        | (256 if menzen else 0)
    )
