"""What one client may cost the server (docs/operations.md, "Limits and timeouts"), through real websockets and the
REST API: made-up tokens and Room IDs are cheap to refuse and budgeted, an address's connections share one message
budget and are capped, an address answers for its rooms and running games, silent and nameless connections are
closed, and the page and its websocket keep to their own site."""

from __future__ import annotations

import json
import re
import secrets
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from jantaku.server.connection import SeatHolder
from jantaku.server.handlers import MAX_CONTAINERS, MAX_DEPTH, plain_enough
from jantaku.server.ids import new_room_id, new_token, token_hash
from jantaku.server.lobby import LISTED_ROOMS, Lobby
from jantaku.server.rooms import Room, RoomSettings, Seat
from jantaku.web import STATIC_DIR
from tests.server.helpers import EAST, Client, send_ok, table, wait_for

FAST_CPU = {"preset": "standard", "options": {"length": "east"}}


def lobby_of(client: Any) -> Lobby:
    lobby: Lobby = client.app.state.lobby
    return lobby


def waiting_room(person_hash: str | None = None, holder: SeatHolder | None = None) -> Room:
    """A room as a restart brings it back: one person's seat (by token hash) and three CPUs; ``holder``: the person
    is back (connected as ``holder`` is)."""
    seats: list[Seat | None] = [Seat(nickname="Ann", token_hash=person_hash, holder=holder)] if person_hash else [None]
    seats += [Seat(nickname=f"CPU {i}", cpu="easy") for i in (2, 3, 4)]
    return Room(new_room_id(), RoomSettings(), seats, creator=0 if person_hash else None)


# ---------------------------------------------------------------------------------------------------------------------
# tokens


def test_a_made_up_token_is_refused_without_a_walk_over_the_rooms(tmp_path: Path, monkeypatch: Any) -> None:
    with table(tmp_path) as (client, connect):
        lobby = lobby_of(client)
        token = new_token()
        mine = waiting_room(token_hash(token))
        for _ in range(3000):
            lobby.add_room(waiting_room(token_hash(new_token())))
        lobby.add_room(mine)
        looked: list[str] = []
        seat_of = Room.seat_of

        def counted(room: Room, h: str) -> int | None:
            looked.append(room.id)
            return seat_of(room, h)

        monkeypatch.setattr(Room, "seat_of", counted)
        stranger = connect()
        start = time.perf_counter()
        for _ in range(3):
            stranger.send({"type": "hello", "protocol": 1, "token": new_token()})
            stranger.error("unknown_token")
        assert looked == [], f"{len(looked)} rooms looked at for made-up tokens"
        assert time.perf_counter() - start < 1.0
        # a seat brought back by a restart is still found by its token, in its own room only
        ann = connect(token=token)
        assert ann.seen[0]["resumed"] is True
        assert ann.room()["room"]["room_id"] == mine.id
        assert set(looked) == {mine.id}


