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
    Chi,
    ClosedKan,
    Discard,
    IllegalAction,
    NineTerminals,
    OpenKan,
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
from jantaku.engine.powers import CATALOGUE, POWERS, choose_powers, deals_in
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


def form(action: Action) -> int | None:
    """Which form of a power an action is: the target of a Seal, the asked tile of a Sense, else None."""
    assert isinstance(action, Power)
    return action.tile if action.power == "sense" else action.target


def offered(game: Game, seat: int, power: str) -> set[int | None]:
    """The power's forms offered to ``seat`` now (``form``: Seal's targets, Sense's tiles, None for the rest)."""
    acts = game.legal_actions(seat)
    if power == "veil":
        return {None} if any(isinstance(a, Discard) and a.veil for a in acts) else set()
    return {form(a) for a in acts if isinstance(a, Power) and a.power == power}


def every_form(game: Game, seat: int, power: str) -> set[int | None]:
    """Every form of the power that its own rules could allow ``seat`` now: each opponent for Seal, each tile of
    the own hand for Sense (docs/superpowers.md#sense: offered once per tile id), None for the rest."""
    if power == "seal":
        return {o for o in range(game.rules.players) if o != seat}
    if power == "sense":
        return set(game.table.seats[seat].hand)
    return {None}


def candidates(game: Game, seat: int, power: str) -> list[Action]:
    """Every form of the power ``seat`` could try now, and a few it never may: each seat as a target, each tile
    of the own hand, a tile it does not hold, a Sense without a tile, each veiled discard."""
    if power == "veil":
        return [Discard(t, True) for t in sorted(game.table.seats[seat].hand)]
    out: list[Action] = []
    hand = sorted(game.table.seats[seat].hand)
    if power == "seal":
        out += [Power(power, o) for o in range(game.rules.players)]
        return [*out, Power(power), Power(power, (seat + 1) % game.rules.players, hand[0])]
    if power == "sense":
        other = game.table.seats[(seat + 1) % game.rules.players].hand[0]
        out += [Power(power, tile=t) for t in (*hand, other, -1, 999)]
        return [*out, Power(power), Power(power, 1), Power(power, 1, hand[0])]
    return [Power(power), Power(power, (seat + 1) % game.rules.players), Power(power, tile=hand[0])]


def use(game: Game, seat: int, power: str) -> list[Event]:
    """``seat`` uses its own-turn power in its plainest form: Seal on the next seat, Sense about the drawn tile."""
    if power == "seal":
        return game.apply(seat, Power(power, (seat + 1) % game.rules.players))
    if power == "sense":
        return game.apply(seat, Power(power, tile=drawn(game)))
    return game.apply(seat, Power(power))


def use_and_discard(game: Game, seat: int, power: str) -> list[Event]:
    """``seat`` uses its power on its own turn (``use``), then discards the drawn tile (Veil: face down)."""
    if power == "veil":
        events = game.apply(seat, Discard(drawn(game), True))
    else:
        events = use(game, seat, power)
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


def with_its_own_seal_on_a_target(power: str) -> tuple[Game, int]:
    """Seat 0's own Seal still lies on seat 2 (one turn left). A charge a hand makes this unreachable in play, so
    the state is set directly, as the indicator rows do."""
    game, seat = at_normal_draw(power)
    game.table.seats[2].sealed_by, game.table.seats[2].seal_turns = [0], [1]
    game.version += 1
    return game, seat


def with_another_users_seal_on_a_target(power: str) -> tuple[Game, int]:
    game, seat = at_normal_draw(power)
    game.table.seats[2].sealed_by, game.table.seats[2].seal_turns = [1], [2]
    game.version += 1
    return game, seat


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
    offered: dict[str, bool | frozenset[int]]  # True: every form (``every_form``); a set: just those forms


