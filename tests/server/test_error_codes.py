"""Every error code the server sends is in the error code table of ``docs/protocol.md``: a client reads its codes
there, and a code nobody documented is a refusal no client can handle on purpose."""

from __future__ import annotations

import re
from pathlib import Path

import jantaku.server

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
SERVER = Path(jantaku.server.__file__).parent
#: a refusal as the server builds one: error("code", ...) or RoomError("code", ...)
REFUSAL = re.compile(r"\b(?:error|RoomError)\(\s*\"(\w+)\"")


def sent_codes() -> dict[str, str]:
    """Each code a server module sends, with the first module that sends it."""
    found: dict[str, str] = {}
    for path in sorted(SERVER.glob("*.py")):
        for code in REFUSAL.findall(path.read_text(encoding="utf-8")):
            found.setdefault(code, path.name)
    return found


def documented_codes() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    return {code for line in table.splitlines() if line.startswith("| `") for code in re.findall(r"`(\w+)`", line)}


def test_every_error_code_sent_is_documented() -> None:
    missing = {code: where for code, where in sent_codes().items() if code not in documented_codes()}
    assert missing == {}


def test_the_reader_finds_the_codes() -> None:
    codes = sent_codes()
    assert {"no_room", "rate_limited", "too_many_tries", "illegal_action", "hello_timeout"} <= set(codes)
    assert len(codes) > 30
