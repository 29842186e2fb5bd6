"""The strong CPU's appraisal of a decision: option keys, one row per kind of option."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, cast

import pytest

from jantaku.bots.appraise import Appraisal, appraise, option_key
from jantaku.bots.strong import StrongBot
from jantaku.engine import Game
from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
    action_to_json,
)
from jantaku.engine.view import SeatView
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import KIND_OF_ID, parse_tiles

from .views import Ids, build_view

STANDARD = preset("standard")  # one red five of each suit: copy 0 of each five (ids 16, 52, 88)
NO_RED = preset("zung-jung")

KEYS = [
    pytest.param(Discard(17), STANDARD, "discard 5m", id="plain-five"),
    pytest.param(Discard(16), STANDARD, "discard 0m", id="red-five"),
    pytest.param(Discard(16), NO_RED, "discard 5m", id="red-five-only-where-rules-have-reds"),
    pytest.param(Discard(18), STANDARD, "discard 5m", id="two-plain-copies-are-one-option"),
    pytest.param(Discard(17, True), STANDARD, "veil 5m", id="veil"),
    pytest.param(Riichi(53), STANDARD, "riichi 5p", id="riichi"),
    pytest.param(Tsumo(), STANDARD, "tsumo", id="tsumo"),
    pytest.param(Ron(), STANDARD, "ron", id="ron"),
    pytest.param(Pass(), STANDARD, "pass", id="pass"),
    pytest.param(Chi((20, 12)), STANDARD, "chi 46m", id="chi-own-tiles-sorted"),
    pytest.param(Chi((16, 12)), STANDARD, "chi 40m", id="chi-with-red"),
    pytest.param(Pon((53, 54)), STANDARD, "pon 55p", id="pon"),
    pytest.param(Pon((53, 52)), STANDARD, "pon 05p", id="pon-with-red"),
    pytest.param(OpenKan((53, 54, 55)), STANDARD, "open_kan", id="open-kan"),
    pytest.param(AddedKan(16), STANDARD, "added_kan 5m", id="added-kan-by-kind"),
    pytest.param(ClosedKan((108, 109, 110, 111)), STANDARD, "closed_kan 1z", id="closed-kan"),
    pytest.param(Kita(124), STANDARD, "kita", id="kita"),
    pytest.param(NineTerminals(), STANDARD, "nine_terminals", id="nine-terminals"),
    pytest.param(DeclareTenpai(), STANDARD, "tenpai", id="tenpai"),
    pytest.param(DeclareNoten(), STANDARD, "noten", id="noten"),
    pytest.param(Power("redraw"), STANDARD, "power redraw", id="power"),
    pytest.param(Power("seal", 2), STANDARD, "power seal 2", id="power-with-target"),
    pytest.param(Power("sense", tile=53), STANDARD, "power sense 5p", id="power-about-a-tile"),
    pytest.param(Power("sense", tile=52), STANDARD, "power sense 0p", id="power-about-a-red-five"),
]


@pytest.mark.parametrize(("action", "rules", "key"), KEYS)
def test_option_key(action: Action, rules: RuleSet, key: str) -> None:
    assert option_key(action, rules) == key


def self_play_views(name: str, seed: str, hands: int) -> Iterator[tuple[RuleSet, int, SeatView]]:
    """Every decision view of a strong self-play game's first ``hands`` hands, with its seat."""
    rules = preset(name)
    game = Game(rules, seed=seed)
    cpus = [StrongBot(rules, seed=i) for i in range(rules.players)]
    start = len(game.log)
    while not game.over and sum(1 for line in game.log[start:] if '"start_kyoku"' in line) < hands:
        for seat in game.to_act():
            yield rules, seat, game.view(seat)
        seat = game.to_act()[0]
        game.apply(seat, cpus[seat].act(game.view(seat)))


THROWS = ("discard", "riichi", "chi", "pon")  # the options that throw a tile now


@pytest.mark.parametrize("name", ["standard", "sanma", "superpower", "zung-jung"])
def test_appraisal_is_the_strong_cpus_choice_with_every_option(name: str) -> None:
    """The choice is what StrongBot plays (same seed), first; every legal option once, its action legal; the rest
    by expected value; chances within 0..1; no deal-in chance for an option that throws nothing now."""
    seen = 0
    for rules, seat, view in self_play_views(name, "appraise-1", hands=3):
        ap = appraise(view, rules, seed=seat)
        played = StrongBot(rules, seed=seat).act(view)
        legal = [action_from_json(a) for a in view["legal_actions"]]
        assert ap.choice == option_key(played, rules)
        assert ap.options[0].key == ap.choice
        assert sorted(o.key for o in ap.options) == sorted({option_key(a, rules) for a in legal})
        for o in ap.options:
            assert o.action in legal and option_key(o.action, rules) == o.key
            assert 0.0 <= o.win <= 1.0 and 0.0 <= o.deal_in <= 1.0
            if o.key.split()[0] not in THROWS:
                assert o.deal_in == 0.0
        for o in ap.options:  # riichi only adds han: the same discard dama is never worth more
            dama = ap.option("discard " + o.key.split()[1]) if o.key.startswith("riichi") else None
            assert dama is None or dama.ev <= o.ev
        rest = [o.ev for o in ap.options[1:]]
        assert rest == sorted(rest, reverse=True)
        seen += 1
    assert seen > 100


def test_appraisal_reads_the_view_only() -> None:
    """Two calls on the same view agree, and the view is not changed (the CPU's reading is a pure function)."""
    for rules, seat, view in self_play_views("standard", "appraise-2", hands=1):
        before = json.dumps(view, sort_keys=True)
        assert appraise(view, rules, seed=seat) == appraise(json.loads(before), rules, seed=seat)
        assert json.dumps(view, sort_keys=True) == before


