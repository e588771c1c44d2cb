"""Robot evaluation: teams of four play the same boards at two tables, scored in IMPs and
measured against double dummy (par for the bidding, DD tricks for declarer and defence).

Team A sits North-South in the open room and East-West in the closed room; the boards are
the same at both tables, so luck of the cards cancels out.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from redouble.board import Board
from redouble.deal import Deal
from redouble.robots.base import NaiveRobot, RandomRobot, Robot, run_board
from redouble.seats import Seat, Side
from redouble.state import BoardState

__all__ = ["MatchResult", "TableResult", "Team", "play_board", "play_match", "robot_factory"]

ROBOTS = ("redouble", "naive", "random")


def robot_factory(name: str, *, seed: int = 0, budget: float = 0.8,
                  samples: int | None = None, scoring: str = "imps") -> Robot:
    """A robot by name: ``redouble`` (the SAYC sampling robot), ``naive`` or ``random``."""
    from redouble.errors import BridgeError
    from redouble.robots.robot import SaycRobot

    if name == "redouble":
        return SaycRobot(seed=seed, budget=budget, samples=samples, scoring=scoring)
    if name == "naive":
        return NaiveRobot()
    if name == "random":
        return RandomRobot(seed=seed)
    raise BridgeError(f"unknown robot {name!r}: expected one of {', '.join(ROBOTS)}")


@dataclass
class Team:
    """A team of four identical robots (one object per seat pair is enough: they see views)."""

    name: str
    robot: Robot


@dataclass
class TableResult:
    """One table's result with its double-dummy yardsticks (North-South's point of view)."""

    room: str
    state: BoardState
    score_ns: int
    dd_score_ns: int  # the same contract with double-dummy tricks
    par_ns: int
    dd_tricks: int | None
    tricks: int | None
    seconds: float

    @property
    def declaring_side(self) -> Side | None:
        """NS or EW, or ``None`` if passed out."""
        contract = self.state.contract
        return None if contract is None or contract.declarer is None else contract.declarer.side


@dataclass
class BoardOutcome:
    """Both tables of one board, and the IMPs team A won on it."""

    number: int
    open: TableResult
    closed: TableResult
    imps_a: int


@dataclass
class MatchResult:
    """A whole match: per-board outcomes and the figures of the evaluation."""

    team_a: str
    team_b: str
    boards: list[BoardOutcome] = field(default_factory=list)

    def table_of(self, outcome: BoardOutcome, team: str) -> list[tuple[TableResult, Side]]:
        """The two tables with the side ``team`` sat at each."""
        a_side = (Side.NS, Side.EW)
        sides = a_side if team == "a" else (Side.EW, Side.NS)
        return [(outcome.open, sides[0]), (outcome.closed, sides[1])]

    @property
    def imps_per_board(self) -> float:
        """Team A's average IMPs per board (negative: team B won)."""
        return statistics.fmean(b.imps_a for b in self.boards) if self.boards else 0.0

    def bidding_cost(self, team: str) -> float:
        """IMPs per table a team's contracts score against par, both scored double dummy."""
        from redouble.scoring import imps

        values = []
        for outcome in self.boards:
            for table, side in self.table_of(outcome, team):
                sign = 1 if side is Side.NS else -1
                values.append(imps(sign * (table.dd_score_ns - table.par_ns)))
        return statistics.fmean(values) if values else 0.0

    def distance_from_par(self) -> float:
        """Mean absolute IMPs per table between the contract (scored double dummy) and par:
        how far the auctions at both tables, by both sides, land from par."""
        from redouble.scoring import imps

        values = [abs(imps(table.dd_score_ns - table.par_ns))
                  for outcome in self.boards for table in (outcome.open, outcome.closed)]
        return statistics.fmean(values) if values else 0.0

    def declarer_vs_dd(self, team: str) -> tuple[float, int]:
        """Average (tricks taken - DD tricks) when the team declared, and how many times."""
        values = [table.tricks - table.dd_tricks
                  for outcome in self.boards for table, side in self.table_of(outcome, team)
                  if table.declaring_side is side and table.tricks is not None
                  and table.dd_tricks is not None]
        return (statistics.fmean(values) if values else 0.0, len(values))

    def defence_vs_dd(self, team: str) -> tuple[float, int]:
        """Average (DD tricks - declarer's tricks) when the team defended: + is good defence."""
        values = [table.dd_tricks - table.tricks
                  for outcome in self.boards for table, side in self.table_of(outcome, team)
                  if table.declaring_side is side.opponents and table.tricks is not None
                  and table.dd_tricks is not None]
        return (statistics.fmean(values) if values else 0.0, len(values))


