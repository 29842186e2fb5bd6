"""Accounts: the rules of who a remembered player is, kept apart from where accounts are stored.

Everything here is pure logic (no database, no sockets), so each rule is tested on its own and the store and
handlers that come with the accounts schema only call it:

- **Names.** ``check_account_name`` refuses what ``names.check_nickname`` refuses (nothing visible, too long,
  invisible characters, stray or piled marks, names that pass for a CPU seat or the system), with the same rule's
  ``code``, plus the few names the server itself shows for a player (``RESERVED``: "deleted player"). An account's
  name is the nickname its seats show, so the two follow one set of rules. Two keys go beside the shown name in the
  store: ``canonical_name`` (compatibility form, case folded, spaces tidied: "Ann", "ann" and a full-width "Ann" are
  one), by which a login finds its account, and ``name_key`` (``names.nickname_key``, which also folds look-alike
  letters of other scripts), kept unique so that nobody can register "Аnn" in Cyrillic beside "Ann".
- **Passwords.** Held in a ``Secret`` from the moment they are read, so no log line, traceback or ``repr`` shows
  one; hashed with argon2id (``hash_password``); checked by ``verify_password``, which also says when a stored hash
  was made with weaker parameters than today's and should be replaced at this login. A password is
  ``MIN_PASSWORD`` to ``MAX_PASSWORD`` characters: the floor keeps out the guessable, the ceiling bounds the work a
  login may ask of the server.
- **Sessions.** ``new_session_token`` gives the token for the client and the SHA-256 the store keeps (a stolen
  table of hashes opens no session); ``session_matches`` compares in constant time; ``session_expiry`` and
  ``is_expired`` say how long a session lives.
- **Logins.** A handler asks ``LoginLimiter.retry_after`` before looking at the password and refuses the attempt,
  the right password too, while it is not 0; it reports each wrong password with ``failed``. An unknown name is
  answered exactly like a wrong password, after ``dummy_verify`` has spent the same argon2 work, so neither the
  message nor the time tells whether a name is taken.
- **Registrations and exports.** A registration costs an argon2 hash and a row, an export converts every game a
  player sat in: a ``WindowLimiter`` lets an address register, and a player export, only so many times an hour.
"""

from __future__ import annotations

import contextlib
import functools
import hmac
import secrets
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from jantaku.server.ids import token_hash
from jantaku.server.names import NicknameError, check_nickname, nickname_key

__all__ = [
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "RESERVED",
    "SESSION_LIFETIME",
    "AccountNameError",
    "LoginLimiter",
    "PasswordError",
    "Secret",
    "Verdict",
    "WindowLimiter",
    "canonical_name",
    "check_account_name",
    "check_password",
    "dummy_verify",
    "hash_password",
    "is_expired",
    "name_key",
    "new_session_token",
    "session_expiry",
    "session_matches",
    "token_hash",
    "verify_password",
]

#: names the server shows for a player who is not there as themselves; an account may not take them
RESERVED = ("deleted player", "guest", "anonymous")

MIN_PASSWORD = 8
#: characters; argon2 hashes any length, but a login should not be able to make the server hash a megabyte
MAX_PASSWORD = 128

#: seconds a session lives after it was opened (a login from a new device opens a new one)
SESSION_LIFETIME = 30 * 24 * 3600.0
#: random bytes in a session token: 256 bits, so guessing one is out of reach even with the hash table stolen
SESSION_TOKEN_BYTES = 32

#: argon2id with the library's defaults (RFC 9106's low-memory choice); raising them later makes every old hash
#: report ``needs_rehash`` at its next login
HASHER = PasswordHasher()


