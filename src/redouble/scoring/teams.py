"""Comparing scores in IMPs: a team match of two rooms, Butler (against a datum) and cross-IMPs.

A team match compares the two rooms of each board (seed 001's scorecard); IMP pairs compares
each score with a datum, the mean or median of the field after dropping the extreme scores
(Butler), or with every other score (Cross, Cross1, Cross2, as the PBN standard names them).

>>> match = TeamMatch()
>>> match.record_scorecard(1, ours=420, teammates=-450).imps
-1
>>> butler_datum([120, 50, -80, -80, -110, -140, -150, -150])
-90
"""

from __future__ import annotations

import enum
import statistics
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from redouble.scoring.errors import ScoringError
from redouble.scoring.imps import imps
from redouble.scoring.matchpoints import (
    ArtificialScore,
    ScoreEntry,
    TableResult,
    WeightedScore,
    group_by_board,
    rank_totals,
)
from redouble.scoring.vp import WBF_CONTINUOUS, VPScale, victory_points

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "BoardComparison",
    "BoardImps",
    "ButlerScoring",
    "CrossDivisor",
    "CrossScoring",
    "DatumMethod",
    "DatumRounding",
    "ImpPairsResult",
    "TableResult",
    "TeamMatch",
    "butler_datum",
    "butler_imps",
    "cross_imps",
    "imp_pairs",
    "imp_scoring_from_pbn",
]


def _parts(score: int | WeightedScore) -> tuple[tuple[float, int], ...]:
    """A plain score as one part of weight 1, or a weighted score's parts."""
    return score.parts if isinstance(score, WeightedScore) else ((1.0, _check_score(score)),)


def _clean(value: float) -> float:
    return round(value, 9) + 0.0


def _check_score(score: object) -> int:
    if isinstance(score, bool) or not isinstance(score, int):
        raise ScoringError(f"{score!r} is not a score: expected whole points like 420 or -50")
    return score


# --- team match ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardComparison:
    """One board of a team match: the NS score in each room; IMPs are for the home team,
    which sits NS in the open room and EW in the closed room."""

    board: int
    open_ns: int
    closed_ns: int

    @property
    def difference(self) -> int:
        """The home team's net points on the board."""
        return self.open_ns - self.closed_ns

    @property
    def imps(self) -> int:
        """The home team's IMPs (negative when the away team gains)."""
        return imps(self.difference)

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        return {"board": self.board, "open_ns": self.open_ns, "closed_ns": self.closed_ns,
                "difference": self.difference, "imps": self.imps}


class TeamMatch:
    """A match between two teams: IMPs per board, the running total and victory points."""

    def __init__(self, *, home: str = "Home", away: str = "Away") -> None:
        self.home = home
        self.away = away
        self._boards: list[BoardComparison] = []

    def record(self, board: int, *, open_ns: int, closed_ns: int) -> BoardComparison:
        """Compare a board's NS scores in the open and closed rooms."""
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise ScoringError(f"board numbers start at 1, not {board!r}")
        if any(played.board == board for played in self._boards):
            raise ScoringError(f"board {board} has already been scored in this match")
        comparison = BoardComparison(board, _check_score(open_ns), _check_score(closed_ns))
        self._boards.append(comparison)
        return comparison

    def record_scorecard(self, board: int, *, ours: int, teammates: int) -> BoardComparison:
        """Compare a board from the home team's own scorecards: our score at table 1 (NS) and our
        teammates' at table 2 (EW), each written plus or minus for the team (seed 001)."""
        return self.record(board, open_ns=ours, closed_ns=-_check_score(teammates))

    @property
    def boards(self) -> tuple[BoardComparison, ...]:
        """The boards compared so far."""
        return tuple(self._boards)

    @property
    def total(self) -> int:
        """The home team's net IMPs."""
        return sum(board.imps for board in self._boards)

    @property
    def imps_for(self) -> dict[str, int]:
        """IMPs won by each team (gross)."""
        return {self.home: sum(max(b.imps, 0) for b in self._boards),
                self.away: sum(max(-b.imps, 0) for b in self._boards)}

    def victory_points(self, *, scale: VPScale | str = WBF_CONTINUOUS,
                       boards: int | None = None) -> tuple[float, float]:
        """(home VPs, away VPs) for the net IMPs over the boards played (or ``boards``)."""
        return victory_points(self.total, boards=boards or len(self._boards), scale=scale)

    def text(self) -> str:
        """The scorecard as plain text: board, both rooms, difference, IMPs each way, total."""
        lines = [f"{'Board':>5} {'Open NS':>8} {'Closed NS':>10} {'Diff':>6} {self.home[:8]:>8} {self.away[:8]:>8}"]
        for b in self._boards:
            home, away = (str(b.imps) if b.imps > 0 else "", str(-b.imps) if b.imps < 0 else "")
            lines.append(f"{b.board:>5} {b.open_ns:>8} {b.closed_ns:>10} {b.difference:>+6} {home:>8} {away:>8}")
        gross = self.imps_for
        lines.append(f"{'Total':>5} {'':>8} {'':>10} {'':>6} {gross[self.home]:>8} {gross[self.away]:>8}")
        lines.append(f"Net: {self.home} {self.total:+d} IMPs")
        return "\n".join(lines)

    def rich(self) -> Table:
        """The scorecard as a Rich table."""
        from rich.table import Table

        gross = self.imps_for
        table = Table(title=f"{self.home} v {self.away}", show_footer=True)
        for head, foot in (("Board", "Total"), ("Open NS", ""), ("Closed NS", ""), ("Diff", f"{self.total:+d}"),
                           (self.home, str(gross[self.home])), (self.away, str(gross[self.away]))):
            table.add_column(head, justify="right", footer=foot)
        for b in self._boards:
            table.add_row(str(b.board), str(b.open_ns), str(b.closed_ns), f"{b.difference:+d}",
                          str(b.imps) if b.imps > 0 else "", str(-b.imps) if b.imps < 0 else "")
        return table

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        return {"home": self.home, "away": self.away, "boards": [b.to_json() for b in self._boards],
                "total": self.total, "imps_for": self.imps_for}