def test_the_token_index_follows_seats_taken_left_kicked_and_closed(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        lobby = lobby_of(client)
        ann, bob, cy = connect("Ann"), connect("Bob"), connect("Cy")
        rid = send_ok(ann, {"type": "create_room"})["room"]["room_id"]
        for p in (bob, cy):
            send_ok(p, {"type": "join_room", "room_id": rid})
        hashes = {p: token_hash(str(p.token)) for p in (ann, bob, cy)}
        assert {lobby.seat_rooms.get(h) for h in hashes.values()} == {rid}
        cy.send({"type": "leave_room"})
        cy.until("left")
        assert hashes[cy] not in lobby.seat_rooms
        ann.send({"type": "kick", "seat": 1})
        bob.until("kicked")
        assert hashes[bob] not in lobby.seat_rooms
        ann.send({"type": "leave_room"})  # the last person: the room closes
        ann.until("left")
        assert rid not in lobby.rooms and hashes[ann] not in lobby.seat_rooms
        assert lobby.seat_rooms == {}


def test_failed_hellos_are_budgeted_per_connection_and_per_address(tmp_path: Path) -> None:
    with table(tmp_path, failed_hellos_per_minute=5.0) as (_client, connect):
        first = connect()
        for _ in range(3):  # a connection's own budget
            first.send({"type": "hello", "protocol": 1, "token": new_token()})
            first.error("unknown_token")
        first.send({"type": "hello", "protocol": 1, "token": new_token()})
        assert "wait a minute" in first.error("too_many_tries")["message"]
        second = connect()  # the same address: two of its five left
        for _ in range(2):
            second.send({"type": "hello", "protocol": 1, "token": new_token()})
            second.error("unknown_token")
        second.send({"type": "hello", "protocol": 1, "token": new_token()})
        second.error("too_many_tries")
        # a new person is always welcome: saying hello without a token costs no budget
        assert second.hello("Ann")["nickname"] == "Ann"


# ---------------------------------------------------------------------------------------------------------------------
# silent connections, and how many one address may open


def test_a_connection_that_does_not_say_hello_in_time_is_closed(tmp_path: Path) -> None:
    with table(tmp_path, hello_timeout=0.4) as (_client, connect):
        quiet = connect()
        quiet.send({"type": "ping", "t": 1})  # pings do not count as a hello
        assert quiet.recv()["type"] == "pong"
        assert quiet.error("hello_timeout")
        with pytest.raises(WebSocketDisconnect):
            quiet.recv(timeout=2)
        prompt = connect()
        prompt.hello("Ann")
        time.sleep(0.6)  # past the hello deadline, after a hello
        prompt.send({"type": "ping", "t": 2})
        assert prompt.until("pong")["t"] == 2


def test_a_silent_connection_is_closed_and_pings_keep_one_open(tmp_path: Path) -> None:
    with table(tmp_path, idle_timeout=1.0) as (_client, connect):
        silent, talking = connect("Ann"), connect("Bob")
        for i in range(12):  # 2.4 s, a ping every 0.2 s
            talking.send({"type": "ping", "t": i})
            assert talking.until("pong")["t"] == i
            time.sleep(0.2)
        silent.error("idle_timeout")
        with pytest.raises(WebSocketDisconnect):
            silent.recv(timeout=2)


def test_websockets_from_one_address_are_capped(tmp_path: Path) -> None:
    with table(tmp_path, max_websockets_per_address=3) as (client, connect):
        held = [connect(f"P{i}") for i in range(3)]
        extra = connect()
        assert "at most 3" in extra.error("too_many_connections")["message"]
        with pytest.raises(WebSocketDisconnect):
            extra.recv(timeout=2)
        held[0].close()
        wait_for(lambda: next(iter(lobby_of(client).guard.peers.values())).websockets == 2)
        assert connect("Again").seen[0]["type"] == "welcome"


def test_the_browser_pings_well_inside_the_idle_timeout() -> None:
    """The page sends ``ping`` on a timer (a person may watch a table for minutes without a click)."""
    from jantaku.server.config import Settings

    source = (STATIC_DIR / "js" / "net.js").read_text()
    found = re.search(r"PING_MS\s*=\s*(\d[\d_]*)", source)
    assert found, "net.js declares no PING_MS"
    assert 'type: "ping"' in source and "setInterval" in source
    ping_seconds = int(found.group(1).replace("_", "")) / 1000
    assert ping_seconds * 3 <= Settings().idle_timeout  # two pings may be late (a throttled background tab)


# ---------------------------------------------------------------------------------------------------------------------
# floods across connections, and the work a message may cost


def test_an_address_shares_one_message_budget_across_its_connections(tmp_path: Path) -> None:
    with table(tmp_path, address_rate=1.0, address_burst=10.0) as (_client, connect):
        people = [connect(), connect()]
        start = time.monotonic()
        for i in range(8):
            for p in people:
                p.send({"type": "ping", "t": i})
        time.sleep(0.3)
        replies = [m for p in people for m in iter(p.poll, None)]
        pongs = [m for m in replies if m["type"] == "pong"]
        limited = [m for m in replies if m["type"] == "error" and m["code"] == "rate_limited"]
        # the burst of 10 and what refilled meanwhile (each connection alone could have sent all 8)
        assert 10 <= len(pongs) <= 10 + (time.monotonic() - start), len(pongs)
        assert len(limited) == 2 and all("from one address" in m["message"] for m in limited)


def test_the_lobby_listing_is_capped_and_built_again_only_after_a_change(tmp_path: Path, monkeypatch: Any) -> None:
    with table(tmp_path) as (_client, connect):
        ann = connect("Ann")
        mine = send_ok(ann, {"type": "create_room"})["room"]["room_id"]
        lobby = lobby_of(_client)
        here = next(h for h in lobby.holders.values() if h.nickname == "Ann")
        for _ in range(LISTED_ROOMS + 50):  # the lobby lists rooms one can join: someone there, a seat free
            room = waiting_room(token_hash(new_token()), here)
            room.seats[3] = None
            lobby.add_room(room)
        built: list[str] = []
        listing = Room.listing

        def counted(room: Room) -> Any:
            built.append(room.id)
            return listing(room)

        monkeypatch.setattr(Room, "listing", counted)
        ann.send({"type": "rooms"})
        assert len(ann.until("rooms")["rooms"]) == LISTED_ROOMS
        assert len(built) == LISTED_ROOMS
        ann.send({"type": "rooms"})
        ann.until("rooms")
        assert len(built) == LISTED_ROOMS, "nothing changed: the listing is not built again"
        send_ok(ann, {"type": "add_cpu"})
        ann.send({"type": "rooms"})
        assert len(ann.until("rooms")["rooms"]) == LISTED_ROOMS and len(built) == 2 * LISTED_ROOMS
        assert len(lobby.rooms) == LISTED_ROOMS + 51 and mine in lobby.rooms


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ('{"type": "ping"}', True),
        ("[" * MAX_DEPTH + "]" * MAX_DEPTH, True),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), False),
        ('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), False),
        ('[{"a":' * 8 + "[1]" + "}]" * 8, False),  # 17 levels of two kinds
        (json.dumps({"t": "[" * 5000}), True),  # brackets inside a string nest nothing
        (json.dumps({"t": 'a\\"[[[[[[[[[[[[[[[[[["'}), True),  # nor after an escaped quote
        ("[" + "[]," * (MAX_CONTAINERS - 2) + "[]]", True),
        ("[" + "[]," * MAX_CONTAINERS + "[]]", False),
        ("[" * 8000, False),
    ],
)
def test_depth_and_size_of_a_message_are_told_before_it_is_parsed(text: str, plain: bool) -> None:
    assert plain_enough(text) is plain


