"""The schema is managed by Alembic migrations (``jantaku.server.migrations``), applied when the server starts.

A database written before migrations (tests/server/fixtures/pre_alembic.db, written by tools/make_migration_fixture.py
from the commit it names) is upgraded in place: every finished record is still served and replays to its stored
result, the waiting room is offered again once its creator is back, and the running game resumes. The models and
the revisions agree (a model change without a revision fails here), and a fresh database gets the same schema.
The schema checks run on PostgreSQL too when ``JANTAKU_TEST_PG`` holds a SQLAlchemy URL (each test gets a fresh
schema on it, as in tests/server/test_persistence.py)."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect, make_url, text

from jantaku.engine.game import Game
from jantaku.server import migrations
from jantaku.server.store import Base, Store
from tests.server.helpers import table

PG_URL = os.environ.get("JANTAKU_TEST_PG")
FIXTURES = Path(__file__).parent / "fixtures"
OLD = FIXTURES / "pre_alembic.db"
TOKENS: dict[str, str] = json.loads((FIXTURES / "pre_alembic.tokens.json").read_text())

#: the finished games in the fixture: (preset, players, the person who played it with CPUs)
FINISHED = [
    ("standard", 4, "Cy"),
    ("sanma", 3, "Di"),
    ("zung-jung", 4, "Ed"),
]


@pytest.fixture(params=["sqlite", "postgresql"] if PG_URL else ["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a SQLite file, or a fresh schema on the PostgreSQL server of ``JANTAKU_TEST_PG``."""
    if request.param == "sqlite" or PG_URL is None:
        yield f"sqlite:///{tmp_path / 'jantaku.db'}"
        return
    schema = f"jantaku_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(PG_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def agrees(store: Store) -> bool:
    """Alembic's autogenerate finds nothing to change between the database and the models (``alembic check``)."""
    with store.engine.connect() as conn:
        return compare_metadata(MigrationContext.configure(conn), Base.metadata) == []


def revision(store: Store) -> str | None:
    with store.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def old_database(tmp: Path) -> Path:
    """A copy of the fixture where ``tests.server.helpers.settings`` looks for the database."""
    db = tmp / "jantaku.db"
    shutil.copyfile(OLD, db)
    return db


def schema(url: str) -> dict[str, Any]:
    """The tables, their columns (name, type, nullable), primary keys and indexes, as the database reports them."""
    store = Store(url)
    try:
        insp = inspect(store.engine)
        return {
            t: (
                [(c["name"], str(c["type"]), c["nullable"]) for c in insp.get_columns(t)],
                insp.get_pk_constraint(t)["constrained_columns"],
                sorted((i["name"], tuple(i["column_names"])) for i in insp.get_indexes(t)),
            )
            for t in sorted(insp.get_table_names())
        }
    finally:
        store.close()


def test_the_fixture_predates_migrations() -> None:
    """Guards the fixture itself: it has the old tables and no ``alembic_version``."""
    with sqlite3.connect(OLD) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "alembic_version" not in tables and {"games", "decisions", "game_players", "waiting_rooms"} <= tables


def test_opening_an_old_database_stamps_and_upgrades_it(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{old_database(tmp_path)}")
    try:
        assert revision(store) is not None and agrees(store)
    finally:
        store.close()


def test_a_database_made_before_migrations_is_stamped_then_upgraded(db_url: str) -> None:
    """How servers before migrations made their tables, on either database: the tables are kept as they are (a
    row in them survives) and marked as the baseline before the upgrade."""
    engine = create_engine(db_url)
    with engine.begin() as conn:  # the baseline's tables, as ``create_all`` made them, and no version table
        command.upgrade(migrations.config(conn), migrations.BASELINE)
        conn.execute(text("DROP TABLE alembic_version"))
        conn.execute(text("INSERT INTO meta (key, value) VALUES ('kept', 'yes')"))
    engine.dispose()
    store = Store(db_url)
    try:
        assert revision(store) is not None and agrees(store)
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT value FROM meta WHERE key = 'kept'")).scalar() == "yes"
    finally:
        store.close()


@pytest.mark.parametrize(("preset", "players", "person"), FINISHED, ids=[p for p, _, _ in FINISHED])
def test_every_finished_record_is_served_and_replays_to_its_result(
    tmp_path: Path, preset: str, players: int, person: str
) -> None:
    old_database(tmp_path)
    with table(tmp_path) as (client, _connect):
        games = client.get("/api/games", params={"limit": 500}).json()["games"]
        listed = [g for g in games if any(s["nickname"] == person for s in g["seats"])]  # (no player ids then)
        assert [g["preset"] for g in listed] == [preset]
        game_id = listed[0]["id"]
        record = client.get(f"/api/games/{game_id}").json()
        assert record["status"] == "finished" and len(record["seats"]) == players
        text = client.get(f"/api/games/{game_id}/log").text
        replayed = Game.replay(text)
        assert replayed.final is not None
        again = replayed.final.to_json()
        stored = record["final"]
        shared = set(again) & set(stored)
        assert {"scores", "places"} <= shared
        assert {k: again[k] for k in shared} == {k: stored[k] for k in shared}


def test_the_waiting_room_is_offered_again(tmp_path: Path) -> None:
    old_database(tmp_path)
    with table(tmp_path) as (client, connect):
        ann = connect(token=TOKENS["Ann"])
        assert ann.seen[-1]["resumed"] is True
        room = ann.room()["room"]
        assert room["phase"] == "waiting" and room["seats"][3]["kind"] == "cpu"
        assert room["room_id"] in [r["room_id"] for r in client.get("/api/rooms").json()["rooms"]]


def test_the_running_game_resumes(tmp_path: Path) -> None:
    old_database(tmp_path)
    with table(tmp_path) as (client, connect):
        assert client.get("/api/health").json()["games"] == 1
        bo = connect(token=TOKENS["Bo"])
        assert bo.seen[-1]["resumed"] is True
        assert bo.prompt()["view"]["legal_actions"]


def test_the_models_and_the_migrations_agree(db_url: str) -> None:
    """``alembic check``: a fresh database upgraded to head has exactly the models' schema, so a model change
    without its revision fails here. Opening it again changes nothing."""
    for _ in range(2):
        store = Store(db_url)
        try:
            assert agrees(store)
        finally:
            store.close()


def test_a_fresh_database_gets_the_same_schema_as_an_upgraded_one(tmp_path: Path) -> None:
    fresh = schema(f"sqlite:///{tmp_path / 'fresh.db'}")
    upgraded = schema(f"sqlite:///{old_database(tmp_path)}")
    assert fresh == upgraded
    assert "alembic_version" in fresh


def test_the_scripts_ship_inside_the_package() -> None:
    """An installed server finds its migrations without an alembic.ini: the script location is the package's."""
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(migrations.config())
    assert scripts.get_base() == migrations.BASELINE
    assert Path(scripts.dir).is_relative_to(Path(migrations.__file__).parent)
