"""Every message of the table protocol (``docs/protocol.md``), declared once.

Each message is a ``TypedDict`` named for what it says; ``CLIENT_MESSAGES`` and ``SERVER_MESSAGES`` map each
``"type"`` to its declaration (a test checks them against ``docs/protocol.md``). A client's message arrives as
untrusted JSON: its declaration says what a well-formed one holds, and the handler that reads it checks every field
it uses (a refusal is an ``error`` with code ``bad_message``). The server's messages are built from these
declarations, and ``error`` is their only builder of refusals.

This module is the bottom of the server: it imports nothing of it, so every other module may use it. Its
annotations are evaluated (no ``from __future__ import annotations``) so that a declaration's ``NotRequired``
fields are known at run time, as tests read them.
"""

from typing import Any, Literal, NotRequired, TypedDict, Unpack

from jantaku.engine import EventJSON, SeatView

#: the version a client names in ``hello``; additions old clients can ignore keep it
PROTOCOL_VERSION = 1

#: the quick reactions a seated player may send to the table, by id: a fixed list (no free text at the table); the
#: client draws each in its language
REACTION_PHRASES = ("hello", "nice", "thanks", "sorry", "wow", "good_game")


# ---------------------------------------------------------------------------------------------------------------------
# parts shared by several messages


class RoomSettingsJson(TypedDict):
    """A room's settings: a rules preset, any of its options, whether the lobby lists it, its timers."""

    preset: str
    options: dict[str, Any]
    public: bool
    think_seconds: float | None
    bank_seconds: float | None


class SeatJson(TypedDict):
    """One taken seat of a room: a person or a CPU; ``power`` only while the room's rules have superpowers."""

    seat: int
    kind: Literal["person", "cpu"]
    nickname: str
    level: str | None
    ready: bool
    connected: bool
    power: NotRequired[str]
    #: the person left during the game: a CPU plays the seat until the game ends
    left: NotRequired[bool]


class PowerJson(TypedDict):
    """One superpower of the catalogue a room offers."""

    name: str
    summary: str
    summary_ja: str
    per_hand: int
    per_game: int
    timing: str
    target: bool
    in_riichi: bool


class RatingChange(TypedDict):
    """A seat's public rating (``mu - 3 sigma``) before and after a rated game."""

    seat: int
    before: float
    after: float
    provisional: bool


class FinalJson(TypedDict):
    """A finished game's result (``FinalResult.to_json``) with the nicknames at the table."""

    order: list[int]
    scores: list[int]
    results: list[int]
    places: list[int]
    nicknames: list[str]
    #: each seat's rating change (None: its rating did not move; docs/ratings.md), once the game is recorded
    ratings: NotRequired[list[RatingChange | None]]


class RoomJson(TypedDict):
    """A room as its members and spectators see it."""

    room_id: str
    settings: RoomSettingsJson
    rules: dict[str, Any]
    description: str
    players: int
    length: str
    seats: list[SeatJson | None]
    creator: int | None
    matched: bool
    phase: Literal["waiting", "playing"]
    game_id: str | None
    last_game_id: str | None
    last_final: FinalJson | None
    spectators: int
    superpowers: NotRequired[list[PowerJson]]


class RoomListing(TypedDict):
    """A public room in the lobby's list."""

    room_id: str
    preset: str
    length: str
    players: int
    seated: int
    people: int
    phase: Literal["waiting", "playing"]
    superpowers: bool
    hands: NotRequired[int]  # Zung Jung: the match's hands (``zj_hands``), which its length does not say


class TimerJson(TypedDict):
    """The open decision's time: seconds per decision, the seat's bank, the seconds left."""

    think: float
    bank: float
    left: float


class MatchClockJson(TypedDict):
    """The doman match clock as the server counts it."""

    minutes: float
    last_hand_after: float | None
    end_after: float | None
    last_hand: bool


# ---------------------------------------------------------------------------------------------------------------------
# client -> server


class Hello(TypedDict):
    type: Literal["hello"]
    protocol: NotRequired[int]
    nickname: NotRequired[str]
    token: NotRequired[str]
    hand_pause: NotRequired[bool]
    #: a session token (``/api/account/login``): the person is that account (a browser's cookie does the same)
    session: NotRequired[str]


class Ping(TypedDict):
    type: Literal["ping"]
    t: NotRequired[Any]


