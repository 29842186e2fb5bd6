"""A plain install gives a working ``jantaku`` command, server included: the command line and the server's
libraries are ordinary dependencies, not an extra that must be named."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_runtime_dependencies_cover_the_command_and_the_server() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {d.split(">")[0].split("[")[0].split("=")[0].strip().lower() for d in project["dependencies"]}
    assert {"typer", "rich", "fastapi", "uvicorn", "sqlalchemy", "alembic"} <= names
    assert project["scripts"]["jantaku"] == "jantaku.cli:main"


def test_serve_is_a_command() -> None:
    out = subprocess.run([sys.executable, "-m", "jantaku", "serve", "--help"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    for flag in ("--host", "--port", "--db", "--data-dir"):
        assert flag in out.stdout


def test_a_bad_environment_value_is_one_line() -> None:
    env = {"JANTAKU_PORT": "eighty", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-m", "jantaku", "serve"], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 2
    assert "JANTAKU_PORT must be a number" in out.stderr and "Traceback" not in out.stderr
