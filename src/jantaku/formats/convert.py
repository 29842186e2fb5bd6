"""Game logs converted between formats: our JSONL log, Tenhou's mjlog XML (read only), tenhou.net/6 JSON and mjai
JSON lines, through one ``Game`` of ours.

Why a game in the middle: every reader ends in the engine (``Game.replay`` for our log; ``tenhou_replay.record_game``
for a record of another platform), so a converted log is a game our referee played action by action to the same
results, never a re-spelling of tiles that might not add up. Every writer starts from that game's events.

The registry (``FORMATS``) is data: a format has a name, a reader (text → ``Game``) and a writer (``Game`` → text),
either of which may be missing (mjlog is read only). ``record_reader`` builds a reader from a record model
reader (text → ``TenhouGame``), so that a format read into Tenhou's model is one entry. Choosing the format of a file
(``detect``) goes by its extension (``EXTENSIONS``), and by its content where the extension does not settle it
(``.jsonl`` is ours or mjai; ``-`` or an unknown extension is anything): docs/convert.md has the table.

Inputs are bounded (``MAX_BYTES`` a file, ``MAX_LINE`` a line of a line format): a converter also runs behind the
server's downloads and on files users hand it. Every failure is a ``ConvertError`` saying what and where.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Any

from jantaku.engine import Game, MatchState
from jantaku.formats import mjai, tenhou6
from jantaku.formats.tenhou_records import TenhouFormatError, TenhouGame, log_date
from jantaku.formats.tenhou_replay import RecordMismatch, record_game
from jantaku.formats.tenhou_xml import read_game as read_mjlog_xml
from jantaku.rules.ruleset import RuleSet

MAX_BYTES = 20 * 1024 * 1024  # a whole game in any format is well under 1 MB; 20 MB leaves room and bounds memory
MAX_LINE = 1024 * 1024  # the longest line of a line format (ours, mjai): one event, or our log's header


class ConvertError(ValueError):
    """A log that cannot be converted: the message says why (the format, and the line or hand where it can)."""


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """What a reader may need beyond the text: the name it came from (a Tenhou log id in it dates the record)
    and the day whose Tenhou rules an undated record is read under (``--tenhou-date``; today's when None)."""

    source: str = "<text>"
    undated: dt.date | None = None


@dataclass(frozen=True, slots=True)
class WriteOptions:
    """What a writer may use beyond the game: the players' names and a title (formats that carry them)."""

    names: Sequence[str] | None = None
    title: str = ""


@dataclass(frozen=True, slots=True)
class Log:
    """A game read from a log, and what the log said beside it that a writer may carry on: the players' names
    (a Tenhou record's, an mjai ``start_game``'s; our log keeps none)."""

    game: Game
    names: tuple[str, ...] | None = None


Reader = Callable[[str, ReadOptions], Log]
Writer = Callable[[Game, WriteOptions], str]


@dataclass(frozen=True, slots=True)
class Format:
    """A log format: ``read`` text into our game, ``write`` our game as text (None: not supported that way);
    ``suffix`` is the extension a file of it gets (downloads, ``jantaku convert`` choosing by extension)."""

    name: str
    suffix: str
    read: Reader | None = None
    write: Writer | None = None


# ------------------------------------------------------------------------------------------------- building blocks
def record_reader(read: Callable[[str], TenhouGame], *, scored: bool = True) -> Reader:
    """A reader from a record model reader (text → ``TenhouGame``): the record is driven through the engine as one
    game (``record_game``). ``scored`` False for a format that states wins only by their deltas (mjai)."""

    def reader(text: str, options: ReadOptions) -> Log:
        try:
            record = read(text)
        except ValueError as exc:  # TenhouFormatError and the like: the format's own reason
            raise ConvertError(str(exc)) from None
        if record.date is None:
            try:
                record = replace(record, source=options.source, date=log_date(PurePath(options.source).name))
            except ValueError as exc:
                raise ConvertError(str(exc)) from None
        return Log(_record_game(record, options, scored), _names(record))

    return reader


def _record_game(record: TenhouGame, options: ReadOptions, scored: bool) -> Game:
    try:
        return record_game(record, undated=options.undated, scored=scored)
    except RecordMismatch as exc:
        raise ConvertError(f"the record does not replay: {exc}") from None


def _names(record: TenhouGame) -> tuple[str, ...] | None:
    names = tuple(p.name for p in record.players[: record.rules.players])
    return names if len(names) == record.rules.players and any(names) else None


def no_riichi_form(rules: RuleSet) -> str | None:
    """Why mjai and tenhou.net/6 cannot speak of a game under ``rules`` (None when they can). Both know riichi
    mahjong only, and have no words for a superpower: a Zung Jung game, or a superpower game, has only our log,
    and an outside bot (it speaks mjai) cannot sit at its table."""
    if not rules.riichi:
        return f"mjai and tenhou.net/6 speak riichi mahjong; this game is played under {rules.name}"
    if rules.superpowers:
        return f"mjai and tenhou.net/6 have no words for superpowers; {rules.name} plays with them"
    return None


def _riichi_only(game: Game) -> None:
    reason = no_riichi_form(game.rules)
    if reason is not None:
        raise ConvertError(reason)


# ------------------------------------------------------------------------------------------------- the formats
def _read_ours(text: str, options: ReadOptions) -> Log:
    try:
        return Log(Game.replay(text))
    except (ValueError, KeyError, TypeError) as exc:
        raise ConvertError(f"not a jantaku log: {exc}") from None


def _write_ours(game: Game, options: WriteOptions) -> str:
    return "".join(line + "\n" for line in game.log)


def _read_mjlog(text: str, options: ReadOptions) -> Log:
    try:
        record = read_mjlog_xml(text.encode())
        record = replace(record, source=options.source, date=log_date(PurePath(options.source).name))
    except TenhouFormatError as exc:
        where = f" (at {exc.element})" if exc.element else ""
        raise ConvertError(f"not a Tenhou mjlog: {exc.reason}{where}") from None
    except ValueError as exc:  # a log id in the name that is not a date
        raise ConvertError(str(exc)) from None
    return Log(_record_game(record, options, True), _names(record))


def _read_mjai(text: str, options: ReadOptions) -> Log:
    try:
        record = mjai.read_record(text, source=options.source)
    except mjai.MjaiFormatError as exc:
        raise ConvertError(str(exc)) from None
    return Log(_mjai_game(record, options), _names(record))


def _mjai_game(record: TenhouGame, options: ReadOptions) -> Game:
    """An mjai log: mjai does not say whether the game was East-only or East-South, so it is read as East-South,
    and as East-only when that does not replay or leaves the game unfinished."""
    east = replace(record, rules=replace(record.rules, east_south=False))
    try:
        game = record_game(record, undated=options.undated, scored=False)
    except RecordMismatch as exc:
        first: Exception = exc
    else:
        if game.over:
            return game
        try:
            other = record_game(east, undated=options.undated, scored=False)
        except RecordMismatch:
            return game
        return other if other.over else game
    try:
        return record_game(east, undated=options.undated, scored=False)
    except RecordMismatch:
        raise ConvertError(f"the mjai log does not replay: {first}") from None


def _write_mjai(game: Game, options: WriteOptions) -> str:
    _riichi_only(game)
    return mjai.export_lines(game.events, red_fives=game.rules.red_fives, names=options.names)


def _tenhou6_args(game: Game, options: WriteOptions) -> dict[str, Any]:
    """What ``tenhou6.export_game`` and ``export_hands`` take beside the events: the red fives, the names, the
    title, the rule line (``rule.disp``) the viewer shows, written from the game's rule set, and the rule set itself
    (the reader replays the document under it: ``rule.disp`` cannot say how our table ends its game)."""
    _riichi_only(game)
    rules = game.rules
    disp = tenhou6.default_disp(
        rules.players, east_only=rules.length == "east", red=any(rules.red_fives), kuitan=rules.kuitan
    )
    names = list(options.names) if options.names is not None else None
    return {
        "red_fives": rules.red_fives,
        "names": names,
        "title": options.title,
        "rule_disp": disp,
        "rules": rule_words(rules),
    }


def rule_words(rules: RuleSet) -> dict[str, Any]:
    """What a tenhou.net/6 document of ours keeps of its rule set: its name and the options that differ from
    ``RuleSet()``'s (a few dozen bytes, where the whole set is two kilobytes: a hand's document travels in a viewer
    address). ``RuleSet().with_options(**rule_words(rules))`` is ``rules`` but for the words that change nothing
    in play (description, source)."""
    base = RuleSet().options()
    words = {k: v for k, v in rules.options().items() if base[k] != v and k not in ("description", "source")}
    return {"name": rules.name, **words}


def _write_tenhou6(game: Game, options: WriteOptions) -> str:
    """tenhou.net/6 JSON, the whole game in one document."""
    data = tenhou6.export_game(game.events, **_tenhou6_args(game, options))
    return tenhou6.dumps(data) + "\n"


#: Every format by name.
FORMATS: dict[str, Format] = {
    "ours": Format("ours", ".jsonl", _read_ours, _write_ours),
    "mjlog": Format("mjlog", ".xml", _read_mjlog, None),
    "mjai": Format("mjai", ".mjson", _read_mjai, _write_mjai),
    "tenhou6": Format("tenhou6", ".json", record_reader(tenhou6.read_game), _write_tenhou6),
}
#: The format a file's extension names (longest first: ``.mjai.jsonl`` before ``.jsonl``). ``.jsonl`` is ours
#: unless its content says mjai (``detect``).
EXTENSIONS: tuple[tuple[str, str], ...] = (
    (".mjai.jsonl", "mjai"),
    (".mjson", "mjai"),
    (".jsonl", "ours"),
    (".xml", "mjlog"),
    (".mjlog", "mjlog"),
    (".json", "tenhou6"),
)
#: The formats whose extension leaves room for another (content decides).
AMBIGUOUS = frozenset({".jsonl"})


def format_names() -> list[str]:
    """The formats known by name (whether or not this build reads or writes each)."""
    return sorted({*FORMATS, *(name for _, name in EXTENSIONS)})


def by_extension(name: str) -> str | None:
    """The format a file name's extension names, or None."""
    lower = name.lower()
    return next((fmt for ext, fmt in EXTENSIONS if lower.endswith(ext)), None)


def sniff(text: str) -> str | None:
    """The format the content looks like: XML (mjlog), a JSON object with ``log`` (tenhou.net/6), or JSON lines
    whose first object is our ``header`` (ours) or an mjai event (``start_game`` ...); None when none fits."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        return "mjlog"
    first = head.split("\n", 1)[0].strip()
    try:
        data = json.loads(first)
    except (ValueError, RecursionError):  # RecursionError: arrays nested past the decoder's depth
        try:
            data = json.loads(head)
        except (ValueError, RecursionError):
            return None
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    if kind == "header":
        return "ours"
    if kind in ("start_game", "start_kyoku"):
        return "mjai"
    if "log" in data:
        return "tenhou6"
    return None


def detect(name: str, text: str) -> str:
    """The input's format: its extension's, unless that is ambiguous or missing, then its content's."""
    lower = name.lower()
    ext = by_extension(name) if name != "-" else None
    matched = next((e for e, _ in EXTENSIONS if lower.endswith(e)), None)
    if ext is not None and matched not in AMBIGUOUS:
        return ext
    found = sniff(text)
    if found is None and ext is None:
        raise ConvertError(
            f"cannot tell the format of {name}: not our log, mjai lines, tenhou.net/6 JSON or mjlog XML "
            "(name it with --from)"
        )
    return found or ext or "ours"


# ------------------------------------------------------------------------------------------------- reading, writing
def decode(data: bytes, source: str = "<text>") -> str:
    """The text of an input: gunzipped when compressed (Tenhou's ``.mjlog`` downloads are), UTF-8, bounded."""
    if len(data) > MAX_BYTES:
        raise ConvertError(f"{source} is larger than {MAX_BYTES // (1024 * 1024)} MB")
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as f:
                data = f.read(MAX_BYTES + 1)
        except (OSError, EOFError, zlib.error) as exc:
            raise ConvertError(f"{source}: a damaged gzip file ({exc})") from None
        if len(data) > MAX_BYTES:
            raise ConvertError(f"{source} unpacks to more than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ConvertError(f"{source} is not UTF-8 text (byte {exc.start})") from None


def read(text: str, fmt: str, options: ReadOptions | None = None) -> Game:
    """``text`` in format ``fmt`` as our game."""
    return read_log(text, fmt, options).game


def read_log(text: str, fmt: str, options: ReadOptions | None = None) -> Log:
    """``text`` in format ``fmt`` as our game, with the players' names when the log has them."""
    options = options or ReadOptions()
    entry = FORMATS.get(fmt)
    if entry is None or entry.read is None:
        raise ConvertError(_unsupported(fmt, "read"))
    if fmt in ("ours", "mjai"):
        for number, line in enumerate(text.splitlines(), 1):
            if len(line) > MAX_LINE:
                raise ConvertError(f"line {number} is longer than {MAX_LINE // 1024} KB")
    if not text.strip():
        raise ConvertError(f"{options.source} is empty")
    try:
        return entry.read(text, options)
    except ConvertError:
        raise
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as exc:  # unforeseen input
        raise ConvertError(f"not a readable {fmt} log: {type(exc).__name__}: {exc}") from None


def writer(fmt: str) -> Writer:
    """The writer of ``fmt``; ``ConvertError`` when there is none (checked before reading a large input)."""
    entry = FORMATS.get(fmt)
    if entry is None or entry.write is None:
        raise ConvertError(_unsupported(fmt, "write"))
    return entry.write


def write(game: Game, fmt: str, options: WriteOptions | None = None) -> str:
    """Our game as text in format ``fmt``."""
    return writer(fmt)(game, options or WriteOptions())


def writable() -> list[str]:
    """The formats a game can be written in, ours first (the downloads offer these)."""
    return [name for name, f in FORMATS.items() if f.write is not None]


#: How a format is named to people (the history's download links): its own name where it has one.
LABELS = {"ours": "jantaku", "mjai": "mjai", "tenhou6": "tenhou.net/6"}


def downloads() -> list[dict[str, str]]:
    """The formats a finished game downloads in, ours first: ``format`` (the query's value), ``suffix`` and
    ``label``. The browser's history lists these, so a format added to ``FORMATS`` is offered without more."""
    return [{"format": f, "suffix": suffix(f), "label": LABELS.get(f, f)} for f in writable()]


def suffix(fmt: str) -> str:
    """The extension a file in ``fmt`` gets."""
    entry = FORMATS.get(fmt)
    if entry is not None:
        return entry.suffix
    return next((ext for ext, name in EXTENSIONS if name == fmt), ".txt")


def _unsupported(fmt: str, how: str) -> str:
    if fmt not in format_names():
        return f"unknown format {fmt!r} (known: {', '.join(format_names())})"
    can = [n for n, f in FORMATS.items() if (f.read if how == "read" else f.write) is not None]
    return f"this build cannot {how} {fmt} (it can {how}: {', '.join(can)})"


# ------------------------------------------------------------------------------------------------- one hand a document
def hand_documents(game: Game, options: WriteOptions | None = None) -> list[tuple[str, dict[str, Any]]]:
    """Each finished hand of a riichi game as its own tenhou.net/6 document, with the hand's label (``E1-0``: the
    round's wind, the hand in the round, the honba, as our rounds are labelled): NAGA and the tenhou.net/6 viewer
    take one hand a URL, so ``jantaku convert --per-hand`` / ``--viewer-urls`` and the server's list of a game's
    hands are cut from here. A Zung Jung game raises ``ConvertError``."""
    docs = tenhou6.export_hands(game.events, **_tenhou6_args(game, options or WriteOptions()))
    return [(hand_label(doc), doc) for doc in docs]


def hand_label(doc: dict[str, Any]) -> str:
    """The label of a one-hand document's hand (``E1-0``), from its ``[round, honba, sticks]``: Tenhou's round
    number counts the hands of the game's rounds (East 1 = 0, South 1 = 4)."""
    number, honba = int(doc["log"][0][0][0]), int(doc["log"][0][0][1])
    return MatchState(scores=(), round=number // 4 % 4, hand=number % 4, honba=honba).label()


#: tenhou.net/6's names of a drawn hand → our ``ryukyoku`` reasons (an exhaustive draw has three names).
DRAW_REASONS = {name: reason for reason, name in tenhou6.DRAW_NAMES.items() if reason != "fifth_kan"} | {
    name: "exhaustive" for name in tenhou6.EXHAUSTIVE_NAMES
}


def hand_outcome(doc: dict[str, Any], players: int) -> dict[str, Any]:
    """How a one-hand document's hand ended, as JSON data a page can put in its own words: ``wins`` (each
    ``seat``, ``from`` (None: tsumo) and ``gain``, the points it took with honba and deposits), or ``draw`` (our
    reason: ``exhaustive``, ``nine_terminals`` ...) with the ``tenpai`` seats of an exhaustive draw (those paid)."""
    result = doc["log"][0][-1]
    if result and result[0] == tenhou6.WIN:
        wins = []
        for deltas, detail in zip(result[1::2], result[2::2], strict=True):
            who, source = int(detail[0]), int(detail[1])
            wins.append({"seat": who, "from": None if source == who else source, "gain": int(deltas[who])})
        return {"wins": wins, "draw": None, "tenpai": []}
    name = str(result[0]) if result else ""
    reason = DRAW_REASONS.get(name, "abortive")
    deltas = [int(x) for x in result[1]] if len(result) > 1 else [0] * players
    if name == "全員聴牌":
        tenpai = list(range(players))
    elif name == "流局":
        tenpai = [seat for seat in range(players) if deltas[seat] > 0]
    else:
        tenpai = []
    return {"wins": [], "draw": reason, "tenpai": tenpai}


def describe_outcome(outcome: dict[str, Any], names: Sequence[str]) -> str:
    """``hand_outcome`` in a few English words: "Ann ron 3900 from Bob", "Ann tsumo 4000", "draw: Ann tenpai"."""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) and names[seat] else f"seat {seat + 1}"

    wins = [
        f"{name(w['seat'])} tsumo {w['gain']}"
        if w["from"] is None
        else f"{name(w['seat'])} ron {w['gain']} from {name(w['from'])}"
        for w in outcome["wins"]
    ]
    if wins:
        return ", ".join(wins)
    reason = str(outcome["draw"])
    if reason != "exhaustive":
        return f"draw: {reason.replace('_', ' ')}"
    tenpai = outcome["tenpai"]
    return f"draw: {', '.join(map(name, tenpai))} tenpai" if tenpai else "draw: nobody tenpai"
