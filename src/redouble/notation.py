"""Bridge notation in English, Dutch, German and Norwegian (RULES.md §1).

The language is always explicit: Dutch ``K`` is clubs, English ``K`` is a king and
German ``K`` is diamonds, so no parser here ever guesses.

>>> Language.parse("nl").suit_letters
('K', 'R', 'H', 'S')
>>> Language.DUTCH.notrump
'SA'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from redouble.errors import NotationError

__all__ = ["SUIT_SYMBOLS", "Language", "LanguageTable", "fold", "trim"]

#: Ranks written as ASCII digits (not ``１`` or ``٣``).
_RANK_DIGITS: dict[str, int] = {str(rank): rank for rank in range(2, 10)} | {"10": 10}
_SPACE = " \t\r\n"


def trim(text: str) -> str:
    """``text`` without surrounding ASCII blanks and emoji variation selectors (U+FE0F)."""
    return text.replace("\ufe0f", "").strip(_SPACE)


def _fold_char(char: str) -> str:
    upper = char.upper()
    if len(upper) != 1 or upper.isascii() != char.isascii():
        return char  # "ſ" is not "S", "ß" is not "SS", "ﬀ" is not "FF"
    return upper


def fold(text: str) -> str:
    """``text`` in upper case for comparing notation, where no other script's letter becomes ASCII.

    >>> fold("süd"), fold("ſ"), fold("1nt")
    ('SÜD', 'ſ', '1NT')
    """
    if text.isascii():
        return text.upper()
    return "".join(_fold_char(char) for char in text)

#: Suit symbols in suit order clubs, diamonds, hearts, spades; understood in every language.
SUIT_SYMBOLS: tuple[str, str, str, str] = ("♣", "♦", "♥", "♠")
#: Other symbol forms some programs write (white suits, emoji variation selector stripped).
_SYMBOL_ALIASES: dict[str, int] = {"♧": 0, "♢": 1, "♡": 2, "♤": 3}


@dataclass(frozen=True, slots=True)
class LanguageTable:
    """The letters and words of one language's bridge notation."""

    code: str
    name: str
    suit_letters: tuple[str, str, str, str]  # clubs, diamonds, hearts, spades
    notrump: str
    notrump_aliases: tuple[str, ...]
    honours: tuple[str, str, str, str, str]  # ten, jack, queen, king, ace
    seats: tuple[str, str, str, str]  # north, east, south, west
    seat_names: tuple[str, str, str, str]
    pass_words: tuple[str, ...]
    double_words: tuple[str, ...]
    redouble_words: tuple[str, ...]


_TABLES: dict[str, LanguageTable] = {
    "en": LanguageTable(
        code="en",
        name="English",
        suit_letters=("C", "D", "H", "S"),
        notrump="NT",
        notrump_aliases=("NT", "N"),
        honours=("T", "J", "Q", "K", "A"),
        seats=("N", "E", "S", "W"),
        seat_names=("North", "East", "South", "West"),
        pass_words=("Pass", "P"),
        double_words=("X", "Dbl", "Double"),
        redouble_words=("XX", "Rdbl", "Redouble"),
    ),
    "nl": LanguageTable(
        code="nl",
        name="Nederlands",
        suit_letters=("K", "R", "H", "S"),
        notrump="SA",
        notrump_aliases=("SA", "ZT"),
        honours=("10", "B", "V", "H", "A"),
        seats=("N", "O", "Z", "W"),
        seat_names=("Noord", "Oost", "Zuid", "West"),
        pass_words=("Pas", "P", "Pass"),
        double_words=("X", "Doublet", "Dbl"),
        redouble_words=("XX", "Redoublet", "Rdbl"),
    ),
    "de": LanguageTable(
        code="de",
        name="Deutsch",
        suit_letters=("T", "K", "C", "P"),
        notrump="SA",
        notrump_aliases=("SA", "OT"),
        honours=("10", "B", "D", "K", "A"),
        seats=("N", "O", "S", "W"),
        seat_names=("Nord", "Ost", "Süd", "West"),
        pass_words=("Passe", "P", "Pass"),
        double_words=("X", "Kontra", "Ktr"),
        redouble_words=("XX", "Rekontra", "Rktr"),
    ),
    "no": LanguageTable(
        code="no",
        name="Norsk",
        suit_letters=("K", "R", "H", "S"),
        notrump="NT",
        notrump_aliases=("NT", "GRAND", "UT"),
        honours=("10", "Kn", "D", "K", "E"),
        seats=("N", "Ø", "S", "V"),
        seat_names=("Nord", "Øst", "Syd", "Vest"),
        pass_words=("Pass", "P"),
        double_words=("X", "Dobl", "Dobler"),
        redouble_words=("XX", "Redobl", "Redobler"),
    ),
}


class Language(enum.Enum):
    """A notation language; its value is the ISO 639-1 code."""

    ENGLISH = "en"
    DUTCH = "nl"
    GERMAN = "de"
    NORWEGIAN = "no"

    @classmethod
    def parse(cls, value: Language | str) -> Language:
        """The language for a code such as ``"nl"`` (also ``"nb"`` for Norwegian), or a name."""
        if isinstance(value, Language):
            return value
        key = trim(value).lower()
        aliases = {"nb": "no", "nn": "no", "english": "en", "dutch": "nl", "german": "de",
                   "norwegian": "no", "nederlands": "nl", "deutsch": "de", "norsk": "no"}
        key = aliases.get(key, key)
        for language in cls:
            if language.value == key:
                return language
        codes = ", ".join(lang.value for lang in cls)
        raise NotationError(f"unknown language {value!r}: expected one of {codes}")

    @property
    def table(self) -> LanguageTable:
        """The letters and words of this language."""
        return _TABLES[self.value]

    @property
    def suit_letters(self) -> tuple[str, str, str, str]:
        """Suit letters for clubs, diamonds, hearts, spades."""
        return self.table.suit_letters

    @property
    def notrump(self) -> str:
        """The usual abbreviation of notrump."""
        return self.table.notrump

    def suit_index(self, text: str) -> int | None:
        """The suit (0 clubs … 3 spades) that ``text`` names in this language, or ``None``."""
        if text in SUIT_SYMBOLS:
            return SUIT_SYMBOLS.index(text)
        if text in _SYMBOL_ALIASES:
            return _SYMBOL_ALIASES[text]
        upper = fold(text)
        for index, letter in enumerate(self.table.suit_letters):
            if upper == letter:
                return index
        return None

    def rank_value(self, text: str) -> int | None:
        """The rank (2 … 14 for the ace) that ``text`` names in this language, or ``None``."""
        if text in _RANK_DIGITS:
            return _RANK_DIGITS[text]
        upper = fold(text)
        for offset, letter in enumerate(self.table.honours):
            if upper == fold(letter):
                return 10 + offset
        return None

    def rank_text(self, value: int) -> str:
        """How this language writes a rank (2 … 14)."""
        number = int(value)
        if number < 10:
            return str(number)
        return self.table.honours[number - 10]

    def names_notrump(self, text: str) -> bool:
        """Whether ``text`` names notrump in this language."""
        upper = fold(text)
        return upper in {fold(alias) for alias in self.table.notrump_aliases}


def honour_tokens(language: Language) -> list[str]:
    """The rank tokens of ``language``, longest first, for tokenising a holding."""
    tokens = [*language.table.honours, "2", "3", "4", "5", "6", "7", "8", "9"]
    if "10" not in tokens:
        tokens.append("10")
    return sorted(tokens, key=len, reverse=True)
