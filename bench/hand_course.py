"""How hands go at a table: Tenhou's top room against four ``strong`` CPUs, counted the same way.

The table statistics (``bench/human_table.py``) say four CPUs win fewer hands than the top room and draw more; they
do not say where the hands go. This follows every seat through every hand, from the referee's events (the deal,
each draw, discard and call), and counts: how many hands reach tenpai and on which own discard, how many seats are
waiting when the wall runs out, which hands win (riichi, silent or open) and how (self-draw or ron), how good a
riichi's wait is (its winning tiles not yet in sight: the own hand, a river or a meld; one kind or more) and whether
it came with the first tenpai or later, what a hand's first tenpai waits on (``wait_shape``), and who deals in: a seat
already waiting that pushed, one a step away, or one further off (a deal-in from two steps away is a fold that
failed or never began), and whether a hand that dealt into a riichi still held a tile safe against it (a fold that
ran out of safe tiles, or a push); and the calls made against a riichi, by how close they leave the hand. The
records are read through our referee (``jantaku.formats.convert.read``), the CPU games are played by
``jantaku.sim.simulate``: both become the same events.

    PYTHONPATH=src:bench python bench/hand_course.py --games 1000
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from human_table import TOP_ROOM, corpus, rate
from jantaku.engine.events import Event
from jantaku.formats.convert import read
from jantaku.hand import shanten, shanten_chiitoi, shanten_standard, waits
from jantaku.sim import simulate
from jantaku.tiles import EAST, KIND_OF_ID, KINDS

SEATS = 4
BY_DISCARD = (6, 9, 12)  # "tenpai by the 6th own discard", ...


@dataclass
class Course:
    """Counters over the hands of some games (per seat and hand unless named otherwise)."""

    games: int = 0
    seat_hands: int = 0
    tenpai_at: list[int] = field(default_factory=list)  # the own discard that first left the hand waiting
    draws: int = 0
    waiting_at_draws: int = 0
    wins: dict[str, int] = field(default_factory=lambda: {"riichi": 0, "silent": 0, "open": 0})
    self_draws: dict[str, int] = field(default_factory=lambda: {"riichi": 0, "silent": 0, "open": 0})
    riichi_waits: list[int] = field(default_factory=list)  # winning tiles out of sight at each riichi
    riichi_after_tenpai: int = 0  # riichi declared on a later discard than the hand's first tenpai
    riichi_one_kind: int = 0  # riichi waiting on one kind: a closed, edge or single wait
    first_waits: Counter[tuple[bool, str]] = field(default_factory=Counter)  # first tenpai: (opened, wait_shape)
    deal_ins_from: list[int] = field(default_factory=lambda: [0, 0, 0])  # the dealer-in's shanten: 0, 1, 2+
    deal_ins_into: dict[str, int] = field(default_factory=lambda: {"riichi": 0, "silent": 0, "open": 0})
    # deal-ins into a riichi by a hand not in riichi itself: holding a tile safe against it (in its river or passed
    # by anyone since the declaration) or none
    into_riichi_held_safe: list[int] = field(default_factory=lambda: [0, 0])  # [none held, one held]
    calls_against_riichi: list[int] = field(default_factory=lambda: [0, 0, 0])  # by the shanten after: 0, 1, 2+

    def add(self, events: Iterable[Event]) -> None:
        """Follow one game's events (the referee's, every hand visible)."""
        self.games += 1
        hand: HandInPlay | None = None
        for e in events:
            if e.type == "start_kyoku":
                hand = HandInPlay([list(h) for h in e.info["hands"]])
                self.seat_hands += SEATS
            elif hand is not None:
                if e.type == "end_kyoku":
                    self.tenpai_at += [t for t in hand.tenpai_at if t is not None]
                    hand = None
                else:
                    self.follow(hand, e)

    def follow(self, hand: HandInPlay, e: Event) -> None:
        """One event of a hand: the tiles move, and a win or a drawn hand is counted."""
        seat = e.actor
        if e.type == "tsumo" and seat is not None and e.tile is not None:
            hand.counts[seat][KIND_OF_ID[e.tile]] += 1
        elif e.type == "dahai" and seat is not None and e.tile is not None:
            first = hand.tenpai_at[seat] is None
            hand.last_discard = (seat, [any(hand.counts[seat][k] for k in hand.safe[s]) for s in range(SEATS)])
            hand.discard(seat, KIND_OF_ID[e.tile])
            if hand.calling == seat:  # a call made against a riichi: how close its discard leaves the hand
                hand.calling = None
                self.calls_against_riichi[min(2, hand.shanten(seat))] += 1
            if first and hand.tenpai_at[seat] is not None:
                self.first_waits[hand.opened[seat], wait_shape(hand.counts[seat], hand.melds[seat])] += 1
            if hand.declaring == seat:  # the riichi's discard: the wait it declares is set
                hand.declaring = None
                kinds = waits(hand.counts[seat])
                self.riichi_waits.append(hand.out_of_sight(seat, kinds))
                self.riichi_one_kind += len(kinds) == 1
                self.riichi_after_tenpai += hand.discards[seat] > (hand.tenpai_at[seat] or 0)
        elif e.type in ("chi", "pon", "daiminkan", "ankan") and seat is not None:
            for t in e.consumed:
                hand.counts[seat][KIND_OF_ID[t]] -= 1
                hand.seen[KIND_OF_ID[t]] += 1
            hand.melds[seat] += 1
            hand.opened[seat] |= e.type != "ankan"
            if e.type != "ankan" and any(hand.riichi[s] for s in range(SEATS) if s != seat):
                hand.calling = seat
        elif e.type == "kakan" and seat is not None and e.tile is not None:
            hand.counts[seat][KIND_OF_ID[e.tile]] -= 1
            hand.seen[KIND_OF_ID[e.tile]] += 1
        elif e.type == "reach" and seat is not None:
            hand.riichi[seat] = True
            hand.declaring = seat
        elif e.type == "hora" and seat is not None:
            state = hand.state(seat)
            self.wins[state] += 1
            self.self_draws[state] += e.target is None or e.target == seat
            if e.target is not None and e.target != seat:
                self.deal_ins_from[min(2, hand.shanten(e.target))] += 1
                self.deal_ins_into[state] += 1
                if state == "riichi" and not hand.riichi[e.target] and hand.last_discard[0] == e.target:
                    self.into_riichi_held_safe[hand.last_discard[1][seat]] += 1
        elif e.type == "ryukyoku" and e.info.get("reason") == "exhaustive":
            self.draws += 1
            self.waiting_at_draws += sum(hand.shanten(s) == 0 for s in range(SEATS))

    def rows(self) -> list[tuple[str, str]]:
        n = self.seat_hands
        won = sum(self.wins.values())
        reached = len(self.tenpai_at)
        out = [
            ("hands reaching tenpai", rate(reached, n)),
            ("first tenpai, own discard", f"{sum(self.tenpai_at) / reached:.2f}" if reached else "-"),
        ]
        out += [(f"tenpai by discard {d}", rate(sum(t <= d for t in self.tenpai_at), n)) for d in BY_DISCARD]
        out += [
            ("exhaustive draws (of hands)", rate(self.draws, n // SEATS)),
            ("seats waiting at a draw", f"{self.waiting_at_draws / self.draws:.2f}" if self.draws else "-"),
        ]
        out += [(f"wins: {k}", rate(v, won)) for k, v in self.wins.items()]
        out += [
            ("wins by ron", rate(won - sum(self.self_draws.values()), n)),
            ("wins by self-draw", rate(sum(self.self_draws.values()), n)),
        ]
        out += [(f"self-draws: {k}", rate(v, n)) for k, v in self.self_draws.items()]
        out += [
            (f"{'open' if opened else 'closed'} first tenpai: {shape}", rate(self.first_waits[opened, shape], n))
            for opened in (False, True)
            for shape in SHAPES
            if shape != "seven pairs" or not opened
        ]
        out += [
            ("winning tiles out of sight at a riichi", average(self.riichi_waits)),
            ("riichi on a one-kind wait (of riichi)", rate(self.riichi_one_kind, len(self.riichi_waits))),
            ("riichi after the first tenpai (of riichi)", rate(self.riichi_after_tenpai, len(self.riichi_waits))),
        ]
        out += [
            (f"deal-ins from {k}", rate(v, n))
            for k, v in zip(("tenpai", "one step away", "two or more"), self.deal_ins_from, strict=True)
        ]
        out += [(f"deal-ins into {k}", rate(v, n)) for k, v in self.deal_ins_into.items()]
        out += [
            (f"deal-ins into riichi, not in riichi, {k}", rate(v, n))
            for k, v in zip(("holding no safe tile", "holding a safe tile"), self.into_riichi_held_safe, strict=True)
        ]
        out += [
            (f"calls against a riichi leaving {k}", rate(v, n))
            for k, v in zip(("tenpai", "one step", "two or more"), self.calls_against_riichi, strict=True)
        ]
        return out


#: the waits of a tenpai, as ``wait_shape`` names them
SHAPES = ("two-sided", "both pairs", "one kind", "seven pairs", "other")


def wait_shape(counts: list[int], melds: int) -> str:
    """What a waiting hand (concealed counts, ``melds`` sets called or set aside) waits on: two kinds three ranks
    apart in one suit (``two-sided``: a 23 waiting on 1 and 4, or the rarer 2345 on 2 and 5), two pairs waiting to
    become a set (``both pairs``), a single kind (a closed or edge wait, a single tile), a hand that waits only as
    seven pairs, or anything else (three kinds or more, thirteen orphans, two kinds another way)."""
    if shanten_standard(counts, melds) > 0:
        return "seven pairs" if shanten_chiitoi(counts) == 0 else "other"
    kinds = waits(counts)
    if len(kinds) == 1:
        return "one kind"
    if len(kinds) == 2:
        a, b = kinds
        if counts[a] >= 2 and counts[b] >= 2:
            return "both pairs"
        if b < EAST and b - a == 3 and a // 9 == b // 9:
            return "two-sided"
    return "other"


class HandInPlay:
    """Every seat's concealed tiles in one hand, by kind, and what the seat has done."""

    def __init__(self, dealt: list[list[int]]) -> None:
        self.counts = [[0] * KINDS for _ in range(SEATS)]
        for seat, tiles in enumerate(dealt):
            for t in tiles:
                self.counts[seat][KIND_OF_ID[t]] += 1
        self.melds = [0] * SEATS
        self.opened = [False] * SEATS
        self.riichi = [False] * SEATS
        self.discards = [0] * SEATS
        self.tenpai_at: list[int | None] = [None] * SEATS
        self.seen = [0] * KINDS  # tiles in a river or a meld, by kind
        self.declaring: int | None = None  # the seat whose riichi discard comes next
        self.calling: int | None = None  # the seat whose discard after a call against a riichi comes next
        # per seat, the kinds safe against its riichi: its own river, and every tile passed since the declaration
        self.safe: list[set[int]] = [set() for _ in range(SEATS)]
        # the last discard's seat, and whether it held a tile safe against each seat before throwing it
        self.last_discard: tuple[int, list[bool]] = (-1, [False] * SEATS)

    def discard(self, seat: int, kind: int) -> None:
        self.counts[seat][kind] -= 1
        self.seen[kind] += 1
        self.safe[seat].add(kind)
        for s in range(SEATS):
            if self.riichi[s]:
                self.safe[s].add(kind)
        self.discards[seat] += 1
        if self.tenpai_at[seat] is None and self.shanten(seat) == 0:
            self.tenpai_at[seat] = self.discards[seat]

    def shanten(self, seat: int) -> int:
        return shanten(self.counts[seat], self.melds[seat])

    def out_of_sight(self, seat: int, kinds: list[int]) -> int:
        """The tiles of ``kinds`` not in the seat's hand, a river or a meld: the wall's and the other hands'."""
        return sum(max(0, 4 - self.counts[seat][k] - self.seen[k]) for k in kinds)

    def state(self, seat: int) -> str:
        return "riichi" if self.riichi[seat] else "open" if self.opened[seat] else "silent"


