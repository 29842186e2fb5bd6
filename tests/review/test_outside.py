"""The outside reviewer: an mjai program in Mortal's review mode (the stand-in beside this file) values one seat's
decisions; its 46 actions land on our option keys, its failings end the review with an error and never a hang."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from jantaku.bots.appraise import option_key
from jantaku.engine.actions import Action, AddedKan, ClosedKan, Discard, OpenKan, Pass, Pon, Riichi
from jantaku.review.outside import (
    CHI_HIGH,
    CHI_LOW,
    CHI_MID,
    HORA,
    KAN,
    NONE,
    PON,
    RIICHI,
    RYUKYOKU,
    OutsideReview,
    action_values,
    option_values,
    outside_values,
    program_name,
    reply_key,
)
from jantaku.review.reviewer import review
from jantaku.review.walk import Point, walk
from jantaku.rules import preset
from jantaku.server.config import Settings
from jantaku.server.reviews import configured_outside
from jantaku.sim.play import play_game
from jantaku.tiles import kind_of, parse_tile
from tests.cli.helpers import invoke
from tests.formats.corpus import corpus_path

STANDIN = str(Path(__file__).with_name("mjai_reviewer_standin.py"))
STANDARD = preset("standard")


def standin(*args: str) -> list[str]:
    return [sys.executable, STANDIN, *args]


@pytest.fixture(scope="module", params=[("tenhou", 4, 7), ("tenhou", 4, 11), ("sanma", 3, 7)], ids=str)
def log(request: pytest.FixtureRequest) -> list[str]:
    """The first game from the seed on that holds every kind of decision the tests look for (a riichi, a self-draw
    win, a win on a discard and, with four players, a call): which game has them depends on how the CPUs play."""
    name, players, seed = request.param
    for s in range(seed, seed + 10):
        record = play_game(name, ["strong"] * players, s, 0, keep_log=True)
        lines = record.players
        if (
            any(x.riichi for x in lines)
            and any(x.tsumo for x in lines)
            and any(x.wins > x.tsumo for x in lines)
            and (players == 3 or any(x.called for x in lines))
        ):
            assert record.log is not None
            return record.log
    raise AssertionError(f"no game from seed {seed} on holds every kind of decision")


@pytest.fixture(scope="module")
def one_log() -> list[str]:
    return play_game("tenhou", ["strong"] * 4, 3, 0, keep_log=True).log


@pytest.fixture(scope="module")
def full(one_log: list[str]) -> OutsideReview:
    """The stand-in's review of seat 0 of ``one_log`` when nothing goes wrong."""
    return outside_values(one_log, 0, standin(), timeout=60)


def players(log: list[str]) -> int:
    first = next(walk(log))
    return first.game.rules.players


def expected_labels(key: str) -> set[int]:
    """Which of Mortal's actions may stand behind an option key (module docstring of ``review.outside``)."""
    kind, _, rest = key.partition(" ")
    if kind == "discard":
        return {parse_tile(rest)}
    if kind == "chi":
        low, high = sorted(kind_of(parse_tile(t + rest[-1])) for t in rest[:2])
        return {CHI_MID} if high - low == 2 else {CHI_LOW, CHI_HIGH}
    return {
        "riichi": {RIICHI},
        "pon": {PON},
        "open_kan": {KAN},
        "added_kan": {KAN},
        "closed_kan": {KAN},
        "tsumo": {HORA},
        "ron": {HORA},
        "nine_terminals": {RYUKYOKU},
        "pass": {NONE},
    }[kind]


def mjai_keys(point: Point) -> set[str]:
    """The options of a decision that mjai has a word for."""
    rules = point.game.rules
    keys = {option_key(a, rules) for a in point.game.legal_actions(point.actor)}
    if {"tenpai", "noten"} & keys:
        return set()
    return {k for k in keys if not k.startswith(("veil", "power", "kita"))}


def test_every_value_lands_on_the_key_of_the_action_it_came_from(log: list[str]) -> None:
    seen: set[str] = set()
    for seat in range(players(log)):
        review = outside_values(log, seat, standin("--values", "label"), timeout=60)
        assert review.error is None
        points = {p.step: p for p in walk(log) if isinstance(p, Point) and p.actor == seat}
        for step, decision in review.decisions.items():
            for key, value in decision.values.items():
                assert int(value) in expected_labels(key), (step, key, value)
                seen.add(key.partition(" ")[0])
        for step, point in points.items():
            keys = mjai_keys(point)
            if keys:
                assert keys <= set(review.decisions[step].values), (step, keys)
    assert {"discard", "riichi", "pass", "tsumo", "ron"} <= seen
    if players(log) == 4:
        assert {"chi", "pon"} & seen


