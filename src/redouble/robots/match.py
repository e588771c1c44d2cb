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
from pathlib import Path
from typing import TYPE_CHECKING

from redouble.board import Board
from redouble.calls import Call, CallKind, Contract
from redouble.cards import Strain
from redouble.deal import Deal
from redouble.robots.base import NaiveRobot, RandomRobot, Robot, run_board
from redouble.seats import Seat, Side
from redouble.state import BoardState
from redouble.view import Phase

if TYPE_CHECKING:
    from redouble.analysis import DDTable

__all__ = [
    "SWING_KINDS",
    "BiddingMatch",
    "BiddingOutcome",
    "BiddingTable",
    "MatchResult",
    "TableResult",
    "Team",
    "bid_board",
    "bid_table",
    "format_bidding_board",
    "match_tables",
    "play_bidding_match",
    "play_board",
    "play_match",
    "robot_factory",
    "swing_kind",
]

ROBOTS = ("redouble", "baseline", "naive", "random")


def robot_factory(name: str, *, seed: int = 0, budget: float = 0.8,
                  samples: int | None = None, scoring: str = "imps") -> Robot:
    """A robot by name: ``redouble`` (the sampling robot), ``baseline`` (the robots frozen
    at the start of issue 13, bidding and card play with the same card budget), ``naive`` or
    ``random``."""
    from redouble.errors import BridgeError
    from redouble.robots.robot import SaycRobot

    if name == "redouble":
        return SaycRobot(seed=seed, budget=budget, samples=samples, scoring=scoring)
    if name == "baseline":
        from redouble.robots.frozen import FrozenRobot

        return FrozenRobot(budget=budget, samples=samples, seed=seed)
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


# --- double-dummy-scored bidding matches ------------------------------------------------------

SWING_KINDS = ("opening", "overcall", "competitive", "doubled", "slam", "game/partscore",
               "strain", "level")
"""Kinds of swing, in the order a board is classified (the first that applies)."""


@dataclass(frozen=True, slots=True)
class BiddingTable:
    """One table of a bidding-only board: the auction, and its contract scored double dummy."""

    room: str
    calls: tuple[Call, ...]
    contract: Contract | None
    dd_tricks: int | None
    dd_score_ns: int
    seconds: float

    @property
    def declaring_side(self) -> Side | None:
        """NS or EW, or ``None`` if passed out."""
        if self.contract is None or self.contract.declarer is None:
            return None
        return self.contract.declarer.side


@dataclass(frozen=True, slots=True)
class BiddingOutcome:
    """Both tables of one bidding-only board, par, and team A's IMPs with the kind of swing."""

    board: Board
    open: BiddingTable
    closed: BiddingTable
    par_ns: int
    imps_a: int
    kind: str


def bid_table(board: Board, ns: Robot, ew: Robot, *, room: str, dd: DDTable) -> BiddingTable:
    """Run the auction of one table (no play) and score its contract with DD tricks."""
    state = BoardState(board)
    players = {Seat.NORTH: ns, Seat.SOUTH: ns, Seat.EAST: ew, Seat.WEST: ew}
    start = time.perf_counter()
    while state.phase is Phase.AUCTION:
        actor = state.actor
        assert actor is not None
        choice = players[actor].choose_call(state.view(actor))
        state.make_call(choice.call, seat=actor, alert=choice.alert,
                        explanation=choice.explanation)
    seconds = time.perf_counter() - start
    contract = state.contract
    calls = tuple(entry.call for entry in state.view(Seat.NORTH).auction)
    tricks = None
    if contract is not None and contract.declarer is not None:
        tricks = dd.tricks(declarer=contract.declarer, strain=contract.strain)
    return BiddingTable(room=room, calls=calls, contract=contract, dd_tricks=tricks,
                        dd_score_ns=_score_ns(state, tricks), seconds=seconds)


def _first_bid(calls: tuple[Call, ...]) -> int:
    return next((i for i, call in enumerate(calls) if call.is_bid), len(calls))


