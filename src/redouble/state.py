"""A board in progress: one phase at a time, every action a frozen event in its log.

>>> deal = Deal.from_seed("doctest")
>>> state = BoardState(Board.numbered(1, deal=deal))
>>> state.phase
Phase.AUCTION
>>> event = state.make_call(Call.parse("1NT"), alert=True, explanation="15-17 HCP, balanced")
>>> event
CallMade(seat=Seat.NORTH, call=Call.parse('1NT'), alert=True, explanation='15-17 HCP, balanced')
>>> state.view(Seat.EAST).auction[0].explanation
'15-17 HCP, balanced'
>>> state.view(Seat.SOUTH).auction[0].explanation is None
True
>>> for _ in range(3):
...     _ = state.make_call(Call.parse("Pass"))
>>> state.phase, state.contract
(Phase.PLAY, Contract.parse('1NT', declarer=Seat.NORTH))
>>> BoardState.from_json(state.to_json()).events == state.events
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redouble import _backend, _pystate
from redouble.auction import Auction
from redouble.board import Board
from redouble.calls import Call, Contract
from redouble.cards import Card
from redouble.deal import Deal
from redouble.errors import (
    BridgeError,
    ClaimError,
    IllegalCardError,
    NotationError,
    PhaseError,
    UndoError,
)
from redouble.events import (
    _CALL_EVENTS,
    _CARD_EVENTS,
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    ClaimWithdrawn,
    Event,
    Undone,
    call_made,
    event_from_json,
)
from redouble.play import Play
from redouble.refusals import call_error, card_error
from redouble.seats import Seat, Vulnerability
from redouble.view import AuctionEntry, Phase, View

__all__ = ["BoardResult", "BoardState", "Phase"]


if TYPE_CHECKING:
    from redouble._pystate import StateCore
elif _backend.ACCEL is not None:
    _backend.ACCEL.bind_state(Phase.AUCTION, Phase.PLAY, [event for row in _CARD_EVENTS for event in row],
                              [event for row in _CALL_EVENTS for event in row], call_made)
    StateCore = _backend.ACCEL.StateCore
else:
    StateCore = _pystate.StateCore


@dataclass(frozen=True, slots=True)
class BoardResult:
    """How a board ended: the contract (``None`` if passed out) and declarer's tricks."""

    contract: Contract | None
    tricks: int | None

    @property
    def is_passed_out(self) -> bool:
        """Four passes: no contract was played."""
        return self.contract is None

    def __str__(self) -> str:
        if self.contract is None or self.tricks is None:
            return "passed out"
        diff = self.tricks - self.contract.tricks_needed
        suffix = "=" if diff == 0 else f"{diff:+d}"
        return f"{self.contract.format(with_declarer=True)} {suffix}"


