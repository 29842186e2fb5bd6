"""Batch scoring: one JSON request per input line, one JSON result per output line, in order.

A line that cannot be scored gets an error result and the batch goes on; every input line (blank ones included)
yields exactly one output line, so output line *n* always answers input line *n*.

Plain Python only (no Rich): requests are streamed, rule sets are built once per distinct (rules, options)
pair, and each result is written with a single ``write`` call.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from jantaku.cli.requests import InputError, build_request, check_keys
from jantaku.scoring.dispatch import ZungJungError, score_any
from jantaku.scoring.riichi import ScoringError


def error_result(code: str, message: str) -> dict[str, Any]:
    return {
        "han": None,
        "fu": None,
        "points": None,
        "limit": None,
        "yaku": [],
        "payments": {},
        "error": {"code": code, "message": message},
    }


def score_fields(fields: Any) -> dict[str, Any]:
    """Score one decoded request (a JSON object) into a result dict; never raises for bad input."""
    if not isinstance(fields, dict):
        return error_result("bad_json", f"each line must be a JSON object, not {type(fields).__name__}")
    try:
        check_keys(fields)
        req = build_request(fields)
        return score_any(req.hand, req.win, req.ctx, req.rules)
    except InputError as exc:
        return error_result(exc.code, str(exc))
    except (ScoringError, ZungJungError) as exc:
        return error_result(exc.code, str(exc))
    except Exception as exc:  # a library bug must not sink the rest of the batch
        return error_result("internal_error", f"{type(exc).__name__}: {exc}")


def score_line(line: str) -> dict[str, Any]:
    text = line.strip()
    if not text:
        return error_result("bad_json", "empty line (expected a JSON object)")
    try:
        fields = json.loads(text)
    except ValueError as exc:
        return error_result("bad_json", f"not valid JSON: {exc}")
    return score_fields(fields)


@dataclass(slots=True)
class BatchStats:
    lines: int = 0
    errors: int = 0


def run_batch(
    lines: Iterable[str], write: Callable[[str], object], flush: Callable[[], object] | None = None
) -> BatchStats:
    """Score every line of ``lines``, writing one JSON line per input line; ``flush`` (if given) runs after
    each line, for callers that talk to the batch interactively through a pipe."""
    stats = BatchStats()
    dumps = json.dumps
    for line in lines:
        result = score_line(line)
        stats.lines += 1
        if result["error"] is not None:
            stats.errors += 1
        write(dumps(result) + "\n")
        if flush is not None:
            flush()
    return stats
