"""The rules in words: every option described once, in ``jantaku.rules.descriptions``; ``docs/rules.md`` and
``jantaku rules NAME`` both come from it, every source it cites is listed, and the allowed values it lists are the
ones ``RuleSet`` enforces."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jantaku.cli.app import app
from jantaku.rules import PRESETS, RuleError, RuleSet, preset
from jantaku.rules.descriptions import (
    BY_NAME,
    IDENTITY,
    OPTIONS,
    SHARED,
    SOURCES,
    TERMS,
    allowed_values,
    group_heading,
    markdown,
    missing_descriptions,
    option_rows,
    preset_values,
)
from jantaku.rules.ruleset import CHOICES, RANGES, Bounds

ROOT = Path(__file__).resolve().parents[2]
FIELDS = [f.name for f in dataclasses.fields(RuleSet)]


def test_every_option_is_explained_once() -> None:
    assert missing_descriptions() == []
    assert sorted(o.name for o in OPTIONS) == sorted(FIELDS)
    assert len(BY_NAME) == len(OPTIONS)
    for o in OPTIONS:
        assert o.meaning and o.group, o.name


def test_docs_rules_md_is_generated_from_the_descriptions() -> None:
    """Regenerate with: .venv/bin/python tools/gen_rules_doc.py"""
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == markdown()


def test_the_document_lists_every_option_preset_and_term() -> None:
    text = markdown()
    for name in FIELDS:
        if name not in IDENTITY:
            assert f"\n### {name}\n\n{BY_NAME[name].meaning[0].upper()}" in text, name
    for name, rules in PRESETS.items():
        assert f"| `{name}` | {rules.description}" in text
    for term in ("Tenpai", "Karaten", "Furiten", "First go-around", "Liability (pao)"):
        assert f"\n### {term}\n" in text
    assert "seeds/" not in text and ".txt" not in text  # sources are cited by key, never by file


def test_every_option_says_where_its_values_come_from() -> None:
    for o in OPTIONS:
        if o.name not in IDENTITY:
            assert o.source or o.reason, o.name


def test_every_cited_source_is_listed() -> None:
    cited = set(re.findall(r"\[(?:S\d|T)\]", markdown()))
    assert cited == set(SOURCES), cited ^ set(SOURCES)


def test_every_preset_value_is_listed_once() -> None:
    for o in OPTIONS:
        holders = [name for _, names in preset_values(o.name) for name in names]
        assert sorted(holders) == sorted(PRESETS), o.name
    assert dict(preset_values("kiriage"))["on"] == ["classic", "classic-east"]


def test_each_option_term_and_section_has_its_own_heading() -> None:
    """Code cites ``docs/rules.md#<anchor>``: every heading is unique, so every anchor is stable."""
    headings = re.findall(r"^#+ (.+)$", markdown(), re.M)
    assert len(headings) == len(set(headings))
    expected = [o.name for o in OPTIONS if o.name not in IDENTITY] + [t.name for t in TERMS]
    expected += [heading for heading, _ in SHARED] + [group_heading(o.group) for o in OPTIONS[3:]]
    assert set(expected) <= set(headings)


@pytest.mark.parametrize("name", list(PRESETS))
def test_sources_are_readable_names(name: str) -> None:
    source = PRESETS[name].source
    assert ".txt" not in source and "/" not in source
    assert any(source.startswith(key + " ") for key in SOURCES), source


@pytest.mark.parametrize("name", list(PRESETS))
def test_jantaku_rules_name_prints_one_line_per_option(name: str) -> None:
    result = CliRunner().invoke(app, ["rules", name], env={"COLUMNS": "60"})  # narrow: lines must not wrap
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    rows = option_rows(PRESETS[name])
    assert len(rows) == len(FIELDS) - len(IDENTITY)
    for option, value, allowed, meaning in rows:
        (line,) = [ln for ln in lines if ln.split(" ", 1)[0] == option]
        assert f" {value} " in line and meaning in line and f"[{allowed}]" in line, line
    assert PRESETS[name].source in result.stdout and "docs/rules.md" in result.stdout


def test_rules_list_points_to_the_reference() -> None:
    result = CliRunner().invoke(app, ["rules"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "docs/rules.md" in result.stdout and ".txt" not in result.stdout
    for rules in PRESETS.values():
        assert rules.source in result.stdout


@pytest.mark.parametrize(("name", "allowed"), list(CHOICES.items()))
def test_text_options_take_exactly_their_listed_values(name: str, allowed: tuple[str, ...]) -> None:
    base = preset("zung-jung") if name == "zj_win_priority" else preset("standard")
    for value in allowed:
        assert getattr(base.with_options(**{name: value}), name) == value
    with pytest.raises(RuleError, match=f"{name} must be .*{allowed[-1]}, not 'bogus'"):
        base.with_options(**{name: "bogus"})
    assert allowed_values(name) == ", ".join(allowed)  # what `jantaku rules` and docs/rules.md list


@pytest.mark.parametrize(("name", "bounds"), list(RANGES.items()))
def test_number_options_keep_to_their_range(name: str, bounds: Bounds) -> None:
    base = preset("zung-jung") if name == "zj_hands" else preset("standard")
    current = getattr(base, name)
    for outside in (bounds.low - bounds.step, bounds.high + bounds.step):
        value = tuple(outside for _ in current) if isinstance(current, tuple) else outside
        with pytest.raises(RuleError, match=f"{name} must be {re.escape(bounds.words())}"):
            base.with_options(**{name: value})
    assert bounds.words() in allowed_values(name)  # what `jantaku rules` and docs/rules.md list
