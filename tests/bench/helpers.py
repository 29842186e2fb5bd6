"""Loading a bench script in a test: the bench folder holds scripts, not a package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_bench(script: str) -> ModuleType:
    """``bench/<script>`` as a module named after it (registered, so its dataclasses resolve their module)."""
    name = f"bench_{Path(script).stem}"
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