class SetNickname(TypedDict):
    type: Literal["nickname"]
    nickname: str


class ListRooms(TypedDict):
    type: Literal["rooms"]


class CreateRoom(TypedDict):
    type: Literal["create_room"]
    settings: NotRequired[RoomSettingsJson]
    cpus: NotRequired[list[str]]
    power: NotRequired[str]


class JoinRoom(TypedDict):
    type: Literal["join_room"]
    room_id: str


class LeaveRoom(TypedDict):
    type: Literal["leave_room"]


class ChangeSettings(TypedDict):
    type: Literal["settings"]
    settings: RoomSettingsJson


class AddCpu(TypedDict):
    type: Literal["add_cpu"]
    level: NotRequired[str]
    seat: NotRequired[int]


class RemoveCpu(TypedDict):
    type: Literal["remove_cpu"]
    seat: int


class Kick(TypedDict):
    type: Literal["kick"]
    seat: int


class Start(TypedDict):
    type: Literal["start"]


class Ready(TypedDict):
    type: Literal["ready"]
    ready: NotRequired[bool]


class SetPower(TypedDict):
    type: Literal["set_power"]
    power: str
    seat: NotRequired[int]


class PlayNow(TypedDict):
    type: Literal["play_now"]
    settings: NotRequired[RoomSettingsJson]
    level: NotRequired[str]
    power: NotRequired[str]


class JoinQueue(TypedDict):
    type: Literal["queue"]
    settings: NotRequired[RoomSettingsJson]
    power: NotRequired[str]


class LeaveQueue(TypedDict):
    type: Literal["unqueue"]


class Continue(TypedDict):
    type: Literal["continue"]


class Spectate(TypedDict):
    type: Literal["spectate"]
    room_id: str


class Unspectate(TypedDict):
    type: Literal["unspectate"]


class React(TypedDict):
    """A quick reaction to the table: ``phrase`` is one of ``REACTION_PHRASES``."""

    type: Literal["react"]
    phrase: str


class PlayAction(TypedDict):
    """A decision: ``action`` is one of the open prompt's ``view.legal_actions``, ``seq`` that prompt's number."""

    type: Literal["action"]
    seq: int
    action: dict[str, Any]


# ---------------------------------------------------------------------------------------------------------------------
# server -> client


class ReactionsJson(TypedDict):
    """What a person may say to the table (``react``): the phrases, in the menu's order, and the budget the server
    holds each person to (one every ``seconds``, up to ``burst`` saved up), so a client keeps to it instead of
    being refused."""

    phrases: list[str]
    seconds: float
    burst: float


class PlayerJson(TypedDict):
    """Who a person is in the records: ``id`` an account's (``a…``) or a guest's (``g…``) player id."""

    id: str
    name: str
    account: bool


class Welcome(TypedDict):
    """The answer to ``hello``; ``token`` only for a new person, and only to that connection. ``reactions``: the
    server's phrases and budget, from the same constants that check each ``react``."""

    type: Literal["welcome"]
    protocol: int
    nickname: str
    token: NotRequired[str]
    resumed: bool
    reactions: ReactionsJson
    player: PlayerJson
    #: the session given (or the cookie's) is over or unknown: this connection is a guest (the client logs out)
    session_expired: NotRequired[bool]


class RoomState(TypedDict):
    """A room after every change; ``you`` is the receiver's seat (None: a spectator)."""

    type: Literal["room"]
    room: RoomJson
    you: int | None


class RoomList(TypedDict):
    type: Literal["rooms"]
    rooms: list[RoomListing]


class Update(TypedDict):
    """The game moved. ``seq``, ``timer`` and ``stand_in`` go to a seat, never to a spectator."""

    type: Literal["update"]
    game_id: str
    events: list[EventJSON]
    #: ``Game.view(seat)``: what this seat (or a spectator) may see
    view: SeatView
    match_clock: NotRequired[MatchClockJson]
    seq: NotRequired[int | None]
    timer: NotRequired[TimerJson]
    stand_in: NotRequired[bool]
    full: NotRequired[bool]
    #: on a full update while the table waits for this person's ``continue``: the hand's result they had on
    #: screen (its ``hora`` or ``ryukyoku`` events and ``end_kyoku``), to show it again
    result: NotRequired[list[EventJSON]]