def average(xs: list[int]) -> str:
    return f"{sum(xs) / len(xs):.2f}" if xs else "-"


def top_room(records: Path) -> Course:
    course = Course()
    for path in sorted(records.glob("4p/*.xml")):
        text = path.read_text(encoding="utf-8")
        if TOP_ROOM in text:
            course.add(read(text, "mjlog").events)
    return course


def cpus(games: int, level: str, seed: str, jobs: int) -> Course:
    course = Course()
    with tempfile.TemporaryDirectory() as logs:
        simulate("standard", [level] * SEATS, games, seed=seed, jobs=jobs, logs=logs)
        for path in sorted(Path(logs).glob("*.jsonl")):
            lines = path.read_text(encoding="utf-8").splitlines()
            course.add(Event.from_json(json.loads(line)) for line in lines if line.strip())
    return course


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=Path, default=corpus(), help="the folder holding 4p/ (default: %(default)s)")
    ap.add_argument("--games", type=int, default=500, help="CPU games to play (default: %(default)s)")
    ap.add_argument("--level", default="strong", help="the CPU level at all four seats (default: %(default)s)")
    ap.add_argument("--seed", default="course", help="the CPU games' seed (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default: %(default)s)")
    args = ap.parse_args()
    columns = []
    if any(args.records.glob("4p/*.xml")):
        human = top_room(args.records)
        columns.append((f"top room, {human.games} games", human))
    else:
        print(f"no Tenhou records in {args.records}/4p: the top room's column is left out (set JANTAKU_TENHOU_DIR)")
    columns.append((f"four {args.level}, {args.games} games", cpus(args.games, args.level, args.seed, args.jobs)))
    print(f"| | {' | '.join(name for name, _ in columns)} |")
    print(f"|---|{'---|' * len(columns)}")
    names = [name for name, _ in columns[0][1].rows()]
    values = [dict(c.rows()) for _, c in columns]
    for name in names:
        print(f"| {name} | {' | '.join(v[name] for v in values)} |")


if __name__ == "__main__":
    main()