def test_the_choice_is_the_option_the_program_values_most(log: list[str]) -> None:
    review = outside_values(log, 0, standin(), timeout=60)
    assert review.error is None and review.name == "mjai_reviewer_standin.py"
    chosen = [d for d in review.decisions.values() if d.choice is not None]
    assert len(chosen) > 0.8 * len(review.decisions)
    for decision in chosen:
        assert decision.values[decision.choice] == max(decision.values.values())


def test_a_reach_names_the_tile_it_would_declare_on(log: list[str]) -> None:
    declared = offered = 0
    for seat in range(players(log)):
        plays = {p.step: p.action for p in walk(log) if isinstance(p, Point) and p.actor == seat}
        review = outside_values(log, seat, standin("--riichi-value", "100"), timeout=60)
        assert review.error is None
        for step, decision in review.decisions.items():
            riichis = [k for k in decision.values if k.startswith("riichi ")]
            if not riichis:
                continue
            offered += 1
            assert decision.choice in riichis
            if isinstance(plays[step], Riichi):
                declared += 1  # its answer to the seat's reach event named the tile
            else:  # no reach event followed: the riichi tile it values most as a discard
                best = max(decision.values["discard " + k.split()[1]] for k in riichis)
                assert decision.values["discard " + decision.choice.split()[1]] == best
    assert offered and declared


def test_the_same_game_gives_the_same_review(log: list[str]) -> None:
    assert outside_values(log, 1, standin(), timeout=60) == outside_values(log, 1, standin(), timeout=60)


