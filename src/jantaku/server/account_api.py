"""The account API under ``/api/account``: register, log in and out, the sessions, the password, hiding from the
leaderboards, deleting the account and downloading everything a player owns. ``docs/accounts.md`` says what each
does and why it is built so; the rules themselves (names, argon2id, tokens, the login limiter) are
``server.accounts``'s and the rows ``server.store``'s.

Every endpoint is a plain function: FastAPI runs it in its thread pool, so the argon2 work of a password (tens of
milliseconds, on purpose) never stops the event loop and its games. A request proves who it is by the
``jantaku_session`` cookie (HttpOnly, SameSite=Strict: the browser), by ``Authorization: Bearer <session token>``
(other clients), or, for a guest, by ``Authorization: Bearer guest:<guest token>``: never by anything in the URL,
which proxies and logs keep. A POST takes a JSON body only: with SameSite=Strict that keeps another site's form
from acting with the cookie.
"""

from __future__ import annotations

import json
import math
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, HTTPException, Path, Request, Response
from fastapi.responses import StreamingResponse
from starlette.background import BackgroundTask

from jantaku.formats import convert
from jantaku.server.accounts import (
    RESERVED,
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
    name_key,
    new_session_token,
    verify_password,
)
from jantaku.server.credentials import COOKIE, address, presented
from jantaku.server.ids import guest_id, new_account_id, token_hash
from jantaku.server.store import Account, SessionInfo, Store

#: what a refused login says, whether the name exists or not (one code for both: no enumeration)
WRONG = {"code": "wrong_name_or_password", "message": "wrong name or password"}
#: a request that needs an account without a live session (none, ended, expired): the page logs out, unlike after
#: a wrong password, which it shows under its form
NOT_LOGGED_IN = {"code": "not_logged_in", "message": "not logged in"}
#: the account's own password, asked again (a new password, a deletion), was wrong
WRONG_PASSWORD = {"code": "wrong_password", "message": "wrong password"}
#: what a deleted account's seats show in stored games
DELETED = RESERVED[0]
#: the exports a player may ask for in an hour: each converts every game they sat in
EXPORTS_PER_HOUR = 6
#: bytes of an export's archive kept in memory while it is built and sent; a larger one goes to a temporary file
EXPORT_IN_MEMORY = 8 << 20

#: a request's JSON object (the endpoint checks each field it reads)
JsonBody = Annotated[dict[str, Any], Body()]


@dataclass(frozen=True)
class Caller:
    """Who a request speaks for: an account (with the session it came with) or a guest (by their token)."""

    player_id: str
    account: Account | None = None
    session: SessionInfo | None = None
    guest_token: str | None = None


