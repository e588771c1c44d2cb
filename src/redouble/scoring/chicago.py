"""Chicago (four-deal) bridge, ACBL rules (RULES.md §7; seed 001 names it).

Deal 1 nobody is vulnerable, deals 2 and 3 the dealer's side, deal 4 both. Partscores carry
toward game across deals; a game earns 300 or 500 by the vulnerability of the deal that
completes it; a partscore on deal 4 that does not complete a game earns 100. A passed-out
deal is redealt by the same dealer; after a scored deal the deal passes to the left, from one
Chicago into the next, so each player deals once in every Chicago.

>>> from redouble.seats import Seat
>>> chicago = Chicago()
>>> chicago.vulnerability, chicago.dealer
(Vulnerability.NONE, Seat.NORTH)
>>> _ = chicago.record("2S", declarer=Seat.NORTH, tricks=8)   # 60 carried
>>> _ = chicago.record("2H", declarer=Seat.SOUTH, tricks=8)   # completes a game on deal 2
>>> chicago.totals
{Side.NS: 420, Side.EW: 0}
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redouble.scoring.errors import RubberOverError, ScoringError
from redouble.scoring.sheet import (
    DEFAULT_LABELS,
    DealResult,
    EntryKind,
    SheetEntry,
    SheetKeeper,
    deal_entries,
)
from redouble.seats import Seat, Side, Vulnerability

if TYPE_CHECKING:
    from rich.console import Group

__all__ = ["DEALS", "Chicago", "ChicagoDeal", "ChicagoPhase", "chicago_vulnerability"]

DEALS = 4
"""Deals in a Chicago."""

GAME = 100


def chicago_vulnerability(number: int, dealer: Seat) -> Vulnerability:
    """Deal 1 none, deals 2 and 3 the dealer's side, deal 4 both (ACBL Chicago)."""
    if number == 1:
        return Vulnerability.NONE
    if number == 4:
        return Vulnerability.BOTH
    if number in (2, 3):
        return Vulnerability.NS if dealer.side is Side.NS else Vulnerability.EW
    raise ScoringError(f"a Chicago has deals 1 to 4, not {number!r}")


def chicago_game_bonus(*, vulnerable: bool) -> int:
    """The premium for completing a game: 300 not vulnerable, 500 vulnerable."""
    return 500 if vulnerable else 300


