"""The rules in words: every option of ``RuleSet`` with its meaning, allowed values, source and reason; the terms
the rules use; the rules every preset shares; and the source documents the presets come from.

One text for two readers: ``jantaku rules NAME`` prints ``option_rows`` (one line per option) and
``docs/rules.md`` is ``markdown()`` written out by ``tools/gen_rules_doc.py``; a test regenerates the file and
compares, so the two cannot drift. ``missing_descriptions()`` holds ``OPTIONS`` to the fields of ``RuleSet``: a new
option without a description fails a test. Sources are cited by key (``[S0]`` … ``[S4]``, ``[T]``, see
``SOURCES``); "our choice" marks a value no source gives.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from jantaku.rules.presets import PRESETS
from jantaku.rules.ruleset import ABORTIVE_DRAWS, CHOICES, DOUBLE_YAKUMAN_FORMS, PAO_YAKU, RANGES, RuleSet


class Option(NamedTuple):
    """One option of ``RuleSet``, in words."""

    name: str
    group: str
    meaning: str
    allowed: str = ""  # "" = worked out from the option's type, ``CHOICES`` and ``RANGES``
    source: str = ""  # which source documents give the presets' values (keys of ``SOURCES``)
    reason: str = ""  # why we chose a value where the sources are silent or disagree


def _names(values: frozenset[str]) -> str:
    return "any of " + ", ".join(sorted(values)) + " (comma-separated; empty for none)"


IDENTITY_GROUP = "Identity"
SHAPE = "Game shape"
COUNTERS = "Dealer and counters"
TILES = "Tiles and dora"
CALLS = "Calls"
RIICHI = "Riichi and furiten"
DRAWS = "Multiple winners and draws"
SCORING = "Yaku and scoring"
POWERS = "Superpower matches"
ZUNG_JUNG = "Zung Jung"

#: The source documents, by key. The presets name theirs in ``RuleSet.source``; options cite them in ``source``.
SOURCES: dict[str, str] = {
    "[S0]": "the announcement of a mahjong mini-game in an online party game: up to 4 players with up to 3 CPUs, "
    "rooms and auto-matching, superpower matches, and a 3-player event with its own rules (presets `standard`, "
    "`sanma`, `superpower`)",
    "[S1]": "the house rules of a Japanese online mahjong site (in Japanese), with its lobby and controls "
    "(presets `classic`, East-South, and `classic-east`, East only)",
    "[S2]": "the advanced riichi rules of an online role-playing game's mahjong (Doman mahjong), with a match "
    "clock (presets `doman`, `doman-nokuitan`)",
    "[S3]": "a board-game site's help page for riichi mahjong: yaku, the scoring formula, draws, its interface and "
    "the variant options it offers as room settings (preset `bga`)",
    "[S4]": "a Zung Jung rules page: Chinese-style mahjong scored by a table of patterns (preset `zung-jung`)",
    "[T]": "Tenhou, the de-facto online standard, as its recorded games show it: the engine replays 169 of them "
    "identically (presets `tenhou`, `tenhou-sanma`)",
}

OPTIONS: tuple[Option, ...] = (
    Option("name", IDENTITY_GROUP, "the rule set's name (a preset's name, or your own)", "text"),
    Option("description", IDENTITY_GROUP, "one line saying what the rules are", "text"),
    Option("source", IDENTITY_GROUP, "where the rules come from: a source document, or our choice", "text"),
    Option(
        "family",
        SHAPE,
        "riichi (yaku, han and fu) or zung-jung (Chinese-style patterns)",
        source="[S0]-[S3], [T]: riichi; [S4]: zung-jung.",
        reason="One engine plays both: what differs (scoring, riichi, dora, furiten, payments, dealer rotation) "
        "hangs on small family hooks, the turn and claim loop is shared.",
    ),
    Option(
        "players",
        SHAPE,
        "seats at the table; 3 = sanma (2m-8m removed, no chi)",
        source="[S0]: 4 players, and 3 in its 3-player event; [T]: 4- and 3-player records.",
        reason="Three players change the tiles and calls too (see [Sanma](#sanma)), so a 3-player rule set must "
        "turn chi and the red 5m off; the rules refuse a mix.",
    ),
    Option(
        "length",
        SHAPE,
        "east = one wind round (tonpuusen), east-south = two (hanchan)",
        source="[S0]: East-South normally; [S1]: both (`classic`, `classic-east`); [S2], [T]: East-South; "
        "[S3]: a room option.",
        reason="A room may pick East with any preset.",
    ),
    Option(
        "start_points",
        SHAPE,
        "each player's score at the start",
        source="[S1], [T]: 25000 (35000 in 3-player records); [S3]: a room option (20000, 25000 or 30000); "
        "[S4]: scores start at 0.",
        reason="[S0] and [S2] give none: 25000 (35000 in sanma), as [S1] and [T] (our choice).",
    ),
    Option(
        "return_points",
        SHAPE,
        "oka: first place receives (return - start) x players at the end; equal to start_points = no oka",
        source="[S1], [T]: 30000 (40000 in 3-player records); [S2], [S3]: no oka.",
        reason="`standard` and `sanma` take [S1]'s and [T]'s values (our choice: [S0] gives none).",
    ),
    Option(
        "target_points",
        SHAPE,
        "first place must reach this after the last hand, else the game extends (0 = no target)",
        source="[T]: 30000 (40000 in 3-player records); [S1], [S2], [S3]: no target.",
        reason="`standard` and `sanma` keep a target as [T] does (our choice).",
    ),
    Option(
        "extension",
        SHAPE,
        "when nobody reached target_points: none; one-round-sudden-death (one more wind "
        "round, ending as soon as a hand ends with someone at target); until-west-4 (West round, sudden "
        "death, West 4 the last hand); tie-break (extra hands while first place is tied)",
        source="[S0]: an East game may go on into South and an East-South game into West, no further; [T]: West "
        "round, sudden death, West 4 always the last hand; [S2]: no West round; [S3]: a room option, extra hands "
        "while first place is tied.",
        reason="`standard` and `sanma` end the extra round as soon as a hand ends with someone at target (our "
        "reading of [S0]).",
    ),
    Option(
        "bust",
        SHAPE,
        "the game ends when a score drops below 0 (exactly 0 plays on)",
        source="[S0], [S1], [S2], [T]; [S3]: a room option (negative scores allowed or not); [S4]: scores may go "
        "negative.",
    ),
    Option(
        "last_dealer_stop",
        SHAPE,
        "in the last hand the dealer who is first after winning ends the game: off; "
        "first; first-and-target (and at target_points)",
        source='[S0]: off ("no auto-win"); [S1], [S2]: automatic; [T]: if then first with at least 30000 (40000 '
        "in 3-player), ties going to the seat nearest the first dealer.",
        reason="`bga`: off (our choice).",
    ),
    Option(
        "last_dealer_stop_tenpai",
        SHAPE,
        "the last-dealer stop also applies to a dealer who is only tenpai at an exhaustive draw",
        source="[S1]: judged after the draw payments; [T]: added in June 2010 (Tenhou's announcement of "
        "2010-05-18), and our records show a tenpai stop.",
        reason="Records dated before June 2010 show the dealer playing on after a tenpai draw: `jantaku "
        "tenhou-check` reads a record dated before 2010-06-02 with it off (the date is in the record's log id; "
        "`--tenhou-date` gives it for an undated record).",
    ),
    Option(
        "tie_break",
        SHAPE,
        "equal final scores: seat = placed by seat order from the first dealer; shared = tied seats share "
        "their best place and split evenly what the places pay (leftover deposits, oka, uma)",
        source="[S0], [S1]: seat order from the first dealer (if all end on 25000, the first dealer is first); "
        "[T]: seat order; [S3]: shared placement unless the room breaks ties with extra hands.",
        reason="The presets of the other sources take the same order.",
    ),
    Option(
        "uma",
        SHAPE,
        "points added to the final result by placement, first to last",
        "one number per player, comma-separated (e.g. 20000,10000,-10000,-20000), or 0s",
        source="None of the sources gives one.",
        reason="0 everywhere but `tenhou`, which takes +20/+10/-10/-20 thousand, the common online value (our choice).",
    ),
    Option(
        "time_limits",
        SHAPE,
        "a match clock (injected by the table server, never read by the engine)",
        source="[S2]: after 80 minutes the next hand to start is the last; at 120 minutes the game ends unrecorded.",
        reason="Time is injected, never read inside the engine, so a game still replays exactly. [S3]'s per-call "
        "timers are a room setting of the table server, not a rule.",
    ),
    Option(
        "last_hand_after_minutes",
        SHAPE,
        "with time_limits: after this many minutes the next hand to start is the last (0 = never)",
        source="[S2]: 80 (no renchan and no abortive replay after that hand).",
    ),
    Option(
        "end_after_minutes",
        SHAPE,
        "with time_limits: after this many minutes the game ends at once, unrecorded (0 = never)",
        source="[S2]: 120.",
    ),
    Option(
        "honba_per_payer",
        COUNTERS,
        "points per honba counter for each payer's share: a win takes this x "
        "(players - 1) per counter, ron or self-draw (100: 300 in 4-player play, 200 in 3-player)",
        source="[S0], [S1], [S3], [T]: 300 a counter in 4-player play (on a ron the discarder pays 300, on a "
        "self-draw each payer 100); [T]: 200 a counter in 3-player play, ron or self-draw.",
        reason="`sanma` and `doman` follow [T] (our choice).",
    ),
    Option(
        "noten_total",
        COUNTERS,
        "points the noten players pay the tenpai players at an exhaustive draw, in all",
        "and a multiple of 600 with 4 players, of 200 with 3, so that every share is in whole hundreds",
        source="[S0], [S1], [S3], [T]: 3000; [T]: 2000 in 3-player play.",
        reason="`sanma` 2000 and `doman` 3000 (our choice, as [T]).",
    ),
    Option(
        "tenpai_declaration",
        COUNTERS,
        "at an exhaustive draw players declare tenpai (show the hand) or noten; off = tenpai is read from the hands",
        source="[S1]: the dealer declares tenpai; [S3]: Tenpai and Noten buttons.",
        reason="A riichi player must show. `doman`: read from the hands (our choice).",
    ),
    Option(
        "red_fives",
        TILES,
        "red copies of 5m, 5p and 5s (each counts one han as dora)",
        "three counts, comma-separated (e.g. 1,1,1); 3 players: 0 for 5m",
        source="[S0], [S1], [T]: one of each; [S1] East-only games: 0m, 0s and two 0p; [S3]: a room option; [S4]: "
        "none.",
        reason="`sanma`: 0p and 0s, since 3-player play has no 5m (our choice, as [T]); `doman`, `bga`: one of each "
        "(our choice).",
    ),
    Option(
        "ura_dora",
        TILES,
        "a riichi winner turns the ura dora indicators",
        source="[S0], [S1], [S3], [T]; [S4] has no dora.",
        reason="`doman`: on (our choice).",
    ),
    Option("kan_dora", TILES, "each kan turns a new dora indicator", source="[S0], [S1], [S3], [T]; [S4]: no dora."),
    Option("kan_ura_dora", TILES, "each kan adds an ura indicator too", source="[S0], [S1], [S3], [T]; [S4]: no dora."),
    Option(
        "kan_dora_timing",
        TILES,
        "when a kan's indicator is turned: standard = a concealed kan at once, an "
        "open or added kan after the caller's discard; immediate = at once for every kan",
        source="[S0]: a concealed kan at once, an open or added kan after the caller's discard or at their win.",
        reason="`bga`: at once for every kan, as the European (EMA) riichi rules (our choice); `classic` and `doman` "
        "as [S0] (our choice).",
    ),
    Option(
        "kan_dora_on_rinshan_win",
        TILES,
        "an open or added kan's pending indicator is turned when its caller "
        "wins on the replacement tile (Tenhou's records: it is not)",
        source='[S0]: "or at their win"; [T]: not turned (every rinshan win after an added kan in our records '
        "keeps one indicator).",
    ),
    Option(
        "show_dora_tiles",
        TILES,
        "the table shows the dora tiles themselves instead of the indicators (display only)",
        source='[S2]: "the on-screen dora indicator shows the tiles that award dora".',
    ),
    Option(
        "max_replacements",
        TILES,
        "replacement draws per hand: kans, plus North extractions in 3-player play",
        source="4 kans in every source; [S0]'s 3-player rules: 8 replacement tiles (kans and North extractions), "
        "and [T] tops the 14-tile dead wall up from the live wall's end after each replacement draw.",
    ),
    Option(
        "chi",
        CALLS,
        "chi (a run from the left player's discard) is allowed",
        source="[S0]-[S4], [T]; none in 3-player play ([S0]'s 3-player rules).",
    ),
    Option(
        "kuikae",
        CALLS,
        "right after a call, discarding the called tile's twin or the other end of the called "
        "run: both-forbidden or allowed",
        source="[S0], [S1], [S2], [T]: both forbidden; [S4] names no such rule.",
        reason="`bga`: both forbidden (our choice); `zung-jung`: allowed, since kuikae is a riichi rule.",
    ),
    Option(
        "kan_on_last_tile",
        CALLS,
        "a kan may be declared on the wall's last tile",
        source="[S2]: no.",
        reason="No in every preset (our choice where the source is silent): the last discard can only be ronned.",
    ),
    Option(
        "fifth_kan_abort",
        CALLS,
        "a fifth kan (possible when one player holds four) is an abortive draw",
        source="[S2].",
    ),
    Option(
        "chankan_closed_kan_kokushi",
        CALLS,
        "thirteen orphans may rob a concealed kan",
        source="[S0], [S1], [S3], [T]: yes; [S2]: no (Thirteen Orphans cannot use a tile of a concealed kan); "
        "[S4]: only a small melded quad can be robbed.",
    ),
    Option(
        "north_extraction",
        CALLS,
        "3 players: a North may be set aside as dora and replaced (nukidora)",
        source="[S0]'s 3-player rules, [T] (see [Sanma](#sanma)).",
    ),
    Option(
        "riichi_min_points",
        RIICHI,
        "points a player needs to declare riichi",
        source="[S0], [S1], [S2], [T]: 1000.",
        reason="`bga`: 1000 (our choice).",
    ),
    Option(
        "riichi_min_live_tiles",
        RIICHI,
        "live tiles that must be left to declare riichi (one more own draw)",
        source="[S0], [S1], [T]: one more own draw, i.e. 4 live tiles in 4-player play, 3 in 3-player.",
        reason="`doman`, `bga`: the same (our choice).",
    ),
    Option(
        "furiten_riichi",
        RIICHI,
        "riichi may be declared on a furiten wait",
        source="[S0], [S2], [T]: yes.",
        reason="`classic`, `bga`: yes (our choice).",
    ),
    Option(
        "karaten_riichi",
        RIICHI,
        "riichi may be declared on a wait with no copy left unseen (karaten)",
        source="[S0]: allowed; [S1]: forbidden; [S3]: allowed (a riichi can lead to a dead hand); [T]: allowed.",
        reason="`doman`: allowed (our choice).",
    ),
    Option(
        "riichi_kan",
        RIICHI,
        "a concealed kan after riichi: waits = if the winning tiles stay the same; "
        "waits-and-arrangement = and the hand reads the same way; never",
        source="[S0], [T]: the winning tiles do not change; [S1]: the winning tiles and the hand's arrangement do "
        'not change (11123444 drawing 1 or 4: no kan); [S2]: "no effect on their number of waits".',
        reason="`bga`: as `standard` (our choice).",
    ),
    Option(
        "double_ron",
        DRAWS,
        "two players ron the same tile: all-win, or head-bump (only the one nearest the discarder)",
        source="[S0], [S2], [S3], [T]: both win; [S1]: head bump, only the winner nearest the discarder in turn order.",
    ),
    Option(
        "triple_ron",
        DRAWS,
        "three players ron the same tile: all-win, head-bump or abort (an abortive draw)",
        source="[S0]: all three win; [S1]: head bump (no abortive draw); [S2], [T]: an abortive draw; [S3]: a room "
        "option, an abortive draw.",
    ),
    Option(
        "deposits_to",
        DRAWS,
        "on a multiple ron the honba and deposits go to the winner nearest the discarder "
        "(nearest-discarder) or nearest the dealer (nearest-dealer), in turn order",
        source='[S0]: "closest to the dealer (clockwise)"; [S1], [S3], [T]: nearest the discarder.',
        reason="We read [S0] as the player who dealt in, as the others do; `nearest-dealer` is the literal reading.",
    ),
    Option(
        "abortive_draws",
        DRAWS,
        "the abortive draws in force",
        _names(ABORTIVE_DRAWS),
        source="[S0]: nine terminals, four winds, four kans, four riichi (3-player: nine terminals and four kans); "
        "[S1]: nine terminals, four winds, four kans, not four riichi, not triple ron; [S2]: nine terminals, four "
        "winds, four kans, triple ron, fifth kan; [S3]: a room option, all five; [T]: all five.",
    ),
    Option(
        "nagashi_mangan",
        DRAWS,
        "at an exhaustive draw a player whose discards are all terminals and honors, none called, is paid a mangan",
        source="[S0], [S1]: none; [S2], [T]: paid like a mangan self-draw (8000, dealer 12000) instead of the "
        "noten payments, without honba; deposits stay; several such players are each paid; the hand is still a "
        "draw (renchan if the dealer is tenpai).",
        reason="`bga`: off (our choice).",
    ),
    Option(
        "kuitan",
        SCORING,
        "all simples (tanyao) counts in an open hand",
        source="[S1], [S2] (`doman-nokuitan`: off), [S3], [T].",
    ),
    Option(
        "double_wind_fu",
        SCORING,
        "fu of a pair of the wind that is both seat and round wind",
        source="[S1]: 2; [T]: 4.",
        reason="4 elsewhere (our choice, as [T]).",
    ),
    Option(
        "kiriage",
        SCORING,
        "30 fu 4 han and 60 fu 3 han round up to mangan",
        source="[S1]: yes; [S3], [T]: no.",
        reason="`standard`, `doman`: no (our choice).",
    ),
    Option(
        "kazoe_yakuman",
        SCORING,
        "13 han or more counts as a yakuman (off: stops at sanbaiman)",
        source="[S1]: no, capped at sanbaiman; [S3]: no (its table ends at 11+ han); [S0], [T]: yes.",
        reason="`doman`: yes (our choice).",
    ),
    Option(
        "multiple_yakuman",
        SCORING,
        "several yakuman in one hand add up (off: the largest counts)",
        source="[S1]: no, one yakuman at most; [S2]: yes, up to 4; [T]: yes.",
        reason="`bga`: yes (our choice).",
    ),
    Option(
        "max_yakuman",
        SCORING,
        "the most yakuman that add up in one hand (0 = no cap)",
        source="[S1]: 1; [S2]: 4.",
    ),
    Option(
        "double_yakuman",
        SCORING,
        "the yakuman forms that count double",
        _names(DOUBLE_YAKUMAN_FORMS),
        source="[S0]: all four (Four Concealed single wait, Pure Nine Gates, 13-wait Thirteen Orphans, Big Four "
        "Winds); [S1], [T]: none; [S2]: none (single, but they combine); [S3]: the single-, 9- and 13-wait forms.",
        reason="`bga`: Big Four Winds single (our choice: [S3] does not say).",
    ),
    Option(
        "renhou_yakuman",
        SCORING,
        "Blessing of Man (a ron before the winner's first draw) is a yakuman",
        source="[S1]: a ron on a discard made before the winner's own first draw, first go-around unbroken (South "
        "can only win on East's first discard).",
    ),
    Option(
        "rinshan_haitei_stack",
        SCORING,
        "a win on the last tile that is also a kan replacement counts both rinshan and haitei (off: rinshan only)",
        source="[S1]: only rinshan counts.",
        reason="The other presets follow [S1] (our choice).",
    ),
    Option(
        "pao",
        SCORING,
        "the yakuman with liability: the player who fed the last set pays for it",
        _names(PAO_YAKU),
        source="[S0], [S2], [T]: Big Three Dragons and Big Four Winds; [S1]: those and Four Kans (the player whose "
        "discard made the fourth kan).",
        reason="`bga`: none (our choice: [S3] names no liability).",
    ),
    Option(
        "pao_honba",
        SCORING,
        "who pays the honba when a liability yakuman is won by ron from another player: discarder or liable",
        source="[T]: the liable player.",
        reason="Elsewhere the discarder, who pays for the ron (our choice). In a hand with several yakuman, "
        "liability covers only the yakuman it is for (our choice).",
    ),
    Option(
        "sanma_tsumo_loss",
        SCORING,
        "3 players: a self-draw is paid as in 4-player play and the missing seat's "
        "share is lost (off: it is split between the payers)",
        source="[T]: each of the two payers pays what they would in 4-player play.",
    ),
    Option(
        "superpowers",
        POWERS,
        "Superpower match: each seat holds one power of the catalogue (foresight, redraw, "
        "veil, seal, beacon, sense), used as an action with limited charges (docs/superpowers.md)",
        source="[S0] names the mode and says each player picks one power in the room; the powers are not in it.",
        reason="The catalogue is our design: [docs/superpowers.md](superpowers.md).",
    ),
    Option(
        "chicken_hand_points",
        ZUNG_JUNG,
        "the value of a winning hand with no pattern",
        source="[S4] names no value.",
        reason="1, as the published Zung Jung rules (our choice).",
    ),
    Option(
        "score_cap",
        ZUNG_JUNG,
        "the most a hand is worth (0 = no cap)",
        source="[S4] names no cap.",
        reason="320, as the published Zung Jung rules (our choice).",
    ),
    Option(
        "zj_hands",
        ZUNG_JUNG,
        "hands in a game (the dealer passes after every hand)",
        reason="4 by default, a room may pick up to 12 (our choice).",
    ),
    Option(
        "zj_win_priority",
        ZUNG_JUNG,
        "two players win on one discard: the one nearest the dealer "
        "(nearest-dealer) or the next after the discarder (next-after-discarder) wins",
        source='[S4]: "closest to the dealer by turn order"; the published Zung Jung rules: the next seat after '
        "the discarder.",
    ),
)

BY_NAME: dict[str, Option] = {o.name: o for o in OPTIONS}
IDENTITY = ("name", "description", "source")


class Term(NamedTuple):
    """A word the rules use, defined once; its heading in ``docs/rules.md`` is its anchor."""

    name: str
    text: str


TERMS: tuple[Term, ...] = (
    Term(
        "Interruption",
        "any call (chi, pon, open kan, added kan, concealed kan) and, in 3-player play, a North extraction.",
    ),
    Term(
        "First go-around",
        "from the deal until every seat has discarded once, with no interruption. Double riichi, the blessings "
        "(Heaven, Earth, Man), nine terminals and four winds need it unbroken.",
    ),
    Term(
        "Ippatsu",
        "ends at the player's next discard or at any interruption by anyone ([S1], [S3]); a robbed added kan does "
        "not end it, since the kan never completed ([T]).",
    ),
    Term(
        "Tenpai",
        "at least one winning tile that is not already used up in the player's own hand and melds; a wait whose "
        "other copies are all visible elsewhere (rivers, melds, indicators) is still tenpai for draw payments. "
        "Formal tenpai counts: a hand with no yaku, a furiten hand and such a wait are all tenpai at a draw.",
    ),
    Term(
        "Karaten",
        "a tenpai hand none of whose winning tiles has a copy the player has not seen; declaring riichi on it is "
        "`karaten_riichi`.",
    ),
    Term(
        "Furiten",
        "a hand may not win by ron when a winning tile is in its own river (own-discard furiten), when it passed a "
        "winning tile since its last draw (temporary furiten: an own call does not clear it), or, after riichi, "
        "when it passed one at any time (for the rest of the hand).",
    ),
    Term(
        "Liability (pao)",
        "the player whose discard completed the last dragon set of Big Three Dragons or the last wind set of Big "
        "Four Winds (and, where `pao` lists it, the fourth kan) pays the whole yakuman and the honba on a "
        "self-draw, and half of it on a ron by another player (the discarder pays the other half; `pao_honba` "
        "says who pays the honba).",
    ),
)

#: Rules that are no option: every preset of a family plays them. (heading, lines) in the order of the document.
SHARED: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Notation",
        (
            "Tiles: `1m`..`9m` characters (man), `1p`..`9p` circles (pin), `1s`..`9s` bamboo (sou), `1z`..`7z` "
            "honors in the order East South West North White Green Red. Runs compress: `123m456p789s11z`. A red "
            "five is `0m`/`0p`/`0s`.",
            "34 tile kinds (0..33 in the order above) and 136 physical tiles (kind × 4 + copy; a red five is copy 0 "
            "of a five).",
            "Melds: chi `[123m]`, pon `[555p]`, open kan `[7777s]`, added kan `{5555p}`, concealed kan `(1111z)`; "
            "the called tile and who it came from are part of a meld. A call names the exact tiles it exposes "
            "(a pon with or without the red five: [S1] lets the player choose).",
            "Seats: East, South, West, North; turns go counter-clockwise (East, South, West, North).",
        ),
    ),
    (
        "Two families",
        (
            "All presets share one engine: a wall, hands, rivers, calls with priority, wins, draws, payments, "
            "hands and rounds.",
            "The riichi family (every preset but `zung-jung`) adds yaku, han and fu, riichi, dora and furiten.",
            "The Zung Jung family scores patterns ([Zung Jung family](#zung-jung-family)) and has no riichi, dora "
            "or furiten.",
            "A preset is data: a named set of option values. A room starts from a preset and may change options.",
        ),
    ),
    (
        "Shared riichi rules",
        (
            "Renchan (the dealer keeps the seat) on a dealer win, also as one of several ron winners ([S0], [S2]); "
            "on dealer tenpai at an exhaustive draw ([S0]'s details; its overview says any draw); on any abortive "
            "draw.",
            "Honba: +1 on renchan or any draw, reset by a non-dealer win (paid as `honba_per_payer` says).",
            "Claim priority: ron, then pon or kan, then chi, whoever answered first. Chi only from the player on "
            "the left. On the last discard (houtei) only ron.",
            "At most 4 kans a hand. Robbing an added kan (chankan) is a win for any waiting seat.",
            "Riichi needs a closed tenpai hand. A riichi whose declaration discard is ronned is void: no deposit is "
            "paid. The deposit goes to the winner; with no winner it stays on the table, and at the game's end "
            "what is left goes to first place, after the placements are fixed.",
            "Dora: the tile after each indicator (9 to 1, East South West North East, White Green Red White).",
            "Nine terminals: 9 or more different terminal and honor kinds in the 14 tiles after the player's first "
            "draw, first go-around unbroken; the player may call the draw.",
            "Four winds: the four first discards are the same wind, first go-around unbroken.",
            "Four kans: 4 kans by 2 or more players; the hand is drawn once the 4th kan's discard passes without "
            "ron; if one player has all four, play goes on (under `fifth_kan_abort` a fifth kan aborts).",
            "Four riichi: the 4th riichi's discard passes without ron; that deposit stays on the table.",
            "An abortive draw pays nothing; the deposits stay and the dealer keeps the seat.",
        ),
    ),
    (
        "Yaku",
        (
            "A win needs at least 1 han of yaku (dora are not yaku). Yaku are fixed at win time (atozuke). A "
            "complete hand is scored on its highest-scoring interpretation: points, then han, then fu.",
            "Yaku (closed han / open han; closed only where no open value is given): riichi 1, ippatsu 1, menzen "
            "tsumo 1, pinfu 1, tanyao 1/1, iipeikou 1, yakuhai (each dragon triplet; seat wind; round wind) 1/1, "
            "haitei 1/1, houtei 1/1, rinshan 1/1, chankan 1/1, double riichi 2, chiitoitsu 2 (25 fu), toitoi 2/2, "
            "sanankou 2/2, sanshoku doukou 2/2, sankantsu 2/2, shousangen 2/2, honroutou 2/2, sanshoku 2/1, ittsu "
            "2/1, chanta 2/1, ryanpeikou 3, honitsu 3/2, junchan 3/2, chinitsu 6/5 (our choice for [S1], whose "
            "6-han heading is empty).",
            "Seven Pairs needs 7 different pairs. Rinshan and haitei on the same tile: only rinshan counts "
            "([S1]; option `rinshan_haitei_stack`).",
        ),
    ),
    (
        "Yakuman",
        (
            "The twelve yakuman: Blessing of Heaven, Blessing of Earth, Thirteen Orphans, Four Concealed Triplets, "
            "All Green, Big Three Dragons, All Honors, Little Four Winds, Big Four Winds, All Terminals, Four Kans, "
            "Nine Gates; `classic` adds Blessing of Man ([S1]). [S2] lists exactly these twelve; [S3]'s list "
            "omits the two wind hands, which we keep.",
            "The blessings need the first go-around unbroken. All Green may be won without the Green Dragon.",
        ),
    ),
    (
        "Points",
        (
            "Fu: 20 base; +10 for a closed ron; +2 for a self-draw except pinfu; 25 flat for seven pairs; an open "
            "hand of 20 fu won by ron counts 30; meld, pair and wait fu; rounded up to 10.",
            "Base points = fu × 2^(han + 2), capped at mangan 2000; 5 han mangan 2000, 6-7 haneman 3000, 8-10 "
            "baiman 4000, 11-12 sanbaiman 6000, 13+ counted yakuman 8000 (under `kazoe_yakuman`), yakuman 8000 "
            "each.",
            "Non-dealer ron 4 × base, dealer ron 6 ×; non-dealer self-draw: the dealer pays 2 ×, the others 1 ×; "
            "dealer self-draw: each pays 2 ×; every payment is rounded up to 100.",
            "3-player self-draw: see `sanma_tsumo_loss`.",
        ),
    ),
    (
        "Sanma",
        (
            "[S0]'s 3-player rules: 2m-8m removed (108 tiles); no chi; 1m and 9m are each other's dora.",
            "A North (4z) may be extracted on the player's own turn (not right after their own pon: our choice): "
            "set aside as a dora (one han each, more if North is dora by indicator), and a replacement tile is "
            "drawn. Winning on that replacement counts as rinshan. After riichi only if the winning tiles do not "
            "change (our choice).",
            "An extraction is an interruption: it ends ippatsu and breaks the first go-around. This is our reading "
            'of [S0]\'s "With North removed, Ippatsu, Double Riichi, and Nine Terminal Draw do not apply", which '
            "[T] confirms.",
            "An extracted North is not a discard: no furiten for the extractor. Another player may ron on it (no "
            "chankan yaku); passing that ron is furiten like passing a discard.",
            "A North in a meld is a guest wind (no yakuhai). Abortive draws: nine terminals and four kans only; "
            "double ron is allowed.",
            "The dead wall keeps 14 tiles, topped up from the live wall's end after each replacement draw ([T]).",
        ),
    ),
    (
        "Zung Jung family",
        (
            "[S4]: 4 players, 136 tiles, no red fives, no dora, no riichi, no furiten (our choice: [S4] names none), "
            "no minimum value.",
            "Wall: no dead wall; replacement tiles come from the wall's tail. The hand is drawn when a player must "
            "draw and no tile is left. No quad (and no claim for one) when no replacement tile would be left.",
            "Deal: East takes 14, the others 13; East starts by discarding. The wall-break dice are shown but do "
            "not change the shuffle (our choice).",
            "Calls: runs only from the player on the left; triplets and big melded quads from anyone; a small "
            "melded quad (a melded triplet promoted with a drawn tile); a concealed quad. Every quad draws a "
            "replacement tile. Claim priority: win, then quad or triplet, then run (two winners: "
            "`zj_win_priority`).",
            "A winning hand: 4 sets and a pair, Seven Pairs (7 different pairs: our choice), or Thirteen Wonders. "
            "Its value is the sum of its patterns; in each series only the highest pattern counts; the hand is "
            "scored on its single best arrangement; a triplet completed by the winning discard counts as melded.",
            "Patterns and points are [S4]'s table (1.1 All Runs 5 … 10.2 Seven Pairs 30), read so: Value Honour "
            "is the seat wind or any dragon (no round wind); Concealed Hand applies to regular hands only, not to "
            "Seven Pairs or Thirteen Wonders (our choice, as the published rules); [S4]'s 6.1.1/6.1.2 and "
            "7.1.1/7.1.2 are series of their own; Mixed and Pure Branching Terminals need a terminal or honour "
            "(mixed) or a terminal (pure) in every set and the pair, and 8.1.1 needs at least one terminal, so an "
            "all-honours hand takes the honours patterns; 1.3 No Terminals means no terminal and no honour anywhere "
            "(our choice, as the published rules); Nine Gates needs the 13 tiles before the win to be exactly "
            "1112345678999 of one suit (our choice). Blessing of Heaven: East wins on the dealt 14 tiles; Blessing "
            "of Earth: a non-dealer wins on East's first discard.",
            "Payment: on a self-draw each loser pays the value; on a discard or a robbed quad the discarder pays "
            "3 × the value. An exhaustive draw pays nothing. The dealer passes counter-clockwise after every hand. "
            "Scores start at 0 and may go negative; most points wins.",
        ),
    ),
)


def allowed_values(name: str, example: RuleSet | None = None) -> str:
    """The values ``name`` may take, in words."""
    opt = BY_NAME[name]
    if name in RANGES:  # the range, with what a list option holds or what else the number must be
        words = RANGES[name].words()
        if not opt.allowed:
            return words
        listed = isinstance(getattr(RuleSet(), name), tuple)
        return f"{opt.allowed}; each {words}" if listed else f"{words}, {opt.allowed}"
    if opt.allowed:
        return opt.allowed
    if name in CHOICES:
        return ", ".join(CHOICES[name])
    value = getattr(example or RuleSet(), name)
    if isinstance(value, bool):
        return "on, off"
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


def preset_values(name: str) -> list[tuple[str, list[str]]]:
    """Option ``name``'s value in each preset, grouped: (value, the presets holding it), most common value first."""
    grouped: dict[str, list[str]] = {}
    for preset_name, rules in PRESETS.items():
        grouped.setdefault(shown(getattr(rules, name)), []).append(preset_name)
    return sorted(grouped.items(), key=lambda item: -len(item[1]))


