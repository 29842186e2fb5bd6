"""The table statistics of strong human play, from real Tenhou top-room records, counted as ``jantaku simulate``
counts a CPU table (``make bench-strength``).

The strength targets compare four CPUs in self-play with strong human play. Figures quoted for a strong player
(a 22-23% win rate) are one player's against the room; four players at one table cannot all do that (one hand has
one winner, and some hands end in a draw). So the reference is counted here, the same way as our own tables: each
4-player record of the corpus (``JANTAKU_TENHOU_DIR``, by default ``../shared/tenhou`` beside the repository) is
read into one game of ours, refereed action by action, and its events go through ``jantaku.sim.play.summarise``,
the counter ``simulate`` uses. Only the records of the top room (Tenhou's "houou" lobby, south games with red
fives: type 169) are counted.

    PYTHONPATH=src python bench/human_table.py
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

from jantaku.formats.convert import read
from jantaku.sim.play import summarise

TOP_ROOM = 'type="169"'  # the GO element's lobby bits: top room, 4 players, south game, red fives


def corpus() -> Path:
    env = os.environ.get("JANTAKU_TENHOU_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[1] / ".." / "shared" / "tenhou"


@dataclass
class Table:
    """What the players of some games did, per seat and hand (``simulate``'s columns)."""

    games: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    called: int = 0
    draws: int = 0
    points: int = 0

    def add(self, text: str) -> None:
        """Count one record (mjlog XML text) through our referee and the simulator's counter."""
        lines, hands = summarise(read(text, "mjlog").events, 4)
        self.games += 1
        self.hands += hands
        self.draws += lines[0].draws
        for p in lines:
            self.wins += p.wins
            self.tsumo += p.tsumo
            self.deal_ins += p.deal_ins
            self.riichi += p.riichi
            self.called += p.called
            self.points += sum(p.win_points)

    def rows(self) -> list[tuple[str, str]]:
        seats = 4 * self.hands
        return [
            ("win rate", rate(self.wins, seats)),
            ("deal-in rate", rate(self.deal_ins, seats)),
            ("riichi rate", rate(self.riichi, seats)),
            ("call rate", rate(self.called, seats)),
            ("exhaustive draws", rate(self.draws, self.hands)),
            ("tsumo share of wins", rate(self.tsumo, self.wins)),
            ("average win", f"{self.points / self.wins:,.0f}" if self.wins else "-"),
        ]


def top_room(files: list[Path]) -> Table:
    table = Table()
    for path in files:
        text = path.read_text(encoding="utf-8")
        if TOP_ROOM in text:
            table.add(text)
    return table


def rate(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=Path, default=corpus(), help="the folder holding 4p/ (default: %(default)s)")
    args = ap.parse_args()
    files = sorted(args.records.glob("4p/*.xml"))
    if not files:
        print(f"no Tenhou records in {args.records}/4p: skipped (set JANTAKU_TENHOU_DIR)")
        return
    table = top_room(files)
    print(f"Tenhou top room, {table.games} games, {table.hands} hands ({args.records / '4p'})")
    for name, value in table.rows():
        print(f"{name:<20}{value}")


if __name__ == "__main__":
    main()
