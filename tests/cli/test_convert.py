"""``jantaku convert IN OUT``: formats chosen by --from/--to, extension or content; ``-`` for standard input and
output; ``--tenhou-date`` for undated records; and every unreadable input one ``error: convert:`` line with exit
status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jantaku.engine import Game
from tests.cli.helpers import assert_one_line_error, invoke, run_jantaku
from tests.formats.corpus import corpus_path

RECORD = "4p/2022060100gm-00a9-0000-01481d95.xml"


def final_scores(text: str) -> list[int]:
    game = Game.replay(text)
    assert game.final is not None
    return list(game.final.scores)


@pytest.fixture(scope="module")
def ours(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("convert") / "game.jsonl"
    result = invoke("convert", str(corpus_path(RECORD)), str(out))
    assert result.exit_code == 0, result.output
    return out


def test_mjlog_to_ours_to_mjai_to_ours(ours: Path, tmp_path: Path) -> None:
    first = ours.read_text()
    assert json.loads(first.splitlines()[0])["type"] == "header"
    assert invoke("convert", str(ours), str(tmp_path / "g.mjson")).exit_code == 0
    assert json.loads((tmp_path / "g.mjson").read_text().splitlines()[0])["type"] == "start_game"
    result = invoke("convert", str(tmp_path / "g.mjson"), "-")
    assert result.exit_code == 0, result.output
    assert final_scores(result.stdout) == final_scores(first)


def test_standard_input_and_to(ours: Path) -> None:
    result = invoke("convert", "-", "-", "--to", "mjai", input=ours.read_text())
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["type"] == "start_game" and json.loads(lines[-1])["type"] == "end_game"


def test_a_records_names_reach_the_mjai_output() -> None:
    result = invoke("convert", str(corpus_path(RECORD)), "-", "--to", "mjai")
    assert result.exit_code == 0, result.output
    names = json.loads(result.stdout.splitlines()[0])["names"]
    assert len(names) == 4 and all(names) and not any(n.startswith("seat") for n in names)


def test_a_jsonl_of_mjai_lines_is_read_as_mjai(ours: Path, tmp_path: Path) -> None:
    mjai = tmp_path / "g.jsonl"
    assert invoke("convert", str(ours), "-", "--to", "mjai").exit_code == 0
    mjai.write_text(invoke("convert", str(ours), "-", "--to", "mjai").stdout)
    result = invoke("convert", str(mjai), "-")
    assert result.exit_code == 0, result.output
    assert final_scores(result.stdout) == final_scores(ours.read_text())


def test_tenhou_date_reads_an_undated_record_under_that_day(tmp_path: Path) -> None:
    undated = tmp_path / "record.xml"
    undated.write_bytes(corpus_path(RECORD).read_bytes())
    result = invoke("convert", str(undated), "-", "--tenhou-date", "2010-05-01")
    assert result.exit_code == 0, result.output
    header = json.loads(result.stdout.splitlines()[0])
    assert header["rules"]["last_dealer_stop_tenpai"] is False


# (name, arguments after "convert" with {dir} for a scratch folder, the error's text)
ERRORS: list[tuple[str, list[str], str]] = [
    ("a missing input", ["{dir}/none.jsonl", "-"], "cannot read {dir}/none.jsonl"),
    ("content of no format", ["{dir}/text.txt", "-"], "cannot tell the format"),
    ("an unknown --to", ["{dir}/text.txt", "-", "--to", "kifu"], "--to 'kifu' is not a format"),
    ("an output of no known extension", ["{dir}/text.txt", "{dir}/out.txt"], "give --to"),
    ("a format this build cannot write", ["{dir}/text.txt", "-", "--to", "mjlog"], "cannot write mjlog"),
    ("a broken log", ["{dir}/broken.jsonl", "-"], "not a jantaku log"),
    ("a broken mjlog", ["{dir}/broken.xml", "-"], "not a Tenhou mjlog"),
]


@pytest.mark.parametrize(("args", "message"), [r[1:] for r in ERRORS], ids=[r[0] for r in ERRORS])
def test_errors_are_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "text.txt").write_text("hello\n")
    (tmp_path / "broken.jsonl").write_text('{"type":"header"}\n')
    (tmp_path / "broken.xml").write_text("<mjloggm><INIT/>")
    result = invoke("convert", *[a.format(dir=tmp_path) for a in args])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: convert: ") and message.format(dir=tmp_path) in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_an_unwritable_output_is_an_error(ours: Path, tmp_path: Path) -> None:
    result = invoke("convert", str(ours), str(tmp_path / "no" / "out.mjson"))
    assert result.exit_code == 2 and result.stderr.startswith("error: convert: cannot write ")


def test_a_bad_date_is_a_usage_error(tmp_path: Path) -> None:
    result = invoke("convert", "x.xml", "-", "--tenhou-date", "2010-13-01")
    assert result.exit_code == 2 and "is not a day" in result.stderr


def test_a_real_process_prints_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "bad.mjson").write_text('{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"?"}\n')
    proc = run_jantaku("convert", str(tmp_path / "bad.mjson"), "-")
    assert_one_line_error(proc, "convert", 2, "mjai line 2")
