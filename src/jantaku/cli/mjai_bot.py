"""``jantaku mjai-bot``: one of our CPUs on stdin/stdout as an mjai bot, for other arenas.

Two conventions are in use and both are spoken (``--protocol``; by default the first line decides):

- ``batch`` (mjai.app): every input line is a JSON array of the events since the last one; every line gets
  exactly one reply line: the action for the array's last event when the seat can act on it, else
  ``{"type":"none"}``.
- ``stream`` (Mortal): every input line is one event object; a reply line follows only the events the seat can
  act on (``{"type":"none"}`` is then a pass).

A line that cannot be read, or a decision the bot cannot make, prints one ``mjai-bot:`` line on stderr and
answers ``none`` (or, where the seat must discard, a tile it surely holds): an arena's game never stops on us.
In the stream convention that answer comes only where the seat may act on the event (``MjaiBot.may_act``): a
reply the arena did not ask for would shift every later answer by one.
stdout carries replies only, each flushed at once. A line longer than ``MAX_LINE`` characters is read no further
than that (the rest of it is skipped) and answered as a line that cannot be read: an arena's bug or a hostile
peer cannot make the bot hold an endless line in memory.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from jantaku.bots.mjai_bot import NONE, MjaiBot

PROTOCOLS = ("batch", "stream")
#: the longest input line read (a whole hand's batch is a few KB)
MAX_LINE = 1 << 20
#: what ``bounded_lines`` yields in place of a line longer than ``MAX_LINE``
TOO_LONG = "\x00too long"


def bounded_lines(stream: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The stream's lines, each read no further than ``limit`` characters: a longer one is skipped to its end and
    given as ``TOO_LONG``."""
    while line := stream.readline(limit + 1):
        if len(line) <= limit or line.endswith("\n"):
            yield line
            continue
        while (rest := stream.readline(limit)) and not rest.endswith("\n"):
            pass
        yield TOO_LONG


def reply_lines(bot: MjaiBot, lines: Iterable[str], protocol: str | None, errors: TextIO) -> Iterable[str]:
    """The reply lines (without newlines) for the input lines, in order, as the protocol wants them."""
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        if protocol is None:
            protocol = "batch" if line.startswith("[") else "stream"
        if raw is TOO_LONG:
            errors.write(f"mjai-bot: line {number}: longer than {MAX_LINE} characters: skipped\n")
            if protocol == "batch":
                yield _dump(NONE)
            continue
        try:
            data: Any = json.loads(line)
        except (ValueError, RecursionError) as exc:  # RecursionError: arrays nested past the decoder's depth
            errors.write(f"mjai-bot: line {number}: not JSON: {exc}\n")
            if protocol == "batch":  # one reply a line; a stream answers only where the seat can act
                yield _dump(NONE)
            continue
        if protocol == "batch":
            events = data if isinstance(data, list) else [data]
            if not isinstance(data, list):
                errors.write(f"mjai-bot: line {number}: a batch line is a JSON array of events\n")
            reply: dict[str, Any] | None = None
            for event in events:
                reply, problem = bot.answer(event)
                if problem:
                    errors.write(f"mjai-bot: line {number}: {problem}\n")
            yield _dump(reply or NONE)
        else:
            reply, problem = bot.answer_stream(data)
            if problem:
                errors.write(f"mjai-bot: line {number}: {problem}\n")
            if reply is not None:
                yield _dump(reply)


def _dump(reply: dict[str, Any]) -> str:
    return json.dumps(reply, separators=(",", ":"))


def run(bot: MjaiBot, protocol: str | None, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Answer stdin until it ends; 0."""
    for reply in reply_lines(bot, bounded_lines(stdin), protocol, stderr):
        stdout.write(reply + "\n")
        stdout.flush()
    return 0


def main(level: str, rules: str, seed: str, protocol: str | None, seat: int | None) -> int:
    """The command's body (``app`` parses the options): 2 for a bad option, else what ``run`` returns."""
    from jantaku.rules import preset
    from jantaku.rules.ruleset import RuleError

    if protocol is not None and protocol not in PROTOCOLS:
        sys.stderr.write(f"error: usage: --protocol is batch or stream, not {protocol!r}\n")
        return 2
    try:
        bot = MjaiBot(level.strip().lower(), preset(rules), seed, seat)
    except (RuleError, ValueError) as exc:
        sys.stderr.write(f"error: usage: {exc}\n")
        return 2
    return run(bot, protocol, sys.stdin, sys.stdout, sys.stderr)
