"""DDS ground truth (list100.txt): tables, par, SolveBoard futures and play traces."""

from __future__ import annotations

import pytest

from redouble import Contract, Play, Seat, Strain
from redouble.analysis import (
    DDTable,
    Position,
    analyse_play,
    dd_tables,
    par_from_table,
    sides_par,
    solve_many,
)

from .conftest import DDS_STRAINS, DDSRecord


@pytest.fixture(scope="module")
def tables(list100: list[DDSRecord]) -> list[DDTable]:
    """The DD tables of the 100 deals, in one batched call."""
    return dd_tables([record.deal for record in list100])

_PBN_STRAIN = {Strain.NOTRUMP: "N", Strain.SPADES: "S", Strain.HEARTS: "H",
               Strain.DIAMONDS: "D", Strain.CLUBS: "C"}


def test_tables_exact_on_all_100_deals(list100: list[DDSRecord], tables: list[DDTable]) -> None:
    for number, (record, table) in enumerate(zip(list100, tables, strict=True)):
        # the file's TABLE order: strains S, H, D, C, NT; within each, declarers N, E, S, W
        got = [table.tricks(declarer=seat, strain=strain)
               for strain in DDS_STRAINS for seat in Seat]
        assert got == record.table, f"deal {number}"


def _dealer_par_text(entry_level: int, strain: Strain, doubled: bool, seats: str,
                     result: int) -> str:
    text = f"{entry_level}{_PBN_STRAIN[strain]}{'*' if doubled else ''}-{seats}"
    return text + (f"{result:+d}" if result else "")


def test_par_matches_par_and_par2_lines(list100: list[DDSRecord], tables: list[DDTable]) -> None:
    for number, (record, table) in enumerate(zip(list100, tables, strict=True)):
        result = par_from_table(table, vulnerability=record.vulnerability, dealer=record.dealer)
        # PAR2: dealer par, "score" then contracts like "4S*-EW-1"
        assert result.score == int(record.par2[0]), f"deal {number}"
        texts = {_dealer_par_text(c.level, c.strain, c.doubled,
                                  "".join(s.letter() for s in c.declarers), c.result)
                 for c in result.entries}
        assert texts == set(record.par2[1:]), f"deal {number}"
        # PAR: par when NS bid first ("NS s") and when EW do ("EW s", EW's view)
        ns_first, ew_first = sides_par(table, vulnerability=record.vulnerability)
        assert record.par[0] == f"NS {ns_first.score}", f"deal {number}"
        assert record.par[1] == f"EW {-ew_first.score}", f"deal {number}"
        for contract in result.contracts:
            assert isinstance(contract, Contract) and contract.declarer is not None


def test_solve_matches_solveboard_futures(list100: list[DDSRecord]) -> None:
    positions = [Position.from_deal(r.deal, trump=r.trump, leader=r.first) for r in list100]
    for number, (record, values) in enumerate(zip(list100, solve_many(positions), strict=True)):
        assert values == record.future, f"deal {number}"


def _declarer_total(play: Play, position: Position, value: int) -> int:
    """Declarer's side's total from a solve value of the side to play."""
    won = play.tricks_won(play.declaring_side)
    if position.turn.side is play.declaring_side:
        return won + value
    return won + position.remaining_tricks - value


def test_solve_matches_traces_card_by_card(list100: list[DDSRecord]) -> None:
    """Before and after one card of every trick of every played deal, solve's values equal
    TRACE. The card checked moves through the trick from deal to deal (lead, second, third,
    fourth hand), so every position in a trick is covered; ``analyse_play`` below checks every
    card against TRACE too."""
    positions: list[Position] = []
    plays: list[tuple[int, Play, int]] = []  # (record, play before the card, card number)
    for number, record in enumerate(list100):
        contract = Contract(level=1, strain=record.trump, declarer=record.first.rho)
        play = Play(deal=record.deal, contract=contract)
        for index, card in enumerate(record.play):
            if index % 4 != number % 4:
                play.play_card(card)
                continue
            snapshot = Play(deal=record.deal, contract=contract, cards=record.play[:index])
            positions.append(Position.from_play(snapshot))
            plays.append((number, snapshot, index))
            play.play_card(card)
    solved = solve_many(positions)
    checked = 0
    for position, (number, snapshot, index), values in zip(positions, plays, solved, strict=True):
        record = list100[number]
        card = record.play[index]
        assert set(values) == set(position.legal_cards())
        # the value before the card: best for the side to play
        if index + 1 >= len(record.trace):
            continue  # DDS's trace stops where the last trick starts
        assert _declarer_total(snapshot, position, max(values.values())) == record.trace[index]
        # the value after it: the card's own value (the trick in progress included)
        assert _declarer_total(snapshot, position, values[card]) == record.trace[index + 1], (
            f"deal {number} card {index} {card}")
        checked += 1
    assert checked > 900


def test_analyse_play_matches_traces(list100: list[DDSRecord]) -> None:
    for number, record in enumerate(list100):
        if not record.play:
            continue
        contract = Contract(level=1, strain=record.trump, declarer=record.first.rho)
        play = Play(deal=record.deal, contract=contract, cards=record.play)
        analysis = analyse_play(play)
        known = len(record.trace) - 1  # DDS's trace stops where the last trick starts
        assert [a.before for a in analysis][:known] == record.trace[:-1], f"deal {number}"
        assert [a.after for a in analysis][:known] == record.trace[1:], f"deal {number}"
        if len(record.play) == 52:
            assert analysis[-1].after == play.declarer_tricks
        assert [a.card for a in analysis] == record.play


def test_analyse_play_from_a_board_state_names_the_costly_cards(
        list100: list[DDSRecord]) -> None:
    """A traced play whose value changes: each change is a card that cost its side a trick."""
    from redouble import Board, BoardState, Call

    record = next(r for r in list100 if len(r.play) == 52 and len(set(r.trace)) > 1)
    declarer = record.first.rho
    state = BoardState(Board(deal=record.deal, dealer=declarer))
    state.make_call(Call.bid(1, record.trump))
    for _ in range(3):
        state.make_call(Call.parse("Pass"))
    for card in record.play[:40]:
        state.play_card(card)
    analysis = analyse_play(state)
    assert len(analysis) == 40 and analysis[0].trick == 1 and analysis[39].trick == 10
    assert [a.seat for a in analysis[:4]] == [record.first.next(i) for i in range(4)]
    for item in analysis:
        change = item.after - item.before
        if item.seat.side is declarer.side:
            assert item.cost == max(0, -change)
        else:
            assert item.cost == max(0, change)
        assert item.to_json()["card"] == str(item.card)
    assert any(item.cost > 0 for item in analysis)