class AccountNameError(ValueError):
    """A refused account name: ``code`` names the rule (``names.REFUSALS`` or "reserved"), the message says why."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class PasswordError(ValueError):
    """A refused new password: ``code`` is "password_too_short" or "password_too_long" (a name's refusals have
    codes of their own: "too_long" is a name's); the message never contains the password."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


def canonical_name(text: str) -> str:
    """The name a login looks for: compatibility form (fullwidth letters are letters), case folded, the ends trimmed
    and inner runs of spaces one space, so "Ann", " ann " and full-width "Ann" find the same account."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    return " ".join(folded.split())


def name_key(text: str) -> str:
    """The key two account names may not share: ``names.nickname_key`` (look-alike letters folded too)."""
    return nickname_key(text)


def check_account_name(text: str) -> str:
    """``text`` tidied as the name to show, or ``AccountNameError`` with the rule that refuses it."""
    try:
        shown = check_nickname(text)
    except NicknameError as exc:
        raise AccountNameError(str(exc).replace("a nickname", "an account name"), exc.code) from None
    if name_key(shown) in _reserved_keys():
        raise AccountNameError(f"{shown!r} is what the table shows for a player who is not there", "reserved")
    return shown


@functools.cache
def _reserved_keys() -> frozenset[str]:
    return frozenset(name_key(name) for name in RESERVED)


class Secret:
    """A password in memory: ``reveal()`` gives the text; ``repr``, ``str`` and formatting show only stars, so a log
    line or a traceback that prints the object prints no password."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __len__(self) -> int:
        return len(self._value)

    def __repr__(self) -> str:
        return "Secret('********')"

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return repr(self)

    def __reduce__(self) -> tuple[object, ...]:
        raise TypeError("a Secret is not pickled")


class Verdict(NamedTuple):
    """What a password check found: whether it matched, and (when it did) whether to store a fresh hash."""

    ok: bool
    needs_rehash: bool


def check_password(password: Secret) -> None:
    """``PasswordError`` if ``password`` is too short or too long to be set as a new password."""
    if len(password) < MIN_PASSWORD:
        raise PasswordError(f"a password is at least {MIN_PASSWORD} characters", "password_too_short")
    if len(password) > MAX_PASSWORD:
        raise PasswordError(f"a password is at most {MAX_PASSWORD} characters", "password_too_long")


def hash_password(password: Secret) -> str:
    """The argon2id hash (salt and parameters inside) to store for ``password``, after ``check_password``."""
    check_password(password)
    return HASHER.hash(password.reveal())


def verify_password(stored: str, password: Secret) -> Verdict:
    """Whether ``password`` is the one ``stored`` was made from (argon2 compares in constant time).

    An over-long password is refused without hashing, so the work of a login stays bounded; a stored hash that
    is not argon2 at all counts as no match, never as an error a client could tell apart."""
    if len(password) > MAX_PASSWORD:
        dummy_verify(Secret(""))  # the same time as a wrong password of a sane length
        return Verdict(ok=False, needs_rehash=False)
    try:
        HASHER.verify(stored, password.reveal())
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return Verdict(ok=False, needs_rehash=False)
    return Verdict(ok=True, needs_rehash=HASHER.check_needs_rehash(stored))


@functools.cache
def _dummy_hash() -> str:
    return HASHER.hash(secrets.token_urlsafe(16))


def dummy_verify(password: Secret) -> bool:
    """Spend a password check's argon2 work on a hash no password matches: the answer to a login with an unknown
    name, so that it takes as long as a wrong password for a real one. Always ``False``."""
    with contextlib.suppress(VerifyMismatchError, VerificationError, InvalidHashError):
        HASHER.verify(_dummy_hash(), password.reveal()[:MAX_PASSWORD])
    return False


def new_session_token() -> tuple[str, str]:
    """A fresh session token for the client and its SHA-256 for the store (which never keeps the token)."""
    token = secrets.token_urlsafe(SESSION_TOKEN_BYTES)
    return token, token_hash(token)


def session_matches(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from, compared in constant time."""
    return hmac.compare_digest(token_hash(token).encode(), stored_hash.encode())


def session_expiry(opened: float, lifetime: float = SESSION_LIFETIME) -> float:
    """When a session opened at ``opened`` (seconds since the epoch) ends."""
    return opened + lifetime


def is_expired(expires: float, now: float) -> bool:
    """Whether a session ending at ``expires`` is over at ``now`` (the end itself belongs to the past)."""
    return now >= expires


class LoginLimiter:
    """Wrong passwords counted in a sliding window, per account name and per client address.

    While a name has ``per_name`` wrong passwords in the last ``window`` seconds, or an address ``per_address``,
    every login for it is refused, the right password too: a guesser learns nothing from a refused attempt. A
    refused attempt is not counted, so the lock ends ``window`` seconds after the oldest counted failure however
    hard it is pushed. Names are counted by ``canonical_name`` ("Ann" and full-width "ANN" share one count) and whether
    they belong to an account or not, so the limiter says nothing about which names exist. The clock is
    injectable for tests; memory is bounded by forgetting counts whose window has passed.

    The endpoints run in a thread pool and a password check takes tens of milliseconds, so a check followed by a
    count later would let a burst of parallel guesses all pass the check before any is counted (as many guesses
    as the pool has threads, not ``per_name``). ``attempt`` therefore checks and counts in one step under a lock,
    and a right password takes its count back (``cleared``)."""

    def __init__(
        self,
        per_name: int = 5,
        per_address: int = 20,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_name = per_name
        self.per_address = per_address
        self.window = window
        self.clock = clock
        self.names: dict[str, deque[float]] = {}
        self.addresses: dict[str, deque[float]] = {}
        self.lock = threading.RLock()

    def attempt(self, name: str, address: str) -> float:
        """A login for ``name`` from ``address`` about to check a password: 0 and the attempt counted as a failure
        (``cleared`` takes it back when the password is right), or the seconds to wait, with nothing counted."""
        with self.lock:
            wait = self.retry_after(name, address)
            if wait == 0:
                self.failed(name, address)
            return wait

    def cleared(self, name: str, address: str) -> None:
        """The password of an ``attempt`` was right: its count is taken back."""
        with self.lock:
            for book, key in ((self.names, canonical_name(name)), (self.addresses, address)):
                stamps = book.get(key)
                if stamps:
                    stamps.pop()
                    if not stamps:
                        del book[key]

    def retry_after(self, name: str, address: str) -> float:
        """Seconds until a login for ``name`` from ``address`` may be tried; 0 when it may be tried now."""
        with self.lock:
            return self._retry_after(name, address)

    def _retry_after(self, name: str, address: str) -> float:
        now = self.clock()
        wait = 0.0
        for book, key, limit in (
            (self.names, canonical_name(name), self.per_name),
            (self.addresses, address, self.per_address),
        ):
            stamps = self._recent(book, key, now)
            if len(stamps) >= limit:
                wait = max(wait, stamps[len(stamps) - limit] + self.window - now)
        return wait

    def allowed(self, name: str, address: str) -> bool:
        return self.retry_after(name, address) == 0

    def failed(self, name: str, address: str) -> None:
        """Count a wrong password (or an unknown name) for ``name`` and ``address``."""
        with self.lock:
            now = self.clock()
            if len(self.names) + len(self.addresses) > 10_000:
                self.sweep()
            for book, key in ((self.names, canonical_name(name)), (self.addresses, address)):
                self._recent(book, key, now)
                book.setdefault(key, deque()).append(now)

    def sweep(self) -> None:
        """Forget every count whose window has passed."""
        with self.lock:
            now = self.clock()
            for book in (self.names, self.addresses):
                for key in list(book):
                    self._recent(book, key, now)

    def _recent(self, book: dict[str, deque[float]], key: str, now: float) -> deque[float]:
        """``key``'s failures inside the window, older ones dropped (and the key with them when none is left)."""
        stamps = book.get(key, deque())
        while stamps and stamps[0] <= now - self.window:
            stamps.popleft()
        if not stamps:
            book.pop(key, None)
        return stamps


class WindowLimiter:
    """Costly requests counted in a sliding window per key: ``take`` admits one and counts it, or says how long to
    wait while the key has made ``per_key`` in the last ``window`` seconds. A registration costs an argon2 hash (tens
    of milliseconds of a core, on purpose) and a stored account, and an export converts every game of a player, so
    without a bound one client could keep the server hashing, fill the names or convert all day. The check and the
    count are one step under a lock: the endpoints run in a thread pool, and parallel requests must not all pass a
    check none has counted yet. The clock is injectable for tests; memory is bounded by forgetting counts whose
    window has passed."""

    def __init__(self, per_key: int = 10, window: float = 3600.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_key = per_key
        self.window = window
        self.clock = clock
        self.keys: dict[str, deque[float]] = {}
        self.lock = threading.Lock()

    def take(self, key: str) -> float:
        """0 and one request counted for ``key``; else the seconds until it may make one again."""
        with self.lock:
            now = self.clock()
            if len(self.keys) > 10_000:
                self._sweep(now)
            stamps = self._recent(key, now)
            if len(stamps) >= self.per_key:
                return stamps[len(stamps) - self.per_key] + self.window - now
            self.keys.setdefault(key, deque()).append(now)
            return 0.0

    def sweep(self) -> None:
        """Forget every count whose window has passed."""
        with self.lock:
            self._sweep(self.clock())

    def _sweep(self, now: float) -> None:
        for key in list(self.keys):
            self._recent(key, now)

    def _recent(self, key: str, now: float) -> deque[float]:
        stamps = self.keys.get(key, deque())
        while stamps and stamps[0] <= now - self.window:
            stamps.popleft()
        if not stamps:
            self.keys.pop(key, None)
        return stamps
