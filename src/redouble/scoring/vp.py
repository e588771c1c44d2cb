"""Victory points: a match's IMP margin converted to a share of 20 (WBF 2013) or 30 (seed 001) VPs.

The result is ``(vp for the side whose margin it is, vp for its opponents)``: with a positive
margin that is (winner, loser), with a negative one the first side lost.

>>> victory_points(13, boards=24)
(12.95, 7.05)
>>> victory_points(13, boards=24, scale="seed30")
(17.0, 13.0)
>>> victory_points(-20, boards=16)
(5.0, 15.0)
"""

from __future__ import annotations

import math
from bisect import bisect_left
from functools import cache

from redouble.scoring.errors import ScoringError

__all__ = [
    "SEED30",
    "VP_SCALES",
    "WBF_CONTINUOUS",
    "WBF_DISCRETE",
    "SeedTableScale",
    "VPScale",
    "WBFContinuousScale",
    "WBFDiscreteScale",
    "blitz_margin",
    "victory_points",
    "wbf_continuous_table",
    "wbf_discrete_thresholds",
]

TAU = (math.sqrt(5) - 1) / 2
"""The golden-ratio constant of the WBF 2013 scale."""


def _check_boards(boards: int) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringError(f"a match has at least one board, not {boards!r}")
    return boards


def _check_margin(margin: float) -> float:
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not math.isfinite(margin):
        raise ScoringError(f"an IMP margin is a number, not {margin!r}")
    return margin


def blitz_margin(boards: int) -> float:
    """The WBF 2013 blitz margin B = 15·√boards: the margin that earns all 20 VPs."""
    return 15 * math.sqrt(_check_boards(boards))


def _wbf_formula(margin: float, boards: int) -> float:
    """WBF 2013: 10 + 10·(1 − τ^(3·IMPs/B)) / (1 − τ³), capped at 20."""
    share = (1 - TAU ** (3 * margin / blitz_margin(boards))) / (1 - TAU**3)
    return min(20.0, 10 + 10 * float(share))


@cache
def wbf_continuous_table(boards: int) -> tuple[int, ...]:
    """Winner's VPs in hundredths for the whole margins 0 … blitz (the WBF 2013 formula, rounded)."""
    values = [1000]
    while values[-1] < 2000:
        values.append(round(_wbf_formula(len(values), boards) * 100))
    return tuple(values)


class VPScale:
    """A conversion of an IMP margin over a number of boards to a pair of victory points."""

    name: str = ""
    total: int = 20

    def winner_vp(self, margin: float, boards: int) -> float:
        """The VPs of the side with the (non-negative) ``margin``."""
        raise NotImplementedError

    def __call__(self, margin: float, *, boards: int) -> tuple[float, float]:
        """``(vp for the margin's side, vp for its opponents)``; the sum is the scale's total."""
        _check_margin(margin)
        _check_boards(boards)
        winner = self.winner_vp(abs(margin), boards)
        loser = round(self.total - winner, 2)
        return (winner, loser) if margin >= 0 else (loser, winner)

    def __repr__(self) -> str:
        return f"VP_SCALES[{self.name!r}]"


class WBFContinuousScale(VPScale):
    """The WBF 2013 continuous 20-VP scale, to two decimals (the default)."""

    name = "wbf"

    def winner_vp(self, margin: float, boards: int) -> float:
        """10 + 10·(1 − τ^(3·IMPs/B)) / (1 − τ³), at most 20, to two decimals."""
        return round(_wbf_formula(margin, boards) * 100) / 100


@cache
def wbf_discrete_thresholds(boards: int) -> tuple[int, ...]:
    """The lowest whole margin that earns 11, 12, … 20 VPs on the WBF discrete scale.

    Derived from the continuous scale: a margin earns the continuous VPs rounded to the nearest
    whole number (halves up); then each VP's IMP range is widened where needed so that no
    range is narrower than the one below it (the WBF panel's rule for its discrete scales).
    """
    table = wbf_continuous_table(boards)
    thresholds = [bisect_left(table, vp * 100 - 50) for vp in range(11, 21)]
    for index in range(2, len(thresholds)):
        below = thresholds[index - 1] - thresholds[index - 2]
        thresholds[index] = max(thresholds[index], thresholds[index - 1] + below)
    return tuple(thresholds)


