"""Mini-bridge (seed 001): points announced instead of an auction, and a simpler score.

Each player in turn from the dealer announces high-card points; the side with more declares,
its player with more points is declarer (tie: the first to announce) and chooses the contract:
trumps with an eight-card fit, else notrump. Score: the trick value of every trick over six,
plus 300 for a game contract bid (else 50); down, the defenders get 50 a trick.

>>> minibridge_score("4H", tricks=10), minibridge_score("3H", tricks=10), minibridge_score("4H", tricks=8)
(420, 170, -100)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from redouble.calls import Contract, Risk
from redouble.cards import Strain, Suit
from redouble.deal import Deal
from redouble.hand import Hand
from redouble.scoring.duplicate import as_contract, check_tricks, is_game, trick_value
from redouble.scoring.errors import ScoringError
from redouble.seats import Seat, Side

__all__ = [
    "MINI_GAME_BONUS",
    "MINI_PARTSCORE_BONUS",
    "MINI_UNDERTRICK",
    "MiniBridgeDeclaring",
    "announcements",
    "minibridge_declarer",
    "minibridge_score",
    "suggested_contract",
]

MINI_GAME_BONUS = 300
MINI_PARTSCORE_BONUS = 50
MINI_UNDERTRICK = 50


def minibridge_score(contract: Contract | str, *, tricks: int) -> int:
    """Mini-bridge score for the declaring side (seed 001): negative when down.

    Made: trick value of all tricks over six (contract and overtricks alike), plus 300 when the
    contract bid was a game (trick value 100 or more), else 50. Down: 50 per undertrick.
    """
    played = as_contract(contract)
    taken = check_tricks(tricks)
    if played.risk is not Risk.UNDOUBLED:
        raise ScoringError(f"mini-bridge has no doubles: {played} cannot be scored")
    if taken < played.tricks_needed:
        return -MINI_UNDERTRICK * (played.tricks_needed - taken)
    points = sum(trick_value(played.strain, nth) for nth in range(1, taken - 6 + 1))
    return points + (MINI_GAME_BONUS if is_game(played) else MINI_PARTSCORE_BONUS)


def announcements(deal: Deal, dealer: Seat) -> list[tuple[Seat, int]]:
    """Each player's high-card points (A4 K3 Q2 J1), announced in turn from the dealer."""
    return [(seat, deal[seat].hcp) for seat in (dealer.next(step) for step in range(4))]


@dataclass(frozen=True, slots=True)
class MiniBridgeDeclaring:
    """Who declares a mini-bridge deal, and why: the side's points and the declarer."""

    side: Side
    declarer: Seat
    points: dict[Side, int]

    @property
    def dummy(self) -> Seat:
        """Declarer's partner, who faces the hand."""
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's left-hand opponent."""
        return self.declarer.lho


def minibridge_declarer(announced: Sequence[tuple[Seat, int]]) -> MiniBridgeDeclaring:
    """The declaring side (more points) and its declarer (more points; tie: the first to announce).

    When both sides have 20, the player who announced most declares (tie: the first of them).
    """
    seats = [seat for seat, _ in announced]
    if sorted(seats) != list(Seat) or any(not isinstance(p, int) or p < 0 for _, p in announced):
        raise ScoringError("mini-bridge needs one announcement of points from each of the four seats")
    points = {side: sum(p for seat, p in announced if seat.side is side) for side in Side}
    if sum(points.values()) != 40:
        raise ScoringError(f"the four announcements add up to {sum(points.values())}, not 40")
    candidates = list(announced)
    if points[Side.NS] != points[Side.EW]:
        side = Side.NS if points[Side.NS] > points[Side.EW] else Side.EW
        candidates = [(seat, p) for seat, p in announced if seat.side is side]
    best = max(p for _, p in candidates)
    declarer = next(seat for seat, p in candidates if p == best)
    return MiniBridgeDeclaring(declarer.side, declarer, points)


_NT_LEVELS = ((37, 7), (33, 6), (25, 3), (23, 2), (0, 1))
_MAJOR_LEVELS = ((37, 7), (33, 6), (25, 4), (23, 3), (0, 2))
_MINOR_LEVELS = ((37, 7), (33, 6), (29, 5), (23, 3), (0, 2))


def _level(points: int, table: tuple[tuple[int, int], ...]) -> int:
    return next(level for low, level in table if points >= low)


def suggested_contract(declarer_hand: Hand, dummy_hand: Hand, *, declarer: Seat | None = None) -> Contract:
    """A contract declarer might choose on seeing dummy: trumps in the longest 8+ card fit
    (majors first), else notrump; the level from the partnership's points (25 for game).

    >>> suggested_contract(Hand.parse("AKQ2.K32.Q32.432"), Hand.parse("J543.A54.K54.K65"))
    Contract.parse('4S')
    """
    points = declarer_hand.hcp + dummy_hand.hcp
    fits = [(declarer_hand.length(suit) + dummy_hand.length(suit), suit.is_major, suit) for suit in Suit]
    length, major, suit = max(fits, key=lambda fit: (fit[0], fit[1], fit[2]))
    if length >= 8 and major:
        return Contract(_level(points, _MAJOR_LEVELS), suit.strain, declarer=declarer)
    if length >= 8 and (points < 25 or points >= 29):
        return Contract(_level(points, _MINOR_LEVELS), suit.strain, declarer=declarer)
    return Contract(_level(points, _NT_LEVELS), Strain.NOTRUMP, declarer=declarer)
