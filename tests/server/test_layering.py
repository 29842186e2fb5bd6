"""The server's modules import in one direction: each imports only modules of the layers below its own.

Notifications upward (a game ended, a room changed) go through an interface the lower module declares
(``runner.GameRoom``, ``rooms.RoomListener``), never through an import of the upper one, so a circle of imports,
even one only for type checking, fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import jantaku.server

SERVER = Path(jantaku.server.__file__).parent
PACKAGE = "jantaku.server"

#: top to bottom; a module may import the modules of any layer below its own, and none of its own layer
LAYERS: list[set[str]] = [
    {"__init__"},  # the package: ``create_app`` on demand
    {"app", "transport"},  # the FastAPI application; the sockets below it (how uvicorn runs)
    {"handlers", "upkeep", "account_api", "profiles"},  # each client message's handler; restarts and the idle sweep;
    # the account and profile endpoints
    {"replays", "reviews"},  # the replay viewer's timelines of finished games and uploads, its page; the reviews
    {"sources"},  # the finished games a replay or a review reads: stored ones, uploaded files
    {"lobby"},  # people, rooms by Room ID, the start of games
    {"matching"},  # the auto-matching queues
    {"rooms"},  # a room's seats, settings and spectators
    {"runner"},  # one running game
    {"store", "connection"},  # the database; a websocket and the person behind it
    {"guard"},  # what one client address may cost: budgets, caps, allowed origins
    {"accounts", "ratings"},  # account names, passwords, session tokens, login limits; skill ratings
    {"config", "ids", "protocol", "names", "credentials"},  # settings, Room IDs and tokens, the messages, nicknames,
    # what a request presents to say who it is
]


def layer_of(module: str) -> int:
    return next(i for i, names in enumerate(LAYERS) if module in names)


def server_imports(path: Path) -> set[str]:
    """Every server module ``path`` imports, anywhere in it (functions and ``TYPE_CHECKING`` blocks included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if name.startswith(PACKAGE + ".") and len(parts) >= 3:
                found.add(parts[2])
    return {name for name in found if (SERVER / f"{name}.py").exists()}


def test_every_server_module_has_a_layer() -> None:
    modules = {p.stem for p in SERVER.glob("*.py")}
    placed = set().union(*LAYERS)
    assert modules == placed


def test_server_modules_import_only_the_layers_below() -> None:
    wrong = []
    for path in sorted(SERVER.glob("*.py")):
        mine = layer_of(path.stem)
        for imported in sorted(server_imports(path)):
            if layer_of(imported) <= mine:
                wrong.append(f"{path.stem} (layer {mine}) imports {imported} (layer {layer_of(imported)})")
    assert wrong == []


def test_the_import_reader_sees_type_checking_and_local_imports(tmp_path: Path) -> None:
    """The check above would pass vacuously if ``server_imports`` missed an import form: each is seen here."""
    source = tmp_path / "sample.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import jantaku.server.rooms\n"
        "from jantaku.server import lobby\n"
        "if TYPE_CHECKING:\n"
        "    from jantaku.server.runner import GameRunner\n"
        "def f() -> None:\n"
        "    from jantaku.server.upkeep import restore\n"
    )
    assert server_imports(source) == {"rooms", "lobby", "runner", "upkeep"}
