"""Zung Jung pattern scoring against source [S4] and its readings in docs/rules.md#zung-jung-family.
Every pattern row cites the source's pattern number; its test id is the pattern's
name followed by the number."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from jantaku.hand.model import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.rules import RuleSet, preset
from jantaku.scoring.zungjung import (
    BY_NUMBER,
    PATTERNS,
    SERIES,
    ZungJungContext,
    ZungJungError,
    ZungJungResult,
    score_zung_jung,
)
from jantaku.scoring.zungjung.score import count_patterns
from jantaku.tiles import EAST, NORTH, SOUTH, TERMINALS_AND_HONORS, WEST, parse_tile

ZJ = preset("zung-jung")
SD: dict[str, Any] = {"self_draw": True}


def score(hand: str, win: str, *, rules: RuleSet = ZJ, **ctx: Any) -> ZungJungResult:
    return score_zung_jung(Hand.parse(hand), parse_tile(win), ZungJungContext(**ctx), rules)


def numbers(result: ZungJungResult) -> list[str]:
    return [line.number for line in result.patterns]


def slug(number: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", BY_NUMBER[number].name.lower()).strip("_")


def rows(table: list[tuple[Any, ...]]) -> list[Any]:
    """pytest params whose id is the pattern's name and number (plus the row's note, if any)."""
    out = []
    for number, note, hand, win, ctx in table:
        ident = f"{slug(number)}-{number}" + (f"-{note}" if note else "")
        out.append(pytest.param(number, hand, win, ctx, id=ident))
    return out


# ---------------------------------------------------------------------------------------------------------------
# The table itself: the source's numbers, names, points.

SEED_TABLE = {
    "1.1": ("All Runs", 5), "1.2": ("Concealed Hand", 5), "1.3": ("No Terminals", 5),
    "2.1.1": ("Mixed One-suit", 40), "2.1.2": ("Pure One-suit", 80), "2.2": ("Nine Gates", 480),
    "3.1": ("Value Honour", 10), "3.2.1": ("Small Three Dragons", 40), "3.2.2": ("Big Three Dragons", 130),
    "3.3.1": ("Small Three Winds", 30), "3.3.2": ("Big Three Winds", 120), "3.3.3": ("Small Four Winds", 320),
    "3.3.4": ("Big Four Winds", 400), "3.4": ("All Honours", 320),
    "4.1": ("All Triplets", 30), "4.2.1": ("Two Concealed Triplets", 5), "4.2.2": ("Three Concealed Triplets", 30),
    "4.2.3": ("Four Concealed Triplets", 125), "4.3.1": ("One Quad", 5), "4.3.2": ("Two Quads", 20),
    "4.3.3": ("Three Quads", 120), "4.3.4": ("Four Quads", 480),
    "5.1.1": ("Two Identical Runs", 10), "5.1.2": ("Double Two Identical Runs", 60),
    "5.1.3": ("Three Identical Runs", 120), "5.1.4": ("Four Identical Runs", 480),
    "6.1": ("Three Similar Runs", 35), "6.1.1": ("Small Three Similar Runs", 30),
    "6.1.2": ("Big Three Similar Runs", 120),
    "7.1": ("Nine-tile Straight", 40), "7.1.1": ("Three Consecutive Triplets/Quads", 100),
    "7.1.2": ("Four Consecutive Triplets/Quads", 200),
    "8.1.1": ("Mixed Branching Terminals", 40), "8.1.2": ("Pure Branching Terminals", 50),
    "8.1.3": ("Mixed Rooted Terminals", 100), "8.1.4": ("Pure Rooted Terminals", 400),
    "9.1.1": ("Final Draw", 10), "9.1.2": ("Final Discard", 10), "9.2": ("Win on Quad", 10),
    "9.3": ("Robbing a Quad", 10), "9.4.1": ("Blessing of Heaven", 155), "9.4.2": ("Blessing of Earth", 155),
    "10.1": ("Thirteen Wonders", 160), "10.2": ("Seven Pairs", 30),
}  # fmt: skip


def test_table_matches_the_seed() -> None:
    assert {p.number: (p.name, p.points) for p in PATTERNS} == SEED_TABLE


def test_series_follow_rules_md() -> None:
    """6.1.1/6.1.2 and 7.1.1/7.1.2 are series of their own, apart from 6.1 and 7.1 (docs/rules.md)."""
    assert [p.number for p in SERIES["6.1"]] == ["6.1"]
    assert [p.number for p in SERIES["6.1.x"]] == ["6.1.1", "6.1.2"]
    assert [p.number for p in SERIES["7.1"]] == ["7.1"]
    assert [p.number for p in SERIES["7.1.x"]] == ["7.1.1", "7.1.2"]
    assert [p.number for p in SERIES["3.3.x"]] == ["3.3.1", "3.3.2", "3.3.3", "3.3.4"]
    assert len(SERIES) == 24


# ---------------------------------------------------------------------------------------------------------------
# Every pattern: hands that score it (positive) and near misses that do not (negative).

POSITIVE = [
    ("1.1", "", "123m234m456p789s5z", "5z", {}),
    ("1.2", "", "123m234m456p789s5z", "5z", {}),
    ("1.2", "concealed_quad", "123m456p789s5z (1111s)", "5z", {}),
    ("1.2", "discard_completes_triplet", "123m456p789s11z55z", "5z", {}),
    ("1.3", "", "234m456p678s345s5p", "5p", {}),
    ("1.3", "seven_pairs", "2233m4466p5588s7s", "7s", {}),
    ("2.1.1", "", "123456789m111z2z", "2z", {}),
    ("2.1.2", "", "234456678m888m9m", "9m", {}),
    ("2.1.2", "seven_pairs", "1122335577m99m4m", "4m", {}),
    ("2.2", "", "1112345678999m", "5m", {}),
    ("2.2", "on_a_terminal", "1112345678999p", "9p", SD),
    ("3.1", "dragon", "123m456p789s1z [555z]", "1z", {}),
    ("3.1", "seat_wind", "123m456p789s5z [222z]", "5z", {"seat_wind": SOUTH}),
    ("3.2.1", "", "123m456p5z666z [777z]", "5z", {}),
    ("3.2.2", "", "123m5p555z666z [777z]", "5p", {}),
    ("3.3.1", "", "123m111z222z3z [456p]", "3z", {}),
    ("3.3.2", "", "123m111z222z333z5p", "5p", {}),
    ("3.3.3", "", "111z222z333z4z [123m]", "4z", {}),
    ("3.3.4", "", "111z222z333z444z5p", "5p", {}),
    ("3.4", "", "111z222z555z666z7z", "7z", {}),
    ("3.4", "seven_pairs", "1122334455667z", "7z", {}),
    ("4.1", "", "111m222p333s5z [888m]", "5z", {}),
    ("4.2.1", "", "111m222p456s5z [789m]", "5z", {}),
    ("4.2.1", "self_drawn_triplet", "111m22p456s55z [789m]", "2p", SD),
    ("4.2.2", "", "111m222p33s456s55z", "3s", SD),
    ("4.2.3", "", "111m222p333s44s55z", "4s", SD),
    ("4.2.3", "discard_on_pair", "111m222p333s444s5z", "5z", {}),
    ("4.2.3", "concealed_quads_count", "444s5z (1111m) (2222p) (3333s)", "5z", {}),
    ("4.3.1", "", "123m456p789s5z [1111s]", "5z", {}),
    ("4.3.2", "", "123m456p5z [1111s] (9999m)", "5z", {}),
    ("4.3.3", "", "123m5z [1111s] (9999m) [2222p]", "5z", {}),
    ("4.3.4", "", "5z [1111s] (9999m) [2222p] {3333p}", "5z", {}),
    ("5.1.1", "", "123m123m456p789s5z", "5z", {}),
    ("5.1.1", "melded", "123m456p789s5z [123m]", "5z", {}),
    ("5.1.2", "", "112233m445566p5z", "5z", {}),
    ("5.1.3", "", "123m123m456p9s [123m]", "9s", {}),
    ("5.1.4", "", "123m123m123m123m5z", "5z", {}),
    ("6.1", "", "123m123p123s456m5z", "5z", {}),
    ("6.1.1", "", "555m555p5s123m789m", "5s", {}),
    ("6.1.2", "", "555m555p555s123m9m", "9m", {}),
    ("7.1", "", "123456789m123p5z", "5z", {}),
    ("7.1.1", "", "11122233m456p99s", "3m", SD),
    ("7.1.2", "", "111222333444m5z", "5z", {}),
    ("8.1.1", "", "123m789p111z999s1s", "1s", {}),
    ("8.1.2", "", "123m789p123s999s1m", "1m", {}),
    ("8.1.3", "", "111m999p111s1z [999s]", "1z", {}),
    ("8.1.3", "seven_pairs", "1199m1199p11s112z", "2z", {}),
    ("8.1.4", "", "111m999p111s9m [999s]", "9m", {}),
    ("9.1.1", "", "123m234m456p789s5z", "5z", {"self_draw": True, "last_tile": True}),
    ("9.1.2", "", "123m234m456p789s5z", "5z", {"last_tile": True}),
    ("9.2", "", "123m456p789s5z [1111s]", "5z", {"self_draw": True, "replacement": True}),
    ("9.3", "", "12m456p789s123p55z", "3m", {"robbing_quad": True}),
    ("9.4.1", "", "123m234m456p789s5z", "5z", {"self_draw": True, "blessing_heaven": True}),
    ("9.4.2", "", "123m234m456p789s5z", "5z", {"blessing_earth": True, "seat_wind": WEST}),
    ("10.1", "", "19m19p19s1234567z", "1m", SD),
    ("10.1", "pair_of_honours", "19m19p19s1234567z", "7z", {}),
    ("10.2", "", "1122m3344p5566s7z", "7z", {}),
]

NEGATIVE = [
    ("1.1", "a_triplet", "123m456p789s555m5z", "5z", {}),
    ("1.2", "melded_run", "123m456p789s5z [234m]", "5z", {}),
    ("1.2", "not_for_seven_pairs", "1122m3344p5566s7z", "7z", {}),
    ("1.2", "not_for_thirteen_wonders", "19m19p19s1234567z", "1m", SD),
    ("1.3", "one_terminal", "234m456p678s789s5p", "5p", {}),
    ("1.3", "an_honour_pair", "234m456p678s345s5z", "5z", {}),
    ("2.1.1", "two_suits", "123m456m789p111z2z", "2z", {}),
    ("2.1.1", "all_honours_have_no_suit", "111z222z555z666z7z", "7z", {}),
    ("2.1.2", "an_honour", "234456678m888m5z", "5z", {}),
    ("2.2", "gates_only_after_the_win", "1112345678899m", "9m", {}),
    ("2.2", "melded", "2345678999m [111m]", "1m", {}),
    ("3.1", "other_wind", "123m456p789s5z [333z]", "5z", {}),
    ("3.1", "dragon_pair", "123m456p789s555m5z", "5z", {}),
    ("3.2.1", "pair_not_dragon", "123m456p1z666z [777z]", "1z", {}),
    ("3.2.2", "two_sets_and_pair", "123m456p5z666z [777z]", "5z", {}),
    ("3.3.1", "pair_not_wind", "123m111z222z5z [456p]", "5z", {}),
    ("3.3.2", "two_sets_and_pair", "123m111z222z3z [456p]", "3z", {}),
    ("3.3.3", "pair_not_wind", "123m111z222z333z5p", "5p", {}),
    ("3.3.4", "three_sets_and_pair", "111z222z333z4z [123m]", "4z", {}),
    ("3.4", "a_terminal_pair", "111z222z555z666z9m", "9m", {}),
    ("4.1", "a_run", "111m222p333s5z [789m]", "5z", {}),
    ("4.2.1", "discard_completes_triplet", "111m22p456s55z [789m]", "2p", {}),
    ("4.2.1", "melded_triplet", "111m456p789s5z [222p]", "5z", {}),
    ("4.2.2", "discard_completes_triplet", "111m222p33s456s55z", "3s", {}),
    ("4.2.3", "discard_completes_triplet", "111m222p333s44s55z", "4s", {}),
    ("4.3.1", "four_tiles_not_declared", "1111s23s456p789p5z", "5z", {}),
    ("4.3.2", "one_quad", "123m456p789s5z [1111s]", "5z", {}),
    ("4.3.3", "two_quads", "123m456p5z [1111s] (9999m)", "5z", {}),
    ("4.3.4", "three_quads", "123m5z [1111s] (9999m) [2222p]", "5z", {}),
    ("5.1.1", "other_suit", "123m123p456s789s5z", "5z", {}),
    ("5.1.2", "one_pair_of_runs", "123m123m456p789s5z", "5z", {}),
    ("5.1.3", "two_identical", "123m123m456p789s5z", "5z", {}),
    ("5.1.4", "three_identical", "123m123m456p9s [123m]", "9s", {}),
    ("6.1", "one_run_off", "123m123p234s456m5z", "5z", {}),
    ("6.1.1", "pair_of_another_value", "555m555p6s123m789m", "6s", {}),
    ("6.1.2", "two_sets_and_pair", "555m555p5s123m789m", "5s", {}),
    ("7.1", "across_suits", "123m456p789m123p5z", "5z", {}),
    ("7.1.1", "not_consecutive", "111m333m555m456p9s", "9s", SD),
    ("7.1.1", "winds_are_not_values", "111z222z333z456p9s", "9s", SD),
    ("7.1.1", "across_suits", "888m999m111p456p5z", "5z", SD),
    ("7.1.2", "three_consecutive", "11122233m456p99s", "3m", SD),
    ("8.1.1", "a_set_without", "123m456p111z999s1s", "1s", {}),
    ("8.1.1", "a_pair_without", "123m789p111z999s5s", "5s", {}),
    ("8.1.1", "all_honours", "111z222z555z666z7z", "7z", {}),
    ("8.1.2", "an_honour_set", "123m789p111z999s1s", "1s", {}),
    ("8.1.3", "a_run", "123m789p111z999s1s", "1s", {}),
    ("8.1.3", "thirteen_wonders_has_no_sets", "19m19p19s1234567z", "1m", SD),
    ("8.1.4", "an_honour", "111m999p111s1z [999s]", "1z", {}),
    ("9.1.1", "not_last", "123m234m456p789s5z", "5z", SD),
    ("9.1.1", "last_discard", "123m234m456p789s5z", "5z", {"last_tile": True}),
    ("9.1.2", "last_draw", "123m234m456p789s5z", "5z", {"self_draw": True, "last_tile": True}),
    ("9.2", "quad_but_plain_draw", "123m456p789s5z [1111s]", "5z", SD),
    ("9.3", "plain_discard", "12m456p789s123p55z", "3m", {}),
    ("9.4.1", "concealed_quad", "123m456p789s5z (1111s)", "5z", {"self_draw": True, "blessing_heaven": True}),
    ("9.4.1", "plain_self_draw", "123m234m456p789s5z", "5z", SD),
    ("9.4.2", "plain_discard", "123m234m456p789s5z", "5z", {"seat_wind": WEST}),
    ("10.1", "seven_terminal_pairs", "1199m1199p11s112z", "2z", {}),
    ("10.2", "standard_reading_is_worth_more", "2233445566778p", "8p", {}),
]


@pytest.mark.parametrize(("number", "hand", "win", "ctx"), rows(POSITIVE))
def test_pattern_scores(number: str, hand: str, win: str, ctx: dict[str, Any]) -> None:
    assert number in numbers(score(hand, win, **ctx))


@pytest.mark.parametrize(("number", "hand", "win", "ctx"), rows(NEGATIVE))
def test_pattern_does_not_score(number: str, hand: str, win: str, ctx: dict[str, Any]) -> None:
    assert number not in numbers(score(hand, win, **ctx))


def test_every_pattern_has_positive_and_negative_rows() -> None:
    every = {p.number for p in PATTERNS}
    assert {row[0] for row in POSITIVE} == every
    assert {row[0] for row in NEGATIVE} == every


# ---------------------------------------------------------------------------------------------------------------
# Value Honour counts per set; the series rule keeps one pattern per series.


@pytest.mark.parametrize(
    ("hand", "win", "seat", "count"),
    [
        pytest.param("123m456p789s1z [555z]", "1z", EAST, 1, id="value_honour-3.1-one_dragon"),
        pytest.param("123m456p1s222z [777z]", "1s", SOUTH, 2, id="value_honour-3.1-seat_wind_and_dragon"),
        pytest.param("123m456p1s222z [777z]", "1s", NORTH, 1, id="value_honour-3.1-south_not_north_seat"),
        pytest.param("123m111z5s [555z] [666z]", "5s", EAST, 3, id="value_honour-3.1-east_and_two_dragons"),
    ],
)
def test_value_honour_is_ten_per_set(hand: str, win: str, seat: int, count: int) -> None:
    line = next(line for line in score(hand, win, seat_wind=seat).patterns if line.number == "3.1")
    assert (line.count, line.points) == (count, 10 * count)


@pytest.mark.parametrize(
    ("hand", "win", "ctx", "kept", "dropped"),
    [
        pytest.param("234456678m888m9m", "9m", {}, "2.1.2", ["2.1.1"], id="pure_one_suit-2.1.2-replaces-2.1.1"),
        pytest.param("111m222p333s44s55z", "4s", SD, "4.2.3", ["4.2.2", "4.2.1"], id="four_concealed-4.2.3"),
        pytest.param("111z222z333z4z [123m]", "4z", {}, "3.3.3", ["3.3.2", "3.3.1"], id="small_four_winds-3.3.3"),
        pytest.param("111z222z333z444z5p", "5p", {}, "3.3.4", ["3.3.3", "3.3.2"], id="big_four_winds-3.3.4"),
        pytest.param("123m123m123m123m5z", "5z", {}, "5.1.4", ["5.1.3", "5.1.2"], id="four_identical-5.1.4"),
        pytest.param("111m999p111s9m [999s]", "9m", {}, "8.1.4", ["8.1.3", "8.1.2"], id="pure_rooted-8.1.4"),
        pytest.param("111222333444m5z", "5z", {}, "7.1.2", ["7.1.1"], id="four_consecutive-7.1.2"),
        pytest.param("5z [1111s] (9999m) [2222p] {3333p}", "5z", {}, "4.3.4", ["4.3.3"], id="four_quads-4.3.4"),
    ],
)
def test_only_the_highest_of_a_series_counts(
    hand: str, win: str, ctx: dict[str, Any], kept: str, dropped: list[str]
) -> None:
    got = numbers(score(hand, win, **ctx))
    assert kept in got
    assert not set(dropped) & set(got)
    assert len({BY_NUMBER[n].series for n in got}) == len(got)


def test_final_draw_and_win_on_quad_are_two_series() -> None:
    """Our reading: the supplement tile comes from the wall's tail (docs/rules.md), so it can be the last tile; 9.1.1
    and 9.2 are different series and both count."""
    got = score("123m456p789s5z [1111s]", "5z", self_draw=True, replacement=True, last_tile=True)
    assert numbers(got) == ["4.3.1", "9.1.1", "9.2"]


def test_series_rule_on_pattern_lists() -> None:
    assert [line.number for line in count_patterns(["2.1.1", "2.1.2", "4.2.1"])] == ["2.1.2", "4.2.1"]
    kept = count_patterns(["7.1", "7.1.1", "6.1", "6.1.2"])  # separate series (docs/rules.md)
    assert [line.number for line in kept] == ["6.1", "6.1.2", "7.1", "7.1.1"]
    assert [(line.number, line.points) for line in count_patterns(["3.1", "3.1", "3.1"])] == [("3.1", 30)]


# ---------------------------------------------------------------------------------------------------------------
# One arrangement: the best one, and every place the winning tile can sit.


def test_seed_example_consecutive_triplets_or_identical_runs_not_both() -> None:
    """Seed: a hand scores either Three Consecutive Triplets (7.1.1; the source's note calls it 7.2.1, its table
    7.1.1) or Three Identical Runs (5.1.3), not both.
    Self-drawn, the triplets are worth more (100 + 30 three concealed + 5 concealed hand = 135 vs 120 + 5 + 5)."""
    got = score("11122233m456p99s", "3m", **SD)
    assert numbers(got) == ["1.2", "4.2.2", "7.1.1"]
    assert got.value == 135
    assert got.arrangement == "111m 222m 333m 456p 99s"


def test_discard_completing_a_triplet_turns_the_choice_to_runs() -> None:
    """On a discard the 3m completes 333m, which then counts as melded: only two concealed triplets (5), so the
    runs reading (130) beats the triplets reading (110)."""
    got = score("11122233m456p99s", "3m")
    assert numbers(got) == ["1.1", "1.2", "5.1.3"]
    assert got.value == 130


def test_winning_tile_placed_in_a_run_keeps_the_triplet_concealed() -> None:
    """5p can complete 555p or sit in 345p; the scorer picks the placement that keeps three concealed triplets."""
    got = score("111m999s34555p11z", "5p")
    assert "4.2.2" in numbers(got)
    assert got.arrangement == "111m 345p 555p 999s 11z"
    forced = score("111m999s55p345s11z", "5p")  # here 5p can only complete 555p, which then counts as melded
    assert "4.2.1" in numbers(forced)
    assert forced.arrangement == "111m [555p] 345s 999s 11z"


def test_standard_reading_beats_seven_pairs_when_worth_more() -> None:
    got = score("2233445566778p", "8p")
    assert "5.1.2" in numbers(got) and "10.2" not in numbers(got)
    assert got.value == 5 + 5 + 5 + 80 + 60


def test_seven_pairs_chosen_when_worth_more() -> None:
    got = score("1122m3344p5566s7z", "7z")
    assert numbers(got) == ["10.2"]
    assert got.value == 30


# ---------------------------------------------------------------------------------------------------------------
# Chicken hand, cap, payments.

CHICKEN = ("123m456p789s5z [222m]", "5z")


def test_chicken_hand() -> None:
    got = score(*CHICKEN, **SD)
    assert got.patterns == () and got.chicken and got.total == 0
    assert got.value == ZJ.chicken_hand_points == 1
    assert got.payments == {0: 3, 1: -1, 2: -1, 3: -1}


def test_chicken_hand_points_option() -> None:
    got = score(*CHICKEN, rules=ZJ.with_options(chicken_hand_points=0), **SD)
    assert got.value == 0 and got.payments == {0: 0, 1: 0, 2: 0, 3: 0}
    assert score(*CHICKEN, rules=ZJ.with_options(chicken_hand_points=5)).value == 5


def test_cap() -> None:
    got = score("111z222z333z444z5p", "5p", **SD)
    assert got.total > 320 and got.capped and got.value == ZJ.score_cap == 320
    assert got.payments[0] == 3 * 320
    loose = score("111z222z333z444z5p", "5p", rules=ZJ.with_options(score_cap=2000), **SD)
    assert numbers(loose) == ["1.2", "2.1.1", "3.1", "3.3.4", "4.1", "4.2.3"]
    assert loose.value == loose.total == 5 + 40 + 10 + 400 + 30 + 125
    assert not loose.capped


OPEN = "12m456p789s55z [777z]"  # + 3m: Value Honour (Red dragon) 10
CLOSED = "12m456p789s777z55z"  # + 3m: Value Honour 10 + Concealed Hand 5


@pytest.mark.parametrize(
    ("hand", "ctx", "value", "shares"),
    [
        pytest.param(OPEN, {"self_draw": True}, 10, {0: 3, 1: -1, 2: -1, 3: -1}, id="self_draw-east_wins"),
        pytest.param(OPEN, {"self_draw": True, "seat_wind": WEST}, 10, {0: -1, 1: -1, 2: 3, 3: -1},
                     id="self_draw-west_wins"),
        pytest.param(OPEN, {}, 10, {0: 3, 1: 0, 2: 0, 3: -3}, id="discard-default_is_previous_seat"),
        pytest.param(OPEN, {"discarder": 2}, 10, {0: 3, 1: 0, 2: -3, 3: 0}, id="discard-from_across"),
        pytest.param(OPEN, {"seat_wind": SOUTH}, 10, {0: -3, 1: 3, 2: 0, 3: 0}, id="discard-south_wins_from_east"),
        pytest.param(OPEN, {"robbing_quad": True, "discarder": 1}, 20, {0: 3, 1: -3, 2: 0, 3: 0},
                     id="robbing_quad-robbed_player_pays"),
        pytest.param(CLOSED, {"blessing_earth": True, "seat_wind": NORTH}, 170, {0: -3, 1: 0, 2: 0, 3: 3},
                     id="blessing_of_earth-east_pays"),
    ],
)  # fmt: skip
def test_payments(hand: str, ctx: dict[str, Any], value: int, shares: dict[int, int]) -> None:
    """Self-draw: each loser pays the value; discard or robbed quad: the discarder pays 3x ([S4])."""
    got = score(hand, "3m", **ctx)
    assert got.value == value
    assert got.payments == {seat: n * value for seat, n in shares.items()}


def test_to_dict() -> None:
    d = score("123m456p789s1z [555z]", "1z", discarder=2).to_dict()
    assert d == {
        "value": 10,
        "points": 10,
        "total": 10,
        "chicken": False,
        "capped": False,
        "patterns": [{"number": "3.1", "name": "Value Honour", "points": 10, "count": 1}],
        "payments": {"E": 30, "S": 0, "W": -30, "N": 0},
        "winner": "E",
        "payer": "W",
        "arrangement": "123m 456p 789s 11z [555z]",
        "error": None,
    }


# ---------------------------------------------------------------------------------------------------------------
# Errors.


@pytest.mark.parametrize(
    ("hand", "win", "ctx", "rules", "code"),
    [
        pytest.param("123m456p789s11z23z", "1z", {}, ZJ, "not_winning", id="not_winning"),
        pytest.param("19m19p19s1234566z", "1m", {}, ZJ, "not_winning", id="not_winning-almost_thirteen_wonders"),
        pytest.param("1111m3344p5566s7z", "7z", {}, ZJ, "not_winning", id="not_winning-four_of_a_kind_pairs"),
        pytest.param("123m456p789s11z2z", "2z", {}, ZJ, "invalid_hand", id="invalid_hand-14_before_win"),
        pytest.param("123m456p789s2z", "2z", {}, ZJ, "invalid_hand", id="invalid_hand-12_before_win"),
        pytest.param("1111m456p789s22z", "1m", {}, ZJ, "invalid_hand", id="invalid_hand-five_copies"),
        pytest.param("123m406p789s22z", "2z", {}, ZJ, "invalid_hand", id="invalid_hand-red_five"),
        pytest.param("123m456p789s2z", "2z", SD, preset("tenhou"), "invalid_rules", id="invalid_rules-riichi"),
        pytest.param(*CHICKEN, {"self_draw": True, "robbing_quad": True}, ZJ, "invalid_context", id="rob_self_draw"),
        pytest.param(*CHICKEN, {"replacement": True}, ZJ, "invalid_context", id="replacement_on_discard"),
        pytest.param("123m234m456p789s5z", "5z", {"self_draw": True, "replacement": True}, ZJ, "invalid_context",
                     id="replacement_without_quad"),
        pytest.param("123m234m456p789s5z", "5z", {"robbing_quad": True, "last_tile": True}, ZJ, "invalid_context",
                     id="robbing_on_last_tile"),
        pytest.param("123m456p789s3m333z", "3m", {"robbing_quad": True}, ZJ, "invalid_context",
                     id="robbing_a_tile_the_winner_holds"),
        pytest.param("123m234m456p789s5z", "5z", {"blessing_heaven": True}, ZJ, "invalid_context",
                     id="heaven_on_discard"),
        pytest.param("123m234m456p789s5z", "5z", {"self_draw": True, "blessing_heaven": True, "seat_wind": SOUTH},
                     ZJ, "invalid_context", id="heaven_not_east"),
        pytest.param("123m234m456p789s5z", "5z", {"blessing_earth": True}, ZJ, "invalid_context",
                     id="earth_for_east"),
        pytest.param("123m234m456p789s5z", "5z", {"blessing_earth": True, "seat_wind": WEST, "discarder": 1}, ZJ,
                     "invalid_context", id="earth_not_from_east"),
        pytest.param(*CHICKEN, {"self_draw": True, "blessing_heaven": True}, ZJ, "invalid_context",
                     id="heaven_with_melded_set"),
        pytest.param(*CHICKEN, {"self_draw": True, "discarder": 1}, ZJ, "invalid_context", id="self_draw_discarder"),
        pytest.param(*CHICKEN, {"discarder": 0}, ZJ, "invalid_context", id="discarder_is_winner"),
        pytest.param(*CHICKEN, {"discarder": 4}, ZJ, "invalid_context", id="discarder_out_of_range"),
        pytest.param(*CHICKEN, {"seat_wind": 5}, ZJ, "invalid_context", id="seat_wind_not_a_wind"),
    ],
)  # fmt: skip
def test_errors(hand: str, win: str, ctx: dict[str, Any], rules: RuleSet, code: str) -> None:
    with pytest.raises(ZungJungError) as info:
        score(hand, win, rules=rules, **ctx)
    assert info.value.code == code
    assert info.value.to_dict()["error"]["code"] == code


# ---------------------------------------------------------------------------------------------------------------
# Property: any winning hand is worth between the chicken points and the cap, and payments sum to zero.

_MELD_KINDS = {True: [None, MeldKind.CHI], False: [None, MeldKind.PON, MeldKind.OPEN_KAN, MeldKind.ADDED_KAN,
                                                    MeldKind.CLOSED_KAN]}  # fmt: skip


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[Hand, int, ZungJungContext]:
    """A complete hand (4 sets + pair, seven pairs or thirteen wonders), its winning tile and a consistent context."""
    form = draw(st.sampled_from(["regular"] * 8 + ["pairs", "wonders"]))
    melds: list[Meld] = []
    concealed: list[int] = []
    if form == "regular":
        for _ in range(4):
            run = draw(st.booleans())
            first = draw(st.integers(0, 6)) + 9 * draw(st.integers(0, 2)) if run else draw(st.integers(0, 33))
            tiles = [first, first + 1, first + 2] if run else [first] * 3
            kind = draw(st.sampled_from(_MELD_KINDS[run]))
            if kind is None:
                concealed += tiles
            else:
                size = 4 if kind in (MeldKind.OPEN_KAN, MeldKind.ADDED_KAN, MeldKind.CLOSED_KAN) else 3
                melds.append(Meld(kind, tuple(tiles + tiles[:1])[:size]))
        concealed += [draw(st.integers(0, 33))] * 2
    elif form == "pairs":
        concealed = [k for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True)) for _ in "ab"]
    else:
        orphans = list(TERMINALS_AND_HONORS)
        concealed = [*orphans, draw(st.sampled_from(orphans))]
    win = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    hand = Hand(tuple(concealed), tuple(melds))
    every = [*hand.all_kinds(), win]
    assume(all(every.count(k) <= 4 for k in set(every)))
    return hand, win, draw(contexts(hand, win))


@st.composite
def contexts(draw: st.DrawFn, hand: Hand, win: int) -> ZungJungContext:
    self_draw = draw(st.booleans())
    seat = draw(st.integers(0, 3))
    has_quad = any(m.is_kan for m in hand.melds)
    last = draw(st.booleans())
    replacement = self_draw and has_quad and draw(st.booleans())
    holds = [*hand.all_kinds(), win].count(win) > 1
    robbing = not self_draw and not last and not holds and draw(st.booleans())
    untouched = not any(m.is_open for m in hand.melds) and not last
    heaven = self_draw and seat == 0 and untouched and not replacement and draw(st.booleans())
    earth = not self_draw and seat != 0 and untouched and not robbing and draw(st.booleans())
    discarder = None
    if not self_draw and not earth:
        discarder = draw(st.sampled_from([None, *[s for s in range(4) if s != seat]]))
    return ZungJungContext(self_draw, robbing, last, replacement, heaven, earth, EAST + seat, discarder)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(winning_hands(), st.integers(0, 5), st.integers(5, 1000))
def test_value_bounded_and_payments_balance(case: tuple[Hand, int, ZungJungContext], chicken: int, cap: int) -> None:
    hand, win, ctx = case
    rules = ZJ.with_options(chicken_hand_points=chicken, score_cap=cap)
    got = score_zung_jung(hand, win, ctx, rules)
    assert chicken <= got.value <= cap
    assert got.value == min(got.total or chicken, cap)
    assert sum(got.payments.values()) == 0
    assert got.payments[ctx.winner] == 3 * got.value
    assert json.loads(json.dumps(got.to_dict()))["value"] == got.value
    assert len({line.pattern.series for line in got.patterns}) == len(got.patterns)
    assert ctx.problems() == []
