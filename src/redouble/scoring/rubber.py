"""Rubber bridge: the first side to two games wins the rubber (seeds 000, 001, 002).

A game is 100 trick points below the line, from one or several contracts; then a line is
drawn and both sides start the next game from zero. A side with a game is vulnerable. The
rubber earns 700 against no game, 500 against one; the sheet's winner is the side with more
points in all, not always the side that won the rubber.

>>> from redouble.calls import Contract
>>> from redouble.seats import Seat
>>> rubber = Rubber()
>>> _ = rubber.record(Contract.parse("4S", declarer=Seat.NORTH), tricks=10)
>>> rubber.games, rubber.vulnerable(Side.NS)
({Side.NS: 1, Side.EW: 0}, True)
>>> _ = rubber.record("3NT", declarer=Seat.SOUTH, tricks=9)
>>> rubber.is_finished, rubber.totals, rubber.winner
(True, {Side.NS: 920, Side.EW: 0}, Side.NS)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from redouble.scoring.errors import RubberOverError, ScoringError
from redouble.scoring.sheet import (
    DEFAULT_LABELS,
    DealResult,
    EntryKind,
    SheetEntry,
    SheetKeeper,
    deal_entries,
    deal_label,
)
from redouble.seats import Side

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["GAME", "Rubber", "RubberPhase", "rubber_bonus"]

GAME = 100
"""Trick points below the line that win a game."""


class RubberPhase(enum.Enum):
    """Where a rubber stands: being played, won (a side has two games) or closed early."""

    PLAYING = "playing"
    WON = "won"
    CLOSED = "closed"


def rubber_bonus(loser_games: int) -> int:
    """The rubber premium: 700 when the opponents have no game, 500 when they have one."""
    return 700 if loser_games == 0 else 500


class Rubber(SheetKeeper):
    """A rubber's score sheet, built one deal at a time or rebuilt from its list of results.

    ``honours`` switches honours on or off; ``unfinished_partscore_bonus`` is what a partscore
    in an unfinished game earns when play stops early (100 in the seeds, 50 in some books);
    ``unfinished_game_bonus`` what a game earns then (300).
    """

    title = "Rubber"

    def __init__(self, *, honours: bool = True, unfinished_partscore_bonus: int = 100,
                 unfinished_game_bonus: int = 300, labels: tuple[str, str] = DEFAULT_LABELS) -> None:
        for name, value in (("unfinished_partscore_bonus", unfinished_partscore_bonus),
                            ("unfinished_game_bonus", unfinished_game_bonus)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ScoringError(f"{name} is a number of points, not {value!r}")
        self.unfinished_partscore_bonus = unfinished_partscore_bonus
        self.unfinished_game_bonus = unfinished_game_bonus
        self._phase = RubberPhase.PLAYING
        super().__init__(honours=honours, labels=labels)

    def _reset(self) -> None:
        super()._reset()
        self._phase = RubberPhase.PLAYING

    @property
    def phase(self) -> RubberPhase:
        """Playing, won or closed."""
        return self._phase

    @property
    def is_finished(self) -> bool:
        """Whether the rubber is over: a side has won two games, or play stopped (``close``)."""
        return self._phase is not RubberPhase.PLAYING

    def vulnerable(self, side: Side) -> bool:
        """Whether a side is vulnerable: it has won a game in this rubber."""
        return side in self._games

    @property
    def rubber_winner(self) -> Side | None:
        """The side that won two games, if any."""
        for side in Side:
            if self._games.count(side) == 2:
                return side
        return None

    def check_can_record(self) -> None:
        if self._phase is RubberPhase.WON:
            raise RubberOverError(f"the rubber is over: {self.rubber_winner} won two games; start a new one")
        if self._phase is RubberPhase.CLOSED:
            raise RubberOverError("the rubber was closed; start a new one")

    def _apply(self, result: DealResult) -> list[SheetEntry]:
        self._results.append(result)
        if result.passed_out:
            return []
        label = deal_label(sum(1 for r in self._results if not r.passed_out) - 1)
        game = len(self._games)
        entries = deal_entries(result, vulnerable=self.vulnerable(result.declaring_side), label=label, game=game)
        self._entries.extend(entries)
        below = self.below_line
        for side in Side:
            if below[side] >= GAME:
                self._games.append(side)
                if self._games.count(side) == 2:
                    bonus = SheetEntry(side, rubber_bonus(self._games.count(side.opponents)),
                                       EntryKind.RUBBER, label)
                    self._entries.append(bonus)
                    entries.append(bonus)
                    self._phase = RubberPhase.WON
                break
        return entries

    def close(self) -> list[SheetEntry]:
        """Stop play: a game won in an unfinished rubber earns 300, a partscore in the unfinished
        game 100 (configurable); returns those entries. A won rubber closes with nothing added."""
        if self._phase is RubberPhase.CLOSED:
            raise RubberOverError("the rubber is already closed")
        added: list[SheetEntry] = []
        if self._phase is RubberPhase.PLAYING:
            for side in Side:
                if side in self._games and self.unfinished_game_bonus:
                    added.append(SheetEntry(side, self.unfinished_game_bonus, EntryKind.UNFINISHED_GAME, "end"))
            below = self.below_line
            for side in Side:
                if below[side] and self.unfinished_partscore_bonus:
                    added.append(SheetEntry(side, self.unfinished_partscore_bonus,
                                            EntryKind.UNFINISHED_PARTSCORE, "end"))
        self._entries.extend(added)
        self._phase = RubberPhase.CLOSED
        return added

    def undo(self) -> DealResult | None:
        """Take back the last action: reopen a closed rubber (``None``), or remove the last result."""
        if self._phase is RubberPhase.CLOSED:
            self._rebuild(self._results)
            return None
        return super().undo()

    def text(self, labels: tuple[str, str] | None = None) -> str:
        """The sheet as plain text (column heads ``labels`` for NS and EW, default WE | THEY)."""
        return self.sheet.text(labels)

    def rich(self, labels: tuple[str, str] | None = None) -> Table:
        """The sheet as a Rich table."""
        return self.sheet.rich(labels)

    def to_json(self) -> dict[str, Any]:
        """A plain dict: options, results, the sheet and the state, for the web table."""
        return {"kind": "rubber", "phase": self._phase.value,
                "unfinished_partscore_bonus": self.unfinished_partscore_bonus,
                "unfinished_game_bonus": self.unfinished_game_bonus,
                "vulnerable": {side.name: self.vulnerable(side) for side in Side},
                **self._state_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rubber:
        """A rubber back from ``to_json``."""
        rubber = cls.from_results(
            (DealResult.from_json(item) for item in data["results"]),
            honours=data.get("honours", True),
            unfinished_partscore_bonus=data.get("unfinished_partscore_bonus", 100),
            unfinished_game_bonus=data.get("unfinished_game_bonus", 300))
        if data.get("phase") == RubberPhase.CLOSED.value:
            rubber.close()
        return rubber

    def __repr__(self) -> str:
        totals = self.totals
        return (f"<Rubber {self._phase.value}: games NS {self.games[Side.NS]} EW {self.games[Side.EW]}, "
                f"NS {totals[Side.NS]} EW {totals[Side.EW]}>")
