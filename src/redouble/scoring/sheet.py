"""The paper score sheet of rubber and Chicago: WE | THEY, entries above and below the line.

Below the line go the trick scores of contracts bid and made, which count toward game; a line
is drawn under each game. Above go overtricks, insults, slams, honours, penalties and bonuses
(seed 000). Each entry carries the letter of the deal it came from, as on the seed's sheet.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from redouble.calls import Contract
from redouble.deal import Deal
from redouble.errors import UndoError
from redouble.scoring.duplicate import (
    as_contract,
    check_tricks,
    insult_bonus,
    overtrick_points,
    slam_bonus,
    trick_score,
    undertrick_penalty,
)
from redouble.scoring.errors import ScoringError
from redouble.scoring.honours import Honours, as_honours, honours_from_deal
from redouble.seats import Seat, Side

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["DealResult", "EntryKind", "ScoreSheet", "SheetEntry", "SheetKeeper", "deal_entries", "deal_label"]

DEFAULT_LABELS = ("WE", "THEY")
"""Column headings for NS and EW: the seed's WIJ | ZIJ in English."""


class EntryKind(enum.Enum):
    """What an entry on the sheet is for."""

    TRICK_SCORE = "trick score"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    SLAM = "slam bonus"
    HONOURS = "honours"
    UNDERTRICKS = "undertricks"
    GAME = "game bonus"
    PARTSCORE = "partscore bonus"
    RUBBER = "rubber bonus"
    UNFINISHED_GAME = "unfinished game"
    UNFINISHED_PARTSCORE = "unfinished partscore"


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One number on the sheet: whose, how much, what for, from which deal, and where.

    ``game`` is the index of the game a below-the-line entry counts toward; ``None`` above.
    """

    side: Side
    points: int
    kind: EntryKind
    label: str
    game: int | None = None

    @property
    def below(self) -> bool:
        """Whether the entry is below the line (a trick score counting toward game)."""
        return self.game is not None

    def cell(self) -> str:
        """The entry as written on the sheet: ``360 (f)``."""
        return f"{self.points} ({self.label})"

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        return {"side": self.side.name, "points": self.points, "kind": self.kind.value,
                "label": self.label, "below": self.below, "game": self.game}


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal's result as entered: the contract (with declarer) and tricks, or passed out.

    ``honours`` is the premium claimed, if any (already resolved from the deal when one was given).
    """

    contract: Contract | None
    tricks: int | None = None
    honours: Honours | None = None

    @property
    def passed_out(self) -> bool:
        """Whether all four passed (no contract)."""
        return self.contract is None

    @property
    def declaring_side(self) -> Side:
        """The side that declared the contract."""
        assert self.contract is not None and self.contract.declarer is not None
        return self.contract.declarer.side

    @classmethod
    def make(cls, contract: Contract | str, *, tricks: int, declarer: Seat | None = None,
             honours: Honours | tuple[Side, int] | None = None, deal: Deal | None = None,
             honours_allowed: bool = True) -> DealResult:
        """A checked result: contract text or value, declarer, tricks 0-13 and honours."""
        played = as_contract(contract)
        if declarer is not None:
            if not isinstance(declarer, Seat):
                raise ScoringError(f"the declarer is a Seat, not {declarer!r}")
            played = Contract(played.level, played.strain, played.risk, declarer)
        if played.declarer is None:
            raise ScoringError(f"{played} needs a declarer to say which side scores it, e.g. '4S N 10'")
        taken = check_tricks(tricks)
        claimed = as_honours(honours)
        if deal is not None:
            if not isinstance(deal, Deal):
                raise ScoringError(f"honours are read from a Deal, not {deal!r}")
            from_deal = honours_from_deal(deal, played.strain)
            if claimed is not None and claimed != from_deal:
                raise ScoringError(f"honours {claimed.side.name} {claimed.points} do not match the deal "
                                   f"({'none' if from_deal is None else f'{from_deal.side.name} {from_deal.points}'})")
            claimed = from_deal
        if claimed is not None and not honours_allowed and deal is None:
            raise ScoringError("this sheet is played without honours")
        return cls(played, taken, claimed if honours_allowed else None)

    def to_json(self) -> dict[str, Any]:
        """A plain dict; ``Rubber.from_json`` and ``Chicago.from_json`` read it back."""
        if self.contract is None:
            return {"contract": None}
        assert self.contract.declarer is not None
        data: dict[str, Any] = {"contract": str(self.contract), "declarer": self.contract.declarer.letter(),
                                "tricks": self.tricks}
        if self.honours is not None:
            data["honours"] = [self.honours.side.name, self.honours.points]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealResult:
        """The result back from ``to_json``."""
        if data.get("contract") is None:
            return cls(None)
        honours = data.get("honours")
        return cls.make(data["contract"], tricks=data["tricks"], declarer=Seat.parse(data["declarer"]),
                        honours=None if honours is None else (Side[honours[0]], honours[1]))


