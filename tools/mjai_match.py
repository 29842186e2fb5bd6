"""Play one game in the PyPI ``mjai`` package's arena with ``jantaku mjai-bot`` at some seats.

Why a tool and not a test import: ``mjai`` is AGPL. It is never a dependency of jantaku and none of our code or
tests imports it; this script runs inside its own environment (``.venv-mjai``, made by ``make mjai-venv``) and
talks to our bot only as a separate process, over stdin/stdout, the way mjai.app seats a submission.

The arena is ``mjai.mlibriichi.arena.Match`` (Mortal's referee): it asks each seat's agent ``react_batch`` for an
action whenever the seat may act, and gives it the hand's events so far. Our agent sends the events the seat has
not seen yet, as that seat may see them (others' draws and deals are ``?``), as one JSON array line to the bot
process, and reads its one reply line (mjai.app's convention). The other seats play the package's
``RulebaseBot``.

Run (from the repository's root):

    .venv-mjai/bin/python tools/mjai_match.py --bot ".venv/bin/jantaku mjai-bot --level strong" --seats 0,2

It prints one JSON line: whether the game finished, the final scores, our seats, each one's replies counted by
type, the arena's error (if any) and every line our bots wrote on stderr; exit status 0 when the game finished
with no error from our seats, 1 otherwise.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shlex
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from loguru import logger
from mjai.bot.rulebase import RulebaseBot
from mjai.mlibriichi.arena import Match

NAMES = ["0", "1", "2", "3"]


def masked(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """The event as ``seat`` may see it: another seat's draw and deal are hidden."""
    if event["type"] == "tsumo" and event["actor"] != seat:
        return {**event, "pai": "?"}
    if event["type"] == "start_kyoku":
        return {**event, "tehais": [h if i == seat else ["?"] * 13 for i, h in enumerate(event["tehais"])]}
    return event


class _Agent:
    """What the arena calls: ``react_batch`` per decision, ``start_game``/``end_kyoku``/``end_game`` around them."""

    engine_type = "mjai-log"

    def __init__(self, name: str) -> None:
        self.name = name
        self.player_ids: list[int] = []
        self.sent: dict[int, int] = {}  # game index -> events of the hand already passed on
        self.opening: dict[int, Any] = {}  # game index -> the hand's start_kyoku

    def set_player_ids(self, player_ids: Any) -> None:
        self.player_ids = list(player_ids)

    def react_batch(self, game_states: Any) -> list[str]:
        out = []
        for state in game_states:
            index = state.game_index
            seat = self.player_ids[index]
            events = json.loads(state.events_json)
            start = self.sent.get(index, 0)
            if start > len(events) or (events and events[0] != self.opening.get(index)):
                start = 0  # a new hand: its events start again at start_kyoku
            self.opening[index] = events[0] if events else None
            self.sent[index] = len(events)
            new = [masked(e, seat) for e in events[start:]]
            out.append(self.react(index, seat, new) if new else '{"type":"none"}')
        return out

    def react(self, index: int, seat: int, events: list[dict[str, Any]]) -> str:
        raise NotImplementedError

    def start_game(self, index: int) -> None:
        self.sent[index] = 0

    def end_kyoku(self, index: int) -> None:
        self.sent[index] = 0

    def end_game(self, index: int, scores: Any) -> None:
        pass


