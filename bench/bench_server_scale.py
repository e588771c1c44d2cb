"""The web table on one process and on two (PostgreSQL + Redis), and the limits behind 100,000 tables.

Load: simulated websocket clients in all four seats of N tables, acting 0.5-1.5 s after their
turn comes (as ``bench_server``); with two processes every table's seats are spread over both
(half the actions are forwarded to the table's owner on the other process). Latency is action
sent → ``ack`` received. Saturation: clients act at once, giving the actions/s a set-up can
carry, and from it the tables it sustains at a person's pace (~1 action/s a table).

Each figure of the 100,000-table estimate in docs/scaling.md is measured here: PostgreSQL appends
through the store's real, fenced group-commit path; Redis XADD/XREAD; the memory of a loaded
table; the memory of an idle websocket. Peer in the same run: a bare websocket echo server.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import secrets
import sys
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.bench_server import Load, Server, _ms, peer_latencies, play

LEVELS = (100, 300)
DURATION = 8.0
THINK = (0.5, 1.5)
SATURATE_TABLES = 40
IDLE_TABLES = 100
IDLE_SOCKETS = 500
GOAL_MS = 50.0
CONFIGS: tuple[tuple[str, int, bool], ...] = (
    ("1 process", 1, True), ("2 processes, seats spread", 2, True),
    ("2 processes, seats at the owner", 2, False))
"""Set-ups: a name, processes, and whether a table's seats are spread over the processes."""
PG = "host=127.0.0.1 port=5432 dbname=test user=root"
PG_URL = "postgresql://root@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"


