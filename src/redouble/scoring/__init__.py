"""Scoring: duplicate (Law 77), rubber, Chicago, mini-bridge, IMPs, VPs, matchpoints, Butler and cross-IMPs.

>>> from redouble.scoring import duplicate_score, imps, victory_points, matchpoints
>>> duplicate_score("3NT", tricks=10, vulnerable=True), imps(750), victory_points(13, boards=24)
(630, 13, (12.95, 7.05))
"""

from redouble.scoring.chicago import Chicago
from redouble.scoring.duplicate import ScoreBreakdown, duplicate_score, score_breakdown
from redouble.scoring.errors import RubberOverError, ScoringError
from redouble.scoring.imps import IMP_SCALE, imps
from redouble.scoring.matchpoints import (
    ArtificialScore,
    MatchpointScale,
    Traveller,
    WeightedScore,
    matchpoints,
    neuberg,
    score_traveller,
)
from redouble.scoring.rubber import Rubber
from redouble.scoring.vp import SEED30, VP_SCALES, WBF_CONTINUOUS, WBF_DISCRETE, VPScale, victory_points

__all__ = [
    "IMP_SCALE",
    "SEED30",
    "VP_SCALES",
    "WBF_CONTINUOUS",
    "WBF_DISCRETE",
    "ArtificialScore",
    "Chicago",
    "MatchpointScale",
    "Rubber",
    "RubberOverError",
    "ScoreBreakdown",
    "ScoringError",
    "Traveller",
    "VPScale",
    "WeightedScore",
    "duplicate_score",
    "imps",
    "matchpoints",
    "neuberg",
    "score_breakdown",
    "score_traveller",
    "victory_points",
]
