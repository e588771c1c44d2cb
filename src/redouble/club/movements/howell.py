"""Howell movements: every pair meets every other, one winner, built from a cyclic Room square (the
starter-adder construction; Mullin & Nemeth) so that in the complete Howell every pair plays every board."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from redouble.club.movement import Movement, MovementError, PairId, Seating, validate

__all__ = ["MAX_TABLES", "MIN_TABLES", "howell"]

MIN_TABLES = 3
MAX_TABLES = 16


def _starters(n: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Starters in Z_n: the patterned one {i, −i} first, then every partition of the non-zero residues into
    pairs whose differences are all distinct."""
    yield tuple((i, n - i) for i in range(1, (n - 1) // 2 + 1))

    def partitions(rest: tuple[int, ...], used: frozenset[int]) -> Iterator[tuple[tuple[int, int], ...]]:
        if not rest:
            yield ()
            return
        first = rest[0]
        for other in rest[1:]:
            differences = {(first - other) % n, (other - first) % n}
            if differences & used:
                continue
            remaining = tuple(x for x in rest if x not in (first, other))
            for tail in partitions(remaining, used | differences):
                yield ((first, other), *tail)

    yield from partitions(tuple(range(1, n)), frozenset())


def _adder(n: int, starter: tuple[tuple[int, int], ...]) -> tuple[int, ...] | None:
    """Distinct non-zero shifts a_i with every x_i − a_i, y_i − a_i distinct and non-zero, or ``None``."""
    shifts: list[int] = []
    used_shift: set[int] = set()
    used_cell: set[int] = set()

    def place(index: int) -> bool:
        if index == len(starter):
            return True
        x, y = starter[index]
        for shift in range(1, n):
            u, v = (x - shift) % n, (y - shift) % n
            if shift in used_shift or 0 in (u, v) or u in used_cell or v in used_cell:
                continue
            shifts.append(shift)
            used_shift.add(shift)
            used_cell.update((u, v))
            if place(index + 1):
                return True
            shifts.pop()
            used_shift.discard(shift)
            used_cell.difference_update((u, v))
        return False

    return tuple(shifts) if place(0) else None


@cache
def _room_square(n: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """A starter and adder of a cyclic Room square of odd side ``n`` (none exists for 3 and 5)."""
    for starter in _starters(n):
        adder = _adder(n, starter)
        if adder is not None:
            return starter, adder
    raise MovementError(f"no cyclic Room square of side {n}")  # pragma: no cover - exists for every odd n >= 7


#: The three-table Howell (six pairs, five rounds): a cyclic Room square of side 5 does not exist, so each
#: table plays two of ten half-sets a round and every pair still plays all ten (twenty boards at two a
#: half-set, as the ACBL and EBU cards do). Rows: (round, table, NS, EW, half-set, half-set), from an
#: exhaustive search over the round robin {6, r}, {r+1, r+4}, {r+2, r+3} (mod 5); ``validate`` re-proves it.
_THREE_TABLES: tuple[tuple[int, int, int, int, int, int], ...] = (
    (1, 1, 6, 1, 1, 2), (1, 2, 2, 5, 3, 4), (1, 3, 3, 4, 5, 6),
    (2, 1, 6, 2, 5, 7), (2, 2, 3, 1, 3, 8), (2, 3, 4, 5, 1, 9),
    (3, 1, 6, 3, 4, 9), (3, 2, 4, 2, 2, 8), (3, 3, 5, 1, 5, 10),
    (4, 1, 6, 4, 3, 10), (4, 2, 5, 3, 2, 7), (4, 3, 1, 2, 6, 9),
    (5, 1, 6, 5, 6, 8), (5, 2, 1, 4, 4, 7), (5, 3, 2, 3, 1, 10),
)


def howell(tables: int, *, rounds: int | None = None, boards_per_round: int = 2, half_table: bool = False,
           section: str = "A", first_board: int = 1) -> Movement:
    """A Howell for 3–16 tables, validated: complete (2T−1 rounds, every pair meets every other and plays every
    board) or partial (the first ``rounds`` rounds); ``half_table`` leaves the stationary pair 2T out.

    Pair 2T sits North-South at table 1 throughout; the others move round the cycle of the Room square and sit
    NS T−1 times and EW T times.

    >>> m = howell(4)
    >>> len(m.rounds), len(m.pairs), len(m.boards)
    (7, 8, 14)
    """
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise MovementError(f"a Howell needs {MIN_TABLES} to {MAX_TABLES} tables, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    full = 2 * tables - 1
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise MovementError(f"a {tables}-table Howell has 1 to {full} rounds, not {played}")
    stationary = 2 * tables
    seatings = []

    def pair(number: int) -> PairId | None:
        return None if half_table and number == stationary else PairId(number, None, section)

    if tables == 3:
        if boards_per_round % 2:
            raise MovementError("the three-table Howell plays two half-sets a round: boards per round must be even")
        half = boards_per_round // 2
        for round_, table, ns, ew, first, second in _THREE_TABLES:
            if round_ > played:
                continue
            boards = [*range(first_board + (first - 1) * half, first_board + first * half),
                      *range(first_board + (second - 1) * half, first_board + second * half)]
            seatings.append(Seating(section, table, round_, pair(ns), pair(ew), tuple(boards)))
    else:
        starter, adder = _room_square(full)
        for r in range(played):
            cells = [(stationary, r + 1, r), *(((x + r) % full + 1, (y + r) % full + 1, (r + a) % full)
                                               for (x, y), a in zip(starter, adder, strict=True))]
            for table, (ns, ew, board_set) in enumerate(cells, start=1):
                low = first_board + board_set * boards_per_round
                seatings.append(Seating(section, table, r + 1, pair(ns), pair(ew),
                                        tuple(range(low, low + boards_per_round))))
    name = f"Howell {tables} tables" + ("" if played == full else f" {played} rounds") + (
        " half table" if half_table else "")
    movement = Movement(name, tuple(seatings))
    validate(movement)
    return movement
