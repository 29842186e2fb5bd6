"""Generate docs/rules.md from the rules in words (src/jantaku/rules/descriptions.py): the sources, the presets,
the terms and shared rules, and every option with its meaning, allowed values, preset values, source and reason.

Run: .venv/bin/python tools/gen_rules_doc.py   (tests/rules/test_descriptions.py checks the file is current)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from jantaku.rules.descriptions import markdown  # noqa: E402

if __name__ == "__main__":
    path = ROOT / "docs" / "rules.md"
    path.write_text(markdown(), encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")
