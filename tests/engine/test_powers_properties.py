"""Property tests (hypothesis) for random play with superpowers (docs/superpowers.md), 4-player and 3-player:

- tiles are conserved: the table's ``all_tiles()`` is always the full tile set (Redraw only moves a tile in the
  live wall; a veiled discard stays in its river);
- points are conserved: scores plus 1,000 per deposit stick stay constant within a hand and so across hands, until
  the game's end pays the leftover sticks out (Veil costs nothing: only riichi puts sticks down);
- hidden information stays hidden: no seat's view or events hold another seat's concealed tiles, veiled discards
  or private power results, and shuffling everything hidden from a seat (other hands, the live wall, other seats'
  veiled discards) leaves its view unchanged;
- a power is only ever offered with its timing: after a normal draw, a live tile left, not in riichi (except
  Foresight), Sense once per tile id of the own hand, Seal never on a target the user's seal still lies on,
  Beacon under five indicators;
- a seal lasts as docs/superpowers.md#seal says: ``seal_turns`` runs parallel to ``sealed_by`` with 2 or 1 turns
  left, and a sealed seat is never offered a chi, pon or open kan;
- every answer is true to the table (``play_true_to_the_table``): Foresight's tiles are drawn at their positions,
  Sense's answer is what the discard would meet, a seal counts its target's discards.
"""

from __future__ import annotations

import copy
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.engine.actions import Chi, Discard, OpenKan, Pon, Power, Ron
from jantaku.engine.events import redact
from jantaku.engine.game import Game
from jantaku.engine.powers import CATALOGUE, POWERS, foresight, foresight_on
from jantaku.engine.wall import tile_set
from jantaku.rules.ruleset import RuleSet
from tests.engine.test_powers import SANMA_SUP, SUP, assert_hides_private, power_policy, viewers

# JANTAKU_EXAMPLES=500 for a deeper local run
EXAMPLES = int(os.environ.get("JANTAKU_POWER_EXAMPLES", os.environ.get("JANTAKU_EXAMPLES", "25")))
SETTINGS = settings(max_examples=min(EXAMPLES, 2000), deadline=None, suppress_health_check=[HealthCheck.too_slow])
HANDS = 2  # hands played per example
TWIN_EVERY = 2  # steps between two (costlier) shuffle checks


def assert_view_ignores_hidden(game: Game, seat: int | None, rng: random.Random) -> None:
    """Non-interference: reshuffle everything hidden from ``seat``: the other seats' concealed tiles, the live
    wall (but the tiles the seat's Foresight shows it now), the other seats' veiled discards. Its view must not
    change."""
    view = game.view(seat)
    # the copy shares everything but what the shuffle changes (a deep copy of the game costs far more)
    twin = copy.copy(game)
    twin.table = t = copy.copy(game.table)
    t.wall = copy.copy(t.wall)
    t.seats = [copy.copy(s) for s in t.seats]
    for s in t.seats:
        s.river = [copy.copy(r) for r in s.river]
    twin.turn = copy.copy(game.turn)
    twin.version = -1  # a state the game never had: no legal-action list computed before the shuffle is reused
    others = [i for i in range(t.players) if i != seat]
    veiled = [r for i in others for r in t.seats[i].river if r.veiled]
    shown: set[int] = set()
    if seat is not None and foresight_on(game, seat):
        shown = {at - t.wall.taken for at in foresight(game, seat)["at"]}
    hidden = [i for i in range(len(t.wall.live)) if i not in shown]
    pool = [x for i in others for x in t.seats[i].hand] + [t.wall.live[i] for i in hidden] + [r.tile for r in veiled]
    rng.shuffle(pool)
    for i in others:
        s = t.seats[i]
        s.hand, pool = pool[: len(s.hand)], pool[len(s.hand) :]
        if len(s.hand) % 3 == 1:
            s.refresh_waits()
    t.wall.live = list(t.wall.live)
    for i in hidden:
        t.wall.live[i], pool = pool[0], pool[1:]
    for r in veiled:
        r.tile, pool = pool[0], pool[1:]
    assert not pool
    if twin.turn is not None and twin.turn.seat != seat and twin.turn.drawn is not None:
        twin.turn.drawn = t.seats[twin.turn.seat].hand[-1]
    assert twin.view(seat) == view


def assert_offers_follow_the_timing(game: Game) -> None:
    if game.phase != "turn" or game.turn is None:
        return
    turn, t = game.turn, game.table
    s = t.seats[turn.seat]
    acts = game.legal_actions(turn.seat)
    used = [a for a in acts if isinstance(a, Power)]
    veils = [a for a in acts if isinstance(a, Discard) and a.veil]
    if not (used or veils):
        return
    power = game.charges[turn.seat].power
    assert power is not None and game.charges[turn.seat].ready
    assert not turn.rinshan and t.wall.remaining > 0
    assert not used or turn.drawn is not None  # own-turn powers after a draw; Veil also after a call
    assert {a.power for a in used} <= {power} and (not veils or power == "veil")
    assert not s.riichi or power == "foresight"
    for a in used:
        assert (a.target is not None) == CATALOGUE[power].target and a.target != turn.seat
        assert (a.tile is not None) == (power == "sense")
        if power == "seal":
            assert a.target is not None and turn.seat not in t.seats[a.target].sealed_by
        if power == "beacon":
            assert t.wall.revealed < 5
    if power == "sense":
        assert sorted(a.tile for a in used if a.tile is not None) == sorted(s.hand)


def assert_seals_hold(game: Game) -> None:
    for i, s in enumerate(game.table.seats):
        assert len(s.sealed_by) == len(s.seal_turns) == len(set(s.sealed_by))
        assert set(s.seal_turns) <= {1, 2} and i not in s.sealed_by
        if s.sealed_by and game.phase == "claims":
            assert not any(isinstance(a, (Chi, Pon, OpenKan)) for a in game.legal_actions(i))