class RulebaseAgent(_Agent):
    """The package's rule-based bot, in this process."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.bots: dict[int, RulebaseBot] = {}

    def start_game(self, index: int) -> None:
        super().start_game(index)
        seat = self.player_ids[index]
        self.bots[index] = RulebaseBot(seat)
        self.bots[index].react(json.dumps([{"type": "start_game", "id": seat, "names": NAMES}]))

    def react(self, index: int, seat: int, events: list[dict[str, Any]]) -> str:
        return str(self.bots[index].react(json.dumps(events, separators=(",", ":"))))


class ProcessAgent(_Agent):
    """A bot process that speaks mjai.app's convention: a JSON array a line in, one reply line out."""

    def __init__(self, name: str, command: list[str], errors: Path) -> None:
        super().__init__(name)
        self.command = command
        self.errors = errors
        self.procs: dict[int, subprocess.Popen[str]] = {}
        self.replies: Counter[str] = Counter()  # reply type -> how many

    def start_game(self, index: int) -> None:
        super().start_game(index)
        seat = self.player_ids[index]
        stderr = self.errors.open("a", encoding="utf-8")
        self.procs[index] = subprocess.Popen(
            [*self.command, "--seat", str(seat)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            bufsize=1,
        )
        self.send(index, [{"type": "start_game", "id": seat, "names": NAMES}])

    def send(self, index: int, events: list[dict[str, Any]]) -> str:
        proc = self.procs[index]
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the bot at seat {self.player_ids[index]} closed its output (actor: {index})")
        json.loads(line)  # a reply is one JSON object
        return line.strip()

    def react(self, index: int, seat: int, events: list[dict[str, Any]]) -> str:
        reply = self.send(index, events)
        self.replies[json.loads(reply).get("type", "?")] += 1
        return reply

    def end_kyoku(self, index: int) -> None:
        super().end_kyoku(index)
        self.send(index, [{"type": "end_kyoku"}])

    def end_game(self, index: int, scores: Any) -> None:
        self.send(index, [{"type": "end_game"}])
        self.close()

    def close(self) -> None:
        for proc in self.procs.values():
            if proc.stdin is not None and not proc.stdin.closed:
                proc.stdin.close()
            proc.wait(timeout=30)
        self.procs.clear()


def play(command: list[str], seats: list[int], seed: tuple[int, int], log_dir: Path) -> dict[str, Any]:
    """One game; the summary printed by ``main``."""
    errors = log_dir / "bot.stderr.log"
    errors.write_text("", encoding="utf-8")
    ours: dict[int, ProcessAgent] = {s: ProcessAgent(str(s), command, errors) for s in seats}
    agents: list[_Agent] = [ours[s] if s in ours else RulebaseAgent(str(s)) for s in range(4)]
    failure = None
    try:
        Match(log_dir=str(log_dir)).py_match(*agents, seed_start=seed)
    except BaseException as exc:  # the arena raises, or panics (not an Exception), on a bad reply
        failure = f"{type(exc).__name__}: {exc}"
    finally:
        for agent in ours.values():
            agent.close()
    events: list[dict[str, Any]] = []
    for path in sorted(log_dir.glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            events += [json.loads(line) for line in f if line.strip()]
    aborted = [e for e in events if e["type"] == "ryukyoku" and e.get("reason") == "error"]
    scores = next((e["scores"] for e in reversed(events) if e["type"] == "start_kyoku"), None)
    for e in events:
        if e["type"] == "start_kyoku":
            scores = list(e["scores"])
        elif "deltas" in e and scores is not None:
            scores = [a + b for a, b in zip(scores, e["deltas"], strict=True)]
    finished = bool(events) and events[-1]["type"] == "end_game" and failure is None and not aborted
    return {
        "finished": finished,
        "scores": scores,
        "our_seats": seats,
        "replies": {s: dict(ours[s].replies) for s in seats},
        "kyoku": sum(1 for e in events if e["type"] == "start_kyoku"),
        "error": failure or (f"aborted: {aborted[0]}" if aborted else None),
        "bot_stderr": [line for line in errors.read_text(encoding="utf-8").splitlines() if line.strip()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", required=True, help="our bot's command line (jantaku mjai-bot ...)")
    parser.add_argument("--seats", default="0", help="comma-separated seats our bot plays (the rest: RulebaseBot)")
    parser.add_argument("--seed", default="1,1", help="the arena's two seed numbers")
    parser.add_argument("--logs", default=None, help="keep the arena's log in this folder")
    args = parser.parse_args(argv)
    logger.remove()  # the rule-based bot logs every decision
    seats = sorted({int(s) for s in args.seats.split(",") if s.strip()})
    a, b = (int(x) for x in args.seed.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        log_dir = Path(args.logs) if args.logs else Path(tmp)
        log_dir.mkdir(parents=True, exist_ok=True)
        summary = play(shlex.split(args.bot), seats, (a, b), log_dir)
    sys.stdout.write(json.dumps(summary) + "\n")
    return 0 if summary["finished"] and not summary["bot_stderr"] else 1


if __name__ == "__main__":
    sys.exit(main())
