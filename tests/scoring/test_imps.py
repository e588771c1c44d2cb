"""The IMP scale (Law 78B) from seed 001's printed table, and its properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.scoring import ScoringError, imps
from redouble.scoring.imps import imp_range

# Seed 001 / RULES.md §9, as printed: (low, high, IMPs); high None = "4000 or more".
SEED_IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, None, 24),
]


def test_golden_imp_table() -> None:
    """Every multiple of 10 in every row of the seed's table, both signs."""
    for low, high, count in SEED_IMP_TABLE:
        for difference in range(low, (high if high is not None else 7600) + 10, 10):
            assert imps(difference) == count, difference
            assert imps(-difference) == -count, -difference
        assert imp_range(count) == (low, high)


def test_golden_examples() -> None:
    assert imps(750) == 13
    assert imps(-30) == -1
    assert imps(-120) == -3
    assert imps(240) == 6


@given(st.integers(-800, 800).map(lambda n: n * 10))
def test_odd_symmetric(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@given(st.integers(-800, 800), st.integers(0, 800))
def test_monotone(start: int, step: int) -> None:
    assert imps(start * 10) <= imps((start + step) * 10)


@pytest.mark.parametrize("bad", ["750", None, float("nan"), True])
def test_bad_difference(bad: object) -> None:
    with pytest.raises(ScoringError):
        imps(bad)  # type: ignore[arg-type]


def test_bad_imp_range() -> None:
    with pytest.raises(ScoringError):
        imp_range(25)
