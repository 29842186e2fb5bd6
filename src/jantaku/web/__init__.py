"""The browser client: plain ES modules, CSS and SVG served as files (no build step), and the shared texts the
client reads from the server (``jantaku.web.catalogue``). How the client is built is ``src/jantaku/web/README.md``.

The table server mounts ``STATIC_DIR`` at ``/static`` and serves its ``index.html`` at ``/``. The client's files
have a folder of their own, apart from this package's Python code, so that the server publishes only them.
"""

from __future__ import annotations

from pathlib import Path

#: the folder of the client's files (index.html, style.css, js/): shipped in the wheel as package data
STATIC_DIR: Path = Path(__file__).parent / "static"

__all__ = ["STATIC_DIR"]
