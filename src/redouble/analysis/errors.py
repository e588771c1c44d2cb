"""The errors of the analysis package: bad positions, solver failures and time limits."""

from __future__ import annotations

from redouble.errors import BridgeError

__all__ = ["AnalysisError", "SolveTimeoutError", "SolverError"]


class AnalysisError(BridgeError):
    """A position, deal or request the double-dummy analysis cannot work on."""


class SolverError(AnalysisError):
    """The double-dummy solver (DDS) refused a position; the message is DDS's own."""


class SolveTimeoutError(TimeoutError):
    """A double-dummy solve that did not finish within its time limit (the worker was stopped)."""
