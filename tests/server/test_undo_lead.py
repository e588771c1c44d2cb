"""The table asks the engine before an undo: with the policy "always", no undo crosses the lead."""

from __future__ import annotations

import pytest

from redouble.seats import Seat
from redouble.server.errors import ServerError
from redouble.view import Phase

from .test_table import commit, make_table, propose


def test_declarer_cannot_undo_back_into_the_auction_after_the_opening_lead() -> None:
    """Issue 16: declarer undid after the lead and five undo events reopened the auction."""
    table = make_table("duplicate", boards=1, undo_policy="always")
    for seat, call in ((Seat.NORTH, "1NT"), (Seat.EAST, "Pass"), (Seat.SOUTH, "3NT"),
                       (Seat.WEST, "Pass"), (Seat.NORTH, "Pass"), (Seat.EAST, "Pass")):
        commit(table, propose(table, seat, {"type": "call", "call": call}))
    state = table.state
    assert state is not None and state.phase is Phase.PLAY and state.contract is not None
    declarer = state.contract.declarer
    assert declarer is not None
    leader = declarer.lho
    card = state.legal_cards()[0]
    commit(table, propose(table, leader, {"type": "card", "card": str(card)}))
    for seat in (declarer, declarer.partner, leader, leader.partner):
        with pytest.raises(ServerError, match="opening lead") as refused:
            propose(table, seat, {"type": "undo"})
        assert refused.value.code == "undo"
    assert state.phase is Phase.PLAY and state.play is not None
    assert state.play.cards_played == (card,)
