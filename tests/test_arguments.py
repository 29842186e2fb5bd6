"""Public functions check their arguments: a wrong type is a ``TypeError``, a wrong value a
``ValueError``, each with a sentence that says what is expected — never an IndexError, a KeyError or a message
about bytes from deep inside. And the engine takes an action in the JSON form its view lists."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from jantaku.engine import Discard, Game, IllegalAction, Pass
from jantaku.hand import (
    Hand,
    arrangements,
    discard_options,
    is_karaten,
    is_tenpai,
    kan_keeps_waits,
    shanten,
    shanten_chiitoi,
    shanten_kokushi,
    shanten_standard,
    ukeire,
    waits,
)
from jantaku.rules import preset
from jantaku.scoring.riichi import WinContext, score
from jantaku.sim import simulate
from jantaku.tiles import EAST, KINDS, SOUTH, parse_tile, parse_tiles

HAND = Hand.parse("123m456p789s1122z")
COUNTS = HAND.concealed_counts()
STANDARD = preset("standard")
NEGATIVE = [0] * 33 + [-1]
TOO_MANY = [4, 4, 4, 3] + [0] * 30  # 15 tiles
DEEP = "[" * 100_000 + "]" * 100_000  # arrays nested past the JSON decoder's depth: a RecursionError inside it
GAME = Game(STANDARD, seed=5)

CASES: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    # (what, call, error type, a phrase of the message)
    ("shanten of 3 numbers", lambda: shanten([1, 2, 3]), ValueError, "34 (1m .. 7z), not 3"),
    ("shanten of 35 numbers", lambda: shanten([0] * 35), ValueError, "not 35"),
    ("shanten, a negative count", lambda: shanten(NEGATIVE), ValueError, "-1 copies of 7z; a count cannot be"),
    ("shanten of 15 tiles", lambda: shanten(TOO_MANY), ValueError, "hold 15 tiles"),
    ("shanten of a string", lambda: shanten("123m"), TypeError, "Hand.parse('123m').concealed_counts()"),
    ("shanten of None", lambda: shanten(None), TypeError, "not NoneType"),  # type: ignore[arg-type]
    ("shanten of floats", lambda: shanten([1.0] * KINDS), TypeError, "item 0 is 1.0"),  # type: ignore[list-item]
    ("shanten, 7 melds", lambda: shanten(COUNTS, 7), ValueError, "0 to 4, not 7"),
    ("shanten, melds as text", lambda: shanten(COUNTS, "1"), TypeError, "not '1'"),  # type: ignore[arg-type]
    ("shanten_standard, 2 numbers", lambda: shanten_standard([1, 2]), ValueError, "not 2"),
    ("shanten_standard, bad locked", lambda: shanten_standard(COUNTS, locked=NEGATIVE), ValueError, "locked"),
    ("shanten_chiitoi, negative", lambda: shanten_chiitoi(NEGATIVE), ValueError, "cannot be negative"),
    ("shanten_kokushi, 3 numbers", lambda: shanten_kokushi([1, 2, 3]), ValueError, "not 3"),
    ("waits of 3 numbers", lambda: waits([1, 2, 3]), ValueError, "not 3"),
    ("waits of 14 tiles", lambda: waits(HAND.with_tile(EAST).concealed_counts()), ValueError, "holds 13 tiles"),
    ("waits, bad locked", lambda: waits(COUNTS, [1]), ValueError, "locked hold one number"),
    ("is_tenpai, negative", lambda: is_tenpai(NEGATIVE), ValueError, "cannot be negative"),
    ("is_karaten, bad visible", lambda: is_karaten(COUNTS, None, [-1] * KINDS), ValueError, "visible"),
    ("ukeire of no tiles", lambda: ukeire([0] * KINDS), ValueError, "holds 13 tiles"),
    ("discard_options of 2", lambda: discard_options([1, 2]), ValueError, "not 2"),
    ("discard_options, negative", lambda: discard_options(NEGATIVE), ValueError, "cannot be negative"),
    ("discard_options of text", lambda: discard_options("1m"), TypeError, "Hand.parse"),  # type: ignore[arg-type]
    ("arrangements, negative", lambda: arrangements(NEGATIVE), ValueError, "cannot be negative"),
    ("kan_keeps_waits, kind 40", lambda: kan_keeps_waits(COUNTS, 40), ValueError, "0 (1m) to 33 (7z), not 40"),
    ("Hand.parse of a number", lambda: Hand.parse(123), TypeError, "reads a string"),  # type: ignore[arg-type]
    ("parse_tile of a number", lambda: parse_tile(27), TypeError, 'like "5m"'),  # type: ignore[arg-type]
    ("parse_tiles of a list", lambda: parse_tiles(["1m"]), TypeError, "from a string"),  # type: ignore[arg-type]
    (
        "score, win as text",
        lambda: score(HAND, "1z", WinContext(), STANDARD),
        TypeError,  # type: ignore[arg-type]
        'parse_tile("1z")',
    ),
    (
        "score, hand as text",
        lambda: score("123m", EAST, WinContext(), STANDARD),
        TypeError,  # type: ignore[arg-type]
        "Hand.parse",
    ),
    (
        "score, context as a dict",
        lambda: score(HAND, EAST, {}, STANDARD),
        TypeError,  # type: ignore[arg-type]
        "takes a WinContext",
    ),
    (
        "score, rules by name",
        lambda: score(HAND, EAST, WinContext(), "standard"),
        TypeError,  # type: ignore[arg-type]
        'preset("standard")',
    ),
    (
        "score, seat as a letter",
        lambda: score(HAND, EAST, WinContext(seat_wind="S"), STANDARD),  # type: ignore[arg-type]
        TypeError,
        "seat_wind is a wind kind",
    ),
    (
        "score, dora as text",
        lambda: score(HAND, EAST, WinContext(dora=("3z",)), STANDARD),  # type: ignore[arg-type]
        TypeError,
        "dora is a tuple of indicator tile codes",
    ),
    ("Game.replay of nothing", lambda: Game.replay([]), ValueError, "this log is empty"),
    ("Game.replay of a number", lambda: Game.replay(5), TypeError, "its JSON lines"),  # type: ignore[arg-type]
    ("Game.replay, not JSON", lambda: Game.replay(["{"]), ValueError, "log line 1 is not JSON"),
    ("Game.replay, JSON nested past the decoder", lambda: Game.replay([DEEP]), ValueError, "log line 1 is not JSON"),
    ("Game.replay, no header", lambda: Game.replay(['{"type": "act"}']), ValueError, "not a game's header"),
    (
        "Game.replay, bad decision",
        lambda: Game.replay([GAME.log[0], '{"type": "act", "actor": 0}']),
        ValueError,
        "log line 2 is not a decision",
    ),
    ("view(9)", lambda: GAME.view(9), ValueError, "no seat 9: seats are 0 to 3"),
    ("view of a name", lambda: GAME.view("East"), TypeError, "a seat is a number"),  # type: ignore[arg-type]
    ("legal_actions(-1)", lambda: GAME.legal_actions(-1), ValueError, "no seat -1"),
    (
        "apply of text",
        lambda: GAME.apply(GAME.to_act()[0], "discard"),
        TypeError,  # type: ignore[arg-type]
        "action_from_json",
    ),
    (
        "apply, an unknown type",
        lambda: GAME.apply(GAME.to_act()[0], {"type": "dance"}),
        IllegalAction,
        "unknown action type 'dance'",
    ),
    (
        "apply, tile id 200",
        lambda: GAME.apply(GAME.to_act()[0], Discard(200)),
        IllegalAction,
        "200 (not a tile id: ids are 0 to 135)",
    ),
    ("simulate 0 games", lambda: simulate("standard", ["easy"] * 4, 0), ValueError, "games must be"),
    ("simulate, jobs 0", lambda: simulate("standard", ["easy"] * 4, 4, jobs=0), ValueError, "jobs must be"),
]


@pytest.mark.parametrize(("what", "call", "error", "text"), CASES, ids=[c[0] for c in CASES])
def test_argument_errors_are_sentences(what: str, call: Callable[[], Any], error: type[Exception], text: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error or (error is ValueError and isinstance(info.value, ValueError))
    assert text in str(info.value), str(info.value)


def test_errors_name_tiles_in_notation() -> None:
    game = Game(STANDARD, seed=5)
    seat = game.to_act()[0]
    hand = game.table.seats[seat].hand
    absent = next(t for t in (16, 0, 1, 2, 3) if t not in hand)  # 16 is the red 5m under standard
    with pytest.raises(IllegalAction) as info:
        game.apply(seat, Discard(absent))
    name = "0m" if absent == 16 else "1m"
    assert str(info.value) == f"own_tile: {name} (id {absent}) is not in the hand"
    assert game.to_act() == [seat] and game.table.seats[seat].hand == hand  # refused: nothing changed


def test_apply_takes_the_json_form_the_view_lists() -> None:
    by_objects, by_json = Game(STANDARD, seed=11), Game(STANDARD, seed=11)
    for _ in range(60):
        if by_objects.over:
            break
        seat = by_objects.to_act()[0]
        choice = by_json.view(seat)["legal_actions"][-1]
        by_json.apply(seat, json.loads(json.dumps(choice)))  # exactly what a client sends back
        by_objects.apply(seat, by_objects.legal_actions(seat)[-1])
    assert by_json.snapshot() == by_objects.snapshot()
    assert by_json.log == by_objects.log  # the log records the action, not the form it came in


def test_apply_refuses_a_json_form_that_is_not_a_choice() -> None:
    game = Game(STANDARD, seed=11)
    seat = game.to_act()[0]
    with pytest.raises(IllegalAction, match="turn_order"):
        game.apply(seat, {"type": "pass"})
    assert Pass() not in game.legal_actions(seat)


def test_replay_takes_the_text_of_a_log_file() -> None:
    game = Game(STANDARD, seed=2)
    for _ in range(30):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    text = "\n".join(game.log) + "\n"
    assert Game.replay(text).snapshot() == game.snapshot()
    bad = [*game.log[:3], '{"type": "act", "actor": 3, "action": {"type": "tsumo"}}']
    with pytest.raises(IllegalAction, match="log line 4: "):
        Game.replay(bad)


def test_valid_arguments_still_answer() -> None:
    """The checks only speak on bad input: the same calls with good arguments give the known answers."""
    assert shanten(COUNTS) == 0 and shanten(COUNTS, 0) == 0 and waits(COUNTS) == [EAST, SOUTH]
    assert shanten_standard(COUNTS) == 0 and shanten_chiitoi(COUNTS) == 4 and shanten_kokushi(COUNTS) == 8
    assert score(HAND, EAST, WinContext(riichi=True, seat_wind=EAST + 1), STANDARD).points == 2600
    assert discard_options(HAND.with_tile(EAST).concealed_counts())[0].shanten == 0  # a win, then a discard: tenpai
