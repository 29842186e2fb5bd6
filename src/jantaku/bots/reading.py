"""A CPU's reading of its view: the seat's own tiles as counts, what it can see of everyone else, and the
threats on the table, all derived from ``Game.view(seat)`` and nothing else.

A CPU gets exactly what a person at the table gets (the view dict a websocket client receives); this module turns
it into the 34-count lists the hand analysis works on. Nothing here can reach the wall or another seat's
concealed tiles: the input has none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jantaku.engine.actions import Action, action_from_json
from jantaku.engine.table import tile_codes
from jantaku.engine.view import MeldView, SeatView
from jantaku.melds import Meld, MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import DRAGONS, EAST, KIND_OF_ID, KINDS, NORTH, RED_MAN, dora_after


@dataclass(slots=True)
class Opponent:
    """What the table shows of another seat."""

    seat: int
    wind: int  # a wind kind (EAST .. NORTH) in this hand
    score: int
    riichi: bool
    riichi_order: int  # the running discard number of its riichi declaration (0: none)
    river: list[int]  # kinds, in discard order (called tiles included: they count for its furiten)
    genbutsu: set[int]  # kinds that cannot win off this seat: its own river and, after its riichi, every discard
    melds: list[tuple[str, int]]  # (meld kind, lowest tile kind)
    open_melds: int
    concealed: int
    sealed: int = 0  # superpowers: the seat's own turns a seal on it still lasts (0: it may call)
    sealed_by: tuple[int, ...] = ()  # superpowers: the seats whose seal on it lasts (it cannot win on their tiles)


@dataclass(slots=True)
class Situation:
    """A seat's situation, read from its view. Tile ids are physical (0..135); kinds are 0..33."""

    rules: RuleSet
    seat: int
    players: int
    round_wind: int
    seat_wind: int
    dealer: bool
    round: int
    hand_no: int
    honba: int
    sticks: int
    live: int
    scores: list[int]
    tiles: list[int]  # own concealed ids, sorted
    counts: list[int]  # own concealed kinds
    drawn: int | None
    melds: int  # own declared melds (kans included)
    locked: list[int]  # own meld kinds (all four of a kan)
    closed: bool  # no open meld (concealed kans keep a hand closed)
    meld_kinds: list[tuple[str, int]]  # own melds: (meld kind, lowest tile kind)
    own_melds: tuple[Meld, ...]  # own melds as the scorer reads them (codes, called tile, source)
    indicators: tuple[int, ...]  # revealed dora indicators as tile codes
    visible: list[int]  # kinds seen outside the own hand and melds: rivers, others' melds, indicators, Norths
    # (in sanma 2m-8m count as all seen: the set has none)
    dora: list[int]  # han per tile of each kind from the indicators (red fives come from ``codes``)
    kita: int  # own extracted Norths (3-player)
    riichi: bool  # this seat has declared riichi
    furiten: bool
    own_river: set[int]
    legal: list[Action]
    claim: tuple[str, int, int] | None  # (kind, actor, tile id) while seats may answer a discard or a kan
    opponents: list[Opponent] = field(default_factory=list)
    codes: tuple[int, ...] = ()
    power: str | None = None  # the own superpower (superpower matches)
    power_left: int = 0  # its uses left in this game
    foreseen: tuple[int, ...] = ()  # ids Foresight showed that are still in the wall but go to other seats
    ahead: tuple[int, ...] = ()  # ids Foresight showed that are still this seat's next draws, in order
    sensed: dict[int, bool] = field(default_factory=dict)  # this turn's Sense answers: kind -> would deal in

    def is_red(self, tile: int) -> bool:
        return self.codes[tile] >= RED_MAN

    @property
    def value_winds(self) -> tuple[int, ...]:
        """Honor kinds a triplet of which is a yaku: the dragons, the seat wind and the round wind."""
        return (*DRAGONS, self.seat_wind, self.round_wind)

    def unseen(self, kind: int) -> int:
        """Copies of ``kind`` the seat has not seen (in the wall, the dead wall or others' hands): what is left to
        draw, or for an opponent to hold or wait on."""
        return max(0, 4 - self.counts[kind] - self.locked[kind] - self.visible[kind])

    def dora_in_hand(self) -> int:
        """Dora the hand already holds: indicated kinds (concealed and melded), red fives, extracted Norths."""
        n = sum(self.dora[k] * (self.counts[k] + self.locked[k]) for k in range(KINDS))
        n += sum(1 for t in self.tiles if self.codes[t] >= RED_MAN)
        n += sum(1 for m in self.own_melds for c in m.tiles if c >= RED_MAN)
        return n + self.kita * self.dora[NORTH] + self.kita * (1 if self.rules.north_extraction else 0)

    def riichi_against(self) -> bool:
        """Whether another seat is in riichi: it waits to the end of the hand, which several judgements weigh."""
        return any(o.riichi for o in self.opponents)

    def last_hand(self) -> bool:
        """The scheduled last hand of the match (an extension can still follow)."""
        rounds = 1 if self.rules.length == "east" else 2
        return self.round >= rounds - 1 and self.hand_no >= self.players - 1

    def placement(self) -> int:
        """0 = first. Ties go to the earlier seat, as the match ranking does."""
        me = self.scores[self.seat]
        return sum(1 for i, s in enumerate(self.scores) if s > me or (s == me and i < self.seat))


def _meld_entry(m: MeldView) -> tuple[str, int, list[int]]:
    tiles = [KIND_OF_ID[t] for t in m["tiles"]]
    return str(m["kind"]), min(tiles), tiles


