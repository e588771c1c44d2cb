"""The published movements in ../shared/data/club/movements load as data and pass the validator."""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble.club.movement import Movement, MovementError, PairId, comparison_balance, howell, mitchell, validate
from redouble.club.movements.data import (
    IndividualMovement,
    howellki_movement,
    load_bridgescorer,
    load_howellki,
    parse_simple_yaml,
)
from redouble.club.movements.data import _entry as howellki_entry
from redouble.seats import Side

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "club" / "movements"
HOWELLKI = DATA / "howellki" / "movements.json"
BRIDGESCORER = sorted((DATA / "bridgescorer").glob("*.yaml"))

pytestmark = pytest.mark.skipif(not HOWELLKI.is_file(), reason="the shared club data is not checked out here")


@pytest.fixture(scope="module")
def howellki() -> dict[str, Movement]:
    return load_howellki(HOWELLKI)


def test_all_69_howellki_movements_load_and_validate(howellki: dict[str, Movement]) -> None:
    assert len(howellki) == 69
    for key, movement in howellki.items():
        report = validate(movement)
        assert report.tables == int(key.partition("-")[0])
        assert report.uniform, key  # every set is played the same number of times
        assert not report.shares and not report.repeats


def test_complete_howellki_howells_meet_everyone(howellki: dict[str, Movement]) -> None:
    complete = [key for key, m in howellki.items() if key[-1].isdigit() and
                int(key.split("-")[1]) == 2 * int(key.split("-")[0]) - 1]
    assert complete
    for key in complete:
        report = validate(howellki[key])
        assert report.complete, key
        assert report.pairs == 2 * report.tables


def test_howellki_mitchells_keep_directions(howellki: dict[str, Movement]) -> None:
    for key in ("5-M", "7-M", "9-M", "11-M", "13-M"):
        movement = howellki[key]
        tables = int(key.split("-")[0])
        ns = {s.ns for s in movement.seatings}
        ew = {s.ew for s in movement.seatings}
        assert len(ns) == len(ew) == tables and not ns & ew


def test_howellki_four_table_howell_by_hand(howellki: dict[str, Movement]) -> None:
    movement = howellki["4-7"]
    # positions [8, 1, 5, 4, 2, 7, 3, 6]: round 1 table 1 is 8 v 1, sets [1, 2, 3, 0, 4, 0, 0]
    first = movement.round_seatings(1)
    assert [(s.ns, s.ew, s.boards) for s in first] == [
        (PairId(8), PairId(1), (1, 2)), (PairId(5), PairId(4), (3, 4)),
        (PairId(2), PairId(7), (5, 6)), (PairId(3), PairId(6), (9, 10))]
    # the stationary pair 8 (off the band) stays NS at table 1
    assert all(movement.at(1, r).ns == PairId(8) for r in movement.rounds)


def test_malformed_howellki_entry_is_named() -> None:
    with pytest.raises(MovementError, match="howellki 4-7: 3 positions"):
        howellki_entry("4-7", {"tables": 4, "rounds": 7, "sets": [1], "movement": [], "positions": [1, 2, 3]})
    entry = howellki_entry("2-3", {"tables": 2, "rounds": 3, "sets": [1, 1], "movement": ["1E"],
                                    "positions": [1, 2, 3, 4]})
    with pytest.raises(MovementError, match="table 1 round 1 holds two sets"):
        howellki_movement(entry)


def test_every_bridgescorer_movement_loads_and_validates() -> None:
    # the README counts 25; the folder holds 26 files (Armonk2Tables is a disabled twin of 2TablesArmonk)
    assert len(BRIDGESCORER) == 26
    kinds = {"pairs": 0, "individual": 0}
    for path in BRIDGESCORER:
        loaded = load_bridgescorer(path)
        if isinstance(loaded, IndividualMovement):
            kinds["individual"] += 1
            continue
        kinds["pairs"] += 1
        report = validate(loaded)
        assert report.complete or "Relay" in path.name or "Mitchell" in path.name, path.name
    assert kinds == {"pairs": 23, "individual": 3}


def test_bridgescorer_relays_declare_sharing_and_two_tables_declare_repeats() -> None:
    relay = load_bridgescorer(DATA / "bridgescorer" / "Movement.Howell06T3B20Relay.yaml")
    assert isinstance(relay, Movement) and relay.sharing
    assert validate(relay).max_sharing == 3
    with pytest.raises(MovementError, match="declares no sharing"):
        validate(Movement(relay.name, relay.seatings))
    armonk = load_bridgescorer(DATA / "bridgescorer" / "Movement.Armonk2Tables.yaml")
    assert isinstance(armonk, Movement) and armonk.meets_twice and not armonk.sharing
    assert all(times == 2 for *_pairs, times in validate(armonk).repeats)


def test_bridgescorer_three_table_mitchell_is_ours() -> None:
    theirs = load_bridgescorer(DATA / "bridgescorer" / "Movement.Mitchell3Table.yaml")
    assert isinstance(theirs, Movement)
    ours = mitchell(3, boards_per_round=6)
    # they number EW pairs 4-6, we number them 1EW-3EW
    renamed = {(s.table, s.round, s.ns.number if s.ns else 0, (s.ew.number - 3) if s.ew else 0, s.boards)
               for s in theirs.seatings}
    assert renamed == {(s.table, s.round, s.ns.number if s.ns else 0, s.ew.number if s.ew else 0, s.boards)
                       for s in ours.seatings}
    assert all(s.ns is not None and s.ns.direction is Side.NS for s in ours.seatings)


def test_simple_yaml_reader() -> None:
    text = ('---\n# comment\nname: "x"\nn: 3\nhands:\n- table: 1\n  boards:\n  - 1\n  - 2\n'
            '- table: 2\n  boards: [3, 4]\n')
    assert parse_simple_yaml(text) == {"name": "x", "n": 3,
                                       "hands": [{"table": 1, "boards": [1, 2]}, {"table": 2, "boards": [3, 4]}]}
    with pytest.raises(MovementError, match="line 2"):
        parse_simple_yaml("a: 1\nnot a mapping line\n")


def test_bridgescorer_file_without_hands(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text('name: "bad"\n', encoding="utf-8")
    with pytest.raises(MovementError, match="no hands"):
        load_bridgescorer(path)


@pytest.mark.parametrize("tables", range(4, 13))
def test_our_complete_howells_compare_pairs_as_evenly_as_kops(howellki: dict[str, Movement], tables: int) -> None:
    ours = comparison_balance(howell(tables))
    theirs = comparison_balance(howellki[f"{tables}-{2 * tables - 1}"])
    assert ours.mean == theirs.mean
    assert ours.maximum - ours.minimum <= theirs.maximum - theirs.minimum
