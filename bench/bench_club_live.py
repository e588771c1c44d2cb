"""Club live: 30 tables entering results while 300 phones watch the live ranking.

A real ``redouble serve`` (SQLite, every record committed before it is answered) runs in its own
process with a 30-table Mitchell (skip), 6 rounds of 2 boards. Each table's phone reads its round,
North enters each board and East-West confirm it 0.2-0.5 s later, then the next board follows after
1-2 s: the evening's pace compressed about 300 times. 300 public ranking pages and the 30 tables'
own pages hold the session's websocket. Latency: East-West's confirmation sent → each of the 300
ranking watchers receiving the update that includes it (the first frame whose ``seq`` is at least
the confirmation's record). The re-ranking cost per entry is measured apart, on the stored log:
``LiveSession.rescore`` after each confirmation (``SessionScore.with_result``), and the update
frame built from it.

Peer, measured in the same run: a bare Starlette websocket broadcast of the same frame to 300
watchers under uvicorn — what any Python server pays to fan one payload out on this machine.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.bench_server import Server, _ms

TABLES = 30
ROUNDS = 6
BOARDS_PER_ROUND = 2
WATCHERS = 300
CONFIRM_AFTER = (0.2, 0.5)
NEXT_BOARD_AFTER = (1.0, 2.0)
GOAL_MS = 1000.0
SEQ = re.compile(r'"seq":(\d+)')
CONTRACTS = [("4S", "N", "="), ("4S", "N", "+1"), ("4S", "N", "-1"), ("3NT", "S", "="), ("3NT", "S", "+1"),
             ("2H", "E", "="), ("5DX", "W", "-2"), ("1NT", "N", "=")]


@dataclass(frozen=True)
class Evening:
    """One compressed club evening as the watchers saw it: each update's latency, and what went wrong."""

    latencies: list[float]
    missed: int
    confirmations: int
    errors: list[str]
    elapsed: float
    frame: str
    session: str

    def row(self, label: str) -> str:
        """The evening's line in a section's latency table."""
        return (f"| {label} | {self.confirmations} ({self.confirmations / self.elapsed:.1f}/s, with as many entries) | "
                f"{len(self.latencies):,} | {_ms(self.latencies, 0.5):.1f} | {_ms(self.latencies, 0.99):.1f} | "
                f"{_ms(self.latencies, 1.0):.1f} | {self.missed} | {len(self.errors)} |")

    def met(self) -> bool:
        """Whether the goal holds: p99 under ``GOAL_MS`` and no update missed."""
        return _ms(self.latencies, 0.99) < GOAL_MS and not self.missed


class Watchers:
    """Websocket watchers recording when each update (by its ``seq``) arrived."""

    def __init__(self) -> None:
        self.arrivals: list[list[tuple[int, float]]] = []
        self.sockets: list[Any] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.last_frame = ""

    async def open(self, url: str, count: int, *, record: bool = True) -> None:
        from websockets.asyncio.client import connect

        for batch in range(0, count, 50):
            sockets = await asyncio.gather(*(connect(url, max_size=None, ping_interval=None)
                                             for _ in range(batch, min(count, batch + 50))))
            for socket in sockets:
                await socket.recv()  # the page's first frame: the session as it stands
                arrivals: list[tuple[int, float]] = []
                if record:
                    self.arrivals.append(arrivals)
                self.sockets.append(socket)
                self.tasks.append(asyncio.create_task(self._listen(socket, arrivals, record)))

    async def _listen(self, socket: Any, arrivals: list[tuple[int, float]], record: bool) -> None:
        try:
            async for text in socket:
                now = time.perf_counter()
                if record:
                    match = SEQ.search(text[:80])
                    if match:
                        arrivals.append((int(match.group(1)), now))
                    self.last_frame = text
        except Exception:  # a closed socket ends the listener
            return

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.gather(*(socket.close() for socket in self.sockets), return_exceptions=True)


def _latencies(sent: list[tuple[int, float]], watchers: Watchers) -> tuple[list[float], int]:
    """For every confirmation and every watcher, the wait for the first frame with its seq (and the misses);
    a socket's frames arrive in the order of their ``seq``."""
    latencies: list[float] = []
    missed = 0
    for arrivals in watchers.arrivals:
        seqs = [seq for seq, _ in arrivals]
        for seq, at in sent:
            index = bisect.bisect_left(seqs, seq)
            if index == len(seqs):
                missed += 1
            else:
                latencies.append(arrivals[index][1] - at)
    return latencies, missed


