"""``review.timeline``: the replay viewer's steps, frames and hands index.

The patches rebuild every frame exactly (``apply(diff(a, b), a) == b`` for any JSON, and every frame of real
games: East-South 4p and sanma, Zung Jung, superpowers with Veil); a seat's replay holds nothing that seat could not
see at the table (other seats' concealed tiles, the wall, unrevealed indicators), checked against the game's real
hands and wall at every step; the hands index agrees with the engine; and an East-South game stays small."""

from __future__ import annotations

import gzip
import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.engine import Game
from jantaku.review.timeline import RESULTS, apply, diff, frame, timeline
from jantaku.review.walk import Point, Step, walk
from jantaku.rules import preset
from jantaku.sim.play import play_game
from tests.test_stdlib_only import test_core_imports_only_the_standard_library as imports_only_the_stdlib

# ------------------------------------------------------------------------------------------------- the patches
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["a", "b", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["x", "y", "z"]), inner, max_size=3),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_the_old_frame_into_the_new_and_leaves_the_old(old: Any, new: Any) -> None:
    kept = json.dumps(old)
    patch = diff(old, new)
    assert apply(patch, old) == new
    assert json.dumps(old) == kept
    assert json.loads(json.dumps(patch)) == patch  # plain JSON data


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_an_unchanged_frame_sends_nothing(value: Any) -> None:
    assert diff(value, json.loads(json.dumps(value))) == []


# (name, old, new, patch)
PATCHES: list[tuple[str, Any, Any, list[Any]]] = [
    ("a value set at its path", {"a": {"b": 1}}, {"a": {"b": 2}}, [[["a", "b"], 2]]),
    ("a key deleted", {"a": 1, "b": 2}, {"a": 1}, [[["b"]]]),
    ("a key added", {"a": 1}, {"a": 1, "b": [1]}, [[["b"], [1]]]),
    ("a longer list replaced whole", {"r": [1, 2]}, {"r": [1, 2, 3]}, [[["r"], [1, 2, 3]]]),
    ("a same-length list by index", {"r": [{"t": 1}, {"t": 2}]}, {"r": [{"t": 1}, {"t": 5}]}, [[["r", 1, "t"], 5]]),
    ("a bool is not an int", {"a": 1}, {"a": True}, [[["a"], True]]),
]


@pytest.mark.parametrize(("old", "new", "patch"), [r[1:] for r in PATCHES], ids=[r[0] for r in PATCHES])
def test_the_patch_form(old: Any, new: Any, patch: list[Any]) -> None:
    assert diff(old, new) == patch


# ------------------------------------------------------------------------------------------------- real games
def played(name: str, seed: int, options: dict[str, Any] | None = None, powers: Any = None) -> list[str]:
    """A whole game of random legal actions (its log)."""
    rules = preset(name).with_options(**options) if options else preset(name)
    game = Game(rules, seed, powers=powers)
    rng = random.Random(seed)
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return list(game.log)


VEIL = ["veil", "veil", "foresight", "redraw"]
# (name, a maker of the game's log)
GAMES: list[tuple[str, Any]] = [
    ("East-South 4p by the strong CPU", lambda: play_game("tenhou", ["strong"] * 4, 7, 0, keep_log=True).log),
    ("East-South sanma", lambda: played("tenhou-sanma", 3, {"length": "east-south"})),
    ("Zung Jung", lambda: played("zung-jung", 4)),
    ("superpowers with Veil", lambda: played("superpower", 5, {"length": "east"}, VEIL)),
]


@pytest.fixture(scope="module", params=[g[1] for g in GAMES], ids=[g[0] for g in GAMES])
def log(request: pytest.FixtureRequest) -> list[str]:
    made: list[str] = request.param()
    return made


def steps_of(log: list[str]) -> Iterator[Step]:
    return (x for x in walk(log) if isinstance(x, Step))


def rebuilt(data: dict[str, Any]) -> list[Any]:
    frames: list[Any] = []
    current: Any = {}
    for step in data["steps"]:
        current = apply(step["patch"], current)
        frames.append(current)
    return frames


@pytest.mark.parametrize("seat", [None, 0, 1], ids=["all open", "seat 0", "seat 1"])
def test_every_frame_rebuilt_from_the_patches_is_the_frame(log: list[str], seat: int | None) -> None:
    data = timeline(log, seat)
    frames = rebuilt(data)
    direct: Any = None
    for step, got in zip(steps_of(log), frames, strict=True):
        if not step.same_frame:
            direct = frame(step.game, seat)
        else:
            assert data["steps"][step.index]["patch"] == []
        assert got == direct, step.index
        assert data["steps"][step.index]["hand"] == step.hand
    assert data["steps"][0]["patch"][0][0] == []
    assert data["final"] == frames[-1]["final"]
    assert data["seat"] == seat and data["rules"] == Game.replay(log).rules.options()


