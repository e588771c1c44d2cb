"""Closing and reopening a session are records in its log: who, when and why; a closed session takes no
change until the director reopens it, and the log replays to the same state."""

from __future__ import annotations

import pytest
from club_support import seed_session

from redouble.club.movement import PairId
from redouble.club.session import (
    BoardResult,
    Session,
    SessionClosed,
    SessionError,
    SessionReopened,
    parse_result_line,
)


def _line(typed: str, ns: int, ew: int) -> BoardResult:
    line = parse_result_line(typed, board=1, ns=PairId(ns), ew=PairId(ew))
    assert isinstance(line, BoardResult)
    return line


def test_a_closed_session_takes_no_change_until_reopened() -> None:
    session = seed_session()
    first = session.records[0].change
    session.enter(_line("420", *_first_pair(session)), by="scorer")
    closed = session.append(SessionClosed(), by="director", reason="all boards in")
    assert session.state.closed and "closed the session" in closed.describe() and "all boards in" in closed.describe()
    before = len(session)
    with pytest.raises(SessionError, match="closed: the director reopens it first"):
        session.append(SessionClosed(), by="director")
    with pytest.raises(SessionError, match="closed"):
        session.undo(2, by="director", reason="no")
    assert len(session) == before
    session.append(SessionReopened(), by="director", reason="a late correction")
    assert not session.state.closed
    with pytest.raises(SessionError, match="not by undo"):
        session.undo(closed.seq, by="director")
    with pytest.raises(SessionError, match="only a closed session is reopened"):
        session.append(SessionReopened(), by="director")
    replayed = Session.loads(session.dumps())
    assert [record.kind for record in replayed.records][-2:] == ["session_closed", "session_reopened"]
    assert replayed.state == session.state and replayed.records[-1].reason == "a late correction"
    assert first == replayed.records[0].change


def _first_pair(session: Session) -> tuple[int, int]:
    seating = next(s for s in session.state.movement.seatings if 1 in s.boards and s.ns and s.ew)
    assert seating.ns is not None and seating.ew is not None
    return seating.ns.number, seating.ew.number


def test_the_travellers_setting_is_stored_with_the_opening() -> None:
    movement = seed_session().state.movement
    hidden = Session.open("No travellers", movement, by="director", travellers=False)
    assert not Session.loads(hidden.dumps()).state.travellers
    assert Session.loads(seed_session().dumps()).state.travellers
