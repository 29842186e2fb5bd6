"""Recording a game's end (docs/ratings.md): each seat's results in ``game_players``, the running sums in
``player_stats``, and the ratings of a rated game, all in the transaction that records the game, exactly once
across a crash on either side of its commit."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from jantaku.engine import Game
from jantaku.rules import preset
from jantaku.server.ratings import Skill, rate, rate_leavers
from jantaku.server.store import CRASH_AT_FINISH, PlayerRow, PlayerStatsRow, RatingRow, Store
from jantaku.sim.play import play_game, summarise
from jantaku.sim.stats import Totals
from tests.server.helpers import EAST, simple_choice, uvicorn_process, wait_for

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Played:
    """A game played by CPUs, as the server would have it at its end."""

    rules: dict[str, Any]
    log: list[str]
    final: dict[str, Any]
    game: Game


def played(name: str, seed: str) -> Played:
    rules = preset(name).with_options(length="east")
    record = play_game(rules, ["easy"] * rules.players, seed, 0, keep_log=True)
    assert record.log is not None
    game = Game.replay(record.log)
    assert game.final is not None
    return Played(rules.options(), record.log, dict(game.final.to_json()), game)


@pytest.fixture(scope="module")
def games() -> dict[str, Played]:
    return {"4p-a": played("standard", "rec-a"), "4p-b": played("standard", "rec-b"), "3p": played("sanma", "rec-c")}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'jantaku.db'}")
    yield s
    s.close()


def start(store: Store, game_id: str, g: Played, players: list[str | None], matched: bool = True) -> None:
    """A game started with these players (None: a CPU) in a room matched or not."""
    seats = [
        {"nickname": f"CPU{i}", "cpu": "easy"} if p is None else {"nickname": f"N{p}", "cpu": None, "player": p}
        for i, p in enumerate(players)
    ]
    room = {"id": f"room-{game_id}", "matched": matched, "seats": [dict(x) for x in seats]}
    store.game_started(game_id, room["id"], "standard", g.rules, "seed", g.log[0], seats, room)


def finish(store: Store, game_id: str, g: Played, **kw: Any) -> list[dict[str, Any] | None]:
    lines, _ = summarise(g.game.events, len(g.final["places"]))
    result = store.game_finished(game_id, kw.pop("status", "finished"), g.final, [], g.log, lines=lines, **kw)
    store.flush()
    assert result.ratings is not None
    return result.ratings


def skills(store: Store, ids: list[str], family: str = "4p") -> list[Skill]:
    with Session(store.engine) as s:
        rows = [s.get(RatingRow, (p, family)) for p in ids]
        return [Skill() if r is None else Skill(r.mu, r.sigma, r.games) for r in rows]


def stats_row(store: Store, pid: str, family: str = "4p") -> PlayerStatsRow | None:
    with Session(store.engine) as s:
        return s.get(PlayerStatsRow, (pid, family, "east"))


PEOPLE = ["a1", "a2", "a3", "a4"]


def test_a_rated_game_moves_every_rating_by_its_places(store: Store, games: dict[str, Played]) -> None:
    g = games["4p-a"]
    start(store, "g1", g, list(PEOPLE))
    changes = finish(store, "g1", g)
    want = rate([Skill()] * 4, g.final["places"])
    assert skills(store, PEOPLE) == want
    assert [c and (c["seat"], c["before"], c["after"], c["provisional"]) for c in changes] == [
        (i, Skill().rating, w.rating, True) for i, w in enumerate(want)
    ]
    with Session(store.engine) as s:
        rows = s.scalars(select(PlayerRow).where(PlayerRow.game_id == "g1").order_by(PlayerRow.seat)).all()
        assert [(r.player_id, r.rated, r.rating_after) for r in rows] == [
            (p, True, w.rating) for p, w in zip(PEOPLE, want, strict=True)
        ]
    assert store.get_game("g1")["final"]["ratings"] == changes  # type: ignore[index]


def test_ratings_update_game_after_game(store: Store, games: dict[str, Played]) -> None:
    a, b = games["4p-a"], games["4p-b"]
    start(store, "g1", a, list(PEOPLE))
    finish(store, "g1", a)
    order = ["a3", "a1", "a4", "a2"]
    start(store, "g2", b, order)
    finish(store, "g2", b)
    once = rate([Skill()] * 4, a.final["places"])
    by_id = dict(zip(PEOPLE, once, strict=True))
    twice = rate([by_id[p] for p in order], b.final["places"])
    assert skills(store, order) == twice
    assert all(s.games == 2 for s in twice)


def test_the_stats_are_the_sums_of_the_lines(store: Store, games: dict[str, Played]) -> None:
    a, b = games["4p-a"], games["4p-b"]
    start(store, "g1", a, ["a1", None, None, None], matched=False)
    finish(store, "g1", a)
    start(store, "g2", b, [None, None, "a1", None], matched=False)
    finish(store, "g2", b)
    lines = []
    for g, seat in ((a, 0), (b, 2)):
        line = summarise(g.game.events, 4)[0][seat]
        line.place, line.score = g.final["places"][seat], g.final["scores"][seat]
        lines.append(line)
    t = Totals.of(lines, 4)
    row = stats_row(store, "a1")
    assert row is not None
    got = (row.games, tuple(row.places), row.place_sum, row.score_sum, row.hands, row.wins, row.tsumo, row.deal_ins)
    assert got == (t.games, t.places, t.place_sum, t.score_sum, t.hands, t.wins, t.tsumo, t.deal_ins)
    got = (row.riichi, row.calls, row.win_points, row.deal_in_points)
    assert got == (t.riichi, t.calls, t.win_points, t.deal_in_points)
    assert skills(store, ["a1"]) == [Skill()]  # a room with CPUs is not rated


@pytest.mark.parametrize(
    ("kw", "leavers"),
    [
        ({"stand_ins": frozenset({1})}, {1}),
        ({"status": "abandoned", "absent": frozenset({0, 3})}, {0, 3}),
        ({"status": "abandoned", "absent": frozenset({2}), "stand_ins": frozenset({1})}, {1, 2}),
    ],
    ids=["a-stand-in-finished", "abandoned", "abandoned-with-a-stand-in"],
)
def test_the_leaver_rule(store: Store, games: dict[str, Played], kw: dict[str, Any], leavers: set[int]) -> None:
    g = games["4p-a"]
    start(store, "g1", g, list(PEOPLE))
    changes = finish(store, "g1", g, **kw)
    want = rate_leavers([Skill()] * 4, leavers)
    assert skills(store, PEOPLE) == want
    assert [c is not None for c in changes] == [i in leavers for i in range(4)]
    counted = {p for i, p in enumerate(PEOPLE) if stats_row(store, p) is not None}
    finished = kw.get("status", "finished") == "finished"
    assert counted == ({p for i, p in enumerate(PEOPLE) if i not in kw.get("stand_ins", ())} if finished else set())


@pytest.mark.parametrize(
    ("name", "family", "rated"), [("4p-a", "4p", True), ("3p", "3p", True)], ids=["four-players", "three-players"]
)
def test_each_family_has_its_ratings(
    store: Store, games: dict[str, Played], name: str, family: str, rated: bool
) -> None:
    g = games[name]
    ids = PEOPLE[: len(g.final["places"])]
    start(store, "g1", g, list(ids))
    finish(store, "g1", g)
    assert all(s.games == 1 for s in skills(store, ids, family))
    other = "3p" if family == "4p" else "4p"
    assert all(s.games == 0 for s in skills(store, ids, other))


# ---------------------------------------------------------------------------------------------------------------------
# exactly once across a crash

CRASHING = """
import sys
from jantaku.engine import Game
from jantaku.server.store import Store
from jantaku.sim.play import summarise
from tests.server.test_records import played, start

