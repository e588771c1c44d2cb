"""Scoring: duplicate (Law 77), rubber, Chicago, mini-bridge, IMPs, VPs, matchpoints, Butler and cross-IMPs.

>>> from redouble.scoring import duplicate_score, imps, victory_points, matchpoints
>>> duplicate_score("3NT", tricks=10, vulnerable=True), imps(750), victory_points(13, boards=24)
(630, 13, (12.95, 7.05))
"""

from redouble.scoring.chicago import Chicago
from redouble.scoring.duplicate import ScoreBreakdown, duplicate_score, ns_score, score_breakdown
from redouble.scoring.errors import RubberOverError, ScoringError
from redouble.scoring.honours import Honours, honours_from_deal
from redouble.scoring.imps import IMP_SCALE, imps
from redouble.scoring.matchpoints import (
    ArtificialScore,
    MatchpointScale,
    PairsResult,
    Traveller,
    WeightedScore,
    matchpoint_pairs,
    matchpoints,
    neuberg,
    score_traveller,
)
from redouble.scoring.minibridge import minibridge_declarer, minibridge_score, suggested_contract
from redouble.scoring.rubber import Rubber
from redouble.scoring.sheet import DealResult, ScoreSheet, SheetEntry
from redouble.scoring.teams import (
    ButlerScoring,
    CrossDivisor,
    CrossScoring,
    DatumMethod,
    DatumRounding,
    TableResult,
    TeamMatch,
    butler_datum,
    butler_imps,
    cross_imps,
    imp_pairs,
    imp_scoring_from_pbn,
)
from redouble.scoring.vp import SEED30, VP_SCALES, WBF_CONTINUOUS, WBF_DISCRETE, VPScale, victory_points

__all__ = [
    "IMP_SCALE",
    "SEED30",
    "VP_SCALES",
    "WBF_CONTINUOUS",
    "WBF_DISCRETE",
    "ArtificialScore",
    "ButlerScoring",
    "Chicago",
    "CrossDivisor",
    "CrossScoring",
    "DatumMethod",
    "DatumRounding",
    "DealResult",
    "Honours",
    "MatchpointScale",
    "PairsResult",
    "Rubber",
    "RubberOverError",
    "ScoreBreakdown",
    "ScoreSheet",
    "ScoringError",
    "SheetEntry",
    "TableResult",
    "TeamMatch",
    "Traveller",
    "VPScale",
    "WeightedScore",
    "butler_datum",
    "butler_imps",
    "cross_imps",
    "duplicate_score",
    "honours_from_deal",
    "imp_pairs",
    "imp_scoring_from_pbn",
    "imps",
    "matchpoint_pairs",
    "matchpoints",
    "minibridge_declarer",
    "minibridge_score",
    "neuberg",
    "ns_score",
    "score_breakdown",
    "score_traveller",
    "suggested_contract",
    "victory_points",
]