def require_json(request: Request) -> None:
    """A POST with a body other than JSON is refused (415): an HTML form cannot send one, so another site's page
    cannot act with the cookie (SameSite=Strict already keeps it from being sent)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, "send a JSON body (Content-Type: application/json)")


def text_field(body: dict[str, Any], key: str, most: int = 1000) -> str:
    value = body.get(key)
    if not isinstance(value, str) or len(value) > most:
        raise HTTPException(400, f"{key} must be text")
    return value


def secret_field(body: dict[str, Any], key: str) -> Secret:
    """A password of the body, kept as a ``Secret`` (too long ones are cut to a length that still fails: argon2's
    work stays bounded, ``verify_password`` refuses them)."""
    value = body.get(key)
    if not isinstance(value, str):
        raise HTTPException(400, f"{key} must be text")
    return Secret(value[:4096])


def account_router(
    store_of: Callable[[], Store],
    limiter: LoginLimiter,
    wall_clock: Callable[[], float] = time.time,
    guest_name: Callable[[str], str | None] = lambda _token: None,
    game_files: Callable[[str], dict[str, str]] | None = None,
    sessions_ended: Callable[[str, list[str]], None] = lambda _account, _hashes: None,
    adopted: Callable[[str, str, str], None] | None = None,
    deleted: Callable[[str], None] | None = None,
    registrations: WindowLimiter | None = None,
    exports: WindowLimiter | None = None,
    profile_of: Callable[[str], dict[str, Any] | None] = lambda _player: None,
) -> APIRouter:
    """The ``/api/account`` endpoints on the store ``store_of()`` gives (the app's, made at start). ``limiter``
    counts wrong passwords; ``wall_clock`` is the time sessions expire by; ``guest_name`` gives a guest's
    nickname from their token (None: unknown); ``game_files`` a finished game's downloads by file name (the
    export; by default ``export_files``); ``sessions_ended`` tells the table (the lobby) that an account's
    sessions ended, so its connections close; ``adopted`` makes a guest (by token) an account and ``deleted``
    deletes an account, each in the store and at the table, returning once the store's part is committed (by
    default the store's part alone: ``Store.adopt``, ``Store.delete_account``); ``registrations`` bounds the
    accounts an address makes (10 an hour when None), ``exports`` the exports a player asks for (6 an hour when
    None); ``profile_of`` a player's profile as
    ``GET /api/players/{id}`` answers it (the export's ``stats.json``: one definition of a player's statistics,
    ``profiles.profile``)."""
    router = APIRouter(prefix="/api/account", tags=["account"])
    adopt = adopted or (lambda token, account, _name: store_of().adopt(guest_id(token), account))

    def delete_in_store(account: str) -> None:
        store_of().delete_account(account, DELETED)

    delete_account = deleted or delete_in_store
    register_limiter = registrations if registrations is not None else WindowLimiter(per_key=10)
    export_limiter = exports if exports is not None else WindowLimiter(per_key=EXPORTS_PER_HOUR)
    files_of = game_files or (lambda game_id: export_files(store_of(), game_id))

    def moment() -> datetime:
        return datetime.fromtimestamp(wall_clock(), UTC)

    def caller(request: Request) -> Caller | None:
        shown = presented(request)
        if shown is None:
            return None
        if shown.guest is not None:
            return Caller(guest_id(shown.guest), guest_token=shown.guest)
        assert shown.session is not None
        found = store_of().session(token_hash(shown.session), moment())
        if found is None:
            return None
        session, account = found
        return Caller(account.id, account=account, session=session)

    def logged_in(request: Request) -> Caller:
        who = caller(request)
        if who is None or who.account is None:
            raise HTTPException(401, NOT_LOGGED_IN)
        return who

    def anyone(request: Request) -> Caller:
        who = caller(request)
        if who is None:
            raise HTTPException(401, {"code": "not_logged_in", "message": "not logged in, and no guest token"})
        return who

    def opened(request: Request, response: Response, account: Account, status: int) -> dict[str, Any]:
        """A new session for ``account``: its token in the answer and in the cookie."""
        token, hashed = new_session_token()
        start = moment()
        expires = datetime.fromtimestamp(start.timestamp() + SESSION_LIFETIME, UTC)
        store_of().open_session(hashed, account.id, start, expires, request.headers.get("user-agent", ""))
        set_cookie(request, response, token)
        response.status_code = status
        return {"player": player_json(account), "session": token}

    def refuse_limited(name: str, where: str) -> None:
        """Refuse (429) a password check the limiter does not allow; else it is counted as a failure at once (one
        step: parallel requests cannot all pass before any is counted), to be ``limiter.cleared`` if right."""
        wait = limiter.attempt(name, where)
        if wait > 0:
            raise HTTPException(
                429,
                "too many wrong passwords: wait a minute",
                headers={"Retry-After": str(max(1, math.ceil(wait)))},
            )

    @router.post("/register", status_code=201, dependencies=[Depends(require_json)])
    def register(request: Request, response: Response, body: JsonBody) -> dict[str, Any]:
        """A new account ``{name, password, guest_token?}``: 201 with the player and a session (also set as the
        cookie). A name is unique whatever its case and width; ``guest_token``: that guest's history (games,
        statistics, ratings) becomes the account's."""
        raw = text_field(body, "name")
        password = secret_field(body, "password")
        guest = body.get("guest_token")
        if guest is not None and (not isinstance(guest, str) or not 0 < len(guest) <= 64):
            raise HTTPException(400, "guest_token must be the token the server gave you at hello")
        try:
            name = check_account_name(raw)
            check_password(password)
        except (AccountNameError, PasswordError) as exc:
            raise HTTPException(400, {"code": exc.code, "message": str(exc)}) from None
        wait = register_limiter.take(address(request))
        if wait > 0:  # counted only once it would cost a hash: a refused name or password is cheap
            raise HTTPException(
                429, "too many new accounts from this address: try later", headers={"Retry-After": str(math.ceil(wait))}
            )
        hashed = hash_password(password)
        account_id = new_account_id()
        if not store_of().create_account(account_id, name, canonical_name(name), name_key(name), hashed):
            raise HTTPException(409, {"code": "name_taken", "message": f"the name {name!r} is taken"})
        if guest is not None:
            adopt(guest, account_id, name)
        account = store_of().account(account_id)
        assert account is not None
        return opened(request, response, account, 201)

    @router.post("/login", dependencies=[Depends(require_json)])
    def login(request: Request, response: Response, body: JsonBody) -> dict[str, Any]:
        """``{name, password}`` → 200 with the player and a new session; 401 with the same words whether the name
        exists or not; 429 (``Retry-After``) after too many wrong passwords for the name or from the address."""
        name = text_field(body, "name")
        password = secret_field(body, "password")
        where = address(request)
        refuse_limited(name, where)
        account = store_of().account_by_name(canonical_name(name))
        if account is None:
            dummy_verify(password)  # the same argon2 work as a wrong password for a real name
            verdict_ok = False
        else:
            verdict = verify_password(account.password_hash, password)
            verdict_ok = verdict.ok
            if verdict.ok and verdict.needs_rehash:
                store_of().set_password_hash(account.id, hash_password(password))
        if account is None or not verdict_ok:
            raise HTTPException(401, WRONG)  # (counted already: refuse_limited)
        limiter.cleared(name, where)
        return opened(request, response, account, 200)

    @router.post("/logout", dependencies=[Depends(require_json)])
    def logout(request: Request, response: Response) -> dict[str, Any]:
        """Ends this session (if any) and clears the cookie. A JSON body (``{}``) like every POST: a form of another
        page of the same site (the cookie's SameSite=Strict lets it through) cannot log the visitor out."""
        who = caller(request)
        if who is not None and who.session is not None and who.account is not None:
            store_of().end_session(who.session.token_hash)
            sessions_ended(who.account.id, [who.session.token_hash])
        clear_cookie(response)
        return {"ok": True}

    @router.get("/me")
    def me(request: Request) -> dict[str, Any]:
        """The caller: an account with its sessions and whether it is hidden, or a guest (by guest token)."""
        who = anyone(request)
        if who.account is None:
            assert who.guest_token is not None
            name = guest_name(who.guest_token)
            return {"player": {"id": who.player_id, "name": name, "account": False}}
        current = who.session.token_hash if who.session is not None else None
        sessions = [
            {
                "id": s.handle,
                "created_at": s.created_at.isoformat(),
                "last_seen": s.last_seen.isoformat(),
                "agent": s.agent,
                "current": s.token_hash == current,
            }
            for s in store_of().sessions_of(who.account.id)
        ]
        return {"player": player_json(who.account), "hidden": who.account.hidden, "sessions": sessions}

    @router.post("/password", dependencies=[Depends(require_json)])
    def password(request: Request, body: JsonBody) -> dict[str, Any]:
        """``{old, new}``: the new password, once the old one is right (counted like a login's); every other
        session ends (a device someone else holds is logged out)."""
        who = logged_in(request)
        assert who.account is not None and who.session is not None
        old, new = secret_field(body, "old"), secret_field(body, "new")
        where = address(request)
        refuse_limited(who.account.name, where)
        if not verify_password(who.account.password_hash, old).ok:
            raise HTTPException(401, WRONG_PASSWORD)
        limiter.cleared(who.account.name, where)
        try:
            hashed = hash_password(new)
        except PasswordError as exc:
            raise HTTPException(400, {"code": exc.code, "message": str(exc)}) from None
        store_of().set_password_hash(who.account.id, hashed)
        ended = store_of().end_sessions(who.account.id, keep=who.session.token_hash)
        sessions_ended(who.account.id, ended)
        return {"ok": True, "ended": len(ended)}

    @router.delete("/sessions/{handle}")
    def end_session(request: Request, handle: str = Path(max_length=64)) -> dict[str, Any]:
        """Ends one of the caller's own sessions, named by its ``id`` in ``/api/account/me``."""
        who = logged_in(request)
        assert who.account is not None
        found = [s for s in store_of().sessions_of(who.account.id) if s.handle == handle]
        if not found:
            raise HTTPException(404, "no such session")
        store_of().end_session(found[0].token_hash)
        sessions_ended(who.account.id, [found[0].token_hash])
        return {"ok": True}

    @router.post("/hidden", dependencies=[Depends(require_json)])
    def hidden(request: Request, body: JsonBody) -> dict[str, Any]:
        """``{hidden: bool}``: kept off the leaderboards (the profile stays reachable by its link)."""
        who = logged_in(request)
        assert who.account is not None
        value = body.get("hidden")
        if not isinstance(value, bool):
            raise HTTPException(400, "hidden must be true or false")
        store_of().set_hidden(who.account.id, value)
        return {"hidden": value}

    @router.delete("", dependencies=[Depends(require_json)])
    def delete(request: Request, response: Response, body: JsonBody) -> dict[str, Any]:
        """``{password}``: the account, its sessions, statistics and ratings are deleted; its seats in stored games
        become "deleted player" and the games stay whole for the others."""
        who = logged_in(request)
        assert who.account is not None
        secret = secret_field(body, "password")
        where = address(request)
        refuse_limited(who.account.name, where)
        if not verify_password(who.account.password_hash, secret).ok:
            raise HTTPException(401, WRONG_PASSWORD)
        limiter.cleared(who.account.name, where)
        delete_account(who.account.id)
        clear_cookie(response)
        return {"ok": True}

    @router.get("/export")
    def export(request: Request) -> Response:
        """A zip of every finished game the caller played, in each format the project writes for it, and
        ``stats.json`` (their profile, as ``GET /api/players/{id}`` answers it). A guest asks with their guest
        token."""
        who = anyone(request)
        wait = export_limiter.take(who.player_id)
        if wait > 0:
            raise HTTPException(
                429,
                {"code": "too_many_exports", "message": f"at most {export_limiter.per_key} exports an hour"},
                headers={"Retry-After": str(max(1, math.ceil(wait)))},
            )
        store = store_of()
        # a player of thousands of games has a large archive: past EXPORT_IN_MEMORY bytes it is kept on disk; it
        # outlives this function (the response streams it, then closes it)
        spool = tempfile.SpooledTemporaryFile(max_size=EXPORT_IN_MEMORY)  # noqa: SIM115
        try:
            games = store.player_game_ids(who.player_id)
            with zipfile.ZipFile(spool, "w", zipfile.ZIP_DEFLATED) as archive:
                for game_id in games:
                    for name, text in files_of(game_id).items():
                        archive.writestr(f"games/{name}", text)
                stats = profile_of(who.player_id)  # null for a guest with no recorded game (no profile either)
                archive.writestr("stats.json", json.dumps(stats, ensure_ascii=False, indent=1))
            spool.seek(0)
        except BaseException:
            spool.close()
            raise
        headers = {"Content-Disposition": f'attachment; filename="jantaku-{who.player_id}.zip"'}
        chunks = iter(lambda: spool.read(1 << 16), b"")
        done = BackgroundTask(spool.close)
        return StreamingResponse(chunks, media_type="application/zip", headers=headers, background=done)

    return router


def player_json(account: Account) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "account": True}


def set_cookie(request: Request, response: Response, token: str) -> None:
    """The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's request carries it),
    the whole site, as long as the session lives; Secure when the page came over https."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(SESSION_LIFETIME),
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


def clear_cookie(response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict")


def export_files(store: Store, game_id: str) -> dict[str, str]:
    """A finished game's downloads by file name: its log in each format ``convert`` writes for it (the formats a
    game has no form in, such as tenhou.net/6 for Zung Jung, are left out), named as the log endpoint names
    them, with the players' names of its seats."""
    text = store.game_log(game_id)
    record = store.get_game(game_id)
    if text is None or record is None:
        return {}
    names = [str(s.get("nickname") or f"seat{i}") for i, s in enumerate(record.get("seats") or [])]
    files = {f"jantaku-{game_id}{convert.suffix('ours')}": text}
    try:
        game = convert.read(text, "ours")
    except convert.ConvertError:
        return files
    for fmt in convert.writable():
        if fmt == "ours":
            continue
        try:
            files[f"jantaku-{game_id}{convert.suffix(fmt)}"] = convert.write(
                game, fmt, convert.WriteOptions(names=names or None, title=game_id)
            )
        except convert.ConvertError:
            continue
    return files