# --- Butler ----------------------------------------------------------------------------------


class DatumMethod(enum.Enum):
    """How the datum is taken from the kept scores (PBN modifiers ``Mean`` and ``Median``)."""

    MEAN = "Mean"
    MEDIAN = "Median"

    def __repr__(self) -> str:
        return f"DatumMethod.{self.name}"


class DatumRounding(enum.Enum):
    """How the datum is rounded to the unit (10 points).

    ``HALF_AWAY_FROM_ZERO`` is what the Norwegian program that scored ruter71.pbn does
    (−85 → −90, 105 → 110, 435 → 440); ``HALF_UP`` rounds halves toward +∞ (−85 → −80).
    """

    HALF_AWAY_FROM_ZERO = "half-away"
    HALF_UP = "half-up"
    HALF_EVEN = "half-even"
    NONE = "none"

    def __repr__(self) -> str:
        return f"DatumRounding.{self.name}"


def _round_datum(value: float, rounding: DatumRounding, unit: int) -> float:
    if rounding is DatumRounding.NONE:
        return value
    quotient = Decimal(repr(value)) / unit
    if rounding is DatumRounding.HALF_UP:
        rounded = (quotient + Decimal("0.5")).to_integral_value(rounding=ROUND_FLOOR)
    else:
        mode = ROUND_HALF_UP if rounding is DatumRounding.HALF_AWAY_FROM_ZERO else ROUND_HALF_EVEN
        rounded = quotient.to_integral_value(rounding=mode)
    return int(rounded) * unit