def read_view(view: SeatView, rules: RuleSet) -> Situation:
    """Everything a CPU needs from one view (see ``jantaku.engine.view``)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a CPU reads a seat's view, not a spectator's (view['seat'] is None)")
    seats = view["seats"]
    n = len(seats)
    codes = tile_codes(rules)
    own = view["own"]
    tiles = list(own["tiles"])
    counts = [0] * KINDS
    for t in tiles:
        counts[KIND_OF_ID[t]] += 1
    visible = [0] * KINDS
    locked = [0] * KINDS
    meld_kinds: list[tuple[str, int]] = []
    closed = True
    for ind in view["dora_indicators"]:
        visible[KIND_OF_ID[ind]] += 1
    # superpowers: Sense answers of this turn (no discard since: ``order`` is the running discard number), and
    # Foresight's tiles still in the wall, split into this seat's own next draws and the others'
    now = max((r["order"] for s in seats for r in s["river"]), default=0)
    secrets = own.get("secrets", ())
    sensed = {
        KIND_OF_ID[x["tile"]]: bool(x["deals_in"]) for x in secrets if x["power"] == "sense" and x["order"] == now
    }
    # (Foresight lasts the hand: the view shows the own next draws as they stand now; a tile it showed when used
    # that a call has since moved to another seat's draws is one of the others', while it is in the live wall: a
    # kan's replacement moves the live wall's last tile to the dead wall)
    lasting = own.get("foresight")
    ahead = lasting["tiles"] if lasting is not None else []
    mine = set(lasting["at"]) if lasting is not None else set()
    front = view.get("front", 0)
    others = [
        t
        for x in secrets
        if x["power"] == "foresight"
        for t, at in zip(x["tiles"], x["at"], strict=True)
        if front <= at < front + view["live_tiles"] and at not in mine
    ]
    foreseen = tuple(others)
    for t in foreseen:
        visible[KIND_OF_ID[t]] += 1
    dora = [0] * KINDS
    for ind in view["dora_indicators"]:
        dora[dora_after(KIND_OF_ID[ind], rules.sanma)] += 1
    riichi_orders: dict[int, int] = {}
    for s in seats:
        for r in s["river"]:
            if r["riichi"]:
                riichi_orders[s["seat"]] = r["order"]
    opponents: list[Opponent] = []
    own_river: set[int] = set()
    own_riichi = False
    own_melds: list[Meld] = []
    kita = 0
    for s in seats:
        i = s["seat"]
        for r in s["river"]:
            if not r["called"] and r["tile"] is not None:  # None: another seat's veiled tile
                visible[KIND_OF_ID[r["tile"]]] += 1
        for t in s["kita"]:
            visible[KIND_OF_ID[t]] += 1
        melds = [_meld_entry(m) for m in s["melds"]]
        if i == seat:
            for m in s["melds"]:
                called = m.get("called")
                src = m.get("source")
                own_melds.append(
                    Meld(
                        MeldKind(m["kind"]),
                        tuple(codes[t] for t in m["tiles"]),
                        None if called is None else codes[called],
                        None if src is None else (src - seat) % n,
                    )
                )
            for kind, low, ks in melds:
                meld_kinds.append((kind, low))
                if kind != MeldKind.CLOSED_KAN:
                    closed = False
                for k in ks:
                    locked[k] += 1
            own_river = {KIND_OF_ID[r["tile"]] for r in s["river"] if r["tile"] is not None}  # own tiles always show
            own_riichi = bool(s["riichi"])
            kita = len(s["kita"])
            continue
        for _, _, ks in melds:
            for k in ks:
                visible[k] += 1
        river = [KIND_OF_ID[r["tile"]] for r in s["river"] if r["tile"] is not None]
        genbutsu = set(river)
        order = riichi_orders.get(i, 0)
        if s["riichi"] and order:
            for other in seats:
                for r in other["river"]:
                    if r["order"] > order and r["tile"] is not None:
                        genbutsu.add(KIND_OF_ID[r["tile"]])
        opponents.append(
            Opponent(
                seat=i,
                wind=EAST + s["wind"],
                score=s["score"],
                riichi=bool(s["riichi"]),
                riichi_order=order,
                river=river,
                genbutsu=genbutsu,
                melds=[(kind, low) for kind, low, _ in melds],
                open_melds=sum(1 for kind, _, _ in melds if kind != MeldKind.CLOSED_KAN),
                concealed=s["concealed"],
                sealed=max(s.get("seal_turns") or [0]),
                sealed_by=tuple(s.get("sealed_by") or ()),
            )
        )
    claim = view.get("claim")
    power = seats[seat].get("power")
    for k in rules.absent_kinds:  # 2m-8m are not in a sanma set: none is left to draw or to be waited on
        visible[k] = 4
    return Situation(
        rules=rules,
        seat=seat,
        players=n,
        round_wind=EAST + view["round"],
        seat_wind=EAST + seats[seat]["wind"],
        dealer=view["dealer"] == seat,
        round=view["round"],
        hand_no=view["hand"],
        honba=view["honba"],
        sticks=view["sticks"],
        live=view["live_tiles"],
        scores=[s["score"] for s in seats],
        tiles=tiles,
        counts=counts,
        drawn=own["drawn"],
        melds=len(meld_kinds),
        locked=locked,
        closed=closed,
        meld_kinds=meld_kinds,
        own_melds=tuple(own_melds),
        indicators=tuple(codes[t] for t in view["dora_indicators"]),
        visible=visible,
        dora=dora,
        kita=kita,
        riichi=own_riichi,
        furiten=bool(own["furiten"]),
        own_river=own_river,
        legal=[action_from_json(a) for a in view["legal_actions"]],
        claim=None if claim is None else (claim["kind"], claim["actor"], claim["tile"]),
        opponents=opponents,
        codes=codes,
        power=None if power is None else power["name"],
        power_left=0 if power is None else power["left"],
        foreseen=foreseen,
        ahead=tuple(ahead),
        sensed=sensed,
    )
