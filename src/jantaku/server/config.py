"""Server settings: command-line flags override environment variables, which override the defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ENV_PREFIX = "JANTAKU_"


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

    @property
    def db_url(self) -> str:
        if self.db:
            return self.db
        return f"sqlite:///{(self.data_dir / 'jantaku.db').resolve()}"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """Defaults, then ``JANTAKU_HOST``, ``JANTAKU_PORT``, ``JANTAKU_DB``, ``JANTAKU_DATA_DIR``,
        ``JANTAKU_CPU_DELAY``, ``JANTAKU_GRACE``, then ``overrides`` that are not None."""
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
        return replace(base, **values)


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
