"""One interface for every player, person or CPU: a view in, an action out.

``Player.act(view)`` receives exactly what ``Game.view(seat)`` gives that seat (a ``SeatView``, the same dict a
browser client gets) and returns one of ``view["legal_actions"]`` as an ``Action``. A CPU keeps no hidden channel
to the game: its choices depend only on the view and its seed (``decision_rng``), so a game with CPUs replays
exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from jantaku.bots.reading import Situation, read_view
from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
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
)
from jantaku.engine.view import SeatView
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import KIND_OF_ID


class Player(Protocol):
    """Anything that can sit at the table: a CPU here, a person behind a websocket in the server."""

    name: str

    def act(self, view: SeatView) -> Action: ...


def decision_rng(seed: int | str, view: SeatView) -> random.Random:
    """A random stream that is a function of the seed and the decision point only (string seeds hash with
    SHA-512 inside ``random``, so it is the same in every process and run)."""
    seats = view["seats"]
    key = (
        f"{seed}|{view['seat']}|{view['round']}|{view['hand']}|{view['honba']}|{view['live_tiles']}|"
        f"{sum(len(s['river']) for s in seats)}|{sum(len(s['melds']) for s in seats)}|{len(view['legal_actions'])}"
    )
    return random.Random(key)


def of_type(actions: Sequence[Action], cls: type[Any]) -> list[Any]:
    return [a for a in actions if type(a) is cls]


def tile_for_kind(r: Situation, kind: int, actions: Sequence[Discard | Riichi]) -> Discard | Riichi | None:
    """The action discarding a tile of ``kind``: a plain copy before a red five, the drawn tile first (a
    tsumogiri shows the least about the hand)."""
    best: Discard | Riichi | None = None
    best_key: tuple[int, int, int] | None = None
    for a in actions:
        if KIND_OF_ID[a.tile] != kind:
            continue
        key = (r.is_red(a.tile), a.tile != r.drawn, a.tile)
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


class Bot:
    """The shared skeleton of the CPU levels: the obvious choices (win when allowed, answer a tenpai
    declaration, pass when nothing is worth it) and one method per kind of decision for the levels to fill."""

    level = "bot"

    def __init__(self, rules: RuleSet, seed: int | str = 0, name: str | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.name = name or self.level

    def act(self, view: SeatView) -> Action:
        r = read_view(view, self.rules)
        legal = r.legal
        if not legal:
            raise ValueError(f"seat {r.seat} has nothing to decide in this view")
        rng = decision_rng(self.seed, view)
        for a in legal:
            # a furiten seat cannot win on another's tile: never claim it, even if a forged view offered it
            if isinstance(a, Ron) and r.furiten:
                continue
            if isinstance(a, (Tsumo, Ron)) and self.take_win(r, a):
                return a
        if any(isinstance(a, DeclareTenpai) for a in legal):
            return self.declare(r)
        if any(isinstance(a, (Discard, Riichi)) for a in legal):
            return self.turn(r, rng)
        calls = [a for a in legal if isinstance(a, (Pon, Chi, OpenKan))]
        if calls:
            chosen = self.call(r, calls, rng)
            if chosen is not None:
                return chosen
        return next(a for a in legal if isinstance(a, Pass))

    # --- the decisions a level may refine ------------------------------------------------------------------
    def take_win(self, r: Situation, action: Tsumo | Ron) -> bool:
        return True

    def declare(self, r: Situation) -> Action:
        """Tenpai at an exhaustive draw: showing the hand collects the noten payments."""
        return DeclareTenpai()

    def turn(self, r: Situation, rng: random.Random) -> Action:
        powers: list[Power] = of_type(r.legal, Power)
        if powers:
            used = self.use_power(r, powers, rng)
            if used is not None:
                return used
        kita: list[Kita] = of_type(r.legal, Kita)
        if kita and self.extract_north(r):
            return kita[0]
        if of_type(r.legal, NineTerminals) and self.abort_nine_terminals(r):
            return NineTerminals()
        for kan in [a for a in r.legal if isinstance(a, (ClosedKan, AddedKan))]:
            if self.declare_kan(r, kan):
                return kan
        riichi = of_type(r.legal, Riichi)
        if riichi:
            chosen = self.riichi(r, riichi, rng)
            if chosen is not None:
                return chosen
        discards: list[Discard] = of_type(r.legal, Discard)
        plain = [a for a in discards if not a.veil]
        if r.sensed:  # a tile Sense said would deal in is not thrown (while another is left)
            from jantaku.bots.powers import safe_from_sense

            plain = safe_from_sense(r, plain)
        drop = self.discard(r, plain, rng)
        return self.veil(r, drop, plain, rng) if len(plain) < len(discards) else drop

    def extract_north(self, r: Situation) -> bool:
        return True

    def use_power(self, r: Situation, options: list[Power], rng: random.Random) -> Power | None:
        """An own-turn superpower to use now (``bots.powers``), or None to keep it."""
        from jantaku.bots import powers

        return powers.choose(r, options)

    def veil(self, r: Situation, chosen: Discard, options: list[Discard], rng: random.Random) -> Action:
        """``chosen``, or the same tile face down when Veil is offered and the tile is dangerous enough."""
        from jantaku.bots import powers

        return powers.veil(r, chosen)

    def abort_nine_terminals(self, r: Situation) -> bool:
        return True

    def declare_kan(self, r: Situation, kan: ClosedKan | AddedKan) -> bool:
        return False

    def riichi(self, r: Situation, options: list[Riichi], rng: random.Random) -> Riichi | None:
        return None

    def discard(self, r: Situation, options: list[Discard], rng: random.Random) -> Discard:
        raise NotImplementedError

    def call(self, r: Situation, calls: list[Pon | Chi | OpenKan], rng: random.Random) -> Action | None:
        return None
