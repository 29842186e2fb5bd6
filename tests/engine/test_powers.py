"""Superpowers (docs/superpowers.md) in the engine: when each power is offered, its charges, its effect, what it hides
from the other seats, and that games with powers replay exactly.

Every scenario deals a stacked wall (``tests.engine.helpers.Tiles`` and ``engine.wall.stacked_order``); seat 0
deals and every seat holds the power under test unless a row says otherwise. Tables hold one row per case, named
after the rule it checks and citing docs/superpowers.md; the pytest id is the row's name.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pytest

from jantaku.engine.actions import (
    Action,
    ClosedKan,
    Discard,
    IllegalAction,
    NineTerminals,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
    action_to_json,
)
from jantaku.engine.events import Event
from jantaku.engine.game import Game
from jantaku.engine.match import MatchState
from jantaku.engine.powers import CATALOGUE, POWERS, choose_powers
from jantaku.engine.settle import tenpai_seats
from jantaku.engine.wall import commitment, stacked_order
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import kind_of_id, parse_tiles
from tests.engine.helpers import Tiles, act, claim, drain, pass_all

SUP = preset("superpower")
SANMA_SUP = preset("sanma").with_options(superpowers=True)
STANDARD = preset("standard")

DOC = "docs/superpowers.md"
EVERY = f"{DOC}, Every power"
OWN_TURN = f"{EVERY}: own turn, after a draw, before the discard"
NO_RINSHAN = f"{EVERY}: never during a replacement draw step"
NO_LAST = f"{EVERY}: never after the last live tile"
NO_RIICHI = f"{EVERY}: never in riichi unless stated"
CHARGES = f"{EVERY}: 2 per game, at most 1 per hand, unless the power says otherwise; remaining charges are public"
ONE_POWER = f"{EVERY}: each seat picks one power"
PRIVATE = f"{EVERY}: anything private goes only into the user's view"
NO_STREAM = f"{EVERY}: no power draws on the game's random stream"


def cat(power: str, note: str) -> str:
    return f"{DOC}, The catalogue: {power} ({note})"


# Seat 0 (the dealer): tenpai on 1z/2z, riichi-ready on its first draw 7z. Seat 1 (noten): 34s (it may chi a 2s
# from seat 0) and a 7z pair (it may pon seat 0's 7z). Seat 2: tanyao tenpai on 2s/5s (shanpon: it may also pon
# 2s or 5s, and chi 5s from seat 1 with 67s). Seat 3: nothing near anything.
BASE = ["123m456p789s1122z", "999m111p99p34s577z", "234m456p678s2255s", "111s999s28m28p456z"]
# Seat 0 holds a quad of 1s (a concealed kan on its first turn); seat 1 a triplet of 3p (its own-turn kan on a
# drawn 3p) and a 7z pair.
QUAD = ["1111s456p789s123z", "333p456m789m1277z", "999m111p999p3344z", "222s888s28m28p456z"]
# Seat 1 holds thirteen kinds of terminals and honors: its abortive draw on its first turn ends a hand at once
# (the dealer keeps the seat, so the next stacked wall deals the same hands again).
ABORT = ["123m456p789s1122z", "19m19p19s1234567z", "999m111p999p3344z", "222s888s28m28p456z"]
ABORT_DRAWS = ["3p", "4p", "6s", "7s"]  # no terminal or honor: seat 1 cannot win on them
# Seat 1 waits only on 7z, all four of which it holds: formally noten (docs/rules.md#tenpai).
KARATEN = ["123m456p789s1122z", "234m456p678s7777z", "999m111p999p3344z", "111s999s28m28p456z"]


# --------------------------------------------------------------------------------------------------- helpers
def every(power: str | None, rules: RuleSet = SUP) -> list[str | None]:
    return [power] * rules.players


def deal(
    hands: Sequence[str],
    draws: Sequence[str] = (),
    *,
    powers: Sequence[str | None] | None = None,
    rules: RuleSet = SUP,
    start: MatchState | None = None,
    hands_count: int = 1,
) -> Game:
    """A game whose first ``hands_count`` hands each deal ``hands`` (seat 0 first) and then draw ``draws``."""
    return Game(rules, 1, walls=[stacked(hands, draws, rules)] * hands_count, start=start, powers=powers)


def stacked(hands: Sequence[str], draws: Sequence[str] = (), rules: RuleSet = SUP) -> list[int]:
    tiles = Tiles(rules)
    deal_ids = [tiles.ids(h) for h in hands]
    assert all(len(h) == 13 for h in deal_ids), hands
    return stacked_order(rules, deal_ids, [tiles.one(d) for d in draws])


def tile_of(game: Game, seat: int, text: str) -> int:
    kind = parse_tiles(text)[0]
    return next(t for t in sorted(game.table.seats[seat].hand) if kind_of_id(t) == kind)


def drawn(game: Game) -> int:
    assert game.turn is not None and game.turn.drawn is not None
    return game.turn.drawn


def discard_drawn(game: Game) -> None:
    assert game.turn is not None
    act(game, game.turn.seat, Discard(drawn(game)))
    pass_all(game)


def offered(game: Game, seat: int, power: str) -> set[int | None]:
    """The power's choices offered to ``seat`` now: its targets (None for a power without one)."""
    acts = game.legal_actions(seat)
    if power == "veil":
        return {None} if any(isinstance(a, Discard) and a.veil for a in acts) else set()
    return {a.target for a in acts if isinstance(a, Power) and a.power == power}


def candidates(game: Game, seat: int, power: str) -> list[Action]:
    """Every form of the power ``seat`` could try now: each target, each veiled discard."""
    if power == "veil":
        return [Discard(t, True) for t in sorted(game.table.seats[seat].hand)]
    if CATALOGUE[power].target:
        return [Power(power, o) for o in range(game.rules.players) if o != seat]
    return [Power(power)]


