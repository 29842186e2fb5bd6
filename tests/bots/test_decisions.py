"""CPU decisions, one row per situation, each named after the rule or the piece of strategy it checks.

Every row builds a view in notation (``views.build_view``), asks the CPU levels it names, and checks the answer.
The rows cite docs/rules.md (rules) or the README's list of what each level does (strategy).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from jantaku.bots import make_player
from jantaku.bots.base import tile_for_kind
from jantaku.bots.reading import read_view
from jantaku.engine import Game
from jantaku.engine.actions import (
    Action,
    Chi,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    action_to_json,
)
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import kind_of_id, parse_tiles

from .views import Ids, build_view

ALL = ("easy", "normal", "strong", "expert")


@dataclass(frozen=True)
class Row:
    name: str
    source: str
    rules: str
    levels: tuple[str, ...]
    build: Callable[[RuleSet, Ids], dict[str, Any]]
    expect: Callable[[Action, dict[str, Any]], bool]


def discards_kind(text: str) -> Callable[[Action, dict[str, Any]], bool]:
    k = parse_tiles(text)[0]
    return lambda a, v: isinstance(a, Discard) and kind_of_id(a.tile) == k


def is_type(cls: type) -> Callable[[Action, dict[str, Any]], bool]:
    return lambda a, v: type(a) is cls


def own(v: dict[str, Any], text: str) -> list[int]:
    """The view's own ids of the tile ``text`` (lowest first)."""
    k = parse_tiles(text)[0]
    return [t for t in v["own"]["tiles"] if kind_of_id(t) == k]


def add(v: dict[str, Any], *actions: Action) -> dict[str, Any]:
    v["legal_actions"] += [action_to_json(a) for a in actions]
    return v


def on_claim(v: dict[str, Any], actor: int, *actions: Action) -> dict[str, Any]:
    """Turn the view into a claim window on ``actor``'s last discard with these choices (and a pass)."""
    v["phase"] = "claims"
    v["claim"] = {"kind": "discard", "actor": actor, "tile": v["seats"][actor]["river"][-1]["tile"]}
    v["legal_actions"] = [action_to_json(a) for a in (*actions, Pass())]
    return v


def tsumo_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    return build_view(rules, ids, hand="123m456p789s1122z", drawn="1z", legal=[Tsumo()])


def furiten_ron_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # a forged view: the engine never offers ron to a furiten seat; the CPU refuses it on its own as well
    v = build_view(rules, ids, hand="123m456p789s1z22z", furiten=True, rivers={0: "1z", 3: "1z"})
    return on_claim(v, 3, Ron())


def declare_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    return build_view(
        rules, ids, hand="123m456p789s1z22z", discards=False, live=0, legal=[DeclareTenpai(), DeclareNoten()]
    )


def riichi_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # 23m 456p 789s 456s 99p and a stray North drawn: throw the North with riichi, waiting on 1m-4m
    v = build_view(rules, ids, hand="23m456p789s456s99p", drawn="4z")
    return add(v, Riichi(own(v, "4z")[0]))


def mangan_dama_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # tanyao, pinfu, sanshoku and a dora (the 1m indicator makes 2m dora) on 5s-8s: a mangan without riichi
    v = build_view(rules, ids, hand="234m234p234s6788s", drawn="2z", dora="1m", seat=1, dealer=0)
    return add(v, Riichi(own(v, "2z")[0]))


def sanma_mangan_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # tanyao, pinfu, the 4p dora and two red fives, ready on 2s-5s-8s: a mangan without riichi, short of haneman
    v = build_view(rules, ids, hand="234p067p34067s88s", drawn="2z", dora="3p", seat=1, dealer=0)
    return add(v, Riichi(own(v, "2z")[0]))


def poor_wait_view(dora: str, live: int, unseen: int = 3) -> Callable[[RuleSet, Ids], dict[str, Any]]:
    """Ready on the 3s closed wait with tanyao, ``unseen`` 3s left (seat 2 threw the others); the 1m indicator
    makes the 2m a dora (2,600 without riichi), the 9m indicator makes none (1,300). The drawn White goes either
    way."""

    def build(rules: RuleSet, ids: Ids) -> dict[str, Any]:
        rivers = {2: "3s" * (4 - unseen)}
        v = build_view(
            rules, ids, hand="234m678p567s24s88p", drawn="5z", dora=dora, live=live, seat=1, dealer=0, rivers=rivers
        )
        return add(v, Riichi(own(v, "5z")[0]))

    return build


