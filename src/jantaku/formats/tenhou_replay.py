"""Replay Tenhou's recorded games through our engine and compare every hand's outcome with the record.

Why: the records are real games refereed by the reference implementation of the ``tenhou`` / ``tenhou-sanma``
rules. Replaying one checks the whole engine, not just the scorer: every recorded action must be legal for us
(an illegal one is a difference), and every hand must end the same way (winners, yaku, han, fu, points, score
deltas; draw kind, tenpai seats and payments), lead to the same next hand (scores, round, dealer, honba,
deposits) and, after the last hand, to the same final scores.

How: each hand is replayed on its own, from its ``INIT`` (``Game(rules, seed, walls=[order], start=state)``),
so one difference does not hide the rest of the game. The wall is rebuilt from the record (``hand_wall``): the
dealt tiles, every draw in order, the replacement draws and the revealed dora / ura indicators in the dead wall,
the unseen tiles filled in id order. Other seats *pass* every discard unless the record shows their call or ron.

``record_game`` drives the same logic through one game for the whole record instead (every hand's wall stacked
up front), so that the record becomes our game and its log: the way Tenhou records, and any record read into
the same model (an mjai log), are converted (``jantaku.formats.convert``).

Not here: this module reads records and drives the engine; ``jantaku.formats.tenhou_xml`` parses them and the
engine referees. It imports both but changes neither.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jantaku.engine import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Event,
    Game,
    IllegalAction,
    MatchState,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.actions import Kita
from jantaku.engine.legal import why_illegal
from jantaku.engine.wall import DEAD_WALL, REPLACEMENTS, tile_set
from jantaku.formats import tenhou_records as th
from jantaku.formats.tenhou_xml import read_game
from jantaku.rules.presets import tenhou_rules
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.yaku import BONUS, YAKU
from jantaku.tiles import code_name

ROUND_NAMES = "ESWN"
#: Tenhou's ``RYUUKYOKU type`` → our ``ryukyoku`` reason.
DRAW_KINDS = {
    None: "exhaustive",
    "yao9": "nine_terminals",
    "reach4": "four_riichi",
    "ron3": "triple_ron",
    "kan4": "four_kans",
    "kaze4": "four_winds",
    "nm": "nagashi_mangan",
}
_ACTING = (th.Draw, th.RecordedDiscard, th.Call, th.Agari, th.Ryuukyoku)  # events that are (or answer) a decision
_CALLS = (th.MeldType.CHI, th.MeldType.PON, th.MeldType.OPEN_KAN)


class RecordMismatch(Exception):
    """The record cannot be replayed further: the message is the difference."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One disagreement in hand ``hand`` (its index in the game) labelled like ``E2-1`` (round, hand, honba)."""

    hand: int
    label: str
    message: str

    def __str__(self) -> str:
        return f"{self.label} (hand {self.hand + 1}): {self.message}"


@dataclass(frozen=True, slots=True)
class GameReport:
    """What replaying one record found: every hand's differences in order, or why the record could not be read."""

    source: str
    players: int
    hands: int
    differences: tuple[Difference, ...] = ()
    error: str | None = None  # the record could not be read at all
    day: dt.date | None = None  # the day whose rules were used: the record's, else the one given for undated records
    rule_changes: tuple[str, ...] = ()  # how those rules differ from today's (``rule_changes``), e.g. a tenpai stop off

    @property
    def identical(self) -> bool:
        return not self.differences and self.error is None

    @property
    def hands_identical(self) -> int:
        return self.hands - len({d.hand for d in self.differences})

    def line(self) -> str:
        """One line: ``ok``/``DIFF``, the file (and the rules of its day, when they are not today's), the hands,
        and the first difference."""
        name = Path(self.source).name
        if self.rule_changes:
            name += f" [rules of {self.day}: {', '.join(self.rule_changes)}]"
        if self.error is not None:
            return f"ERROR {name}: {self.error}"
        if self.identical:
            return f"ok    {name}: {self.hands} hands identical"
        bad = self.hands - self.hands_identical
        return f"DIFF  {name}: {bad}/{self.hands} hands differ; first: {self.differences[0]}"


