"""The validator proves a movement's properties and names the table, round and board or pair that breaks one."""

from __future__ import annotations

import pytest

from redouble.club.movement import Movement, MovementError, PairId, Seating, mitchell, validate
from redouble.seats import Side


def _movement(*rows: tuple[int, int, int | None, int | None, tuple[int, ...]], **declared: bool) -> Movement:
    seatings = tuple(Seating("A", table, round_, None if ns is None else PairId(ns), None if ew is None else PairId(ew),
                             boards) for table, round_, ns, ew, boards in rows)
    return Movement("hand-made", seatings, **declared)


def test_a_pair_seated_twice_in_a_round() -> None:
    movement = _movement((1, 1, 1, 2, (1, 2)), (2, 1, 3, 1, (3, 4)))
    with pytest.raises(MovementError, match=r"table 2 round 1: pair 1 is also seated at table 1"):
        validate(movement)


def test_a_board_at_two_tables_without_declared_sharing() -> None:
    movement = _movement((1, 1, 1, 2, (1, 2)), (2, 1, 3, 4, (2, 3)))
    with pytest.raises(MovementError, match=r"table 2 round 1: board 2 is also at table 1"):
        validate(movement)
    report = validate(movement, sharing_allowed=True)
    assert [(s.round, s.board, s.tables) for s in report.shares] == [(1, 2, (1, 2))]
    assert report.max_sharing == 2


def test_a_pair_playing_a_board_twice() -> None:
    movement = _movement((1, 1, 1, 2, (1, 2)), (2, 1, 3, 4, (3, 4)), (1, 2, 1, 3, (3, 4)), (2, 2, 2, 4, (5, 6)))
    with pytest.raises(MovementError, match=r"table 1 round 2: pair 3 plays board 3 again \(first at table 2 in round"):
        validate(movement)


def test_pairs_meeting_twice_unless_declared() -> None:
    rows = ((1, 1, 1, 2, (1, 2)), (1, 2, 2, 1, (3, 4)))
    with pytest.raises(MovementError, match=r"table 1 round 2: pairs 2 and 1 meet again"):
        validate(_movement(*rows))
    report = validate(_movement(*rows, meets_twice=True))
    assert report.repeats == ((PairId(1), PairId(2), 2),)


def test_two_ns_pairs_cannot_meet() -> None:
    movement = Movement("x", (Seating("A", 1, 1, PairId(1, Side.NS), PairId(2, Side.NS), (1,)),))
    with pytest.raises(MovementError, match="both NS pairs"):
        validate(movement)


def test_empty_table_and_missing_boards() -> None:
    with pytest.raises(MovementError, match="nobody is seated"):
        validate(_movement((1, 1, None, None, (1,))))
    with pytest.raises(MovementError, match="table 1 round 1: no boards"):
        validate(_movement((1, 1, 1, 2, ())))
    with pytest.raises(MovementError, match="plays against itself"):
        validate(_movement((1, 1, 1, 1, (1,))))


def test_a_sit_out_does_not_count_as_a_play() -> None:
    report = validate(_movement((1, 1, 1, 2, (1, 2)), (2, 1, 3, None, (3, 4))))
    assert dict(report.plays) == {1: 1, 2: 1}
    balance = {b.pair: (b.ns, b.ew, b.sit_outs) for b in report.balance}
    assert balance[PairId(3)] == (0, 0, 1)
    assert balance[PairId(1)] == (1, 0, 0)


def test_report_of_a_five_table_mitchell() -> None:
    report = validate(mitchell(5, boards_per_round=3))
    assert (report.tables, report.rounds, report.pairs) == (5, 5, 10)
    assert report.uniform and dict(report.plays) == dict.fromkeys(range(1, 16), 5)
    assert report.complete  # every NS pair meets every EW pair
    assert {(b.ns, b.ew) for b in report.balance} == {(5, 0), (0, 5)}
    assert "5 tables, 5 rounds, 10 pairs, 15 boards played 5×" in report.summary()
