"""An outside reviewer's values for one seat's decisions: a program in the mjai convention, in Mortal's review mode.

The program is started as an outside bot is (``bots.outside.BotProcess``: an argument list, no shell, its own
process group, ``MORTAL_REVIEW_MODE=1`` in its environment; ``{seat}`` in an argument is replaced by the seat, as
Mortal's ``mortal.py SEAT`` wants it) and told the whole game as the seat saw it: every event goes through
``engine.events.redact`` for the seat and one ``formats.mjai.SeatExporter``, one JSON line each. In review mode the
program answers every event with exactly one line, so answer *n* is the one to event *n* and the two streams never
drift apart; at an event where it could act the line is the action it would take with
``meta: {"q_values": [...], "mask_bits": N}``: bit *i* of ``mask_bits`` says action *i* of its 46 was legal, and
``q_values`` holds one value per set bit, in the order of the bits. The actions are 0..33 discarding a tile kind
(1m..9m, 1p..9p, 1s..9s, E S W N P F C), 34..36 the red 5m 5p 5s, 37 riichi, 38/39/40 chi with the called tile
the lowest, middle or highest of the run, 41 pon, 42 kan (any), 43 hora, 44 ryukyoku (nine terminals), 45 none
(pass). A ``meta.kan_select`` (its own ``mask_bits`` over the kinds 0..33 and ``q_values``) names which kan.

``review.walk`` says where the seat decided and what it could do; the answer that counts at a decision is the last
one that offered a choice since the event before it (a ``dora`` reveal after a kan's draw does not hide the
draw's answer). Mortal's options are coarser than ours (``bots.appraise.option_key``), so its values are spread
onto our keys: the riichi value on every ``riichi *`` option, a chi value on each chi whose called tile sits at
that place, pon and kan on every pon and kan option (``kan_select`` refines closed and added kans by kind), hora
on ``tsumo``/``ron``, ryukyoku on ``nine_terminals``, none on ``pass``. Options with no mjai word (a veiled
discard, a superpower, North, the tenpai declaration) get no value. The answer's own action is the ``choice``; a
``reach`` is completed by its answer to the seat's ``reach`` event when the seat did declare (the tile it would
riichi on), else by the riichi tile its discard values rank best.

The review is bounded by one deadline for the whole game: a program that exits, writes what is not a JSON object
or a ``meta`` that does not fit, or runs out of time ends the review with ``error`` set; the values found so far
are kept. The program is always killed and reaped at the end (no zombie, nothing left running).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.bots.appraise import option_key
from jantaku.bots.outside import BotCommand, BotFault, BotProcess, kind_of_code
from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.events import redact
from jantaku.formats.mjai import SeatExporter, code_of_id, code_of_pai
from jantaku.review.walk import Point, Step, walk
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import code_name, format_tiles, kind_name, parse_tiles, sort_key

#: seconds the whole review may take (a real model loads for a few seconds, then answers in milliseconds)
REVIEW_SECONDS = 120.0
#: the size of Mortal's action space, and its actions past the 37 tiles
ACTIONS = 46
RIICHI, CHI_LOW, CHI_MID, CHI_HIGH, PON, KAN, HORA, RYUKYOKU, NONE = range(37, 46)
#: events after which the answer to the event before still stands (a kan's new dora indicator, shown after its draw)
TRANSPARENT = frozenset({"dora"})
#: the environment variable that puts Mortal (and programs like it) in review mode: one answer line per event
REVIEW_MODE = {"MORTAL_REVIEW_MODE": "1"}
#: interpreters whose first argument names the program (its name is that argument's, not the interpreter's)
INTERPRETERS = ("python", "python3", "pypy", "pypy3", "node", "sh", "bash", "uv", "env")


@dataclass(frozen=True, slots=True)
class OutsideDecision:
    """The program's view of one decision: the option it would play (``choice``, an option key, None when it named
    nothing the seat could do) and its value for each option it has a word for (``values``, by option key)."""

    choice: str | None
    values: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OutsideReview:
    """An outside program's review of one seat: its ``name``, what went wrong (``error``, None when nothing) and the
    decisions it valued, keyed by the decision's step (``review.walk``'s ``Point.step``)."""

    name: str
    error: str | None
    decisions: dict[int, OutsideDecision]


def program_name(argv: Sequence[str]) -> str:
    """A short name for a program: its file's name (``mortal``), the script's when an interpreter runs it."""
    if not argv:
        return ""
    first = os.path.basename(argv[0])
    if first in INTERPRETERS or first.startswith("python"):
        rest = [a for a in argv[1:] if not a.startswith("-")]
        if rest:
            return os.path.basename(rest[0])
    return first


def seat_argv(argv: Sequence[str], seat: int) -> list[str]:
    """``argv`` with ``{seat}`` replaced by the seat in every argument (Mortal reads its seat from its arguments)."""
    return [a.replace("{seat}", str(seat)) for a in argv]


def action_values(meta: Mapping[str, Any]) -> dict[int, float]:
    """Mortal's ``meta`` read: the value of each legal action by its index (0..45). A ``meta`` whose
    ``q_values`` do not match its ``mask_bits`` raises ``ValueError``; one without ``mask_bits`` has no values."""
    return _masked(meta, ACTIONS)


def kan_values(meta: Mapping[str, Any]) -> dict[int, float]:
    """``meta.kan_select`` read: the value of each kan by the kind it is of (0..33); none when it has none."""
    select = meta.get("kan_select")
    return _masked(select, 34) if isinstance(select, Mapping) else {}


def _masked(meta: Mapping[str, Any], size: int) -> dict[int, float]:
    bits = meta.get("mask_bits")
    if bits is None:
        return {}
    if isinstance(bits, bool) or not isinstance(bits, int) or not 0 <= bits < 1 << size:
        raise ValueError(f"mask_bits {bits!r} is not a mask of {size} actions")
    labels = [i for i in range(size) if bits >> i & 1]
    values = meta.get("q_values")
    if values is None and not labels:
        return {}
    if not isinstance(values, list) or len(values) != len(labels):
        raise ValueError(f"q_values must hold one number per set bit of mask_bits ({len(labels)})")
    out: dict[int, float] = {}
    for label, value in zip(labels, values, strict=True):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"q_values holds {value!r}, not a number")
        out[label] = float(value)
    return out


def chi_place(action: Chi, called: int) -> int:
    """Mortal's chi action for a chi of the tile of kind ``called``: low, middle or high by the called tile's place."""
    low, high = sorted(t >> 2 for t in action.tiles)
    if called < low:
        return CHI_LOW
    return CHI_MID if called < high else CHI_HIGH


def labels_of(action: Action, red_fives: Sequence[int], called: int | None) -> tuple[int, ...]:
    """Mortal's action index for one of ours (a kan: also its kind, for ``kan_select``), or () where it has none."""
    if isinstance(action, Discard):
        return () if action.veil else (code_of_id(action.tile, red_fives),)
    if isinstance(action, Riichi):
        return (RIICHI,)
    if isinstance(action, Chi):
        return (chi_place(action, called),) if called is not None else ()
    if isinstance(action, Pon):
        return (PON,)
    if isinstance(action, OpenKan):
        return (KAN,)
    if isinstance(action, AddedKan):
        return (KAN, action.tile >> 2)
    if isinstance(action, ClosedKan):
        return (KAN, action.tiles[0] >> 2)
    if isinstance(action, (Tsumo, Ron)):
        return (HORA,)
    if isinstance(action, NineTerminals):
        return (RYUKYOKU,)
    if isinstance(action, Pass):
        return (NONE,)
    return ()  # North, the tenpai declaration, a superpower: no mjai word


