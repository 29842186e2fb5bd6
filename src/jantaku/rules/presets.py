"""The named presets, as data. Each names the source document it comes from (a key of ``descriptions.SOURCES``)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from jantaku.rules.ruleset import RuleError, RuleSet

_ALL_FIVE = frozenset({"nine_terminals", "four_winds", "four_kans", "four_riichi", "triple_ron"})

STANDARD = RuleSet(
    name="standard",
    description="Party mahjong, 4 players: East-South, red fives, counted and double yakuman, no nagashi.",
    source="[S0] a party mahjong game",
    triple_ron="all-win",
)

SANMA = RuleSet(
    name="sanma",
    description="3-player party mahjong: 2m-8m removed, no chi, North extraction, red 0p/0s.",
    source="[S0] a party mahjong game",
    players=3,
    start_points=35000,
    return_points=40000,
    target_points=40000,
    uma=(0, 0, 0),
    red_fives=(0, 1, 1),
    chi=False,
    north_extraction=True,
    noten_total=2000,
    max_replacements=8,
    riichi_min_live_tiles=3,
    abortive_draws=frozenset({"nine_terminals", "four_kans"}),
    triple_ron="all-win",
)

CLASSIC = RuleSet(
    name="classic",
    description="A Japanese online site's house rules: head bump, kiriage, no counted or multiple yakuman, "
    "Blessing of Man, strict riichi kan, no karaten riichi, tenpai declaration.",
    source="[S1] a Japanese site's house rules",
    target_points=0,
    extension="none",
    last_dealer_stop="first",
    tenpai_declaration=True,
    karaten_riichi=False,
    riichi_kan="waits-and-arrangement",
    double_ron="head-bump",
    triple_ron="head-bump",
    abortive_draws=frozenset({"nine_terminals", "four_winds", "four_kans"}),
    double_wind_fu=2,
    kiriage=True,
    kazoe_yakuman=False,
    multiple_yakuman=False,
    max_yakuman=1,
    double_yakuman=frozenset(),
    renhou_yakuman=True,
    pao=frozenset({"daisangen", "daisuushii", "suukantsu"}),
)

CLASSIC_EAST = RuleSet(
    **{
        **{k: getattr(CLASSIC, k) for k in CLASSIC.__dataclass_fields__},
        "name": "classic-east",
        "description": "classic, East round only, with two red 5p (four red fives in all).",
        "length": "east",
        "red_fives": (1, 2, 1),
    }
)

DOMAN = RuleSet(
    name="doman",
    description="An online RPG's riichi rules: nagashi mangan, up to 4 yakuman combine, triple ron and fifth kan "
    "abort, 80/120-minute match clock.",
    source="[S2] an online RPG's riichi rules",
    return_points=25000,
    target_points=0,
    extension="none",
    last_dealer_stop="first",
    time_limits=True,
    last_hand_after_minutes=80,
    end_after_minutes=120,
    show_dora_tiles=True,
    fifth_kan_abort=True,
    chankan_closed_kan_kokushi=False,
    abortive_draws=frozenset({"nine_terminals", "four_winds", "four_kans", "triple_ron", "fifth_kan"}),
    triple_ron="abort",
    nagashi_mangan=True,
    max_yakuman=4,
    double_yakuman=frozenset(),
)

DOMAN_NOKUITAN = RuleSet(
    **{
        **{k: getattr(DOMAN, k) for k in DOMAN.__dataclass_fields__},
        "name": "doman-nokuitan",
        "description": "doman without open tanyao.",
        "kuitan": False,
    }
)

BGA = RuleSet(
    name="bga",
    description="A board-game site's riichi: every abortive draw, tenpai/noten buttons, no counted yakuman, "
    "kan dora at once; start points, length, bust and tie-breaking are room options.",
    source="[S3] a board-game site's riichi",
    return_points=25000,
    target_points=0,
    extension="none",
    tie_break="shared",
    tenpai_declaration=True,
    kan_dora_timing="immediate",
    abortive_draws=_ALL_FIVE,
    triple_ron="abort",
    kazoe_yakuman=False,
    double_yakuman=frozenset({"suuankou_tanki", "junsei_chuuren", "kokushi_13"}),
    pao=frozenset(),
)

TENHOU = RuleSet(
    name="tenhou",
    description="The de-facto online standard, as Tenhou's recorded games show it.",
    source="[T] Tenhou's recorded games (our reading)",
    extension="until-west-4",
    last_dealer_stop="first-and-target",
    pao_honba="liable",
    uma=(20000, 10000, -10000, -20000),
    abortive_draws=_ALL_FIVE,
    triple_ron="abort",
    nagashi_mangan=True,
    double_yakuman=frozenset(),
    kan_dora_on_rinshan_win=False,
)

TENHOU_SANMA = RuleSet(
    **{
        **{k: getattr(SANMA, k) for k in SANMA.__dataclass_fields__},
        "name": "tenhou-sanma",
        "description": "Tenhou's 3-player rules as its recorded games show them.",
        "source": "[T] Tenhou's recorded 3-player games (our reading)",
        "extension": "until-west-4",
        "last_dealer_stop": "first-and-target",
        "pao_honba": "liable",
        "nagashi_mangan": True,
        "double_yakuman": frozenset(),
        "kan_dora_on_rinshan_win": False,
    }
)

ZUNG_JUNG = RuleSet(
    name="zung-jung",
    description="Chinese-style pattern scoring (Zung Jung family): no riichi, dora or furiten; 4 to 12 hands.",
    source="[S4] Zung Jung pattern scoring",
    family="zung-jung",
    start_points=0,
    return_points=0,
    target_points=0,
    extension="none",
    bust=False,
    red_fives=(0, 0, 0),
    ura_dora=False,
    kan_dora=False,
    kan_ura_dora=False,
    abortive_draws=frozenset(),
    triple_ron="all-win",
    kuikae="allowed",  # a riichi rule: [S4] names no restriction on the discard after a call
    chankan_closed_kan_kokushi=False,  # only a small melded quad can be robbed ([S4])
    pao=frozenset(),
)

SUPERPOWER = dataclasses.replace(
    STANDARD,
    name="superpower",
    description="Superpower match: the standard rules, and each seat holds one superpower (docs/superpowers.md).",
    superpowers=True,
)

PRESETS: dict[str, RuleSet] = {
    r.name: r
    for r in (
        STANDARD,
        SANMA,
        SUPERPOWER,
        CLASSIC,
        CLASSIC_EAST,
        DOMAN,
        DOMAN_NOKUITAN,
        BGA,
        TENHOU,
        TENHOU_SANMA,
        ZUNG_JUNG,
    )
}


def preset_key(name: str) -> str:
    """How a preset name is looked up: without regard to case or surrounding spaces ("Classic" is classic)."""
    return name.strip().lower()


def preset(name: str) -> RuleSet:
    """A preset by name (``preset_key``); an unknown name lists the known ones."""
    try:
        return PRESETS[preset_key(name) if isinstance(name, str) else name]
    except KeyError:
        raise RuleError(f"unknown rules {name!r}; presets are: {', '.join(PRESETS)}") from None


#: The first day (Japan time, as Tenhou's log ids count days) played under the all-last dealer's tenpai stop.
TENPAI_STOP_SINCE = dt.date(2010, 6, 2)


def tenhou_rules(players: int = 4, day: dt.date | None = None) -> RuleSet:
    """Tenhou's rules as they were on ``day`` (today's when None): ``tenhou`` or ``tenhou-sanma``, with
    ``last_dealer_stop_tenpai`` off before ``TENPAI_STOP_SINCE``, so that a record is replayed under the rule of
    its own date (docs/rules.md#last_dealer_stop_tenpai).

    Why 2010-06-02: Tenhou announced the maintenance that added the tenpai stop on 2010-05-18 and made the change
    in June 2010, and a record of 2010-06-01 still shows a first-placed dealer playing on after a tenpai draw. The
    change therefore came no earlier than 2010-06-02, and no later record is known to show the old rule; a game of
    June 2010 from before the maintenance day would be read under the new rule, which the day alone cannot tell.
    """
    rules = TENHOU_SANMA if players == 3 else TENHOU
    if day is not None and day < TENPAI_STOP_SINCE:
        rules = rules.with_options(last_dealer_stop_tenpai=False)
    return rules