def use_and_discard(game: Game, seat: int, power: str) -> list[Event]:
    """``seat`` uses its power on its own turn (Seal and Sense on the next seat), then discards the drawn tile."""
    if power == "veil":
        events = game.apply(seat, Discard(drawn(game), True))
    else:
        target = (seat + 1) % game.rules.players if CATALOGUE[power].target else None
        events = game.apply(seat, Power(power, target))
        assert offered(game, seat, power) == set()  # the charge of this hand is spent: the action is gone
        events += game.apply(seat, Discard(drawn(game)))
    pass_all(game)
    return events


def yaku_of(events: list[Event]) -> list[str]:
    hora = next(e for e in events if e.type == "hora")
    return [name for name, _ in hora.info["yaku"]]


def viewers(game: Game) -> list[int | None]:
    return [*range(game.rules.players), None]


def assert_hides_private(game: Game, seat: int | None, events: Sequence[Event] | None = None) -> None:
    """What ``seat`` (None: a spectator) is shown holds no other seat's concealed tiles, veiled discards or
    private power results (docs/superpowers.md#every-power: a power never shows hidden information to anyone but
    its user). ``events``: the redacted events to check (all of them when left out)."""
    view = game.view(seat)
    for i, (entry, s) in enumerate(zip(view["seats"], game.table.seats, strict=True)):
        for shown, r in zip(entry["river"], s.river, strict=True):
            assert shown["tile"] == (None if r.veiled and i != seat else r.tile)
            assert shown.get("veiled", False) == r.veiled
    text = json.dumps(view)
    assert '"private"' not in text
    if seat is None:
        assert "own" not in view and '"secrets"' not in text
    else:
        others = {t for i, s in enumerate(game.table.seats) if i != seat for t in s.hand}
        assert not others & set(view["own"]["tiles"])
        assert view["own"]["secrets"] == game.secrets[seat]
    for ev in game.events_for(seat) if events is None else events:
        if ev.actor != seat:
            if ev.type == "tsumo" or (ev.type == "dahai" and ev.info.get("veil")):
                assert ev.tile is None, ev
            if ev.type == "power":
                assert "private" not in ev.info, ev
        if ev.type == "start_kyoku":
            assert all(h is None for i, h in enumerate(ev.info["hands"]) if i != seat)


def power_policy(game: Game, seat: int, acts: list[Action], rng: random.Random) -> Action:
    """Seeded random play that uses a power (or a veiled discard) half the times one is offered."""
    powers = [a for a in acts if isinstance(a, Power) or (isinstance(a, Discard) and a.veil)]
    if powers and rng.random() < 0.5:
        return rng.choice(powers)
    return rng.choice([a for a in acts if a not in powers])


# ------------------------------------------------------------------------------------------ when it is offered
Build = Callable[[str], tuple[Game, int]]


def _first_draw(powers: Sequence[str | None], start: MatchState | None = None) -> tuple[Game, int]:
    return deal(BASE, ["7z"], powers=powers, start=start), 0


def at_normal_draw(power: str) -> tuple[Game, int]:
    return _first_draw(every(power))


def after_a_call(power: str) -> tuple[Game, int]:
    game = deal(BASE, ["7z"], powers=every(power))
    act(game, 0, Discard(drawn(game)))
    claim(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Pon)))
    assert game.turn is not None and game.turn.seat == 1 and game.turn.drawn is None
    return game, 1


def on_a_replacement_draw(power: str) -> tuple[Game, int]:
    game = deal(QUAD, ["7z"], powers=every(power))
    act(game, 0, next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan)))
    assert game.turn is not None and game.turn.seat == 0 and game.turn.rinshan
    return game, 0


def after_the_last_live_tile(power: str) -> tuple[Game, int]:
    game = deal(BASE, ["7z"], powers=every(power))
    drain(game)
    assert game.turn is not None and game.table.wall.remaining == 0 and not game.turn.rinshan
    return game, game.turn.seat


def _seat_0_riichi(power: str) -> Game:
    game = deal(BASE, ["7z"], powers=every(power))
    act(game, 0, Riichi(drawn(game)))
    pass_all(game)
    assert game.table.seats[0].riichi_accepted
    return game


def in_riichi(power: str) -> tuple[Game, int]:
    game = _seat_0_riichi(power)
    for _ in range(3):
        discard_drawn(game)
    assert game.turn is not None and game.turn.seat == 0 and game.turn.drawn is not None
    return game, 0


def with_an_opponent_in_riichi(power: str) -> tuple[Game, int]:
    game = _seat_0_riichi(power)
    assert game.turn is not None and game.turn.seat == 1
    return game, 1


def below_1000_points(power: str) -> tuple[Game, int]:
    return _first_draw(every(power), MatchState(scores=(900, 33000, 33000, 33100)))


def at_1000_points(power: str) -> tuple[Game, int]:
    return _first_draw(every(power), MatchState(scores=(1000, 33000, 33000, 33000)))


def _indicators(shown: int) -> Build:
    def build(power: str) -> tuple[Game, int]:
        game, seat = at_normal_draw(power)
        game.table.wall.revealed = shown  # as if kans had turned the others
        game.version += 1
        return game, seat

    return build


def holding_another_power(power: str) -> tuple[Game, int]:
    return _first_draw(every(POWERS[(POWERS.index(power) + 1) % len(POWERS)]))


def without_superpowers(power: str) -> tuple[Game, int]:
    return deal(BASE, ["7z"], rules=STANDARD), 0


class Situation(NamedTuple):
    name: str
    cite: str
    build: Build
    offered: dict[str, bool | frozenset[int]]  # True: every form (each opponent for Seal and Sense)


