"""Victory points: the WBF 2013 continuous and discrete scales and seed 001's 30-VP table."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.scoring import SEED30, WBF_DISCRETE, ScoringError, victory_points
from redouble.scoring.vp import wbf_discrete_thresholds


def test_golden_wbf_13_imps_24_boards() -> None:
    """RULES.md §9: the seed's text example '13 IMPs after 24 boards wins 13-7' is 12.95-7.05."""
    assert victory_points(13, boards=24) == (12.95, 7.05)


def test_golden_wbf_20_imps_16_boards() -> None:
    assert victory_points(20, boards=16) == (15.0, 5.0)


def test_golden_seed_table_13_imps_24_boards() -> None:
    assert victory_points(13, boards=24, scale="seed30") == (17.0, 13.0)
    assert victory_points(13, boards=24, scale=SEED30) == (17.0, 13.0)


@pytest.mark.parametrize(("margin", "vps"), [(1, 10.33), (2, 10.66), (7, 12.16), (10, 12.97), (20, 15.26)])
def test_published_wbf_14_board_values(margin: int, vps: float) -> None:
    """The 14-board WBF scale as quoted by R. Klinger (IBPA Bulletin, May 2013)."""
    assert victory_points(margin, boards=14) == (vps, round(20 - vps, 2))


def test_wbf_formula_by_hand() -> None:
    """B = 15·√N, τ = (√5−1)/2: a few margins worked out with the formula in RULES.md."""
    tau = (math.sqrt(5) - 1) / 2
    for margin, boards in [(1, 8), (7, 12), (30, 32), (44, 20)]:
        blitz = 15 * math.sqrt(boards)
        expected = round(min(20, 10 + 10 * (1 - tau ** (3 * margin / blitz)) / (1 - tau ** 3)), 2)
        assert victory_points(margin, boards=boards)[0] == pytest.approx(expected, abs=1e-9)


def test_blitz_and_draw() -> None:
    assert victory_points(0, boards=16) == (10.0, 10.0)
    assert victory_points(60, boards=16) == (20.0, 0.0)
    assert victory_points(300, boards=16) == (20.0, 0.0)
    assert victory_points(-300, boards=16) == (0.0, 20.0)


# Seed 001's table with both printing errors fixed: "46-40" is 46-50 and the second 25-5 is 25-4.
SEED_ROWS = {
    8: ["0-1", "2-5", "6-8", "9-11", "12-14", "15-17", "18-20", "21-23", "24-26", "27-29", "30-33",
        "34-37", "38-41", "42-45", "46-50", "51+"],
    24: ["0-3", "4-9", "10-14", "15-19", "20-24", "25-29", "30-34", "35-39", "40-45", "46-51", "52-57",
         "58-64", "65-71", "72-79", "80-87", "88+"],
    28: ["0-3", "4-10", "11-15", "16-20", "21-25", "26-31", "32-37", "38-43", "44-49", "50-55", "56-61",
         "62-68", "69-76", "77-85", "86-94", "95+"],
    32: ["0-3", "4-10", "11-16", "17-22", "23-28", "29-34", "35-40", "41-46", "47-52", "53-58", "59-65",
         "66-73", "74-82", "83-91", "92-100", "101+"],
}
SEED_VPS = ["15-15", "16-14", "17-13", "18-12", "19-11", "20-10", "21-9", "22-8", "23-7", "24-6", "25-5",
            "25-4", "25-3", "25-2", "25-1", "25-0"]


def test_seed_table_every_row() -> None:
    for boards, rows in SEED_ROWS.items():
        for row, vps in zip(rows, SEED_VPS, strict=True):
            winner, loser = (float(x) for x in vps.split("-"))
            low, _, high = row.rstrip("+").partition("-")
            for margin in range(int(low), int(high or int(low) + 40) + 1):
                assert victory_points(margin, boards=boards, scale="seed30") == (winner, loser), (boards, margin)
                assert victory_points(-margin, boards=boards, scale="seed30") == (loser, winner)


def test_seed_table_printing_errors_fixed() -> None:
    assert victory_points(48, boards=8, scale="seed30") == (25.0, 1.0)
    assert victory_points(58, boards=24, scale="seed30") == (25.0, 4.0)


def test_seed_table_unknown_boards() -> None:
    with pytest.raises(ScoringError, match="8, 24, 28, 32"):
        victory_points(10, boards=16, scale="seed30")


def test_discrete_scale() -> None:
    lows = wbf_discrete_thresholds(16)
    assert len(lows) == 10
    widths = [b - a for a, b in itertools.pairwise(lows)]
    assert widths == sorted(widths), "no VP's IMP range is narrower than the one below it"
    assert victory_points(0, boards=16, scale=WBF_DISCRETE) == (10.0, 10.0)
    assert victory_points(20, boards=16, scale="wbf-discrete") == (15.0, 5.0)
    assert victory_points(lows[-1], boards=16, scale=WBF_DISCRETE) == (20.0, 0.0)
    assert victory_points(lows[-1] - 1, boards=16, scale=WBF_DISCRETE) == (19.0, 1.0)


@pytest.mark.parametrize(("margin", "boards"), [("13", 24), (13, 0), (13, -4), (float("inf"), 8)])
def test_bad_input(margin: object, boards: int) -> None:
    with pytest.raises(ScoringError):
        victory_points(margin, boards=boards)  # type: ignore[arg-type]


def test_unknown_scale() -> None:
    with pytest.raises(ScoringError, match="not a VP scale"):
        victory_points(3, boards=8, scale="acbl")


@given(st.integers(-400, 400), st.integers(1, 64), st.sampled_from(["wbf", "wbf-discrete"]))
def test_wbf_sums_to_20_and_caps(margin: int, boards: int, scale: str) -> None:
    ours, theirs = victory_points(margin, boards=boards, scale=scale)
    assert ours + theirs == pytest.approx(20)
    assert 0 <= ours <= 20 and 0 <= theirs <= 20
    assert round(ours, 2) == ours
    assert (ours >= theirs) == (margin >= 0) or ours == theirs


@given(st.integers(0, 400), st.integers(0, 60), st.integers(1, 64),
       st.sampled_from(["wbf", "wbf-discrete"]))
def test_larger_margin_never_fewer_vps(margin: int, extra: int, boards: int, scale: str) -> None:
    assert victory_points(margin + extra, boards=boards, scale=scale)[0] >= \
        victory_points(margin, boards=boards, scale=scale)[0]


@given(st.integers(0, 150), st.integers(0, 30), st.sampled_from([8, 24, 28, 32]))
def test_seed_table_monotone(margin: int, extra: int, boards: int) -> None:
    assert victory_points(margin + extra, boards=boards, scale="seed30")[0] >= \
        victory_points(margin, boards=boards, scale="seed30")[0]
