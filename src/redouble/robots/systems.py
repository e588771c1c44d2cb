"""The bidding systems a robot can play, by name: ``modern`` (the default), ``sayc``, ``2/1``,
and the modern and 2/1 systems with RKC 0314 answers (``modern-0314``, ``2/1-0314``)."""

from __future__ import annotations

from redouble.robots.modern import MODERN, MODERN_0314
from redouble.robots.sayc import SAYC
from redouble.robots.system import BiddingSystemError, System
from redouble.robots.twoovers import TWO_OVER_ONE, TWO_OVER_ONE_0314

__all__ = ["DEFAULT_SYSTEM", "SYSTEMS", "system_named"]

SYSTEMS: dict[str, System] = {"modern": MODERN, "sayc": SAYC, "2/1": TWO_OVER_ONE,
                              "modern-0314": MODERN_0314, "2/1-0314": TWO_OVER_ONE_0314}
DEFAULT_SYSTEM = MODERN


def system_named(name: str) -> System:
    """The system called ``name`` (case-insensitive), or a clear error listing the choices."""
    try:
        key = name.strip().lower()
        key = key.replace(" ", "-").replace("2over1", "2/1").replace("2-over-1", "2/1")
        return SYSTEMS[key]
    except KeyError:
        raise BiddingSystemError(f"unknown bidding system {name!r}: expected one of "
                                 f"{', '.join(SYSTEMS)}") from None
