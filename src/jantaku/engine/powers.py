"""Superpowers (the catalogue and its general rules are docs/superpowers.md).

Each seat holds one power, public from the start. A power is an ordinary action of the state machine: the
own-turn powers are ``Power`` actions offered after a normal draw and before the discard (using one does not end
the turn); Veil is a flag on ``Discard``. Charges are counted per hand and per game and are public.

What stays true with powers on:
- no power draws on the game's random stream (the powers held come from their own hash of the seed), so a game
  is still fixed by (rules, seed, powers, decisions) and replays exactly;
- a power never shows a hidden tile to anyone but its user, and never the dead wall's hidden tiles or ura dora:
  the private part of a ``power`` event sits in ``info["private"]``, which ``events.redact`` keeps for the user
  alone; the record (``Game.events``, ``Game.log``) keeps everything, to be read after the game;
- the wall's commitment is over the order dealt, so it verifies whatever Redraw did to the live wall.

Charges (docs/superpowers.md#every-power: 2 per game, at most 1 per hand, unless the power says otherwise): Foresight
has 5 a game, Seal and Beacon 3, tuned by measurement (docs/superpowers.md#balance). Foresight, once used, lasts the
hand: every view of its user shows its next draws as the wall then stands (``foresight``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import Action, Discard, Power
from jantaku.engine.events import Event
from jantaku.engine.settle import WinKind
from jantaku.tiles import KIND_OF_ID

if TYPE_CHECKING:
    from jantaku.engine.game import Game
    from jantaku.engine.view import PowerAnswer, PowerView


#: Seal lasts until the end of the target's next this many turns (a turn ends with its discard)
SEAL_TURNS = 2
#: Foresight shows the user's own next this many draws
FORESIGHT_DRAWS = 3


@dataclass(frozen=True, slots=True)
class PowerSpec:
    """One power of the catalogue. ``timing`` is "turn" (a ``Power`` action) or "discard" (Veil's flag);
    ``target`` says the user names an opponent (Sense names a tile of the own hand instead); ``in_riichi`` that it
    may be used after riichi."""

    name: str
    per_hand: int
    per_game: int
    timing: str
    target: bool
    in_riichi: bool
    summary: str
    summary_ja: str


CATALOGUE: dict[str, PowerSpec] = {
    p.name: p
    for p in (
        PowerSpec("foresight", 1, 5, "turn", False, True,
                  "See your own next 3 draws as the wall stands, for the rest of the hand (only you; calls move them).",
                  "この局の終わりまで、自分の次の3回のツモ牌が見える（自分だけ。鳴きが入ると変わる）。"),
        PowerSpec("redraw", 1, 3, "turn", False, False,
                  "Put the tile just drawn face down at the end of the live wall and draw again.",
                  "ツモった牌を山の最後に伏せて戻し、もう一度ツモる。"),
        PowerSpec("veil", 1, 2, "discard", False, False,
                  "Discard face down: the tile cannot be called or ronned.",
                  "伏せて打牌：その牌は鳴かれず、ロンされない。"),
        PowerSpec("seal", 1, 3, "turn", True, False,
                  "A chosen opponent may not call, nor win on your tiles, until the end of their next two turns.",
                  "選んだ相手は自分の手番2回が終わるまで鳴けず、あなたの牌でロンもできない。"),
        PowerSpec("beacon", 1, 3, "turn", False, False,
                  "Reveal the next kan-dora indicator now, for everyone.",
                  "次のカンドラ表示牌を今すぐ全員にめくる。"),
        PowerSpec("sense", 1, 3, "turn", False, False,
                  "Name a tile of your hand: learn whether discarding it now would deal in (only you learn it).",
                  "手牌の1枚を選び、今それを切ると放銃になるか知る（自分だけ）。"),
    )
}  # fmt: skip
POWERS: tuple[str, ...] = tuple(CATALOGUE)


def choose_powers(seed: int | str, players: int) -> tuple[str, ...]:
    """Each seat's power when nobody chose: a hash of the game's seed, not its wall stream (for CPUs and tests)."""
    out = []
    for seat in range(players):
        digest = hashlib.sha256(f"jantaku-powers:{seed}:{seat}".encode()).digest()
        out.append(POWERS[int.from_bytes(digest[:4], "big") % len(POWERS)])
    return tuple(out)


def check_powers(powers: object, players: int) -> tuple[str | None, ...]:
    """The seats' powers as given (a power name or None for a seat without one), or a clear ``ValueError``."""
    if not isinstance(powers, (list, tuple)) or len(powers) != players:
        raise ValueError(f"powers names one power (or None) per seat: {players} entries, not {powers!r}")
    for p in powers:
        if p is not None and p not in CATALOGUE:
            raise ValueError(f"unknown superpower {p!r} (known: {', '.join(POWERS)})")
    return tuple(powers)


@dataclass(slots=True)
class Charges:
    """One seat's power and how much of it is used."""

    power: str | None
    used_game: int = 0
    used_hand: int = 0

    @property
    def left(self) -> int:
        """Uses left in this game."""
        if self.power is None:
            return 0
        return CATALOGUE[self.power].per_game - self.used_game

    @property
    def ready(self) -> bool:
        """A use is left both in the game and in this hand."""
        if self.power is None:
            return False
        return self.left > 0 and self.used_hand < CATALOGUE[self.power].per_hand

    def to_json(self) -> PowerView:
        return {"name": self.power, "left": self.left, "ready": self.ready}


def _turn_open(game: Game, seat: int) -> bool:
    """Own-turn timing: right after a normal draw (not a replacement draw), a live tile still left."""
    turn = game.turn
    return (
        game.phase == "turn"
        and turn is not None
        and turn.seat == seat
        and turn.drawn is not None
        and not turn.rinshan
        and game.table.wall.remaining > 0
    )


def turn_powers(game: Game, seat: int) -> list[Action]:
    """The power actions ``seat`` may take now (none when its power is spent, the timing is wrong ...)."""
    ch = game.charges[seat]
    if not ch.ready or not _turn_open(game, seat):
        return []
    spec = CATALOGUE[ch.power]  # type: ignore[index]
    t = game.table
    s = t.seats[seat]
    if s.riichi and not spec.in_riichi:
        return []
    name = spec.name
    if name == "foresight":
        return [Power(name)]
    if name == "redraw":
        assert game.turn is not None
        return [Power(name)] if game.turn.drawn in s.hand else []
    if name == "beacon":
        # a kan-dora indicator: only under rules that have kan dora
        return [Power(name)] if t.wall.revealed < 5 and t.wall.dead_wall and game.rules.kan_dora else []
    opponents = [(seat + step) % t.players for step in range(1, t.players)]
    if name == "seal":
        return [Power(name, o) for o in opponents if seat not in t.seats[o].sealed_by]
    if name == "sense":
        return [Power(name, tile=tile) for tile in sorted(s.hand)]
    return []  # veil is a discard flag


def veil_discards(game: Game, seat: int, discards: list[Action]) -> list[Action]:
    """Veiled copies of the plain discards, when Veil is ready: not with or after riichi. A discard modifier, so it
    also goes on the discard after a call; never after a replacement draw and never on the discard after the last
    live tile (docs/superpowers.md#veil: a veiled last discard would escape houtei)."""
    ch = game.charges[seat]
    if ch.power != "veil" or not ch.ready or game.table.seats[seat].riichi:
        return []
    turn = game.turn
    if turn is None or turn.seat != seat or turn.rinshan or game.table.wall.remaining == 0:
        return []
    return [Discard(a.tile, True) for a in discards if type(a) is Discard]


def why_not(game: Game, seat: int, action: Power) -> str:
    """Why a power action is refused, as a sentence (the rule is ``superpower``)."""
    ch = game.charges[seat]
    if not game.rules.superpowers:
        return f"rules {game.rules.name!r} have no superpowers"
    if action.power not in CATALOGUE:
        return f"unknown superpower {action.power!r} (known: {', '.join(POWERS)})"
    if ch.power != action.power:
        return f"seat {seat} holds {ch.power or 'no power'}, not {action.power}"
    if CATALOGUE[action.power].timing == "discard":
        return "Veil is a flag on a discard: {'type': 'discard', 'tile': ..., 'veil': true}"
    if not ch.ready:
        return f"{action.power} has no charge left (this hand or this game)"
    if not _turn_open(game, seat):
        return "an own-turn power is used right after a normal draw, a live tile still left"
    return f"{action.power} is not allowed now (riichi, the target or tile named, or no indicator left)"


def use_power(game: Game, seat: int, action: Power) -> list[Event]:
    """Play an own-turn power (already checked legal) and return its events."""
    t = game.table
    s = t.seats[seat]
    ch = game.charges[seat]
    ch.used_game += 1
    ch.used_hand += 1
    name = action.power
    info: dict[str, Any] = {"power": name, "left": ch.left}
    private: PowerAnswer | None = None
    after: list[Event] = []
    if name == "foresight":
        private = foresight(game, seat)
    elif name == "redraw":
        turn = game.turn
        assert turn is not None and turn.drawn is not None
        old = turn.drawn
        s.take(old)
        t.wall.live.append(old)  # face down at the end: the live wall's last tile, the count unchanged
        new = t.wall.draw()
        s.hand.append(new)
        turn.drawn = new
        s.blessings_void = True
        private = {"returned": old, "drawn": new}
    elif name == "seal":
        assert action.target is not None
        target = t.seats[action.target]
        target.sealed_by.append(seat)
        target.seal_turns.append(SEAL_TURNS)
        info["turns"] = SEAL_TURNS
    elif name == "beacon":
        after.append(Event("dora", tile=t.wall.reveal_indicator(), info={"beacon": seat}))
    elif name == "sense":
        assert action.tile is not None
        private = {"tile": action.tile, "deals_in": deals_in(game, seat, action.tile)}
    if private is not None:
        info["private"] = private
        # ``order``: the hand's running discard number when it was used (how fresh the answer is)
        game.secrets[seat].append({"power": name, "target": action.target, "order": t.discards, **private})
    game.note_power(seat, name, action.target)
    return [Event("power", actor=seat, target=action.target, info=info), *after]


def foresight(game: Game, seat: int) -> PowerAnswer:
    """``seat``'s own next draws as the wall stands now, if no call moves the turn (``tiles``, at live-wall
    positions ``at`` counted like the view's ``front``): the seat after the one whose turn it is, or whose tile is
    on the table, draws first, then every ``players``-th tile. Foresight shows them when used and, for the rest of
    the hand, again at every view (``foresight_on``)."""
    t = game.table
    c = game.claims
    if game.phase == "claims" and c is not None:
        current = c.actor
    elif game.turn is not None:
        current = game.turn.seat
    else:
        return {"tiles": [], "at": []}
    offset = (seat - current - 1) % t.players
    at = list(range(offset, t.wall.remaining, t.players))[:FORESIGHT_DRAWS]
    front = t.wall.taken
    return {"tiles": [t.wall.live[i] for i in at], "at": [front + i for i in at]}


def foresight_on(game: Game, seat: int) -> bool:
    """Foresight, once used in a hand, lasts the hand (and ends with the game's last one)."""
    ch = game.charges[seat]
    return ch.power == "foresight" and ch.used_hand > 0 and not game.over


def deals_in(game: Game, seat: int, tile: int) -> bool:
    """Sense's answer: whether ``seat`` discarding ``tile`` now would let an opponent ron, by the claims' own test
    (the tile among the opponent's waits, no furiten, a yaku, not sealed by ``seat``)."""
    from jantaku.engine.legal import can_win  # legal reads this module's refusals: imported when first asked

    t = game.table
    kind = KIND_OF_ID[tile]
    for step in range(1, t.players):
        other = (seat + step) % t.players
        if t.seats[other].waits_on(kind, seat) and can_win(t, other, tile, WinKind(False, discarder=seat)):
            return True
    return False


def end_turn(game: Game, seat: int) -> None:
    """``seat``'s turn has ended with its discard: each seal on it has one turn less to last."""
    s = game.table.seats[seat]
    if not s.sealed_by:
        return
    kept = [(by, n - 1) for by, n in zip(s.sealed_by, s.seal_turns, strict=True) if n > 1]
    s.sealed_by = [by for by, _ in kept]
    s.seal_turns = [n for _, n in kept]