async def _table(client: Any, base: str, session: str, table: int, token: str, rng: random.Random,
                 sent: list[tuple[int, float]], errors: list[str]) -> None:
    api = f"{base}/api/club/sessions/{session}/tables/{table}"
    for round_ in range(1, ROUNDS + 1):
        view = (await client.get(api, params={"token": token, "round": round_})).json()
        if view["ns"] is None or view["ew"] is None:
            continue  # the skip leaves no table empty in a Mitchell, but a sit-out enters nothing
        for board in view["boards"]:
            await asyncio.sleep(rng.uniform(*NEXT_BOARD_AFTER))
            contract, declarer, tricks = rng.choice(CONTRACTS)
            key = f"{table}-{round_}-{board['board']}"
            entered = await client.post(f"{api}/results", params={"token": token}, json={
                "entry_id": f"e{key}", "round": round_, "board": board["board"], "contract": contract,
                "declarer": declarer, "tricks": tricks})
            if entered.status_code != 200:
                errors.append(entered.text)
                continue
            await asyncio.sleep(rng.uniform(*CONFIRM_AFTER))
            at = time.perf_counter()
            confirmed = await client.post(f"{api}/confirm", params={"token": token}, json={
                "entry_id": f"c{key}", "round": round_, "board": board["board"], "side": "EW"})
            if confirmed.status_code != 200:
                errors.append(confirmed.text)
                continue
            sent.append((confirmed.json()["seq"], at))


async def _club_run(port: int, watch_port: int | None = None) -> Evening:
    """Tables enter and confirm at ``port``; the ranking's watchers listen at ``watch_port`` (another
    process of a cluster) or at the same port."""
    import httpx

    base = f"http://127.0.0.1:{port}"
    watch = f"ws://127.0.0.1:{watch_port or port}"
    async with httpx.AsyncClient(timeout=60, limits=httpx.Limits(max_connections=64)) as client:
        created = (await client.post(f"{base}/api/club/sessions", json={
            "name": "Bench night", "movement": {"kind": "mitchell", "tables": TABLES, "rounds": ROUNDS,
                                                "boards_per_round": BOARDS_PER_ROUND, "skip": True}})).json()
        session = created["id"]
        watchers, phones = Watchers(), Watchers()
        await watchers.open(f"{watch}/ws/club/{session}", WATCHERS)
        for link in created["tables"].values():
            await phones.open(f"ws://127.0.0.1:{port}/ws/club/{session}?token={link['token']}", 1, record=False)
        sent: list[tuple[int, float]] = []
        errors: list[str] = []
        rng = random.Random(11)
        started = time.perf_counter()
        await asyncio.gather(*(_table(client, base, session, int(table), link["token"], random.Random(rng.random()),
                                      sent, errors) for table, link in created["tables"].items()))
        elapsed = time.perf_counter() - started
        last = max(seq for seq, _ in sent)
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline and not all(arrivals and arrivals[-1][0] >= last
                                                         for arrivals in watchers.arrivals):
            await asyncio.sleep(0.1)
        await watchers.close()
        await phones.close()
    latencies, missed = _latencies(sent, watchers)
    return Evening(latencies, missed, len(sent), errors, elapsed, watchers.last_frame, session)


async def _peer_run(port: int, frame: str, count: int) -> list[float]:
    """The same frame broadcast ``count`` times to 300 watchers by a bare Starlette app."""
    import httpx

    watchers = Watchers()
    await watchers.open(f"ws://127.0.0.1:{port}/ws", WATCHERS)
    sent: list[tuple[int, float]] = []
    async with httpx.AsyncClient(timeout=60) as client:
        for seq in range(1, count + 1):
            await asyncio.sleep(random.uniform(0.02, 0.08))
            payload = SEQ.sub(f'"seq":{seq}', frame, count=1)
            at = time.perf_counter()
            await client.post(f"http://127.0.0.1:{port}/send", content=payload)
            sent.append((seq, at))
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline and not all(arrivals and arrivals[-1][0] >= count
                                                     for arrivals in watchers.arrivals):
        await asyncio.sleep(0.1)
    await watchers.close()
    latencies, _missed = _latencies(sent, watchers)
    return latencies


BROADCAST_APP = '''
import sys, uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
watchers = set()
async def health(request): return PlainTextResponse("ok")
async def send(request):
    text = (await request.body()).decode()
    for ws in list(watchers):
        try:
            await ws.send_text(text)
        except Exception:
            watchers.discard(ws)
    return PlainTextResponse("sent")
async def watch(ws):
    await ws.accept()
    await ws.send_text('{"type":"update","seq":0}')
    watchers.add(ws)
    try:
        while True:
            await ws.receive_text()
    except Exception:
        watchers.discard(ws)
app = Starlette(routes=[Route("/health", health), Route("/send", send, methods=["POST"]),
                        WebSocketRoute("/ws", watch)])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[sys.argv.index("--port") + 1]), log_level="warning")
'''


