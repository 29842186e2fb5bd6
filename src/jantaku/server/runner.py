"""One asyncio task per running game: it owns the engine and is the only code that changes it.

Players' answers, presence changes and requests for a view reach the task through its inbox, one at a time, so a
decision is applied exactly once and in order. After every step each person gets an ``update``: the events of
that step redacted for their seat, their ``Game.view(seat)``, and — when they must decide — a prompt number,
counted per seat. An answer carries that number; a stale or repeated one is refused and never applied.

**What players see is stored first.** Every decision is written to the store, and what it shows (updates, the end
of the game) waits in an outbox until the store says the write is durable: a crash or a kill loses nothing a player
saw. While the store cannot write (a full disk), the table waits and its people are told; nothing is played past
a decision that is not stored.

**One timer.** The task is always in one explicit state: it sleeps until ``next_wake()`` (a pure function of the
table: prompt timers, grace periods, the claim window, the CPUs' pace, the hand-result pause, the match clock, the
abandonment deadline) or until a message arrives, then ``step()`` does what is due, one change at a time.

CPUs decide through the same ``act(view)`` as in the simulator, at the room's CPU pace. An outside program's seat
(``OutsideSeat``) is asked in a worker thread, never on the loop: the server's other tables and connections go on
while it thinks (up to its time limit). Its answer wakes the task through the inbox (``bot``) and is played at
the next step, as a CPU's is, if that seat still has that decision; no other CPU decides meanwhile. A person who is away
keeps the seat for a grace period, then a CPU stands in, at the same pace, until they return; one who leaves the
game (``left_for_good``) has a CPU of the room's level in their seat at once, for good. A game with no person
connected (away, or left) pauses; after ``abandon_minutes`` it ends as abandoned — at once when every person left
for good, as nobody can come back to it. With timers on, a person who
lets the time run out gets the default play: discard the drawn tile, pass on calls, decline riichi. Neither the
default play nor a stand-in ever uses the seat's superpower (no power action, no veiled discard).

**Claims do not show.** Every discard (and kan, and North) is followed by the same claim window
(``Settings.claim_window`` seconds), whether or not anyone may call: the engine holds an unanswerable window open
(``Game.claim_window``) and answers that come during the window are applied when it ends, so neither the messages
nor their timing tell a seat that cannot call whether another seat can.

The runner sits below the room it plays at: it sees that room only through ``GameRoom``, declared here and
implemented by ``rooms.Room``, and it reports the game's start and end through the same interface.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from jantaku.bots import LEVELS, Bot, Player, make_player
from jantaku.bots.outside import OutsideSeat, short_reason
from jantaku.engine import Action, Event, Game, IllegalAction, SeatView, action_from_json, action_to_json, redact
from jantaku.engine.actions import DeclareNoten, Discard, Pass, Power
from jantaku.server.config import OUTSIDE_BOT, OutsideBot, Settings
from jantaku.server.protocol import FinalJson, Paused, RatingChange, Resumed, ServerMessage, Timeout, Update, error
from jantaku.server.store import GameResult, Store, StoreError, dumps
from jantaku.sim.play import summarise

log = logging.getLogger("jantaku.server")

#: seconds a game waits for the store before it tells its people that the table is paused
STORAGE_NOTICE_SECONDS = 1.0
#: steps a game may play while the store has not yet committed what the earlier ones showed (their messages
#: wait): the CPUs keep playing while the writer commits, and a failing store stops the game within a few steps
AHEAD = 8


#: where a message goes: a seat's person, the spectators (None), or one connection's send
Outgoing = tuple[int | Callable[[ServerMessage], None] | None, ServerMessage]
#: the place of an update folded into a later one
SKIP = -1

#: the threads outside programs' decisions wait in (each waits on its program's pipe, up to its time limit), apart
#: from the loop's default executor so that bots thinking at many tables never hold up its other users; a
#: decision beyond these waits for a thread, and its time limit counts from when it is asked
BOT_THREADS = ThreadPoolExecutor(max_workers=16, thread_name_prefix="jantaku-mjai")


class GameRoom(Protocol):
    """The room a game is played at, as its runner needs it: who sits where, who is there to be told, and where
    the start and end of the game go. ``rooms.Room`` implements it; the runner never imports the room."""

    def cpu_levels(self) -> list[str | None]:
        """Each seat's CPU level (None: a person's seat)."""
        ...

    def timers(self, default_think: float, default_bank: float) -> tuple[float, float]:
        """Seconds per decision and the time bank; (0, 0): no timers."""
        ...

    def nicknames(self) -> list[str]: ...

    def connected_people(self) -> list[int]:
        """The seats whose person is connected now."""
        ...

    def pausing_seats(self) -> set[int]:
        """The connected people who read each hand's result before play goes on (hello's ``hand_pause``)."""
        ...

    def has_spectators(self) -> bool: ...

    def send_to(self, seat: int, msg: ServerMessage) -> None:
        """To the seat's person, if connected."""
        ...

    def send_to_spectators(self, msg: ServerMessage) -> None: ...

    def game_stored(self, game_id: str) -> None:
        """The game's start is durable: the room may announce it."""
        ...

    def game_over(self, game_id: str, final: FinalJson, unrecorded: bool, abandoned: bool) -> None:
        """The game ended and is stored."""
        ...

    def game_crashed(self, game_id: str) -> None:
        """The game stopped on a server error; it stays stored and resumes after a restart."""
        ...


