"""The rules reference: every option of ``RuleSet`` with its meaning and allowed values, the presets and where
they come from, and the terms the rules use.

One source for two views: ``jantaku rules NAME`` prints ``option_rows`` (one line per option) and
``docs/rules.md`` is ``markdown()`` written out by ``tools/gen_rules_doc.py``; a test regenerates the file and
compares, so the two cannot drift. A test also holds ``OPTIONS`` to the fields of ``RuleSet``: a new option
without an explanation fails it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from jantaku.rules.presets import PRESETS
from jantaku.rules.ruleset import ABORTIVE_DRAWS, CHOICES, DOUBLE_YAKUMAN_FORMS, PAO_YAKU, RANGES, RuleSet


class Option(NamedTuple):
    name: str
    group: str
    meaning: str
    allowed: str  # "" = worked out from the option's type, ``CHOICES`` and ``RANGES``


def _names(values: frozenset[str]) -> str:
    return "any of " + ", ".join(sorted(values)) + " (comma-separated; empty for none)"


_ID, _SHAPE, _COUNTERS, _TILES, _CALLS, _RIICHI, _DRAWS, _SCORING = (
    "Identity", "Game shape", "Dealer and counters", "Tiles and dora", "Calls", "Riichi and furiten",
    "Multiple winners and draws", "Yaku and scoring",
)  # fmt: skip
_ZJ = "Zung Jung"
_POWERS = "Superpowers"

OPTIONS: tuple[Option, ...] = (
    Option("name", _ID, "the rule set's name (a preset's name, or your own)", "text"),
    Option("description", _ID, "one line saying what the rules are", "text"),
    Option("source", _ID, "where the rules come from: a seed document, Tenhou's records, or our choice", "text"),
    Option("family", _SHAPE, "riichi (yaku, han and fu) or zung-jung (Chinese-style patterns)", ""),
    Option("players", _SHAPE, "seats at the table; 3 = sanma (2m-8m removed, no chi)", ""),
    Option("length", _SHAPE, "east = one wind round (tonpuusen), east-south = two (hanchan)", ""),
    Option("start_points", _SHAPE, "each player's score at the start", ""),
    Option(
        "return_points",
        _SHAPE,
        "oka: first place receives (return - start) x players at the end; equal to start_points = no oka",
        "",
    ),
    Option(
        "target_points",
        _SHAPE,
        "first place must reach this after the last hand, else the game extends (0 = no target)",
        "",
    ),
    Option(
        "extension",
        _SHAPE,
        "when nobody reached target_points: none; one-round-sudden-death (one more wind "
        "round, ending as soon as a hand ends with someone at target); until-west-4 (West round, sudden "
        "death, West 4 the last hand); tie-break (extra hands while first place is tied)",
        "",
    ),
    Option("bust", _SHAPE, "the game ends when a score drops below 0 (exactly 0 plays on)", ""),
    Option(
        "last_dealer_stop",
        _SHAPE,
        "in the last hand the dealer who is first after winning ends the game: off; "
        "first; first-and-target (and at target_points)",
        "",
    ),
    Option(
        "last_dealer_stop_tenpai",
        _SHAPE,
        "the last-dealer stop also applies to a dealer who is only tenpai at an exhaustive draw",
        "",
    ),
    Option(
        "tie_break",
        _SHAPE,
        "equal final scores: seat = placed by seat order from the first dealer; shared = tied seats share "
        "their best place and split evenly what the places pay (leftover deposits, oka, uma)",
        "",
    ),
    Option(
        "uma",
        _SHAPE,
        "points added to the final result by placement, first to last",
        "one number per player, comma-separated (e.g. 20000,10000,-10000,-20000), or 0s",
    ),
    Option("time_limits", _SHAPE, "a match clock (injected by the table server, never read by the engine)", ""),
    Option(
        "last_hand_after_minutes",
        _SHAPE,
        "with time_limits: after this many minutes the next hand to start is the last (0 = never)",
        "",
    ),
    Option(
        "end_after_minutes",
        _SHAPE,
        "with time_limits: after this many minutes the game ends at once, unrecorded (0 = never)",
        "",
    ),
    Option(
        "honba_per_payer",
        _COUNTERS,
        "points per honba counter for each payer's share: a win takes this x "
        "(players - 1) per counter, ron or self-draw (100: 300 in 4-player play, 200 in 3-player)",
        "",
    ),
    Option(
        "noten_total", _COUNTERS, "points the noten players pay the tenpai players at an exhaustive draw, in all", ""
    ),
    Option(
        "tenpai_declaration",
        _COUNTERS,
        "at an exhaustive draw players declare tenpai (show the hand) or noten; off = tenpai is read from the hands",
        "",
    ),
    Option(
        "red_fives",
        _TILES,
        "red copies of 5m, 5p and 5s (each counts one han as dora)",
        "three counts 0-4, comma-separated (e.g. 1,1,1); 3 players: 0 for 5m",
    ),
    Option("ura_dora", _TILES, "a riichi winner turns the ura dora indicators", ""),
    Option("kan_dora", _TILES, "each kan turns a new dora indicator", ""),
    Option("kan_ura_dora", _TILES, "each kan adds an ura indicator too", ""),
    Option(
        "kan_dora_timing",
        _TILES,
        "when a kan's indicator is turned: standard = a concealed kan at once, an "
        "open or added kan after the caller's discard; immediate = at once for every kan",
        "",
    ),
    Option(
        "kan_dora_on_rinshan_win",
        _TILES,
        "an open or added kan's pending indicator is turned when its caller "
        "wins on the replacement tile (Tenhou's records: it is not)",
        "",
    ),
    Option(
        "show_dora_tiles",
        _TILES,
        "the table shows the dora tiles themselves instead of the indicators (display only)",
        "",
    ),
    Option("max_replacements", _TILES, "replacement draws per hand: kans, plus North extractions in 3-player play", ""),
    Option("chi", _CALLS, "chi (a run from the left player's discard) is allowed", ""),
    Option(
        "kuikae",
        _CALLS,
        "right after a call, discarding the called tile's twin or the other end of the called "
        "run: both-forbidden or allowed",
        "",
    ),
    Option("kan_on_last_tile", _CALLS, "a kan may be declared on the wall's last tile", ""),
    Option("fifth_kan_abort", _CALLS, "a fifth kan (possible when one player holds four) is an abortive draw", ""),
    Option("chankan_closed_kan_kokushi", _CALLS, "thirteen orphans may rob a concealed kan", ""),
    Option("north_extraction", _CALLS, "3 players: a North may be set aside as dora and replaced (nukidora)", ""),
    Option("riichi_min_points", _RIICHI, "points a player needs to declare riichi", ""),
    Option("riichi_min_live_tiles", _RIICHI, "live tiles that must be left to declare riichi (one more own draw)", ""),
    Option("furiten_riichi", _RIICHI, "riichi may be declared on a furiten wait", ""),
    Option("karaten_riichi", _RIICHI, "riichi may be declared on a wait with no copy left unseen (karaten)", ""),
    Option(
        "riichi_kan",
        _RIICHI,
        "a concealed kan after riichi: waits = if the winning tiles stay the same; "
        "waits-and-arrangement = and the hand reads the same way; never",
        "",
    ),
    Option(
        "double_ron",
        _DRAWS,
        "two players ron the same tile: all-win, or head-bump (only the one nearest the discarder)",
        "",
    ),
    Option("triple_ron", _DRAWS, "three players ron the same tile: all-win, head-bump or abort (an abortive draw)", ""),
    Option(
        "deposits_to",
        _DRAWS,
        "on a multiple ron the honba and deposits go to the winner nearest the discarder "
        "(nearest-discarder) or nearest the dealer (nearest-dealer), in turn order",
        "",
    ),
    Option("abortive_draws", _DRAWS, "the abortive draws in force", _names(ABORTIVE_DRAWS)),
    Option(
        "nagashi_mangan",
        _DRAWS,
        "at an exhaustive draw a player whose discards are all terminals and honors, none called, is paid a mangan",
        "",
    ),
    Option("kuitan", _SCORING, "all simples (tanyao) counts in an open hand", ""),
    Option("double_wind_fu", _SCORING, "fu of a pair of the wind that is both seat and round wind", "2 or 4"),
    Option("kiriage", _SCORING, "30 fu 4 han and 60 fu 3 han round up to mangan", ""),
    Option("kazoe_yakuman", _SCORING, "13 han or more counts as a yakuman (off: stops at sanbaiman)", ""),
    Option("multiple_yakuman", _SCORING, "several yakuman in one hand add up (off: the largest counts)", ""),
    Option("max_yakuman", _SCORING, "the most yakuman that add up in one hand (0 = no cap)", ""),
    Option("double_yakuman", _SCORING, "the yakuman forms that count double", _names(DOUBLE_YAKUMAN_FORMS)),
    Option("renhou_yakuman", _SCORING, "Blessing of Man (a ron before the winner's first draw) is a yakuman", ""),
    Option(
        "rinshan_haitei_stack",
        _SCORING,
        "a win on the last tile that is also a kan replacement counts both rinshan and haitei (off: rinshan only)",
        "",
    ),
    Option(
        "pao", _SCORING, "the yakuman with liability: the player who fed the last set pays for it", _names(PAO_YAKU)
    ),
    Option(
        "pao_honba",
        _SCORING,
        "who pays the honba when a liability yakuman is won by ron from another player: discarder or liable",
        "",
    ),
    Option(
        "sanma_tsumo_loss",
        _SCORING,
        "3 players: a self-draw is paid as in 4-player play and the missing seat's "
        "share is lost (off: it is split between the payers)",
        "",
    ),
    Option(
        "superpowers",
        _POWERS,
        "Superpower match: each seat holds one power of the catalogue (foresight, redraw, "
        "veil, seal, beacon, sense), used as an action with limited charges (SUPERPOWERS.md)",
        "",
    ),
    Option("chicken_hand_points", _ZJ, "the value of a winning hand with no pattern", ""),
    Option("score_cap", _ZJ, "the most a hand is worth (0 = no cap)", ""),
    Option("zj_hands", _ZJ, "hands in a game (the dealer passes after every hand)", ""),
    Option(
        "zj_win_priority",
        _ZJ,
        "two players win on one discard: the one nearest the dealer "
        "(nearest-dealer) or the next after the discarder (next-after-discarder) wins",
        "",
    ),
)

BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}
IDENTITY = ("name", "description", "source")

DEFINITIONS: tuple[tuple[str, str], ...] = (
    ("Interruption", "any call (chi, pon, open kan, added kan, concealed kan) and, in 3-player play, a North "
     "extraction."),
    ("First go-around", "from the deal until every seat has discarded once, with no interruption. Double riichi, "
     "the blessings (Heaven, Earth, Man), nine terminals and four winds need it unbroken."),
    ("Ippatsu", "ends at the player's next discard or at any interruption (a robbed added kan does not end it: the "
     "kan never completed)."),
    ("Tenpai", "at least one winning tile that is not already used up in the player's own hand and melds; a wait "
     "whose other copies are all visible elsewhere (rivers, melds, indicators) is still tenpai for draw payments."),
    ("Karaten", "a tenpai hand none of whose winning tiles has a copy the player has not seen; declaring riichi "
     "on it is `karaten_riichi`."),
    ("Furiten", "a hand may not win by ron when a winning tile is in its own river, when it passed a winning "
     "tile since its last draw, or, after riichi, when it passed one at any time."),
    ("Liability (pao)", "the player whose discard completed the last dragon set of Big Three Dragons or the last "
     "wind set of Big Four Winds (and, where `pao` lists it, the fourth kan) pays the whole yakuman on a "
     "self-draw and half of it on a ron by another player."),
)  # fmt: skip

SOURCES: dict[str, str] = {
    "seed 000": "a party mahjong game for up to 4 players with CPU seats, rooms and auto-matching, and a 3-player "
    "event",
    "seed 001": "a Japanese online mahjong site's house rules",
    "seed 002": "an online RPG's riichi rules with time limits",
    "seed 003": "a board-game site's riichi help (its options are room settings)",
    "seed 004": "a Chinese-style rule set with pattern points (Zung Jung family)",
    "Tenhou": "the de-facto online standard, as its recorded games show it (the engine replays them identically)",
}


def allowed_values(name: str, example: RuleSet | None = None) -> str:
    """The values ``name`` may take, in words."""
    opt = BY_NAME[name]
    if opt.allowed:
        return opt.allowed
    if name in CHOICES:
        return ", ".join(CHOICES[name])
    value = getattr(example or RuleSet(), name)
    if isinstance(value, bool):
        return "on, off"
    if name in RANGES:
        low, high = RANGES[name]
        if high is None:
            return f"a whole number >= {low}"
        return f"{low} or {high}" if high == low + 1 else f"{low}-{high}"
    return "text"  # pragma: no cover - every other option names its values


def shown(value: Any) -> str:
    """An option's value as ``jantaku rules`` and ``--option key=value`` write it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (frozenset, set)):
        return ",".join(sorted(value)) or "(none)"
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return str(value)