@dataclass(frozen=True, slots=True)
class ButlerScoring:
    """Butler: each score IMPed against a datum of the field.

    ``drop`` scores are left out at each end before the datum is taken (PBN's ``Butler-2``
    leaves out the two extreme scores: ``drop=1``; fewer are dropped when a board has too few
    scores to keep one); the datum is the mean or median, rounded to ``unit`` points.
    ``trim_from`` is the trimming rule: scores are dropped only on a board with at least that many
    (default 3, as Compscore3 and the EBU/ABF Butler do: 650, 170, 200 → datum 200, the median;
    ``trim_from=4`` is the rule of the JavaScript ``bridge-scorer``, which keeps all three: 340).
    """

    drop: int = 1
    method: DatumMethod = DatumMethod.MEAN
    rounding: DatumRounding = DatumRounding.HALF_AWAY_FROM_ZERO
    unit: int = 10
    trim_from: int = 3

    def __post_init__(self) -> None:
        if isinstance(self.drop, bool) or not isinstance(self.drop, int) or self.drop < 0:
            raise ScoringError(f"Butler drops a whole number of scores at each end, not {self.drop!r}")
        if isinstance(self.unit, bool) or not isinstance(self.unit, int) or self.unit < 1:
            raise ScoringError(f"the datum is rounded to a positive number of points, not {self.unit!r}")
        if isinstance(self.trim_from, bool) or not isinstance(self.trim_from, int) or self.trim_from < 1:
            raise ScoringError(f"Butler trims from a positive number of scores, not {self.trim_from!r}")

    @property
    def name(self) -> str:
        """The PBN Scoring tag for these options, e.g. ``IMP;Butler-2;Mean``."""
        return f"IMP;Butler{'' if self.drop == 0 else f'-{2 * self.drop}'};{self.method.value}"

    def kept(self, ns_scores: Sequence[int]) -> tuple[list[int], list[int]]:
        """(kept, dropped): a board's sorted NS scores split by the trimming rule."""
        scores = sorted(_check_score(score) for score in ns_scores)
        drop = min(self.drop, (len(scores) - 1) // 2) if len(scores) >= self.trim_from else 0
        return scores[drop:len(scores) - drop], scores[:drop] + scores[len(scores) - drop:]

    def centre(self, ns_scores: Sequence[int]) -> float:
        """The mean or median of the kept scores, before rounding."""
        kept, _ = self.kept(ns_scores)
        if not kept:
            raise ScoringError("a Butler datum needs at least one score")
        return statistics.fmean(kept) if self.method is DatumMethod.MEAN else statistics.median(kept)

    def datum(self, ns_scores: Sequence[int]) -> float:
        """The datum of a board's NS scores (artificial scores left out beforehand)."""
        return _round_datum(self.centre(ns_scores), self.rounding, self.unit)

    def board(self, ns_scores: Sequence[ScoreEntry]) -> BoardImps:
        """Each NS score IMPed against the datum of the plain scores; artificial scores get ±3 IMPs
        per 10% (Law 12C2), weighted scores the weighted IMPs of their parts (Law 12C1c)."""
        datum = self.datum([score for score in ns_scores if isinstance(score, int)]) \
            if any(isinstance(score, int) for score in ns_scores) else 0.0
        ns: list[float] = []
        ew: list[float] = []
        for score in ns_scores:
            if isinstance(score, ArtificialScore):
                ns_imps, ew_imps = score.imps()
            else:
                ns_imps = sum(weight * imps(part - datum) for weight, part in _parts(score))
                ew_imps = -ns_imps
            ns.append(_clean(ns_imps))
            ew.append(_clean(ew_imps))
        return BoardImps(tuple(ns_scores), tuple(ns), tuple(ew), datum)


class CrossDivisor(enum.Enum):
    """Cross-IMPs: the sum (Cross), divided by the number of scores (Cross1) or of comparisons (Cross2)."""

    NONE = "Cross"
    SCORES = "Cross1"
    COMPARISONS = "Cross2"

    def __repr__(self) -> str:
        return f"CrossDivisor.{self.name}"


@dataclass(frozen=True, slots=True)
class CrossScoring:
    """Cross-IMPs: each score IMPed against every other score on the board, and summed."""

    divisor: CrossDivisor = CrossDivisor.NONE

    @property
    def name(self) -> str:
        """The PBN Scoring tag for these options, e.g. ``IMP;Cross2``."""
        return f"IMP;{self.divisor.value}"

    def board(self, ns_scores: Sequence[ScoreEntry]) -> BoardImps:
        """Each NS score IMPed against every other real score (artificial scores: ±3 per 10%;
        weighted scores compare part by part, weighted)."""
        real = [score for score in ns_scores if not isinstance(score, ArtificialScore)]
        divisor = {CrossDivisor.NONE: 1, CrossDivisor.SCORES: len(real),
                   CrossDivisor.COMPARISONS: max(len(real) - 1, 1)}[self.divisor]
        ns: list[float] = []
        ew: list[float] = []
        for index, score in enumerate(ns_scores):
            if isinstance(score, ArtificialScore):
                ns_imps, ew_imps = score.imps()
                ns.append(ns_imps + 0.0)
                ew.append(ew_imps + 0.0)
                continue
            total = 0.0
            for other_index, other in enumerate(ns_scores):
                if other_index == index or isinstance(other, ArtificialScore):
                    continue
                total += sum(weight * other_weight * imps(part - other_part)
                             for weight, part in _parts(score) for other_weight, other_part in _parts(other))
            ns.append(_clean(total / divisor))
            ew.append(_clean(-total / divisor))
        return BoardImps(tuple(ns_scores), tuple(ns), tuple(ew), None)


@dataclass(frozen=True, slots=True)
class BoardImps:
    """One board of IMP pairs: each NS score's IMPs for NS and EW, and the datum (Butler)."""

    scores: tuple[ScoreEntry, ...]
    ns: tuple[float, ...]
    ew: tuple[float, ...]
    datum: float | None

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        return {"scores": [s if isinstance(s, int) else str(s) for s in self.scores],
                "ns": list(self.ns), "ew": list(self.ew), "datum": self.datum}


def butler_datum(ns_scores: Sequence[int], *, drop: int = 1, method: DatumMethod = DatumMethod.MEAN,
                 rounding: DatumRounding = DatumRounding.HALF_AWAY_FROM_ZERO, unit: int = 10) -> float:
    """The Butler datum of a board's NS scores (default: PBN ``Butler-2;Mean``, rounded to 10)."""
    return ButlerScoring(drop, method, rounding, unit).datum(ns_scores)


def butler_imps(ns_scores: Sequence[ScoreEntry], *, drop: int = 1,
                method: DatumMethod = DatumMethod.MEAN,
                rounding: DatumRounding = DatumRounding.HALF_AWAY_FROM_ZERO, unit: int = 10) -> list[float]:
    """NS IMPs for each score on a board against the Butler datum (EW get the negative)."""
    return list(ButlerScoring(drop, method, rounding, unit).board(ns_scores).ns)


def cross_imps(ns_scores: Sequence[ScoreEntry], *,
               divisor: CrossDivisor = CrossDivisor.NONE) -> list[float]:
    """NS cross-IMPs for each score on a board: summed (Cross) or averaged (Cross1, Cross2)."""
    return list(CrossScoring(divisor).board(ns_scores).ns)


def imp_scoring_from_pbn(tag: str) -> ButlerScoring | CrossScoring:
    """The IMP-pairs method a PBN ``Scoring`` tag names, e.g. ``IMP;Butler-2;Mean`` or ``IMP;Cross1``."""
    fields = [part.strip() for part in tag.split(";") if part.strip()]
    method = DatumMethod.MEDIAN if "Median" in fields else DatumMethod.MEAN
    for part in fields:
        if part == "Butler":
            return ButlerScoring(drop=0, method=method)
        if part.startswith("Butler-"):
            count = part.removeprefix("Butler-")
            if not count.isdigit() or int(count) % 2:
                raise ScoringError(f"{part!r} in {tag!r}: Butler-N drops an even number of extreme scores")
            return ButlerScoring(drop=int(count) // 2, method=method)
        for divisor in CrossDivisor:
            if part == divisor.value:
                return CrossScoring(divisor)
    raise ScoringError(f"{tag!r} names no IMP-pairs method: expected Butler, Butler-N, Cross, Cross1 or Cross2")


# --- IMP pairs event -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImpPairsResult:
    """A whole IMP-pairs session: each board's IMPs and each pair's total."""

    scoring: ButlerScoring | CrossScoring
    results: tuple[TableResult, ...]
    boards: dict[int, BoardImps]
    totals: dict[Hashable, float] = field(default_factory=dict)
    played: dict[Hashable, int] = field(default_factory=dict)

    def imps_of(self, result: TableResult) -> tuple[float, float]:
        """The (NS, EW) IMPs of one table result."""
        board = self.boards[result.board]
        rows = [r for r in self.results if r.board == result.board]
        index = rows.index(result)
        return board.ns[index], board.ew[index]

    def ranking(self) -> list[tuple[int, Hashable, float]]:
        """(rank, pair, total) best first; tied pairs share the higher rank."""
        return rank_totals(self.totals)

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        return {"scoring": self.scoring.name,
                "boards": {str(number): board.to_json() for number, board in self.boards.items()},
                "ranking": [{"rank": rank, "pair": str(pair), "total": total, "boards": self.played[pair]}
                            for rank, pair, total in self.ranking()]}


def imp_pairs(results: Iterable[TableResult], *,
              scoring: ButlerScoring | CrossScoring | str = ButlerScoring()) -> ImpPairsResult:
    """Score an IMP-pairs session: every board by Butler or cross-IMPs, and each pair's total."""
    method = imp_scoring_from_pbn(scoring) if isinstance(scoring, str) else scoring
    rows = tuple(results)
    by_board = group_by_board(rows)
    boards: dict[int, BoardImps] = {}
    totals: dict[Hashable, float] = {}
    played: dict[Hashable, int] = {}
    for number, board_rows in by_board.items():
        board = method.board([row.ns_score for row in board_rows])
        boards[number] = board
        for row, ns, ew in zip(board_rows, board.ns, board.ew, strict=True):
            for pair, points in ((row.ns_pair, ns), (row.ew_pair, ew)):
                totals[pair] = totals.get(pair, 0.0) + points
                played[pair] = played.get(pair, 0) + 1
    return ImpPairsResult(method, rows, boards, totals, played)
