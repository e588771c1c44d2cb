"""Movements and sessions shared by the club session, store, paper and page tests."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

from redouble.club.movement import Movement, PairId, Seating
from redouble.club.session import Session

#: Seed 001's traveller of board 1 (none vulnerable): NS pair, EW pair, what was typed, NS score, NS MPs.
SEED_TRAVELLER = [
    (1, 8, "4S N 10", 420, 5), (2, 13, "3NT S 10", 430, 8), (3, 11, "5DX E 8", 500, 12),
    (4, 9, "4S N 10", 420, 5), (5, 14, "4S N 11", 450, 10), (6, 12, "5S N 10", -50, 0),
    (7, 10, "3S N 10", 170, 2),
]


def seed_movement() -> Movement:
    """A 7-table, 7-round movement (one board a round) in which board 1 meets seed 001's traveller.

    NS pairs 1-7 stay at tables 1-7, EW pairs 8-14 move; set s is at table t in round r when
    s = (t − r) mod 7 + 1, EW pair 8 + ((t − 3r + 2) mod 7): every EW pair meets every NS pair
    and every board once.
    """
    seatings = []
    for round_ in range(1, 8):
        for table in range(1, 8):
            ew = 8 + (table - 3 * round_ + 2) % 7
            board = (table - round_) % 7 + 1
            seatings.append(Seating("A", table, round_, PairId(table), PairId(ew), (board,)))
    return Movement("seed 001", tuple(seatings))


def clock(start: datetime = datetime(2026, 11, 24, 19, 30, tzinfo=UTC)) -> Callable[[], datetime]:
    """A clock that moves one minute each time it is read."""
    moments: Iterator[datetime] = (start + timedelta(minutes=minute) for minute in range(10_000))
    return lambda: next(moments)


def three_table_howell() -> Movement:
    """A 3-table Howell-like 7-pair movement with a sit-out, and boards 1-2 shared by two tables.

    Round 1: table 1 pairs 1 v 2 boards 1-2; table 2 pairs 3 v 4 boards 1-2 (shared with table 1,
    played after it); table 3 pairs 5 v 6 boards 3-4; pair 7 sits out.
    Round 2: table 1 pairs 1 v 3 boards 3-4; table 2 pairs 5 v 7 boards 1-2; table 3 pairs 2 v 4
    boards 3-4 (shared); pair 6 sits out.
    """
    p = PairId
    return Movement("shared", (
        Seating("A", 1, 1, p(1), p(2), (1, 2)), Seating("A", 2, 1, p(3), p(4), (1, 2)),
        Seating("A", 3, 1, p(5), p(6), (3, 4)), Seating("A", 4, 1, p(7), None, ()),
        Seating("A", 1, 2, p(1), p(3), (3, 4)), Seating("A", 2, 2, p(5), p(7), (1, 2)),
        Seating("A", 3, 2, p(2), p(4), (3, 4)), Seating("A", 4, 2, p(6), None, ()),
    ))


def seed_session() -> Session:
    """Seed 001's movement opened as a one-winner matchpoint session on a one-minute clock."""
    return Session.open("Seed 001 club night", seed_movement(), by="director", clock=clock(), winners=1)
