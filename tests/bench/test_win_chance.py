"""The win-chance calibration report cannot rot: ``bench/win_chance.py`` plays real games and its rows say what
happened: each noted discard carries the model's chance (a probability) and whether its seat won that hand, and a
waiting hand wins more often than a far one."""

from __future__ import annotations

from tests.bench.helpers import load_bench


def test_rows_say_what_happened() -> None:
    bench = load_bench("win_chance.py")
    rows = bench.play(2, "test")
    assert rows and all(0.0 <= x.model <= 1.0 and 0 <= x.seat < 4 and x.shanten >= 0 for x in rows)
    won = {x.seat for x in rows if x.won}
    assert won and len({x.seat for x in rows}) == 4  # some seat won a hand; every seat discarded

    # a waiting hand wins far more often than one three steps away, as the report's first table shows
    def rate(rows: list, shanten: int) -> float:
        g = [x for x in rows if min(x.shanten, 3) == shanten]
        return sum(x.won for x in g) / len(g)

    assert rate(rows, 0) > rate(rows, 3)