def against_a_riichi(hand: str, drawn: str) -> Callable[[RuleSet, Ids], dict[str, Any]]:
    """Our turn (seat 0) against seat 1's riichi, declared on its fifth discard; 8m and 9p are in its river
    (genbutsu), the same table for every hand."""

    def build(rules: RuleSet, ids: Ids) -> dict[str, Any]:
        rivers = {1: "1z6s9p8m3s", 2: "9m1s7z", 3: "2z7m8s"}
        return build_view(rules, ids, hand=hand, drawn=drawn, seat=0, rivers=rivers, riichi={1: 4}, live=30)

    return build


# a slow, cheap hand against a riichi, holding its genbutsu 9p
fold_view = against_a_riichi("13m468p2579s3457z", "9p")
# one step from ready against a riichi, holding its genbutsu 8m and the middle 5s a push would throw
one_step_fold_view = against_a_riichi("348m334566p5666s", "8m")
# one step from a hand with riichi its only yaku, holding the riichi's genbutsu 6s: the 3p a push would throw is
# not worth the discards still to come against a riichi (the strong CPU of docs/cpus.md#folding before
# ``RIICHI_FUTURE`` pushed it)
one_step_riichi_view = against_a_riichi("3367m1337p56999s", "2p")


def push_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # ready on 2s-5s with tanyao and pinfu against a riichi: keep the hand, throw the drawn White
    return build_view(
        rules,
        ids,
        hand="234m456p34s55678s",
        drawn="5z",
        dora="1s",
        seat=0,
        rivers={1: "1z6p9p8m", 2: "9m1s7z", 3: "2z7m8s"},
        riichi={1: 3},
        live=40,
    )


def dragon_pon_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    v = build_view(rules, ids, hand="234m9m56p1289s77z1z", rivers={3: "1s7z"})
    pair = own(v, "7z")
    return on_claim(v, 3, Pon((pair[0], pair[1])))


def yakuless_chi_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # a closed hand of terminals and winds: a chi of 4m gives no yaku and gives up riichi
    v = build_view(rules, ids, hand="56m19m19p19s12345z", rivers={3: "4m"})
    return on_claim(v, 3, Chi((own(v, "5m")[0], own(v, "6m")[0])))


def good_closed_chi_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # one step from a tanyao-pinfu hand with the 5s dora: riichi, pinfu and the dora are worth more than the step a
    # chi of 5p buys towards a one-han open hand (docs/cpus.md#calls)
    v = build_view(rules, ids, hand="345m34p5677s2268p", rivers={3: "1z5p"}, dora="4s", live=50)
    return on_claim(v, 3, Chi((own(v, "3p")[0], own(v, "4p")[0])))


def two_shapes_and_a_pair_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    """One-shanten either way: break the pair for one more accepting tile, or keep it and both two-sided shapes."""
    return build_view(rules, ids, hand="9m555789p22346s2z", drawn="7s", live=50)


def room_to_grow_view(hand: str, drawn: str) -> Callable[[RuleSet, Ids], dict[str, Any]]:
    """Early, nothing on the table, the West seat: discards that tie on shanten, acceptance and value."""

    def build(rules: RuleSet, ids: Ids) -> dict[str, Any]:
        return build_view(rules, ids, hand=hand, drawn=drawn, seat=2, dealer=0, live=62)

    return build


def nine_terminals_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # ten different terminals and honors: thirteen orphans is three tiles away, redeal
    return build_view(rules, ids, hand="19m19p1s12346z258s", drawn="3p", live=69, legal=[NineTerminals()])


def kokushi_chance_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    # twelve different terminals and honors: thirteen orphans is one tile away, play on
    return build_view(rules, ids, hand="19m19p19s123456z5p", drawn="5s", live=69, legal=[NineTerminals()])


def kita_view(rules: RuleSet, ids: Ids) -> dict[str, Any]:
    v = build_view(rules, ids, hand="11m456p789s13579s", drawn="4z", live=40)
    return add(v, Kita(own(v, "4z")[0]))


def last_hand_ron_view(second_last: int, sticks: int = 0) -> Callable[[RuleSet, Ids], dict[str, Any]]:
    """South 4 (seat 3 deals), seat 0 last with 20000; seat 3 throws 4s into a 1000-point pinfu; ``sticks``
    riichi deposits on the table."""

    def build(rules: RuleSet, ids: Ids) -> dict[str, Any]:
        v = build_view(
            rules,
            ids,
            hand="234m456p789s23s55p",
            rivers={3: "9m4s"},
            dealer=3,
            round_=1,
            hand_no=3,
            scores=[20000, second_last, 29000, 30000],
        )
        v["sticks"] = sticks
        return on_claim(v, 3, Ron())

    return build


