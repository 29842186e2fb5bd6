"""RuleSet: one frozen record of every rule option (each described in ``descriptions`` and ``docs/rules.md``).

Rules are data. A preset is a named RuleSet with a description and a source; a room copies a preset and changes
options with ``RuleSet.with_options``. Unknown option names and contradictory values are rejected with a message
that names the option, so a typo never becomes a silent new rule.

Every number a rule set holds has a range, declared with the option (``bounded``, gathered in ``RANGES``): the
values the game can play and the table can show, each range's reason in a comment beside it. A value outside it is
refused like a contradiction (``RuleError``, a ``ValueError``), so ``start_points=10**30`` never reaches a table.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from jantaku.tiles import SANMA_REMOVED, kind_name

FAMILIES = ("riichi", "zung-jung")
DOUBLE_YAKUMAN_FORMS = frozenset({"suuankou_tanki", "junsei_chuuren", "kokushi_13", "daisuushii"})
PAO_YAKU = frozenset({"daisangen", "daisuushii", "suukantsu"})
ABORTIVE_DRAWS = frozenset({"nine_terminals", "four_winds", "four_kans", "four_riichi", "triple_ron", "fifth_kan"})

#: The values a text option may take (checked by ``RuleSet.problems``, listed by ``jantaku rules NAME``).
CHOICES: dict[str, tuple[str, ...]] = {
    "family": FAMILIES,
    "length": ("east", "east-south"),
    "extension": ("none", "one-round-sudden-death", "until-west-4", "tie-break"),
    "last_dealer_stop": ("off", "first", "first-and-target"),
    "tie_break": ("seat", "shared"),
    "kan_dora_timing": ("standard", "immediate"),
    "kuikae": ("both-forbidden", "allowed"),
    "riichi_kan": ("waits", "waits-and-arrangement", "never"),
    "double_ron": ("all-win", "head-bump"),
    "triple_ron": ("all-win", "head-bump", "abort"),
    "deposits_to": ("nearest-discarder", "nearest-dealer"),
    "pao_honba": ("discarder", "liable"),
    "zj_win_priority": ("nearest-dealer", "next-after-discarder"),
}
T = TypeVar("T")


@dataclass(frozen=True)
class Bounds:
    """The whole numbers an option may hold: ``low`` to ``high`` in steps of ``step`` from ``low``. A list option
    (``uma``, ``red_fives``) holds each of its numbers to them."""

    low: int
    high: int
    step: int = 1

    def admits(self, value: int) -> bool:
        return self.low <= value <= self.high and (value - self.low) % self.step == 0

    def words(self) -> str:
        """The range as ``jantaku rules``, docs/rules.md and the refusals say it ("0 to 1,000,000 in steps of 100")."""
        if self.high - self.low == self.step:
            return f"{self.low:,} or {self.high:,}"
        return f"{self.low:,} to {self.high:,}" + (f" in steps of {self.step:,}" if self.step > 1 else "")


def bounded(default: T, low: int, high: int, step: int = 1) -> T:
    """A ``RuleSet`` field whose number (each number, for a tuple) keeps to ``Bounds(low, high, step)``."""
    return field(default=default, metadata={"bounds": Bounds(low, high, step)})


class RuleError(ValueError):
    """An unknown option, a value of the wrong type, or options that contradict each other."""


@dataclass(frozen=True)
class RuleSet:
    # identity
    name: str = "custom"
    description: str = ""
    source: str = "our choice"
    family: str = "riichi"

    # game shape
    # 3 (sanma) or 4: the engine deals for no other table; a room takes it from its preset
    players: int = bounded(4, 3, 4)
    length: str = "east-south"  # "east" | "east-south"
    # points: 0 (Zung Jung scores from nothing; a riichi game at 0 plays on until a payment busts it) to a million,
    # forty times the usual start and more than any run of hands moves (the largest hand, six yakuman by the dealer,
    # pays 288,000), while a seat's score line still shows it whole (seven digits). Riichi payments are rounded to
    # 100, so points step by 100 and every score stays a multiple of 100
    start_points: int = bounded(25000, 0, 1_000_000, 100)
    return_points: int = bounded(30000, 0, 1_000_000, 100)  # oka: first gets (return - start) * players; = start: none
    target_points: int = bounded(30000, 0, 1_000_000, 100)  # 0 = no target
    extension: str = "one-round-sudden-death"  # "none" | "one-round-sudden-death" | "until-west-4" | "tie-break"
    bust: bool = True
    last_dealer_stop: str = "off"  # "off" | "first" | "first-and-target"
    # the stop also applies when the dealer is only tenpai at an exhaustive draw. Off = a stop on a win only (Tenhou
    # before June 2010); our Tenhou corpus shows a tenpai stop (2022060102gm-00a9-0000-721b23eb, South 4), so
    # the tenhou presets keep it on (docs/rules.md#last_dealer_stop_tenpai)
    last_dealer_stop_tenpai: bool = True
    tie_break: str = "seat"  # "seat" | "shared"
    # in points, by final place; each on the scale of the scores, in their steps
    uma: tuple[int, ...] = bounded((0, 0, 0, 0), -1_000_000, 1_000_000, 100)
    time_limits: bool = False
    # minutes, 0 = never; up to ten hours: an East-South game with its West round takes two or three, so a clock
    # beyond that never rings ([S2]'s is 80 and 120)
    last_hand_after_minutes: int = bounded(0, 0, 600)
    end_after_minutes: int = bounded(0, 0, 600)

    # dealer and counters
    # 4-player ron 300, tsumo 100 each; 3-player 200 either way. Up to ten times that: beyond it a few counters
    # outweigh any hand
    honba_per_payer: int = bounded(100, 0, 1000, 100)
    # up to four times the usual 3000; it must also split into hundreds among 1 to players - 1 seats (``problems``)
    noten_total: int = bounded(3000, 0, 12_000, 100)
    tenpai_declaration: bool = False

    # tiles and dora
    # red copies of 5m, 5p, 5s: each suit has four fives
    red_fives: tuple[int, int, int] = bounded((1, 1, 1), 0, 4)
    ura_dora: bool = True
    kan_dora: bool = True
    kan_ura_dora: bool = True
    kan_dora_timing: str = "standard"  # "standard" (concealed at once, open/added after discard) | "immediate"
    # an open/added kan's pending indicator is turned when its caller wins on the replacement tile ([S0] in
    # docs/rules.md); Tenhou's records show it is not (all four rinshan wins after an added kan keep one indicator)
    kan_dora_on_rinshan_win: bool = True
    show_dora_tiles: bool = False  # doman shows the dora itself instead of the indicator (display only)
    # kans (+ North extractions in 3-player); the dead wall's replacement tiles: 4 kans and 4 Norths at most
    max_replacements: int = bounded(4, 0, 8)

    # calls
    chi: bool = True
    kuikae: str = "both-forbidden"  # "both-forbidden" | "allowed"
    kan_on_last_tile: bool = False
    fifth_kan_abort: bool = False
    chankan_closed_kan_kokushi: bool = True
    north_extraction: bool = False

    # riichi and furiten
    # a score (the start points' range); 0 lets a player riichi into a negative score where bust is off
    riichi_min_points: int = bounded(1000, 0, 1_000_000, 100)
    # up to the whole live wall after the deal (136 - 14 dead - 52 dealt = 70): more would forbid riichi outright
    riichi_min_live_tiles: int = bounded(4, 0, 70)
    furiten_riichi: bool = True
    karaten_riichi: bool = True
    riichi_kan: str = "waits"  # "waits" | "waits-and-arrangement" | "never"

    # multiple winners and draws
    double_ron: str = "all-win"  # "all-win" | "head-bump"
    triple_ron: str = "abort"  # "all-win" | "head-bump" | "abort"
    deposits_to: str = "nearest-discarder"  # "nearest-discarder" | "nearest-dealer"
    abortive_draws: frozenset[str] = field(
        default_factory=lambda: frozenset({"nine_terminals", "four_winds", "four_kans", "four_riichi"})
    )
    nagashi_mangan: bool = False

    # yaku and scoring
    kuitan: bool = True
    double_wind_fu: int = bounded(4, 2, 4, 2)  # the two fu values the sources give ([S1]: 2, [T]: 4)
    kiriage: bool = False
    kazoe_yakuman: bool = True  # off: 13+ han stops at sanbaiman
    multiple_yakuman: bool = True
    # 0 = no cap on how many yakuman add up; no hand holds more than six (a blessing, All Honors and two doubles:
    # Big Four Winds, Four Concealed single wait), so a cap above ten is no cap
    max_yakuman: int = bounded(0, 0, 10)
    double_yakuman: frozenset[str] = DOUBLE_YAKUMAN_FORMS
    renhou_yakuman: bool = False
    rinshan_haitei_stack: bool = False
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    # who pays the honba when a liability yakuman is won by ron: "discarder" (our choice) or "liable" (Tenhou)
    pao_honba: str = "discarder"
    sanma_tsumo_loss: bool = True

    # superpowers (docs/superpowers.md; the engine's side is ``engine.powers``)
    superpowers: bool = False

    # zung jung
    # a hand with no pattern is worth at most the published limit (320)
    chicken_hand_points: int = bounded(1, 0, 320)
    # 0 = no cap; the patterns of one hand add up to a few hundred points, so 10,000 is beyond any hand
    score_cap: int = bounded(320, 0, 10_000)
    # one round of four hands to three rounds
    zj_hands: int = bounded(4, 4, 12)
    zj_win_priority: str = "nearest-dealer"  # "nearest-dealer" | "next-after-discarder"

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise RuleError(f"rules {self.name!r}: " + "; ".join(problems))

    @property
    def sanma(self) -> bool:
        return self.players == 3

    @property
    def riichi(self) -> bool:
        return self.family == "riichi"

    @property
    def absent_kinds(self) -> frozenset[int]:
        """The tile kinds this rule set's tiles do not include (2m-8m in 3-player, docs/rules.md#sanma): no wall
        holds them, no hand may, no analysis offers them."""
        return SANMA_REMOVED if self.sanma else frozenset()

    def foreign_tile(self, counts: Sequence[int]) -> str | None:
        """Why tiles counted by kind (``counts``, 34) cannot come from this rule set's tiles, or None when they
        can: the first kind held that the set lacks, in the words the scorer and the analysis CLI both refuse it
        with."""
        kind = next((k for k in sorted(self.absent_kinds) if counts[k]), None)
        if kind is None:
            return None
        return f"{kind_name(kind)} is not in the 3-player tile set of rules {self.name!r} (2m-8m are removed)"

    def problems(self) -> list[str]:
        """Contradictions between options, each as a readable sentence."""
        out: list[str] = []
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                out.append(f"{name} must be {_one_of(allowed)}, not {value!r}")
        wrong = set()
        for name, bounds in RANGES.items():
            value = getattr(self, name)
            listed = isinstance(value, tuple | list)
            numbers = list(value) if listed else [value]
            each = " each" if listed else ""
            if any(isinstance(v, bool) or not isinstance(v, int) for v in numbers):
                kind = "a list of whole numbers" if listed else "a whole number"
                out.append(f"{name} is {kind} ({bounds.words()}{each}), not {_shown(value)}")
                wrong.add(name)
            elif outside := [v for v in numbers if not bounds.admits(v)]:
                out.append(f"{name} must be {bounds.words()}{each}, not {_shown(outside[0])}")
                wrong.add(name)
        if not wrong & {"noten_total", "players"} and self.noten_total % self.noten_unit():
            seats = _one_of(tuple(str(k) for k in range(1, self.players)))
            out.append(
                f"noten_total {self.noten_total} does not split evenly into hundreds among {seats} players: "
                f"choose a multiple of {self.noten_unit()}"
            )
        if self.superpowers and not self.riichi:
            out.append("superpowers are a riichi rule (family='riichi')")
        if self.players == 3 and self.chi:
            out.append("chi does not exist in 3-player mahjong (chi=False)")
        if self.players == 3 and self.red_fives[0]:
            out.append("3-player mahjong has no 5m, so it cannot have a red 5m (red_fives[0]=0)")
        if len(self.red_fives) != 3:
            out.append(f"red_fives needs three counts (5m, 5p, 5s), not {list(self.red_fives)}")
        if self.players == 4 and self.north_extraction:
            out.append("North extraction is a 3-player rule")
        unknown = set(self.double_yakuman) - DOUBLE_YAKUMAN_FORMS
        if unknown:
            out.append(f"unknown double yakuman forms {sorted(unknown)} (known: {sorted(DOUBLE_YAKUMAN_FORMS)})")
        if set(self.pao) - PAO_YAKU:
            out.append(f"pao applies only to {sorted(PAO_YAKU)}")
        if set(self.abortive_draws) - ABORTIVE_DRAWS:
            out.append(f"unknown abortive draws {sorted(set(self.abortive_draws) - ABORTIVE_DRAWS)}")
        if len(self.uma) != self.players and any(self.uma):
            out.append(f"uma needs one value per player ({self.players}), got {len(self.uma)}")
        if self.family == "zung-jung" and self.players != 4:
            out.append("Zung Jung is played by 4 players")
        return out

    def noten_unit(self) -> int:
        """What ``noten_total`` must be a multiple of: shared by 1 to players - 1 tenpai seats and paid by 1 to
        players - 1 noten seats, every share in whole hundreds (600 with 4 players, 200 with 3)."""
        return math.lcm(*(100 * k for k in range(1, self.players)))

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with options changed; unknown names raise ``RuleError`` listing the close matches."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = [k for k in options if k not in names]
        if unknown:
            import difflib

            hints = []
            for k in unknown:
                near = difflib.get_close_matches(k, names, n=1)
                hints.append(f"{k!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
            raise RuleError("unknown rule option " + ", ".join(hints))
        coerced = {k: _coerce(getattr(self, k), v, k) for k, v in options.items()}
        try:
            return dataclasses.replace(self, **coerced)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, RuleError):
                raise
            raise RuleError(f"bad rule option value: {exc}") from None

    def options(self) -> dict[str, Any]:
        """Every option as plain JSON-friendly data (sets become sorted lists)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, frozenset):
                v = sorted(v)
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out


