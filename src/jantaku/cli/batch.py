"""Batch scoring: one JSON request per input line, one JSON result per output line, in order.

A line that cannot be scored gets an error result, whose ``error`` names the input line (``line``, from 1), and the
batch goes on; every input line (blank ones included) yields exactly one output line, so output line *n* always
answers input line *n*. ``defaults`` (the command line's flags: ``--rules``, ``-o``, ``--riichi``, ...) apply to
every line; a line's own keys win, and rule options merge.

Plain Python only (no Rich): requests are streamed, rule sets are built once per distinct (rules, options)
pair, and each result is written with a single ``write`` call.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from jantaku.cli.requests import InputError, build_request, check_keys, run_request, with_defaults
from jantaku.scoring.dispatch import ZungJungError
from jantaku.scoring.riichi import ScoringError


def error_result(code: str, message: str, line: int | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if line is not None:
        error["line"] = line
    return {
        "han": None,
        "fu": None,
        "points": None,
        "limit": None,
        "yaku": [],
        "payments": {},
        "error": error,
    }


def score_fields(fields: Any, defaults: dict[str, Any] | None = None, line: int | None = None) -> dict[str, Any]:
    """Score one decoded request (a JSON object) into a result dict; never raises for bad input."""
    if not isinstance(fields, dict):
        return error_result("bad_json", f"each line must be a JSON object, not {type(fields).__name__}", line)
    try:
        check_keys(fields)
        req = build_request(with_defaults(defaults, fields) if defaults else fields)
        result = run_request(req)
        return result if isinstance(result, dict) else result.to_dict()
    except (InputError, ScoringError, ZungJungError) as exc:
        return error_result(exc.code, str(exc), line)
    except Exception as exc:  # a library bug must not sink the rest of the batch
        return error_result("internal_error", f"{type(exc).__name__}: {exc}", line)


def score_line(text: str, defaults: dict[str, Any] | None = None, line: int | None = None) -> dict[str, Any]:
    """Score one input line (``line``: its number, put in an error result)."""
    text = text.strip()
    if not text:
        return error_result("bad_json", "empty line (expected a JSON object)", line)
    try:
        fields = json.loads(text)
    except ValueError as exc:
        return error_result("bad_json", f"not valid JSON: {exc}", line)
    return score_fields(fields, defaults, line)


@dataclass(slots=True)
class BatchStats:
    lines: int = 0
    errors: int = 0


def run_batch(
    lines: Iterable[str],
    write: Callable[[str], object],
    flush: Callable[[], object] | None = None,
    defaults: dict[str, Any] | None = None,
) -> BatchStats:
    """Score every line of ``lines``, writing one JSON line per input line; ``flush`` (if given) runs after
    each line, for callers that talk to the batch interactively through a pipe."""
    stats = BatchStats()
    dumps = json.dumps
    for number, line in enumerate(lines, 1):
        result = score_line(line, defaults, number)
        stats.lines += 1
        if result["error"] is not None:
            stats.errors += 1
        write(dumps(result) + "\n")
        if flush is not None:
            flush()
    return stats