ALL: dict[str, bool | frozenset[int]] = dict.fromkeys(POWERS, True)
NONE: dict[str, bool | frozenset[int]] = dict.fromkeys(POWERS, False)
SITUATIONS = [
    Situation("after-a-normal-draw", OWN_TURN + "; Veil: discard modifier; Sense: once per tile id in hand",
              at_normal_draw, ALL),
    Situation("after-a-call", OWN_TURN + " (a call is no draw); Veil: a discard modifier", after_a_call,
              {**NONE, "veil": True}),
    Situation("on-a-replacement-draw", NO_RINSHAN, on_a_replacement_draw, NONE),
    Situation("after-the-last-live-tile", NO_LAST + "; Redraw: not on the last tile", after_the_last_live_tile, NONE),
    Situation("in-riichi", NO_RIICHI + "; Foresight: riichi allowed; Veil: not after riichi; Sense: not in riichi",
              in_riichi, {**NONE, "foresight": True}),
    Situation("with-an-opponent-in-riichi", cat("Sense", "any tile of the own hand, whoever is in riichi"),
              with_an_opponent_in_riichi, ALL),
    Situation("below-1000-points", cat("Veil", "it costs nothing but the charge"), below_1000_points, ALL),
    Situation("with-its-own-seal-on-a-target", cat("Seal", "a seal already on a target from the same user is not "
              "offered again"), with_its_own_seal_on_a_target, {**ALL, "seal": frozenset({1, 3})}),
    Situation("with-another-users-seal-on-a-target", cat("Seal", "only the same user's seal is not offered again"),
              with_another_users_seal_on_a_target, ALL),
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
    want = every_form(game, seat, row.power) if row.offered is True else set(row.offered or ())
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
    ChargeRow("foresight-1-a-hand-5-a-game", cat("Foresight", "1/hand, 5/game"), "foresight", 1, 5),
    ChargeRow("redraw-1-a-hand-3-a-game", cat("Redraw", "1/hand, 3/game"), "redraw", 1, 3),
    ChargeRow("veil-1-a-hand-2-a-game", cat("Veil", "1/hand, 2/game; a veiled discard is a use"), "veil", 1, 2),
    ChargeRow("seal-1-a-hand-3-a-game", cat("Seal", "1/hand, 3/game"), "seal", 1, 3),
    ChargeRow("beacon-1-a-hand-3-a-game", cat("Beacon", "1/hand, 3/game"), "beacon", 1, 3),
    ChargeRow("sense-1-a-hand-3-a-game", cat("Sense", "1/hand, 3/game"), "sense", 1, 3),
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
    assert game.view(2)["seats"][1]["power"] == {"name": "seal", "left": CATALOGUE["seal"].per_game, "ready": True}


def test_a_game_without_superpowers_shows_no_powers() -> None:
    game = deal(BASE, ["7z"], rules=STANDARD)
    view = game.view(0)
    assert "power" not in view["seats"][0] and "sealed_by" not in view["seats"][0] and "secrets" not in view["own"]
    assert "seal_turns" not in view["seats"][0] and "front" not in view
    assert "powers" not in json.loads(game.log[0])


# ------------------------------------------------------------------------------------------------- effects
def foresee(rules: RuleSet, hands: Sequence[str], remaining: int | None) -> tuple[Game, int, list[int], list[int]]:
    """Seat 0 uses Foresight on its turn (the first, or the one with ``remaining`` live tiles left, everyone
    discarding what they draw until then): (the game, the view's ``front`` then, the tiles, their positions)."""
    game = deal(hands, ["7z"], powers=every("foresight", rules), rules=rules)
    while remaining is not None and not (
        game.turn is not None and game.turn.seat == 0 and wall_left(game) <= remaining
    ):
        discard_drawn(game)
    assert remaining is None or wall_left(game) == remaining
    front = game.view(0)["front"]
    live = list(game.table.wall.live)
    events = game.apply(0, Power("foresight"))
    assert [e.type for e in events] == ["power"] and events[0].target is None
    private = events[0].info["private"]
    (secret,) = game.view(0)["own"]["secrets"]
    assert (secret["power"], secret["target"], secret["tiles"], secret["at"]) == ("foresight", None, *private.values())
    assert game.table.wall.live == live and game.view(0)["front"] == front  # information only
    return game, front, private["tiles"], private["at"]


def wall_left(game: Game) -> int:
    return game.table.wall.remaining


def draws_by_position(game: Game, until: int) -> dict[int, tuple[int, int]]:
    """Play on (everyone discards what it draws, nobody calls) until the live wall's front passes ``until``:
    {front position: (the seat that drew it, the tile)}, the positions read from the view's public ``front``."""
    out: dict[int, tuple[int, int]] = {}
    while game.view(None)["front"] <= until and wall_left(game) > 0:
        discard_drawn(game)
        assert game.turn is not None and not game.turn.rinshan
        out[game.view(None)["front"] - 1] = (game.turn.seat, drawn(game))
    return out


SANMA_BASE = ["123p456p789s1122z", "99m111p99p34s5577z", "234p456p678s2255s"]


class ForesightRow(NamedTuple):
    rule: str
    cite: str
    rules: RuleSet
    hands: list[str]
    remaining: int | None  # live tiles left when it is used (None: the user's first turn)
    shown: int  # how many tiles it shows


FORESIGHT_CITE = cat("Foresight", "see your own next 3 draws as the wall stands")
FORESIGHT_ROWS = [
    ForesightRow("foresight-shows-the-users-next-3-draws", FORESIGHT_CITE, SUP, BASE, None, 3),
    ForesightRow("foresight-shows-the-users-next-3-draws-in-sanma", FORESIGHT_CITE, SANMA_SUP, SANMA_BASE, None, 3),
    ForesightRow("foresight-shows-2-draws-when-the-wall-has-2-left-for-the-user", FORESIGHT_CITE, SUP, BASE, 9, 2),
    ForesightRow("foresight-shows-1-draw-when-the-wall-has-1-left-for-the-user", FORESIGHT_CITE, SUP, BASE, 5, 1),
    ForesightRow("foresight-shows-nothing-when-the-user-draws-no-more", FORESIGHT_CITE, SUP, BASE, 1, 0),
    ForesightRow("foresight-shows-2-draws-near-the-end-in-sanma", FORESIGHT_CITE, SANMA_SUP, SANMA_BASE, 6, 2),
    ForesightRow("foresight-shows-1-draw-near-the-end-in-sanma", FORESIGHT_CITE, SANMA_SUP, SANMA_BASE, 3, 1),
]  # fmt: skip


@pytest.mark.parametrize("row", FORESIGHT_ROWS, ids=lambda r: r.rule)
def test_foresight_shows_exactly_the_users_own_next_draws(row: ForesightRow) -> None:
    """The tiles lie every ``players``-th position after the other seats' next draws; ``at`` names them in the
    view's ``front`` count; played on without a call, the user then draws exactly those tiles, in order."""
    game, front, tiles, at = foresee(row.rules, row.hands, row.remaining)
    players = row.rules.players
    assert at == [front + players - 1 + players * i for i in range(row.shown)]
    assert len(tiles) == len(set(tiles)) == row.shown
    drawn_at = draws_by_position(game, max(at, default=front))
    assert [drawn_at[p] for p in at] == [(0, tile) for tile in tiles]
    assert all(seat != 0 for p, (seat, _) in drawn_at.items() if p not in at)  # the user drew nothing else


def foresight_draws_shift_after_a_call() -> None:
    """Seat 1 pons seat 0's discard and skips its draw: every draw after moves one seat back, so the user's
    foreseen tiles go to whoever draws at their positions ("as the wall stands": a call changes them)."""
    game, front, tiles, at = foresee(SUP, BASE, None)
    act(game, 0, Discard(drawn(game)))
    claim(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Pon)))  # seat 1 skips its draw
    act(game, 1, Discard(tile_of(game, 1, "9m")))
    pass_all(game)
    assert game.turn is not None and game.turn.seat == 2 and game.view(None)["front"] == front + 1
    drawn_at = {front: (2, drawn(game)), **draws_by_position(game, max(at))}
    assert [drawn_at[p] for p in at] == [(1, tiles[0]), (1, tiles[1]), (1, tiles[2])]
    assert [drawn_at[p - 1] for p in at] == [(0, drawn_at[p - 1][1]) for p in at]
    assert not set(tiles) & {tile for seat, tile in drawn_at.values() if seat == 0}


