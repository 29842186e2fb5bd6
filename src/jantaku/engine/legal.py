"""What the rules allow now: the turn player's choices and every other seat's claims on a discard or a kan,
and why an action that is not allowed is refused (``why_illegal``).

Pure functions over a Table and the turn/claim situation (``why_illegal`` reads the Game and changes nothing).
Choices that differ only by physical copy are listed once per tile *code* (a red five and a plain five are
different choices), using the lowest id of each code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

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
    Power,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.powers import why_not
from jantaku.engine.settle import WinKind, try_score
from jantaku.engine.table import SeatState, Table
from jantaku.hand.decompose import is_thirteen_orphans
from jantaku.hand.shanten import shanten
from jantaku.hand.waits import is_karaten, kan_keeps_arrangement, kan_keeps_waits, waits
from jantaku.melds import MeldKind
from jantaku.tiles import KIND_OF_ID, KINDS, NORTH, TERMINALS_AND_HONORS, code_name, first_id, is_honor, suit_of

if TYPE_CHECKING:
    from jantaku.engine.game import Game


@dataclass(slots=True)
class Turn:
    """The seat that must act with a 3n+2 hand. ``drawn`` is the tile just drawn (None right after a call);
    ``forbidden`` the kinds kuikae forbids to discard; ``rinshan`` marks a replacement draw."""

    seat: int
    drawn: int | None
    rinshan: bool = False
    forbidden: frozenset[int] = frozenset()


@dataclass(slots=True)
class Claims:
    """A window in which other seats answer a discard (``kind`` "discard") or a kan that may be robbed
    ("kakan", "ankan"). ``options`` are each answering seat's choices besides passing; ``waiting`` the seats for
    which the tile is a winning tile (passing it makes them furiten)."""

    kind: str
    actor: int
    tile: int
    options: dict[int, list[Action]]
    waiting: list[int]
    houtei: bool = False
    answers: dict[int, Action] = field(default_factory=dict)
    kan_tiles: tuple[int, ...] = ()


def kan_possible(table: Table) -> bool:
    """A kan may be declared: a replacement tile exists, the wall is not at its last tile, kans are left.
    Zung Jung: a replacement tile is left at the wall's tail (no limit on the number of quads)."""
    rules, wall = table.rules, table.wall
    if not rules.riichi:
        return wall.remaining > 0
    if wall.remaining == 0 and not rules.kan_on_last_tile:
        return False
    if table.kans >= 4:  # a fifth kan draws no replacement: it aborts the hand (doman)
        return rules.fifth_kan_abort and "fifth_kan" in rules.abortive_draws and table.kans == 4
    return wall.replacements < rules.max_replacements


def can_win(table: Table, seat: int, tile: int, how: WinKind) -> bool:
    """The tile (one of the seat's waits) wins: riichi needs a yaku and no furiten on another's tile; Zung Jung
    has neither, so every complete hand wins."""
    if not table.rules.riichi:
        return True
    if not how.tsumo and table.seats[seat].furiten:
        return False
    return try_score(table, seat, tile, how, check_only=True) is not None


def _by_code(table: Table, s: SeatState, kind: int) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for t in sorted(s.hand):
        if KIND_OF_ID[t] == kind:
            out.setdefault(table.codes[t], []).append(t)
    return out


def kuikae_forbidden(rules_kuikae: str, called_kind: int, run: tuple[int, int] | None) -> frozenset[int]:
    """Kinds that may not be discarded right after a call (docs/rules.md#kuikae, both kinds)."""
    if rules_kuikae == "allowed":
        return frozenset()
    out = {called_kind}
    if run is not None:
        lo, hi = sorted(run)
        if called_kind < lo and not is_honor(hi + 1) and suit_of(hi + 1) == suit_of(called_kind):
            out.add(hi + 1)
        elif called_kind > hi and lo - 1 >= 0 and suit_of(lo - 1) == suit_of(called_kind):
            out.add(lo - 1)
    return frozenset(out)


def _discard_left(s: SeatState, used: tuple[int, ...], forbidden: frozenset[int]) -> bool:
    rest = [t for t in s.hand if t not in used]
    return any(KIND_OF_ID[t] not in forbidden for t in rest)


