"""A review as one self-contained HTML page (``jantaku review LOG --seat N --html``), in the manner of
mjai-reviewer's reports: the summary, the largest losses linked to their decisions, then every hand with its
decisions, each with its options ranked, the option played and the CPU's choice marked, and the loss.

One file: inline CSS, no scripts, no images (tiles are small boxes with their notation), so it opens anywhere and can
be mailed or attached. Every text that came from a log (names) is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from jantaku.tiles import NotationError, code_name, parse_tiles

#: the page's only style: tiles are boxes coloured by suit (a red five on red), the played row highlighted
CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60em;padding:1em;color:#222;background:#fafaf7}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.4em 0 1em}th,td{padding:.15em .6em;text-align:right}
th:first-child,td:first-child{text-align:left}thead th{border-bottom:1px solid #999}
.summary td{text-align:left}.decision{margin:.8em 0;padding:.4em .8em;background:#fff;border:1px solid #ddd}
.decision.lost{border-left:4px solid #c33}.decision h3{font-size:1em;margin:.2em 0}
.t{display:inline-block;min-width:1.6em;padding:0 .2em;margin:0 1px;border:1px solid #888;border-radius:3px;
background:#fff;font:bold 12px/1.5 monospace;text-align:center}
.m{color:#1a4d8f}.p{color:#8f1a1a}.s{color:#1a7a2e}.z{color:#333}.red{background:#fde2e2}
tr.played td{background:#fff4cc}tr.choice td:first-child{font-weight:bold}
.mark{font-size:.8em;color:#555;margin-left:.4em}.loss{color:#c33;font-weight:bold}.muted{color:#777}
a{color:#1a4d8f}
"""


def tile(name: str) -> str:
    """A tile in notation (``5m``, ``0p``) as a small box."""
    suit = {"m": "m", "p": "p", "s": "s"}.get(name[-1:], "z")
    red = " red" if name.startswith("0") else ""
    return f'<span class="t {suit}{red}">{html.escape(name)}</span>'


def option_html(key: str) -> str:
    """An option key with its tiles as boxes: ``discard 5m`` → discard [5m]; ``chi 46m`` → chi [4m][6m]."""
    verb, _, rest = key.partition(" ")
    if not rest or verb == "power":
        return html.escape(key)
    try:
        tiles = "".join(tile(code_name(c)) for c in parse_tiles(rest))
    except NotationError:
        return html.escape(key)
    return f"{html.escape(verb)} {tiles}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _anchor(index: int) -> str:
    return f"d{index}"


def _moment(link: str | None, decision: Mapping[str, Any]) -> str:
    if not link:
        return ""
    sep = "&" if "?" in link else "?"
    href = html.escape(f"{link}{sep}step={decision['step']}")
    return f' <a href="{href}">replay</a>'


def _options_table(decision: Mapping[str, Any], outside: bool) -> str:
    head = "<th>option</th><th>EV (points)</th><th>win</th><th>deal-in</th>" + ("<th>outside</th>" if outside else "")
    rows = []
    for o in decision["options"]:
        classes = []
        marks = []
        if o["key"] == decision["choice"]:
            classes.append("choice")
            marks.append("CPU")
        if o["key"] == decision["played"]:
            classes.append("played")
            marks.append("played")
        if outside and o["key"] == decision.get("outside_choice"):
            marks.append("outside")
        mark = f'<span class="mark">{" · ".join(marks)}</span>' if marks else ""
        cells = [
            f"<td>{option_html(o['key'])}{mark}</td>",
            f"<td>{o['ev']:.0f}</td>",
            f"<td>{_pct(o['win'])}</td>",
            f"<td>{_pct(o['deal_in'])}</td>",
        ]
        if outside:
            value = o.get("outside")
            cells.append(f"<td>{'' if value is None else f'{value:.3f}'}</td>")
        rows.append(f'<tr class="{" ".join(classes)}">{"".join(cells)}</tr>')
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def render(review: Mapping[str, Any], *, title: str = "", link: str | None = None) -> str:
    """The report page of ``review`` (``review.reviewer.review``'s dict). ``link``: the replay address of the game
    for this seat (``/replay/ID?seat=N``), each decision then links its moment (``&step=K``)."""
    seat = int(review["seat"])
    names: Sequence[str] = review.get("names") or []
    who = names[seat] if seat < len(names) and names[seat] else f"seat {seat}"
    s = review["summary"]
    decisions: Sequence[Mapping[str, Any]] = review["decisions"]
    outside = review.get("outside")
    heading = f"Review of {who}" + (f" — {title}" if title else "")
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width,initial-scale=1">',
        f"<title>{html.escape(heading)}</title><style>{CSS}</style></head><body>",
        f"<h1>{html.escape(heading)}</h1>",
        '<table class="summary">',
        f"<tr><th>reviewer</th><td>jantaku {html.escape(str(review.get('reviewer', 'strong')))} CPU</td></tr>",
        f"<tr><th>decisions reviewed</th><td>{s['decisions']}</td></tr>",
        f"<tr><th>agreement</th><td>{s['agreed']} ({_pct(s['agreement'])})</td></tr>",
        f"<tr><th>total loss</th><td>{s['loss']:.0f} points (expected)</td></tr>",
    ]
    if outside:
        state = "ran" if outside.get("error") is None else f"failed: {outside['error']}"
        parts.append(
            f"<tr><th>outside reviewer</th><td>{html.escape(str(outside['name']))} ({html.escape(state)})</td></tr>"
        )
    parts.append("</table>")
    if s["largest"]:
        parts.append("<h2>Largest losses</h2><ol>")
        for i in s["largest"]:
            d = decisions[i]
            parts.append(
                f'<li><a href="#{_anchor(i)}">{html.escape(d["label"])}, step {d["step"]}</a>: '
                f"played {option_html(d['played'])}, CPU {option_html(d['choice'])} "
                f'<span class="loss">−{d["loss"]:.0f}</span></li>'
            )
        parts.append("</ol>")
    hand = None
    for i, d in enumerate(decisions):
        if d["hand"] != hand:
            hand = d["hand"]
            parts.append(f"<h2>Hand {html.escape(d['label'])}</h2>")
        lost = d["loss"] > 0
        verdict = (
            '<span class="muted">agrees</span>'
            if d["agree"]
            else f'<span class="loss">−{d["loss"]:.0f}</span>'
            if lost
            else '<span class="muted">differs, no loss</span>'
        )
        if d.get("by_rule"):
            verdict += ' <span class="mark">the CPU chose by a rule, not by these numbers</span>'

        parts.append(
            f'<div class="decision{" lost" if lost else ""}" id="{_anchor(i)}">'
            f"<h3>{html.escape(d['label'])} · step {d['step']} · {html.escape(d['kind'])} · {verdict}"
            f"{_moment(link, d)}</h3>"
            f"{_options_table(d, bool(outside))}</div>"
        )
    if not decisions:
        parts.append("<p>No decision with more than one option.</p>")
    parts.append(
        '<p class="muted">EV: the points the strong CPU expects from each option; win: its chance to win the hand '
        "from there; deal-in: the chance the tile thrown now deals in. The CPU's choice is listed first.</p>"
    )
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
