"""Final placements on equal scores (docs/rules.md#tie_break): by seat order from the first dealer (most presets), or
shared (bga: "shared placement unless the room breaks ties with extra hands"), where tied seats split what the
places they cover pay: the leftover deposits, oka and uma."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jantaku.engine.match import MatchState, final_result
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet

CITE = "docs/rules.md#tie_break: bga shares the placement"
# tenhou's oka (30000 − 25000) × 4 and uma +20/+10/−10/−20 thousand, so every share shows
SHARED = preset("tenhou").with_options(tie_break="shared")
SEAT = preset("tenhou")
SANMA = preset("sanma").with_options(tie_break="shared")


class Row(NamedTuple):
    rule: str
    cite: str
    rules: RuleSet
    scores: tuple[int, ...]
    sticks: int
    places: tuple[int, ...]
    results: tuple[int, ...]


def res(score: int, bonus: int, ret: int = 30000) -> int:
    return score - ret + bonus


ROWS = [
    Row("seat-order-breaks-a-tie-for-first", "docs/rules.md#tie_break: seat order from the first dealer", SEAT,
        (30000, 30000, 20000, 20000), 1, (0, 1, 2, 3),
        (res(31000, 40000), res(30000, 10000), res(20000, -10000), res(20000, -20000))),
    Row("shared-first-splits-deposits-oka-and-uma", CITE, SHARED,
        (30000, 30000, 20000, 20000), 1, (0, 0, 2, 2),
        (res(30500, 25000), res(30500, 25000), res(20000, -15000), res(20000, -15000))),
    Row("shared-second-of-three-splits-in-hundreds", CITE, SHARED,
        (40000, 20000, 20000, 20000), 0, (0, 1, 1, 1),
        (res(40000, 40000), res(20000, -6600), res(20000, -6700), res(20000, -6700))),
    Row("shared-only-among-equal-scores", CITE, SHARED,
        (25000, 35000, 25000, 15000), 2, (1, 0, 1, 3),
        (res(25000, 0), res(37000, 40000), res(25000, 0), res(15000, -20000))),
    Row("shared-three-ways-with-a-deposit", CITE, SHARED,
        (30000, 30000, 30000, 10000), 1, (0, 0, 0, 3),
        (res(30400, 13400), res(30300, 13300), res(30300, 13300), res(10000, -20000))),
    Row("shared-four-ways", CITE, SHARED,
        (25000, 25000, 25000, 25000), 0, (0, 0, 0, 0),
        (res(25000, 5000),) * 4),
    Row("shared-in-three-player", CITE, SANMA,
        (35000, 35000, 35000), 0, (0, 0, 0),
        tuple(res(35000, (SANMA.return_points - SANMA.start_points), SANMA.return_points) for _ in range(3))),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.rule)
def test_tie_break(row: Row) -> None:
    final = final_result(row.rules, MatchState(row.scores, sticks=row.sticks))
    assert final.places == row.places
    assert final.results == row.results
    assert sorted(final.order) == list(range(row.rules.players))


@given(
    st.lists(st.sampled_from([15000, 20000, 25000, 30000, 35000, 42300]), min_size=4, max_size=4),
    st.integers(0, 5),
)
def test_sharing_moves_no_points(scores: list[int], sticks: int) -> None:
    """Invariant: shared and seat-order results pay out the same total; every result is the final score minus the
    return plus an even share (in 100s) of the places' pay, so tied seats end within 100 points in score and 200
    in result, the earliest seat never behind; places follow the scores."""
    state = MatchState(tuple(scores), sticks=sticks)
    shared, seat = final_result(SHARED, state), final_result(SEAT, state)
    assert sum(shared.results) == sum(seat.results) and sum(shared.scores) == sum(seat.scores)
    for a in range(4):
        for b in range(4):
            if scores[a] == scores[b]:
                assert shared.places[a] == shared.places[b]
                assert 0 <= shared.scores[min(a, b)] - shared.scores[max(a, b)] <= 100
                assert 0 <= shared.results[min(a, b)] - shared.results[max(a, b)] <= 200
            elif scores[a] > scores[b]:
                assert shared.places[a] < shared.places[b]