def turn_actions(table: Table, turn: Turn, points: int) -> list[Action]:
    seat = turn.seat
    s = table.seats[seat]
    rules = table.rules
    out: list[Action] = []
    drawn = turn.drawn
    if drawn is not None:
        how = WinKind(True, rinshan=turn.rinshan)
        if KIND_OF_ID[drawn] in s.waits and can_win(table, seat, drawn, how):
            out.append(Tsumo())
        if "nine_terminals" in rules.abortive_draws and table.first_turn(seat) and not s.melds:
            kinds = {KIND_OF_ID[t] for t in s.hand}
            if sum(1 for k in TERMINALS_AND_HONORS if k in kinds) >= 9:
                out.append(NineTerminals())
        out.extend(_kans(table, s, drawn))
        out.extend(_kita(table, s, drawn))
    if s.riichi:
        assert drawn is not None
        out.append(Discard(drawn))
        return out
    if turn.forbidden:
        out.extend(Discard(t) for t in sorted(s.hand) if KIND_OF_ID[t] not in turn.forbidden)
    else:
        out.extend(map(Discard, sorted(s.hand)))
    if drawn is not None and rules.riichi:
        out.extend(_riichi(table, s, points))
    return out


def plain_discard_legal(table: Table, turn: Turn, tile: int) -> bool:
    """``Discard(tile)`` is among ``turn_actions``' choices, decided without listing them: a replayed record or a
    player's plain discard is most decisions, and listing every choice (riichi's tenpai discards with their waits,
    kans, a tsumo's scoring) only to find a discard among them would cost the most of refereeing one."""
    s = table.seats[turn.seat]
    if s.riichi:
        return tile == turn.drawn
    return tile in s.hand and KIND_OF_ID[tile] not in turn.forbidden


def _kans(table: Table, s: SeatState, drawn: int) -> list[Action]:
    if not kan_possible(table):
        return []
    rules = table.rules
    out: list[Action] = []
    counts = s.counts()
    # Zung Jung ([S4]): a concealed or small melded quad is made with the tile just drawn
    drawn_only = not rules.riichi
    for k in range(KINDS):
        if counts[k] != 4 or (drawn_only and k != KIND_OF_ID[drawn]):
            continue
        if s.riichi:
            if KIND_OF_ID[drawn] != k or rules.riichi_kan == "never":
                continue
            c13 = list(counts)
            c13[k] -= 1
            locked = s.locked() if s.melds else None
            keeps = kan_keeps_waits if rules.riichi_kan == "waits" else kan_keeps_arrangement
            if not keeps(c13, k, locked):
                continue
        tiles = sorted(t for t in s.hand if KIND_OF_ID[t] == k)
        out.append(ClosedKan((tiles[0], tiles[1], tiles[2], tiles[3])))
    for m in s.melds:
        if m.kind is MeldKind.PON:
            k = m.kind_of_tiles
            for t in sorted(s.hand):
                if KIND_OF_ID[t] == k and (not drawn_only or t == drawn):
                    out.append(AddedKan(t))
                    break
    return out


def _kita(table: Table, s: SeatState, drawn: int) -> list[Action]:
    """3-player North extraction on the player's own turn after a draw; after riichi only the drawn North
    (the waiting hand is then unchanged)."""
    rules, wall = table.rules, table.wall
    if not rules.north_extraction or wall.remaining == 0 or wall.replacements >= rules.max_replacements:
        return []
    if s.riichi:
        return [Kita(drawn)] if KIND_OF_ID[drawn] == NORTH else []
    norths = sorted(t for t in s.hand if KIND_OF_ID[t] == NORTH)
    return [Kita(norths[0])] if norths else []


def _riichi_open(table: Table, s: SeatState, points: int) -> bool:
    """Riichi may be declared on this turn with some discard, as far as the hand's shape allows: closed, enough
    points and live tiles, and one discard away from tenpai."""
    rules = table.rules
    if not s.closed or points < rules.riichi_min_points or table.wall.remaining < rules.riichi_min_live_tiles:
        return False
    if s.shanten > 1:  # one draw lowers shanten by one at most: no tenpai discard exists
        return False
    return shanten(s.counts(), len(s.melds)) <= 0


