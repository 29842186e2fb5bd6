"""Accounts at the table: a session (or the browser's cookie) at ``hello`` makes the person the account on every
device; a guest who registers keeps the games they played; a deleted account leaves the others' games whole; the
export holds every game in each format; and no token nor password ever reaches the logs.

Games are East-only with CPUs that play at once (``helpers.FAST``), finished by ``play_all``."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from jantaku.engine import Game
from jantaku.formats import convert
from jantaku.server.account_api import DELETED, EXPORTS_PER_HOUR
from jantaku.server.credentials import COOKIE
from jantaku.server.store import Base, PlayerRow, SessionRow
from tests.server.helpers import EAST, Client, play_all, send_ok, simple_choice, table, two_and_cpus

PASSWORD = "correct horse battery"


def register(client: TestClient, name: str, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/account/register", json={"name": name, "password": PASSWORD, **extra})
    assert r.status_code == 201, r.text
    client.cookies.clear()  # each test says which session it uses
    body: dict[str, Any] = r.json()
    return body


def login(client: TestClient, name: str) -> str:
    r = client.post("/api/account/login", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    client.cookies.clear()
    token: str = r.json()["session"]
    return token


def hello_session(connect: Callable[..., Client], session: str, **extra: Any) -> tuple[Client, dict[str, Any]]:
    c = connect()
    c.send({"type": "hello", "protocol": 1, "session": session, **extra})
    return c, c.until("welcome")


def solo_game(p: Client) -> str:
    """``p`` plays an East game with three CPUs to its end; the game's id."""
    p.send({"type": "play_now", "settings": EAST})
    over = play_all([p])
    game_id: str = over["game_id"]
    return game_id


def games_of(client: TestClient, player_id: str) -> list[str]:
    return [g["id"] for g in client.get("/api/games", params={"player": player_id}).json()["games"]]


