"""International Match Points (Law 78B): a difference in points converted to IMPs.

>>> imps(750), imps(-30), imps(10)
(13, -1, 0)
"""

from __future__ import annotations

import math
from bisect import bisect_right

from redouble.scoring.errors import ScoringError

__all__ = ["IMP_SCALE", "imp_range", "imps"]

IMP_SCALE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)
"""The lowest difference worth 1, 2, … 24 IMPs (Law 78B; seed 001's table)."""


def imps(difference: float) -> int:
    """The IMPs for a points difference, with its sign: 0-10 → 0, 20-40 → 1 … 4000+ → 24 (Law 78B)."""
    if isinstance(difference, bool) or not isinstance(difference, int | float) or not math.isfinite(difference):
        raise ScoringError(f"an IMP difference is a number of points, not {difference!r}")
    size = bisect_right(IMP_SCALE, abs(difference))
    return size if difference >= 0 else -size


def imp_range(count: int) -> tuple[int, int | None]:
    """The (lowest, highest) differences worth ``count`` IMPs; ``None`` for no upper end (24).

    >>> imp_range(13)
    (750, 890)
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 24:
        raise ScoringError(f"IMPs per board run from 0 to 24, not {count!r}")
    low = 0 if count == 0 else IMP_SCALE[count - 1]
    high = None if count == 24 else IMP_SCALE[count] - 10
    return low, high