def _riichi_discard(
    table: Table, s: SeatState, counts: list[int], locked: list[int] | None, visible: list[int] | None, k: int
) -> bool:
    """Discarding a tile of kind ``k`` from ``counts`` (the hand's 3n+2 tiles) declares a valid riichi: tenpai
    after it, not furiten where that is forbidden, not karaten where that is forbidden (``visible`` given)."""
    counts[k] -= 1
    ws = waits(counts, locked)
    ok = bool(ws)
    if ok and not table.rules.furiten_riichi:  # the declaration tile joins the river
        ok = not any(w == k or w in s.river_kinds for w in ws)
    if ok and visible is not None:
        own_visible = list(visible)
        own_visible[k] += 1  # the declaration tile itself
        ok = not is_karaten(counts, locked, own_visible)
    counts[k] += 1
    return ok


def _riichi(table: Table, s: SeatState, points: int) -> list[Action]:
    if not _riichi_open(table, s, points):
        return []
    counts = s.counts()
    locked = s.locked() if s.melds else None
    visible = None if table.rules.karaten_riichi else table.visible_counts(table.seats.index(s))
    good = {k for k in range(KINDS) if counts[k] and _riichi_discard(table, s, counts, locked, visible, k)}
    return [Riichi(t) for t in sorted(s.hand) if KIND_OF_ID[t] in good]


def riichi_legal(table: Table, turn: Turn, points: int, tile: int) -> bool:
    """``Riichi(tile)`` is among ``turn_actions``' choices, decided for that tile's kind alone (the list tries the
    waits of every kind the hand holds)."""
    s = table.seats[turn.seat]
    if turn.drawn is None or not table.rules.riichi or s.riichi or tile not in s.hand:
        return False
    if not _riichi_open(table, s, points):
        return False
    locked = s.locked() if s.melds else None
    visible = None if table.rules.karaten_riichi else table.visible_counts(turn.seat)
    return _riichi_discard(table, s, s.counts(), locked, visible, KIND_OF_ID[tile])


def _pairs(groups_a: dict[int, list[int]], groups_b: dict[int, list[int]] | None) -> list[tuple[int, int]]:
    """Distinct code choices of two tiles: from one kind (pon) or one from each of two kinds (chi)."""
    out: list[tuple[int, int]] = []
    if groups_b is None:
        codes = sorted(groups_a)
        for i, a in enumerate(codes):
            for b in codes[i:]:
                ids_a, ids_b = groups_a[a], groups_a[b]
                if a == b:
                    if len(ids_a) >= 2:
                        out.append((ids_a[0], ids_a[1]))
                else:
                    out.append((ids_a[0], ids_b[0]))
        return out
    for _a, ids_a in sorted(groups_a.items()):
        for _b, ids_b in sorted(groups_b.items()):
            out.append((ids_a[0], ids_b[0]))
    return out


def discard_claims(table: Table, discarder: int, tile: int) -> Claims:
    """Every other seat's choices on a discard: ron (not furiten, with a yaku), pon, open kan, chi (left seat)."""
    rules = table.rules
    k = KIND_OF_ID[tile]
    n = table.players
    houtei = table.wall.remaining == 0
    options: dict[int, list[Action]] = {}
    waiting: list[int] = []
    calls = not houtei or not rules.riichi  # Zung Jung: the last discard may be called
    first = first_id(k)  # the kind's four copies are ids first .. first + 3
    for step in range(1, n):
        seat = (discarder + step) % n
        s = table.seats[seat]
        acts: list[Action] = []
        if s.waits_on(k, discarder):
            waiting.append(seat)
            how = WinKind(False, discarder=discarder, houtei=houtei)
            if can_win(table, seat, tile, how):
                acts.append(Ron())
        # a Seal forbids calls while it lasts (docs/superpowers.md#seal)
        if calls and not s.riichi and not s.sealed_by:
            hand = s.hand
            held = (first in hand) + (first + 1 in hand) + (first + 2 in hand) + (first + 3 in hand)
            groups = _by_code(table, s, k) if held >= 2 else {}
            if held >= 2:
                forbidden = kuikae_forbidden(rules.kuikae, k, None)
                for pair in _pairs(groups, None):
                    if _discard_left(s, pair, forbidden):
                        acts.append(Pon(pair))
            if held == 3 and not houtei and kan_possible(table):
                ids = sorted(t for v in groups.values() for t in v)
                acts.append(OpenKan((ids[0], ids[1], ids[2])))
            if rules.chi and step == 1 and not is_honor(k):
                acts.extend(_chis(table, s, k, set(map(KIND_OF_ID.__getitem__, hand))))
        if acts:
            options[seat] = acts
    return Claims("discard", discarder, tile, options, waiting, houtei)


