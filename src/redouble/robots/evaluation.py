"""Hand evaluation the bidding rules test against: points, lengths, stoppers, key cards.

>>> info = HandInfo.of(Hand.parse("AKQ2.KJ3.T98.A32").cards)
>>> info.hcp, info.lengths, info.balanced
(17, (3, 3, 3, 4), True)
>>> info.keycards(Suit.SPADES), info.stopper(Suit.DIAMONDS)
(3, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from redouble.cards import Card, Rank, Suit
from redouble.hand import Hand

__all__ = ["HandInfo", "is_balanced"]

_BALANCED = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})


def is_balanced(lengths: tuple[int, int, int, int]) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2, in any suits (the standard balanced shapes)."""
    return tuple(sorted(lengths, reverse=True)) in _BALANCED


class HandInfo:
    """What the bidding rules need to know about 13 cards, computed once."""

    __slots__ = ("balanced", "cards", "hcp", "lengths", "ranks")

    cards: frozenset[Card]
    hcp: int
    lengths: tuple[int, int, int, int]  # indexed by Suit: clubs, diamonds, hearts, spades
    ranks: tuple[frozenset[Rank], ...]
    balanced: bool

    def __init__(self, cards: Iterable[Card]) -> None:
        self.cards = frozenset(cards)
        ranks: list[set[Rank]] = [set(), set(), set(), set()]
        hcp = 0
        for card in self.cards:
            ranks[card.suit].add(card.rank)
            hcp += card.rank.hcp
        self.hcp = hcp
        self.ranks = tuple(frozenset(r) for r in ranks)
        c, d, h, s = (len(r) for r in ranks)
        self.lengths = (c, d, h, s)
        self.balanced = is_balanced(self.lengths)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> HandInfo:
        """The evaluation of some cards (a hand, a view's hand, a sampled hand)."""
        return cls(cards)

    def __repr__(self) -> str:
        return f"HandInfo.of(Hand.parse({Hand(self.cards).to_pbn()!r}).cards)"

    def length(self, suit: Suit) -> int:
        """Cards held in ``suit``."""
        return self.lengths[suit]

    @property
    def total_points(self) -> int:
        """HCP plus one point for each card beyond four in a suit (length points)."""
        return self.hcp + sum(max(0, n - 4) for n in self.lengths)

    def support_points(self, trump: Suit, *, wasted: Iterable[Suit] = ()) -> int:
        """Dummy points for a raise of ``trump``: HCP plus shortness (void 5/3, singleton 3/2),
        none for shortness in a ``wasted`` suit (one partner holds length in: no ruff there)."""
        long = self.lengths[trump] >= 4
        bonus = 0
        skip = {trump, *wasted}
        for suit in Suit:
            if suit in skip:
                continue
            n = self.lengths[suit]
            if n == 0:
                bonus += 5 if long else 3
            elif n == 1:
                bonus += 3 if long else 2
            elif n == 2:
                bonus += 1
        return self.hcp + bonus

    def top_honours(self, suit: Suit, depth: int = 3) -> int:
        """How many of the top ``depth`` honours (A, K, Q …) the hand holds in ``suit``."""
        top = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)[:depth]
        return sum(rank in self.ranks[suit] for rank in top)

    def good_suit(self, suit: Suit) -> bool:
        """Two of the top three honours, or three of the top five: a suit worth preempting."""
        return self.top_honours(suit, 3) >= 2 or self.top_honours(suit, 5) >= 3

    def stopper(self, suit: Suit) -> bool:
        """A notrump stopper: A, Kx, Qxx or Jxxx."""
        ranks = self.ranks[suit]
        n = len(ranks)
        return (Rank.ACE in ranks or (Rank.KING in ranks and n >= 2)
                or (Rank.QUEEN in ranks and n >= 3) or (Rank.JACK in ranks and n >= 4))

    def aces(self) -> int:
        """How many aces the hand holds (Gerber's count)."""
        return sum(Rank.ACE in r for r in self.ranks)

    def keycards(self, trump: Suit) -> int:
        """Roman key cards: the four aces and the king of trumps."""
        return self.aces() + (Rank.KING in self.ranks[trump])

    def has(self, suit: Suit, rank: Rank) -> bool:
        """Whether the hand holds that card."""
        return rank in self.ranks[suit]

    def losers(self) -> int:
        """Losing-trick count (per suit the missing A, K, Q among the first three cards)."""
        total = 0
        for suit in Suit:
            n = min(3, self.lengths[suit])
            wanted = (Rank.ACE, Rank.KING, Rank.QUEEN)[:n]
            total += sum(rank not in self.ranks[suit] for rank in wanted)
        return total

    def longest(self) -> Suit:
        """The longest suit; among equals the higher-ranking."""
        return max(Suit, key=lambda s: (self.lengths[s], s))