class ChicagoPhase(enum.Enum):
    """Playing or over (four deals scored)."""

    PLAYING = "playing"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class ChicagoDeal:
    """One scored deal of the Chicago: its number, dealer, vulnerability, result and redeals."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    result: DealResult
    passed_out_before: int = 0

    def to_json(self) -> dict[str, Any]:
        """A plain dict."""
        return {"number": self.number, "dealer": self.dealer.letter(), "vulnerability": str(self.vulnerability),
                "redeals": self.passed_out_before, **self.result.to_json()}


class Chicago(SheetKeeper):
    """A Chicago score sheet, one deal at a time or rebuilt from its results.

    ``final_partscore_bonus`` is the premium for a deal-4 partscore that does not make game.
    """

    title = "Chicago"

    def __init__(self, *, dealer: Seat = Seat.NORTH, honours: bool = False, final_partscore_bonus: int = 100,
                 labels: tuple[str, str] = DEFAULT_LABELS) -> None:
        if not isinstance(dealer, Seat):
            raise ScoringError(f"the first dealer is a Seat, not {dealer!r}")
        if isinstance(final_partscore_bonus, bool) or not isinstance(final_partscore_bonus, int):
            raise ScoringError(f"final_partscore_bonus is a number of points, not {final_partscore_bonus!r}")
        self.first_dealer = dealer
        self.final_partscore_bonus = final_partscore_bonus
        self._deals: list[ChicagoDeal] = []
        self._passed_out = 0
        super().__init__(honours=honours, labels=labels)

    def _reset(self) -> None:
        super()._reset()
        self._deals = []
        self._passed_out = 0

    @property
    def phase(self) -> ChicagoPhase:
        """Playing until four deals have been scored."""
        return ChicagoPhase.OVER if len(self._deals) == DEALS else ChicagoPhase.PLAYING

    @property
    def is_finished(self) -> bool:
        """Whether all four deals have been scored."""
        return self.phase is ChicagoPhase.OVER

    @property
    def deal_number(self) -> int:
        """The number (1-4) of the deal being played; 4 once over."""
        return min(len(self._deals) + 1, DEALS)

    @property
    def dealer(self) -> Seat:
        """Who deals now: the deal passes left after each scored deal, not after a pass-out."""
        return self.first_dealer.next(self.deal_number - 1)

    @property
    def next_dealer(self) -> Seat:
        """Who deals the next deal: the same player after a pass-out (RULES.md §7), the next on
        the left after a scored deal, and after deal 4 the left of its dealer, who opens the next
        Chicago."""
        if self.is_finished:
            return self.first_dealer.next(DEALS)
        return self.dealer

    def following(self) -> Chicago:
        """The next Chicago, with the same options and its first dealer after this one's fourth."""
        if not self.is_finished:
            raise ScoringError(f"the Chicago is on deal {self.deal_number}: it is not over yet")
        return Chicago(dealer=self.next_dealer, honours=self.honours,
                       final_partscore_bonus=self.final_partscore_bonus, labels=self.labels)

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability of the deal being played."""
        return chicago_vulnerability(self.deal_number, self.dealer)

    def vulnerable(self, side: Side) -> bool:
        """Whether ``side`` is vulnerable on the deal being played."""
        return self.vulnerability.is_vulnerable(side)

    @property
    def deals(self) -> tuple[ChicagoDeal, ...]:
        """The scored deals so far."""
        return tuple(self._deals)

    def check_can_record(self) -> None:
        if self.is_finished:
            raise RubberOverError("the Chicago is over: four deals have been scored; start a new one")

    def _apply(self, result: DealResult) -> list[SheetEntry]:
        self._results.append(result)
        if result.passed_out:
            self._passed_out += 1
            return []
        number, dealer, vulnerability = self.deal_number, self.dealer, self.vulnerability
        label = str(number)
        side = result.declaring_side
        vulnerable = vulnerability.is_vulnerable(side)
        entries = deal_entries(result, vulnerable=vulnerable, label=label, game=len(self._games))
        self._entries.extend(entries)
        made = any(e.kind is EntryKind.TRICK_SCORE for e in entries)
        if made and self.below_line[side] >= GAME:
            self._games.append(side)
            bonus = SheetEntry(side, chicago_game_bonus(vulnerable=vulnerable), EntryKind.GAME, label)
            self._entries.append(bonus)
            entries.append(bonus)
        elif made and number == DEALS and self.final_partscore_bonus:
            bonus = SheetEntry(side, self.final_partscore_bonus, EntryKind.PARTSCORE, label)
            self._entries.append(bonus)
            entries.append(bonus)
        self._deals.append(ChicagoDeal(number, dealer, vulnerability, result, self._passed_out))
        self._passed_out = 0
        return entries

    # --- output ------------------------------------------------------------------------

    def deals_text(self) -> str:
        """The four deals with dealer, vulnerability and result, one line each."""
        lines = ["Deal  Dealer  Vul   Contract   Tricks"]
        for number in range(1, DEALS + 1):
            dealer = self.first_dealer.next(number - 1)
            vul = chicago_vulnerability(number, dealer)
            played = next((d for d in self._deals if d.number == number), None)
            if played is None:
                lines.append(f"{number:>4}  {dealer.letter():^6}  {vul!s:<4}")
                continue
            contract = played.result.contract
            assert contract is not None
            lines.append(f"{number:>4}  {dealer.letter():^6}  {vul!s:<4}  "
                         f"{contract.format(with_declarer=True):<9}  {played.result.tricks:>6}")
        return "\n".join(lines)

    def text(self, labels: tuple[str, str] | None = None) -> str:
        """The deals and the sheet as plain text."""
        return f"{self.deals_text()}\n\n{self.sheet.text(labels)}"

    def rich(self, labels: tuple[str, str] | None = None) -> Group:
        """The deals and the sheet as Rich renderables."""
        from rich.console import Group
        from rich.table import Table

        deals = Table(title="Chicago deals")
        for head in ("Deal", "Dealer", "Vul", "Contract", "Tricks"):
            deals.add_column(head)
        for number in range(1, DEALS + 1):
            dealer = self.first_dealer.next(number - 1)
            played = next((d for d in self._deals if d.number == number), None)
            contract = "" if played is None or played.result.contract is None else \
                played.result.contract.format(with_declarer=True)
            tricks = "" if played is None else str(played.result.tricks)
            style = "bold" if number == self.deal_number and not self.is_finished else None
            deals.add_row(str(number), dealer.letter(), str(chicago_vulnerability(number, dealer)),
                          contract, tricks, style=style)
        return Group(deals, self.sheet.rich(labels))

    def to_json(self) -> dict[str, Any]:
        """A plain dict: options, deals, the sheet and the state, for the web table."""
        return {"kind": "chicago", "first_dealer": self.first_dealer.letter(),
                "final_partscore_bonus": self.final_partscore_bonus, "phase": self.phase.value,
                "deal_number": self.deal_number, "dealer": self.dealer.letter(),
                "vulnerability": str(self.vulnerability),
                "deals": [deal.to_json() for deal in self._deals], **self._state_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chicago:
        """A Chicago back from ``to_json``."""
        return cls.from_results((DealResult.from_json(item) for item in data["results"]),
                                dealer=Seat.parse(data.get("first_dealer", "N")),
                                honours=data.get("honours", False),
                                final_partscore_bonus=data.get("final_partscore_bonus", 100))

    def __repr__(self) -> str:
        totals = self.totals
        return f"<Chicago deal {self.deal_number} {self.phase.value}: NS {totals[Side.NS]} EW {totals[Side.EW]}>"
