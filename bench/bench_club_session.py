"""Club session: what one corrected result costs a live session, from the record to the new ranking.

The session is ``bench_club_ranking``'s 30-table, 27-board two-winner evening (810 traveller lines,
60 pairs; each score moved to the nearest one the board's vulnerability allows, since the session
checks that), entered as a ``Session`` record log and stored in SQLite. Timed per correction, in
turn: ``Session.correct`` (the record checked against a copy of the state, stored, applied),
``Session.score`` after it (only the corrected board re-scored), and the peer measured in the same
run, ``SessionState.score`` (every board from scratch); then the whole log folded again
(``Session.as_of`` the last record, what rebuilds any page as it stood) and the session loaded from
SQLite. Medians of alternating rounds.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.bench_club_ranking import BOARDS_PER_ROUND, ROUNDS, TABLES, session_results
from redouble.board import board_vulnerability
from redouble.club.movement import Movement, Seating
from redouble.club.results import BoardResult
from redouble.club.session import Session, possible_scores
from redouble.club.store import ClubStore

REPEATS = 15
GOAL_MS = 20.0


def _movement(results: list[BoardResult]) -> Movement:
    boards: dict[tuple[int, int], list[int]] = {}
    pairs = {}
    for line in results:
        assert line.table is not None and line.round is not None
        boards.setdefault((line.table, line.round), []).append(line.board)
        pairs[(line.table, line.round)] = (line.ns, line.ew)
    return Movement("bench", tuple(Seating("A", table, round_, *pairs[(table, round_)], tuple(boards[(table, round_)]))
                                   for table, round_ in sorted(boards)), sharing=True)


def _clock() -> Callable[[], datetime]:
    moments = iter(datetime(2026, 11, 24, 19, 30, tzinfo=UTC) + timedelta(seconds=n) for n in range(100_000))
    return lambda: next(moments)


def _ms(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def _possible(results: list[BoardResult]) -> list[BoardResult]:
    """The ranking bench's lines with each score moved to a score the board's vulnerability allows."""
    out = []
    for line in results:
        allowed = sorted(possible_scores(board_vulnerability(line.board)))
        score = line.score or 0
        near = min(allowed, key=lambda value: (abs(value - score), value))
        out.append(BoardResult(line.board, line.ns, line.ew, score=near, table=line.table, round=line.round))
    return out


def run() -> str:
    results = _possible(session_results())
    with tempfile.TemporaryDirectory() as folder:
        store = ClubStore(str(Path(folder) / "bench.db"))
        session = Session.open("bench", _movement(results), by="director", winners=2, clock=_clock())
        for line in results:
            session.enter(line, by="scorer")
        session_id = store.create(session)
        live = store.load(session_id)
        live.score()
        rng = random.Random(11)
        correct: list[float] = []
        rescore: list[float] = []
        full: list[float] = []
        fold: list[float] = []
        load: list[float] = []
        for _ in range(REPEATS):
            old = rng.choice(results)
            fixed = BoardResult(old.board, old.ns, old.ew, score=rng.choice([-100, -50, 50, 100]),
                                table=old.table, round=old.round)
            correct.append(_ms(lambda fixed=fixed: live.correct(fixed, by="td", reason="bench")))
            rescore.append(_ms(live.score))
            full.append(_ms(lambda: live.state.score()))
            assert live.score().pairs == live.state.score().pairs
            fold.append(_ms(lambda: live.as_of(len(live))))
            load.append(_ms(lambda: store.load(session_id)))
        store.close()
    median = statistics.median
    per_entry = median(correct) + median(rescore)
    return "\n".join([
        "## Club: a corrected result in a live session",
        "",
        f"{TABLES} tables, {ROUNDS * BOARDS_PER_ROUND} boards, {len(results)} traveller lines, {2 * TABLES} pairs, "
        f"two winners; the log holds {len(results) + 1} records and grows by one per correction; {REPEATS} "
        "corrections (SQLite, a file); medians and maxima in ms.",
        "",
        "| step | median ms | max ms |",
        "|---|---:|---:|",
        f"| `Session.correct`: check on a copy, store the record in SQLite, apply | {median(correct):.2f} | "
        f"{max(correct):.2f} |",
        f"| `Session.score` after it (the one board re-scored, every pair re-ranked) | {median(rescore):.2f} | "
        f"{max(rescore):.2f} |",
        f"| peer: `SessionState.score` (every board from scratch) | {median(full):.2f} | {max(full):.2f} |",
        f"| `Session.as_of(last)`: the whole log folded again | {median(fold):.2f} | {max(fold):.2f} |",
        f"| `ClubStore.load`: the session read from SQLite and folded | {median(load):.2f} | {max(load):.2f} |",
        "",
        f"One correction to the new ranking: {per_entry:.1f} ms (goal under {GOAL_MS:.0f} ms: "
        f"{'met' if per_entry < GOAL_MS else 'NOT met'}); the live re-score is {median(full) / median(rescore):.1f}× "
        "as fast as scoring from scratch.",
    ])


if __name__ == "__main__":
    print(run())
