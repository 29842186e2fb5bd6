"""Rooms: a Room ID, seats (people and CPUs), the creator's rights, ready flags and the settings in force.

A room's settings are a preset plus any of its options, validated by ``RuleSet`` (an unknown or contradictory
option, or a number outside its range, gets the ``RuleSet`` message), whether the room is listed in the lobby, and
its timers. The number of players comes with the preset: a table of three is another game (no chi, other tiles).
Changing the settings clears every ready flag: nobody starts a game under rules they did not see.

With the ``superpowers`` rule on, every seat holds a power (``engine.powers``), public to the room from the moment
the seat is taken: a seeded pick (a hash of the Room ID and the seat, so one-click starts need no choice) until
its person, or the creator for a CPU, chooses another. A power change clears every ready flag too: the powers at
the table are part of what everyone readied for. Turning the rule off drops the powers; turning it on deals the
seeded picks again.

A room sits between the lobby and its game: it imports the runner (``runner.GameRoom`` is what a room is to its game)
and tells the lobby of its changes through ``RoomListener``, declared here.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from jantaku.bots import LEVELS
from jantaku.engine.powers import CATALOGUE, POWERS
from jantaku.formats.convert import no_riichi_form
from jantaku.rules import PRESETS, RuleSet, preset
from jantaku.rules.presets import preset_key
from jantaku.rules.ruleset import RuleError
from jantaku.server.config import OUTSIDE_BOT
from jantaku.server.connection import Connection, SeatHolder
from jantaku.server.names import NicknameError, check_nickname
from jantaku.server.protocol import (
    FinalJson,
    GameOver,
    PowerJson,
    RoomJson,
    RoomListing,
    RoomSettingsJson,
    RoomState,
    SeatJson,
    ServerMessage,
    error,
)
from jantaku.server.runner import GameRunner

#: options a room may not set: they name the preset rather than change a rule
_FIXED = frozenset({"name", "description", "source", "family"})


class RoomError(ValueError):
    """A refused room operation; ``code`` is machine-readable, the message a sentence for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class RoomSettings:
    preset: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    public: bool = True
    #: seconds per decision and the time bank; None = the server's default with two or more people, off with one
    think_seconds: float | None = None
    bank_seconds: float | None = None

    def rules(self) -> RuleSet:
        try:
            base = preset(self.preset)
        except RuleError as exc:
            raise RoomError("invalid_rules", str(exc)) from None
        fixed = sorted(_FIXED & set(self.options))
        if fixed:
            raise RoomError("invalid_rules", f"option {fixed[0]!r} names the rules; choose a preset instead")
        if "players" in self.options and self.options["players"] != base.players:
            threes = [name for name, rules in PRESETS.items() if rules.players == 3]
            raise RoomError(
                "invalid_rules",
                f"players comes with the preset ({', '.join(threes)}: 3, the others 4); choose a preset instead",
            )
        try:
            return base.with_options(**self.options) if self.options else base
        except RuleError as exc:
            raise RoomError("invalid_rules", str(exc)) from None

    def key(self) -> str:
        """The same rules and timers give the same key: auto-matching seats players with equal keys."""
        rules = self.rules().options()
        return json.dumps([rules, self.think_seconds, self.bank_seconds], sort_keys=True)

    def to_json(self) -> RoomSettingsJson:
        return RoomSettingsJson(
            preset=self.preset,
            options=dict(self.options),
            public=self.public,
            think_seconds=self.think_seconds,
            bank_seconds=self.bank_seconds,
        )

    @classmethod
    def from_json(cls, data: Any) -> RoomSettings:
        """Read settings sent by a client; every field is checked and every mistake named."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise RoomError("bad_message", "settings must be an object")
        unknown = set(data) - {"preset", "options", "public", "think_seconds", "bank_seconds"}
        if unknown:
            raise RoomError("bad_message", f"unknown settings {sorted(unknown)}")
        name = data.get("preset", "standard")
        name = preset_key(name) if isinstance(name, str) else name
        if not isinstance(name, str) or name not in PRESETS:
            raise RoomError("invalid_rules", f"unknown rules {name!r}; presets are: {', '.join(PRESETS)}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RoomError("bad_message", "options must be an object of option names and values")
        public = data.get("public", True)
        if not isinstance(public, bool):
            raise RoomError("bad_message", "public must be true or false")
        timers = []
        for key in ("think_seconds", "bank_seconds"):
            v = data.get(key)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 600):
                raise RoomError("bad_message", f"{key} must be a number of seconds from 0 to 600, or null")
            timers.append(None if v is None else float(v))
        settings = cls(name, dict(options), public, timers[0], timers[1])
        settings.rules()  # validate now, with the RuleSet message
        return settings


def known_level(level: object, outside_bots: frozenset[str] | set[str]) -> bool:
    """Whether a room may seat ``level``: a CPU level, or ``bot:NAME`` for an outside bot the server's
    configuration names. Nothing a room sends can name a command: an unknown name is refused."""
    if not isinstance(level, str):
        return False
    return level in LEVELS or (level.startswith(OUTSIDE_BOT) and level[len(OUTSIDE_BOT) :] in outside_bots)


def check_level(level: object, outside_bots: frozenset[str] | set[str], rules: RuleSet) -> str:
    """``level`` if a room under ``rules`` may seat it, else the ``bad_message`` refusal: an unknown level, or an
    outside bot at a table mjai cannot speak of (Zung Jung, superpowers: ``convert.no_riichi_form``). Such a bot
    would be told of a game it has no words for, and fault on every decision."""
    if not known_level(level, outside_bots):
        raise RoomError("bad_message", f"unknown CPU level {level!r} (known: {', '.join(LEVELS)})")
    assert isinstance(level, str)
    reason = no_riichi_form(rules) if level.startswith(OUTSIDE_BOT) else None
    if reason is not None:
        raise RoomError("bad_message", f"{level} is an outside bot and speaks mjai: {reason}")
    return level


@dataclass
class Seat:
    """A person's seat (``token_hash`` set; ``holder`` once they are back after a restart) or a CPU's (``cpu`` =
    its level); ``token_hash`` survives a restart."""

    nickname: str
    token_hash: str | None = None
    cpu: str | None = None
    ready: bool = False
    holder: SeatHolder | None = None
    #: the seat's superpower (a name of ``engine.powers.POWERS``); None while the room's rules have none
    power: str | None = None
    #: the room's game ended while this person was away: they get its ``game_over`` when they come back
    missed_end: bool = False
    #: the person's player id (an account's or a guest's; None for a CPU), and whether it is an account's
    player_id: str | None = None
    account: bool = False

    @property
    def person(self) -> bool:
        return self.cpu is None

    @property
    def left(self) -> bool:
        """The person left during the game: a CPU plays the seat to its end (then the seat is free)."""
        return self.cpu is None and self.token_hash is None

    @property
    def connected(self) -> bool:
        return self.holder is not None and self.holder.connection is not None

    def to_json(self, index: int) -> SeatJson:
        out = SeatJson(
            seat=index,
            kind="cpu" if self.cpu else "person",
            nickname=self.nickname,
            level=self.cpu,
            ready=self.ready or self.cpu is not None,
            connected=True if self.cpu else self.connected,
        )
        if self.power is not None:
            out["power"] = self.power
        if self.left:
            out["left"] = True
        return out


class RoomListener(Protocol):
    """Who keeps the rooms (the lobby): told of each change a room makes by itself, such as the end of its game."""

    def room_changed(self, room: Room) -> None: ...


@dataclass
class Room:
    """A table: its seats, settings and spectators, and its running game (``runner``) if one is on."""

    id: str
    settings: RoomSettings
    seats: list[Seat | None]
    creator: int | None = None  # the creator's seat
    matched: bool = False  # made by auto-matching: no CPUs, never listed
    runner: GameRunner | None = None
    game_id: str | None = None
    last_final: FinalJson | None = None
    last_game_id: str | None = None
    #: the last game's ``game_over`` message, for the people who were away when it ended
    last_over: GameOver | None = None
    spectators: set[Connection] = field(default_factory=set)
    restored_at: float | None = None  # monotonic time a restart brought this waiting room back
    ended_at: float | None = None  # monotonic time its last game ended (the room waits from then for its people)
    #: told when the room changes by itself (its game ended or stopped)
    listener: RoomListener | None = field(default=None, repr=False, compare=False)
    #: the names of the outside bots the server's configuration offers (``Settings.mjai_bots``)
    outside_bots: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    @property
    def rules(self) -> RuleSet:
        return self.settings.rules()

    @property
    def playing(self) -> bool:
        return self.runner is not None

    @property
    def superpowers(self) -> bool:
        return self.rules.superpowers

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.person]

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s is None), None)

    def open_to_lobby(self) -> bool:
        """Whether the lobby lists the room (if it is public): someone is there, and a seat is free to join or a
        game runs to watch. A full room waiting between games, or one whose people are all away, is not offered."""
        if not self.connected_people():
            return False
        return self.playing or self.free_seat() is not None

    def stand_in_level(self, default: str) -> str:
        """The level of the CPU that takes a seat its person left: the level most of the room's CPUs play at
        (the level of a Play now table), else ``default``."""
        levels = [s.cpu for s in self.seats if s is not None and s.cpu is not None]
        return max(LEVELS, key=levels.count) if levels else default

    # ------------------------------------------------------------------ changes
    def set_settings(self, settings: RoomSettings) -> None:
        rules = settings.rules()
        taken = [seat for seat in self.seats if seat is not None]
        if len(taken) > rules.players:
            raise RoomError("room_full", f"{len(taken)} seats are taken; {settings.preset} seats {rules.players}")
        if self.matched and settings.key() != self.settings.key():
            raise RoomError("matched_room", "an auto-matched room keeps the settings it was matched on")
        bots = [s.cpu for s in taken if s.cpu is not None and s.cpu.startswith(OUTSIDE_BOT)]
        reason = no_riichi_form(rules) if bots else None
        if reason is not None:
            raise RoomError("invalid_rules", f"the outside bot {bots[0]} speaks mjai: {reason}")
        if len(self.seats) != rules.players:  # a 3-player preset: everyone keeps their order, gaps close
            creator = None if self.creator is None else self.seats[self.creator]
            self.seats = [*taken, *([None] * (rules.players - len(taken)))]
            self.creator = next((i for i, seat in enumerate(self.seats) if seat is creator), None)
        self.settings = settings
        self.deal_powers()
        self.clear_ready()

    def seat_of(self, token_hash: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.token_hash is not None and seat.token_hash == token_hash:
                return i
        return None

    def add_cpu(self, level: str, seat: int | None = None) -> int:
        if self.matched:
            raise RoomError("matched_room", "auto-matched rooms never seat CPUs")
        check_level(level, self.outside_bots, self.rules)
        if seat is None:
            seat = self.free_seat()
            if seat is None:
                raise RoomError("room_full", "every seat is taken")
        elif not 0 <= seat < len(self.seats) or self.seats[seat] is not None:
            raise RoomError("seat_taken", f"seat {seat} is not free")
        self.seats[seat] = Seat(nickname=f"CPU {seat + 1} ({level})", cpu=level)
        self.deal_powers()
        self.clear_ready()
        return seat

    def deal_powers(self) -> None:
        """Every taken seat without a power gets its seeded pick while the rule is on; with it off none has one."""
        on = self.superpowers
        for i, s in enumerate(self.seats):
            if s is None:
                continue
            if not on:
                s.power = None
            elif s.power is None:
                s.power = seeded_power(self.id, i)

    def set_power(self, seat: int, power: Any, by: int) -> bool:
        """Seat ``by`` gives ``seat`` the power ``power`` (its own seat, or the creator a CPU's, before the game);
        whether it changed (a change clears every ready flag)."""
        if self.playing:
            raise RoomError("game_running", "powers are chosen before the game")
        if not self.superpowers:
            raise RoomError("no_superpowers", "this room's rules have no superpowers (the superpowers option is off)")
        s = self.seats[seat]
        if s is None:
            raise RoomError("no_seat", f"seat {seat} is empty")
        if seat != by and s.person:
            raise RoomError("not_your_seat", "a person chooses their own power")
        if seat != by and by != self.creator:
            raise RoomError("not_creator", "only the room's creator chooses a CPU's power")
        check_power(power)
        if s.power == power:
            return False
        s.power = power
        self.clear_ready()
        return True

    def powers(self) -> list[str | None] | None:
        """Each seat's power for ``Game(powers=...)``; None when the rules have no superpowers."""
        if not self.superpowers:
            return None
        self.deal_powers()
        return [None if s is None else s.power for s in self.seats]

    def remove_seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats) or self.seats[seat] is None:
            raise RoomError("no_seat", f"seat {seat} is empty")
        gone = self.seats[seat]
        assert gone is not None
        self.seats[seat] = None
        if seat == self.creator:
            people = self.people()
            self.creator = people[0] if people else None
        return gone

    def clear_ready(self) -> None:
        for s in self.seats:
            if s is not None:
                s.ready = False

    def can_start(self) -> str | None:
        """Why the game cannot start yet (None: it can)."""
        if self.playing:
            return "the game is already running"
        if any(s is None for s in self.seats):
            return "every seat needs a person or a CPU"
        waiting = [s.nickname for s in self.seats if s is not None and s.person and not s.ready]
        if waiting:
            return "not ready: " + ", ".join(waiting)
        return None

    def timers(self, default_think: float, default_bank: float) -> tuple[float, float]:
        """Seconds per decision and the bank; (0, 0) = no timers."""
        think, bank = self.settings.think_seconds, self.settings.bank_seconds
        if think is None and bank is None:
            return (default_think, default_bank) if len(self.people()) >= 2 else (0.0, 0.0)
        return float(think or 0.0), float(bank or 0.0)

    # ------------------------------------------------------------------ the game (runner.GameRoom)
    def cpu_levels(self) -> list[str | None]:
        return [None if s is None else s.cpu for s in self.seats]

    def nicknames(self) -> list[str]:
        return [s.nickname if s else "" for s in self.seats]

    def connected_people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s is not None and s.person and s.connected]

    def pausing_seats(self) -> set[int]:
        return {
            i
            for i, s in enumerate(self.seats)
            if s is not None and s.holder is not None and s.connected and s.holder.hand_pause
        }

    def has_spectators(self) -> bool:
        return bool(self.spectators)

    def send_to(self, seat: int, msg: ServerMessage) -> None:
        s = self.seats[seat]
        if s is not None and s.holder is not None and s.holder.connection is not None:
            s.holder.connection.send(msg)

    def send_to_spectators(self, msg: ServerMessage) -> None:
        for conn in list(self.spectators):
            conn.send(msg)

    def broadcast(self, msg: ServerMessage) -> None:
        """To every connected person at the table and every spectator."""
        for s in self.seats:
            if s is not None and s.holder is not None and s.holder.connection is not None:
                s.holder.connection.send(msg)
        for conn in self.spectators:
            conn.send(msg)

    def game_stored(self, game_id: str) -> None:
        """The game's start is durable: its people and spectators hear of it now."""
        self._changed()

    def game_over(self, game_id: str, final: FinalJson, unrecorded: bool, abandoned: bool) -> None:
        """Back to waiting, with the result kept; the seats of people who left during the game are free again."""
        self.runner, self.game_id = None, None
        self.last_final, self.last_game_id = final, game_id
        self.ended_at = time.monotonic()
        for i, s in enumerate(self.seats):
            if s is not None and s.person and s.token_hash is None:
                self.seats[i] = None
            elif s is not None and s.person and not s.connected:
                s.missed_end = True  # away now: they see the standings when they come back
        over = GameOver(type="game_over", game_id=game_id, final=final, unrecorded=unrecorded)
        if abandoned:
            over["abandoned"] = True
        self.last_over = over
        self.broadcast(over)
        self._changed()

    def game_crashed(self, game_id: str) -> None:
        self.runner, self.game_id = None, None
        self.broadcast(
            error(
                "server_error", "the game stopped on a server error; it is stored and resumes when the server restarts"
            )
        )
        self._changed()

    def _changed(self) -> None:
        if self.listener is not None:
            self.listener.room_changed(self)

    # ------------------------------------------------------------------ views
    def to_json(self) -> RoomJson:
        rules = self.rules
        out = RoomJson(
            room_id=self.id,
            settings=self.settings.to_json(),
            rules=rules.options(),
            description=rules.description,
            players=rules.players,
            length=rules.length,
            seats=[None if s is None else s.to_json(i) for i, s in enumerate(self.seats)],
            creator=self.creator,
            matched=self.matched,
            phase="playing" if self.playing else "waiting",
            game_id=self.game_id,
            last_game_id=self.last_game_id,
            last_final=self.last_final,
            spectators=len(self.spectators),
        )
        if rules.superpowers:
            out["superpowers"] = catalogue_json()
        return out

    def message(self, you: int | None) -> RoomState:
        """The ``room`` message: this room as seat ``you`` sees it (None: a spectator)."""
        return RoomState(type="room", room=self.to_json(), you=you)

    def listing(self) -> RoomListing:
        rules = self.rules
        listing = RoomListing(
            room_id=self.id,
            preset=self.settings.preset,
            length=rules.length,
            players=rules.players,
            seated=sum(1 for s in self.seats if s is not None),
            people=len(self.people()),
            phase="playing" if self.playing else "waiting",
            superpowers=rules.superpowers,
        )
        if not rules.riichi:
            listing["hands"] = rules.zj_hands
        return listing

    def to_record(self) -> dict[str, Any]:
        """What a restart needs: settings, seats with token hashes, the creator, the last game's result."""
        return {
            "id": self.id,
            "settings": self.settings.to_json(),
            "seats": [
                None
                if s is None
                else {
                    "nickname": s.nickname,
                    "token_hash": s.token_hash,
                    "cpu": s.cpu,
                    "power": s.power,
                    "missed_end": s.missed_end,
                    "player": s.player_id,
                    "account": s.account,
                }
                for s in self.seats
            ],
            "creator": self.creator,
            "matched": self.matched,
            "last_game_id": self.last_game_id,
            "last_final": self.last_final,
            "last_over": self.last_over,
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Room:
        """The room ``to_record`` kept (a restart); its people come back to their seats with their tokens."""
        settings = RoomSettings(**data["settings"])
        seats = [
            None
            if s is None
            else Seat(
                nickname=s["nickname"],
                token_hash=s["token_hash"],
                cpu=s["cpu"],
                power=s.get("power"),
                missed_end=bool(s.get("missed_end")),
                player_id=s.get("player"),
                account=bool(s.get("account")),
            )
            for s in data["seats"]
        ]
        room = cls(data["id"], settings, seats, data.get("creator"), data.get("matched", False))
        room.last_game_id, room.last_final = data.get("last_game_id"), data.get("last_final")
        room.last_over = data.get("last_over")
        room.deal_powers()
        return room


def seeded_power(room_id: str, seat: int) -> str:
    """A seat's power until someone chooses: fixed by the Room ID and the seat (no random stream)."""
    digest = hashlib.sha256(f"jantaku-room-power:{room_id}:{seat}".encode()).digest()
    return POWERS[int.from_bytes(digest[:4], "big") % len(POWERS)]


def check_power(power: Any) -> str:
    """A power name a client sent, or ``unknown_power``."""
    if not isinstance(power, str) or power not in CATALOGUE:
        raise RoomError("unknown_power", f"unknown superpower {power!r} (known: {', '.join(POWERS)})")
    return power


def catalogue_json() -> list[PowerJson]:
    """The powers a room may choose from, for the room message."""
    return [
        PowerJson(
            name=p.name,
            summary=p.summary,
            summary_ja=p.summary_ja,
            per_hand=p.per_hand,
            per_game=p.per_game,
            timing=p.timing,
            target=p.target,
            in_riichi=p.in_riichi,
        )
        for p in CATALOGUE.values()
    ]


def clean_nickname(raw: Any) -> str:
    """A nickname a client sent, tidied; ``bad_message`` if it is not text, ``bad_nickname`` with the reason if it
    is not a name people can see or it passes for a CPU or the system (``names.check_nickname``)."""
    if not isinstance(raw, str):
        raise RoomError("bad_message", "nickname must be text")
    try:
        return check_nickname(raw)
    except NicknameError as exc:
        raise RoomError("bad_nickname", str(exc)) from None


def private_settings(raw: Any) -> RoomSettings:
    """Settings for a table nobody else joins (play_now, queue); a non-object is refused, not merged."""
    if raw is not None and not isinstance(raw, dict):
        raise RoomError("bad_message", "settings must be an object")
    return RoomSettings.from_json({**(raw or {}), "public": False})


def chosen_power(settings: RoomSettings, msg: dict[str, Any]) -> str | None:
    """The optional ``power`` of ``create_room``, ``play_now`` and ``queue``: a known power, and only under
    superpower rules."""
    power = msg.get("power")
    if power is None:
        return None
    if not settings.rules().superpowers:
        raise RoomError("no_superpowers", "these rules have no superpowers (the superpowers option is off)")
    return check_power(power)
