"""`make bench-server`: the table server under load, on loopback.

The server runs as its own process (``python -m jantaku serve``: uvicorn, one event loop) with CPUs that play at
once (``JANTAKU_CPU_DELAY=0``) and no claim window (``JANTAKU_CLAIM_WINDOW=0``: both are the table's pace, not
its work), a fresh SQLite file in a temporary folder and the rate limits out of the way. This
process then opens N websockets, one per room: each says ``hello``, asks ``play_now`` (three ``normal`` CPUs, the
``standard`` preset, East-South unless ``--east``), answers every prompt once, and starts the next game as soon as
``game_over`` comes, for ``--seconds`` (after ``--warmup`` seconds that are not measured) or ``--games`` games.

The scripted player wins when it can, passes on calls and draws (noten), else throws its drawn tile. Before each
answer it thinks ``--think`` seconds (uniformly 0.5x to 1.5x that, so rooms do not move in step). A person takes
about a second per decision and often less on a call they pass, so ``--think 0.5`` (the default) loads the server a
little harder than real rooms do, and harder again because the CPUs do not wait (a real room's CPUs wait 0.6 s per
turn move while someone watches). The target, 100 rooms with p99 < 100 ms, is judged with this default.
``--think 0`` is saturation: every room moves as fast as the server lets it, which measures throughput (games and
decisions per minute) rather than the latency people feel.

Latency, exactly: for the answer to prompt ``seq = N``, the time from just before ``send`` of the ``action`` to
the receipt of the first ``update`` after it whose ``seq`` is not N. While prompt N is open the server sends this
player only updates that repeat N (the other seats' answers to the same call, with no events); the state cannot move
on until the answer is applied, so the first update with another ``seq`` (a new prompt, or none) is the one the
server broadcast after applying the answer: it carries the answer's events (a discard: the player's own ``dahai``;
a pass: what followed, a draw or a call) and the CPUs' moves that came straight after, up to the next thing this
player must see. The time includes the websocket and JSON work on both ends and this process's own scheduling (the
client shares the machine with the server), so it is what a client on the same host would see, if anything high.

Printed per run: rooms, games finished, games and hands per minute, decisions (answers sent), latency p50 / p99 /
max, and the server's CPU time over the measured window from ``/proc/<pid>/stat`` (utime + stime, all threads;
100% = one core) and its resident memory at the end. A run during which other processes took more than a tenth of a
core is marked BUSY MACHINE: on two cores a neighbour's test run multiplies the tail. ``--search`` then tries 50,
100, 125, 150, 175, 200, 250 ... rooms (a fresh server each; the ``--rooms`` run stands for its own N) until p99
reaches 100 ms, and names the largest N under it. Machine-readable lines start with ``bench-server:``.

    .venv/bin/python bench/server_load.py --rooms 100 --seconds 60            # the target
    .venv/bin/python bench/server_load.py --rooms 100 --seconds 60 --search   # and the largest N (make bench-server)
    .venv/bin/python bench/server_load.py --rooms 10 --think 0 --seconds 30   # throughput at saturation
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

TARGET_MS = 100.0
#: other processes' CPU (share of one core) above which a run is flagged: its figures measure the neighbours too
BUSY = 0.1
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------- the server process
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (every thread), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK  # fields 14 and 15 of proc(5), counted after "(comm)"


def busy_seconds() -> float:
    """CPU time every process on the machine has used (user, nice, system, irq, softirq, steal), in seconds."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:9]]
    return (sum(ticks[:3]) + sum(ticks[5:8])) / CLK_TCK


def own_seconds() -> float:
    t = os.times()
    return t.user + t.system


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


