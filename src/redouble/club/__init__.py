"""Club duplicate: movements, results, session scoring, USEBIO and PBN results, result pages.

Each part re-exports its own names in its own block below.
"""

# --- club-score: results and scoring ---
from redouble.club.results import BoardResult, Penalty, PenaltyUnit, ResultError
from redouble.club.scoring import Method, SessionScore, score_session, team_match

__all__ = [
    "BoardResult",
    "Method",
    "Penalty",
    "PenaltyUnit",
    "ResultError",
    "SessionScore",
    "score_session",
    "team_match",
]