# ------------------------------------------------------------------------------------------------- set-up
def rules_for(game: th.TenhouGame, undated: dt.date | None = None) -> RuleSet:
    """Our rules for the record's table as Tenhou played them on the record's day (``tenhou_rules``); ``undated``
    is the day to take for a record without a date (today's rules when None too). East-only games play
    ``length="east"``. A record that names its own rule set (``rule_options``: a tenhou.net/6 document our writer
    made) is replayed under it, once it is a riichi table of the record's size without superpowers (what the
    format can hold); anything else there raises ``RecordMismatch``."""
    if game.rule_options is not None:
        try:
            ours = RuleSet().with_options(**game.rule_options)
        except (ValueError, TypeError) as exc:
            raise RecordMismatch(f"the record's own rules are not a rule set: {exc}") from None
        if not ours.riichi or ours.superpowers or ours.players != game.rules.players:
            size = game.rules.players
            raise RecordMismatch(f"the record's own rules ({ours.name}) are not a {size}-player riichi table")
        return ours
    rules = tenhou_rules(game.rules.players, game.date or undated)
    if not game.rules.east_south:
        rules = rules.with_options(length="east")
    return rules


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def rule_changes(rules: RuleSet) -> tuple[str, ...]:
    """How ``rules`` differ from today's Tenhou rules for the same table (``option=value``, as docs/rules.md writes
    them); empty for today's. ``tenhou-check`` prints them beside a game read under an older rule, so that a game
    that replays identically only under that rule says so."""
    today = tenhou_rules(rules.players).with_options(length=rules.length).options()
    return tuple(f"{k}={_option_text(v)}" for k, v in rules.options().items() if today[k] != v)


def hand_label(init: th.Init) -> str:
    """``E2-1``: the round's wind, the hand within the round and the honba, as the differences are labelled."""
    r = init.round_index
    return f"{ROUND_NAMES[r // 4 % 4]}{r % 4 + 1}-{init.honba}"


def start_state(init: th.Init) -> MatchState:
    """The match state a hand starts from (scores, round, dealer, honba, deposits), to replay it on its own."""
    return MatchState(
        scores=init.scores, round=init.round_index // 4, hand=init.dealer, honba=init.honba, sticks=init.deposits
    )


def hand_wall(game: th.TenhouGame, rules: RuleSet, hand: th.TenhouHand) -> list[int]:
    """The hand's wall in our engine's order (``Wall(order)``): the 13 dealt tiles of each seat from the dealer
    on, the ordinary draws in order, the unseen tiles, then the 14-tile dead wall (replacement draws 1-4, then
    each dora indicator followed by its ura indicator). Replacement draws after the fourth come, in our model as
    in Tenhou's, from the live wall's end (one tile moves to the dead wall per replacement), so they are placed
    there from the back. Raises ``RecordMismatch`` when the record's tiles cannot form one wall."""
    init = hand.init
    n = rules.players
    deal = [t for rel in range(n) for t in init.hands[(init.dealer + rel) % n]]
    draws: list[int] = []
    rinshan: list[int] = []
    indicators = [init.dora_indicator]
    ura: tuple[int, ...] = ()
    replacement_next = False
    for ev in hand.events:
        if isinstance(ev, th.Draw):
            (rinshan if replacement_next else draws).append(ev.tile)
            replacement_next = False
        elif isinstance(ev, th.Call) and ev.meld.type not in (th.MeldType.CHI, th.MeldType.PON):
            replacement_next = True
        elif isinstance(ev, th.NewDora):
            indicators.append(ev.indicator)
        elif isinstance(ev, th.Agari):
            if len(ev.dora) > len(indicators):
                indicators = list(ev.dora)
            ura = ura or ev.ura
    tiles = tile_set(rules)
    live_size = len(tiles) - len(deal) - DEAD_WALL
    dead: list[int | None] = [None] * DEAD_WALL
    dead[:REPLACEMENTS] = rinshan[:REPLACEMENTS] + [None] * max(0, REPLACEMENTS - len(rinshan))
    for i, t in enumerate(indicators):
        dead[4 + 2 * i] = t
    for i, t in enumerate(ura):
        dead[5 + 2 * i] = t
    back = rinshan[REPLACEMENTS:]  # the live wall's last tiles, last first
    if len(draws) + len(back) > live_size or len(indicators) > 5 or len(ura) > 5:
        raise RecordMismatch(f"wall: {len(draws)} draws and {len(back)} late replacements overflow the wall")
    used = [*deal, *draws, *back, *(t for t in dead if t is not None)]
    if len(set(used)) != len(used) or not set(used) <= set(tiles):
        dup = sorted({t for t in used if used.count(t) > 1 or t not in tiles})
        raise RecordMismatch(f"wall: tile ids {dup} appear twice (or are not in play) in the record")
    taken = set(used)
    rest = iter(t for t in tiles if t not in taken)
    live = [*draws, *(next(rest) for _ in range(live_size - len(draws) - len(back))), *reversed(back)]
    return [*deal, *live, *(t if t is not None else next(rest) for t in dead)]


