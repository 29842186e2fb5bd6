"""One asyncio task per running game: it owns the engine and is the only code that changes it.

Players' answers, presence changes and timer expiries reach the task through its inbox, one at a time, so a
decision is applied exactly once and in order. After every step each person gets an ``update``: the events of
that step redacted for their seat, their ``Game.view(seat)``, and — when they must decide — a prompt sequence
number. An answer carries that number; a stale or repeated one is refused and never applied.

CPUs decide through the same ``act(view)`` as in the simulator. A person who is away keeps the seat for a grace
period, then a CPU stands in until they return. With timers on, a person who lets the time run out gets the
default play: discard the drawn tile, pass on calls, decline riichi. Neither the default play nor a stand-in ever
uses the seat's superpower (no power action, no veiled discard): its charges are the person's to spend.

The runner sits below the room it plays at: it sees that room only through ``GameRoom``, declared here and implemented
by ``rooms.Room``, and it reports the end of the game through the same interface.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from jantaku.bots import Bot, make_player
from jantaku.engine import Action, Event, Game, IllegalAction, SeatView, action_from_json, action_to_json, redact
from jantaku.engine.actions import DeclareNoten, Discard, Pass, Power
from jantaku.server.config import Settings
from jantaku.server.protocol import FinalJson, ServerMessage, Timeout, Update, error
from jantaku.server.store import Store, dumps

log = logging.getLogger("jantaku.server")


class GameRoom(Protocol):
    """The room a game is played at, as its runner needs it: who sits where, who is there to be told, and where
    the end of the game goes. ``rooms.Room`` implements it; the runner never imports the room."""

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

    def game_over(self, game_id: str, final: FinalJson, unrecorded: bool) -> None:
        """The game ended and is stored."""
        ...

    def game_crashed(self, game_id: str) -> None:
        """The game stopped on a server error; it stays stored and resumes after a restart."""
        ...


@dataclass
class SeatClock:
    """One seat's decision state: the open prompt, its deadline, the time bank, presence."""

    seq: int = 0  # the prompt's sequence number (0: no prompt open)
    key: tuple[Any, ...] = ()
    opened: float = 0.0
    bank: float = 0.0
    away_since: float | None = None


@dataclass
class InboxItem:
    """An inbox item: ``kind`` is ``action`` (a person's answer) or ``presence`` (a person came or went)."""

    kind: str
    seat: int = -1
    payload: Any = None
    reply: Callable[[ServerMessage], None] | None = None


