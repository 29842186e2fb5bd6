"""``jantaku review LOG --seat N``: any format in, a summary table, JSON or an HTML report out, and every bad
input one ``error: review:`` line with exit status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from jantaku.review.reviewer import review
from jantaku.sim.play import play_game
from tests.cli.helpers import invoke
from tests.formats.corpus import corpus_path

RECORD = "4p/2022060100gm-00a9-0000-01481d95.xml"


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lines = play_game("standard", ["strong", "normal", "easy", "normal"], 5, 0, keep_log=True).log
    assert lines is not None
    path = tmp_path_factory.mktemp("review") / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_default_is_a_summary_table(log: Path) -> None:
    result = invoke("review", str(log), "--seat", "1")
    assert result.exit_code == 0, result.output
    assert "decisions reviewed" in result.stdout and "Largest losses" in result.stdout


def test_json_is_the_reviewers_dict(log: Path) -> None:
    result = invoke("review", str(log), "--seat", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(json.dumps(review(log.read_text().splitlines(), 2)))


def test_html_goes_into_out(log: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    result = invoke("review", str(log), "--seat", "1", "--html", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout == "" and out.read_text().startswith("<!doctype html>")


def test_the_summary_goes_into_out(log: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.txt"
    assert invoke("review", str(log), "--seat", "1", "--out", str(out)).exit_code == 0
    assert "decisions reviewed" in out.read_text()


def test_standard_input(log: Path) -> None:
    result = invoke("review", "-", "--seat", "0", "--json", input=log.read_text())
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["summary"]["agreement"] == 1.0  # seat 0 is the strong CPU itself


@pytest.mark.parametrize("fmt", ["mjlog", "tenhou6", "mjai"])
def test_any_format_is_reviewed_with_its_names(fmt: str, tmp_path: Path) -> None:
    record = corpus_path(RECORD)
    source = record
    if fmt != "mjlog":
        source = tmp_path / ("g.json" if fmt == "tenhou6" else "g.mjson")
        assert invoke("convert", str(record), str(source)).exit_code == 0
    result = invoke("review", str(source), "--seat", "3", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["summary"]["decisions"] > 10 and all(out["names"])


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["--seat", "4"], "--seat 4 is not at this table"),
        (["--seat", "0", "--json", "--html"], "choose one of --json and --html"),
        (["--seat", "0", "--outside", ""], "--outside needs a command"),
        (["--seat", "0", "--outside", "'unclosed"], "--outside"),
        (["--seat", "0", "--out", "/nonexistent/dir/r.txt"], "cannot write /nonexistent/dir/r.txt"),
    ],
    ids=["seat-not-at-table", "two-outputs", "empty-outside", "unparsable-outside", "unwritable-out"],
)
def test_bad_options_are_one_error_line(log: Path, args: list[str], text: str) -> None:
    result = invoke("review", str(log), *args)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: review: ") and text in lines[0], result.stderr


@pytest.mark.parametrize(
    ("content", "name", "text"),
    [
        (None, "missing.jsonl", "cannot read"),
        ("", "empty.jsonl", "empty"),
        ("not a log at all\n", "junk.txt", "cannot tell the format"),
        ('{"type": "header", "version": 999}\n', "bad.jsonl", "review:"),
    ],
    ids=["missing-file", "empty-file", "unknown-format", "unreadable-log"],
)
def test_unreadable_input_is_one_error_line(tmp_path: Path, content: str | None, name: str, text: str) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = invoke("review", str(path), "--seat", "0")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: review: ") and text in lines[0], result.stderr


def test_an_outside_reviewer_sits_beside(log: Path) -> None:
    standin = Path(__file__).resolve().parents[1] / "review" / "mjai_reviewer_standin.py"
    result = invoke("review", str(log), "--seat", "1", "--json", "--outside", f"{sys.executable} {standin}")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["outside"] == {"name": standin.name, "error": None}
    assert any(d["outside_choice"] for d in out["decisions"])
