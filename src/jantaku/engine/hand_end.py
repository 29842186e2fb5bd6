"""How a hand ends — wins (one or several), abortive draws, the exhaustive draw — and why an action is refused."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
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
from jantaku.engine.events import Event
from jantaku.engine.legal import Claims, kan_possible
from jantaku.engine.match import HandOutcome, advance, final_result
from jantaku.engine.settle import (
    WinKind,
    absolute_deltas,
    nagashi_deltas,
    nagashi_seats,
    noten_deltas,
    tenpai_seats,
    try_score,
    zung_jung_deltas,
    zung_jung_score,
)
from jantaku.tiles import code_name

if TYPE_CHECKING:
    from jantaku.engine.game import Game


def _finish(game: Game, outcome: HandOutcome) -> list[Event]:
    """End the hand: reveal the wall, move the match on, deal the next hand or end the game."""
    t = game.table
    info: dict[str, Any] = {"wall": list(t.wall.order), "salt": t.wall.salt.hex(), "scores": list(outcome.scores)}
    veiled = [[seat, r.tile] for seat, s in enumerate(t.seats) for r in s.river if r.veiled]
    if veiled:  # Veil's face-down tiles are turned up when the hand ends
        info["veiled"] = veiled
    events = [Event("end_kyoku", info=info)]
    nxt, over = advance(game.rules, game.state, outcome)
    game.state = nxt
    game.turn, game.claims = None, None
    if over:
        game.phase = "over"
        game.final = final_result(game.rules, nxt)
        events.append(Event("end_game", info=game.final.to_json()))
        return events
    if game.clock_passed and not nxt.last_hand:
        game.state = replace(nxt, last_hand=True)
        game.clock_passed = False
    game.phase = "turn"
    game.table = game._new_table()
    events.extend(game._deal())
    return events


def win(
    game: Game,
    winners: list[int],
    tile: int,
    discarder: int | None,
    *,
    rinshan: bool = False,
    chankan: bool = False,
    houtei: bool = False,
) -> list[Event]:
    """Score and pay every winner. On a multiple ron the honba and the deposits go to one winner: the nearest
    to the discarder in turn order (``deposits_to`` = nearest-discarder) or to the dealer."""
    if not game.rules.riichi:
        return zung_jung_win(game, winners[0], tile, discarder, rinshan=rinshan, chankan=chankan, houtei=houtei)
    t = game.table
    n = game.rules.players
    events: list[Event] = []
    if discarder is None and game.rules.kan_dora_timing == "standard" and game.rules.kan_dora_on_rinshan_win:
        events.extend(game._flush_dora())  # an open/added kan's dora counts for a rinshan win
    if discarder is not None and len(winners) > 1 and game.rules.deposits_to == "nearest-dealer":
        taker = min(winners, key=lambda w: (w - t.dealer) % n)
    else:
        taker = winners[0]
    scores = list(game.state.scores)
    sticks = game.state.sticks
    for w in winners:
        how = WinKind(discarder is None, discarder=discarder, rinshan=rinshan, chankan=chankan, houtei=houtei)
        honba = game.state.honba if w == taker else 0
        result = try_score(t, w, tile, how, honba=honba, sticks=sticks if w == taker else 0)
        if result is None:  # pragma: no cover - legality was checked with the same scorer
            raise AssertionError(f"seat {w} was offered a win that does not score")
        deltas = absolute_deltas(t, result)
        for i, d in enumerate(deltas):
            scores[i] += d
        s = t.seats[w]
        info = {
            "deltas": deltas,
            "han": result.han,
            "fu": result.fu,
            "points": result.points,
            "limit": result.limit,
            "yakuman": result.yakuman,
            "yaku": [[y.name, y.han] for y in result.yaku],
            "hand": sorted(s.hand),
            "ura_markers": t.ura_ids() if s.riichi_accepted and game.rules.ura_dora else [],
            "scores": list(scores),
        }
        events.append(Event("hora", actor=w, target=w if discarder is None else discarder, tile=tile, info=info))
    dealer_won = t.dealer in winners
    outcome = HandOutcome(tuple(scores), 0, "win", dealer_won=dealer_won, winners=tuple(winners))
    return events + _finish(game, outcome)


def zung_jung_win(
    game: Game, winner: int, tile: int, discarder: int | None, *, rinshan: bool, chankan: bool, houtei: bool
) -> list[Event]:
    """One Zung Jung winner, paid by the pattern scorer: self-draw → each other seat pays the value; a discard
    or a robbed quad → the discarder pays three times it."""
    t = game.table
    how = WinKind(discarder is None, discarder=discarder, rinshan=rinshan, chankan=chankan, houtei=houtei)
    result = zung_jung_score(t, winner, tile, how)
    deltas = zung_jung_deltas(t, result)
    scores = [s + d for s, d in zip(game.state.scores, deltas, strict=True)]
    info = {
        "deltas": deltas,
        "value": result.value,
        "points": result.value,
        "total": result.total,
        "chicken": result.chicken,
        "capped": result.capped,
        "patterns": [[p.number, p.name, p.points] for p in result.patterns],
        "arrangement": result.arrangement,
        "hand": sorted(t.seats[winner].hand),
        "scores": list(scores),
    }
    target = winner if discarder is None else discarder
    events = [Event("hora", actor=winner, target=target, tile=tile, info=info)]
    outcome = HandOutcome(tuple(scores), 0, "win", dealer_won=winner == t.dealer, winners=(winner,))
    return events + _finish(game, outcome)


def abort(game: Game, reason: str, seats: list[int]) -> list[Event]:
    """An abortive draw: no payments, deposits stay, the dealer keeps the seat (docs/rules.md)."""
    t = game.table
    info: dict[str, object] = {"reason": reason, "deltas": [0] * game.rules.players}
    if reason == "nine_terminals":
        info["hands"] = {str(s): sorted(t.seats[s].hand) for s in seats}
    ev = Event("ryukyoku", info=info)
    outcome = HandOutcome(game.state.scores, game.state.sticks, "abortive")
    return [ev, *_finish(game, outcome)]


def exhaustive(game: Game, declared: dict[int, Action] | None = None) -> list[Event]:
    """The wall is empty and the last discard passed: nagashi mangan where on, else noten payments.

    Where the rules ask for a tenpai declaration, every tenpai seat not in riichi first chooses to show its hand
    (``DeclareTenpai``) or not (``DeclareNoten``); noten seats are noten and riichi seats must show."""
    t = game.table
    tenpai = tenpai_seats(t) if game.rules.riichi else [False] * game.rules.players  # Zung Jung: no payments
    if game.rules.tenpai_declaration:
        if declared is None:
            options: dict[int, list[Action]] = {
                i: [DeclareTenpai(), DeclareNoten()]
                for i, s in enumerate(t.seats)
                if tenpai[i] and not s.riichi_accepted
            }
            if options:
                game.claims = Claims("declare", t.dealer, -1, options, [])
                game.phase, game.turn = "claims", None
                return []
        else:
            tenpai = [ok and not isinstance(declared.get(i), DeclareNoten) for i, ok in enumerate(tenpai)]
    nagashi = nagashi_seats(t)
    deltas = nagashi_deltas(t, nagashi) if nagashi else noten_deltas(t, tenpai)
    scores = tuple(s + d for s, d in zip(game.state.scores, deltas, strict=True))
    info = {
        "reason": "nagashi_mangan" if nagashi else "exhaustive",
        "tenpai": tenpai,
        "deltas": deltas,
        "nagashi": nagashi,
        "hands": {str(i): sorted(s.hand) for i, s in enumerate(t.seats) if tenpai[i]},
        "scores": list(scores),
    }
    ev = Event("ryukyoku", info=info)
    outcome = HandOutcome(scores, game.state.sticks, "exhaustive", dealer_tenpai=tenpai[t.dealer])
    return [ev, *_finish(game, outcome)]


def tile_name(game: Game, tile: object) -> str:
    """A physical tile in notation, with its id: ``0m (id 16)`` for a red five under the game's rules."""
    if isinstance(tile, int) and not isinstance(tile, bool) and 0 <= tile < len(game.codes):
        return f"{code_name(game.codes[tile])} (id {tile})"
    return f"{tile!r} (not a tile id: ids are 0 to {len(game.codes) - 1})"