# ------------------------------------------------------------------------------------------------- naming
def tile_name(game: th.TenhouGame, tile: int) -> str:
    """A tile in a difference's text: its notation and its 136-id (``0m#16``), so that both readings are at hand."""
    return f"{code_name(game.code(tile))}#{tile}"


def _describe(game: th.TenhouGame, ev: th.Event) -> str:
    if isinstance(ev, th.Draw):
        return f"seat {ev.seat} draws {tile_name(game, ev.tile)}"
    if isinstance(ev, th.RecordedDiscard):
        return f"seat {ev.seat} discards {tile_name(game, ev.tile)}"
    if isinstance(ev, th.Call):
        tiles = " ".join(tile_name(game, t) for t in ev.meld.tiles)
        return f"seat {ev.seat} {ev.meld.type} [{tiles}]"
    if isinstance(ev, th.Agari):
        how = "tsumo" if ev.tsumo else f"ron on seat {ev.from_who}"
        return f"seat {ev.who} wins by {how} on {tile_name(game, ev.machi)}"
    if isinstance(ev, th.Ryuukyoku):
        return f"drawn hand ({DRAW_KINDS.get(ev.type, ev.type)})"
    return type(ev).__name__


def tenhou_yaku(key: str, seat_wind: int, round_index: int) -> int:
    """Tenhou's id for one of our yaku lines. Tenhou gives each wind its own yakuhai id (seat wind East..North
    10..13, round wind 14..17) where our registry has one line per kind of wind, holding the East one's id."""
    yaku = YAKU.get(key) or BONUS.get(key)
    if yaku is None or yaku.tenhou_id is None:
        raise KeyError(f"yaku {key!r} has no Tenhou id")
    if key == "seat_wind":
        return yaku.tenhou_id + seat_wind
    if key == "round_wind":
        return yaku.tenhou_id + round_index // 4 % 4
    return yaku.tenhou_id


