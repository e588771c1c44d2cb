"""Rubber bridge: the seeds' two sheets, honours, unfinished rubbers, bad input, properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from redouble.calls import Contract
from redouble.deal import Deal
from redouble.errors import NotationError, UndoError
from redouble.scoring import Rubber, RubberOverError, ScoringError
from redouble.scoring.sheet import DealResult, EntryKind
from redouble.seats import Seat, Side

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# Seed 000/001 (RULES.md §6), suits recovered from the scores; WE = NS, THEY = EW.
SEED000 = [("2H", N, 10), ("4HX", E, 8), ("3NT", E, 10), ("3S", E, 9), ("2S", E, 6), ("6SX", N, 13),
           ("1NT", E, 8), ("3C", N, 9), ("3H", E, 9)]

SEED000_SHEET = """\
      WE      |     THEY
    500 (f)   |
     50 (f)   |
    100 (f)   |
    200 (e)   |    500 (i)
    300 (b)   |     30 (g)
     60 (a)   |     30 (c)
==============|==============
     60 (a)   |    100 (c)
--------------|--------------
    360 (f)   |     90 (d)
--------------|--------------
     60 (h)   |     40 (g)
              |     90 (i)
==============|==============
       1690   |        880"""


def seed000() -> Rubber:
    rubber = Rubber()
    for contract, declarer, tricks in SEED000:
        rubber.record(Contract.parse(contract, declarer=declarer), tricks=tricks)
    return rubber


def test_golden_seed000_sheet() -> None:
    rubber = seed000()
    assert rubber.totals == {Side.NS: 1690, Side.EW: 880}
    assert rubber.is_finished and rubber.rubber_winner is Side.EW
    assert rubber.winner is Side.NS and rubber.difference == 810
    assert rubber.games == {Side.NS: 1, Side.EW: 2}
    assert rubber.text() == SEED000_SHEET


def test_golden_seed000_entries_per_deal() -> None:
    """Each lettered note of the seed: (a) 60 below + 60 above … (i) 90 below + 500 rubber."""
    by_label: dict[str, list[tuple[str, int, bool]]] = {}
    for entry in seed000().sheet.entries:
        by_label.setdefault(entry.label, []).append((entry.side.name, entry.points, entry.below))
    assert by_label == {
        "a": [("NS", 60, True), ("NS", 60, False)],
        "b": [("NS", 300, False)],
        "c": [("EW", 100, True), ("EW", 30, False)],
        "d": [("EW", 90, True)],
        "e": [("NS", 200, False)],
        "f": [("NS", 360, True), ("NS", 100, False), ("NS", 50, False), ("NS", 500, False)],
        "g": [("EW", 40, True), ("EW", 30, False)],
        "h": [("NS", 60, True)],
        "i": [("EW", 90, True), ("EW", 500, False)],
    }


def test_golden_seed000_2h_plus_2_in_rubber() -> None:
    """RULES.md §5: 2♥ +2 = 60 below + 60 above in rubber."""
    rubber = Rubber()
    entries = rubber.record(Contract.parse("2H", declarer=N), tricks=10)
    assert [(e.points, e.below) for e in entries] == [(60, True), (60, False)]


def test_golden_seed002_sheet() -> None:
    """RULES.md §6 (seed 002): NS 1060, EW 870; EW's 90 stops counting toward game but stays in the total."""
    rubber = Rubber()
    rubber.record("1NT", declarer=S, tricks=8)
    rubber.record("3H", declarer=W, tricks=9)
    rubber.record("3DX", declarer=W, tricks=7)
    rubber.record("2NT", declarer=S, tricks=8)
    assert rubber.games == {Side.NS: 1, Side.EW: 0} and rubber.below_line == {Side.NS: 0, Side.EW: 0}
    rubber.record("6S", declarer=W, tricks=12, honours=(Side.EW, 100))
    assert rubber.vulnerable(Side.NS) and rubber.vulnerable(Side.EW)
    entries = rubber.record("4S", declarer=N, tricks=10)
    assert entries[-1].kind is EntryKind.RUBBER and entries[-1].points == 500
    assert rubber.totals == {Side.NS: 1060, Side.EW: 870}
    assert rubber.winner is Side.NS and rubber.rubber_winner is Side.NS and rubber.difference == 190


def test_rubber_700_against_no_game() -> None:
    rubber = Rubber()
    rubber.record("4S", declarer=N, tricks=10)
    rubber.record("3NT", declarer=S, tricks=9)
    assert rubber.totals == {Side.NS: 120 + 100 + 700, Side.EW: 0}


def test_vulnerable_penalties_after_a_game() -> None:
    rubber = Rubber()
    rubber.record("3NT", declarer=E, tricks=9)
    entries = rubber.record("2S", declarer=E, tricks=6)
    assert [(e.side, e.points) for e in entries] == [(Side.NS, 200)]


def test_honours_from_the_deal_even_for_defenders_and_when_down() -> None:
    deal = Deal.from_pbn("N:AKQJT.AKQ.AK.AKQ 98765.J.QJT9.JT9 432.T98.8765.876 .765432.432.5432")
    rubber = Rubber()
    entries = rubber.record(Contract.parse("4S", declarer=E), tricks=2, deal=deal)
    assert (Side.NS, 150, EntryKind.HONOURS) in [(e.side, e.points, e.kind) for e in entries]
    entries = rubber.record(Contract.parse("1NT", declarer=S), tricks=7, deal=deal)
    assert (Side.NS, 150, EntryKind.HONOURS) in [(e.side, e.points, e.kind) for e in entries]
    with pytest.raises(ScoringError, match="do not match"):
        rubber.record("4S", declarer=E, tricks=2, deal=deal, honours=(Side.EW, 100))


