"""A stand-in for Mortal in review mode: an mjai program that answers every event with one line.

It reads mjai events on stdin, one per line, and keeps its own hand and a count of the tiles it has seen. At each
event where it could act it answers with an action and ``meta: {"q_values": [...], "mask_bits": N}`` over Mortal's
46 actions (docs/review.md); elsewhere with ``{"type":"none"}``. Its mask is generous (riichi whenever the hand is
closed, hora at every draw and discard ...): it knows no rules, and the reviewer puts values only on the options
the rules allowed. Values (``--values``):

- ``seen`` (default): a tile is worth how many of its kind it has seen (its hand, discards, calls, dora
  indicators), a call the called kind's count less a little, pass 1; it plays the best: it discards the tile most
  seen;
- ``label``: action *i* is worth *i*, so a test reads from a value which of Mortal's actions it came from.

Failures on demand, counted in events read (from 1): ``--crash-at N`` exits, ``--garbage-at N`` writes a line that
is not JSON, ``--sleep-at N`` sleeps a minute, ``--bad-meta-at N`` sends (from event N on) one q value more than
the mask has bits; ``--plain`` answers only where it could act (Mortal outside review mode, which a reviewer must
not wait on forever). ``--riichi-value V`` values riichi at V (100: it declares whenever it may). ``--seat N``
checks the seat ``start_game`` names (exit 3 when it differs); ``--pid-file F`` writes its process id into F.
Without ``MORTAL_REVIEW_MODE=1`` in its environment it behaves as with ``--plain``.

Standard library only: it stands for a program that knows nothing of this project.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

SUITS = "mps"
HONORS = "ESWNPFC"
RIICHI, CHI_LOW, CHI_MID, CHI_HIGH, PON, KAN, HORA, RYUKYOKU, NONE = range(37, 46)


def code(pai: str) -> int:
    """Mortal's tile index: kinds 0..33, red fives 34..36."""
    if pai in HONORS:
        return 27 + HONORS.index(pai)
    if pai.endswith("r"):
        return 34 + SUITS.index(pai[1])
    return SUITS.index(pai[1]) * 9 + int(pai[0]) - 1


def kind(pai: str) -> int:
    c = code(pai)
    return (4, 13, 22)[c - 34] if c >= 34 else c


