"""``server.protocol`` against ``docs/protocol.md``: every documented message is declared and every declared message
is documented, in the same direction and with the same field names; the client messages are exactly those with a
handler; ``error`` builds the one shape of a refusal."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from jantaku.server.handlers import HANDLERS
from jantaku.server.protocol import CLIENT_MESSAGES, SERVER_MESSAGES, error

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
DIRECTIONS = {"Client → server": CLIENT_MESSAGES, "Server → client": SERVER_MESSAGES}


def sections(text: str, level: str) -> dict[str, str]:
    """The document's sections at ``level`` (``"## "``, ``"### "``), by heading, each up to the next heading of the
    same level or above."""
    out: dict[str, str] = {}
    parts = re.split(rf"^({level}.*)$", text, flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        above = rf"^#{{1,{len(level) - 1}}} "  # a heading of this level or above ends the section
        out[heading[len(level) :].strip()] = re.split(above, body, flags=re.M)[0]
    return out


def examples(body: str) -> list[dict[str, Any]]:
    """The JSON objects of the section's ``json`` code blocks (several may share a block); not those of its
    ``####`` subsections, which show parts of a message (a view, an event)."""
    body = re.split(r"^#### ", body, flags=re.M)[0]
    found: list[dict[str, Any]] = []
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", body, flags=re.S):
        i = 0
        while i < len(block):
            if block[i].isspace():
                i += 1
                continue
            value, i = decoder.raw_decode(block, i)
            found.append(value)
    return found


def documented(direction: str) -> dict[str, tuple[list[dict[str, Any]], str]]:
    """Each message type the direction's part documents: its examples and the text of the section(s) naming it
    (a ``###`` heading that starts with the type in backticks, or an example of that type)."""
    part = sections(DOC.read_text(encoding="utf-8"), "## ")[direction]
    out: dict[str, tuple[list[dict[str, Any]], str]] = {}
    for heading, body in sections(part, "### ").items():
        named = re.findall(r"`(\w+)`", re.match(r"^(`\w+`( / `\w+`)*)?", heading).group(0))  # type: ignore[union-attr]
        shown = examples(body)
        for kind in named + [e["type"] for e in shown if "type" in e]:
            before = out.get(kind, ([], ""))
            mine = [e for e in shown if e.get("type") == kind and e not in before[0]]
            out[kind] = (before[0] + mine, before[1] + body)
    return out


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_every_documented_message_is_declared_and_every_declared_one_documented(direction: str) -> None:
    assert sorted(documented(direction)) == sorted(DIRECTIONS[direction])


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_the_documented_fields_are_the_declared_ones(direction: str) -> None:
    """An example shows only declared fields, with every required one; every declared field is named in the
    message's section (in an example or in the text)."""
    for kind, (shown, text) in documented(direction).items():
        declared = DIRECTIONS[direction][kind]
        fields = declared.__required_keys__ | declared.__optional_keys__
        assert shown, f"{kind}: no example"
        for example in shown:
            assert example.keys() <= fields, (kind, sorted(example.keys() - fields))
        assert declared.__required_keys__ <= set().union(*(e.keys() for e in shown)), kind
        named = {key for e in shown for key in e} | set(re.findall(r"`(\w+)`", text))
        assert fields <= named, (kind, sorted(fields - named))


def test_every_client_message_has_a_handler() -> None:
    assert sorted(HANDLERS) == sorted(CLIENT_MESSAGES)


def test_an_error_carries_only_the_details_given() -> None:
    assert error("stale", "prompt 3 is not open", seq=3) == {
        "type": "error",
        "code": "stale",
        "message": "prompt 3 is not open",
        "seq": 3,
    }
    assert list(error("no_room", "there is no room 'X'", ref="join_room")) == ["type", "code", "message", "ref"]
