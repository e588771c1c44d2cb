"""Club live across two processes: results entered at one, 300 phones watching at the other.

The same evening as ``bench_club_live`` (a 30-table Mitchell, North enters and East-West confirm on
each table's phone), run by two ``redouble serve --redis`` processes over one PostgreSQL schema: the
tables post to process A, while the 300 public ranking pages hold their websocket at process B, so
every update crosses from A to B through Redis. Latency: East-West's confirmation sent to A → each
watcher at B receiving the update that includes it (issue #11: "within a second").

Peers, measured in the same run: the same evening on one process over SQLite (what crossing
processes adds), and the bare Starlette broadcast of ``bench_club_live``.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
import tempfile
from pathlib import Path

from bench.bench_club_live import GOAL_MS, TABLES, WATCHERS, Evening, _club_run, one_process, peer_broadcast
from bench.bench_server import Server

PG = "host=127.0.0.1 port=5432 dbname=test user=root"
REDIS = "redis://127.0.0.1:6379/0"


def _cluster(folder: Path) -> Evening:
    """The evening on two processes sharing a fresh PostgreSQL schema and Redis prefix."""
    import psycopg
    import redis

    schema, prefix = f"rd_bench_{secrets.token_hex(5)}", f"rdbench-{secrets.token_hex(5)}"
    with psycopg.connect(PG, autocommit=True) as connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
    db = f"postgresql+psycopg://root@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    os.environ.setdefault("REDOUBLE_CLUB_SECRET", "bench cluster")  # both processes derive the same links
    command = [sys.executable, "-c", "from redouble.cli import main; main()", "serve", "--db", db,
               "--redis", REDIS, "--redis-prefix", prefix, "--robot-workers", "0", "--no-quotas",
               "--club-pages", str(folder / "pages")]
    servers: list[Server] = []
    try:
        servers.append(Server(command, "/api/health"))
        servers.append(Server(command, "/api/health"))
        return asyncio.run(_club_run(servers[0].port, servers[1].port))
    finally:
        for server in servers:
            server.stop()
        with psycopg.connect(PG, autocommit=True) as connection:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')
        client = redis.Redis.from_url(REDIS)
        keys = list(client.scan_iter(f"{prefix}:*", count=1000))
        if keys:
            client.delete(*keys)


def run() -> str:
    """Measure an update's way from one process of a cluster to watchers at another; return the section."""
    with tempfile.TemporaryDirectory() as name:
        evening = _cluster(Path(name))
    with tempfile.TemporaryDirectory() as name:
        single = one_process(Path(name))
    _peer, peer_row = peer_broadcast(evening.frame)
    load = os.getloadavg()[0]
    busy = " (other jobs were running: to be re-measured on a quiet machine)" if load > 2.5 else ""
    lines = [
        "## Club live across two processes: entered at one, 300 phones watching at the other",
        "",
        "Two `redouble serve --redis` processes over one PostgreSQL schema; the evening of "
        f"\"Club live: results entered at 30 tables\" "
        f"({TABLES} tables posting to process A) while {WATCHERS} public ranking pages hold their websocket at "
        "process B, so each update crosses through Redis. Latency: East-West's confirmation sent to A → each "
        "watcher at B receiving the update that includes it.",
        "",
        "| | confirmations | updates measured | p50 ms | p99 ms | max ms | missed | errors |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        evening.row("redouble, A → B"),
        single.row("peer: the same evening on one process (SQLite)"),
        peer_row,
        "",
        f"Goal p99 < {GOAL_MS:.0f} ms across processes: **{'met' if evening.met() else 'not met'}**.",
        "",
        f"Both processes, PostgreSQL, Redis and the clients share this machine's two cores; load average "
        f"{load:.1f} at the end{busy}"
        "; run with `python -m bench club_live_cluster` (needs PostgreSQL and Redis on localhost).",
    ]
    if evening.errors:
        lines += ["", f"First error: `{evening.errors[0][:200]}`"]
    return "\n".join(lines)