def missing_descriptions() -> list[str]:
    """Options of ``RuleSet`` without a description here, and descriptions of options that do not exist."""
    fields = [f.name for f in dataclasses.fields(RuleSet)]
    missing = [f for f in fields if f not in BY_NAME]
    extra = [o.name for o in OPTIONS if o.name not in fields]
    return [f"no description for {f}" for f in missing] + [f"{o} is not an option" for o in extra]


def group_heading(group: str) -> str:
    """The heading of an option group in ``docs/rules.md`` (its anchor is ``options-`` and the group's words)."""
    return f"Options: {group.lower()}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _intro() -> list[str]:
    return [
        "# Rules",
        "",
        "<!-- Generated from src/jantaku/rules/descriptions.py by tools/gen_rules_doc.py: edit those, not this "
        "file (a test regenerates it and compares). -->",
        "",
        "Every rule that differs between rule sets is an option of `RuleSet` (`jantaku.rules`); a preset is a "
        "named set of option values, and a room or a command changes options on top of one: "
        '`preset("classic").with_options(kiriage=False)`, `jantaku score ... --rules classic -o kiriage=off`. '
        "`jantaku rules` lists the presets and `jantaku rules NAME` shows every option of one, a line each. "
        "Unknown option names and values outside the allowed ones are refused with a message naming the option. "
        "Every number keeps to the range its option allows: what the game can play and the table can show (each "
        "range's reason is beside its option in `RuleSet`).",
        "",
        "Each option below gives its meaning, its allowed values, its value in every preset, the source documents "
        "the values come from and, where we chose, why. Rules that are no option are under "
        "[Shared riichi rules](#shared-riichi-rules), [Yaku](#yaku), [Yakuman](#yakuman), [Points](#points), "
        "[Sanma](#sanma) and [Zung Jung family](#zung-jung-family); the superpowers are in "
        "[superpowers.md](superpowers.md).",
        "",
        "## Sources",
        "",
        "The presets come from five source documents and one body of records, cited by key. The documents are not "
        'part of the repository: this page is our reading of them, and "our choice" marks a value none of them '
        "gives.",
        "",
    ]


