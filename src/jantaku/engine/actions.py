"""What a seat may do: one frozen value type per decision, each with a symmetric JSON codec.

Tiles in actions are physical tile ids (0..135), so a choice between a red and a plain five is explicit.
``Action.from_json(action.to_json()) == action`` for every action.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired, TypedDict, Union, get_args


class IllegalAction(ValueError):
    """An action the rules refuse now. ``rule`` names the rule (a docs/rules.md row or a turn-order rule); the game
    state is untouched when this is raised."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}")


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``tile``; ``veil`` discards it face down (the Veil superpower, docs/superpowers.md)."""

    tile: int
    veil: bool = False
    type: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Riichi:
    """Declare riichi and discard ``tile`` in one decision."""

    tile: int
    type: ClassVar[str] = "riichi"


@dataclass(frozen=True, slots=True)
class Tsumo:
    type: ClassVar[str] = "tsumo"


@dataclass(frozen=True, slots=True)
class Ron:
    type: ClassVar[str] = "ron"


@dataclass(frozen=True, slots=True)
class Chi:
    """Call the discard into a run with two own tiles (``tiles``, ids)."""

    tiles: tuple[int, int]
    type: ClassVar[str] = "chi"


@dataclass(frozen=True, slots=True)
class Pon:
    tiles: tuple[int, int]
    type: ClassVar[str] = "pon"


@dataclass(frozen=True, slots=True)
class OpenKan:
    """Call the discard with three own tiles (daiminkan)."""

    tiles: tuple[int, int, int]
    type: ClassVar[str] = "open_kan"


@dataclass(frozen=True, slots=True)
class AddedKan:
    """Promote an own pon with ``tile`` (shouminkan)."""

    tile: int
    type: ClassVar[str] = "added_kan"


@dataclass(frozen=True, slots=True)
class ClosedKan:
    """Declare four own tiles of one kind (ankan)."""

    tiles: tuple[int, int, int, int]
    type: ClassVar[str] = "closed_kan"


@dataclass(frozen=True, slots=True)
class Kita:
    """3-player: set a North aside as dora and draw a replacement (nukidora; docs/rules.md#sanma)."""

    tile: int
    type: ClassVar[str] = "kita"


@dataclass(frozen=True, slots=True)
class NineTerminals:
    type: ClassVar[str] = "nine_terminals"


@dataclass(frozen=True, slots=True)
class DeclareTenpai:
    """At an exhaustive draw, where the rules ask for it: show a tenpai hand (docs/rules.md#tenpai_declaration)."""

    type: ClassVar[str] = "tenpai"


@dataclass(frozen=True, slots=True)
class DeclareNoten:
    """At an exhaustive draw, where the rules ask for it: hide the hand and count as noten."""

    type: ClassVar[str] = "noten"


@dataclass(frozen=True, slots=True)
class Pass:
    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Power:
    """Use the seat's superpower ``power`` (an own-turn power of docs/superpowers.md): on opponent ``target`` for
    Seal, about own ``tile`` for Sense. The turn goes on: a discard (or a win, a kan ...) still follows."""

    power: str
    target: int | None = None
    tile: int | None = None
    type: ClassVar[str] = "power"


Action = Union[  # noqa: UP007
    Discard,
    Riichi,
    Tsumo,
    Ron,
    Chi,
    Pon,
    OpenKan,
    AddedKan,
    ClosedKan,
    Kita,
    NineTerminals,
    DeclareTenpai,
    DeclareNoten,
    Pass,
    Power,
]

#: Every action class, in the order of ``Action`` (what ``apply`` accepts besides an action's JSON form).
ACTION_TYPES: tuple[type[Any], ...] = get_args(Action)

_BY_TYPE: dict[str, type[Any]] = {cls.type: cls for cls in ACTION_TYPES}


class ActionJSON(TypedDict):
    """An action's JSON form (``view["legal_actions"]``, the log, a client's answer): ``type`` is the class's
    ``type``; a discard, riichi, added kan or North names its ``tile`` (a discard may be ``veil``-ed), a call or
    concealed kan its ``tiles``, a superpower its ``power`` and its ``target`` seat (Seal) or own ``tile`` (Sense)."""

    type: str
    tile: NotRequired[int]
    veil: NotRequired[bool]
    tiles: NotRequired[list[int]]
    power: NotRequired[str]
    target: NotRequired[int]


def action_to_json(action: Action) -> ActionJSON:
    """The action as JSON data (read back by ``action_from_json``)."""
    out: ActionJSON = {"type": action.type}
    if isinstance(action, (Discard, Riichi, AddedKan, Kita)):
        out["tile"] = action.tile
        if isinstance(action, Discard) and action.veil:
            out["veil"] = True
    elif isinstance(action, (Chi, Pon, OpenKan, ClosedKan)):
        out["tiles"] = list(action.tiles)
    elif isinstance(action, Power):
        out["power"] = action.power
        if action.target is not None:
            out["target"] = action.target
        if action.tile is not None:
            out["tile"] = action.tile
    return out


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read an action; an unknown type or a malformed field raises ``IllegalAction`` (rule ``action_format``)."""
    kind = data.get("type")
    cls = _BY_TYPE.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction("action_format", f"unknown action type {kind!r} (known: {', '.join(sorted(_BY_TYPE))})")
    try:
        if cls in (Discard, Riichi, AddedKan, Kita):
            tile = data["tile"]
            if not isinstance(tile, int) or isinstance(tile, bool):
                raise TypeError
            if "veil" in data and cls is not Discard:
                raise TypeError  # only a discard goes face down (Veil)
            if cls is Discard and "veil" in data:
                if not isinstance(data["veil"], bool):
                    raise TypeError
                return Discard(tile, data["veil"])
            action: Action = cls(tile)
            return action
        if cls is Power:
            power, target, tile = data["power"], data.get("target"), data.get("tile")
            if not isinstance(power, str) or not all(
                x is None or (isinstance(x, int) and not isinstance(x, bool)) for x in (target, tile)
            ):
                raise TypeError
            return Power(power, target, tile)
        if cls in (Chi, Pon, OpenKan, ClosedKan):
            size = {Chi: 2, Pon: 2, OpenKan: 3, ClosedKan: 4}[cls]
            tiles = data["tiles"]
            if not isinstance(tiles, list) or len(tiles) != size or not all(isinstance(t, int) for t in tiles):
                raise TypeError
            action = cls(tuple(tiles))
            return action
        action = cls()
        return action
    except (KeyError, TypeError):
        raise IllegalAction("action_format", f"malformed {kind} action {data!r}") from None
