"""A seat played by an outside program that speaks mjai on its stdin and stdout (docs/mjai-bots.md).

The program is started from an argument list (a command string is split with ``shlex``; no shell ever runs it)
and is told the game as its seat sees it: every event goes through ``engine.events.redact`` for the seat and then
through one ``formats.mjai.SeatExporter`` kept for the whole game, so other seats' start hands and draws are ``?``
and no wall or ura indicator is sent before the game shows it. Two conventions are spoken:

- ``batch`` (the mjai.app contest's): at each decision of the seat, one line holding a JSON array of the events
  since the last message; exactly one reply line, the action or ``{"type":"none"}``;
- ``stream`` (Mortal's): one event per line; a reply is read only at a decision of the seat.

A reply is mapped to one of the seat's legal actions (``action_of_reply``); ``reach`` is answered with the seat's
own ``reach`` event and the discard that follows is the riichi discard. Time is bounded per decision (a longer
limit for the first message, while the program loads) by waiting on the pipes with a selector, never with a
thread. A program that exits, writes what is not JSON, answers what the rules refuse or runs out of time has the
decision played by the default (pass on a claim, the drawn tile on a turn) and a fault noted; after it exits or
stops answering, the seat plays the default to the end of the game; a batch program's line that is not JSON (a
log line on stdout) is one fault and skipped, its reply after it still read. The table records each fault
(``take_faults``; the reason cut to ``MAX_REASON`` characters) with ``Game.fault`` so the log and the results
show it. The program runs in its own process group, killed whole, so what it started ends with it.

The table server asks the seat from a worker thread (``act``) while its event loop goes on telling it the game
(``feed``) and may end it (``close``): the events waiting to be sent and the process are guarded by one lock, and
``close`` during a decision kills the program, so the waiting thread wakes at once with a fault, plays the default
and reaps it.

The tenpai declaration some rules ask for at an exhaustive draw has no mjai word: the seat declares tenpai
whenever it may, without asking. Superpowers have none either: an outside seat never uses one.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
)
from jantaku.engine.events import Event, redact
from jantaku.engine.view import SeatView
from jantaku.formats.mjai import SeatExporter, code_of_id, code_of_pai
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import FIVES, RED_MAN

CONVENTIONS = ("batch", "stream")
#: seconds a program has for one decision, and for the first message of the game (it may still be loading)
DECISION_SECONDS = 5.0
START_SECONDS = 30.0
#: seconds a program has to exit once its input is closed at the end of the game, before it is killed
EXIT_SECONDS = 1.0
#: seconds of silence that end a stream program's answers to a resumed game's history (``BotProcess.settle``)
CATCH_UP_QUIET = 0.2
#: the longest reply line read; a longer one is garbage
MAX_LINE = 1 << 16
#: the longest fault reason kept: a reason quotes the program's text, which must not fill the game's log
MAX_REASON = 200


def short_reason(text: str, limit: int = MAX_REASON) -> str:
    """``text`` cut to ``limit`` characters (the cut marked with an ellipsis): a fault reason fit for the log."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class BotFault(Exception):
    """A decision the program failed: ``kind`` is ``exited``, ``timeout``, ``garbage`` (not a JSON object) or
    ``illegal`` (an action the rules refuse now); ``fatal`` ones end its play for the game."""

    def __init__(self, kind: str, detail: str) -> None:
        self.kind = kind
        self.detail = short_reason(detail, MAX_REASON - len(kind) - 2)  # the reason, "kind: detail", stays short
        super().__init__(f"{kind}: {self.detail}")

    @property
    def fatal(self) -> bool:
        return self.kind in ("exited", "timeout")


@dataclass(frozen=True, slots=True)
class BotCommand:
    """How to start an outside program: its argument list and the convention it speaks."""

    argv: tuple[str, ...]
    convention: str = "batch"

    @classmethod
    def parse(cls, command: str | Sequence[str], convention: str = "batch") -> BotCommand:
        """A command string split as a POSIX shell would split it (no shell runs it), or an argument list."""
        if convention not in CONVENTIONS:
            raise ValueError(f"unknown mjai convention {convention!r} (known: {', '.join(CONVENTIONS)})")
        argv = tuple(shlex.split(command)) if isinstance(command, str) else tuple(str(a) for a in command)
        if not argv:
            raise ValueError("an mjai bot needs a command to run")
        return cls(argv, convention)