def own_draws_from_now(game: Game, turns: int) -> tuple[list[list[int]], list[int]]:
    """Play on ``turns`` turns (everyone discards what it draws, nobody calls), looking at seat 0's view at
    every step: (what its Foresight showed at each step, the tiles seat 0 drew meanwhile, in order)."""
    shown: list[list[int]] = []
    drew: list[int] = []
    for _ in range(turns):
        shown.append(game.view(0)["own"]["foresight"]["tiles"])
        discard_drawn(game)
        assert game.turn is not None
        if game.turn.seat == 0:
            drew.append(drawn(game))
    return shown, drew


def foresight_lasts_the_hand() -> None:
    """After the use, seat 0's view shows its next three draws as the wall stands at every step of the hand, on
    any seat's turn, and they are the tiles it then draws; the other seats are never shown them."""
    game, front, tiles, _ = foresee(SUP, BASE, None)
    assert game.view(0)["own"]["foresight"] == {"tiles": tiles, "at": [front + 3, front + 7, front + 11]}
    shown, drew = own_draws_from_now(game, 32)
    assert len(drew) == 8 and shown[0] == drew[:3]
    for step, seen in enumerate(shown[:20]):  # steps 0-3 come before seat 0 draws again, 4-7 before its next ...
        done = step // 4
        assert seen == drew[done : done + 3], step
    assert all("foresight" not in game.view(v)["own"] for v in (1, 2, 3))


def foresight_follows_a_call() -> None:
    """A pon moves the turn: the view then shows the tiles seat 0 will now draw, not the ones it saw first."""
    game, _, tiles, _ = foresee(SUP, BASE, None)
    act(game, 0, Discard(drawn(game)))
    claim(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Pon)))
    act(game, 1, Discard(tile_of(game, 1, "9m")))
    pass_all(game)
    now = game.view(0)["own"]["foresight"]["tiles"]
    assert now != tiles
    _, drew = own_draws_from_now(game, 12)
    assert now == drew[:3]


def foresight_ends_with_the_hand() -> None:
    """The next hand shows nothing until Foresight is used again (a new charge)."""
    game = deal(BASE, ["7z"], powers=every("foresight"), hands_count=2)
    game.apply(0, Power("foresight"))
    assert "foresight" in game.view(0)["own"]
    drain(game)
    assert game.view(0)["own"]["foresight"] == {"tiles": [], "at": []}  # no draw left for seat 0
    discard_drawn(game)  # the last discard: an exhaustive draw, and the next hand is dealt
    assert game.state.played == 1 and game.turn is not None
    assert "foresight" not in game.view(0)["own"]
    game.apply(0, Power("foresight"))  # used in the game's last hand, it ends with the game
    assert "foresight" in game.view(0)["own"]
    game.abandon()
    assert game.over and "foresight" not in game.view(0)["own"]


