"""The self-play simulator: repeatable for a seed whatever the number of processes, seats rotated, statistics
consistent with the games, and the ``jantaku simulate`` command."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from jantaku.cli.app import app
from jantaku.sim import simulate
from jantaku.sim.play import game_seed, play_game
from jantaku.sim.stats import block_ci, mean_ci, t975, wilson

LINEUP = ["strong", "normal", "easy", "easy"]


def test_same_seed_same_results_whatever_the_jobs() -> None:
    one = simulate("standard", LINEUP, games=8, seed=3, jobs=1)
    two = simulate("standard", LINEUP, games=8, seed=3, jobs=2)
    assert one.to_json() == two.to_json()
    assert [r.players for r in one.records] == [r.players for r in two.records]
    other = simulate("standard", LINEUP, games=8, seed=4, jobs=1)
    assert other.to_json() != one.to_json()


def test_seats_rotate_over_the_same_walls() -> None:
    """Game g uses the walls of block g // players with the line-up rotated by g % players."""
    records = [play_game("sanma", ["strong", "normal", "easy"], 9, i) for i in range(3)]
    assert {r.seed for r in records} == {game_seed(9, 0, 3)}
    alone = [play_game("sanma", ["normal"] * 3, 9, i) for i in range(3)]
    assert [r.rotation for r in alone] == [0, 0, 0] and len({r.seed for r in alone}) == 3  # nothing to rotate
    assert [r.rotation for r in records] == [0, 1, 2]


def test_games_round_up_to_whole_rotations_and_statistics_add_up() -> None:
    sim = simulate("sanma", ["strong", "normal", "easy"], games=4, seed=1)
    assert sim.games == 6
    for rec in sim.records:
        assert sorted(p.place for p in rec.players) == [0, 1, 2]
        assert sum(p.score for p in rec.players) == 3 * 35000
        for p in rec.players:
            assert p.hands == rec.hands and p.tsumo <= p.wins and len(p.win_points) == p.wins
    for stats in sim.players():
        assert math.isclose(sum(e.value for e in stats.places), 1.0)
        assert 1 <= stats.placement.value <= 3
    assert sum(p.wins for r in sim.records for p in r.players) >= sum(1 for r in sim.records if r.hands)


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [(0, 10, 0.0, 0.3), (10, 10, 0.7, 1.0), (50, 100, 0.40, 0.60)],
)
def test_wilson_interval(k: int, n: int, low: float, high: float) -> None:
    e = wilson(k, n)
    assert low <= e.low <= e.value <= e.high <= high


def test_mean_interval_narrows_with_more_games() -> None:
    few, many = mean_ci([1, 2, 3, 4] * 5), mean_ci([1, 2, 3, 4] * 500)
    assert few.value == many.value == 2.5
    assert many.half_width < few.half_width / 5


def test_block_interval_takes_the_blocks_as_the_unit() -> None:
    """Rotations of one block share their walls: swings that cancel inside a block do not widen the interval,
    and an unrotated simulation (a block per game) gets the plain interval over games."""
    rotated = [(f"s{b}", d) for b in range(50) for d in (1.0 + 0.01 * b, -0.9, 0.9, -1.0)]
    est = block_ci(rotated)
    plain = mean_ci([d for _, d in rotated])
    assert est.n == 50 and plain.n == 200
    assert abs(est.value - plain.value) < 1e-12
    assert est.half_width < plain.half_width / 10
    single = [(f"s{g}", float(g % 3)) for g in range(30)]
    assert block_ci(single) == mean_ci([d for _, d in single])
    uneven = block_ci([("a", 1.0), ("a", 3.0), ("b", 0.0)])
    assert uneven.value == 1.0 and uneven.n == 2  # the mean of block means: every block weighs the same
    one = block_ci([("a", 1.0), ("a", -0.5), ("a", 2.0)])
    assert one.value == 2.5 / 3 and one.n == 1 and math.isnan(one.low) and math.isnan(one.high)


@pytest.mark.parametrize(("df", "t"), [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042), (10**6, 1.960)])
def test_student_t_quantile(df: int, t: float) -> None:
    """Few blocks get Student's wider interval (textbook 97.5% quantiles), many the normal one."""
    assert abs(t975(df) - t) < 0.0015


def test_simulate_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "r.json"
    logs = tmp_path / "logs"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--games",
            "4",
            "--players",
            "normal,easy,easy,easy",
            "--seed",
            "2",
            "--jobs",
            "2",
            "--out",
            str(out),
            "--logs",
            str(logs),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "average placement" in result.output and "P1 normal" in result.output
    data = json.loads(out.read_text())
    assert data["games"] == 4 and data["players"][0]["label"] == "P1 normal"
    assert len(list(logs.iterdir())) == 4
    first = (logs / "game-000001.jsonl").read_text().splitlines()
    assert json.loads(first[0])["type"] == "header"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "strong,wizard,easy,easy"], "unknown CPU level 'wizard'"),
        (["--rules", "sanma", "--players", "strong,easy"], "seats 3 players"),
        (["--rules", "mahjong-soul"], "unknown rules"),
    ],
)
def test_simulate_rejects_bad_input(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "--games", "1", *args])
    assert result.exit_code == 2
    assert message in result.output
