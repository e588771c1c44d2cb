"""Howell movements: every pair meets every other, one winner, built from a cyclic Room square (the
starter-adder construction; Mullin & Nemeth) so that in the complete Howell every pair plays every board, and
partial Howells on KoPS's cyclic band pattern."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import cache

from redouble.club.movement import Movement, MovementError, PairId, Seating, validate
from redouble.club.movements.mitchell import mitchell

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


def _north_block(n: int) -> frozenset[int] | None:
    """The positions whose pairs should sit NS for balanced comparisons: a difference set of Z_n with T−1 elements
    (the quadratic residues of a prime n; the twin-prime set for 15), or ``None`` when Z_n has none here.

    Every two pairs are then compared equally often when n ≡ 3 (mod 4), and within two boards' worth otherwise.
    """
    if n > 2 and all(n % d for d in range(2, int(n ** 0.5) + 1)):
        return frozenset(x * x % n for x in range(1, n))
    if n == 15:  # the twin-prime (15, 7, 3) difference set {0, 1, 2, 4, 5, 8, 10}, moved off 0
        return frozenset((x + 1) % 15 for x in (0, 1, 2, 4, 5, 8, 10))
    return None


def _adder(n: int, starter: tuple[tuple[int, int], ...], north: frozenset[int] | None = None,
           budget: int = 200_000) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None:
    """Distinct non-zero shifts a_i with every x_i − a_i, y_i − a_i distinct and non-zero (and, given ``north``,
    exactly one of them in it: that pair sits NS), with the starter so oriented; ``None`` if there are none."""
    shifts: list[int] = []
    oriented: list[tuple[int, int]] = []
    used_shift: set[int] = set()
    used_cell: set[int] = set()
    nodes = 0

    def place(index: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        if index == len(starter):
            return True
        x, y = starter[index]
        for shift in range(1, n):
            u, v = (x - shift) % n, (y - shift) % n
            if shift in used_shift or 0 in (u, v) or u in used_cell or v in used_cell:
                continue
            if north is not None and (u in north) == (v in north):
                continue
            shifts.append(shift)
            oriented.append((y, x) if north is not None and v in north else (x, y))
            used_shift.add(shift)
            used_cell.update((u, v))
            if place(index + 1):
                return True
            shifts.pop()
            oriented.pop()
            used_shift.discard(shift)
            used_cell.difference_update((u, v))
        return False

    return (tuple(oriented), tuple(shifts)) if place(0) else None


@cache
def _room_square(n: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """An oriented starter (NS element first) and adder of a cyclic Room square of odd side ``n``, balanced for
    comparisons where a difference set allows (none exists for 3 and 5)."""
    north = _north_block(n)
    if north is not None:
        for starter in itertools.islice(_starters(n), 200):
            found = _adder(n, starter, north)
            if found is not None:
                return found
    for starter in _starters(n):
        found = _adder(n, starter)
        if found is not None:
            return _orient(n, *found)
    raise MovementError(f"no cyclic Room square of side {n}")  # pragma: no cover - exists for every odd n >= 7


def _orient(n: int, starter: tuple[tuple[int, int], ...], adder: tuple[int, ...]) -> \
        tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Choose which pair of each table sits NS so that comparisons are as even as this square allows: every
    orientation is tried, the spread of how often each difference falls within the NS block is minimised."""
    cells = [((x - a) % n, (y - a) % n) for (x, y), a in zip(starter, adder, strict=True)]
    best: tuple[int, int] | None = None
    for mask in range(1 << (len(cells) - 1)):  # the first table's orientation is fixed: a mirror is as good
        block = [cell[(mask >> index) & 1] if index else cell[0] for index, cell in enumerate(cells)]
        counts = [0] * n
        for first in block:
            for second in block:
                counts[(first - second) % n] += 1
        spread = max(counts[1:]) - min(counts[1:])
        if best is None or spread < best[0]:
            best = (spread, mask)
    assert best is not None
    mask = best[1]
    oriented = tuple((y, x) if index and (mask >> index) & 1 else (x, y) for index, (x, y) in enumerate(starter))
    return oriented, adder


class _OutOfBudget(Exception):
    """The cyclic search gave up: a partial Howell of this size is then cut from a longer one."""