def test_all_open_shows_the_real_hands_wall_and_veiled_faces(log: list[str]) -> None:
    frames = rebuilt(timeline(log, None))
    veiled = 0
    for step in steps_of(log):
        if step.same_frame:
            continue
        got, game = frames[step.index], step.game
        assert [h["tiles"] for h in got["hands"]] == [sorted(s.hand) for s in game.table.seats]
        assert got["wall"]["live"] == game.table.wall.live
        for shown, held in zip(got["seats"], game.table.seats, strict=True):
            assert [r["tile"] for r in shown["river"]] == [r.tile for r in held.river]
            veiled += sum(1 for r in shown["river"] if r.get("veiled"))
    if Game.replay(log).rules.superpowers:
        assert veiled > 0  # the game tested a veiled discard


# ------------------------------------------------------------------------------------------------- hidden information
#: the keys under which a frame or an event holds tile ids
TILE_KEYS = frozenset(
    {"tile", "tiles", "consumed", "hands", "drawn", "dora_indicators", "dora_marker", "dora_markers", "ura_markers",
     "wall", "hand", "added", "called", "kita", "returned", "live", "dead", "waits_tiles"}
)  # fmt: skip
#: the events that show hands or the wall: a hand's end
ENDS = frozenset({"hora", "ryukyoku", "end_kyoku", "end_game"})


def tile_ids(data: Any, under: bool = False) -> set[int]:
    """Every tile id in JSON data: the ints under a tile key (not a bool, not the hand's number)."""
    if isinstance(data, bool):
        return set()
    if isinstance(data, int):
        return {data} if under else set()
    if isinstance(data, list):
        return set().union(*(tile_ids(x, under) for x in data))
    if isinstance(data, dict):
        found: set[int] = set()
        for key, value in data.items():
            if key == "hand" and isinstance(value, int):
                continue
            found |= tile_ids(value, under or key in TILE_KEYS)
        return found
    return set()


def hidden_from(game: Game, seat: int) -> set[int]:
    """What ``seat`` cannot see now: the other seats' concealed tiles and veiled discards, the live wall, the dead
    wall but its revealed indicators and the replacements already drawn."""
    t = game.table
    wall = t.wall
    drawn = set(wall.replacement_queue[: wall.replacements])
    hidden = set(wall.live) | (set(wall.dead) - set(wall.indicators()) - drawn)
    for i, s in enumerate(t.seats):
        if i != seat:
            hidden |= set(s.hand) | {r.tile for r in s.river if r.veiled}
    return hidden


def own_secrets_removed(data: dict[str, Any], seat: int) -> dict[str, Any]:
    """A frame without the seat's own power results (Foresight shows its user its own next draws, then and for the
    rest of the hand)."""
    own = dict(data.get("own") or {})
    own.pop("secrets", None)
    own.pop("foresight", None)
    return {**data, "own": own}


HIDDEN_GAMES: list[tuple[str, str, dict[str, Any], Any]] = [
    ("tenhou", "tenhou", {"length": "east"}, None),
    ("sanma", "tenhou-sanma", {"length": "east"}, None),
    ("zung jung", "zung-jung", {}, None),
    ("powers", "superpower", {"length": "east"}, ["foresight", "veil", "redraw", "sense"]),
]


@pytest.mark.parametrize("seed", [11, 12, 13])
@pytest.mark.parametrize(("name", "options", "powers"), [g[1:] for g in HIDDEN_GAMES], ids=[g[0] for g in HIDDEN_GAMES])
def test_a_seat_sees_nothing_it_could_not_see_at_the_table(
    name: str, options: dict[str, Any], powers: Any, seed: int
) -> None:
    log = played(name, seed, options, powers)
    players = Game.replay(log).rules.players
    for seat in range(players):
        data = timeline(log, seat)
        frames = rebuilt(data)
        for step in steps_of(log):
            if step.same_frame:
                continue
            hidden = hidden_from(step.game, seat)
            shown = frames[step.index]
            assert "wall" not in shown and "hands" not in shown
            assert not tile_ids(own_secrets_removed(shown, seat)) & hidden, (seat, step.index)
            events = data["steps"][step.index]["events"]
            if any(e["type"] in ENDS for e in events):
                continue  # a hand's end shows hands and the wall to everyone
            public = [e for e in events if not (e["type"] == "power" and e.get("actor") == seat)]
            assert not tile_ids(public) & hidden, (seat, step.index, public)