def default_action(game: Game, seat: int) -> Action:
    """What the server plays for a person whose time ran out. It never uses a superpower: no ``Power`` action
    and no veiled discard (Veil costs 1,000 points; a power's charges are the person's to spend)."""
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

    def __post_init__(self) -> None:
        players = self.game.rules.players
        self.inbox: asyncio.Queue[InboxItem] = asyncio.Queue()
        self.clocks = [SeatClock() for _ in range(players)]
        think, bank = self.room.timers(self.settings.think_seconds, self.settings.bank_seconds)
        self.think, self.bank = think, bank
        for c in self.clocks:
            c.bank = bank
        self.bots: dict[int, Bot] = {}
        for i, level in enumerate(self.room.cpu_levels()):
            if level:
                self.bots[i] = make_player(level, self.game.rules, seed=f"{self.game_id}:{i}")
        self.stand_ins: dict[int, Bot] = {}
        self._seq = 0
        self._claims_obj: object = None
        self._claims_serial = 0
        self.task: asyncio.Task[None] | None = None
        # after a hand ends, the table waits (up to ``hand_pause`` seconds) for the people to read the result
        self.pause_until = 0.0
        self.pending_continue: set[int] = set()

    # ------------------------------------------------------------------ outside world
    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"game-{self.game_id}")

    def post(self, message: InboxItem) -> None:
        """Hand the task a person's answer or a presence change; it is handled in order, on the task."""
        self.inbox.put_nowait(message)

    def left_for_good(self, seat: int) -> None:
        """The seat's person left the game: a CPU stands in from now on, with no grace period."""
        self.post(InboxItem("presence", seat, False))
        self.clocks[seat].away_since = float("-inf")

    def now(self) -> float:
        return time.monotonic()

    def cpu_controls(self, seat: int) -> Bot | None:
        if seat in self.bots:
            return self.bots[seat]
        clock = self.clocks[seat]
        if clock.away_since is not None and self.now() - clock.away_since >= self.settings.grace:
            bot = self.stand_ins.get(seat)
            if bot is None:
                bot = make_player(self.settings.stand_in_level, self.game.rules, seed=f"{self.game_id}:{seat}:in")
                self.stand_ins[seat] = bot
            return bot
        return None

    # ------------------------------------------------------------------ the task
    async def _run(self) -> None:
        try:
            self._refresh_prompts()
            self._send_all(self.game.events[-self._opening_count() :])
            while not self.game.over:
                await self._play_cpus()
                if self.game.over:
                    break
                timeout = self._next_deadline()
                try:
                    msg = await asyncio.wait_for(self.inbox.get(), None if timeout is None else max(0.0, timeout))
                except TimeoutError:
                    self._expire()
                    continue
                self._handle(msg)
            self._finish()
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not take the server down; the game stays stored and resumable
            log.exception("game %s stopped on an error", self.game_id)
            self.room.game_crashed(self.game_id)

    def _opening_count(self) -> int:
        """Events of the current hand so far (a resumed game sends the whole hand once)."""
        events = self.game.events
        for i in range(len(events) - 1, -1, -1):
            if events[i].type == "start_kyoku":
                return len(events) - i
        return len(events)

    async def _play_cpus(self) -> None:
        """Every decision that belongs to a CPU (or a stand-in) now, turn moves after the room's CPU delay."""
        game = self.game
        while not game.over:
            self._tick_clock()
            if game.over or self.paused():
                return
            seats = [s for s in game.to_act() if self.cpu_controls(s) is not None]
            if not seats:
                return
            seat = seats[0]
            if game.phase == "turn" and self.settings.cpu_delay > 0 and self._people_watching():
                await asyncio.sleep(self.settings.cpu_delay)
                if self.cpu_controls(seat) is None or seat not in game.to_act():
                    continue
                if not self.inbox.empty():  # a person's message first: it may be an answer due now
                    self._handle(self.inbox.get_nowait())
                    continue
            bot = self.cpu_controls(seat)
            assert bot is not None
            view = game.view(seat)
            if seat not in self.bots:  # a stand-in plays a person's seat: the person's power stays unspent
                view = without_powers(view)
            action = bot.act(view)
            self._apply(seat, action)
            await asyncio.sleep(0)  # let other rooms and connections run between decisions

    def _people_watching(self) -> bool:
        return bool(self.room.connected_people()) or self.room.has_spectators()

    def paused(self) -> bool:
        """Whether the table still shows a hand's result; when the pause ends, open prompts start their time."""
        if not self.pause_until:
            return False
        now = self.now()
        if now < self.pause_until and self.pending_continue:
            return True
        self.pause_until, self.pending_continue = 0.0, set()
        for clock in self.clocks:
            if clock.seq:
                clock.opened = max(clock.opened, now)
        return False

    def _handle(self, msg: InboxItem) -> None:
        if msg.kind == "continue":
            self.pending_continue.discard(msg.seat)
        if msg.kind == "action":
            self._answer(msg)
        elif msg.kind == "presence":
            self._presence(msg.seat, bool(msg.payload))

    def _answer(self, msg: InboxItem) -> None:
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
            self._apply(seat, action, answered=True)
        except IllegalAction as exc:
            reply(error("illegal_action", str(exc), rule=exc.rule, seq=seq))

    def _presence(self, seat: int, here: bool) -> None:
        clock = self.clocks[seat]
        if here:
            clock.away_since = None
            self.stand_ins.pop(seat, None)
            self._send(seat, [], full=True)
        elif clock.away_since is None:
            clock.away_since = self.now()

    # ------------------------------------------------------------------ steps
    def _apply(self, seat: int, action: Action, answered: bool = False) -> None:
        game = self.game
        events = game.apply(seat, action)  # raises IllegalAction with the state untouched
        clock = self.clocks[seat]
        if answered:  # a person who plays has read the result (a refused answer says nothing of the kind)
            self.pending_continue.discard(seat)
        if answered and self.think + self.bank > 0:
            used = self.now() - clock.opened - self.think
            clock.bank = max(0.0, clock.bank - max(0.0, used))
        clock.seq, clock.key = 0, ()
        self._store({"type": "act", "actor": seat, "action": action_to_json(action)})
        self._after(events)

    def _after(self, events: list[Event]) -> None:
        self._refresh_prompts()
        self._send_all(events)
        pause = self.settings.hand_pause
        if pause > 0 and not self.game.over and any(e.type == "end_kyoku" for e in events):
            here = self.room.pausing_seats() - set(self.stand_ins)
            if here:
                self.pause_until, self.pending_continue = self.now() + pause, here

    def _store(self, record: dict[str, Any]) -> None:
        self.store.decision(self.game_id, self.decisions, dumps(record))
        self.decisions += 1

    def _refresh_prompts(self) -> None:
        """Open a prompt (a new seq) for every seat whose decision changed; close the others."""
        game = self.game
        if game.claims is not self._claims_obj:
            self._claims_obj = game.claims
            self._claims_serial += 1
        acting = set(game.to_act())
        now = self.now()
        for seat, clock in enumerate(self.clocks):
            if seat not in acting:
                clock.seq, clock.key = 0, ()
                continue
            key = ("claims", self._claims_serial) if game.phase == "claims" else ("turn", game.version)
            if key != clock.key:
                self._seq += 1
                clock.seq, clock.key, clock.opened = self._seq, key, now

    # ------------------------------------------------------------------ time
    def _deadline(self, seat: int) -> float | None:
        clock = self.clocks[seat]
        if seat in self.bots:
            return None
        if clock.away_since is not None and seat not in self.stand_ins:
            due = clock.away_since + self.settings.grace
            if due > self.now():
                times = [due]
                if clock.seq and self.think + self.bank > 0:
                    times.append(clock.opened + self.think + clock.bank)
                return min(times)
            self.cpu_controls(seat)  # the grace period is over: the stand-in takes the seat now
        if seat in self.stand_ins or not (clock.seq and self.think + self.bank > 0):
            return None
        if self.pause_until:
            return self.pause_until
        return clock.opened + self.think + clock.bank

    def _next_deadline(self) -> float | None:
        times = [d for s in range(len(self.clocks)) if (d := self._deadline(s)) is not None]
        if self.pause_until:
            times.append(self.pause_until)
        clock_due = self._clock_due()
        if clock_due is not None:
            times.append(clock_due)
        if not times:
            return None
        return min(times) - self.now()

    def _expire(self) -> None:
        """Timers that ran out: the default play; grace periods that ended: the stand-in takes over (next loop)."""
        now = self.now()
        self._tick_clock()
        if self.paused():
            return
        for seat, clock in enumerate(self.clocks):
            if self.game.over:
                return
            if clock.seq and self.think + self.bank > 0 and now >= clock.opened + self.think + clock.bank:
                if self.cpu_controls(seat) is not None:
                    continue  # a stand-in answers in the CPU loop
                clock.bank = 0.0
                self._send_to(seat, Timeout(type="timeout", seq=clock.seq))
                self._apply(seat, default_action(self.game, seat))
                return  # prompts changed: the loop recomputes

    def _clock_due(self) -> float | None:
        rules = self.game.rules
        if not rules.time_limits or self.game.over:
            return None
        marks = [m for m in (rules.last_hand_after_minutes, rules.end_after_minutes) if m and m not in self.clock_marks]
        if not marks:
            return None
        return self.now() + (self.started_at + min(marks) * 60 - time.time())

    def _tick_clock(self) -> None:
        """The doman match clock, injected from the server's clock at the minutes the rules name."""
        rules = self.game.rules
        if not rules.time_limits or self.game.over:
            return
        minutes = (time.time() - self.started_at) / 60
        for mark in (rules.last_hand_after_minutes, rules.end_after_minutes):
            if mark and mark not in self.clock_marks and minutes >= mark:
                self.clock_marks.add(mark)
                events = self.game.clock(round(minutes, 3))
                self._store({"type": "clock", "info": {"minutes": round(minutes, 3)}})
                self._after(events)
                if self.game.over:
                    return

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
        for seat in self.room.connected_people():
            self._send(seat, events)
        if self.room.has_spectators():
            self.room.send_to_spectators(self.update_for(None, events))

    def _send(self, seat: int, events: list[Event], full: bool = False) -> None:
        msg = self.update_for(seat, events)
        if full:
            msg["full"] = True
        self._send_to(seat, msg)

    def _send_to(self, seat: int, msg: ServerMessage) -> None:
        self.room.send_to(seat, msg)

    # ------------------------------------------------------------------ end
    def _finish(self) -> None:
        game = self.game
        assert game.final is not None
        end = next((e for e in reversed(game.events) if e.type == "end_game"), None)
        unrecorded = bool(end is not None and end.info.get("unrecorded"))
        walls: list[dict[str, Any]] = []
        for e in game.events:
            if e.type == "start_kyoku":
                walls.append({"commitment": e.info.get("commitment")})
            elif e.type == "end_kyoku" and walls:
                walls[-1].update(wall=e.info.get("wall"), salt=e.info.get("salt"))
        result = game.final
        final = FinalJson(
            order=list(result.order),
            scores=list(result.scores),
            results=list(result.results),
            places=list(result.places),
            nicknames=self.room.nicknames(),
        )
        self.store.game_finished(self.game_id, "unrecorded" if unrecorded else "finished", dict(final), walls, game.log)
        self.room.game_over(self.game_id, final, unrecorded)
