"""The one adapter to DDS (Bo Haglund and Soren Hein's solver, shipped in ``endplay``).

Nothing else in redouble imports ``endplay`` or knows DDS's encodings. The conversions are
explicit tables, each tested both ways:

========== ============================== ===============================
 redouble   redouble value                  DDS value
========== ============================== ===============================
 Suit       C 0, D 1, H 2, S 3              S 0, H 1, D 2, C 3
 Strain     C 0, D 1, H 2, S 3, NT 4        S 0, H 1, D 2, C 3, NT 4
 Rank       2 … 14                          2 … 14 (holdings: bit ``1 << rank``)
 Seat       N 0, E 1, S 2, W 3              N 0, E 1, S 2, W 3
 Vul.       NONE, NS, EW, BOTH              None 0, Both 1, NS 2, EW 3
 Par strain C 0, D 1, H 2, S 3, NT 4        NT 0, S 1, H 2, D 3, C 4
========== ============================== ===============================

The functions here take and return redouble values only (cards, seats, strains); every DDS
call is serialised by one lock, since DDS runs its own thread pool per call.

>>> card_from_dds(*card_to_dds(Card.parse("SA")))
Card.parse('SA')
>>> card_to_dds(Card.parse("C2"))
(3, 2)
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from redouble.analysis.errors import SolverError
from redouble.cards import DECK, Card, Rank, Strain, Suit
from redouble.seats import Seat, Vulnerability


def _load_dds() -> ModuleType:
    """endplay's ctypes binding of DDS (``endplay._dds``), loaded without the rest of endplay,
    whose package import takes about a second (plotting and parsers we do not use)."""
    existing = sys.modules.get("endplay._dds")
    if existing is not None:
        return existing
    spec = importlib.util.find_spec("endplay")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("the endplay package (which ships DDS) is not installed")
    path = Path(spec.submodule_search_locations[0]) / "_dds" / "__init__.py"
    module_spec = importlib.util.spec_from_file_location("endplay._dds", path)
    assert module_spec is not None and module_spec.loader is not None
    module = importlib.util.module_from_spec(module_spec)
    sys.modules["endplay._dds"] = module
    module_spec.loader.exec_module(module)
    return module


_dds: Any = _load_dds()  # the only place redouble touches endplay

__all__ = [
    "MAX_BOARDS",
    "MAX_TABLES",
    "RawBoard",
    "RawParContract",
    "analyse_plays",
    "calc_tables",
    "card_from_dds",
    "card_to_dds",
    "contract_tricks",
    "dealer_par",
    "seat_from_dds",
    "seat_to_dds",
    "sides_par",
    "solve_boards",
    "strain_from_dds",
    "strain_to_dds",
    "suit_from_dds",
    "suit_to_dds",
    "vulnerability_to_dds",
]

MAX_BOARDS: int = _dds.MAXNOOFBOARDS
"""Boards per SolveAllBoards call (DDS's MAXNOOFBOARDS, 200)."""
MAX_TABLES: int = _dds.MAXNOOFTABLES
"""Deals per CalcAllTables call with all five strains (DDS's MAXNOOFTABLES, 40)."""

_LOCK = threading.Lock()

# --- the encodings ---------------------------------------------------------------------

_SUIT_TO_DDS: dict[Suit, int] = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_SUIT_FROM_DDS: dict[int, Suit] = {v: k for k, v in _SUIT_TO_DDS.items()}
_STRAIN_TO_DDS: dict[Strain, int] = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2,
                                     Strain.CLUBS: 3, Strain.NOTRUMP: 4}
_STRAIN_FROM_DDS: dict[int, Strain] = {v: k for k, v in _STRAIN_TO_DDS.items()}
# par results (contractType.denom) number strains differently: notrump 0, spades 1 … clubs 4
_PAR_STRAIN_FROM_DDS: dict[int, Strain] = {0: Strain.NOTRUMP, 1: Strain.SPADES, 2: Strain.HEARTS,
                                           3: Strain.DIAMONDS, 4: Strain.CLUBS}