def option_values(
    legal: Sequence[Action],
    rules: RuleSet,
    values: Mapping[int, float],
    kans: Mapping[int, float],
    called: int | None,
) -> dict[str, float]:
    """Mortal's values spread onto our option keys (module docstring); ``called``: the kind of the tile a chi
    would take."""
    out: dict[str, float] = {}
    red = tuple(rules.red_fives)
    for action in legal:
        labels = labels_of(action, red, called)
        if not labels or labels[0] not in values:
            continue
        value = values[labels[0]]
        if len(labels) > 1 and len(kans) > 1 and labels[1] in kans:
            value = kans[labels[1]]  # which kan: the kan_select values, when there was a choice
        out[option_key(action, rules)] = value
    return out


def _codes(reply: Mapping[str, Any], key: str) -> list[int]:
    value = reply.get(key)
    items = value if isinstance(value, list) else [value]
    codes = []
    for item in items:
        if not isinstance(item, str):
            return []
        try:
            code = code_of_pai(item)
        except ValueError:
            return []
        if code is None:
            return []
        codes.append(code)
    return codes


def reply_key(reply: Mapping[str, Any], keys: Sequence[str]) -> str | None:
    """The option key an mjai action names, among ``keys`` (the decision's options), or None. A call names its own
    tiles; where it names a plain five for a red one (or the other way round) the call of the same kinds stands."""
    kind = reply.get("type")
    wanted: list[str] = []
    if kind == "dahai":
        wanted = [f"discard {code_name(c)}" for c in _codes(reply, "pai")]
    elif kind in ("chi", "pon"):
        own = sorted(_codes(reply, "consumed"), key=sort_key)
        if len(own) == 2:
            exact = f"{kind} {format_tiles(own)}"
            kinds = sorted(kind_of_code(c) for c in own)
            similar = [k for k in keys if k.startswith(f"{kind} ") and _kinds_of(k) == kinds]
            wanted = [exact, *similar]
    elif kind == "daiminkan":
        wanted = ["open_kan"]
    elif kind == "kakan":
        wanted = [f"added_kan {kind_name(kind_of_code(c))}" for c in _codes(reply, "pai")]
    elif kind == "ankan":
        wanted = [f"closed_kan {kind_name(kind_of_code(c))}" for c in _codes(reply, "consumed")[:1]]
    elif kind == "hora":
        wanted = ["tsumo", "ron"]
    elif kind == "ryukyoku":
        wanted = ["nine_terminals"]
    elif kind == "none":
        wanted = ["pass"]
    return next((k for k in wanted if k in keys), None)


