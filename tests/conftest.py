"""Shared test fixtures, and the PostgreSQL server the database tests run on.

The database tests (``tests/server/test_migrations.py``, ``tests/server/test_persistence.py``) run each case on
SQLite and, when ``JANTAKU_TEST_PG`` holds a SQLAlchemy URL, on that PostgreSQL server too. When it is not set and
PostgreSQL's ``initdb`` and ``pg_ctl`` are installed, ``pytest_configure`` starts a private server for the session
(``tests/pg_server.py``) and sets ``JANTAKU_TEST_PG`` to it, so that a plain ``make test`` proves the migrations
and the store on PostgreSQL as well; ``pytest_unconfigure`` stops it. It must be set before collection, since the
test modules read it at import. With pytest-xdist the controller configures first and its workers inherit the
variable, so only one server is started. ``JANTAKU_TEST_PG=`` (empty) runs SQLite only. Without PostgreSQL the
PostgreSQL cases are left out with a note; in CI (``JANTAKU_CI=1``) that is an error instead, as for the browser
tests: CI must not pass on SQLite alone.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import time

import pytest

from tests.pg_server import PostgresRequired, PostgresUnavailable, private_postgres, session_postgres

#: the long differential sweeps (marked ``slow``) may run for many minutes; every other test fails after this
#: many seconds instead of hanging CI (a server or browser test waiting for a message that never comes)
TEST_TIMEOUT = 600

#: the private PostgreSQL server of this session, if one was started
_servers = contextlib.ExitStack()
#: what ``pytest_report_header`` says about PostgreSQL
_pg_note: list[str] = []


def _start_postgres() -> str:
    """The URL of a private server for this session, stopped at ``pytest_unconfigure``."""
    if importlib.util.find_spec("psycopg") is None:
        raise PostgresUnavailable("psycopg is not installed (pip install -e '.[test]')")
    t0 = time.perf_counter()
    url = _servers.enter_context(private_postgres("jantaku-test-pg-")).url
    _pg_note.append(f"started in {time.perf_counter() - t0:.1f} s")
    return url


def pytest_configure(config: pytest.Config) -> None:
    try:
        _pg_note.insert(0, session_postgres(os.environ, _start_postgres))
    except PostgresRequired as exc:
        raise pytest.UsageError(str(exc)) from None


def pytest_unconfigure(config: pytest.Config) -> None:
    _servers.close()


def pytest_report_header(config: pytest.Config) -> str:
    return f"postgresql: {'; '.join(_pg_note)}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("slow") is None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT))