@pytest.mark.parametrize(
    ("case", "command", "timeout", "error"),
    [
        ("crash mid-game", standin("--crash-at", "300"), 30.0, "exited"),
        ("garbage mid-game", standin("--garbage-at", "300"), 30.0, "garbage"),
        ("meta that does not fit its mask", standin("--bad-meta-at", "300"), 30.0, "garbage"),
        ("sleeps past the timeout", standin("--sleep-at", "300"), 2.0, "timeout"),
        ("answers only where it acts (not review mode)", standin("--plain"), 2.0, "timeout"),
        ("started for another seat", standin("--seat", "3"), 30.0, "exited"),
        ("a program that does not exist", ["/nonexistent/reviewer"], 30.0, "exited"),
        ("an empty command", "  ", 30.0, "needs a command"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_a_failing_program_gives_an_error_keeps_what_it_found_and_never_hangs(
    case: str, command: str | list[str], timeout: float, error: str, one_log: list[str], full: OutsideReview
) -> None:
    log = one_log
    started = time.monotonic()
    review = outside_values(log, 0, command, timeout=timeout)
    assert time.monotonic() - started < timeout + 3
    assert review.error is not None and error in review.error, review.error
    assert len(review.decisions) < len(full.decisions)
    for step, decision in review.decisions.items():  # what it found before failing stands
        assert full.decisions[step] == decision
    if "300" in command:
        assert review.decisions


@pytest.mark.parametrize(
    ("case", "args", "timeout"),
    [("a review that ends", (), 30.0), ("a program that sleeps past the time", ("--sleep-at", "50"), 1.0)],
)
def test_the_program_is_gone_when_the_review_returns(
    case: str, args: tuple[str, ...], timeout: float, one_log: list[str], tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    outside_values(one_log, 0, standin("--pid-file", str(pid_file), *args), timeout=timeout)
    with pytest.raises(ProcessLookupError):  # killed and reaped: not even a zombie is left
        os.kill(int(pid_file.read_text()), 0)


def test_the_seat_is_named_to_the_program_where_it_asks(one_log: list[str]) -> None:
    review = outside_values(one_log, 2, standin("--seat", "{seat}"), timeout=60)
    assert review.error is None and review.decisions


# ------------------------------------------------------------------------------------------------ the mapping
@pytest.mark.parametrize(
    ("case", "meta", "values"),
    [
        ("no mask: no values", {}, {}),
        ("an empty mask", {"mask_bits": 0}, {}),
        ("one value per set bit, in bit order", {"mask_bits": 0b1010, "q_values": [1.5, -2]}, {1: 1.5, 3: -2.0}),
        ("pass is bit 45", {"mask_bits": 1 << 45, "q_values": [0.25]}, {45: 0.25}),
    ],
)
def test_action_values(case: str, meta: dict[str, object], values: dict[int, float]) -> None:
    assert action_values(meta) == values


@pytest.mark.parametrize(
    ("case", "meta"),
    [
        ("fewer values than bits", {"mask_bits": 0b11, "q_values": [1.0]}),
        ("more values than bits", {"mask_bits": 0b1, "q_values": [1.0, 2.0]}),
        ("a bit past the 46 actions", {"mask_bits": 1 << 46, "q_values": [1.0]}),
        ("a value that is not a number", {"mask_bits": 0b1, "q_values": ["1"]}),
        ("a mask that is not a number", {"mask_bits": "3", "q_values": [1.0, 2.0]}),
    ],
)
def test_action_values_refuses_what_does_not_fit(case: str, meta: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        action_values(meta)


M5, P1 = 4 * 4, 9 * 4  # the first 5m (red in the standard rules) and the first 1p
KANS = [ClosedKan((M5, M5 + 1, M5 + 2, M5 + 3)), AddedKan(P1), OpenKan((P1, P1 + 1, P1 + 2))]


@pytest.mark.parametrize(
    ("case", "legal", "values", "kans", "expected"),
    [
        (
            "a red five and a plain one are two discards",
            [Discard(M5), Discard(M5 + 1)],
            {34: 1.0, 4: 2.0},
            {},
            {"discard 0m": 1.0, "discard 5m": 2.0},
        ),
        ("a veiled discard has no mjai word", [Discard(M5 + 1, True)], {4: 2.0}, {}, {}),
        (
            "one kan value for every kan",
            KANS,
            {KAN: 3.0},
            {},
            {"closed_kan 5m": 3.0, "added_kan 1p": 3.0, "open_kan": 3.0},
        ),
        (
            "kan_select values name the kind",
            KANS,
            {KAN: 3.0},
            {4: -1.0, 9: 7.0},
            {"closed_kan 5m": -1.0, "added_kan 1p": 7.0, "open_kan": 3.0},
        ),
        ("pon and pass", [Pon((P1, P1 + 1)), Pass()], {PON: 0.5, NONE: 0.25}, {}, {"pon 11p": 0.5, "pass": 0.25}),
        (
            "an action the program did not offer has no value",
            [Pon((P1, P1 + 1)), Pass()],
            {NONE: 1.0},
            {},
            {"pass": 1.0},
        ),
    ],
)
def test_option_values(
    case: str, legal: list[Action], values: dict[int, float], kans: dict[int, float], expected: dict[str, float]
) -> None:
    assert option_values(legal, STANDARD, values, kans, None) == expected


@pytest.mark.parametrize(
    ("case", "reply", "keys", "key"),
    [
        ("a discard", {"type": "dahai", "pai": "5mr"}, ["discard 0m", "discard 5m"], "discard 0m"),
        ("a chi", {"type": "chi", "consumed": ["6m", "4m"]}, ["chi 46m", "pass"], "chi 46m"),
        (
            "a chi naming a plain five for the red one",
            {"type": "chi", "consumed": ["5p", "6p"]},
            ["chi 06p"],
            "chi 06p",
        ),
        ("a pon", {"type": "pon", "consumed": ["E", "E"]}, ["pon 11z", "pass"], "pon 11z"),
        ("an open kan", {"type": "daiminkan", "consumed": ["1p", "1p", "1p"]}, ["open_kan"], "open_kan"),
        ("an added kan", {"type": "kakan", "pai": "5sr"}, ["added_kan 5s"], "added_kan 5s"),
        ("a closed kan", {"type": "ankan", "consumed": ["C", "C", "C", "C"]}, ["closed_kan 7z"], "closed_kan 7z"),
        ("a win on a discard", {"type": "hora"}, ["ron", "pass"], "ron"),
        ("nine terminals", {"type": "ryukyoku"}, ["nine_terminals", "discard 1m"], "nine_terminals"),
        ("a pass", {"type": "none"}, ["pon 11z", "pass"], "pass"),
        ("a play the seat could not make", {"type": "dahai", "pai": "9s"}, ["discard 1m"], None),
        ("a tile that is no tile", {"type": "dahai", "pai": "10m"}, ["discard 1m"], None),
    ],
)
def test_reply_key(case: str, reply: dict[str, object], keys: list[str], key: str | None) -> None:
    assert reply_key(reply, keys) == key


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["mortal", "0"], "mortal"),
        (["/opt/mortal/bin/mortal"], "mortal"),
        (["python3", "-u", "tests/review/mjai_reviewer_standin.py", "--values", "label"], "mjai_reviewer_standin.py"),
    ],
)
def test_program_name(argv: list[str], name: str) -> None:
    assert program_name(argv) == name


def test_an_outside_review_is_plain_data() -> None:
    review = OutsideReview("x", None, {})
    assert review.decisions == {} and review.error is None


# ------------------------------------------------------------------------------------------------ the server's setting
@pytest.mark.parametrize(
    ("case", "env", "argv"),
    [
        ("none by default", {}, None),
        ("an empty setting is none", {"JANTAKU_REVIEWER": "  "}, None),
        ("a command with the seat in it", {"JANTAKU_REVIEWER": "mortal {seat}"}, ("mortal", "{seat}")),
        (
            "split as a shell would split it",
            {"JANTAKU_REVIEWER": "'/opt/my reviewer/run' -q"},
            ("/opt/my reviewer/run", "-q"),
        ),
    ],
)
def test_the_server_names_its_outside_reviewer(case: str, env: dict[str, str], argv: tuple[str, ...] | None) -> None:
    assert Settings.from_env(env).outside_reviewer() == argv


@pytest.mark.parametrize(
    ("case", "env", "message"),
    [
        ("an unclosed quote", {"JANTAKU_REVIEWER": "'mortal"}, "JANTAKU_REVIEWER"),
        ("no time at all", {"JANTAKU_REVIEWER_SECONDS": "0"}, "JANTAKU_REVIEWER_SECONDS"),
        ("a time that is no number", {"JANTAKU_REVIEWER_SECONDS": "soon"}, "JANTAKU_REVIEWER_SECONDS"),
    ],
)
def test_a_broken_reviewer_setting_stops_the_server_at_its_start(case: str, env: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Settings.from_env(env)


def test_the_setting_reviews_with_its_time(one_log: list[str], full: OutsideReview) -> None:
    settings = Settings.from_env({"JANTAKU_REVIEWER": f"{sys.executable} {STANDIN}", "JANTAKU_REVIEWER_SECONDS": "30"})
    argv = settings.outside_reviewer()
    assert argv is not None
    assert configured_outside(settings) == (argv, 30.0)  # what the review endpoint runs
    assert outside_values(one_log, 0, argv, timeout=settings.reviewer_seconds) == full


def test_the_review_shows_the_outside_values_beside_the_cpus(one_log: list[str], full: OutsideReview) -> None:
    result = review(one_log, 0, outside=full)
    assert result["outside"] == {"name": "mjai_reviewer_standin.py", "error": None}
    assert result["decisions"]
    for decision in result["decisions"]:
        theirs = full.decisions[decision["step"]]
        assert decision["outside_choice"] == theirs.choice
        for option in decision["options"]:
            assert option["outside"] == theirs.values.get(option["key"])
            if option["key"].startswith(("discard ", "pass")):
                assert option["outside"] is not None


# ------------------------------------------------------------------------------------------------ the command line
@pytest.mark.parametrize(
    ("case", "source"),
    [("our log", "ours"), ("a Tenhou mjlog record", "4p/2022060100gm-00a9-0000-01481d95.xml")],
)
def test_the_command_line_shows_the_outside_values(case: str, source: str, one_log: list[str], tmp_path: Path) -> None:
    if source == "ours":
        path = tmp_path / "game.jsonl"
        path.write_text("\n".join(one_log) + "\n", encoding="utf-8")
    else:
        path = corpus_path(source)
    command = f"{sys.executable} {STANDIN} --seat {{seat}}"
    result = invoke("review", str(path), "--seat", "1", "--json", "--outside", command)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["outside"] == {"name": "mjai_reviewer_standin.py", "error": None}
    valued = [o for d in out["decisions"] for o in d["options"] if o["outside"] is not None]
    assert valued and all(d["outside_choice"] is not None for d in out["decisions"] if d["kind"] == "turn")


def test_the_command_line_names_a_failing_outside_reviewer(one_log: list[str], tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(one_log) + "\n", encoding="utf-8")
    result = invoke(
        "review", str(path), "--seat", "0", "--json", "--outside", f"{sys.executable} {STANDIN} --crash-at 300"
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["outside"]["error"].startswith("exited")
    assert any(o["outside"] is not None for d in out["decisions"] for o in d["options"])  # what it found stands
