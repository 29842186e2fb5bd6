"""Rich views: the scoring sheet, the shanten/discard tables and the rule tables.

User text (hands, option values) always goes in as ``Text`` or escaped, so meld brackets are never read as markup.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from jantaku.cli.requests import Request, wind_name
from jantaku.rules import RuleSet
from jantaku.rules.descriptions import option_rows
from jantaku.scoring.riichi import ScoreResult
from jantaku.tiles import EAST, code_name, dora_after, kind_name, kind_of, long_name

BONUS_KEYS = ("dora", "ura", "aka", "kita")


def _seat_label(kind: int) -> str:
    return f"{wind_name(kind)} (dealer)" if kind == EAST else wind_name(kind)


def _indicator_text(codes: tuple[int, ...], sanma: bool) -> str:
    return ", ".join(f"{code_name(c)} → {kind_name(dora_after(kind_of(c), sanma))}" for c in codes)


def _discarder(req: Request) -> int | None:
    ctx = req.ctx
    if ctx.tsumo:
        return None
    if ctx.discarder is not None:
        return ctx.discarder
    return EAST + (ctx.seat_wind - EAST - 1) % req.rules.players


def _yaku_value(y: dict[str, Any], rules: RuleSet) -> str:
    if "han" in y:
        return str(y["han"])
    if y["yakuman"] == 2:
        # the scorer lists the double forms as 2 even where the rules count them single
        return "double yakuman" if y["name"] in rules.double_yakuman else "yakuman (not doubled)"
    return "yakuman" if y["yakuman"] == 1 else f"{y['yakuman']}x yakuman"


def _sheet_head(req: Request, how: str, arrangement: str) -> Table:
    """The first lines of a score sheet (riichi or Zung Jung): the hand, the winning tile and how, the reading."""
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold cyan", no_wrap=True)
    head.add_column()
    hand_line = Text(str(req.hand), style="bold")
    hand_line.append("  +  ")
    hand_line.append(code_name(req.win), style="bold yellow")
    hand_line.append(f" ({long_name(kind_of(req.win))}) by {how}")
    head.add_row("Hand", hand_line)
    head.add_row("Reading", Text(arrangement))
    return head


def score_sheet(req: Request, result: ScoreResult) -> RenderableType:
    """The full scoring sheet of one win."""
    d = result.to_dict()
    ctx, rules = req.ctx, req.rules
    sanma = rules.sanma

    how = "tsumo" if ctx.tsumo else f"ron off {wind_name(_discarder(req) or EAST)}'s discard"
    head = _sheet_head(req, how, d["arrangement"])
    head.add_row(
        "Table",
        Text(f"{wind_name(ctx.round_wind)} round, seat {_seat_label(ctx.seat_wind)}, rules {rules.name}"),
    )

    yaku = Table(box=box.SIMPLE_HEAD, title="Yaku", title_justify="left", title_style="bold")
    yaku.add_column("Yaku")
    yaku.add_column("Romaji", style="dim")
    yaku.add_column("Han", justify="right")
    bonus = [y for y in d["yaku"] if y["name"] in BONUS_KEYS]
    for y in d["yaku"]:
        if y["name"] in BONUS_KEYS:
            continue
        yaku.add_row(y["english"], y["romaji"], _yaku_value(y, rules))
    dora_rows: list[tuple[str, str, str]] = []
    if ctx.dora:
        dora_rows.append(("Dora indicators", _indicator_text(ctx.dora, sanma), ""))
    if ctx.ura:
        dora_rows.append(("Ura indicators", _indicator_text(ctx.ura, sanma), ""))
    if ctx.kita:
        dora_rows.append(("Norths extracted", str(ctx.kita), ""))
    if bonus or dora_rows:
        yaku.add_section()
        for label, text, value in dora_rows:
            yaku.add_row(Text(label, style="dim"), Text(text, style="dim"), value)
        for y in bonus:
            yaku.add_row(y["english"], y["romaji"], str(y.get("han", 0)))

    total = Table.grid(padding=(0, 2))
    total.add_column(style="bold cyan", no_wrap=True)
    total.add_column()
    if result.yakuman and not result.han:
        total.add_row("Value", Text(str(d["limit"]), style="bold magenta"))
    else:
        han_fu = Text(f"{d['han']} han {d['fu']} fu", style="bold")
        if d["limit"]:
            han_fu.append(f"  →  {d['limit']}", style="bold magenta")
        total.add_row("Value", han_fu)

    parts: list[RenderableType] = [head, yaku, total]
    if d["fu_breakdown"]:
        fu = Table(box=box.SIMPLE_HEAD, title="Fu", title_justify="left", title_style="bold")
        fu.add_column("Item")
        fu.add_column("Fu", justify="right")
        for item in d["fu_breakdown"]:
            fu.add_row(item["item"], str(item["fu"]))
        raw = sum(item["fu"] for item in d["fu_breakdown"])
        fu.add_section()
        fu.add_row(Text(f"total {raw}, rounded up to 10" if raw != d["fu"] else "total"), Text(str(d["fu"])))
        parts.append(fu)
    parts.append(payments_table(req, result))
    return Panel(Group(*parts), title="[bold]Scoring sheet[/]", expand=False)


def payments_table(req: Request, result: ScoreResult) -> RenderableType:
    ctx, rules = req.ctx, req.rules
    players = rules.players
    honba_total = rules.honba_per_payer * ctx.honba * (players - 1)
    deposits = 1000 * ctx.sticks
    discarder = _discarder(req)
    table = Table(box=box.SIMPLE_HEAD, title="Payments", title_justify="left", title_style="bold")
    table.add_column("Seat")
    table.add_column("Role")
    table.add_column("Points", justify="right")
    for letter, delta in result.to_dict()["payments"].items():
        kind = EAST + "ESWN".index(letter)
        if kind == ctx.seat_wind:
            role = "winner"
        elif ctx.pao is not None and kind == ctx.pao and delta:
            role = "pays (liable, pao)"
        elif discarder is not None:
            role = "dealt in" if kind == discarder else ""
        else:
            role = "pays"
        if ctx.tsumo and delta == 0 and kind != ctx.seat_wind:
            role = ""
        style = "green" if delta > 0 else "red" if delta < 0 else "dim"
        table.add_row(_seat_label(kind), role, Text(f"{delta:+d}", style=style))
    table.add_section()
    table.add_row("Hand value", "", Text(str(result.points), style="bold"))
    table.add_row(f"Honba {ctx.honba}", f"{rules.honba_per_payer} × {ctx.honba} × {players - 1}", f"+{honba_total}")
    table.add_row(f"Deposits {ctx.sticks}", f"1000 × {ctx.sticks}", f"+{deposits}")
    table.add_row(
        Text(f"{wind_name(ctx.seat_wind)} receives", style="bold"),
        "",
        Text(f"+{result.points + honba_total + deposits}", style="bold green"),
    )
    return table


def shanten_view(report: dict[str, Any]) -> RenderableType:
    s = report["shanten"]
    forms = Table(box=box.SIMPLE_HEAD, title=Text(report["hand"]), title_justify="left", title_style="bold")
    forms.add_column("Form")
    forms.add_column("Shanten", justify="right")

    def fmt(v: int | None) -> str:
        if v is None:
            return "—"
        return "complete" if v == -1 else "tenpai" if v == 0 else str(v)

    forms.add_row("standard", fmt(s["standard"]))
    forms.add_row("seven pairs", fmt(s["seven_pairs"]))
    forms.add_row("thirteen orphans", fmt(s["thirteen_orphans"]))
    forms.add_section()
    forms.add_row(Text("minimum", style="bold"), Text(f"{s['minimum']}  ({fmt(s['minimum'])})", style="bold"))
    parts: list[RenderableType] = [forms]
    if report["kind"] == "draw":
        label = "Waits" if report["tenpai"] else "Accepting tiles"
        if report["accepting"]:
            line = Text(f"{label}: ", style="bold")
            line.append(_tile_list(report["accepting"]))
            line.append(f"  ({report['accepting_total']} unseen)", style="dim")
        else:
            line = Text(f"{label}: none", style="bold red")
        parts.append(line)
    else:
        table = Table(box=box.SIMPLE_HEAD, title="Discards, best first", title_justify="left", title_style="bold")
        table.add_column("Discard")
        table.add_column("Shanten", justify="right")
        table.add_column("Accepting tiles (unseen)")
        table.add_column("Total", justify="right")
        for o in report["discards"]:
            table.add_row(o["discard"], str(o["shanten"]), _tile_list(o["tiles"]) or "—", str(o["total"]))
        parts.append(table)
    return Group(*parts)


def _tile_list(tiles: list[dict[str, Any]]) -> str:
    return " ".join(f"{t['tile']}×{t['unseen']}" for t in tiles)


def presets_table(presets: dict[str, RuleSet]) -> RenderableType:
    table = Table(
        title="Rule presets",
        caption="jantaku rules NAME: every option of a preset, a line each; all of them explained in docs/rules.md",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        title_style="bold",
    )
    table.add_column("Name", style="bold cyan", no_wrap=True)
    table.add_column("Description")
    table.add_column("Source", style="dim")
    for name, rules in presets.items():
        table.add_row(name, rules.description, rules.source)
    return table


def options_lines(rules: RuleSet) -> list[Text]:
    """Every option of ``rules``, one line each: name, value, meaning and [allowed values] (``docs/rules.md`` is
    made from the same source). Printed with soft wrap, so a line stays one line on any terminal width."""
    out = [
        Text(f"{rules.name} — {rules.description}", style="bold"),
        Text(f"source: {rules.source}; every option and term explained in docs/rules.md", style="dim"),
        Text(""),
    ]
    rows = option_rows(rules)
    name_width = max(len(r[0]) for r in rows)
    value_width = min(16, max(len(r[1]) for r in rows))
    for name, value, allowed, meaning in rows:
        line = Text(f"{name:<{name_width}}  ", style="cyan")
        line.append(f"{value:<{value_width}}  ", style="bold")
        line.append(meaning)
        line.append(f"  [{allowed}]", style="dim")
        out.append(line)
    return out


def zung_jung_sheet(req: Request, data: dict[str, Any]) -> RenderableType:
    """The pattern sheet of a Zung Jung win (``data``: the scorer's JSON result)."""
    ctx = req.ctx
    how = "self-draw" if ctx.tsumo else f"discard of {wind_name(EAST + 'ESWN'.index(data['payer']))}"
    head = _sheet_head(req, how, data["arrangement"])
    head.add_row("Table", Text(f"seat {_seat_label(ctx.seat_wind)}, rules {req.rules.name} (no round wind)"))
    patterns = Table(box=box.SIMPLE_HEAD, title="Patterns", title_justify="left", title_style="bold")
    patterns.add_column("No.")
    patterns.add_column("Pattern")
    patterns.add_column("Points", justify="right")
    for p in data["patterns"]:
        name = p["name"] if p["count"] == 1 else f"{p['name']} × {p['count']}"
        patterns.add_row(p["number"], Text(name), str(p["points"]))
    if data["chicken"]:
        patterns.add_row("", Text("Chicken hand (no pattern)"), str(data["value"]))
    value = Text(f"{data['value']} points", style="bold")
    if data["capped"]:
        value.append(f"  (capped; the patterns add up to {data['total']})", style="bold magenta")
    total = Table.grid(padding=(0, 2))
    total.add_column(style="bold cyan", no_wrap=True)
    total.add_column()
    total.add_row("Value", value)
    pay = Table(box=box.SIMPLE_HEAD, title="Payments", title_justify="left", title_style="bold")
    pay.add_column("Seat")
    pay.add_column("Role")
    pay.add_column("Points", justify="right")
    for letter, delta in data["payments"].items():
        kind = EAST + "ESWN".index(letter)
        role = "winner" if letter == data["winner"] else "dealt in" if letter == data["payer"] else ""
        if not role and ctx.tsumo and delta:
            role = "pays"
        style = "green" if delta > 0 else "red" if delta < 0 else "dim"
        pay.add_row(_seat_label(kind), role, Text(f"{delta:+d}", style=style))
    return Panel(Group(head, patterns, total, pay), title="[bold]Zung Jung scoring sheet[/]", expand=False)


__all__ = ["options_lines", "presets_table", "score_sheet", "shanten_view", "zung_jung_sheet"]
