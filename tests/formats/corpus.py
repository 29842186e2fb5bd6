"""Where the Tenhou records are, for the tests that read them: ``../shared/tenhou`` beside the repository, or
``JANTAKU_TENHOU_DIR``. The records are not in the repository; without them the corpus tests skip, unless
``JANTAKU_REQUIRE_CORPUS=1`` (as CI sets it) makes a missing corpus a failure."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from jantaku.formats import TenhouGame, read_game


def corpus_dir() -> Path:
    env = os.environ.get("JANTAKU_TENHOU_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[2] / ".." / "shared" / "tenhou"


def corpus_files() -> list[Path | None]:
    """Every record (4p then 3p), or ``[None]`` so that a parametrized test still runs once and can skip."""
    root = corpus_dir()
    files: list[Path | None] = [*sorted(root.glob("4p/*.xml")), *sorted(root.glob("3p/*.xml"))]
    return files or [None]


def require_corpus() -> None:
    """Skip (or fail, under ``JANTAKU_REQUIRE_CORPUS=1``) because the records are not there."""
    reason = f"no Tenhou records in {corpus_dir()} (set JANTAKU_TENHOU_DIR to the folder holding 4p/ and 3p/)"
    if os.environ.get("JANTAKU_REQUIRE_CORPUS") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


def corpus_path(name: str) -> Path:
    """The record ``name`` (``4p/….xml``) of the corpus; skips (or fails) when it is not there."""
    path = corpus_dir() / name
    if not path.is_file():
        require_corpus()
    return path


def record(name: str) -> TenhouGame:
    """The record ``name`` of the corpus, read."""
    return read_game(corpus_path(name))
