"""A robot job carries the robot's view over Redis as JSON: every view a robot can be asked to
act on comes back equal, and a view that shows the deal is never sent (rule 5)."""

from __future__ import annotations

import random

import pytest

from redouble.board import Board, board_dealer, board_vulnerability
from redouble.calls import PASS
from redouble.deal import Deal
from redouble.events import CardPlayed, ClaimMade, call_made
from redouble.seats import Seat
from redouble.server.robotqueue import view_from_wire, view_to_wire
from redouble.state import BoardState
from redouble.view import Phase


@pytest.mark.parametrize("number", range(1, 9))
def test_every_view_of_a_played_board_survives_the_wire(number: int) -> None:
    rng = random.Random(number)
    board = Board(Deal.from_seed(f"wire {number}", number), board_dealer(number),
                  board_vulnerability(number), number)
    state = BoardState(board, scoring="imps")
    checked = 0
    while state.phase is not Phase.DONE:
        for seat in (*Seat, None):
            view = state.view(seat)
            assert view_from_wire(view_to_wire(view)) == view
            checked += 1
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        if state.phase is Phase.AUCTION:
            calls = view.legal_calls
            call = calls[0] if len(view.auction) > 3 or rng.random() < 0.6 else rng.choice(calls)
            state.apply(call_made(actor, call, alert=rng.random() < 0.2,
                                  explanation="artificial" if rng.random() < 0.2 else None))
        elif state.phase is Phase.PLAY:
            if len(view.tricks) == 10 and not view.current_trick.plays:  # type: ignore[union-attr]
                state.apply(ClaimMade(seat=actor, tricks=3))
                for seat in (*Seat, None):  # a claim pending: the claimer's hand shows
                    pending = state.view(seat)
                    assert view_from_wire(view_to_wire(pending)) == pending
                break
            turn = state.turn
            assert turn is not None
            state.apply(CardPlayed(seat=turn, card=rng.choice(view.legal_cards)))
    assert checked >= 20  # a passed-out board: four calls, five viewers each


def test_a_view_that_shows_the_deal_is_not_sent() -> None:
    board = Board(Deal.from_seed("done", 1), Seat.NORTH, board_vulnerability(1), 1)
    state = BoardState(board)
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
        state.apply(call_made(seat, PASS))
    view = state.view(Seat.NORTH)
    assert view.phase is Phase.DONE and view.deal is not None
    with pytest.raises(ValueError, match="whole deal"):
        view_to_wire(view)