# ------------------------------------------------------------------------------------------------- one hand
@dataclass
class _HandReplay:
    """One hand driven through the engine as the record plays it, then compared with the record. ``running`` is a
    game already dealt this hand (``record_game`` drives one game through every hand); without it the hand gets a
    game of its own, from its ``INIT``. ``scored`` False is a record that states wins and draws only by their
    deltas (mjai): yaku, han, fu, points, draw kinds and tenpai seats are then not compared, nor deltas it leaves
    out."""

    record: th.TenhouGame
    rules: RuleSet
    index: int
    running: Game | None = None
    scored: bool = True
    game: Game = field(init=False)
    revealed: Callable[[], list[int]] = field(init=False)
    events: list[Event] = field(default_factory=list)
    riichi: set[int] = field(default_factory=set)
    deposit_check: list[th.Reach] = field(default_factory=list)
    ended: bool = field(default=False, init=False)  # a hora or ryukyoku is among ``events`` (kept up as they come)

    @property
    def hand(self) -> th.TenhouHand:
        return self.record.hands[self.index]

    def run(self) -> list[str]:
        init = self.hand.init
        if init.round_index % 4 != init.dealer:
            return [f"INIT: round index {init.round_index} but dealer seat {init.dealer}"]
        try:
            if self.running is None:
                order = hand_wall(self.record, self.rules, self.hand)
                seed = f"tenhou:{self.record.source}:{self.index}"
                self.game = Game(self.rules, seed, walls=[order], start=start_state(init))
                self.events.extend(self.game.opening)
            else:
                self.game = self.running
                if self.game.over:
                    raise RecordMismatch("our game is over; the record goes on")
            self.revealed = self.game.table.wall.indicators  # the hand's wall, kept past the hand's end
            self.drive()
        except RecordMismatch as exc:
            return [str(exc)]
        out = self.compare_outcome() or self.compare_indicators()
        return out or self.compare_next()

    def compare_indicators(self) -> list[str]:
        """The dora indicators turned: the deal's and every ``DORA`` (a win's ``doraHai`` lists them all)."""
        hand = self.hand
        expected = [hand.init.dora_indicator, *(e.indicator for e in hand.events if isinstance(e, th.NewDora))]
        if hand.agaris:
            expected = list(hand.agaris[0].dora)
        ours = self.revealed()
        if ours != expected:
            names = [tile_name(self.record, t) for t in ours]
            return [f"dora indicators: record {[tile_name(self.record, t) for t in expected]}, ours {names}"]
        return []

    # driving ---------------------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action, ev: th.Event) -> None:
        try:
            caused = self.game.apply(seat, action)
        except IllegalAction as exc:
            raise RecordMismatch(f"illegal for us: {_describe(self.record, ev)} ({action}): {exc}") from None
        self.events.extend(caused)
        self.ended = self.ended or any(e.type in ("hora", "ryukyoku") for e in caused)

    def drive(self) -> None:
        events = [e for e in self.hand.events if not isinstance(e, (th.Disconnect, th.Reconnect))]
        for pos, ev in enumerate(events):
            if self.ended:
                if self.after_end(ev):
                    continue
                break
            if isinstance(ev, th.NewDora):
                continue  # compared through the indicators at the end (the wall puts them in place)
            if isinstance(ev, th.Reach):
                if ev.step == 1:
                    self.riichi.add(ev.seat)
                else:
                    self.deposit_check.append(ev)
                continue
            if self.game.phase == "claims" and self.answer_claims(events, pos):
                self.check_deposits()
                continue
            if self.ended:  # every seat passed the last discard: the draw came with the passes
                if self.after_end(ev):
                    continue
                break
            self.check_deposits()
            self.turn_event(ev)
        if not self.ended:
            raise RecordMismatch("the record's hand ended but ours did not (we expected more actions)")
        self.check_deposits()

    def after_end(self, ev: th.Event) -> bool:
        """A record event met after our hand ended: True to read on (a later dora, a 4th riichi's deposit), False
        at the record's own end; anything else is a difference."""
        if isinstance(ev, th.Reach) and ev.step == 2:  # a 4th riichi's deposit, then the draw
            self.deposit_check.append(ev)
            return True
        if not isinstance(ev, (th.Agari, th.Ryuukyoku, th.NewDora)):
            end = next(e for e in self.events if e.type in ("hora", "ryukyoku"))
            why = end.info.get("reason", end.type)
            raise RecordMismatch(f"we ended the hand ({why}); the record goes on: {_describe(self.record, ev)}")
        return isinstance(ev, th.NewDora)

    def turn_event(self, ev: th.Event) -> None:
        game = self.game
        turn = game.turn
        if game.phase != "turn" or turn is None:
            raise RecordMismatch(f"{_describe(self.record, ev)}: we are not at a turn (phase {game.phase})")
        if isinstance(ev, th.Draw):
            if turn.seat != ev.seat or turn.drawn != ev.tile:
                got = "nothing" if turn.drawn is None else tile_name(self.record, turn.drawn)
                raise RecordMismatch(f"{_describe(self.record, ev)}: our seat {turn.seat} drew {got}")
            return
        if isinstance(ev, th.RecordedDiscard):
            if ev.seat in self.riichi:
                self.riichi.discard(ev.seat)
                self.apply(ev.seat, Riichi(ev.tile), ev)
            else:
                self.apply(ev.seat, Discard(ev.tile), ev)
            return
        if isinstance(ev, th.Call):
            meld = ev.meld
            action: Action
            if meld.type is th.MeldType.CLOSED_KAN:
                action = ClosedKan((meld.tiles[0], meld.tiles[1], meld.tiles[2], meld.tiles[3]))
            elif meld.type is th.MeldType.ADDED_KAN and meld.added is not None:
                action = AddedKan(meld.added)
            elif meld.type is th.MeldType.NORTH:
                action = Kita(meld.tiles[0])
            else:
                raise RecordMismatch(f"{_describe(self.record, ev)}: no discard of ours to call")
            self.apply(ev.seat, action, ev)
            return
        if isinstance(ev, th.Agari):
            if not ev.tsumo:
                raise RecordMismatch(f"{_describe(self.record, ev)}: no discard of ours to ron")
            self.apply(ev.who, Tsumo(), ev)
            return
        if isinstance(ev, th.Ryuukyoku) and ev.type == "yao9":
            self.apply(turn.seat, NineTerminals(), ev)
            return
        raise RecordMismatch(f"{_describe(self.record, ev)}: the hand goes on for us (seat {turn.seat} to act)")

    def answer_claims(self, events: Sequence[th.Event], pos: int) -> bool:
        """Answer the open claim window as the record does; True when this consumed ``events[pos]``."""
        game = self.game
        claims = game.claims
        assert claims is not None
        nxt = next((e for e in events[pos:] if isinstance(e, _ACTING)), None)
        answers: dict[int, Action] = {}
        consumed = False
        if isinstance(nxt, th.Call) and nxt.meld.type in _CALLS and nxt is events[pos]:
            meld = nxt.meld
            if meld.called != claims.tile:
                raise RecordMismatch(f"{_describe(self.record, nxt)}: called tile differs from ours")
            own = tuple(t for t in meld.tiles if t != meld.called)
            if meld.type is th.MeldType.CHI:
                answers[meld.who] = Chi((own[0], own[1]))
            elif meld.type is th.MeldType.PON:
                answers[meld.who] = Pon((own[0], own[1]))
            else:
                answers[meld.who] = OpenKan((own[0], own[1], own[2]))
            consumed = True
        elif isinstance(nxt, th.Agari) and not nxt.tsumo and nxt is events[pos]:
            for e in events[pos:]:
                if isinstance(e, th.Agari) and not e.tsumo:
                    answers[e.who] = Ron()
            consumed = True
        elif isinstance(nxt, th.Ryuukyoku) and nxt.type == "ron3" and nxt is events[pos]:
            answers = {seat: Ron() for seat, _ in nxt.shown}
            consumed = True
        elif isinstance(nxt, th.Ryuukyoku) and nxt.type is None and not self.scored and nxt is events[pos]:
            # a record that names no draw kind (mjai) writes a triple ron as a bare draw after the discard: three
            # seats able to ron it all declared (three players passing one ron is not a game anyone records)
            ronners = [s for s, acts in claims.options.items() if any(isinstance(a, Ron) for a in acts)]
            if len(ronners) >= 3:
                answers = {seat: Ron() for seat in ronners}
                consumed = True
        waiting = game.to_act()
        for seat, action in answers.items():
            if seat not in waiting:
                what = _describe(self.record, nxt) if nxt is not None else str(action)
                why = "" if not waiting else f" (only seats {waiting} may answer)"
                action_ok = seat in claims.options
                reason = "it already answered" if action_ok else self.refusal(seat, action)
                raise RecordMismatch(f"illegal for us: {what} ({action}): {reason}{why}")
        for seat in sorted(answers):
            self.apply(seat, answers[seat], nxt if nxt is not None else events[pos])
        for seat in game.to_act() if game.phase == "claims" else []:
            self.apply(seat, Pass(), events[pos])
        return consumed

    def refusal(self, seat: int, action: Action) -> str:
        """Why the engine offers ``seat`` nothing on this claim (it is not among the answering seats)."""
        rule, text = why_illegal(self.game, seat, action)
        return f"{rule}: {text}"

    def check_deposits(self) -> None:
        for reach in self.deposit_check:
            got = [e for e in self.events if e.type == "reach_accepted" and e.actor == reach.seat]
            if not got:
                raise RecordMismatch(f"seat {reach.seat}'s riichi deposit was taken in the record, not by us")
            ours = tuple(got[-1].info["scores"])
            if reach.scores is not None and ours != reach.scores:
                raise RecordMismatch(f"scores after seat {reach.seat}'s riichi: record {reach.scores}, ours {ours}")
        self.deposit_check.clear()

    # comparing -------------------------------------------------------------------------------------------
    def compare_outcome(self) -> list[str]:
        ends = [e for e in self.events if e.type in ("hora", "ryukyoku")]
        hand = self.hand
        if hand.agaris:
            wins = [e for e in ends if e.type == "hora"]
            rec = [(a.who, a.from_who) for a in hand.agaris]
            got = [(e.actor, e.target) for e in wins]
            if rec != got:
                return [f"winners (seat, from): record {rec}, ours {got} {self.end_text(ends)}"]
            out: list[str] = []
            for agari, hora in zip(hand.agaris, wins, strict=True):
                out.extend(self.compare_win(agari, hora))
            return out
        draw = hand.ryuukyoku
        if draw is None:
            return ["the record's hand has no outcome"]
        if len(ends) != 1 or ends[0].type != "ryukyoku":
            return [f"record: {_describe(self.record, draw)}; ours: {self.end_text(ends)}"]
        info = ends[0].info
        kind = DRAW_KINDS.get(draw.type, str(draw.type))
        out = []
        if self.scored and info.get("reason") != kind:
            out.append(f"draw kind: record {kind}, ours {info.get('reason')}")
        if self.scored and draw.type in (None, "nm"):
            ours = tuple(i for i, t in enumerate(info.get("tenpai", [])) if t)
            if ours != draw.tenpai:
                out.append(f"tenpai seats: record {draw.tenpai}, ours {ours}")
        if (self.scored or draw.deltas) and tuple(info.get("deltas", ())) != draw.deltas:
            out.append(f"draw payments: record {draw.deltas}, ours {tuple(info.get('deltas', ()))}")
        return out

    def end_text(self, ends: list[Event]) -> str:
        return (
            ", ".join(
                f"seat {e.actor} wins from {e.target}" if e.type == "hora" else f"draw ({e.info.get('reason')})"
                for e in ends
            )
            or "no end"
        )

    def compare_win(self, agari: th.Agari, hora: Event) -> list[str]:
        info = hora.info
        init = self.hand.init
        n = self.rules.players
        seat_wind = (agari.who - init.dealer) % n
        who = f"seat {agari.who}'s win"
        out: list[str] = []

        def check(what: str, expected: object, got: object) -> None:
            if expected != got:
                out.append(f"{who}: {what}: record {expected}, ours {got}")

        lines = [(str(k), int(h)) for k, h in info["yaku"]]
        if not self.scored:
            pass  # the record does not say how the win scored: only its ura indicators and deltas are compared
        elif agari.yakuman:
            ours_ym = [tenhou_yaku(k, seat_wind, init.round_index) for k, _ in lines if k in YAKU and YAKU[k].yakuman]
            check("yakuman", sorted(agari.yakuman), sorted(ours_ym))
            check("yakuman count", len(agari.yakuman), info["yakuman"])
        else:
            expected: dict[int, int] = {}
            for i, h in agari.yaku:
                expected[i] = expected.get(i, 0) + h
            ours: dict[int, int] = {}
            for k, h in lines:
                i = tenhou_yaku(k, seat_wind, init.round_index)
                ours[i] = ours.get(i, 0) + h
            check(
                "yaku", {i: h for i, h in sorted(expected.items()) if h}, {i: h for i, h in sorted(ours.items()) if h}
            )
            check("han", sum(h for _, h in agari.yaku), info["han"])
            check("fu", agari.fu, info["fu"])
        if agari.ura:
            check("ura indicators", list(agari.ura), list(info["ura_markers"]))
        if self.scored:
            check("points", agari.points, info["points"])
        if self.scored or agari.deltas:
            check("deltas", agari.deltas, tuple(info["deltas"]))
        return out

    def compare_next(self) -> list[str]:
        """The match after the hand: the next ``INIT``'s state, or the game's end and its final scores."""
        game = self.game
        hands = self.record.hands
        if self.index + 1 < len(hands):
            if game.over:
                return ["we ended the game after this hand; the record goes on"]
            nxt = hands[self.index + 1].init
            st = game.state
            exp = (nxt.scores, nxt.round_index // 4, nxt.dealer, nxt.honba, nxt.deposits)
            got = (st.scores, st.round, st.hand, st.honba, st.sticks)
            if exp != got:
                return [f"next hand (scores, round, dealer, honba, deposits): record {exp}, ours {got}"]
            return []
        if not self.scored and self.record.owari is None and not game.over:
            return []  # a log that states no end (an mjai log cut after a hand) ends where it stops
        if not game.over or game.final is None:
            return [f"the record's game ends after this hand; ours goes on to {game.state.label()}"]
        owari = self.record.owari
        if owari is not None and owari.scores != game.final.scores:
            return [f"final scores: record {owari.scores}, ours {game.final.scores}"]
        return []


# ------------------------------------------------------------------------------------------------- games
def replay_game(record: th.TenhouGame, source: str | None = None, *, undated: dt.date | None = None) -> GameReport:
    """Replay every hand of a parsed record under the rules of its day (``rules_for``; ``undated`` for a record
    without a date); the report lists every difference, in order."""
    rules = rules_for(record, undated)
    diffs: list[Difference] = []
    for index, hand in enumerate(record.hands):
        for message in _HandReplay(record, rules, index).run():
            diffs.append(Difference(index, hand_label(hand.init), message))
    day = record.date or undated
    return GameReport(
        source or record.source,
        rules.players,
        len(record.hands),
        tuple(diffs),
        day=day,
        rule_changes=rule_changes(rules),
    )


def record_game(record: th.TenhouGame, *, undated: dt.date | None = None, scored: bool = True) -> Game:
    """The record as one game of ours, every hand driven through the engine in order: its ``log`` is our JSONL
    log of the record (``Game.replay`` of it plays the same events to the same final scores). The walls of every
    hand are rebuilt up front (``hand_wall``) and the game starts from the first ``INIT``'s state, so a record
    cut from the middle of a match converts too. Rules as ``replay_game`` takes them; ``scored`` False for a
    record that states wins and draws only by their deltas (an mjai log), whose scoring is then ours alone.

    Raises ``RecordMismatch`` naming the hand (``E2-1 (hand 6): ...``) when the record does not replay whole:
    a converted log must be the record's game, not a game that went elsewhere."""
    if not record.hands:
        raise RecordMismatch("the record has no hands")
    rules = rules_for(record, undated)
    walls: list[list[int]] = []
    for index, hand in enumerate(record.hands):
        try:
            walls.append(hand_wall(record, rules, hand))
        except RecordMismatch as exc:
            raise RecordMismatch(str(Difference(index, hand_label(hand.init), str(exc)))) from None
    seed = f"tenhou:{Path(record.source).name}"
    game = Game(rules, seed, walls=walls, start=start_state(record.hands[0].init))
    for index, hand in enumerate(record.hands):
        problems = _HandReplay(record, rules, index, running=game, scored=scored).run()
        if problems:
            raise RecordMismatch(str(Difference(index, hand_label(hand.init), problems[0])))
    return game


def replay_events(record: th.TenhouGame, *, undated: dt.date | None = None) -> list[Event]:
    """The engine's events of a record replayed hand by hand, as one game's: each hand is its own game, so only the
    first ``start_game`` is kept. A hand that does not replay stops where it did (the events so far). Played under
    the rules of the record's day, as ``replay_game`` plays it."""
    rules = rules_for(record, undated)
    out: list[Event] = []
    for index in range(len(record.hands)):
        hand = _HandReplay(record, rules, index)
        hand.run()
        out.extend(e for e in hand.events if e.type != "start_game" or not out)
    return out


def replay_file(path: str | os.PathLike[str], *, undated: dt.date | None = None) -> GameReport:
    """Read and replay one record (``undated``: the day for a record whose file name has no date); an unreadable
    record is a report with ``error`` set."""
    try:
        record = read_game(path)
    except th.TenhouFormatError as exc:  # the report's line names the file: the error says only where and why
        return GameReport(str(path), 0, 0, error=f"at {exc.element}: {exc.reason}" if exc.element else exc.reason)
    return replay_game(record, str(path), undated=undated)


def record_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """The files named, and every ``*.xml`` / ``*.mjlog`` under the folders named (recursively, sorted)."""
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from sorted(f for f in path.rglob("*") if f.is_file() and f.suffix in (".xml", ".mjlog"))
        else:
            yield path