class BotProcess:
    """The running program: lines written to its stdin and read from its stdout, each with a deadline, through
    non-blocking pipes and a selector (one per direction). Its stderr is its own business (``stderr``: where it
    goes, nowhere by default); ``env``: its environment, the caller's when None."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        stderr: IO[Any] | int | None = subprocess.DEVNULL,
        env: Mapping[str, str] | None = None,
    ) -> None:
        try:
            self.proc = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                env=None if env is None else dict(env),  # None: the server's own environment
                close_fds=True,
                start_new_session=True,  # its own process group: killing it kills what it started too
            )
        except OSError as exc:
            raise BotFault("exited", f"could not start {argv[0]!r}: {exc}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.stdin_fd = self.proc.stdin.fileno()
        self.stdout_fd = self.proc.stdout.fileno()
        os.set_blocking(self.stdin_fd, False)
        os.set_blocking(self.stdout_fd, False)
        self.reader = selectors.DefaultSelector()
        self.reader.register(self.stdout_fd, selectors.EVENT_READ)
        self.writer = selectors.DefaultSelector()
        self.writer.register(self.stdin_fd, selectors.EVENT_WRITE)
        self.buffer = b""
        self.eof = False
        #: seconds spent waiting for the program (its own time to answer): the rest of a decision is the table's
        self.blocked = 0.0

    def exited(self) -> str:
        code = self.proc.poll()
        return "the program closed its output" if code is None else f"the program exited with code {code}"

    def send(self, text: str, deadline: float) -> None:
        data = text.encode()
        while data:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotFault("timeout", "the program did not read its input in time")
            started = time.monotonic()
            ready = self.writer.select(left)
            self.blocked += time.monotonic() - started
            if not ready:
                continue
            try:
                data = data[os.write(self.stdin_fd, data) :]
            except BlockingIOError:
                continue
            except (BrokenPipeError, OSError):
                raise BotFault("exited", self.exited()) from None

    def _read(self) -> None:
        """Take what the pipe holds now, without waiting (``eof`` at its end)."""
        while not self.eof:
            try:
                chunk = os.read(self.stdout_fd, MAX_LINE)
            except BlockingIOError:
                return
            if not chunk:
                self.eof = True
                return
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                return

    def read_line(self, deadline: float) -> str:
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                raise BotFault("garbage", f"a reply longer than {MAX_LINE} bytes")
            if self.eof:
                raise BotFault("exited", self.exited())
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotFault("timeout", "no reply in time")
            started = time.monotonic()
            ready = self.reader.select(left)
            self.blocked += time.monotonic() - started
            if ready:
                self._read()
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")

    def drain(self) -> list[str]:
        """The whole lines the program has written so far, without waiting (replies nobody asked for)."""
        self._read()
        lines = self.buffer.split(b"\n")
        self.buffer = lines.pop()
        return [line.decode("utf-8", errors="replace") for line in lines]

    def settle(self, quiet: float, deadline: float) -> int:
        """Drop what the program writes until it has been silent ``quiet`` seconds (or the deadline, or its output
        ends): its answers to events long past. The number of lines dropped."""
        dropped = len(self.drain())
        until = time.monotonic() + quiet
        while not self.eof:
            now = time.monotonic()
            if now >= min(until, deadline):
                break
            started = now
            ready = self.reader.select(min(until, deadline) - now)
            self.blocked += time.monotonic() - started
            if ready:
                lines = self.drain()
                if lines:
                    dropped += len(lines)
                    until = time.monotonic() + quiet
        return dropped

    def kill(self) -> None:
        """Kill it and every process it started (its process group: a wrapper script's children would otherwise
        live on), from any thread: a wait on its pipes ends at once (the pipe's end), and the waiting thread
        closes and reaps it."""
        with contextlib.suppress(OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.proc.kill()

    def close(self, grace: float = EXIT_SECONDS) -> None:
        """Close its input, give it ``grace`` seconds to exit, then kill its process group (it and what it started);
        always reaped (no zombie)."""
        self.reader.close()
        self.writer.close()
        for pipe in (self.proc.stdin, self.proc.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(grace)
        self.kill()  # what it left running (or itself, still running after the grace)
        self.proc.wait()


# ------------------------------------------------------------------------------------------------ replies
def kind_of_code(code: int) -> int:
    """The kind (0..33) of a tile code (a red five's code is its five's kind)."""
    return FIVES[code - RED_MAN] if code >= RED_MAN else code


def _pai(reply: Mapping[str, Any], key: str = "pai") -> int:
    try:
        code = code_of_pai(reply[key])
    except (KeyError, ValueError):
        raise BotFault("illegal", f"{reply.get('type')} names no tile in {key!r}") from None
    if code is None:
        raise BotFault("illegal", f"{reply.get('type')} names a hidden tile")
    return code


def _consumed(reply: Mapping[str, Any]) -> list[int]:
    value = reply.get("consumed")
    if not isinstance(value, list):
        raise BotFault("illegal", f"{reply.get('type')} has no consumed tiles")
    return [_pai({"type": reply.get("type"), "pai": p}) for p in value]


def action_of_reply(
    reply: Mapping[str, Any],
    seat: int,
    legal: Sequence[Action],
    *,
    drawn: int | None = None,
    red_fives: Sequence[int] = (1, 1, 1),
    riichi: bool = False,
) -> Action:
    """The legal action an mjai reply names, or ``BotFault("illegal")``. ``drawn`` is the tile the seat just
    drew (a ``tsumogiri`` discard is that copy); ``riichi``: the seat said ``reach``, so a discard is the riichi
    discard. A ``reach`` reply itself is the seat's to answer (``OutsideSeat``), never an action here."""
    kind = reply.get("type")
    actor = reply.get("actor", seat)
    if actor != seat:
        raise BotFault("illegal", f"{kind} for seat {actor!r}, not this seat ({seat})")

    def code(tile: int) -> int:
        return code_of_id(tile, red_fives)

    def found(options: Sequence[Action]) -> Action:
        if not options:
            raise BotFault("illegal", f"{json.dumps(dict(reply))[:200]} is not a legal action now")
        return options[0]

    if kind == "none":
        return found([a for a in legal if isinstance(a, Pass)])
    if kind == "dahai":
        want = _pai(reply)
        plays = [a for a in legal if isinstance(a, Riichi)] if riichi else [a for a in legal if isinstance(a, Discard)]
        options = [a for a in plays if code(a.tile) == want and not (isinstance(a, Discard) and a.veil)]
        tsumogiri = reply.get("tsumogiri") is True
        # the drawn copy for a tsumogiri, another copy otherwise; either when only one of them is legal
        options.sort(key=lambda a: ((a.tile == drawn) != tsumogiri, a.tile))
        return found(options)
    if kind in ("chi", "pon", "daiminkan"):
        calls: dict[str, type[Any]] = {"chi": Chi, "pon": Pon, "daiminkan": OpenKan}
        mine = sorted(_consumed(reply))
        same: list[Action] = [a for a in legal if isinstance(a, calls[kind])]
        return found([a for a in same if sorted(code(t) for t in getattr(a, "tiles", ())) == mine])
    if kind == "kakan":
        added = kind_of_code(_pai(reply))
        return found([a for a in legal if isinstance(a, AddedKan) and a.tile >> 2 == added])
    if kind == "ankan":
        kinds = {kind_of_code(c) for c in _consumed(reply)}
        return found([a for a in legal if isinstance(a, ClosedKan) and {t >> 2 for t in a.tiles} == kinds])
    if kind == "hora":
        return found([a for a in legal if isinstance(a, (Tsumo, Ron))])
    if kind == "ryukyoku":
        return found([a for a in legal if isinstance(a, NineTerminals)])
    if kind in ("nukidora", "kita"):
        return found([a for a in legal if isinstance(a, Kita)])
    raise BotFault("illegal", f"{kind!r} is not an mjai action")


def default_action(legal: Sequence[Action], drawn: int | None) -> Action:
    """The play for a seat whose program failed: pass on a claim, declare tenpai where asked and allowed,
    discard the drawn tile (or, after a call, the last tile the rules allow); never a superpower."""
    plain = [a for a in legal if not isinstance(a, Power) and not (isinstance(a, Discard) and a.veil)]
    for first in (Pass(), DeclareTenpai(), DeclareNoten()):
        if first in plain:
            return first
    discards = [a for a in plain if isinstance(a, Discard)]
    if drawn is not None and Discard(drawn) in discards:
        return Discard(drawn)
    if discards:
        return discards[-1]
    return plain[0]


# ------------------------------------------------------------------------------------------------ the seat
class OutsideSeat:
    """A ``Player`` whose decisions an outside mjai program makes. The table tells it every event (``feed``,
    unredacted is fine: it redacts them for its seat), asks it as any player (``act``), records the faults it
    reports (``take_faults``) and closes it at the end (``close``; also safe to call twice)."""

    def __init__(
        self,
        command: BotCommand,
        rules: RuleSet,
        seat: int,
        *,
        name: str | None = None,
        names: Sequence[str] | None = None,
        decision_seconds: float = DECISION_SECONDS,
        start_seconds: float = START_SECONDS,
        transcript: bool = False,
        stderr: IO[Any] | int | None = subprocess.DEVNULL,
    ) -> None:
        self.command = command
        self.seat = seat
        self.name = name or f"mjai:{command.argv[0]}"
        self.red_fives = tuple(rules.red_fives)
        self.decision_seconds = decision_seconds
        self.start_seconds = start_seconds
        self.stderr = stderr
        self.exporter = SeatExporter(red_fives=self.red_fives, seat=seat, names=names)
        self.pending: list[dict[str, Any]] = []
        self.process: BotProcess | None = None
        self.messages = 0  # messages sent (the first one has the start limit)
        self.dead = False  # the program failed for good: the default plays the seat
        self.faults: list[str] = []  # every fault of the game, as noted
        self.unread: list[str] = []  # faults not yet taken by the table
        self.reach_sent = False  # the seat's own reach event went with its riichi: not sent twice
        #: every line sent to the program, when asked for (tests check them against the seat's view)
        self.transcript: list[str] | None = [] if transcript else None
        #: seconds spent waiting for the program's answers (its own time; ``BotProcess.blocked``)
        self.waited = 0.0
        self.asked = 0  # decisions it was asked
        #: guards ``pending``, ``reach_sent``, ``unread``, ``process`` and ``closed``/``acting``: the table's loop
        #: feeds and closes the seat while ``act`` may run in a worker thread
        self.lock = threading.Lock()
        self.closed = False  # ``close`` was called: no program is started again
        self.acting = False  # ``act`` waits on the program (in some thread)

    # ---------------------------------------------------------------- the table's side
    def feed(self, events: Iterable[Event]) -> None:
        """Events of the game, in order, as they happen (each is redacted for the seat here)."""
        for event in events:
            seen = redact(event, self.seat)
            out = self.exporter.convert(seen)
            if out is None:
                continue
            with self.lock:
                if out["type"] == "reach" and out.get("actor") == self.seat and self.reach_sent:
                    self.reach_sent = False
                    continue
                self.pending.append(out)

    def take_faults(self) -> list[str]:
        """The faults noted since the last call (the table records each with ``Game.fault``)."""
        with self.lock:
            out, self.unread = self.unread, []
        return out

    def act(self, view: SeatView) -> Action:
        legal = [action_from_json(a) for a in view.get("legal_actions", [])]
        own = view.get("own")
        drawn = own["drawn"] if own is not None else None
        if any(isinstance(a, (DeclareTenpai, DeclareNoten)) for a in legal):
            return default_action(legal, drawn)  # no mjai word for it: not the program's decision
        with self.lock:
            if self.dead or self.closed:
                return default_action(legal, drawn)
            self.acting = True
        turn = view.get("phase") == "turn"
        riichi = False
        try:
            reply = self._ask(turn)
            if reply.get("type") == "reach":
                if not any(isinstance(a, Riichi) for a in legal):
                    raise BotFault("illegal", "reach is not legal now")
                riichi = True
                with self.lock:
                    self.reach_sent = True
                    self.pending.append({"type": "reach", "actor": self.seat})
                reply = self._ask(turn)
            return action_of_reply(reply, self.seat, legal, drawn=drawn, red_fives=self.red_fives, riichi=riichi)
        except BotFault as fault:
            self._note(fault)
            if riichi:  # it said reach: its riichi stands, on the drawn tile
                declared = [a for a in legal if isinstance(a, Riichi)]
                return next((a for a in declared if a.tile == drawn), declared[0])
            return default_action(legal, drawn)
        finally:
            with self.lock:
                self.acting = False
                process = self.process if self.closed else None
                if process is not None:
                    self.process = None
            if process is not None:  # closed while it answered: this thread reaps it
                process.close(0)

    def close(self) -> None:
        """The game is over (or stopped): the events left are sent, when the program still listens, and the
        program is closed and reaped. During a decision (``act`` in another thread) the program is killed
        instead, never waited for here: the thread waiting on it wakes with a fault, plays the default and reaps
        it."""
        with self.lock:
            self.closed = True
            if self.acting:
                if self.process is not None:
                    self.process.kill()
                return
            process, self.process = self.process, None
        if process is None:
            return
        try:
            with self.lock:
                message = self._message() if not self.dead and self.pending else ""
            if message:
                process.send(message, time.monotonic() + self.decision_seconds)
        except BotFault:
            pass
        process.close()

    # ---------------------------------------------------------------- the program's side
    def _message(self) -> str:
        """The events waiting, as the lines of one message (the caller holds ``lock``)."""
        events, self.pending = self.pending, []
        return self._lines(events)

    def _catch_up(self) -> str:
        """For a stream program's first message when it joins a game under way (the server resumed it): all the
        events waiting but the last, when they hold one it could act on (its own draw, another seat's discard, kan
        or North), else nothing (the caller holds ``lock``). Its answers to them are not this decision's."""
        if self.command.convention != "stream" or self.messages or len(self.pending) < 2:
            return ""
        history = self.pending[:-1]
        actionable = any(
            (e.get("actor") == self.seat and e["type"] == "tsumo")
            or (e.get("actor") != self.seat and e["type"] in ("dahai", "kakan", "ankan", "nukidora"))
            for e in history
        )
        if not actionable:
            return ""
        self.pending = self.pending[-1:]
        return self._lines(history)

    def _lines(self, events: list[dict[str, Any]]) -> str:
        if self.command.convention == "batch":
            lines = [json.dumps(events, separators=(",", ":"))]
        else:
            lines = [json.dumps(e, separators=(",", ":")) for e in events]
        if self.transcript is not None:
            self.transcript.extend(lines)
        return "".join(line + "\n" for line in lines)

    def _ask(self, turn: bool) -> dict[str, Any]:
        with self.lock:
            if self.closed:
                raise BotFault("exited", "the table closed the seat")
            if self.process is None:
                self.process = BotProcess(self.command.argv, stderr=self.stderr)
            process = self.process
            history = self._catch_up()
            message = self._message()
        stream = self.command.convention == "stream"
        # lines written since the last answer (stream: answers to events it thought it could act on; batch: a late
        # reply or a stray line) are not this decision's: left in the pipe, every later answer would be one behind
        process.drain()
        limit = self.start_seconds if self.messages == 0 else self.decision_seconds
        self.messages += 1
        self.asked += 1
        deadline = time.monotonic() + limit
        blocked = process.blocked
        stray: BotFault | None = None  # batch: the first line of this decision that was not JSON
        try:
            if history:  # a resumed game: its answers to the history are let through before it is asked
                process.send(history, deadline)
                process.settle(CATCH_UP_QUIET, deadline)
            process.send(message, deadline)
            while True:
                try:
                    line = process.read_line(deadline)
                except BotFault as fault:
                    # a program that wrote only stray lines failed this decision by them, not by the clock
                    raise stray if stray is not None and fault.kind == "timeout" else fault from None
                try:
                    reply = json.loads(line)
                except ValueError:
                    if stream:
                        raise BotFault("garbage", f"not JSON: {line[:80]!r}") from None
                    # a program's log line on stdout ("loading... done"): noted once, and its answer still read
                    stray = stray or BotFault("garbage", f"not JSON: {line[:80]!r}")
                    continue
                if not isinstance(reply, dict):
                    raise BotFault("garbage", f"not a JSON object: {line[:80]!r}")
                if stream and turn and reply.get("type") in ("none", "chi", "pon", "daiminkan"):
                    continue  # a late answer to a claim nobody offered it
                if stray is not None:
                    self._note(stray)  # the answer came after a stray line: one fault for the decision
                return reply
        finally:
            self.waited += process.blocked - blocked

    def _note(self, fault: BotFault) -> None:
        with self.lock:
            self.faults.append(str(fault))
            self.unread.append(str(fault))
            process = None
            if fault.fatal:
                self.dead = True
                process, self.process = self.process, None
        if process is not None:
            process.close(0)


#: line-up entries that seat an outside program, and the convention each speaks
PREFIXES = (("mjai:", "batch"), ("mjai-stream:", "stream"), ("mjai-batch:", "batch"))


def is_outside(entry: str) -> bool:
    """Whether a line-up entry names an outside program (``mjai:...``) rather than a CPU level."""
    return entry.startswith(tuple(prefix for prefix, _ in PREFIXES))


def outside_lineup_entry(entry: str) -> BotCommand | None:
    """A line-up entry's command: ``mjai:CMD`` (batch) or ``mjai-stream:CMD``; None for a CPU level. ``CMD`` is
    split as a shell would split it; quoted whole (``mjai:"python bot.py"``) it is the command inside the quotes.
    An entry with an empty command raises ``ValueError``."""
    for prefix, convention in PREFIXES:
        if entry.startswith(prefix):
            command = entry[len(prefix) :].strip()
            if (
                len(command) > 1
                and command[0] == command[-1]
                and command[0] in "\"'"
                and command[0] not in command[1:-1]
            ):
                command = command[1:-1]  # mjai:"CMD ..." quoted whole, as the shell left it inside other quotes
            return BotCommand.parse(command, convention)
    return None
