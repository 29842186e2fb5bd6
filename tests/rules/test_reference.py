"""The rules reference (issue 15): every option explained once, in ``jantaku.rules.reference``; ``docs/rules.md``
and ``jantaku rules NAME`` both come from it, and the allowed values it lists are the ones ``RuleSet`` enforces."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from typer.testing import CliRunner

from jantaku.cli.app import app
from jantaku.rules import PRESETS, RuleError, RuleSet, preset
from jantaku.rules.reference import (
    BY_NAME,
    IDENTITY,
    OPTIONS,
    SOURCES,
    _check_complete,
    allowed_values,
    markdown,
    option_rows,
)
from jantaku.rules.ruleset import CHOICES, RANGES

ROOT = Path(__file__).resolve().parents[2]
FIELDS = [f.name for f in dataclasses.fields(RuleSet)]


def test_every_option_is_explained_once() -> None:
    assert _check_complete() == []
    assert sorted(o.name for o in OPTIONS) == sorted(FIELDS)
    assert len(BY_NAME) == len(OPTIONS)
    for o in OPTIONS:
        assert o.meaning and o.group, o.name


def test_docs_rules_md_is_generated_from_the_reference() -> None:
    """Regenerate with: .venv/bin/python tools/gen_rules_doc.py"""
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == markdown()


def test_the_document_lists_every_option_preset_and_term() -> None:
    text = markdown()
    for name in FIELDS:
        if name not in IDENTITY:
            assert f"| `{name}` |" in text, name
    for name, rules in PRESETS.items():
        assert f"| `{name}` | {rules.description}" in text
    for term in ("Tenpai", "Karaten", "Furiten", "First go-around", "Liability (pao)"):
        assert f"**{term}**" in text
    assert "RULES.md" not in text and "seeds/" not in text


@pytest.mark.parametrize("name", list(PRESETS))
def test_sources_are_readable_names(name: str) -> None:
    source = PRESETS[name].source
    assert ".txt" not in source and "/" not in source
    assert any(source.startswith(key) or source.startswith(f"{key}'s") for key in SOURCES), source


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
    assert "docs/rules.md" in result.stdout and "RULES.md" not in result.stdout.replace("docs/rules.md", "")
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
def test_number_options_keep_to_their_range(name: str, bounds: tuple[int, int | None]) -> None:
    low, high = bounds
    base = preset("sanma") if name == "max_replacements" else preset("standard")
    with pytest.raises(RuleError, match=name):
        base.with_options(**{name: low - 1})
    if high is not None:
        with pytest.raises(RuleError, match=name):
            base.with_options(**{name: high + 1})
    if name != "players":  # 3 players needs other options changed with it (no chi, no red 5m)
        assert getattr(base.with_options(**{name: low}), name) == low
