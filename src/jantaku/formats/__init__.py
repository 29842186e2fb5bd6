"""Game records from other platforms, read into typed values (Tenhou's mjlog XML and tenhou.net/6 JSON, mjai JSON
lines), and our games written in those formats.

Kept apart from the engine: a record is evidence to check the engine and the scorer against, or our game written
for other tools, so the formats depend on nothing but the standard library and ``jantaku.tiles``. The modules:
``tenhou_records`` (the values a Tenhou record is read into), ``tenhou_xml`` (the mjlog reader),
``tenhou_replay`` (a record replayed through the engine and compared, hand by hand; it imports the engine, so it
is not re-exported here), ``mjai`` (our events written as the mjai events Mortal reads, whole or as one seat
sees them, and mjai lines read back into typed values or a whole game into the Tenhou record model; used as
``jantaku.formats.mjai``, its names are not re-exported because several, ``Reach`` and ``Dora`` among them, would
clash with the Tenhou record's), ``tenhou6`` (our events written as tenhou.net/6 JSON, the viewer's and NAGA's
format, and that JSON read back into the Tenhou record model above; used as ``jantaku.formats.tenhou6``, its
``read_game`` would clash with the mjlog reader's) and ``convert`` (every format read into our game and written
from it: the registry behind ``jantaku convert`` and the server's downloads; it imports the engine too).
"""

from jantaku.formats.tenhou_records import (
    Agari,
    Call,
    Disconnect,
    Draw,
    Event,
    GameRules,
    Init,
    MeldType,
    NewDora,
    Owari,
    Reach,
    Reconnect,
    RecordedDiscard,
    RecordedPlayer,
    Ryuukyoku,
    TenhouFormatError,
    TenhouGame,
    TenhouHand,
    TenhouMeld,
    code_of_id,
    codes_of_ids,
    decode_meld,
    encode_meld,
    log_date,
)
from jantaku.formats.tenhou_xml import read_game

__all__ = [
    "Agari",
    "Call",
    "Disconnect",
    "Draw",
    "Event",
    "GameRules",
    "Init",
    "MeldType",
    "NewDora",
    "Owari",
    "Reach",
    "Reconnect",
    "RecordedDiscard",
    "RecordedPlayer",
    "Ryuukyoku",
    "TenhouFormatError",
    "TenhouGame",
    "TenhouHand",
    "TenhouMeld",
    "code_of_id",
    "codes_of_ids",
    "decode_meld",
    "encode_meld",
    "log_date",
    "read_game",
]
