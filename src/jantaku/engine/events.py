"""What happened: one event vocabulary for the engine, the log and the views, named after mjai's events.

Types (mjai names where mjai has one): ``start_game``, ``start_kyoku``, ``tsumo`` (a draw, also a replacement
draw with ``rinshan`` set), ``dahai`` (a discard), ``reach`` (riichi declared), ``reach_accepted`` (its discard
passed: the deposit is paid), ``chi``, ``pon``, ``daiminkan`` (open kan), ``kakan`` (added kan), ``ankan``
(concealed kan), ``dora`` (an indicator turned), ``hora`` (a win), ``ryukyoku`` (a drawn hand), ``end_kyoku``,
``end_game``; ``fault`` notes that a seat's outside program failed a decision and the default was played
(``Game.fault``). Tiles are physical ids; seats are absolute (seat 0 deals the first hand). ``info`` carries the rest
(scores, deltas, yaku, the revealed wall ...) as JSON-friendly data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NotRequired, TypedDict


class EventJSON(TypedDict):
    """An event as JSON data (the log, the server's updates); absent keys are the defaults of ``Event``."""

    type: str
    actor: NotRequired[int]
    target: NotRequired[int]
    tile: NotRequired[int]
    consumed: NotRequired[list[int]]
    info: NotRequired[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened (the types are listed above); ``actor`` acted, on ``target``'s tile where one
    was taken, ``consumed`` the own tiles a call used."""

    type: str
    actor: int | None = None
    target: int | None = None
    tile: int | None = None
    consumed: tuple[int, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> EventJSON:
        out: EventJSON = {"type": self.type}
        if self.actor is not None:
            out["actor"] = self.actor
        if self.target is not None:
            out["target"] = self.target
        if self.tile is not None:
            out["tile"] = self.tile
        if self.consumed:
            out["consumed"] = list(self.consumed)
        if self.info:
            out["info"] = dict(self.info)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            type=str(data["type"]),
            actor=data.get("actor"),
            target=data.get("target"),
            tile=data.get("tile"),
            consumed=tuple(data.get("consumed", ())),
            info=dict(data.get("info", {})),
        )


def redact(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (``None``: a spectator who sees no concealed tile).

    Another seat's draw hides its tile; the deal shows only the viewer's own hand; another seat's veiled discard
    hides its tile and a superpower's private result (``info["private"]``) is its user's alone. Everything else
    is public."""
    if event.actor != seat:
        if event.type == "tsumo" and event.tile is not None:
            return Event(event.type, event.actor, event.target, None, event.consumed, event.info)
        if event.type == "dahai" and event.info.get("veil"):
            return Event(event.type, event.actor, event.target, None, event.consumed, event.info)
        if event.type == "power" and "private" in event.info:
            info = {k: v for k, v in event.info.items() if k != "private"}
            return Event(event.type, event.actor, event.target, event.tile, event.consumed, info)
    if event.type == "start_kyoku":
        hands = event.info.get("hands")
        if hands is not None:
            info = dict(event.info)
            info["hands"] = [h if i == seat else None for i, h in enumerate(hands)]
            return Event(event.type, event.actor, event.target, event.tile, event.consumed, info)
    return event
