"""What idle connections cost one table server process (docs/operations.md, "What one process holds").

Starts ``jantaku serve`` (real uvicorn, the header deadline and caps of ``server/transport.py``) on loopback, then:

1. opens ``--sockets`` TCP connections that send nothing (what a slowloris client holds), and reads the server's
   open file descriptors (``/proc/<pid>/fd``) and resident memory with them open, and again once the header
   deadline (``--header-timeout``) has passed;
2. opens ``--websockets`` websockets that say ``hello`` and then wait, and reads the same.

Loopback is a trusted proxy by default, so the per-address caps are raised for the run (every client here is
127.0.0.1). Machine-readable lines start with ``bench-idle:``.

    .venv/bin/python bench/idle_connections.py --sockets 5000 --websockets 2000
    .venv/bin/python bench/idle_connections.py --sockets 5000 --websockets 0 --header-timeout 3600  # no deadline
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import sys
import tempfile
import time
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import rss_mb, server


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def report(label: str, pid: int, count: int, base: tuple[int, float]) -> tuple[int, float]:
    files, mb = open_files(pid), rss_mb(pid)
    per = f"{(mb - base[1]) * 1024 / count:.1f} KiB each" if count else ""
    print(f"{label:<44} {files:>6} files  {mb:7.1f} MB  {per}")
    print(f"bench-idle: {label.split(':')[0].replace(' ', '_')} count={count} files={files} rss_mb={mb:.1f}")
    return files, mb


async def hold_websockets(url: str, count: int) -> list[websockets.ClientConnection]:
    async def one(i: int) -> websockets.ClientConnection:
        ws = await websockets.connect(url, open_timeout=60, ping_interval=None)
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "nickname": f"Idle {i}"}))
        await ws.recv()
        return ws

    held: list[websockets.ClientConnection] = []
    for start in range(0, count, 200):  # in batches: the listen backlog stays short
        held += await asyncio.gather(*(one(i) for i in range(start, min(count, start + 200))))
    return held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sockets", type=int, default=5000)
    parser.add_argument("--websockets", type=int, default=2000)
    parser.add_argument("--header-timeout", type=float, default=10.0)
    args = parser.parse_args()
    os.environ.update(
        JANTAKU_HEADER_TIMEOUT=str(args.header_timeout),
        JANTAKU_MAX_WEBSOCKETS_PER_ADDRESS=str(args.websockets + 10),
        JANTAKU_IDLE_TIMEOUT="600",
    )
    with tempfile.TemporaryDirectory() as folder, server(Path(folder)) as (url, pid):
        port = int(url.rsplit(":", 1)[1].split("/")[0])
        base = report("started", pid, 0, (0, 0.0))
        socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(args.sockets)]
        time.sleep(1.0)
        report(f"{args.sockets} silent sockets", pid, args.sockets, base)
        wait = min(args.header_timeout + 2.0, 15.0)
        time.sleep(wait)
        report(f"silent sockets, {wait:g} s later", pid, args.sockets, base)
        for s in socks:
            s.close()
        time.sleep(1.0)
        if args.websockets:
            loop = asyncio.new_event_loop()
            held = loop.run_until_complete(hold_websockets(url, args.websockets))
            time.sleep(1.0)
            report(f"{args.websockets} websockets after hello", pid, args.websockets, base)

            async def close_all() -> None:
                await asyncio.gather(*(ws.close() for ws in held))

            loop.run_until_complete(close_all())
            loop.close()


if __name__ == "__main__":
    main()