STANDARD_VIEWS = [
    pytest.param(
        dict(hand="123m456p789s1122z", drawn="1z", legal=[Tsumo()]),
        "tsumo",
        lambda ap: ap.option("tsumo").ev > 0 and ap.option("tsumo").win == 1.0,
        id="a-win-is-worth-its-points",
    ),
    pytest.param(
        dict(hand="123m456p789s1122z", legal=[DeclareTenpai(), DeclareNoten()], discards=False),
        "tenpai",
        lambda ap: ap.choice == "tenpai" and ap.option("tenpai").ev > ap.option("noten").ev,
        id="declaring-tenpai-collects-the-noten-payments",
    ),
    pytest.param(
        dict(hand="19m19p19s1234567z", drawn="2m", legal=[NineTerminals()]),
        "nine_terminals",
        lambda ap: ap.option("nine_terminals").ev == 0.0,
        id="nine-terminals-is-a-redeal-worth-nothing",
    ),
    pytest.param(
        dict(hand="23m456p789s456s99p", drawn="4z", rivers={1: "1z2z3z"}, riichi={1: 2}),
        "discard 4z",
        lambda ap: ap.option("discard 4m") is None and ap.option("discard 3m").deal_in > 0.0,
        id="danger-against-a-riichi-is-a-deal-in-chance",
    ),
]


@pytest.mark.parametrize(("spec", "key", "check"), STANDARD_VIEWS)
def test_appraisal_numbers(spec: dict[str, Any], key: str, check: Callable[[Appraisal], bool]) -> None:
    rules = preset("standard")
    view = build_view(rules, Ids(rules), **spec)
    ap = appraise(cast(SeatView, view), rules)
    assert ap.option(key) is not None
    assert check(ap)


SANMA = preset("sanma")  # red 0p and 0s, no 5m at all
PLAIN_FIVES = replace(STANDARD, red_fives=(0, 0, 0))
TANYAO_WAIT = dict(hand="3405m234p678p88s3s", drawn="4s")  # a five thrown leaves 345m 234p 678p 34s 88s waiting
RED_FIVES = [
    pytest.param(
        STANDARD, TANYAO_WAIT, None, "discard 0m", "<", "discard 5m", id="red-thrown-beside-a-plain-copy-costs-a-dora"
    ),
    pytest.param(
        STANDARD,
        dict(TANYAO_WAIT, riichi_on="5m"),
        None,
        "riichi 0m",
        "<",
        "riichi 5m",
        id="riichi-on-the-red-costs-a-dora",
    ),
    pytest.param(
        STANDARD,
        dict(TANYAO_WAIT, riichi_on="5m"),
        None,
        "discard 0m",
        "<",
        "discard 5m",
        id="dama-on-the-red-costs-a-dora",
    ),
    pytest.param(
        STANDARD,
        dict(hand="0m1379p2468s1357z", drawn="9m"),
        dict(hand="5m1379p2468s1357z", drawn="9m"),
        "discard 0m",
        "==",
        "discard 5m",
        id="the-only-red-copy-leaves-the-hand-a-plain-five-leaves",
    ),
    pytest.param(
        SANMA, dict(hand="05p1379s19m1357z", drawn="9m"), None, "discard 0p", "<", "discard 5p", id="sanma-red"
    ),
    pytest.param(
        PLAIN_FIVES, dict(hand="55m1379p2468s135z", drawn="9m"), None, "discard 5m", "only", "", id="rules-without-reds"
    ),
]


def appraise_spec(rules: RuleSet, spec: dict[str, Any]) -> tuple[Appraisal, SeatView]:
    """The appraisal of a built view; ``riichi_on`` (a kind) adds a riichi on every own copy of it."""
    spec = dict(spec)
    riichi_on = spec.pop("riichi_on", None)
    view = build_view(rules, Ids(rules), **spec)
    if riichi_on is not None:
        kind = parse_tiles(riichi_on)[0]
        own = [t for t in view["own"]["tiles"] if KIND_OF_ID[t] == kind]
        view["legal_actions"] += [action_to_json(Riichi(t)) for t in own]
    return appraise(cast(SeatView, view), rules), cast(SeatView, view)


@pytest.mark.parametrize(("rules", "spec", "twin", "key", "relation", "other"), RED_FIVES)
def test_a_red_five_is_valued_with_the_hand_it_leaves(
    rules: RuleSet, spec: dict[str, Any], twin: dict[str, Any] | None, key: str, relation: str, other: str
) -> None:
    """Throwing a red five leaves one dora fewer than throwing a plain copy of it: its option is worth less where
    the hand's value differs (riichi and dama too), and exactly what the same hand with a plain five is worth when
    it is the only copy. The CPU's own choice is unchanged: it throws a plain copy before the red one."""
    ap, view = appraise_spec(rules, spec)
    mine = ap.option(key)
    assert mine is not None
    assert ap.choice == option_key(StrongBot(rules).act(view), rules) and ap.choice[-2:] not in ("0m", "0p", "0s")
    if relation == "<":
        theirs = ap.option(other)
        assert theirs is not None and mine.ev < theirs.ev and mine.win == theirs.win
    elif relation == "==":
        assert twin is not None and ap.option(other) is None
        plain = appraise_spec(rules, twin)[0].option(other)
        assert plain is not None and (mine.ev, mine.win) == (plain.ev, plain.win)
    else:
        assert [o.key for o in ap.options if o.key.endswith(("0m", "0p", "0s"))] == []