def markdown() -> str:
    """``docs/rules.md``: sources, presets, notation, terms, the shared rules, and every option with its values."""
    out = _intro()
    out += [f"- **{key}** {text}." for key, text in SOURCES.items()]
    out += ["", "## Presets", "", "| preset | description | source |", "|---|---|---|"]
    for name, rules in PRESETS.items():
        out.append(f"| `{name}` | {_cell(rules.description)} | {_cell(rules.source)} |")
    standard = PRESETS["standard"]
    out += ["", "How each preset differs from `standard`:", ""]
    for name, rules in PRESETS.items():
        if name != "standard":
            out.append(f"- `{name}`: " + ", ".join(f"`{k}={v}`" for k, v in differences(rules, standard)))
    for heading, lines in SHARED:
        out += ["", f"## {heading}", ""] + [f"- {line}" for line in lines]
        if heading == "Notation":  # the terms come before the rules that use them
            out += ["", "## Terms"]
            for term in TERMS:
                out += ["", f"### {term.name}", "", term.text[0].upper() + term.text[1:]]
    group = ""
    for o in OPTIONS:
        if o.name in IDENTITY:
            continue
        if o.group != group:
            group = o.group
            out += ["", f"## {group_heading(group)}"]
        values = "; ".join(f"`{v}`: " + ", ".join(names) for v, names in preset_values(o.name))
        out += ["", f"### {o.name}", "", o.meaning[0].upper() + o.meaning[1:] + ".", ""]
        out += [f"- Allowed: {allowed_values(o.name)}.", f"- Presets: {values}."]
        if o.source:
            out.append(f"- Source: {o.source}")
        if o.reason:
            out.append(f"- Why: {o.reason}")
    return "\n".join(out) + "\n"


__all__ = [
    "BY_NAME",
    "IDENTITY",
    "OPTIONS",
    "SHARED",
    "SOURCES",
    "TERMS",
    "Option",
    "Term",
    "allowed_values",
    "differences",
    "group_heading",
    "markdown",
    "missing_descriptions",
    "option_rows",
    "preset_values",
    "shown",
]