def test_a_session_at_hello_is_the_account(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        account = register(client, "Ann")
        c, welcome = hello_session(connect, account["session"], nickname="Someone Else")
        assert welcome["player"] == account["player"] and welcome["nickname"] == "Ann"
        assert "token" not in welcome and "session_expired" not in welcome
        c.send({"type": "nickname", "nickname": "Other"})
        assert c.error("account_name")
        game_id = solo_game(c)
        record = client.get(f"/api/games/{game_id}").json()
        assert record["seats"][0] == {
            "nickname": "Ann",
            "cpu": None,
            "player": account["player"]["id"],
            "account": True,
            "stand_in": False,
        }
        assert all(s["player"] is None and s["account"] is False for s in record["seats"][1:])
        assert games_of(client, account["player"]["id"]) == [game_id]


def test_the_browser_cookie_at_the_handshake_is_the_account(tmp_path: Path) -> None:
    with table(tmp_path) as (client, _connect):
        account = register(client, "Bo")
        headers = {"cookie": f"{COOKIE}={account['session']}"}
        with client.websocket_connect("/ws", headers=headers) as ws:
            c = Client(ws)
            c.send({"type": "hello", "protocol": 1, "nickname": "Bo"})
            assert c.until("welcome")["player"] == account["player"]


# (name, the handshake's Origin, the allowed origins, whether the cookie makes the connection the account)
COOKIE_ORIGINS: list[tuple[str, str | None, str, bool]] = [
    ("this host's page", "http://testserver", "", True),
    ("no Origin: not a browser page", None, "", True),
    ("an origin named one by one", "https://client.example", "https://client.example", True),
    ("any origin allowed: a guest only", "https://evil.example", "*", False),
    ("any origin allowed, this host's page", "http://testserver", "*", True),
]


@pytest.mark.parametrize(
    ("origin", "allowed", "account"), [r[1:] for r in COOKIE_ORIGINS], ids=[r[0] for r in COOKIE_ORIGINS]
)
def test_the_handshake_cookie_counts_only_from_origins_named_or_this_host(
    tmp_path: Path, origin: str | None, allowed: str, account: bool
) -> None:
    with table(tmp_path, allowed_origins=allowed) as (client, _connect):
        made = register(client, "Bea")
        headers = {"cookie": f"{COOKIE}={made['session']}"} | ({} if origin is None else {"origin": origin})
        with client.websocket_connect("/ws", headers=headers) as ws:
            c = Client(ws)
            c.send({"type": "hello", "protocol": 1, "nickname": "Someone"})
            player = c.until("welcome")["player"]
            assert (player == made["player"]) is account and player["account"] is account


@pytest.mark.parametrize("how", ["session", "cookie"])
def test_a_hello_reads_its_session_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """The loop runs every game: a hello's database read goes to a worker thread, never holds the loop."""
    with table(tmp_path) as (client, connect):
        made = register(client, "Cal")
        store = client.app.state.store  # type: ignore[attr-defined]
        on_loop: list[bool] = []
        read = store.session

        def watched(*args: Any) -> Any:
            try:
                asyncio.get_running_loop()
                on_loop.append(True)
            except RuntimeError:
                on_loop.append(False)
            return read(*args)

        monkeypatch.setattr(store, "session", watched)
        if how == "session":
            _c, welcome = hello_session(connect, made["session"])
        else:
            with client.websocket_connect("/ws", headers={"cookie": f"{COOKIE}={made['session']}"}) as ws:
                c = Client(ws)
                c.send({"type": "hello", "protocol": 1, "nickname": "Cal"})
                welcome = c.until("welcome")
        assert welcome["player"] == made["player"]
        assert on_loop == [False]


def test_two_devices_are_one_person_in_one_seat(tmp_path: Path) -> None:
    with table(tmp_path, grace=30.0) as (client, connect):
        account = register(client, "Cy")
        phone, _ = hello_session(connect, account["session"])
        phone.send({"type": "play_now", "settings": EAST})
        seat = phone.room(lambda r: r["phase"] == "playing")["you"]
        laptop, welcome = hello_session(connect, login(client, "Cy"))
        assert welcome["resumed"] is True and welcome["player"] == account["player"]
        assert laptop.room()["you"] == seat  # the same seat, taken over
        assert phone.error("replaced")
        over = play_all([laptop])
        assert over["final"]["nicknames"][seat] == "Cy"
        assert games_of(client, account["player"]["id"]) == [over["game_id"]]


def test_an_expired_session_at_hello_is_a_guest_told_so(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        account = register(client, "Di")
        store = client.app.state.store  # type: ignore[attr-defined]
        with Session(store.engine) as s, s.begin():
            s.execute(update(SessionRow).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
        _c, welcome = hello_session(connect, account["session"], nickname="Di")
        assert welcome["session_expired"] is True
        assert welcome["player"]["account"] is False and welcome["player"]["id"].startswith("g")
        assert "token" in welcome  # a guest from now on, with a guest's token
        _c, welcome = hello_session(connect, "made-up", nickname="Di")
        assert welcome["session_expired"] is True


def test_a_guest_who_registers_keeps_their_history(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        guest = connect("Eve")
        guest_welcome = next(m for m in guest.seen if m["type"] == "welcome")
        guest_id = guest_welcome["player"]["id"]
        game_id = solo_game(guest)
        assert games_of(client, guest_id) == [game_id]
        store = client.app.state.store  # type: ignore[attr-defined]

        account = register(client, "Eve", guest_token=guest.token)
        account_id = account["player"]["id"]
        assert games_of(client, account_id) == [game_id]
        assert games_of(client, guest_id) == []
        seat = client.get(f"/api/games/{game_id}").json()["seats"][0]
        assert seat["player"] == account_id and seat["account"] is True and seat["nickname"] == "Eve"
        with Session(store.engine) as s:
            players = s.scalars(select(PlayerRow.player_id).where(PlayerRow.game_id == game_id)).all()
        assert players == [account_id, None, None, None]

        # still at the table: the seat is the account's, found by its session on any device
        device, welcome = hello_session(connect, account["session"])
        assert welcome["resumed"] is True and welcome["player"] == account["player"]
        assert device.room()["you"] == 0
        assert guest.error("replaced")
        assert send_ok(device, {"type": "ready"})["room"]["seats"][0]["ready"] is True
        device.send({"type": "start"})
        again = play_all([device])["game_id"]
        assert games_of(client, account_id) == [again, game_id]


def test_a_game_starting_as_a_guest_registers_is_the_accounts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table and the store change hands in one step: a game the guest's room starts at that very moment is
    recorded, and counted, for the account."""
    with table(tmp_path) as (client, connect):
        guest = connect("Ivo")
        room_id = send_ok(guest, {"type": "create_room", "settings": EAST, "cpus": ["normal"] * 3})["room"]["room_id"]
        send_ok(guest, {"type": "ready"})
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        adopt = lobby.guest_adopted

        def starting_first(*args: Any) -> None:
            lobby.run_game(lobby.rooms[room_id])  # the room's game starts just before the table hears of it
            adopt(*args)

        monkeypatch.setattr(lobby, "guest_adopted", starting_first)
        account = register(client, "Ivo", guest_token=guest.token)
        device, _ = hello_session(connect, account["session"])
        game_id = play_all([device])["game_id"]
        account_id = account["player"]["id"]
        assert games_of(client, account_id) == [game_id]
        assert client.get(f"/api/players/{account_id}").json()["families"]["4p"]["all"]["games"] == 1


def test_a_deleted_account_leaves_the_others_games_whole(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        account = register(client, "Fay")
        fay, _ = hello_session(connect, account["session"])
        rid = send_ok(fay, {"type": "create_room", "settings": EAST, "cpus": ["normal", "normal"]})["room"]["room_id"]
        gil = connect("Gil")
        gil_id = next(m for m in gil.seen if m["type"] == "welcome")["player"]["id"]
        gil_seat = send_ok(gil, {"type": "join_room", "room_id": rid})["you"]
        for p in (fay, gil):
            p.send({"type": "ready"})
        fay.room(lambda r: all(s["ready"] for s in r["seats"]))
        fay.send({"type": "start"})
        over = play_all([fay, gil])
        game_id = over["game_id"]
        store = client.app.state.store  # type: ignore[attr-defined]
        before = client.get(f"/api/games/{game_id}").json()
        log_before = client.get(f"/api/games/{game_id}/log").text

        client.cookies.clear()
        auth = {"Authorization": f"Bearer {account['session']}"}
        wrong = client.request("DELETE", "/api/account", json={"password": "not the password"}, headers=auth)
        assert wrong.status_code == 401
        gone = client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=auth)
        assert gone.status_code == 200
        assert client.get("/api/account/me", headers=auth).status_code == 401
        assert client.post("/api/account/login", json={"name": "Fay", "password": PASSWORD}).status_code == 401

        after = client.get(f"/api/games/{game_id}").json()
        assert after["seats"][0] == {**before["seats"][0], "nickname": DELETED, "player": None, "account": False}
        assert after["seats"][1:] == before["seats"][1:] and after["seats"][gil_seat]["player"] == gil_id
        assert after["final"]["nicknames"][0] == DELETED and after["final"]["scores"] == before["final"]["scores"]
        assert games_of(client, gil_id) == [game_id]
        assert games_of(client, account["player"]["id"]) == []
        text = client.get(f"/api/games/{game_id}/log").text
        assert text == log_before  # the log holds no names: it is the same game
        replayed = Game.replay(text)
        assert replayed.final is not None and list(replayed.final.scores) == before["final"]["scores"]
        for fmt in convert.writable():
            download = client.get(f"/api/games/{game_id}/log", params={"format": fmt}).text
            assert "Fay" not in download, fmt
        # the room they shared shows the last result without the name, and no row keeps it anywhere
        shown = gil.room(lambda r: r["seats"][0]["nickname"] == DELETED == r["last_final"]["nicknames"][0])["room"]
        assert shown["last_game_id"] == game_id and shown["last_final"]["nicknames"] == after["final"]["nicknames"]
        store.flush()
        with Session(store.engine) as s:
            for stored in Base.metadata.sorted_tables:
                assert "Fay" not in repr(s.execute(select(stored)).all()), stored.name
        # the name is free again
        assert client.post("/api/account/register", json={"name": "Fay", "password": PASSWORD}).status_code == 201


def test_a_game_starting_as_an_account_is_deleted_names_it_nowhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table and the store forget the account in one step: a game its room starts at that very moment is
    stored without its name or id."""
    with table(tmp_path) as (client, connect):
        account = register(client, "Uma")
        uma, _ = hello_session(connect, account["session"])
        room_id = send_ok(uma, {"type": "create_room", "settings": EAST, "cpus": ["normal"] * 3})["room"]["room_id"]
        send_ok(uma, {"type": "ready"})
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        store = client.app.state.store  # type: ignore[attr-defined]
        forget = lobby.player_deleted

        def starting_first(*args: Any) -> None:
            lobby.run_game(lobby.rooms[room_id])  # the room's game starts just before the table forgets Uma
            forget(*args)

        monkeypatch.setattr(lobby, "player_deleted", starting_first)
        auth = {"Authorization": f"Bearer {account['session']}"}
        client.cookies.clear()
        assert client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=auth).status_code == 200
        store.flush()
        with Session(store.engine) as s:
            for stored in Base.metadata.sorted_tables:
                found = repr(s.execute(select(stored)).all())
                assert "Uma" not in found and account["player"]["id"] not in found, stored.name


def export(client: TestClient, authorization: str) -> zipfile.ZipFile:
    client.cookies.clear()
    r = client.get("/api/account/export", headers={"Authorization": authorization})
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    return zipfile.ZipFile(io.BytesIO(r.content))


@pytest.mark.parametrize("who", ["account", "guest"])
def test_the_export_holds_each_game_in_each_format(tmp_path: Path, who: str) -> None:
    with table(tmp_path) as (client, connect):
        if who == "account":
            account = register(client, "Hal")
            player, welcome = hello_session(connect, account["session"])
            authorization = f"Bearer {account['session']}"
        else:
            player = connect("Hal")
            welcome = next(m for m in player.seen if m["type"] == "welcome")
            authorization = f"Bearer guest:{player.token}"
        player_id = welcome["player"]["id"]
        games = [solo_game(player), solo_game(player)]
        archive = export(client, authorization)
        names = set(archive.namelist())
        expected = {f"games/jantaku-{g}{convert.suffix(fmt)}" for g in games for fmt in convert.writable()}
        assert names == expected | {"stats.json"}
        client.cookies.clear()  # the profile as anyone sees it: the same JSON, by the same function
        profile = client.get(f"/api/players/{player_id}").json()
        assert json.loads(archive.read("stats.json")) == profile
        assert sorted(r["game_id"] for r in profile["recent"]) == sorted(games)
        for g in games:  # each file is the log endpoint's download in that format
            for fmt in convert.writable():
                text = archive.read(f"games/jantaku-{g}{convert.suffix(fmt)}").decode()
                assert text == client.get(f"/api/games/{g}/log", params={"format": fmt}).text, fmt


def test_no_export_without_credentials(tmp_path: Path) -> None:
    with table(tmp_path) as (client, _connect):
        assert client.get("/api/account/export").status_code == 401


def test_exports_are_bounded_per_player(tmp_path: Path) -> None:
    """An export converts every game a player sat in: a player gets ``EXPORTS_PER_HOUR`` an hour, then 429 with the
    wait; another player is not held back by them."""
    with table(tmp_path) as (client, connect):
        first, second = connect("Kit"), connect("Lou")
        mine = {"Authorization": f"Bearer guest:{first.token}"}
        answers = [client.get("/api/account/export", headers=mine).status_code for _ in range(EXPORTS_PER_HOUR + 1)]
        assert answers == [200] * EXPORTS_PER_HOUR + [429]
        refused = client.get("/api/account/export", headers=mine)
        assert refused.json()["detail"]["code"] == "too_many_exports" and int(refused.headers["retry-after"]) > 3000
        theirs = {"Authorization": f"Bearer guest:{second.token}"}
        assert client.get("/api/account/export", headers=theirs).status_code == 200


def test_tokens_and_passwords_never_reach_the_logs(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with table(tmp_path) as (client, connect):
        account = register(client, "Ivy")
        session = login(client, "Ivy")
        client.post("/api/account/login", json={"name": "Ivy", "password": "a wrong password"})
        auth = {"Authorization": f"Bearer {session}"}
        client.get("/api/account/me", headers=auth)
        client.post("/api/account/password", json={"old": PASSWORD, "new": "another password"}, headers=auth)
        player, _ = hello_session(connect, session)
        solo_game(player)
        guest = connect("Jo")
        client.get("/api/account/export", headers={"Authorization": f"Bearer guest:{guest.token}"})
        client.get("/api/account/export", headers=auth)
        client.post("/api/account/logout", headers=auth, json={})
        hello_session(connect, session)  # ended
    secrets = [PASSWORD, "a wrong password", "another password", account["session"], session, str(guest.token)]
    logged = caplog.text + "".join(str(r.args) for r in caplog.records)
    assert caplog.records  # the flow did log
    for secret in secrets:
        assert secret not in logged


@pytest.mark.parametrize("who", ["account", "guest"])
def test_a_seat_keeps_its_player_across_a_restart(tmp_path: Path, who: str) -> None:
    with table(tmp_path, grace=30.0) as (client, connect):
        if who == "account":
            account = register(client, "Kim")
            first, welcome = hello_session(connect, account["session"])
        else:
            first = connect("Kim")
            welcome = next(m for m in first.seen if m["type"] == "welcome")
        player = welcome["player"]
        first.send({"type": "play_now", "settings": EAST})
        seat = first.room(lambda r: r["phase"] == "playing")["you"]
    with table(tmp_path, grace=30.0) as (client, connect):
        if who == "account":
            back, again = hello_session(connect, account["session"])
        else:
            back = connect(token=first.token)
            again = back.seen[-1]
        assert again["resumed"] is True and again["player"] == player
        assert back.room()["you"] == seat
        over = play_all([back])
        assert games_of(client, player["id"]) == [over["game_id"]]
        assert client.get(f"/api/games/{over['game_id']}").json()["seats"][seat]["player"] == player["id"]


def test_a_seat_a_stand_in_finished_is_marked(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann, bo, _rid, bo_seat = two_and_cpus(connect, ["normal", "normal"])
        bo.room(lambda r: r["phase"] == "playing")
        bo.send({"type": "leave_room"})
        over = play_all([ann])
        record = client.get(f"/api/games/{over['game_id']}").json()
        marks = [s["stand_in"] for s in record["seats"]]
        assert marks == [i == bo_seat for i in range(4)]
        store = client.app.state.store  # type: ignore[attr-defined]
        with Session(store.engine) as s:
            rows = s.scalars(select(PlayerRow.stand_in).where(PlayerRow.game_id == over["game_id"])).all()
        assert list(rows) == marks


def test_an_ended_session_closes_its_connection(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        account = register(client, "Lou")
        phone, _ = hello_session(connect, account["session"])
        other = login(client, "Lou")
        client.post("/api/account/logout", headers={"Authorization": f"Bearer {account['session']}"}, json={})
        assert phone.error("logged_out")
        _c, welcome = hello_session(connect, other)  # the other device's session lives on
        assert welcome["player"] == account["player"]


def test_a_deleted_account_is_forgotten_at_its_seat(tmp_path: Path) -> None:
    with table(tmp_path, grace=30.0) as (client, connect):
        account = register(client, "Max")
        player, _ = hello_session(connect, account["session"])
        player.send({"type": "play_now", "settings": EAST})
        game_id = player.prompt()["game_id"]
        auth = {"Authorization": f"Bearer {account['session']}"}
        assert client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=auth).status_code == 200
        assert player.error("logged_out")
        store = client.app.state.store  # type: ignore[attr-defined]
        with Session(store.engine) as s:
            rows = s.scalars(select(PlayerRow).where(PlayerRow.game_id == game_id)).all()
            assert [(r.player_id, r.nickname) for r in rows if r.cpu is None] == [(None, DELETED)]
        lobby = client.app.state.lobby  # type: ignore[attr-defined]
        seats = [s for room in lobby.rooms.values() for s in room.seats if s is not None and s.cpu is None]
        assert [(s.player_id, s.nickname) for s in seats] == [(None, DELETED)]


def test_a_guest_who_registers_mid_game_finishes_it_as_the_account(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        guest = connect("Ola")
        guest.send({"type": "play_now", "settings": EAST})
        prompt = guest.prompt()
        account = register(client, "Ola", guest_token=guest.token)
        guest.send({"type": "action", "seq": prompt["seq"], "action": simple_choice(prompt["view"]["legal_actions"])})
        over = play_all([guest])
        account_id = account["player"]["id"]
        assert games_of(client, account_id) == [over["game_id"]]
        seat = client.get(f"/api/games/{over['game_id']}").json()["seats"][0]
        assert seat["player"] == account_id and seat["account"] is True