ALL: dict[str, bool | frozenset[int]] = dict.fromkeys(POWERS, True)
NONE: dict[str, bool | frozenset[int]] = dict.fromkeys(POWERS, False)
SITUATIONS = [
    Situation("after-a-normal-draw", OWN_TURN + "; Veil: discard modifier", at_normal_draw, ALL),
    Situation("after-a-call", OWN_TURN + " (a call is no draw); Veil: a discard modifier", after_a_call,
              {**NONE, "veil": True}),
    Situation("on-a-replacement-draw", NO_RINSHAN, on_a_replacement_draw, NONE),
    Situation("after-the-last-live-tile", NO_LAST + "; Redraw: not on the last tile", after_the_last_live_tile, NONE),
    Situation("in-riichi", NO_RIICHI + "; Foresight: riichi allowed; Veil: not after riichi", in_riichi,
              {**NONE, "foresight": True}),
    Situation("with-an-opponent-in-riichi", cat("Sense", "one chosen opponent (not in riichi)"),
              with_an_opponent_in_riichi, {**ALL, "sense": frozenset({2, 3})}),
    Situation("below-1000-points", cat("Veil", "costs 1,000 points into the deposits"), below_1000_points,
              {**ALL, "veil": False}),
    Situation("at-1000-points", cat("Veil", "costs 1,000 points into the deposits"), at_1000_points, ALL),
    Situation("with-4-indicators-shown", cat("Beacon", "counts toward the 5-indicator limit"), _indicators(4), ALL),
    Situation("with-5-indicators-shown", cat("Beacon", "counts toward the 5-indicator limit"), _indicators(5),
              {**ALL, "beacon": False}),
    Situation("to-a-seat-holding-another-power", ONE_POWER, holding_another_power, NONE),
    Situation("without-the-superpowers-option", f"{DOC} (the superpower preset; superpowers=True)",
              without_superpowers, NONE),
]  # fmt: skip


class LegalRow(NamedTuple):
    rule: str
    cite: str
    power: str
    build: Build
    offered: bool | frozenset[int]


LEGALITY = [
    LegalRow(
        f"{power}-{'offered' if sit.offered[power] else 'not-offered'}-{sit.name}",
        sit.cite,
        power,
        sit.build,
        sit.offered[power],
    )
    for sit in SITUATIONS
    for power in POWERS
]


@pytest.mark.parametrize("row", LEGALITY, ids=lambda r: r.rule)
def test_a_power_is_offered_only_when_its_rules_allow(row: LegalRow) -> None:
    game, seat = row.build(row.power)
    opponents = frozenset(o for o in range(game.rules.players) if o != seat)
    want: set[int | None]
    if row.offered is True:
        want = set(opponents) if CATALOGUE[row.power].target else {None}
    else:
        want = set(row.offered or ())
    assert offered(game, seat, row.power) == want
    legal = game.legal_actions(seat)
    assert game.view(seat)["legal_actions"] == [action_to_json(a) for a in legal]
    if row.power == "veil" and want:  # a veiled copy of every plain discard
        plain = [a.tile for a in legal if isinstance(a, Discard) and not a.veil]
        assert [a.tile for a in legal if isinstance(a, Discard) and a.veil] == plain
    before = json.dumps(game.snapshot(), sort_keys=True)
    refused = [a for a in candidates(game, seat, row.power) if a not in legal]
    for action in refused:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert json.dumps(game.snapshot(), sort_keys=True) == before  # a refused power changes nothing


def test_riichi_has_no_veiled_form() -> None:
    """Veil is "not with riichi" (docs/superpowers.md#veil): the riichi declaration is its own action,
    without a veil flag, and its tile lies face up."""
    game = deal(BASE, ["7z"], powers=every("veil"))
    tile = drawn(game)
    assert Riichi(tile) in game.legal_actions(0) and Discard(tile, True) in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="action_format"):  # only a discard goes face down
        action_from_json({"type": "riichi", "tile": tile, "veil": True})
    act(game, 0, Riichi(tile))
    pass_all(game)
    assert not game.table.seats[0].river[-1].veiled and game.view(1)["seats"][0]["river"][-1]["tile"] == tile
    assert game.state.sticks == 1 and game.state.scores[0] == 24000  # the riichi deposit only


# ------------------------------------------------------------------------------------------------- charges
class ChargeRow(NamedTuple):
    rule: str
    cite: str
    power: str
    per_hand: int
    per_game: int


CHARGE_ROWS = [
    ChargeRow("foresight-1-a-hand-2-a-game", cat("Foresight", "2/game") + "; " + CHARGES, "foresight", 1, 2),
    ChargeRow("redraw-1-a-hand-2-a-game", cat("Redraw", "1/hand, 2/game"), "redraw", 1, 2),
    ChargeRow("veil-1-a-hand-2-a-game", cat("Veil", "1/hand") + "; " + CHARGES, "veil", 1, 2),
    ChargeRow("seal-1-a-hand-2-a-game", cat("Seal", "1/hand, 2/game"), "seal", 1, 2),
    ChargeRow("beacon-1-a-game", cat("Beacon", "1/game"), "beacon", 1, 1),
    ChargeRow("sense-1-a-game", cat("Sense", "1/game"), "sense", 1, 1),
]


@pytest.mark.parametrize("row", CHARGE_ROWS, ids=lambda r: r.rule)
def test_the_catalogue_data_carries_the_charges(row: ChargeRow) -> None:
    spec = CATALOGUE[row.power]
    assert (spec.per_hand, spec.per_game) == (row.per_hand, row.per_game)


@pytest.mark.parametrize("row", CHARGE_ROWS, ids=lambda r: r.rule)
def test_a_used_charge_is_gone_for_the_rest_of_the_hand(row: ChargeRow) -> None:
    game = deal(BASE, ["7z"], powers=every(row.power))
    events = use_and_discard(game, 0, row.power)
    used = next(e for e in events if e.type in ("power", "dahai"))
    assert used.info["left"] == row.per_game - 1  # public, in the event
    for _ in range(3):
        discard_drawn(game)
    assert game.turn is not None and game.turn.seat == 0 and game.turn.drawn is not None
    assert offered(game, 0, row.power) == set()
    for seat in viewers(game):  # the charges left are public
        seats = game.view(seat)["seats"]
        assert seats[0]["power"] == {"name": row.power, "left": row.per_game - 1, "ready": False}
        assert seats[1]["power"] == {"name": row.power, "left": row.per_game, "ready": True}


