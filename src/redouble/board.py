"""Duplicate boards: a deal with its number, dealer and vulnerability.

Dealer and vulnerability follow the 16-board cycle (Law 2; RULES.md §2).

>>> board = Board.numbered(7, deal=Deal.from_seed(7))
>>> board.dealer, board.vulnerability
(Seat.SOUTH, Vulnerability.BOTH)
>>> Board.numbered(23).vulnerability
Vulnerability.BOTH
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.seats import Seat, Vulnerability

__all__ = ["Board", "board_dealer", "board_vulnerability"]

_V = Vulnerability
_CYCLE: tuple[Vulnerability, ...] = (
    _V.NONE, _V.NS, _V.EW, _V.BOTH,
    _V.NS, _V.EW, _V.BOTH, _V.NONE,
    _V.EW, _V.BOTH, _V.NONE, _V.NS,
    _V.BOTH, _V.NONE, _V.NS, _V.EW,
)


def _check_number(number: int) -> int:
    if not isinstance(number, int) or number < 1:
        raise BridgeError(f"board numbers start at 1, not {number!r}")
    return number


def board_dealer(number: int) -> Seat:
    """The dealer of board ``number``: N, E, S, W in turn from board 1 (Law 2)."""
    return Seat((_check_number(number) - 1) % 4)


def board_vulnerability(number: int) -> Vulnerability:
    """The vulnerability of board ``number`` in the 16-board cycle (Law 2)."""
    return _CYCLE[(_check_number(number) - 1) % 16]


@dataclass(frozen=True, slots=True)
class Board:
    """A deal with the number, dealer and vulnerability it is played under."""

    deal: Deal
    dealer: Seat = Seat.NORTH
    vulnerability: Vulnerability = Vulnerability.NONE
    number: int | None = None

    @classmethod
    def numbered(cls, number: int, deal: Deal | None = None) -> Board:
        """Board ``number`` with the cycle's dealer and vulnerability; a CSPRNG deal if none."""
        return cls(
            deal=deal if deal is not None else Deal.random(),
            dealer=board_dealer(number),
            vulnerability=board_vulnerability(number),
            number=number,
        )
