"""Accounts' rules: names (case, width, reserved, CPU and system mimicry), passwords (argon2id, limits, never shown),
session tokens (only a hash kept, constant-time match, expiry) and the login limiter's sliding windows.

One row per case, named after what it checks. The argon2 tests hash for real (the library's parameters), so they
are few.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import statistics
import threading
import time
from typing import NamedTuple

import pytest

from jantaku.server.accounts import (
    HASHER,
    MAX_PASSWORD,
    MIN_PASSWORD,
    SESSION_LIFETIME,
    AccountNameError,
    LoginLimiter,
    PasswordError,
    Secret,
    WindowLimiter,
    canonical_name,
    check_account_name,
    check_password,
    dummy_verify,
    hash_password,
    is_expired,
    name_key,
    new_session_token,
    session_expiry,
    session_matches,
    token_hash,
    verify_password,
)


class Same(NamedTuple):
    id: str
    a: str
    b: str


SAME_NAME = [
    Same("case", "Ann", "ann"),
    Same("upper-case", "Ann", "ANN"),
    Same("fullwidth", "Ann", "Ａｎｎ"),
    Same("fullwidth-lower", "ann", "ａｎｎ"),
    Same("ends-trimmed", "Ann", "  Ann "),
    Same("inner-spaces-collapsed", "Ann Lee", "Ann   Lee"),
    Same("ideographic-space", "Ann Lee", "Ann\u3000Lee"),
    Same("sharp-s-casefolded", "Strauß", "STRAUSS"),
    Same("halfwidth-kana", "ｻｸﾗ", "サクラ"),
    Same("composed-and-decomposed", "Zoë", "Zoe\u0308"),
]


@pytest.mark.parametrize("case", SAME_NAME, ids=[c.id for c in SAME_NAME])
def test_one_canonical_name(case: Same) -> None:
    assert canonical_name(case.a) == canonical_name(case.b)


DIFFERENT_NAME = [
    Same("different-letters", "Ann", "Anne"),
    Same("space-inside-matters", "Ann Lee", "AnnLee"),
    Same("accent-matters", "Zoë", "Zoe"),
    Same("hiragana-is-not-katakana", "さくら", "サクラ"),
]


@pytest.mark.parametrize("case", DIFFERENT_NAME, ids=[c.id for c in DIFFERENT_NAME])
def test_different_canonical_names(case: Same) -> None:
    assert canonical_name(case.a) != canonical_name(case.b)


LOOKALIKE = [
    Same("cyrillic-a", "Ann", "\u0410nn"),
    Same("greek-omicron", "Bob", "B\u03bfb"),
    Same("zero-for-o", "Bob", "B0b"),
    Same("accent-dropped", "Zoë", "Zoe"),
]


@pytest.mark.parametrize("case", LOOKALIKE, ids=[c.id for c in LOOKALIKE])
def test_lookalike_names_share_a_key(case: Same) -> None:
    assert canonical_name(case.a) != canonical_name(case.b)
    assert name_key(case.a) == name_key(case.b)


class Kept(NamedTuple):
    id: str
    name: str
    shown: str


KEPT = [
    Kept("plain", "Ann", "Ann"),
    Kept("spaces-tidied", "  Ann   Lee ", "Ann Lee"),
    Kept("japanese", "山田太郎", "山田太郎"),
    Kept("digits", "Player 2", "Player 2"),
    Kept("fullwidth-kept-as-typed", "Ａｎｎ", "Ａｎｎ"),
    Kept("guest-inside-a-longer-name", "Guesthouse", "Guesthouse"),
]


@pytest.mark.parametrize("case", KEPT, ids=[c.id for c in KEPT])
def test_account_name_kept(case: Kept) -> None:
    assert check_account_name(case.name) == case.shown


class Refused(NamedTuple):
    id: str
    name: str
    code: str


REFUSED = [
    Refused("empty", "", "empty"),
    Refused("only-spaces", "   ", "empty"),
    Refused("too-long", "A" * 25, "too_long"),
    Refused("control-character", "Ann\x07", "invisible"),
    Refused("zero-width-space", "An\u200bn", "invisible"),
    Refused("direction-override", "\u202eAnn", "invisible"),
    Refused("hangul-filler", "\u3164", "invisible"),
    Refused("stray-mark", "\u0301Ann", "stray_mark"),
    Refused("mark-pile", "A" + "\u0301" * 6, "mark_pile"),
    Refused("cpu", "CPU", "cpu"),
    Refused("cpu-lower", "cpu 2", "cpu"),
    Refused("cpu-fullwidth", "ＣＰＵ", "cpu"),
    Refused("cpu-cyrillic", "\u0421\u0420U", "cpu"),
    Refused("cpu-spaced-letters", "C P U", "cpu"),
    Refused("cpu-level-name", "Strong", "cpu_level"),
    Refused("system", "System", "system"),
    Refused("admin-digit", "Adm1n", "system"),
    Refused("server-word", "Server Ann", "system"),
    Refused("system-japanese", "運営", "system"),
    Refused("reserved-deleted-player", "Deleted Player", "reserved"),
    Refused("reserved-fullwidth", "ｇｕｅｓｔ", "reserved"),
    Refused("reserved-anonymous", "anonymous", "reserved"),
]


@pytest.mark.parametrize("case", REFUSED, ids=[c.id for c in REFUSED])
def test_account_name_refused(case: Refused) -> None:
    with pytest.raises(AccountNameError) as caught:
        check_account_name(case.name)
    assert caught.value.code == case.code
    assert str(caught.value)
    assert "nickname" not in str(caught.value)


# passwords


class PasswordCase(NamedTuple):
    id: str
    password: str
    code: str  # "" when accepted


PASSWORDS = [
    PasswordCase("shortest-accepted", "x" * MIN_PASSWORD, ""),
    PasswordCase("one-too-short", "x" * (MIN_PASSWORD - 1), "password_too_short"),
    PasswordCase("empty", "", "password_too_short"),
    PasswordCase("longest-accepted", "x" * MAX_PASSWORD, ""),
    PasswordCase("one-too-long", "x" * (MAX_PASSWORD + 1), "password_too_long"),
    PasswordCase("unicode-counts-characters", "パスワードです長い", ""),
]


@pytest.mark.parametrize("case", PASSWORDS, ids=[c.id for c in PASSWORDS])
def test_password_length(case: PasswordCase) -> None:
    if not case.code:
        check_password(Secret(case.password))
        return
    with pytest.raises(PasswordError) as caught:
        check_password(Secret(case.password))
    assert caught.value.code == case.code
    assert case.password not in str(caught.value) or not case.password


def test_hash_is_argon2id_and_verifies() -> None:
    stored = hash_password(Secret("correct horse"))
    assert stored.startswith("$argon2id$")
    assert "correct horse" not in stored
    assert verify_password(stored, Secret("correct horse")) == (True, False)
    assert verify_password(stored, Secret("correct horsE")) == (False, False)


def test_two_hashes_of_one_password_differ() -> None:
    assert hash_password(Secret("correct horse")) != hash_password(Secret("correct horse"))


def test_weaker_hash_needs_rehash() -> None:
    from argon2 import PasswordHasher

    weak = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1).hash("correct horse")
    assert verify_password(weak, Secret("correct horse")) == (True, True)


class BadStored(NamedTuple):
    id: str
    stored: str


BAD_STORED = [
    BadStored("empty", ""),
    BadStored("not-argon2", "plain text"),
    BadStored("sha256", hashlib.sha256(b"correct horse").hexdigest()),
]


@pytest.mark.parametrize("case", BAD_STORED, ids=[c.id for c in BAD_STORED])
def test_bad_stored_hash_is_no_match(case: BadStored) -> None:
    assert verify_password(case.stored, Secret("correct horse")) == (False, False)


def test_overlong_password_is_no_match_without_error() -> None:
    stored = hash_password(Secret("x" * MAX_PASSWORD))
    assert verify_password(stored, Secret("x" * (MAX_PASSWORD + 1))).ok is False


def test_secret_never_shows(caplog: pytest.LogCaptureFixture) -> None:
    secret = Secret("hunter2hunter2")
    shown = [repr(secret), str(secret), f"{secret}", f"{secret!r}", "%s" % (secret,), repr([secret])]  # noqa: UP031
    with caplog.at_level(logging.INFO):
        logging.getLogger("jantaku.test").info("login with %s", secret)
    shown.append(caplog.text)
    assert all("hunter2" not in text for text in shown)
    assert secret.reveal() == "hunter2hunter2"
    with pytest.raises(TypeError):
        pickle.dumps(secret)


def test_unknown_name_costs_a_password_check() -> None:
    """``dummy_verify`` spends about the time of a real wrong-password check (loosely: within a factor of 3 of the
    median of several runs), so a login's time does not say whether its name exists."""
    stored = HASHER.hash("the real password")

    def timed(check: object) -> float:
        start = time.perf_counter()
        assert callable(check)
        check()
        return time.perf_counter() - start

    def real() -> None:
        verify_password(stored, Secret("a wrong password"))

    def dummy() -> None:
        assert dummy_verify(Secret("a wrong password")) is False

    dummy()  # the dummy hash is made once, at first use
    real_time = statistics.median(timed(real) for _ in range(5))
    dummy_time = statistics.median(timed(dummy) for _ in range(5))
    assert real_time / 3 < dummy_time < real_time * 3


