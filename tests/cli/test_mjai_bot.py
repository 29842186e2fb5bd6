"""``jantaku mjai-bot`` over a real process: both mjai conventions, flushed replies, bad input answered.

The session's choices are checked decision by decision in tests/bots/test_mjai_bot.py; here the same games go
through the command: Mortal's stream (an event a line, a reply only where the seat acts) and mjai.app's batches
(an array a line, exactly one reply a line), given by ``--protocol`` or detected from the first line.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.bots.test_mjai_bot import played
from tests.cli.helpers import ROOT, jantaku_cmd, run_jantaku

GAME = ("tenhou", 1, ("strong", "normal", "easy", "strong"), "east-south")  # the tenhou preset's length
SEAT = 3


def bot_args(seat: int = SEAT) -> list[str]:
    game = played(*GAME)
    return ["mjai-bot", "--level", game.levels[seat], "--seed", str(seat), "--rules", "tenhou"]


@pytest.mark.parametrize("protocol", [pytest.param(None, id="detected"), pytest.param("stream", id="given")])
def test_the_stream_convention_replies_only_where_the_seat_acts(protocol: str | None) -> None:
    game = played(*GAME)
    stream = game.streams[SEAT]
    extra = [] if protocol is None else ["--protocol", protocol]
    proc = run_jantaku(*bot_args(), *extra, input="".join(json.dumps(e) + "\n" for e in stream))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    want = [game.expected[SEAT][i] for i in sorted(game.expected[SEAT])]
    assert [json.loads(line) for line in proc.stdout.splitlines()] == want


@pytest.mark.parametrize("protocol", [pytest.param(None, id="detected"), pytest.param("batch", id="given")])
def test_the_batch_convention_replies_once_a_line(protocol: str | None) -> None:
    game = played(*GAME)
    stream = game.streams[SEAT]
    cuts = sorted(game.expected[SEAT])
    lines, want, start = [], [], 0
    for cut in cuts:
        lines.append(stream[start : cut + 1])
        want.append(game.expected[SEAT][cut])
        start = cut + 1
    lines.append(stream[start:])  # the game's end: nothing to do
    want.append({"type": "none"})
    extra = [] if protocol is None else ["--protocol", protocol]
    proc = run_jantaku(*bot_args(), *extra, input="".join(json.dumps(b) + "\n" for b in lines))
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(line) for line in proc.stdout.splitlines()] == want


def test_each_reply_is_flushed_before_the_next_line_is_read() -> None:
    """An arena waits for the reply before it sends more: the answer must come while stdin stays open."""
    game = played(*GAME)
    stream = game.streams[SEAT]
    first = min(game.expected[SEAT])
    proc = subprocess.Popen(
        [*jantaku_cmd(), *bot_args()],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(json.dumps(stream[: first + 1]) + "\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline()) == game.expected[SEAT][first]
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert proc.returncode == 0


@pytest.mark.parametrize(
    ("lines", "replies", "message"),
    [
        pytest.param(["{not json"], [], "line 1: not JSON", id="stream-not-json"),
        pytest.param(['["x"]'], [{"type": "none"}], "line 1: ShadowError", id="batch-not-an-event"),
        pytest.param(["[" * 100_000 + "]" * 100_000], [{"type": "none"}], "line 1: not JSON", id="batch-nested-deep"),
        pytest.param(['{"type": "tsumo", "actor": 7, "pai": "1m"}'], [], "seat 0..3", id="stream-bad-seat"),
        pytest.param(['[{"type": "launch"}]', "[]"], [{"type": "none"}] * 2, "unknown event type", id="batch-unknown"),
    ],
)
def test_bad_input_is_answered_none_and_reported(lines: list[str], replies: list[dict[str, Any]], message: str) -> None:
    proc = run_jantaku(*bot_args(), input="".join(line + "\n" for line in lines))
    assert proc.returncode == 0
    assert [json.loads(line) for line in proc.stdout.splitlines()] == replies
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("mjai-bot: ") and message in proc.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(["--level", "godlike"], "unknown CPU level", id="unknown-level"),
        pytest.param(["--rules", "nosuch"], "unknown rules", id="unknown-preset"),
        pytest.param(["--rules", "zung-jung"], "mjai speaks riichi", id="zung-jung"),
        pytest.param(["--protocol", "http"], "batch or stream", id="unknown-protocol"),
    ],
)
def test_bad_options_are_one_line_errors(args: list[str], message: str) -> None:
    proc = run_jantaku("mjai-bot", *args, input="")
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: usage: ") and message in proc.stderr
    assert "Traceback" not in proc.stderr


# ------------------------------------------------------------------------------------------------ mjai's arena
#: The PyPI ``mjai`` package (AGPL) lives in its own environment, made by ``make mjai-venv`` (a prerequisite of
#: ``make test``); tools/mjai_match.py runs there and seats our command as a process, as mjai.app would.
MJAI_PYTHON = Path(os.environ.get("JANTAKU_MJAI_PYTHON", ROOT / ".venv-mjai" / "bin" / "python"))


@pytest.mark.parametrize(
    ("seats", "seed"),
    [
        pytest.param("0,2", "1,1", id="two-seats-against-RulebaseBot"),
        pytest.param("0,1,2,3", "2,3", id="all-four-seats"),
    ],
)
def test_a_game_in_mjais_arena_finishes_with_no_error_from_our_seats(seats: str, seed: str) -> None:
    if not MJAI_PYTHON.exists():
        why = f"no {MJAI_PYTHON}: `make mjai-venv` makes the mjai package's environment"
        if os.environ.get("JANTAKU_CI"):
            pytest.fail(why)
        pytest.skip(why)
    bot = shlex.join([*jantaku_cmd(), "mjai-bot", "--level", "strong"])
    proc = subprocess.run(
        [str(MJAI_PYTHON), str(ROOT / "tools" / "mjai_match.py"), "--bot", bot, "--seats", seats, "--seed", seed],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    summary = json.loads(proc.stdout.splitlines()[-1]) if proc.stdout.strip() else {}
    assert proc.returncode == 0, (summary, proc.stderr[-2000:])
    assert summary["finished"] and summary["error"] is None and summary["bot_stderr"] == []
    kinds = {kind for s in seats.split(",") for kind in summary["replies"][s]}
    assert {"dahai", "none", "reach"} <= kinds  # the arena accepted discards, passes and riichi from us
    assert summary["kyoku"] >= 1


# ------------------------------------------------------------------------------------------------ our own mjai seat
def test_our_own_mjai_seat_plays_the_command_without_a_fault(tmp_path: Path) -> None:
    """``jantaku simulate`` seats outside mjai programs (``jantaku.bots.outside``); seated there in both
    conventions, our command plays whole games and no fault (an error, an illegal answer, a timeout) is logged."""
    pytest.importorskip("jantaku.bots.outside", reason="the outside-bot seat is not in this tree")
    rules = "classic-east"  # short games; its tenpai declaration is the seat's own, not the bot's
    bot = shlex.join([*jantaku_cmd(), "mjai-bot", "--rules", rules])
    lineup = f"strong,mjai:{bot} --level strong,mjai-stream:{bot} --level normal,normal"
    logs = tmp_path / "logs"
    proc = run_jantaku("simulate", "--games", "4", "--rules", rules, "--players", lineup, "--logs", str(logs))
    assert proc.returncode == 0, proc.stderr[-2000:]
    records = [json.loads(line) for path in sorted(logs.glob("*.jsonl")) for line in path.read_text().splitlines()]
    assert len(list(logs.glob("*.jsonl"))) == 4
    assert [r for r in records if r.get("type") == "fault"] == []
    assert sum(1 for r in records if r.get("type") == "end_game") == 4


def test_an_endless_line_is_skipped_not_held() -> None:
    """A line past ``MAX_LINE`` is read no further: it gets the one reply a bad batch line gets, and the lines after
    it are answered as usual."""
    import io

    from jantaku.bots.mjai_bot import MjaiBot
    from jantaku.cli.mjai_bot import MAX_LINE, bounded_lines, reply_lines
    from jantaku.rules import preset

    start = json.dumps([{"type": "start_game", "id": 0}])
    text = start + "\n[" + " " * (MAX_LINE + 10) + "]\n" + start + "\n"
    lines = list(bounded_lines(io.StringIO(text)))
    assert len(lines) == 3 and max(len(line) for line in lines) <= MAX_LINE
    errors = io.StringIO()
    replies = list(reply_lines(MjaiBot("strong", preset("tenhou"), seed=0), lines, "batch", errors))
    assert [json.loads(r)["type"] for r in replies] == ["none", "none", "none"]
    assert f"line 2: longer than {MAX_LINE} characters" in errors.getvalue()