@pytest.mark.parametrize("row", CHARGE_ROWS, ids=lambda r: r.rule)
def test_charges_last_the_game_and_each_new_hand_restores_one_use(row: ChargeRow) -> None:
    game = deal(ABORT, ABORT_DRAWS, powers=every(row.power), hands_count=row.per_game + 1)
    for hand in range(row.per_game + 1):
        assert game.state.played == hand and game.table.dealer == 0
        assert game.turn is not None and game.turn.seat == 0
        left = row.per_game - hand
        assert game.view(None)["seats"][0]["power"] == {"name": row.power, "left": left, "ready": left > 0}
        assert bool(offered(game, 0, row.power)) == (left > 0)
        if left:
            use_and_discard(game, 0, row.power)
        else:
            discard_drawn(game)
        act(game, 1, NineTerminals())  # the hand ends; the dealer stays


def test_a_seat_without_a_power_is_never_offered_one() -> None:
    game = deal(BASE, ["7z"], powers=[None, "seal", "sense", "veil"])
    assert not any(isinstance(a, Power) or (isinstance(a, Discard) and a.veil) for a in game.legal_actions(0))
    assert game.view(2)["seats"][0]["power"] == {"name": None, "left": 0, "ready": False}
    assert game.view(2)["seats"][1]["power"] == {"name": "seal", "left": 2, "ready": True}


def test_a_game_without_superpowers_shows_no_powers() -> None:
    game = deal(BASE, ["7z"], rules=STANDARD)
    view = game.view(0)
    assert "power" not in view["seats"][0] and "sealed_by" not in view["seats"][0] and "secrets" not in view["own"]
    assert "powers" not in json.loads(game.log[0])


# ------------------------------------------------------------------------------------------------- effects
def foresight_shows_the_next_two_live_tiles() -> None:
    game = deal(BASE, ["7z"], powers=every("foresight"))
    wall = game.table.wall
    live, nxt = list(wall.live), wall.live[:2]
    events = game.apply(0, Power("foresight"))
    assert [e.type for e in events] == ["power"] and events[0].info["private"] == {"tiles": nxt}
    (secret,) = game.view(0)["own"]["secrets"]
    assert (secret["power"], secret["target"], secret["tiles"]) == ("foresight", None, nxt)
    assert wall.live == live  # information only
    assert game.turn is not None and game.turn.seat == 0 and Discard(drawn(game)) in game.legal_actions(0)


def foresight_tiles_are_drawn_next_without_a_call() -> None:
    game = deal(BASE, ["7z"], powers=every("foresight"))
    nxt = game.apply(0, Power("foresight"))[0].info["private"]["tiles"]
    discard_drawn(game)
    assert game.turn is not None and (game.turn.seat, game.turn.drawn) == (1, nxt[0])
    discard_drawn(game)
    assert game.turn is not None and (game.turn.seat, game.turn.drawn) == (2, nxt[1])


def foresight_tiles_go_to_whoever_draws_after_a_call() -> None:
    game = deal(BASE, ["7z"], powers=every("foresight"))
    nxt = game.apply(0, Power("foresight"))[0].info["private"]["tiles"]
    act(game, 0, Discard(drawn(game)))
    claim(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Pon)))  # seat 1 skips its draw
    act(game, 1, Discard(tile_of(game, 1, "9m")))
    pass_all(game)
    assert game.turn is not None and (game.turn.seat, game.turn.drawn) == (2, nxt[0])


def redraw_returns_the_tile_to_the_live_walls_end() -> None:
    game = deal(BASE, ["7z"], powers=every("redraw"))
    wall, hand = game.table.wall, game.table.seats[0].hand
    old, nxt, left = drawn(game), wall.live[0], wall.remaining
    events = game.apply(0, Power("redraw"))
    assert [e.type for e in events] == ["power"] and events[0].info["private"] == {"returned": old, "drawn": nxt}
    assert wall.live[-1] == old and wall.remaining == left and game.view(2)["live_tiles"] == left
    assert drawn(game) == nxt and nxt in hand and old not in hand and game.view(0)["own"]["drawn"] == nxt
    assert all(r.tile != old for s in game.table.seats for r in s.river)
    drain(game)
    assert drawn(game) == old  # it was the live wall's last tile


def redraw_returned_tile_makes_no_furiten() -> None:
    # seat 0 waits on 1z/2z (a 1z wins by ron: East triplet) and draws 1z; seat 1 holds the fourth 1z
    hands = ["123m456p789s1122z", "999m111p999p34s17z", "234m456p678s2255s", "111s999s28m28p456z"]
    for redraw in (False, True):
        game = deal(hands, ["1z", "8p"], powers=every("redraw"))
        if redraw:
            game.apply(0, Power("redraw"))
        discard_drawn(game)  # 8p after a redraw; without one the 1z itself, which makes seat 0 furiten
        assert game.view(0)["own"]["furiten"] is not redraw
        act(game, 1, Discard(tile_of(game, 1, "1z")))
        assert (Ron() in game.legal_actions(0)) is redraw


def redraw_voids_the_dealers_blessing() -> None:
    game = deal(BASE, ["1z"], powers=every("redraw"))
    assert "tenhou" in yaku_of(game.apply(0, Tsumo()))  # the control: the first draw wins tenhou
    game = deal(BASE, ["7z", "1z"], powers=every("redraw"))
    game.apply(0, Power("redraw"))
    assert kind_of_id(drawn(game)) == parse_tiles("1z")[0] and Tsumo() in game.legal_actions(0)
    names = yaku_of(game.apply(0, Tsumo()))
    assert names and "tenhou" not in names


def veil_discards_face_down() -> None:
    game = deal(BASE, ["2s"], powers=every("veil"))
    tile = drawn(game)
    (dahai,) = game.apply(0, Discard(tile, True))[:1]
    assert dahai.type == "dahai" and dahai.tile == tile and dahai.info["veil"] is True
    assert game.view(0)["seats"][0]["river"][0]["tile"] == tile
    for seat in (1, 2, 3, None):
        assert game.view(seat)["seats"][0]["river"][0] == {
            "tile": None,
            "tsumogiri": True,
            "riichi": False,
            "called": False,
            "order": 1,
            "veiled": True,
        }
        ev = next(e for e in game.events_for(seat) if e.type == "dahai")
        assert ev.tile is None and ev.info["veil"] is True


