"""The table server: rooms by Room ID, CPU seats, ready/start, auto-matching, timers, reconnection,
spectators, and every game kept in a database.

The server never builds a message from the game state itself: each player gets ``Game.view(seat)`` and the events
redacted for its seat (``jantaku.engine.redact``); spectators get the public view. One asyncio task per running
game (``GameRunner``) owns the engine; every decision is written to the database as it is played, so a restarted
server rebuilds each running game by replaying its rules, seed and decisions.

``create_app(settings)`` builds the FastAPI application; ``jantaku serve`` runs it under uvicorn.
"""

from jantaku.server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from jantaku.server.app import create_app

        return create_app
    raise AttributeError(name)