def swing_kind(board: Board, a: BiddingTable, b: BiddingTable) -> str:
    """Where two auctions of the same deal part ways, and what it changed (``SWING_KINDS``).

    The first differing call decides the first three kinds: the opening bid (or the pass
    instead of one), the first action over the opponents' opening, or a call once both
    sides have bid. Uncontested auctions are classified by their contracts.
    """
    index = next((i for i, (x, y) in enumerate(zip(a.calls, b.calls, strict=False)) if x != y),
                 min(len(a.calls), len(b.calls)))
    opened = _first_bid(a.calls[:index])
    if opened >= index:
        return "opening"
    opener_side = board.dealer.next(opened).side
    caller_side = board.dealer.next(index).side
    before = a.calls[opened + 1:index]
    other_side_acted = any(call.kind is not CallKind.PASS and board.dealer.next(opened + 1 + i).side
                           is not opener_side for i, call in enumerate(before))
    if caller_side is not opener_side and not other_side_acted:
        return "overcall"
    ca, cb = a.contract, b.contract
    if (ca is None) != (cb is None) or (ca is not None and cb is not None
                                         and ca.risk is not cb.risk):
        return "doubled"
    if other_side_acted or a.declaring_side is not b.declaring_side:
        return "competitive"
    assert ca is not None and cb is not None
    if (ca.level >= 6) != (cb.level >= 6):
        return "slam"
    if _is_game_contract(ca) != _is_game_contract(cb):
        return "game/partscore"
    if ca.strain is not cb.strain:
        return "strain"
    return "level"


def _is_game_contract(contract: Contract) -> bool:
    need = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4}.get(contract.strain, 5)
    return contract.level >= need


def bid_board(board: Board, team_a: Team, team_b: Team, *,
              dd: DDTable | None = None) -> BiddingOutcome:
    """Both tables of one board, bidding only, scored double dummy; IMPs for team A."""
    from redouble.analysis import dd_table, par_from_table
    from redouble.scoring import imps

    table = dd if dd is not None else dd_table(board.deal)
    par_ns = par_from_table(table, vulnerability=board.vulnerability, dealer=board.dealer).score
    open_room = bid_table(board, team_a.robot, team_b.robot, room="Open", dd=table)
    closed_room = bid_table(board, team_b.robot, team_a.robot, room="Closed", dd=table)
    diff = imps(open_room.dd_score_ns - closed_room.dd_score_ns)
    kind = "" if diff == 0 else swing_kind(board, open_room, closed_room)
    return BiddingOutcome(board=board, open=open_room, closed=closed_room, par_ns=par_ns,
                          imps_a=diff, kind=kind)