def _dd_yardsticks(board: Board) -> tuple[object, int]:
    from redouble.analysis import dd_table, par_from_table

    table = dd_table(board.deal)
    par = par_from_table(table, vulnerability=board.vulnerability, dealer=board.dealer)
    return table, par.score


def _score_ns(state: BoardState, tricks: int | None) -> int:
    from redouble.scoring import duplicate_score

    contract = state.contract
    if contract is None or contract.declarer is None or tricks is None:
        return 0
    score = duplicate_score(contract, tricks=tricks,
                            vulnerable=state.board.vulnerability.is_vulnerable(contract.declarer))
    return score if contract.declarer.side is Side.NS else -score


def play_table(board: Board, ns: Robot, ew: Robot, *, room: str, dd: object,
               par_ns: int) -> TableResult:
    """Play one table: ``ns`` robots North-South, ``ew`` East-West."""
    from redouble.analysis import DDTable

    assert isinstance(dd, DDTable)
    state = BoardState(board)
    players = {Seat.NORTH: ns, Seat.SOUTH: ns, Seat.EAST: ew, Seat.WEST: ew}
    start = time.perf_counter()
    run_board(state, players)
    seconds = time.perf_counter() - start
    result = state.result
    assert result is not None
    contract = state.contract
    dd_tricks = None
    if contract is not None and contract.declarer is not None:
        dd_tricks = dd.tricks(declarer=contract.declarer, strain=contract.strain)
    return TableResult(room=room, state=state, score_ns=_score_ns(state, result.tricks),
                       dd_score_ns=_score_ns(state, dd_tricks), par_ns=par_ns,
                       dd_tricks=dd_tricks, tricks=result.tricks, seconds=seconds)


def play_board(board: Board, team_a: Team, team_b: Team) -> BoardOutcome:
    """Both tables of one board, and the IMPs for team A."""
    from redouble.scoring import imps

    dd, par_ns = _dd_yardsticks(board)
    open_room = play_table(board, team_a.robot, team_b.robot, room="Open", dd=dd, par_ns=par_ns)
    closed_room = play_table(board, team_b.robot, team_a.robot, room="Closed", dd=dd,
                             par_ns=par_ns)
    assert board.number is not None
    return BoardOutcome(number=board.number, open=open_room, closed=closed_room,
                        imps_a=imps(open_room.score_ns - closed_room.score_ns))


def match_boards(count: int, *, seed: str = "redouble-match") -> Iterator[Board]:
    """The match's boards: reproducible deals from ``seed``, numbered from 1."""
    for number in range(1, count + 1):
        yield Board.numbered(number, deal=Deal.from_seed(seed, number))


def play_match(count: int, team_a: Team, team_b: Team, *, seed: str = "redouble-match",
               on_board: Callable[[BoardOutcome], None] | None = None) -> MatchResult:
    """Play ``count`` boards between two teams at two tables each."""
    result = MatchResult(team_a=team_a.name, team_b=team_b.name)
    for board in match_boards(count, seed=seed):
        outcome = play_board(board, team_a, team_b)
        result.boards.append(outcome)
        if on_board is not None:
            on_board(outcome)
    return result


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile (nearest rank) of some values; 0 when there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))
    return ordered[index]


def export_match(results: list[MatchResult]) -> tuple[str, str]:
    """The whole match (every table of every pairing) as PBN and LIN text."""
    from redouble.formats import lin, pbn

    games = []
    lin_boards = []
    for match in results:
        for outcome in match.boards:
            for table, a_side in ((outcome.open, Side.NS), (outcome.closed, Side.EW)):
                names = {a_side: match.team_a, a_side.opponents: match.team_b}
                tags = {"Event": f"{match.team_a} v {match.team_b}", "Site": "redouble",
                        "Room": table.room, "Scoring": "IMP",
                        "North": names[Side.NS], "South": names[Side.NS],
                        "East": names[Side.EW], "West": names[Side.EW]}
                games.append(pbn.from_board_state(table.state, tags=tags))
                lin_boards.append(lin.from_board_state(
                    table.state, room=table.room.lower(),
                    players={seat: names[seat.side] for seat in Seat}))
    return pbn.dumps(games), lin.dumps(lin_boards)
