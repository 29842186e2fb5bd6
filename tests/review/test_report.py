"""``review.report``: the review as one self-contained HTML page."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest

from jantaku.review.report import option_html, render
from jantaku.review.reviewer import review
from jantaku.sim.play import play_game


@cache
def page(link: str | None = None) -> tuple[dict[str, Any], str]:
    log = play_game("standard", ["strong", "easy", "normal", "normal"], 5, 0, keep_log=True).log
    assert log is not None
    out = review(log, 1, names=["a", "<b>x</b>", "c", "d"])
    return out, render(out, title="test game", link=link)


class Parsed(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))


def parsed(text: str) -> Parsed:
    p = Parsed()
    p.feed(text)
    return p


def test_the_page_is_self_contained() -> None:
    _, text = page()
    tags = parsed(text).tags
    assert "style" in tags and not tags & {"script", "img", "link", "iframe"}
    assert "http" not in text


def test_largest_losses_link_to_their_decisions() -> None:
    out, text = page()
    p = parsed(text)
    largest = out["summary"]["largest"]
    assert largest
    inner = [h for h in p.hrefs if h.startswith("#")]
    assert len(inner) == len(largest) and all(h[1:] in p.ids for h in inner)


def test_every_decision_has_its_table_with_played_and_choice_marked() -> None:
    out, text = page()
    decisions = out["decisions"]
    assert text.count('class="decision') == len(decisions)
    assert text.count("<table>") == len(decisions)
    assert len(re.findall(r'<tr class="[^"]*\bplayed\b', text)) == len(decisions)
    assert len(re.findall(r'<tr class="[^"]*\bchoice\b', text)) == len(decisions)


def test_a_choice_made_by_a_rule_says_so() -> None:
    out, text = page()
    by_rule = sum(1 for d in out["decisions"] if d["by_rule"])
    assert by_rule and text.count("the CPU chose by a rule") == by_rule


def test_names_from_a_log_are_escaped() -> None:
    _, text = page()
    assert "&lt;b&gt;x&lt;/b&gt;" in text and "<b>x</b>" not in text


def test_a_replay_link_points_each_decision_at_its_step() -> None:
    out, text = page("/replay/g1?seat=1")
    first = out["decisions"][0]
    assert f"/replay/g1?seat=1&amp;step={first['step']}" in text


@pytest.mark.parametrize(
    ("key", "html"),
    [
        ("discard 5m", 'discard <span class="t m">5m</span>'),
        ("riichi 0p", 'riichi <span class="t p red">0p</span>'),
        ("chi 46s", 'chi <span class="t s">4s</span><span class="t s">6s</span>'),
        ("closed_kan 1z", 'closed_kan <span class="t z">1z</span>'),
        ("pass", "pass"),
        ("power seal 2", "power seal 2"),
    ],
)
def test_option_keys_draw_their_tiles(key: str, html: str) -> None:
    assert option_html(key) == html