def veil_cannot_be_called_or_ronned() -> None:
    # the control: the 2s face up may be ronned or ponned by seat 2 and chied by seat 1
    game = deal(BASE, ["2s"], powers=every("veil"))
    act(game, 0, Discard(drawn(game)))
    assert Ron() in game.legal_actions(2) and any(isinstance(a, Pon) for a in game.legal_actions(2))
    assert any(a.type == "chi" for a in game.legal_actions(1))
    game = deal(BASE, ["2s"], powers=every("veil"))
    types = act(game, 0, Discard(drawn(game), True))
    assert types == ["dahai", "tsumo"]  # no claim window: seat 1 draws at once
    assert game.turn is not None and game.turn.seat == 1


def veil_makes_no_one_else_furiten() -> None:
    for veil in (False, True):
        game = deal(BASE, ["2s"], powers=every("veil"))
        act(game, 0, Discard(drawn(game), veil))
        pass_all(game)  # seat 2 passes a face-up 2s: furiten until its own draw (seat 1 draws first)
        assert game.turn is not None and game.turn.seat == 1
        assert game.view(2)["own"]["furiten"] is not veil


def veil_counts_for_the_users_own_furiten() -> None:
    game = deal(BASE, ["1z"], powers=every("veil"))
    act(game, 0, Discard(drawn(game), True))  # still waiting on 1z/2z, with a 1z in its own river
    own = game.view(0)["own"]
    assert parse_tiles("1z")[0] in own["waits"] and own["furiten"] is True


def veil_puts_1000_points_into_the_deposits() -> None:
    game = deal(BASE, ["7z"], powers=every("veil"))
    (dahai,) = [e for e in game.apply(0, Discard(drawn(game), True)) if e.type == "dahai"]
    assert game.state.scores == (24000, 25000, 25000, 25000) and game.state.sticks == 1
    assert dahai.info["scores"] == [24000, 25000, 25000, 25000] and dahai.info["sticks"] == 1
    assert game.view(None)["sticks"] == 1 and game.view(None)["seats"][0]["score"] == 24000


def veil_is_turned_up_when_the_hand_ends() -> None:
    game = deal(ABORT, ABORT_DRAWS, powers=every("veil"))
    tile = drawn(game)
    act(game, 0, Discard(tile, True))
    events = game.apply(1, NineTerminals())
    end = next(e for e in events if e.type == "end_kyoku")
    assert end.info["veiled"] == [[0, tile]]
    for seat in viewers(game):
        shown = next(e for e in game.events_for(seat) if e.type == "end_kyoku")
        assert shown.info["veiled"] == [[0, tile]]


def veil_is_ignored_by_the_four_winds_check() -> None:
    hands = ["123m456p789s2233z", *BASE[1:]]  # no East dealt: each seat draws one and discards it
    for veil in (False, True):
        game = deal(hands, ["1z"] * 4, powers=every("veil"))
        act(game, 0, Discard(drawn(game), veil))
        pass_all(game)
        for _ in range(3):
            discard_drawn(game)
        aborted = any(e.type == "ryukyoku" and e.info["reason"] == "four_winds" for e in game.events)
        assert aborted is not veil


def seal_blocks_chi_and_pon_until_the_users_next_turn() -> None:
    draws = ["2s", "5s", "7p", "8p", "2s"]
    game = deal(BASE, draws, powers=every("seal"))
    act(game, 0, Discard(drawn(game)))
    assert any(isinstance(a, Pon) for a in game.legal_actions(2))  # the control: seat 2 may pon the 2s
    game = deal(BASE, draws, powers=every("seal"))
    events = game.apply(0, Power("seal", 2))
    assert [(e.type, e.actor, e.target) for e in events] == [("power", 0, 2)]  # public: user and target
    assert all(game.view(s)["seats"][2]["sealed_by"] == [0] for s in viewers(game))
    act(game, 0, Discard(drawn(game)))
    assert game.legal_actions(2) == [Ron(), Pass()]  # a win, never a call
    assert any(a.type == "chi" for a in game.legal_actions(1))  # only the target is sealed
    pass_all(game)
    act(game, 1, Discard(drawn(game)))  # the 5s: seat 2 could pon it or chi it (67s)
    assert not any(isinstance(a, Pon) or a.type == "chi" for a in game.legal_actions(2))
    pass_all(game)
    discard_drawn(game)
    discard_drawn(game)
    assert game.turn is not None and game.turn.seat == 0  # the user's next turn: the seal ends
    assert game.table.seats[2].sealed_by == [] and game.view(3)["seats"][2]["sealed_by"] == []
    act(game, 0, Discard(drawn(game)))
    assert any(isinstance(a, Pon) for a in game.legal_actions(2))


def seal_blocks_an_open_kan() -> None:
    for seal in (False, True):
        game = deal(QUAD, ["3p"], powers=every("seal"))  # seat 1 holds the other three 3p
        if seal:
            game.apply(0, Power("seal", 1))
        types = act(game, 0, Discard(drawn(game)))
        if seal:  # no claim window at all: seat 1 draws at once
            assert types == ["dahai", "tsumo"] and game.turn is not None and game.turn.seat == 1
        else:
            assert {a.type for a in game.legal_actions(1)} == {"pon", "open_kan", "pass"}


def seal_ends_when_the_users_turn_comes_by_a_call() -> None:
    game = deal(BASE, ["7p", "2z"], powers=every("seal"))
    game.apply(0, Power("seal", 2))
    discard_drawn(game)
    act(game, 1, Discard(drawn(game)))  # a 2z: seat 0 pons it
    claim(game, 0, next(a for a in game.legal_actions(0) if isinstance(a, Pon)))
    assert game.turn is not None and game.turn.seat == 0 and game.table.seats[2].sealed_by == []


