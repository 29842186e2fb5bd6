"""A tiny mjai bot program for the tests of the outside-bot seat: it discards every tile it draws and passes on
every call, and can be told to fail at its Nth turn.

    python mjai_standin.py [--convention batch|stream] [--mode ok|crash|illegal|timeout|garbage] [--after N]
                           [--noisy] [--slow-start S] [--think S] [--stray N]

``batch`` (the mjai.app convention): each input line is a JSON array of events; exactly one reply per line, to
its last event. ``stream`` (Mortal's): one event per line; a reply only where it may act: its own draw (the
discard), and ``none`` on every other seat's discard, kan or North (Mortal answers only those it could call; the
seat drops the answers nobody asked for). ``--mode`` fails at turn N (``--after``, from 1): ``crash`` exits,
``illegal`` discards a tile it does not hold, ``timeout`` never answers, ``garbage`` writes a line that is not
JSON. ``--noisy`` writes to stderr all along (which is no fault); ``--slow-start S`` waits S seconds before its
first reply (a program loading its model); ``--think S`` waits S seconds before every reply (a program that
thinks); ``--stray N`` writes a log line to stdout before its reply at turn N (a program that logs where it
should not). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")


class StandIn:
    def __init__(self, mode: str, after: int, noisy: bool) -> None:
        self.mode = mode
        self.after = after
        self.noisy = noisy
        self.seat = -1
        self.hand: list[str] = []
        self.turns = 0

    def see(self, e: dict[str, Any]) -> dict[str, Any] | None:
        """Take in one event; the reply when it may act on it, else None."""
        t = e.get("type")
        if self.noisy:
            print(f"standin saw {t}", file=sys.stderr, flush=True)
        if t == "start_game":
            self.seat = int(e["id"])
        elif t == "start_kyoku":
            self.hand = list(e["tehais"][self.seat])
        elif e.get("actor") == self.seat:
            if t == "tsumo":
                self.hand.append(e["pai"])
                return self.turn(e["pai"])
            if t == "dahai" and e["pai"] in self.hand:
                self.hand.remove(e["pai"])
            for p in e.get("consumed", ()) if t in ("chi", "pon", "daiminkan", "ankan") else ():
                if p in self.hand:
                    self.hand.remove(p)
            if t in ("kakan", "nukidora") and e["pai"] in self.hand:
                self.hand.remove(e["pai"])
        elif t in ("dahai", "kakan", "ankan", "nukidora"):
            return {"type": "none"}
        return None

    def turn(self, drawn: str) -> dict[str, Any]:
        self.turns += 1
        if self.turns == self.after:
            if self.mode == "crash":
                sys.exit(3)
            if self.mode == "timeout":
                time.sleep(3600)
            if self.mode == "garbage":
                return {"garbage": True}
            if self.mode == "illegal":
                absent = next(p for p in TILES if p not in {h.rstrip("r") for h in self.hand})
                return {"type": "dahai", "actor": self.seat, "pai": absent, "tsumogiri": False}
        return {"type": "dahai", "actor": self.seat, "pai": drawn, "tsumogiri": True}


def write(reply: dict[str, Any], wait: float = 0.0) -> None:
    time.sleep(wait)
    text = "this is not json {" if reply.get("garbage") else json.dumps(reply)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--convention", choices=("batch", "stream"), default="batch")
    parser.add_argument("--mode", choices=("ok", "crash", "illegal", "timeout", "garbage"), default="ok")
    parser.add_argument("--after", type=int, default=1)
    parser.add_argument("--noisy", action="store_true")
    parser.add_argument("--slow-start", type=float, default=0.0, help="seconds to wait before the first reply")
    parser.add_argument("--think", type=float, default=0.0, help="seconds to wait before every reply")
    parser.add_argument("--stray", type=int, default=0, help="the turn before whose reply a log line is written")
    args = parser.parse_args()
    slow = args.slow_start
    bot = StandIn(args.mode, args.after, args.noisy)
    for line in sys.stdin:
        if not line.strip():
            continue
        data = json.loads(line)
        if args.convention == "batch":
            reply = None
            for e in data:
                reply = bot.see(e)
            if reply is not None and reply.get("type") == "dahai" and bot.turns == args.stray:
                sys.stdout.write("loading weights... done\n")
            write(reply or {"type": "none"}, slow + args.think)
            slow = 0.0
        else:
            reply = bot.see(data)
            if reply is not None:
                write(reply, slow + args.think)
                slow = 0.0
    return 0


if __name__ == "__main__":
    sys.exit(main())
