"""Mitchell and Howell generators: hand-checked small cases and a property test over every size."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.club.movement import Movement, MovementError, PairId, comparison_balance, howell, mitchell, validate
from redouble.club.movements.mitchell import arrow_switch_rounds
from redouble.seats import Side


def _grid(movement: Movement) -> list[tuple[int, int, str, str, int]]:
    return [(s.table, s.round, str(s.ns), str(s.ew), s.boards[0]) for s in movement.seatings]


def test_three_table_mitchell_by_hand() -> None:
    # NS stationary, EW up one table, boards down one (bridgecentral.com / the ACBL director's handbook)
    assert _grid(mitchell(3)) == [
        (1, 1, "1NS", "1EW", 1), (2, 1, "2NS", "2EW", 3), (3, 1, "3NS", "3EW", 5),
        (1, 2, "1NS", "3EW", 3), (2, 2, "2NS", "1EW", 5), (3, 2, "3NS", "2EW", 1),
        (1, 3, "1NS", "2EW", 5), (2, 3, "2NS", "3EW", 1), (3, 3, "3NS", "1EW", 3),
    ]


def test_ns_pair_n_and_ew_pair_n_are_different_pairs() -> None:
    movement = mitchell(7)
    assert PairId(1, Side.NS) != PairId(1, Side.EW)
    assert len(movement.pairs) == 14


def test_skip_mitchell_six_tables() -> None:
    movement = mitchell(6, skip=True)
    assert movement.rounds == (1, 2, 3, 4, 5)
    # EW pair 1 moves up a table a round and skips a table before round 4 (T/2 + 1)
    tables = [movement.seating_of(PairId(1, Side.EW), r).table for r in movement.rounds]  # type: ignore[union-attr]
    assert tables == [1, 2, 3, 5, 6]
    report = validate(movement)
    assert not report.complete and report.uniform and not report.shares


def test_relay_mitchell_eight_tables() -> None:
    movement = mitchell(8, relay=True)
    report = validate(movement)
    assert report.rounds == 8 and report.complete
    # table 8 shares with table 1 every round; nothing else is shared
    assert {share.tables for share in report.shares} == {(1, 8)}
    assert report.max_sharing == 2
    # eight sets: seven at the tables, one on the relay between tables 4 and 5
    for round_ in movement.rounds:
        in_play = {s.boards[0] for s in movement.round_seatings(round_)}
        assert len(in_play) == 7
    # boards from table 5 go to the relay, and from the relay to table 4
    assert movement.at(5, 1).boards not in [movement.at(t, 2).boards for t in movement.tables]
    assert movement.at(4, 3).boards == movement.at(5, 1).boards


def test_bye_stands_lengthen_the_set_cycle() -> None:
    movement = mitchell(7, bye_stands=2)
    report = validate(movement)
    assert len(movement.boards) == 18 and report.rounds == 7
    assert not report.uniform  # nine sets for seven rounds: some are played less often


def test_half_table_leaves_a_sit_out() -> None:
    movement = mitchell(9, half_table=True)
    assert PairId(9, Side.EW) not in movement.pairs
    report = validate(movement)
    assert sum(1 for s in movement.seatings if s.is_sit_out) == 9
    assert {b.sit_outs for b in report.balance if b.pair.direction is Side.NS} == {1}


def test_arrow_switch_swaps_directions_in_the_switched_rounds() -> None:
    movement = mitchell(7, arrow_switch=True)
    assert movement.switched_rounds == arrow_switch_rounds(7) == (7,)
    for seating in movement.round_seatings(7):
        assert seating.switched
        assert seating.ns is not None and seating.ns.direction is Side.EW
    assert not any(s.switched for s in movement.seatings if s.round != 7)
    assert arrow_switch_rounds(24) == (22, 23, 24)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"tables": 2}, "3 to 30 tables"),
    ({"tables": 31}, "3 to 30 tables"),
    ({"tables": 5, "skip": True}, "even number of tables"),
    ({"tables": 5, "relay": True}, "even number of tables"),
    ({"tables": 6}, "use the skip or the relay"),
    ({"tables": 6, "skip": True, "relay": True}, "not both"),
    ({"tables": 5, "boards_per_round": 0}, "at least 1"),
    ({"tables": 5, "arrow_switch": (6,)}, "arrow switch in round 6"),
    ({"tables": 6, "relay": True, "bye_stands": 1}, "again"),
])
def test_mitchell_refuses(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MovementError, match=message):
        mitchell(**kwargs)  # type: ignore[arg-type]


def test_howell_four_tables_complete() -> None:
    movement = howell(4)
    report = validate(movement)
    assert report.rounds == 7 and report.pairs == 8 and report.complete
    assert report.uniform and dict(report.plays) == dict.fromkeys(range(1, 15), 4)
    # every pair plays every board, the stationary pair 8 sits NS at table 1
    assert all(movement.at(1, r).ns == PairId(8) for r in movement.rounds)
    assert {(b.ns, b.ew) for b in report.balance} == {(7, 0), (3, 4)}


def test_howell_three_tables_plays_half_sets() -> None:
    movement = howell(3, boards_per_round=4)
    report = validate(movement)
    assert report.rounds == 5 and report.complete and dict(report.plays) == dict.fromkeys(range(1, 21), 3)
    with pytest.raises(MovementError, match="even"):
        howell(3, boards_per_round=3)


def test_partial_howell_is_cyclic_and_uniform() -> None:
    # the size of KoPS's 9-11 (howellki): 18 pairs, 11 rounds, 11 sets each played 9 times
    movement = howell(9, rounds=11)
    report = validate(movement)
    assert report.rounds == 11 and not report.complete
    assert dict(report.plays) == dict.fromkeys(range(1, 23), 9)
    # seven stationary pairs NS at tables 1-7, the eleven moving pairs follow the band
    assert all(movement.at(t, r).ns == PairId(19 - t) for t in range(1, 8) for r in movement.rounds)
    # each round two sets rest on relay stands
    assert all(len({s.boards for s in movement.round_seatings(r)}) == 9 for r in movement.rounds)


@pytest.mark.parametrize(("tables", "rounds"), [(t, r) for t in range(3, 17) for r in range(1, 2 * t - 1)
                                                if not (t % 2 == 0 and r in (t, t + 1)) and (t, r) not in
                                                ((4, 6), (5, 8))])
def test_partial_howells_play_every_board_equally_often(tables: int, rounds: int) -> None:
    report = validate(howell(tables, rounds=rounds))
    assert report.uniform and report.rounds == rounds


@pytest.mark.parametrize(("tables", "rounds"), [(4, 4), (4, 6), (5, 8), (8, 9), (16, 16)])
def test_partial_howells_without_a_cyclic_design_are_cut_from_a_longer_one(tables: int, rounds: int) -> None:
    report = validate(howell(tables, rounds=rounds))
    assert report.rounds == rounds and not report.uniform


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"tables": 2}, "3 to 16 tables"),
    ({"tables": 17}, "3 to 16 tables"),
    ({"tables": 5, "rounds": 10}, "1 to 9 rounds"),
    ({"tables": 5, "rounds": 0}, "1 to 9 rounds"),
])
def test_howell_refuses(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(MovementError, match=message):
        howell(kwargs["tables"], rounds=kwargs.get("rounds"))


mitchell_options = st.integers(3, 30).flatmap(lambda tables: st.fixed_dictionaries({
    "tables": st.just(tables),
    "variant": st.sampled_from(["plain"] if tables % 2 else ["skip", "relay"]),
    "boards_per_round": st.integers(1, 4),
    "bye_stands": st.sampled_from([0, 0, 2, 4]),
    "half_table": st.booleans(),
    "switch": st.booleans(),
}))


@settings(max_examples=120, deadline=None)
@given(mitchell_options)
def test_every_mitchell_passes_the_validator(options: dict[str, object]) -> None:
    tables = int(options["tables"])  # type: ignore[call-overload]
    variant = options["variant"]
    movement = mitchell(tables, boards_per_round=int(options["boards_per_round"]),  # type: ignore[call-overload]
                        skip=variant == "skip", relay=variant == "relay",
                        bye_stands=int(options["bye_stands"]),  # type: ignore[call-overload]
                        half_table=bool(options["half_table"]), arrow_switch=bool(options["switch"]))
    report = validate(movement)
    expected_rounds = tables - 1 if variant == "skip" else tables
    assert report.rounds == expected_rounds
    assert report.max_sharing <= 2
    assert report.complete == (variant != "skip")
    assert len(movement.seatings) == tables * expected_rounds


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 16).flatmap(lambda t: st.tuples(st.just(t), st.one_of(st.none(), st.integers(1, 2 * t - 1)),
                                                       st.sampled_from([2, 4]), st.booleans())))
def test_every_howell_passes_the_validator(options: tuple[int, int | None, int, bool]) -> None:
    tables, rounds, boards, half = options
    movement = howell(tables, rounds=rounds, boards_per_round=boards, half_table=half)
    report = validate(movement)
    assert report.rounds == (2 * tables - 1 if rounds is None else rounds)
    if rounds is None:
        assert report.complete and report.uniform
        assert not report.shares


@pytest.mark.parametrize("tables", range(3, 31))
def test_every_mitchell_size_and_variant(tables: int) -> None:
    variants = [{}] if tables % 2 else [{"skip": True}, {"relay": True}]
    for variant in variants:
        for extra in ({}, {"half_table": True}, {"arrow_switch": True}, {"bye_stands": 2}):
            validate(mitchell(tables, **variant, **extra))  # type: ignore[arg-type]


@pytest.mark.parametrize("tables", range(3, 17))
def test_every_complete_howell(tables: int) -> None:
    report = validate(howell(tables))
    assert report.rounds == 2 * tables - 1 and report.complete and report.uniform
    assert {b.ns + b.ew for b in report.balance} == {2 * tables - 1}


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12, 16])
def test_complete_howells_compare_every_two_pairs_equally(tables: int) -> None:
    # 2T-1 is a prime 3 mod 4 (or 15): the NS seats follow a Paley (twin-prime) difference set
    balance = comparison_balance(howell(tables))
    assert balance.minimum == balance.maximum == 2 * (tables - 1)


@pytest.mark.parametrize("tables", [5, 7, 9, 11, 13, 15])
def test_odd_table_howells_compare_within_two_boards(tables: int) -> None:
    balance = comparison_balance(howell(tables))
    assert balance.maximum - balance.minimum == 4 and balance.mean == 2 * (tables - 1)


def test_two_winner_mitchell_never_compares_its_fields() -> None:
    assert comparison_balance(mitchell(7)).minimum == 0
    assert comparison_balance(mitchell(7, arrow_switch=True)).minimum == 0  # one round: still unequal
