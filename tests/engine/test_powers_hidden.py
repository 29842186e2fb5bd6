"""Every power's private part reaches only its user (docs/superpowers.md, Every power: "A power never shows hidden
information to anyone but its user"; the record keeps everything, to be read after the game).

The private parts (docs/superpowers.md, The catalogue): Foresight's ``tiles`` and their positions ``at``, Redraw's
``returned`` and ``drawn`` tiles, Sense's asked ``tile`` and its ``deals_in`` answer; Seal, Beacon and Veil have
none (a veiled tile is hidden by the river and the redacted ``dahai``, checked in test_powers_properties.py).

Random games, 4-player and 3-player, with the six powers dealt out among the seats, are checked after every
decision:

- the user sees its own: its view's ``own["secrets"]`` is exactly its results this hand, and its events carry them;
- nobody else does: every other seat's and a spectator's view and redacted events stay exactly the same when each
  private part not theirs is replaced by a different value (so nothing they are shown is made from it);
- the record keeps them: the log holds every private part as it was given, and Sense's action its tile.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.engine.events import Event, redact
from jantaku.engine.game import Game
from jantaku.engine.powers import POWERS
from jantaku.rules.ruleset import RuleSet
from tests.engine.test_powers import SANMA_SUP, SUP, power_policy, seen_by, viewers

EXAMPLES = int(os.environ.get("JANTAKU_POWER_EXAMPLES", os.environ.get("JANTAKU_EXAMPLES", "20")))
SETTINGS = settings(max_examples=min(EXAMPLES, 2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
HANDS = 2  # hands played per example

#: each power's private part, by the contract of docs/superpowers.md (None: the power has none)
PRIVATE_KEYS: dict[str, frozenset[str] | None] = {
    "foresight": frozenset({"tiles", "at"}),
    "redraw": frozenset({"returned", "drawn"}),
    "sense": frozenset({"tile", "deals_in"}),
    "seal": None,
    "beacon": None,
    "veil": None,
}


def other_value(value: Any) -> Any:
    """A value of the same shape that differs from ``value`` (a private part's tile, list of tiles or answer)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return -1 - value
    if isinstance(value, list):
        return [other_value(v) for v in value] + [-99]
    raise AssertionError(f"a private part holds tiles, positions or an answer, not {value!r}")


@contextmanager
def others_private_changed(game: Game, viewer: int | None) -> Iterator[int]:
    """While inside, every private part of a seat other than ``viewer`` holds different values: in the seats'
    secrets and in the recorded power events. Yields how many parts it changed; restores them on leaving."""
    secrets = [list(s) for s in game.secrets]
    infos: list[tuple[dict[str, Any], dict[str, Any]]] = []
    changed = 0
    for seat, kept in enumerate(secrets):
        if seat != viewer:
            game.secrets[seat][:] = [
                {**x, **{k: other_value(v) for k, v in x.items() if k not in ("power", "target", "order")}}  # type: ignore[typeddict-item]
                for x in kept
            ]
            changed += len(kept)
    for ev in game.events:
        if ev.type == "power" and ev.actor != viewer and "private" in ev.info:
            info = cast(dict[str, Any], ev.info)  # the record's own dict, put back on leaving
            private = info["private"]
            infos.append((info, private))
            info["private"] = {k: other_value(v) for k, v in private.items()}
            changed += 1
    try:
        yield changed
    finally:
        for seat, kept in enumerate(secrets):
            game.secrets[seat][:] = kept
        for info, private in infos:
            info["private"] = private


def check_privates(game: Game, new: list[Event]) -> set[str]:
    """The three checks of this module after one decision; returns the powers whose private part was checked."""
    checked: set[str] = set()
    for ev in new:
        if ev.type == "power":
            keys = PRIVATE_KEYS[ev.info["power"]]
            assert (set(ev.info["private"]) if "private" in ev.info else None) == keys, ev
            if keys is not None:
                checked.add(ev.info["power"])
    for seat in range(game.rules.players):  # the user sees its own, in its view and its events
        assert game.view(seat)["own"]["secrets"] == game.secrets[seat]
    for ev in new:
        if ev.type == "power" and ev.actor is not None:
            assert redact(ev, ev.actor) == ev
            for viewer in viewers(game):  # the public part: who, which power, whom, the charges, Seal's turns
                if viewer != ev.actor:
                    seen = redact(ev, viewer)
                    assert seen.tile is None and set(seen.info) <= {"power", "left", "turns"}, seen
    users = {e.actor for e in game.events if e.type == "power" and "private" in e.info}
    for viewer in viewers(game):  # nobody else sees it
        if users - {viewer}:
            shown = seen_by(game, viewer)
            with others_private_changed(game, viewer) as changed:
                assert changed
                assert seen_by(game, viewer) == shown
    return checked


def check_the_record(game: Game) -> None:
    lines = [json.loads(line) for line in game.log[1:]]
    logged = [(x["actor"], x["info"].get("private")) for x in lines if x["type"] == "power"]
    assert logged == [(e.actor, e.info.get("private")) for e in game.events if e.type == "power"]
    asked = [x["action"]["tile"] for x in lines if x["type"] == "act" and x["action"].get("power") == "sense"]
    assert asked == [p["tile"] for _, p in logged if p is not None and "deals_in" in p]


def play(rules: RuleSet, seed: int, powers: list[str]) -> set[str]:
    """Play ``HANDS`` hands of seeded random play that uses a power half the times one is offered, checking
    after every decision; returns the powers whose private part was checked."""
    game = Game(rules, seed, powers=powers[: rules.players])
    rng = random.Random(seed)
    checked: set[str] = set()
    seen = len(game.events)
    ended = 0
    while not game.over and ended < HANDS:
        seat = game.to_act()[0]
        events = game.apply(seat, power_policy(game, seat, game.legal_actions(seat), rng))
        new, seen = game.events[seen:], len(game.events)
        ended += any(e.type == "end_kyoku" for e in events)
        checked |= check_privates(game, new)
    check_the_record(game)
    return checked


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), powers=st.permutations(POWERS), sanma=st.booleans())
def test_every_private_part_reaches_only_its_user(seed: int, powers: list[str], sanma: bool) -> None:
    play(SANMA_SUP if sanma else SUP, seed, powers)


@pytest.mark.parametrize("rules", [SUP, SANMA_SUP], ids=["4-players", "3-players"])
def test_the_check_reaches_every_private_part(rules: RuleSet) -> None:
    """The property is no vacuous one: with the powers rotated round the seats, fixed seeds check Foresight's,
    Redraw's and Sense's private parts in 4-player and in 3-player games."""
    checked: set[str] = set()
    for seed in range(4):
        checked |= play(rules, seed, list(POWERS[seed:] + POWERS[:seed]))
    assert checked == {p for p, keys in PRIVATE_KEYS.items() if keys is not None}
