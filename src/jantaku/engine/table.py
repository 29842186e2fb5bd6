"""The state of one hand: the wall, every seat's tiles, melds and river, and the flags the rules read
(riichi, ippatsu, furiten, the first go-around, kans, liability).

Seats are absolute (0 .. players-1); ``rel(seat)`` is the seat's wind in this hand (0 = the dealer, East).
Tiles are physical ids; ``codes[id]`` is the scorer's tile code (a red five is its red code).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from jantaku.engine.wall import Wall
from jantaku.hand.shanten import shanten
from jantaku.hand.waits import waits
from jantaku.melds import Meld, MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import FIVES, KIND_OF_ID, KINDS, PHYSICAL, RED_MAN, copy_of_id, is_terminal_or_honor, kind_of_id

if TYPE_CHECKING:
    from jantaku.engine.view import MeldView

_CODE_CACHE: dict[tuple[int, int, int], tuple[int, ...]] = {}
#: ``SeatState.refresh_waits``' waits of tenpai hands by hand (concealed counts, then melded counts with melds).
#: Emptied when it reaches ``_WAITS_KEPT`` hands, which bounds its memory.
_WAITS: dict[bytes, tuple[int, ...]] = {}
_WAITS_KEPT = 1 << 14  # the whole Tenhou corpus has 4,013 tenpai hands; a full table is a few MB


def tile_codes(rules: RuleSet) -> tuple[int, ...]:
    """Code of every physical id under the rules' red fives (copy 0, and copy 1 for a second red, are red)."""
    key = rules.red_fives
    hit = _CODE_CACHE.get(key)
    if hit is None:
        out = []
        for t in range(PHYSICAL):
            kind, copy = KIND_OF_ID[t], copy_of_id(t)
            if kind in FIVES and copy < key[FIVES.index(kind)]:
                out.append(RED_MAN + FIVES.index(kind))
            else:
                out.append(kind)
        hit = _CODE_CACHE[key] = tuple(out)
    return hit


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld with physical ids: ``called`` is the id taken from ``source`` (an absolute seat), None for a
    concealed kan. An added kan keeps the pon's called tile and source; ``added`` is the promoting tile."""

    kind: MeldKind
    tiles: tuple[int, ...]
    called: int | None = None
    source: int | None = None
    added: int | None = None

    @property
    def kind_of_tiles(self) -> int:
        return kind_of_id(min(self.tiles))

    def to_meld(self, codes: tuple[int, ...], owner: int, players: int) -> Meld:
        src = None if self.source is None else (self.source - owner) % players
        called = None if self.called is None else codes[self.called]
        return Meld(self.kind, tuple(codes[t] for t in self.tiles), called, src)

    def to_json(self) -> MeldView:
        out: MeldView = {"kind": str(self.kind), "tiles": list(self.tiles)}
        if self.called is not None and self.source is not None:
            out["called"] = self.called
            out["source"] = self.source
        if self.added is not None:
            out["added"] = self.added
        return out


@dataclass(slots=True)
class RiverTile:
    tile: int
    tsumogiri: bool
    riichi: bool = False  # the riichi declaration tile
    called: bool = False  # taken by another seat's call (it stays counted for furiten)
    order: int = 0  # the hand's running discard number: which tiles came after a riichi (genbutsu)
    veiled: bool = False  # discarded face down (Veil): only its owner sees it until the hand ends


