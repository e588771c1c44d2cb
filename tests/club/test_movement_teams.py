"""Teams movements (seed 001's two-table match, round robin, Swiss teams) and Swiss pairs by maximum matching."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.club.movement import MovementError, PairId, validate
from redouble.club.movements.swiss import maximum_matching, swiss_pairing, swiss_pairs_round
from redouble.club.movements.teams import (
    round_robin_pairings,
    round_robin_teams,
    swiss_teams_round,
    team_match,
    team_of,
)


def test_two_table_match_as_seed_001_lays_it_out() -> None:
    # Seed 001 (Viertallen): team A's pairs NS at table 1 and EW at table 2; boards 1-12, the first six at
    # table 1 and the other six at table 2, then exchanged; for the next twelve one team's pairs change tables.
    movement = team_match(24)
    one, two = movement.at(1, 1), movement.at(2, 1)
    assert (one.ns, two.ew) == (PairId(1), PairId(2))  # team 1
    assert team_of(one.ew) == team_of(two.ns) == 2  # type: ignore[arg-type]
    assert one.boards == tuple(range(1, 7)) and two.boards == tuple(range(7, 13))
    assert movement.at(1, 2).boards == tuple(range(7, 13)) and movement.at(2, 2).boards == tuple(range(1, 7))
    assert movement.at(1, 3).ew == two.ns and movement.at(2, 3).ns == one.ew  # team 2 changed tables
    report = validate(movement)
    assert dict(report.plays) == dict.fromkeys(range(1, 25), 2) and not report.shares
    # each team-1 pair meets both team-2 pairs, twice each (both halves of a segment)
    assert {(a.number, b.number, times) for a, b, times in report.repeats} == {(1, 3, 2), (1, 4, 2), (2, 3, 2),
                                                                                (2, 4, 2)}


def test_team_match_refuses_uneven_halves() -> None:
    with pytest.raises(MovementError, match="do not split"):
        team_match(10, segments=3)


@pytest.mark.parametrize("teams", range(2, 13))
def test_round_robin_every_team_meets_every_other_once(teams: int) -> None:
    movement = round_robin_teams(teams, boards_per_round=4)
    report = validate(movement)
    assert report.rounds == teams - 1 + teams % 2
    met = {frozenset((team_of(s.ns), team_of(s.ew))) for s in movement.seatings}  # type: ignore[arg-type]
    assert met == {frozenset(pair) for pair in itertools.combinations(range(1, teams + 1), 2)}
    assert round_robin_pairings(teams)[0][0][0] in (0, teams)


def test_maximum_matching_finds_a_perfect_matching_through_a_blossom() -> None:
    # a triangle 0-1-2 with a tail 2-3 and 0-4, 4-5: perfect matching needs the blossom
    mate = maximum_matching(6, [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)])
    assert all(partner != -1 for partner in mate)
    assert all(mate[mate[v]] == v for v in range(6))


def _greedy(ranking: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """The naive Swiss pass: the top pair meets the next pair it has not met; no backtracking."""
    rest = list(ranking)
    matches = []
    while rest:
        top = rest.pop(0)
        opponent = next((o for o in rest if frozenset((top, o)) not in met), None)
        if opponent is None:
            return None
        rest.remove(opponent)
        matches.append((top, opponent))
    return matches


def test_swiss_pairing_succeeds_where_greedy_fails() -> None:
    ranking = [1, 2, 3, 4, 5, 6]
    met = {frozenset(p) for p in [(1, 2), (5, 6), (3, 4), (4, 5), (3, 6)]}
    assert _greedy(ranking, met) is None  # 1-3, 2-4, then 5 and 6 have met
    pairing = swiss_pairing(ranking, met=met)
    assert not {frozenset(m) for m in pairing.matches} & met
    # 1 keeps its best opponent (3); 2 takes 5 rather than 4, which would strand 5 and 6
    assert pairing.matches == ((1, 3), (2, 5), (4, 6))


def test_swiss_pairing_keeps_score_order_when_it_can() -> None:
    assert swiss_pairing([1, 2, 3, 4]).matches == ((1, 2), (3, 4))
    assert swiss_pairing([1, 2, 3, 4], met=[frozenset((3, 4))]).matches == ((1, 3), (2, 4))


def test_swiss_bye_goes_to_the_lowest_without_one() -> None:
    assert swiss_pairing([1, 2, 3, 4, 5]).bye == 5
    assert swiss_pairing([1, 2, 3, 4, 5], byes=[5]).bye == 4


def test_swiss_refuses_a_played_out_field() -> None:
    with pytest.raises(MovementError, match="played itself out"):
        swiss_pairing([1, 2, 3, 4], met=[frozenset(p) for p in itertools.combinations([1, 2, 3, 4], 2)])


def _pairing_exists(entrants: list[PairId], met: set[frozenset[PairId]]) -> bool:
    """Brute force: can ``entrants`` (even in number) be paired with no repeat meeting?"""
    if not entrants:
        return True
    first, rest = entrants[0], entrants[1:]
    return any(frozenset((first, other)) not in met and _pairing_exists([p for p in rest if p != other], met)
               for other in rest)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5).map(lambda half: 2 * half), st.integers(0, 2**32 - 1))
def test_swiss_pairs_find_a_pairing_whenever_one_exists(size: int, seed: int) -> None:
    generator = random.Random(seed)
    pairs = [PairId(n) for n in range(1, size + 1)]
    movement = None
    for _ in range(size - 1):
        met: set[frozenset[PairId]] = set() if movement is None else {
            frozenset(s.pairs) for s in movement.seatings if len(s.pairs) == 2}
        if not _pairing_exists(pairs, met):
            with pytest.raises(MovementError, match="played itself out"):
                swiss_pairs_round(pairs, previous=movement)
            break
        movement = swiss_pairs_round(pairs, previous=movement, boards_per_round=3)
        assert not validate(movement).repeats  # no pair meets another twice, no board replayed
        generator.shuffle(pairs)


def test_swiss_teams_rounds() -> None:
    ranking = [1, 2, 3, 4, 5]
    movement = swiss_teams_round(ranking, boards_per_round=6)
    assert [tuple(team_of(pair) for pair in s.pairs) for s in movement.round_seatings(1)] == [
        (1, 2), (2, 1), (3, 4), (4, 3)]
    movement = swiss_teams_round([1, 3, 2, 4, 5], previous=movement, boards_per_round=6)
    second = {frozenset(team_of(pair) for pair in s.pairs) for s in movement.round_seatings(2)}
    assert frozenset((1, 2)) not in second and frozenset((3, 4)) not in second
    assert 5 in {team for m in second for team in m}  # team 5 had the bye in round 1
    validate(movement)