def _kinds_of(key: str) -> list[int]:
    return sorted(kind_of_code(c) for c in parse_tiles(key.split(" ", 1)[1]))


def best_riichi(values: Mapping[str, float]) -> str | None:
    """For a ``reach`` answer whose discard is unknown: the riichi option whose tile the program values most as a
    discard (ties: the first in key order)."""
    riichis = sorted(k for k in values if k.startswith("riichi "))
    if not riichis:
        return None
    return max(riichis, key=lambda k: values.get("discard " + k.split(" ", 1)[1], float("-inf")))


def _no_mjai_word(legal: Sequence[Action]) -> bool:
    """A decision mjai has no word for: the tenpai declaration at an exhaustive draw."""
    return any(isinstance(a, (DeclareTenpai, DeclareNoten)) for a in legal)


class _Session:
    """One review under way: the program, the seat's exporter and the answer waiting for the seat's next decision."""

    def __init__(self, process: BotProcess, seat: int, rules: RuleSet, deadline: float) -> None:
        self.process = process
        self.seat = seat
        self.rules = rules
        self.deadline = deadline
        self.exporter = SeatExporter(red_fives=tuple(rules.red_fives), seat=seat)
        self.latest: dict[str, Any] | None = None  # the last answer that offered a choice, since the last event
        self.called: int | None = None  # the kind of the last tile another seat let go (a chi takes it)
        self.riichi_step: int | None = None  # a riichi decision whose tile the answer to the seat's reach names
        self.decisions: dict[int, OutsideDecision] = {}

    def feed(self, event: Any) -> None:
        out = self.exporter.convert(redact(event, self.seat))
        if out is None:
            return
        self.process.send(json.dumps(out, separators=(",", ":")) + "\n", self.deadline)
        line = self.process.read_line(self.deadline)
        try:
            reply = json.loads(line)
        except ValueError:
            raise BotFault("garbage", f"not JSON: {line[:80]!r}") from None
        if not isinstance(reply, dict):
            raise BotFault("garbage", f"not a JSON object: {line[:80]!r}")
        meta = reply.get("meta")
        try:
            values = action_values(meta) if isinstance(meta, dict) else {}
            if isinstance(meta, dict):
                kan_values(meta)
        except ValueError as exc:
            raise BotFault("garbage", f"its meta: {exc}") from None
        if out["type"] in ("dahai", "kakan") and out.get("actor") != self.seat and out.get("pai") != "?":
            code = code_of_pai(out["pai"])
            self.called = kind_of_code(code) if code is not None else None
        if out["type"] == "reach" and out.get("actor") == self.seat and self.riichi_step is not None:
            self._riichi_tile(reply)
        if values:
            self.latest = reply
        elif out["type"] not in TRANSPARENT:
            self.latest = None

    def _riichi_tile(self, reply: Mapping[str, Any]) -> None:
        """The answer to the seat's own reach event: the tile the program would declare on."""
        step, self.riichi_step = self.riichi_step, None
        assert step is not None
        decision = self.decisions.get(step)
        codes = _codes(reply, "pai") if reply.get("type") == "dahai" else []
        if decision is None or not codes:
            return
        key = f"riichi {code_name(codes[0])}"
        if key in decision.values:
            self.decisions[step] = OutsideDecision(key, decision.values)

    def decide(self, point: Point) -> None:
        legal = point.game.legal_actions(self.seat)
        reply, self.riichi_step = self.latest, None
        if reply is None or _no_mjai_word(legal):
            return
        if not isinstance(point.action, Power):
            self.latest = None  # a superpower leaves the turn (and the answer to it) to the play that follows
        meta = reply["meta"]
        values = option_values(legal, self.rules, action_values(meta), kan_values(meta), self.called)
        keys = sorted({option_key(a, self.rules) for a in legal})
        if reply.get("type") == "reach":
            choice = best_riichi(values)
            if isinstance(point.action, Riichi):
                self.riichi_step = point.step
        else:
            choice = reply_key(reply, keys)
        self.decisions.setdefault(point.step, OutsideDecision(choice, values))


