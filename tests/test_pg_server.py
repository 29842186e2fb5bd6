"""Which PostgreSQL server a test session uses (``tests.pg_server.session_postgres``, called by tests/conftest.py).

A plain run starts a private server so that the database tests cover PostgreSQL; a URL given by hand wins; an empty
one asks for SQLite only; without PostgreSQL a run falls back to SQLite, except in CI, which must fail instead of
passing on SQLite alone. One row per case; ``start`` is a stand-in that either returns a URL or reports PostgreSQL
missing, so no server is started here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests import pg_server
from tests.pg_server import PostgresRequired, PostgresUnavailable, session_postgres

PRIVATE = "postgresql+psycopg://postgres@/postgres?host=/tmp/x&port=5"
GIVEN = "postgresql+psycopg://me@db/jantaku"


def starts() -> str:
    return PRIVATE


def missing() -> str:
    raise PostgresUnavailable("initdb and pg_ctl are not installed")


def refuses() -> str:
    raise AssertionError("no private server may be started in this case")


#: (environment before, start, JANTAKU_TEST_PG after: None when unset; CI error expected)
CASES = {
    "unset-starts-a-private-server": ({}, starts, PRIVATE, False),
    "unset-in-ci-starts-a-private-server": ({"JANTAKU_CI": "1"}, starts, PRIVATE, False),
    "a-given-url-is-used-as-it-is": ({"JANTAKU_TEST_PG": GIVEN}, refuses, GIVEN, False),
    "a-given-url-in-ci-is-used-as-it-is": ({"JANTAKU_TEST_PG": GIVEN, "JANTAKU_CI": "1"}, refuses, GIVEN, False),
    "empty-means-sqlite-only": ({"JANTAKU_TEST_PG": ""}, refuses, "", False),
    "empty-in-ci-is-an-error": ({"JANTAKU_TEST_PG": "", "JANTAKU_CI": "1"}, refuses, "", True),
    "no-postgresql-falls-back-to-sqlite": ({}, missing, None, False),
    "no-postgresql-in-ci-is-an-error": ({"JANTAKU_CI": "1"}, missing, None, True),
}


@pytest.mark.parametrize(("environ", "start", "after", "error"), CASES.values(), ids=CASES.keys())
def test_the_session_server(environ: dict[str, str], start: Callable[[], str], after: str | None, error: bool) -> None:
    env = dict(environ)
    if error:
        with pytest.raises(PostgresRequired, match="JANTAKU_CI=1"):
            session_postgres(env, start)
    else:
        assert session_postgres(env, start)
    assert env.get("JANTAKU_TEST_PG") == after


def test_a_missing_initdb_is_reported_not_crashed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pg_server, "pg_bin", lambda name: None)
    with pytest.raises(PostgresUnavailable, match="initdb"), pg_server.private_postgres():
        pass
