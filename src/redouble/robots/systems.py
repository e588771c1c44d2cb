"""The bidding systems a robot can play, by name: ``modern`` (the default) and ``sayc``."""

from __future__ import annotations

from redouble.robots.modern import MODERN
from redouble.robots.sayc import SAYC
from redouble.robots.system import BiddingSystemError, System

__all__ = ["DEFAULT_SYSTEM", "SYSTEMS", "system_named"]

SYSTEMS: dict[str, System] = {"modern": MODERN, "sayc": SAYC}
DEFAULT_SYSTEM = MODERN


def system_named(name: str) -> System:
    """The system called ``name`` (case-insensitive), or a clear error listing the choices."""
    try:
        return SYSTEMS[name.strip().lower()]
    except KeyError:
        raise BiddingSystemError(f"unknown bidding system {name!r}: expected one of "
                                 f"{', '.join(SYSTEMS)}") from None
