"""The code's shape: no module reaches into another module's private names.

A name that starts with one underscore belongs to the module that defines it. Another module that needs it should
find it public and named for what it does (docs/architecture.md). This test reads every module under
``src/jantaku`` and every test under ``tests`` with ``ast`` and fails on:

- ``from jantaku.x import _y`` (a private name imported from another module), in the source or in a test;
- ``something._name`` where ``_name`` is a private name of some jantaku module and is not defined in the same file
  (an attribute or method of another module's object); ``self._x``/``cls._x`` and privates the file itself defines
  are the file's own business. (A library's own internals, which only tests touch, are the library's business.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "src" / "jantaku").rglob("*.py"))
TESTS = sorted(p for p in (ROOT / "tests").rglob("*.py") if p.name != Path(__file__).name)

#: private-looking names that are public API of the standard library (named tuples)
PUBLIC_UNDERSCORE = frozenset({"_asdict", "_replace", "_fields", "_make", "_field_defaults"})


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_privates(tree: ast.AST) -> set[str]:
    """Private names a file defines: functions, classes, assignments, attributes it sets, parameters."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias) and node.asname:
            names.add(node.asname)
    return {n for n in names if _is_private(n)}


def _parse(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


#: every private name some module of the package defines
PACKAGE_PRIVATES = frozenset().union(*(defined_privates(_parse(p)) for p in SOURCES))


def reaches(path: Path, package_privates: frozenset[str] = PACKAGE_PRIVATES) -> list[str]:
    """Each place ``path`` uses another module's private name, as ``file:line: what``."""
    tree = _parse(path)
    own = defined_privates(tree)
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("jantaku", "tests"):
            found += [
                f"{rel}:{node.lineno}: from {node.module} import {a.name}" for a in node.names if _is_private(a.name)
            ]
        elif isinstance(node, ast.Attribute) and _is_private(node.attr) and node.attr not in PUBLIC_UNDERSCORE:
            base = node.value
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                continue
            if node.attr in own or node.attr not in package_privates:
                continue
            found.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT / "src")))
def test_source_module_keeps_to_public_names(path: Path) -> None:
    assert reaches(path) == []


@pytest.mark.parametrize("path", TESTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_test_uses_only_public_names(path: Path) -> None:
    assert reaches(path) == []


def test_the_check_catches_a_reach(tmp_path: Path) -> None:
    """The checker itself: an import of a private name and a call of another object's private method are found,
    a file's own private names and a library's are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from jantaku.hand.shanten import _table\n\n"
        "def f(game, ws):\n    game._deal()\n    ws._library_internal()\n    return _own(_table)\n\n"
        "def _own(x):\n    return x\n"
    )
    found = [line.split(": ", 1)[1] for line in reaches(sample, frozenset({"_table", "_deal", "_own"}))]
    assert found == ["from jantaku.hand.shanten import _table", "game._deal"]
