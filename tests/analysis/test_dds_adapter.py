"""The DDS adapter's encodings (every value both ways) and the positions and time limits above it."""

from __future__ import annotations

from pathlib import Path

import pytest

from redouble import DECK, Card, Contract, Deal, Play, Rank, Seat, Strain, Suit, Vulnerability
from redouble.analysis import (
    AnalysisError,
    DDTable,
    Position,
    SolveTimeoutError,
    dd_table,
    dds,
    par,
    solve,
    solve_many,
)

from .conftest import parse_dds_file

GRAND = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def test_all_52_cards_both_ways() -> None:
    seen = set()
    for card in DECK:
        suit, rank = dds.card_to_dds(card)
        assert dds.card_from_dds(suit, rank) is card
        assert rank == int(card.rank)
        seen.add((suit, rank))
    assert len(seen) == 52
    assert dds.card_to_dds(Card.parse("SA")) == (0, 14)
    assert dds.card_to_dds(Card.parse("HK")) == (1, 13)
    assert dds.card_to_dds(Card.parse("DT")) == (2, 10)
    assert dds.card_to_dds(Card.parse("C2")) == (3, 2)


def test_seats_strains_suits_and_vulnerability_both_ways() -> None:
    assert [dds.seat_to_dds(s) for s in Seat] == [0, 1, 2, 3]
    assert all(dds.seat_from_dds(dds.seat_to_dds(s)) is s for s in Seat)
    assert [dds.strain_to_dds(s) for s in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS,
                                           Strain.CLUBS, Strain.NOTRUMP)] == [0, 1, 2, 3, 4]
    assert all(dds.strain_from_dds(dds.strain_to_dds(s)) is s for s in Strain)
    assert all(dds.suit_from_dds(dds.suit_to_dds(s)) is s for s in Suit)
    assert dds.suit_to_dds(Suit.SPADES) == 0 and dds.suit_to_dds(Suit.CLUBS) == 3
    assert {v: dds.vulnerability_to_dds(v) for v in Vulnerability} == {
        Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}


def test_dd_table_and_json() -> None:
    table = dd_table(GRAND)
    assert table.tricks(declarer=Seat.SOUTH, strain=Strain.NOTRUMP) == 13
    assert table.tricks(declarer=Seat.WEST, strain=Strain.HEARTS) == 1
    assert table.to_json()["N"]["NT"] == 13
    assert DDTable.from_json(table.to_json()) == table
    with pytest.raises(AnalysisError):
        DDTable.from_json({"N": {}})
    with pytest.raises(AnalysisError):
        DDTable(tuple([14] * 20))


def test_par_of_a_grand_slam() -> None:
    result = par(GRAND, vulnerability=Vulnerability.BOTH, dealer=Seat.EAST)
    assert result.score == 2220
    assert set(result.contracts) == {Contract.parse("7NT", declarer=Seat.NORTH),
                                     Contract.parse("7NT", declarer=Seat.SOUTH)}


def test_solve_in_the_middle_of_a_trick() -> None:
    """West leads a heart against 7NT by South... the values count the trick in progress."""
    start = Position.from_deal(GRAND, trump=Strain.NOTRUMP, leader=Seat.WEST)
    after_lead = start.play(Card.parse("H2"))
    values = solve(after_lead)
    assert after_lead.turn is Seat.NORTH
    assert set(values) == {Card.parse("HA"), Card.parse("HK"), Card.parse("HQ")}
    assert all(v == 13 for v in values.values())  # North's side takes all 13, this trick too
    third = after_lead.play(Card.parse("HQ")).play(Card.parse("H9"))
    assert third.turn is Seat.SOUTH and solve(third) == {
        Card.parse("H6"): 13, Card.parse("H7"): 13, Card.parse("H8"): 13}


def test_solve_counts_the_side_to_play() -> None:
    # a one-trick ending: North leads the SA and wins; in spades East would ruff
    hands = {Seat.NORTH: [Card.parse("SA")], Seat.EAST: [Card.parse("H2")],
             Seat.SOUTH: [Card.parse("S2")], Seat.WEST: [Card.parse("S3")]}
    assert solve(Position(hands=hands, trump=Strain.NOTRUMP, leader=Seat.NORTH)) == {
        Card.parse("SA"): 1}
    assert solve(Position(hands=hands, trump=Strain.HEARTS, leader=Seat.NORTH)) == {
        Card.parse("SA"): 0}
    mid = Position(hands={**hands, Seat.NORTH: []}, trump=Strain.HEARTS, leader=Seat.NORTH,
                   trick=[Card.parse("SA")])
    assert mid.turn is Seat.EAST and solve(mid) == {Card.parse("H2"): 1}


def test_position_from_play_and_validation() -> None:
    play = Play(deal=GRAND, contract=Contract.parse("3NT", declarer=Seat.SOUTH),
                cards=[Card.parse("S2"), Card.parse("SA")])
    position = Position.from_play(play)
    assert position.turn is Seat.EAST and position.trick == (Card.parse("S2"), Card.parse("SA"))
    assert position.legal_cards() == tuple(Card(Suit.SPADES, Rank(r)) for r in (7, 8, 9, 10))
    assert Position.from_play(play) == position and hash(Position.from_play(play)) == hash(position)
    with pytest.raises(AnalysisError, match="should hold"):
        Position(hands={Seat.NORTH: [Card.parse("SA")], Seat.EAST: [], Seat.SOUTH: [],
                        Seat.WEST: []}, trump=Strain.NOTRUMP, leader=Seat.NORTH)
    with pytest.raises(AnalysisError, match="both"):
        Position(hands=[[Card.parse("SA")]] * 4, trump=Strain.NOTRUMP, leader=Seat.NORTH)
    with pytest.raises(AnalysisError, match="not a legal card"):
        position.play(Card.parse("HA"))


def test_solve_many_batches_beyond_one_dds_call() -> None:
    positions = [Position.from_deal(Deal.from_seed(f"batch {i}"), trump=Strain.NOTRUMP,
                                    leader=Seat.WEST) for i in range(3)]
    single = [solve(p) for p in positions]
    assert solve_many(positions * 70) == single * 70  # 210 positions: two DDS calls


def test_hard_deal_times_out_clearly(data_dir: Path) -> None:
    record = parse_dds_file(data_dir / "dds" / "thomas1.txt")[0]
    # its DD table takes DDS about two minutes on this machine
    with pytest.raises(SolveTimeoutError, match="did not finish within 2 s"):
        dd_table(record.deal, timeout=2)


def test_time_limited_work_returns_its_result() -> None:
    assert dd_table(GRAND, timeout=60).tricks(declarer=Seat.NORTH, strain=Strain.CLUBS) == 12


def test_position_from_a_view_needs_all_four_hands() -> None:
    from redouble import Board, BoardState, Call

    state = BoardState(Board(deal=GRAND, dealer=Seat.SOUTH))
    for text in ("7NT", "Pass", "Pass", "Pass"):
        state.make_call(Call.parse(text))
    state.play_card(Card.parse("S2"))
    with pytest.raises(AnalysisError, match="hides"):
        Position.from_view(state.view(Seat.SOUTH))
    assert Position.from_play(state.play) == Position.from_deal(  # type: ignore[arg-type]
        GRAND, trump=Strain.NOTRUMP, leader=Seat.WEST).play(Card.parse("S2"))