def option_rows(rules: RuleSet) -> list[tuple[str, str, str, str]]:
    """(option, value under ``rules``, allowed values, meaning) for every option but the identity fields."""
    return [
        (o.name, shown(getattr(rules, o.name)), allowed_values(o.name, rules), o.meaning)
        for o in OPTIONS
        if o.name not in IDENTITY
    ]


def differences(rules: RuleSet, base: RuleSet) -> list[tuple[str, str]]:
    """(option, value) of every option where ``rules`` differs from ``base`` (identity fields left out)."""
    return [
        (o.name, shown(getattr(rules, o.name)))
        for o in OPTIONS
        if o.name not in IDENTITY and getattr(rules, o.name) != getattr(base, o.name)
    ]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown() -> str:
    """``docs/rules.md``: definitions, presets with their sources, every option, and how each preset differs."""
    standard = PRESETS["standard"]
    out = [
        "# Rules reference",
        "",
        "<!-- Generated from src/jantaku/rules/reference.py by tools/gen_rules_doc.py: edit those, not this file "
        "(a test regenerates it and compares). -->",
        "",
        "Every rule is an option of `RuleSet` (`jantaku.rules`); a preset is a named set of option values, and a "
        'room or a command changes options on top of one: `preset("classic").with_options(kiriage=False)`, '
        "`jantaku score ... --rules classic -o kiriage=off`. `jantaku rules` lists the presets and "
        "`jantaku rules NAME` shows every option of one, a line each, as below. Unknown option names and "
        "values outside the allowed ones are refused with a message naming the option.",
        "",
        "## Terms",
        "",
    ]
    out += [f"- **{term}**: {text}" for term, text in DEFINITIONS]
    out += ["", "## Presets", "", "| preset | description | source |", "|---|---|---|"]
    for name, rules in PRESETS.items():
        out.append(f"| `{name}` | {_cell(rules.description)} | {_cell(rules.source)} |")
    out += ["", "Sources:", ""]
    out += [f"- **{name}**: {text}." for name, text in SOURCES.items()]
    group = ""
    for o in OPTIONS:
        if o.name in IDENTITY:
            continue
        if o.group != group:
            group = o.group
            out += ["", f"## Options: {group.lower()}", "", "| option | meaning | allowed values | `standard` |",
                    "|---|---|---|---|"]  # fmt: skip
        value = shown(getattr(standard, o.name))
        out.append(f"| `{o.name}` | {_cell(o.meaning)} | {_cell(allowed_values(o.name))} | {_cell(value)} |")
    out += ["", "## How each preset differs from `standard`", ""]
    for name, rules in PRESETS.items():
        if name == "standard":
            continue
        diff = ", ".join(f"`{k}={v}`" for k, v in differences(rules, standard))
        out.append(f"- `{name}`: {diff}")
    return "\n".join(out) + "\n"


def _check_complete() -> list[str]:
    """Options of ``RuleSet`` without an explanation here, and explanations of options that do not exist."""
    fields = [f.name for f in dataclasses.fields(RuleSet)]
    missing = [f for f in fields if f not in BY_NAME]
    extra = [o.name for o in OPTIONS if o.name not in fields]
    return [f"no explanation for {f}" for f in missing] + [f"{o} is not an option" for o in extra]


__all__ = ["BY_NAME", "DEFINITIONS", "OPTIONS", "Option", "allowed_values", "differences", "markdown", "option_rows"]
