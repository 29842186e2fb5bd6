"""The README's examples run, so that it cannot go stale: every ``python`` block is executed, and every command of
an ``sh`` block that calls ``jantaku`` is run through the shell (from a scratch folder) and must succeed.

Left out or bounded, and why:
- ``jantaku serve`` starts a server that runs until interrupted (tests/server covers it);
- ``simulate --games N`` plays N games for minutes: the test plays one seat rotation instead (``--games`` set to
  the line-up's size), which runs the same code;
- ``tenhou-check ../shared/tenhou`` replays the whole corpus (``make validate`` does that): the test replays one
  record of it, and skips the command when the corpus is not there;
- the files the format examples read are made first in the scratch folder (``inputs``): ``game.jsonl`` is a short
  CPU game's log, ``seat.mjson`` what seat 0's mjai bot is sent of it, and a Tenhou record named by its log id is
  taken from the corpus (skipped without it).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.formats.corpus import require_corpus

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(README) if lang == language]


def commands() -> list[str]:
    """Lines of ``sh`` blocks that run ``jantaku`` (first, or after a pipe), except ``jantaku serve``."""
    out = []
    for body in blocks("sh"):
        for line in body.splitlines():
            runs = re.match(r"^jantaku\b", line) or "| jantaku " in line
            if runs and not re.match(r"^jantaku serve\b", line):
                out.append(line)
    return out


def bounded(line: str) -> str:
    """``simulate --games N`` plays one rotation: as many games as the line-up has seats."""
    players = re.search(r"--players (\S+)", line)
    seats = len(players.group(1).split(",")) if players else 4
    return re.sub(r"--games \d+", f"--games {seats}", line)


def corpus_record(line: str) -> str | None:
    """The tenhou-check line with its folder replaced by one record of it (None: the corpus is not here)."""
    folder = ROOT / "../shared/tenhou"
    env = os.environ.get("JANTAKU_TENHOU_DIR")
    records = sorted((Path(env) if env else folder).glob("4p/*.xml"))
    if not records:
        return None
    return line.replace("../shared/tenhou", str(records[0]))


RECORD = re.compile(r"\b\d{10}gm-[0-9a-f]{4}-[0-9]{4}-[0-9a-f]{8}\.xml\b")


def inputs(command: str, folder: Path) -> None:
    """The files ``command`` reads, made in ``folder`` (skips when a named Tenhou record is not in the corpus)."""
    if "game.jsonl" in command or "seat.mjson" in command:
        from jantaku.bots import make_player
        from jantaku.engine import Game
        from jantaku.formats.mjai import export_lines
        from jantaku.rules import preset

        rules = preset("tenhou").with_options(length="east")
        game = Game(rules, seed=5)
        players = [make_player("strong", rules, seed=i) for i in range(4)]
        while not game.over:
            seat = game.to_act()[0]
            game.apply(seat, players[seat].act(game.view(seat)))
        (folder / "game.jsonl").write_text("".join(line + "\n" for line in game.log), encoding="utf-8")
        (folder / "seat.mjson").write_text(export_lines(game.events, red_fives=rules.red_fives, seat=0))
    for name in RECORD.findall(command):
        folder_env = os.environ.get("JANTAKU_TENHOU_DIR")
        found = sorted((Path(folder_env) if folder_env else ROOT / "../shared/tenhou").rglob(name))
        if not found:
            require_corpus()  # skips here, fails in CI (JANTAKU_REQUIRE_CORPUS=1)
        (folder / name).write_bytes(found[0].read_bytes())


def test_the_readme_has_examples() -> None:
    cmds = commands()
    assert len(blocks("python")) >= 3
    assert any(c.startswith("jantaku score ") for c in cmds) and any(c.startswith("jantaku shanten ") for c in cmds)
    assert any("--batch" in c for c in cmds) and any(c.startswith("jantaku simulate ") for c in cmds)


@pytest.mark.parametrize("code", blocks("python"), ids=lambda code: code.splitlines()[0][:60])
def test_python_block_runs(code: str) -> None:
    exec(compile(code, "README.md", "exec"), {"__name__": "readme"})  # our own README


@pytest.mark.parametrize("line", commands(), ids=lambda line: line.split("  #")[0].strip()[:80])
def test_command_runs(line: str, tmp_path: Path) -> None:
    command = bounded(line)
    if "tenhou-check" in command:
        replaced = corpus_record(command)
        if replaced is None:
            require_corpus()
        command = replaced
    inputs(command, tmp_path)
    before = set(tmp_path.rglob("*"))
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""), "COLUMNS": "120"}
    shell = ["bash", "-c", f"set -o pipefail; {command}"]
    proc = subprocess.run(shell, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, f"{command}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    assert "Traceback" not in proc.stderr
    written = [f for f in set(tmp_path.rglob("*")) - before if f.is_file() and f.stat().st_size]
    assert proc.stdout.strip() or "--out" in command or written  # it says something, or writes a file
