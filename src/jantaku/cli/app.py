"""The Typer application: ``score`` (single and batch), ``shanten``, ``rules``, ``simulate`` and ``demo``.

Exit codes: 0 success; 1 the hand cannot win (``not_winning``, ``no_yaku``); 2 bad input (notation, context, rules,
options, usage). Errors are one line on stderr: ``error: CODE: message``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from jantaku.cli.analysis import shanten_report
from jantaku.cli.batch import run_batch
from jantaku.cli.render import options_lines, presets_table, score_sheet, shanten_view, zung_jung_sheet
from jantaku.cli.requests import (
    InputError,
    Request,
    build_request,
    load_rules,
    parse_hand,
    parse_option_pairs,
    run_request,
)
from jantaku.rules import PRESETS, preset
from jantaku.scoring.dispatch import ZungJungError
from jantaku.scoring.riichi import ScoringError, score

#: Error codes that mean "the input is fine but the hand cannot win" (exit 1); everything else exits 2.
CANNOT_WIN = frozenset({"not_winning", "no_yaku"})
EXIT_CODES_HELP = (
    "Exit status: 0 scored; 1 the hand cannot win (not_winning, no_yaku); "
    "2 bad input (invalid_hand, invalid_context, invalid_rules, usage, io_error). "
    "Errors print one line on stderr: 'error: CODE: message'."
)


#: ``--option KEY=VALUE`` (repeatable): a rule option changed from the preset, for the commands that take rules
RuleOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="Change a rule option of the preset (repeatable; `jantaku rules NAME` lists them), e.g. --rules sanma "
        "--option superpowers=true.",
    ),
]

app = typer.Typer(
    help="jantaku: mahjong hand calculator and rules engine.",
    epilog=EXIT_CODES_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,  # plain help: flags are listed without a type, options with their metavar
)


def _fail(code: str, message: str) -> NoReturn:
    sys.stderr.write(f"error: {code}: {message}\n")
    raise typer.Exit(1 if code in CANNOT_WIN else 2)


def _tenhou_day(text: str | None) -> dt.date | None:
    """``--tenhou-date``: the day whose Tenhou rules an undated record takes (None: today's rules)."""
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        _fail("usage", f"--tenhou-date {text!r} is not a day YYYY-MM-DD")


def _console() -> Console:
    return Console(highlight=False)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def version() -> str:
    """The installed package's version (the source tree's when it is not installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("jantaku")
    except PackageNotFoundError:  # pragma: no cover - running from a checkout without an install
        from jantaku import __version__

        return __version__


def _print_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"jantaku {version()}\n")
        raise typer.Exit()


@app.callback()
def main(
    show_version: Annotated[
        bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """jantaku: mahjong hand calculator and rules engine."""


#: ``score`` parameters a ``--batch`` run takes as defaults for every line (each has the batch key of its name).
BATCH_DEFAULTS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "dora",
    "ura",
    "kita",
    "round_wind",
    "seat_wind",
    "honba",
    "sticks",
    "discarder",
    "pao",
    "rules",
)
WIND = "WIND"


@app.command("score", epilog=EXIT_CODES_HELP)
def score_cmd(
    ctx: typer.Context,
    hand: Annotated[
        str | None,
        typer.Argument(
            metavar="HAND",
            help="Concealed tiles without the winning tile, then melds: '123m456p789s1z [555p] (1111z)'.",
            show_default=False,
        ),
    ] = None,
    win: Annotated[
        str | None,
        typer.Argument(metavar="WIN", help="The winning tile, e.g. 1z or 0p (red five).", show_default=False),
    ] = None,
    tsumo: Annotated[bool, typer.Option("--tsumo", help="Won by self-draw.")] = False,
    ron: Annotated[bool, typer.Option("--ron", help="Won on a discard (the default).")] = False,
    riichi: Annotated[bool, typer.Option("--riichi", help="Riichi declared.")] = False,
    double_riichi: Annotated[bool, typer.Option("--double-riichi", help="Double riichi declared.")] = False,
    ippatsu: Annotated[bool, typer.Option("--ippatsu", help="Won within one go-around of riichi.")] = False,
    rinshan: Annotated[bool, typer.Option("--rinshan", help="Won on a kan replacement tile (tsumo).")] = False,
    chankan: Annotated[bool, typer.Option("--chankan", help="Won by robbing a kan (ron).")] = False,
    haitei: Annotated[bool, typer.Option("--haitei", help="Won on the last draw (tsumo).")] = False,
    houtei: Annotated[bool, typer.Option("--houtei", help="Won on the last discard (ron).")] = False,
    tenhou: Annotated[
        bool, typer.Option("--tenhou", help="Blessing of Heaven (the yaku; dealer's first draw).")
    ] = False,
    chiihou: Annotated[bool, typer.Option("--chiihou", help="Blessing of Earth (non-dealer's first draw).")] = False,
    renhou: Annotated[bool, typer.Option("--renhou", help="Blessing of Man (ron before the first draw).")] = False,
    dora: Annotated[
        list[str] | None,
        typer.Option(metavar="TILES", help="Dora indicator(s); repeat or join: --dora 3z --dora 5m, --dora 3z5m."),
    ] = None,
    ura: Annotated[list[str] | None, typer.Option(metavar="TILES", help="Ura dora indicator(s), like --dora.")] = None,
    kita: Annotated[int, typer.Option(metavar="N", help="Norths extracted (3-player rules).")] = 0,
    round_wind: Annotated[
        str | None,
        typer.Option(
            "--round",
            metavar=WIND,
            help="Round wind: E, S, W or N [default: E; Zung Jung has none].",
            show_default=False,
        ),
    ] = None,
    seat_wind: Annotated[str, typer.Option("--seat", metavar=WIND, help="Winner's seat wind (E = dealer).")] = "E",
    honba: Annotated[int, typer.Option(metavar="N", help="Honba counters on the table.")] = 0,
    sticks: Annotated[int, typer.Option(metavar="N", help="Riichi deposits on the table.")] = 0,
    discarder: Annotated[
        str | None,
        typer.Option(metavar=WIND, help="Seat wind that dealt in (ron; default: the player before the winner)."),
    ] = None,
    pao: Annotated[
        str | None,
        typer.Option(metavar=WIND, help="Seat wind liable for a liability yakuman (refused when the win holds none)."),
    ] = None,
    rules: Annotated[str, typer.Option(metavar="PRESET", help="Rule preset (see `jantaku rules`).")] = "standard",
    option: RuleOptions = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    batch: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Score a JSON-lines file ('-' = stdin): one request object per line in, one result per line out. "
            "Keys: hand, win, tsumo, riichi, ..., dora, ura, kita, round_wind, seat_wind, honba, sticks, rules "
            '(default "standard"), options, discarder, pao. The flags given with --batch (--rules, -o, --riichi, '
            "--seat, ...) are defaults for every line; a line's own keys win and its options add to -o. Error "
            "lines carry error.code (bad_json, invalid_hand, invalid_context, invalid_rules, not_winning, "
            "no_yaku) and error.line (the input line number); the batch goes on and exits 0.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Score a win: yaku, dora, han and fu, limit, points and payments (Zung Jung: patterns and points).

    Example: jantaku score "123m456p789s1122z" 1z --ron --riichi --dora 3z --round E --seat S --rules classic
    """
    if tsumo and ron:
        _fail("usage", "give --tsumo or --ron, not both")
    if batch is not None:
        if hand is not None or win is not None:
            _fail("usage", "give either HAND WIN or --batch FILE, not both")
        try:
            defaults = _batch_defaults(ctx, option)
        except InputError as exc:
            _fail(exc.code, str(exc))
        _run_batch(batch, defaults)
        return
    if hand is None or win is None:
        _fail("usage", "missing HAND and WIN (or use --batch FILE)")
    try:
        fields: dict[str, Any] = {
            "hand": hand,
            "win": win,
            "tsumo": tsumo,
            "riichi": riichi,
            "double_riichi": double_riichi,
            "ippatsu": ippatsu,
            "rinshan": rinshan,
            "chankan": chankan,
            "haitei": haitei,
            "houtei": houtei,
            "tenhou": tenhou,
            "chiihou": chiihou,
            "renhou": renhou,
            "dora": dora or [],
            "ura": ura or [],
            "kita": kita,
            "round_wind": round_wind,
            "seat_wind": seat_wind,
            "honba": honba,
            "sticks": sticks,
            "rules": rules,
            "options": parse_option_pairs(option),
            "discarder": discarder,
            "pao": pao,
        }
        req = build_request(fields)
        result = run_request(req)
    except (InputError, ScoringError, ZungJungError) as exc:
        _fail(exc.code, str(exc))
    if isinstance(result, dict):  # Zung Jung
        if as_json:
            _print_json(result)
        else:
            _console().print(zung_jung_sheet(req, result))
    elif as_json:
        _print_json(result.to_dict())
    else:
        _console().print(score_sheet(req, result))


def _batch_defaults(ctx: typer.Context, option: list[str] | None) -> dict[str, Any]:
    """The flags given on the command line, as batch keys: the defaults of every batch line."""
    given = set()
    for name in (*BATCH_DEFAULTS, "tsumo", "ron"):
        source = ctx.get_parameter_source(name)  # (Typer ships its own click: compare by name)
        if source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT"):
            given.add(name)
    defaults = {name: ctx.params[name] for name in given if name in BATCH_DEFAULTS}
    if "tsumo" in given or "ron" in given:
        defaults["tsumo"] = "tsumo" in given
    if option:
        defaults["options"] = parse_option_pairs(option)
    return defaults


def _run_batch(path: str, defaults: dict[str, Any]) -> None:
    if path == "-":
        stream = sys.stdin
        with contextlib.suppress(AttributeError, ValueError):
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        flush = sys.stdout.flush  # answer each line at once when driven through a pipe
        _batch_stream(stream, flush, defaults)
        return
    try:
        handle = open(path, encoding="utf-8", errors="replace")  # noqa: SIM115 (closed below)
    except OSError as exc:
        _fail("io_error", f"cannot read {path!r}: {exc.strerror or exc}")
    with handle:
        _batch_stream(handle, None, defaults)


def _batch_stream(lines: Iterable[str], flush: Callable[[], object] | None, defaults: dict[str, Any]) -> None:
    try:
        run_batch(lines, sys.stdout.write, flush, defaults)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly, and keep Python from complaining at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(0) from None


SHANTEN_HELP = (
    "Shanten of a hand, then its waits or accepting tiles (13 tiles) or every discard (14 tiles).\n\n"
    "Shows shanten for the standard shape, seven pairs and thirteen orphans, and the minimum. "
    "For 13 tiles (3n+1): the waits when tenpai, else the tiles that lower shanten. "
    "For 14 tiles (3n+2): every discard with the shanten after it and the tiles it then accepts, best first. "
    "Unseen counts treat only the hand's own tiles and melds as seen, and tiles the rules' set lacks as gone."
)


@app.command(help=SHANTEN_HELP, epilog=EXIT_CODES_HELP)
def shanten(
    hand: Annotated[str, typer.Argument(metavar="HAND", help="13 tiles (3n+1) or 14 tiles (3n+2); melds count 3.")],
    rules: Annotated[
        str, typer.Option(metavar="PRESET", help="Rule preset: its tile set (sanma has no 2m-8m).")
    ] = "standard",
    option: RuleOptions = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
) -> None:
    """Shanten of a hand, then its waits or accepting tiles (13 tiles) or every discard (14 tiles)."""
    try:
        report = shanten_report(parse_hand(hand), load_rules(rules, parse_option_pairs(option)))
    except InputError as exc:
        _fail(exc.code, str(exc))
    if as_json:
        _print_json(report)
    else:
        _console().print(shanten_view(report))


@app.command(epilog=EXIT_CODES_HELP)
def rules(
    name: Annotated[
        str | None,
        typer.Argument(metavar="NAME", help="A preset to show in full (omit to list the presets).", show_default=False),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="Show the preset with an option changed."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> None:
    """List the rule presets, or show every option of one preset: its value, allowed values and meaning.

    The same reference, with the terms the rules use, is docs/rules.md.
    """
    if name is None:
        if option:
            _fail("usage", "--option needs a preset NAME")
        if as_json:
            _print_json([{"name": r.name, "description": r.description, "source": r.source} for r in PRESETS.values()])
        else:
            _console().print(presets_table(PRESETS))
        return
    try:
        ruleset = load_rules(name, parse_option_pairs(option))
    except InputError as exc:
        _fail(exc.code, str(exc))
    if as_json:
        _print_json(ruleset.options())
    else:
        console = _console()
        for line in options_lines(ruleset):
            console.print(line, soft_wrap=True)


TENHOU_CHECK_HELP = (
    "Exit status: 0 every game replays identically; 1 a game differs or a record cannot be read; 2 a path does "
    "not exist or holds no record, or --tenhou-date is not a day. One line a game on stdout (ok, DIFF, or ERROR "
    "for an unreadable record; a game read under Tenhou's rules of an earlier day names them, e.g. '[rules of "
    "2010-05-31: last_dealer_stop_tenpai=off]'), then 'N/M games identical'; errors print one line on stderr: "
    "'error: CODE: message'. Each game takes the rules of the day in its file name's log id (YYYYMMDDHHgm-...)."
)


@app.command("tenhou-check", epilog=TENHOU_CHECK_HELP)
def tenhou_check(
    paths: Annotated[
        list[str], typer.Argument(metavar="PATH...", help="Tenhou mjlog XML files, or folders searched recursively.")
    ],
    summary: Annotated[bool, typer.Option("--summary", help="Also print a summary table.")] = False,
    tenhou_date: Annotated[
        str | None,
        typer.Option(
            "--tenhou-date",
            metavar="YYYY-MM-DD",
            help="The day whose Tenhou rules apply to records whose file name has no log id (default: today's rules).",
        ),
    ] = None,
) -> None:
    """Replay Tenhou records through the engine: a line per game, then 'N/M games identical' (exit 1 if any differ)."""
    from jantaku.cli.tenhou_check import run

    undated = _tenhou_day(tenhou_date)
    raise typer.Exit(run(paths, summary=summary, undated=undated))


CONVERT_HELP = (
    "Formats: ours (.jsonl), mjlog (Tenhou's XML, .xml/.mjlog, read only), mjai (.mjson, .mjai.jsonl), tenhou6 "
    "(.json). The input's format is --from, else its extension's, else its content's; the output's is --to, else "
    "its extension's ('-' writes our log to stdout unless --to says otherwise). --per-hand writes tenhou.net/6 "
    "JSON one hand a file (OUT-01.json ..., or IN-01.json ... inside OUT when it is a folder) and prints each "
    "hand's label and file; 'jantaku convert IN --viewer-urls' prints each hand's label and tenhou.net/6 viewer "
    "URL. Exit status: 0 written; 2 the input cannot be read or converted, or a bad option (one line on stderr: "
    "'error: convert: message')."
)


@app.command("convert", epilog=CONVERT_HELP)
def convert(
    source: Annotated[str, typer.Argument(metavar="IN", help="The log to read ('-': standard input).")],
    target: Annotated[
        str | None,
        typer.Argument(metavar="OUT", help="The file to write ('-': standard output); none with --viewer-urls."),
    ] = None,
    to: Annotated[
        str | None, typer.Option("--to", metavar="FORMAT", help="ours, mjai or tenhou6 (default: OUT's extension).")
    ] = None,
    from_: Annotated[
        str | None,
        typer.Option(
            "--from", metavar="FORMAT", help="ours, mjlog, mjai or tenhou6 (default: IN's extension/content)."
        ),
    ] = None,
    tenhou_date: Annotated[
        str | None,
        typer.Option(
            "--tenhou-date",
            metavar="YYYY-MM-DD",
            help="The day whose Tenhou rules apply to an undated record (default: today's rules).",
        ),
    ] = None,
    per_hand: Annotated[
        bool, typer.Option("--per-hand", help="tenhou.net/6 JSON, one file a hand (OUT-01.json, OUT-02.json ...).")
    ] = False,
    viewer_urls: Annotated[
        bool, typer.Option("--viewer-urls", help="Print each hand's label and tenhou.net/6 viewer URL (no OUT).")
    ] = False,
) -> None:
    """Convert a game log between our log, Tenhou's mjlog, tenhou.net/6 JSON and mjai lines."""
    from jantaku.cli.convert import run as run_convert

    undated = _tenhou_day(tenhou_date)
    raise typer.Exit(
        run_convert(source, target, to=to, from_=from_, undated=undated, per_hand=per_hand, urls=viewer_urls)
    )


REVIEW_HELP = (
    "LOG is read in any format jantaku convert reads (ours, mjlog, tenhou6, mjai). Output: a summary table, or "
    "--json (the review's JSON, docs/review.md) or --html (a self-contained report), on stdout or into --out. "
    "--outside CMD runs an outside reviewer in the mjai convention (Mortal's review mode) beside ours. Exit "
    "status: 0 reviewed; 2 the log cannot be read or replayed, a seat not at the table, a bad option (one line on "
    "stderr: 'error: review: message')."
)


@app.command("review", epilog=REVIEW_HELP)
def review_cmd(
    source: Annotated[str, typer.Argument(metavar="LOG", help="The game's log ('-': standard input).")],
    seat: Annotated[int, typer.Option("--seat", metavar="N", help="The seat to review (0 = the first dealer).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    as_html: Annotated[bool, typer.Option("--html", help="Write a self-contained HTML report.")] = False,
    target: Annotated[
        str | None, typer.Option("--out", metavar="FILE", help="Write to FILE instead of standard output.")
    ] = None,
    outside: Annotated[
        str | None, typer.Option("--outside", metavar="CMD", help="An outside reviewer's command line (mjai).")
    ] = None,
) -> None:
    """Review one seat's decisions in a finished game against the strong CPU."""
    from jantaku.cli.review import run as run_review

    raise typer.Exit(run_review(source, seat, as_json=as_json, as_html=as_html, target=target, outside=outside))


SIMULATE_HELP = (
    "Exit status: 0 played and reported; 2 bad input (an unknown preset or level, a line-up that does not fill "
    "the table, an --out or --logs that cannot be written: checked before the first game). Errors print one "
    "line on stderr: 'error: CODE: message'."
)


@app.command(epilog=SIMULATE_HELP)
def simulate(
    games: Annotated[
        int, typer.Option("--games", min=1, metavar="N", help="Games to play (rounded up to whole rotations).")
    ] = 100,
    rules: Annotated[
        str, typer.Option("--rules", metavar="PRESET", help="A preset (see `jantaku rules`).")
    ] = "standard",
    players: Annotated[
        str,
        typer.Option(
            "--players",
            metavar="LEVELS",
            help="Comma-separated CPU levels, one per seat: easy, normal, strong, expert (any case); an outside mjai "
            'bot as mjai:"CMD ..." or mjai-stream:"CMD ..." (docs/mjai-bots.md).',
        ),
    ] = "strong,normal,normal,easy",
    seed: Annotated[str, typer.Option("--seed", help="Same seed, same games and results (any --jobs).")] = "1",
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            min=1,
            metavar="N",
            help="Worker processes (at most one per core and per game; the results do not depend on it).",
        ),
    ] = 1,
    out: Annotated[
        str | None, typer.Option("--out", metavar="FILE", help="Write the statistics as JSON to this file.")
    ] = None,
    logs: Annotated[
        str | None,
        typer.Option(
            "--logs",
            metavar="DIR",
            help="Keep every game's log (JSON lines, Game.replay) in this folder: new or empty; made if missing.",
        ),
    ] = None,
    powers: Annotated[
        str | None,
        typer.Option(
            "--powers",
            metavar="POWERS",
            help="Superpower rules: comma-separated power per player (foresight, redraw, veil, seal, beacon, sense, "
            "none, or any = a seeded pick); default any for all.",
        ),
    ] = None,
    option: RuleOptions = None,
) -> None:
    """Self-play: CPU line-ups play complete games with seats rotated; statistics per player with 95% CIs.

    On a terminal a progress bar shows; otherwise a progress line goes to stderr every few seconds.
    """
    from jantaku.cli.simulate import run
    from jantaku.rules.ruleset import RuleError
    from jantaku.sim.play import check_lineup, check_powers, parse_players

    lineup = parse_players(players)
    spec = None if powers is None else [p for p in powers.split(",") if p.strip()]
    try:
        ruleset = load_rules(rules, parse_option_pairs(option))
        check_powers(check_lineup(ruleset, lineup), spec)
    except InputError as exc:
        _fail("usage", str(exc))
    except (KeyError, ValueError, RuleError) as exc:
        _fail("usage", str(exc).strip("'\""))
    problem = run(ruleset, lineup, games, seed, jobs, out, logs, spec)
    if problem:
        _fail("io_error", problem)


MJAI_BOT_HELP = (
    "Exit status: 0 when stdin ends; 2 bad options (an unknown level or preset, rules mjai cannot speak). A line "
    "it cannot read or answer prints one 'mjai-bot:' line on stderr and is answered none: the bot never stops "
    "an arena's game. Conventions: docs/mjai-bot.md."
)


@app.command("mjai-bot", epilog=MJAI_BOT_HELP)
def mjai_bot(
    level: Annotated[
        str, typer.Option("--level", metavar="LEVEL", help="CPU level: easy, normal, strong, expert.")
    ] = "strong",
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            metavar="PRESET",
            help="A riichi preset (see `jantaku rules`); a game of the other size plays tenhou or tenhou-sanma.",
        ),
    ] = "tenhou",
    seed: Annotated[str, typer.Option("--seed", help="The CPU's seed: same events, same answers.")] = "0",
    protocol: Annotated[
        str | None,
        typer.Option(
            "--protocol",
            metavar="batch|stream",
            help="batch: a JSON array a line, one reply each (mjai.app); stream: an event a line, a reply when "
            "the seat can act (Mortal). Default: the first line decides.",
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            min=0,
            max=3,
            help="Our seat when neither the deal nor start_game's id says it (mjai.app's argument).",
        ),
    ] = None,
) -> None:
    """Play a CPU as an mjai bot on stdin/stdout (both conventions), so it can sit in other arenas."""
    from jantaku.cli.mjai_bot import main as run_bot

    raise typer.Exit(run_bot(level, rules, seed, protocol, seat))


DEMO_HAND = "234m34p234s678s50p"
DEMO_WIN = "2p"
DEMO_DISCARD_HAND = "1234m456p3578s11z6z"

USAGE = """\
Commands (each has --help; add --json for machine-readable output):
  jantaku score HAND WIN [flags]    score a win: yaku, fu, points, payments
    jantaku score "123m456p789s1122z" 1z --ron --riichi --dora 3z \\
        --round E --seat S --rules classic
  jantaku score --batch FILE.jsonl  JSON lines in, JSON lines out (- = stdin)
    echo '{"hand": "234m34p234s678s55p", "win": "2p", "tsumo": true}' \\
        | jantaku score --batch -
  jantaku shanten HAND              shanten, waits, or the discard table
  jantaku rules [NAME]              rule presets, or every option of one
"""


@app.command()
def demo() -> None:
    """A tour: a sample riichi hand's scoring sheet, a discard table, and how to use the commands."""
    console = _console()
    fields = {
        "hand": DEMO_HAND,
        "win": DEMO_WIN,
        "tsumo": True,
        "riichi": True,
        "dora": ["1m"],
        "ura": ["9s"],
        "round_wind": "E",
        "seat_wind": "S",
        "honba": 1,
        "sticks": 1,
        "rules": "standard",
    }
    req: Request = build_request(fields)
    console.rule("[bold]jantaku demo")
    console.print(
        f"A riichi hand won by self-draw on {DEMO_WIN}:\n  jantaku score {DEMO_HAND} {DEMO_WIN} --tsumo --riichi "
        "--dora 1m --ura 9s --round E --seat S --honba 1 --sticks 1",
        markup=False,
    )
    console.print(score_sheet(req, score(req.hand, req.win, req.ctx, req.rules)))
    console.print(f"Which tile to discard?\n  jantaku shanten {DEMO_DISCARD_HAND}", markup=False)
    console.print(shanten_view(shanten_report(parse_hand(DEMO_DISCARD_HAND), preset("standard"))))
    console.print(USAGE, markup=False, highlight=False)


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Interface to listen on [env JANTAKU_HOST; 127.0.0.1].")] = None,
    port: Annotated[int | None, typer.Option(help="Port [env JANTAKU_PORT; 8000].")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy database URL, e.g. postgresql+psycopg://user@host/jantaku [env JANTAKU_DB; "
            "a SQLite file under the data folder]."
        ),
    ] = None,
    data_dir: Annotated[
        str | None, typer.Option(help="Folder for the default SQLite file [env JANTAKU_DATA_DIR; ./data].")
    ] = None,
    cpu_delay: Annotated[float | None, typer.Option(help="Seconds a CPU waits before its turn move [0.6].")] = None,
    grace: Annotated[
        float | None, typer.Option(help="Seconds a disconnected player keeps the seat before a CPU stands in [10].")
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Proxies whose X-Forwarded-For names the client: addresses or networks, comma-separated, * for "
            "any [env JANTAKU_FORWARDED_ALLOW_IPS; 127.0.0.1]. Every other limit: docs/operations.md."
        ),
    ] = None,
) -> None:
    """Run the table server (rooms, CPU seats, auto-matching, game records) until interrupted."""
    import logging

    import uvicorn

    from jantaku.server import Settings
    from jantaku.server.app import create_app
    from jantaku.server.transport import uvicorn_options

    try:
        settings = Settings.from_env(
            host=host,
            port=port,
            db=db,
            data_dir=data_dir,
            cpu_delay=cpu_delay,
            grace=grace,
            forwarded_allow_ips=forwarded_allow_ips,
        )
    except ValueError as exc:
        _fail("usage", str(exc))
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    where = settings.db if settings.db else settings.db_url
    sys.stderr.write(f"jantaku: table server on http://{settings.host}:{settings.port}/ (records: {where})\n")
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        **uvicorn_options(settings),  # header deadline, connection caps, proxies, websocket sizes and pings
    )
