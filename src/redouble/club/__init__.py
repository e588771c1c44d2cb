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

# club-score: results and scoring
from redouble.club.results import BoardResult, Penalty, PenaltyUnit, ResultError
from redouble.club.scoring import Method, SessionScore, score_session, team_match
from redouble.club.usebio import ParseError, UsebioError, check_usebio, read_usebio, score_usebio, write_usebio

__all__ = [  # noqa: RUF022 (one block per engineer, as the club contract asks)
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
    # club-score
    "BoardResult",
    "Method",
    "Penalty",
    "PenaltyUnit",
    "ResultError",
    "SessionScore",
    "score_session",
    "team_match",
    "ParseError",
    "UsebioError",
    "check_usebio",
    "read_usebio",
    "score_usebio",
    "write_usebio",
]
