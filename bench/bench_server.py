"""The web table server under load: action latency p50/p99 and the tables one server sustains.

A real ``redouble serve`` (SQLite file, every event committed before it is acknowledged) runs
in its own process. Simulated websocket clients sit in all four seats of N tables (no robots:
their thinking is excluded) and act like brisk players: each action after a think time of
0.5-1.5 s. Latency is from sending an action to receiving its ``ack``, which the server sends
only after the event is stored and every client at the table has been sent its own view.

Peer, measured in the same run: a bare Starlette websocket echo under the same uvicorn — the
floor any Python websocket server pays for a round trip on this machine.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LEVELS = (100, 250, 500, 750, 1000)
DURATION = 20.0  # seconds measured at each level (after everyone is seated)
THINK = (0.5, 1.5)
GOAL_MS = 50.0
SATURATE_TABLES = 40
IDLE_TABLES = 100
IDLE_SOCKETS = 500


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_http(url: str, process: subprocess.Popen[bytes]) -> None:
    import httpx

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server exited")
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer")


class Server:
    """``redouble serve`` (or the echo peer) in its own process group."""

    def __init__(self, args: list[str], health: str) -> None:
        self.port = _free_port()
        self.process = subprocess.Popen([*args, "--port", str(self.port)], start_new_session=True,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_http(f"http://127.0.0.1:{self.port}{health}", self.process)

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


class Load:
    """Four seated clients per table acting on their turn; latencies of acknowledged actions."""

    def __init__(self, port: int, think: tuple[float, float] | None) -> None:
        self.port = port
        self.think = think
        self.latencies: list[float] = []
        self.errors = 0
        self.recording = False
        self.stop = False
        self.rng = random.Random(7)

    async def seat(self, table_id: str, seat: str, token: str) -> None:
        from websockets.asyncio.client import connect

        async with connect(f"ws://127.0.0.1:{self.port}/ws/{table_id}?token={token}",
                           max_size=None, open_timeout=120) as ws:
            pending: dict[str, float] = {}
            acted: tuple[Any, ...] = ()
            counter = 0
            async for text in ws:
                if self.stop:
                    return
                message = json.loads(text)
                kind = message["type"]
                if kind == "ack":
                    sent = pending.pop(message["id"], None)
                    if sent is not None and self.recording:
                        self.latencies.append(time.perf_counter() - sent)
                    continue
                if kind == "error":
                    self.errors += 1
                    continue
                if "view" not in message or message.get("more") or message["view"] is None:
                    continue
                view = message["view"]
                action: dict[str, Any] | None = None
                event = message.get("event") or {}
                if event.get("type") == "board_end":
                    action = {"type": "ready"}
                    key: tuple[Any, ...] = ("ready", event["board"])
                elif view["actor"] == seat and view["phase"] in ("auction", "play"):
                    if view["phase"] == "auction":
                        calls = view["legal_calls"]
                        bids = len(view["auction"])
                        call = calls[1] if bids == 0 and len(calls) > 1 else "Pass"
                        action = {"type": "call", "call": call}
                    else:
                        action = {"type": "card", "card": view["legal_cards"][0]}
                    played = sum(len(t["cards"]) for t in view["tricks"])
                    key = (view["board"], len(view["auction"]), played,
                           len((view["current_trick"] or {}).get("cards", [])))
                else:
                    continue
                if key == acted:
                    continue
                acted = key
                counter += 1
                ident = f"{seat}{counter}"
                asyncio.get_running_loop().create_task(self._act(ws, action, ident, pending))

    async def _act(self, ws: Any, action: dict[str, Any], ident: str, pending: dict[str, float]) -> None:
        if self.think is not None:
            await asyncio.sleep(self.rng.uniform(*self.think))
        if self.stop:
            return
        pending[ident] = time.perf_counter()
        try:
            await ws.send(json.dumps({**action, "id": ident}))
        except Exception:
            pending.pop(ident, None)


async def play(seats: list[tuple[Load, str, str, str]], duration: float, idle: list[Any]) -> float:
    """Seat every client (a load, a table, a seat, its token), let play settle, record the
    loads' latencies for ``duration`` seconds, then stop: the seated clients and the ``idle``
    sockets are closed all at once. Returns the seconds recorded."""
    loads = list(dict.fromkeys(load for load, *_ in seats))
    loop = asyncio.get_running_loop()
    tasks = []
    for index, (load, table_id, seat, token) in enumerate(seats):
        tasks.append(loop.create_task(load.seat(table_id, seat, token)))
        if index % 100 == 99:
            await asyncio.sleep(0.05)  # do not open thousands of sockets at one instant
    await asyncio.sleep(3.0)  # everyone seated and playing
    gc.collect()
    gc.freeze()  # the load generator's own pauses must not count as the server's latency
    for load in loads:
        load.recording = True
    started = time.perf_counter()
    await asyncio.sleep(duration)
    for load in loads:
        load.recording = False
    elapsed = time.perf_counter() - started
    for load in loads:
        load.stop = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.gather(*(socket_.close() for socket_ in idle), return_exceptions=True)
    gc.unfreeze()
    return elapsed


async def _measure(port: int, tables: int, think: tuple[float, float] | None,
                   duration: float, idle: int = 0) -> tuple[list[float], int, float]:
    """Latencies at ``tables`` busy tables, with ``idle`` more websockets open and silent
    (spectators of tables where nobody plays)."""
    import httpx
    from websockets.asyncio.client import connect

    load = Load(port, think)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
        created = []
        for _ in range(tables):
            response = await client.post("/api/tables", json={
                "form": "duplicate", "scoring": "matchpoints", "boards": 36,
                "seats": {s: "human" for s in "NESW"}, "undo_policy": "never"})
            created.append(response.json())
        quiet = [(await client.post("/api/tables", json={
            "form": "rubber", "seats": {s: "human" for s in "NESW"}})).json()["id"]
            for _ in range(max(1, idle // 100))] if idle else []
    sockets = []
    for index in range(idle):
        sockets.append(await connect(f"ws://127.0.0.1:{port}/ws/{quiet[index % len(quiet)]}"))
        await sockets[-1].recv()  # the welcome
    seats = [(load, table["id"], seat, table["tokens"][seat]) for table in created for seat in "NESW"]
    elapsed = await play(seats, duration, sockets)
    return load.latencies, load.errors, elapsed


async def _echo_latencies(port: int, clients: int, rounds: int) -> list[float]:
    from websockets.asyncio.client import connect

    latencies: list[float] = []

    async def one() -> None:
        async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            for _ in range(rounds):
                sent = time.perf_counter()
                await ws.send('{"type":"ping"}')
                await ws.recv()
                latencies.append(time.perf_counter() - sent)
                await asyncio.sleep(0.05)

    await asyncio.gather(*(one() for _ in range(clients)))
    return latencies


ECHO_APP = '''
import sys, uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
async def health(request): return PlainTextResponse("ok")
async def echo(ws):
    await ws.accept()
    while True:
        text = await ws.receive_text()
        await ws.send_text(text)
app = Starlette(routes=[Route("/health", health), WebSocketRoute("/ws", echo)])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[sys.argv.index("--port") + 1]), log_level="warning")
'''


def peer_latencies() -> list[float]:
    """The peer's round trips: 200 clients of a bare websocket echo, 40 messages each."""
    echo = Server([sys.executable, "-c", ECHO_APP], "/health")
    try:
        return asyncio.run(_echo_latencies(echo.port, 200, 40))
    finally:
        echo.stop()


