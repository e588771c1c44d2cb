"""The errors of scoring: bad results, scales and score-sheet actions."""

from __future__ import annotations

from redouble.errors import BridgeError

__all__ = ["RubberOverError", "ScoringError"]


class ScoringError(BridgeError):
    """A result, score or option that scoring cannot accept (tricks outside 0-13, unknown scale …)."""


class RubberOverError(ScoringError):
    """A result recorded on a rubber or Chicago sheet that is already finished."""
