"""The top room's own discards against the CPU's, in the same positions.

Table figures and the hand course (``bench/hand_course.py``) say where a CPU's hands go; they cannot say which of
its choices sends them there. This replays each of the top room's records through our referee and, at every discard
a closed hand makes with nothing threatening it (no riichi, no open hand at the table: a choice of shape, not of
defence), asks a CPU level what it would throw from the same seat's view. It counts how often the two agree, by how
far the hand is from tenpai (the best shanten its discards keep), and sorts each disagreement by what the room's tile
kept against the CPU's: the same shanten and acceptance (the numbers tie: which tile goes is taste, or shape), less
acceptance, more, or another shanten. Each class is split by the kind of the two tiles thrown (an honor of value or a
guest, a terminal, a 2 or 8, a middle tile), which is how the tie-break of ``bots.strong.room_to_grow`` was found
(docs/cpus.md#the-tile-with-room-to-grow).

The CPU sees the seat's view only, as at a table; its answer is its own (the same level, seed 0, for every seat).

    PYTHONPATH=src:bench python bench/room_discards.py --level strong
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from human_table import TOP_ROOM, corpus, rate
from jantaku.bots import make_player
from jantaku.bots.reading import Situation, read_view
from jantaku.engine import Game
from jantaku.engine.actions import Discard, Riichi
from jantaku.formats.convert import read
from jantaku.hand import DiscardOption, discard_options
from jantaku.review.walk import Point, walk
from jantaku.tiles import EAST, KIND_OF_ID

#: hands this many steps from tenpai and more share a band
FAR = 3
BANDS = ("tenpai or one step", "two steps", f"{FAR} steps or more")


def band(shanten: int) -> str:
    """The band of a hand whose best discards keep ``shanten``."""
    return BANDS[0] if shanten <= 1 else BANDS[1] if shanten < FAR else BANDS[2]


def tile_class(r: Situation, kind: int) -> str:
    """A thrown tile's class: an honor whose triplet is a yaku (``value``), another honor (``guest``), a terminal,
    a 2 or 8, or a middle tile (3 to 7)."""
    if kind >= EAST:
        return "value honor" if kind in r.value_winds else "guest honor"
    rank = kind % 9
    return "terminal" if rank in (0, 8) else "2 or 8" if rank in (1, 7) else "middle tile"


def compared(room: DiscardOption, cpu: DiscardOption) -> str:
    """What the room's discard kept against the CPU's."""
    if room.shanten != cpu.shanten:
        return "room keeps a worse shanten" if room.shanten > cpu.shanten else "room keeps a better shanten"
    if room.total == cpu.total:
        return "same shanten and acceptance"
    return "room keeps less acceptance" if room.total < cpu.total else "room keeps more acceptance"


@dataclass
class Discards:
    """The positions asked and what came of them."""

    asked: Counter[str] = field(default_factory=Counter)  # by band
    agreed: Counter[str] = field(default_factory=Counter)  # by band
    apart: Counter[str] = field(default_factory=Counter)  # disagreements by ``compared``
    kinds: Counter[tuple[str, str, str]] = field(default_factory=Counter)  # (compared, room's class, CPU's class)

    def add(self, game: Game, level: str) -> None:
        """Every closed, unthreatened discard of ``game`` (a record read through our referee) against ``level``."""
        cpus = {}
        for item in walk(game.log):
            if not isinstance(item, Point) or not isinstance(item.action, (Discard, Riichi)):
                continue
            view = item.game.view(item.actor)
            r = read_view(view, item.game.rules)
            if r.melds or r.riichi or any(o.riichi or o.open_melds for o in r.opponents):
                continue
            options = {o.discard: o for o in discard_options(r.counts, None, r.visible)}
            where = band(min(o.shanten for o in options.values()))
            cpu = cpus.setdefault(item.actor, make_player(level, item.game.rules, seed=0))
            answer = cpu.act(view)
            if not isinstance(answer, (Discard, Riichi)):
                continue  # a win or a nine-terminals redeal: no discard to compare
            room, mine = KIND_OF_ID[item.action.tile], KIND_OF_ID[answer.tile]
            self.asked[where] += 1
            if room == mine:
                self.agreed[where] += 1
                continue
            how = compared(options[room], options[mine])
            self.apart[how] += 1
            self.kinds[how, tile_class(r, room), tile_class(r, mine)] += 1

    def rows(self, top: int = 8) -> list[tuple[str, str]]:
        n = sum(self.asked.values())
        out = [("positions asked", str(n)), ("the CPU throws the room's tile", rate(sum(self.agreed.values()), n))]
        out += [(f"  {b}", rate(self.agreed[b], self.asked[b])) for b in BANDS if self.asked[b]]
        out += [(f"apart: {how}", rate(k, n)) for how, k in self.apart.most_common()]
        out += [
            (f"apart: {how}, room throws a {room}, the CPU a {mine}", rate(k, n))
            for (how, room, mine), k in self.kinds.most_common(top)
        ]
        return out


def room_games(records: Path, limit: int | None = None) -> Iterable[Game]:
    """The top room's 4-player records of the corpus, read through our referee."""
    texts = (p.read_text(encoding="utf-8") for p in sorted(records.glob("4p/*.xml")))
    for i, text in enumerate(t for t in texts if TOP_ROOM in t):
        if limit is not None and i >= limit:
            return
        yield read(text, "mjlog")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=Path, default=corpus(), help="the folder holding 4p/ (default: %(default)s)")
    ap.add_argument("--level", default="strong", help="the CPU level asked (default: %(default)s)")
    ap.add_argument("--games", type=int, default=None, help="the first this many records only (default: all)")
    args = ap.parse_args()
    d = Discards()
    for game in room_games(args.records, args.games):
        d.add(game, args.level)
    if not d.asked:
        raise SystemExit(f"no top-room records in {args.records}/4p (set JANTAKU_TENHOU_DIR)")
    print(f"| the top room's closed, unthreatened discards | {args.level} |")
    print("|---|---|")
    for name, value in d.rows():
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
