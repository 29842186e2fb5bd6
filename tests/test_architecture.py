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
#: the top-level packages whose private names this test guards
OURS = ("jantaku", "tests")


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _on_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


def defined_privates(tree: ast.AST) -> set[str]:
    """Private names a file defines: functions, classes, assignments, parameters and the attributes it sets on
    ``self``/``cls`` (setting ``other._x`` does not make ``_x`` this file's: that is the reach this test is for)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _on_self(node.value):
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
        if isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").split(".")[0] in OURS):
            where = "." * node.level + (node.module or "")
            found += [f"{rel}:{node.lineno}: from {where} import {a.name}" for a in node.names if _is_private(a.name)]
        elif isinstance(node, ast.Attribute) and _is_private(node.attr) and node.attr not in PUBLIC_UNDERSCORE:
            if _on_self(node.value) or node.attr in own or node.attr not in package_privates:
                continue
            found.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and _is_private(node.args[1].value)
            and not _on_self(node.args[0])
            and node.args[1].value not in own
        ):
            found.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT / "src")))
def test_source_module_keeps_to_public_names(path: Path) -> None:
    assert reaches(path) == []


@pytest.mark.parametrize("path", TESTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_test_uses_only_public_names(path: Path) -> None:
    assert reaches(path) == []


def test_the_check_catches_a_reach(tmp_path: Path) -> None:
    """The checker itself: private names imported (absolutely or relatively), another object's private method
    called or field set, and ``getattr`` by a private name are found; a file's own private names, its own
    ``self._x`` and a library's internals are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from jantaku.hand.shanten import _table\n"
        "from .views import _hidden\n\n"
        "class C:\n    def __init__(self):\n        self._mine = 1\n\n"
        "def f(game, ws):\n"
        "    game._deal()\n"
        "    game._legal = {}\n"
        "    getattr(game, '_records')\n"
        "    ws._library_internal()\n"
        "    return _own(_table), C()._mine\n\n"
        "def _own(x):\n    return x\n"
    )
    privates = frozenset({"_table", "_deal", "_own", "_legal", "_records", "_mine"})
    found = sorted(line.split(": ", 1)[1] for line in reaches(sample, privates))
    assert found == sorted(
        [
            "from jantaku.hand.shanten import _table",
            "from .views import _hidden",
            "game._deal",
            "game._legal",
            "getattr(game, '_records')",
        ]
    )
