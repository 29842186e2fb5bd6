"""Outside mjai bots in the simulator: ``--players strong,mjai:"CMD",...`` rotates them like a level, reports their
faults per player and the placement gap against the CPUs (docs/mjai-bots.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jantaku.cli.app import app
from jantaku.sim import simulate

STANDIN = Path(__file__).resolve().parents[1] / "bots" / "mjai_standin.py"
BATCH = f"mjai:{sys.executable} {STANDIN}"
STREAM = f"mjai-stream:{sys.executable} {STANDIN} --convention stream"


@pytest.mark.parametrize("entry", [BATCH, STREAM], ids=["batch", "stream"])
def test_an_outside_bot_is_rotated_and_compared(entry: str) -> None:
    sim = simulate("sanma", ["strong", "strong", entry], games=3, seed=5)
    assert sim.games == 3 and sorted(r.rotation for r in sim.records) == [0, 1, 2]
    assert [p.faults for p in sim.players()] == [0, 0, 0]
    gaps = {(a, b) for a, b, _ in sim.gaps()}
    assert gaps == {("strong", entry)}
    assert sim.to_json()["players"][2]["faults"] == 0  # type: ignore[index]


def test_simulate_command_shows_faults_per_player(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    players = f'strong,strong,strong,mjai:"{sys.executable}" "{STANDIN}" --mode illegal --after 2'
    result = CliRunner(env={"COLUMNS": "250"}).invoke(
        app, ["simulate", "--games", "4", "--players", players, "--seed", "3", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "faults (outside bot, default played)" in result.output
    data = json.loads(out.read_text())
    assert [p["faults"] for p in data["players"]] == [0, 0, 0, 4]  # one in each game
    assert "placement gap" in result.output


def test_an_empty_bot_command_is_refused() -> None:
    result = CliRunner().invoke(app, ["simulate", "--games", "1", "--players", "strong,strong,strong,mjai:"])
    assert result.exit_code == 2
    assert "needs a command" in result.output


def test_a_missing_program_is_refused_before_any_game() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "--games", "1", "--players", 'strong,strong,strong,mjai:"/nonexistent/bot --x"']
    )
    assert result.exit_code == 2
    assert "no program '/nonexistent/bot'" in result.output


# (name, rules, powers, the refusal's words): tables an outside bot (it speaks mjai) cannot sit at
NO_BOT_TABLES: list[tuple[str, str, list[str], str]] = [
    ("zung jung", "zung-jung", [], "speak riichi mahjong"),
    ("the superpower preset", "superpower", [], "no words for superpowers"),
    ("superpower with powers held", "superpower", ["--powers", "none,none,none,none"], "no words for superpowers"),
]


@pytest.mark.parametrize(
    ("rules", "powers", "words"), [c[1:] for c in NO_BOT_TABLES], ids=[c[0] for c in NO_BOT_TABLES]
)
@pytest.mark.parametrize("entry", [BATCH, STREAM], ids=["batch", "stream"])
def test_an_outside_bot_is_refused_where_mjai_has_no_words(
    rules: str, powers: list[str], words: str, entry: str
) -> None:
    args = ["simulate", "--games", "1", "--rules", rules, "--players", f"strong,strong,strong,{entry}", *powers]
    result = CliRunner(env={"COLUMNS": "250"}).invoke(app, args)
    assert result.exit_code == 2, result.output
    assert words in result.output