ROWS = [
    Row("win_when_allowed", "README: every level wins when it can", "standard", ALL, tsumo_view, is_type(Tsumo)),
    Row("furiten_never_rons", "docs/rules.md#furiten: a furiten seat cannot ron", "standard", ALL, furiten_ron_view,
        is_type(Pass)),
    Row("tenpai_declaration_shows", "docs/rules.md#tenpai_declaration (classic): showing collects noten payments",
        "classic", ALL, declare_view, is_type(DeclareTenpai)),
    Row("riichi_at_once", "README: normal declares riichi on a ready closed hand", "standard", ("easy", "normal"),
        riichi_view, is_type(Riichi)),
    Row("riichi_when_cheap", "README: strong riichis a hand with no yaku", "standard", ("strong", "expert"),
        riichi_view, is_type(Riichi)),
    Row("dama_on_a_paying_hand", "README: strong riichi vs. dama", "standard", ("strong", "expert"), mangan_dama_view,
        lambda a, v: isinstance(a, Discard) and kind_of_id(a.tile) == parse_tiles("2z")[0]),
    Row("dama_on_a_paying_hand_4p", "README: strong riichi vs. dama (a mangan stays silent in 4-player)",
        "standard", ("strong", "expert"), sanma_mangan_view, lambda a, v: type(a) is Discard),
    Row("riichi_a_sanma_mangan", "README: strong riichi vs. dama (sanma: silent only from a haneman)", "sanma",
        ("strong", "expert"), sanma_mangan_view, is_type(Riichi)),
    Row("fold_to_genbutsu", "README: strong folds a slow hand against a riichi (genbutsu)", "standard",
        ("strong", "expert"), fold_view, discards_kind("9p")),
    Row("fold_one_step_away", "docs/cpus.md#folding: a hand one step from ready folds a cheap push against a "
        "riichi", "standard", ("strong", "expert"), one_step_fold_view, discards_kind("8m")),
    Row("fold_one_step_against_a_riichi", "docs/cpus.md#folding: against a riichi a push from one step away "
        "commits to more", "standard", ("strong", "expert"), one_step_riichi_view, discards_kind("6s")),
    Row("dama_on_a_poor_wait_late", "docs/cpus.md#folding: past the first turns a poor wait that already pays stays "
        "silent", "standard", ("strong", "expert"), poor_wait_view("1m", 30), is_type(Discard)),
    Row("riichi_a_four_tile_wait_late", "docs/cpus.md#against-a-riichi-a-push-commits-to-more: a wait on four "
        "unseen tiles is not poor", "standard", ("strong", "expert"), poor_wait_view("1m", 30, unseen=4),
        is_type(Riichi)),
    Row("riichi_a_closed_wait_early", "docs/cpus.md#folding: early, riichi on a closed wait that pays", "standard",
        ("strong", "expert"), poor_wait_view("1m", 44, unseen=4), is_type(Riichi)),
    Row("riichi_a_cheap_poor_wait", "docs/cpus.md#folding: a poor wait that pays little wants riichi's han",
        "standard", ("strong", "expert"), poor_wait_view("9m", 30), is_type(Riichi)),
    Row("efficiency_ignores_riichi", "README: normal plays for speed and does not defend", "standard",
        ("normal",), fold_view, lambda a, v: isinstance(a, Discard) and kind_of_id(a.tile) != parse_tiles("9p")[0]),
    Row("push_a_good_tenpai", "README: strong pushes a valuable ready hand", "standard", ("strong", "normal", "expert"),
        push_view, discards_kind("5z")),
    Row("pon_a_dragon", "README: calls that keep a yaku (a dragon triplet is one)", "standard",
        ("normal", "strong", "expert"), dragon_pon_view, is_type(Pon)),
    Row("no_yakuless_chi", "README: a call must keep a yaku (docs/rules.md#yaku: open hands need one)", "standard", ALL,
        yakuless_chi_view, is_type(Pass)),
    Row("no_chi_from_a_good_closed_hand", "docs/cpus.md#calls: a first call must be worth the closed hand it "
        "gives up", "standard", ("strong", "expert"), good_closed_chi_view, is_type(Pass)),
    Row("chi_for_speed", "README: normal calls when the call brings the hand closer and keeps a yaku", "standard",
        ("normal",), good_closed_chi_view, is_type(Chi)),
    Row("zj_pair_stays_for_two_two_sided_shapes", "docs/cpus.md#zung-jung: strong looks one draw ahead in a race",
        "zung-jung", ("strong", "expert"), two_shapes_and_a_pair_view,
        lambda a, v: isinstance(a, Discard) and kind_of_id(a.tile) in parse_tiles("9m2z")),
    Row("widest_acceptance_breaks_the_pair", "README: normal keeps the most unseen accepting tiles", "zung-jung",
        ("normal",), two_shapes_and_a_pair_view, discards_kind("2s")),
    Row("pair_stays_for_two_two_sided_shapes", "docs/cpus.md#looking-ahead: strong looks one draw ahead", "standard",
        ("strong", "expert"), two_shapes_and_a_pair_view,
        lambda a, v: isinstance(a, Discard) and kind_of_id(a.tile) in parse_tiles("9m2z")),
    Row("widest_acceptance_breaks_the_pair_in_riichi", "README: normal keeps the most unseen accepting tiles",
        "standard", ("normal",), two_shapes_and_a_pair_view, discards_kind("2s")),
    Row("a_guest_wind_goes_before_a_lone_five", "docs/cpus.md#the-tile-with-room-to-grow: of discards that "
        "tie, the tile with the least to grow into", "standard", ("strong", "expert"),
        room_to_grow_view("5m12p67p23s678s22z4z", "5z"), discards_kind("4z")),
    Row("a_lone_terminal_goes_before_a_lone_two", "docs/cpus.md#the-tile-with-room-to-grow: a 9 joins fewer "
        "shapes than a 2", "standard", ("strong", "expert"),
        room_to_grow_view("9m2m34p67p12s678s22z", "3z"), discards_kind("9m")),
    Row("nine_terminals_redeal", "docs/rules.md nine terminals: the player chooses", "standard", ALL,
        nine_terminals_view, is_type(NineTerminals)),
    Row("thirteen_orphans_chance", "docs/rules.md nine terminals: play on when thirteen orphans is close", "standard",
        ("normal", "strong", "expert"), kokushi_chance_view, is_type(Discard)),
    Row("no_ron_that_stays_last", "README: game situation (last hand: a win that leaves the seat last is let go "
        "when a self-draw would lift it)", "standard", ("strong", "expert"), last_hand_ron_view(21000), is_type(Pass)),
    Row("ron_that_climbs", "README: game situation (last hand: a win that lifts the seat is taken)", "standard",
        ALL, last_hand_ron_view(20500), is_type(Ron)),
    Row("ron_that_climbs_with_the_deposit", "README: game situation (last hand: the deposit on the table lifts "
        "the seat)", "standard", ALL, last_hand_ron_view(21000, sticks=1), is_type(Ron)),
    Row("north_extraction", "docs/rules.md#sanma: a North is set aside as dora", "sanma", ALL, kita_view,
        is_type(Kita)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_decision(row: Row) -> None:
    rules = preset(row.rules)
    view = row.build(rules, Ids(rules))
    for level in row.levels:
        action = make_player(level, rules, seed=1).act(view)
        assert row.expect(action, view), f"{row.name} ({row.source}): {level} chose {action}"


def test_views_match_the_engine() -> None:
    """The builder writes the same keys as the engine's own view (turn and claim phases)."""
    rules = preset("standard")
    game = Game(rules, seed=5)
    real = game.view(game.to_act()[0])
    built = build_view(rules, Ids(rules), hand="123m456p789s1122z", drawn="3z")
    assert set(built) == set(real)
    assert set(built["own"]) == set(real["own"])
    assert set(built["seats"][0]) == set(real["seats"][0])


@pytest.mark.parametrize("level", ALL)
def test_act_refuses_a_view_with_nothing_to_do(level: str) -> None:
    rules = preset("standard")
    view = build_view(rules, Ids(rules), hand="123m456p789s1122z", discards=False)
    with pytest.raises(ValueError, match="nothing to decide"):
        make_player(level, rules).act(view)


def test_unknown_level_is_named() -> None:
    with pytest.raises(ValueError, match="unknown CPU level 'grandmaster'"):
        make_player("grandmaster", preset("standard"))


def test_a_plain_five_goes_before_the_red_one() -> None:
    """docs/rules.md#red_fives: a red five is a dora, so of two copies of a kind the plain one is thrown."""
    rules = preset("standard")
    v = build_view(rules, Ids(rules), hand="123m456m789s11z05p", drawn="9p")
    r = read_view(v, rules)
    fives = own(v, "5p")
    assert len(fives) == 2 and any(r.is_red(t) for t in fives)
    chosen = tile_for_kind(r, parse_tiles("5p")[0], [Discard(t) for t in r.tiles])
    assert chosen is not None and not r.is_red(chosen.tile)