class Standin:
    def __init__(self, values: str, riichi: float = 0.25) -> None:
        self.values = values
        self.riichi_value = riichi
        self.seat = 0
        self.players = 4
        self.hand: list[str] = []
        self.seen = [0] * 34
        self.closed = True
        self.riichi = False
        self.pons: set[int] = set()

    def see(self, *pais: str) -> None:
        for pai in pais:
            if pai != "?":
                self.seen[kind(pai)] += 1

    def q(self, label: int, called: int | None = None) -> float:
        if self.values == "label":
            return float(label)
        if label < 34 + 3:
            k = (4, 13, 22)[label - 34] if label >= 34 else label
            return self.seen[k] - label / 100
        if label in (CHI_LOW, CHI_MID, CHI_HIGH, PON, KAN):
            base = self.seen[called] if called is not None else 0
            return base - 1 - (label - CHI_LOW) / 10
        return {RIICHI: self.riichi_value, HORA: -2.0, RYUKYOKU: -3.0, NONE: 1.0}[label]

    def answer(self, labels: set[int], called: int | None = None, tile: str | None = None) -> dict[str, Any]:
        order = sorted(labels)
        values = [self.q(label, called) for label in order]
        best = order[max(range(len(order)), key=lambda i: values[i])]
        meta = {"q_values": values, "mask_bits": sum(1 << label for label in order)}
        out: dict[str, Any] = self.action(best, tile)
        out["meta"] = meta
        return out

    def action(self, label: int, tile: str | None) -> dict[str, Any]:
        me = self.seat
        if label < 37:
            pai = next(p for p in self.hand if code(p) == label)
            return {"type": "dahai", "actor": me, "pai": pai, "tsumogiri": False}
        if label == RIICHI:
            return {"type": "reach", "actor": me}
        if label in (CHI_LOW, CHI_MID, CHI_HIGH, PON, KAN) and tile is not None:
            k = kind(tile)
            want = {
                CHI_LOW: [k + 1, k + 2],
                CHI_MID: [k - 1, k + 1],
                CHI_HIGH: [k - 2, k - 1],
                PON: [k, k],
                KAN: [k, k, k],
            }[label]
            pool = list(self.hand)
            consumed = [pool.pop(next(i for i, p in enumerate(pool) if kind(p) == w)) for w in want]
            names = {CHI_LOW: "chi", CHI_MID: "chi", CHI_HIGH: "chi", PON: "pon", KAN: "daiminkan"}
            return {"type": names[label], "actor": me, "pai": tile, "consumed": consumed}
        if label == HORA:
            return {"type": "hora", "actor": me}
        if label == RYUKYOKU:
            return {"type": "ryukyoku"}
        return {"type": "none"}

    def counts(self) -> list[int]:
        counts = [0] * 34
        for pai in self.hand:
            counts[kind(pai)] += 1
        return counts

    def turn(self, drawn: str | None) -> dict[str, Any]:
        counts = self.counts()
        if self.riichi and drawn is not None:
            labels = {code(drawn)}
        else:
            labels = {code(p) for p in self.hand}
            if self.closed and drawn is not None:
                labels.add(RIICHI)
        if drawn is not None:
            labels.add(HORA)
            if any(c == 4 for c in counts) or any(counts[k] for k in self.pons):
                labels.add(KAN)
            if sum(1 for k in (0, 8, 9, 17, 18, 26, *range(27, 34)) if counts[k]) >= 9:
                labels.add(RYUKYOKU)
        return self.answer(labels)

    def claim(self, actor: int, tile: str, chi: bool = True) -> dict[str, Any]:
        labels = {HORA, NONE}
        k = kind(tile)
        counts = self.counts()
        if not self.riichi and chi:
            if counts[k] >= 2:
                labels.add(PON)
            if counts[k] >= 3:
                labels.add(KAN)
            if actor == (self.seat - 1) % self.players and self.players == 4 and k < 27:
                rank = k % 9

                def has(*ds: int) -> bool:
                    return all(0 <= rank + d < 9 and counts[k + d] for d in ds)

                if has(1, 2):
                    labels.add(CHI_LOW)
                if has(-1, 1):
                    labels.add(CHI_MID)
                if has(-2, -1):
                    labels.add(CHI_HIGH)
        return self.answer(labels, k, tile)

    def react(self, e: dict[str, Any]) -> dict[str, Any] | None:
        t = e["type"]
        actor = e.get("actor")
        mine = actor == self.seat
        if t == "start_game":
            self.seat = int(e.get("id", 0))
            self.players = len(e.get("names", [0, 0, 0, 0]))
        elif t == "start_kyoku":
            self.hand = list(e["tehais"][self.seat])
            self.seen = [0] * 34
            self.see(e["dora_marker"], *self.hand)
            self.closed, self.riichi, self.pons = True, False, set()
        elif t == "tsumo" and mine:
            self.hand.append(e["pai"])
            self.see(e["pai"])
            return self.turn(e["pai"])
        elif t == "dahai":
            if mine:
                self.hand.remove(e["pai"])
            else:
                self.see(e["pai"])
                if e["pai"] != "?":
                    return self.claim(int(actor), e["pai"])
        elif t in ("chi", "pon", "daiminkan"):
            if mine:
                for pai in e["consumed"]:
                    self.hand.remove(pai)
                self.closed = False
                if t == "pon":
                    self.pons.add(kind(e["pai"]))
                if t != "daiminkan":
                    return self.turn(None)
            else:
                self.see(*e["consumed"])
        elif t == "ankan":
            if mine:
                for pai in e["consumed"]:
                    self.hand.remove(pai)
            else:
                self.see(*e["consumed"])
        elif t == "kakan":
            if mine:
                self.hand.remove(e["pai"])
            else:
                self.see(e["pai"])
                return self.claim(int(actor), e["pai"], chi=False)
        elif t == "nukidora":
            if mine:
                self.hand.remove(e["pai"])
            else:
                self.see(e["pai"])
        elif t == "dora":
            self.see(e["dora_marker"])
        elif t == "reach" and mine:
            self.riichi = True
            return self.answer({code(p) for p in self.hand})
        return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--values", choices=("seen", "label"), default="seen")
    parser.add_argument("--seat", type=int)
    parser.add_argument("--crash-at", type=int, default=0)
    parser.add_argument("--garbage-at", type=int, default=0)
    parser.add_argument("--sleep-at", type=int, default=0)
    parser.add_argument("--bad-meta-at", type=int, default=0)
    parser.add_argument("--riichi-value", type=float, default=0.25)
    parser.add_argument("--plain", action="store_true")
    parser.add_argument("--pid-file")
    args = parser.parse_args()
    if args.pid_file:
        with open(args.pid_file, "w", encoding="utf-8") as out:
            out.write(str(os.getpid()))
    plain = args.plain or os.environ.get("MORTAL_REVIEW_MODE") != "1"
    bot = Standin(args.values, args.riichi_value)
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        if number == args.crash_at:
            return 1
        if number == args.sleep_at:
            time.sleep(60)
        if number == args.garbage_at:
            print("loading weights... done", flush=True)
            continue
        event = json.loads(line)
        if event["type"] == "start_game" and args.seat is not None and event.get("id") != args.seat:
            print(f"started for seat {args.seat}, told seat {event.get('id')}", file=sys.stderr)
            return 3
        reply = bot.react(event)
        if number >= args.bad_meta_at > 0 and reply is not None:
            reply["meta"]["q_values"].append(0.0)  # one value more than the mask has bits
        if reply is None and plain:
            continue
        print(json.dumps(reply or {"type": "none"}, separators=(",", ":")), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
