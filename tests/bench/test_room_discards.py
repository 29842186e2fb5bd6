"""The top room's discards against the CPU's (``bench/room_discards.py``): every position asked is counted once,
as an agreement or in one class of disagreement, only closed hands with nothing threatening them are asked, and
the classes say what they name."""

from __future__ import annotations

from types import ModuleType

import pytest

from jantaku.bots.reading import read_view
from jantaku.engine.actions import Discard, Riichi
from jantaku.hand import DiscardOption
from jantaku.review.walk import Point, walk
from tests.bench.helpers import ROOT, load_bench
from tests.formats.corpus import corpus_dir, require_corpus


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))  # it reads the top room as human_table.py does
    return load_bench("room_discards.py")


def test_every_position_is_counted_once(bench: ModuleType) -> None:
    games = list(bench.room_games(corpus_dir(), 2))
    if not games:
        require_corpus()
    d = bench.Discards()
    closed = 0
    for game in games:
        d.add(game, "strong")
        for item in walk(game.log):  # counted here without the bench: closed discards with no riichi, no open hand
            if isinstance(item, Point) and isinstance(item.action, (Discard, Riichi)):
                r = read_view(item.game.view(item.actor), item.game.rules)
                closed += not (r.melds or r.riichi or any(o.riichi or o.open_melds for o in r.opponents))
    asked = sum(d.asked.values())
    assert 0 < asked <= closed  # a position the CPU answers with a win is not a discard to compare
    assert closed - asked <= 4
    assert sum(d.agreed.values()) + sum(d.apart.values()) == asked
    assert sum(d.kinds.values()) == sum(d.apart.values())
    assert 0.3 < sum(d.agreed.values()) / asked < 0.9  # a CPU that plays mahjong, not the room's copy
    rows = dict(d.rows())
    assert rows["positions asked"] == str(asked)


@pytest.mark.parametrize(
    ("name", "room", "cpu", "expect"),
    [
        ("same_numbers", (2, 20), (2, 20), "same shanten and acceptance"),
        ("room_narrower", (2, 16), (2, 20), "room keeps less acceptance"),
        ("room_wider", (2, 24), (2, 20), "room keeps more acceptance"),
        ("room_backs_off", (3, 60), (2, 20), "room keeps a worse shanten"),
        ("cpu_backs_off", (2, 20), (3, 60), "room keeps a better shanten"),
    ],
)
def test_compared(bench: ModuleType, name: str, room: tuple[int, int], cpu: tuple[int, int], expect: str) -> None:
    def option(shanten: int, total: int) -> DiscardOption:
        return DiscardOption(0, shanten, 0, total, [0] * 34)

    assert bench.compared(option(*room), option(*cpu)) == expect, name