def front_counts_the_deal_and_every_draw_from_the_front() -> None:
    """The view's public ``front`` (docs/superpowers.md#foresight): the deal and every normal draw, not a
    replacement draw, which comes from the dead wall."""
    game = deal(QUAD, ["7z"], powers=every("foresight"))
    assert all(game.view(v)["front"] == 4 * 13 + 1 for v in viewers(game))
    act(game, 0, next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan)))
    assert game.turn is not None and game.turn.rinshan and game.view(None)["front"] == 4 * 13 + 1
    discard_drawn(game)
    assert game.view(2)["front"] == 4 * 13 + 2
    assert "front" not in deal(BASE, ["7z"], rules=STANDARD).view(0)


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


def veil_costs_nothing_but_the_charge() -> None:
    start = MatchState(scores=(900, 33000, 33000, 33100))  # below the 1,000 points the first catalogue asked
    game = deal(BASE, ["7z"], powers=every("veil"), start=start)
    (dahai,) = [e for e in game.apply(0, Discard(drawn(game), True)) if e.type == "dahai"]
    assert game.state.scores == start.scores and game.state.sticks == 0
    assert dahai.info == {"tsumogiri": True, "veil": True, "left": 1}  # a use: the charges left, no points
    for seat in viewers(game):
        view = game.view(seat)
        assert view["sticks"] == 0 and [s["score"] for s in view["seats"]] == list(start.scores)
        assert view["seats"][0]["power"] == {"name": "veil", "left": 1, "ready": False}


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


# Seat 0 seals seat 2 (BASE: it may ron or pon a 2s or 5s, chi seat 1's 7s or 8s); each seat then discards what it
# draws: 2s (seat 0), 7s (seat 1), 3p (seat 2's own turn), 5s (seat 3), 2s, 8s, 4p (seat 2 again), the red 5s.
SEAL_DRAWS = ["2s", "7s", "3p", "5s", "2s", "8s", "4p", "0s"]


class SealStep(NamedTuple):
    discarder: int
    calls: bool | None  # seat 2 is offered a chi, pon or open kan (None: its own discard)
    ron: bool  # seat 2 is offered a ron
    seal_turns: list[int]  # seat 2's ``seal_turns`` after the discard, as every viewer sees it


def seal_steps(seal: bool) -> list[SealStep]:
    game = deal(BASE, SEAL_DRAWS, powers=every("seal"))
    if seal:
        (event,) = game.apply(0, Power("seal", 2))
        assert (event.actor, event.target, event.info) == (
            0,
            2,
            {"power": "seal", "left": CATALOGUE["seal"].per_game - 1, "turns": 2},
        )
        assert all(game.view(v)["seats"][2]["seal_turns"] == [2] for v in viewers(game))
    out = []
    for _ in SEAL_DRAWS:
        assert game.turn is not None
        seat = game.turn.seat
        act(game, seat, Discard(drawn(game)))
        acts = game.legal_actions(2)
        calls = None if seat == 2 else any(isinstance(a, (Chi, Pon, OpenKan)) for a in acts)
        shown = {json.dumps(game.view(v)["seats"][2], sort_keys=True) for v in viewers(game)}
        assert len(shown) == 1  # public: every viewer sees the same seat plate
        seats = game.view(None)["seats"][2]
        assert seats["sealed_by"] == [0] * len(seats["seal_turns"])
        out.append(SealStep(seat, calls, Ron() in acts, seats["seal_turns"]))
        pass_all(game)
    return out


def seal_lasts_through_the_targets_next_two_turns() -> None:
    """Sealed on seat 0's turn, seat 2 may not call until its second turn has ended with its discard; the count
    goes 2, then 1 after its first discard, then the seal is gone; the next discard may be called again."""
    f, t = False, True
    assert [(st.discarder, st.calls, st.seal_turns) for st in seal_steps(True)] == [
        (0, f, [2]), (1, f, [2]), (2, None, [1]), (3, f, [1]), (0, f, [1]), (1, f, [1]), (2, None, []), (3, t, []),
    ]  # fmt: skip
    # the control: unsealed, seat 2 could call every one of those discards
    assert [st.calls for st in seal_steps(False)] == [t, t, None, t, t, t, None, t]


def seal_stops_the_targets_wins_on_its_users_tiles() -> None:
    """Sealed, seat 2 may not ron seat 0's 2s (the control may); seat 3's 5s it still may, and seat 0's red 5s once
    the seal is over."""
    f, t = False, True
    assert [st.ron for st in seal_steps(True)] == [f, f, f, t, f, f, f, t]
    assert [st.ron for st in seal_steps(False)] == [t, f, f, t, f, f, f, t]


def seal_passing_a_tile_it_could_not_claim_is_no_furiten() -> None:
    """The sealed seat had no choice on its user's winning tile: it stays free to ron (the control, which passed
    the same tile, is furiten until its own discard)."""
    for seal in (True, False):
        game = deal(BASE, SEAL_DRAWS, powers=every("seal"))
        if seal:
            game.apply(0, Power("seal", 2))
        act(game, 0, Discard(drawn(game)))  # the 2s seat 2 waits on
        pass_all(game)
        assert game.table.seats[2].furiten is not seal


