"""What the rules allow now: the turn player's choices and every other seat's claims on a discard or a kan.

Pure functions over a Table and the turn/claim situation. Choices that differ only by physical copy are listed
once per tile *code* (a red five and a plain five are different choices), using the lowest id of each code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.settle import WinKind, try_score
from jantaku.engine.table import SeatState, Table
from jantaku.hand.decompose import is_thirteen_orphans
from jantaku.hand.shanten import shanten
from jantaku.hand.waits import is_karaten, kan_keeps_arrangement, kan_keeps_waits, waits
from jantaku.melds import MeldKind
from jantaku.tiles import NORTH, TERMINALS_AND_HONORS


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
        if t >> 2 == kind:
            out.setdefault(table.codes[t], []).append(t)
    return out


def kuikae_forbidden(rules_kuikae: str, called_kind: int, run: tuple[int, int] | None) -> frozenset[int]:
    """Kinds that may not be discarded right after a call (docs/rules.md#kuikae, both kinds)."""
    if rules_kuikae == "allowed":
        return frozenset()
    out = {called_kind}
    if run is not None:
        lo, hi = sorted(run)
        if called_kind < lo and hi + 1 < 27 and (hi + 1) // 9 == called_kind // 9:
            out.add(hi + 1)
        elif called_kind > hi and lo - 1 >= 0 and (lo - 1) // 9 == called_kind // 9:
            out.add(lo - 1)
    return frozenset(out)


def _discard_left(s: SeatState, used: tuple[int, ...], forbidden: frozenset[int]) -> bool:
    rest = [t for t in s.hand if t not in used]
    return any(t >> 2 not in forbidden for t in rest)


def turn_actions(table: Table, turn: Turn, points: int) -> list[Action]:
    seat = turn.seat
    s = table.seats[seat]
    rules = table.rules
    out: list[Action] = []
    drawn = turn.drawn
    if drawn is not None:
        how = WinKind(True, rinshan=turn.rinshan)
        if drawn >> 2 in s.waits and can_win(table, seat, drawn, how):
            out.append(Tsumo())
        if "nine_terminals" in rules.abortive_draws and table.first_turn(seat) and not s.melds:
            kinds = {t >> 2 for t in s.hand}
            if sum(1 for k in TERMINALS_AND_HONORS if k in kinds) >= 9:
                out.append(NineTerminals())
        out.extend(_kans(table, s, drawn))
        out.extend(_kita(table, s, drawn))
    if s.riichi:
        assert drawn is not None
        out.append(Discard(drawn))
        return out
    if turn.forbidden:
        out.extend(Discard(t) for t in sorted(s.hand) if t >> 2 not in turn.forbidden)
    else:
        out.extend(map(Discard, sorted(s.hand)))
    if drawn is not None and rules.riichi:
        out.extend(_riichi(table, s, points))
    return out


def _kans(table: Table, s: SeatState, drawn: int) -> list[Action]:
    if not kan_possible(table):
        return []
    rules = table.rules
    out: list[Action] = []
    counts = s.counts()
    # Zung Jung ([S4]): a concealed or small melded quad is made with the tile just drawn
    drawn_only = not rules.riichi
    for k in range(34):
        if counts[k] != 4 or (drawn_only and k != drawn >> 2):
            continue
        if s.riichi:
            if drawn >> 2 != k or rules.riichi_kan == "never":
                continue
            c13 = list(counts)
            c13[k] -= 1
            locked = s.locked() if s.melds else None
            keeps = kan_keeps_waits if rules.riichi_kan == "waits" else kan_keeps_arrangement
            if not keeps(c13, k, locked):
                continue
        tiles = sorted(t for t in s.hand if t >> 2 == k)
        out.append(ClosedKan((tiles[0], tiles[1], tiles[2], tiles[3])))
    for m in s.melds:
        if m.kind is MeldKind.PON:
            k = m.kind_of_tiles
            for t in sorted(s.hand):
                if t >> 2 == k and (not drawn_only or t == drawn):
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
        return [Kita(drawn)] if drawn >> 2 == NORTH else []
    norths = sorted(t for t in s.hand if t >> 2 == NORTH)
    return [Kita(norths[0])] if norths else []


def _riichi(table: Table, s: SeatState, points: int) -> list[Action]:
    rules = table.rules
    if not s.closed or points < rules.riichi_min_points or table.wall.remaining < rules.riichi_min_live_tiles:
        return []
    if s.shanten > 1:  # one draw lowers shanten by one at most: no tenpai discard exists
        return []
    counts = s.counts()
    if shanten(counts, len(s.melds)) > 0:
        return []
    locked = s.locked() if s.melds else None
    good: set[int] = set()
    visible = None if rules.karaten_riichi else table.visible_counts(table.seats.index(s))
    for k in range(34):
        if not counts[k]:
            continue
        counts[k] -= 1
        ws = waits(counts, locked)
        ok = bool(ws)
        if ok and not rules.furiten_riichi:  # the declaration tile joins the river
            ok = not any(w == k or w in s.river_kinds for w in ws)
        if ok and visible is not None:
            own_visible = list(visible)
            own_visible[k] += 1  # the declaration tile itself
            ok = not is_karaten(counts, locked, own_visible)
        counts[k] += 1
        if ok:
            good.add(k)
    return [Riichi(t) for t in sorted(s.hand) if t >> 2 in good]


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
    k = tile >> 2
    n = table.players
    houtei = table.wall.remaining == 0
    options: dict[int, list[Action]] = {}
    waiting: list[int] = []
    kan_ok = not houtei and kan_possible(table)
    for step in range(1, n):
        seat = (discarder + step) % n
        s = table.seats[seat]
        acts: list[Action] = []
        if k in s.waits:
            waiting.append(seat)
            how = WinKind(False, discarder=discarder, houtei=houtei)
            if can_win(table, seat, tile, how):
                acts.append(Ron())
        # Zung Jung: the last discard may be called; a Seal forbids calls (never a win) until its user's turn
        if (not houtei or not rules.riichi) and not s.riichi and not s.sealed_by:
            kinds = [t >> 2 for t in s.hand]
            held = kinds.count(k)
            groups = _by_code(table, s, k) if held >= 2 else {}
            if held >= 2:
                forbidden = kuikae_forbidden(rules.kuikae, k, None)
                for pair in _pairs(groups, None):
                    if _discard_left(s, pair, forbidden):
                        acts.append(Pon(pair))
            if held == 3 and kan_ok:
                ids = sorted(t for v in groups.values() for t in v)
                acts.append(OpenKan((ids[0], ids[1], ids[2])))
            if rules.chi and step == 1 and k < 27:
                acts.extend(_chis(table, s, k, set(kinds)))
        if acts:
            options[seat] = acts
    return Claims("discard", discarder, tile, options, waiting, houtei)


def _chis(table: Table, s: SeatState, k: int, held: set[int]) -> list[Action]:
    out: list[Action] = []
    for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
        if a not in held or b not in held or a < 0 or b > 26 or a // 9 != k // 9 or b // 9 != k // 9:
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
        if NORTH in s.waits:
            waiting.append(seat)
            how = WinKind(False, discarder=actor)
            if not s.furiten and try_score(table, seat, tile, how, check_only=True) is not None:
                options[seat] = [Ron()]
    return Claims("kita", actor, tile, options, waiting)


def kan_claims(table: Table, actor: int, tile: int, closed: bool, kan_tiles: tuple[int, ...]) -> Claims:
    """Robbing a kan: any winning seat on an added kan; only thirteen orphans on a concealed kan (where allowed;
    never in Zung Jung, where only a small melded quad is robbed)."""
    k = tile >> 2
    n = table.players
    options: dict[int, list[Action]] = {}
    waiting: list[int] = []
    if not closed or (table.rules.riichi and table.rules.chankan_closed_kan_kokushi):
        for step in range(1, n):
            seat = (actor + step) % n
            s = table.seats[seat]
            if k not in s.waits:
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
