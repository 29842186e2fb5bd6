"""The schema's history as Alembic migrations, shipped inside the package so an installed server upgrades its own
database at start (``jantaku.server.store.Store``); no ``alembic.ini`` is needed (``config`` builds the settings).

A schema change is a model change in ``store.py`` plus a revision here, drafted by Alembic's autogenerate against a
database at the previous head (docs/operations.md); tests/server/test_migrations.py fails while the models and the
revisions disagree.
"""

from __future__ import annotations

from pathlib import Path

from alembic.config import Config
from sqlalchemy.engine import Connection

#: the revision that creates the schema the server had before migrations (``create_all``)
BASELINE = "0001"


def config(connection: Connection | None = None) -> Config:
    """Alembic's settings, made in code: the scripts next to this file, and the connection to migrate (``env.py``
    uses it rather than opening its own, so the migration runs in the caller's transaction)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).resolve().parent))
    cfg.attributes["connection"] = connection
    return cfg
