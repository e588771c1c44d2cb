"""Sessions played over generated movements (club-mov's Mitchell and Howell): shared boards on a relay,
a half-table Howell with a sit-out, and random results; every pair scored over the boards it played."""

from __future__ import annotations

import random
import statistics

from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.club.movement import Movement, PairId, howell, mitchell
from redouble.club.results import BoardResult
from redouble.club.scoring import Method, score_session

SCORES = (-200, -100, -50, 110, 140, 170, 420, 450, 620)


def play(movement: Movement, seed: int) -> list[BoardResult]:
    rng = random.Random(seed)
    return [BoardResult(board, seating.ns, seating.ew, score=rng.choice(SCORES), table=seating.table,
                        round=seating.round)
            for seating in movement.seatings if seating.ns is not None and seating.ew is not None
            for board in seating.boards]


def boards_of(movement: Movement, pair: PairId) -> int:
    return sum(len(s.boards) for s in movement.seatings
               if pair in (s.ns, s.ew) and s.ns is not None and s.ew is not None)


def test_mitchell_with_a_relay_shares_boards_and_scores_every_pair_over_its_boards() -> None:
    movement = mitchell(4, boards_per_round=2, relay=True)
    results = play(movement, 1)
    shared = {(r.board, r.round) for r in results if sum((o.board, o.round) == (r.board, r.round)
                                                          for o in results) == 2}
    assert shared  # tables 1 and 4 share a set each round
    session = score_session(results, winners=2)
    assert {len(board.lines) for board in session.boards} == {4} and session.board(1).top == 6
    for pair in session.pairs:
        assert pair.boards == boards_of(movement, pair.pair)
        assert pair.top == pair.boards * 6
    ns = statistics.fmean(p.percentage or 0 for p in session.ranking("A NS"))
    ew = statistics.fmean(p.percentage or 0 for p in session.ranking("A EW"))
    assert abs(ns + ew - 100) < 1e-9


def test_half_table_howell_with_a_sit_out() -> None:
    movement = howell(3, half_table=True)
    results = play(movement, 2)
    session = score_session(results)
    played = {pair.pair: pair.boards for pair in session.pairs}
    assert played == {pair: boards_of(movement, pair) for pair in played}
    for pair in session.pairs:
        assert pair.percentage is not None
        total = sum(card.points for card in pair.card)
        assert abs(pair.percentage - 100 * total / pair.top) < 1e-6


@settings(max_examples=25, deadline=None)
@given(tables=st.integers(min_value=3, max_value=9), seed=st.integers(min_value=0, max_value=10_000),
       method=st.sampled_from([Method.MATCHPOINTS, Method.BUTLER, Method.CROSS_IMPS]))
def test_any_odd_or_skip_mitchell_balances(tables: int, seed: int, method: Method) -> None:
    """Every line's NS and EW points balance (MPs add up to the top, IMPs to zero), and a corrected
    result re-ranks exactly as a full recompute."""
    movement = mitchell(tables, skip=tables % 2 == 0)
    results = play(movement, seed)
    session = score_session(results, method=method, winners=2)
    for board in session.boards:
        for scored in board.lines:
            assert abs(scored.ns + scored.ew - board.top) < 1e-9
    old = random.Random(seed).choice(results)
    corrected = BoardResult(old.board, old.ns, old.ew, score=-1430, table=old.table, round=old.round)
    full = score_session([corrected if r is old else r for r in results], method=method, winners=2)
    assert session.with_result(corrected).pairs == full.pairs


@settings(max_examples=200, deadline=None)
@given(scores=st.lists(st.sampled_from([-500, -100, 0, 100, 110, 420, 450, 1430]), min_size=1, max_size=30),
       extra=st.integers(min_value=0, max_value=3), halves=st.booleans())
def test_plain_traveller_fast_path_equals_the_pairwise_comparison(scores: list[int], extra: int,
                                                                  halves: bool) -> None:
    """score_traveller counts plain scores by bisection; the pairwise path (a score as a weighted score of
    weight 1) must give the very same matchpoints, with Neuberg and either scale."""
    from redouble.scoring.matchpoints import MatchpointScale, WeightedScore, score_traveller

    scale = MatchpointScale.MP2 if halves else MatchpointScale.MP1
    expected = len(scores) + extra
    fast = score_traveller(scores, expected=expected, scale=scale)
    slow = score_traveller([WeightedScore(((1.0, s),)) for s in scores], expected=expected, scale=scale)
    assert (fast.ns, fast.ew, fast.top) == (slow.ns, slow.ew, slow.top)