class Reaction(TypedDict):
    """A seated player's quick reaction, to everyone at the table and its spectators (never stored)."""

    type: Literal["reaction"]
    seat: int
    phrase: str


class Timeout(TypedDict):
    type: Literal["timeout"]
    seq: int


class GameOver(TypedDict):
    type: Literal["game_over"]
    game_id: str
    final: FinalJson
    unrecorded: bool
    #: nobody came back to the table in time: the game ended on the scores as they stood
    abandoned: NotRequired[bool]
    #: sent again to a person who was away when the game ended, once, when they come back
    missed: NotRequired[bool]


class Paused(TypedDict):
    """The table stands still: ``storage``: the server cannot store the next decision (play goes on when it
    can; nothing is lost); ``absent``: no person at the table is connected (to spectators)."""

    type: Literal["paused"]
    reason: Literal["storage", "absent"]


class Resumed(TypedDict):
    """The pause of the same ``reason`` is over."""

    type: Literal["resumed"]
    reason: Literal["storage", "absent"]


class Matched(TypedDict):
    type: Literal["matched"]
    room_id: str


class QueueStatus(TypedDict):
    type: Literal["queue"]
    waiting: int
    needed: int
    settings: RoomSettingsJson


class Unqueued(TypedDict):
    type: Literal["unqueued"]


class Left(TypedDict):
    type: Literal["left"]


class SeatLeft(TypedDict):
    """A person left the running game (``leave_room``): a CPU of ``level`` plays their seat to the end."""

    type: Literal["seat_left"]
    seat: int
    nickname: str
    level: str


class Kicked(TypedDict):
    type: Literal["kicked"]
    room_id: str


class RoomClosed(TypedDict):
    type: Literal["room_closed"]
    room_id: str


class Pong(TypedDict):
    type: Literal["pong"]
    #: the ping's ``t`` when it was a number; nothing else a client sent is echoed
    t: NotRequired[float]


class NicknameSet(TypedDict):
    type: Literal["nickname"]
    nickname: str


class ErrorDetails(TypedDict, total=False):
    """What some refusals add: the message type refused, the prompt's seq, the engine's rule, the known types."""

    ref: str
    seq: Any
    rule: str | None
    known: list[str]


class Error(ErrorDetails):
    """A refusal: nothing changed. ``code`` is for programs, ``message`` a sentence for people."""

    type: Literal["error"]
    code: str
    message: str


ServerMessage = (
    Welcome
    | RoomState
    | RoomList
    | Update
    | Timeout
    | Reaction
    | GameOver
    | Paused
    | Resumed
    | Matched
    | QueueStatus
    | Unqueued
    | Left
    | SeatLeft
    | Kicked
    | RoomClosed
    | Pong
    | NicknameSet
    | Error
)

CLIENT_MESSAGES: dict[str, type[Any]] = {
    "hello": Hello,
    "ping": Ping,
    "nickname": SetNickname,
    "rooms": ListRooms,
    "create_room": CreateRoom,
    "join_room": JoinRoom,
    "leave_room": LeaveRoom,
    "settings": ChangeSettings,
    "add_cpu": AddCpu,
    "remove_cpu": RemoveCpu,
    "kick": Kick,
    "start": Start,
    "ready": Ready,
    "set_power": SetPower,
    "play_now": PlayNow,
    "queue": JoinQueue,
    "unqueue": LeaveQueue,
    "continue": Continue,
    "spectate": Spectate,
    "unspectate": Unspectate,
    "action": PlayAction,
    "react": React,
}

SERVER_MESSAGES: dict[str, type[Any]] = {
    "welcome": Welcome,
    "room": RoomState,
    "rooms": RoomList,
    "update": Update,
    "timeout": Timeout,
    "reaction": Reaction,
    "game_over": GameOver,
    "paused": Paused,
    "resumed": Resumed,
    "matched": Matched,
    "queue": QueueStatus,
    "unqueued": Unqueued,
    "left": Left,
    "seat_left": SeatLeft,
    "kicked": Kicked,
    "room_closed": RoomClosed,
    "pong": Pong,
    "nickname": NicknameSet,
    "error": Error,
}


def error(code: str, message: str, **details: Unpack[ErrorDetails]) -> Error:
    """A refusal, the one way every module builds it."""
    return Error(type="error", code=code, message=message, **details)