def test_playing_without_honours() -> None:
    deal = Deal.from_pbn("N:AKQJT.AKQ.AK.AKQ 98765.J.QJT9.JT9 432.T98.8765.876 .765432.432.5432")
    rubber = Rubber(honours=False)
    entries = rubber.record("4S", declarer=N, tricks=10, deal=deal)
    assert all(e.kind is not EntryKind.HONOURS for e in entries)
    with pytest.raises(ScoringError, match="without honours"):
        rubber.record("4S", declarer=N, tricks=10, honours=(Side.NS, 100))


def test_unfinished_rubber() -> None:
    rubber = Rubber()
    rubber.record("4H", declarer=N, tricks=10)
    rubber.record("2C", declarer=E, tricks=8)
    added = rubber.close()
    assert [(e.side, e.points, e.kind) for e in added] == [
        (Side.NS, 300, EntryKind.UNFINISHED_GAME), (Side.EW, 100, EntryKind.UNFINISHED_PARTSCORE)]
    assert rubber.is_finished and rubber.totals == {Side.NS: 420, Side.EW: 140}
    with pytest.raises(RubberOverError):
        rubber.record("1NT", declarer=N, tricks=7)
    with pytest.raises(RubberOverError):
        rubber.close()


def test_unfinished_partscore_bonus_configurable() -> None:
    rubber = Rubber(unfinished_partscore_bonus=50)
    rubber.record("2C", declarer=E, tricks=8)
    assert [e.points for e in rubber.close()] == [50]


def test_passed_out_scores_nothing() -> None:
    rubber = Rubber()
    assert rubber.record_passed_out() == []
    rubber.record("2H", declarer=N, tricks=8)
    assert len(rubber.results) == 2 and rubber.sheet.entries[0].label == "a"


@pytest.mark.parametrize(("contract", "tricks", "error"), [
    ("8S", 10, NotationError), ("4Z", 10, NotationError), ("4S", 14, ScoringError),
    ("4S", -1, ScoringError)])
def test_bad_input_changes_nothing(contract: str, tricks: int, error: type[Exception]) -> None:
    rubber = seed000()
    rubber.undo()
    before = rubber.to_json()
    with pytest.raises(error):
        rubber.record(contract, declarer=N, tricks=tricks)
    assert rubber.to_json() == before


def test_no_declarer() -> None:
    with pytest.raises(ScoringError, match="needs a declarer"):
        Rubber().record("4S", tricks=10)


def test_result_after_the_rubber_ended() -> None:
    rubber = seed000()
    assert not rubber.can_record and Rubber().can_record
    before = rubber.to_json()
    with pytest.raises(RubberOverError, match="over"):
        rubber.record("1NT", declarer=N, tricks=7)
    with pytest.raises(RubberOverError):
        rubber.record_passed_out()
    assert rubber.to_json() == before


def test_undo_and_rebuild() -> None:
    rubber = seed000()
    last = rubber.undo()
    assert last is not None and str(last.contract) == "3H"
    assert not rubber.is_finished and rubber.games == {Side.NS: 1, Side.EW: 1}
    rubber.record("3H", declarer=E, tricks=9)
    assert rubber.text() == SEED000_SHEET
    rebuilt = Rubber.from_results(rubber.results)
    assert rebuilt.to_json() == rubber.to_json()
    assert Rubber.from_json(rubber.to_json()).to_json() == rubber.to_json()
    with pytest.raises(UndoError):
        Rubber().undo()


def test_json_is_plain() -> None:
    data = seed000().to_json()
    assert data["totals"] == {"NS": 1690, "EW": 880}
    assert data["sheet"]["games"] == ["EW", "NS", "EW"]
    assert data["results"][1] == {"contract": "4HX", "declarer": "E", "tricks": 8}
    closed = Rubber()
    closed.record("2C", declarer=E, tricks=8)
    closed.close()
    assert Rubber.from_json(closed.to_json()).totals == closed.totals


def test_rich_rendering() -> None:
    console = Console(width=60, record=True)
    console.print(seed000().rich())
    out = console.export_text()
    assert "1690" in out and "880" in out and "360 (f)" in out and "WE" in out


def test_custom_labels() -> None:
    assert seed000().text(("NS", "EW")).splitlines()[0].split() == ["NS", "|", "EW"]


results = st.lists(st.tuples(st.sampled_from(["1C", "2H", "3NT", "4S", "5D", "2NTX", "6C", "1S"]),
                             st.sampled_from(list(Seat)), st.integers(0, 13)), max_size=30)


@settings(max_examples=150)
@given(results)
def test_rubber_ends_exactly_when_a_side_has_two_games(deals: list[tuple[str, Seat, int]]) -> None:
    rubber = Rubber()
    for contract, declarer, tricks in deals:
        if rubber.is_finished:
            with pytest.raises(RubberOverError):
                rubber.record(contract, declarer=declarer, tricks=tricks)
            break
        rubber.record(contract, declarer=declarer, tricks=tricks)
        assert rubber.is_finished == (max(rubber.games.values()) == 2)
        assert sum(rubber.games.values()) <= 3
        assert rubber.totals == Rubber.from_results(rubber.results).totals
    for side in Side:
        assert rubber.vulnerable(side) == (rubber.games[side] >= 1)


def test_deal_result_from_json_roundtrip() -> None:
    result = DealResult.make("6SX", tricks=12, declarer=W, honours=(Side.EW, 100))
    assert DealResult.from_json(result.to_json()) == result