def seal_makes_sense_answer_no_about_its_target() -> None:
    """Sense's answer is the claims' own test: seat 0's 2s would deal into seat 2, not once seat 0 has sealed it."""
    for seal in (False, True):
        game = deal(BASE, SEAL_DRAWS, powers=every("seal"))
        if seal:
            game.apply(0, Power("seal", 2))
        assert deals_in(game, 0, drawn(game)) is not seal


def seal_a_turn_skipped_by_a_call_does_not_count() -> None:
    """Seat 3 pons seat 0's 9s: seats 1 and 2 lose their turns, and seat 2's seal still has both of its turns."""
    game = deal(BASE, ["7z"], powers=every("seal"))
    game.apply(0, Power("seal", 2))
    act(game, 0, Discard(tile_of(game, 0, "9s")))
    claim(game, 3, next(a for a in game.legal_actions(3) if isinstance(a, Pon)))
    act(game, 3, Discard(tile_of(game, 3, "4z")))
    pass_all(game)
    assert game.turn is not None and game.turn.seat == 0
    assert game.table.seats[2].seal_turns == [2] and game.view(1)["seats"][2]["seal_turns"] == [2]
    for turns in ([2], [2], [1]):  # seats 0, 1, then seat 2's own discard
        discard_drawn(game)
        assert game.view(None)["seats"][2]["seal_turns"] == turns


def seals_from_two_users_count_down_each_its_own() -> None:
    """Seat 0 seals seat 2, which then discards once; seat 1 seals it too on its next turn: the first seal ends
    with seat 2's next discard, the second one a turn later."""
    game = deal(BASE, ["7z"], powers=every("seal"))
    game.apply(0, Power("seal", 2))
    for _ in range(5):  # seats 0, 1, 2, 3, 0
        discard_drawn(game)
    assert offered(game, 1, "seal") == {0, 2, 3}  # another user's seal on seat 2 does not stop this one
    game.apply(1, Power("seal", 2))
    assert [game.view(None)["seats"][2][k] for k in ("sealed_by", "seal_turns")] == [[0, 1], [1, 2]]
    discard_drawn(game)  # seat 1
    discard_drawn(game)  # seat 2's discard: the first seal ends
    assert [game.view(None)["seats"][2][k] for k in ("sealed_by", "seal_turns")] == [[1], [1]]
    for _ in range(4):  # seats 3, 0, 1, 2
        discard_drawn(game)
    assert [game.view(None)["seats"][2][k] for k in ("sealed_by", "seal_turns")] == [[], []]


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


def seal_never_blocks_the_targets_own_turn_kans() -> None:
    """Seat 1, sealed, may still declare a concealed kan on its turn; the kan's replacement draw is the same turn,
    which ends (and counts once) with its discard."""
    game = deal(QUAD, ["7z", "3p"], powers=every("seal"))
    game.apply(0, Power("seal", 1))
    act(game, 0, Discard(drawn(game)))
    assert not any(isinstance(a, Pon) for a in game.legal_actions(1))  # its 7z pair may not pon
    pass_all(game)
    assert game.turn is not None and game.turn.seat == 1 and game.table.seats[1].seal_turns == [2]
    kan = next(a for a in game.legal_actions(1) if isinstance(a, ClosedKan))
    assert "ankan" in act(game, 1, kan)
    assert game.turn is not None and game.turn.rinshan and game.table.seats[1].seal_turns == [2]
    discard_drawn(game)
    assert game.table.seats[1].sealed_by == [0] and game.table.seats[1].seal_turns == [1]


def seal_ends_with_the_hand() -> None:
    game = deal(ABORT, ABORT_DRAWS, powers=every("seal"), hands_count=2)
    game.apply(0, Power("seal", 2))
    discard_drawn(game)
    act(game, 1, NineTerminals())
    assert game.state.played == 1 and game.view(None)["seats"][2]["sealed_by"] == []
    assert game.view(None)["seats"][2]["seal_turns"] == []


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
    Effect("foresight-draws-shift-after-a-call", cat("Foresight", "a call or a kan can change who draws them"),
           foresight_draws_shift_after_a_call),
    Effect("foresight-lasts-the-hand", cat("Foresight", "for the rest of the hand"), foresight_lasts_the_hand),
    Effect("foresight-follows-a-call", cat("Foresight", "shown again as the wall stands after a call"),
           foresight_follows_a_call),
    Effect("foresight-ends-with-the-hand", cat("Foresight", "until the hand ends"), foresight_ends_with_the_hand),
    Effect("front-counts-the-deal-and-every-draw-from-the-front",
           f"{DOC}#foresight: the view's public front (tiles taken from the live wall's front this hand)",
           front_counts_the_deal_and_every_draw_from_the_front),
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
    Effect("veil-costs-nothing-but-the-charge", cat("Veil", "it costs nothing but the charge"),
           veil_costs_nothing_but_the_charge),
    Effect("veil-is-turned-up-when-the-hand-ends", cat("Veil", "revealed at the hand's end"),
           veil_is_turned_up_when_the_hand_ends),
    Effect("veil-is-ignored-by-the-four-winds-check", cat("Veil", "ignored by the four-winds check"),
           veil_is_ignored_by_the_four_winds_check),
    Effect("seal-lasts-through-the-targets-next-two-turns",
           cat("Seal", "may not chi, pon or open-kan until the end of their next two turns; the turns left"),
           seal_lasts_through_the_targets_next_two_turns),
    Effect("seal-stops-the-targets-wins-on-its-users-tiles", cat("Seal", "nor win on your tiles"),
           seal_stops_the_targets_wins_on_its_users_tiles),
    Effect("seal-passing-a-tile-it-could-not-claim-is-no-furiten", cat("Seal", "makes the target no furiten"),
           seal_passing_a_tile_it_could_not_claim_is_no_furiten),
    Effect("seal-makes-sense-answer-no-about-its-target", cat("Seal", "Sense answers \"no\" about a sealed seat"),
           seal_makes_sense_answer_no_about_its_target),
    Effect("seal-blocks-an-open-kan", cat("Seal", "may not chi, pon or open-kan"), seal_blocks_an_open_kan),
    Effect("seal-a-turn-skipped-by-a-call-does-not-count",
           cat("Seal", "a turn skipped because someone called does not count"),
           seal_a_turn_skipped_by_a_call_does_not_count),
    Effect("seals-from-two-users-count-down-each-its-own", cat("Seal", "sealed_by with seal_turns on the target"),
           seals_from_two_users_count_down_each_its_own),
    Effect("seal-never-blocks-the-targets-own-turn-kans",
           cat("Seal", "never blocks the target's own-turn kans; a turn ends with its discard"),
           seal_never_blocks_the_targets_own_turn_kans),
    Effect("seal-ends-with-the-hand", cat("Seal", "until the end of their next two turns, in this hand"),
           seal_ends_with_the_hand),
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


