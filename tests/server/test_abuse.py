"""Limits on what one anonymous client can take: tables, analyses, resumes, sockets, unread
frames and slow headers; and presence that never grows the event log."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import time
from typing import Any

import httpx
from server_support import Client

from redouble.seats import Seat
from redouble.server.hub import Connection
from redouble.server.limits import Quotas, Rule
from redouble.server.presenter import Viewer

HUMANS = dict.fromkeys("NESW", "human")
ROBOTS = dict.fromkeys("NESW", "robot")


def test_table_creation_has_a_quota(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, quotas=Quotas(tables=Rule(burst=5, every=60.0)))
    answers = [httpx.post(running.http + "/api/tables", json={"form": "rubber", "seats": HUMANS}, timeout=30)
               for _ in range(7)]
    assert [a.status_code for a in answers] == [201] * 5 + [429] * 2
    assert answers[-1].json()["error"]["code"] == "rate_limited"
    assert len(httpx.get(running.http + "/api/tables", timeout=30).json()["tables"]) == 5


def test_analysis_has_a_quota(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, quotas=Quotas(analyses=Rule(burst=2, every=60.0)))
    created = running.create(form="duplicate", boards=1, seats=ROBOTS)
    deadline = time.monotonic() + 60
    while running.info(created["id"])["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    url = f"{running.http}/api/tables/{created['id']}/boards/1/analysis"
    codes = [httpx.get(url, timeout=60).status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_resumes_and_sockets_have_quotas_and_presence_stays_out_of_the_log(
        serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, quotas=Quotas(resumes=Rule(burst=3, every=60.0),
                                              sockets_per_client=6))
    created = running.create(form="rubber", seats=HUMANS)
    url = f"{running.ws}/ws/{created['id']}"

    async def main() -> None:
        north = await Client.open(f"{url}?token={created['tokens']['N']}", Seat.NORTH)
        seq = north.frames[0]["seq"]
        for _ in range(20):  # the same seat keeps reconnecting: nothing is stored
            south = await Client.open(f"{url}?token={created['tokens']['S']}", Seat.SOUTH)
            assert south.frames[0]["seq"] == seq
            await south.close()
        presence = await north.until(lambda m: m["type"] == "event" and "seq" not in m
                                     and m["event"] == {"type": "seat", "seat": "S",
                                                        "connected": False})
        assert presence["table"]["seats"]["S"]["connected"] is False
        answers = []
        for _ in range(4):
            await north.send({"type": "resume", "since": 0})
            answers.append(await north.until(lambda m: m["type"] in ("sync", "error")))
        assert [a["type"] for a in answers] == ["sync"] * 3 + ["error"]
        assert answers[-1]["code"] == "rate_limited"
        assert answers[0]["seq"] == seq
        others = [await Client.open(url) for _ in range(5)]  # six sockets in all
        from websockets.asyncio.client import connect

        extra = await connect(url)
        refused = await extra.recv()
        assert '"rate_limited"' in str(refused)
        await extra.wait_closed()
        assert extra.close_code == 1013
        for client in [north, *others]:
            await client.close()

    asyncio.run(main())


def test_a_client_that_does_not_read_is_dropped() -> None:
    async def main() -> None:
        from test_disclosure import make_group

        (table,) = make_group(1, boards=1, scoring="matchpoints")
        connection = Connection(table, None, "", quotas=Quotas(send_bytes=10_000))
        dropped: list[bool] = []
        connection.on_drop = lambda: dropped.append(True)
        frame = "x" * 1000
        for _ in range(30):
            connection.send(frame)
        assert dropped == [True] and connection.closed and connection.close_code == 1008
        assert connection.queue.qsize() == 1 and connection.queue.get_nowait() is None
        assert connection.viewer == Viewer.at(None)

    asyncio.run(main())


def _raw_websocket(port: int, path: str) -> socket.socket:
    """A websocket handshake on a socket with a tiny receive buffer, then never read."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    return sock


def test_a_real_socket_that_never_reads_is_dropped(serve: Any, sqlite_url: str) -> None:
    """Frames pile up for a socket that is never read (the kernel's buffers full): past the
    byte limit the server forgets them and aborts the socket, it does not wait for a ping."""
    running = serve(sqlite_url, quotas=Quotas(send_bytes=1_000_000), ws_ping_interval=None)
    created = running.create(form="rubber", seats=HUMANS)
    sock = _raw_websocket(running.port, f"/ws/{created['id']}")
    try:
        hub = running.app.state.hub
        deadline = time.monotonic() + 30
        while not [c for c in hub.connections[created["id"]] if c.seat is None]:
            assert time.monotonic() < deadline, "the client never joined"
            time.sleep(0.05)
        (silent,) = [c for c in hub.connections[created["id"]] if c.seat is None]
        frame = '{"type": "event", "pad": "' + "x" * 60_000 + '"}'
        for _ in range(400):  # 24 MB offered, far beyond the kernel's buffers
            if silent.dropped:
                break
            hub.loop.call_soon_threadsafe(silent.send, frame)
            time.sleep(0.005)
        while silent in hub.connections[created["id"]]:
            assert time.monotonic() < deadline, "the silent client was kept"
            time.sleep(0.05)
        assert silent.dropped and silent.queued_bytes == 0 and silent.queue.qsize() <= 1
    finally:
        sock.close()


def test_slow_headers_are_cut_off(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, header_timeout=0.5)
    with socket.create_connection(("127.0.0.1", running.port)) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end
        sock.settimeout(10)
        started = time.monotonic()
        assert sock.recv(1024) == b""
        assert time.monotonic() - started < 5
    assert httpx.get(running.http + "/api/health", timeout=30).json() == {"ok": True}
