"""The repository speaks for itself: its code and docs cite only what a reader of the repository can open.

- No file cites documents that live outside the repository (the rules matrix, the superpower catalogue and the
  design notes the project started from, or the source documents' files) or a tracker's issue numbers: the rules are
  docs/rules.md, the powers docs/superpowers.md, the structure docs/architecture.md. The one outside path allowed
  is the Tenhou corpus (``../shared/tenhou``): data the tests and ``make validate`` read, not documentation.
- Every relative link in README.md and docs/*.md points to a file that exists and, for ``#anchor`` links into a
  Markdown file, to a heading of that file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from jantaku.formats import convert

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = {".py", ".md", ".js", ".css", ".html", ".toml", ".txt", ".cfg", ".yml", ".yaml", ""}
TREES = [
    path
    for top in ("src", "tests", "bench", "docs", "tools")
    for path in (ROOT / top).rglob("*")
    if path.is_file()
    and path.suffix in SUFFIXES
    and "__pycache__" not in path.parts
    and not any(part.endswith(".egg-info") for part in path.parts)  # written by pip from the README
]
FILES = [*sorted(TREES), ROOT / "README.md", ROOT / "Makefile"]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Built from parts so that this file does not match itself.
OUTSIDE = re.compile(
    "|".join(
        [
            r"\b" + "RULES" + r"\.md",
            r"\b" + "SUPERPOWERS" + r"\.md",
            r"\b" + "DESIGN" + r"\.md",
            r"\.\./" + r"shared/(?!tenhou\b)",
            r"\b" + "seeds" + r"/0",
            r"\b[Ii]ssues? " + r"#?\d",
            r"\b[Ss]eed " + r"00\d",
        ]
    )
)
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {anchor(h) for h in re.findall(r"^#{1,6} (.+?)\s*$", text, re.M)}


def test_the_scan_sees_the_repository() -> None:
    names = {rel(p) for p in FILES}
    assert {"README.md", "Makefile", "docs/rules.md", "src/jantaku/rules/descriptions.py"} <= names
    assert "tests/test_docs.py" in names


@pytest.mark.parametrize("path", FILES, ids=rel)
def test_no_reference_outside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    hits = [f"{rel(path)}:{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)]
    assert hits == []


def test_the_pattern_catches_what_it_should() -> None:
    for line in ("see RULES" + ".md", "(issue " + "12)", "Seed " + "001's rule", ".." + "/shared/seeds" + "/000.txt"):
        assert OUTSIDE.search(line), line
    for line in ("docs/rules.md#tenpai", "../shared/tenhou", "seed 1", "an issue with it"):
        assert not OUTSIDE.search(line), line


def links() -> list[tuple[Path, str]]:
    out = []
    for doc in DOCS:
        text = re.sub(r"^```.*?^```", "", doc.read_text(encoding="utf-8"), flags=re.S | re.M)
        text = re.sub(r"`[^`\n]*`", "", text)
        out += [(doc, target) for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]
    return out


def test_the_docs_link_to_each_other() -> None:
    targets = {(rel(doc), target) for doc, target in links()}
    assert ("README.md", "docs/rules.md") in targets and ("README.md", "docs/architecture.md") in targets


def test_the_readme_links_every_document() -> None:
    """A reader finds every page from the README's list."""
    targets = {target.partition("#")[0] for doc, target in links() if rel(doc) == "README.md"}
    assert {rel(d) for d in DOCS[1:]} - targets == set()


def test_the_proxy_example_lets_a_replay_upload_through() -> None:
    """docs/operations.md's nginx site bounds request bodies at 64 KB; the replay viewer's uploads take a log of up
    to the converter's bound, so their location must allow that much."""
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    block = re.search(r"location = /api/replays \{(.*?)\}", text, re.S)
    assert block is not None
    size = re.search(r"client_max_body_size\s+(\d+)([km])", block.group(1))
    assert size is not None
    assert int(size.group(1)) * {"k": 1024, "m": 1024 * 1024}[size.group(2)] >= convert.MAX_BYTES


@pytest.mark.parametrize(("doc", "target"), links(), ids=lambda v: rel(v) if isinstance(v, Path) else v)
def test_relative_link_resolves(doc: Path, target: str) -> None:
    file_part, _, fragment = target.partition("#")
    path = (doc.parent / file_part).resolve() if file_part else doc
    assert path.exists(), f"{rel(doc)} links to {target}: no such file"
    if fragment and path.suffix == ".md":
        assert fragment in anchors(path), f"{rel(doc)} links to {target}: no such heading"


@pytest.mark.parametrize(
    ("heading", "expected"),
    [("Options: game shape", "options-game-shape"), ("Liability (pao)", "liability-pao"), ("kan_dora", "kan_dora")],
)
def test_anchor_follows_github(heading: str, expected: str) -> None:
    assert anchor(heading) == expected
