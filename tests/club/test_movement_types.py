"""The movement value types and Bridgemate RoundData CSV, both ways."""

from __future__ import annotations

import pytest

from redouble.club.movement import CSV_HEADER, Movement, MovementError, PairId, Seating, mitchell
from redouble.seats import Side


@pytest.mark.parametrize(("text", "pair"), [
    ("7", PairId(7)),
    ("3NS", PairId(3, Side.NS)),
    ("3EW", PairId(3, Side.EW)),
    ("12 E", PairId(12, Side.EW)),
    ("4n", PairId(4, Side.NS)),
])
def test_pair_parse(text: str, pair: PairId) -> None:
    assert PairId.parse(text) == pair
    assert PairId.parse(str(pair)) == pair
    assert eval(repr(pair)) == pair


@pytest.mark.parametrize("text", ["", "0", "NS", "3XY", "-1", "3.5"])
def test_pair_parse_refuses(text: str) -> None:
    with pytest.raises(MovementError):
        PairId.parse(text)


def test_pair_str_leaves_out_the_section() -> None:
    assert str(PairId(3, Side.EW, "B")) == "3EW"
    assert PairId.parse("3EW", section="B").section == "B"


def test_seating_answers_who_sits_where() -> None:
    seating = Seating("A", 2, 1, PairId(2, Side.NS), PairId(5, Side.EW), (3, 4))
    assert seating.side_of(PairId(5, Side.EW)) is Side.EW
    assert seating.opponent_of(PairId(2, Side.NS)) == PairId(5, Side.EW)
    assert seating.side_of(PairId(1)) is None
    assert not seating.switched and not seating.is_sit_out
    switched = Seating("A", 2, 1, PairId(5, Side.EW), PairId(2, Side.NS), (3, 4))
    assert switched.switched


def test_movement_lookups() -> None:
    movement = mitchell(5)
    assert movement.rounds == (1, 2, 3, 4, 5)
    assert movement.tables == (1, 2, 3, 4, 5)
    assert len(movement.pairs) == 10
    assert movement.boards == tuple(range(1, 11))
    assert movement.at(3, 2).ns == PairId(3, Side.NS)
    seating = movement.seating_of(PairId(1, Side.EW), 2)
    assert seating is not None and seating.table == 2
    with pytest.raises(MovementError, match="table 9 in round 1"):
        movement.at(9, 1)


def test_movement_repr_rebuilds_it() -> None:
    movement = mitchell(4, relay=True, arrow_switch=(4,))
    rebuilt = eval(repr(movement))
    assert rebuilt == movement and hash(rebuilt) == hash(movement)
    assert rebuilt.at(2, 3) == movement.at(2, 3)


def test_movement_refuses_a_table_seated_twice_in_a_round() -> None:
    seat = Seating("A", 1, 1, PairId(1), PairId(2), (1, 2))
    with pytest.raises(MovementError, match="table 1 round 1"):
        Movement("x", (seat, seat))


def test_csv_header_first_and_sit_out_pair_zero() -> None:
    movement = mitchell(5, half_table=True)
    lines = movement.csv().splitlines()
    assert lines[0] == CSV_HEADER
    assert len(lines) == 1 + 25
    # EW pair 5 is missing: its opponents' rows carry pair 0
    assert "A,5,1,5,0,9,10" in lines


@pytest.mark.parametrize("movement", [
    mitchell(7), mitchell(8, skip=True), mitchell(8, relay=True), mitchell(9, half_table=True),
    mitchell(6, skip=True, arrow_switch=(5,)),
])
def test_csv_round_trips(movement: Movement) -> None:
    back = Movement.from_csv(movement.csv(), name=movement.name, switched_rounds=movement.switched_rounds,
                             sharing=movement.sharing)
    assert back.seatings == movement.seatings


def test_csv_writes_arrow_switched_tables_in_their_home_directions() -> None:
    movement = mitchell(5, arrow_switch=(5,))
    row = next(line for line in movement.csv().splitlines() if line.startswith("A,1,5,"))
    assert row.split(",")[3] == "1"  # NS pair 1 stays in the NSPair column
    assert movement.at(1, 5).ns == PairId(2, Side.EW)


def test_csv_with_unique_numbers_reads_a_howell() -> None:
    text = CSV_HEADER + "\nA,1,1,4,1,1,2\nA,2,1,2,3,3,4\nA,1,2,4,2,5,6\nA,2,2,3,1,7,8\n"
    movement = Movement.from_csv(text)
    assert movement.at(1, 1).ns == PairId(4)
    assert movement.pairs == (PairId(1), PairId(2), PairId(3), PairId(4))


def test_csv_with_broken_runs_takes_a_row_per_run() -> None:
    seating = Seating("A", 1, 1, PairId(6), PairId(1), (1, 2, 19, 20))
    movement = Movement("x", (seating,))
    assert movement.csv().splitlines()[1:] == ["A,1,1,6,1,1,2", "A,1,1,6,1,19,20"]
    assert Movement.from_csv(movement.csv(), name="x") == movement


def test_csv_from_a_spreadsheet() -> None:
    text = mitchell(3).csv()
    european = "\ufeff" + text.replace(",", ";").replace("\n", "\r\n")
    assert Movement.from_csv(european).seatings == mitchell(3).seatings
    with pytest.raises(MovementError, match="line 4: table, round"):
        Movement.from_csv(CSV_HEADER + "\nA,1,1,1,1,1,2\n\nA,x,1,2,2,3,4\n")


def test_csv_is_validated_as_it_is_read() -> None:
    replay = CSV_HEADER + "\nA,1,1,4,1,1,2\nA,2,1,2,3,3,4\nA,1,2,4,2,3,4\nA,2,2,3,1,1,2\n"
    with pytest.raises(MovementError, match=r"table 1 round 2: pair 2 plays board 3 again \(first at table 2"):
        Movement.from_csv(replay)
    assert len(Movement.from_csv(replay, check=False).seatings) == 4


def test_csv_declares_the_sharing_it_holds_unless_told_not_to() -> None:
    text = mitchell(4, relay=True).csv()
    assert Movement.from_csv(text).sharing
    with pytest.raises(MovementError, match="declares no sharing"):
        Movement.from_csv(text, sharing=False)
    assert not Movement.from_csv(mitchell(5).csv()).sharing


def test_sections_combine() -> None:
    both = Movement.combine("evening", mitchell(5, section="A"), mitchell(4, skip=True, section="B"))
    assert both.sections == ("A", "B")
    assert both.at(1, 1, "B").ns == PairId(1, Side.NS, "B")
    back = Movement.from_csv(both.csv(), name="evening")
    assert back.seatings == both.seatings
    with pytest.raises(MovementError, match="repeat a letter"):
        Movement.combine("x", mitchell(5), mitchell(3))


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty"),
    ("Table,Round\n1,1", "line 1"),
    (CSV_HEADER + "\nA,1,x,1,2,1,2", "line 2"),
    (CSV_HEADER + "\nA,1,1,1,2", "line 2: expected 7 columns"),
    (CSV_HEADER + "\nA,1,1,1,2,5,3", "line 2"),
])
def test_csv_refuses_bad_input(text: str, message: str) -> None:
    with pytest.raises(MovementError, match=message):
        Movement.from_csv(text)
