"""The engine, the hand calculator, the scorers, the rules and the CPU players import nothing outside the standard
library (fast import, easy to embed): each is imported in a fresh interpreter and every module it loaded must be
either ours or the standard library's."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

CORE = [
    "jantaku.tiles",
    "jantaku.hand",
    "jantaku.rules",
    "jantaku.rules.descriptions",
    "jantaku.scoring.riichi",
    "jantaku.scoring.zungjung",
    "jantaku.engine",
    "jantaku.engine.gamelog",
    "jantaku.bots",
    "jantaku.sim",
    "jantaku.formats",
    "jantaku.formats.convert",
    "jantaku.bots.appraise",
    "jantaku.review.walk",
    "jantaku.review.timeline",
    "jantaku.review.reviewer",
    "jantaku.review.report",
    "jantaku.review.outside",
]

PROBE = """
import json, sys
before = set(sys.modules)
import {module}
loaded = sorted(set(sys.modules) - before)
print(json.dumps(loaded))
"""


@pytest.mark.parametrize("module", CORE)
def test_core_imports_only_the_standard_library(module: str) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(module=module)], capture_output=True, text=True, check=True
    )
    loaded = json.loads(out.stdout)
    stdlib = sys.stdlib_module_names
    # multiprocessing registers "__mp_main__", an alias of the main module
    foreign = [m for m in loaded if m.split(".")[0] not in stdlib and m.split(".")[0] != "jantaku" and m[:2] != "__"]
    assert not foreign, f"{module} imports {foreign}"
    assert module in loaded


def test_the_probe_notices_a_foreign_import() -> None:
    """The check itself can fail: the server package does load third-party modules."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(module="jantaku.server.app")], capture_output=True, text=True, check=True
    )
    loaded = json.loads(out.stdout)
    assert any(m.split(".")[0] in ("fastapi", "sqlalchemy") for m in loaded)