# Seat 2 waits on 5m (46m) with no yaku on a ron: no tanyao (1m, 9p), no pinfu (a closed wait), no yakuhai.
NO_YAKU = ["123m456p789s1122z", "999m111p99p34s577z", "123m456p678s99p46m", "111s999s28m28p456z"]


def first_turn(game: Game) -> None:
    """Seat 0 asks on its first turn."""


def a_go_around_later(game: Game) -> None:
    """Every seat discards what it draws once; seat 0 asks on its second turn."""
    for _ in range(4):
        discard_drawn(game)


def after_seat_2_declares_riichi(game: Game) -> None:
    discard_drawn(game)
    discard_drawn(game)
    act(game, 2, Riichi(drawn(game)))
    pass_all(game)
    discard_drawn(game)


class SenseRow(NamedTuple):
    rule: str
    cite: str
    rules: RuleSet
    hands: list[str]
    draws: list[str]
    before: Callable[[Game], None]
    ask: str  # the kind of seat 0's tile it asks about
    waiting: bool  # the kind is among some opponent's waits
    deals_in: bool


SENSE_CITE = cat("Sense", "by the claims' own test: the tile among the opponent's waits, no furiten, a yaku")
SENSE_ROWS = [
    SenseRow("sense-a-tile-a-waiting-opponent-rons-deals-in", SENSE_CITE, SUP, BASE, ["2s"], first_turn, "2s", True,
             True),
    SenseRow("sense-a-tile-nobody-waits-on-is-safe", SENSE_CITE, SUP, BASE, ["2s"], first_turn, "1m", False, False),
    SenseRow("sense-a-furiten-opponents-wait-is-safe", SENSE_CITE + "; docs/rules.md#furiten", SUP, BASE,
             ["7z", "3p", "2s", "6p", "5s"], a_go_around_later, "5s", True, False),
    SenseRow("sense-a-wait-without-a-yaku-is-safe", SENSE_CITE, SUP, NO_YAKU, ["5m"], first_turn, "5m", True, False),
    SenseRow("sense-a-riichi-gives-the-wait-its-yaku", SENSE_CITE, SUP, NO_YAKU, ["7z", "3p", "6p", "7p", "5m"],
             after_seat_2_declares_riichi, "5m", True, True),
    SenseRow("sense-a-tile-a-waiting-opponent-rons-deals-in-sanma", SENSE_CITE, SANMA_SUP, SANMA_BASE, ["2s"],
             first_turn, "2s", True, True),
]  # fmt: skip


@pytest.mark.parametrize("row", SENSE_ROWS, ids=lambda r: r.rule)
def test_sense_answers_whether_the_tile_would_deal_in_now(row: SenseRow) -> None:
    """The answer is the claims' own: seat 0 then discards the tile, and some opponent is offered a ron exactly
    when Sense said so. Everyone sees that Sense was used; only the user learns the tile and the answer."""
    game = deal(row.hands, row.draws, powers=every("sense", row.rules), rules=row.rules)
    row.before(game)
    assert game.turn is not None and game.turn.seat == 0
    tile = tile_of(game, 0, row.ask)
    opponents = range(1, row.rules.players)
    assert any(kind_of_id(tile) in game.table.seats[o].waits for o in opponents) is row.waiting
    (event,) = game.apply(0, Power("sense", tile=tile))
    answer = {"tile": tile, "deals_in": row.deals_in}
    left = CATALOGUE["sense"].per_game - 1
    assert (event.actor, event.target, event.tile) == (0, None, None)
    assert event.info == {"power": "sense", "left": left, "private": answer}
    (secret,) = game.view(0)["own"]["secrets"]
    assert {k: secret[k] for k in ("power", "target", "tile", "deals_in")} == {
        "power": "sense",
        "target": None,
        **answer,
    }
    for seat in [*opponents, None]:
        seen = game.events_for(seat)[-1]
        assert (seen.type, seen.actor, seen.target, seen.tile) == ("power", 0, None, None)
        assert seen.info == {"power": "sense", "left": left}
        assert seat is None or game.view(seat)["own"]["secrets"] == []
    act(game, 0, Discard(tile))
    assert any(Ron() in game.legal_actions(o) for o in opponents) is row.deals_in


