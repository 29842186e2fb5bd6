"""Generate docs/rules.md from the rules reference (src/jantaku/rules/reference.py): every option with its
meaning, allowed values and `standard` value, the presets with their sources, and how each preset differs.

Run: .venv/bin/python tools/gen_rules_doc.py   (tests/rules/test_reference.py checks the file is current)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from jantaku.rules.reference import markdown  # noqa: E402

if __name__ == "__main__":
    path = ROOT / "docs" / "rules.md"
    path.write_text(markdown(), encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")
