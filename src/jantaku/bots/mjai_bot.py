"""Our CPUs as mjai bots: a session reads the mjai events one seat is sent and answers as the CPU would.

Why a shadow game: the CPUs act on ``Game.view(seat)``, which the engine computes from a whole table (concealed
tiles, the wall, furiten, legal actions ...). An mjai bot sees only its seat's events, so each decision rebuilds
the hand as an engine game whose wall is *consistent with everything the seat has seen*: its own deal and draws
where they were, every tile another seat showed from its hand (a discard, the tiles of a call, a kan, a North)
placed in one of that seat's unknown slots (its deal, or a draw made before it showed the tile; a tsumogiri
discard is that very draw), the dora indicators in the dead wall, and the tiles nobody has seen filling the rest.
Replaying the hand's actions on that wall gives a game whose view for the seat equals the real one in everything
the view shows (the filler tiles are hidden in it anyway), so ``make_player(level, rules, seed)`` chooses what
it would choose at our own table (tests/bots/test_mjai_bot.py checks this on whole games).

Tile copies: mjai says a tile's kind and whether it is red, not which copy it is; the shadow takes the copies of
each code in id order. Nothing a CPU decides depends on the copy beyond the kind and the red, so the answers are
the same as mjai.

The answer to an mjai event (``react``) is an mjai action: ``dahai`` (with ``tsumogiri``), ``reach`` then the
riichi ``dahai`` once the reach is echoed, ``chi``/``pon``/``daiminkan`` with their ``consumed`` tiles,
``kakan``, ``ankan``, ``hora``, ``ryukyoku`` (nine terminals), ``nukidora`` (a 3-player North) or ``none``
(pass). Standard library and our engine only.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.bots import make_player
from jantaku.bots.base import Bot
from jantaku.engine import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Game,
    MatchState,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Riichi,
    Ron,
    SeatView,
    Tsumo,
    action_from_json,
)
from jantaku.engine.actions import Kita
from jantaku.engine.table import tile_codes
from jantaku.engine.wall import DEAD_WALL, REPLACEMENTS, tile_set
from jantaku.formats import mjai
from jantaku.hand import waits
from jantaku.rules.presets import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import KIND_OF_ID, kind_of

NONE: dict[str, Any] = {"type": "none"}
_KAN_OR_NORTH = (mjai.Ankan, mjai.Kakan, mjai.Nukidora)


class ShadowError(ValueError):
    """The events cannot come from one hand under our rules (a tile seen five times, a draw out of turn ...)."""


# ------------------------------------------------------------------------------------------------ the shadow wall
@dataclass(slots=True)
class _Slot:
    """One tile a seat held at some point: dealt or drawn. ``code`` is known for the own seat's tiles and for
    every tile another seat has shown; ``tile`` is the physical id the shadow gives it."""

    code: int | None
    used: bool = False
    tile: int = -1


@dataclass(slots=True)
class _Hand:
    """One hand as the seat received it: its deal, how many play it, and its events since (in order)."""

    start: mjai.StartKyoku
    players: int
    events: list[mjai.MjaiEvent] = field(default_factory=list)


class _Layout:
    """Pass one over a hand's events: which slot each shown tile came from, and what the wall holds where."""

    def __init__(self, hand: _Hand) -> None:
        start = hand.start
        n = hand.players
        self.deal: list[list[_Slot]] = [[_Slot(code) for code in start.tehais[s][:13]] for s in range(n)]
        self.draws: list[_Slot] = []  # ordinary draws, in order
        self.rinshan: list[_Slot] = []  # replacement draws, in order
        self.indicators: list[int] = []
        self.shown: dict[int, list[_Slot]] = {}  # event index -> the slots its tiles came from
        self.drawn_slot: dict[int, _Slot] = {}  # event index of a tsumo -> its slot
        #: each seat's slots in the order it got them
        slots: list[list[_Slot]] = [list(d) for d in self.deal]
        self.slots = slots
        current: list[_Slot | None] = [None] * n
        replacement = [False] * n
        reaching: set[int] = set()
        riichi_done: set[int] = set()
        #: each riichi: the concealed slots it left its seat, the seat's closed kans (kinds) and river (kinds).
        #: The engine refuses a riichi that is not ready: the shadow fills the unknown slots with a ready hand.
        self.riichi_hands: list[tuple[list[_Slot], list[int], set[int]]] = []
        kans: list[list[int]] = [[] for _ in range(n)]
        rivers: list[set[int]] = [set() for _ in range(n)]
        if start.dora_marker is None:
            raise ShadowError("start_kyoku has no dora marker")
        self.indicators.append(start.dora_marker)
        for i, ev in enumerate(hand.events):
            if isinstance(ev, mjai.Tsumo):
                slot = _Slot(ev.pai)
                (self.rinshan if replacement[ev.actor] else self.draws).append(slot)
                replacement[ev.actor] = False
                slots[ev.actor].append(slot)
                current[ev.actor] = slot
                self.drawn_slot[i] = slot
            elif isinstance(ev, mjai.Dahai):
                drawn = current[ev.actor]
                # after a riichi every discard is the drawn tile, whatever a loose writer's flag says
                tsumogiri = ev.tsumogiri or ev.actor in riichi_done
                if tsumogiri and drawn is not None and not drawn.used and drawn.code in (None, ev.pai):
                    self.shown[i] = [self.take(drawn, ev.pai)]
                else:
                    self.shown[i] = [self.pick(slots[ev.actor], ev.pai, avoid=drawn)]
                current[ev.actor] = None
                if ev.pai is not None:
                    rivers[ev.actor].add(kind_of(ev.pai))
                if ev.actor in reaching:
                    reaching.discard(ev.actor)
                    riichi_done.add(ev.actor)
                    held = [s for s in slots[ev.actor] if not s.used]
                    self.riichi_hands.append((held, list(kans[ev.actor]), set(rivers[ev.actor])))
            elif isinstance(ev, mjai.Reach):
                reaching.add(ev.actor)
            elif isinstance(ev, mjai.Naki):
                self.shown[i] = [self.pick(slots[ev.actor], code) for code in ev.consumed]
                current[ev.actor] = None
                replacement[ev.actor] = ev.type == "daiminkan"
            elif isinstance(ev, _KAN_OR_NORTH):
                # the drawn tile first: after a riichi a kan or a North must use it
                drawn = current[ev.actor]
                first = [drawn] if drawn is not None else []
                tiles = ev.consumed if isinstance(ev, mjai.Ankan) else (ev.pai,)
                if isinstance(ev, mjai.Ankan) and ev.consumed and ev.consumed[0] is not None:
                    kans[ev.actor].append(kind_of(ev.consumed[0]))
                self.shown[i] = [self.pick([*first, *slots[ev.actor]], code) for code in tiles]
                replacement[ev.actor] = True
            elif isinstance(ev, mjai.Dora):
                if ev.dora_marker is None:
                    raise ShadowError("a dora event without its marker")
                self.indicators.append(ev.dora_marker)

    @staticmethod
    def take(slot: _Slot, code: int | None) -> _Slot:
        if code is None:
            raise ShadowError("a tile shown from a hand is hidden ('?')")
        slot.code, slot.used = code, True
        return slot

    def pick(self, slots: Sequence[_Slot], code: int | None, avoid: _Slot | None = None) -> _Slot:
        """The slot a shown tile came from: a held slot already known to be that tile, else a held unknown one
        (never ``avoid``, the draw a tedashi discard did not throw)."""
        for slot in slots:
            if not slot.used and slot.code == code and slot is not avoid:
                return self.take(slot, code)
        for slot in slots:
            if not slot.used and slot.code is None and slot is not avoid:
                return self.take(slot, code)
        if avoid is not None and not avoid.used and avoid.code in (None, code):
            return self.take(avoid, code)  # a "tedashi" of the drawn tile itself: the flag was loose
        name = "?" if code is None else mjai.pai_of_code(code)
        raise ShadowError(f"{name} was shown from a hand that cannot hold it")

    def wall(self, rules: RuleSet, dealer: int) -> list[int]:
        """Physical ids for every slot (known codes first, in id order), then the wall in the engine's order."""
        codes = tile_codes(rules)
        pools: dict[int, list[int]] = {}
        for t in tile_set(rules):
            pools.setdefault(codes[t], []).append(t)
        n = len(self.deal)
        every = [s for hand in self.deal for s in hand] + self.draws + self.rinshan

        def take(code: int) -> int:
            pool = pools.get(code)
            if not pool:
                raise ShadowError(f"more {mjai.pai_of_code(code)} seen than the game has")
            return pool.pop(0)

        for slot in every:
            if slot.code is not None:
                slot.tile = take(slot.code)
        indicators = [take(code) for code in self.indicators]
        for held, kan_kinds, river in self.riichi_hands:
            unknown = [s for s in held if s.code is None]
            if not unknown:
                continue
            known = [KIND_OF_ID[s.tile] for s in held if s.code is not None]
            kinds = ready_fill(
                known,
                len(unknown),
                pools,
                locked=kan_kinds,
                river=() if rules.furiten_riichi else river,
                karaten=rules.karaten_riichi,
            )
            if kinds is None:
                raise ShadowError("no ready hand fits a riichi's unseen tiles")
            for slot, kind in zip(unknown, kinds, strict=True):
                code = min((c for c in pools if pools[c] and KIND_OF_ID[pools[c][0]] == kind), key=lambda c: c)
                slot.code = code
                slot.tile = take(code)
        rest = sorted(t for pool in pools.values() for t in pool)
        fill = iter(rest)
        try:
            for slot in every:
                if slot.code is None:
                    slot.tile = next(fill)
            deal = [s.tile for rel in range(n) for s in self.deal[(dealer + rel) % n]]
            live_size = len(tile_set(rules)) - len(deal) - DEAD_WALL
            back = [s.tile for s in self.rinshan[REPLACEMENTS:]]
            if len(self.draws) + len(back) > live_size or len(indicators) > 5:
                raise ShadowError("more draws than the wall holds")
            gap = live_size - len(self.draws) - len(back)
            live = [s.tile for s in self.draws] + [next(fill) for _ in range(gap)] + back[::-1]
            dead = [-1] * DEAD_WALL
            for i, s in enumerate(self.rinshan[:REPLACEMENTS]):
                dead[i] = s.tile
            for i, t in enumerate(indicators):
                dead[4 + 2 * i] = t
            dead = [t if t >= 0 else next(fill) for t in dead]
        except StopIteration:
            raise ShadowError("more tiles than the game has") from None
        return deal + live + dead


