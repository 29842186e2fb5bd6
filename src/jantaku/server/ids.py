"""Room IDs and player tokens, both from ``secrets``.

Room IDs are short and easy to read aloud or type: six characters from an alphabet without look-alikes (no I, O,
0 or 1), about 2^30 of them. Player tokens are 128 random bits; the server keeps only their SHA-256, so a leaked
database does not hand out seats, and finds a person by it in a dictionary (what the time of a lookup could tell
is about the hash, which leads back to no token).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
ROOM_ID_LENGTH = 6


def new_room_id() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_ID_LENGTH))


def normalize_room_id(text: str) -> str:
    """What a person typed, as a Room ID: case and spaces do not matter."""
    return "".join(text.split()).upper()


def valid_room_id(text: str) -> bool:
    return len(text) == ROOM_ID_LENGTH and all(c in ROOM_ALPHABET for c in text)


def new_token() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def new_game_seed() -> str:
    """A game's seed: 128 random bits. The engine derives every wall and salt from it, so it never leaves the
    server before the game ends."""
    return secrets.token_hex(16)


#: what a guest's player id is derived with, so it is a hash of nothing else the server makes from a token
GUEST_ID_SALT = b"jantaku-guest:"


def guest_id(token: str) -> str:
    """A guest's player id: ``g`` and 16 hex digits of a salted SHA-256 of their token. It is the same after a
    restart (the token is), proves nothing by itself (only the token does), and leads back to no token; it differs
    from the token's ``token_hash``, so a published player id is no seat's key."""
    return "g" + hashlib.sha256(GUEST_ID_SALT + token.encode()).hexdigest()[:16]


def new_account_id() -> str:
    """An account's player id: ``a`` and 11 URL-safe random characters (64 bits): public, and never reused."""
    return "a" + secrets.token_urlsafe(8)[:11]
