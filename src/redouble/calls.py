"""Calls of the auction and the contract it ends in.

>>> Call.parse("1NT"), Call.parse("Pass"), Call.parse("XX")
(Call.parse('1NT'), Call.parse('Pass'), Call.parse('XX'))
>>> Call.parse("3SA", lang="nl") == Call.bid(3, Strain.NOTRUMP)
True
>>> Contract.parse("4HX", declarer=Seat.SOUTH)
Contract.parse('4HX', declarer=Seat.SOUTH)
>>> Contract.parse("4NT") == Contract.parse("4NTX")
False
>>> Contract.parse("4HX").risk.multiplier
2
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from redouble.cards import Strain
from redouble.errors import NotationError
from redouble.notation import Language, fold, trim
from redouble.seats import Seat

__all__ = ["BIDS", "CALLS", "DOUBLE", "PASS", "REDOUBLE", "Call", "CallKind", "Contract", "Risk"]


class CallKind(enum.Enum):
    """The four kinds of call (Law 18)."""

    BID = "bid"
    PASS = "pass"
    DOUBLE = "double"
    REDOUBLE = "redouble"


class Risk(enum.IntEnum):
    """Undoubled, doubled or redoubled; the value is the trick-score multiplier 1/2/4."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    def __repr__(self) -> str:
        return f"Risk.{self.name}"

    @property
    def multiplier(self) -> int:
        """1, 2 or 4 (Law 77: trick score doubled or quadrupled)."""
        return int(self)

    @property
    def suffix(self) -> str:
        """``""``, ``"X"`` or ``"XX"`` as in ``4HX``."""
        return {1: "", 2: "X", 4: "XX"}[int(self)]


@dataclass(frozen=True, slots=True, order=False)
class Call:
    """A bid, pass, double or redouble; the 38 calls are singletons-by-value, hashable."""

    kind: CallKind
    level: int | None = None
    strain: Strain | None = None
    index: int = field(init=False, repr=False, compare=False, hash=False)
    """0 Pass, 1 X, 2 XX, then 3 (1♣) … 37 (7NT): the order of a bidding box."""

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if not isinstance(self.level, int) or not 1 <= self.level <= 7:
                raise NotationError(f"a bid's level is 1 to 7, not {self.level!r}")
            if not isinstance(self.strain, Strain):
                raise NotationError(f"a bid needs a strain, not {self.strain!r}")
            index = 3 + (self.level - 1) * 5 + self.strain
        elif self.level is not None or self.strain is not None:
            raise NotationError(f"a {self.kind.value} has no level or strain")
        else:
            index = {CallKind.PASS: 0, CallKind.DOUBLE: 1, CallKind.REDOUBLE: 2}[self.kind]
        object.__setattr__(self, "index", index)  # stored: the engine reads it on every call

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        """The bid of ``level`` (1-7) in ``strain``."""
        if _BID_CACHE and isinstance(level, int) and 1 <= level <= 7 and isinstance(strain, Strain):
            return _BID_CACHE[(level - 1) * 5 + strain]
        return cls(CallKind.BID, level, strain)

    @property
    def is_bid(self) -> bool:
        """Whether the call is a bid (not pass, double or redouble)."""
        return self.kind is CallKind.BID

    @property
    def rank(self) -> int:
        """Bids in ascending order 0 (1♣) … 34 (7NT); only for bids."""
        if self.kind is not CallKind.BID:
            raise NotationError(f"{self} is not a bid and has no rank")
        return self.index - 3

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.format()

    def format(self, *, lang: Language | str = Language.ENGLISH, symbols: bool = False) -> str:
        """The call in a language's notation: ``1NT``, ``1SA``, ``Pas``, ``X`` …"""
        language = Language.parse(lang)
        if self.kind is CallKind.BID:
            assert self.strain is not None
            return f"{self.level}{self.strain.format(lang=language, symbols=symbols)}"
        table = language.table
        if self.kind is CallKind.PASS:
            return table.pass_words[0]
        return "X" if self.kind is CallKind.DOUBLE else "XX"

    @classmethod
    def parse(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Call:
        """A call: ``1NT``, ``4♠``, ``Pass``/``P``, ``X``, ``XX``, or the language's own words."""
        language = Language.parse(lang)
        stripped = trim(text)
        upper = fold(stripped)
        table = language.table
        if upper in {fold(w) for w in (*table.pass_words, "PASS", "P")}:
            return PASS
        if upper in {fold(w) for w in (*table.double_words, "X", "D", "DBL")}:
            return DOUBLE
        if upper in {fold(w) for w in (*table.redouble_words, "XX", "R", "RDBL")}:
            return REDOUBLE
        if "0" <= stripped[:1] <= "9":  # ASCII digits only: not "１" or "٣" (RULES.md §1)
            level = int(stripped[0])
            try:
                strain = Strain.parse(stripped[1:], lang=language)
            except NotationError:
                raise NotationError(
                    f"{text!r} is not a call in {table.name}: {stripped[1:]!r} is not a strain"
                ) from None
            if not 1 <= level <= 7:
                raise NotationError(f"{text!r} is not a call: a bid's level is 1 to 7")
            return cls.bid(level, strain)
        raise NotationError(
            f"{text!r} is not a call in {table.name}: expected a bid like '1NT', "
            f"{table.pass_words[0]!r}, 'X' or 'XX'")


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
_BID_CACHE: list[Call] = []
BIDS: tuple[Call, ...] = tuple(Call.bid(level, strain) for level in range(1, 8) for strain in Strain)
"""The 35 bids from 1♣ to 7NT, in ascending order."""
_BID_CACHE.extend(BIDS)  # from here on Call.bid and Call.parse hand out these 35 bids
CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *BIDS)
"""All 38 calls in bidding-box order (``call.index``)."""