_SEAT_TO_DDS: dict[Seat, int] = {Seat.NORTH: 0, Seat.EAST: 1, Seat.SOUTH: 2, Seat.WEST: 3}
_SEAT_FROM_DDS: dict[int, Seat] = {v: k for k, v in _SEAT_TO_DDS.items()}
_VUL_TO_DDS: dict[Vulnerability, int] = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1,
                                         Vulnerability.NS: 2, Vulnerability.EW: 3}
# per card index: (DDS suit, rank bit)
_CARD_BITS: tuple[tuple[int, int], ...] = tuple(
    (_SUIT_TO_DDS[card.suit], 1 << int(card.rank)) for card in DECK)


def suit_to_dds(suit: Suit) -> int:
    """DDS's suit number: spades 0, hearts 1, diamonds 2, clubs 3."""
    return _SUIT_TO_DDS[suit]


def suit_from_dds(value: int) -> Suit:
    """The suit of a DDS suit number."""
    return _SUIT_FROM_DDS[value]


def strain_to_dds(strain: Strain) -> int:
    """DDS's denomination number: spades 0 … clubs 3, notrump 4."""
    return _STRAIN_TO_DDS[strain]


def strain_from_dds(value: int) -> Strain:
    """The strain of a DDS denomination number."""
    return _STRAIN_FROM_DDS[value]


def seat_to_dds(seat: Seat) -> int:
    """DDS's hand number: north 0, east 1, south 2, west 3."""
    return _SEAT_TO_DDS[seat]


def seat_from_dds(value: int) -> Seat:
    """The seat of a DDS hand number."""
    return _SEAT_FROM_DDS[value]


def vulnerability_to_dds(vulnerability: Vulnerability) -> int:
    """DDS's vulnerability number: none 0, both 1, NS 2, EW 3."""
    return _VUL_TO_DDS[vulnerability]


def card_to_dds(card: Card) -> tuple[int, int]:
    """A card as DDS's ``(suit, rank)``: rank 2 … 14 as in ``currentTrickRank``."""
    return _SUIT_TO_DDS[card.suit], int(card.rank)


def card_from_dds(suit: int, rank: int) -> Card:
    """The card of DDS's ``(suit, rank)``."""
    return Card(_SUIT_FROM_DDS[suit], Rank(rank))


def _fill_holdings(target: ctypes.Array[ctypes.Array[ctypes.c_uint]],
                   hands: Sequence[Iterable[Card]]) -> None:
    """Write four hands (in seat order) into a DDS ``remainCards[hand][suit]`` bit matrix."""
    bits = _CARD_BITS
    for seat_index, hand in enumerate(hands):
        row = [0, 0, 0, 0]
        for card in hand:
            suit, bit = bits[card.index]
            row[suit] |= bit
        target_row = target[_SEAT_TO_DDS[Seat(seat_index)]]
        for suit in range(4):
            target_row[suit] = row[suit]


def _call(function: object, *args: object) -> None:
    try:
        with _LOCK:
            function(*args)  # type: ignore[operator]
    except _dds.DDSError as error:
        raise SolverError(f"DDS: {error}") from None


# --- double-dummy tables -------------------------------------------------------------------

def calc_tables(deals: Sequence[Sequence[Iterable[Card]]]) -> list[tuple[int, ...]]:
    """DD tables of full deals (hands in seat order N, E, S, W).

    Each result holds 20 trick counts indexed ``strain * 4 + seat`` in redouble's order
    (clubs … notrump, north … west). Deals go to CalcAllTables in chunks of ``MAX_TABLES``,
    which DDS spreads over every core.
    """
    results: list[tuple[int, ...]] = []
    trump_filter = (0, 0, 0, 0, 0)
    for start in range(0, len(deals), MAX_TABLES):
        chunk = deals[start:start + MAX_TABLES]
        table_deals = _dds.ddTableDeals()
        table_deals.noOfTables = len(chunk)
        for i, hands in enumerate(chunk):
            _fill_holdings(table_deals.ddTableDeal[i].cards, hands)
        res = _dds.ddTablesRes()
        par = _dds.allParResults()
        _call(_dds.CalcAllTables, table_deals, -1, trump_filter, res, par)
        for i in range(len(chunk)):
            table = res.results[i].resTable  # [denom][hand]
            values: list[int] = []
            for strain in Strain:
                row = table[_STRAIN_TO_DDS[strain]]
                values.extend(row[_SEAT_TO_DDS[seat]] for seat in Seat)
            results.append(tuple(values))
    return results