def seal_never_blocks_the_targets_own_turn_kans() -> None:
    game = deal(QUAD, ["7z", "3p"], powers=every("seal"))
    game.apply(0, Power("seal", 1))
    act(game, 0, Discard(drawn(game)))
    assert not any(isinstance(a, Pon) for a in game.legal_actions(1))  # its 7z pair may not pon
    pass_all(game)
    assert game.turn is not None and game.turn.seat == 1 and game.table.seats[1].sealed_by == [0]
    kan = next(a for a in game.legal_actions(1) if isinstance(a, ClosedKan))
    assert "ankan" in act(game, 1, kan)


def seal_outlasts_the_users_own_kan() -> None:
    game = deal(QUAD, ["7z"], powers=every("seal"))
    game.apply(0, Power("seal", 1))
    act(game, 0, next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan)))
    assert game.turn is not None and game.turn.rinshan  # a replacement draw is the same turn, not the next
    assert game.table.seats[1].sealed_by == [0]
    act(game, 0, Discard(tile_of(game, 0, "7z")))
    assert not any(isinstance(a, Pon) for a in game.legal_actions(1))


def beacon_turns_the_next_indicator_for_everyone() -> None:
    game = deal(BASE, ["7z"], powers=every("beacon"))
    dead = list(game.table.wall.dead)
    events = game.apply(0, Power("beacon"))
    assert [(e.type, e.tile) for e in events] == [("power", None), ("dora", dead[6])]
    for seat in viewers(game):
        assert game.view(seat)["dora_indicators"] == [dead[4], dead[6]]
        assert game.events_for(seat)[-1].tile == dead[6]


def beacon_then_a_kan_turns_the_one_after() -> None:
    game = deal(QUAD, ["7z"], powers=every("beacon"))
    dead = list(game.table.wall.dead)
    game.apply(0, Power("beacon"))
    events = game.apply(0, next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan)))
    assert [e.tile for e in events if e.type == "dora"] == [dead[8]]
    assert game.view(2)["dora_indicators"] == [dead[4], dead[6], dead[8]]


def beacon_counts_toward_the_five_indicator_limit() -> None:
    game = deal(QUAD, ["7z"], powers=every("beacon"))
    dead = list(game.table.wall.dead)
    game.table.wall.revealed = 4  # as if three kans had turned theirs
    game.version += 1
    assert [e.tile for e in game.apply(0, Power("beacon")) if e.type == "dora"] == [dead[12]]
    events = game.apply(0, next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan)))
    assert not any(e.type == "dora" for e in events) and len(game.view(0)["dora_indicators"]) == 5


def beacon_then_riichi_tsumo(rules: RuleSet = SUP) -> tuple[Event, list[int]]:
    """Seat 0 lights a Beacon, declares riichi and wins by self-draw: (the hora event, the dead wall)."""
    game = deal(BASE, ["7z", "1m", "1m", "1m", "1z"], powers=every("beacon"), rules=rules)
    dead = list(game.table.wall.dead)
    game.apply(0, Power("beacon"))
    act(game, 0, Riichi(drawn(game)))
    pass_all(game)
    for _ in range(3):
        discard_drawn(game)
    return next(e for e in game.apply(0, Tsumo()) if e.type == "hora"), dead


def beacon_brings_its_ura_indicator() -> None:
    hora, dead = beacon_then_riichi_tsumo()
    assert hora.info["ura_markers"] == [dead[5], dead[7]]


def beacon_brings_no_ura_without_kan_ura_dora() -> None:
    hora, dead = beacon_then_riichi_tsumo(SUP.with_options(kan_ura_dora=False))
    assert hora.info["ura_markers"] == [dead[5]]  # the record shows only the ura that counted


class Effect(NamedTuple):
    rule: str
    cite: str
    check: Callable[[], None]


EFFECTS = [
    Effect("foresight-shows-the-next-two-live-tiles", cat("Foresight", "see the next 2 tiles of the live wall"),
           foresight_shows_the_next_two_live_tiles),
    Effect("foresight-tiles-are-drawn-next-without-a-call", cat("Foresight", "information only"),
           foresight_tiles_are_drawn_next_without_a_call),
    Effect("foresight-tiles-go-to-whoever-draws-after-a-call", cat("Foresight", "calls may change who draws them"),
           foresight_tiles_go_to_whoever_draws_after_a_call),
    Effect("redraw-returns-the-tile-to-the-live-walls-end",
           cat("Redraw", "it becomes the last tile; tiles-left unchanged"),
           redraw_returns_the_tile_to_the_live_walls_end),
    Effect("redraw-returned-tile-makes-no-furiten", cat("Redraw", "the returned tile is no discard (no furiten)"),
           redraw_returned_tile_makes_no_furiten),
    Effect("redraw-voids-the-dealers-blessing", cat("Redraw", "voids the user's blessings"),
           redraw_voids_the_dealers_blessing),
    Effect("veil-discards-face-down", cat("Veil", "others see a face-down tile"), veil_discards_face_down),
    Effect("veil-cannot-be-called-or-ronned", cat("Veil", "it cannot be called or ronned"),
           veil_cannot_be_called_or_ronned),
    Effect("veil-makes-no-one-else-furiten", cat("Veil", "counts for the user's own furiten; not for others'"),
           veil_makes_no_one_else_furiten),
    Effect("veil-counts-for-the-users-own-furiten", cat("Veil", "counts for the user's own furiten"),
           veil_counts_for_the_users_own_furiten),
    Effect("veil-puts-1000-points-into-the-deposits", cat("Veil", "costs 1,000 points into the deposits"),
           veil_puts_1000_points_into_the_deposits),
    Effect("veil-is-turned-up-when-the-hand-ends", cat("Veil", "revealed at the hand's end"),
           veil_is_turned_up_when_the_hand_ends),
    Effect("veil-is-ignored-by-the-four-winds-check", cat("Veil", "ignored by the four-winds check"),
           veil_is_ignored_by_the_four_winds_check),
    Effect("seal-blocks-chi-and-pon-until-the-users-next-turn",
           cat("Seal", "may not chi, pon or open-kan until the user's next turn; never blocks a win"),
           seal_blocks_chi_and_pon_until_the_users_next_turn),
    Effect("seal-blocks-an-open-kan", cat("Seal", "may not chi, pon or open-kan"), seal_blocks_an_open_kan),
    Effect("seal-ends-when-the-users-turn-comes-by-a-call", cat("Seal", "until the user's next turn"),
           seal_ends_when_the_users_turn_comes_by_a_call),
    Effect("seal-never-blocks-the-targets-own-turn-kans", cat("Seal", "never blocks the target's own-turn kans"),
           seal_never_blocks_the_targets_own_turn_kans),
    Effect("seal-outlasts-the-users-own-kan", cat("Seal", "until the user's next turn") + "; " + NO_RINSHAN,
           seal_outlasts_the_users_own_kan),
    Effect("beacon-turns-the-next-indicator-for-everyone", cat("Beacon", "others see the new indicator"),
           beacon_turns_the_next_indicator_for_everyone),
    Effect("beacon-then-a-kan-turns-the-one-after", cat("Beacon", "later kans reveal the ones after it"),
           beacon_then_a_kan_turns_the_one_after),
    Effect("beacon-counts-toward-the-five-indicator-limit", cat("Beacon", "counts toward the 5-indicator limit"),
           beacon_counts_toward_the_five_indicator_limit),
    Effect("beacon-brings-its-ura-indicator", cat("Beacon", "its kan-ura comes with it"),
           beacon_brings_its_ura_indicator),
    Effect("beacon-brings-no-ura-without-kan-ura-dora", "docs/rules.md#kan_ura_dora: off, only the first ura counts",
           beacon_brings_no_ura_without_kan_ura_dora),
]  # fmt: skip


