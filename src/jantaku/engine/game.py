"""The state machine: ``Game(rules, seed)``, ``legal_actions(seat)``, ``apply(seat, action) -> events``,
``view(seat)``, ``log``.

One game is a whole match: when a hand ends (a win, an abortive or an exhaustive draw) the match moves on and
the next hand is dealt inside the same ``apply`` call, until the game ends. Every transition of that state
machine is a method of ``Game`` (a superpower's effect is played by ``powers.use_power``); what a transition
computes without changing state lives in pure modules (``legal``: what may be done and why not; ``settle``:
scores and payments; ``match``: the match's flow).

Claims on a discard (or on a kan that may be robbed) are gathered from every seat that may act and resolved
together by priority (ron > pon/kan > chi), never by the order the answers came in.

Zung Jung (``rules.riichi`` false) runs through the same machine on small hooks: East's 14th tile is dealt (no
draw event), one winner per claim (``zj_win_priority``), scoring and payments by the pattern scorer
(``Game._zung_jung_win``), no dead wall, no riichi, dora or furiten, and the match flow of ``match``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from jantaku.engine.actions import (
    ACTION_TYPES,
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    IllegalAction,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
    action_from_json,
    action_to_json,
)
from jantaku.engine.events import Event, redact
from jantaku.engine.gamelog import replay, snapshot
from jantaku.engine.legal import (
    Claims,
    Turn,
    discard_claims,
    kan_claims,
    kuikae_forbidden,
    north_claims,
    plain_discard_legal,
    riichi_legal,
    turn_actions,
    why_illegal,
)
from jantaku.engine.match import FinalResult, HandOutcome, MatchState, advance, final_result
from jantaku.engine.powers import (
    Charges,
    check_powers,
    choose_powers,
    end_turn,
    turn_powers,
    use_power,
    veil_discards,
)
from jantaku.engine.settle import (
    WinKind,
    absolute_deltas,
    nagashi_deltas,
    nagashi_seats,
    noten_deltas,
    tenpai_seats,
    try_score,
    zung_jung_deltas,
    zung_jung_score,
)
from jantaku.engine.table import SeatState, Table, TableMeld, tile_codes
from jantaku.engine.view import PowerSecret, PowerUse, SeatView, seat_view
from jantaku.engine.wall import Wall
from jantaku.melds import MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi.fu import FuItem
from jantaku.tiles import DRAGONS, EAST, KIND_OF_ID, WINDS, kind_of_id

_JSON = json.JSONEncoder(separators=(",", ":"))


class Game:
    """The referee of one match: it owns the table, the match state and every transition between them (a
    turn, a claim window, a hand's end and the next deal); other modules compute (``legal``, ``settle``,
    ``match``) and the game applies."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int | str,
        *,
        walls: Sequence[Sequence[int]] = (),
        start: MatchState | None = None,
        powers: Sequence[str | None] | None = None,
    ) -> None:
        """``powers``: each seat's superpower (a name of ``powers.CATALOGUE`` or None) when ``rules.superpowers``
        is on; left out, they are chosen from the seed (``powers.choose_powers``)."""
        self.rules = rules
        self.seed = seed
        self.walls = [list(w) for w in walls]
        self.start = start
        self.state = start or MatchState.start(rules)
        self.codes = tile_codes(rules)
        self.phase = "turn"
        self.turn: Turn | None = None
        self.claims: Claims | None = None
        self.final: FinalResult | None = None
        self.version = 0
        self._legal: dict[int, tuple[int, list[Action]]] = {}
        self._records: list[tuple[int, Action] | Event] = []
        self.clock_passed = False  # the next hand to start will be the last (match clock)
        #: hold every claim window open, even one nobody can answer, until ``close_window()``: a table server
        #: sets it so that no seat can tell from what it is sent whether another seat may call. The log and a
        #: replay do not depend on it (an unanswerable window holds no decision).
        self.claim_window = False
        if powers is not None and not rules.superpowers:
            raise ValueError(f"rules {rules.name!r} have no superpowers (superpowers=True turns them on)")
        if rules.superpowers:
            chosen = choose_powers(seed, rules.players) if powers is None else powers
            self.powers: tuple[str | None, ...] = check_powers(chosen, rules.players)
        else:
            self.powers = (None,) * rules.players
        self.charges = [Charges(p) for p in self.powers]
        self.secrets: list[list[PowerSecret]] = [[] for _ in self.powers]  # this hand's private power results
        self.hand_powers: list[PowerUse] = []  # this hand's powers used, public parts, in order
        self.table: Table = self._new_table()
        events = [Event("start_game", info={"scores": list(self.state.scores), "players": rules.players})]
        events.extend(self._deal())
        self._records.extend(events)
        self.opening = events

    # ----------------------------------------------------------------- public interface
    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def sticks(self) -> int:
        return self.state.sticks

    def to_act(self) -> list[int]:
        """Seats that have a decision to make now."""
        if self.phase == "turn" and self.turn is not None:
            return [self.turn.seat]
        if self.phase == "claims" and self.claims is not None:
            return [s for s in self.claims.options if s not in self.claims.answers]
        return []

    def note_power(self, seat: int, power: str, target: int | None) -> None:
        """Keep a power's use for the hand's end, which lists every power used in the hand (public parts)."""
        use: PowerUse = {"seat": seat, "power": power}
        if target is not None:
            use["target"] = target
        self.hand_powers.append(use)

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly what ``seat`` may do now (empty when it has nothing to decide)."""
        hit = self._legal.get(seat)
        if hit is not None and hit[0] == self.version:
            return list(hit[1])
        if seat.__class__ is not int or not 0 <= seat < self.rules.players:
            self._check_seat(seat)
        acts: list[Action] = []
        if self.phase == "turn" and self.turn is not None and self.turn.seat == seat:
            acts = turn_actions(self.table, self.turn, self.state.scores[seat])
            if self.rules.superpowers and self.charges[seat].ready:
                acts += veil_discards(self, seat, acts) + turn_powers(self, seat)
        elif self.phase == "claims" and self.claims is not None:
            c = self.claims
            if seat in c.options and seat not in c.answers:
                acts = list(c.options[seat]) if c.kind == "declare" else [*c.options[seat], Pass()]
        self._legal[seat] = (self.version, acts)
        return list(acts)

    def apply(self, seat: int, action: Action | dict[str, Any]) -> list[Event]:
        """Validate and play one decision; returns the events it caused. A refused action raises
        ``IllegalAction`` naming the rule, and changes nothing.

        ``action`` is an ``Action`` or its JSON form, as ``view(seat)["legal_actions"]`` lists it
        (``{"type": "discard", "tile": 12}``: read by ``action_from_json``)."""
        if isinstance(action, dict):
            action = action_from_json(action)
        action = self._validate(seat, action)
        self._records.append((seat, action))
        self.version += 1
        events: list[Event] = []
        if self.phase == "claims":
            assert self.claims is not None
            self.claims.answers[seat] = action
            if len(self.claims.answers) == len(self.claims.options):
                events.extend(self._resolve_claims())
        else:
            events.extend(self._turn_action(seat, action))
        self._records.extend(events)
        return events

    @property
    def window_open(self) -> bool:
        """A claim window nobody can answer is held open (``claim_window``): ``close_window()`` ends it."""
        return self.phase == "claims" and self.claims is not None and not self.claims.options

    def close_window(self) -> list[Event]:
        """End a held claim window that nobody can answer: play goes on as it would have at once without
        ``claim_window`` (the next draw, or the hand's end). Returns the events."""
        if not self.window_open:
            raise IllegalAction("no_window", "no unanswerable claim window is open")
        self.version += 1
        events = self._resolve_claims()
        self._records.extend(events)
        return events

    def clock(self, minutes: float) -> list[Event]:
        """Inject the match clock (docs/rules.md#time_limits; the engine never reads time itself). With
        ``time_limits`` on, past ``last_hand_after_minutes`` the next hand to start is the last one; past
        ``end_after_minutes`` the game ends at once, unrecorded. Logged, so a replay is exact."""
        if self.phase == "over":
            raise IllegalAction("game_over", "the game has ended")
        event = Event("clock", info={"minutes": minutes})
        events = [event]
        rules = self.rules
        if rules.time_limits and rules.end_after_minutes and minutes >= rules.end_after_minutes:
            self.phase, self.turn, self.claims = "over", None, None
            self.final = final_result(rules, self.state)
            events.append(Event("end_game", info={**self.final.to_json(), "unrecorded": True}))
        elif rules.time_limits and rules.last_hand_after_minutes and minutes >= rules.last_hand_after_minutes:
            self.clock_passed = True
        self.version += 1
        self._records.extend(events)
        return events

    def abandon(self) -> list[Event]:
        """End the game at once, unrecorded, on the scores as they stand: its people left the table and did not
        come back (a table server decides when). Logged, so a replay is exact."""
        if self.phase == "over":
            raise IllegalAction("game_over", "the game has ended")
        self.phase, self.turn, self.claims = "over", None, None
        self.final = final_result(self.rules, self.state)
        events = [
            Event("abandon"),
            Event("end_game", info={**self.final.to_json(), "unrecorded": True, "abandoned": True}),
        ]
        self.version += 1
        self._records.extend(events)
        return events

    def fault(self, seat: int, reason: str) -> Event:
        """Note in the record that ``seat``'s player failed a decision (an outside program that crashed, timed out
        or answered what the rules refuse) and was played by the default: a ``fault`` event, kept in the log and
        by a replay, that changes nothing in the game."""
        self._check_seat(seat)
        event = Event("fault", actor=seat, info={"reason": str(reason)})
        self._records.append(event)
        return event

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see (``None``: a spectator; see ``engine.view``)."""
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < self.rules.players):
            self._check_seat(seat)
        return seat_view(self, seat)

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise TypeError(f"a seat is a number, 0 to {self.rules.players - 1}, not {seat!r}")
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"there is no seat {seat}: seats are 0 to {self.rules.players - 1}")

    @property
    def events(self) -> list[Event]:
        """Every event so far, unfiltered (the referee's record; send ``events_for(seat)`` to players)."""
        return [r for r in self._records if isinstance(r, Event)]

    def events_for(self, seat: int | None) -> list[Event]:
        """Every event so far as ``seat`` may see it (``None``: a spectator)."""
        return [redact(r, seat) for r in self._records if isinstance(r, Event)]

    @property
    def log(self) -> list[str]:
        """The game as JSON lines: a header (rules, seed, stacked walls, start state), then every decision
        (``{"type": "act", ...}``) followed by the events it caused."""
        header: dict[str, Any] = {"type": "header", "rules": self.rules.options(), "seed": self.seed}
        if self.rules.superpowers:
            header["powers"] = list(self.powers)
        if self.walls:
            header["walls"] = self.walls
        if self.start is not None:
            st = self.start
            header["start"] = {
                "scores": list(st.scores),
                "round": st.round,
                "hand": st.hand,
                "honba": st.honba,
                "sticks": st.sticks,
                "played": st.played,
            }
        encode = _JSON.encode
        lines = [encode(header)]
        for rec in self._records:
            if isinstance(rec, Event):
                lines.append(encode(rec.to_json()))
            else:
                lines.append(encode({"type": "act", "actor": rec[0], "action": action_to_json(rec[1])}))
        return lines

    @classmethod
    def replay(cls, lines: Sequence[str] | str) -> Game:
        """Rebuild a game from its log (``log``: a list of JSON lines, or the text of a ``.jsonl`` file) by
        replaying the recorded decisions. A log that cannot be read raises ``ValueError`` naming the line."""
        return replay(cls, lines)

    def snapshot(self) -> dict[str, Any]:
        """The whole state (concealed tiles included) as plain data: for tests and replay checks."""
        return snapshot(self)

    # ----------------------------------------------------------------- validation
    def _validate(self, seat: int, action: Action) -> Action:
        if self.phase == "over":
            raise IllegalAction("game_over", "the game has ended")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise IllegalAction("seat", f"there is no seat {seat!r}: seats are 0 to {self.rules.players - 1}")
        turn = self.turn
        hit = self._legal.get(seat)
        listed = hit is not None and hit[0] == self.version  # a player that asked for its choices: look there
        if not listed and turn is not None and turn.seat == seat and self.phase == "turn":
            # the commonest decisions, checked without listing every choice; what they do not accept (and every
            # other action) is judged against the full list below, refusals included
            if (
                type(action) is Discard
                and action.veil is False
                and action.tile.__class__ is int
                and plain_discard_legal(self.table, turn, action.tile)
            ):
                return action
            if (
                type(action) is Riichi
                and action.tile.__class__ is int
                and riichi_legal(self.table, turn, self.state.scores[seat], action.tile)
            ):
                return action
        legal = self.legal_actions(seat)
        if action in legal:
            return action
        if not isinstance(action, ACTION_TYPES):
            raise TypeError(
                f"apply takes an Action (Discard(tile), Pass(), ...) or its JSON form (a dict read by "
                f"action_from_json), not {type(action).__name__} {action!r}"
            )
        if not legal:
            raise IllegalAction("turn_order", f"seat {seat} has nothing to decide now")
        found = self._equivalent(seat, action, legal)
        if found is not None:
            return found
        raise IllegalAction(*why_illegal(self, seat, action))

    def _equivalent(self, seat: int, action: Action, legal: list[Action]) -> Action | None:
        """A call naming other copies of the same tile codes as a listed choice is that choice."""
        if not isinstance(action, (Chi, Pon, OpenKan, ClosedKan)):
            return None
        hand = self.table.seats[seat].hand
        if len(set(action.tiles)) != len(action.tiles) or any(t not in hand for t in action.tiles):
            return None
        key = sorted(self.codes[t] for t in action.tiles)
        for cand in legal:
            if type(cand) is type(action) and sorted(self.codes[t] for t in cand.tiles) == key:
                return action
        return None

    # ----------------------------------------------------------------- hands
    def _new_table(self) -> Table:
        st = self.state
        if st.played < len(self.walls):
            wall = Wall(list(self.walls[st.played]), dead_wall=self.rules.riichi)
        else:
            wall = Wall.shuffled(self.rules, self.seed, st.played)
        seats = [SeatState() for _ in range(self.rules.players)]
        return Table(self.rules, wall, st.dealer, EAST + st.round, seats, self.codes)

    def _deal(self) -> list[Event]:
        t, st = self.table, self.state
        n = self.rules.players
        for rel in range(n):
            seat = (t.dealer + rel) % n
            t.seats[seat].hand = t.wall.deal(13)
        for ch, secrets in zip(self.charges, self.secrets, strict=True):
            ch.used_hand = 0
            secrets.clear()
        self.hand_powers = []
        for s in t.seats:
            s.refresh_waits()
        zung_jung = not self.rules.riichi
        if zung_jung:  # East takes a 14th tile in the deal and starts by discarding (or winning on it)
            tile = t.wall.draw()
            t.seats[t.dealer].hand.append(tile)
            self.phase, self.claims = "turn", None
            self.turn = Turn(t.dealer, tile)
        info: dict[str, Any] = {
            "round": st.round,
            "hand": st.hand,
            "honba": st.honba,
            "sticks": st.sticks,
            "dealer": t.dealer,
            "scores": list(st.scores),
        }
        if not zung_jung:
            info["dora_marker"] = t.wall.indicators()[0]
        info.update(commitment=t.wall.commitment, hands=[sorted(s.hand) for s in t.seats], remaining=t.wall.remaining)
        if zung_jung:
            return [Event("start_kyoku", actor=t.dealer, info=info)]
        return [Event("start_kyoku", actor=t.dealer, info=info), self._draw(t.dealer)]

    def _draw(self, seat: int, rinshan: bool = False) -> Event:
        t = self.table
        tile = t.wall.draw_replacement() if rinshan else t.wall.draw()
        s = t.seats[seat]
        s.hand.append(tile)
        s.furiten_temp = False
        self.phase, self.claims = "turn", None
        self.turn = Turn(seat, tile, rinshan)
        info = {"rinshan": True} if rinshan else {}
        return Event("tsumo", actor=seat, tile=tile, info=info)

    def _reveal(self) -> list[Event]:
        """Turn one kan-dora indicator (if the rules have kan dora)."""
        t = self.table
        if not self.rules.kan_dora or t.wall.revealed >= 5:
            return []
        return [Event("dora", tile=t.wall.reveal_indicator())]

    def _flush_dora(self) -> list[Event]:
        out: list[Event] = []
        t = self.table
        while t.pending_dora:
            t.pending_dora -= 1
            out.extend(self._reveal())
        return out

    # ----------------------------------------------------------------- the turn player
    def _turn_action(self, seat: int, action: Action) -> list[Event]:
        assert self.turn is not None
        turn = self.turn
        if isinstance(action, Tsumo):
            assert turn.drawn is not None
            return self._win([seat], turn.drawn, None, rinshan=turn.rinshan)
        if isinstance(action, NineTerminals):
            return self._abort("nine_terminals", [seat])
        if isinstance(action, Discard) and action.veil:
            return self._discard(seat, action.tile, False, veil=True)
        if isinstance(action, (Discard, Riichi)):
            return self._discard(seat, action.tile, isinstance(action, Riichi))
        if isinstance(action, Power):
            return use_power(self, seat, action)
        if isinstance(action, ClosedKan):
            return self._declare_kan(seat, action.tiles, closed=True)
        if isinstance(action, AddedKan):
            return self._declare_kan(seat, (action.tile,), closed=False)
        if isinstance(action, Kita):
            self.turn = None
            self.claims = north_claims(self.table, seat, action.tile)
            self.phase = "claims"
            events = [Event("nukidora", actor=seat, tile=action.tile)]
            if not self.claims.options and not self.claim_window:
                events.extend(self._resolve_claims())
            return events
        raise AssertionError(f"unhandled turn action {action}")  # pragma: no cover

    def _discard(self, seat: int, tile: int, riichi: bool, veil: bool = False) -> list[Event]:
        assert self.turn is not None
        t = self.table
        s = t.seats[seat]
        events: list[Event] = []
        if riichi:
            s.riichi = 2 if t.first_turn(seat) else 1
            events.append(Event("reach", actor=seat))
        elif s.riichi_accepted:
            s.ippatsu = False
        tsumogiri = tile == self.turn.drawn
        t.discard(seat, tile, tsumogiri, riichi, veil)
        info: dict[str, Any] = {"tsumogiri": tsumogiri}
        if veil:  # face down (docs/superpowers.md#veil)
            ch = self.charges[seat]
            ch.used_game += 1
            ch.used_hand += 1
            info.update(veil=True, left=ch.left)
            self.note_power(seat, "veil", None)
        if s.sealed_by:
            end_turn(self, seat)
        events.append(Event("dahai", actor=seat, tile=tile, info=info))
        if self.rules.kan_dora_timing == "standard":
            events.extend(self._flush_dora())
        self.turn = None
        # a veiled tile cannot be called or ronned, and passing it makes no one furiten
        self.claims = Claims("discard", seat, tile, {}, []) if veil else discard_claims(t, seat, tile)
        self.phase = "claims"
        if not self.claims.options and not self.claim_window:
            events.extend(self._resolve_claims())
        return events

    def _declare_kan(self, seat: int, tiles: tuple[int, ...], closed: bool) -> list[Event]:
        t = self.table
        events = self._flush_dora()
        if t.kans == 4:  # only reachable with fifth_kan_abort
            return events + self._abort("fifth_kan", [seat])
        self.turn = None
        if closed:
            events.append(Event("ankan", actor=seat, consumed=tiles))
            self.claims = kan_claims(t, seat, tiles[0], True, tiles)
        else:
            events.append(Event("kakan", actor=seat, tile=tiles[0]))
            self.claims = kan_claims(t, seat, tiles[0], False, tiles)
        self.phase = "claims"
        if not self.claims.options and not self.claim_window:
            events.extend(self._resolve_claims())
        return events

    # ----------------------------------------------------------------- claims
    def _resolve_claims(self) -> list[Event]:
        c = self.claims
        assert c is not None
        n = self.rules.players
        answers = c.answers  # (mostly empty: a discard nobody could claim)
        rons = (
            sorted((s for s, a in answers.items() if isinstance(a, Ron)), key=lambda s: (s - c.actor) % n)
            if answers
            else []
        )
        if c.kind == "declare":
            return self._exhaustive(dict(c.answers))
        if rons and not self.rules.riichi:  # Zung Jung: one winner, by rules.zj_win_priority
            if self.rules.zj_win_priority == "nearest-dealer":
                rons = [min(rons, key=lambda s: (s - self.table.dealer) % n)]
            return self._win(rons[:1], c.tile, c.actor, chankan=c.kind == "kakan", houtei=c.houtei)
        if rons:
            if len(rons) >= 3 and self.rules.triple_ron == "abort":
                return self._abort("triple_ron", rons)
            head_bump = (len(rons) == 2 and self.rules.double_ron == "head-bump") or (
                len(rons) >= 3 and self.rules.triple_ron == "head-bump"
            )
            if head_bump:
                rons = rons[:1]
            chankan = c.kind in ("kakan", "ankan")
            return self._win(rons, c.tile, c.actor, chankan=chankan, houtei=c.houtei)
        t = self.table
        for seat in c.waiting:  # passing a winning tile: temporary furiten, permanent after riichi
            s = t.seats[seat]
            s.furiten_temp = True
            if s.riichi_accepted:
                s.furiten_riichi = True
        if c.kind == "kita":
            return self._complete_kita(c)
        if c.kind != "discard":
            return self._complete_kan(c)
        events: list[Event] = []
        d = t.seats[c.actor]
        riichi_now = bool(d.riichi) and not d.riichi_accepted
        if riichi_now:
            d.riichi_accepted = True
            d.ippatsu = True
            t.riichi_count += 1
            scores = list(self.state.scores)
            scores[c.actor] -= 1000
            self.state = replace(self.state, scores=tuple(scores), sticks=self.state.sticks + 1)
            events.append(Event("reach_accepted", actor=c.actor, info={"scores": scores, "sticks": self.state.sticks}))
        ab = self.rules.abortive_draws
        if riichi_now and "four_riichi" in ab and n == 4 and t.riichi_count == 4:
            return events + self._abort("four_riichi", [])
        if n == 4 and t.discards == 4 and "four_winds" in ab and self._four_winds():
            return events + self._abort("four_winds", [])
        if t.four_kans_check:
            t.four_kans_check = False
            if "four_kans" in ab and sum(1 for s in t.seats if s.kans) >= 2:
                return events + self._abort("four_kans", [])
        calls: list[tuple[int, Action]] = [(s, a) for s, a in answers.items() if isinstance(a, (Pon, OpenKan))]
        calls += [(s, a) for s, a in answers.items() if isinstance(a, Chi)]
        if calls:
            seat, act = calls[0]
            assert isinstance(act, (Pon, OpenKan, Chi))
            return events + self._call(seat, act, c)
        if t.wall.remaining == 0:
            return events + self._exhaustive()
        events.append(self._draw((c.actor + 1) % n))
        return events

    def _four_winds(self) -> bool:
        t = self.table
        if t.interrupted or any(s.discards != 1 or s.river[0].veiled for s in t.seats):
            return False
        kinds = {kind_of_id(s.river[0].tile) for s in t.seats}
        return len(kinds) == 1 and next(iter(kinds)) in WINDS

    def _interrupt(self) -> None:
        t = self.table
        t.interrupted = True
        for s in t.seats:
            s.ippatsu = False

    def _call(self, seat: int, act: Pon | OpenKan | Chi, c: Claims) -> list[Event]:
        t = self.table
        s = t.seats[seat]
        self._interrupt()
        d = t.seats[c.actor]
        d.river[-1].called = True
        d.nagashi = False
        for tile in act.tiles:
            s.take(tile)
        tiles = tuple(sorted((*act.tiles, c.tile)))
        k = KIND_OF_ID[c.tile]
        events: list[Event] = []
        if isinstance(act, OpenKan):
            s.melds.append(TableMeld(MeldKind.OPEN_KAN, tiles, c.tile, c.actor))
            events.append(Event("daiminkan", actor=seat, target=c.actor, tile=c.tile, consumed=act.tiles))
            self._liability(seat, c.actor)
            events.extend(self._after_kan(seat, closed=False, source=c.actor))
            return events
        if isinstance(act, Pon):
            s.melds.append(TableMeld(MeldKind.PON, tiles, c.tile, c.actor))
            events.append(Event("pon", actor=seat, target=c.actor, tile=c.tile, consumed=act.tiles))
            forbidden = kuikae_forbidden(self.rules.kuikae, k, None)
            self._liability(seat, c.actor)
        else:
            s.melds.append(TableMeld(MeldKind.CHI, tiles, c.tile, c.actor))
            events.append(Event("chi", actor=seat, target=c.actor, tile=c.tile, consumed=act.tiles))
            run = (KIND_OF_ID[act.tiles[0]], KIND_OF_ID[act.tiles[1]])
            forbidden = kuikae_forbidden(self.rules.kuikae, k, run)
        self.phase, self.claims = "turn", None
        self.turn = Turn(seat, None, False, forbidden)
        return events

    def _liability(self, seat: int, source: int) -> None:
        """Pao: the seat that fed the third dragon set or the fourth wind set (docs/rules.md#liability-pao)."""
        s = self.table.seats[seat]
        sets = [m.kind_of_tiles for m in s.melds if m.kind is not MeldKind.CHI]
        if "daisangen" in self.rules.pao and sum(1 for k in sets if k in DRAGONS) == 3 and sets[-1] in DRAGONS:
            s.pao = source
        if "daisuushii" in self.rules.pao and sum(1 for k in sets if k in WINDS) == 4 and sets[-1] in WINDS:
            s.pao = source

    def _complete_kan(self, c: Claims) -> list[Event]:
        """No one robbed the kan: it stands."""
        t = self.table
        seat = c.actor
        s = t.seats[seat]
        if c.kind == "ankan":
            for tile in c.kan_tiles:
                s.take(tile)
            s.melds.append(TableMeld(MeldKind.CLOSED_KAN, tuple(sorted(c.kan_tiles))))
        else:
            s.take(c.tile)
            kind = KIND_OF_ID[c.tile]
            i = next(i for i, m in enumerate(s.melds) if m.kind is MeldKind.PON and m.kind_of_tiles == kind)
            m = s.melds[i]
            s.melds[i] = TableMeld(MeldKind.ADDED_KAN, tuple(sorted((*m.tiles, c.tile))), m.called, m.source, c.tile)
        self._interrupt()
        return self._after_kan(seat, closed=c.kind == "ankan", source=None)

    def _complete_kita(self, c: Claims) -> list[Event]:
        """No one took the North: it is set aside as dora, interrupts (ippatsu, first go-around) and is replaced."""
        s = self.table.seats[c.actor]
        s.take(c.tile)
        s.kita.append(c.tile)
        s.refresh_waits()
        self._interrupt()
        return [self._draw(c.actor, rinshan=True)]

    def _after_kan(self, seat: int, closed: bool, source: int | None) -> list[Event]:
        t = self.table
        s = t.seats[seat]
        t.kans += 1
        s.kans += 1
        if t.kans == 4:
            t.four_kans_check = True
            if s.kans == 4 and source is not None and "suukantsu" in self.rules.pao:
                s.pao = source
        s.refresh_waits()
        events: list[Event] = []
        if closed or self.rules.kan_dora_timing == "immediate":
            events.extend(self._reveal())
        else:
            t.pending_dora += 1
        events.append(self._draw(seat, rinshan=True))
        return events

    # ----------------------------------------------------------------- hand ends
    def _finish_hand(self, outcome: HandOutcome) -> list[Event]:
        """End the hand: reveal the wall, move the match on, deal the next hand or end the game."""
        t = self.table
        info: dict[str, Any] = {"wall": list(t.wall.order), "salt": t.wall.salt.hex(), "scores": list(outcome.scores)}
        veiled = [[seat, r.tile] for seat, s in enumerate(t.seats) for r in s.river if r.veiled]
        if veiled:  # Veil's face-down tiles are turned up when the hand ends
            info["veiled"] = veiled
        if self.hand_powers:
            info["powers"] = list(self.hand_powers)
        events = [Event("end_kyoku", info=info)]
        nxt, over = advance(self.rules, self.state, outcome)
        self.state = nxt
        self.turn, self.claims = None, None
        if over:
            self.phase = "over"
            self.final = final_result(self.rules, nxt)
            events.append(Event("end_game", info=self.final.to_json()))
            return events
        if self.clock_passed and not nxt.last_hand:
            self.state = replace(nxt, last_hand=True)
            self.clock_passed = False
        self.phase = "turn"
        self.table = self._new_table()
        events.extend(self._deal())
        return events

    def _win(
        self,
        winners: list[int],
        tile: int,
        discarder: int | None,
        *,
        rinshan: bool = False,
        chankan: bool = False,
        houtei: bool = False,
    ) -> list[Event]:
        """Score and pay every winner. On a multiple ron the honba and the deposits go to one winner: the nearest
        to the discarder in turn order (``deposits_to`` = nearest-discarder) or to the dealer."""
        if not self.rules.riichi:
            return self._zung_jung_win(winners[0], tile, discarder, rinshan=rinshan, chankan=chankan, houtei=houtei)
        t = self.table
        n = self.rules.players
        events: list[Event] = []
        if discarder is None and self.rules.kan_dora_timing == "standard" and self.rules.kan_dora_on_rinshan_win:
            events.extend(self._flush_dora())  # an open/added kan's dora counts for a rinshan win
        if discarder is not None and len(winners) > 1 and self.rules.deposits_to == "nearest-dealer":
            taker = min(winners, key=lambda w: (w - t.dealer) % n)
        else:
            taker = winners[0]
        scores = list(self.state.scores)
        sticks = self.state.sticks
        for w in winners:
            how = WinKind(discarder is None, discarder=discarder, rinshan=rinshan, chankan=chankan, houtei=houtei)
            honba = self.state.honba if w == taker else 0
            result = try_score(t, w, tile, how, honba=honba, sticks=sticks if w == taker else 0)
            if result is None:  # pragma: no cover - legality was checked with the same scorer
                raise AssertionError(f"seat {w} was offered a win that does not score")
            deltas = absolute_deltas(t, result)
            for i, d in enumerate(deltas):
                scores[i] += d
            s = t.seats[w]
            # the whole hand as the table shows it at the win: concealed tiles, melds, Norths, indicators
            info = {
                "deltas": deltas,
                "han": result.han,
                "fu": result.fu,
                "fu_items": [] if result.yakuman and not result.fu else fu_items_json(result.fu_items),
                "points": result.points,
                "limit": result.limit,
                "yakuman": result.yakuman,
                "yaku": [[y.name, y.han] for y in result.yaku],
                "hand": sorted(s.hand),
                "melds": [m.to_json() for m in s.melds],
                "kita": list(s.kita),
                "dora_markers": t.wall.indicators(),
                "ura_markers": t.ura_ids() if s.riichi_accepted and self.rules.ura_dora else [],
                "scores": list(scores),
            }
            events.append(Event("hora", actor=w, target=w if discarder is None else discarder, tile=tile, info=info))
        dealer_won = t.dealer in winners
        outcome = HandOutcome(tuple(scores), 0, "win", dealer_won=dealer_won, winners=tuple(winners))
        return events + self._finish_hand(outcome)

    def _zung_jung_win(
        self, winner: int, tile: int, discarder: int | None, *, rinshan: bool, chankan: bool, houtei: bool
    ) -> list[Event]:
        """One Zung Jung winner, paid by the pattern scorer: self-draw → each other seat pays the value; a discard
        or a robbed quad → the discarder pays three times it."""
        t = self.table
        how = WinKind(discarder is None, discarder=discarder, rinshan=rinshan, chankan=chankan, houtei=houtei)
        result = zung_jung_score(t, winner, tile, how)
        deltas = zung_jung_deltas(t, result)
        scores = [s + d for s, d in zip(self.state.scores, deltas, strict=True)]
        info = {
            "deltas": deltas,
            "value": result.value,
            "points": result.value,
            "total": result.total,
            "chicken": result.chicken,
            "capped": result.capped,
            "patterns": [[p.number, p.name, p.points] for p in result.patterns],
            "arrangement": result.arrangement,
            "hand": sorted(t.seats[winner].hand),
            "melds": [m.to_json() for m in t.seats[winner].melds],
            "scores": list(scores),
        }
        target = winner if discarder is None else discarder
        events = [Event("hora", actor=winner, target=target, tile=tile, info=info)]
        outcome = HandOutcome(tuple(scores), 0, "win", dealer_won=winner == t.dealer, winners=(winner,))
        return events + self._finish_hand(outcome)

    def _abort(self, reason: str, seats: list[int]) -> list[Event]:
        """An abortive draw: no payments, deposits stay, the dealer keeps the seat (docs/rules.md#abortive_draws)."""
        t = self.table
        info: dict[str, object] = {"reason": reason, "deltas": [0] * self.rules.players}
        if reason == "nine_terminals":  # (declared on the first turn: no meld can be there yet)
            info["hands"] = {str(s): sorted(t.seats[s].hand) for s in seats}
            info["melds"] = {str(s): [] for s in seats}
        ev = Event("ryukyoku", info=info)
        outcome = HandOutcome(self.state.scores, self.state.sticks, "abortive")
        return [ev, *self._finish_hand(outcome)]

    def _exhaustive(self, declared: dict[int, Action] | None = None) -> list[Event]:
        """The wall is empty and the last discard passed: nagashi mangan where on, else noten payments.

        Where the rules ask for a tenpai declaration, every tenpai seat not in riichi first chooses to show its hand
        (``DeclareTenpai``) or not (``DeclareNoten``); noten seats are noten and riichi seats must show."""
        t = self.table
        tenpai = tenpai_seats(t) if self.rules.riichi else [False] * self.rules.players  # Zung Jung: no payments
        if self.rules.tenpai_declaration:
            if declared is None:
                options: dict[int, list[Action]] = {
                    i: [DeclareTenpai(), DeclareNoten()]
                    for i, s in enumerate(t.seats)
                    if tenpai[i] and not s.riichi_accepted
                }
                if options:
                    self.claims = Claims("declare", t.dealer, -1, options, [])
                    self.phase, self.turn = "claims", None
                    return []
            else:
                tenpai = [ok and not isinstance(declared.get(i), DeclareNoten) for i, ok in enumerate(tenpai)]
        nagashi = nagashi_seats(t)
        deltas = nagashi_deltas(t, nagashi) if nagashi else noten_deltas(t, tenpai)
        scores = tuple(s + d for s, d in zip(self.state.scores, deltas, strict=True))
        info = {
            "reason": "nagashi_mangan" if nagashi else "exhaustive",
            "tenpai": tenpai,
            "deltas": deltas,
            "nagashi": nagashi,
            "hands": {str(i): sorted(s.hand) for i, s in enumerate(t.seats) if tenpai[i]},
            # a tenpai hand is shown whole: its melds (and Norths) beside the concealed tiles
            "melds": {str(i): [m.to_json() for m in s.melds] for i, s in enumerate(t.seats) if tenpai[i]},
            "kita": {str(i): list(s.kita) for i, s in enumerate(t.seats) if tenpai[i] and s.kita},
            "scores": list(scores),
        }
        ev = Event("ryukyoku", info=info)
        outcome = HandOutcome(scores, self.state.sticks, "exhaustive", dealer_tenpai=tenpai[t.dealer])
        return [ev, *self._finish_hand(outcome)]


def fu_items_json(items: Sequence[FuItem]) -> list[dict[str, Any]]:
    """The scorer's fu breakdown as data: ``{"item", "fu"}`` with ``item`` the item's key (``FU_LABELS``: ``base``,
    ``closed_ron``, ``tsumo``, ``open_triplet``, ``closed_triplet``, ``open_kan``, ``closed_kan``, ``pair``,
    ``kanchan``, ``penchan``, ``tanki``, ``open_minimum``, ``pinfu_tsumo``, ``seven_pairs``) and, for a set or the
    pair, its tile ``kind``."""
    out: list[dict[str, Any]] = []
    for entry in items:
        item: dict[str, Any] = {"item": entry.key, "fu": entry.fu}
        if entry.kind is not None:
            item["kind"] = entry.kind
        out.append(item)
    return out
