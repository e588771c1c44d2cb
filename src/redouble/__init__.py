"""redouble: contract bridge in Python.

The core speaks in bridge words: ``Card.parse("SA")``, ``Seat.NORTH.lho``,
``Contract.parse("4HX", declarer=Seat.SOUTH)``, ``auction.declarer``, ``trick.winner``.

>>> from redouble import Auction, Call, Seat
>>> auction = Auction(dealer=Seat.NORTH)
>>> for call in ("1NT", "Pass", "3NT", "Pass", "Pass", "Pass"):
...     seat = auction.make_call(Call.parse(call))
>>> auction.contract
Contract.parse('3NT', declarer=Seat.NORTH)
"""

from redouble.auction import Auction, LegalCalls
from redouble.board import Board, board_dealer, board_vulnerability
from redouble.calls import BIDS, CALLS, DOUBLE, PASS, REDOUBLE, Call, CallKind, Contract, Risk
from redouble.cards import DECK, RANKS, SUITS, Card, Rank, Strain, Suit
from redouble.deal import DEAL_COUNT, Deal, new_seed
from redouble.errors import (
    BridgeError,
    ClaimError,
    IllegalCallError,
    IllegalCardError,
    InvalidDealError,
    NotationError,
    OutOfTurnError,
    PhaseError,
    UndoError,
)
from redouble.events import (
    CallMade,
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    ClaimWithdrawn,
    Event,
    Undone,
    event_from_json,
)
from redouble.hand import Hand
from redouble.notation import Language
from redouble.play import Claim, Play, Trick
from redouble.seats import Seat, Side, Vulnerability
from redouble.state import BoardResult, BoardState
from redouble.view import AuctionEntry, Phase, View

__version__ = "0.1.0"

__all__ = [
    "BIDS", "CALLS", "DEAL_COUNT", "DECK", "DOUBLE", "PASS", "RANKS", "REDOUBLE", "SUITS",
    "Auction", "AuctionEntry", "Board", "BoardResult", "BoardState", "BridgeError", "Call",
    "CallKind", "CallMade", "Card", "CardPlayed", "Claim", "ClaimAccepted", "ClaimError",
    "ClaimMade", "ClaimRejected", "ClaimWithdrawn", "Contract", "Deal", "Event", "Hand",
    "IllegalCallError", "IllegalCardError", "InvalidDealError", "Language", "LegalCalls",
    "NotationError", "OutOfTurnError", "Phase", "PhaseError", "Play", "Rank", "Risk", "Seat",
    "Side", "Strain", "Suit", "Trick", "UndoError", "Undone", "View", "Vulnerability",
    "board_dealer", "board_vulnerability", "event_from_json", "new_seed",
]