@cache
def _cyclic_design(tables: int, rounds: int, budget: int = 400_000) -> tuple[tuple[tuple[int, ...], int], ...] | None:
    """A cyclic partial Howell as KoPS builds them: ``rounds`` moving pairs on a band of positions Z_R, the other
    2T−R pairs stationary, one to a table; sets rotate through R stands (T tables, R−T relays).

    Returns each table's band positions (one at a stationary table, two at a band table) with its stand, or
    ``None``: the band tables' position differences ±d must all differ (no pair meets another twice) and
    stand − position must run through Z_R (no pair meets a set twice); every set is then played T times.
    """
    stationary = 2 * tables - rounds
    if not 1 <= stationary <= tables:
        return None
    if tables % 2 == 0 and rounds in (tables, tables + 1):
        # R = T even is an even-table Mitchell: Z_R has no complete mapping (Hall–Paige); R = T + 1 has no design
        # for T = 4 and 6 by exhaustive search, and is not searched for larger T
        return None
    band_tables = tables - stationary
    nodes = 0

    def tick() -> None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget

    def partitions(rest: tuple[int, ...], used: frozenset[int], need: int,
                   singles: int) -> Iterator[tuple[tuple[int, int], ...]]:
        tick()
        if need == 0:
            yield ()
            return
        first = rest[0]
        for other in rest[1:]:
            up, down = (other - first) % rounds, (first - other) % rounds
            if up == down or up in used or down in used:
                continue
            remaining = tuple(x for x in rest if x not in (first, other))
            for tail in partitions(remaining, used | {up, down}, need - 1, singles):
                yield ((first, other), *tail)
        if singles > 0:
            yield from partitions(rest[1:], used, need, singles - 1)

    def stands(groups: list[tuple[int, ...]]) -> list[int] | None:
        chosen = [0] * len(groups)
        used_stand: set[int] = set()
        used_value: set[int] = set()
        order = sorted(range(len(groups)), key=lambda i: -len(groups[i]))

        def place(step: int) -> bool:
            tick()
            if step == len(order):
                return True
            group = groups[order[step]]
            for stand in range(rounds):
                values = {(stand - x) % rounds for x in group}
                if stand in used_stand or values & used_value or len(values) < len(group):
                    continue
                chosen[order[step]] = stand
                used_stand.add(stand)
                used_value.update(values)
                if place(step + 1):
                    return True
                used_stand.discard(stand)
                used_value.difference_update(values)
            return False

        return chosen if place(0) else None

    try:
        for pairs in partitions(tuple(range(rounds)), frozenset(), band_tables, stationary):
            taken = {x for pair in pairs for x in pair}
            groups: list[tuple[int, ...]] = [(x,) for x in range(rounds) if x not in taken] + list(pairs)
            found = stands(groups)
            if found is not None:
                return tuple(zip(groups, found, strict=True))
    except _OutOfBudget:
        return None
    return None


def _cyclic_seatings(tables: int, length: int, played: int, design: tuple[tuple[tuple[int, ...], int], ...],
                     section: str, boards_per_round: int, first_board: int,
                     pair: Callable[[int], PairId | None]) -> list[Seating]:
    """The first ``played`` rounds of a cyclic design of ``length`` rounds: stationary pairs 2T, 2T−1, … NS at
    tables 1, 2, …; moving pair i+1 at band position i + r − 1 in round r."""
    seatings = []
    first_stand = design[0][1]
    for r in range(played):
        for table, (positions, stand) in enumerate(design, start=1):
            movers = [(p - r) % length + 1 for p in positions]
            ns, ew = (2 * tables + 1 - table, movers[0]) if len(movers) == 1 else (movers[0], movers[1])
            board_set = (stand - first_stand - r) % length
            low = first_board + board_set * boards_per_round
            boards = tuple(range(low, low + boards_per_round))
            seatings.append(Seating(section, table, r + 1, pair(ns), pair(ew), boards))
    return seatings


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


def _partial_length(tables: int, rounds: int) -> int | None:
    """The shortest cyclic design of at least ``rounds`` rounds that exists (short of the complete Howell)."""
    for length in range(max(rounds, tables), 2 * tables - 1):
        if _cyclic_design(tables, length) is not None:
            return length
    return None


def howell(tables: int, *, rounds: int | None = None, boards_per_round: int = 2, half_table: bool = False,
           section: str = "A", first_board: int = 1) -> Movement:
    """A Howell for 3–16 tables, validated: complete (2T−1 rounds, every pair meets every other and plays every
    board) or partial (``rounds`` rounds); ``half_table`` leaves pair 2T, stationary at table 1, out.

    The complete Howell is a cyclic Room square: pair 2T NS at table 1 throughout, the others NS T−1 times and EW
    T times. A partial Howell is KoPS's cyclic kind where one exists (R moving pairs on a band, stationary pairs
    NS, sets rotating over tables and relays, every set played T times), else cut from the next longer one
    (``validate(...).uniform`` then says boards are played unequally often); with fewer rounds than an even
    number of tables it is a skip Mitchell with the EW pairs numbered T+1 … 2T.

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

    if played < tables and tables % 2 == 0:
        # fewer rounds than tables: a skip Mitchell with the EW pairs numbered T+1 … 2T plays every set each round
        for seat in mitchell(tables, skip=True, rounds=played, boards_per_round=boards_per_round,
                             first_board=first_board, section=section).seatings:
            ns_number = seat.ns.number if seat.ns else 0
            ew_number = tables + seat.ew.number if seat.ew else 0
            seatings.append(Seating(section, seat.table, seat.round, pair(ns_number), pair(ew_number), seat.boards))
    elif played < full and (length := _partial_length(tables, played)) is not None:
        design = _cyclic_design(tables, length)
        assert design is not None
        seatings = _cyclic_seatings(tables, length, played, design, section, boards_per_round, first_board, pair)
    elif tables == 3:
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