@dataclass
class SeatClock:
    """One seat's decision state: the open prompt, its deadline, the time bank, presence."""

    seq: int = 0  # the open prompt's number (0: no prompt open)
    serial: int = 0  # prompts this seat has been given: its prompts are numbered 1, 2, 3...
    key: tuple[Any, ...] = ()
    opened: float = 0.0
    bank: float = 0.0
    away_since: float | None = None  # -inf: left for good


@dataclass
class InboxItem:
    """An inbox item: ``action`` (a person's answer), ``presence`` (a person came or went, ``payload`` True or
    False), ``left`` (a person left the game for good: ``payload`` is the level of the CPU that takes the seat),
    ``continue`` (a person read the hand's result), ``watch`` (a spectator wants the table: ``reply`` gets it) or
    ``bot`` (an outside program's answer is in: the task wakes to play it)."""

    kind: str
    seat: int = -1
    payload: Any = None
    reply: Callable[[ServerMessage], None] | None = None


def default_action(game: Game, seat: int) -> Action:
    """What the server plays for a person whose time ran out. It never uses a superpower: no ``Power`` action
    and no veiled discard (a power's charges are the person's to spend)."""
    legal = [a for a in game.legal_actions(seat) if not isinstance(a, Power)]
    if Pass() in legal:
        return Pass()
    if DeclareNoten() in legal:
        return DeclareNoten()
    drawn = game.turn.drawn if game.turn is not None and game.turn.seat == seat else None
    discards = [a for a in legal if isinstance(a, Discard) and not a.veil]
    if drawn is not None and Discard(drawn) in discards:
        return Discard(drawn)
    if discards:
        return discards[-1]
    plain = [a for a in legal if not (isinstance(a, Discard) and a.veil)]
    return plain[0]


def without_powers(view: SeatView) -> SeatView:
    """``view`` with no superpower among its legal actions (no ``power`` action, no veiled discard)."""
    legal = view.get("legal_actions")
    if not legal:
        return view
    plain = [a for a in legal if a.get("type") != "power" and not a.get("veil")]
    return view if len(plain) == len(legal) else {**view, "legal_actions": plain}


@dataclass
class Thinking:
    """An outside program's decision under way in a worker thread: its seat, the prompt it answers (the seat's
    ``SeatClock.key`` when asked) and the answer to come."""

    seat: int
    key: tuple[Any, ...]
    since: float
    answer: asyncio.Future[Action]


