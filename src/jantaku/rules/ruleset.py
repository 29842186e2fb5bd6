"""RuleSet: one frozen record of every rule option (each described in ``descriptions`` and ``docs/rules.md``).

Rules are data. A preset is a named RuleSet with a description and a source; a room copies a preset and changes
options with ``RuleSet.with_options``. Unknown option names and contradictory values are rejected with a message
that names the option, so a typo never becomes a silent new rule.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

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
#: The lowest (and, where there is one, highest) value of each whole-number option.
RANGES: dict[str, tuple[int, int | None]] = {
    "players": (3, 4),
    "start_points": (0, None),
    "return_points": (0, None),
    "target_points": (0, None),
    "last_hand_after_minutes": (0, None),
    "end_after_minutes": (0, None),
    "honba_per_payer": (0, None),
    "noten_total": (0, None),
    "max_replacements": (0, 8),
    "riichi_min_points": (0, None),
    "riichi_min_live_tiles": (0, None),
    "max_yakuman": (0, None),
    "chicken_hand_points": (0, None),
    "score_cap": (0, None),
    "zj_hands": (4, 12),
}


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
    players: int = 4
    length: str = "east-south"  # "east" | "east-south"
    start_points: int = 25000
    return_points: int = 30000  # oka: first place gets (return - start) * players; equal to start = no oka
    target_points: int = 30000  # 0 = no target
    extension: str = "one-round-sudden-death"  # "none" | "one-round-sudden-death" | "until-west-4" | "tie-break"
    bust: bool = True
    last_dealer_stop: str = "off"  # "off" | "first" | "first-and-target"
    # the stop also applies when the dealer is only tenpai at an exhaustive draw. Off = a stop on a win only (Tenhou
    # before June 2010); our Tenhou corpus shows a tenpai stop (2022060102gm-00a9-0000-721b23eb, South 4), so
    # the tenhou presets keep it on (docs/rules.md#last_dealer_stop_tenpai)
    last_dealer_stop_tenpai: bool = True
    tie_break: str = "seat"  # "seat" | "shared"
    uma: tuple[int, ...] = (0, 0, 0, 0)  # in points, by final place
    time_limits: bool = False
    last_hand_after_minutes: int = 0
    end_after_minutes: int = 0

    # dealer and counters
    honba_per_payer: int = 100  # 4-player ron 300, tsumo 100 each; 3-player 200 either way
    noten_total: int = 3000
    tenpai_declaration: bool = False

    # tiles and dora
    red_fives: tuple[int, int, int] = (1, 1, 1)  # red copies of 5m, 5p, 5s
    ura_dora: bool = True
    kan_dora: bool = True
    kan_ura_dora: bool = True
    kan_dora_timing: str = "standard"  # "standard" (concealed at once, open/added after discard) | "immediate"
    # an open/added kan's pending indicator is turned when its caller wins on the replacement tile ([S0] in
    # docs/rules.md); Tenhou's records show it is not (all four rinshan wins after an added kan keep one indicator)
    kan_dora_on_rinshan_win: bool = True
    show_dora_tiles: bool = False  # doman shows the dora itself instead of the indicator (display only)
    max_replacements: int = 4  # kans (+ North extractions in 3-player)

    # calls
    chi: bool = True
    kuikae: str = "both-forbidden"  # "both-forbidden" | "allowed"
    kan_on_last_tile: bool = False
    fifth_kan_abort: bool = False
    chankan_closed_kan_kokushi: bool = True
    north_extraction: bool = False

    # riichi and furiten
    riichi_min_points: int = 1000
    riichi_min_live_tiles: int = 4
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
    double_wind_fu: int = 4
    kiriage: bool = False
    kazoe_yakuman: bool = True  # off: 13+ han stops at sanbaiman
    multiple_yakuman: bool = True
    max_yakuman: int = 0  # 0 = no cap on how many yakuman add up
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
    chicken_hand_points: int = 1
    score_cap: int = 320
    zj_hands: int = 4
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

    def problems(self) -> list[str]:
        """Contradictions between options, each as a readable sentence."""
        out: list[str] = []
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                out.append(f"{name} must be {_one_of(allowed)}, not {value!r}")
        for name, (low, high) in RANGES.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                out.append(f"{name} must be a whole number, not {value!r}")
            elif value < low or (high is not None and value > high):
                bounds = f"{low} to {high}" if high is not None else f"{low} or more"
                out.append(f"{name} must be {bounds}, not {value}")
        if self.superpowers and not self.riichi:
            out.append("superpowers are a riichi rule (family='riichi')")
        if self.players == 3 and self.chi:
            out.append("chi does not exist in 3-player mahjong (chi=False)")
        if self.players == 3 and self.red_fives[0]:
            out.append("3-player mahjong has no 5m, so it cannot have a red 5m (red_fives[0]=0)")
        if len(self.red_fives) != 3:
            out.append(f"red_fives needs three counts (5m, 5p, 5s), not {list(self.red_fives)}")
        elif any(not 0 <= r <= 4 for r in self.red_fives):
            out.append(f"red_fives counts must be 0..4 per suit, not {self.red_fives}")
        if self.players == 4 and self.north_extraction:
            out.append("North extraction is a 3-player rule")
        if self.double_wind_fu not in (2, 4):
            out.append(f"double_wind_fu must be 2 or 4, not {self.double_wind_fu}")
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


def _one_of(allowed: tuple[str, ...]) -> str:
    return ", ".join(allowed[:-1]) + " or " + allowed[-1] if len(allowed) > 1 else allowed[0]


def _coerce(current: Any, value: Any, name: str) -> Any:
    """Accept JSON-ish values for an option whose current value shows the expected type."""
    if isinstance(current, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "on", "yes", "1", "false", "off", "no", "0"):
            return value.lower() in ("true", "on", "yes", "1")
        raise RuleError(f"option {name!r} is on/off, not {value!r}")
    if isinstance(current, int):
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise RuleError(f"option {name!r} is a number, not {value!r}")
        try:
            return int(value)
        except ValueError:
            raise RuleError(f"option {name!r} is a number, not {value!r}") from None
    if isinstance(current, frozenset):
        if isinstance(value, str):
            value = [v for v in value.split(",") if v]
        if not isinstance(value, (list, tuple, set, frozenset)) or not all(isinstance(v, str) for v in value):
            raise RuleError(f"option {name!r} is a list of names, not {value!r}")
        return frozenset(value)
    if isinstance(current, tuple):
        try:
            items = value.split(",") if isinstance(value, str) else list(value)
            return tuple(int(v) for v in items)
        except (TypeError, ValueError):
            raise RuleError(f"option {name!r} is a list of numbers, not {value!r}") from None
    if isinstance(current, str):
        if not isinstance(value, str):
            raise RuleError(f"option {name!r} is text, not {value!r}")
        return value
    return value