@contextlib.contextmanager
def server(folder: Path, cpu_delay: float = 0.0, profile: str | None = None) -> Iterator[tuple[str, int]]:
    """``jantaku serve`` on a free port with its own SQLite file; yields (ws URL, pid). ``profile`` runs it under
    cProfile (main thread, i.e. the event loop) and writes the stats there when the server stops."""
    port = free_port()
    env = {"JANTAKU_DB": f"sqlite:///{folder / 'jantaku.db'}", "JANTAKU_CPU_DELAY": str(cpu_delay),
           "JANTAKU_CLAIM_WINDOW": "0",  # the claim window is the table's pace, like the CPU delay: off here
           "JANTAKU_GRACE": "10", "JANTAKU_RATE": "100000", "JANTAKU_BURST": "100000",
           # every simulated person is 127.0.0.1: the limits per address are lifted for them
           "JANTAKU_ADDRESS_RATE": "1000000", "JANTAKU_ADDRESS_BURST": "1000000",
           "JANTAKU_MAX_WEBSOCKETS_PER_ADDRESS": "100000", "JANTAKU_MAX_ROOMS_PER_ADDRESS": "100000",
           "JANTAKU_MAX_GAMES_PER_ADDRESS": "100000", **os.environ}  # fmt: skip
    cmd = [sys.executable, "-m", "jantaku", "serve", "--port", str(port)]
    if profile:
        cmd[1:1] = ["-m", "cProfile", "-o", profile]
    with open(folder / "server.log", "wb") as out:  # a file, not a pipe nobody reads: the log must never block
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:  # uvicorn binds the port after the app's start-up (the CPU tables are warm by then)
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{(folder / 'server.log').read_text()}") from None
                time.sleep(0.05)
        yield f"ws://127.0.0.1:{port}/ws", proc.pid
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)  # a clean stop (cProfile writes its file on the way out)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        proc.wait(timeout=10)


