"""The strength bench cannot rot: ``bench/strength.py`` installs a baseline copy of the package under another name
and plays it against today's ``strong`` in one process. Here the baseline is today's own source: the copy imports
nothing of the original package, and a game between the two is the game between today's CPUs, seat for seat."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.bench.helpers import ROOT, load_bench


def test_a_baseline_copy_plays_like_its_source(tmp_path: Path) -> None:
    bench = load_bench("strength.py")
    bench.install(ROOT / "src", tmp_path)
    copy = tmp_path / bench.PACKAGE
    assert not any("from jantaku." in p.read_text() or "import jantaku\n" in p.read_text() for p in copy.rglob("*.py"))
    result = bench.play((str(tmp_path), 1, "bench-test"))
    places = sorted(result["places"]["strong"] + result["places"]["baseline"])
    assert places == [1, 2, 3, 4]
    # the same CPU on both sides: rotation 1 and rotation 3 seat the sides the other way round on the same walls
    mirror = bench.play((str(tmp_path), 3, "bench-test"))
    assert sorted(mirror["places"]["baseline"]) == sorted(result["places"]["strong"])
    assert f"{bench.PACKAGE}.bots" in sys.modules