def test_sense_is_offered_once_per_tile_id_and_only_for_the_own_hand() -> None:
    """Sense names a tile of the user's own hand (docs/superpowers.md#sense): one offer per tile id, two copies
    of a kind included; a tile the user does not hold is refused."""
    game = deal(BASE, ["1z"], powers=every("sense"))
    hand = sorted(game.table.seats[0].hand)
    offers = [a for a in game.legal_actions(0) if isinstance(a, Power)]
    assert offers == [Power("sense", tile=t) for t in hand] and len({kind_of_id(t) for t in hand}) < len(hand)
    for tile in (game.table.seats[1].hand[0], next(iter(game.table.wall.live))):
        with pytest.raises(IllegalAction, match="superpower"):
            game.apply(0, Power("sense", tile=tile))


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
    """Two walls that differ only in the three tiles Foresight shows seat 0 (its own next draws, swapped with
    tiles deep in the live wall): after Foresight every other seat, and a spectator, is shown exactly the same,
    also after seat 0 has drawn the first of them (docs/superpowers.md, Every power: a power never shows hidden
    information to anyone but its user)."""
    order = stacked(BASE, ["7z"])
    first = 4 * 13  # seat 0's first draw; its next three are 4, 8 and 12 tiles later
    twin = list(order)
    for i in (first + 4, first + 8, first + 12):
        twin[i], twin[i + 30] = twin[i + 30], twin[i]
    games = [Game(SUP, 1, walls=[w], powers=every("foresight")) for w in (order, twin)]
    for game in games:
        game.apply(0, Power("foresight"))
    shown = [game.secrets[0][0]["tiles"] for game in games]
    assert shown[0] == [order[first + 4], order[first + 8], order[first + 12]]
    assert shown[1] == [twin[first + 4], twin[first + 8], twin[first + 12]] and set(shown[0]).isdisjoint(shown[1])
    assert seen_by(games[0], 0) != seen_by(games[1], 0)
    for step in range(5):  # then seats 0 to 3 discard what they draw, and seat 0 draws the first foreseen tile
        for seat in (1, 2, 3, None):
            assert seen_by(games[0], seat) == seen_by(games[1], seat)
        if step < 4:
            for game in games:
                discard_drawn(game)
    assert [game.view(0)["own"]["drawn"] for game in games] == [shown[0][0], shown[1][0]]


def test_sense_shows_the_other_seats_nothing() -> None:
    """Three games alike in all the other seats see: seat 0 asks about its 2s with seat 2 waiting on it (yes),
    about the same 2s with one of seat 2's 5s swapped for a 5z deep in the wall (no), and about its 1m (no).
    Seats 1, 2 and 3 and a spectator are shown exactly the same in all three: the answer and the tile are the
    user's alone (docs/superpowers.md#sense)."""
    order = stacked(BASE, ["2s"])
    five = next(i for i in range(26, 39) if kind_of_id(order[i]) == parse_tiles("5s")[0])
    deep = next(i for i in range(60, len(order) - 14) if kind_of_id(order[i]) == parse_tiles("5z")[0])
    twin = list(order)
    twin[five], twin[deep] = twin[deep], twin[five]
    games = [Game(SUP, 1, walls=[w], powers=every("sense")) for w in (order, twin, order)]
    answers = [
        game.apply(0, Power("sense", tile=tile_of(game, 0, ask)))[0].info["private"]["deals_in"]
        for game, ask in zip(games, ("2s", "2s", "1m"), strict=True)
    ]
    assert answers == [True, False, False]
    for seat in (1, 3, None):
        assert seen_by(games[0], seat) == seen_by(games[1], seat) == seen_by(games[2], seat)
    assert seen_by(games[0], 2) == seen_by(games[2], 2)  # seat 2's own hand differs in the twin


def test_private_results_and_veiled_tiles_stay_with_their_owner() -> None:
    game = deal(BASE, ["7z"], powers=["veil", "foresight", "sense", "redraw"])
    act(game, 0, Discard(drawn(game), True))
    for seat in (1, 2, 3):
        use(game, seat, game.charges[seat].power or "")
        discard_drawn(game)
    assert [len(s) for s in game.secrets] == [0, 1, 1, 1]
    assert [sorted(s[0]) for s in game.secrets[1:]] == [
        ["at", "order", "power", "target", "tiles"],
        ["deals_in", "order", "power", "target", "tile"],
        ["drawn", "order", "power", "returned", "target"],
    ]
    for viewer in viewers(game):
        assert_hides_private(game, viewer)


