"""The browser client's modules (src/jantaku/web/README.md): every imported name exists, nothing imports the entry
point, there are no import cycles, and the state's fields are the ones store.js declares."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from jantaku.web import STATIC_DIR

JS = STATIC_DIR / "js"
IMPORT = re.compile(r'import\s+(?:\{([^}]*)\}|\*\s+as\s+\w+)\s+from\s+"([^"]+)"', re.S)
EXPORT = re.compile(r"export\s+(?:async\s+)?(?:function|const|let|class)\s+(\w+)")


def modules() -> dict[str, str]:
    return {path.relative_to(JS).as_posix(): path.read_text() for path in sorted(JS.rglob("*.js"))}


def imports(name: str, text: str) -> list[tuple[str, list[str]]]:
    """(module imported, names imported) of one module, paths relative to js/."""
    out = []
    for names, target in IMPORT.findall(text):
        resolved = PurePosixPath(name).parent / target
        parts: list[str] = []
        for part in resolved.parts:
            if part == "..":
                parts.pop()
            elif part != ".":
                parts.append(part)
        out.append(("/".join(parts), [n.strip() for n in names.split(",") if n.strip()]))
    return out


def test_every_imported_name_is_exported_and_nothing_imports_the_entry_point() -> None:
    found = modules()
    exported = {name: set(EXPORT.findall(text)) for name, text in found.items()}
    for name, text in found.items():
        for target, names in imports(name, text):
            assert target in found, f"{name} imports a missing module {target}"
            assert target != "app.js", f"{name} imports the entry point"
            assert set(names) <= exported[target], f"{name} imports {set(names) - exported[target]} from {target}"


def test_no_import_cycles() -> None:
    found = modules()
    graph = {name: [target for target, _ in imports(name, text)] for name, text in found.items()}

    def visit(name: str, path: tuple[str, ...]) -> None:
        for target in graph[name]:
            assert target not in path, "import cycle: " + " → ".join((*path, target))
            visit(target, (*path, target))

    for name in graph:
        visit(name, (name,))


def test_modules_use_only_the_fields_the_store_declares() -> None:
    found = modules()
    store = found["store.js"]
    body = store[store.index("export const state = Object.seal({") : store.index("\n});")]
    declared = set(re.findall(r"^  (\w+):", body, re.M))
    assert {"room", "update", "answered", "options"} <= declared
    used = {field for text in found.values() for field in re.findall(r"\bstate\.(\w+)", text)}
    assert used <= declared, f"fields the store does not declare: {used - declared}"