_CONTRACT = re.compile(r"^\s*([1-7])\s*(\S+?)\s*(XX|X|\*\*|\*)?\s*$", re.IGNORECASE | re.ASCII)


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain, risk (1/2/4) and declarer (``None`` when not known).

    Passed-out boards have no contract: code says ``None`` for them.
    """

    level: int
    strain: Strain
    risk: Risk = Risk.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or not 1 <= self.level <= 7:
            raise NotationError(f"a contract's level is 1 to 7, not {self.level!r}")
        if not isinstance(self.strain, Strain):
            raise NotationError(f"a contract's strain must be a Strain, not {self.strain!r}")
        object.__setattr__(self, "risk", Risk(self.risk))

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: level + 6 (Law 77)."""
        return self.level + 6

    @property
    def doubled(self) -> bool:
        """Whether doubled (not redoubled)."""
        return self.risk is Risk.DOUBLED

    @property
    def redoubled(self) -> bool:
        """Whether redoubled."""
        return self.risk is Risk.REDOUBLED

    @property
    def dummy(self) -> Seat | None:
        """Declarer's partner."""
        return None if self.declarer is None else self.declarer.partner

    def __repr__(self) -> str:
        if self.declarer is None:
            return f"Contract.parse({str(self)!r})"
        return f"Contract.parse({str(self)!r}, declarer={self.declarer!r})"

    def __str__(self) -> str:
        return self.format()

    def format(self, *, lang: Language | str = Language.ENGLISH, symbols: bool = False,
               with_declarer: bool = False) -> str:
        """``4HX``, ``4♥X``, ``3SA`` (Dutch) …, followed by the declarer's letter if asked."""
        text = f"{self.level}{self.strain.format(lang=lang, symbols=symbols)}{self.risk.suffix}"
        if with_declarer and self.declarer is not None:
            text += f" {self.declarer.letter(lang)}"
        return text

    @classmethod
    def parse(cls, text: str, *, declarer: Seat | None = None,
              lang: Language | str = Language.ENGLISH) -> Contract:
        """A contract like ``4HX``, ``3NT``, ``6♠XX``; ``*`` and ``**`` also mark (re)doubles."""
        match = _CONTRACT.match(text)
        if not match:
            raise NotationError(
                f"{text!r} is not a contract: expected a level 1-7, a strain and X or XX, "
                "like '4HX'")
        level, strain_text, risk_text = match.groups()
        try:
            strain = Strain.parse(strain_text, lang=lang)
        except NotationError:
            raise NotationError(
                f"{text!r} is not a contract: {strain_text!r} is not a strain in "
                f"{Language.parse(lang).table.name}") from None
        risk = {None: Risk.UNDOUBLED, "X": Risk.DOUBLED, "*": Risk.DOUBLED,
                "XX": Risk.REDOUBLED, "**": Risk.REDOUBLED}[
            risk_text.upper() if risk_text else None]
        return cls(level=int(level), strain=strain, risk=risk, declarer=declarer)