# sessions


def test_session_token_and_hash() -> None:
    token, stored = new_session_token()
    assert stored == hashlib.sha256(token.encode()).hexdigest() == token_hash(token)
    assert token not in stored
    assert len(token) >= 43  # 256 bits in base64url
    assert session_matches(token, stored)


def test_session_tokens_are_fresh() -> None:
    tokens = {new_session_token()[0] for _ in range(100)}
    assert len(tokens) == 100


class HashCase(NamedTuple):
    id: str
    token: str
    stored: str
    match: bool


HASHES = [
    HashCase("known-sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", True),
    HashCase("empty-token", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", True),
    HashCase("one-letter-off", "abd", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", False),
    HashCase("token-is-not-its-hash", "ba7816bf", "ba7816bf", False),
    HashCase("empty-stored", "abc", "", False),
    HashCase("non-ascii-token", "トークン", hashlib.sha256("トークン".encode()).hexdigest(), True),
]


@pytest.mark.parametrize("case", HASHES, ids=[c.id for c in HASHES])
def test_token_hashing(case: HashCase) -> None:
    assert session_matches(case.token, case.stored) is case.match


class ExpiryCase(NamedTuple):
    id: str
    now: float  # seconds after the session opened
    expired: bool


EXPIRY = [
    ExpiryCase("just-opened", 0.0, False),
    ExpiryCase("a-day-later", 86_400.0, False),
    ExpiryCase("a-second-before-the-end", SESSION_LIFETIME - 1, False),
    ExpiryCase("at-the-end", SESSION_LIFETIME, True),
    ExpiryCase("after-the-end", SESSION_LIFETIME + 1, True),
]


@pytest.mark.parametrize("case", EXPIRY, ids=[c.id for c in EXPIRY])
def test_session_expiry(case: ExpiryCase) -> None:
    opened = 1_800_000_000.0
    assert is_expired(session_expiry(opened), opened + case.now) is case.expired


# login limiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Step(NamedTuple):
    at: float  # seconds after the start
    name: str
    address: str
    fail: bool  # a wrong password at this moment (only counted when the attempt is allowed)


class LimitCase(NamedTuple):
    id: str
    steps: list[Step]
    allowed: list[bool]  # whether each step's attempt was let through


def fails(n: int, *, at: float = 0.0, name: str = "Ann", address: str = "1.2.3.4", every: float = 1.0) -> list[Step]:
    return [Step(at + i * every, name, address, True) for i in range(n)]


def attempt(at: float, name: str = "Ann", address: str = "1.2.3.4", fail: bool = False) -> Step:
    return Step(at, name, address, fail)


LIMITS = [
    LimitCase("five-wrong-are-tried", fails(5), [True] * 5),
    LimitCase("sixth-refused-right-password-too", [*fails(5), attempt(10)], [True] * 5 + [False]),
    LimitCase("allowed-once-the-oldest-leaves-the-window", [*fails(5), attempt(60.5)], [True] * 5 + [True]),
    LimitCase("still-refused-just-before-the-window-passes", [*fails(5), attempt(59.9)], [True] * 5 + [False]),
    LimitCase(
        "refused-attempts-do-not-extend-the-lock",
        [*fails(5), attempt(30, fail=True), attempt(50, fail=True), attempt(60.5)],
        [True] * 5 + [False, False, True],
    ),
    LimitCase("case-and-width-share-a-count", [*fails(5), attempt(10, name="ＡＮＮ")], [True] * 5 + [False]),
    LimitCase("another-name-is-not-locked", [*fails(5), attempt(10, name="Bob")], [True] * 5 + [True]),
    LimitCase(
        "same-name-other-address-locked-too",
        [*fails(5), attempt(10, address="5.6.7.8")],
        [True] * 5 + [False],
    ),
    LimitCase(
        "twenty-names-from-one-address-lock-the-address",
        [Step(i * 0.5, f"name{i}", "1.2.3.4", True) for i in range(20)] + [attempt(11, name="fresh")],
        [True] * 20 + [False],
    ),
    LimitCase(
        "nineteen-names-from-one-address-do-not",
        [Step(i * 0.5, f"name{i}", "1.2.3.4", True) for i in range(19)] + [attempt(11, name="fresh")],
        [True] * 19 + [True],
    ),
    LimitCase(
        "other-address-free-when-one-is-locked",
        [Step(i * 0.5, f"name{i}", "1.2.3.4", True) for i in range(20)] + [attempt(11, "fresh", "5.6.7.8")],
        [True] * 20 + [True],
    ),
    LimitCase(
        "slow-failures-never-lock",
        fails(10, every=15.0),
        [True] * 10,
    ),
]


@pytest.mark.parametrize("case", LIMITS, ids=[c.id for c in LIMITS])
def test_login_limiter(case: LimitCase) -> None:
    clock = Clock()
    limiter = LoginLimiter(per_name=5, per_address=20, window=60.0, clock=clock)
    seen = []
    for step in case.steps:
        clock.now = 1000.0 + step.at
        allowed = limiter.allowed(step.name, step.address)
        seen.append(allowed)
        if allowed and step.fail:
            limiter.failed(step.name, step.address)
    assert seen == case.allowed


def test_retry_after_counts_down_to_the_window() -> None:
    clock = Clock()
    limiter = LoginLimiter(clock=clock)
    for _ in range(5):
        limiter.failed("Ann", "1.2.3.4")
    assert limiter.retry_after("Ann", "1.2.3.4") == 60.0
    clock.now += 45
    assert limiter.retry_after("Ann", "1.2.3.4") == 15.0
    clock.now += 15
    assert limiter.retry_after("Ann", "1.2.3.4") == 0


def test_limiter_forgets_passed_windows() -> None:
    clock = Clock()
    limiter = LoginLimiter(clock=clock)
    for i in range(50):
        limiter.failed(f"name{i}", f"10.0.0.{i}")
    clock.now += 61
    limiter.sweep()
    assert limiter.names == {} and limiter.addresses == {}


# (name, (seconds from the start, address) of each registration, whether each is admitted): per_key=3, an hour
REGISTRATIONS: list[tuple[str, list[tuple[float, str]], list[bool]]] = [
    ("the fourth in an hour is refused", [(0, "a"), (1, "a"), (2, "a"), (3, "a")], [True, True, True, False]),
    ("another address is free", [(0, "a"), (1, "a"), (2, "a"), (3, "b")], [True, True, True, True]),
    ("the window slides", [(0, "a"), (1, "a"), (2, "a"), (3599, "a"), (3600, "a")], [True, True, True, False, True]),
    ("a refused one is not counted", [(0, "a"), (0, "a"), (0, "a"), (9, "a"), (3600, "a")], [True] * 3 + [False, True]),
]


@pytest.mark.parametrize(("steps", "admitted"), [r[1:] for r in REGISTRATIONS], ids=[r[0] for r in REGISTRATIONS])
def test_window_limiter(steps: list[tuple[float, str]], admitted: list[bool]) -> None:
    clock = Clock()
    limiter = WindowLimiter(per_key=3, window=3600.0, clock=clock)
    seen = []
    for at, address in steps:
        clock.now = 1000.0 + at
        seen.append(limiter.take(address) == 0)
    assert seen == admitted


def test_parallel_registrations_pass_the_bound_no_further() -> None:
    """The check and the count are one step: requests in the endpoints' threads cannot all pass a check at once."""
    limiter = WindowLimiter(per_key=5)
    start = threading.Barrier(20)
    admitted: list[bool] = []

    def one() -> None:
        start.wait()
        admitted.append(limiter.take("1.2.3.4") == 0)

    threads = [threading.Thread(target=one) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert admitted.count(True) == 5


def test_parallel_wrong_passwords_pass_the_bound_no_further() -> None:
    """A burst of guesses in the endpoints' threads, each checked and counted in one step: only ``per_name`` of them
    reach a password check, however many run at once."""
    limiter = LoginLimiter(per_name=5, per_address=1000)
    start = threading.Barrier(20)
    admitted: list[bool] = []

    def one() -> None:
        start.wait()
        admitted.append(limiter.attempt("Ann", "1.2.3.4") == 0)

    threads = [threading.Thread(target=one) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert admitted.count(True) == 5


def test_a_right_password_takes_its_attempt_back() -> None:
    clock = Clock()
    limiter = LoginLimiter(per_name=2, clock=clock)
    for _ in range(5):  # right passwords, however many, lock nothing
        assert limiter.attempt("Ann", "1.2.3.4") == 0
        limiter.cleared("Ann", "1.2.3.4")
    assert limiter.names == {} and limiter.addresses == {}
    assert limiter.attempt("Ann", "1.2.3.4") == 0  # a wrong one
    assert limiter.attempt("ann", "1.2.3.4") == 0  # another
    assert limiter.attempt("ANN", "5.6.7.8") == 60.0
