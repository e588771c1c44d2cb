"""Par: the contract(s) and score reached when both sides bid perfectly double dummy.

The score is from North-South's view. Sacrifices are doubled (they go down); a contract both
partners can declare is listed once per possible declarer. DDS's DealerPar rules apply: the
dealer's side has the first chance to bid, so par can depend on the dealer.

>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> result = par(deal, vulnerability=Vulnerability.NONE, dealer=Seat.NORTH)
>>> result.score
1520
>>> result.contracts
(Contract.parse('7NT', declarer=Seat.NORTH), Contract.parse('7NT', declarer=Seat.SOUTH))
>>> str(result)
'NS +1520: 7NT by N or S ='
"""

from __future__ import annotations

from dataclasses import dataclass

from redouble.analysis import dds
from redouble.analysis.ddtable import DDTable, dd_table
from redouble.calls import Contract, Risk
from redouble.cards import Strain
from redouble.deal import Deal
from redouble.seats import Seat, Vulnerability

__all__ = ["Par", "ParContract", "par", "par_from_table", "sides_par"]


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: level, strain, the seats that may declare it, tricks over (+) or under
    (−) and whether it is doubled (every par sacrifice is)."""

    level: int
    strain: Strain
    declarers: tuple[Seat, ...]
    result: int

    @property
    def doubled(self) -> bool:
        """Sacrifices (contracts that go down) are doubled."""
        return self.result < 0

    @property
    def tricks(self) -> int:
        """Declarer's tricks."""
        return self.level + 6 + self.result

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The contract once per possible declarer."""
        risk = Risk.DOUBLED if self.doubled else Risk.UNDOUBLED
        return tuple(Contract(level=self.level, strain=self.strain, risk=risk, declarer=seat)
                     for seat in self.declarers)

    def __str__(self) -> str:
        risk = "X" if self.doubled else ""
        who = " or ".join(seat.letter() for seat in self.declarers)
        outcome = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{self.strain}{risk} by {who} {outcome}"


@dataclass(frozen=True, slots=True)
class Par:
    """The par score (North-South's view) and the par contracts; no contracts when par is a
    pass-out."""

    score: int
    entries: tuple[ParContract, ...]

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """Every par contract with its declarer (one per seat that can declare it)."""
        return tuple(c for entry in self.entries for c in entry.contracts)

    def __str__(self) -> str:
        if not self.entries:
            return "passed out (0)"
        side = "NS" if self.score >= 0 else "EW"
        score = self.score if side == "NS" else -self.score
        return f"{side} {score:+d}: " + ", ".join(str(entry) for entry in self.entries)

    def to_json(self) -> dict[str, object]:
        """The score and the contracts as text (``"4SX"``) with declarer and result."""
        return {"score": self.score,
                "contracts": [{"contract": f"{c.level}{c.strain}{'X' if c.doubled else ''}",
                               "declarers": [s.letter() for s in c.declarers],
                               "result": c.result, "tricks": c.tricks}
                              for c in self.entries]}


def _convert(score: int, raw: list[dds.RawParContract]) -> Par:
    entries = tuple(ParContract(level=c.level, strain=c.strain, declarers=c.seats,
                                result=c.result) for c in raw)
    return Par(score=score, entries=entries)


def par_from_table(table: DDTable, *, vulnerability: Vulnerability = Vulnerability.NONE,
                   dealer: Seat = Seat.NORTH) -> Par:
    """Par from a DD table already computed."""
    score, raw = dds.dealer_par(table.values, dealer=dealer, vulnerability=vulnerability)
    return _convert(score, raw)


def par(deal: Deal, *, vulnerability: Vulnerability = Vulnerability.NONE,
        dealer: Seat = Seat.NORTH, table: DDTable | None = None) -> Par:
    """The par of a deal (its DD table is computed unless given)."""
    if table is None:
        table = dd_table(deal)
    return par_from_table(table, vulnerability=vulnerability, dealer=dealer)


def sides_par(table: DDTable, *, vulnerability: Vulnerability) -> tuple[Par, Par]:
    """Par when North-South bid first and when East-West do, dealer unknown (DDS SidesPar)."""
    ns_first, ew_first = dds.sides_par(table.values, vulnerability=vulnerability)
    return _convert(*ns_first), _convert(*ew_first)
