"""A teams session scored as team matches: each match's two rooms board by board, IMPs, VPs, the ranking.

A match is every table where pairs of the same two teams meet (seed 001's two-table match, one match of a
round robin or Swiss round); each board's two results are compared by ``redouble.club.scoring.team_match``
(Law 78B IMPs, the net IMPs as VPs on the chosen scale), and the teams are ranked by their VPs, ties sharing
a place (1, 2=, 2=, 4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from redouble.club.derivation import Derivation, Derived, Signed, Step
from redouble.club.movement import PairId, Seating
from redouble.club.results import BoardResult, ResultError
from redouble.club.scoring import MatchScore, Placed, team_match
from redouble.scoring.matchpoints import rank_totals
from redouble.scoring.vp import WBF_CONTINUOUS, VPScale

_NOTHING = Derivation()

__all__ = ["BoardRooms", "MatchCard", "TeamScore", "TeamsScore", "score_teams"]


@dataclass(frozen=True, slots=True)
class BoardRooms(Derived):
    """One board of a match: the result in the room where the home team sits NS and in the other, and the
    home team's IMPs (``None`` until both rooms have a result)."""

    board: int
    open_room: BoardResult | None
    closed_room: BoardResult | None
    imps: float | None
    why: Derivation = _NOTHING


@dataclass(frozen=True, slots=True)
class MatchCard:
    """A team match's scorecard: the two teams, each board's rooms, the net IMPs and the VPs."""

    home: int
    away: int
    home_name: str
    away_name: str
    boards: tuple[BoardRooms, ...]
    score: MatchScore | None

    @property
    def imps(self) -> float:
        """The home team's net IMPs on the boards scored so far (an average score may give a half IMP)."""
        return 0 if self.score is None else self.score.total

    @property
    def victory_points(self) -> tuple[float, float]:
        """The home and away teams' VPs (a match with no board scored yet has none)."""
        return (0.0, 0.0) if self.score is None else self.score.victory_points

    @property
    def complete(self) -> bool:
        """Whether every board of the match has both rooms' results."""
        return all(rooms.imps is not None for rooms in self.boards)

    def text(self) -> str:
        """The scorecard, board by board, with the net IMPs and VPs."""
        head = f"{self.home_name} v {self.away_name}"
        if self.score is None:
            return f"{head}: no board scored in both rooms yet"
        return f"{head}\n{self.score.text()}"


@dataclass(frozen=True, slots=True)
class TeamScore(Derived, Placed):
    """A team's session: its VPs, net IMPs, matches played and place (``2=`` when tied)."""

    team: int
    name: str
    victory_points: float
    imps: float
    matches: int
    place: int
    tied: bool
    why: Derivation


@dataclass(frozen=True, slots=True)
class TeamsScore:
    """A teams session scored: every match's scorecard and the teams ranked by VPs."""

    matches: tuple[MatchCard, ...]
    ranking: tuple[TeamScore, ...]
    scale: str

    def team(self, number: int) -> TeamScore:
        """One team's line of the ranking."""
        for line in self.ranking:
            if line.team == number:
                return line
        raise KeyError(number)

    def text(self) -> str:
        """The ranking and every scorecard, as plain text."""
        rows = [f"{line.place_text:>4} {line.name} {line.victory_points:g} VPs ({Signed(line.imps).text()} IMPs)"
                for line in self.ranking]
        return "\n\n".join(["\n".join(rows), *(card.text() for card in self.matches)])


def _teams_of(teams: Mapping[int, tuple[str, tuple[PairId, ...]]]) -> dict[PairId, int]:
    found: dict[PairId, int] = {}
    for number, (_, pairs) in teams.items():
        for pair in pairs:
            found[pair] = number
    return found


def score_teams(seatings: Sequence[Seating], lines: Sequence[BoardResult],
                teams: Mapping[int, tuple[str, tuple[PairId, ...]]], *,
                scale: VPScale | str = WBF_CONTINUOUS) -> TeamsScore:
    """Score a teams session: ``teams`` maps each team's number to its name and pairs; every table where pairs
    of two teams meet belongs to their match, whose boards are compared room against room (Law 78B)."""
    team_of = _teams_of(teams)
    tables: dict[tuple[int, int], list[Seating]] = {}
    for seating in seatings:
        if seating.ns is None or seating.ew is None:
            continue
        missing = [str(pair) for pair in (seating.ns, seating.ew) if pair not in team_of]
        if missing:
            raise ResultError(f"table {seating.table}, round {seating.round}: pair {', '.join(missing)} is in no "
                              "team; form the teams first")
        ns_team, ew_team = team_of[seating.ns], team_of[seating.ew]
        if ns_team == ew_team:
            raise ResultError(f"table {seating.table}, round {seating.round}: {seating.ns} and {seating.ew} are "
                              f"both in team {ns_team}")
        tables.setdefault((min(ns_team, ew_team), max(ns_team, ew_team)), []).append(seating)
    by_slot = {(line.table, line.round, line.board): line for line in lines}
    cards = []
    for (home, away), played in sorted(tables.items()):
        home_name, home_pairs = teams[home]
        away_name = teams[away][0]
        rooms: dict[int, list[BoardResult | None]] = {}
        for seating in sorted(played, key=lambda s: (s.round, s.table)):
            for board in seating.boards:
                found = by_slot.get((seating.table, seating.round, board))
                entry = rooms.setdefault(board, [None, None])
                is_open = seating.ns in home_pairs
                if found is not None:
                    entry[0 if is_open else 1] = found
        complete = [line for pair in rooms.values() if pair[0] is not None and pair[1] is not None
                    for line in pair if line is not None]
        score = None
        if complete:
            score = team_match(complete, home=home_pairs, home_name=home_name, away_name=away_name, scale=scale,
                               boards=len(rooms))
        compared = {} if score is None else {b.board: (b.imps, b.why) for b in score.boards}
        boards = tuple(BoardRooms(number, rooms[number][0], rooms[number][1], *compared.get(number, (None,
                                                                                                   Derivation())))
                       for number in sorted(rooms))
        cards.append(MatchCard(home, away, home_name, away_name, boards, score))
    vps: dict[int, float] = {number: 0.0 for number in teams if any(number in (c.home, c.away) for c in cards)}
    net: dict[int, float] = dict.fromkeys(vps, 0)
    played_count: dict[int, int] = dict.fromkeys(vps, 0)
    parts: dict[int, list[Step]] = {number: [] for number in vps}
    for card in cards:
        home_vp, away_vp = card.victory_points
        for team, other, vp, imps in ((card.home, card.away_name, home_vp, card.imps),
                                      (card.away, card.home_name, away_vp, -card.imps)):
            vps[team] += vp
            net[team] += imps
            played_count[team] += card.score is not None
            parts[team].append(Step.of("team.match", vps=vp, other=other, imps=Signed(imps)))
    ranked = rank_totals({team: round(total, 9) for team, total in vps.items()})
    places = [rank for rank, _, _ in ranked]
    ranking = []
    for rank, key, total in ranked:
        team = cast(int, key)
        ranking.append(TeamScore(team, teams[team][0], total, net[team], played_count[team], rank,
                                 places.count(rank) > 1, Derivation.of(Step.of(
                                     "team.ranking", matches=Derivation(tuple(parts[team]), " + "), vps=total))))
    name = scale if isinstance(scale, str) else scale.name
    return TeamsScore(tuple(cards), tuple(ranking), name)
