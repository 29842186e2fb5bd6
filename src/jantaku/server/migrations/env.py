"""Alembic's entry point: migrates the connection ``config`` was given (online only: the server always has its
database at hand). SQLite changes tables through batch mode (copy and rename), as it cannot alter columns."""

from __future__ import annotations

from alembic import context

from jantaku.server.store import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("jantaku's migrations run on a connection given by jantaku.server.migrations.config")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