class BoardState(StateCore):
    """A board being bid and played, rebuilt from and recorded as events.

    Making a call, playing a card, and the legal calls and cards come from the engine core
    (``redouble._backend``); everything else is here.
    """

    def __init__(self, board: Board, events: Iterable[Event] = (), *,
                 scoring: str | None = None) -> None:
        self.board = board
        self.scoring = scoring  # the form of scoring in force, shown in views (robots use it)
        self._events: list[Event] = []
        self._actions: list[CallMade | CardPlayed] = []  # calls and cards in force
        self.auction = Auction(dealer=board.dealer)
        self.play: Play | None = None
        self._phase = Phase.AUCTION
        for event in events:
            self.apply(event)

    def __reduce__(self) -> tuple[object, tuple[dict[str, Any]]]:
        return (BoardState.from_json, (self.to_json(),))  # the event log is the truth

    def __repr__(self) -> str:
        return (f"<BoardState board={self.board.number} {self.phase.value} "
                f"events={len(self._events)}>")

    # --- state -------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played."""
        return self.board.deal

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order (undone actions and lapsed claims included)."""
        return tuple(self._events)

    def _update_phase(self) -> None:
        self._phase = self._derive_phase()

    def _derive_phase(self) -> Phase:
        if not self.auction.is_complete:
            return Phase.AUCTION
        if self.play is None or self.play.is_complete:
            return Phase.DONE
        if self.play.pending_claim is not None:
            return Phase.CLAIM
        return Phase.PLAY

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (``None`` if passed out or still bidding)."""
        return self.auction.contract

    @property
    def turn(self) -> Seat | None:
        """The seat whose call or card comes next."""
        if not self.auction.is_complete:
            return self.auction.turn
        return None if self.play is None else self.play.turn

    @property
    def actor(self) -> Seat | None:
        """The seat that must act now: the caller, the player, or declarer for dummy."""
        if not self.auction.is_complete:
            return self.auction.turn
        return None if self.play is None else self.play.actor

    @property
    def result(self) -> BoardResult | None:
        """The result once the board is done."""
        if self.phase is not Phase.DONE:
            return None
        if self.play is None:
            return BoardResult(contract=None, tricks=None)
        return BoardResult(contract=self.play.contract, tricks=self.play.declarer_tricks)

    def _require(self, *phases: Phase) -> None:
        phase = self.phase
        if phase not in phases:
            wanted = " or ".join(p.value for p in phases)
            raise PhaseError(f"the board is in the {phase.value} phase, not {wanted}")

    # --- calls ---------------------------------------------------------------------------

    def check_call(self, call: Call, *, seat: Seat | None = None) -> None:
        """Raise ``IllegalCallError`` naming the law if the core refuses ``call`` now."""
        reason = self._call_refusal(call, seat)
        if reason:
            raise call_error(reason, call, seat, self.auction, self.phase)

    def is_legal_call(self, call: Call, *, seat: Seat | None = None) -> bool:
        """Whether ``check_call`` would accept it."""
        return not self._call_refusal(call, seat)

    def _auction_over(self) -> None:
        """The last call was made: the play begins (unless the board was passed out)."""
        contract = self.auction.contract
        if contract is not None:
            self.play = Play(deal=self.board.deal, contract=contract)
        self._update_phase()

    # --- cards ---------------------------------------------------------------------------

    def check_card(self, card: Card, *, by: Seat | None = None) -> None:
        """Raise ``IllegalCardError`` (or ``OutOfTurnError``) naming the law if the core refuses it."""
        reason = self._card_refusal(card, by)
        if reason:
            raise card_error(reason, card, by, self.play, self.phase)

    def is_legal_card(self, card: Card, *, by: Seat | None = None) -> bool:
        """Whether ``check_card`` would accept it."""
        return not self._card_refusal(card, by)

    # --- claims --------------------------------------------------------------------------

    def check_claim(self, seat: Seat, tricks: int) -> None:
        """Raise ``ClaimError`` if ``seat`` may not claim ``tricks`` of the remaining tricks."""
        if self.play is None or self.phase is not Phase.PLAY:
            raise ClaimError(f"a claim can only be made during play, not in the "
                             f"{self.phase.value} phase")
        self.play.check_claim(seat, tricks)

    def can_claim(self, seat: Seat, tricks: int) -> bool:
        """Whether ``check_claim`` would accept it."""
        try:
            self.check_claim(seat, tricks)
        except BridgeError:
            return False
        return True

    def claim(self, seat: Seat, tricks: int, statement: str | None = None) -> ClaimMade:
        """Claim ``tricks`` of the remaining tricks for ``seat``'s side, with the claimer's
        statement of the line of play if given (Law 68C)."""
        self.check_claim(seat, tricks)
        assert self.play is not None
        self.play.claim(seat, tricks)
        self._update_phase()
        event = ClaimMade(seat=seat, tricks=tricks, statement=statement or None)
        self._events.append(event)
        return event

    def concede(self, seat: Seat) -> ClaimMade:
        """Concede all the remaining tricks (a claim of none)."""
        return self.claim(seat, 0)

    def _pending_play(self) -> Play:
        if self.play is None or self.phase is not Phase.CLAIM:
            raise ClaimError("there is no claim to answer")
        return self.play

    def accept_claim(self, seat: Seat) -> ClaimAccepted:
        """Agree to the pending claim; it settles the board once all who must have agreed."""
        self._pending_play().accept_claim(seat)
        self._update_phase()
        event = ClaimAccepted(seat=seat)
        self._events.append(event)
        return event

    def reject_claim(self, seat: Seat) -> ClaimRejected:
        """Dispute the pending claim; play goes on."""
        self._pending_play().reject_claim(seat)
        self._update_phase()
        event = ClaimRejected(seat=seat)
        self._events.append(event)
        return event

    def withdraw_claim(self, seat: Seat) -> ClaimWithdrawn:
        """The claimer takes a pending claim back."""
        self._pending_play().withdraw_claim(seat)
        self._update_phase()
        event = ClaimWithdrawn(seat=seat)
        self._events.append(event)
        return event

    # --- undo ----------------------------------------------------------------------------

    def check_undo(self, steps: int = 1) -> None:
        """Raise ``UndoError`` if the last ``steps`` calls and cards cannot be taken back now.

        Once the opening lead is faced dummy is spread (Law 41D) and every player has seen it,
        so no undo may take back the opening lead, let alone return the board to the auction,
        whatever a table's undo policy; later cards may be taken back down to the lead.
        """
        if not isinstance(steps, int) or steps < 1:
            raise UndoError(f"an undo takes back one or more calls or cards, not {steps!r}")
        if not self._actions:
            raise UndoError("there is nothing to undo: no call has been made")
        if self.phase is Phase.CLAIM:
            raise UndoError("a pending claim must be answered before anything is undone")
        play = self.play
        if play is not None and play.accepted_claim is not None:
            raise UndoError("the board was settled by a claim; it cannot be undone")
        if play is not None and play.is_dummy_faced and steps >= play._played_count:
            raise UndoError("the opening lead has been faced and dummy seen: it cannot be taken "
                            "back, nor the board returned to the auction (Law 41D)")
        if steps > len(self._actions):
            raise UndoError(f"there are only {len(self._actions)} calls and cards to take back, "
                            f"not {steps}")

    def can_undo(self, steps: int = 1) -> bool:
        """Whether ``check_undo`` would accept."""
        try:
            self.check_undo(steps)
        except BridgeError:
            return False
        return True

    def undo(self, seat: Seat | None = None) -> Undone:
        """Take back the last call or card; whether to allow it is the caller's policy."""
        self.check_undo()
        self._undo_last()
        self._update_phase()
        event = Undone(seat=seat)
        self._events.append(event)
        return event

    def _undo_last(self) -> None:
        last = self._actions.pop()
        if isinstance(last, CardPlayed):
            assert self.play is not None
            self.play.undo()
        else:
            self.auction.undo()
            self.play = None

    # --- replay --------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply a recorded event, checked by the same rules as a live action."""
        if isinstance(event, CallMade):
            self.make_call(event.call, seat=event.seat, alert=event.alert,
                           explanation=event.explanation)
        elif isinstance(event, CardPlayed):
            if self.turn is not event.seat:
                raise IllegalCardError(
                    f"the log says {event.seat.format(full=True)} played {event.card}, but it "
                    f"is {'nobody' if self.turn is None else self.turn.format(full=True)}'s turn")
            self.play_card(event.card)
        elif isinstance(event, ClaimMade):
            self.claim(event.seat, event.tricks, event.statement)
        elif isinstance(event, ClaimAccepted):
            self.accept_claim(event.seat)
        elif isinstance(event, ClaimRejected):
            self.reject_claim(event.seat)
        elif isinstance(event, ClaimWithdrawn):
            self.withdraw_claim(event.seat)
        elif isinstance(event, Undone):
            self.undo(event.seat)
        else:  # pragma: no cover - exhaustive
            raise NotationError(f"unknown event {event!r}")

    @classmethod
    def from_events(cls, board: Board, events: Iterable[Event], *,
                    scoring: str | None = None) -> BoardState:
        """Rebuild a board by replaying its events."""
        return cls(board, events, scoring=scoring)

    def to_json(self) -> dict[str, Any]:
        """The board and its event log as JSON-ready data."""
        board = self.board
        return {
            "board": {
                "number": board.number,
                "dealer": board.dealer.letter(),
                "vulnerability": board.vulnerability.value,
                "deal": board.deal.to_pbn(),
            },
            "events": [event.to_json() for event in self._events],
            **({"scoring": self.scoring} if self.scoring is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BoardState:
        """Rebuild from ``to_json`` data; malformed data raises a ``BridgeError`` subclass."""
        try:
            raw = data["board"]
            board = Board(
                deal=Deal.from_pbn(raw["deal"]),
                dealer=Seat.parse(raw["dealer"]),
                vulnerability=Vulnerability.parse(raw["vulnerability"]),
                number=raw.get("number"),
            )
            events = [event_from_json(item) for item in data["events"]]
            scoring = data.get("scoring")
        except (KeyError, TypeError, AttributeError) as error:
            raise NotationError(f"malformed board record: {error}") from None
        if scoring is not None and not isinstance(scoring, str):
            raise NotationError(f"malformed board record: scoring must be text, not {scoring!r}")
        return cls(board, events, scoring=scoring)

    # --- views ---------------------------------------------------------------------------

    def visible_seats(self, viewer: Seat | None) -> set[Seat]:
        """Whose remaining cards ``viewer`` (``None``: a spectator) may see now."""
        if self.phase is Phase.DONE:
            return set(Seat)
        seats: set[Seat] = set() if viewer is None else {viewer}
        play = self.play
        if play is not None:
            if play.is_dummy_faced:
                seats.add(play.dummy)
            claim = play.pending_claim
            if claim is not None:
                seats.add(claim.claimer)  # Law 68C: the claimer faces the hand
        return seats

    def view(self, seat: Seat | None) -> View:
        """What ``seat`` may see now; ``None`` gives a spectator's view (public information)."""
        phase = self.phase
        done = phase is Phase.DONE
        play = self.play
        visible = self.visible_seats(seat)
        hands: dict[Seat, tuple[Card, ...]] = {}
        for who in sorted(visible):
            cards = play.remaining(who) if play is not None else self.deal[who].cards
            hands[who] = tuple(sorted(cards))
        entries = []
        for event in self._actions:
            if not isinstance(event, CallMade):
                break
            shown = done or (seat is not None and (seat is event.seat
                                                   or seat.side is not event.seat.side))
            entries.append(AuctionEntry(
                seat=event.seat, call=event.call,
                alert=event.alert if shown else False,
                explanation=event.explanation if shown else None))
        acting = seat is not None and self.actor is seat
        legal_calls: tuple[Call, ...] = ()
        legal_cards: tuple[Card, ...] = ()
        if acting and phase is Phase.AUCTION:
            legal_calls = tuple(self.auction.legal_calls())
        elif acting and phase is Phase.PLAY and play is not None:
            legal_cards = play.legal_cards()
        claim_data: dict[str, Any] | None = None
        if play is not None and play.pending_claim is not None:
            pending = play.pending_claim
            claim_data = {"claimer": pending.claimer.letter(), "tricks": pending.tricks,
                          "remaining": pending.remaining,
                          "needs": sorted(s.letter() for s in pending.needs),
                          "accepted_by": sorted(s.letter() for s in pending.accepted_by)}
            made = next((e for e in reversed(self._events) if isinstance(e, ClaimMade)), None)
            if made is not None and made.statement:
                claim_data["statement"] = made.statement  # the claimer's line, for all to read
        played: tuple[tuple[Seat, Card], ...] = ()
        if play is not None:
            played = tuple(pair for trick in (*play.tricks, play.current_trick)
                           for pair in trick.plays)
        return View(
            seat=seat,
            board_number=self.board.number,
            dealer=self.board.dealer,
            vulnerability=self.board.vulnerability,
            phase=phase,
            hands=hands,
            auction=tuple(entries),
            contract=self.contract,
            tricks=() if play is None else play.tricks,
            current_trick=None if play is None else play.current_trick,
            declarer_tricks=0 if play is None else play.declarer_tricks,
            defender_tricks=0 if play is None else play.defender_tricks,
            turn=self.turn,
            actor=self.actor,
            legal_calls=legal_calls,
            legal_cards=legal_cards,
            claim=claim_data,
            deal=self.deal if done else None,
            played=played,
            scoring=self.scoring,
        )
