"""``jantaku convert IN OUT``: formats chosen by --from/--to, extension or content; ``-`` for standard input and
output; ``--tenhou-date`` for undated records; and every unreadable input one ``error: convert:`` line with exit
status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

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
    ("our log nested past the decoder", ["{dir}/deep.jsonl", "-"], "is not JSON"),
    ("mjai nested past the decoder", ["{dir}/deep.mjson", "-"], "not JSON"),
    ("tenhou.net/6 nested past the decoder", ["{dir}/deep.json", "-"], "not JSON"),
    ("content nested past the decoder", ["{dir}/deep.txt", "-"], "cannot tell the format"),
]


@pytest.mark.parametrize(("args", "message"), [r[1:] for r in ERRORS], ids=[r[0] for r in ERRORS])
def test_errors_are_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "text.txt").write_text("hello\n")
    (tmp_path / "broken.jsonl").write_text('{"type":"header"}\n')
    (tmp_path / "broken.xml").write_text("<mjloggm><INIT/>")
    for suffix in ("jsonl", "mjson", "json", "txt"):  # arrays nested past the JSON decoder's depth
        (tmp_path / f"deep.{suffix}").write_text("[" * 100_000 + "]" * 100_000)
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


# ------------------------------------------------------------------------------------------------ one hand a file
def hand_of(doc: dict[str, object]) -> list[object]:
    log = doc["log"]
    assert isinstance(log, list) and len(log) == 1
    return list(log[0])


def test_per_hand_writes_a_file_a_hand_beside_out(ours: Path, tmp_path: Path) -> None:
    whole = json.loads(invoke("convert", str(ours), "-", "--to", "tenhou6").stdout)
    result = invoke("convert", str(ours), str(tmp_path / "out.json"), "--per-hand")
    assert result.exit_code == 0, result.output
    count = len(whole["log"])
    names = [f"out-{n:02d}.json" for n in range(1, count + 1)]
    assert sorted(p.name for p in tmp_path.iterdir()) == names
    lines = result.stdout.splitlines()
    assert [line.split(" ")[1] for line in lines] == [str(tmp_path / n) for n in names]
    assert lines[0].split(" ")[0] == "E1-0"
    for hand, name in zip(whole["log"], names, strict=True):
        assert hand_of(json.loads((tmp_path / name).read_text())) == hand


# (name, OUT relative to the folder, whether it exists first, the files written)
FOLDERS: list[tuple[str, str, bool, str]] = [
    ("an existing folder", "hands", True, "hands/game-01.json"),
    ("a new folder named with a slash", "new/", False, "new/game-01.json"),
    ("a file name without extension", "single", False, "single-01.json"),
]


@pytest.mark.parametrize(("out", "exists", "first"), [r[1:] for r in FOLDERS], ids=[r[0] for r in FOLDERS])
def test_per_hand_into_a_folder_takes_ins_name(ours: Path, tmp_path: Path, out: str, exists: bool, first: str) -> None:
    if exists:
        (tmp_path / out).mkdir()
    result = invoke("convert", str(ours), str(tmp_path / out) + ("/" if out.endswith("/") else ""), "--per-hand")
    assert result.exit_code == 0, result.output
    assert (tmp_path / first).is_file()
    assert result.stdout.splitlines()[0] == f"E1-0 {tmp_path / first}"


def test_viewer_urls_print_each_hands_label_and_its_document(ours: Path) -> None:
    whole = json.loads(invoke("convert", str(ours), "-", "--to", "tenhou6").stdout)
    result = invoke("convert", str(ours), "--viewer-urls")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == len(whole["log"])
    for line, hand in zip(lines, whole["log"], strict=True):
        label, url = line.split(" ")
        assert url.startswith("https://tenhou.net/6/#json=")
        doc = json.loads(unquote(url.removeprefix("https://tenhou.net/6/#json=")))
        assert hand_of(doc) == hand
        number, honba = hand[0][0], hand[0][1]
        assert label == f"{'ESWN'[number // 4]}{number % 4 + 1}-{honba}"


# (name, arguments after IN, message)
HAND_ERRORS: list[tuple[str, list[str], str]] = [
    ("no OUT without --viewer-urls", [], "give OUT"),
    ("OUT with --viewer-urls", ["-", "--viewer-urls"], "give neither OUT nor --per-hand"),
    ("--per-hand with --viewer-urls", ["--viewer-urls", "--per-hand"], "give neither OUT nor --per-hand"),
    ("--viewer-urls in another format", ["--viewer-urls", "--to", "mjai"], "shows tenhou.net/6 JSON, not mjai"),
    ("--per-hand to standard output", ["-", "--per-hand"], "not '-'"),
    ("--per-hand in another format", ["{dir}/out.mjson", "--per-hand"], "writes tenhou.net/6 JSON"),
]


@pytest.mark.parametrize(("args", "message"), [r[1:] for r in HAND_ERRORS], ids=[r[0] for r in HAND_ERRORS])
def test_hand_options_that_do_not_fit_are_one_line_errors(
    ours: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    result = invoke("convert", str(ours), *[a.format(dir=tmp_path) for a in args])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: convert: ") and message in result.stderr
    assert len(result.stderr.splitlines()) == 1 and not list(tmp_path.iterdir())


def test_a_zung_jung_log_has_no_hands_to_show(tmp_path: Path) -> None:
    from jantaku.rules import PRESETS

    game = Game(PRESETS["zung-jung"], 3)
    while not game.over:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    (tmp_path / "zj.jsonl").write_text("".join(line + "\n" for line in game.log))
    result = invoke("convert", str(tmp_path / "zj.jsonl"), "--viewer-urls")
    assert result.exit_code == 2 and "speak riichi mahjong" in result.stderr