def deal_label(index: int) -> str:
    """The letter of the ``index``-th scored deal: a … z, then a2 … z2, as on seed 000's sheet."""
    letter = "abcdefghijklmnopqrstuvwxyz"[index % 26]
    return letter if index < 26 else f"{letter}{index // 26 + 1}"


def deal_entries(result: DealResult, *, vulnerable: bool, label: str, game: int) -> list[SheetEntry]:
    """A deal's entries by the rubber rules: trick score below; overtricks, insult, slam above;
    penalties above to the defenders; honours above to their holders (seed 000; Law 77)."""
    contract = result.contract
    assert contract is not None and result.tricks is not None
    side = result.declaring_side
    entries: list[SheetEntry] = []
    over = result.tricks - contract.tricks_needed
    if over >= 0:
        entries.append(SheetEntry(side, trick_score(contract), EntryKind.TRICK_SCORE, label, game))
        above = ((EntryKind.OVERTRICKS, overtrick_points(contract, over, vulnerable=vulnerable)),
                 (EntryKind.INSULT, insult_bonus(contract.risk)),
                 (EntryKind.SLAM, slam_bonus(contract.level, vulnerable=vulnerable)))
        entries.extend(SheetEntry(side, points, kind, label) for kind, points in above if points)
    else:
        penalty = undertrick_penalty(-over, contract.risk, vulnerable=vulnerable)
        entries.append(SheetEntry(side.opponents, penalty, EntryKind.UNDERTRICKS, label))
    if result.honours is not None:
        entries.append(SheetEntry(result.honours.side, result.honours.points, EntryKind.HONOURS, label))
    return entries


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The sheet itself: its entries in the order written and the winner of each completed game."""

    entries: tuple[SheetEntry, ...]
    games: tuple[Side, ...]
    labels: tuple[str, str] = DEFAULT_LABELS
    title: str = "Rubber"

    def totals(self) -> dict[Side, int]:
        """Everything above and below the line, per side."""
        return {side: sum(e.points for e in self.entries if e.side is side) for side in Side}

    def above(self, side: Side) -> list[SheetEntry]:
        """A side's entries above the line, in the order written (nearest the line first)."""
        return [e for e in self.entries if e.side is side and not e.below]

    def below(self, side: Side, game: int) -> list[SheetEntry]:
        """A side's trick scores toward game number ``game`` (0-based)."""
        return [e for e in self.entries if e.side is side and e.game == game]

    @property
    def segments(self) -> int:
        """How many games have entries below the line (completed ones and the one in progress)."""
        last = max((e.game for e in self.entries if e.game is not None), default=-1)
        return max(len(self.games), last + 1)

    def _rows(self) -> list[tuple[str, str, str]]:
        """(kind, NS cell, EW cell) rows top to bottom: kind is above, line, below, game or total."""
        rows: list[tuple[str, str, str]] = []
        ns_above, ew_above = self.above(Side.NS), self.above(Side.EW)
        height = max(len(ns_above), len(ew_above))
        for row in range(height - 1, -1, -1):
            ns, ew = (col[row].cell() if row < len(col) else "" for col in (ns_above, ew_above))
            rows.append(("above", ns, ew))
        rows.append(("line", "", ""))
        for game in range(self.segments):
            ns_below, ew_below = self.below(Side.NS, game), self.below(Side.EW, game)
            for row in range(max(len(ns_below), len(ew_below), 1)):
                ns, ew = (col[row].cell() if row < len(col) else "" for col in (ns_below, ew_below))
                rows.append(("below", ns, ew))
            if game < self.segments - 1:
                rows.append(("game", "", ""))
        totals = self.totals()
        rows.append(("line", "", ""))
        rows.append(("total", str(totals[Side.NS]), str(totals[Side.EW])))
        return rows

    def text(self, labels: tuple[str, str] | None = None) -> str:
        """The sheet as plain text, like the paper sheet in seed 000."""
        heads = labels or self.labels
        width = max(14, *(len(cell) + 4 for _, *cells in self._rows() for cell in cells))
        lines = [f"{heads[0]:^{width}}|{heads[1]:^{width}}".rstrip()]
        rules = {"line": "=", "game": "-"}
        for kind, ns, ew in self._rows():
            if kind in rules:
                lines.append(f"{rules[kind] * width}|{rules[kind] * width}")
            else:
                lines.append(f"{ns:>{width - 3}}   |{ew:>{width - 3}}".rstrip())
        return "\n".join(lines)

    def rich(self, labels: tuple[str, str] | None = None) -> Table:
        """The sheet as a Rich table: the line and each game line as section breaks, totals below."""
        from rich.table import Table

        heads = labels or self.labels
        totals = self.totals()
        table = Table(title=self.title, show_footer=True, show_edge=True)
        table.add_column(heads[0], justify="right", footer=str(totals[Side.NS]))
        table.add_column(heads[1], justify="right", footer=str(totals[Side.EW]))
        rows = self._rows()
        for index, (kind, ns, ew) in enumerate(rows):
            if kind in ("line", "game", "total"):
                continue
            following = rows[index + 1][0] if index + 1 < len(rows) else "total"
            table.add_row(ns, ew, end_section=following in ("line", "game"))
        return table

    def to_json(self) -> dict[str, Any]:
        """A plain dict for the web table."""
        totals = self.totals()
        return {"title": self.title, "labels": list(self.labels),
                "entries": [e.to_json() for e in self.entries],
                "games": [side.name for side in self.games],
                "totals": {side.name: points for side, points in totals.items()}}