def ready_fill(
    known: Sequence[int],
    free: int,
    pools: Mapping[int, Sequence[int]],
    *,
    locked: Sequence[int] = (),
    river: Collection[int] = (),
    karaten: bool = True,
) -> list[int] | None:
    """Kinds for ``free`` unknown tiles that make a ready hand with the ``known`` kinds, from the tiles still
    unseen (``pools``: code -> ids left): sets and a single, or sets, a pair and two tiles waiting together, or
    (nothing known) seven pairs with one single. None when none fits.

    The known tiles of a riichi hand are those it shows after the riichi: a closed kan's three (the fourth is
    drawn later), which a triplet holds. The unseen tiles added stay two kinds away from every known kind, so
    that the kan leaves the waits as they were, as the engine requires of a kan after riichi; a single is a
    kind with a copy left unseen (no karaten), an honor where one is left. The search is bounded (late in a
    3-player hand few sets are left unseen); the result is checked to be ready as the engine checks a riichi:
    beside the seat's closed kans (``locked``, kinds), waiting on nothing in its ``river`` (where the rules
    refuse a furiten riichi) and, unless ``karaten`` riichi is allowed, on a kind with a copy left unseen."""
    avail = [0] * 34
    for pool in pools.values():
        for t in pool:
            avail[KIND_OF_ID[t]] += 1
    need = [0] * 34
    for k in known:
        need[k] += 1
    near = {n for k in set(known) for n in _neighbours(k)}
    added: list[int] = []
    budget = [5_000]

    def take(group: Sequence[int]) -> list[tuple[int, bool]] | None:
        """The group's tiles, known ones first; None (and nothing taken) when a tile is missing."""
        done: list[tuple[int, bool]] = []
        for kind in group:
            if need[kind]:
                need[kind] -= 1
                done.append((kind, True))
            elif avail[kind]:
                avail[kind] -= 1
                added.append(kind)
                done.append((kind, False))
            else:
                give_back(done)
                return None
        return done

    def give_back(done: list[tuple[int, bool]]) -> None:
        for kind, was_known in reversed(done):
            if was_known:
                need[kind] += 1
            else:
                avail[kind] += 1
                added.remove(kind)

    lock = [4 * list(locked).count(k) for k in range(34)] if locked else None

    def ready() -> bool:
        ws = waits(_counts(added, known), lock)
        if not ws or any(w in river for w in ws):
            return False
        return karaten or any(avail[w] for w in ws)

    def single() -> int | None:
        held = _counts(added, known)
        ok = [k for k in range(34) if avail[k] and not held[k] and k not in near]
        for k in sorted(ok, key=lambda k: (avail[k] < 2, k < 27, k)):  # a copy left unseen, an honor first
            done = take((k,))
            if done is not None and ready():
                return k
            if done is not None:
                give_back(done)
        return None

    def chiitoi() -> bool:
        """Seven pairs, one of them waited on: the shape left when the unseen tiles hold few sets."""
        pairs = [k for k in range(34) if avail[k] >= 2][:6]
        if len(pairs) < 6:
            return False
        done = take([*pairs, *pairs])
        for k in sorted((k for k in range(34) if avail[k] and k not in pairs), key=lambda k: avail[k] < 2):
            if (one := take((k,))) is not None:
                if ready():
                    return True
                give_back(one)
        if done is not None:
            give_back(done)
        return False

    def fill(sets_left: int, lowest: int, wait: int | None) -> int | None:
        """The remaining sets from unseen tiles (kinds in order, so each set of groups is tried once)."""
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if not sets_left:
            return single() if wait is None else wait
        if sets_left == 1 and wait is None:  # or the last set and the single as a pair and a two-way wait
            for pair in range(34):
                if avail[pair] < 2 or pair in near:
                    continue
                for a, b in _PARTIALS:
                    tail = (pair, pair, a, b)
                    if a == pair == b or a in near or b in near:
                        continue
                    if all(avail[g] >= tail.count(g) for g in (a, b)) and (done := take(tail)) is not None:
                        if ready():
                            return a
                        give_back(done)
        for k in range(lowest, 34):
            for group in _shapes_from(k):
                if any(g in near for g in group) or any(avail[g] < group.count(g) for g in group):
                    continue
                done = take(group)
                if done is None:
                    continue
                found = fill(sets_left - 1, k, wait)
                if found is not None:
                    return found
                give_back(done)
        return None

    def place(sets_left: int, wait: int | None) -> int | None:
        """The known tiles first: each in a set (with unseen tiles where needed) or as the single."""
        first = next((k for k in range(34) if need[k]), None)
        if first is None:
            return fill(sets_left, 0, wait)
        for group in _shapes_with(first):
            if sets_left and (done := take(group)) is not None:
                found = place(sets_left - 1, wait)
                if found is not None:
                    return found
                give_back(done)
        if wait is None and need[first] == 1:
            need[first] -= 1
            found = place(sets_left, first)
            if found is not None:
                return found
            need[first] += 1
        return None

    if place((len(known) + free - 1) // 3, None) is None and not (not known and chiitoi()):
        return None
    return added if len(added) == free and ready() else None


#: two tiles of one suit waiting together (two-sided, closed or edge), or a second pair: with a pair they take
#: the place of a set and a single in a ready hand
_PARTIALS: tuple[tuple[int, int], ...] = (
    *((a, b) for a in range(27) for b in (a + 1, a + 2) if b < a - a % 9 + 9),
    *((k, k) for k in range(34)),
)


def _neighbours(kind: int) -> list[int]:
    """The kinds a set could share with ``kind``: itself, and in its suit up to two away."""
    if kind >= 27:
        return [kind]
    base = kind - kind % 9
    return [k for k in range(kind - 2, kind + 3) if base <= k < base + 9]


def _shapes_from(low: int) -> list[tuple[int, ...]]:
    """The sets whose lowest kind is ``low``: a run where the suit has one, and a triplet."""
    out: list[tuple[int, ...]] = []
    if low < 27 and low % 9 <= 6:
        out.append((low, low + 1, low + 2))
    out.append((low, low, low))
    return out


def _shapes_with(kind: int) -> list[tuple[int, ...]]:
    """The sets holding ``kind`` (the lowest known kind left): a triplet, then the runs it is part of."""
    out: list[tuple[int, ...]] = [(kind, kind, kind)]
    if kind < 27:
        base = kind - kind % 9
        out += [(low, low + 1, low + 2) for low in (kind - 2, kind - 1, kind) if base <= low and low + 2 < base + 9]
    return out


def _counts(*groups: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for group in groups:
        for k in group:
            counts[k] += 1
    return counts


# ------------------------------------------------------------------------------------------------ the session
def action_to_mjai(action: Action, view: SeatView, seat: int, codes: Sequence[int]) -> dict[str, Any]:
    """An engine action as the mjai action an arena expects from ``seat``; ``codes`` is the rules' id -> code
    table (``tile_codes``: which copies are red). ``Riichi`` is its ``reach``: the discard follows once the reach
    is echoed (``riichi_discard``)."""
    own = view.get("own")
    drawn = own["drawn"] if own is not None else None
    claim = view.get("claim")

    def pai(tile: int) -> str:
        return mjai.pai_of_code(codes[tile])

    if isinstance(action, Discard):
        return {"type": "dahai", "actor": seat, "pai": pai(action.tile), "tsumogiri": action.tile == drawn}
    if isinstance(action, Riichi):
        return {"type": "reach", "actor": seat}
    if isinstance(action, Tsumo):
        assert drawn is not None
        return {"type": "hora", "actor": seat, "target": seat, "pai": pai(drawn)}
    if isinstance(action, Ron):
        assert claim is not None
        return {"type": "hora", "actor": seat, "target": claim["actor"], "pai": pai(claim["tile"])}
    if isinstance(action, (Chi, Pon, OpenKan)):
        assert claim is not None
        word = {Chi: "chi", Pon: "pon", OpenKan: "daiminkan"}[type(action)]
        return {
            "type": word,
            "actor": seat,
            "target": claim["actor"],
            "pai": pai(claim["tile"]),
            "consumed": [pai(t) for t in action.tiles],
        }
    if isinstance(action, AddedKan):
        kind = KIND_OF_ID[action.tile]
        pon = next(
            m["tiles"] for m in view["seats"][seat]["melds"] if m["kind"] == "pon" and KIND_OF_ID[m["tiles"][0]] == kind
        )
        return {"type": "kakan", "actor": seat, "pai": pai(action.tile), "consumed": [pai(t) for t in pon]}
    if isinstance(action, ClosedKan):
        return {"type": "ankan", "actor": seat, "consumed": [pai(t) for t in action.tiles]}
    if isinstance(action, Kita):
        return {"type": "nukidora", "actor": seat, "pai": pai(action.tile)}
    if isinstance(action, NineTerminals):
        return {"type": "ryukyoku"}
    return dict(NONE)  # a pass (or a tenpai declaration, which mjai has no word for)


def riichi_discard(action: Riichi, view: SeatView, seat: int, codes: Sequence[int]) -> dict[str, Any]:
    """The ``dahai`` that follows an echoed ``reach``."""
    return action_to_mjai(Discard(action.tile), view, seat, codes)


class MjaiBot:
    """One seat's mjai session: ``react(event)`` takes the events in order (dicts as parsed from JSON) and
    returns the seat's action when it can act on the last one, else None.

    ``rules`` is the preset for the table's size; a game of the other size (3-player when start_kyoku deals
    three hands) plays the Tenhou preset of that size. ``seat`` is used when neither the deal (the one hand
    that is not ``?``) nor ``start_game``'s ``id`` says which seat is ours."""

    def __init__(self, level: str, rules: RuleSet, seed: int | str = 0, seat: int | None = None) -> None:
        if rules.superpowers or not rules.riichi:
            raise ValueError(f"rules {rules.name!r}: mjai speaks riichi without superpowers")
        make_player(level, rules, seed)  # an unknown level fails here, not at the first decision
        self.level = level
        self.rules = rules
        self.seed = seed
        self.default_seat = seat
        self.seat: int | None = seat
        self.hand: _Hand | None = None
        self.players: dict[int, tuple[RuleSet, Bot]] = {}

    def rules_for(self, players: int) -> RuleSet:
        if self.rules.players == players:
            return self.rules
        return preset("tenhou-sanma" if players == 3 else "tenhou")

    def player(self, players: int) -> tuple[RuleSet, Bot]:
        hit = self.players.get(players)
        if hit is None:
            rules = self.rules_for(players)
            hit = self.players[players] = (rules, make_player(self.level, rules, self.seed))
        return hit

    # --- events ---------------------------------------------------------------------------------------------
    def answer(self, data: object) -> tuple[dict[str, Any] | None, str | None]:
        """``react`` that never raises: (the action or None, an error message or None). An event it cannot
        read or a hand the shadow cannot rebuild is reported, and the seat still answers where it must: after
        its own draw (or its echoed reach) it throws the drawn tile; elsewhere it passes (``none``)."""
        try:
            if not isinstance(data, Mapping):
                raise ShadowError(f"an mjai event is a JSON object, not {type(data).__name__}")
            return self.react(data), None
        except Exception as exc:  # a bot process must not die on one bad event: it answers and goes on
            return self.fallback(), f"{type(exc).__name__}: {exc}"

    def answer_stream(self, data: object) -> tuple[dict[str, Any] | None, str | None]:
        """``answer`` for the one-event-a-line convention (Mortal's): a reply only where the seat can act. After
        an event it could not follow, the fallback is written only where the seat may act on that event
        (``may_act``): a ``none`` where the arena asked nothing would be read as the answer to its next
        question, and every answer after it would be one late."""
        try:
            if not isinstance(data, Mapping):
                raise ShadowError(f"an mjai event is a JSON object, not {type(data).__name__}")
            return self.react(data), None
        except Exception as exc:  # a bot process must not die on one bad event: it answers if asked and goes on
            return (self.fallback() if self.may_act(data) else None), f"{type(exc).__name__}: {exc}"

    def may_act(self, data: object) -> bool:
        """Whether the seat may act on an event it could not follow, judged without the shadow game: its own
        draw, echoed reach or call (it discards next), or another seat's tile its concealed tiles could claim
        (a pon, a chi from the seat on its left, a win on a wait) where ``can_act_on`` allows a decision. An
        event that cannot be read, or one outside a hand, asks nothing."""
        hand, seat = self.hand, self.seat
        if not isinstance(data, Mapping) or hand is None or seat is None:
            return False
        try:
            ev = mjai.read_event(json.dumps(data))
        except (ValueError, TypeError, RecursionError):
            return False
        events = list(hand.events) if hand.events and hand.events[-1] == ev else [*hand.events, ev]
        rules, _bot = self.player(hand.players)
        if not self.can_act_on(events, rules):
            return False
        last = events[-1]
        if isinstance(last, mjai.Dora) and len(events) > 1:
            last = events[-2]
        if isinstance(last, mjai.Tsumo | mjai.Reach | mjai.Naki):
            return last.actor == seat
        if not isinstance(last, mjai.Dahai | mjai.Kakan | mjai.Nukidora) or last.pai is None:
            return False  # a closed kan is robbed only by a thirteen orphans: no shadow, no such claim
        counts = [0] * 34
        for code in _own_codes(hand, seat):
            if code is not None:
                counts[kind_of(code)] += 1
        kind = kind_of(last.pai)
        try:
            wins = kind in waits(counts) if sum(counts) % 3 == 1 else False
        except ValueError:  # more tiles than a hand holds: no wait to name
            wins = False
        riichi = any(isinstance(e, mjai.Reach) and e.actor == seat for e in hand.events)
        if wins or riichi or not isinstance(last, mjai.Dahai):
            return wins
        left = (last.actor + 1) % hand.players == seat and hand.players == 4 and kind < 27
        shapes = [(kind + a, kind + b) for a, b in ((-2, -1), (-1, 1), (1, 2))]
        chi = left and any(
            x >= 0 and y < 27 and x // 9 == y // 9 == kind // 9 and counts[x] and counts[y] for x, y in shapes
        )
        return counts[kind] >= 2 or chi

    def fallback(self) -> dict[str, Any]:
        """The answer when the shadow cannot be built: the drawn tile after the seat's own draw (or echoed
        reach), after its own chi or pon a tile of another kind than the one called, else a pass."""
        hand, seat = self.hand, self.seat
        events = hand.events if hand is not None else []
        own = [e for e in events if isinstance(e, mjai.Tsumo) and e.actor == seat]
        last = events[-1] if events else None
        if (
            isinstance(last, mjai.Tsumo | mjai.Reach)
            and last.actor == seat
            and own
            and own[-1].pai is not None
            and (last is own[-1] or events[-2] is own[-1])
        ):
            return {"type": "dahai", "actor": seat, "pai": mjai.pai_of_code(own[-1].pai), "tsumogiri": True}
        if hand is not None and isinstance(last, mjai.Naki) and last.actor == seat and last.pai is not None:
            called = kind_of(last.pai)
            held = [c for c in _own_codes(hand, last.actor) if kind_of(c) != called]
            if held:
                return {"type": "dahai", "actor": seat, "pai": mjai.pai_of_code(held[-1]), "tsumogiri": False}
        return dict(NONE)

    def react(self, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """Take one event; the action when the seat can act on it (``{"type": "none"}`` to pass), else None."""
        ev = mjai.read_event(json.dumps(data))
        if isinstance(ev, mjai.StartGame):
            self.seat = ev.seat if ev.seat is not None else self.default_seat
            self.hand = None
            return None
        if isinstance(ev, mjai.StartKyoku):
            players = sum(1 for h in ev.tehais if h)
            shown = [i for i, h in enumerate(ev.tehais) if h and all(t is not None for t in h)]
            if len(shown) == 1:
                self.seat = shown[0]
            self.hand = _Hand(ev, players)
            return self.decide()
        if isinstance(ev, (mjai.EndKyoku, mjai.EndGame)):
            self.hand = None
            return None
        if self.hand is None:
            raise ShadowError(f"{data.get('type')} outside a hand")
        self.hand.events.append(ev)
        if isinstance(ev, (mjai.Hora, mjai.Ryukyoku)):
            return None
        return self.decide()

    def can_act_on(self, events: Sequence[mjai.MjaiEvent], rules: RuleSet) -> bool:
        """Whether the last event may open a decision for the seat (the others need no shadow).

        A discard after an open or added kan turns that kan's dora: the claim window on the discard is then
        answered after the ``dora`` event that follows it, as our engine and mjai's logs order them."""
        seat = self.seat
        ev = events[-1]
        if isinstance(ev, mjai.Dora):
            ev = events[-2] if len(events) > 1 else ev
            return isinstance(ev, mjai.Dahai) and ev.actor != seat
        if isinstance(ev, mjai.Dahai) and rules.kan_dora and rules.kan_dora_timing == "standard":
            kans = sum(1 for e in events if isinstance(e, mjai.Kakan | mjai.Ankan | mjai.Naki) and _is_kan(e))
            if min(kans, 4) > sum(1 for e in events if isinstance(e, mjai.Dora)):
                return False  # its dora comes next
        if isinstance(ev, mjai.Tsumo | mjai.Reach | mjai.Naki):
            return ev.actor == seat and not (isinstance(ev, mjai.Naki) and ev.type == "daiminkan")
        if isinstance(ev, mjai.Dahai | mjai.Kakan | mjai.Ankan | mjai.Nukidora):
            return ev.actor != seat
        return False

    def decide(self) -> dict[str, Any] | None:
        hand = self.hand
        seat = self.seat
        if hand is None or seat is None or not hand.events:
            return None
        rules, bot = self.player(hand.players)
        if not self.can_act_on(hand.events, rules):
            return None
        game = shadow_game(hand, rules)
        # on another seat's tile only an open claim window is a decision (without one the shadow has moved on)
        claim = not isinstance(hand.events[-1], mjai.Tsumo | mjai.Reach | mjai.Naki)
        if seat not in game.to_act() or claim != (game.phase == "claims"):
            return None
        view = game.view(seat)
        action = bot.act(view)
        codes = tile_codes(rules)
        if isinstance(hand.events[-1], mjai.Reach):  # the reach was echoed: now its discard
            if not isinstance(action, Riichi):
                legal = [a for a in map(action_from_json, view.get("legal_actions", [])) if isinstance(a, Riichi)]
                if not legal:
                    raise ShadowError("reach echoed but no riichi discard is legal")
                action = legal[0]
            return riichi_discard(action, view, seat, codes)
        return action_to_mjai(action, view, seat, codes)


def _own_codes(hand: _Hand, seat: int) -> list[int]:
    """The seat's concealed tiles (codes) as its own events show them: dealt and drawn, less what it showed."""
    held = [c for c in hand.start.tehais[seat] if c is not None]
    for ev in hand.events:
        if isinstance(ev, mjai.Tsumo) and ev.actor == seat and ev.pai is not None:
            held.append(ev.pai)
        shown: tuple[mjai.Tile, ...] = ()
        if isinstance(ev, mjai.Dahai | mjai.Kakan | mjai.Nukidora) and ev.actor == seat:
            shown = (ev.pai,)
        elif isinstance(ev, mjai.Naki | mjai.Ankan) and ev.actor == seat:
            shown = ev.consumed
        for code in shown:
            if code in held:
                held.remove(code)
    return held


def _is_kan(ev: mjai.MjaiEvent) -> bool:
    return isinstance(ev, mjai.Kakan | mjai.Ankan) or (isinstance(ev, mjai.Naki) and ev.type == "daiminkan")


def shadow_game(hand: _Hand, rules: RuleSet) -> Game:
    """The hand replayed on a wall consistent with what the seat saw, stopped after its last event (a pending
    reach is left for the decision)."""
    start = hand.start
    n = hand.players
    if rules.players != n:
        raise ShadowError(f"{n} hands dealt but the rules are for {rules.players} players")
    layout = _Layout(hand)
    order = layout.wall(rules, start.oya)
    state = MatchState(
        scores=tuple(start.scores[:n]), round=start.bakaze, hand=start.oya, honba=start.honba, sticks=start.kyotaku
    )
    game = Game(rules, "mjai-shadow", walls=[order], start=state)
    reaching: set[int] = set()
    events = hand.events
    for i, ev in enumerate(events):
        if game.phase == "claims" and not isinstance(ev, (mjai.Dora, mjai.ReachAccepted)):
            _answer_claims(game, ev, layout.shown.get(i, []))
            if isinstance(ev, mjai.Naki):
                continue
        if isinstance(ev, mjai.Tsumo):
            turn = game.turn
            if turn is None or turn.seat != ev.actor or turn.drawn != layout.drawn_slot[i].tile:
                raise ShadowError(f"the shadow did not draw for seat {ev.actor} (event {i + 1})")
        elif isinstance(ev, mjai.Reach):
            reaching.add(ev.actor)
        elif isinstance(ev, mjai.Dahai):
            tile = layout.shown[i][0].tile
            action: Action = Riichi(tile) if ev.actor in reaching else Discard(tile)
            reaching.discard(ev.actor)
            _apply(game, ev.actor, action, i)
        elif isinstance(ev, mjai.Kakan):
            _apply(game, ev.actor, AddedKan(layout.shown[i][0].tile), i)
        elif isinstance(ev, mjai.Ankan):
            t = [s.tile for s in layout.shown[i]]
            _apply(game, ev.actor, ClosedKan((t[0], t[1], t[2], t[3])), i)
        elif isinstance(ev, mjai.Nukidora):
            # the engine offers one North (any is the same): the slot shown takes that copy's id, and the
            # slot that had it this one's
            slot = layout.shown[i][0]
            offered = next((a.tile for a in game.legal_actions(ev.actor) if isinstance(a, Kita)), slot.tile)
            other = next((s for s in layout.slots[ev.actor] if s.tile == offered), slot)
            slot.tile, other.tile = other.tile, slot.tile
            _apply(game, ev.actor, Kita(slot.tile), i)
        elif isinstance(ev, mjai.Naki):
            raise ShadowError(f"seat {ev.actor}'s {ev.type} answers no discard of the shadow (event {i + 1})")
        elif isinstance(ev, (mjai.Hora, mjai.Ryukyoku)):
            break
    return game


def _answer_claims(game: Game, ev: mjai.MjaiEvent, shown: Sequence[_Slot]) -> None:
    """Close the open claim window as the next event shows it was answered: its call, or every seat passing."""
    call: tuple[int, Action] | None = None
    if isinstance(ev, mjai.Naki):
        tiles = [s.tile for s in shown]
        if ev.type == "chi":
            call = (ev.actor, Chi((tiles[0], tiles[1])))
        elif ev.type == "pon":
            call = (ev.actor, Pon((tiles[0], tiles[1])))
        else:
            call = (ev.actor, OpenKan((tiles[0], tiles[1], tiles[2])))
    elif isinstance(ev, mjai.Hora):
        return  # the hand ends: nothing after it is decided
    waiting = game.to_act()
    if call is not None and call[0] not in waiting:
        raise ShadowError(f"seat {call[0]}'s {ev.type if isinstance(ev, mjai.Naki) else ''} is not legal in the shadow")
    for seat in waiting:
        _apply(game, seat, call[1] if call is not None and call[0] == seat else Pass(), -1)


def _apply(game: Game, seat: int, action: Action, index: int) -> None:
    try:
        game.apply(seat, action)
    except ValueError as exc:  # IllegalAction included
        where = f" (event {index + 1})" if index >= 0 else ""
        raise ShadowError(f"seat {seat}: {action} is not legal in the shadow{where}: {exc}") from None
