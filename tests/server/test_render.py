"""The server's fast view rendering is exactly ``View.to_json()``, for every seat and spectators."""

from __future__ import annotations

import random

from redouble.board import Board
from redouble.deal import Deal
from redouble.robots import RandomRobot
from redouble.seats import Seat
from redouble.server.render import view_json
from redouble.state import BoardState
from redouble.view import Phase

VIEWERS = (*Seat, None)


def test_view_json_equals_view_to_json_throughout_random_boards() -> None:
    rng = random.Random(11)
    robot = RandomRobot(3)
    compared = 0
    for number in range(1, 41):
        state = BoardState(Board.numbered(number, deal=Deal.from_seed(f"render {number}")),
                           scoring=("imps", "matchpoints", None)[number % 3])
        while True:
            for viewer in VIEWERS:
                view = state.view(viewer)
                assert view_json(view) == view.to_json()
                compared += 1
            phase = state.phase
            if phase is Phase.DONE:
                break
            if phase is Phase.CLAIM:
                play = state.play
                assert play is not None and play.pending_claim is not None
                claim = play.pending_claim
                seat = sorted(claim.needs - claim.accepted_by)[0]
                state.reject_claim(seat) if rng.random() < 0.5 else state.accept_claim(seat)
                continue
            actor = state.actor
            assert actor is not None
            view = state.view(actor)
            if phase is Phase.AUCTION:
                choice = robot.choose_call(view)
                state.make_call(choice.call, alert=rng.random() < 0.2,
                                explanation="because" if rng.random() < 0.2 else None)
            elif rng.random() < 0.02 and state.can_claim(actor, 1):
                state.claim(actor, 1)
            else:
                state.play_card(robot.choose_card(view), by=actor)
    assert compared > 5000
