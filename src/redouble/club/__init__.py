"""Club duplicate: movements, sessions, scoring and published results for a club's evening."""

# club-mov: movements
from redouble.club.movement import CSV_HEADER, Movement, MovementError, PairId, Seating

__all__ = [
    # club-mov
    "CSV_HEADER",
    "Movement",
    "MovementError",
    "PairId",
    "Seating",
]
