"""Teams movements: the two-table match of seed 001, a round robin and Swiss teams rounds; team t fields pairs
2t−1 (NS at its home table) and 2t (EW at the other table)."""

from __future__ import annotations

from collections.abc import Sequence

from redouble.club.movement import Movement, MovementError, PairId, Seating, validate
from redouble.club.movements.swiss import swiss_pairing

__all__ = ["round_robin_pairings", "round_robin_teams", "swiss_teams_round", "team_match", "team_of"]


def team_of(pair: PairId) -> int:
    """The team a pair plays for: pairs 2t−1 and 2t are team t.

    >>> team_of(PairId(4))
    2
    """
    return (pair.number + 1) // 2


def _match(round_: int, first_table: int, home: int, away: int, boards: tuple[int, ...], section: str,
           *, swap: bool = False) -> tuple[Seating, Seating]:
    """One match's two tables: the home team's first pair NS at the first table, its second pair EW at the other;
    ``swap`` sends the away pairs to each other's table (seed 001's second half)."""
    away_first, away_second = PairId(2 * away - 1, None, section), PairId(2 * away, None, section)
    if swap:
        away_first, away_second = away_second, away_first
    return (Seating(section, first_table, round_, PairId(2 * home - 1, None, section), away_first, boards),
            Seating(section, first_table + 1, round_, away_second, PairId(2 * home, None, section), boards))


def team_match(boards: int = 24, *, segments: int = 2, section: str = "A") -> Movement:
    """A two-table match as seed 001 plays it: team 1's pairs NS at table 1 and EW at table 2; each segment's
    boards split between the tables and then exchanged; after each segment team 2's pairs change tables so each
    pair meets both opposing pairs."""
    if segments < 1 or boards < 2 * segments or boards % (2 * segments):
        raise MovementError(f"{boards} boards do not split into {segments} segments of two equal halves")
    half = boards // (2 * segments)
    seatings: list[Seating] = []
    for segment in range(segments):
        start = 1 + segment * 2 * half
        first, second = tuple(range(start, start + half)), tuple(range(start + half, start + 2 * half))
        swap = segment % 2 == 1
        for offset, (at_one, at_two) in enumerate(((first, second), (second, first))):
            round_ = 2 * segment + offset + 1
            one, _ = _match(round_, 1, 1, 2, at_one, section, swap=swap)
            _, two = _match(round_, 1, 1, 2, at_two, section, swap=swap)
            seatings += [one, two]
    movement = Movement(f"Teams match {boards} boards", tuple(seatings), meets_twice=True)
    validate(movement)
    return movement


def round_robin_pairings(teams: int) -> list[list[tuple[int, int]]]:
    """The circle method: team ``teams`` (or the bye) stays, the others rotate; every team meets every other once."""
    field = teams + teams % 2
    rounds = []
    others = list(range(1, field))
    for _ in range(field - 1):
        line = [field, *others]
        pairs = [(line[i], line[field - 1 - i]) for i in range(field // 2)]
        rounds.append([(a, b) if a <= teams and b <= teams else (0, a if b > teams else b) for a, b in pairs])
        others = others[-1:] + others[:-1]
    return rounds


def round_robin_teams(teams: int, *, boards_per_round: int = 8, section: str = "A") -> Movement:
    """A teams round robin: each round every match plays the same boards at its two tables (duplicated boards,
    declared as sharing); an odd field gives one team a bye each round."""
    if teams < 2:
        raise MovementError(f"a round robin needs at least 2 teams, not {teams}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    seatings: list[Seating] = []
    for round_, pairings in enumerate(round_robin_pairings(teams), start=1):
        low = (round_ - 1) * boards_per_round + 1
        boards = tuple(range(low, low + boards_per_round))
        matches = sorted((min(a, b), max(a, b)) for a, b in pairings if a)
        for number, (home, away) in enumerate(matches):
            seatings += _match(round_, 2 * number + 1, home, away, boards, section)
    movement = Movement(f"Teams round robin {teams} teams", tuple(seatings), sharing=True)
    validate(movement)
    return movement


def swiss_teams_round(ranking: Sequence[int], *, previous: Movement | None = None, boards_per_round: int = 8,
                      section: str = "A") -> Movement:
    """The movement so far plus the next Swiss teams round: teams ranked best first, no two teams meet twice (a
    maximum matching, see ``swiss_pairing``), the top match at tables 1–2, the lowest team without one gets a bye."""
    earlier = previous.seatings if previous is not None else ()
    met = {frozenset((team_of(s.ns), team_of(s.ew))) for s in earlier if s.ns is not None and s.ew is not None}
    byes: set[int] = set()
    for round_ in {s.round for s in earlier}:
        playing = {team_of(pair) for s in earlier if s.round == round_ for pair in s.pairs}
        byes.update(team for team in ranking if team not in playing)
    pairing = swiss_pairing(list(ranking), met=met, byes=byes)
    round_ = 1 if not earlier else max(s.round for s in earlier) + 1
    low = (round_ - 1) * boards_per_round + 1
    boards = tuple(range(low, low + boards_per_round))
    seatings = [seat for number, (home, away) in enumerate(pairing.matches)
                for seat in _match(round_, 2 * number + 1, home, away, boards, section)]
    movement = Movement(previous.name if previous is not None else "Swiss teams", (*earlier, *seatings),
                        sharing=True)
    validate(movement)
    return movement