# --- par -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RawParContract:
    """One par contract as DDS gives it, converted: level, strain, seats, tricks over (+) or
    under (−) the contract."""

    level: int
    strain: Strain
    seats: tuple[Seat, ...]
    result: int


def _table_struct(table: Sequence[int]) -> _dds.ddTableResults:
    struct = _dds.ddTableResults()
    for strain in Strain:
        for seat in Seat:
            struct.resTable[_STRAIN_TO_DDS[strain]][_SEAT_TO_DDS[seat]] = (
                table[int(strain) * 4 + int(seat)])
    return struct


_PAR_SEATS: dict[int, tuple[Seat, ...]] = {
    0: (Seat.NORTH,), 1: (Seat.EAST,), 2: (Seat.SOUTH,), 3: (Seat.WEST,),
    4: (Seat.NORTH, Seat.SOUTH), 5: (Seat.EAST, Seat.WEST),
}


def _par_contracts(master: _dds.parResultsMaster) -> list[RawParContract]:
    contracts = []
    for i in range(master.number):
        entry = master.contracts[i]
        if entry.level == 0:
            continue
        contracts.append(RawParContract(
            level=entry.level, strain=_PAR_STRAIN_FROM_DDS[entry.denom],
            seats=_PAR_SEATS[entry.seats],
            result=entry.overTricks - entry.underTricks))
    return contracts


def dealer_par(table: Sequence[int], *, dealer: Seat,
               vulnerability: Vulnerability) -> tuple[int, list[RawParContract]]:
    """Par from a 20-entry table (``calc_tables`` order) with the dealer known (DealerParBin).

    Returns the score from North-South's view and the par contracts.
    """
    master = _dds.parResultsMaster()
    _call(_dds.DealerParBin, _table_struct(table), master, _SEAT_TO_DDS[dealer],
          _VUL_TO_DDS[vulnerability])
    return master.score, _par_contracts(master)


def sides_par(table: Sequence[int], *,
              vulnerability: Vulnerability) -> tuple[tuple[int, list[RawParContract]], ...]:
    """Par for each side bidding first (SidesParBin): ``(NS first, EW first)``, NS scores."""
    masters = (_dds.parResultsMaster * 2)()
    _call(_dds.SidesParBin, _table_struct(table), masters, _VUL_TO_DDS[vulnerability])
    out = []
    for side in range(2):
        score = masters[side].score
        # DDS gives each side's par score from that side's view
        out.append((score if side == 0 else -score, _par_contracts(masters[side])))
    return out[0], out[1]


# --- solving positions -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RawBoard:
    """A play position in redouble terms: remaining cards per seat (N, E, S, W), trump strain,
    the seat that led the current trick and the cards already in it (0–3)."""

    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]
    trump: Strain
    leader: Seat
    trick: tuple[Card, ...]


def _fill_deal(target: _dds.deal, board: RawBoard) -> None:
    target.trump = _STRAIN_TO_DDS[board.trump]
    target.first = _SEAT_TO_DDS[board.leader]
    for i in range(3):
        if i < len(board.trick):
            suit, rank = card_to_dds(board.trick[i])
            target.currentTrickSuit[i] = suit
            target.currentTrickRank[i] = rank
        else:
            target.currentTrickSuit[i] = 0
            target.currentTrickRank[i] = 0
    _fill_holdings(target.remainCards, board.hands)


def _expand(future: _dds.futureTricks) -> list[tuple[Card, int]]:
    """Every card with its score: DDS lists one card per group of equals plus a bit mask of the
    lower cards (``equals``) that score the same."""
    out: list[tuple[Card, int]] = []
    for i in range(future.cards):
        suit = future.suit[i]
        score = future.score[i]
        out.append((card_from_dds(suit, future.rank[i]), score))
        equals = future.equals[i]
        for rank in range(2, 15):
            if equals & (1 << rank):
                out.append((card_from_dds(suit, rank), score))
    return out


