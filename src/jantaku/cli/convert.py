"""``jantaku convert IN OUT``: a game log from one format to another (``jantaku.formats.convert``).

The input's format is ``--from``, else its extension's, else what its content looks like; the output's is
``--to``, else its extension's (our log for ``-``, standard output). Exit status: 0 written; 2 the input cannot
be read or converted, or the options do not fit (one ``error:`` line on stderr, never a traceback).
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from pathlib import Path

from jantaku.formats.convert import (
    MAX_BYTES,
    ConvertError,
    ReadOptions,
    WriteOptions,
    by_extension,
    decode,
    detect,
    format_names,
    read_log,
    write,
    writer,
)


def _stderr(line: str) -> None:
    sys.stderr.write(line + "\n")


def _read_input(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    path = Path(source)
    try:
        with path.open("rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ConvertError(f"cannot read {source}: {exc.strerror or exc}") from None


def convert(
    source: str,
    target: str,
    *,
    to: str | None = None,
    from_: str | None = None,
    undated: dt.date | None = None,
    out: Callable[[str], object] | None = None,
) -> str:
    """Convert ``source`` into ``target`` (``-``: ``out``, standard output by default); the format written. Raises
    ``ConvertError``."""
    known = format_names()
    for option, value in (("--from", from_), ("--to", to)):
        if value is not None and value not in known:
            raise ConvertError(f"{option} {value!r} is not a format ({', '.join(known)})")
    fmt_out = to or (by_extension(target) if target != "-" else "ours")
    if fmt_out is None:
        raise ConvertError(f"cannot tell the format to write from {target!r}: give --to ({', '.join(known)})")
    writer(fmt_out)
    text = decode(_read_input(source), source)
    fmt_in = from_ or detect(source, text)
    log = read_log(text, fmt_in, ReadOptions(source=Path(source).name if source != "-" else "<stdin>", undated=undated))
    result = write(log.game, fmt_out, WriteOptions(names=log.names, title=Path(source).stem if source != "-" else ""))
    if target == "-":
        (out or sys.stdout.write)(result)
    else:
        try:
            Path(target).write_text(result, encoding="utf-8")
        except OSError as exc:
            raise ConvertError(f"cannot write {target}: {exc.strerror or exc}") from None
    return fmt_out


def run(
    source: str,
    target: str,
    *,
    to: str | None = None,
    from_: str | None = None,
    undated: dt.date | None = None,
    out: Callable[[str], object] | None = None,
    error: Callable[[str], object] = _stderr,
) -> int:
    """``convert`` with the exit status: 0 written, 2 with one ``error:`` line otherwise."""
    try:
        convert(source, target, to=to, from_=from_, undated=undated, out=out)
    except ConvertError as exc:
        error(f"error: convert: {exc}")
        return 2
    return 0
