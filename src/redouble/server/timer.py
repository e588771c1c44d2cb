"""The turn timer: a clock on the person who must call or play, as a table option.

The clock runs ``TableOptions.timer`` seconds for each call or card of a person (robots have
none), from the moment the turn comes; it stops while a claim or an undo request waits. When
it runs out the table is told ("time is up") and the person gets one more period; when that
runs out too a robot plays the seat (``server/substitute.py``) until the person takes it back.
The clock is not an event of the log: it is the present, sent as ``clock`` frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from redouble.seats import Seat
from redouble.view import Phase

if TYPE_CHECKING:
    from redouble.server.table import Table

__all__ = ["PERIODS", "Clock", "turn_of"]

PERIODS = 2
"""Periods of ``timer`` seconds a person has for one call or card before a robot plays for them."""


@dataclass(frozen=True, slots=True)
class Clock:
    """The clock of one turn: whose it is, which turn (the table's seq when it came), its
    period in seconds, when it runs out (event-loop time) and whether it is the last period."""

    seat: Seat
    turn: int
    seconds: int
    deadline: float
    overtime: bool = False

    def left(self, now: float) -> float:
        """Seconds left at ``now`` (never below zero)."""
        return max(0.0, self.deadline - now)


def turn_of(table: Table) -> Seat | None:
    """The person's seat the table waits on for a call or a card, if the timer is on."""
    state = table.state
    if table.options.timer is None or state is None or table.finished \
            or table.undo_request is not None:
        return None
    if state.phase is Phase.AUCTION and table.minibridge is not None:
        seat: Seat | None = table.minibridge.declarer
    elif state.phase in (Phase.AUCTION, Phase.PLAY):
        seat = state.actor
    else:
        return None
    if seat is None or table.robot_plays(seat):
        return None
    return seat