@contextmanager
def schema() -> Iterator[str]:
    """A fresh PostgreSQL schema, dropped afterwards; yields its URL."""
    import psycopg

    name = f"rd_bench_{secrets.token_hex(5)}"
    with psycopg.connect(PG, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{name}"')
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{name}"
    finally:
        with psycopg.connect(PG, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{name}" CASCADE')


def _clean_redis(prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)


class Cluster:
    """``processes`` servers on one database (with Redis when more than one)."""

    def __init__(self, db: str, processes: int) -> None:
        self.prefix = f"rdbench-{secrets.token_hex(4)}"
        extra = ["--redis", REDIS, "--redis-prefix", self.prefix] if processes > 1 else []
        self.servers = [Server([sys.executable, "-c", "from redouble.cli import main; main()",
                                "serve", "--db", db, "--robot-workers", "0", "--no-quotas", *extra],
                               "/api/health") for _ in range(processes)]

    @property
    def ports(self) -> list[int]:
        return [server.port for server in self.servers]

    def rss_mib(self) -> float:
        """The servers' resident memory (MiB), robots' and analysis workers' excluded."""
        total = 0
        for server in self.servers:
            for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total / 1024

    def stop(self) -> None:
        for server in self.servers:
            server.stop()
        _clean_redis(self.prefix)


async def _measure(ports: list[int], tables: int, think: tuple[float, float] | None,
                   duration: float, idle: int = 0, on_idle: Any = None,
                   spread: bool = True) -> tuple[list[float], int, float]:
    """Latencies at ``tables`` busy tables, with ``idle`` more silent websockets open; a
    table's seats ``spread`` over the processes, or all at its owner (as a front routing by
    table would place them)."""
    import httpx
    from websockets.asyncio.client import connect

    loads = [Load(port, think) for port in ports]
    created = []
    quiet: list[tuple[int, str]] = []
    clients = [httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120)
               for port in ports]
    for index in range(tables + (max(1, idle // 100) if idle else 0)):
        port = ports[index % len(ports)]  # tables are owned where they were created
        client = clients[index % len(ports)]
        if index < tables:
            response = await client.post("/api/tables", json={
                "form": "duplicate", "scoring": "matchpoints", "boards": 36,
                "seats": {s: "human" for s in "NESW"}, "undo_policy": "never"})
            created.append(response.json())
        else:
            response = await client.post("/api/tables", json={
                "form": "rubber", "seats": {s: "human" for s in "NESW"}})
            quiet.append((port, response.json()["id"]))
    for client in clients:
        await client.aclose()
    sockets = []
    for index in range(idle):
        port, table_id = quiet[index % len(quiet)]
        port = ports[(index + 1) % len(ports)]
        sockets.append(await connect(f"ws://127.0.0.1:{port}/ws/{table_id}"))
        await sockets[-1].recv()  # the welcome
    if on_idle is not None:
        on_idle()
    seats = [(loads[(index + number * spread) % len(loads)], table["id"], seat,
              table["tokens"][seat])
             for index, table in enumerate(created) for number, seat in enumerate("NESW")]
    elapsed = await play(seats, duration, sockets)
    return [x for load in loads for x in load.latencies], sum(load.errors for load in loads), elapsed


def _run(processes: int, tables: int, think: tuple[float, float] | None, duration: float,
         idle: int = 0, spread: bool = True) -> tuple[list[float], int, float, float]:
    """One measurement against a fresh cluster; also the servers' memory per idle socket (KiB)."""
    with schema() as db:
        cluster = Cluster(db, processes)
        memory: list[float] = [cluster.rss_mib()]
        try:
            latencies, errors, elapsed = asyncio.run(_measure(
                cluster.ports, tables, think, duration, idle,
                on_idle=lambda: memory.append(cluster.rss_mib()), spread=spread))
        finally:
            cluster.stop()
    per_socket = (memory[1] - memory[0]) * 1024 / idle if idle else 0.0
    return latencies, errors, elapsed, per_socket


# --- the limits, one by one ---------------------------------------------------------------------

async def _appends(url: str, tables: int, seconds: float, fenced: bool) -> float:
    """Events a second through ``Store.append`` (group commit; fenced by leases as a cluster)."""
    from redouble.seats import Seat
    from redouble.server.events import SeatChanged
    from redouble.server.lease import Leases
    from redouble.server.store import SeatRecord, Store
    from redouble.server.table import new_record

    store = Store(url)
    await store.run(store.migrate)
    leases = Leases(store.engine, "bench") if fenced else None
    ids = [f"t{fenced:d}{i}" for i in range(tables)]
    for table_id in ids:
        record = new_record(table_id=table_id, created_at=datetime.now(UTC), form="rubber",
                            group_id=table_id, config={}, seats=[
                                SeatRecord(seat=s.letter(), kind="human", name="x", token_hash=None)
                                for s in Seat])
        await store.run(store.create_table, record, 1)
    if leases is not None:
        leases.start_renewing()
        for table_id in ids:
            await store.run(leases.acquire, table_id)
        store.fence = leases.fence
    count = 0
    deadline = time.perf_counter() + seconds

    async def writer(table_id: str) -> None:
        nonlocal count
        seq = 2
        while time.perf_counter() < deadline:
            await store.append(table_id, seq, [SeatChanged(seat=Seat.NORTH, name=f"n{seq}")])
            seq += 1
            count += 1

    started = time.perf_counter()
    await asyncio.gather(*(writer(t) for t in ids))
    rate = count / (time.perf_counter() - started)
    if leases is not None:
        leases.close()
    store.close()
    return rate


async def _redis(streams: int, entries: int) -> tuple[float, float]:
    """XADD entries/s (pipelined, as owners publish) and XREAD entries/s (as replicas follow)."""
    import redis.asyncio as aioredis

    prefix = f"rdbench-{secrets.token_hex(4)}"
    client = aioredis.Redis.from_url(REDIS, decode_responses=True)
    keys = [f"{prefix}:table:{i}:events" for i in range(streams)]
    payload = '{"type":"card","seat":"N","card":"SA","cid":["N","a1b2c3"]}'
    started = time.perf_counter()
    for start in range(0, entries, 100):
        async with client.pipeline(transaction=False) as pipe:
            for index in range(start, min(entries, start + 100)):
                pipe.xadd(keys[index % streams], {"seq": index, "more": 0, "data": payload},
                          maxlen=2000, approximate=True)
            await pipe.execute()
    written = entries / (time.perf_counter() - started)
    started = time.perf_counter()
    read = 0
    positions = {key: "0-0" for key in keys}
    while read < entries:
        for batch in range(0, streams, 100):
            chunk: Any = {key: positions[key] for key in keys[batch:batch + 100]}
            answer: Any = await client.xread(chunk, count=500)
            for key, items in answer or []:
                positions[key] = items[-1][0]
                read += len(items)
    reading = read / (time.perf_counter() - started)
    await client.delete(*keys)
    await client.aclose()
    return written, reading


def _table_memory(tables: int) -> float:
    """KiB a loaded table holds in memory, halfway through a board's play."""
    from redouble.deal import new_seed
    from redouble.seats import Seat
    from redouble.server import commands
    from redouble.server.store import SeatRecord, commitment_of
    from redouble.server.table import Table, new_record

    seats = [SeatRecord(seat=s.letter(), kind="human", name="player", token_hash="0" * 64)
             for s in Seat]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = []
    for index in range(tables):
        seed = new_seed()
        record = new_record(table_id=f"m{index}", created_at=datetime.now(UTC), form="duplicate",
                            group_id=f"m{index}", config={"scoring": "matchpoints", "boards": 8},
                            seats=seats)
        record.seeds = {1: (seed, commitment_of(seed))}
        table = Table(record)
        for _ in range(30):  # the auction, then half the cards
            state = table.state
            assert state is not None and state.actor is not None
            view = state.view(state.actor)
            if view.phase.value == "auction":
                call = "1NT" if not view.auction else "Pass"
                command: Any = commands.Call(type="call", call=call)
            else:
                command = commands.Card(type="card", card=str(view.legal_cards[0]))
            for event in table.propose(state.actor, command):
                table.apply(event)
        kept.append(table)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / tables / 1024


def _progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run() -> str:
    """Measure one process against two, the idle sockets, the peer and the limits."""
    rows = []
    for name, processes, spread in CONFIGS:
        for tables in LEVELS:
            latencies, errors, elapsed, _ = _run(processes, tables, THINK, DURATION, spread=spread)
            _progress(f"{name}, {tables} tables: p99 {_ms(latencies, 0.99):.1f} ms")
            rows.append((name, tables, len(latencies) / elapsed, _ms(latencies, 0.5),
                         _ms(latencies, 0.99), _ms(latencies, 1.0), errors))
    saturation = {}
    for name, processes, spread in CONFIGS:
        flat, errors, elapsed, _ = _run(processes, SATURATE_TABLES, None, 8.0, spread=spread)
        saturation[name] = (len(flat) / elapsed, _ms(flat, 0.5), _ms(flat, 0.99), errors)
        _progress(f"saturation, {name}: {saturation[name][0]:,.0f} actions/s")
    idle, idle_errors, idle_elapsed, per_socket = _run(2, IDLE_TABLES, THINK, DURATION,
                                                       idle=IDLE_SOCKETS)
    peer = peer_latencies()
    with schema() as db:
        appends_plain = asyncio.run(_appends(db, 200, 5.0, fenced=False))
    with schema() as db:
        appends_fenced = asyncio.run(_appends(db, 200, 5.0, fenced=True))
    xadd, xread = asyncio.run(_redis(1000, 50_000))
    table_kib = _table_memory(300)

    one = saturation[CONFIGS[0][0]][0]
    spread_ratio = saturation[CONFIGS[1][0]][0] / one if one else float("nan")
    owner_ratio = saturation[CONFIGS[2][0]][0] / one if one else float("nan")
    lines = [
        "## Server across processes: one process against two (PostgreSQL + Redis)",
        "",
        "Simulated websocket clients in all four seats of every table, acting "
        f"{THINK[0]}-{THINK[1]} s after their turn; with two processes each table's seats are "
        "spread over both (\"seats spread\": about half the actions are forwarded to the table's "
        "owner and its events come back over Redis), or all connected to the table's owner "
        "(\"seats at the owner\", as a front routing by table would place them). Latency: "
        "action sent → `ack`. Every set-up on PostgreSQL; "
        f"{DURATION:.0f} s measured per level. Load generator and servers share the two cores.",
        "",
        "| set-up | tables | actions/s | p50 ms | p99 ms | max ms | errors |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, tables, rate, p50, p99, worst, errors in rows:
        lines.append(f"| {name} | {tables} | {rate:,.0f} | {p50:.1f} | {p99:.1f} | "
                     f"{worst:.1f} | {errors} |")
    lines += ["", "Saturation (clients act at once, "
              f"{SATURATE_TABLES} tables): actions/s and the tables that rate sustains at a "
              "person's pace (about one action a second a table):", "",
              "| set-up | actions/s | tables sustained | p50 ms | p99 ms | errors |",
              "|---|---:|---:|---:|---:|---:|"]
    for name, (rate, p50, p99, errors) in saturation.items():
        lines.append(f"| {name} | {rate:,.0f} | ~{rate:,.0f} | {p50:.1f} | {p99:.1f} | "
                     f"{errors} |")
    lines += [
        "",
        f"Two processes carry **{spread_ratio:.2f}×** one process's actions/s with every table's "
        f"seats spread over both, **{owner_ratio:.2f}×** with a table's seats at its owner, on "
        "this 2-core machine, where the load generator takes its share of the same cores.",
        "",
        f"Two processes with {IDLE_SOCKETS} idle websockets beside {IDLE_TABLES} busy tables: "
        f"p50 {_ms(idle, 0.5):.1f} ms, p99 **{_ms(idle, 0.99):.1f} ms** (goal < {GOAL_MS:.0f}), "
        f"max {_ms(idle, 1.0):.1f} ms, {idle_errors} errors, "
        f"{len(idle) / idle_elapsed:,.0f} actions/s.",
        "",
        f"Peer, same run: bare Starlette websocket echo, 200 clients: p50 {_ms(peer, 0.5):.2f} ms, "
        f"p99 {_ms(peer, 0.99):.2f} ms.",
        "",
        "The limits behind docs/scaling.md, measured in the same run:",
        "",
        "| limit | measured |",
        "|---|---:|",
        f"| PostgreSQL appends through `Store.append` (group commit, 200 tables) | "
        f"{appends_plain:,.0f} events/s |",
        f"| the same, fenced by the tables' leases (cluster) | {appends_fenced:,.0f} events/s |",
        f"| Redis XADD, pipelined, 1,000 streams | {xadd:,.0f} entries/s |",
        f"| Redis XREAD, 1,000 streams, 100 a call | {xread:,.0f} entries/s |",
        f"| memory of a loaded table (mid-board) | {table_kib:,.1f} KiB |",
        f"| memory of an idle websocket (server side) | {per_socket:,.1f} KiB |",
        "",
        f"Load average {os.getloadavg()[0]:.1f} at the end"
        f"{' (other jobs were running: to be re-measured on a quiet machine)' if os.getloadavg()[0] > 2.5 else ''}"
        "; run with `python -m bench server_scale` (PostgreSQL on 127.0.0.1:5432 and Redis on 6379).",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    random.seed(0)
    print(run())
