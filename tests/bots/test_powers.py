"""CPU superpowers as stacked-wall scenarios: every rule of docs/superpowers.md "How CPUs use them" is played on a
real ``Game`` whose wall is stacked (``engine.wall.stacked_order``), to the decision point with real actions, and
then the CPU is asked on its own ``Game.view``: the power is used where the rule says, and kept where it would be
wasted. One row per rule, named after it, for the levels it applies to; then self-play with powers: every power gets
used, a game with powers replays exactly, and ``simulate --powers`` reports them.

Seats are dealt in one run each, the dealer (seat 0) first, then the draws in turn order (``stacked_order``).
The seats not under test hold hands near nothing and throw what they draw unless a scene says otherwise."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest
from typer.testing import CliRunner

from jantaku.bots import make_player, powers
from jantaku.bots.reading import read_view
from jantaku.cli.app import app
from jantaku.engine import Game
from jantaku.engine.actions import Action, Discard, NineTerminals, Pon, Power, Riichi
from jantaku.engine.powers import CATALOGUE, POWERS
from jantaku.engine.wall import stacked_order
from jantaku.rules import preset
from jantaku.sim import simulate
from jantaku.sim.play import check_powers, play_game
from jantaku.tiles import KIND_OF_ID, parse_tiles

from ..engine.helpers import Tiles, claim, pass_all

RULES = preset("superpower")
CPUS = "docs/superpowers.md, How CPUs use them"
BOTH = ("normal", "strong")

# the dead wall's replacements and first indicator: every North is dead and the dora (North) cannot be drawn
DEAD = ("4z", "4z", "4z", "4z", "3z")
# hands near nothing (two steps or more from tenpai, waiting on nothing): the seats not under test
FAR_1 = "111m999m11p99p119s"
FAR_2 = "1889m11p99p11s999s"
FAR_3 = "2288m2288p228s13z"
# the hand under test, dealt 13: one step from tenpai with its first draw (3z); waiting on 2s/5s; two steps away;
# far from tenpai
NEAR = "345m456p678s23s7m6p"
WAITING = "345m456p678s2345s"
TWO_AWAY = "345m456p68s23s7m1z2z"
FAR = "36m258p47s113z5m7p2s"
# far from tenpai once it has called 5z and thrown the 1z (seat 2 of ``pushing``)
FAR_CALLED = "55z19m19p147s258s1z"


# --------------------------------------------------------------------------------------------- the table
def wall(hands: Sequence[str], draws: Sequence[str], dead: Sequence[str] = DEAD) -> list[int]:
    """A stacked wall dealing ``hands`` (seat 0 first), then ``draws`` in draw order."""
    tiles = Tiles(RULES)
    deal = [tiles.ids(h) for h in hands]
    assert all(len(d) == 13 for d in deal), hands
    return stacked_order(RULES, deal, [tiles.one(d) for d in draws], [tiles.one(d) for d in dead])


def table(
    hands: Sequence[str],
    draws: Sequence[str],
    powers: Sequence[str | None],
    *,
    dead: Sequence[str] = DEAD,
    before: Sequence[list[int]] = (),
) -> Game:
    """A superpower game whose hand deals ``hands`` and draws ``draws`` (``before``: walls of earlier hands)."""
    return Game(RULES, 1, walls=[*before, wall(hands, draws, dead)], powers=list(powers))


def tile(game: Game, seat: int, text: str) -> int:
    """The seat's copy of ``text``'s kind: the tile just drawn first."""
    kind = parse_tiles(text)[0]
    drawn = game.turn.drawn if game.turn is not None and game.turn.seat == seat else None
    if drawn is not None and KIND_OF_ID[drawn] == kind:
        return drawn
    return next(t for t in sorted(game.table.seats[seat].hand) if KIND_OF_ID[t] == kind)


def throw(game: Game, text: str | None = None, *, passing: bool = True) -> None:
    """The seat to play throws ``text`` (its drawn tile when None); every claim on it is passed (``passing``)."""
    assert game.turn is not None
    seat = game.turn.seat
    drawn = game.turn.drawn
    assert drawn is not None or text is not None
    game.apply(seat, Discard(tile(game, seat, text) if text else drawn))  # type: ignore[arg-type]
    if passing:
        pass_all(game)


def declare(game: Game, text: str | None = None) -> None:
    """The seat to play declares riichi on ``text`` (its drawn tile when None)."""
    assert game.turn is not None and game.turn.drawn is not None
    seat = game.turn.seat
    game.apply(seat, Riichi(tile(game, seat, text) if text else game.turn.drawn))
    pass_all(game)


def pon(game: Game, seat: int) -> None:
    claim(game, seat, next(a for a in game.legal_actions(seat) if isinstance(a, Pon)))


def use(game: Game, power: str, target: int | None = None, text: str | None = None) -> None:
    """The seat to play uses its power (``text``: the tile Sense asks about)."""
    assert game.turn is not None
    seat = game.turn.seat
    game.apply(seat, Power(power, target, None if text is None else tile(game, seat, text)))


def cpu_turn(game: Game, level: str, seed: int = 0) -> list[Action]:
    """The CPU to act plays its turn on its own views: every power it uses, then the action that ends the turn."""
    out: list[Action] = []
    while True:
        seat = game.to_act()[0]
        action = make_player(level, RULES, seed).act(game.view(seat))
        game.apply(seat, action)
        out.append(action)
        if not isinstance(action, Power):
            return out


# -------------------------------------------------------------------------------------------- the scenes
def first_draw(hand: str, draw: str, power: str | None, *, dead: Sequence[str] = DEAD) -> Game:
    """Seat 0 holds ``power`` and ``hand`` and has just drawn ``draw``: its first turn."""
    return table([hand, FAR_1, FAR_2, FAR_3], [draw, "7z", "6z", "5z", "2z"], [power, None, None, None], dead=dead)


def in_riichi(power: str) -> Game:
    """Seat 0 declared riichi on its first turn (waiting on 2s/5s); its second draw (2z) does not win."""
    game = table([WAITING, FAR_1, FAR_2, FAR_3], ["7z", "7z", "6z", "5z", "2z"], [power, None, None, None])
    declare(game)
    for _ in range(3):
        throw(game)
    return game


def foresight_known(power: str | None) -> Game:
    """Seat 0, one step away, draws 3z; its own next draws are 3z and 4s: keep 3z (throw 7m or 6p) and the
    hand is complete on the second (a 3z pair, 234s); the widest discard throws the 3z."""
    return table(
        [NEAR, FAR_1, FAR_2, FAR_3], ["3z", "7z", "6z", "5z", "3z", "7z", "6z", "5z", "4s"], [power, None, None, None]
    )


def foresight_known_riichi(power: str | None) -> Game:
    """Seat 0, waiting on 2s/5s once it throws the 7m it drew, next draws a 7m itself: keeping it (throwing
    2s or 5s) waits on 7m alone, and the known draw completes it."""
    return table([WAITING, FAR_1, FAR_2, FAR_3], ["7m", "7z", "6z", "5z", "7m"], [power, None, None, None])


def foresight_before_a_pon(power: str | None) -> Game:
    """Seat 0, one step away (345m456p78s66m55z), may pon the 5z seat 1 throws: a white-dragon hand waiting on
    6s/9s. Its own next draws, 6s then 6m, complete the closed hand (678s, 666m, a 5z pair); a pon would move them
    to other seats."""
    game = table(
        ["345m456p78s66m55z1z", FAR_1, FAR_2, FAR_3],
        ["2z", "5z", "7z", "6z", "6s", "7z", "6z", "7m", "6m"],
        [power, None, None, None],
    )
    if power:
        use(game, "foresight")
    throw(game, "2z")
    throw(game, passing=False)  # seat 1 throws the 5z it drew
    return game


def foresight_spent() -> Game:
    """Seat 0 used Foresight last turn (it lasts the hand: its next draws are known) and draws again; the engine
    offers one use a hand, so the offer is added to the real view as a catalogue with more would make it."""
    game = foresight_known("foresight")
    use(game, "foresight")
    throw(game, "7m")
    for _ in range(3):
        throw(game)
    return game


def last_redraw(hand: str, draw: str) -> Game:
    """Seat 0 used Redraw in each hand before this one until one charge is left (seat 1 ended each of those
    hands with nine terminals; the dealer stays) and has just drawn ``draw``."""
    first = wall(
        ["123m456p789s1122z", "19m19p19s1234567z", "999m111p999p3344z", "222s888s28m28p456z"],
        ["3p", "4p", "6s"],
        dead=(),
    )
    spent = CATALOGUE["redraw"].per_game - 1
    game = table(
        [hand, FAR_1, FAR_2, FAR_3], [draw, "7z", "6z", "5z"], ["redraw", None, None, None], before=[first] * spent
    )
    for played in range(1, spent + 1):
        use(game, "redraw")
        throw(game)
        game.apply(1, NineTerminals())
        assert game.state.played == played and game.turn is not None and game.turn.seat == 0
    return game


def callers(seat_3: str, *, sealed: bool = False, calls: int = 2, late: bool = False) -> Game:
    """Seat 1 pons seat 0's 5z and (``calls`` 2) seat 2's 6z: a caller near tenpai, not yet waiting; seat 3 (Seal,
    holding ``seat_3``) then draws. ``sealed``: seat 2 (Seal too) seals seat 1 on its turn after the second call;
    ``late``: every seat then throws what it draws until fewer than 40 live tiles are left and seat 3 draws."""
    game = table(
        ["5z111m999m11p99p19s", "55z66z1889m11p9p11s", "6z2288m2288p228s3z", seat_3],
        ["7z", "2z", "2z", "3z"],
        [None, None, "seal", "seal"],
    )
    throw(game, "5z", passing=False)
    pon(game, 1)
    throw(game, "1s")
    throw(game, "6z", passing=calls < 2)
    if calls == 2:
        pon(game, 1)
        throw(game, "9p")
        if sealed:
            use(game, "seal", 1)
        throw(game)
    while late and (game.table.wall.remaining >= 40 or game.to_act() != [3]):
        throw(game)
    return game


def pushing(
    power: str | None, draw: str = "6p", waits: str = "45p", hand: str = "55z234m567m22s67s1z", two: bool = True
) -> Game:
    """Seats 0 and 1 are in riichi (seat 1 waiting on ``waits``' tiles: 3p/6p for 45p, 1p/4p for 23p; seat 0 only
    when ``two``, else it throws its 7z); seat 2 has called 5z (``hand``, then throws 1z) and draws ``draw``: with
    the default hand throwing a 6p waits on 5s/8s, its only way forward; a 7z is safe against both riichi (both
    threw one)."""
    game = table(
        ["5z345p789p345s99m7s", "678m123m456s11s" + waits, hand, FAR_3],
        ["8s", "6z", "7z", "7z", draw],
        [None, None, power, None],
    )
    throw(game, "5z", passing=False)
    pon(game, 2)
    throw(game, "1z")
    throw(game)
    if two:
        declare(game)
    else:
        throw(game)
    declare(game)
    return game


def riichi_ahead(power: str | None) -> Game:
    """Seat 1 declared riichi on its first turn, waiting on 2s and 6p (two pairs); seat 2, closed and waiting
    on 2s/5s, draws 6p: riichi is offered on the 6p and on the 2s or 5s (each throw still waits)."""
    game = table([FAR_1, "567m345s678m22s66p", WAITING, FAR_2], ["6z", "7z", "6p"], [None, None, power, None])
    throw(game)
    declare(game)
    return game


# ---------------------------------------------------------------------------------------- expectations
Expect = Callable[[list[Action]], bool]


def uses(power: str, target: int | None = None, kind: str | None = None) -> Expect:
    """The turn starts with ``power`` (on ``target``, or asking about a tile of ``kind``)."""

    def check(acts: list[Action]) -> bool:
        a = acts[0]
        if not isinstance(a, Power) or a.power != power or a.target != target:
            return False
        return kind is None or (a.tile is not None and KIND_OF_ID[a.tile] == parse_tiles(kind)[0])

    return check


def uses_on(power: str, targets: set[int]) -> Expect:
    """The turn starts with ``power`` on one of ``targets``."""

    def check(acts: list[Action]) -> bool:
        a = acts[0]
        return isinstance(a, Power) and a.power == power and a.target in targets

    return check


def keeps(acts: list[Action]) -> bool:
    """No power used, no discard veiled."""
    return not any(isinstance(a, Power) or (isinstance(a, Discard) and a.veil) for a in acts)


def throws(kind: str, *, veiled: bool | None = None, power: bool = False) -> Expect:
    """The turn ends throwing ``kind`` (face down when ``veiled``; after a power when ``power``)."""

    def check(acts: list[Action]) -> bool:
        last = acts[-1]
        if not isinstance(last, (Discard, Riichi)) or KIND_OF_ID[last.tile] != parse_tiles(kind)[0]:
            return False
        if veiled is not None and (isinstance(last, Discard) and last.veil) != veiled:
            return False
        return isinstance(acts[0], Power) == power

    return check


def keeps_kind(kind: str, *, power: bool = False) -> Expect:
    """The turn ends throwing anything but ``kind`` (after a power when ``power``)."""

    def check(acts: list[Action]) -> bool:
        last = acts[-1]
        held = isinstance(last, (Discard, Riichi)) and KIND_OF_ID[last.tile] != parse_tiles(kind)[0]
        return held and isinstance(acts[0], Power) == power

    return check


def keeps_the_sensed_tile(acts: list[Action]) -> bool:
    """The turn asks Sense about a tile and then throws another kind."""
    asked, last = acts[0], acts[-1]
    if not isinstance(asked, Power) or asked.tile is None or not isinstance(last, (Discard, Riichi)):
        return False
    return KIND_OF_ID[last.tile] != KIND_OF_ID[asked.tile]


@dataclass(frozen=True)
class Scene:
    name: str
    cite: str
    setup: Callable[[], Game]
    expect: Expect
    levels: tuple[str, ...] = BOTH
    extra: tuple[str, ...] = ()  # actions (JSON) added to the real view's offer: a catalogue with more charges


def rows(table: Sequence[Scene | Known]) -> list[object]:
    """One pytest case per row and level, named after the row."""
    return [pytest.param(row, level, id=f"{row.name}-{level}") for row in table for level in row.levels]


SCENES = [
    # Foresight
    Scene("foresight_on_a_waiting_hand", f"{CPUS}: Foresight early in the hand (two steps from tenpai or closer)",
          lambda: first_draw(WAITING, "7z", "foresight"), uses("foresight")),
    Scene("foresight_one_step_away", f"{CPUS}: Foresight early in the hand (two steps from tenpai or closer)",
          lambda: first_draw(NEAR, "3z", "foresight"), uses("foresight")),
    Scene("foresight_two_steps_away", f"{CPUS}: Foresight early in the hand (two steps from tenpai or closer)",
          lambda: first_draw(TWO_AWAY, "3z", "foresight"), uses("foresight")),
    Scene("no_foresight_on_a_far_hand", f"{CPUS}: Foresight early in the hand (two steps from tenpai or closer)",
          lambda: first_draw(FAR, "3z", "foresight"), keeps),
    Scene("no_foresight_in_riichi", f"{CPUS}: Foresight ... not in riichi (the engine allows it)",
          lambda: in_riichi("foresight"), keeps),
    Scene("no_second_foresight_while_it_lasts", f"{CPUS}: Foresight ... it lasts the hand",
          foresight_spent, keeps, extra=('{"type": "power", "power": "foresight"}',)),
    # Redraw
    Scene("redraw_a_useless_draw_when_waiting", f"{CPUS}: Redraw when the drawn tile is useless: a waiting hand",
          lambda: first_draw(WAITING, "7z", "redraw"), uses("redraw")),
    Scene("redraw_a_useless_draw_one_step_away", f"{CPUS}: Redraw ... a hand one step away while two charges or "
          "more are left", lambda: first_draw(NEAR, "3z", "redraw"), uses("redraw")),
    Scene("keep_the_last_redraw_one_step_away", f"{CPUS}: Redraw ... a hand one step away only while two charges or "
          "more are left", lambda: last_redraw(NEAR, "3z"), keeps),
    Scene("redraw_the_last_charge_when_waiting", f"{CPUS}: Redraw when the drawn tile is useless: a waiting hand",
          lambda: last_redraw(WAITING, "7z"), uses("redraw")),
    Scene("never_redraw_a_dora", f"{CPUS}: Redraw ... never on a dora",
          lambda: first_draw(WAITING, "7z", "redraw", dead=("4z", "4z", "4z", "4z", "6z")), keeps),
    Scene("never_redraw_a_red_five", f"{CPUS}: Redraw ... never on a red five",
          lambda: first_draw(WAITING, "0m", "redraw"), keeps),
    Scene("keep_a_draw_that_helps", f"{CPUS}: Redraw when the drawn tile is useless",
          lambda: first_draw(NEAR, "4s", "redraw"), keeps),
    # Veil
    Scene("veil_a_discard_dangerous_against_riichi", f"{CPUS}: Veil on a dangerous discard",
          lambda: pushing("veil"), throws("6p", veiled=True)),
    Scene("no_veil_on_a_safe_discard", f"{CPUS}: Veil on a dangerous discard (a tile both riichi threw is not)",
          lambda: pushing("veil", draw="7z"), throws("7z", veiled=False)),
    # Seal
    Scene("seal_the_riichi_the_push_endangers", f"{CPUS}: Seal on the threat that the tile about to be pushed "
          "endangers most", lambda: pushing("seal"), uses_on("seal", {0, 1})),
    Scene("no_seal_on_a_safe_push", f"{CPUS}: Seal on the threat that the tile about to be pushed endangers (a tile "
          "both riichi threw endangers nobody)", lambda: pushing("seal", draw="7z"), keeps),
    Scene("no_seal_when_the_own_hand_is_far", f"{CPUS}: Seal ... while the own hand is in the race (one step away "
          "or waiting)", lambda: pushing("seal", hand=FAR_CALLED), keeps),
    Scene("no_seal_without_a_threat", f"{CPUS}: Seal on the threat (a riichi, or an open hand with two calls)",
          lambda: first_draw(NEAR, "3z", "seal"), keeps),
    Scene("no_seal_on_a_caller_to_slow_it", f"{CPUS}: Seal ... sealing a caller to slow it was measured worthless",
          lambda: callers(NEAR), keeps),
    # Beacon
    Scene("beacon_when_waiting_with_no_rival", f"{CPUS}: Beacon when the own hand is ahead: waiting",
          lambda: first_draw(WAITING, "7z", "beacon"), uses("beacon")),
    Scene("no_beacon_against_a_riichi", f"{CPUS}: Beacon ... with no riichi or two-call hand against it",
          lambda: pushing("beacon"), keeps),
    Scene("no_beacon_one_step_away", f"{CPUS}: Beacon when the own hand is ahead: waiting",
          lambda: first_draw(NEAR, "3z", "beacon"), keeps),
    # Sense
    Scene("sense_the_tile_pushed_against_riichi", f"{CPUS}: Sense on the tile about to be pushed against a threat",
          lambda: pushing("sense"), uses("sense", kind="6p")),
    Scene("a_tile_that_deals_in_is_not_thrown", f"{CPUS}: Sense ... a tile that would deal in is not thrown",
          lambda: pushing("sense"), keeps_kind("6p", power=True)),
    Scene("a_tile_that_deals_in_is_not_the_riichi_tile", f"{CPUS}: Sense ... a tile that would deal in is not "
          "thrown (every level)", lambda: riichi_ahead("sense"), keeps_the_sensed_tile, ("normal",)),
    Scene("no_sense_without_a_threat", f"{CPUS}: Sense on the tile about to be pushed against a threat",
          lambda: first_draw(NEAR, "3z", "sense"), keeps),
    Scene("no_sense_when_a_safe_tile_folds", f"{CPUS}: Sense ... strong where the answer is worth most: nothing "
          "to learn when a far hand holds a tile both riichi threw", lambda: pushing("sense", draw="7z",
          hand=FAR_CALLED), keeps),
]  # fmt: skip


@pytest.mark.parametrize(("scene", "level"), rows(SCENES))
def test_cpu_power_rules(scene: Scene, level: str) -> None:
    game = scene.setup()
    seat = game.to_act()[0]
    view = game.view(seat)
    if scene.extra:
        view["legal_actions"] += [json.loads(a) for a in scene.extra]
    offered = [a for a in read_view(view, RULES).legal if isinstance(a, Power) or (isinstance(a, Discard) and a.veil)]
    assert offered, f"the power is not offered in {scene.name}: the scene tests nothing"
    if scene.extra:
        action = make_player(level, RULES).act(view)
        assert scene.expect([action]), f"{level} chose {action} ({scene.cite})"
        return
    acts = cpu_turn(game, level)
    assert scene.expect(acts), f"{level} chose {acts} ({scene.cite})"


@dataclass(frozen=True)
class Known:
    name: str
    cite: str
    setup: Callable[[str | None], Game]
    keep: str  # the tile the known draws complete the hand with: thrown without Foresight, kept with it
    levels: tuple[str, ...] = BOTH


KNOWN = [
    Known("known_draws_keep_the_tile_they_complete", f"{CPUS}: Foresight ... the own draws then judge the discards",
          foresight_known, "3z"),
    Known("known_draws_choose_the_riichi_discard", f"{CPUS}: Foresight ... the own draws then judge the discards "
          "(the riichi discard too)", foresight_known_riichi, "7m"),
]  # fmt: skip


def test_a_known_win_after_riichi_needs_a_winning_draw() -> None:
    """Seat 0 (234m555m456p678s1z, drawing 7z) waits on 1z alone once it throws the 7z; its next draws are 2z and
    2z. Playing freely, the first 2z replaces the 1z and the second completes the hand (``known_win`` 2); after a
    riichi every draw that does not win is thrown, so the draws bring no win."""
    game = table(
        ["234m555m456p678s1z", FAR_1, FAR_2, FAR_3],
        ["7z", "7z", "6z", "5z", "2z", "6z", "5z", "6z", "2z"],
        ["foresight", None, None, None],
    )
    use(game, "foresight")
    r = read_view(game.view(0), RULES)
    assert [KIND_OF_ID[t] for t in r.ahead[:2]] == parse_tiles("2z2z")
    seven = parse_tiles("7z")[0]
    assert powers.known_win(r, seven) == 2
    assert powers.known_win(r, seven, riichi=True) is None


@pytest.mark.parametrize("level", BOTH)
def test_no_call_moves_the_draws_away_from_a_known_win(level: str) -> None:
    """Without Foresight the CPU pons the white dragon (a step to tenpai, and a yaku); with its next draws known to
    complete the closed hand, it lets the tile go: a call would hand those draws to other seats."""
    blind = foresight_before_a_pon(None)
    assert isinstance(make_player(level, RULES).act(blind.view(0)), Pon), f"{level} without Foresight"
    seen = foresight_before_a_pon("foresight")
    assert [KIND_OF_ID[t] for t in read_view(seen.view(0), RULES).ahead[:2]] == parse_tiles("6s6m")
    action = make_player(level, RULES).act(seen.view(0))
    assert not isinstance(action, Pon), f"{level} chose {action} ({CPUS}: Foresight ... no call while it brings a win)"


@pytest.mark.parametrize(("row", "level"), rows(KNOWN))
def test_foresight_draws_change_the_discard(row: Known, level: str) -> None:
    """The same wall with and without Foresight: without it the CPU throws ``keep`` (the widest discard); with its
    own next draws shown (the power used here, whether or not the CPU would have used it on this hand), it sees
    them complete the hand around ``keep`` and throws another tile."""
    blind = cpu_turn(row.setup(None), level)
    assert throws(row.keep)(blind), f"{level} without Foresight chose {blind}"
    game = row.setup("foresight")
    use(game, "foresight")
    seen = cpu_turn(game, level)
    assert keeps_kind(row.keep)(seen), f"{level} chose {seen} ({row.cite})"


# one step from tenpai after its call, with no pair and a closed 1s-3s shape (the tenpai it reaches are poor: a
# 2s closed wait, or a single-tile wait): a 6p or the lone 7m goes
SLOW = "55z234m567m1s36s7m1z"


@pytest.mark.parametrize(("waits", "pushed"), [("23p", True), ("45p", False)], ids=["safe", "deals_in"])
def test_a_sense_answer_decides_the_push(waits: str, pushed: bool) -> None:
    """docs/superpowers.md, How CPUs use them: Sense ... the answer decides: without it strong holds the 6p back
    against two riichi; asked about it, it pushes the 6p when the answer is safe and keeps it when it deals in."""
    blind = cpu_turn(pushing(None, waits=waits, hand=SLOW), "strong")
    assert keeps_kind("6p")(blind), f"strong without Sense chose {blind}"
    asked = cpu_turn(pushing("sense", waits=waits, hand=SLOW), "strong")
    assert uses("sense", kind="6p")(asked)
    assert (throws("6p", power=True) if pushed else keeps_kind("6p", power=True))(asked), asked


@pytest.mark.parametrize("level", BOTH)
def test_a_riichi_is_not_declared_on_a_tile_sense_said_deals_in(level: str) -> None:
    """docs/superpowers.md, How CPUs use them: Sense ... a tile that would deal in is not thrown (every level).
    Seat 2 may declare riichi on the 6p or the 2s (seat 1's riichi waits on both); asked about either, a CPU
    that learns it deals in declares on another tile (strong does not ask here by itself: the other riichi tiles
    are as dangerous, so the answer is worth little, ``StrongBot.sense_worth``)."""
    for ask in ("2s", "6p"):
        game = riichi_ahead("sense")
        use(game, "sense", text=ask)
        (action,) = cpu_turn(game, level)
        assert isinstance(action, (Discard, Riichi)) and KIND_OF_ID[action.tile] != parse_tiles(ask)[0], action


def test_a_seal_decides_the_push() -> None:
    """docs/superpowers.md, How CPUs use them: Seal ... the hand pushes freely: without it strong holds the 6p back
    against a riichi; with it, it seals the riichi and pushes the 6p."""
    blind = cpu_turn(pushing(None, hand=SLOW, two=False), "strong")
    assert keeps_kind("6p")(blind), f"strong without Seal chose {blind}"
    sealed = cpu_turn(pushing("seal", hand=SLOW, two=False), "strong")
    assert uses_on("seal", {1})(sealed) and throws("6p", power=True)(sealed), sealed


def test_no_seal_that_leaves_the_push_held_back() -> None:
    """docs/superpowers.md, How CPUs use them: Seal ... only where it changes the discard: against two riichi a
    hand one step away would still hold the 6p back from the riichi left unsealed, so the charge is kept."""
    acts = cpu_turn(pushing("seal", hand=SLOW), "strong")
    assert not isinstance(acts[0], Power) and keeps_kind("6p")(acts), acts


# (power, scene offering it): easy presses whatever it is offered at random moments, so over many seeds some
# press it and some keep it
EASY = [
    ("foresight", lambda: first_draw(NEAR, "3z", "foresight")),
    ("redraw", lambda: first_draw(NEAR, "4s", "redraw")),
    ("veil", lambda: pushing("veil", draw="7z")),
    ("seal", lambda: callers(FAR)),
    ("beacon", lambda: first_draw(FAR, "3z", "beacon")),
    ("sense", lambda: first_draw(NEAR, "3z", "sense")),
]


@pytest.mark.parametrize(("power", "setup"), EASY, ids=[e[0] for e in EASY])
def test_easy_uses_powers_at_random(power: str, setup: Callable[[], Game]) -> None:
    """docs/superpowers.md, How CPUs use them: easy presses whatever power it is offered 15% of the time, and
    veils 15% of its discards while it can; the scenes are ones where the other levels keep the power."""
    used = 0
    seeds = 60
    for seed in range(seeds):
        acts = cpu_turn(setup(), "easy", seed)
        used += not keeps(acts)
    assert 0 < used < seeds // 2, f"easy used {power} {used} times in {seeds}"


def test_the_cpu_reads_what_its_powers_showed() -> None:
    """Foresight's tiles are the seat's own next draws as they stand (``Situation.ahead``), for the rest of the
    hand; the tiles it showed that a call has moved to others count as seen (``Situation.foreseen``); a Sense
    answer holds for the turn it was asked in (``Situation.sensed``)."""
    game = foresight_known("foresight")
    use(game, "foresight")
    (secret,) = game.view(0)["own"]["secrets"]
    assert read_view(game.view(0), RULES).ahead == tuple(secret["tiles"])
    assert [KIND_OF_ID[t] for t in secret["tiles"][:2]] == parse_tiles("3z4s")  # the stacked draws
    throw(game, "7m")
    for _ in range(3):
        throw(game)
    ahead = read_view(game.view(0), RULES).ahead  # the first is drawn now, and the next one after the others shows
    assert ahead[:2] == tuple(secret["tiles"][1:]) and ahead == tuple(game.view(0)["own"]["foresight"]["tiles"])
    game = table(  # a call moves the turn: the tiles shown go to others now, and count as seen
        [NEAR, FAR_1, "77m89m11p99p11s999s", FAR_3], ["3z", "7z", "6z", "5z", "3z"], ["foresight", None, None, None]
    )
    use(game, "foresight")
    (secret,) = game.view(0)["own"]["secrets"]
    throw(game, "7m", passing=False)
    pon(game, 2)
    throw(game, "9m")
    throw(game)
    r = read_view(game.view(0), RULES)
    assert r.foreseen == tuple(secret["tiles"]) and not set(r.ahead) & set(secret["tiles"])
    assert r.ahead == tuple(game.view(0)["own"]["foresight"]["tiles"]) and len(r.ahead) == 3
    game = pushing("sense")
    use(game, "sense", text="6p")
    assert read_view(game.view(2), RULES).sensed == {parse_tiles("6p")[0]: True}
    throw(game, "2s")
    assert read_view(game.view(3), RULES).sensed == {}


def test_every_power_is_used_in_self_play_and_replays() -> None:
    """CPUs use every power; a game with powers replays to the same state (docs/superpowers.md#every-power: no power
    draws on the game's random stream)."""
    counts = dict.fromkeys(POWERS, 0)
    for power in POWERS:
        rare = power == "veil"  # spent only on a dangerous push: played over longer games
        for g in range(12 if rare else 3):
            rules = RULES if rare else RULES.with_options(length="east")
            game = Game(rules, f"p{power}{g}", powers=[power] * 4)
            players = [make_player("strong", rules, seed=f"{g}:{s}") for s in range(4)]
            while not game.over:
                seat = game.to_act()[0]
                game.apply(seat, players[seat].act(game.view(seat)))
            counts[power] += sum(
                1 for e in game.events if (e.type == "power" or (e.type == "dahai" and e.info.get("veil")))
            )
            if g == 0:
                assert Game.replay(game.log).snapshot() == game.snapshot()
    assert all(counts.values()), counts


def test_simulate_reports_powers() -> None:
    sim = simulate("superpower", ["normal"] * 4, games=4, seed=2, powers=["seal", "none", "redraw", "none"])
    assert sim.games == 4  # players differ in power: the seats rotate
    data = sim.to_json()
    labels = {row["label"]: row for row in data["by_power"]}
    assert set(labels) == {"seal", "redraw", "no power"}
    assert labels["no power"]["uses_per_game"] == 0
    assert labels["seal"]["games"] == labels["redraw"]["games"] == 4
    assert data["power_gap"]["n"] == 1  # one block: the four rotations share their walls
    assert data["power_gap"]["low"] is None and data["power_gap"]["high"] is None  # no interval from one block
    assert set(data["power_gaps"]) == {"seal", "redraw"}  # each power's own gap against the seats without one
    assert all(gap["n"] == 1 for gap in data["power_gaps"].values())
    lines = [p for r in sim.records for p in r.players]
    assert sum(p.power_uses for p in lines) == sum(row["uses_per_game"] * row["games"] for row in data["by_power"])
    assert [p.power for p in sim.records[1].players] == ["seal", None, "redraw", None]  # powers follow the player
    record = play_game("superpower", ["normal"] * 4, 2, 1, powers=["seal", "none", "redraw", "none"])
    assert record.players == sim.records[1].players


@pytest.mark.parametrize(
    ("rules", "powers", "message"),
    [
        ("standard", ["seal"] * 4, "no superpowers"),
        ("superpower", ["seal"] * 3, "the powers name 3"),
        ("superpower", ["seal", "x", "none", "any"], "unknown superpower 'x'"),
    ],
)
def test_powers_are_checked(rules: str, powers: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_powers(preset(rules), powers)
    result = CliRunner().invoke(
        app, ["simulate", "--rules", rules, "--players", "easy,easy,easy,easy", "--powers", ",".join(powers)]
    )
    assert result.exit_code != 0 and message in result.output


def test_simulate_command_prints_the_power_table() -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--rules",
            "superpower",
            "--players",
            "easy,easy,easy,easy",
            "--powers",
            "beacon,none,none,none",
            "--games",
            "4",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "per superpower held" in result.output and "beacon" in result.output
    assert "placement gap no power − a power" in result.output
    assert "placement gap no power − beacon" in result.output  # each power's own gap
