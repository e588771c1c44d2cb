"""Double-dummy tables: the tricks each seat takes as declarer in each strain.

>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> table = dd_table(deal)
>>> table.tricks(declarer=Seat.NORTH, strain=Strain.NOTRUMP)
13
>>> table.tricks(declarer=Seat.EAST, strain=Strain.SPADES)
0
>>> print(table.format())
     NT  S  H  D  C
N    13 13 12 12 12
E     0  0  1  1  1
S    13 13 12 12 12
W     0  0  1  1  1
>>> DDTable.from_json(table.to_json()) == table
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from redouble.analysis import dds
from redouble.analysis.errors import AnalysisError
from redouble.analysis.timelimit import run_limited
from redouble.cards import Card, Strain
from redouble.deal import Deal
from redouble.seats import Seat, Side

__all__ = ["DDTable", "dd_table", "dd_tables"]

_STRAIN_KEYS: dict[Strain, str] = {Strain.CLUBS: "C", Strain.DIAMONDS: "D", Strain.HEARTS: "H",
                                   Strain.SPADES: "S", Strain.NOTRUMP: "NT"}
_DISPLAY_ORDER: tuple[Strain, ...] = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS,
                                      Strain.DIAMONDS, Strain.CLUBS)


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for all 20 declarer/strain pairs (``values[strain * 4 + seat]``)."""

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.values) != 20 or any(not 0 <= v <= 13 for v in self.values):
            raise AnalysisError(
                f"a DD table has 20 trick counts from 0 to 13, not {self.values!r}")

    def tricks(self, *, declarer: Seat, strain: Strain) -> int:
        """Tricks ``declarer`` takes double dummy in ``strain`` (0 … 13)."""
        return self.values[int(strain) * 4 + int(declarer)]

    def best(self, side: Side) -> tuple[Strain, int]:
        """A side's best strain and its tricks (the higher-scoring strain on ties: NT, S, H …)."""
        return max(((strain, max(self.tricks(declarer=seat, strain=strain)
                                 for seat in side.seats)) for strain in _DISPLAY_ORDER),
                   key=lambda item: item[1])

    def rows(self) -> list[tuple[Seat, list[int]]]:
        """Per declarer N, E, S, W: tricks in NT, S, H, D, C (the order hand records print)."""
        return [(seat, [self.tricks(declarer=seat, strain=s) for s in _DISPLAY_ORDER])
                for seat in Seat]

    def format(self) -> str:
        """A text table, declarers down and strains across (see the module example)."""
        lines = ["    " + "".join(f"{_STRAIN_KEYS[s]:>3}" for s in _DISPLAY_ORDER)]
        for seat, values in self.rows():
            lines.append(f"{seat.letter():<4}" + "".join(f"{v:>3}" for v in values))
        return "\n".join(lines)

    def to_json(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 5, "D": …, "NT": 9}, "E": …}``: tricks by declarer then strain."""
        return {seat.letter(): {_STRAIN_KEYS[strain]: self.tricks(declarer=seat, strain=strain)
                                for strain in Strain} for seat in Seat}

    @classmethod
    def from_json(cls, data: dict[str, dict[str, int]]) -> DDTable:
        """The table ``to_json`` wrote."""
        try:
            values = tuple(int(data[seat.letter()][_STRAIN_KEYS[strain]])
                           for strain in Strain for seat in Seat)
        except (KeyError, TypeError, ValueError) as error:
            raise AnalysisError(f"not a DD table in JSON: missing or bad {error}") from None
        return cls(values)


def _tables(hands: list[list[frozenset[Card]]]) -> list[tuple[int, ...]]:
    return dds.calc_tables(hands)


def dd_tables(deals: Iterable[Deal], *, timeout: float | None = None) -> list[DDTable]:
    """DD tables of many deals, batched through DDS CalcAllTables on every core.

    With ``timeout`` (seconds) the work runs in a worker process and raises
    ``SolveTimeoutError`` if it is not done in time.
    """
    hands = [[deal[seat].cards for seat in Seat] for deal in deals]
    values = run_limited(_tables, (hands,), timeout=timeout,
                         what=f"the DD tables of {len(hands)} deal(s)")
    return [DDTable(v) for v in values]


def dd_table(deal: Deal, *, timeout: float | None = None) -> DDTable:
    """The DD table of one deal (see ``dd_tables``)."""
    return dd_tables([deal], timeout=timeout)[0]

