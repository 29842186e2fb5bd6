"""From user input to library calls: winds, dora indicators, rule options and the full scoring request.

Both the ``score`` command (flags) and batch mode (JSON fields) go through ``build_request`` so that they accept
exactly the same values and report exactly the same errors. Every problem is an ``InputError`` whose ``code`` is
one of the batch error codes: ``bad_json``, ``invalid_hand``, ``invalid_context``, ``invalid_rules`` (the scorer
adds ``not_winning`` and ``no_yaku``).

No typer or rich here: batch mode runs on this module and the library alone.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jantaku.hand import ukeire
from jantaku.hand.model import Hand
from jantaku.rules import RuleError, RuleSet, preset
from jantaku.scoring.dispatch import ZungJungError, score_any
from jantaku.scoring.riichi import ScoreResult, ScoringError, WinContext, score
from jantaku.tiles import EAST, KINDS, NotationError, kind_name, parse_tile, parse_tiles

WIND_LETTERS = "ESWN"
WIND_NAMES = ("East", "South", "West", "North")

#: Batch input keys and their defaults (``discarder`` and ``pao`` are optional wind letters).
DEFAULTS: dict[str, Any] = {
    "hand": None,
    "win": None,
    "tsumo": False,
    "riichi": False,
    "double_riichi": False,
    "ippatsu": False,
    "rinshan": False,
    "chankan": False,
    "haitei": False,
    "houtei": False,
    "tenhou": False,
    "chiihou": False,
    "renhou": False,
    "dora": [],
    "ura": [],
    "kita": 0,
    "round_wind": "E",
    "seat_wind": "E",
    "honba": 0,
    "sticks": 0,
    "rules": "standard",
    "options": {},
    "discarder": None,
    "pao": None,
}


class InputError(ValueError):
    """Input the scorer cannot take; ``code`` says which part (see the module doc)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Request:
    """One parsed scoring request."""

    hand: Hand
    win: int
    ctx: WinContext
    rules: RuleSet


@lru_cache(maxsize=64)
def parse_wind(text: str, what: str = "wind") -> int:
    """A wind as a kind: ``E``/``S``/``W``/``N``, ``east``..``north`` or ``1z``..``4z`` (any case)."""
    t = text.strip().lower()
    for i, (letter, name) in enumerate(zip(WIND_LETTERS, WIND_NAMES, strict=True)):
        if t in (letter.lower(), name.lower(), f"{i + 1}z"):
            return EAST + i
    raise InputError("invalid_context", f"{what} must be E, S, W or N, not {text!r}")


def wind_letter(kind: int) -> str:
    return WIND_LETTERS[kind - EAST]


def wind_name(kind: int) -> str:
    return WIND_NAMES[kind - EAST]


@lru_cache(maxsize=1024)
def _indicators(text: str, what: str) -> tuple[int, ...]:
    try:
        return tuple(parse_tiles(text))
    except NotationError as exc:
        raise InputError("invalid_context", f"{what}: {exc}") from None


def parse_indicators(values: str | list[Any] | tuple[Any, ...] | None, what: str = "dora") -> tuple[int, ...]:
    """Dora indicators as tile codes from a string (``"3z5m"``) or a list of such strings."""
    if values is None:
        return ()
    if isinstance(values, str):
        return _indicators(values, what)
    if not isinstance(values, (list, tuple)) or not all(isinstance(v, str) for v in values):
        raise InputError("invalid_context", f'{what} must be a list of tile strings like ["3z", "5m"]')
    out: list[int] = []
    for v in values:
        out.extend(_indicators(v, what))
    return tuple(out)


def parse_option_pairs(pairs: list[str] | None) -> dict[str, str]:
    """``["kuitan=off", "uma=20000,10000,-10000,-20000"]`` → a dict (later keys win)."""
    out: dict[str, str] = {}
    for p in pairs or ():
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise InputError("invalid_rules", f"--option takes key=value, not {p!r}")
        out[key.strip()] = value.strip()
    return out


_RULES_CACHE: dict[tuple[str, str], RuleSet | InputError] = {}


