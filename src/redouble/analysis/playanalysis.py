"""The double-dummy value of a played board after every card: which card cost a trick.

>>> from redouble import Card, Contract, Deal, Play, Seat
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> play = Play(deal=deal, contract=Contract.parse("7NT", declarer=Seat.NORTH),
...             cards=[Card.parse(c) for c in ("H9", "H6", "H2", "HA")])
>>> [(str(a.card), a.before, a.after, a.cost) for a in analyse_play(play)]
[('H9', 13, 13, 0), ('H6', 13, 13, 0), ('H2', 13, 13, 0), ('HA', 13, 13, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from redouble.analysis import dds
from redouble.analysis.errors import AnalysisError
from redouble.analysis.timelimit import run_limited
from redouble.cards import Card
from redouble.play import Play
from redouble.seats import Seat
from redouble.state import BoardState

__all__ = ["CardAnalysis", "analyse_play", "analyse_plays"]


@dataclass(frozen=True, slots=True)
class CardAnalysis:
    """One card of the play with declarer's double-dummy total before and after it.

    ``before`` and ``after`` are the tricks declarer's side takes in all (tricks already won
    plus the double-dummy value of the rest). ``cost`` is what the card cost its own side: 0
    for a double-dummy-best card.
    """

    number: int
    seat: Seat
    card: Card
    declarer: Seat
    before: int
    after: int

    @property
    def trick(self) -> int:
        """The trick the card belongs to, 1 … 13."""
        return self.number // 4 + 1

    @property
    def cost(self) -> int:
        """Tricks the card gave away for the side that played it (never negative)."""
        if self.seat.side is self.declarer.side:
            return max(0, self.before - self.after)
        return max(0, self.after - self.before)

    def to_json(self) -> dict[str, object]:
        """The analysis as plain JSON values."""
        return {"number": self.number, "trick": self.trick, "seat": self.seat.letter(),
                "card": str(self.card), "before": self.before, "after": self.after,
                "cost": self.cost}


def _play_of(board: BoardState | Play) -> Play:
    if isinstance(board, Play):
        return board
    if board.play is None:
        raise AnalysisError("the board has no play to analyse (auction unfinished or passed out)")
    return board.play


def _analyse_raw(items: list[tuple[dds.RawBoard, tuple[Card, ...]]]) -> list[list[int]]:
    return dds.analyse_plays(items)


def analyse_plays(boards: Iterable[BoardState | Play], *,
                  timeout: float | None = None) -> list[list[CardAnalysis]]:
    """``analyse_play`` for many boards in DDS batches."""
    plays = [_play_of(board) for board in boards]
    items = []
    for play in plays:
        deal = play.deal
        hands = (deal[Seat.NORTH].cards, deal[Seat.EAST].cards, deal[Seat.SOUTH].cards,
                 deal[Seat.WEST].cards)
        start = dds.RawBoard(hands=hands, trump=play.contract.strain, leader=play.declarer.lho, trick=())
        items.append((start, play.cards_played))
    traces = run_limited(_analyse_raw, (items,), timeout=timeout,
                         what=f"analysing the play of {len(items)} board(s)")
    out = []
    for play, trace in zip(plays, traces, strict=True):
        trace = _complete(trace, len(play.cards_played))
        seats = _seats_of(play)
        out.append([CardAnalysis(number=i, seat=seats[i], card=card, declarer=play.declarer,
                                 before=trace[i], after=trace[i + 1])
                    for i, card in enumerate(play.cards_played)])
    return out


def _complete(trace: list[int], cards: int) -> list[int]:
    """DDS stops its trace once the last trick starts (every card of it is forced): the value
    holds to the end."""
    missing = cards + 1 - len(trace)
    if missing < 0 or missing > 4 or not trace:
        raise AnalysisError(f"DDS analysed {len(trace) - 1} of {cards} cards")
    return trace + [trace[-1]] * missing


def _seats_of(play: Play) -> list[Seat]:
    seats = [seat for trick in play.tricks for seat, _ in trick.plays]
    seats.extend(seat for seat, _ in play.current_trick.plays)
    return seats


def analyse_play(board: BoardState | Play, *, timeout: float | None = None) -> list[CardAnalysis]:
    """For each card played: declarer's DD total before and after it, and what it cost."""
    return analyse_plays([board], timeout=timeout)[0]