@dataclass(slots=True)
class SeatState:
    hand: list[int] = field(default_factory=list)
    melds: list[TableMeld] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    river_kinds: set[int] = field(default_factory=set)
    riichi: int = 0  # 0 none, 1 riichi, 2 double riichi (set at declaration)
    riichi_accepted: bool = False
    ippatsu: bool = False
    furiten_temp: bool = False  # passed a winning tile: no ron until the next own draw
    furiten_riichi: bool = False  # passed a winning tile after riichi: no ron for the rest of the hand
    discards: int = 0
    kans: int = 0
    nagashi: bool = True  # every discard a terminal or honor, none called
    pao: int | None = None  # the liable seat for a liability yakuman
    kita: list[int] = field(default_factory=list)  # 3-player: Norths set aside as dora
    waits: list[int] = field(default_factory=list)  # winning kinds of the 3n+1 concealed tiles (kept current)
    shanten: int = 8  # of the 3n+1 concealed tiles, kept with ``waits``
    sealed_by: list[int] = field(default_factory=list)  # seats whose Seal forbids its calls and its wins on their tiles
    seal_turns: list[int] = field(default_factory=list)  # for each of ``sealed_by``: this seat's turns it still lasts
    blessings_void: bool = False  # used Redraw: no tenhou / chiihou / renhou this hand

    def counts(self) -> list[int]:
        c = [0] * KINDS
        for t in self.hand:
            c[KIND_OF_ID[t]] += 1
        return c

    def locked(self) -> list[int]:
        c = [0] * KINDS
        for m in self.melds:
            for t in m.tiles:
                c[KIND_OF_ID[t]] += 1
        return c

    @property
    def closed(self) -> bool:
        return all(m.kind is MeldKind.CLOSED_KAN for m in self.melds)

    def refresh_waits(self) -> None:
        """Recompute ``waits`` for a 3n+1 hand (cheap when the hand is not tenpai: one shanten look-up).

        A tenpai hand's waits take a shanten look-up per candidate tile, and the same tenpai hands come back: a
        riichi hand discards what it draws, and a table plays many hands. The waits are a pure function of the
        concealed counts and the melded ones, so they are remembered by those (``_WAITS``)."""
        c = self.counts()
        melds = self.melds
        self.shanten = shanten(c, len(melds))
        if self.shanten > 0:
            self.waits = []
            return
        locked = self.locked() if melds else None
        key = bytes(bytearray(c)) if locked is None else bytes(bytearray([*c, *locked]))
        hit = _WAITS.get(key)
        if hit is None:
            if len(_WAITS) >= _WAITS_KEPT:
                _WAITS.clear()
            hit = _WAITS[key] = tuple(waits(c, locked))
        self.waits = list(hit)

    def waits_on(self, kind: int, actor: int) -> bool:
        """``kind`` is one of this seat's waits on a tile of ``actor``'s (a discard, a kan to rob, a North): not
        while a Seal of ``actor``'s lasts, which stops its target winning on its user's tiles (docs/superpowers.md)."""
        return kind in self.waits and actor not in self.sealed_by

    @property
    def furiten(self) -> bool:
        return self.furiten_temp or self.furiten_riichi or any(w in self.river_kinds for w in self.waits)

    def take(self, tile: int) -> None:
        self.hand.remove(tile)


@dataclass(slots=True)
class Table:
    """One hand. ``dealer`` is an absolute seat; ``round_wind`` a wind kind (EAST ..)."""

    rules: RuleSet
    wall: Wall
    dealer: int
    round_wind: int
    seats: list[SeatState]
    codes: tuple[int, ...]
    interrupted: bool = False  # a call (or kan) broke the first go-around
    kans: int = 0
    pending_dora: int = 0  # open/added kan indicators to turn after the kan-caller's discard
    four_kans_check: bool = False  # the 4th kan's discard is pending
    riichi_count: int = 0
    discards: int = 0  # every seat's discards so far this hand

    @property
    def players(self) -> int:
        return len(self.seats)

    def rel(self, seat: int) -> int:
        return (seat - self.dealer) % self.players

    def first_turn(self, seat: int) -> bool:
        """The seat is still in its first go-around: it has not discarded and nothing interrupted."""
        return not self.interrupted and self.seats[seat].discards == 0

    def visible_counts(self, seat: int) -> list[int]:
        """Kinds the seat sees outside its own hand and melds: rivers, others' melds, indicators."""
        c = [0] * KINDS
        for i, s in enumerate(self.seats):
            for r in s.river:
                if not r.called and (not r.veiled or i == seat):
                    c[KIND_OF_ID[r.tile]] += 1
            for t in s.kita:
                c[KIND_OF_ID[t]] += 1
            if i != seat:
                for m in s.melds:
                    for t in m.tiles:
                        c[KIND_OF_ID[t]] += 1
        for t in self.wall.indicators():
            c[KIND_OF_ID[t]] += 1
        return c

    def dora_indicators(self) -> tuple[int, ...]:
        return tuple(self.codes[t] for t in self.wall.indicators())

    def ura_ids(self) -> list[int]:
        """The ura indicators that count (tile ids): under every revealed indicator, or only under the first
        without kan ura dora."""
        ura = self.wall.ura_indicators()
        return ura if self.rules.kan_ura_dora else ura[:1]

    def ura_indicators(self) -> tuple[int, ...]:
        return tuple(self.codes[t] for t in self.ura_ids())

    def unseen_tiles(self) -> list[int]:
        """Tiles not in any hand, meld or river: the live wall and the undrawn dead wall."""
        w = self.wall
        return list(w.live) + w.replacement_queue[w.replacements :] + w.dead[4:]

    def all_tiles(self) -> list[int]:
        out = self.unseen_tiles()
        for s in self.seats:
            out.extend(s.hand)
            for m in s.melds:
                out.extend(m.tiles)
            out.extend(r.tile for r in s.river if not r.called)
            out.extend(s.kita)
        return out

    def discard(self, seat: int, tile: int, tsumogiri: bool, riichi: bool, veiled: bool = False) -> None:
        s = self.seats[seat]
        s.take(tile)
        self.discards += 1
        s.river.append(RiverTile(tile, tsumogiri, riichi, order=self.discards, veiled=veiled))
        s.river_kinds.add(KIND_OF_ID[tile])
        s.discards += 1
        if not is_terminal_or_honor(KIND_OF_ID[tile]):
            s.nagashi = False
        s.refresh_waits()
