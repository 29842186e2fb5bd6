"""A throwaway PostgreSQL server and scratch schemas on it, for the tests and the benches.

The PostgreSQL variants of the database tests (``JANTAKU_TEST_PG``) and ``bench/bench_profiles.py`` need a server
nobody else uses. ``private_postgres`` makes one with PostgreSQL's own ``initdb`` and ``pg_ctl`` in a temporary
folder, listening only on a Unix socket there (no TCP port that another program could reach or take), without
fsync (the data is thrown away), and removes it afterwards. As root it runs as the ``postgres`` user, since
PostgreSQL refuses to run as root. ``scratch_schema`` gives each test (or bench run) a fresh schema on a server and
drops it, so runs never see each other's tables.

One module for both, kept free of the test helpers' imports (FastAPI and the app), so the bench imports it as
``tests.pg_server`` with the checkout on ``sys.path``.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import dataclass
from pathlib import Path


class PostgresUnavailable(Exception):
    """No private server: PostgreSQL is not installed, or it would not start (the message says which)."""


class PostgresRequired(Exception):
    """CI (``JANTAKU_CI=1``) would run the database tests on SQLite only: an error, not a quiet skip."""


@dataclass(frozen=True)
class PrivatePostgres:
    #: a SQLAlchemy URL of the ``postgres`` database as the ``postgres`` superuser, over the Unix socket
    url: str
    #: the postmaster's process id (its backends are its children; the bench counts their CPU as its own)
    pid: int | None


def pg_bin(name: str) -> str | None:
    """PostgreSQL's program ``name`` on ``PATH``, in ``/usr/local/bin`` or in Debian's ``/usr/lib/postgresql/*/bin``
    (the newest version first): Debian's package does not put ``initdb`` on ``PATH``."""
    found = shutil.which(name)
    if found:
        return found
    for folder in (Path("/usr/local/bin"), *sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)):
        if (folder / name).exists():
            return str(folder / name)
    return None


def _free_port() -> int:
    """A port number for the socket file's name (``.s.PGSQL.<port>``); nothing listens on TCP."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def private_postgres(prefix: str = "jantaku-pg-") -> Iterator[PrivatePostgres]:
    """A throwaway PostgreSQL server on a Unix socket in a temporary folder, stopped and removed at the end.

    Raises ``PostgresUnavailable`` when ``initdb`` or ``pg_ctl`` is missing or the server does not start."""
    initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise PostgresUnavailable("initdb and pg_ctl are not installed (Debian: apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    data = folder / "data"
    run_as: list[str] = []
    # quiet commands, yet their output is kept for the reason when one fails
    run = {"check": True, "stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    try:
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            user = pwd.getpwnam("postgres")
            os.chown(folder, user.pw_uid, user.pw_gid)
            run_as = ["runuser", "-u", "postgres", "--"]
        port = _free_port()
        opts = (
            f"-c listen_addresses='' -c unix_socket_directories='{folder}' -p {port}"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        # --no-sync: initdb's own fsync of the new cluster is most of its time, and the cluster is thrown away
        subprocess.run([*run_as, initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync"], **run)  # type: ignore[call-overload]
        subprocess.run([*run_as, pg_ctl, "-D", str(data), "-o", opts, "-w", "-l", str(folder / "log"), "start"], **run)  # type: ignore[call-overload]
    except subprocess.CalledProcessError as exc:
        shutil.rmtree(folder, ignore_errors=True)
        raise PostgresUnavailable(f"PostgreSQL did not start: {' '.join(exc.cmd)}:\n{exc.stdout}") from None
    except (OSError, KeyError) as exc:  # no runuser, no postgres user
        shutil.rmtree(folder, ignore_errors=True)
        raise PostgresUnavailable(f"PostgreSQL did not start: {exc}") from None
    pid: int | None = None
    with contextlib.suppress(OSError, ValueError, IndexError):
        pid = int((data / "postmaster.pid").read_text().split()[0])
    try:
        yield PrivatePostgres(f"postgresql+psycopg://postgres@/postgres?host={folder}&port={port}", pid)
    finally:
        with contextlib.suppress(subprocess.CalledProcessError, OSError):
            subprocess.run([*run_as, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], **run)  # type: ignore[call-overload]
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def scratch_schema(base_url: str, prefix: str = "jantaku_test") -> Iterator[str]:
    """A fresh schema on the PostgreSQL server of ``base_url`` for one test (or one bench run), dropped afterwards:
    the URL whose connections use it (``search_path``)."""
    from sqlalchemy import create_engine, make_url, text

    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base_url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base_url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def session_postgres(environ: MutableMapping[str, str], start: Callable[[], str]) -> str:
    """Decide the PostgreSQL server of a test session and point ``environ["JANTAKU_TEST_PG"]`` at it; a note for
    the report header.

    A URL already there is used as it is (a server of one's own; also how pytest-xdist's workers inherit the
    controller's). An empty one means SQLite only, by choice. Otherwise ``start`` starts a private server and returns
    its URL. When that raises ``PostgresUnavailable`` the session runs SQLite only, except in CI, where
    ``PostgresRequired`` says why: a CI run must prove PostgreSQL too."""
    given = environ.get("JANTAKU_TEST_PG")
    ci = environ.get("JANTAKU_CI") == "1"
    if given:
        return "JANTAKU_TEST_PG"
    if given is not None:
        if ci:
            raise PostgresRequired("JANTAKU_TEST_PG is empty (JANTAKU_CI=1: the PostgreSQL tests must run)")
        return "none (JANTAKU_TEST_PG is empty): SQLite only"
    try:
        environ["JANTAKU_TEST_PG"] = start()
    except PostgresUnavailable as exc:
        if ci:
            raise PostgresRequired(f"{exc} (JANTAKU_CI=1: the PostgreSQL tests must run)") from None
        return f"none ({exc}): SQLite only"
    return "a private server"
