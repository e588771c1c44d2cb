"""Idle websockets beside busy tables (issue #16's goal: p99 under 50 ms), against the same
tables without them, and the peer, in rounds of one run each.

The set-up of ``bench_server_scale``'s idle line: two processes on PostgreSQL + Redis, 100 busy
tables at a person's pace, and 500 silent spectators of five quiet tables, connected to both
processes. Each round runs the tables without the idle sockets, with them, and the peer (a bare
websocket echo), back to back, so that a machine shared with other jobs weighs on the three
alike: a round's ratios are the idle sockets' cost and the distance to the floor of the moment.
"""

from __future__ import annotations

import os
import statistics
import sys

from bench.bench_server import _ms, peer_latencies
from bench.bench_server_scale import DURATION, GOAL_MS, IDLE_SOCKETS, IDLE_TABLES, THINK, _run

ROUNDS = 5


def run() -> str:
    """``ROUNDS`` rounds of: the busy tables alone, with the idle sockets, the peer."""
    rows = []
    pooled: dict[str, list[float]] = {"busy": [], "idle": []}
    errors = 0
    for number in range(1, ROUNDS + 1):
        p99 = {}
        for name, idle in (("busy", 0), ("idle", IDLE_SOCKETS)):
            latencies, failed, _elapsed, _ = _run(2, IDLE_TABLES, THINK, DURATION, idle=idle)
            pooled[name] += latencies
            errors += failed
            p99[name] = _ms(latencies, 0.99)
        p99["peer"] = _ms(peer_latencies(), 0.99)
        rows.append((number, os.getloadavg()[0], p99["busy"], p99["idle"], p99["peer"]))
        print(f"round {number}: p99 {p99}", file=sys.stderr, flush=True)
    idle_over_busy = statistics.median(idle / busy for _, _, busy, idle, _ in rows)
    idle_over_peer = statistics.median(idle / peer for _, _, _, idle, peer in rows)
    under = sum(1 for _, _, _, idle, _ in rows if idle < GOAL_MS)
    middle = statistics.median(idle for _, _, _, idle, _ in rows)
    lines = [
        "## Server: idle websockets beside busy tables",
        "",
        f"Two processes (PostgreSQL + Redis), {IDLE_TABLES} busy tables at a person's pace "
        f"({THINK[0]}-{THINK[1]} s a turn, seats spread over both processes), without and with "
        f"{IDLE_SOCKETS} idle websockets (silent spectators of five quiet tables, on both "
        "processes), then the peer (a bare Starlette websocket echo, 200 clients), back to back "
        f"in each round; {DURATION:.0f} s measured a run. Latency: action sent → `ack`.",
        "",
        "| round | load average | p99 ms, busy tables | p99 ms, with idle sockets | p99 ms, peer "
        "| idle / busy | idle / peer |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for number, load, busy, idle, peer in rows:
        lines.append(f"| {number} | {load:.1f} | {busy:.1f} | {idle:.1f} | {peer:.1f} | "
                     f"{idle / busy:.2f} | {idle / peer:.2f} |")
    lines += [
        "",
        f"Median of the rounds: the idle sockets' p99 is **{idle_over_busy:.2f}×** the same "
        f"tables' without them, **{idle_over_peer:.2f}×** the peer's. All rounds together: busy "
        f"tables p50 {_ms(pooled['busy'], 0.5):.1f} ms, p99 {_ms(pooled['busy'], 0.99):.1f} ms; "
        f"with idle sockets p50 {_ms(pooled['idle'], 0.5):.1f} ms, p99 "
        f"{_ms(pooled['idle'], 0.99):.1f} ms; {errors} errors. Goal p99 < {GOAL_MS:.0f} ms with "
        f"the idle sockets: met in **{under} of {ROUNDS}** rounds (median round {middle:.1f} ms).",
        "",
        "A load average above 2 means other jobs shared the two cores: every figure is "
        "stretched by them, a round's ratios less so; run with `python -m bench server_idle`.",
    ]
    return "\n".join(lines)
