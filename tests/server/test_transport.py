"""The sockets below the application, against ``jantaku serve`` in its own process (real uvicorn, real sockets):
a connection that does not finish its request's headers in time is closed, one address may hold only so many
connections, a websocket outlives the header deadline, and a trusted proxy's clients count one by one."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from jantaku.server import Settings
from jantaku.server.transport import TrustedProxies, connection_limit, open_file_limit
from tests.server.helpers import uvicorn_process

TEST_NET = "192.0.2.1"  # an address no test connects from (RFC 5737): nobody here is a trusted proxy


def raw_socket(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=5)
    return sock


def read_all(sock: socket.socket, seconds: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and how long that took."""
    start = time.monotonic()
    sock.settimeout(seconds)
    data = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return data, time.monotonic() - start
        data += chunk


def hello(ws: ClientConnection, nickname: str = "Ann") -> dict[str, object]:
    ws.send(json.dumps({"type": "hello", "protocol": 1, "nickname": nickname}))
    reply: dict[str, object] = json.loads(ws.recv(timeout=5))
    return reply


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with uvicorn_process(
        tmp_path_factory.mktemp("guarded"),
        JANTAKU_HEADER_TIMEOUT="1",
        JANTAKU_MAX_CONNECTIONS_PER_ADDRESS="4",
        JANTAKU_FORWARDED_ALLOW_IPS=TEST_NET,
    ) as url:
        yield url


def test_a_request_whose_headers_never_end_is_closed(guarded: str) -> None:
    with raw_socket(guarded) as slow:
        slow.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        data, took = read_all(slow, 10)
    assert data.startswith(b"HTTP/1.1 408"), data
    assert 0.9 <= took <= 3, took
    with raw_socket(guarded) as silent:  # nothing at all: the same deadline
        data, took = read_all(silent, 10)
    assert data.startswith(b"HTTP/1.1 408") and took <= 3
    with raw_socket(guarded) as quick:
        quick.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data, _ = read_all(quick, 10)
    assert data.startswith(b"HTTP/1.1 200") and b'"ok":true' in data


def test_the_next_request_of_a_kept_alive_connection_has_its_own_deadline(guarded: str) -> None:
    with raw_socket(guarded) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(5)
        first = b""
        while not first.endswith(b"}"):  # the whole first answer (headers and body may come apart)
            first += sock.recv(4096)
        assert first.startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /api/health HTTP/1.1\r\n")  # and never the rest
        data, took = read_all(sock, 10)
    assert data.startswith(b"HTTP/1.1 408") and took <= 3


def test_one_address_holds_only_so_many_connections(guarded: str) -> None:
    held = [raw_socket(guarded) for _ in range(4)]
    try:
        time.sleep(0.2)
        with raw_socket(guarded) as extra:
            data, took = read_all(extra, 5)
        assert data.startswith(b"HTTP/1.1 503") and b"at most 4 connections" in data
        assert took < 0.5, "refused at once, before any request"
        held.pop().close()
        time.sleep(0.2)
        with raw_socket(guarded) as again:
            again.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data, _ = read_all(again, 5)
        assert data.startswith(b"HTTP/1.1 200")
    finally:
        for sock in held:
            sock.close()


def test_a_websocket_outlives_the_header_deadline_and_counts_as_a_connection(guarded: str) -> None:
    ws_url = guarded.replace("http://", "ws://") + "/ws"
    with connect(ws_url) as ws:
        assert hello(ws)["type"] == "welcome"
        time.sleep(1.5)  # past the header deadline
        ws.send(json.dumps({"type": "ping", "t": 5}))
        assert json.loads(ws.recv(timeout=5)) == {"type": "pong", "t": 5}
        held = [raw_socket(guarded) for _ in range(3)]
        try:
            time.sleep(0.2)
            with raw_socket(guarded) as extra:  # the websocket and three sockets: four
                data, _ = read_all(extra, 5)
            assert data.startswith(b"HTTP/1.1 503")
        finally:
            for sock in held:
                sock.close()


def test_the_page_and_its_api_answers_carry_the_security_headers(guarded: str) -> None:
    with raw_socket(guarded) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: mahjong.example\r\nConnection: close\r\n\r\n")
        data, _ = read_all(sock, 5)
    head = data.split(b"\r\n\r\n")[0].decode().lower()
    assert "content-security-policy: default-src 'self'" in head
    assert "connect-src 'self' ws://mahjong.example wss://mahjong.example" in head
    assert "x-frame-options: deny" in head and "x-content-type-options: nosniff" in head
    assert "server: uvicorn" not in head


def test_a_trusted_proxys_clients_are_counted_apart(tmp_path: Path) -> None:
    """Behind a proxy every connection comes from the proxy: the client it names in ``X-Forwarded-For`` is the
    address the limits count, and the proxy's own connections are not capped per address."""
    with uvicorn_process(
        tmp_path,
        JANTAKU_MAX_WEBSOCKETS_PER_ADDRESS="1",
        JANTAKU_MAX_CONNECTIONS_PER_ADDRESS="1",
        JANTAKU_FORWARDED_ALLOW_IPS="127.0.0.1",
    ) as url:
        ws_url = url.replace("http://", "ws://") + "/ws"

        def through_proxy(client: str) -> ClientConnection:
            return connect(ws_url, additional_headers={"X-Forwarded-For": client})

        with through_proxy("203.0.113.5") as ann, through_proxy("203.0.113.6") as bob:
            assert hello(ann)["type"] == hello(bob, "Bob")["type"] == "welcome"
            with through_proxy("203.0.113.5") as again:
                refused = json.loads(again.recv(timeout=5))
                assert refused["type"] == "error" and refused["code"] == "too_many_connections"


def test_a_page_of_another_site_gets_no_websocket(guarded: str) -> None:
    ws_url = guarded.replace("http://", "ws://") + "/ws"
    host = guarded.removeprefix("http://")
    with pytest.raises(InvalidStatus) as refused, connect(ws_url, origin="http://evil.example"):
        pass
    assert refused.value.response.status_code == 403
    with connect(ws_url, origin=f"http://{host}") as ws:
        assert hello(ws)["type"] == "welcome"


def test_trusted_proxies_read_like_uvicorns() -> None:
    trusted = TrustedProxies("127.0.0.1, 10.0.0.0/8, ::1, unix:/run/proxy.sock")
    assert "127.0.0.1" in trusted and "10.2.3.4" in trusted and "::1" in trusted
    assert "unix:/run/proxy.sock" in trusted
    assert "11.0.0.1" not in trusted and "192.0.2.1" not in trusted and None not in trusted
    assert "203.0.113.9" in TrustedProxies("*")
    assert "127.0.0.1" not in TrustedProxies("none")


def test_the_connection_cap_leaves_descriptors_for_the_rest() -> None:
    assert connection_limit(Settings()) == open_file_limit() - 100
    assert connection_limit(Settings(max_connections=500)) == 500
