"""The errors redouble raises: each a ``ValueError`` that names the problem."""

from __future__ import annotations

__all__ = [
    "BridgeError",
    "ClaimError",
    "IllegalCallError",
    "IllegalCardError",
    "InvalidDealError",
    "NotationError",
    "OutOfTurnError",
    "PhaseError",
    "UndoError",
]


class BridgeError(ValueError):
    """Base class of every rule or input error redouble raises."""


class NotationError(BridgeError):
    """A string that is not a card, call, contract, seat or hand in the given language."""


class InvalidDealError(BridgeError):
    """A deal that is not 52 distinct cards, 13 to each hand."""


class IllegalCallError(BridgeError):
    """A call the laws of the auction (Laws 18-19, 27, 36) do not allow now."""


class IllegalCardError(BridgeError):
    """A card that may not be played: not held, already played, or a revoke (Law 44)."""


class OutOfTurnError(IllegalCardError, IllegalCallError):
    """An action by a seat whose turn it is not."""


class PhaseError(BridgeError):
    """An action that does not belong to the board's current phase (auction, play, claim, done)."""


class ClaimError(BridgeError):
    """A claim, concession or answer to a claim that the laws (Laws 68-70) do not allow now."""


class UndoError(BridgeError):
    """An undo with nothing to undo, or asked for where it cannot apply."""
