"""The browser client's files: served at the same URLs as ever, and all of them shipped in the wheel."""

from __future__ import annotations

import tomllib
from pathlib import Path, PurePosixPath

from fastapi.testclient import TestClient

from jantaku.server import Settings
from jantaku.server.app import create_app
from jantaku.web import STATIC_DIR

ROOT = Path(__file__).resolve().parents[2]
CLIENT_SUFFIXES = {".html", ".css", ".js", ".svg", ".woff2", ".txt"}  # .txt: the fonts' licence, beside them


def client_files() -> list[Path]:
    return sorted(p for p in STATIC_DIR.rglob("*") if p.suffix in CLIENT_SUFFIXES)


def test_the_wheel_ships_every_client_file() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["jantaku"]
    package = STATIC_DIR.parents[1]  # the jantaku package, where package-data patterns start
    for path in client_files():
        relative = PurePosixPath(path.relative_to(package).as_posix())
        assert any(relative.match(p) and len(relative.parts) == len(PurePosixPath(p).parts) for p in patterns), relative


def test_the_page_and_its_modules_are_served(tmp_path: Path) -> None:
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'jantaku.db'}", data_dir=tmp_path))
    with TestClient(app) as client:
        page = client.get("/")
        assert page.status_code == 200 and '<script type="module" src="/static/js/app.js">' in page.text
        for path in client_files():
            url = "/static/" + path.relative_to(STATIC_DIR).as_posix()
            assert client.get(url).status_code == 200, url


def test_only_the_client_files_are_published(tmp_path: Path) -> None:
    """The package's Python, docs and caches beside the client are not served, and the served folder holds only
    client files."""
    assert [p.name for p in STATIC_DIR.rglob("*") if p.is_file() and p.suffix not in CLIENT_SUFFIXES] == []
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'jantaku.db'}", data_dir=tmp_path))
    with TestClient(app) as client:
        for url in ("/static/catalogue.py", "/static/__init__.py", "/static/README.md", "/static/../catalogue.py"):
            assert client.get(url).status_code == 404, url