def _ms(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run() -> str:
    """Measure each load level against a fresh server; return the Markdown section."""
    rows = []
    sustained = 0
    with tempfile.TemporaryDirectory() as folder:
        for tables in LEVELS:
            db = f"sqlite:///{Path(folder) / f'bench{tables}.db'}"
            server = Server([sys.executable, "-c", "from redouble.cli import main; main()", "serve",
                             "--db", db, "--robot-workers", "0", "--no-quotas"], "/api/health")
            try:
                latencies, errors, elapsed = asyncio.run(_measure(server.port, tables, THINK, DURATION))
            finally:
                server.stop()
            p50, p99 = _ms(latencies, 0.50), _ms(latencies, 0.99)
            rows.append((tables, len(latencies) / elapsed, p50, p99, _ms(latencies, 1.0), errors))
            if p99 < GOAL_MS and errors == 0:
                sustained = max(sustained, tables)
        db = f"sqlite:///{Path(folder) / 'saturate.db'}"
        server = Server([sys.executable, "-c", "from redouble.cli import main; main()", "serve",
                         "--db", db, "--robot-workers", "0", "--no-quotas"], "/api/health")
        try:
            flat, _errors, flat_elapsed = asyncio.run(_measure(server.port, SATURATE_TABLES, None, 10.0))
        finally:
            server.stop()
        db = f"sqlite:///{Path(folder) / 'idle.db'}"
        server = Server([sys.executable, "-c", "from redouble.cli import main; main()", "serve",
                         "--db", db, "--robot-workers", "0", "--no-quotas"], "/api/health")
        try:
            idle, idle_errors, idle_elapsed = asyncio.run(
                _measure(server.port, IDLE_TABLES, THINK, DURATION, idle=IDLE_SOCKETS))
        finally:
            server.stop()
    peer = peer_latencies()
    lines = [
        "## Server: action latency and concurrent tables",
        "",
        "`redouble serve` (SQLite, each event committed before its ack) in its own process; "
        "simulated websocket clients in all four seats of every table (no robots), each acting "
        f"{THINK[0]}-{THINK[1]} s after its turn comes. Latency: action sent → `ack` received "
        "(after the event is stored and every seat has been sent its view). "
        f"{DURATION:.0f} s measured per level.",
        "",
        "| tables | clients | actions/s | p50 ms | p99 ms | max ms | errors |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for tables, rate, p50, p99, worst, errors in rows:
        lines.append(f"| {tables} | {4 * tables} | {rate:,.0f} | {p50:.1f} | {p99:.1f} | "
                     f"{worst:.1f} | {errors} |")
    lines += [
        "",
        f"Goal p99 < {GOAL_MS:.0f} ms at 500 tables: "
        + (f"**met**; the largest level with p99 under {GOAL_MS:.0f} ms: {sustained} tables."
           if sustained >= 500 else
           f"**not met**; the largest level measured under the goal: {sustained or 'none'} tables."),
        "",
        f"With {IDLE_SOCKETS} idle websockets open beside {IDLE_TABLES} busy tables: "
        f"{len(idle) / idle_elapsed:,.0f} actions/s, p50 {_ms(idle, 0.5):.1f} ms, "
        f"p99 {_ms(idle, 0.99):.1f} ms, max {_ms(idle, 1.0):.1f} ms, {idle_errors} errors.",
        "",
        f"Saturation (clients act at once, {SATURATE_TABLES} tables): "
        f"**{len(flat) / flat_elapsed:,.0f} actions/s**, p50 {_ms(flat, 0.5):.1f} ms, "
        f"p99 {_ms(flat, 0.99):.1f} ms.",
        "",
        f"Peer, same run: bare Starlette websocket echo under uvicorn, 200 clients: p50 "
        f"{_ms(peer, 0.5):.2f} ms, p99 {_ms(peer, 0.99):.2f} ms.",
        "",
        f"Clients and server share this machine's cores (and other engineers' jobs; load average "
        f"{os.getloadavg()[0]:.1f} at the end); run with `python -m bench server`.",
    ]
    return "\n".join(lines)
