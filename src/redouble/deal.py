"""A deal: 52 distinct cards, 13 to each seat, and how deals are made.

Random deals come from the operating system's CSPRNG (``secrets``, 256 bits per deal) through
a documented derivation, so the same path gives reproducible deals from an explicit seed:
``Deal.from_seed(seed)`` maps the SHA-256 stream of the seed to a deal number in
``[0, 53 644 737 765 488 792 839 237 440 000)`` and decodes it (Pavlicek's deal numbering).
A table can publish ``sha256(seed)`` before play and reveal the seed afterwards.

>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> deal[Seat.NORTH].hcp
37
>>> deal.holder(Card.parse("S2"))
Seat.WEST
>>> Deal.from_index(deal.index) == deal
True
>>> Deal.from_seed("club night 1").to_pbn() == Deal.from_seed("club night 1").to_pbn()
True
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections.abc import Iterator, Mapping
from itertools import compress
from typing import overload

from redouble._backend import deal_owners
from redouble.cards import DECK, Card
from redouble.errors import InvalidDealError, NotationError
from redouble.hand import Hand
from redouble.notation import Language, trim
from redouble.seats import Seat

__all__ = ["DEAL_COUNT", "Deal", "new_seed"]

DEAL_COUNT: int = math.factorial(52) // math.factorial(13) ** 4
"""The number of different deals, 53 644 737 765 488 792 839 237 440 000 (about 2**95.4)."""

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SEAT_MASKS = tuple(bytes(int(owner == seat) for owner in range(256)) for seat in range(4))
"""Per seat, a ``bytes.translate`` table turning an owners string into that seat's 0/1 mask."""
_DRAW_BYTES = 16
_LIMIT = (2 ** (8 * _DRAW_BYTES) // DEAL_COUNT) * DEAL_COUNT


def new_seed() -> str:
    """A fresh 256-bit seed from the CSPRNG, as 64 hex digits."""
    return secrets.token_hex(32)


def _seed_bytes(seed: bytes | str | int) -> bytes:
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, int):
        return seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    return seed.encode("utf-8")


def _index_from_seed(seed: bytes | str | int, number: int) -> int:
    """Uniform deal number from SHA-256(``redouble/deal/v1`` ‖ seed ‖ number ‖ counter)."""
    material = _seed_bytes(seed)
    counter = 0
    while True:
        digest = hashlib.sha256(
            b"redouble/deal/v1\x00" + len(material).to_bytes(4, "big") + material
            + number.to_bytes(8, "big") + counter.to_bytes(4, "big")
        ).digest()
        value = int.from_bytes(digest[:_DRAW_BYTES], "big")
        if value < _LIMIT:
            return value % DEAL_COUNT
        counter += 1  # rejection keeps the draw exactly uniform