def _tiles_of(action: Action) -> tuple[object, ...]:
    if isinstance(action, (Discard, Riichi, AddedKan, Kita)):
        return (action.tile,)
    if isinstance(action, (Chi, Pon, OpenKan, ClosedKan)):
        return tuple(action.tiles)
    return ()


def why_illegal(game: Game, seat: int, action: Action) -> tuple[str, str]:
    """(rule, explanation) for an action that is not among the legal ones; tiles are named in notation."""
    t = game.table
    s = t.seats[seat]
    rules = game.rules
    tiles = _tiles_of(action)
    for tile in tiles:
        if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < len(game.codes):
            return "action_format", f"{action.type}: {tile_name(game, tile)}"
    names = " ".join(tile_name(game, tile) for tile in tiles)
    if game.phase == "claims":
        c = game.claims
        assert c is not None
        if c.kind == "declare":
            return "tenpai_declaration", "at this exhaustive draw a tenpai seat declares tenpai or noten"
        if isinstance(action, (Discard, Riichi, Tsumo, ClosedKan, AddedKan, Kita, NineTerminals)):
            return "turn_order", f"seat {seat} may only answer the {c.kind} now (ron, a call or pass)"
        if c.houtei and rules.riichi and not isinstance(action, Ron):
            return "houtei_only_ron", "the last discard may only be claimed by ron"
        if isinstance(action, Ron):
            if (c.tile >> 2) not in s.waits:
                return "not_winning", "the tile does not complete the hand"
            if s.furiten and rules.riichi:
                return "furiten", "a furiten hand may not win by ron (own discards, a passed winning tile, riichi)"
            if c.kind == "ankan":
                return "chankan_closed_kan", "a concealed kan may only be robbed for thirteen orphans, where allowed"
            return "no_yaku", "the win has no yaku (dora are not yaku)"
        if isinstance(action, Chi) and (not rules.chi or (seat - c.actor) % rules.players != 1):
            return "chi_left_only", "chi takes a discard from the player on the left only"
        if isinstance(action, (Chi, Pon, OpenKan)):
            if s.riichi:
                return "riichi_no_calls", "a riichi hand makes no calls"
            if isinstance(action, OpenKan) and not kan_possible(t):
                return "kan_limit", "no kan now: four kans made, no replacement tile, or the wall's last tile"
            return "kuikae", (
                f"{action.type} with {names} is not possible now (the tiles must be in the hand and fit the "
                "discard), or it would leave only kuikae discards"
            )
        return "call", "not a choice now"
    if isinstance(action, Power):
        from jantaku.engine.powers import why_not

        return "superpower", why_not(game, seat, action)
    if isinstance(action, Discard) and action.veil and action.tile in s.hand:
        return "superpower", "Veil: a face-down discard needs Veil ready, no riichi, 1,000 points and a live tile left"
    turn = game.turn
    assert turn is not None
    if isinstance(action, (Ron, Chi, Pon, OpenKan, Pass)):
        return "turn_order", f"{action.type} answers another seat's discard; on its own turn a seat discards"
    if isinstance(action, Riichi) and not rules.riichi:
        return "no_riichi", f"rules {rules.name!r} have no riichi"
    if isinstance(action, (Discard, Riichi)):
        if action.tile not in s.hand:
            return "own_tile", f"{names} is not in the hand"
        if s.riichi:
            return "riichi_tsumogiri", "after riichi the drawn tile must be discarded"
        if action.tile >> 2 in turn.forbidden:
            return "kuikae", (
                f"{names}: right after a call the called tile's twin or the run's other end may not be discarded"
            )
        if isinstance(action, Riichi):
            if not s.closed:
                return "riichi_closed", "riichi needs a closed hand"
            if game.state.scores[seat] < rules.riichi_min_points:
                return "riichi_points", f"riichi needs at least {rules.riichi_min_points} points"
            if t.wall.remaining < rules.riichi_min_live_tiles:
                return "riichi_tiles_left", f"riichi needs {rules.riichi_min_live_tiles} live tiles left"
            if turn.drawn is None:
                return "riichi_after_draw", "riichi is declared after an own draw"
            return "riichi_tenpai", "riichi needs a tenpai hand after the discard (karaten where forbidden)"
    if isinstance(action, Tsumo):
        return "tsumo", "the drawn tile does not complete the hand with a yaku (or no tile was drawn)"
    if isinstance(action, Kita):
        if not rules.north_extraction:
            return "north_extraction", "North extraction is a 3-player rule"
        return (
            "north_extraction",
            "a North is set aside on the player's own turn after a draw (after riichi: the drawn one)",
        )
    if isinstance(action, NineTerminals):
        return "nine_terminals", "needs the first go-around unbroken and nine different terminals and honors"
    if isinstance(action, (ClosedKan, AddedKan)):
        if turn.drawn is None:
            return "kan_after_call", "no kan right after a call: discard first"
        if not kan_possible(t):
            return "kan_limit", "no kan now: four kans made, no replacement tile, or the wall's last tile"
        if s.riichi:
            return "riichi_kan", f"after riichi a concealed kan must keep the waits ({rules.riichi_kan})"
        if isinstance(action, AddedKan):
            return "kan_tiles", f"{names}: an added kan needs this tile in the hand and a pon of its kind"
        return "kan_tiles", f"{names}: a concealed kan needs four tiles of one kind, all in the hand"
    return "not_legal", "not a choice now"
