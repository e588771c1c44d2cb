"""Lobby paging: one page of ``GET /api/tables`` from a lobby of 100,000 playing tables.

The lobby keeps its keys (creation time, table id) in order as tables come and go
(``redouble.server.lobby.LobbyIndex``); a page is found by bisection and read in order
(``page_from``). The peer, in the same run, is what each call did before: sort every entry of
the lobby, then cut the page out (``sorted`` over the entries, the key the lobby orders by). Also
timed: adding (or moving) one table in the index, what each lobby change costs. Creation times
are spread over a day, to the second (ties ordered by id), drawn with a fixed seed. Median of
many rounds, wall and CPU time (the machine is shared: CPU is the steadier figure).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from redouble.server.lobby import Cursor, LobbyIndex, page_from

TABLES = 100_000
PAGE = 50
ROUNDS = 200
SORT_ROUNDS = 7


def _entries(seed: int = 2026) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [{"id": f"t{n:06d}", "created": f"2026-11-23T{rng.randrange(24):02d}:{rng.randrange(60):02d}:"
                                           f"{rng.randrange(60):02d}Z"} for n in range(TABLES)]


def _timed(action: Callable[[], object], rounds: int) -> tuple[float, float, float]:
    """Median wall µs, max wall µs, median CPU µs of ``rounds`` calls."""
    wall, cpu = [], []
    for _ in range(rounds):
        start, used = time.perf_counter(), time.process_time()
        action()
        wall.append((time.perf_counter() - start) * 1e6)
        cpu.append((time.process_time() - used) * 1e6)
    return statistics.median(wall), max(wall), statistics.median(cpu)


def run() -> str:
    entries = _entries()
    by_id = {entry["id"]: entry for entry in entries}
    index = LobbyIndex()
    for entry in entries:
        index.put(entry["id"], entry["created"])
    _first, following = page_from(index.newest_first(), by_id.get, PAGE)
    assert following is not None
    cursor = Cursor.parse(following)
    middle = Cursor(*sorted((e["created"], e["id"]) for e in entries)[TABLES // 2])

    def sort_all() -> object:
        ordered = sorted(entries, key=lambda e: (e["created"], e["id"]), reverse=True)
        return ordered[:PAGE]

    moved = iter(range(10**9))

    def put() -> None:
        n = next(moved)
        index.put(f"t{n % TABLES:06d}", f"2026-11-23T12:{n % 60:02d}:00Z")

    rows = [
        ("index: the first page", _timed(lambda: page_from(index.newest_first(), by_id.get, PAGE), ROUNDS)),
        ("index: the second page (`after`)",
         _timed(lambda: page_from(index.newest_first(cursor), by_id.get, PAGE), ROUNDS)),
        ("index: a page from the middle", _timed(lambda: page_from(index.newest_first(middle), by_id.get, PAGE),
                                                 ROUNDS)),
        ("index: one table added or moved", _timed(put, ROUNDS)),
        ("peer: sort the whole lobby, then a page", _timed(sort_all, SORT_ROUNDS)),
    ]
    load = os.getloadavg()[0]
    lines = [
        "## Server: one page of a lobby of 100,000 tables",
        "",
        f"A page of {PAGE} from {TABLES:,} playing tables (`bench/bench_lobby.py`): the kept index "
        "(`LobbyIndex`, bisection) against sorting the whole lobby on each call, as before. "
        f"Load average {load:.1f} when it ran (the machine is shared: CPU time is the steadier figure).",
        "",
        "| what | median µs | max µs | median CPU µs |",
        "|---|---:|---:|---:|",
        *(f"| {name} | {wall:,.1f} | {top:,.1f} | {cpu:,.1f} |" for name, (wall, top, cpu) in rows),
    ]
    return "\n".join(lines)