# ---------------------------------------------------------------------- the scripted players
def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Win when it can, pass on calls (and noten at a draw), else throw the drawn (last listed) tile."""
    for kind in ("tsumo", "ron"):
        for a in legal:
            if a["type"] == kind:
                return a
    for a in legal:
        if a["type"] in ("pass", "noten"):
            return a
    discards = [a for a in legal if a["type"] == "discard"]
    return discards[-1] if discards else legal[0]


@dataclass
class Run:
    """What every room adds up to over one run; only the measured window (``t0`` to ``t1``) counts."""

    t0: float
    t1: float
    games_goal: int = 0
    latencies: list[float] = field(default_factory=list)
    decisions: int = 0
    games: int = 0
    hands: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    lost: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def measuring(self, t: float) -> bool:
        return self.t0 <= t <= self.t1


async def room(url: str, run: Run, settings: dict[str, Any], think: float, delay: float, rng: random.Random) -> None:
    """One websocket, one room: games back to back until the run ends."""
    await asyncio.sleep(delay)
    clock = time.perf_counter
    async with websockets.connect(url, max_size=None, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "nickname": "bench"}))
        while not run.done.is_set():
            await ws.send(json.dumps({"type": "play_now", "settings": settings}))
            answered = 0  # seqs grow within a game: answer each once (an update may repeat an open prompt)
            pending = 0  # the seq whose answer is in flight
            sent = 0.0
            while True:
                raw = await ws.recv()
                now = clock()
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "update":
                    seq = msg.get("seq") or 0
                    if pending and seq != pending:
                        if run.measuring(sent) and now <= run.t1:
                            run.latencies.append(now - sent)
                        pending = 0
                    if run.measuring(now) and any(e["type"] in ("hora", "ryukyoku") for e in msg["events"]):
                        run.hands += 1  # a hand ends in one update: its hora (two for a double ron) or ryukyoku
                    if seq > answered:
                        answered = seq
                        action = choose(msg["view"]["legal_actions"])
                        if think > 0:
                            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                        sent = clock()
                        pending = seq
                        await ws.send(json.dumps({"type": "action", "seq": seq, "action": action}))
                        if run.measuring(sent):
                            run.decisions += 1
                elif kind == "game_over":
                    if run.measuring(now):
                        run.games += 1
                        if run.games_goal and run.games >= run.games_goal:
                            run.done.set()
                    break
                elif kind == "error":
                    code = str(msg.get("code"))
                    run.errors[code] = run.errors.get(code, 0) + 1
                    if msg.get("seq") == pending:
                        pending = 0


async def drive(url: str, rooms: int, seconds: float | None, games: int, warmup: float, think: float,
                settings: dict[str, Any], pid: int) -> tuple[Run, float, float, float, float]:  # fmt: skip
    """All rooms at once (their starts spread over the first second or two); returns the run, the measured
    window's length, the server's CPU seconds in it, its resident memory at the end (MB), and the CPU seconds that
    other processes took meanwhile (a busy machine makes the figures worthless)."""
    start = time.perf_counter()
    run = Run(start + warmup, float("inf") if seconds is None else start + warmup + seconds, games)
    spread = min(2.0, 0.01 * rooms)
    rng = random.Random(7)
    tasks = [asyncio.create_task(room(url, run, settings, think, spread * i / rooms, random.Random(rng.random())))
             for i in range(rooms)]  # fmt: skip

    async def window() -> tuple[float, float, float, float]:
        await asyncio.sleep(warmup)
        cpu0, all0, own0, w0 = cpu_seconds(pid), busy_seconds(), own_seconds(), time.perf_counter()
        stop = asyncio.create_task(run.done.wait())
        await asyncio.wait([stop], timeout=seconds)
        stop.cancel()
        run.t1 = min(run.t1, time.perf_counter())
        run.done.set()
        cpu = cpu_seconds(pid) - cpu0
        others = busy_seconds() - all0 - cpu - (own_seconds() - own0)
        return time.perf_counter() - w0, cpu, rss_mb(pid), max(0.0, others)

    timer = asyncio.create_task(window())
    pending: set[asyncio.Task[Any]] = set(tasks)
    while pending and not timer.done():
        finished, pending = await asyncio.wait(pending | {timer}, return_when=asyncio.FIRST_COMPLETED)
        pending.discard(timer)
        for t in finished:
            if t is not timer and t.exception() is not None:
                run.lost += 1
                print(f"  a room stopped: {t.exception()!r}", file=sys.stderr)
    elapsed, cpu, rss, others = await timer
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return run, elapsed, cpu, rss, others


# ---------------------------------------------------------------------- figures
def percentile(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


@dataclass
class Result:
    rooms: int
    think: float
    seconds: float
    games: int
    hands: int
    decisions: int
    p50: float
    p99: float
    max: float
    server_cpu: float  # share of one core
    server_mb: float
    errors: dict[str, int]
    lost: int
    others: float  # share of one core that other processes took

    def line(self) -> str:
        per_min = 60 / self.seconds
        errs = ", ".join(f"{k} {v}" for k, v in sorted(self.errors.items())) or "none"
        busy = f"   BUSY MACHINE: other processes took {self.others:.0%} of a core" if self.others > BUSY else ""
        return (f"  {self.rooms:4d} rooms  think {self.think:g} s  {self.seconds:5.1f} s: "
                f"{self.games} games ({self.games * per_min:.1f}/min), {self.hands * per_min:.0f} hands/min, "
                f"{self.decisions} decisions ({self.decisions / self.seconds:.0f}/s)   latency p50 {self.p50:.1f} ms "
                f"p99 {self.p99:.1f} ms max {self.max:.1f} ms   server CPU {self.server_cpu:.0%}, "
                f"{self.server_mb:.0f} MB   errors: {errs}"
                + (f"   rooms lost: {self.lost}" if self.lost else "")
                + busy)  # fmt: skip

    def machine(self) -> str:
        return (f"bench-server: rooms={self.rooms} think_s={self.think:g} seconds={self.seconds:.1f} "
                f"games={self.games} games_per_min={self.games * 60 / self.seconds:.2f} "
                f"hands_per_min={self.hands * 60 / self.seconds:.1f} decisions={self.decisions} "
                f"p50_ms={self.p50:.2f} p99_ms={self.p99:.2f} max_ms={self.max:.2f} "
                f"server_cpu={self.server_cpu:.3f} server_mb={self.server_mb:.0f} "
                f"errors={sum(self.errors.values())} lost={self.lost} others_cpu={self.others:.3f}")  # fmt: skip


def measure(args: argparse.Namespace, rooms: int) -> Result:
    settings = {"preset": args.preset, "options": {"length": "east" if args.east else "east-south"}}
    if args.profile:
        args.profile = str(Path(args.profile).resolve())
    with tempfile.TemporaryDirectory(prefix="jantaku-load-") as tmp, \
            server(Path(tmp), args.cpu_delay, args.profile) as (url, pid):  # fmt: skip
        run, elapsed, cpu, rss, others = asyncio.run(
            drive(url, rooms, args.seconds, args.games, args.warmup, args.think, settings, pid)
        )
    ms = sorted(x * 1e3 for x in run.latencies)
    top = ms[-1] if ms else float("nan")
    return Result(rooms, args.think, elapsed, run.games, run.hands, run.decisions, percentile(ms, 0.5),
                  percentile(ms, 0.99), top, cpu / elapsed, rss, run.errors, run.lost,
                  others / elapsed)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--rooms", type=int, default=100, help="concurrent rooms, one websocket player each [100]")
    ap.add_argument("--seconds", type=float, default=None, help="measured seconds per run [60, or none with --games]")
    ap.add_argument("--games", type=int, default=0, help="stop after this many finished games instead")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds before measuring starts [5]")
    ap.add_argument(
        "--think", type=float, default=0.5, help="mean seconds the player thinks per decision (0 = saturation) [0.5]"
    )
    ap.add_argument("--east", action="store_true", help="East-only games (default: East-South)")
    ap.add_argument("--preset", default="standard", help="rules preset [standard]")
    ap.add_argument("--cpu-delay", type=float, default=0.0, help="the server's JANTAKU_CPU_DELAY [0]")
    ap.add_argument(
        "--search",
        action="store_true",
        help="then 50, 100, 125, 150, ... rooms until p99 >= 100 ms: the largest N under it",
    )
    ap.add_argument(
        "--steps",
        default="50,100,125,150,175,200,250,300,400,500,600,800,1000",
        help="room counts --search tries, in order (the --rooms run counts for its own N)",
    )
    ap.add_argument("--profile", help="run the server under cProfile and write its stats to this file")
    args = ap.parse_args()
    if args.seconds is None and not args.games:
        args.seconds = 60.0
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    mode = "East" if args.east else "East-South"
    think = f"{args.think:g} s per decision (0.5x-1.5x)" if args.think > 0 else "0 (saturation)"
    print(
        f"table server under load: {mode} {args.preset}, 3 normal CPUs per room, CPU delay {args.cpu_delay:g} s, "
        f"think {think}, {os.cpu_count()} cores, python {sys.version.split()[0]}"
    )
    first = measure(args, args.rooms)
    print(first.line(), flush=True)
    lines = [first.machine()]
    if args.search:
        print(f"  more rooms until p99 >= {TARGET_MS:g} ms:")
        best, busy = 0, first.others > BUSY
        for n in sorted({int(s) for s in args.steps.split(",")}):
            r = first if n == args.rooms else measure(args, n)
            if r is not first:
                print(r.line(), flush=True)
                lines.append(r.machine())
                busy = busy or r.others > BUSY
            if not r.p99 < TARGET_MS or r.lost:
                break
            best = n
        print(
            f"  largest N with p99 < {TARGET_MS:g} ms: {best or 'none'} (tried {args.steps})"
            + ("; the machine was busy: run again when it is idle" if busy else "")
        )
        lines.append(f"bench-server: largest_rooms_p99_under_{TARGET_MS:g}ms={best} think_s={args.think:g}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
