"""Matchpoints: seed 001's traveller, Neuberg, adjusted and weighted scores."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from redouble.scoring import (
    ArtificialScore,
    MatchpointScale,
    ScoringError,
    WeightedScore,
    matchpoints,
    neuberg,
    score_traveller,
)
from redouble.scoring.matchpoints import TableResult, matchpoint_pairs

SEED_TRAVELLER = [420, 430, 500, 420, 450, -50, 170]


def test_golden_seed001_traveller() -> None:
    """RULES.md §9 golden: board 1, none vul, seven tables."""
    assert matchpoints(SEED_TRAVELLER) == [5, 8, 12, 5, 10, 0, 2]
    traveller = score_traveller(SEED_TRAVELLER)
    assert list(traveller.ew) == [7, 4, 0, 7, 2, 12, 10]
    assert traveller.top == 12
    assert traveller.ns_percent[2] == 100.0 and traveller.ew_percent[5] == 100.0


def test_half_point_scale() -> None:
    assert matchpoints(SEED_TRAVELLER, scale=MatchpointScale.MP2) == [2.5, 4, 6, 2.5, 5, 0, 1]


def test_neuberg_for_a_board_played_fewer_times() -> None:
    """Six results factored to seven: MP' = (MP+1)·7/6 − 1."""
    six = SEED_TRAVELLER[:6]
    raw = matchpoints(six)
    factored = matchpoints(six, expected=7)
    assert factored == pytest.approx([(mp + 1) * 7 / 6 - 1 for mp in raw])
    assert score_traveller(six, expected=7).top == 12
    assert neuberg(5, results=6, expected=7) == 6.0
    assert neuberg(2.5, results=6, expected=7, scale=MatchpointScale.MP2) == 3.0


def test_artificial_adjusted_scores() -> None:
    """Law 12C2: A+ is 60% of the top, A− 40%; the other scores are Neubergered to the field."""
    scores = [420, ArtificialScore.parse("A+/A-"), 170, ArtificialScore.parse("A")]
    traveller = score_traveller(scores)
    assert traveller.top == 6
    assert traveller.ns[1] == pytest.approx(3.6) and traveller.ew[1] == pytest.approx(2.4)
    assert traveller.ns[3] == 3.0 and traveller.ew[3] == 3.0
    assert traveller.ns[0] == pytest.approx(neuberg(2, results=2, expected=4))
    assert traveller.ns[2] == pytest.approx(neuberg(0, results=2, expected=4))
    assert ArtificialScore.parse("A-").imps() == (-3, -3)
    assert str(ArtificialScore.parse("a+ / a-")) == "A+/A-"
    assert str(ArtificialScore.parse("A")) == "A"


def test_weighted_score() -> None:
    """Law 12C1(c): 60% of +420 and 40% of −50 against +420 and +170."""
    weighted = WeightedScore.parse("60% 420, 40% -50")
    ns = matchpoints([weighted, 420, 170])
    assert ns[0] == pytest.approx(0.6 * (1 + 2) + 0.4 * 0)
    assert ns[1] == pytest.approx(0.6 * 1 + 0.4 * 2 + 2)
    assert ns[2] == pytest.approx(0.4 * 2)
    assert sum(ns) == pytest.approx(6)


@pytest.mark.parametrize("bad", ["A++", "B", "A/B", "120/40", ""])
def test_bad_artificial_score(bad: str) -> None:
    with pytest.raises(ScoringError):
        ArtificialScore.parse(bad)


def test_bad_traveller() -> None:
    with pytest.raises(ScoringError):
        matchpoints([])
    with pytest.raises(ScoringError, match="multiples of 10"):
        matchpoints([420, 425])
    with pytest.raises(ScoringError):
        matchpoints([420, "420"])  # type: ignore[list-item]
    with pytest.raises(ScoringError, match="expected to be played"):
        matchpoints([420, 430, 450], expected=2)
    with pytest.raises(ScoringError, match="add up to 1"):
        WeightedScore(((0.5, 420), (0.2, -50)))


scores = st.lists(st.integers(-300, 300).map(lambda n: n * 10), min_size=1, max_size=20)


@given(scores)
def test_matchpoints_sum_to_n_n_minus_1(board: list[int]) -> None:
    n = len(board)
    assert sum(matchpoints(board)) == n * (n - 1)
    traveller = score_traveller(board)
    assert all(ns + ew == traveller.top for ns, ew in zip(traveller.ns, traveller.ew, strict=True))


@given(scores)
def test_better_score_never_fewer_matchpoints(board: list[int]) -> None:
    mps = matchpoints(board)
    for a, mp_a in zip(board, mps, strict=True):
        for b, mp_b in zip(board, mps, strict=True):
            if a > b:
                assert mp_a > mp_b
            if a == b:
                assert mp_a == mp_b


def test_matchpoint_pairs_session() -> None:
    """Seed 001's traveller as board 1 of a session, plus a second board with an adjusted score."""
    pairs = [(1, 8), (2, 13), (3, 11), (4, 9), (5, 14), (6, 12), (7, 10)]
    rows = [TableResult(1, ns, ew, score) for (ns, ew), score in zip(pairs, SEED_TRAVELLER, strict=True)]
    rows += [TableResult(2, 1, 13, 100), TableResult(2, 2, 8, ArtificialScore.parse("A+/A-")),
             TableResult(2, 3, 9, -100)]
    session = matchpoint_pairs(rows)
    assert session.travellers[1].ns == (5, 8, 12, 5, 10, 0, 2)
    assert session.totals[3] == 12 + neuberg(0, results=2, expected=3)
    assert session.tops[1] == 12 + 4 and session.tops[14] == 12
    assert session.percentages[5] == pytest.approx(100 * 10 / 12)
    ranking = session.ranking()
    assert ranking[0] == (1, 12, 100.0)  # pair 12 sat EW against -50, the only board it played
    assert all(a[2] >= b[2] for a, b in itertools.pairwise(ranking))
    assert session.to_json()["ranking"][0]["rank"] == 1
