"""What one seat (or a spectator) may see of a board at a given moment.

Views are what robots and web clients get: never the whole deal while it is being played.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from redouble.auction import Auction
from redouble.calls import Call, Contract
from redouble.cards import Card, Suit
from redouble.deal import Deal
from redouble.play import Trick
from redouble.seats import Seat, Vulnerability

__all__ = ["AuctionEntry", "Phase", "View"]


class Phase(enum.Enum):
    """Where a board stands: one phase at a time, never a set of flags."""

    AUCTION = "auction"
    PLAY = "play"
    CLAIM = "claim"  # play suspended while a claim awaits answers
    DONE = "done"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@dataclass(frozen=True, slots=True)
class AuctionEntry:
    """One call as a given viewer sees it: the alert and explanation only where visible."""

    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat.letter(), "call": str(self.call)}
        if self.alert:
            data["alert"] = True
        if self.explanation:
            data["explanation"] = self.explanation
        return data


def _cards_json(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


@dataclass(frozen=True, slots=True)
class View:
    """A seat's view of a board: its own cards, dummy after the lead, and everything public.

    ``seat`` is ``None`` for a spectator, who sees only what is public until the board ends.
    ``hands`` maps each visible seat to the cards it still holds; ``deal`` is the full deal
    only once the board is over.
    """

    seat: Seat | None
    board_number: int | None
    dealer: Seat
    vulnerability: Vulnerability
    phase: Phase
    hands: dict[Seat, tuple[Card, ...]]
    auction: tuple[AuctionEntry, ...]
    contract: Contract | None
    tricks: tuple[Trick, ...]
    current_trick: Trick | None
    declarer_tricks: int
    defender_tricks: int
    turn: Seat | None
    actor: Seat | None
    legal_calls: tuple[Call, ...]
    legal_cards: tuple[Card, ...]
    claim: dict[str, Any] | None
    deal: Deal | None
    played: tuple[tuple[Seat, Card], ...]
    scoring: str | None = None  # the table's form of scoring: "imps", "matchpoints", "rubber"

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own remaining cards (empty for a spectator)."""
        if self.seat is None:
            return ()
        return self.hands.get(self.seat, ())

    @property
    def dummy(self) -> Seat | None:
        """Dummy's seat once the contract is known."""
        if self.contract is None or self.contract.declarer is None:
            return None
        return self.contract.declarer.partner

    @property
    def declarer(self) -> Seat | None:
        """Declarer's seat once the contract is known."""
        return None if self.contract is None else self.contract.declarer

    @property
    def to_act(self) -> bool:
        """Whether the viewer must act now (call, or play for its own hand or dummy)."""
        return self.seat is not None and self.actor is self.seat

    def visible(self, seat: Seat) -> bool:
        """Whether the viewer sees ``seat``'s remaining cards."""
        return seat in self.hands

    def make_auction(self) -> Auction:
        """The auction so far as an ``Auction`` (a fresh copy)."""
        return Auction(dealer=self.dealer, calls=[entry.call for entry in self.auction])

    def played_by(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` has played so far, in order."""
        return tuple(card for who, card in self.played if who is seat)

    def original_hand(self, seat: Seat) -> tuple[Card, ...] | None:
        """The 13 cards ``seat`` was dealt, if its hand is visible; ``None`` otherwise."""
        if seat not in self.hands:
            return None
        return tuple(sorted(self.hands[seat] + self.played_by(seat)))

    def voids(self) -> dict[Seat, set[Suit]]:
        """Suits each seat has shown out of (failed to follow to) so far."""
        shown: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
        for trick in (*self.tricks, *([self.current_trick] if self.current_trick else [])):
            led = trick.led_suit
            for seat, card in trick.plays:
                if led is not None and card.suit is not led:
                    shown[seat].add(led)
        return shown

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready form: what a web client of this seat receives."""
        return {
            "seat": None if self.seat is None else self.seat.letter(),
            "board": self.board_number,
            "dealer": self.dealer.letter(),
            "vulnerability": self.vulnerability.value,
            "phase": self.phase.value,
            "hands": {seat.letter(): _cards_json(cards) for seat, cards in self.hands.items()},
            "auction": [entry.to_json() for entry in self.auction],
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else self.declarer.letter(),
            "tricks": [
                {"leader": t.leader.letter(), "cards": _cards_json(t.cards),
                 "winner": None if t.winner is None else t.winner.letter()}
                for t in self.tricks
            ],
            "current_trick": None if self.current_trick is None else {
                "leader": self.current_trick.leader.letter(),
                "cards": _cards_json(self.current_trick.cards),
            },
            "declarer_tricks": self.declarer_tricks,
            "defender_tricks": self.defender_tricks,
            "turn": None if self.turn is None else self.turn.letter(),
            "actor": None if self.actor is None else self.actor.letter(),
            "legal_calls": [str(call) for call in self.legal_calls],
            "legal_cards": _cards_json(self.legal_cards),
            "claim": self.claim,
            "deal": None if self.deal is None else self.deal.to_pbn(),
            "scoring": self.scoring,
        }
