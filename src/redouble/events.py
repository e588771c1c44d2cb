"""The events of a board: frozen records of every action, serialisable to JSON.

A board's event log is its truth: replaying the events rebuilds the board exactly.

>>> event = CallMade(seat=Seat.NORTH, call=Call.parse("1NT"), alert=False)
>>> event_from_json(event.to_json()) == event
True
>>> event.to_json()
{'type': 'call', 'seat': 'N', 'call': '1NT'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from redouble.calls import CALLS, Call
from redouble.cards import DECK, Card
from redouble.errors import NotationError
from redouble.seats import Seat

__all__ = [
    "CallMade",
    "CardPlayed",
    "ClaimAccepted",
    "ClaimMade",
    "ClaimRejected",
    "ClaimWithdrawn",
    "Event",
    "Undone",
    "event_from_json",
]


@dataclass(frozen=True, slots=True)
class CallMade:
    """A call, with the caller's own alert and explanation (shown to opponents only)."""

    type: ClassVar[str] = "call"
    seat: Seat
    call: Call
    alert: bool = False
    explanation: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat.letter(),
                                "call": str(self.call)}
        if self.alert:
            data["alert"] = True
        if self.explanation:
            data["explanation"] = self.explanation
        return data


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card played from ``seat``'s hand (by declarer when ``seat`` is dummy)."""

    type: ClassVar[str] = "card"
    seat: Seat
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat.letter(), "card": str(self.card)}


@dataclass(frozen=True, slots=True)
class ClaimMade:
    """A claim of ``tricks`` of the remaining tricks; ``tricks=0`` concedes them all.

    ``statement`` is the claimer's line of play ("I draw trumps and run the diamonds"), which
    Law 68C asks a claim to carry; it travels to the opponents and stays in the record.
    """

    type: ClassVar[str] = "claim"
    seat: Seat
    tricks: int
    statement: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat.letter(), "tricks": self.tricks}
        if self.statement:
            data["statement"] = self.statement
        return data


@dataclass(frozen=True, slots=True)
class ClaimAccepted:
    """An opponent (or a defender's partner) agrees to the pending claim."""

    type: ClassVar[str] = "accept"
    seat: Seat

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat.letter()}


@dataclass(frozen=True, slots=True)
class ClaimRejected:
    """A player disputes the pending claim; play goes on."""

    type: ClassVar[str] = "reject"
    seat: Seat

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat.letter()}


@dataclass(frozen=True, slots=True)
class ClaimWithdrawn:
    """The claimer takes the pending claim back."""

    type: ClassVar[str] = "withdraw"
    seat: Seat

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat.letter()}


@dataclass(frozen=True, slots=True)
class Undone:
    """The last call or card was taken back, at ``seat``'s request (policy is the caller's)."""

    type: ClassVar[str] = "undo"
    seat: Seat | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            data["seat"] = self.seat.letter()
        return data


# Events are frozen values, so the engine hands out shared ones: by seat, then card or call index.
_CARD_EVENTS: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple(CardPlayed(seat=seat, card=card) for card in DECK) for seat in Seat)
_CALL_EVENTS: tuple[tuple[CallMade, ...], ...] = tuple(
    tuple(CallMade(seat=seat, call=call) for call in CALLS) for seat in Seat)


def call_made(seat: Seat, call: Call, *, alert: bool = False, explanation: str | None = None) -> CallMade:
    """``CallMade(...)``, shared when the call has no alert or explanation.

    >>> call_made(Seat.WEST, Call.parse("2C")) == CallMade(seat=Seat.WEST, call=Call.parse("2C"))
    True
    """
    if alert or explanation:
        return CallMade(seat=seat, call=call, alert=alert, explanation=explanation or None)
    return _CALL_EVENTS[seat][call.index]


Event = CallMade | CardPlayed | ClaimMade | ClaimAccepted | ClaimRejected | ClaimWithdrawn | Undone


def event_from_json(data: dict[str, Any]) -> Event:
    """Rebuild an event from its ``to_json`` form; a malformed record raises ``NotationError``."""
    if not isinstance(data, dict):
        raise NotationError(f"an event is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    try:
        seat = Seat.parse(data["seat"]) if data.get("seat") is not None else None
        if kind == "undo":
            return Undone(seat=seat)
        if seat is None:
            raise NotationError(f"a {kind!r} event needs a seat")
        if kind == "call":
            explanation = data.get("explanation")
            if explanation is not None and not isinstance(explanation, str):
                raise NotationError("an explanation must be text")
            return CallMade(seat=seat, call=Call.parse(str(data["call"])),
                            alert=bool(data.get("alert", False)), explanation=explanation)
        if kind == "card":
            return CardPlayed(seat=seat, card=Card.parse(str(data["card"])))
        if kind == "claim":
            tricks = data["tricks"]
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise NotationError(f"a claim's tricks must be a whole number, not {tricks!r}")
            statement = data.get("statement")
            if statement is not None and not isinstance(statement, str):
                raise NotationError("a claim's statement must be text")
            return ClaimMade(seat=seat, tricks=tricks, statement=statement or None)
        if kind == "accept":
            return ClaimAccepted(seat=seat)
        if kind == "reject":
            return ClaimRejected(seat=seat)
        if kind == "withdraw":
            return ClaimWithdrawn(seat=seat)
    except KeyError as missing:
        raise NotationError(f"a {kind!r} event is missing {missing}") from None
    raise NotationError(f"unknown event type {kind!r}")
