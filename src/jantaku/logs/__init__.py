"""Game records from other platforms, read into typed values (Tenhou's mjlog XML for now).

Kept apart from the engine: a record is evidence to check the engine and the scorer against, not a format we
write, so the readers depend on nothing but the standard library and ``jantaku.tiles``.
"""

from jantaku.logs.tenhou import (
    Agari,
    Call,
    Discard,
    Disconnect,
    Draw,
    Event,
    GameRules,
    Init,
    MeldType,
    NewDora,
    Owari,
    Player,
    Reach,
    Reconnect,
    Ryuukyoku,
    TenhouFormatError,
    TenhouGame,
    TenhouHand,
    TenhouMeld,
    decode_meld,
    read_game,
    tile_code,
    tile_codes,
    tile_kind,
)

__all__ = [
    "Agari",
    "Call",
    "Discard",
    "Disconnect",
    "Draw",
    "Event",
    "GameRules",
    "Init",
    "MeldType",
    "NewDora",
    "Owari",
    "Player",
    "Reach",
    "Reconnect",
    "Ryuukyoku",
    "TenhouFormatError",
    "TenhouGame",
    "TenhouHand",
    "TenhouMeld",
    "decode_meld",
    "read_game",
    "tile_code",
    "tile_codes",
    "tile_kind",
]
