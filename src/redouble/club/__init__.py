"""Club duplicate: movements, sessions, scoring and published results for a club's evening.

Each part re-exports its own names in its own block below.
"""

# --- club-mov: movements ---
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

# --- club-score: results and scoring ---
from redouble.club.results import BoardResult, Penalty, PenaltyUnit, ResultError
from redouble.club.scoring import Method, SessionScore, score_session, team_match

# --- club-session: the session's record log ---
from redouble.club.session import Adjustment, Record, Session, SessionError, SessionState, Slot

__all__ = ["CSV_HEADER", "BoardShare", "Movement", "MovementError", "MovementReport", "PairBalance", "PairId",
           "Seating", "howell", "mitchell", "validate"]
__all__ += ["BoardResult", "Method", "Penalty", "PenaltyUnit", "ResultError", "SessionScore", "score_session",
            "team_match"]
__all__ += ["Adjustment", "Record", "Session", "SessionError", "SessionState", "Slot"]
