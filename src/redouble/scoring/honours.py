"""Honours in rubber and Chicago: premiums for trump honours or four aces held in one hand.

Scored above the line for the side holding them, defender or declarer, whether or not the
contract makes (rubber-bridge Law 77; seeds 000 and 002).

>>> from redouble.deal import Deal
>>> deal = Deal.from_pbn("N:AKQJT.AKQ.AK.AKQ 98765.J.QJT9.JT9 432.T98.8765.876 .765432.432.5432")
>>> honours_from_deal(deal, Strain.SPADES)
Honours(side=Side.NS, points=150)
>>> honours_from_deal(deal, Strain.NOTRUMP)
Honours(side=Side.NS, points=150)
>>> honours_from_deal(deal, Strain.HEARTS) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.cards import Rank, Strain, Suit
from redouble.deal import Deal
from redouble.scoring.errors import ScoringError
from redouble.seats import Side

__all__ = ["HONOUR_POINTS", "Honours", "as_honours", "honours_from_deal"]

HONOUR_POINTS = (100, 150)
"""The two premiums: four trump honours in one hand 100; five, or four aces at notrump, 150."""

_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


@dataclass(frozen=True, slots=True)
class Honours:
    """An honours premium: the side whose player held them, and 100 or 150 points."""

    side: Side
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise ScoringError(f"honours belong to a side (Side.NS or Side.EW), not {self.side!r}")
        if self.points not in HONOUR_POINTS:
            raise ScoringError(f"honours score 100 or 150, not {self.points!r}")


def as_honours(value: Honours | tuple[Side, int] | None) -> Honours | None:
    """An ``Honours`` from itself or a ``(Side, points)`` pair; ``None`` stays ``None``."""
    if value is None or isinstance(value, Honours):
        return value
    if isinstance(value, tuple) and len(value) == 2:
        return Honours(value[0], value[1])
    raise ScoringError(f"honours are given as (Side, 100 or 150), not {value!r}")


def honours_from_deal(deal: Deal, strain: Strain) -> Honours | None:
    """Honours held in the deal for a contract in ``strain`` (any hand, even a defender's).

    Trumps: all five of A K Q J 10 in one hand 150, any four of them 100. Notrump: the four
    aces in one hand 150.
    """
    for seat, hand in deal.items():
        if strain is Strain.NOTRUMP:
            if all(Rank.ACE in hand.holding(suit) for suit in Suit):
                return Honours(seat.side, 150)
            continue
        suit = strain.suit
        assert suit is not None
        held = sum(rank in _HONOURS for rank in hand.holding(suit))
        if held == 5:
            return Honours(seat.side, 150)
        if held == 4:
            return Honours(seat.side, 100)
    return None
