"""Club results: one traveller line per board and table, and the penalties a director gives a pair.

>>> from redouble.calls import Contract
>>> from redouble.seats import Seat
>>> line = BoardResult(1, PairId(1), PairId(2), Contract.parse("4S", declarer=Seat.NORTH), tricks=10)
>>> line.ns_score
420
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from redouble.board import board_vulnerability
from redouble.calls import Contract
from redouble.cards import Card
from redouble.club.movement import PairId
from redouble.scoring.duplicate import ns_score as law77_ns_score
from redouble.scoring.errors import ScoringError
from redouble.scoring.matchpoints import ArtificialScore, ScoreEntry, WeightedScore

__all__ = ["BoardResult", "Penalty", "PenaltyUnit", "ResultError"]


class ResultError(ScoringError):
    """A traveller line or penalty that cannot be: 14 tricks, a pair against itself, no score at all."""


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board's result at one table, as a traveller line holds it: played, passed out (score 0), or adjusted
    (Law 12C)."""

    board: int
    ns: PairId
    ew: PairId
    contract: Contract | None = None
    lead: Card | None = None
    tricks: int | None = None
    score: int | None = None
    artificial: ArtificialScore | None = None
    weighted: WeightedScore | None = None
    ew_score: int | None = None
    table: int | None = None
    round: int | None = None

    def __post_init__(self) -> None:
        where = f"board {self.board}"
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise ResultError(f"board numbers start at 1, not {self.board!r}")
        if self.ns == self.ew:
            raise ResultError(f"{where}: pair {self.ns} cannot play against itself")
        if self.tricks is not None and (isinstance(self.tricks, bool) or not 0 <= self.tricks <= 13):
            raise ResultError(f"{where}: declarer takes 0 to 13 tricks, not {self.tricks!r}")
        if self.contract is not None and self.contract.declarer is None:
            raise ResultError(f"{where}: {self.contract} needs a declarer")
        for name, value in (("score", self.score), ("split EW score", self.ew_score)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value % 10):
                raise ResultError(f"{where}: the {name} {value!r} is not a bridge score (a multiple of 10)")
        adjusted = sum(value is not None for value in (self.artificial, self.weighted))
        if adjusted > 1:
            raise ResultError(f"{where}: a result is artificial or weighted, not both")
        if not adjusted and self.score is None and self.contract is not None and self.tricks is None:
            raise ResultError(f"{where}: {self.contract} needs the tricks declarer took or a score")
        if not adjusted and self.score is None and self.contract is None:
            raise ResultError(f"{where}: a result needs a contract and tricks, a score or an adjusted score")

    @property
    def adjusted(self) -> bool:
        """Whether the director adjusted the result (artificial, weighted or split)."""
        return self.artificial is not None or self.weighted is not None or self.ew_score is not None

    @property
    def ns_score(self) -> int | None:
        """The NS score: as given, else from contract, tricks and the board's vulnerability (Law 77)."""
        if self.score is not None:
            return self.score
        if self.contract is None or self.tricks is None:
            return None
        return law77_ns_score(self.contract, tricks=self.tricks, vulnerability=board_vulnerability(self.board))

    @property
    def ns_entry(self) -> ScoreEntry:
        """What NS are compared with: the artificial, weighted or plain NS score."""
        if self.artificial is not None:
            return self.artificial
        if self.weighted is not None:
            return self.weighted
        score = self.ns_score
        assert score is not None
        return score

    @property
    def ew_entry(self) -> ScoreEntry:
        """What EW are compared with (the NS score of a split score's EW side, else as NS)."""
        return self.ns_entry if self.ew_score is None else self.ew_score

    def pairs(self) -> tuple[PairId, PairId]:
        """(NS pair, EW pair)."""
        return self.ns, self.ew

    def result_text(self) -> str:
        """``4S N +1``, ``PASS``, ``A+/A-`` … as a traveller prints it."""
        if self.artificial is not None:
            return self.artificial.label()
        if self.weighted is not None:
            return str(self.weighted)
        if self.contract is None:
            return "PASS" if self.score == 0 else str(self.score)
        text = self.contract.format(with_declarer=True)
        if self.tricks is not None:
            over = self.tricks - self.contract.tricks_needed
            text += " =" if over == 0 else f" {over:+d}"
        return text


class PenaltyUnit(enum.Enum):
    """How a procedural penalty is counted: matchpoints, percent of a board's top, or IMPs."""

    MATCHPOINTS = "mp"
    PERCENT_OF_TOP = "%"
    IMPS = "imps"

    def __repr__(self) -> str:
        return f"PenaltyUnit.{self.name}"


@dataclass(frozen=True, slots=True)
class Penalty:
    """A procedural or disciplinary penalty (Laws 90, 91) off one pair's total only, with the board and reason."""

    pair: PairId
    amount: float
    unit: PenaltyUnit = PenaltyUnit.PERCENT_OF_TOP
    board: int | None = None
    reason: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int | float) or self.amount <= 0:
            raise ResultError(f"a penalty takes a positive amount off {self.pair}, not {self.amount!r}")

    def __str__(self) -> str:
        unit = {"mp": " MP", "%": "% of a top", "imps": " IMPs"}[self.unit.value]
        on = f" on board {self.board}" if self.board is not None else ""
        return f"{self.pair}: −{self.amount:g}{unit}{on}" + (f" ({self.reason})" if self.reason else "")
