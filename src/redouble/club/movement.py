"""Movements: who sits where in each round; here only the pair numbering the club types share."""

from __future__ import annotations

import re
from dataclasses import dataclass

from redouble.errors import BridgeError
from redouble.seats import Side

__all__ = ["PairId"]

_PAIR = re.compile(r"^\s*(\d+)\s*(NS|EW|N-S|E-W|N/S|E/W)?\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True, order=True)
class PairId:
    """A pair as the movement numbers it: '7' in a Howell, '3NS'/'3EW' in a Mitchell."""

    number: int
    direction: Side | None = None
    section: str = "A"

    def __str__(self) -> str:
        return f"{self.number}{'' if self.direction is None else self.direction.name}"

    @classmethod
    def parse(cls, text: str, *, section: str = "A") -> PairId:
        """``7``, ``3NS`` or ``3EW`` (the section is given apart)."""
        match = _PAIR.match(text)
        if not match:
            raise BridgeError(f"{text!r} is not a pair number: expected e.g. 7, 3NS or 3EW")
        number, direction = match.groups()
        return cls(int(number), None if direction is None else Side.parse(direction), section)