def outside_values(
    lines: Sequence[str] | str,
    seat: int,
    command: str | Sequence[str],
    *,
    timeout: float = REVIEW_SECONDS,
    name: str | None = None,
) -> OutsideReview:
    """The outside program ``command`` (a string split as a shell would split it, or an argument list) reviews
    ``seat``'s decisions in the game whose log is ``lines`` (module docstring). ``timeout``: seconds for the whole
    review. Never raises for the program's failings (``error`` says what went wrong); a log ``walk`` cannot replay
    raises its ``ValueError``."""
    try:
        argv = BotCommand.parse(command, "stream").argv
    except ValueError as exc:
        return OutsideReview(name or "", str(exc), {})
    label = name or program_name(argv)
    steps = walk(lines)
    first = next(steps)
    assert isinstance(first, Step)  # walk starts with the first deal
    rules = first.game.rules
    if not 0 <= seat < rules.players:
        raise ValueError(f"seat {seat} is not a seat of this {rules.players}-player game")
    deadline = time.monotonic() + timeout
    try:
        process = BotProcess(seat_argv(argv, seat), env={**os.environ, **REVIEW_MODE})
    except BotFault as fault:
        return OutsideReview(label, str(fault), {})
    session = _Session(process, seat, rules, deadline)
    error: str | None = None
    try:
        for event in first.events:
            session.feed(event)
        for item in steps:
            if isinstance(item, Point):
                if item.actor == seat:
                    session.decide(item)
            else:
                for event in item.events:
                    session.feed(event)
    except BotFault as fault:
        error = str(fault)
    finally:
        process.close(0.2)
    return OutsideReview(label, error, session.decisions)