def totals_winner(totals: dict[Side, int]) -> Side | None:
    """The side with more points, ``None`` when level."""
    if totals[Side.NS] == totals[Side.EW]:
        return None
    return Side.NS if totals[Side.NS] > totals[Side.EW] else Side.EW


def results_json(results: Sequence[DealResult] | Iterable[DealResult]) -> list[dict[str, Any]]:
    """Results as plain dicts."""
    return [result.to_json() for result in results]


class SheetKeeper:
    """What rubber and Chicago share: results entered one at a time, the sheet they write,
    games, partscores and totals; ``_apply`` (the only path that writes) is each game's own."""

    title = "Rubber"

    def __init__(self, *, honours: bool, labels: tuple[str, str] = DEFAULT_LABELS) -> None:
        self.honours = honours
        self.labels = labels
        self._results: list[DealResult] = []
        self._entries: list[SheetEntry] = []
        self._games: list[Side] = []
        self._reset()

    def _reset(self) -> None:
        """Forget every result (before a rebuild)."""
        self._results, self._entries, self._games = [], [], []

    def check_can_record(self) -> None:
        """Raise ``RubberOverError`` when no more results may be entered (the game is over)."""
        raise NotImplementedError

    @property
    def can_record(self) -> bool:
        """Whether another result may be entered."""
        try:
            self.check_can_record()
        except ScoringError:
            return False
        return True

    def _apply(self, result: DealResult) -> list[SheetEntry]:
        """Write a checked result on the sheet and return its entries."""
        raise NotImplementedError

    @property
    def results(self) -> tuple[DealResult, ...]:
        """Every result entered, passed-out deals included, in order."""
        return tuple(self._results)

    @property
    def games(self) -> dict[Side, int]:
        """Games won by each side."""
        return {side: self._games.count(side) for side in Side}

    @property
    def below_line(self) -> dict[Side, int]:
        """Each side's trick points toward the game in progress (partscores)."""
        game = len(self._games)
        return {side: sum(e.points for e in self._entries if e.side is side and e.game == game)
                for side in Side}

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet as it stands."""
        return ScoreSheet(tuple(self._entries), tuple(self._games), self.labels, self.title)

    @property
    def totals(self) -> dict[Side, int]:
        """All points above and below the line, per side."""
        return self.sheet.totals()

    @property
    def winner(self) -> Side | None:
        """The side with more points on the sheet (``None`` when level)."""
        return totals_winner(self.totals)

    @property
    def difference(self) -> int:
        """The winner's margin in points: the net result of the sheet."""
        totals = self.totals
        return abs(totals[Side.NS] - totals[Side.EW])

    def record(self, contract: Contract | str, *, tricks: int, honours: Honours | tuple[Side, int] | None = None,
               deal: Deal | None = None, declarer: Seat | None = None) -> list[SheetEntry]:
        """Score a played deal and return the entries it wrote; bad input changes nothing.

        ``honours`` is ``(Side, points)``; with ``deal`` they are read from the cards instead
        (any hand holding them, even a defender's, whether or not the contract makes).
        """
        self.check_can_record()
        result = DealResult.make(contract, tricks=tricks, declarer=declarer, honours=honours, deal=deal,
                                 honours_allowed=self.honours)
        return self._apply(result)

    def record_result(self, result: DealResult) -> list[SheetEntry]:
        """Enter a result made elsewhere (a typed line, a stored list), checked like ``record``."""
        self.check_can_record()
        if result.contract is None:
            return self._apply(DealResult(None))
        if result.tricks is None:
            raise ScoringError(f"the result of {result.contract} needs the tricks declarer took")
        checked = DealResult.make(result.contract, tricks=result.tricks, honours=result.honours,
                                  honours_allowed=self.honours)
        return self._apply(checked)

    def record_passed_out(self) -> list[SheetEntry]:
        """A deal passed out: nothing is scored and the cards are dealt again."""
        self.check_can_record()
        return self._apply(DealResult(None))

    def undo(self) -> DealResult | None:
        """Remove the last result entered (a pass-out too) and return it."""
        if not self._results:
            raise UndoError("nothing to undo: no result has been entered")
        last = self._results[-1]
        self._rebuild(self._results[:-1])
        return last

    def _rebuild(self, results: Iterable[DealResult]) -> None:
        kept = list(results)
        self._reset()
        for result in kept:
            self._apply(result)

    @classmethod
    def from_results(cls, results: Iterable[DealResult], **options: Any) -> Self:
        """The sheet rebuilt from its list of results."""
        keeper = cls(**options)
        for result in results:
            keeper.check_can_record()
            keeper._apply(result)
        return keeper

    def _state_json(self) -> dict[str, Any]:
        return {"honours": self.honours,
                "results": [result.to_json() for result in self._results],
                "sheet": self.sheet.to_json(),
                "games": {side.name: count for side, count in self.games.items()},
                "below_line": {side.name: points for side, points in self.below_line.items()},
                "totals": {side.name: points for side, points in self.totals.items()},
                "winner": None if self.winner is None else self.winner.name,
                "difference": self.difference}