class Deal(Mapping[Seat, Hand]):
    """Four hands of 13 cards making up the pack; a mapping from ``Seat`` to ``Hand``."""

    __slots__ = ("_hand_cache", "_owners")
    _hand_cache: tuple[Hand, ...] | None  # the hands, made when first asked for
    _owners: bytes  # the deal itself: each card's seat, in card index order

    def __init__(self, hands: Mapping[Seat, Hand] | tuple[Hand, Hand, Hand, Hand]) -> None:
        if isinstance(hands, Mapping):
            missing = [seat for seat in _SEATS if seat not in hands]
            if missing:
                names = ", ".join(s.format(full=True) for s in missing)
                raise InvalidDealError(f"the deal has no hand for {names}")
            ordered = tuple(hands[seat] for seat in _SEATS)
        else:
            ordered = tuple(hands)
            if len(ordered) != 4:
                raise InvalidDealError(f"a deal has four hands, not {len(ordered)}")
        holder: dict[Card, Seat] = {}
        for seat, hand in zip(_SEATS, ordered, strict=True):
            if len(hand) != 13:
                raise InvalidDealError(
                    f"{seat.format(full=True)} has {len(hand)} cards; every hand needs 13")
            for card in hand.cards:
                if card in holder:
                    raise InvalidDealError(
                        f"{card} is in both {holder[card].format(full=True)}'s and "
                        f"{seat.format(full=True)}'s hands")
                holder[card] = seat
        object.__setattr__(self, "_hand_cache", ordered)
        object.__setattr__(self, "_owners", bytes(holder[card] for card in DECK))

    @classmethod
    def _from_owners(cls, owners: bytes) -> Deal:
        """A deal from each card's seat (52 bytes, 0-3, 13 each), already known to be valid."""
        self = object.__new__(cls)
        object.__setattr__(self, "_hand_cache", None)
        object.__setattr__(self, "_owners", bytes(owners))
        return self

    @property
    def _hands(self) -> tuple[Hand, ...]:
        hands = self._hand_cache
        if hands is None:
            owners = self._owners
            hands = tuple(Hand._trusted(compress(DECK, owners.translate(table))) for table in _SEAT_MASKS)
            object.__setattr__(self, "_hand_cache", hands)
        return hands

    @property
    def owners(self) -> bytes:
        """Each card's seat as a number 0-3, in card index order (the engine's form)."""
        return self._owners

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Deal.from_pbn, (self.to_pbn(),))

    # --- mapping ------------------------------------------------------------------------

    @overload
    def __getitem__(self, seat: Seat) -> Hand: ...
    @overload
    def __getitem__(self, seat: int) -> Hand: ...
    def __getitem__(self, seat: Seat | int) -> Hand:
        return self._hands[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(_SEATS)

    def __len__(self) -> int:
        return 4

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._owners == other._owners

    def __hash__(self) -> int:
        return hash(self._owners)

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()

    def holder(self, card: Card) -> Seat:
        """The seat dealt ``card``."""
        if not isinstance(card, Card):
            raise KeyError(card)
        return _SEATS[self._owners[card.index]]

    # --- PBN --------------------------------------------------------------------------

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN ``Deal`` tag value, hands clockwise from ``first``."""
        hands = " ".join(self._hands[first.next(i)].to_pbn() for i in range(4))
        return f"{first.letter()}:{hands}"

    @classmethod
    def from_pbn(cls, text: str, *, lang: Language | str = Language.ENGLISH) -> Deal:
        """A deal from the PBN form ``"N:AKQ.... ... ... ..."`` (first seat, hands clockwise).

        One hand may be ``-`` when the other three are given: it holds the remaining cards.
        """
        stripped = trim(text)
        if len(stripped) < 2 or stripped[1] != ":":
            raise NotationError(
                f"{text!r} is not a PBN deal: expected a seat letter and ':' first, like 'N:...'")
        first = Seat.parse(stripped[0], lang=lang)
        parts = stripped[2:].split()
        if len(parts) != 4:
            raise NotationError(
                f"{text!r} is not a PBN deal: expected four hands, found {len(parts)}")
        hands: dict[Seat, Hand] = {}
        unknown: list[Seat] = []
        for offset, part in enumerate(parts):
            seat = first.next(offset)
            if part == "-":
                unknown.append(seat)
            else:
                hands[seat] = Hand.parse(part, lang=lang)
        if len(unknown) == 1:
            known = set().union(*(hand.cards for hand in hands.values()))
            hands[unknown[0]] = Hand(card for card in DECK if card not in known)
        elif unknown:
            names = ", ".join(s.format(full=True) for s in unknown)
            raise InvalidDealError(f"the deal does not give the hands of {names}")
        return cls(hands)

    # --- making deals ------------------------------------------------------------------

    @property
    def index(self) -> int:
        """This deal's number in ``[0, DEAL_COUNT)`` (the inverse of ``from_index``)."""
        counts = [13, 13, 13, 13]
        remaining = 52
        total = DEAL_COUNT
        index = 0
        for owner in self._owners:
            for seat in range(4):
                share = total * counts[seat] // remaining
                if seat == owner:
                    total = share
                    break
                index += share
            counts[owner] -= 1
            remaining -= 1
        return index

    @classmethod
    def from_index(cls, index: int) -> Deal:
        """The deal with number ``index`` in ``[0, DEAL_COUNT)``."""
        if not 0 <= index < DEAL_COUNT:
            raise InvalidDealError(f"deal number {index} is outside 0 to {DEAL_COUNT - 1}")
        return cls._from_owners(deal_owners(index))

    @classmethod
    def from_seed(cls, seed: bytes | str | int, number: int = 0) -> Deal:
        """The reproducible deal ``number`` of a seed: same seed, same deal, on every machine."""
        if number < 0:
            raise InvalidDealError(f"deal number {number} within a seed must not be negative")
        return cls.from_index(_index_from_seed(seed, number))

    @classmethod
    def random(cls) -> Deal:
        """A deal from the CSPRNG: a fresh 256-bit seed through ``from_seed``."""
        return cls.from_seed(secrets.token_bytes(32))