@dataclass
class BiddingMatch:
    """A bidding-only match scored double dummy: IMPs, confidence, par distance, swings."""

    team_a: str
    team_b: str
    boards: list[BiddingOutcome] = field(default_factory=list)

    @property
    def imps_per_board(self) -> float:
        """Team A's mean IMPs per board."""
        return statistics.fmean(b.imps_a for b in self.boards) if self.boards else 0.0

    def confidence(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% confidence interval of the mean IMPs per board (normal approximation)."""
        n = len(self.boards)
        if n < 2:
            return (self.imps_per_board, self.imps_per_board)
        spread = statistics.stdev(b.imps_a for b in self.boards) / n ** 0.5
        return (self.imps_per_board - z * spread, self.imps_per_board + z * spread)

    def par_distance(self) -> float:
        """Mean absolute IMPs per table between the contract (DD-scored) and par, over both
        tables (in self-play: how far the robots' auctions land from par)."""
        from redouble.scoring import imps

        values = [abs(imps(t.dd_score_ns - b.par_ns)) for b in self.boards
                  for t in (b.open, b.closed)]
        return statistics.fmean(values) if values else 0.0

    def par_cost(self, team: str) -> float:
        """IMPs per table the team's side scores against par (DD-scored; + beats par)."""
        from redouble.scoring import imps

        values = []
        for b in self.boards:
            for table, a_ns in ((b.open, True), (b.closed, False)):
                sign = 1 if (team == "a") == a_ns else -1
                values.append(imps(sign * (table.dd_score_ns - b.par_ns)))
        return statistics.fmean(values) if values else 0.0

    def swings(self) -> dict[str, tuple[int, int, int]]:
        """Per kind of swing: boards, IMPs won by team A, IMPs lost by team A."""
        out = {kind: (0, 0, 0) for kind in SWING_KINDS}
        for b in self.boards:
            if b.imps_a == 0:
                continue
            count, won, lost = out[b.kind]
            out[b.kind] = (count + 1, won + max(0, b.imps_a), lost + max(0, -b.imps_a))
        return out

    def worst(self, count: int = 10) -> list[BiddingOutcome]:
        """The boards team A lost most on."""
        return sorted(self.boards, key=lambda b: b.imps_a)[:count]

    def markdown(self) -> str:
        """The match as Markdown: the result with its interval, then the swings by kind."""
        lo, hi = self.confidence()
        lines = [
            "| pairing | boards | IMPs/board (A) | 95% CI | A vs par | B vs par | \\|contract − par\\| |",
            "|---|---:|---:|---|---:|---:|---:|",
            f"| {self.team_a} v {self.team_b} | {len(self.boards)} | {self.imps_per_board:+.2f} "
            f"| {lo:+.2f} … {hi:+.2f} | {self.par_cost('a'):+.2f} | {self.par_cost('b'):+.2f} "
            f"| {self.par_distance():.2f} |",
        ]
        if self.team_a == self.team_b:
            return "\n".join(lines)  # self-play: both tables alike, no swings to break down
        lines += [
            "",
            "| kind of swing | boards | IMPs won (A) | IMPs lost (A) | net per board |",
            "|---|---:|---:|---:|---:|",
        ]
        n = max(1, len(self.boards))
        for kind, (count, won, lost) in self.swings().items():
            lines.append(f"| {kind} | {count} | {won} | {lost} | {(won - lost) / n:+.3f} |")
        return "\n".join(lines)


def format_bidding_board(outcome: BiddingOutcome) -> str:
    """One board of a bidding match in a few lines (the deal, both auctions, the swing)."""
    board = outcome.board
    lines = [f"Board {board.number} ({board.dealer.letter()} deals, {board.vulnerability}): "
             f"{outcome.imps_a:+d} IMPs, {outcome.kind or 'flat'}, par {outcome.par_ns:+d}",
             f"  deal {board.deal.to_pbn()}"]
    for table in (outcome.open, outcome.closed):
        contract = "passed out" if table.contract is None else str(table.contract)
        lines.append(f"  {table.room:<6} {' '.join(str(c) for c in table.calls)}  → {contract}, "
                     f"DD {table.dd_tricks}, NS {table.dd_score_ns:+d}")
    return "\n".join(lines)


def play_bidding_match(count: int, team_a: Team, team_b: Team, *, seed: str = "redouble-match",
                       on_board: Callable[[BiddingOutcome], None] | None = None,
                       tables: Callable[[Board], DDTable] | None = None) -> BiddingMatch:
    """``count`` boards, bidding only at both tables, contracts scored by DD tricks."""
    result = BiddingMatch(team_a=team_a.name, team_b=team_b.name)
    for board in match_boards(count, seed=seed):
        outcome = bid_board(board, team_a, team_b,
                            dd=None if tables is None else tables(board))
        result.boards.append(outcome)
        if on_board is not None:
            on_board(outcome)
    return result


def match_tables(count: int, *, seed: str = "redouble-match",
                 cache: Path | None = None) -> list[DDTable]:
    """The DD tables of boards 1 … ``count`` of ``seed``, solved in batches (on every core)
    and, with ``cache``, kept in a JSON file there so later runs on the same deals skip DDS."""
    import hashlib
    import json

    from redouble.analysis import DDTable, dd_tables

    known: dict[str, list[int]] = {}
    path = None
    if cache is not None:
        digest = hashlib.sha256(seed.encode()).hexdigest()[:16]
        path = cache / f"dd-{digest}.json"
        if path.exists():
            try:
                known = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                known = {}
    boards = list(match_boards(count, seed=seed))
    missing = [b for b in boards if str(b.number) not in known]
    for start in range(0, len(missing), 100):
        chunk = missing[start:start + 100]
        for board, table in zip(chunk, dd_tables([b.deal for b in chunk]), strict=True):
            known[str(board.number)] = list(table.values)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(known), encoding="utf-8")
    return [DDTable(tuple(known[str(b.number)])) for b in boards]