@pytest.mark.parametrize("row", EFFECTS, ids=lambda r: r.rule)
def test_power_effects(row: Effect) -> None:
    row.check()


class SenseRow(NamedTuple):
    rule: str
    cite: str
    hands: list[str]
    target: int
    tenpai: bool


SENSE_CITE = cat("Sense", "uses the same tenpai test as draw payments")
SENSE_ROWS = [
    SenseRow("sense-a-tenpai-opponent-is-tenpai", SENSE_CITE, BASE, 2, True),
    SenseRow("sense-a-noten-opponent-is-noten", SENSE_CITE, BASE, 1, False),
    SenseRow("sense-a-wait-held-four-times-is-noten", SENSE_CITE + "; docs/rules.md#tenpai", KARATEN, 1,
             False),
    SenseRow("sense-a-thirteen-wait-is-tenpai", SENSE_CITE, ABORT, 1, True),
]  # fmt: skip


@pytest.mark.parametrize("row", SENSE_ROWS, ids=lambda r: r.rule)
def test_sense_answers_the_draw_payments_tenpai_test(row: SenseRow) -> None:
    game = deal(row.hands, ["6m"], powers=every("sense"))
    (event,) = game.apply(0, Power("sense", row.target))
    assert event.info["private"] == {"tenpai": row.tenpai}
    assert row.tenpai is tenpai_seats(game.table)[row.target] is bool(game.table.seats[row.target].waits)
    (secret,) = game.view(0)["own"]["secrets"]
    assert (secret["power"], secret["target"], secret["tenpai"]) == ("sense", row.target, row.tenpai)
    for seat in (1, 2, 3, None):  # "X sensed Y" is public, the answer is not
        seen = game.events_for(seat)[-1]
        assert (seen.type, seen.actor, seen.target) == ("power", 0, row.target) and "private" not in seen.info
        assert seat is None or game.view(seat)["own"]["secrets"] == []


# --------------------------------------------------------------------------------------- hidden information
def _without_commitment(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _without_commitment(v) for k, v in data.items() if k != "commitment"}
    if isinstance(data, list):
        return [_without_commitment(v) for v in data]
    return data


def seen_by(game: Game, seat: int | None) -> str:
    """Everything ``seat`` is shown (its view and its redacted events) as text. The per-hand wall commitment is
    left out: two different walls have different commitments by design, and the commitment reveals nothing."""
    shown = {"view": game.view(seat), "events": [e.to_json() for e in game.events_for(seat)]}
    return json.dumps(_without_commitment(shown), sort_keys=True)


def test_foresight_shows_the_other_seats_nothing() -> None:
    """Two walls that differ only in the two tiles after seat 0's first draw (swapped with tiles deep in the live
    wall): after Foresight every other seat, and a spectator, is shown exactly the same (docs/superpowers.md,
    Every power: a power never shows hidden information to anyone but its user)."""
    order = stacked(BASE, ["7z"])
    first = 4 * 13  # seat 0's first draw; the next two are what Foresight shows
    twin = list(order)
    for i in (first + 1, first + 2):
        twin[i], twin[i + 30] = twin[i + 30], twin[i]
    games = [Game(SUP, 1, walls=[w], powers=every("foresight")) for w in (order, twin)]
    for game in games:
        game.apply(0, Power("foresight"))
    shown = [game.secrets[0][0]["tiles"] for game in games]
    assert {kind_of_id(t) for t in shown[0]}.isdisjoint(kind_of_id(t) for t in shown[1])
    assert seen_by(games[0], 0) != seen_by(games[1], 0)
    for seat in (1, 2, 3, None):
        assert seen_by(games[0], seat) == seen_by(games[1], seat)
    for game in games:  # seat 1 then draws the first foreseen tile: seats 2 and 3 still see the same
        discard_drawn(game)
    for seat in (2, 3, None):
        assert seen_by(games[0], seat) == seen_by(games[1], seat)


def test_sense_shows_the_other_seats_nothing() -> None:
    """Two deals that differ only in whether seat 2 is tenpai (one of its 5s swapped with a 5z deep in the live
    wall): after seat 0 senses seat 2, seats 1 and 3 and a spectator are shown exactly the same."""
    order = stacked(BASE, ["7z"])
    five = next(i for i in range(26, 39) if kind_of_id(order[i]) == parse_tiles("5s")[0])
    deep = next(i for i in range(60, len(order) - 14) if kind_of_id(order[i]) == parse_tiles("5z")[0])
    twin = list(order)
    twin[five], twin[deep] = twin[deep], twin[five]
    games = [Game(SUP, 1, walls=[w], powers=every("sense")) for w in (order, twin)]
    answers = [game.apply(0, Power("sense", 2))[0].info["private"]["tenpai"] for game in games]
    assert answers == [True, False]
    for seat in (1, 3, None):
        assert seen_by(games[0], seat) == seen_by(games[1], seat)