def test_a_deep_message_is_refused_unparsed_and_the_connection_lives_on(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        ann = connect("Ann")
        deep: Any = 1
        for _ in range(MAX_DEPTH):
            deep = [deep]
        ann.send({"type": "ping", "x": deep})  # 17 levels with the message itself
        assert "deeper than 16" in ann.error("bad_json")["message"]
        ann.send({"type": "ping", "t": 3, "x": deep[0]})
        assert ann.until("pong")["t"] == 3


def test_pong_echoes_only_a_number(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        ann = connect()
        for t, echoed in ((12.5, True), (1732460000, True), ("<script>", False), (True, False), ([1], False)):
            ann.send({"type": "ping", "t": t})
            pong = ann.until("pong")
            assert pong == ({"type": "pong", "t": t} if echoed else {"type": "pong"}), pong
        ann.send('{"type": "ping", "t": NaN}')
        assert ann.until("pong") == {"type": "pong"}


# ---------------------------------------------------------------------------------------------------------------------
# what an address answers for: rooms and running games


def test_play_now_and_leave_over_and_over_leaves_no_game_behind(tmp_path: Path) -> None:
    """A game its only person left ends at once, abandoned (nobody can come back to it): it counts against the
    address no longer, and leaving never runs into the cap."""
    with table(tmp_path, max_games_per_address=5, max_rooms_per_address=5) as (client, connect):
        ann = connect("Ann")
        lobby = lobby_of(client)
        peer = next(iter(lobby.guard.peers.values()))
        games: list[str] = []

        def ended(rid: str) -> bool:
            return rid not in lobby.rooms and rid not in peer.games

        for _ in range(12):
            ann.send({"type": "play_now", "settings": FAST_CPU})
            rid = ann.room(lambda r: r["phase"] == "playing")["room"]["room_id"]
            games.append(lobby.rooms[rid].game_id or "")
            ann.send({"type": "leave_room"})
            ann.until("left")
            wait_for(partial(ended, rid), 10)
        assert peer.games == set() and peer.rooms == set()
        for game_id in games:
            assert client.get(f"/api/games/{game_id}").json()["status"] == "abandoned"


def test_play_now_over_and_over_hits_the_games_cap_while_the_games_wait(tmp_path: Path) -> None:
    """A game whose person only went away waits for them (until it is abandoned): until it ends it counts against
    the address that started it, and the next one is refused."""
    with table(tmp_path, max_games_per_address=5, max_rooms_per_address=50) as (client, connect):
        refused = None
        for i in range(300):
            ann = connect("Ann")
            ann.send({"type": "play_now", "settings": FAST_CPU})
            msg = ann.recv()
            while msg["type"] not in ("room", "error"):
                msg = ann.recv()
            if msg["type"] == "error":
                refused = (i, msg)
                break
            ann.close()  # away, not gone: the token still leads back to the seat
        assert refused is not None, "300 games started from one address"
        i, msg = refused
        assert i == 5 and msg["code"] == "too_many_games" and "at most 5" in msg["message"], refused
        assert msg["ref"] == "play_now"
        lobby = lobby_of(client)
        assert sum(r.playing for r in lobby.rooms.values()) == 5
        peer = next(iter(lobby.guard.peers.values()))
        assert len(peer.games) == 5 and len(peer.rooms) == 5


def test_a_game_that_ends_no_longer_counts(tmp_path: Path) -> None:
    with table(tmp_path, max_games_per_address=1) as (client, connect):
        ann = connect("Ann")
        ann.send({"type": "play_now", "settings": FAST_CPU})
        rid = ann.room()["room"]["room_id"]
        peer = next(iter(lobby_of(client).guard.peers.values()))
        assert peer.games == {rid}
        ann.send({"type": "leave_room"})  # nobody is left at the table: it is abandoned at once
        ann.until("left")
        wait_for(lambda: rid not in lobby_of(client).rooms, 30)
        assert peer.games == set() and peer.rooms == set()
        ann.send({"type": "play_now", "settings": FAST_CPU})
        assert ann.room()["room"]["phase"] == "playing"


def test_rooms_an_address_made_are_capped_until_they_close(tmp_path: Path) -> None:
    with table(tmp_path, max_rooms_per_address=2) as (client, connect):
        people = [connect(name) for name in ("Ann", "Bob", "Cy")]
        made = [send_ok(p, {"type": "create_room"})["room"]["room_id"] for p in people[:2]]
        people[2].send({"type": "create_room"})
        msg = people[2].error("too_many_rooms")
        assert "at most 2" in msg["message"]
        people[2].send({"type": "join_room", "room_id": made[0]})  # joining makes nothing: no cap
        assert people[2].room()["you"] == 1
        people[1].send({"type": "leave_room"})  # Bob's room closes: the address may make one again
        people[1].until("left")
        assert made[1] not in lobby_of(client).rooms
        assert send_ok(people[1], {"type": "create_room"})["room"]["creator"] == 0


def test_a_start_is_refused_when_an_address_at_the_table_is_at_its_cap(tmp_path: Path) -> None:
    with table(tmp_path, max_games_per_address=1) as (client, connect):
        ann = connect("Ann")
        ann.send({"type": "play_now", "settings": FAST_CPU})
        ann.room()
        ann.close()  # away: her game waits for her, and counts
        bob = connect("Bob")
        rid = send_ok(bob, {"type": "create_room", "settings": EAST, "cpus": ["easy"] * 3})["room"]["room_id"]
        send_ok(bob, {"type": "ready"})
        bob.send({"type": "start"})
        assert bob.error("too_many_games")["ref"] == "start"
        assert not lobby_of(client).rooms[rid].playing
        bob.send({"type": "queue", "settings": EAST})
        bob.error("too_many_games")


# ---------------------------------------------------------------------------------------------------------------------
# Room IDs


def test_spectating_needs_a_hello(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        ann = connect("Ann")
        rid = send_ok(ann, {"type": "create_room"})["room"]["room_id"]
        anonymous = connect()
        for msg in ({"type": "spectate", "room_id": rid}, {"type": "unspectate"}):
            anonymous.send(msg)
            anonymous.error("hello_first")
        anonymous.hello("Sue")
        anonymous.send({"type": "spectate", "room_id": rid})
        assert anonymous.room()["you"] is None


def test_room_ids_that_name_no_room_are_budgeted_per_address(tmp_path: Path) -> None:
    with table(tmp_path, failed_lookups_per_minute=4.0) as (client, connect):
        ann = connect("Ann")
        rid = send_ok(ann, {"type": "create_room"})["room"]["room_id"]
        guesser, other = connect("Guesser"), connect("Other")
        guesser.send({"type": "join_room", "room_id": "ZZZZZZ"})
        guesser.error("no_room")
        other.send({"type": "spectate", "room_id": "YYYYYY"})  # another connection, the same address
        other.error("no_room")
        assert client.get("/api/rooms/XXXXXX").status_code == 404
        guesser.send({"type": "spectate", "room_id": "WWWWWW"})
        guesser.error("no_room")
        guesser.send({"type": "join_room", "room_id": rid})  # even a real one: the lookup is refused unmade
        assert "a minute" in guesser.error("too_many_tries")["message"]
        limited = client.get(f"/api/rooms/{rid}")
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
        assert "room" not in [m["type"] for m in guesser.seen]


def test_a_private_room_is_not_served_by_id(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann, bob = connect("Ann"), connect("Bob")
        public = send_ok(ann, {"type": "create_room"})["room"]["room_id"]
        private = send_ok(bob, {"type": "create_room", "settings": {"public": False}})["room"]["room_id"]
        assert client.get(f"/api/rooms/{public}").json()["room_id"] == public
        hidden = client.get(f"/api/rooms/{private}")
        missing = client.get("/api/rooms/ZZZZZZ" if private != "ZZZZZZ" else "/api/rooms/YYYYYY")
        assert hidden.status_code == missing.status_code == 404
        assert "Bob" not in hidden.text and "public room" in hidden.json()["detail"]


# ---------------------------------------------------------------------------------------------------------------------
# numbers and texts a request may carry


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("offset=9223372036854775808", 422),
        ("offset=99999999999999999999999", 422),
        ("offset=-1", 422),
        ("offset=1000000", 200),
        ("limit=0", 422),
        ("limit=501", 422),
        ("limit=500&offset=0", 200),
    ],
)
def test_every_number_of_the_games_list_is_bounded(tmp_path: Path, query: str, status: int) -> None:
    with table(tmp_path) as (client, _connect):
        assert client.get(f"/api/games?{query}").status_code == status


def test_overlong_ids_in_paths_are_refused(tmp_path: Path) -> None:
    with table(tmp_path) as (client, _connect):
        for url in ("/api/rooms/" + "A" * 41, "/api/games/" + "a" * 65, "/api/games/" + "a" * 65 + "/log"):
            assert client.get(url).status_code == 422, url


# ---------------------------------------------------------------------------------------------------------------------
# the page and its websocket keep to their own site


@pytest.mark.parametrize("path", ["/", "/static/js/app.js", "/static/style.css", "/api/health", "/api/games"])
def test_every_response_carries_the_security_headers(tmp_path: Path, path: str) -> None:
    with table(tmp_path) as (client, _connect):
        headers = client.get(path).headers
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"
        policy = dict(p.strip().split(" ", 1) for p in headers["content-security-policy"].split(";"))
        assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
        assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
        assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'"
        assert policy["connect-src"] == "'self' ws://testserver wss://testserver"
        assert "unsafe" not in headers["content-security-policy"]


def test_an_odd_host_is_not_written_into_the_policy(tmp_path: Path) -> None:
    with table(tmp_path) as (client, _connect):
        policy = client.get("/", headers={"host": "evil; script-src *"}).headers["content-security-policy"]
        assert "evil" not in policy and "connect-src 'self';" in policy


def test_the_page_needs_nothing_inline() -> None:
    """The policy allows no inline script, style or handler: the page and its modules use none (styles the
    JavaScript sets through ``element.style`` are allowed)."""
    html = (STATIC_DIR / "index.html").read_text()
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert re.findall(r"<style\b|\sstyle=|\son[a-z]+=", html) == []
    for path in sorted((STATIC_DIR / "js").rglob("*.js")):
        source = path.read_text()
        for pattern in (r"style=[\"'\\]", r"\son[a-z]+=[\"'\\]", r"setAttribute\(\s*[\"']style", r"<style\b",
                        r"<script\b", r"\beval\(", r"new Function\(", r"javascript:"):  # fmt: skip
            assert not re.search(pattern, source), (path.name, pattern)


@pytest.mark.parametrize(
    ("origin", "allowed", "opens"),
    [
        (None, "", True),  # a script, not a page
        ("http://testserver", "", True),
        ("https://testserver", "", True),
        ("http://evil.example", "", False),
        ("http://testserver.evil.example", "", False),
        ("null", "", False),
        ("https://mahjong.example", "https://mahjong.example", True),
        ("https://other.example", "https://mahjong.example", False),
        ("https://other.example", "*", True),
    ],
)
def test_the_websocket_takes_pages_of_its_own_host_only(
    tmp_path: Path, origin: str | None, allowed: str, opens: bool
) -> None:
    with table(tmp_path, allowed_origins=allowed) as (client, _connect):
        headers = {} if origin is None else {"origin": origin}
        if opens:
            with client.websocket_connect("/ws", headers=headers) as ws:
                assert Client(ws, "Ann").seen[0]["type"] == "welcome"
        else:
            with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect("/ws", headers=headers):
                pass
            assert refused.value.code == 1008


def test_made_up_tokens_are_not_looked_up_by_the_thousand(tmp_path: Path) -> None:
    """The whole flood from one address: each connection soon stops being looked up, the address too."""
    with table(tmp_path, failed_hellos_per_minute=20.0) as (_client, connect):
        codes: list[str] = []
        for _ in range(10):
            c = connect()
            for _ in range(5):
                c.send({"type": "hello", "protocol": 1, "token": secrets.token_urlsafe(16)})
                codes.append(c.error()["code"])
        # 20 a minute: one more may have refilled if the test took three seconds
        assert 20 <= codes.count("unknown_token") <= 21 and codes.count("too_many_tries") == 50 - codes.count(
            "unknown_token"
        )
