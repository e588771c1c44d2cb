"""Club duplicate: movements, sessions, scoring and published results for a club's evening."""

# club-mov: movements
from redouble.club.movement import (
    CSV_HEADER,
    BoardShare,
    Movement,
    MovementError,
    MovementReport,
    PairBalance,
    PairId,
    Seating,
    howell,
    mitchell,
    validate,
)

__all__ = [
    # club-mov
    "CSV_HEADER",
    "BoardShare",
    "Movement",
    "MovementError",
    "MovementReport",
    "PairBalance",
    "PairId",
    "Seating",
    "howell",
    "mitchell",
    "validate",
]