db, when = sys.argv[1], sys.argv[2]
g = played("standard", "rec-a")
store = Store(f"sqlite:///{db}")
if when == "start":
    start(store, "g1", g, ["a1", "a2", "a3", "a4"])
else:
    lines, _ = summarise(g.game.events, 4)
    store.game_finished("g1", "finished", g.final, [], g.log, lines=lines)
store.flush()
store.close()
"""


def run(db: Path, when: str, crash: str | None) -> int:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}"}
    env.pop(CRASH_AT_FINISH, None)
    if crash:
        env[CRASH_AT_FINISH] = crash
    return subprocess.run([sys.executable, "-c", CRASHING, str(db), when], env=env, timeout=120).returncode


@pytest.mark.parametrize("crash", ["before", "after"], ids=["killed-before-the-commit", "killed-after-the-commit"])
def test_a_rating_changes_once_across_a_crash(tmp_path: Path, games: dict[str, Played], crash: str) -> None:
    """The process dies (``os._exit``: no shutdown) at the commit of the game's end: before it, nothing of the end
    is kept and recording it again rates once; after it, the game is rated and nothing changes it again."""
    db = tmp_path / "jantaku.db"
    assert run(db, "start", None) == 0
    assert run(db, "finish", crash) == 17
    store = Store(f"sqlite:///{db}")
    try:
        status = store.game_status("g1")
        assert status == ("running" if crash == "before" else "finished")
        assert all(s.games == (0 if crash == "before" else 1) for s in skills(store, PEOPLE))
    finally:
        store.close()
    if crash == "before":  # (the server resumes the game, which ends again)
        assert run(db, "finish", None) == 0
    store = Store(f"sqlite:///{db}")
    try:
        assert skills(store, PEOPLE) == rate([Skill()] * 4, games["4p-a"].final["places"])
        assert stats_row(store, "a1") is not None and stats_row(store, "a1").games == 1  # type: ignore[union-attr]
    finally:
        store.close()


# ---------------------------------------------------------------------------------------------------------------------
# a real server killed at the end of a rated game


def play_matched(base: str, tokens: dict[str, str]) -> None:
    """Four guests queue for an East game on the server at ``base`` (or, with their ``tokens``, come back to it)
    and answer every prompt until the game ends or the server goes away, each in a thread of its own as four
    browsers would; ``tokens`` gets each one's guest token."""
    url = base.replace("http://", "ws://") + "/ws"

    def person(name: str) -> None:
        with contextlib.suppress(ConnectionClosed, TimeoutError), connect(url) as conn:
            if name in tokens:
                conn.send(json.dumps({"type": "hello", "protocol": 1, "token": tokens[name]}))
            else:
                conn.send(json.dumps({"type": "hello", "protocol": 1, "nickname": name}))
                conn.send(json.dumps({"type": "queue", "settings": EAST}))
            while True:
                msg = json.loads(conn.recv(timeout=60))
                if msg["type"] == "welcome" and msg.get("token"):
                    tokens[name] = msg["token"]
                if msg["type"] == "game_over":
                    return
                if msg["type"] == "update" and msg.get("seq"):
                    action = simple_choice(msg["view"]["legal_actions"])
                    conn.send(json.dumps({"type": "action", "seq": msg["seq"], "action": action}))

    threads = [threading.Thread(target=person, args=(n,)) for n in ("Ann", "Bo", "Cy", "Di")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=180)


