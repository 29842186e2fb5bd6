"""Every number a rule set holds keeps to a range the game can play (``RuleSet`` field bounds, ``RANGES``): values
outside it are refused with the option and its range named, by ``RuleSet(...)`` and by ``with_options``, and every
preset keeps inside them. docs/rules.md and ``jantaku rules NAME`` show each range."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import pytest

from jantaku.rules import PRESETS, RuleError, RuleSet, preset
from jantaku.rules.descriptions import allowed_values, markdown
from jantaku.rules.ruleset import RANGES, Bounds, option_bounds

NUMBER_FIELDS = [
    f.name
    for f in dataclasses.fields(RuleSet)
    if isinstance(f.default, int | tuple) and not isinstance(f.default, bool)
]


def test_every_number_option_has_a_range() -> None:
    assert NUMBER_FIELDS  # the scan sees the options
    assert sorted(RANGES) == sorted(NUMBER_FIELDS)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_keeps_inside_the_ranges(name: str) -> None:
    rules = PRESETS[name]
    for option, bounds in RANGES.items():
        value = getattr(rules, option)
        for v in value if isinstance(value, tuple) else (value,):
            assert bounds.admits(v), f"{name}: {option}={v} outside {bounds.words()}"


class Out(NamedTuple):
    id: str
    options: dict[str, Any]
    says: str  # the range, as the refusal words it


OUT = [
    Out("start-points-astronomical", {"start_points": 10**30}, "start_points must be 0 to 1,000,000"),
    Out("start-points-float-1e30", {"start_points": 1e30}, "start_points must be 0 to 1,000,000"),
    Out("start-points-negative", {"start_points": -100}, "start_points must be 0 to 1,000,000"),
    Out("start-points-off-the-hundreds", {"start_points": 25050}, "in steps of 100"),
    Out("start-points-fraction", {"start_points": 25000.5}, "start_points is a whole number"),
    Out("start-points-infinite", {"start_points": float("inf")}, "start_points is a whole number"),
    Out("start-points-text-too-big", {"start_points": "9" * 5000}, "start_points is a whole number"),
    Out("return-points-too-high", {"return_points": 2_000_000}, "return_points must be 0 to 1,000,000"),
    Out("target-points-too-high", {"target_points": 10**9}, "target_points must be 0 to 1,000,000"),
    Out("last-hand-minutes-a-week", {"last_hand_after_minutes": 10080}, "last_hand_after_minutes must be 0 to 600"),
    Out("end-minutes-negative", {"end_after_minutes": -1}, "end_after_minutes must be 0 to 600"),
    Out("honba-too-high", {"honba_per_payer": 100_000}, "honba_per_payer must be 0 to 1,000"),
    Out("noten-too-high", {"noten_total": 1_000_000}, "noten_total must be 0 to 12,000"),
    Out("noten-that-does-not-split", {"noten_total": 1000}, "noten_total 1000 does not split evenly"),
    Out("replacements-too-many", {"max_replacements": 9}, "max_replacements must be 0 to 8"),
    Out("riichi-points-too-high", {"riichi_min_points": 2_000_000}, "riichi_min_points must be 0 to 1,000,000"),
    Out("riichi-live-tiles-beyond-the-wall", {"riichi_min_live_tiles": 71}, "riichi_min_live_tiles must be 0 to 70"),
    Out("max-yakuman-too-high", {"max_yakuman": 11}, "max_yakuman must be 0 to 10"),
    Out("double-wind-fu-three", {"double_wind_fu": 3}, "double_wind_fu must be 2 or 4"),
    Out("uma-too-big", {"uma": [10**12, 0, 0, -(10**12)]}, "uma must be -1,000,000 to 1,000,000"),
    Out("uma-fraction", {"uma": [15000.5, 5000, -5000, -15000.5]}, "uma is a list of whole numbers"),
    Out("uma-off-the-hundreds", {"uma": [150, 50, -50, -150]}, "in steps of 100"),
    Out("red-fives-five-of-a-suit", {"red_fives": [0, 5, 1]}, "red_fives must be 0 to 4"),
    Out("red-fives-negative", {"red_fives": [0, -1, 1]}, "red_fives must be 0 to 4"),
    Out("bool-for-a-number", {"start_points": True}, "start_points is a whole number"),
]
ZJ_OUT = [
    Out("chicken-hand-too-high", {"chicken_hand_points": 1000}, "chicken_hand_points must be 0 to 320"),
    Out("score-cap-too-high", {"score_cap": 10**6}, "score_cap must be 0 to 10,000"),
    Out("zj-hands-too-many", {"zj_hands": 13}, "zj_hands must be 4 to 12"),
]


@pytest.mark.parametrize("case", OUT, ids=[c.id for c in OUT])
def test_with_options_refuses_a_number_outside_its_range(case: Out) -> None:
    with pytest.raises(RuleError, match=case.says):
        preset("standard").with_options(**case.options)


@pytest.mark.parametrize("case", ZJ_OUT, ids=[c.id for c in ZJ_OUT])
def test_zung_jung_numbers_keep_to_their_range(case: Out) -> None:
    with pytest.raises(RuleError, match=case.says):
        preset("zung-jung").with_options(**case.options)


def test_a_library_user_building_rules_out_of_range_gets_a_value_error() -> None:
    with pytest.raises(ValueError, match="start_points must be 0 to 1,000,000"):
        RuleSet(start_points=10**30)
    with pytest.raises(ValueError, match="uma must be"):
        RuleSet(uma=(10**9, 0, 0, -(10**9)))
    with pytest.raises(ValueError, match="start_points is a whole number"):
        RuleSet(start_points=25000.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(RANGES))
def test_the_ends_of_each_range_play(name: str) -> None:
    """Both ends are accepted: the range is what the game can play (with the options it needs changed with it)."""
    bounds = RANGES[name]
    zung_jung = name in ("chicken_hand_points", "score_cap", "zj_hands")
    base = preset("sanma") if name == "players" else preset("zung-jung") if zung_jung else preset("standard")
    for end in (bounds.low, bounds.high):
        options: dict[str, Any] = {name: end}
        if name == "uma":
            options = {name: (end,) * 4}
        elif name == "red_fives":
            options = {name: (0, end, end)}
        elif name == "players" and end == 4:
            options.update(north_extraction=False, uma=(0, 0, 0, 0), noten_total=3000)
        assert getattr(base.with_options(**options), name) == options[name]


def test_whole_floats_and_number_text_are_read_as_numbers() -> None:
    """What a form or a command line sends: 30000.0 (JSON numbers) and "30000" (text) are whole numbers."""
    assert preset("standard").with_options(start_points=30000.0).start_points == 30000
    assert preset("standard").with_options(start_points="30000").start_points == 30000
    assert preset("standard").with_options(uma=[20000.0, 10000, -10000, -20000]).uma == (20000, 10000, -10000, -20000)


@pytest.mark.parametrize(
    ("bounds", "words"),
    [
        (Bounds(3, 4), "3 or 4"),
        (Bounds(2, 4, 2), "2 or 4"),
        (Bounds(0, 8), "0 to 8"),
        (Bounds(0, 1_000_000, 100), "0 to 1,000,000 in steps of 100"),
        (Bounds(-1_000_000, 1_000_000, 100), "-1,000,000 to 1,000,000 in steps of 100"),
    ],
)
def test_a_range_in_words(bounds: Bounds, words: str) -> None:
    assert bounds.words() == words


def test_a_range_admits_only_its_steps() -> None:
    hundreds = Bounds(0, 1000, 100)
    assert [v for v in (-100, 0, 50, 100, 1000, 1100) if hundreds.admits(v)] == [0, 100, 1000]
    assert not Bounds(2, 4, 2).admits(3)


def test_the_ranges_as_data_for_the_browser() -> None:
    data = option_bounds()
    assert data["start_points"] == {"min": 0, "max": 1_000_000, "step": 100}
    assert data["double_wind_fu"] == {"min": 2, "max": 4, "step": 2}
    assert set(data) == set(RANGES)


@pytest.mark.parametrize("name", list(RANGES))
def test_the_reference_shows_each_range(name: str) -> None:
    words = RANGES[name].words()
    assert words in allowed_values(name)
    assert f"\n### {name}\n" in markdown() and f"- Allowed: {allowed_values(name)}." in markdown()
