"""What a robot is: something that, given a seat's view, chooses a call or a card.

Robots only ever receive a ``View`` (never the whole deal). The baselines here are the
yardsticks the real robots are measured against.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from redouble.calls import PASS, Call
from redouble.cards import Card, Suit
from redouble.seats import Seat
from redouble.state import BoardState
from redouble.view import Phase, View

__all__ = ["CallChoice", "NaiveRobot", "RandomRobot", "Robot", "run_board"]


@dataclass(frozen=True, slots=True)
class CallChoice:
    """A robot's call with what it means; ``alert`` when the meaning is not natural."""

    call: Call
    explanation: str | None = None
    alert: bool = False


@runtime_checkable
class Robot(Protocol):
    """A player that can fill any seat."""

    name: str

    def choose_call(self, view: View) -> CallChoice:
        """The call for ``view.seat``; ``view.legal_calls`` lists the legal ones."""
        ...

    def choose_card(self, view: View) -> Card:
        """The card for ``view.turn`` (dummy's when ``view.seat`` is declarer)."""
        ...

    def answer_claim(self, view: View) -> bool:
        """Whether to accept the pending claim in ``view.claim``."""
        ...


def _legal_cards(view: View) -> tuple[Card, ...]:
    if not view.legal_cards:
        raise ValueError(f"{view.seat} has no card to play: it is not its turn")
    return view.legal_cards


class RandomRobot:
    """Chooses uniformly among the legal calls and cards: the floor every robot must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose_call(self, view: View) -> CallChoice:
        """Any legal call."""
        return CallChoice(self._rng.choice(view.legal_calls))

    def choose_card(self, view: View) -> Card:
        """Any legal card."""
        return self._rng.choice(_legal_cards(view))

    def answer_claim(self, view: View) -> bool:
        """Rejects every claim: it cannot tell a good one."""
        return False


class NaiveRobot:
    """Opens its longest suit at the one level with 12+ HCP, else passes; plays its highest card."""

    name = "naive"

    def choose_call(self, view: View) -> CallChoice:
        """Open the longest suit with 12+ HCP if nobody has bid; pass otherwise."""
        hand = view.hand
        if all(not entry.call.is_bid for entry in view.auction) and sum(c.hcp for c in hand) >= 12:
            lengths = {suit: sum(c.suit is suit for c in hand) for suit in Suit}
            longest = max(Suit, key=lambda s: (lengths[s], s))
            bid = Call.bid(1, longest.strain)
            if bid in view.legal_calls:
                return CallChoice(bid, explanation=f"12+ HCP, longest suit {longest.name.lower()}")
        return CallChoice(PASS)

    def choose_card(self, view: View) -> Card:
        """The highest legal card."""
        return max(_legal_cards(view), key=lambda c: (c.rank, c.suit))

    def answer_claim(self, view: View) -> bool:
        """Rejects every claim."""
        return False


def run_board(state: BoardState, players: Mapping[Seat, Robot], *,
              max_actions: int = 400) -> BoardState:
    """Let robots bid and play ``state`` to its end, each seeing only its own view.

    A robot with a ``propose_claim(view)`` method may claim before it plays; a rejected claim
    is not offered again in the same trick.
    """
    refused: set[int] = set()
    for _ in range(max_actions):
        phase = state.phase
        if phase is Phase.DONE:
            return state
        if phase is Phase.CLAIM:
            play = state.play
            assert play is not None and play.pending_claim is not None
            claim = play.pending_claim
            for seat in sorted(claim.needs - claim.accepted_by):
                if players[seat].answer_claim(state.view(seat)):
                    state.accept_claim(seat)
                else:
                    state.reject_claim(seat)
                    refused.add(len(play.tricks))
                    break
            continue
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        if phase is Phase.AUCTION:
            choice = players[actor].choose_call(view)
            state.make_call(choice.call, seat=actor, alert=choice.alert,
                            explanation=choice.explanation)
            continue
        propose = getattr(players[actor], "propose_claim", None)
        if propose is not None and len(view.tricks) not in refused:
            tricks = propose(view)
            if tricks is not None and state.can_claim(actor, tricks):
                state.claim(actor, tricks)
                continue
        state.play_card(players[actor].choose_card(view), by=actor)
    raise RuntimeError(f"the board did not finish within {max_actions} actions")
