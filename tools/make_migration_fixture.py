"""Write tests/server/fixtures/pre_alembic.db: a SQLite database as the table server wrote it before its schema was
managed by migrations (``Base.metadata.create_all``). tests/server/test_migrations.py opens it with today's server
and checks that every record, the waiting room and the running game survive the upgrade.

Run it in a checkout of the commit it names (the fixture must be written by the old code, not by today's), copying
this script there first:

    git worktree add /tmp/old cddd3dd && cp tools/make_migration_fixture.py /tmp/old/tools/ && cd /tmp/old && \
        PYTHONPATH=src python tools/make_migration_fixture.py <repo>/tests/server/fixtures/pre_alembic.db

Beside the database it writes the tokens of Ann and Bo (``pre_alembic.tokens.json``), with which the test returns
to the waiting room and the running game.

The fixture in the repository was written at commit cddd3dd (the last commit before migrations). It holds three
finished games (4-player riichi, 3-player sanma, Zung Jung), each played by a person and CPUs; a waiting room
(Ann's, with a CPU seated); and a running game (Bo's, stopped at his first prompt).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.helpers import play_to_end, send_ok, table

GAMES = [
    ("Cy", {"preset": "standard", "options": {"length": "east", "extension": "none"}}),
    ("Di", {"preset": "sanma", "options": {"length": "east", "extension": "none"}}),
    ("Ed", {"preset": "zung-jung", "options": {"zj_hands": 4}}),
]


def main(out: Path) -> None:
    tmp = Path(tempfile.mkdtemp())
    with table(tmp) as (_client, connect):
        for name, settings in GAMES:
            p = connect(name)
            p.send({"type": "play_now", "settings": settings})
            over = play_to_end([p])
            assert over["type"] == "game_over"
        ann = connect("Ann")
        send_ok(ann, {"type": "create_room", "settings": {**GAMES[0][1], "public": True}})
        send_ok(ann, {"type": "add_cpu", "level": "strong", "seat": 3})
        bo = connect("Bo")
        bo.send({"type": "play_now", "settings": GAMES[0][1]})
        bo.prompt()
        tokens = {"Ann": ann.token, "Bo": bo.token}
    db = sqlite3.connect(tmp / "jantaku.db")
    db.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
    db.execute("VACUUM")
    db.close()
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(tmp / "jantaku.db", out)
    out.with_suffix(".tokens.json").write_text(json.dumps(tokens, indent=1) + "\n")
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