def test_the_game_record_keeps_every_private_part() -> None:
    """The record keeps everything, to be read after the game (docs/superpowers.md, Every power): the log holds
    each power event with its private part, and Sense's action with the tile asked about."""
    game = deal(BASE, ["7z"], powers=["veil", "foresight", "sense", "redraw"])
    act(game, 0, Discard(drawn(game), True))
    for seat in (1, 2, 3):
        use(game, seat, game.charges[seat].power or "")
        discard_drawn(game)
    lines = [json.loads(line) for line in game.log[1:]]
    logged = [x["info"]["private"] for x in lines if x["type"] == "power"]
    assert logged == [e.info["private"] for e in game.events if e.type == "power"]
    assert logged == [
        {k: v for k, v in s[0].items() if k not in ("power", "target", "order")} for s in game.secrets[1:]
    ]
    sense = next(x["action"] for x in lines if x["type"] == "act" and x["action"].get("power") == "sense")
    assert sense == {"type": "power", "power": "sense", "tile": game.secrets[2][0]["tile"]}
    assert Game.replay(game.log).secrets == game.secrets


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


class JsonRow(NamedTuple):
    rule: str
    action: Action
    json: dict[str, Any]


JSON_ROWS = [
    JsonRow("foresight-names-only-the-power", Power("foresight"), {"type": "power", "power": "foresight"}),
    JsonRow("seal-names-its-target", Power("seal", 2), {"type": "power", "power": "seal", "target": 2}),
    JsonRow("sense-names-its-tile", Power("sense", tile=37), {"type": "power", "power": "sense", "tile": 37}),
    JsonRow("veil-is-a-discard-flag", Discard(5, True), {"type": "discard", "tile": 5, "veil": True}),
    JsonRow("a-plain-discard-has-no-flag", Discard(5), {"type": "discard", "tile": 5}),
]


@pytest.mark.parametrize("row", JSON_ROWS, ids=lambda r: r.rule)
def test_power_actions_round_trip_through_json(row: JsonRow) -> None:
    """The actions' JSON form (engine.actions.ActionJSON): Sense's own ``tile``, Seal's ``target``."""
    assert action_to_json(row.action) == row.json
    assert action_from_json(row.json) == row.action
    assert action_from_json(json.loads(json.dumps(row.json))) == row.action


MALFORMED = [
    ("sense-tile-as-text", {"type": "power", "power": "sense", "tile": "37"}),
    ("sense-tile-as-a-boolean", {"type": "power", "power": "sense", "tile": True}),
    ("sense-tile-as-a-fraction", {"type": "power", "power": "sense", "tile": 3.5}),
    ("sense-tile-as-a-list", {"type": "power", "power": "sense", "tile": [37]}),
    ("seal-target-as-text", {"type": "power", "power": "seal", "target": "2"}),
    ("power-name-as-a-number", {"type": "power", "power": 5}),
    ("power-without-a-name", {"type": "power", "tile": 37}),
]


@pytest.mark.parametrize(("rule", "data"), MALFORMED, ids=[rule for rule, _ in MALFORMED])
def test_a_malformed_power_action_is_refused_as_action_format(rule: str, data: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction, match="action_format"):
        action_from_json(data)
    game = deal(BASE, ["7z"], powers=every("sense"))
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="action_format"):
        game.apply(0, data)
    assert game.snapshot() == before


def test_the_hands_end_lists_the_powers_used_in_order() -> None:
    """``end_kyoku``'s ``info.powers`` (docs/superpowers.md, The catalogue): every power used in the hand, in
    order, public parts only (seat, power, Seal's target; Sense's tile stays private), a Veil discard counted;
    the same for every viewer; absent from a hand where no power was used and from a game without powers."""
    game = deal(BASE, ["7z"], powers=["veil", "seal", "sense", "foresight"], hands_count=2)
    act(game, 0, Discard(drawn(game), True))
    game.apply(1, Power("seal", 3))
    discard_drawn(game)
    game.apply(2, Power("sense", tile=drawn(game)))
    discard_drawn(game)
    game.apply(3, Power("foresight"))
    discard_drawn(game)
    drain(game)
    discard_drawn(game)  # the last discard: an exhaustive draw
    want = [
        {"seat": 0, "power": "veil"},
        {"seat": 1, "power": "seal", "target": 3},
        {"seat": 2, "power": "sense"},
        {"seat": 3, "power": "foresight"},
    ]
    for seat in viewers(game):
        (end,) = [e for e in game.events_for(seat) if e.type == "end_kyoku"]
        assert end.info["powers"] == want
    assert game.state.played == 1
    drain(game)
    discard_drawn(game)
    ends = [e for e in game.events if e.type == "end_kyoku"]
    assert len(ends) == 2 and "powers" not in ends[1].info
    plain = deal(BASE, ["7z"], rules=STANDARD)
    drain(plain)
    discard_drawn(plain)
    assert all("powers" not in e.info for e in plain.events if e.type == "end_kyoku")


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
