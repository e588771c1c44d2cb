"""Club duplicate: movements, sessions, scoring and published results for a club's evening.

Each part re-exports its own names in its own block below.
"""

# --- club-mov: movements ---
from redouble.club.movement import (
    CSV_HEADER,
    BoardShare,
    ComparisonBalance,
    Movement,
    MovementError,
    MovementReport,
    PairBalance,
    PairId,
    Seating,
    comparison_balance,
    howell,
    mitchell,
    validate,
)
from redouble.club.movements.cards import guide_cards_html, guide_cards_text, table_cards_html, table_cards_text
from redouble.club.movements.data import load_bridgescorer, load_howellki
from redouble.club.movements.swiss import swiss_pairing, swiss_pairs_round
from redouble.club.movements.teams import round_robin_teams, swiss_teams_round, team_of

# --- club-score: results and scoring ---
from redouble.club.results import BoardResult, Penalty, PenaltyUnit, ResultError
from redouble.club.scoring import Method, SessionScore, score_session, team_match
from redouble.club.usebio import ParseError, UsebioError, check_usebio, read_usebio, score_usebio, write_usebio

# isort: split
# --- club-session: the session's record log ---
from redouble.club.session import Adjustment, Record, Session, SessionError, SessionState, Slot

__all__ = ["CSV_HEADER", "BoardShare", "ComparisonBalance", "Movement", "MovementError", "MovementReport",
           "PairBalance", "PairId", "Seating", "comparison_balance", "guide_cards_html", "guide_cards_text", "howell",
           "load_bridgescorer", "load_howellki", "mitchell", "round_robin_teams", "swiss_pairing",
           "swiss_pairs_round", "swiss_teams_round", "table_cards_html", "table_cards_text", "team_of", "validate"]
__all__ += ["BoardResult", "Method", "ParseError", "Penalty", "PenaltyUnit", "ResultError", "SessionScore",
            "UsebioError", "check_usebio", "read_usebio", "score_session", "score_usebio", "team_match", "write_usebio"]
__all__ += ["Adjustment", "Record", "Session", "SessionError", "SessionState", "Slot"]
