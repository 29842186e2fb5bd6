"""The ``jantaku`` command line (Typer + Rich).

Only this package imports typer and rich; the core library stays standard-library only. ``main`` imports the
Typer app lazily so that ``jantaku.cli.requests`` and ``jantaku.cli.batch`` can be used without loading the UI.

Layout: ``requests`` turns user input (flags or JSON fields) into library calls, ``batch`` is the JSON-lines
scorer, ``analysis`` computes what ``shanten`` shows, ``render`` draws the Rich sheets and tables, ``simulate``
runs and reports CPU self-play, ``tenhou_check`` replays Tenhou records, and ``app`` holds the commands.
"""

from __future__ import annotations


def main() -> None:
    """Entry point of the ``jantaku`` script and of ``python -m jantaku``."""
    from jantaku.cli.app import app

    app()


__all__ = ["main"]
