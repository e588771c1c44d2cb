"""Double-dummy solving of play positions: what each legal card is worth.

``solve(position)`` maps every legal card of the seat to play to the number of tricks the
*side to play* (that seat and its partner) takes from the remaining tricks with best play by
everyone afterwards, **the trick in progress included** (tricks already completed are not
counted). ``solve_many`` batches positions through DDS SolveAllBoards (200 a call, all cores):
the robots' way to score cards over sampled deals.

>>> from redouble import Card, Deal, Seat, Strain
>>> from redouble.analysis import Position
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> position = Position.from_deal(deal, trump=Strain.NOTRUMP, leader=Seat.WEST)
>>> values = solve(position)
>>> values[Card.parse("S2")], values[Card.parse("H5")]
(0, 0)
>>> solve(position.play(Card.parse("S2")))[Card.parse("SA")]
13
"""

from __future__ import annotations

from collections.abc import Iterable

from redouble.analysis import dds
from redouble.analysis.position import Position
from redouble.analysis.timelimit import run_limited
from redouble.cards import Card

__all__ = ["solve", "solve_many"]


def _raw(position: Position) -> dds.RawBoard:
    return dds.RawBoard(hands=position.hands, trump=position.trump, leader=position.leader,
                        trick=position.trick)


def _solve_raw(boards: list[dds.RawBoard]) -> list[list[tuple[Card, int]]]:
    return dds.solve_boards(boards)


def solve_many(positions: Iterable[Position], *,
               timeout: float | None = None) -> list[dict[Card, int]]:
    """``solve`` for many positions at once, in DDS batches (see the module docstring).

    Each dict lists the legal cards lowest first. With ``timeout`` (seconds) the work runs in
    a worker process and raises ``SolveTimeoutError`` if it is not done in time.
    """
    boards = [_raw(position) for position in positions]
    results = run_limited(_solve_raw, (boards,), timeout=timeout,
                          what=f"solving {len(boards)} position(s)")
    return [dict(sorted(result)) for result in results]


def solve(position: Position, *, timeout: float | None = None) -> dict[Card, int]:
    """The tricks the side to play takes after each legal card, the current trick included."""
    return solve_many([position], timeout=timeout)[0]