def test_private_results_and_veiled_tiles_stay_with_their_owner() -> None:
    game = deal(BASE, ["7z"], powers=["veil", "foresight", "sense", "redraw"])
    act(game, 0, Discard(drawn(game), True))
    for seat, action in ((1, Power("foresight")), (2, Power("sense", 0)), (3, Power("redraw"))):
        game.apply(seat, action)
        discard_drawn(game)
    assert [len(s) for s in game.secrets] == [0, 1, 1, 1]
    for viewer in viewers(game):
        assert_hides_private(game, viewer)


# ------------------------------------------------------------------------------- the wall, replays, errors
def test_the_wall_commitment_verifies_after_redraw() -> None:
    """Redraw moves a tile within the live wall; the commitment is over the order dealt, so each hand's
    ``end_kyoku`` still opens the commitment its ``start_kyoku`` showed (docs/superpowers.md#redraw)."""
    game = Game(SUP, 7, powers=every("redraw"))
    rng = random.Random(7)
    while not game.over and game.state.played < 4:
        seat = game.to_act()[0]
        acts = game.legal_actions(seat)
        game.apply(seat, Power("redraw") if Power("redraw") in acts else power_policy(game, seat, acts, rng))
    shown, redraws, verified = "", 0, 0
    for ev in game.events:
        if ev.type == "start_kyoku":
            shown, redraws = ev.info["commitment"], 0
        elif ev.type == "power":
            redraws += 1
        elif ev.type == "end_kyoku" and redraws:
            salt, order = bytes.fromhex(ev.info["salt"]), ev.info["wall"]
            assert hashlib.sha256(salt + bytes(order)).hexdigest() == commitment(order, salt) == shown
            verified += 1
    assert verified >= 2


REPLAYS = [(name, seed) for name in ("superpower", "sanma") for seed in range(3)]


@pytest.mark.parametrize(("name", "seed"), REPLAYS, ids=[f"replay-{n}-{s}" for n, s in REPLAYS])
def test_games_with_powers_replay_exactly(name: str, seed: int) -> None:
    """A game with powers is fixed by (rules, seed, powers, decisions): its log replays to the same state
    (docs/superpowers.md#every-power: no power draws on the game's random stream)."""
    rules = preset(name).with_options(superpowers=True)
    powers = (POWERS * 2)[seed : seed + rules.players]
    game = Game(rules, seed, powers=powers)
    rng = random.Random(seed)
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, power_policy(game, seat, game.legal_actions(seat), rng))
    header = json.loads(game.log[0])
    assert header["powers"] == list(powers)
    used = sum(1 for e in game.events if e.type == "power" or (e.type == "dahai" and e.info.get("veil")))
    assert used >= 2
    again = Game.replay(game.log)
    assert again.powers == game.powers and again.snapshot() == game.snapshot() and again.log == game.log


def test_powers_left_out_are_chosen_from_the_seed_and_logged() -> None:
    game = Game(SUP, 11)
    assert game.powers == choose_powers(11, 4) and json.loads(game.log[0])["powers"] == list(game.powers)
    assert Game.replay(game.log).powers == game.powers


def test_choose_powers_is_deterministic_and_off_the_wall_stream() -> None:
    for players in (3, 4):
        picks = [choose_powers(seed, players) for seed in range(20)]
        assert picks == [choose_powers(seed, players) for seed in range(20)]
        assert all(len(p) == players and set(p) <= set(POWERS) for p in picks) and len(set(picks)) > 1
    # NO_STREAM: the same seed deals the same wall with and without powers
    assert Game(SUP, 3).table.wall.order == Game(STANDARD, 3).table.wall.order
    assert Game(SANMA_SUP, 3).table.wall.order == Game(preset("sanma"), 3).table.wall.order


class ErrorRow(NamedTuple):
    rule: str
    cite: str
    rules: RuleSet
    powers: Any


ERRORS = [
    ErrorRow("no-powers-without-the-option", f"{DOC} (the superpower preset; superpowers=True)", STANDARD,
             every("seal")),
    ErrorRow("no-unknown-power", f"{DOC}, The catalogue", SUP, ["seal", "teleport", None, None]),
    ErrorRow("one-power-per-seat-four-players", ONE_POWER, SUP, ["seal", "sense", "veil"]),
    ErrorRow("one-power-per-seat-three-players", ONE_POWER, SANMA_SUP, every("seal")),
    ErrorRow("powers-are-a-list", ONE_POWER, SUP, "seal"),
]  # fmt: skip


@pytest.mark.parametrize("row", ERRORS, ids=lambda r: r.rule)
def test_bad_powers_raise_value_error(row: ErrorRow) -> None:
    with pytest.raises(ValueError):
        Game(row.rules, 1, powers=row.powers)


def test_power_actions_round_trip_through_json() -> None:
    for action in (Power("foresight"), Power("seal", 2), Discard(5, True), Discard(5)):
        assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize(
    ("powers", "action", "message"),
    [
        (["foresight"] * 4, Power("beacon"), "seat 0 holds foresight, not beacon"),
        (["foresight"] * 4, Power("flight"), "unknown superpower 'flight'"),
        (["veil"] * 4, Power("veil"), "Veil is a flag on a discard"),
    ],
)
def test_a_refused_power_says_why(powers: list[str], action: Power, message: str) -> None:
    """A refused action names its rule and leaves the game as it was (bad input gets a clear error)."""
    game = deal(BASE, ["7z"], powers=powers)
    before = game.snapshot()
    with pytest.raises(IllegalAction, match=f"superpower: {message}"):
        game.apply(0, action)
    assert game.snapshot() == before
