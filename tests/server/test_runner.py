"""The game runner as a state machine, driven with a controlled clock and no event loop (``server/runner.py``).

The property: whatever happens at the table — people leaving, coming back, leaving for good, answering late or
never, the clock jumping past any deadline — a game never waits on nothing. Whenever the runner has nothing due
(``next_wake`` is None), some connected person has an open prompt: only their answer can move it. And when the
people who are there answer, every game reaches its end (finished, or abandoned when nobody stays).
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jantaku.engine import Game, action_to_json
from jantaku.rules import preset
from jantaku.server import Settings
from jantaku.server.protocol import FinalJson, ServerMessage
from jantaku.server.runner import GameRunner, InboxItem, default_action
from jantaku.server.store import Store

PEOPLE = 2  # seats 0 and 1 are people, 2 and 3 CPUs
#: steps a game may take once the people answer (an East game is a few hundred decisions)
STEP_BUDGET = 20_000


@dataclass
class Table:
    """A room as the runner sees it (``runner.GameRoom``), with presence the test controls."""

    connected: set[int] = field(default_factory=lambda: set(range(PEOPLE)))
    think: float = 0.0
    bank: float = 0.0
    sent: list[tuple[int, ServerMessage]] = field(default_factory=list)
    ended: list[str] = field(default_factory=list)

    def cpu_levels(self) -> list[str | None]:
        return [None] * PEOPLE + ["easy"] * (4 - PEOPLE)

    def timers(self, default_think: float, default_bank: float) -> tuple[float, float]:
        return self.think, self.bank

    def nicknames(self) -> list[str]:
        return ["Ann", "Bo", "CPU 3", "CPU 4"]

    def connected_people(self) -> list[int]:
        return sorted(self.connected)

    def pausing_seats(self) -> set[int]:
        return set(self.connected)

    def has_spectators(self) -> bool:
        return False

    def send_to(self, seat: int, msg: ServerMessage) -> None:
        self.sent.append((seat, msg))

    def send_to_spectators(self, msg: ServerMessage) -> None:
        pass

    def game_stored(self, game_id: str) -> None:
        pass

    def game_over(self, game_id: str, final: FinalJson, unrecorded: bool, abandoned: bool) -> None:
        self.ended.append("abandoned" if abandoned else "finished")

    def game_crashed(self, game_id: str) -> None:
        self.ended.append("crashed")


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path_factory.mktemp('runner') / 'jantaku.db'}")
    yield s
    s.close()


class Driver:
    """Runs a ``GameRunner`` by hand: ``now`` is the test's clock; ``settle`` does everything due."""

    def __init__(self, store: Store, table: Table, config: Settings, seed: int) -> None:
        self.now = 0.0
        self.table = table
        game = Game(preset("standard").with_options(length="east"), seed)
        self.runner = GameRunner(table, config, store, game, uuid.uuid4().hex, 0.0, now=lambda: self.now)  # type: ignore[arg-type]
        self.runner.begin(self.now)

    def settle(self) -> None:
        """Every step due now (the outbox is what the task would deliver)."""
        r = self.runner
        for _ in range(STEP_BUDGET):
            wake = r.next_wake(self.now)
            if r.finished or wake is None or wake > self.now:
                break
            r.step(self.now)
            r.outbox, r.unsent = [], {}
        self.check()

    def check(self) -> None:
        """Never waiting on nothing: with nothing due, a connected person holds an open prompt."""
        r = self.runner
        if r.finished:
            return
        if r.next_wake(self.now) is None:
            waiting_on = [s for s in self.table.connected if r.clocks[s].seq]
            assert waiting_on, "the game waits on nothing: no timer, no CPU, no connected person to decide"

    def answer(self, seat: int) -> None:
        r = self.runner
        seq = r.clocks[seat].seq
        if seq and seat in self.table.connected:
            action = action_to_json(default_action(r.game, seat))
            r.handle(InboxItem("action", seat, {"seq": seq, "action": action}), self.now)

    def presence(self, seat: int, here: bool | None) -> None:
        if here:
            self.table.connected.add(seat)
        else:
            self.table.connected.discard(seat)
        self.runner.handle(InboxItem("presence", seat, here), self.now)


Op = tuple[str, int, float]
ops = st.lists(
    st.tuples(
        st.sampled_from(["advance", "answer", "leave", "return", "leave_for_good", "continue"]),
        st.integers(0, PEOPLE - 1),
        st.floats(0.0, 90.0),
    ),
    max_size=40,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    script=ops,
    seed=st.integers(0, 10_000),
    timers=st.sampled_from([(0.0, 0.0), (5.0, 20.0)]),
    pause=st.sampled_from([0.0, 15.0]),
    window=st.sampled_from([0.0, 0.3]),
)
def test_every_game_reaches_its_end_whatever_the_interleaving(
    store: Store, script: list[Op], seed: int, timers: tuple[float, float], pause: float, window: float
) -> None:
    config = Settings(cpu_delay=0.5, grace=10.0, hand_pause=pause, claim_window=window, abandon_minutes=2.0)
    table = Table(think=timers[0], bank=timers[1])
    d = Driver(store, table, config, seed)
    gone: set[int] = set()
    d.settle()
    for kind, seat, dt in script:
        if kind == "advance":
            d.now += dt
        elif kind == "answer":
            d.answer(seat)
        elif kind == "leave" and seat not in gone:
            d.presence(seat, False)
        elif kind == "return" and seat not in gone:
            d.presence(seat, True)
        elif kind == "leave_for_good" and seat not in gone:
            gone.add(seat)
            d.presence(seat, None)
        elif kind == "continue":
            d.runner.handle(InboxItem("continue", seat), d.now)
        d.settle()
        if d.runner.finished:
            break
    # from here on, whoever is connected answers at once; the clock jumps to each deadline
    for _ in range(STEP_BUDGET):
        if d.runner.finished:
            break
        for seat in sorted(table.connected):
            d.answer(seat)
        d.settle()
        wake = d.runner.next_wake(d.now)
        if wake is not None and wake > d.now:
            d.now = wake
    assert d.runner.finished, "the game did not reach its end"
    assert d.runner.game.over and d.runner.game.final is not None
    if d.runner.abandoned:  # only a table nobody was at is abandoned
        assert not table.connected


