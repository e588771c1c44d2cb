"""Seats, partnerships and vulnerability.

>>> Seat.NORTH.lho, Seat.NORTH.partner, Seat.NORTH.rho
(Seat.EAST, Seat.SOUTH, Seat.WEST)
>>> Seat.parse("Ø", lang="no")
Seat.EAST
>>> Vulnerability.NS.is_vulnerable(Seat.SOUTH)
True
"""

from __future__ import annotations

import enum

from redouble.errors import NotationError
from redouble.notation import Language, fold, trim

__all__ = ["Seat", "Side", "Vulnerability"]


class Seat(enum.IntEnum):
    """A seat at the table; play and bidding go clockwise N → E → S → W."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __bool__(self) -> bool:
        """Every member is true, so ``if seat:`` asks whether there is one, even for 0."""
        return True

    def __str__(self) -> str:
        return self.letter()

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return _SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return Side.NS if self & 1 == 0 else Side.EW

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise."""
        return _SEATS[(self + steps) & 3]

    def letter(self, lang: Language | str = Language.ENGLISH) -> str:
        """The seat's letter in a language (``O`` for east in Dutch and German)."""
        return Language.parse(lang).table.seats[self]

    def format(self, *, lang: Language | str = Language.ENGLISH, full: bool = False) -> str:
        """The seat as a letter or a full word in a language."""
        table = Language.parse(lang).table
        return table.seat_names[self] if full else table.seats[self]

    @classmethod
    def parse(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Seat:
        """A seat from its letter or name in ``lang``."""
        table = Language.parse(lang).table
        key = fold(trim(text))
        for seat in _SEATS:
            if key in (fold(table.seats[seat]), fold(table.seat_names[seat])):
                return seat
        raise NotationError(f"{text!r} is not a seat in {table.name}: expected one of "
                            + " ".join(table.seats))


_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Side(enum.IntEnum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    def __bool__(self) -> bool:
        """Every member is true, so ``if side:`` asks whether there is one, even for 0."""
        return True

    def __str__(self) -> str:
        return self.name

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the partnership."""
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def opponents(self) -> Side:
        """The other partnership."""
        return Side.EW if self is Side.NS else Side.NS

    def __contains__(self, seat: object) -> bool:
        return isinstance(seat, Seat) and seat.side is self

    @classmethod
    def parse(cls, text: str) -> Side:
        """``NS`` or ``EW`` (also ``N-S``, ``E/W``)."""
        key = fold(trim(text)).replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE", "OW", "WO", "ØV", "VØ"):
            return cls.EW
        raise NotationError(f"{text!r} is not a side: expected NS or EW")


class Vulnerability(enum.Enum):
    """Which sides are vulnerable; the value is the PBN spelling."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"

    def __str__(self) -> str:
        return self.value

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether a seat's or side's partnership is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (side is Side.NS)

    @classmethod
    def from_sides(cls, *, ns: bool, ew: bool) -> Vulnerability:
        """The vulnerability with the given sides vulnerable."""
        if ns and ew:
            return cls.BOTH
        if ns:
            return cls.NS
        if ew:
            return cls.EW
        return cls.NONE

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """PBN and common spellings: ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``."""
        key = fold(trim(text)).replace("-", "").replace("/", "")
        table = {"NONE": cls.NONE, "LOVE": cls.NONE, "": cls.NONE, "0": cls.NONE,
                 "NS": cls.NS, "EW": cls.EW, "ALL": cls.BOTH, "BOTH": cls.BOTH}
        if key in table:
            return table[key]
        raise NotationError(f"{text!r} is not a vulnerability: expected None, NS, EW or All")
