"""Suits, ranks, strains and cards: small frozen values that print as the code that rebuilds them.

>>> Card.parse("SA")
Card.parse('SA')
>>> Card.parse("♥10") == Card(Suit.HEARTS, Rank.TEN)
True
>>> Card.parse("HV", lang="nl")
Card.parse('HQ')
>>> Card.parse("SA").format(lang="de", symbols=True)
'♠A'
>>> sorted([Card.parse("HK"), Card.parse("SA"), Card.parse("C2")])
[Card.parse('C2'), Card.parse('HK'), Card.parse('SA')]
"""

from __future__ import annotations

import enum
from functools import total_ordering
from typing import ClassVar

from redouble.errors import NotationError
from redouble.notation import SUIT_SYMBOLS, Language, trim

__all__ = ["DECK", "RANKS", "SUITS", "Card", "Rank", "Strain", "Suit"]


class Suit(enum.IntEnum):
    """A suit, in bidding order: clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __bool__(self) -> bool:
        """Every member is true, so ``if suit:`` asks whether there is one, even for 0."""
        return True

    def __str__(self) -> str:
        return self.letter()

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``♠``."""
        return SUIT_SYMBOLS[self]

    @property
    def strain(self) -> Strain:
        """The strain of a contract in this suit."""
        return Strain(int(self))

    @property
    def is_major(self) -> bool:
        """Hearts and spades are the majors."""
        return self >= Suit.HEARTS

    def letter(self, lang: Language | str = Language.ENGLISH) -> str:
        """The suit letter in a language: ``Suit.CLUBS.letter("nl") == "K"``."""
        return Language.parse(lang).suit_letters[self]

    def format(self, *, lang: Language | str = Language.ENGLISH, symbols: bool = False) -> str:
        """The suit as a symbol or as the language's letter."""
        return self.symbol if symbols else self.letter(lang)

    @classmethod
    def parse(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Suit:
        """A suit from its letter in ``lang`` or its symbol.

        >>> Suit.parse("R", lang="nl")
        Suit.DIAMONDS
        """
        index = Language.parse(lang).suit_index(trim(text))
        if index is None:
            raise NotationError(f"{text!r} is not a suit in {Language.parse(lang).table.name}")
        return cls(index)


SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in the order a hand is written: spades, hearts, diamonds, clubs."""


class Strain(enum.IntEnum):
    """The denomination of a bid: a suit or notrump, ranked C < D < H < S < NT."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __repr__(self) -> str:
        return f"Strain.{self.name}"

    def __bool__(self) -> bool:
        """Every member is true, so ``if strain:`` asks whether there is one, even for 0."""
        return True

    def __str__(self) -> str:
        return self.format()

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` at notrump."""
        return None if self is Strain.NOTRUMP else Suit(int(self))

    @property
    def is_major(self) -> bool:
        """Hearts and spades."""
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        """Clubs and diamonds."""
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    def format(self, *, lang: Language | str = Language.ENGLISH, symbols: bool = False) -> str:
        """The strain as written in a language: ``NT``, ``SA``, ``♠`` …"""
        language = Language.parse(lang)
        if self is Strain.NOTRUMP:
            return language.notrump
        return SUIT_SYMBOLS[self] if symbols else language.suit_letters[self]

    @classmethod
    def parse(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Strain:
        """A strain from a suit letter or symbol or the language's notrump word.

        >>> Strain.parse("SA", lang="nl")
        Strain.NOTRUMP
        >>> Strain.parse("SA")
        Traceback (most recent call last):
        ...
        redouble.errors.NotationError: 'SA' is not a strain in English
        """
        language = Language.parse(lang)
        stripped = trim(text)
        if language.names_notrump(stripped):
            return cls.NOTRUMP
        index = language.suit_index(stripped)
        if index is None:
            raise NotationError(f"{text!r} is not a strain in {language.table.name}")
        return cls(index)


class Rank(enum.IntEnum):
    """A card's rank, two to ace; ``int(rank)`` is 2 … 14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __bool__(self) -> bool:
        """Every member is true, so ``if rank:`` asks whether there is one, even for 0."""
        return True

    def __str__(self) -> str:
        return self.letter()

    @property
    def hcp(self) -> int:
        """Milton Work high-card points: A 4, K 3, Q 2, J 1."""
        return max(0, self - 10)

    def letter(self, lang: Language | str = Language.ENGLISH) -> str:
        """The rank as written in a language (``T`` in English, ``10`` elsewhere)."""
        return Language.parse(lang).rank_text(self)

    @classmethod
    def parse(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Rank:
        """A rank from its letter in ``lang``, or a digit; ``10`` is understood everywhere.

        >>> Rank.parse("Kn", lang="no")
        Rank.JACK
        """
        language = Language.parse(lang)
        value = language.rank_value(trim(text))
        if value is None:
            raise NotationError(f"{text!r} is not a rank in {language.table.name}")
        return cls(value)


RANKS: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
"""Ranks from ace down to two."""


@total_ordering
class Card:
    """A playing card; there are exactly 52 of them, each a singleton.

    Cards order by suit (clubs low) then rank, and index 0 … 51 as ``suit * 13 + rank - 2``.
    """

    __slots__ = ("_text", "index", "rank", "suit")
    _cache: ClassVar[list[Card]] = []

    suit: Suit
    rank: Rank
    index: int
    _text: str

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        if cls._cache:
            try:
                return cls._cache[int(suit) * 13 + int(rank) - 2]
            except (IndexError, ValueError):
                pass
            raise NotationError(f"no card with suit {suit!r} and rank {rank!r}")
        self = object.__new__(cls)
        object.__setattr__(self, "suit", Suit(suit))
        object.__setattr__(self, "rank", Rank(rank))
        object.__setattr__(self, "index", int(suit) * 13 + int(rank) - 2)
        object.__setattr__(self, "_text", self.suit.letter() + self.rank.letter())
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable; cannot set {name}")

    def __reduce__(self) -> tuple[object, tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # Cards are singletons: identity equality and hashing (object's, at C speed) are exact.

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self._text  # computed once per card: views and the wire print cards constantly

    @property
    def hcp(self) -> int:
        """High-card points of this card."""
        return self.rank.hcp

    def format(self, *, lang: Language | str = Language.ENGLISH, symbols: bool = False) -> str:
        """The card in a language's notation, suit first: ``♥V`` or ``HV`` in Dutch."""
        language = Language.parse(lang)
        suit = self.suit.symbol if symbols else language.suit_letters[self.suit]
        return suit + language.rank_text(self.rank)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with index 0 (♣2) … 51 (♠A)."""
        if not 0 <= index < 52:
            raise NotationError(f"card index {index} is outside 0-51")
        return cls._cache[index]

    @classmethod
    def parse(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Card:
        """A card written suit first, as in ``SA``, ``♥10``, ``HV`` (Dutch) or ``KKn`` (Norwegian)."""
        language = Language.parse(lang)
        stripped = trim(text)
        if len(stripped) < 2:
            raise NotationError(f"{text!r} is not a card: expected a suit then a rank, like 'SA'")
        suit = language.suit_index(stripped[0])
        rank = language.rank_value(stripped[1:])
        if suit is None or rank is None:
            what = "suit" if suit is None else "rank"
            raise NotationError(
                f"{text!r} is not a card in {language.table.name}: bad {what}; "
                "expected a suit then a rank, like "
                f"{language.suit_letters[3] + language.rank_text(14)!r}"
            )
        return cls._cache[suit * 13 + rank - 2]


Card._cache = [Card(Suit(i // 13), Rank(i % 13 + 2)) for i in range(52)]

DECK: tuple[Card, ...] = tuple(Card._cache)
"""All 52 cards in index order."""
