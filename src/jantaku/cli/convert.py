"""``jantaku convert IN OUT``: a game log from one format to another (``jantaku.formats.convert``).

The input's format is ``--from``, else its extension's, else what its content looks like; the output's is
``--to``, else its extension's (our log for ``-``, standard output). ``--per-hand`` writes tenhou.net/6 JSON one
hand a file (NAGA and the tenhou.net/6 viewer take one hand at a time), and ``jantaku convert IN --viewer-urls``
prints each hand's tenhou.net/6 viewer address instead of writing. Exit status: 0 written; 2 the input cannot be
read or converted, or the options do not fit (one ``error:`` line on stderr, never a traceback).
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from pathlib import Path

from jantaku.formats.convert import (
    MAX_BYTES,
    ConvertError,
    Log,
    ReadOptions,
    WriteOptions,
    by_extension,
    decode,
    detect,
    format_names,
    hand_documents,
    read_log,
    write,
    writer,
)
from jantaku.formats.tenhou6 import dumps, viewer_url

#: the format one-hand files and viewer addresses are written in
PER_HAND = "tenhou6"


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


def _options(known: list[str], to: str | None, from_: str | None) -> None:
    for option, value in (("--from", from_), ("--to", to)):
        if value is not None and value not in known:
            raise ConvertError(f"{option} {value!r} is not a format ({', '.join(known)})")


def _read(source: str, from_: str | None, undated: dt.date | None) -> Log:
    text = decode(_read_input(source), source)
    fmt_in = from_ or detect(source, text)
    return read_log(
        text, fmt_in, ReadOptions(source=Path(source).name if source != "-" else "<stdin>", undated=undated)
    )


def _write_options(source: str, log: Log) -> WriteOptions:
    return WriteOptions(names=log.names, title=Path(source).stem if source != "-" else "")


def convert(
    source: str,
    target: str,
    *,
    to: str | None = None,
    from_: str | None = None,
    undated: dt.date | None = None,
    per_hand: bool = False,
    out: Callable[[str], object] | None = None,
) -> str:
    """Convert ``source`` into ``target`` (``-``: ``out``, standard output by default); the format written. With
    ``per_hand``, one tenhou.net/6 file a hand (``write_hands``). Raises ``ConvertError``."""
    known = format_names()
    _options(known, to, from_)
    if per_hand:
        return write_hands(source, target, to=to, from_=from_, undated=undated, out=out)
    fmt_out = to or (by_extension(target) if target != "-" else "ours")
    if fmt_out is None:
        raise ConvertError(f"cannot tell the format to write from {target!r}: give --to ({', '.join(known)})")
    writer(fmt_out)
    log = _read(source, from_, undated)
    result = write(log.game, fmt_out, _write_options(source, log))
    if target == "-":
        (out or sys.stdout.write)(result)
    else:
        _write_file(Path(target), result)
    return fmt_out


def _write_file(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConvertError(f"cannot write {path}: {exc.strerror or exc}") from None


def hand_paths(source: str, target: str, count: int) -> list[Path]:
    """Where ``--per-hand`` writes ``count`` hands: ``OUT-01.json``, ``OUT-02.json`` … beside OUT (its stem), or
    ``IN-01.json`` … inside OUT when OUT is a folder (an existing one, or a name ending in ``/``)."""
    folder = Path(target)
    if folder.is_dir() or target.endswith(("/", "\\")):
        stem = Path(source).stem if source != "-" else "game"
    else:
        stem, folder = folder.stem, folder.parent
    return [folder / f"{stem}-{number:02d}.json" for number in range(1, count + 1)]


def write_hands(
    source: str,
    target: str,
    *,
    to: str | None = None,
    from_: str | None = None,
    undated: dt.date | None = None,
    out: Callable[[str], object] | None = None,
) -> str:
    """``--per-hand``: each hand of ``source`` as its own tenhou.net/6 file (``hand_paths``), saying on ``out`` what
    was written, one line a file: the hand's label and the file."""
    if target == "-":
        raise ConvertError("--per-hand writes one file a hand: give OUT a file name or a folder, not '-'")
    fmt_out = to or by_extension(target) or PER_HAND
    if fmt_out != PER_HAND:
        raise ConvertError(f"--per-hand writes tenhou.net/6 JSON (--to {PER_HAND}), not {fmt_out}")
    log = _read(source, from_, undated)
    hands = hand_documents(log.game, _write_options(source, log))
    if not hands:
        raise ConvertError(f"{source} has no finished hand to write")
    paths = hand_paths(source, target, len(hands))
    if target.endswith(("/", "\\")):
        try:
            paths[0].parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConvertError(f"cannot make the folder {target}: {exc.strerror or exc}") from None
    for path, (label, doc) in zip(paths, hands, strict=True):
        _write_file(path, dumps(doc) + "\n")
        (out or sys.stdout.write)(f"{label} {path}\n")
    return fmt_out


def viewer_urls(
    source: str,
    *,
    from_: str | None = None,
    undated: dt.date | None = None,
    out: Callable[[str], object] | None = None,
) -> int:
    """``--viewer-urls``: each hand of ``source`` on a line of ``out``, its label and its tenhou.net/6 viewer
    address; the number of hands."""
    _options(format_names(), None, from_)
    log = _read(source, from_, undated)
    hands = hand_documents(log.game, _write_options(source, log))
    for label, doc in hands:
        (out or sys.stdout.write)(f"{label} {viewer_url(doc)}\n")
    return len(hands)


def run(
    source: str,
    target: str | None,
    *,
    to: str | None = None,
    from_: str | None = None,
    undated: dt.date | None = None,
    per_hand: bool = False,
    urls: bool = False,
    out: Callable[[str], object] | None = None,
    error: Callable[[str], object] = _stderr,
) -> int:
    """``convert`` (or ``viewer_urls`` with ``urls``) with the exit status: 0 written, 2 with one ``error:`` line
    otherwise."""
    try:
        if urls:
            if target is not None or per_hand:
                raise ConvertError("--viewer-urls prints to standard output: give neither OUT nor --per-hand")
            if to not in (None, PER_HAND):
                raise ConvertError(f"--viewer-urls shows tenhou.net/6 JSON, not {to}")
            viewer_urls(source, from_=from_, undated=undated, out=out)
        elif target is None:
            raise ConvertError("give OUT, the file to write ('-': standard output), or --viewer-urls")
        else:
            convert(source, target, to=to, from_=from_, undated=undated, per_hand=per_hand, out=out)
    except ConvertError as exc:
        error(f"error: convert: {exc}")
        return 2
    return 0
