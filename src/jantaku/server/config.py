"""Server settings: command-line flags override environment variables, which override the defaults."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from jantaku.bots.outside import DECISION_SECONDS, START_SECONDS, BotCommand

ENV_PREFIX = "JANTAKU_"
#: a CPU seat played by a configured outside bot has the level ``bot:NAME``; its command is the server's alone
OUTSIDE_BOT = "bot:"


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    #: SQLAlchemy URL; empty = a SQLite file ``jantaku.db`` under ``data_dir``
    db: str = ""
    data_dir: Path = field(default_factory=lambda: Path("data"))
    #: seconds a CPU waits before it plays, so people can follow the table (0 in tests and benchmarks)
    cpu_delay: float = 0.6
    #: at most this many seconds the table shows a hand's result before play goes on (each person's ``continue``
    #: ends it sooner; 0 in tests and benchmarks)
    hand_pause: float = 30.0
    #: seconds a disconnected player keeps the seat before a CPU stands in
    grace: float = 10.0
    #: default timers for a room with two or more people: seconds per decision + a time bank per player
    think_seconds: float = 5.0
    bank_seconds: float = 20.0
    #: the largest message a client may send, in bytes
    max_message: int = 8192
    #: messages per second a connection may send (token bucket), and the burst it may save up
    rate: float = 20.0
    burst: float = 40.0
    #: the level of the CPU that stands in for an absent player
    stand_in_level: str = "normal"
    #: seconds every discard (kan, North) stays open to claims before play goes on, whether or not anyone can
    #: claim it, so the pause tells nobody who could (0 in tests and benchmarks: the messages stay the same)
    claim_window: float = 0.3
    #: minutes a game with no person connected waits (paused) before it ends as abandoned
    abandon_minutes: float = 10.0
    #: outside mjai bots a room may seat, by name (docs/mjai-bots.md): JSON ``{"name": {"command": "...",
    #: "convention": "batch" or "stream", "decision_seconds": 5, "start_seconds": 30}}``, or the path of a file
    #: holding it. Only this setting names a command: a room chooses a bot by its name alone
    mjai_bots: str = ""
    #: the outside reviewer (docs/review.md#the-outside-reviewer): the command of an mjai program in Mortal's review
    #: mode whose values a review shows beside the strong CPU's, split as a shell would split it (no shell runs it;
    #: ``{seat}`` in it is the seat reviewed). Empty: reviews have the strong CPU's numbers alone
    reviewer: str = ""
    #: seconds the outside reviewer has for a whole game; past them the review shows what it found and says so
    reviewer_seconds: float = 120.0

    # ------------------------------------------------------------------ limits per client (docs/operations.md)
    # A client is an address: the peer of the socket, or the client a trusted proxy names (``forwarded_allow_ips``).
    #: messages per second all the connections of one address may send together, and the burst they may save up
    address_rate: float = 100.0
    address_burst: float = 200.0
    #: websockets one address may hold open at once
    max_websockets_per_address: int = 32
    #: open rooms one address may have made (create_room, play_now), and running games it may have started or
    #: sit in: a game counts until it ends
    max_rooms_per_address: int = 10
    max_games_per_address: int = 10
    #: ``hello``s with a token the server does not know, per minute, from one address (one connection: 3)
    failed_hellos_per_minute: float = 20.0
    #: lookups of a Room ID that names no room (join_room, spectate, ``GET /api/rooms/{id}``) per minute, per address
    failed_lookups_per_minute: float = 20.0
    #: quick reactions (``react``) one person may send: one every this many seconds, and the burst they may save up
    reaction_seconds: float = 3.0
    reaction_burst: float = 3.0

    # ------------------------------------------------------------------ timeouts
    #: seconds a new HTTP connection has to send its request line and headers (uvicorn waits forever otherwise)
    header_timeout: float = 10.0
    #: seconds a websocket has to say ``hello``
    hello_timeout: float = 10.0
    #: seconds a websocket may send nothing at all (the browser pings every 30 s) before it is closed
    idle_timeout: float = 180.0

    # ------------------------------------------------------------------ the sockets (docs/operations.md)
    #: open connections (HTTP and websocket) from one address that is not a trusted proxy
    max_connections_per_address: int = 64
    #: open connections in all; 0: the open-file limit of the process less a reserve for the database and logs
    max_connections: int = 0
    #: the proxies whose ``X-Forwarded-For`` names the client (comma-separated addresses or networks, ``*`` for any);
    #: their own connections are not capped per address
    forwarded_allow_ips: str = "127.0.0.1"
    #: web pages (``Origin``) besides the server's own host that may open the websocket (comma-separated, such as
    #: ``https://mahjong.example``; ``*`` for any); a client that sends no ``Origin`` (a script) is let in
    allowed_origins: str = ""

    def outside_bots(self) -> dict[str, OutsideBot]:
        """The configured outside bots by name (``mjai_bots``); a malformed setting raises ``ValueError``."""
        return parse_outside_bots(self.mjai_bots)

    def outside_reviewer(self) -> tuple[str, ...] | None:
        """The outside reviewer's argument list (``reviewer``), None when none is configured; a command that cannot
        be split (an unclosed quote) raises ``ValueError``."""
        if not self.reviewer.strip():
            return None
        try:
            return BotCommand.parse(self.reviewer, "stream").argv
        except ValueError as exc:
            raise ValueError(f"{ENV_PREFIX}REVIEWER: {exc}") from None

    @property
    def db_url(self) -> str:
        if self.db:
            return self.db
        return f"sqlite:///{(self.data_dir / 'jantaku.db').resolve()}"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """Defaults, then the environment (``JANTAKU_`` and the field's name in capitals: ``JANTAKU_PORT``,
        ``JANTAKU_MAX_ROOMS_PER_ADDRESS``), then ``overrides`` that are not None."""
        env = dict(os.environ if env is None else env)
        base = cls()
        values: dict[str, Any] = {}
        for name, current in base.__dict__.items():
            raw = env.get(ENV_PREFIX + name.upper())
            if raw is None or raw == "":
                continue
            values[name] = _convert(name, current, raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        if "data_dir" in values:
            values["data_dir"] = Path(values["data_dir"])
        settings = replace(base, **values)
        settings.outside_bots()  # a malformed bot list stops the server at its start, not at a room's game
        settings.outside_reviewer()  # and so does a reviewer command that cannot be split
        if not 0 < settings.reviewer_seconds <= 3600:
            raise ValueError(f"{ENV_PREFIX}REVIEWER_SECONDS must be a number of seconds from 0 to 3600")
        return settings


@dataclass(frozen=True)
class OutsideBot:
    """One configured outside bot: how to start it and its time limits."""

    command: BotCommand
    decision_seconds: float = DECISION_SECONDS
    start_seconds: float = START_SECONDS


def parse_outside_bots(text: str) -> dict[str, OutsideBot]:
    """``Settings.mjai_bots`` read: JSON text (an object) or the path of a JSON file; empty: no bots."""
    text = text.strip()
    if not text:
        return {}
    where = f"{ENV_PREFIX}MJAI_BOTS"
    if not text.startswith(("{", "[")):
        try:
            text = Path(text).read_text(encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"{where}: cannot read {text!r} ({exc.strerror or exc})") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{where} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{where} must map bot names to their commands")
    out: dict[str, OutsideBot] = {}
    for name, spec in data.items():
        if not isinstance(name, str) or not name or not name.isprintable() or len(name) > 32:
            raise ValueError(f"{where}: {name!r} is not a bot name (1 to 32 printable characters)")
        if not isinstance(spec, dict) or not isinstance(spec.get("command"), (str, list)):
            raise ValueError(f'{where}: bot {name!r} needs a "command" (a string or a list of arguments)')
        limits = {k: spec[k] for k in ("decision_seconds", "start_seconds") if k in spec}
        for key, value in limits.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 600:
                raise ValueError(f"{where}: bot {name!r}: {key} must be a number of seconds from 0 to 600")
        unknown = set(spec) - {"command", "convention", "decision_seconds", "start_seconds"}
        if unknown:
            raise ValueError(f"{where}: bot {name!r}: unknown field {sorted(unknown)[0]!r}")
        try:
            command = BotCommand.parse(spec["command"], str(spec.get("convention", "batch")))
        except ValueError as exc:
            raise ValueError(f"{where}: bot {name!r}: {exc}") from None
        out[name] = OutsideBot(command, **{k: float(v) for k, v in limits.items()})
    return out


def _convert(name: str, current: Any, raw: str) -> Any:
    try:
        if isinstance(current, bool):
            return raw.lower() in ("1", "true", "yes", "on")
        if isinstance(current, int):
            return int(raw)
        if isinstance(current, float):
            return float(raw)
    except ValueError:
        raise ValueError(f"{ENV_PREFIX}{name.upper()} must be a number, not {raw!r}") from None
    if isinstance(current, Path):
        return Path(raw)
    return raw
