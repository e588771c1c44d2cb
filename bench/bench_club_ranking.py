"""Club ranking: re-ranking a 30-table, 27-board two-winner session after one corrected result.

The session: 30 NS and 30 EW pairs, 9 rounds of 3 boards, every board played at every table
(30 results per board, top 58; each round every table plays the same duplicated set and the
EW pairs move up one table), scores drawn with a fixed seed from a few results per board so
that ties occur. Timed: ``SessionScore.with_result`` (re-scores the one board, then re-sums and
re-ranks every pair) against the peers measured in the same run — a full ``score_session`` from
scratch, and ``redouble.scoring.matchpoints.matchpoint_pairs`` (travellers and percentages only,
no derivations, no fields or places). Median of many alternating rounds; the goal is under 20 ms.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from redouble.club.movement import PairId
from redouble.club.results import BoardResult
from redouble.club.scoring import SessionScore, score_session
from redouble.scoring.matchpoints import TableResult, matchpoint_pairs
from redouble.seats import Side

TABLES = 30
ROUNDS = 9
BOARDS_PER_ROUND = 3
REPEATS = 25
GOAL_MS = 20.0


def session_results(seed: int = 2026) -> list[BoardResult]:
    """Every table plays set r in round r (duplicated boards); EW pairs move up one table a round."""
    rng = random.Random(seed)
    typical = {board: rng.sample([-200, -100, -50, 110, 140, 170, 420, 450, 620, 650, 1430, -420], 5)
               for board in range(1, ROUNDS * BOARDS_PER_ROUND + 1)}
    results = []
    for round_ in range(ROUNDS):
        for table in range(TABLES):
            ew = (table - round_) % TABLES
            first = round_ * BOARDS_PER_ROUND + 1
            for board in range(first, first + BOARDS_PER_ROUND):
                results.append(BoardResult(board, PairId(table + 1, Side.NS), PairId(ew + 1, Side.EW),
                                           score=rng.choice(typical[board]), table=table + 1, round=round_ + 1))
    return results


def _timed_ms(action: Callable[[], object], times: list[tuple[float, float]]) -> None:
    """Append (wall ms, CPU ms): on a shared machine the CPU time is the steadier figure."""
    start, cpu = time.perf_counter(), time.process_time()
    action()
    times.append(((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000))


def _row(name: str, times: list[tuple[float, float]]) -> str:
    wall = [w for w, _ in times]
    cpu = [c for _, c in times]
    return f"| {name} | {statistics.median(wall):.2f} | {max(wall):.2f} | {statistics.median(cpu):.2f} |"


def run() -> str:
    results = session_results()
    session = score_session(results, winners=2)
    assert len(session.pairs) == 2 * TABLES and session.board(1).top == 2 * (TABLES - 1)
    rng = random.Random(7)
    corrections = []
    for _ in range(REPEATS):
        line = rng.choice(results)
        corrections.append(BoardResult(line.board, line.ns, line.ew, score=rng.choice([-100, 400, 430, 1010])))
    load = os.getloadavg()[0]
    incremental: list[tuple[float, float]] = []
    full: list[tuple[float, float]] = []
    plain: list[tuple[float, float]] = []
    table_results = [TableResult(r.board, r.ns, r.ew, r.ns_entry) for r in results]
    last: SessionScore | None = None
    for correction in corrections:
        _timed_ms(partial(session.with_result, correction), incremental)
        fixed = [correction if (r.board, r.ns, r.ew) == (correction.board, correction.ns, correction.ew) else r
                 for r in results]
        _timed_ms(partial(score_session, fixed, winners=2), full)
        _timed_ms(lambda: matchpoint_pairs(table_results), plain)
        last = score_session(fixed, winners=2)
        assert session.with_result(correction).pairs == last.pairs
    ours = statistics.median(w for w, _ in incremental)
    ours_cpu = statistics.median(c for _, c in incremental)
    full_cpu = statistics.median(c for _, c in full)
    lines = [
        "## Club: re-ranking after one corrected result",
        "",
        f"A two-winner session of {TABLES} tables, {ROUNDS * BOARDS_PER_ROUND} boards ({TABLES} results per board, "
        f"{len(results)} traveller lines, {2 * TABLES} pairs); {REPEATS} corrections of one random line, each "
        "timed three ways in turn; medians. Each re-ranking gives the same pairs, places and derivations as "
        f"the full recompute (asserted). Load average at start: {load:.1f} on {os.cpu_count()} cores (shared "
        "machine: CPU time is the steadier figure).",
        "",
        "| method | median wall ms | max wall ms | median CPU ms |",
        "|---|---:|---:|---:|",
        _row("`SessionScore.with_result` (re-score the one board, re-sum, re-rank, with derivations)", incremental),
        _row("`score_session` from scratch (every board, derivations, places)", full),
        _row("`matchpoint_pairs` from scratch (travellers and percentages only)", plain),
        "",
        f"Goal: under {GOAL_MS:.0f} ms — {'met' if ours < GOAL_MS else 'NOT met'} (wall); the incremental "
        f"re-ranking takes {full_cpu / ours_cpu:.1f}× less CPU than the full recompute.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