def stored(db: Path) -> tuple[str, list[int], list[tuple[str, float, float, int]]]:
    """The one game's status and places, and every rating row, read as another process would."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as c:
        status, final = c.execute("SELECT status, final FROM games").fetchone()
        rows = c.execute("SELECT player_id, mu, sigma, games FROM ratings ORDER BY player_id").fetchall()
        seats = json.loads(c.execute("SELECT seats FROM games").fetchone()[0])
    places = json.loads(final)["places"] if final else []
    order = {s["player"]: i for i, s in enumerate(seats)}
    return status, places, sorted(rows, key=lambda r: order[r[0]])


@pytest.mark.parametrize("crash", ["before", "after"], ids=["killed-before-the-commit", "killed-after-the-commit"])
def test_a_server_killed_at_a_rated_games_end_rates_it_once(tmp_path: Path, crash: str) -> None:
    """The server process dies at the commit of a matched game's end; restarted (twice), it resumes the game when
    the end was lost and finishes it, and every rating moved exactly once by the game's places."""
    db = tmp_path / "jantaku.db"
    slow = {"JANTAKU_GRACE": "600"}  # nobody stands in for the people while the server is down
    tokens: dict[str, str] = {}
    with uvicorn_process(tmp_path, **slow, **{CRASH_AT_FINISH: crash}) as base:
        play_matched(base, tokens)
    status, _, rows = stored(db)
    assert (status, len(rows)) == (("running", 0) if crash == "before" else ("finished", 4))
    for again in range(2):
        with uvicorn_process(tmp_path, **slow) as base:
            if crash == "before" and again == 0:  # the people come back and play the game to its end again
                play_matched(base, tokens)
            wait_for(lambda: stored(db)[0] == "finished")
            httpx.get(f"{base}/api/health", timeout=10)
    status, places, rows = stored(db)
    want = rate([Skill()] * 4, places)
    assert [(mu, sigma, games) for _, mu, sigma, games in rows] == [
        (pytest.approx(w.mu), pytest.approx(w.sigma), 1) for w in want
    ]