@pytest.mark.parametrize(("name", "options", "powers"), [g[1:] for g in HIDDEN_GAMES], ids=[g[0] for g in HIDDEN_GAMES])
def test_a_seat_is_not_told_who_passed_a_claim(name: str, options: dict[str, Any], powers: Any) -> None:
    """Whoever passes last closes a claim window, and the step it closes names no decider in another seat's replay:
    the live table never said who could have called (``must_act`` is the viewer's alone)."""
    log = played(name, 11, options, powers)
    passes: set[int] = set()  # the steps a pass closed
    last = None
    for item in walk(log):
        if isinstance(item, Point):
            last = item.action.type
            continue
        if last == "pass":
            passes.add(item.index)
        last = None
    unseen = 0
    for seat in range(Game.replay(log).rules.players):
        data = timeline(log, seat)
        for step in steps_of(log):
            shown = data["steps"][step.index]["actor"]
            if step.index in passes and step.actor not in (None, seat):
                unseen += 1
                assert shown is None, (seat, step.index)
            else:
                assert shown == step.actor, (seat, step.index)
    assert unseen > 0  # the game had such a step
    assert [s["actor"] for s in timeline(log, None)["steps"]] == [s.actor for s in steps_of(log)]


def test_the_check_finds_what_all_open_shows() -> None:
    """The check above is not vacuous: the all-open replay, read as seat 0's, shows what seat 0 could not see."""
    log = played("superpower", 11, {"length": "east"}, ["foresight", "veil", "veil", "veil"])
    frames = rebuilt(timeline(log, None))
    leaks = {"hands": 0, "wall": 0, "veiled": 0}
    for step in steps_of(log):
        if step.same_frame:
            continue
        hidden, shown = hidden_from(step.game, 0), frames[step.index]
        leaks["hands"] += bool(tile_ids(shown["hands"][1:]) & hidden)
        leaks["wall"] += bool(tile_ids(shown["wall"]) & hidden)
        leaks["veiled"] += bool(tile_ids([s["river"] for s in shown["seats"][1:]]) & hidden)
    assert all(leaks.values()), leaks


def test_a_seat_the_game_has_not_is_refused() -> None:
    log = played("tenhou-sanma", 1, {"length": "east"})
    with pytest.raises(ValueError, match="seats 0 to 2"):
        timeline(log, 3)


# ------------------------------------------------------------------------------------------------- the hands index
def test_the_hands_index_agrees_with_the_engine(log: list[str]) -> None:
    data = timeline(log, None)
    game = Game.replay(log)
    deals = [e for e in game.events if e.type == "start_kyoku"]
    hands = data["hands"]
    labels = [f"{'ESWN'[e.info['round']]}{e.info['hand'] + 1}-{e.info['honba']}" for e in deals]
    assert [h["label"] for h in hands] == labels
    assert [h["scores"] for h in hands] == [list(e.info["scores"]) for e in deals]
    steps = data["steps"]
    for n, h in enumerate(hands):
        own = steps[h["first"] : h["last"] + 1]
        assert "start_kyoku" in [e["type"] for e in own[0]["events"]]
        assert all(s["hand"] == n for s in own)
        assert h["results"], h["label"]
        ended = [e for s in own for e in s["events"] if e["type"] in ("hora", "ryukyoku")]
        # the scores before the result: at the deal, or as the last deposit (riichi, Veil) left them
        before = h["scores"]
        for e in itertools.takewhile(lambda e: e["type"] not in RESULTS, (e for s in own for e in s["events"])):
            before = e.get("info", {}).get("scores", before)
        after = [x + sum(r["deltas"][i] for r in h["results"]) for i, x in enumerate(before)]
        assert after == ended[-1]["info"]["scores"]
        for r in h["results"]:
            event = next(e for e in steps[r["step"]]["events"] if e["type"] == r["type"])
            assert r["deltas"] == event["info"]["deltas"] and r["actor"] == event.get("actor")
    assert hands[-1]["last"] == len(steps) - 1


# ------------------------------------------------------------------------------------------------- size
def test_an_east_south_game_is_small_enough_to_send() -> None:
    """docs/replays.md quotes these figures (printed with ``pytest -s``)."""
    log = play_game("tenhou", ["strong"] * 4, 7, 0, keep_log=True).log
    for seat, raw_limit, gz_limit in [(None, 1_500_000, 150_000), (0, 1_500_000, 150_000)]:
        raw = json.dumps(timeline(log, seat), separators=(",", ":")).encode()
        packed = len(gzip.compress(raw))
        print(f"seat {seat}: {len(raw)} bytes raw, {packed} gzipped")
        assert len(raw) < raw_limit and packed < gz_limit


def test_the_timeline_imports_only_the_standard_library() -> None:
    """Like the engine (tests/test_stdlib_only.py): the command line and other programs use it without the server."""
    imports_only_the_stdlib("jantaku.review.timeline")
