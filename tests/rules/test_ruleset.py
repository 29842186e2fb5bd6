"""RuleSet and presets (docs/rules.md)."""

import pytest

from jantaku.rules import PRESETS, RuleError, RuleSet, preset
from jantaku.tiles import kind_of, parse_tiles

EXPECTED = {
    *("standard", "sanma", "superpower", "classic", "classic-east", "doman", "doman-nokuitan", "bga"),
    *("tenhou", "tenhou-sanma", "zung-jung"),
}


def test_every_preset_of_docs_rules_md_exists_with_a_source() -> None:
    assert set(PRESETS) == EXPECTED
    for rules in PRESETS.values():
        assert rules.description and rules.source


@pytest.mark.parametrize(
    ("name", "option", "value"),
    [
        ("classic", "kiriage", True),  # [S1]: 30fu 4han -> mangan
        ("classic", "double_wind_fu", 2),  # [S1]: 連風牌のトイツは2符
        ("classic", "double_ron", "head-bump"),  # [S1]: アタマハネ
        ("classic", "karaten_riichi", False),
        ("classic", "riichi_kan", "waits-and-arrangement"),
        ("classic-east", "red_fives", (1, 2, 1)),  # [S1]: two red 5p in East-only games
        ("doman", "max_yakuman", 4),  # [S2]: up to four yakuman combine
        ("doman", "nagashi_mangan", True),
        ("doman-nokuitan", "kuitan", False),
        ("bga", "kazoe_yakuman", False),  # [S3]: the table ends at sanbaiman
        ("sanma", "chi", False),
        ("sanma", "red_fives", (0, 1, 1)),
        ("tenhou", "double_yakuman", frozenset()),
        ("tenhou", "kan_dora_on_rinshan_win", False),  # [T]: none after an added kan
        ("standard", "kan_dora_on_rinshan_win", True),  # [S0]: "after the kan-caller's discard, or at their win"
    ],
)
def test_preset_values_follow_docs_rules_md(name: str, option: str, value: object) -> None:
    assert getattr(preset(name), option) == value


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kuitann": False}, "did you mean 'kuitan'"),
        ({"red_fives": [1, 1]}, "three counts"),
        ({"uma": "a,b"}, "list of whole numbers"),
        ({"abortive_draws": 5}, "list of names"),
        ({"double_wind_fu": 3}, "double_wind_fu"),
        ({"kiriage": "maybe"}, "on/off"),
    ],
)
def test_bad_options_are_rejected_with_the_option_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        preset("standard").with_options(**options)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3, "red_fives": (0, 1, 1)}, "chi does not exist"),
        ({"players": 3, "chi": False, "red_fives": (1, 1, 1)}, "red 5m"),
        ({"north_extraction": True}, "3-player rule"),
    ],
)
def test_contradictions_are_rejected(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        RuleSet(**kwargs)  # type: ignore[arg-type]


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(RuleError, match="standard"):
        preset("nope")


def test_options_round_trip_through_plain_data() -> None:
    rules = preset("doman")
    again = RuleSet().with_options(**{k: v for k, v in rules.options().items()})
    assert again == rules


@pytest.mark.parametrize("name", PRESETS)
def test_a_three_player_set_lacks_2m_to_8m_and_no_other_set_lacks_a_kind(name: str) -> None:
    """docs/rules.md#sanma: 2m-8m are removed from the 3-player set; every other set holds all 34 kinds. The wall,
    the scorer's checks, the CPUs' reading and the analysis CLI all take the missing kinds from here."""
    rules = preset(name)
    expected = {kind_of(t) for t in parse_tiles("2345678m")} if rules.players == 3 else set()
    assert rules.absent_kinds == expected


@pytest.mark.parametrize("name", PRESETS)
def test_a_hand_with_a_tile_its_set_lacks_is_refused_in_words(name: str) -> None:
    """docs/rules.md#sanma: a 3-player hand holding 5m cannot come from the set; 1m and 9m can. The scorer and the
    analysis CLI refuse it with these words."""
    rules = preset(name)
    counts = [0] * 34
    for t in parse_tiles("159m"):
        counts[kind_of(t)] += 1
    refusal = rules.foreign_tile(counts)
    if rules.players == 3:
        assert refusal is not None and refusal.startswith("5m is not in the 3-player tile set")
    else:
        assert refusal is None
    counts[kind_of(parse_tiles("5m")[0])] = 0
    assert rules.foreign_tile(counts) is None