#: The runs a discard of each kind may complete, as (lower, upper) kinds of the two tiles a chi takes from the hand,
#: in the order ``_chis`` lists them: only runs within one suit (none for an honor).
_CHI_RUNS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (a, b)
        for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2))
        if a >= 0 and not is_honor(b) and suit_of(a) == suit_of(k) and suit_of(b) == suit_of(k)
    )
    if not is_honor(k)
    else ()
    for k in range(KINDS)
)


def _chis(table: Table, s: SeatState, k: int, held: set[int]) -> list[Action]:
    out: list[Action] = []
    for a, b in _CHI_RUNS[k]:
        if a not in held or b not in held:
            continue
        ga, gb = _by_code(table, s, a), _by_code(table, s, b)
        if not ga or not gb:
            continue
        forbidden = kuikae_forbidden(table.rules.kuikae, k, (a, b))
        for pair in _pairs(ga, gb):
            if _discard_left(s, pair, forbidden):
                out.append(Chi(pair))
    return out


def north_claims(table: Table, actor: int, tile: int) -> Claims:
    """Ron on an extracted North (not a discard, no chankan yaku; passing it is furiten like a discard)."""
    n = table.players
    options: dict[int, list[Action]] = {}
    waiting: list[int] = []
    for step in range(1, n):
        seat = (actor + step) % n
        s = table.seats[seat]
        if s.waits_on(NORTH, actor):
            waiting.append(seat)
            how = WinKind(False, discarder=actor)
            if not s.furiten and try_score(table, seat, tile, how, check_only=True) is not None:
                options[seat] = [Ron()]
    return Claims("kita", actor, tile, options, waiting)


def kan_claims(table: Table, actor: int, tile: int, closed: bool, kan_tiles: tuple[int, ...]) -> Claims:
    """Robbing a kan: any winning seat on an added kan; only thirteen orphans on a concealed kan (where allowed;
    never in Zung Jung, where only a small melded quad is robbed)."""
    k = KIND_OF_ID[tile]
    n = table.players
    options: dict[int, list[Action]] = {}
    waiting: list[int] = []
    if not closed or (table.rules.riichi and table.rules.chankan_closed_kan_kokushi):
        for step in range(1, n):
            seat = (actor + step) % n
            s = table.seats[seat]
            if not s.waits_on(k, actor):
                continue
            if closed:
                c = s.counts()
                c[k] += 1
                if s.melds or not is_thirteen_orphans(c):
                    continue
            waiting.append(seat)
            how = WinKind(False, discarder=actor, chankan=True)
            if can_win(table, seat, tile, how):
                options[seat] = [Ron()]
    return Claims("ankan" if closed else "kakan", actor, tile, options, waiting, kan_tiles=kan_tiles)


# ----------------------------------------------------------------- refusals
def _tile_name(game: Game, tile: object) -> str:
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
            return "action_format", f"{action.type}: {_tile_name(game, tile)}"
    names = " ".join(_tile_name(game, tile) for tile in tiles)
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
            if KIND_OF_ID[c.tile] not in s.waits:
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
        return "superpower", why_not(game, seat, action)
    if isinstance(action, Discard) and action.veil and action.tile in s.hand:
        return "superpower", "Veil: a face-down discard needs Veil ready, no riichi and a live tile left"
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
        if KIND_OF_ID[action.tile] in turn.forbidden:
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
