"""One self-play game: CPUs seated by a line-up and a rotation, played to the end, summarised per player.

Seat rotation: game ``g`` of a simulation uses wall seed ``(seed, g // players)`` and rotation ``g % players``:
the same walls are dealt to every rotation of the line-up, so seating and wall luck cancel out over a block of
``players`` games (duplicate play). A line-up of a single level is not rotated (its rotations would replay the
same games): every game gets walls of its own, so its statistics count independent games.

Superpower rules: ``powers`` gives each line-up player a power (a name), ``none`` or ``any`` (a pick by the
block's wall seed and the player's position, so every rotation of a block holds the same powers). Players that
differ only in their power are rotated like different levels.

Outside bots: a line-up entry ``mjai:CMD`` (or ``mjai-stream:CMD``) seats an outside program that speaks mjai
(``bots.outside``; docs/mjai-bots.md), rotated like a level of its own. Its faults are noted in the game's record
(``Game.fault``) and counted per player; its process is closed when the game ends, however it ends.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from jantaku.bots import LEVELS, make_player
from jantaku.bots.outside import OutsideSeat, is_outside, outside_lineup_entry
from jantaku.engine import Game
from jantaku.engine.events import Event
from jantaku.formats.convert import no_riichi_form
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet


@dataclass(slots=True)
class PlayerLine:
    """What one line-up player did in one game (per-hand counters; ``place`` is 0 for first)."""

    place: int = 0
    score: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    win_points: list[int] = field(default_factory=list)
    deal_ins: int = 0
    deal_in_points: int = 0  # what this player paid on the wins they dealt into (a double ron: both)
    riichi: int = 0
    called: int = 0
    draws: int = 0  # exhaustive draws among the hands this player played
    power: str | None = None  # the superpower held (superpower rules)
    power_uses: int = 0
    faults: int = 0  # decisions an outside bot failed (played by the default)


@dataclass(slots=True)
class GameRecord:
    index: int
    seed: str
    rotation: int
    players: list[PlayerLine]  # by line-up position, not by seat
    hands: int
    decisions: int
    log: list[str] | None = None


def parse_players(text: str) -> list[str]:
    """``--players``: comma-separated entries, CPU levels in any case; a comma inside quotes belongs to an outside
    bot's command (``strong,mjai:"bot --mode a,b",normal,normal``), whose case is kept."""
    entries: list[str] = []
    current, quote = "", ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == ",":
            entries.append(current)
            current = ""
            continue
        current += ch
    entries.append(current)
    out = []
    for entry in (e.strip() for e in entries):
        if entry:
            out.append(entry if is_outside(entry) else entry.lower())
    return out


def check_lineup(rules: RuleSet | str, lineup: Sequence[str]) -> RuleSet:
    """The rule set, or a clear error for an unknown preset or level (or an outside bot's empty command, or one
    at a table mjai cannot speak of: Zung Jung, superpowers), or a line-up that does not fill the table."""
    rs = preset(rules) if isinstance(rules, str) else rules
    unknown = [lv for lv in lineup if lv not in LEVELS and outside_lineup_entry(lv) is None]
    if unknown:
        raise ValueError(
            f"unknown CPU level {unknown[0]!r} (known: {', '.join(LEVELS)}, or mjai:CMD / mjai-stream:CMD)"
        )
    for entry in lineup:
        command = outside_lineup_entry(entry)
        program = command.argv[0] if command is not None else ""
        if command is not None and shutil.which(program) is None:
            raise ValueError(f"{entry!r}: no program {program!r} to run (not a file that can run, nor on PATH)")
        reason = no_riichi_form(rs) if command is not None else None
        if reason is not None:  # the bot would be told of a game it has no words for, and fault every decision
            raise ValueError(f"{entry!r} is an outside bot and speaks mjai: {reason}")
    if len(lineup) != rs.players:
        raise ValueError(f"{rs.name} seats {rs.players} players; the line-up names {len(lineup)}")
    return rs


def check_powers(rules: RuleSet, powers: Sequence[str] | None) -> tuple[str, ...] | None:
    """Each line-up player's power entry (a power, ``none`` or ``any``; all ``any`` by default with superpower
    rules), or None without superpowers; a clear error for an unknown power or a rule set without them."""
    from jantaku.engine.powers import POWERS

    if powers is None:
        return ("any",) * rules.players if rules.superpowers else None
    if not rules.superpowers:
        raise ValueError(f"{rules.name} has no superpowers: --powers needs rules with superpowers (e.g. superpower)")
    out = tuple(p.strip().lower() for p in powers)
    if len(out) != rules.players:
        raise ValueError(f"{rules.name} seats {rules.players} players; the powers name {len(out)}")
    for p in out:
        if p not in (*POWERS, "none", "any"):
            raise ValueError(f"unknown superpower {p!r} (known: {', '.join(POWERS)}, or none, any)")
    return out


