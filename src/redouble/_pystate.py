"""The board's hot path in plain Python: the reference for ``StateCore`` in ``_accel.c``.

``BoardState`` subclasses ``StateCore``: the compiled one when ``redouble._accel`` is built
(see ``redouble._backend``), this one otherwise. It makes a call or plays a card and records
its event, lists the legal calls and cards, and says why an action is refused (a ``Refusal``:
the board's phase, then the auction's or the play's own reason); everything else about a board
is in ``redouble.state``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from redouble.events import _CARD_EVENTS, CallMade, CardPlayed, Event, call_made
from redouble.refusals import Refusal
from redouble.view import Phase

if TYPE_CHECKING:
    from redouble.auction import Auction
    from redouble.calls import Call
    from redouble.cards import Card
    from redouble.play import Play
    from redouble.seats import Seat

__all__ = ["StateCore"]

_AUCTION, _PLAY = Phase.AUCTION, Phase.PLAY  # module constants: enum attribute access is slow


class StateCore:
    """The state every card touches, and the frequent moves on it."""

    auction: Auction
    play: Play | None
    _events: list[Event]
    _actions: list[CallMade | CardPlayed]
    _phase: Phase

    @property
    def phase(self) -> Phase:
        """Auction, play, claim (pending) or done."""
        return self._phase

    def check_card(self, card: Card, *, by: Seat | None = None) -> None:
        """Raise the error naming the rule (the subclass's)."""
        raise NotImplementedError  # pragma: no cover

    def check_call(self, call: Call, *, seat: Seat | None = None) -> None:
        """Raise the error naming the rule (the subclass's)."""
        raise NotImplementedError  # pragma: no cover

    def _update_phase(self) -> None:
        raise NotImplementedError  # pragma: no cover

    def _auction_over(self) -> None:
        raise NotImplementedError  # pragma: no cover

    def _call_refusal(self, call: object, seat: Seat | None) -> int:
        """0 if ``call`` may be made now, else the ``Refusal`` (the auction's own after the phase)."""
        if self._phase is not _AUCTION:
            return Refusal.WRONG_PHASE
        return self.auction._call_refusal(call, seat)

    def _card_refusal(self, card: object, by: Seat | None) -> int:
        """0 if ``card`` may be played now, else the ``Refusal`` (the play's own after the phase)."""
        play = self.play
        if play is None or play.turn is None:
            return Refusal.WRONG_PHASE
        return play._card_refusal(card, by)

    def make_call(self, call: Call, *, seat: Seat | None = None, alert: bool = False,
                  explanation: str | None = None) -> CallMade:
        """Make a call (with the caller's alert and explanation) and record it."""
        if self._phase is not _AUCTION:
            self.check_call(call, seat=seat)
            raise AssertionError("unreachable: check_call accepted a refused action")
        auction = self.auction
        turn = auction.make_call(call, seat=seat)
        event = call_made(turn, call, alert=alert, explanation=explanation)
        self._actions.append(event)
        self._events.append(event)
        if auction.is_complete:
            self._auction_over()
        return event

    def play_card(self, card: Card, *, by: Seat | None = None) -> CardPlayed:
        """Play a card (``by`` the acting seat, declarer for dummy) and record it."""
        play = self.play
        if play is None or self._phase is not _PLAY:
            self.check_card(card, by=by)
            raise AssertionError("unreachable: check_card accepted a refused action")
        event = _CARD_EVENTS[play.play_card(card, by=by)][card.index]
        self._actions.append(event)
        self._events.append(event)
        if play.turn is None:
            self._update_phase()
        return event

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat on turn may play."""
        play = self.play
        return () if play is None else play.legal_cards()

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the seat on turn may make, in bidding-box order (empty after the auction)."""
        return self.auction._legal_tuple()