def load_rules(name: str, options: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset with options applied, cached per distinct (name, options) pair (errors are cached too)."""
    opts_key = json.dumps(options, sort_keys=True) if options else ""
    key = (name, opts_key)
    got = _RULES_CACHE.get(key)
    if got is None:
        got = _load_rules(name, options or {})
        if len(_RULES_CACHE) > 4096:
            _RULES_CACHE.clear()
        _RULES_CACHE[key] = got
    if isinstance(got, InputError):
        raise InputError(got.code, str(got))
    return got


def _load_rules(name: str, options: Mapping[str, Any]) -> RuleSet | InputError:
    try:
        rules = preset(name)
        return rules.with_options(**options) if options else rules
    except RuleError as exc:
        return InputError("invalid_rules", str(exc))
    except (ValueError, TypeError) as exc:
        # RuleSet.with_options lets some bad values through as plain ValueError/TypeError
        return InputError("invalid_rules", f"bad rule option value in {dict(options)!r}: {exc}")


def _bool(fields: Mapping[str, Any], key: str) -> bool:
    v = fields.get(key, False)
    if not isinstance(v, bool):
        raise InputError("invalid_context", f"{key!r} must be true or false, not {v!r}")
    return v


def _count(fields: Mapping[str, Any], key: str) -> int:
    v = fields.get(key, 0)
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise InputError("invalid_context", f"{key!r} must be a whole number >= 0, not {v!r}")
    return v


def _wind(fields: Mapping[str, Any], key: str, default: str | None) -> int | None:
    v = fields.get(key, default)
    if v is None:
        return None
    if not isinstance(v, str):
        raise InputError("invalid_context", f"{key!r} must be a wind letter (E, S, W or N), not {v!r}")
    return parse_wind(v, key)


def check_keys(fields: Mapping[str, Any]) -> None:
    """Unknown keys are a ``bad_json`` error naming the closest known key."""
    for key in fields:
        if key not in DEFAULTS:
            near = difflib.get_close_matches(key, DEFAULTS, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise InputError("bad_json", f"unknown key {key!r}{hint}; known keys: {', '.join(DEFAULTS)}")


@lru_cache(maxsize=4096)
def parse_hand(text: str) -> Hand:
    try:
        return Hand.parse(text)
    except ValueError as exc:
        raise InputError("invalid_hand", str(exc)) from None


@lru_cache(maxsize=64)
def parse_win(text: str) -> int:
    try:
        return parse_tile(text)
    except ValueError as exc:
        raise InputError("invalid_hand", f"winning tile: {exc}") from None


def with_defaults(defaults: Mapping[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """A batch line's fields over the command line's (``defaults``): the line's keys win, rule options merge."""
    merged = {**defaults, **fields}
    if isinstance(defaults.get("options"), dict) and isinstance(fields.get("options"), dict):
        merged["options"] = {**defaults["options"], **fields["options"]}
    return merged


def build_request(fields: Mapping[str, Any], *, default_rules: str = "standard") -> Request:
    """Read a request given as batch-style fields (absent keys take ``DEFAULTS``)."""
    hand_text, win_text = fields.get("hand"), fields.get("win")
    if not isinstance(hand_text, str):
        raise InputError("invalid_hand", f"'hand' must be a tile string like \"123m456p789s1122z\", not {hand_text!r}")
    if not isinstance(win_text, str):
        raise InputError("invalid_hand", f"'win' must be one tile like \"1z\", not {win_text!r}")
    hand = parse_hand(hand_text)
    win = parse_win(win_text)

    rules_name = fields.get("rules", default_rules)
    options = fields.get("options", {})
    if not isinstance(rules_name, str):
        raise InputError("invalid_rules", f"'rules' must be a preset name, not {rules_name!r}")
    if not isinstance(options, dict):
        raise InputError("invalid_rules", f"'options' must be an object of rule options, not {options!r}")
    rules = load_rules(rules_name, options)
    if not rules.riichi and fields.get("round_wind") is not None:
        raise InputError(
            "invalid_context",
            "Zung Jung has no round wind (Value Honour counts the seat wind and the dragons): leave out "
            "--round / round_wind",
        )

    f = fields
    ctx = WinContext(
        tsumo=_bool(f, "tsumo"),
        riichi=_bool(f, "riichi"),
        double_riichi=_bool(f, "double_riichi"),
        ippatsu=_bool(f, "ippatsu"),
        rinshan=_bool(f, "rinshan"),
        chankan=_bool(f, "chankan"),
        haitei=_bool(f, "haitei"),
        houtei=_bool(f, "houtei"),
        tenhou=_bool(f, "tenhou"),
        chiihou=_bool(f, "chiihou"),
        renhou=_bool(f, "renhou"),
        dora=parse_indicators(f.get("dora"), "dora"),
        ura=parse_indicators(f.get("ura"), "ura"),
        kita=_count(f, "kita"),
        honba=_count(f, "honba"),
        sticks=_count(f, "sticks"),
        round_wind=_wind(f, "round_wind", "E") or EAST,
        seat_wind=_wind(f, "seat_wind", "E") or EAST,
        discarder=_wind(f, "discarder", None),
        pao=_wind(f, "pao", None),
    )
    return Request(hand, win, ctx, rules)


def absent_tiles(rules: RuleSet) -> list[int] | None:
    """``visible`` counts for the tiles the rules' set does not hold (all four of each of 2m-8m in sanma: none can
    be drawn or waited on), or None when the set is whole."""
    absent = rules.absent_kinds
    if not absent:
        return None
    return [4 if k in absent else 0 for k in range(KINDS)]


def waits_hint(hand: Hand, rules: RuleSet) -> str:
    """What a 13-tile hand that did not win waits for, or how far it is from ready, in words."""
    counts, locked = hand.concealed_counts(), hand.meld_counts()
    acc = ukeire(counts, locked, absent_tiles(rules))
    if acc.shanten == 0:
        return f"it waits on {' '.join(kind_name(k) for k, _ in acc.tiles)}"
    return f'it is {acc.shanten}-shanten (jantaku shanten "{hand}" shows the tiles that help)'


def run_request(req: Request) -> ScoreResult | dict[str, Any]:
    """Score a request by its rules' family: a ``ScoreResult`` (riichi) or the Zung Jung result as JSON data.

    Raises ``ScoringError``/``ZungJungError`` (a hand that does not win says what it waits for) and
    ``InputError`` for a liable seat (``pao``) on a hand without a liability yakuman."""
    try:
        if not req.rules.riichi:
            return score_any(req.hand, req.win, req.ctx, req.rules)
        result = score(req.hand, req.win, req.ctx, req.rules)
    except (ScoringError, ZungJungError) as exc:
        if exc.code == "not_winning":
            raise type(exc)("not_winning", f"{exc}; {waits_hint(req.hand, req.rules)}") from None
        raise
    if req.ctx.pao is not None and not result.pao_applies:
        liable = ", ".join(sorted(req.rules.pao)) or "no yakuman"
        raise InputError(
            "invalid_context",
            f"pao {wind_letter(req.ctx.pao)}: the win holds no yakuman with liability (rules "
            f"{req.rules.name!r}: {liable}); leave out the liable seat",
        )
    return result