class WBFDiscreteScale(VPScale):
    """The WBF 2013 discrete (whole-number) 20-VP scale, derived from the continuous one."""

    name = "wbf-discrete"

    def winner_vp(self, margin: float, boards: int) -> float:
        """Whole VPs: 10 plus the number of thresholds the margin reaches."""
        thresholds = wbf_discrete_thresholds(boards)
        return float(10 + sum(1 for low in thresholds if margin >= low))


_SEED30_AWARDS: tuple[tuple[int, int], ...] = (
    (15, 15), (16, 14), (17, 13), (18, 12), (19, 11), (20, 10), (21, 9), (22, 8),
    (23, 7), (24, 6), (25, 5), (25, 4), (25, 3), (25, 2), (25, 1), (25, 0),
)
"""Seed 001's VP column; its second '25-5' is a printing error for 25-4 (RULES.md §9)."""

_SEED30_LOWS: dict[int, tuple[int, ...]] = {
    # The lowest margin of each row, by boards; seed 001 prints '46-40' for 8 boards' 46-50 row.
    8: (0, 2, 6, 9, 12, 15, 18, 21, 24, 27, 30, 34, 38, 42, 46, 51),
    24: (0, 4, 10, 15, 20, 25, 30, 35, 40, 46, 52, 58, 65, 72, 80, 88),
    28: (0, 4, 11, 16, 21, 26, 32, 38, 44, 50, 56, 62, 69, 77, 86, 95),
    32: (0, 4, 11, 17, 23, 29, 35, 41, 47, 53, 59, 66, 74, 83, 92, 101),
}


class SeedTableScale(VPScale):
    """Seed 001's 30-VP table (15-15 … 25-0) for matches of 8, 24, 28 or 32 boards."""

    name = "seed30"
    total = 30

    def _row(self, margin: float, boards: int) -> int:
        if boards not in _SEED30_LOWS:
            raise ScoringError(
                f"the seed's 30-VP table has columns for {', '.join(map(str, sorted(_SEED30_LOWS)))} "
                f"boards, not {boards}")
        return sum(1 for low in _SEED30_LOWS[boards] if math.floor(margin) >= low) - 1

    def winner_vp(self, margin: float, boards: int) -> float:
        """The winner's VPs from the row whose IMP range holds the margin (fractions round down)."""
        return float(_SEED30_AWARDS[self._row(margin, boards)][0])

    def __call__(self, margin: float, *, boards: int) -> tuple[float, float]:
        """Both sides' VPs as the row prints them (from 25-5 on the sum falls below 30)."""
        _check_margin(margin)
        _check_boards(boards)
        winner, loser = (float(vp) for vp in _SEED30_AWARDS[self._row(abs(margin), boards)])
        return (winner, loser) if margin >= 0 else (loser, winner)


WBF_CONTINUOUS = WBFContinuousScale()
WBF_DISCRETE = WBFDiscreteScale()
SEED30 = SeedTableScale()
VP_SCALES: dict[str, VPScale] = {scale.name: scale for scale in (WBF_CONTINUOUS, WBF_DISCRETE, SEED30)}
"""The VP scales by name: ``wbf`` (default), ``wbf-discrete`` and ``seed30``."""


def victory_points(imp_margin: float, *, boards: int,
                   scale: VPScale | str = WBF_CONTINUOUS) -> tuple[float, float]:
    """VPs for an IMP margin over ``boards`` boards: (the margin's side, its opponents).

    The default is the WBF 2013 continuous 20-VP scale (two decimals, at most 20).
    """
    if isinstance(scale, str):
        if scale not in VP_SCALES:
            raise ScoringError(f"{scale!r} is not a VP scale: expected one of {', '.join(VP_SCALES)}")
        scale = VP_SCALES[scale]
    return scale(imp_margin, boards=boards)