@dataclass
class GameRunner:
    """The task that plays one game in ``room``: it owns the engine, the prompts and the clocks."""

    room: GameRoom
    settings: Settings
    store: Store
    game: Game
    game_id: str
    started_at: float  # wall-clock seconds when the game began (the match clock counts from it)
    decisions: int = 0  # decision lines stored so far
    clock_marks: set[float] = field(default_factory=set)  # match-clock thresholds already injected
    #: the monotonic clock; tests drive a runner with their own
    now: Callable[[], float] = time.monotonic
    #: the configured outside bots, read once when the server started (``Lobby.outside_bot_specs``): a bot file
    #: changed or broken since does not touch the games; None: read from ``settings`` (a test's runner)
    outside_bots: Mapping[str, OutsideBot] | None = None

    def __post_init__(self) -> None:
        players = self.game.rules.players
        self.game.claim_window = True
        self.inbox: asyncio.Queue[InboxItem] = asyncio.Queue()
        self.clocks = [SeatClock() for _ in range(players)]
        think, bank = self.room.timers(self.settings.think_seconds, self.settings.bank_seconds)
        self.think, self.bank = think, bank
        self.bots: dict[int, Player] = {}
        outside = self.settings.outside_bots() if self.outside_bots is None else self.outside_bots
        for i, level in enumerate(self.room.cpu_levels()):
            bot = outside.get(level[len(OUTSIDE_BOT) :]) if level and level.startswith(OUTSIDE_BOT) else None
            if bot is not None:
                self.bots[i] = OutsideSeat(
                    bot.command,
                    self.game.rules,
                    i,
                    name=level,
                    names=self.room.nicknames(),
                    decision_seconds=bot.decision_seconds,
                    start_seconds=bot.start_seconds,
                )
            elif level:  # a bot the configuration no longer names (after a restart) is played by a CPU
                known = level if level in LEVELS else self.settings.stand_in_level
                self.bots[i] = make_player(known, self.game.rules, seed=f"{self.game_id}:{i}")
        for seat in self.outside():
            seat.feed(self.game.events)  # from the start: a resumed game's program hears the whole game
        now = self.now()
        here = set(self.room.connected_people())
        for i, c in enumerate(self.clocks):
            c.bank = bank
            if i not in self.bots and i not in here:
                c.away_since = now
        self.stand_ins: dict[int, Bot] = {}
        self._claims_obj: object = None
        self._claims_serial = 0
        self.task: asyncio.Task[None] | None = None
        #: what this step shows: (seat, message); None: the spectators; a callable: one connection
        self.outbox: list[Outgoing] = []
        #: what earlier steps showed, each batch behind the store's barrier for the writes made before it: sent
        #: once the barrier says they are committed (the game may run ``AHEAD`` steps in front of it)
        self.sealed: deque[tuple[Future[None], list[Outgoing]]] = deque()
        #: each receiver's update not yet sent (its batch and place), to fold the next one into
        self.unsent: dict[int | None, tuple[list[Outgoing], int]] = {}
        #: when the last decision was played (a CPU's next move waits the CPU pace from it)
        self.moved_at = now
        #: the claim window after a discard ends then; answers that come before wait in ``held``
        self.window_until = 0.0
        self.held: list[InboxItem] = []
        #: after a hand ends, the table waits (up to ``hand_pause`` seconds) for the people to read the result
        self.pause_until = 0.0
        self.pending_continue: set[int] = set()
        #: since when no person is connected (the game is paused; abandoned ``abandon_minutes`` later)
        self.idle_since: float | None = now if not self.people_here() else None
        #: the game ended, as shown; ``abandoned``: it was abandoned
        self.finished = False
        self.abandoned = False
        #: what recording the end decided (the rating changes), read once the end is durable
        self.result: GameResult | None = None
        #: the outside program's decision under way, if any (at most one at a time: one seat's program is never
        #: asked twice at once, and no other CPU decides meanwhile)
        self.thinking: Thinking | None = None

    # ------------------------------------------------------------------ outside world
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"game-{self.game_id}")

    def post(self, message: InboxItem) -> None:
        """Hand the task a person's answer or a presence change; it is handled in order, on the task."""
        self.inbox.put_nowait(message)

    def left_for_good(self, seat: int, level: str) -> None:
        """The seat's person left the game: a CPU of ``level`` plays the seat from now on, with no grace period."""
        self.post(InboxItem("left", seat, level))

    def left_before(self, seat: int, level: str) -> None:
        """The seat's person had left the game before it was restored: a CPU of ``level`` plays the seat from the
        first step on. Called before ``start``; once the task runs, ``left_for_good`` goes through its inbox."""
        self._left(seat, level)

    def outside(self) -> list[OutsideSeat]:
        """The seats outside programs play."""
        return [b for b in self.bots.values() if isinstance(b, OutsideSeat)]

    def close_outside(self) -> None:
        """End the outside programs (the game ended, stopped or crashed): closed and reaped, never left behind."""
        for seat in self.outside():
            seat.close()

    def controller(self, seat: int) -> Player | None:
        """The CPU that plays ``seat`` now (its own, or the stand-in of an away person), or None: a person."""
        return self.bots.get(seat) or self.stand_ins.get(seat)

    def deserted(self) -> bool:
        """Every person at the table left the game for good (``left_for_good``): nobody can come back to it, so it
        is not kept waiting for anyone."""
        return all(i in self.bots or c.away_since == float("-inf") for i, c in enumerate(self.clocks))

    def people_here(self) -> list[int]:
        """The person seats whose person is connected (as the task has been told)."""
        return [i for i, c in enumerate(self.clocks) if i not in self.bots and c.away_since is None]

    def paused(self) -> bool:
        """Whether the table still shows a hand's result (it waits for ``continue`` or the pause's end)."""
        return bool(self.pause_until) and bool(self.pending_continue) and self.now() < self.pause_until

    # ------------------------------------------------------------------ the task
    async def _run(self) -> None:
        try:
            await self._wait(self.store.durable())  # the game's start is stored before anyone hears of it
            self.room.game_stored(self.game_id)
            self.begin(self.now())
            while not self.finished:
                if len(self.sealed) >= AHEAD:  # far enough in front of the store: wait for it first
                    await self._wait(self.sealed[0][0])
                self.step(self.now())
                self._seal()
                self._send_durable()
                if self.finished:
                    break
                if not self.inbox.empty():
                    self.handle(self.inbox.get_nowait(), self.now())
                    continue
                now = self.now()
                wake = self.next_wake(now)
                if wake is not None and wake <= now and len(self.sealed) < AHEAD:
                    await asyncio.sleep(0)  # let other games and connections run between steps
                    continue
                if self.sealed:  # nothing more to do before what was shown is stored
                    await self._wait(self.sealed[0][0])
                    continue
                try:
                    item = await asyncio.wait_for(self.inbox.get(), None if wake is None else wake - now)
                except TimeoutError:
                    continue
                self.handle(item, self.now())
            self._seal()
            await self._wait(self.store.durable())  # the record of the end first
            self._send_durable()
            await self._last_messages()
            final = self.final_json()
            if self.result is not None and self.result.ratings is not None:
                final["ratings"] = [
                    None
                    if r is None
                    else RatingChange(
                        seat=r["seat"], before=r["before"], after=r["after"], provisional=r["provisional"]
                    )
                    for r in self.result.ratings
                ]
            self.room.game_over(self.game_id, final, self.unrecorded(), self.abandoned)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not take the server down; the game stays stored and resumable
            log.exception("game %s stopped on an error", self.game_id)
            self.room.game_crashed(self.game_id)
        finally:
            self.close_outside()

    async def _last_messages(self) -> None:
        """Handle what is still in the inbox once the game is over, before the room hears of its end. A person who
        came back while the game ended (a restored game is found over at once when the server was killed between
        showing the last decision and storing the end) was told of by ``presence`` and is owed their full view:
        without it they would get the ``game_over`` of a table they never saw. A spectator who asked gets the table
        likewise. Nothing is awaited once the inbox is empty, so an item can only
        come before the room says the game ended (then it is handled here) or after (the room then has no runner
        and posts nothing)."""
        while not self.inbox.empty():
            self.handle(self.inbox.get_nowait(), self.now())
            self._seal()
            await self._wait(self.store.durable())

    def begin(self, now: float) -> None:
        """Open the first prompts and show the table (a resumed game: its current hand) to the people there."""
        self._refresh_prompts(now)
        self._send_all(self.game.events[-self._opening_count() :])

    def _seal(self) -> None:
        """What the last step showed waits for everything written so far (one barrier per tick, shared)."""
        if self.outbox:
            self.sealed.append((self.store.durable(), self.outbox))
            self.outbox = []

    def _send_durable(self) -> None:
        """Send, in order, what is shown by the steps whose writes are committed (``StoreError``: a write was
        dropped; the game stops)."""
        while self.sealed and self.sealed[0][0].done():
            if self.store.lost(self.game_id):
                raise StoreError(f"a write of game {self.game_id} was dropped")
            _, out = self.sealed.popleft()
            for key, (batch, _) in list(self.unsent.items()):
                if batch is out:
                    del self.unsent[key]
            for target, msg in out:
                if target is SKIP:
                    continue
                if target is None:
                    self.room.send_to_spectators(msg)
                elif isinstance(target, int):
                    self.room.send_to(target, msg)
                else:
                    target(msg)

    async def _wait(self, barrier: Future[None]) -> None:
        """Until ``barrier`` (writes committed); tell the table when that takes long (the store is failing), and
        again when it works. Then send what became durable."""
        if not barrier.done():
            began = self.now()
            waiting = asyncio.wrap_future(barrier)
            told = False
            while not waiting.done():
                # (shielded: cancelling this game must not cancel the barrier the other games share)
                await asyncio.wait((asyncio.shield(waiting),), timeout=STORAGE_NOTICE_SECONDS)
                if not waiting.done() and not told and self.store.failing is not None:
                    told = True
                    log.warning("game %s waits for the database: %s", self.game_id, self.store.failing)
                    self._tell_all(Paused(type="paused", reason="storage"))
            if told:
                self.shift_timers(self.now() - began)
                self._tell_all(Resumed(type="resumed", reason="storage"))
        self._send_durable()

    def _tell_all(self, msg: ServerMessage) -> None:
        """At once, not through the outbox: a notice about the table, not a consequence of a decision."""
        for seat in self.room.connected_people():
            self.room.send_to(seat, msg)
        if self.room.has_spectators():
            self.room.send_to_spectators(msg)

    def _opening_count(self) -> int:
        """Events of the current hand so far (a resumed game sends the whole hand once)."""
        events = self.game.events
        for i in range(len(events) - 1, -1, -1):
            if events[i].type == "start_kyoku":
                return len(events) - i
        return len(events)

    # ------------------------------------------------------------------ the state machine
    def next_wake(self, now: float) -> float | None:
        """When ``step`` next has something to do if no message comes (None: only a message can move the game).
        Pure: it changes nothing."""
        game = self.game
        if self.finished:
            return None
        if game.over:
            return now
        times: list[float] = []
        clock_due = self._clock_due(now)
        if clock_due is not None:
            times.append(clock_due)
        here = bool(self.people_here())
        if here == (self.idle_since is not None):  # the table empties or fills: ``step`` pauses or resumes it
            return now
        if not here:
            assert self.idle_since is not None
            if self.deserted():
                return now
            times.append(self.idle_since + self.settings.abandon_minutes * 60)
            return min(times)
        if self.pause_until and self.pending_continue:
            times.append(self.pause_until)
            return min(times)
        if self.pause_until:
            return now
        times += [t for seat in range(len(self.clocks)) if (t := self._grace_end(seat)) is not None]
        if now < self.window_until:
            times.append(self.window_until)
            return min(times)
        if self.held or game.window_open:
            return now
        times += [t for seat in range(len(self.clocks)) if (t := self._timer_end(seat)) is not None]
        cpu = self._cpu_due()
        if cpu is not None:
            times.append(cpu)
        return min(times) if times else None

    def step(self, now: float) -> None:
        """Do what is due at ``now``: at most one change of the game (the caller delivers between steps)."""
        game = self.game
        if self.finished:
            return
        if game.over:
            self._finish()
            return
        if self._tick_clock(now):
            return
        if not self.people_here():
            if self.deserted():  # everyone left: it ends now, not ``abandon_minutes`` later
                self._abandon(now, "every person left the game")
                return
            if self.idle_since is None:
                self.idle_since = now
                self._send_spectators(Paused(type="paused", reason="absent"))
            if now >= self.idle_since + self.settings.abandon_minutes * 60:
                self._abandon(now, f"no person connected for {self.settings.abandon_minutes:g} minutes")
            return
        if self.idle_since is not None:  # a person came back: the table goes on where it stood
            self.shift_timers(now - self.idle_since)
            self.idle_since = None
            self._send_spectators(Resumed(type="resumed", reason="absent"))
        if self.pause_until:
            if now < self.pause_until and self.pending_continue:
                return
            self.pause_until, self.pending_continue = 0.0, set()
            self.moved_at = max(self.moved_at, now)
            for c in self.clocks:
                if c.seq:
                    c.opened = max(c.opened, now)
        for seat in range(len(self.clocks)):  # grace periods that ended: a CPU stands in
            grace = self._grace_end(seat)
            if grace is not None and now >= grace:
                level = self.settings.stand_in_level
                self.stand_ins[seat] = make_player(level, game.rules, seed=f"{self.game_id}:{seat}:in")
        if now < self.window_until:
            return
        if self.held:
            held, self.held = self.held, []
            for item in held:
                self._answer(item, now)
            return
        if game.window_open:
            self._after(game.close_window(), now)
            return
        for seat, c in enumerate(self.clocks):  # timers that ran out: the default play
            end = self._timer_end(seat)
            if end is not None and now >= end:
                c.bank = 0.0
                self._send_to(seat, Timeout(type="timeout", seq=c.seq))
                self._apply(seat, default_action(game, seat), now)
                return
        cpu = self._cpu_due()
        if cpu is not None and now >= cpu:
            if self.thinking is not None:
                self._answered(self.thinking, now)
                return
            seat = next(s for s in game.to_act() if self.controller(s) is not None)
            bot = self.controller(seat)
            assert bot is not None
            view = game.view(seat)
            if seat not in self.bots:  # a stand-in plays a person's seat: the person's power stays unspent
                view = without_powers(view)
            if isinstance(bot, OutsideSeat):
                self._ask_outside(seat, bot, view, now)
                return
            self._apply(seat, bot.act(view), now)

    def _ask_outside(self, seat: int, bot: OutsideSeat, view: SeatView, now: float) -> None:
        """Ask an outside program in a worker thread; its answer wakes the task (``bot``) and a later step plays
        it. With no running loop (a test driving the runner by hand) it is asked here and played at once."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            action = bot.act(view)
            self._faults(seat, bot)
            self._apply(seat, action, now)
            return
        answer = loop.run_in_executor(BOT_THREADS, bot.act, view)
        answer.add_done_callback(lambda _: self.post(InboxItem("bot", seat)))
        self.thinking = Thinking(seat, self.clocks[seat].key, now, answer)

    def _answered(self, thinking: Thinking, now: float) -> None:
        """Play an outside program's answer, once: as it is when its seat still has the decision it was asked;
        the default, with a ``stale`` fault, when the seat has another decision now or the answer is no longer
        legal; nothing when the seat has no decision any more (the game moved on)."""
        self.thinking = None
        seat, game = thinking.seat, self.game
        bot = self.bots.get(seat)
        assert isinstance(bot, OutsideSeat)
        try:
            action: Action | None = thinking.answer.result()
        except Exception as exc:  # a bug in the seat must not stop the game: the default plays
            log.exception("game %s: the outside program at seat %d failed", self.game_id, seat)
            action = None
            self._fault(seat, f"error: {exc}")
        self._faults(seat, bot)
        if seat not in game.to_act() or self.controller(seat) is not bot:
            return
        if action is not None and self.clocks[seat].key != thinking.key:
            self._fault(seat, "stale: the answer came after the decision it was asked had changed")
            action = None
        elif action is not None and action not in game.legal_actions(seat):
            self._fault(seat, f"stale: {action_to_json(action)} is no longer legal")
            action = None
        self._apply(seat, action if action is not None else default_action(game, seat), now)

    def _faults(self, seat: int, bot: OutsideSeat) -> None:
        """Record the faults the outside program's seat noted."""
        for reason in bot.take_faults():
            self._fault(seat, reason)

    def _fault(self, seat: int, reason: str) -> None:
        if self.game.over:  # (the end of the game is recorded; a program killed with it is not a fault)
            return
        reason = short_reason(reason)  # (an exception's text or the program's, which may be long)
        self.game.fault(seat, reason)
        self._store({"type": "fault", "actor": seat, "info": {"reason": reason}})

    def _grace_end(self, seat: int) -> float | None:
        """When the away person's grace period ends (None: present, a CPU seat, or a stand-in plays already)."""
        away = self.clocks[seat].away_since
        if away is None or seat in self.bots or seat in self.stand_ins:
            return None
        return away + self.settings.grace

    def _timer_end(self, seat: int) -> float | None:
        """When a person's open prompt runs out of time (None: no prompt, no timers, or a CPU plays the seat)."""
        c = self.clocks[seat]
        if not c.seq or self.controller(seat) is not None or self.think + self.bank <= 0:
            return None
        return c.opened + self.think + c.bank

    def _cpu_due(self) -> float | None:
        """When the next CPU decision is due: a turn at the CPU pace after the last move, a claim at once
        (after the claim window); None when no CPU has a decision."""
        game = self.game
        if self.thinking is not None:  # nothing to do until the program answers (the answer wakes the task)
            return self.thinking.since if self.thinking.answer.done() else None
        if not any(self.controller(s) is not None for s in game.to_act()):
            return None
        if game.phase == "turn":
            return self.moved_at + self.settings.cpu_delay
        return self.window_until

    def handle(self, item: InboxItem, now: float) -> None:
        """One inbox item (see ``InboxItem``)."""
        if item.kind == "action":
            if now < self.window_until:  # answers wait for the claim window's end, as everyone's do
                self.held.append(item)
            else:
                self._answer(item, now)
        elif item.kind == "continue":
            self.pending_continue.discard(item.seat)
        elif item.kind == "presence":
            self._presence(item.seat, item.payload, now)
        elif item.kind == "left":
            self._left(item.seat, str(item.payload))
        elif item.kind == "watch" and item.reply is not None:
            self.outbox.append((item.reply, self.update_for(None, [])))
        # ``bot``: nothing here; the step after it plays the answer when the table is at it (``_answered``)

    def _answer(self, msg: InboxItem, now: float) -> None:
        seat, game = msg.seat, self.game
        reply = msg.reply or (lambda _m: None)
        payload = msg.payload if isinstance(msg.payload, dict) else {}
        seq, data = payload.get("seq"), payload.get("action")
        clock = self.clocks[seat]
        if game.over:
            reply(error("game_over", "the game has ended"))
            return
        if not isinstance(seq, int) or isinstance(seq, bool):
            reply(error("bad_message", "an action needs the prompt's seq (a number)"))
            return
        if clock.seq == 0 or seq != clock.seq:
            reply(error("stale", f"prompt {seq} is not open (the open prompt is {clock.seq or 'none'})", seq=seq))
            return
        if not isinstance(data, dict):
            reply(error("bad_message", 'action must be an object such as {"type": "discard", "tile": 12}'))
            return
        try:
            action = action_from_json(data)
            self._apply(seat, action, now, answered=True)
        except IllegalAction as exc:
            reply(error("illegal_action", str(exc), rule=exc.rule, seq=seq))

    def _left(self, seat: int, level: str) -> None:
        """The seat's person left the game: a CPU of ``level`` plays it from now on, and nobody waits for them."""
        self.clocks[seat].away_since = float("-inf")
        self.stand_ins[seat] = make_player(level, self.game.rules, seed=f"{self.game_id}:{seat}:in")
        self.pending_continue.discard(seat)

    def _presence(self, seat: int, here: bool | None, now: float) -> None:
        """``here``: True came back, False went away (the grace period runs), None left for good."""
        clock = self.clocks[seat]
        if here is None:
            clock.away_since = float("-inf")
        elif here:
            clock.away_since = None
            self.stand_ins.pop(seat, None)
            self._send(seat, [], full=True)
        elif clock.away_since is None:
            clock.away_since = now

    def shift_timers(self, seconds: float) -> None:
        """The table stood still for ``seconds`` (nobody there, or the store failing): open prompts and the
        CPUs' pace count from now, not from before."""
        if seconds <= 0:
            return
        self.moved_at += seconds
        if self.window_until:
            self.window_until += seconds
        for c in self.clocks:
            if c.seq:
                c.opened += seconds

    # ------------------------------------------------------------------ steps
    def _apply(self, seat: int, action: Action, now: float, answered: bool = False) -> None:
        game = self.game
        events = game.apply(seat, action)  # raises IllegalAction with the state untouched
        clock = self.clocks[seat]
        if answered:  # a person who plays has read the result (a refused answer says nothing of the kind)
            self.pending_continue.discard(seat)
        if answered and self.think + self.bank > 0:
            used = now - clock.opened - self.think
            clock.bank = max(0.0, clock.bank - max(0.0, used))
        clock.seq, clock.key = 0, ()
        self.moved_at = now
        self._store({"type": "act", "actor": seat, "action": action_to_json(action)})
        if events:
            self._after(events, now)
        else:  # an answer in a claim window that others still decide: only the one who answered hears of it
            self._refresh_prompts(now)
            if seat in self.people_here():
                self._send(seat, [])

    def _after(self, events: list[Event], now: float) -> None:
        game = self.game
        if game.phase == "claims" and any(e.type in ("dahai", "kakan", "ankan", "nukidora") for e in events):
            self.window_until = now + self.settings.claim_window
        self._refresh_prompts(now)
        self._send_all(events)
        for seat in self.outside():
            seat.feed(events)
        pause = self.settings.hand_pause
        if pause > 0 and not game.over and any(e.type == "end_kyoku" for e in events):
            here = self.room.pausing_seats() - set(self.stand_ins)
            if here:
                self.pause_until, self.pending_continue = now + pause, here

    def _store(self, record: dict[str, Any]) -> None:
        self.store.decision(self.game_id, self.decisions, dumps(record))
        self.decisions += 1

    def _refresh_prompts(self, now: float) -> None:
        """Open a prompt (the seat's next number) for every seat whose decision changed; close the others."""
        game = self.game
        if game.claims is not self._claims_obj:
            self._claims_obj = game.claims
            self._claims_serial += 1
        acting = set(game.to_act())
        for seat, clock in enumerate(self.clocks):
            if seat not in acting:
                clock.seq, clock.key = 0, ()
                continue
            key = ("claims", self._claims_serial) if game.phase == "claims" else ("turn", game.version)
            if key != clock.key:
                clock.serial += 1
                clock.seq, clock.key, clock.opened = clock.serial, key, now

    def _close_window(self, now: float) -> None:
        """Before a record that is not a decision (the clock, the abandonment): a replay closes an unanswerable
        window at once, so the game must not hold one open across such a record."""
        if self.game.window_open:
            self.window_until = 0.0
            self._after(self.game.close_window(), now)

    # ------------------------------------------------------------------ the match clock
    def _clock_due(self, now: float) -> float | None:
        rules = self.game.rules
        if not rules.time_limits or self.game.over:
            return None
        marks = [m for m in (rules.last_hand_after_minutes, rules.end_after_minutes) if m and m not in self.clock_marks]
        if not marks:
            return None
        return now + (self.started_at + min(marks) * 60 - time.time())

    def _tick_clock(self, now: float) -> bool:
        """The doman match clock, injected from the server's clock at the minutes the rules name."""
        rules = self.game.rules
        if not rules.time_limits or self.game.over:
            return False
        minutes = (time.time() - self.started_at) / 60
        for mark in (rules.last_hand_after_minutes, rules.end_after_minutes):
            if mark and mark not in self.clock_marks and minutes >= mark:
                self._close_window(now)
                self.clock_marks.add(mark)
                events = self.game.clock(round(minutes, 3))
                self._store({"type": "clock", "info": {"minutes": round(minutes, 3)}})
                self._after(events, now)
                return True
        return False

    # ------------------------------------------------------------------ messages
    def update_for(self, seat: int | None, events: list[Event]) -> Update:
        """An update as ``seat`` may see it (``None``: a spectator): redacted events and the seat's view."""
        game = self.game
        msg = Update(
            type="update",
            game_id=self.game_id,
            events=[redact(e, seat).to_json() for e in events],
            view=game.view(seat),
        )
        rules = game.rules
        if rules.time_limits:  # the doman match clock, as the server counts it
            msg["match_clock"] = {
                "minutes": round((time.time() - self.started_at) / 60, 2),
                "last_hand_after": rules.last_hand_after_minutes,
                "end_after": rules.end_after_minutes,
                "last_hand": bool(game.clock_passed or game.state.last_hand),
            }
        if seat is not None:
            clock = self.clocks[seat]
            msg["seq"] = clock.seq or None
            if clock.seq and self.think + self.bank > 0:
                left = clock.opened + self.think + clock.bank - self.now()
                msg["timer"] = {"think": self.think, "bank": round(clock.bank, 2), "left": round(max(0.0, left), 2)}
            msg["stand_in"] = seat in self.stand_ins
        return msg

    def _send_all(self, events: list[Event]) -> None:
        for seat in self.people_here():
            self._send(seat, events)
        if self.room.has_spectators():
            self._queue_update(None, self.update_for(None, events))

    def _send(self, seat: int, events: list[Event], full: bool = False) -> None:
        msg = self.update_for(seat, events)
        if full:
            msg["full"] = True
            if self.pause_until and seat in self.pending_continue:  # a reload while the result was on screen
                msg["result"] = [redact(e, seat).to_json() for e in self._last_result()]
        self._queue_update(seat, msg)

    def _last_result(self) -> list[Event]:
        """The last hand's result as it was shown: its wins (or its draw) and the wall's reveal, ``end_kyoku``."""
        events = self.game.events
        end = next(i for i in range(len(events) - 1, -1, -1) if events[i].type == "end_kyoku")
        first = end
        while first > 0 and events[first - 1].type in ("hora", "ryukyoku"):
            first -= 1
        return events[first : end + 1]

    def _queue_update(self, target: int | None, msg: Update) -> None:
        """Queue an update; one still waiting for the store for the same receiver is folded into it (its events
        first, this view): a game that runs ahead of the store sends one update per receiver, not one a step. What
        only the earlier one says stays said: that it is ``full`` (a reload) and the hand ``result`` it carries."""
        earlier = self.unsent.get(target)
        if earlier is not None:
            batch, i = earlier
            old = batch[i][1]
            assert old["type"] == "update"
            batch[i] = (SKIP, old)
            msg["events"] = old["events"] + msg["events"]
            if old.get("full"):
                msg["full"] = True
            if "result" in old:
                msg.setdefault("result", old["result"])
        self.unsent[target] = (self.outbox, len(self.outbox))
        self.outbox.append((target, msg))

    def _send_to(self, seat: int, msg: ServerMessage) -> None:
        self.outbox.append((seat, msg))

    def _send_spectators(self, msg: ServerMessage) -> None:
        if self.room.has_spectators():
            self.outbox.append((None, msg))

    # ------------------------------------------------------------------ end
    def _abandon(self, now: float, why: str) -> None:
        """Nobody came back in time, or everyone left: the game ends on the scores as they stand, recorded as
        abandoned."""
        self._close_window(now)
        log.info("game %s abandoned: %s", self.game_id, why)
        self.abandoned = True
        self._store({"type": "abandon"})
        self._after(self.game.abandon(), now)

    def unrecorded(self) -> bool:
        end = next((e for e in reversed(self.game.events) if e.type == "end_game"), None)
        return bool(end is not None and end.info.get("unrecorded"))

    def final_json(self) -> FinalJson:
        result = self.game.final
        assert result is not None
        return FinalJson(
            order=list(result.order),
            scores=list(result.scores),
            results=list(result.results),
            places=list(result.places),
            nicknames=self.room.nicknames(),
        )

    def _finish(self) -> None:
        """Store the finished game (its status, result, walls and log); the room hears of it once durable."""
        game = self.game
        walls: list[dict[str, Any]] = []
        for e in game.events:
            if e.type == "start_kyoku":
                walls.append({"commitment": e.info.get("commitment")})
            elif e.type == "end_kyoku" and walls:
                walls[-1].update(wall=e.info.get("wall"), salt=e.info.get("salt"))
        status = "abandoned" if self.abandoned else "unrecorded" if self.unrecorded() else "finished"
        lines, _ = summarise(game.events, len(self.clocks))
        people = [i for i in range(len(lines)) if i not in self.bots]
        absent = frozenset(people) - set(self.room.connected_people()) if self.abandoned else frozenset()
        self.result = self.store.game_finished(
            self.game_id,
            status,
            dict(self.final_json()),
            walls,
            game.log,
            lines=lines,
            stand_ins=frozenset(self.stand_ins),
            absent=absent,
        )
        self.finished = True
        self.thinking = None  # an answer still to come is for no decision: never played
