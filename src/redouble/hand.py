"""A hand of cards and its evaluation: HCP, shape, controls, losing-trick count.

>>> hand = Hand.parse("AKQ2.KJ3.T98.A32")
>>> hand.hcp, hand.shape, hand.is_balanced
(17, (4, 3, 3, 3), True)
>>> hand.controls, hand.losers
(6, 7)
>>> hand
Hand.parse('AKQ2.KJ3.T98.A32')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from redouble.cards import SUITS, Card, Rank, Suit
from redouble.errors import NotationError
from redouble.notation import Language, fold, honour_tokens, trim

__all__ = ["Hand"]

_BALANCED: frozenset[tuple[int, ...]] = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})


class Hand:
    """Some cards held by one player (usually 13), immutable and hashable."""

    __slots__ = ("_cards", "_hash")
    _cards: frozenset[Card]
    _hash: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        frozen = frozenset(cards)
        for card in frozen:
            if not isinstance(card, Card):
                raise TypeError(f"a hand holds cards, not {card!r}")
        object.__setattr__(self, "_cards", frozen)
        object.__setattr__(self, "_hash", hash(frozen))

    @classmethod
    def _trusted(cls, cards: Iterable[Card]) -> Hand:
        """A hand of cards already known to be ``Card`` values (the engine's fast path)."""
        self = object.__new__(cls)
        frozen = frozenset(cards)
        object.__setattr__(self, "_cards", frozen)
        object.__setattr__(self, "_hash", hash(frozen))
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Hand.parse, (self.to_pbn(),))

    @property
    def cards(self) -> frozenset[Card]:
        """The cards as a set."""
        return self._cards

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __iter__(self) -> Iterator[Card]:
        """Cards from spades down to clubs, high to low within a suit."""
        return iter(sorted(self._cards, key=lambda c: (-c.suit, -c.rank)))

    def __len__(self) -> int:
        return len(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._cards == other._cards

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Hand.parse({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()

    def holding(self, suit: Suit) -> tuple[Rank, ...]:
        """The ranks held in a suit, highest first."""
        return tuple(sorted((c.rank for c in self._cards if c.suit is suit), reverse=True))

    def suit_cards(self, suit: Suit) -> tuple[Card, ...]:
        """The cards held in a suit, highest first."""
        return tuple(sorted((c for c in self._cards if c.suit is suit), reverse=True))

    def length(self, suit: Suit) -> int:
        """How many cards of a suit the hand holds."""
        return sum(c.suit is suit for c in self._cards)

    # --- evaluation -------------------------------------------------------------------

    @property
    def hcp(self) -> int:
        """High-card points, Milton Work 4-3-2-1."""
        return sum(c.rank.hcp for c in self._cards)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        s, h, d, c = (self.length(suit) for suit in SUITS)
        return (s, h, d, c)

    @property
    def pattern(self) -> tuple[int, ...]:
        """Suit lengths longest first, e.g. ``(5, 3, 3, 2)``: the hand's distribution."""
        return tuple(sorted(self.shape, reverse=True))

    @property
    def is_balanced(self) -> bool:
        """4333, 4432 or 5332."""
        return self.pattern in _BALANCED

    @property
    def controls(self) -> int:
        """Controls: ace 2, king 1."""
        return sum(2 if c.rank is Rank.ACE else 1 if c.rank is Rank.KING else 0
                   for c in self._cards)

    @property
    def losers(self) -> int:
        """Losing-trick count: per suit, the missing A, K, Q among its first min(length, 3) cards."""
        total = 0
        for suit in SUITS:
            ranks = self.holding(suit)
            top = ranks[:3]
            wanted = (Rank.ACE, Rank.KING, Rank.QUEEN)[: len(top)]
            total += sum(honour not in top for honour in wanted)
        return total

    @property
    def longest_suit(self) -> Suit:
        """The longest suit; among equals, the higher-ranking one."""
        return max(SUITS, key=lambda s: (self.length(s), s))

    # --- notation ------------------------------------------------------------------

    def to_pbn(self) -> str:
        """The PBN form ``S.H.D.C`` with English ranks, e.g. ``AKQ2.KJ3.T98.A32``."""
        return self.format()

    def format(self, *, lang: Language | str = Language.ENGLISH, sep: str = ".",
               symbols: bool = False, void: str = "") -> str:
        """The holdings spades first, separated by ``sep`` (symbols prefix each suit if asked)."""
        language = Language.parse(lang)
        parts = []
        for suit in SUITS:
            ranks = "".join(language.rank_text(r) for r in self.holding(suit)) or void
            parts.append((suit.symbol if symbols else "") + ranks)
        return sep.join(parts)

    @classmethod
    def parse(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Hand:
        """A hand written ``S.H.D.C`` (PBN order), ranks in ``lang``; ``-`` or empty is a void.

        >>> Hand.parse("AHV.B10.-.-", lang="nl").hcp
        10
        """
        language = Language.parse(lang)
        parts = trim(text).split(".")
        if len(parts) != 4:
            raise NotationError(
                f"{text!r} is not a hand: expected four suits separated by '.', got {len(parts)}")
        tokens = honour_tokens(language)
        cards: list[Card] = []
        for suit, part in zip(SUITS, parts, strict=True):
            rest = trim(part)
            if rest in ("-", "—"):
                continue
            while rest:
                for token in tokens:
                    if fold(rest[: len(token)]) == fold(token):
                        value = language.rank_value(token)
                        assert value is not None
                        cards.append(Card(suit, Rank(value)))
                        rest = rest[len(token):]
                        break
                else:
                    raise NotationError(
                        f"{text!r} is not a hand: {rest[0]!r} in the {suit.name.lower()} "
                        f"is not a rank in {language.table.name}")
        if len(set(cards)) != len(cards):
            duplicates = sorted({c for c in cards if cards.count(c) > 1})
            raise NotationError(f"{text!r} holds {', '.join(map(str, duplicates))} twice")
        return cls(cards)
