"""How hands go (``bench/hand_course.py``) follows every seat's tiles through the referee's events. Where the
referee says the same thing itself, they must agree: the seats it finds waiting when the wall runs out are the
ones the referee paid as tenpai, every win is counted once by the winner's state, every ron once by the dealer-in's
shanten; and a CPU table goes through the same counter."""

from __future__ import annotations

from types import ModuleType

import pytest

from jantaku.formats.convert import read
from jantaku.tiles import parse_tiles
from tests.bench.helpers import ROOT, load_bench
from tests.formats.corpus import corpus_dir, require_corpus


@pytest.fixture
def course(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(ROOT / "bench"))  # it reads the top room as human_table.py does
    return load_bench("hand_course.py")


def test_the_course_agrees_with_the_referee(course: ModuleType) -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted(corpus_dir().glob("4p/*.xml"))]
    texts = [t for t in texts if course.TOP_ROOM in t][:12]
    if not texts:
        require_corpus()
    counted = course.Course()
    paid = draws = wins = rons = hands = riichi = calls = 0
    for text in texts:
        events = read(text, "mjlog").events
        counted.add(events)
        for e in events:
            hands += e.type == "start_kyoku"
            riichi += e.type == "reach"
            calls += e.type in ("chi", "pon", "daiminkan")
            if e.type == "ryukyoku" and e.info.get("reason") == "exhaustive":
                draws += 1
                paid += sum(bool(x) for x in e.info["tenpai"])
            elif e.type == "hora":
                wins += 1
                rons += e.target != e.actor
    assert (counted.games, counted.seat_hands) == (len(texts), 4 * hands)
    assert (counted.draws, counted.waiting_at_draws) == (draws, paid)
    assert sum(counted.wins.values()) == wins
    assert sum(counted.deal_ins_from) == sum(counted.deal_ins_into.values()) == rons
    assert sum(counted.self_draws.values()) == wins - rons
    # every riichi is counted at its discard, waiting on tiles the table has not all seen yet
    assert len(counted.riichi_waits) == riichi and all(0 <= w <= 4 * 9 for w in counted.riichi_waits)
    assert sum(counted.riichi_waits) > 0 and counted.riichi_after_tenpai <= riichi
    assert 0 < counted.riichi_one_kind < riichi
    assert sum(counted.first_waits.values()) == len(counted.tenpai_at)  # every first tenpai has one shape
    assert counted.first_waits[False, "two-sided"] > 0 and counted.first_waits[True, "one kind"] > 0
    # deal-ins into a riichi by a hand not in riichi, sorted by whether it held a safe tile; calls made against a
    # riichi, by how close they leave the hand: some of each, never more than there were
    assert 0 < sum(counted.into_riichi_held_safe) <= counted.deal_ins_into["riichi"]
    assert 0 < sum(counted.calls_against_riichi) < calls
    assert 0 < len(counted.tenpai_at) <= counted.seat_hands
    assert all(t >= 1 for t in counted.tenpai_at)  # the first tenpai is left by a discard
    rows = dict(counted.rows())
    assert rows["hands reaching tenpai"] == f"{100 * len(counted.tenpai_at) / counted.seat_hands:.1f}%"


def test_a_cpu_table_is_counted_the_same_way(course: ModuleType) -> None:
    counted = course.cpus(2, "normal", "course-test", 1)
    assert counted.games == 2 and counted.seat_hands % 4 == 0 and counted.seat_hands > 0
    assert sum(counted.wins.values()) > 0 and counted.tenpai_at  # the simulator's logs were read, hand by hand
    assert [name for name, _ in counted.rows()] == [name for name, _ in course.Course().rows()]


@pytest.mark.parametrize(
    ("name", "hand", "melds", "shape"),
    [
        ("two_sided", "23m456p789s11z456s", 0, "two-sided"),
        ("four_in_a_row_is_two_kinds_three_apart", "2345m456p789s456s", 0, "two-sided"),
        ("closed_wait", "13m456p789s11z456s", 0, "one kind"),
        ("edge_wait", "12m456p789s11z456s", 0, "one kind"),
        ("single_wait", "1m456p789s456s123p", 0, "one kind"),
        ("both_pairs", "11m22z456p789s456s", 0, "both pairs"),
        ("seven_pairs", "1133m5577p99s112z", 0, "seven pairs"),
        ("three_kinds", "23456m456p789s11z", 0, "other"),
        ("thirteen_orphans", "19m19p19s1234567z", 0, "other"),
        ("open_hand_two_sided", "23m11z456p", 2, "two-sided"),
    ],
)
def test_wait_shape(course: ModuleType, name: str, hand: str, melds: int, shape: str) -> None:
    counts = [0] * 34
    for kind in parse_tiles(hand):
        counts[kind] += 1
    assert course.wait_shape(counts, melds) == shape, name
