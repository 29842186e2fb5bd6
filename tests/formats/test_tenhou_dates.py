"""Tenhou's rules by date: the day read from a record's log id, the rules of that day (the all-last dealer's tenpai
stop only from ``TENPAI_STOP_SINCE``, docs/rules.md#last_dealer_stop_tenpai), and a record replayed under them.

The corpus holds no record from before the change (its earliest is of 2010-08-17), so the pre-change replay takes a
corpus game whose South 4 ends on the dealer's tenpai stop and names a copy of it with a pre-change log id: under
the old rule our game goes on where the record stops, which shows the date choosing the rule.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest

from jantaku.formats import TenhouFormatError, log_date, read_game
from jantaku.formats.tenhou_replay import replay_file, rules_for
from jantaku.rules.presets import TENHOU, TENHOU_SANMA, TENPAI_STOP_SINCE, tenhou_rules
from tests.formats.corpus import corpus_path

STOP_GAME = "4p/2022060102gm-00a9-0000-721b23eb.xml"  # South 4: the first-placed dealer's tenpai draw ends the game
HASH = "00a9-0000-721b23eb"


class DateRow(NamedTuple):
    name: str
    text: str
    expected: dt.date | None


DATE_ROWS = [
    DateRow("plain-id", f"2009082713gm-{HASH}", dt.date(2009, 8, 27)),
    DateRow("file-name-with-viewer-suffix", f"2010091009gm-{HASH}_tw_2.xml", dt.date(2010, 9, 10)),
    DateRow("five-digit-lobby", "2019020120gm-0009-10011-215330df.xml", dt.date(2019, 2, 1)),
    DateRow("id-inside-a-path-or-url", f"log=2010053123gm-{HASH}&tw=0", dt.date(2010, 5, 31)),
    DateRow("leap-day", f"2012022900gm-{HASH}.mjlog", dt.date(2012, 2, 29)),
    DateRow("no-id-is-undated", "game.xml", None),
    DateRow("text-is-undated", "<text>", None),
    DateRow("digits-without-an-id-are-undated", "2010053100.xml", None),
]


@pytest.mark.parametrize("row", DATE_ROWS, ids=[r.name for r in DATE_ROWS])
def test_log_date(row: DateRow) -> None:
    assert log_date(row.text) == row.expected


class BadIdRow(NamedTuple):
    name: str
    text: str
    reason: str


BAD_ID_ROWS = [
    BadIdRow("month-13", f"2010133109gm-{HASH}.xml", "20101331 is not a date"),
    BadIdRow("february-30", f"2010023009gm-{HASH}.xml", "20100230 is not a date"),
    BadIdRow("hour-24", f"2010060124gm-{HASH}.xml", "hour 24"),
    BadIdRow("short-date", f"20100601gm-{HASH}.xml", "does not start with a date and hour"),
    BadIdRow("no-date", f"gm-{HASH}.xml", "does not start with a date and hour"),
]


@pytest.mark.parametrize("row", BAD_ID_ROWS, ids=[r.name for r in BAD_ID_ROWS])
def test_a_malformed_log_id_is_refused(row: BadIdRow) -> None:
    with pytest.raises(ValueError, match=row.reason):
        log_date(row.text)


def test_reading_a_file_with_a_malformed_id_names_the_file_and_the_reason(tmp_path: Path) -> None:
    bad = tmp_path / f"2010133109gm-{HASH}.xml"
    shutil.copy(corpus_path(STOP_GAME), bad)
    with pytest.raises(TenhouFormatError, match=rf"^{bad.name}: log id .* is not a date"):
        read_game(bad)
    report = replay_file(bad)
    assert report.error is not None and report.line().startswith(f"ERROR {bad.name}: log id")


class RuleRow(NamedTuple):
    name: str
    players: int
    day: dt.date | None
    tenpai_stop: bool


RULE_ROWS = [
    RuleRow("undated-takes-today", 4, None, True),
    RuleRow("2009-the-old-rule", 4, dt.date(2009, 8, 27), False),
    RuleRow("announcement-day-old-rule", 4, dt.date(2010, 5, 18), False),
    RuleRow("last-day-seen-under-the-old-rule", 4, dt.date(2010, 6, 1), False),
    RuleRow("the-boundary-is-2010-06-02", 4, dt.date(2010, 6, 2), True),
    RuleRow("boundary-day-new-rule", 4, TENPAI_STOP_SINCE, True),
    RuleRow("corpus-earliest-new-rule", 4, dt.date(2010, 8, 17), True),
    RuleRow("sanma-before", 3, dt.date(2010, 6, 1), False),
    RuleRow("sanma-after", 3, dt.date(2023, 1, 1), True),
]


@pytest.mark.parametrize("row", RULE_ROWS, ids=[r.name for r in RULE_ROWS])
def test_tenhou_rules_by_date(row: RuleRow) -> None:
    rules = tenhou_rules(row.players, row.day)
    today = TENHOU_SANMA if row.players == 3 else TENHOU
    assert rules.last_dealer_stop_tenpai is row.tenpai_stop
    assert rules.with_options(last_dealer_stop_tenpai=True) == today  # nothing else changes with the date


class ReplayRow(NamedTuple):
    name: str
    file_name: str
    undated: dt.date | None
    line: str  # what the report's line starts with


REPLAY_ROWS = [
    ReplayRow("dated-after-the-change-identical", f"2022060102gm-{HASH}.xml", None, "ok    2022060102gm"),
    ReplayRow(
        "dated-before-the-change-plays-on",
        f"2010053100gm-{HASH}.xml",
        None,
        f"DIFF  2010053100gm-{HASH}.xml [rules of 2010-05-31: last_dealer_stop_tenpai=off]: 1/8 hands differ; first: "
        "S4-0 (hand 8): the record's game ends after this hand; ours goes on",
    ),
    ReplayRow("undated-takes-today", "game.xml", None, "ok    game.xml: 8 hands identical"),
    ReplayRow(
        "undated-told-a-pre-change-day",
        "game.xml",
        dt.date(2010, 6, 1),
        "DIFF  game.xml [rules of 2010-06-01: last_dealer_stop_tenpai=off]: ",
    ),
    ReplayRow("undated-told-the-boundary-day", "game.xml", dt.date(2010, 6, 2), "ok    game.xml: 8 hands"),
    ReplayRow("a-dated-record-keeps-its-own-day", f"2022060102gm-{HASH}.xml", dt.date(2010, 6, 1), "ok    2022"),
]


@pytest.mark.parametrize("row", REPLAY_ROWS, ids=[r.name for r in REPLAY_ROWS])
def test_a_record_replays_under_the_rules_of_its_day(row: ReplayRow, tmp_path: Path) -> None:
    path = tmp_path / row.file_name
    shutil.copy(corpus_path(STOP_GAME), path)
    report = replay_file(path, undated=row.undated)
    assert report.line().startswith(row.line), report.line()


def test_rules_for_uses_the_record_date_and_keeps_the_table_length(tmp_path: Path) -> None:
    path = tmp_path / f"2010053100gm-{HASH}.xml"
    shutil.copy(corpus_path(STOP_GAME), path)
    record = read_game(path)
    assert record.date == dt.date(2010, 5, 31)
    assert rules_for(record).last_dealer_stop_tenpai is False
    assert rules_for(read_game(corpus_path(STOP_GAME))).last_dealer_stop_tenpai is True