def rotates(lineup: Sequence[str], powers: Sequence[str] | None) -> bool:
    """Whether the seats are rotated: the line-up players differ (in level, or in power)."""
    return len(set(zip(lineup, powers or ("",) * len(lineup), strict=True))) > 1


def seat_of(position: int, rotation: int, players: int) -> int:
    return (position + rotation) % players


def game_seed(seed: int | str, index: int, rotations: int) -> str:
    return f"{seed}:{index // rotations}"


def summarise(events: Sequence[Event], seats: int) -> tuple[list[PlayerLine], int]:
    """Per-seat counters from a game's events (the referee's record: the simulator is not a player)."""
    lines = [PlayerLine() for _ in range(seats)]
    hands = 0
    called: set[int] = set()
    riichi: set[int] = set()
    dealt_in: set[int] = set()
    for e in events:
        t = e.type
        if t == "start_kyoku":
            hands += 1
            called, riichi, dealt_in = set(), set(), set()
            for p in lines:
                p.hands += 1
        elif t in ("chi", "pon", "daiminkan") and e.actor is not None:
            if e.actor not in called:
                called.add(e.actor)
                lines[e.actor].called += 1
        elif t == "reach" and e.actor is not None and e.actor not in riichi:
            riichi.add(e.actor)
            lines[e.actor].riichi += 1
        elif t == "hora" and e.actor is not None:
            w = lines[e.actor]
            w.wins += 1
            w.win_points.append(int(e.info.get("points", 0)))
            if e.target == e.actor:
                w.tsumo += 1
            elif e.target is not None:
                deltas = e.info.get("deltas") or []
                if e.target < len(deltas):
                    lines[e.target].deal_in_points += max(0, -int(deltas[e.target]))
                if e.target not in dealt_in:
                    dealt_in.add(e.target)
                    lines[e.target].deal_ins += 1
        elif (t == "power" or (t == "dahai" and e.info.get("veil"))) and e.actor is not None:
            lines[e.actor].power_uses += 1
        elif t == "fault" and e.actor is not None:
            lines[e.actor].faults += 1
        elif t == "ryukyoku" and e.info.get("reason") in ("exhaustive", "nagashi_mangan"):
            for p in lines:
                p.draws += 1
    return lines, hands


def play_game(
    rules: RuleSet | str,
    lineup: Sequence[str],
    seed: int | str,
    index: int,
    *,
    keep_log: bool = False,
    powers: Sequence[str] | None = None,
    outside_options: dict[str, Any] | None = None,
) -> GameRecord:
    """Play game ``index`` of a simulation: levels from ``lineup`` (one per seat), seats rotated by ``index``;
    ``outside_options`` are passed to each outside bot's seat (``OutsideSeat``: time limits, a transcript)."""
    from jantaku.engine.powers import choose_powers

    rs = check_lineup(rules, lineup)
    spec = check_powers(rs, powers)
    n = rs.players
    # a line-up of one level has nothing to rotate: every game gets walls of its own
    rotations = n if rotates(lineup, spec) else 1
    rotation = index % rotations
    wall_seed = game_seed(seed, index, rotations)
    held: list[str | None] = [None] * n
    if spec is not None:
        for pos, p in enumerate(spec):
            name = choose_powers(f"{wall_seed}:{pos}", 1)[0] if p == "any" else p
            held[seat_of(pos, rotation, n)] = None if name == "none" else name
    game = Game(rs, seed=wall_seed, powers=held if spec is not None else None)
    by_seat: list[Any] = [None] * n
    names = [""] * n
    for pos, entry in enumerate(lineup):
        names[seat_of(pos, rotation, n)] = entry if outside_lineup_entry(entry) is None else f"P{pos + 1} mjai"
    outside: list[OutsideSeat] = []
    try:
        for pos, level in enumerate(lineup):
            seat = seat_of(pos, rotation, n)
            command = outside_lineup_entry(level)
            if command is None:
                by_seat[seat] = make_player(level, rs, seed=f"{seed}:{index}:{pos}")
            else:
                bot = OutsideSeat(command, rs, seat, name=level, names=names, **(outside_options or {}))
                bot.feed(game.opening)
                outside.append(bot)
                by_seat[seat] = bot
        decisions = 0
        while not game.over:
            seat = game.to_act()[0]
            player = by_seat[seat]
            action = player.act(game.view(seat))
            if isinstance(player, OutsideSeat):
                for reason in player.take_faults():
                    game.fault(seat, reason)
            events = game.apply(seat, action)
            for bot in outside:
                bot.feed(events)
            decisions += 1
    finally:
        for bot in outside:
            bot.close()
    per_seat, hands = summarise(game.events, n)
    final = game.final
    assert final is not None
    for seat, line in enumerate(per_seat):
        line.place = final.places[seat]
        line.score = final.scores[seat]
        line.power = held[seat]
    players = [per_seat[seat_of(pos, rotation, n)] for pos in range(n)]
    return GameRecord(index, wall_seed, rotation, players, hands, decisions, game.log if keep_log else None)