@SETTINGS
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    powers=st.lists(st.sampled_from((*POWERS, None)), min_size=4, max_size=4),
    sanma=st.booleans(),
)
def test_random_play_with_powers_conserves_tiles_and_points_and_hides(
    seed: int, powers: list[str | None], sanma: bool
) -> None:
    rules = SANMA_SUP if sanma else SUP
    game = Game(rules, seed, powers=powers[: rules.players])
    rng = random.Random(seed)
    twin_rng = random.Random(~seed)
    full = tile_set(rules)
    total = sum(game.state.scores)
    ended = steps = 0
    checked = len(game.events)
    for viewer in viewers(game):
        assert_hides_private(game, viewer)
    while not game.over and ended < HANDS:
        seat = game.to_act()[0]
        events = game.apply(seat, power_policy(game, seat, game.legal_actions(seat), rng))
        new, checked = game.events[checked:], len(game.events)
        steps += 1
        ended += any(e.type == "end_kyoku" for e in events)
        if game.over:
            break
        assert sorted(game.table.all_tiles()) == full
        assert sum(game.state.scores) + 1000 * game.state.sticks == total
        assert_offers_follow_the_timing(game)
        assert_seals_hold(game)
        seen = viewers(game)
        for viewer in seen:
            assert_hides_private(game, viewer, [redact(e, viewer) for e in new])
        if steps % TWIN_EVERY == 0:  # one viewer in turn
            assert_view_ignores_hidden(game, seen[steps // TWIN_EVERY % len(seen)], twin_rng)


def seal_state(game: Game) -> list[list[tuple[int, int]]]:
    return [list(zip(s.sealed_by, s.seal_turns, strict=True)) for s in game.table.seats]


def play_true_to_the_table(rules: RuleSet, seed: int, powers: list[str]) -> set[str]:
    """Seeded random play, every answer checked against the table (docs/superpowers.md, The catalogue):

    - Foresight's tiles are the live wall's at the user's own next draw positions (``at``, in ``front``'s count),
      as many as the wall still holds, up to 3, and whoever draws at such a position draws that very tile;
    - Sense's answer is whether, on a copy of the game, discarding the tile lets some opponent ron;
    - a seal's turns go down by one exactly when its target discards, and a seal ends after two.

    Returns the powers whose answers were checked."""
    game = Game(rules, seed, powers=powers[: rules.players])
    rng = random.Random(seed)
    players = rules.players
    checked: set[str] = set()
    foreseen: dict[int, int] = {}  # this hand's foreseen positions and tiles
    seen = len(game.events)
    ended = 0
    while not game.over and ended < HANDS:
        seat = game.to_act()[0]
        action = power_policy(game, seat, game.legal_actions(seat), rng)
        front, live, seals = game.view(None)["front"], list(game.table.wall.live), seal_state(game)
        deals_in = None
        if isinstance(action, Power) and action.power == "sense":
            twin = copy.deepcopy(game)
            assert action.tile is not None
            twin.apply(seat, Discard(action.tile))
            deals_in = any(Ron() in twin.legal_actions(o) for o in range(players) if o != seat)
        events = game.apply(seat, action)
        new, seen = game.events[seen:], len(game.events)
        ended += any(e.type == "end_kyoku" for e in events)
        if any(e.type == "start_kyoku" for e in new):
            foreseen = {}
            continue
        drawn: list[int] = []
        for ev in new:
            if ev.type == "tsumo" and not ev.info.get("rinshan"):
                assert ev.tile is not None
                drawn.append(ev.tile)
            if ev.type != "power":
                continue
            private = ev.info.get("private", {})
            if ev.info["power"] == "redraw":
                drawn.append(private["drawn"])
            elif ev.info["power"] == "foresight":
                at = [front + i for i in range(players - 1, len(live), players)][:3]
                assert private == {"tiles": [live[p - front] for p in at], "at": at}
                foreseen.update(zip(at, private["tiles"], strict=True))
                checked.add("foresight")
            elif ev.info["power"] == "sense":
                assert private == {"tile": action.tile, "deals_in": deals_in}  # type: ignore[union-attr]
                checked.add("sense")
        after = game.view(None)["front"]
        assert after - front == len(drawn)
        for position, tile in zip(range(front, after), drawn, strict=True):
            assert foreseen.get(position, tile) == tile, (position, foreseen)
        want = seals
        for ev in new:
            if ev.type == "dahai" and ev.actor is not None and want[ev.actor]:
                want[ev.actor] = [(by, n - 1) for by, n in want[ev.actor] if n > 1]
                checked.add("seal")
            if ev.type == "power" and ev.info["power"] == "seal":
                assert ev.target is not None and ev.actor is not None
                want[ev.target] = [*want[ev.target], (ev.actor, 2)]
        assert seal_state(game) == want
    return checked


@SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), powers=st.permutations(POWERS), sanma=st.booleans())
def test_random_play_answers_true_to_the_table(seed: int, powers: list[str], sanma: bool) -> None:
    play_true_to_the_table(SANMA_SUP if sanma else SUP, seed, powers)


@pytest.mark.parametrize("rules", [SUP, SANMA_SUP], ids=["4-players", "3-players"])
def test_the_table_check_reaches_foresight_sense_and_seal(rules: RuleSet) -> None:
    checked: set[str] = set()
    for seed in range(4):
        checked |= play_true_to_the_table(rules, seed, list(POWERS[seed:] + POWERS[:seed]))
    assert checked == {"foresight", "sense", "seal"}
