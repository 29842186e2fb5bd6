"""Helpers for engine tests: stacked walls from hand strings, play policies, invariant checks."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Sequence

from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.game import Game
from jantaku.engine.match import MatchState
from jantaku.engine.wall import stacked_order, tile_set
from jantaku.hand.shanten import shanten
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import FIVES, RED_MAN, first_id, kind_of_id, parse_tiles

Policy = Callable[[Game, int, list[Action], random.Random], Action]


class Tiles:
    """Hands out physical ids for tile strings: ``0p`` is a red copy, ``5p`` a plain one, no id twice."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.used: set[int] = set()

    def ids(self, text: str) -> list[int]:
        out = []
        for code in parse_tiles(text):
            if code >= RED_MAN:
                kind = FIVES[code - RED_MAN]
                copies = range(self.rules.red_fives[code - RED_MAN])
            else:
                kind = code
                reds = self.rules.red_fives[FIVES.index(kind)] if kind in FIVES else 0
                copies = range(reds, 4)
            free = [first_id(kind) + c for c in copies if first_id(kind) + c not in self.used]
            if not free:
                raise ValueError(f"no copy of {text!r}'s tile {code} left in the stacked wall")
            tile = free[0]
            self.used.add(tile)
            out.append(tile)
        return out

    def one(self, text: str) -> int:
        (tile,) = self.ids(text)
        return tile


def stacked_game(
    rules: RuleSet,
    hands: Sequence[str],
    draws: Sequence[str] = (),
    dead: Sequence[str] = (),
    *,
    start: MatchState | None = None,
) -> tuple[Game, Tiles]:
    """A game whose first hand deals ``hands`` (dealer first) and then draws ``draws`` (one string per draw);
    ``dead`` starts the dead wall (replacement tiles, then indicator/ura pairs)."""
    tiles = Tiles(rules)
    deal = [tiles.ids(h) for h in hands]
    bad = [h for h, d in zip(hands, deal, strict=True) if len(d) != 13]
    assert not bad, f"a dealt hand holds 13 tiles: {bad}"
    drawn = [tiles.one(d) for d in draws]
    dead_ids = [tiles.one(d) for d in dead]
    order = stacked_order(rules, deal, drawn, dead_ids)
    return Game(rules, 1, walls=[order], start=start), tiles


def act(game: Game, seat: int, action: Action) -> list[str]:
    """Apply and return the event types."""
    return [e.type for e in game.apply(seat, action)]


def claim(game: Game, seat: int, action: Action) -> list[str]:
    """Every other seat that may answer passes first; then ``seat`` answers (its answer resolves the claims)."""
    for other in game.to_act():
        if other != seat:
            game.apply(other, Pass())
    return act(game, seat, action)


def pass_all(game: Game) -> list[str]:
    out: list[str] = []
    while game.phase == "claims" and game.claims is not None and game.claims.kind != "declare":
        seat = game.to_act()[0]
        out += act(game, seat, Pass())
    return out


def put_last(game: Game, text: str) -> None:
    """Move a copy of the tile ``text`` from the live wall to its end (the last tile drawn)."""
    wall = game.table.wall
    kind = parse_tiles(text)[0]
    tile = next(t for t in wall.live if kind_of_id(t) == kind)
    wall.live.remove(tile)
    wall.live.append(tile)


def drain(game: Game) -> None:
    """Everyone discards the drawn tile and passes every claim until the wall's last tile has been drawn."""
    while game.table.wall.remaining > 0:
        assert game.turn is not None and game.turn.drawn is not None
        act(game, game.turn.seat, Discard(game.turn.drawn))
        pass_all(game)


def uniform(game: Game, seat: int, acts: list[Action], rng: random.Random) -> Action:
    return rng.choice(acts)


def greedy(game: Game, seat: int, acts: list[Action], rng: random.Random) -> Action:
    """Wins whenever it can, riichis when it can, calls sometimes, else discards toward a lower shanten."""
    for a in acts:
        if isinstance(a, (Tsumo, Ron)):
            return a
    riichi = [a for a in acts if isinstance(a, Riichi)]
    if riichi:
        return rng.choice(riichi)
    if any(isinstance(a, NineTerminals) for a in acts) and rng.random() < 0.5:
        return next(a for a in acts if isinstance(a, NineTerminals))
    kans = [a for a in acts if isinstance(a, (ClosedKan, OpenKan, AddedKan, Kita))]
    if kans and rng.random() < 0.5:
        return rng.choice(kans)
    calls = [a for a in acts if isinstance(a, (Pon, Chi))]
    if calls and rng.random() < 0.3:
        return rng.choice(calls)
    discards = [a for a in acts if isinstance(a, Discard)]
    if not discards:
        return next((a for a in acts if isinstance(a, Pass)), rng.choice(acts))
    hand = game.table.seats[seat]
    best, best_s = [], 99
    for d in discards:
        c = hand.counts()
        c[kind_of_id(d.tile)] -= 1
        s = shanten(c, len(hand.melds))
        if s < best_s:
            best, best_s = [d], s
        elif s == best_s:
            best.append(d)
    return rng.choice(best)


def check_invariants(game: Game, total: int) -> None:
    """Tiles conserved; points plus deposits conserved; views hold no other seat's concealed tiles."""
    if game.over:
        assert game.final is not None
        assert sum(game.final.scores) == total
        return
    assert sorted(game.table.all_tiles()) == tile_set(game.rules)
    assert sum(game.state.scores) + 1000 * game.state.sticks == total
    for seat in range(game.rules.players):
        check_view_hides(game, seat)


def check_view_hides(game: Game, seat: int) -> None:
    """Non-interference: shuffling everything hidden from ``seat`` (other hands, the live wall) leaves its view
    unchanged, and no other seat's concealed tile id appears in it."""
    view = game.view(seat)
    others = {t for i, s in enumerate(game.table.seats) if i != seat for t in s.hand}
    text = json.dumps(view)
    assert "live" not in view and "wall" not in text
    assert not others & set(view["own"]["tiles"])
    twin = copy.deepcopy(game)
    hidden = [t for i, s in enumerate(twin.table.seats) if i != seat for t in s.hand] + twin.table.wall.live
    random.Random(len(hidden)).shuffle(hidden)
    pos = 0
    for i, s in enumerate(twin.table.seats):
        if i != seat:
            n = len(s.hand)
            s.hand = hidden[pos : pos + n]
            pos += n
            if n % 3 == 1:
                s.refresh_waits()
    twin.table.wall.live = hidden[pos:]
    twin.version += 1
    if twin.turn is not None and twin.turn.seat != seat and twin.turn.drawn is not None:
        twin.turn.drawn = twin.table.seats[twin.turn.seat].hand[-1]
    assert twin.view(seat) == view


def play(rules: RuleSet, seed: int, policy: Policy = uniform, check_every: int = 0, max_steps: int = 20000) -> Game:
    game = Game(rules, seed)
    rng = random.Random(seed)
    total = sum(game.state.scores)
    steps = 0
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, policy(game, seat, game.legal_actions(seat), rng))
        steps += 1
        assert steps < max_steps, "the game does not end"
        if check_every and steps % check_every == 0:
            check_invariants(game, total)
    check_invariants(game, total)
    return game