#: Every number option's range (``bounded`` beside each field of ``RuleSet``), by option name.
RANGES: dict[str, Bounds] = {
    f.name: f.metadata["bounds"] for f in dataclasses.fields(RuleSet) if "bounds" in f.metadata
}


def option_bounds() -> dict[str, dict[str, int]]:
    """The ranges as plain data, for a form's number inputs (``GET /api/presets``): name -> min, max, step."""
    return {name: {"min": b.low, "max": b.high, "step": b.step} for name, b in RANGES.items()}


def _one_of(allowed: tuple[str, ...]) -> str:
    return ", ".join(allowed[:-1]) + " or " + allowed[-1] if len(allowed) > 1 else allowed[0]


def _shown(value: Any) -> str:
    """A value in a message, cut short: a client's value may be megabytes of digits."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: Any) -> int:
    """A whole number as JSON or text says it: an int, a float without a fraction (30000.0) or digits ("30000");
    ``TypeError`` or ``ValueError`` for anything else (a bool, 1.5, inf, "abc")."""
    if isinstance(value, bool):
        raise TypeError("a bool is not a number")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        return int(value)
    raise TypeError(f"not a whole number: {value!r}")


def _coerce(current: Any, value: Any, name: str) -> Any:
    """Accept JSON-ish values for an option whose current value shows the expected type."""
    if isinstance(current, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "on", "yes", "1", "false", "off", "no", "0"):
            return value.lower() in ("true", "on", "yes", "1")
        raise RuleError(f"option {name!r} is on/off, not {_shown(value)}")
    bounds = f" ({RANGES[name].words()})" if name in RANGES else ""
    if isinstance(current, int):
        try:
            return _whole(value)
        except (TypeError, ValueError):
            raise RuleError(f"{name} is a whole number{bounds}, not {_shown(value)}") from None
    if isinstance(current, frozenset):
        if isinstance(value, str):
            value = [v for v in value.split(",") if v]
        if not isinstance(value, (list, tuple, set, frozenset)) or not all(isinstance(v, str) for v in value):
            raise RuleError(f"option {name!r} is a list of names, not {_shown(value)}")
        return frozenset(value)
    if isinstance(current, tuple):
        try:
            items = value.split(",") if isinstance(value, str) else list(value)
            return tuple(_whole(v.strip() if isinstance(v, str) else v) for v in items)
        except (TypeError, ValueError):
            raise RuleError(f"{name} is a list of whole numbers{bounds[:-1]} each), not {_shown(value)}") from None
    if isinstance(current, str):
        if not isinstance(value, str):
            raise RuleError(f"option {name!r} is text, not {_shown(value)}")
        return value
    return value