def test_a_table_nobody_is_at_stands_still_then_is_abandoned(store: Store) -> None:
    """Both people go away: no CPU moves while nobody is there, then after ``abandon_minutes`` the game ends."""
    config = Settings(cpu_delay=0.0, grace=1.0, hand_pause=0.0, claim_window=0.0, abandon_minutes=1.0)
    d = Driver(store, Table(), config, 7)
    d.settle()
    d.presence(0, False)
    d.presence(1, False)
    d.settle()
    version = d.runner.game.version
    assert d.runner.next_wake(d.now) == pytest.approx(d.now + 60.0)
    d.now += 59.0
    d.settle()
    assert d.runner.game.version == version and not d.runner.finished  # nobody played while nobody was there
    d.now += 1.0
    d.settle()
    assert d.runner.abandoned and d.runner.finished
    assert d.runner.game.events[-1].info["abandoned"] is True


def test_a_table_every_person_left_for_good_is_abandoned_at_once(store: Store) -> None:
    """Nobody can come back to a game every person left: it is not kept waiting ``abandon_minutes`` for them."""
    config = Settings(cpu_delay=0.0, grace=1.0, hand_pause=0.0, claim_window=0.0, abandon_minutes=10.0)
    d = Driver(store, Table(), config, 7)
    d.settle()
    d.presence(0, None)
    d.settle()
    assert not d.runner.finished and not d.runner.deserted(), "Bo is still at the table"
    d.presence(1, False)  # Bo is only away: he may come back, so the game waits for him
    d.settle()
    assert not d.runner.finished and d.runner.next_wake(d.now) == pytest.approx(d.now + 600.0)
    d.now += 5.0
    d.runner.handle(InboxItem("left", 1, "easy"), d.now)  # and now he left too
    assert d.runner.deserted() and d.runner.next_wake(d.now) == d.now
    d.settle()
    assert d.runner.abandoned and d.runner.finished
    assert d.runner.game.events[-1].info["abandoned"] is True


def test_a_reload_keeps_the_hand_result_when_another_seat_acts_before_the_store_confirms(store: Store) -> None:
    """Ann reloads while the hand's result is on screen: her full update carries the result. Bo plays before the
    store has confirmed it, so his move's update for Ann is folded into the unsent one: the result stays in it."""
    config = Settings(cpu_delay=0.0, grace=100.0, hand_pause=15.0, claim_window=0.0, abandon_minutes=10.0)
    d = Driver(store, Table(), config, 0)
    r = d.runner
    for _ in range(STEP_BUDGET):  # the people play on until the first hand's result is on screen
        d.settle()
        if r.paused():
            break
        d.answer(0)
        d.answer(1)
        wake = r.next_wake(d.now)
        if wake is not None and wake > d.now:
            d.now = wake
    assert r.paused() and r.pending_continue == {0, 1} and r.clocks[1].seq, "Bo deals the next hand"
    d.presence(0, False)
    d.presence(0, True)  # Ann's reload: a full update with the result, waiting for the store
    d.answer(1)  # Bo discards before the store confirms
    to_ann = [m for target, m in r.outbox if target == 0 and m["type"] == "update"]
    assert len(to_ann) == 1, "one update for Ann: Bo's move folded into her full one"
    update = to_ann[0]
    assert update.get("full") and any(e["type"] == "dahai" and e["actor"] == 1 for e in update["events"])
    result = update.get("result")
    assert result and result[-1]["type"] == "end_kyoku", "the reload lost the hand's result"
    # and it is exactly what Ann's live stream carried for that hand: a reload shows nothing more
    live = [e.to_json() for e in r.game.events_for(0) if e.type in ("hora", "ryukyoku", "end_kyoku")]
    assert result == live[-len(result) :], "the re-sent result differs from what Ann saw live"


def test_an_away_persons_seat_is_played_at_the_cpu_pace(store: Store) -> None:
    """Ann is away past the grace period while Bo stays: her stand-in discards no faster than the CPUs' pace."""
    config = Settings(cpu_delay=0.5, grace=1.0, hand_pause=0.0, claim_window=0.0, abandon_minutes=10.0)
    d = Driver(store, Table(), config, 11)
    d.presence(0, False)
    moves: list[float] = []
    for _ in range(2000):
        if d.runner.finished or len(moves) >= 12:
            break
        before = _discards(d.runner.game, 0)
        d.answer(1)
        d.settle()
        after = _discards(d.runner.game, 0)
        if after > before:
            moves.append(d.now)
        wake = d.runner.next_wake(d.now)
        if wake is not None and wake > d.now:
            d.now = wake
    assert len(moves) >= 6, "the stand-in did not play Ann's seat"
    assert moves[0] >= 1.0  # not before the grace period ended
    turns = [b - a for a, b in itertools.pairwise(moves)]
    assert min(turns) >= 0.5 - 1e-9, turns


def _discards(game: Game, seat: int) -> int:
    return sum(1 for e in game.events if e.type == "dahai" and e.actor == seat)