def solve_boards(boards: Sequence[RawBoard]) -> list[list[tuple[Card, int]]]:
    """Score every legal card of the seat to play in each position (SolveAllBoardsBin).

    A score is the number of tricks the side to play takes from the remaining tricks, the
    trick in progress included. Boards go to DDS in chunks of ``MAX_BOARDS``.
    """
    results: list[list[tuple[Card, int]]] = []
    for start in range(0, len(boards), MAX_BOARDS):
        chunk = boards[start:start + MAX_BOARDS]
        bop = _dds.boards()
        bop.noOfBoards = len(chunk)
        for i, board in enumerate(chunk):
            _fill_deal(bop.deals[i], board)
            bop.target[i] = -1
            bop.solutions[i] = 3
            bop.mode[i] = 1
        solved = _dds.solvedBoards()
        _call(_dds.SolveAllBoardsBin, bop, solved)
        results.extend(_expand(solved.solvedBoard[i]) for i in range(len(chunk)))
    return results


def contract_tricks(jobs: Sequence[tuple[Sequence[Iterable[Card]], Strain, Seat]]) -> list[int]:
    """Declarer's double-dummy tricks for many (full deal, strain, declarer) at once.

    Each job is one SolveBoard call with declarer's left-hand opponent on lead and one
    solution asked for (SolveAllBoardsBin, ``target`` −1, ``solutions`` 1): a fifth of a
    whole DD table, for a bidding robot that needs a strain or two on many sampled deals.
    Deals are hands in seat order N, E, S, W.
    """
    results: list[int] = []
    for start in range(0, len(jobs), MAX_BOARDS):
        chunk = jobs[start:start + MAX_BOARDS]
        bop = _dds.boards()
        bop.noOfBoards = len(chunk)
        for i, (hands, strain, declarer) in enumerate(chunk):
            deal = bop.deals[i]
            deal.trump = _STRAIN_TO_DDS[strain]
            deal.first = _SEAT_TO_DDS[declarer.next()]
            for j in range(3):
                deal.currentTrickSuit[j] = 0
                deal.currentTrickRank[j] = 0
            _fill_holdings(deal.remainCards, hands)
            bop.target[i] = -1
            bop.solutions[i] = 1
            bop.mode[i] = 1
        solved = _dds.solvedBoards()
        _call(_dds.SolveAllBoardsBin, bop, solved)
        results.extend(13 - solved.solvedBoard[i].score[0] for i in range(len(chunk)))
    return results


def analyse_plays(boards: Sequence[tuple[RawBoard, Sequence[Card]]]) -> list[list[int]]:
    """Declarer's double-dummy tricks before and after each card of played sequences.

    Each board starts at trick one with ``leader`` on lead (declarer is the leader's right-hand
    opponent); the result has ``len(cards) + 1`` totals for declarer's side (AnalyseAllPlaysBin).
    """
    results: list[list[int]] = []
    for start in range(0, len(boards), MAX_BOARDS):
        chunk = boards[start:start + MAX_BOARDS]
        bop = _dds.boards()
        traces = _dds.playTracesBin()
        bop.noOfBoards = len(chunk)
        traces.noOfBoards = len(chunk)
        for i, (board, cards) in enumerate(chunk):
            _fill_deal(bop.deals[i], board)
            bop.target[i] = -1
            bop.solutions[i] = 1
            bop.mode[i] = 1
            traces.plays[i].number = len(cards)
            for j, card in enumerate(cards):
                suit, rank = card_to_dds(card)
                traces.plays[i].suit[j] = suit
                traces.plays[i].rank[j] = rank
        solved = _dds.solvedPlays()
        _call(_dds.AnalyseAllPlaysBin, bop, traces, solved, 1)
        for i in range(len(chunk)):
            play = solved.solved[i]
            results.append([play.tricks[j] for j in range(play.number)])
    return results
