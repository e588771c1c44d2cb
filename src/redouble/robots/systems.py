"""The bidding systems a robot can play, by name: ``modern`` (the default), ``sayc``, ``2/1``."""

from __future__ import annotations

from redouble.robots.modern import MODERN
from redouble.robots.sayc import SAYC
from redouble.robots.system import BiddingSystemError, System
from redouble.robots.twoovers import TWO_OVER_ONE

__all__ = ["DEFAULT_SYSTEM", "SYSTEMS", "system_named"]

SYSTEMS: dict[str, System] = {"modern": MODERN, "sayc": SAYC, "2/1": TWO_OVER_ONE}
DEFAULT_SYSTEM = MODERN


def system_named(name: str) -> System:
    """The system called ``name`` (case-insensitive), or a clear error listing the choices."""
    try:
        key = name.strip().lower()
        return SYSTEMS[{"2over1": "2/1", "2-over-1": "2/1"}.get(key, key)]
    except KeyError:
        raise BiddingSystemError(f"unknown bidding system {name!r}: expected one of "
                                 f"{', '.join(SYSTEMS)}") from None
