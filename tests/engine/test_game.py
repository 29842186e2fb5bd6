"""Property tests over seeded random-play games: every game ends, tiles and points are conserved, the log
replays to the same state, views never show another seat's concealed tiles, events round-trip through JSON."""

from __future__ import annotations

import json
import random

import pytest

from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    IllegalAction,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
    action_to_json,
)
from jantaku.engine.events import Event
from jantaku.engine.game import Game
from jantaku.rules import preset
from jantaku.tiles import PHYSICAL
from tests.engine.helpers import greedy, play, uniform


def same_codes_as_listed(game: Game, seat: int, action: Action, listed: list[Action]) -> bool:
    """A call naming other copies (held, distinct) of the same tile codes as a listed call: ``apply`` takes it."""
    if not isinstance(action, (Chi, Pon, OpenKan, ClosedKan)):
        return False
    hand = game.table.seats[seat].hand
    if len(set(action.tiles)) != len(action.tiles) or any(t not in hand for t in action.tiles):
        return False
    key = sorted(game.codes[t] for t in action.tiles)
    calls = [c for c in listed if isinstance(c, (Chi, Pon, OpenKan, ClosedKan)) and type(c) is type(action)]
    return any(sorted(game.codes[t] for t in c.tiles) == key for c in calls)


PRESETS = ["standard", "tenhou", "classic", "doman", "bga", "sanma", "tenhou-sanma"]


@pytest.mark.parametrize("seed", range(12))
def test_uniform_random_games_end_conserve_and_replay(seed: int) -> None:
    rules = preset("standard" if seed % 2 else "tenhou")
    game = play(rules, seed, uniform, check_every=97 if seed < 3 else 0)
    assert game.over and game.final is not None
    assert Game.replay(game.log).snapshot() == game.snapshot()


@pytest.mark.parametrize("name", PRESETS)
def test_greedy_games_with_wins_riichi_and_calls(name: str) -> None:
    """A policy that wins, riichis and calls exercises the scoring paths that uniform play rarely reaches."""
    for seed in range(4):
        game = play(preset(name), seed, greedy, check_every=61 if seed == 0 else 0)
        assert Game.replay(game.log).snapshot() == game.snapshot()
        types = [json.loads(line)["type"] for line in game.log]
        assert types[0] == "header" and types[-1] == "end_game"


def test_log_lines_round_trip_events_and_actions() -> None:
    game = play(preset("standard"), 5, greedy)
    seen = set()
    for line in game.log[1:]:
        data = json.loads(line)
        if data["type"] == "act":
            assert action_to_json(action_from_json(data["action"])) == data["action"]
        else:
            assert Event.from_json(data).to_json() == data
        seen.add(data["type"])
    assert {"start_kyoku", "tsumo", "dahai", "hora", "end_kyoku", "end_game"} <= seen


def test_random_play_visits_many_seeds_quickly() -> None:
    """Many short games (East only) without per-step checks: every one ends and conserves points."""
    rules = preset("standard").with_options(length="east")
    for seed in range(100, 130):
        game = play(rules, seed, uniform)
        assert game.final is not None and sum(game.final.scores) == 4 * rules.start_points


def test_refused_actions_name_a_rule_and_leave_the_state_untouched() -> None:
    """At random points of random games, random actions that are not listed as legal are refused with a named
    rule and change nothing; listed actions are accepted."""
    rng = random.Random(11)
    rules = preset("standard").with_options(length="east")
    refused = 0
    for seed in range(3):
        game = Game(rules, seed)
        while not game.over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if rng.random() < 0.2:
                before = game.snapshot()
                for _ in range(8):
                    who = rng.randrange(4)
                    t = [rng.randrange(PHYSICAL) for _ in range(4)]
                    pick = rng.choice(
                        [
                            Discard(t[0]),
                            Riichi(t[0]),
                            Tsumo(),
                            Ron(),
                            Chi((t[0], t[1])),
                            Pon((t[0], t[1])),
                            OpenKan((t[0], t[1], t[2])),
                            AddedKan(t[0]),
                            ClosedKan((t[0], t[1], t[2], t[3])),
                            NineTerminals(),
                            Pass(),
                        ]
                    )
                    theirs = game.legal_actions(who)
                    if pick in theirs or same_codes_as_listed(game, who, pick, theirs):
                        continue  # listed, or another copy of a listed call's tile codes
                    try:
                        game.apply(who, pick)
                    except IllegalAction as err:
                        assert err.rule
                        refused += 1
                    assert game.snapshot() == before
            game.apply(seat, rng.choice(legal))
    assert refused > 50