def _rescoring(db: str, session_id: str) -> tuple[list[float], list[float]]:
    """Replay the stored log: the re-ranking (``LiveSession.rescore``) and the public frame after each confirmation."""
    from redouble.club.session import ResultConfirmed, Session
    from redouble.club.store import ClubStore
    from redouble.server import club
    from redouble.server.clubpresenter import PUBLIC

    with ClubStore(db) as store:
        records = store.load(session_id).records
    live = club.LiveSession(session_id, Session(records[:1]))
    hub = club.ClubHub("sqlite://", secret=b"bench")
    rescore, frame = [], []
    for record in records[1:]:
        live.session.append(record.change, by=record.by, reason=record.reason, key=record.key)
        started = time.perf_counter()
        boards = live.rescore()
        ranked = time.perf_counter()
        hub.frame(live, PUBLIC, boards)
        if isinstance(record.change, ResultConfirmed):
            rescore.append(ranked - started)
            frame.append(time.perf_counter() - ranked)
    return rescore, frame


def one_process(folder: Path) -> Evening:
    """The evening on one ``redouble serve`` over SQLite in ``folder`` (its database: ``club.db``)."""
    db = f"sqlite:///{folder / 'club.db'}"
    server = Server([sys.executable, "-c", "from redouble.cli import main; main()", "serve", "--db", db,
                     "--robot-workers", "0", "--no-quotas", "--club-pages", str(folder / "pages")], "/api/health")
    try:
        return asyncio.run(_club_run(server.port))
    finally:
        server.stop()


def peer_broadcast(frame: str) -> tuple[list[float], str]:
    """The bare Starlette peer broadcasting ``frame`` 120 times: its latencies and its table line."""
    server = Server([sys.executable, "-c", BROADCAST_APP], "/health")
    try:
        peer = asyncio.run(_peer_run(server.port, frame, 120))
    finally:
        server.stop()
    return peer, (f"| peer: bare Starlette broadcast of the same {len(frame):,}-byte frame | 120 | {len(peer):,} | "
                  f"{_ms(peer, 0.5):.1f} | {_ms(peer, 0.99):.1f} | {_ms(peer, 1.0):.1f} | – | – |")


def run() -> str:
    """Measure the club's live results against the bare broadcast peer; return the Markdown section."""
    with tempfile.TemporaryDirectory() as name:
        evening = one_process(Path(name))
        rescore, build = _rescoring(f"sqlite:///{Path(name) / 'club.db'}", evening.session)
    _peer, peer_row = peer_broadcast(evening.frame)
    lines = [
        "## Club live: results entered at 30 tables, 300 phones watching the ranking",
        "",
        f"`redouble serve` (SQLite, each record committed before it is answered) in its own process; a "
        f"{TABLES}-table Mitchell (skip), {ROUNDS} rounds of {BOARDS_PER_ROUND} boards. Each table's phone "
        f"enters a board {NEXT_BOARD_AFTER[0]:g}-{NEXT_BOARD_AFTER[1]:g} s after the last and East-West confirm "
        f"it {CONFIRM_AFTER[0]:g}-{CONFIRM_AFTER[1]:g} s later (an evening compressed ~300×); {WATCHERS} public "
        f"ranking pages and the {TABLES} tables' pages hold the session's websocket. Latency: confirmation "
        "sent → each ranking watcher receiving the update that includes it.",
        "",
        "| | confirmations | updates measured | p50 ms | p99 ms | max ms | missed | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        evening.row("redouble"),
        peer_row,
        "",
        f"Goal p99 < {GOAL_MS:.0f} ms: **{'met' if evening.met() else 'not met'}**.",
        "",
        f"Re-ranking cost per confirmed entry (the stored log replayed, {TABLES * 2} pairs): "
        f"`LiveSession.rescore` median {1000 * statistics.median(rescore):.2f} ms, "
        f"p99 {_ms(rescore, 0.99):.2f} ms; the public update frame built from it median "
        f"{1000 * statistics.median(build):.2f} ms (built once per kind of watcher, not once per phone).",
        "",
        f"Clients and server share this machine's two cores; load average {os.getloadavg()[0]:.1f} at the end"
        f"{' (other jobs were running: to be re-measured on a quiet machine)' if os.getloadavg()[0] > 2.5 else ''}"
        "; run with `python -m bench club_live`.",
    ]
    if evening.errors:
        lines += ["", f"First error: `{json.dumps(evening.errors[0])[:200]}`"]
    return "\n".join(lines)
