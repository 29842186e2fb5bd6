"""A restart brings back every running game it can: a stored game whose runner cannot be built is left stored
(and logged) while the others resume and the server starts (``upkeep.restore_running``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from jantaku.server import upkeep
from jantaku.server.runner import GameRunner
from tests.server.helpers import EAST, server, table


def test_a_game_whose_runner_cannot_be_built_does_not_stop_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = []
    with table(tmp_path) as (_client, connect):
        for name in ("Ann", "Bob"):  # two games left running at the restart, each waiting for its person
            person = connect(name)
            person.send({"type": "play_now", "settings": EAST})
            ids.append(person.prompt()["game_id"])
    broken, kept = ids

    def runner(*args: Any, **kwargs: Any) -> GameRunner:
        if broken in args:
            raise RuntimeError("this game's runner cannot be built")
        return GameRunner(*args, **kwargs)

    monkeypatch.setattr(upkeep, "GameRunner", runner)
    with server(tmp_path) as client:
        assert client.get("/api/health").json()["games"] == 1
        assert client.get(f"/api/games/{kept}").status_code == 409  # resumed: still running
        assert client.get(f"/api/games/{broken}").status_code == 409  # left stored as it was
