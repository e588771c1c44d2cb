"""The session's record log: entering travellers, every kind of adjustment, undo, as-of rebuilds, bad input."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

import pytest
from club_support import SEED_TRAVELLER, clock, seed_movement, seed_session, three_table_howell

from redouble.calls import Contract
from redouble.cards import Card
from redouble.club.movement import Movement, PairId, Seating
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.session import (
    Adjustment,
    BoardNotInRoundError,
    BoardPlayedTwiceError,
    BoardsDealt,
    DuplicateResultError,
    ImpossibleResultError,
    MovementChanged,
    NoSuchResultError,
    NotPlayed,
    PairSeated,
    Record,
    ResultConfirmed,
    ResultRemoved,
    SeatingChanged,
    Session,
    SessionError,
    Slot,
    TeamFormed,
    WrongPairError,
    boards_from_pbn,
    deal_boards,
    parse_result_line,
)
from redouble.deal import Deal
from redouble.scoring.matchpoints import ArtificialScore, WeightedScore
from redouble.seats import Seat, Side


def enter_seed_traveller(session: Session, *, first: int = 0) -> None:
    for ns, ew, typed, _, _ in SEED_TRAVELLER[first:]:
        line = parse_result_line(typed, board=1, ns=PairId(ns), ew=PairId(ew))
        assert isinstance(line, BoardResult)
        session.enter(line, by="scorer")


def test_seed_001_traveller_gives_its_matchpoints() -> None:
    session = seed_session()
    enter_seed_traveller(session)
    traveller = session.state.traveller(1)
    assert [state.result.ns_score for state in traveller if state.result] == \
        [420, 430, 500, 420, 450, -50, 170]  # table order: NS pair n plays board 1 at table n in round n
    scored = session.state.score().board(1)
    by_ns = {line.result.ns.number: (line.result.ns_score, line.ns, line.ew) for line in scored.lines}
    for ns, _, _, score, mps in SEED_TRAVELLER:
        assert by_ns[ns][0] == score
        assert by_ns[ns][1] == mps
        assert by_ns[ns][2] == 12 - mps  # seed 001: EW 7, 4, 0, 7, 2, 12, 10


def test_slot_found_from_pairs_and_board() -> None:
    session = seed_session()
    record = session.enter(BoardResult(1, PairId(2), PairId(13), score=430), by="scorer")
    assert record.change.result.table == 2 and record.change.result.round == 2  # type: ignore[union-attr]
    assert session.state.result(table=2, round=2, board=1).score == 430


@pytest.mark.parametrize(("line", "error", "words"), [
    (BoardResult(1, PairId(1), PairId(9), score=420, table=1, round=1), WrongPairError,
     "table 1, round 1, board 1: 1 v 9 is not who sits there (1 NS v 8 EW)"),
    (BoardResult(2, PairId(1), PairId(8), score=420, table=1, round=1), BoardNotInRoundError,
     "table 1, round 1, board 2: board 2 is not played there (boards 1)"),
    (BoardResult(1, PairId(1), PairId(8), score=620, table=1, round=1), ImpossibleResultError,
     "+620 is not a possible score on board 1"),
    (BoardResult(1, PairId(1), PairId(8), Contract.parse("4S", declarer=Seat.NORTH), tricks=10, score=450,
                 table=1, round=1), ImpossibleResultError, "4S N = scores +420 for NS"),
    (BoardResult(1, PairId(8), PairId(1), score=420), WrongPairError, "the wrong way round"),
    (BoardResult(1, PairId(1), PairId(9), score=420), WrongPairError, "do not play it against each other"),
    (BoardResult(1, PairId(1), PairId(8), score=420, table=9, round=1), WrongPairError, "no table 9 in round 1"),
])
def test_bad_results_are_refused_and_nothing_is_lost(line: BoardResult, error: type[Exception], words: str) -> None:
    session = seed_session()
    session.enter(BoardResult(1, PairId(2), PairId(13), score=430), by="scorer")
    before = session.records
    with pytest.raises(error) as raised:
        session.enter(line, by="scorer")
    assert words in str(raised.value)
    assert session.records == before
    assert session.state.result(table=2, round=2, board=1).score == 430


def test_fourteen_tricks_and_a_contract_that_cannot_be() -> None:
    with pytest.raises(ValueError, match="0 to 13"):
        parse_result_line("4S N 14", board=1, ns=PairId(1), ew=PairId(8))
    with pytest.raises(ValueError, match="0 to 13"):
        parse_result_line("7NT S +1", board=1, ns=PairId(1), ew=PairId(8))
    with pytest.raises(ValueError, match="not a contract"):
        parse_result_line("8S N 10", board=1, ns=PairId(1), ew=PairId(8))
    with pytest.raises(ValueError, match="not a result"):
        parse_result_line("4S N", board=1, ns=PairId(1), ew=PairId(8))
    with pytest.raises(ValueError, match="multiple of 10"):
        parse_result_line("425", board=1, ns=PairId(1), ew=PairId(8))


def test_second_result_for_a_slot_and_a_board_played_twice() -> None:
    session = seed_session()
    session.enter(BoardResult(1, PairId(1), PairId(8), score=420), by="scorer")
    with pytest.raises(DuplicateResultError, match="table 1, round 1, board 1 already has 420: correct it"):
        session.enter(BoardResult(1, PairId(1), PairId(8), score=450), by="scorer")
    # A movement change that seats NS pairs 1 and 2 the other way round in round 2: pair 1 meets board 1 again.
    swapped = tuple(
        dataclasses.replace(s, ns=PairId(3 - s.ns.number)) if s.round == 2 and s.ns is not None and s.ns.number <= 2
        else s for s in seed_movement().seatings)
    session.append(MovementChanged(Movement("swapped", swapped)), by="director", reason="tables 1 and 2 swapped")
    with pytest.raises(BoardPlayedTwiceError, match="pair 1 already has a result on board 1 at table 1, round 1"):
        session.enter(BoardResult(1, PairId(1), PairId(13), score=430, table=2, round=2), by="scorer")


def test_lead_checked_against_the_deal() -> None:
    session = seed_session()
    deal = Deal.from_seed("lead check", 1)
    session.append(BoardsDealt((deal_boards([1], seed="lead check")[0],), source="seed lead check"), by="director")
    east = sorted(deal[Seat.EAST].cards)[0]
    west = sorted(deal[Seat.WEST].cards)[0]
    # Against 4S by North, East leads.
    good = BoardResult(1, PairId(1), PairId(8), Contract.parse("4S", declarer=Seat.NORTH), lead=east, tricks=10)
    bad = BoardResult(1, PairId(2), PairId(13), Contract.parse("4S", declarer=Seat.NORTH), lead=west, tricks=10)
    session.enter(good, by="scorer")
    with pytest.raises(ImpossibleResultError, match="West's hand, but East leads against 4S N"):
        session.enter(bad, by="scorer")


def play_shared_session() -> Session:
    """Seven pairs, two rounds, boards shared in each round, one sit-out a round; every line entered."""
    session = Session.open("Shared", three_table_howell(), by="td", clock=clock())
    for number in range(1, 8):
        session.append(PairSeated(PairId(number), (f"Player {number}a", f"Player {number}b")), by="td")
    lines = [
        (1, 1, 1, "4S N 10"), (1, 1, 2, "3NT S 9"),
        (2, 1, 1, "4S N 11"), (2, 1, 2, "3NT S 8"),
        (3, 1, 3, "2H E 8"), (3, 1, 4, "pass"),
        (1, 2, 3, "2H E 9"), (1, 2, 4, "1NT N 7"),
        (2, 2, 1, "4S N 9"), (2, 2, 2, "3NT S 9"),
        (3, 2, 3, "2H E 8"), (3, 2, 4, "1NT N 8"),
    ]
    for table, round_, board, typed in lines:
        seating = session.state.seating(table=table, round=round_)
        assert seating.ns is not None and seating.ew is not None
        line = parse_result_line(typed, board=board, ns=seating.ns, ew=seating.ew, table=table, round=round_)
        assert isinstance(line, BoardResult)
        session.enter(line, by="scorer")
    return session


def test_shared_boards_and_sit_outs_are_scored() -> None:
    session = play_shared_session()
    state = session.state
    assert state.missing() == []
    score = state.score()
    board1 = score.board(1)
    # Board 1 (none vul): 420, 450, −50 → NS MPs 2, 4, 0 on a top of 4.
    assert sorted((line.result.ns_score, line.ns) for line in board1.lines) == [(-50, 0.0), (420, 2.0), (450, 4.0)]
    # Pair 7 sat out in round 1: it played 2 boards, pair 1 played 4.
    assert score.pair(PairId(7)).boards == 2
    assert score.pair(PairId(1)).boards == 4


def test_every_kind_of_adjustment_and_penalty() -> None:
    session = play_shared_session()
    base = session.state.score()
    slot = Slot("A", 1, 1, 1)
    # Law 12C2: artificial Av+ to NS, Av- to EW.
    session.adjust(slot, Adjustment.parse("A+/A-"), by="td", reason="fouled board")
    scored = {(line.result.table, line.result.round): line for line in session.state.score().board(1).lines}
    assert scored[(1, 1)].result.artificial == ArtificialScore(60.0, 40.0)
    # Law 12C1c weighted.
    session.adjust(Slot("A", 2, 1, 2), Adjustment.parse("60% 600, 40% -100"), by="td", reason="misinformation")
    # Law 12C1b split score: NS keep +420, EW are scored as if -50 (i.e. NS -50 from EW's view).
    session.adjust(Slot("A", 2, 2, 1), Adjustment.parse("420/-50"), by="td", reason="split: different damage")
    # Assigned score for both sides.
    session.adjust(Slot("A", 3, 1, 3), Adjustment.parse("-110"), by="td", reason="unauthorised information")
    # Procedural penalty, 25% of a top.
    session.penalise(Penalty(PairId(5), 25, PenaltyUnit.PERCENT_OF_TOP, board=3, reason="slow play"), by="td")
    state = session.state
    assert state.slots[Slot("A", 2, 1, 2)].adjustment == Adjustment(weighted=WeightedScore(((0.6, 600), (0.4, -100))))
    lines = state.scored_results()
    split = next(line for line in lines if (line.table, line.round, line.board) == (2, 2, 1))
    assert (split.score, split.ew_score) == (420, -50)
    assigned = next(line for line in lines if (line.table, line.round, line.board) == (3, 1, 3))
    assert assigned.ns_score == -110
    assert assigned.contract is not None  # what was played stays beside the adjustment
    score = state.score()
    assert score.pair(PairId(5)).penalty > 0
    assert score.pair(PairId(5)).total < base.pair(PairId(5)).total
    # Adjustments need a reason.
    with pytest.raises(SessionError, match="needs a reason"):
        session.adjust(slot, Adjustment.parse("A"), by="td", reason=" ")


def test_adjusted_score_for_a_board_not_played() -> None:
    session = seed_session()
    session.append(NotPlayed(Slot("A", 1, 1, 1)), by="scorer", reason="late arrival")
    assert session.state.missing()[0] != Slot("A", 1, 1, 1)
    assert session.state.scored_results() == []
    session.adjust(Slot("A", 1, 1, 1), Adjustment.parse("A"), by="td", reason="average for not played")
    enter_seed_traveller(session, first=1)
    line = next(line for line in session.state.scored_results() if line.board == 1 and line.table == 1)
    assert (line.ns, line.ew, line.artificial) == (PairId(1), PairId(8), ArtificialScore(50.0, 50.0))
    board = session.state.score().board(1)
    assert next(entry for entry in board.lines if entry.result.table == 1).ns == 6.0  # 50% of the top of 12


def test_correction_undo_and_undo_of_the_undo() -> None:
    session = seed_session()
    enter_seed_traveller(session)
    wrong = session.correct(BoardResult(1, PairId(3), PairId(11), Contract.parse("5DX", declarer=Seat.EAST),
                                        tricks=9), by="td", reason="EW said 9 tricks")
    assert session.state.result(table=3, round=3, board=1).ns_score == 300
    undo = session.undo(wrong.seq, by="td", reason="the traveller was right")
    assert session.state.result(table=3, round=3, board=1).ns_score == 500
    session.undo(undo.seq, by="td", reason="it was 9 tricks after all")
    assert session.state.result(table=3, round=3, board=1).ns_score == 300
    with pytest.raises(SessionError, match="removing or correcting"):
        session.undo(2, by="td")
    with pytest.raises(SessionError, match="no record #99"):
        session.undo(99, by="td")


def test_remove_confirm_and_missing() -> None:
    session = seed_session()
    session.enter(BoardResult(1, PairId(1), PairId(8), score=420), by="north")
    session.append(ResultConfirmed(Slot("A", 1, 1, 1), Side.EW), by="east")
    assert session.state.slots[Slot("A", 1, 1, 1)].confirmed == {Side.EW}
    assert len(session.state.missing()) == 48
    session.append(ResultRemoved(Slot("A", 1, 1, 1)), by="td", reason="wrong board")
    assert len(session.state.missing()) == 49
    with pytest.raises(NoSuchResultError, match="table 1, round 1, board 1 has no result"):
        session.append(ResultConfirmed(Slot("A", 1, 1, 1), Side.EW), by="east")


def test_as_of_rebuilds_every_moment() -> None:
    session = seed_session()
    enter_seed_traveller(session)
    session.correct(BoardResult(1, PairId(6), PairId(12), score=-100), by="td", reason="two down")
    moments = [record.at for record in session.records]
    before_correction = session.as_of(moments[-2])
    assert before_correction.result(table=6, round=6, board=1).ns_score == -50
    assert session.as_of(moments[-1]).result(table=6, round=6, board=1).ns_score == -100
    assert session.as_of(3).slots.keys() == {Slot("A", 1, 1, 1), Slot("A", 2, 2, 1)}
    with pytest.raises(SessionError, match="did not exist yet"):
        session.as_of(datetime(2000, 1, 1, tzinfo=UTC))
    assert before_correction.score().pair(PairId(6)).total == 0


def test_movement_change_must_fit_the_results() -> None:
    session = seed_session()
    session.enter(BoardResult(1, PairId(1), PairId(8), score=420), by="scorer")
    with pytest.raises(WrongPairError, match="does not fit the result of table 1, round 1, board 1"):
        session.append(MovementChanged(three_table_howell()), by="td")
    session.append(MovementChanged(seed_movement()), by="td", reason="same movement")


def test_phantom_and_late_pairs() -> None:
    session = seed_session()
    session.append(PairSeated(PairId(14), phantom=True), by="td")
    session.append(PairSeated(PairId(7), ("Late A", "Late B"), late=True), by="td")
    assert session.state.pairs[PairId(14)].names == "phantom"
    missing = session.state.missing()
    assert all(session.state.seating(table=s.table, round=s.round).ew != PairId(14) for s in missing)
    with pytest.raises(WrongPairError, match="phantom"):
        session.enter(BoardResult(1, PairId(5), PairId(14), score=450), by="scorer")
    with pytest.raises(WrongPairError, match="not in movement"):
        session.append(PairSeated(PairId(15), ("X", "Y")), by="td")


def test_log_round_trips_through_json() -> None:
    session = play_shared_session()
    session.adjust(Slot("A", 1, 1, 1), Adjustment.parse("A+/A-"), by="td", reason="fouled")
    session.adjust(Slot("A", 2, 1, 2), Adjustment.parse("60% 600, 40% -100"), by="td", reason="12C1c")
    session.penalise(Penalty(PairId(5), 1.5, PenaltyUnit.MATCHPOINTS, reason="mobile phone"), by="td")
    session.append(BoardsDealt(deal_boards([1, 2, 3, 4], seed="round trip"), source="seed"), by="td")
    session.correct(BoardResult(1, PairId(3), PairId(4), Contract.parse("4S", declarer=Seat.NORTH),
                                lead=Card.parse("HK"), tricks=10), by="td", reason="lead added")
    copy = Session.loads(session.dumps())
    assert copy.records == session.records
    assert copy.state.scored_results() == session.state.scored_results()
    assert [Record.from_json(r.to_json()) for r in session.records] == list(session.records)
    with pytest.raises(SessionError, match="unknown kind"):
        Record.from_json({**session.records[1].to_json(), "kind": "teleport"})
    with pytest.raises(SessionError, match="not JSON"):
        Session.loads("{")


def test_replayed_entry_id_is_stored_once() -> None:
    session = seed_session()
    line = BoardResult(1, PairId(1), PairId(8), Contract.parse("4S", declarer=Seat.NORTH), tricks=10)
    first = session.enter(line, by="table 1", key="t1-r1-b1-a7f3")
    again = session.enter(line, by="table 1", key="t1-r1-b1-a7f3")  # the phone resends after a dropped network
    assert again is first and len(session) == 2
    with pytest.raises(SessionError, match="entry id 't1-r1-b1-a7f3' was already used for record #2"):
        session.enter(dataclasses.replace(line, tricks=11), by="table 1", key="t1-r1-b1-a7f3")
    assert Session.loads(session.dumps()).enter(line, by="table 1", key="t1-r1-b1-a7f3").seq == 2


def test_teams_are_formed_from_pairs_of_the_movement() -> None:
    session = seed_session()
    record = session.append(TeamFormed(1, "Home", (PairId(1), PairId(8))), by="td")
    assert session.state.teams[1].name == "Home"
    assert Record.from_json(record.to_json()) == record
    with pytest.raises(WrongPairError, match="team 2: pairs 99 are not in the movement"):
        session.append(TeamFormed(2, "Away", (PairId(99), PairId(9))), by="td")


def test_boards_from_a_pbn_file(shared_dir: Path) -> None:
    text = (shared_dir / "data" / "pbn" / "Hazlemere_Trophy.pbn").read_text(encoding="utf-8", errors="replace")
    boards = boards_from_pbn(text, range(1, 8))
    assert [board.number for board in boards] == list(range(1, 8))
    assert boards[0].deal[Seat.NORTH] == Deal.from_pbn(
        "N:AJ7.KT73.2.K9872 .9862.KQJ7.AT643 KQ9.AJ5.AT9865.J T865432.Q4.43.Q5")[Seat.NORTH]
    session = seed_session()
    session.append(BoardsDealt(boards, source="PBN Hazlemere_Trophy.pbn"), by="td")
    assert session.state.boards[2].vulnerability == boards[1].vulnerability
    with pytest.raises(SessionError, match="no deal for boards 31-32"):
        boards_from_pbn(text, range(29, 33))


def test_seating_change_cannot_seat_a_pair_twice() -> None:
    session = seed_session()
    with pytest.raises(WrongPairError, match="seats pair 1 twice in round 2: at tables 1 and 2"):
        session.append(SeatingChanged(Seating("A", 2, 2, PairId(1), PairId(13), (1,))), by="director")
    session.append(SeatingChanged(Seating("A", 2, 2, PairId(2), None, ())), by="director", reason="13 left")
    assert Slot("A", 2, 2, 1) not in session.state.missing()


def test_live_score_re_scores_only_what_changed_and_equals_a_full_score() -> None:
    session = seed_session()
    steps = []
    for ns, ew, typed, _, _ in SEED_TRAVELLER:
        line = parse_result_line(typed, board=1, ns=PairId(ns), ew=PairId(ew))
        assert isinstance(line, BoardResult)
        steps.append(lambda line=line: session.enter(line, by="scorer"))
        steps.append(lambda: session.score())
    steps += [
        lambda: session.append(ResultConfirmed(Slot("A", 1, 1, 1), Side.EW), by="east"),
        lambda: session.correct(BoardResult(1, PairId(4), PairId(9), score=-50), by="td", reason="4S-1"),
        lambda: session.adjust(Slot("A", 5, 5, 1), Adjustment.parse("A+/A-"), by="td", reason="fouled"),
        lambda: session.enter(BoardResult(2, PairId(1), PairId(11), score=110), by="scorer"),
        lambda: session.penalise(Penalty(PairId(3), 1, PenaltyUnit.MATCHPOINTS, reason="late"), by="td"),
        lambda: session.undo(len(session), by="td", reason="forgiven"),
    ]
    for step in steps:
        step()
        live, full = session.score(), session.state.score()
        assert live.ranking() == full.ranking()
        assert [board.lines for board in live.boards] == [board.lines for board in full.boards]


def test_a_pbn_boards_own_vulnerability_scores_the_line() -> None:
    session = seed_session()
    deal = Deal.from_seed("vul", 1)
    from redouble.board import Board
    from redouble.seats import Vulnerability

    session.append(BoardsDealt((Board(deal, Seat.NORTH, Vulnerability.BOTH, 1),), source="PBN"), by="td")
    record = session.enter(BoardResult(1, PairId(1), PairId(8), Contract.parse("4S", declarer=Seat.NORTH),
                                       tricks=10), by="scorer")
    assert record.change.result.score is None  # type: ignore[union-attr]  # what was typed is stored
    assert session.state.result(table=1, round=1, board=1).ns_score == 620  # vulnerable, as the board says
    with pytest.raises(ImpossibleResultError, match=r"\+420 is not a possible score on board 1 \(vulnerable: All\)"):
        session.enter(BoardResult(1, PairId(2), PairId(13), score=420), by="scorer")


def test_doubtful_results_are_flagged_not_refused() -> None:
    from redouble.analysis.ddtable import dd_table
    from redouble.cards import Strain

    session = seed_session()
    session.append(BoardsDealt(deal_boards([1], seed="doubts"), source="seed"), by="td")
    table = dd_table(session.state.boards[1].deal)
    made = table.tricks(declarer=Seat.NORTH, strain=Strain.SPADES)
    far = made - 3 if made >= 3 else made + 3
    line = BoardResult(1, PairId(1), PairId(8), Contract.parse("1S", declarer=Seat.NORTH), tricks=far)
    session.enter(line, by="scorer")
    assert session.state.doubts(Slot("A", 1, 1, 1), dd=table) == [
        f"table 1, round 1, board 1: 1S N took {far} tricks; double dummy makes {made}"]
    plain = seed_session()
    for ns, ew, score in ((1, 8, 420), (2, 13, 420), (3, 11, 450)):
        plain.enter(BoardResult(1, PairId(ns), PairId(ew), score=score), by="scorer")
    plain.enter(BoardResult(1, PairId(4), PairId(9), score=-420), by="scorer")  # NS -420 where the others are +
    assert plain.state.doubts(Slot("A", 4, 4, 1)) == [
        "table 4, round 4, board 1: NS -420, but every other table scored NS plus: is it on the right side?"]
    assert plain.state.doubts(Slot("A", 2, 2, 1)) == []
