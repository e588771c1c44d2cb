"""Why the engine refuses a call or a card, and the one error per reason naming the law.

The engine core (``_accel.c``, and ``_pycore.py``/``_pystate.py`` in Python) decides whether
an action is legal and, when it is not, returns a ``Refusal``; ``call_error`` and
``card_error`` turn that reason into the error the caller sees. No other code decides
legality or words a refusal, so the legal calls and cards listed and the ones ``check_*``
accept cannot drift apart.

>>> from redouble import Auction, Call, Seat
>>> auction = Auction(dealer=Seat.NORTH, calls=[Call.parse("1S")])
>>> Refusal(auction._call_refusal(Call.parse("1H"), None))
Refusal.INSUFFICIENT_BID
>>> call_error(Refusal.INSUFFICIENT_BID, Call.parse("1H"), None, auction)
IllegalCallError('1H is insufficient after 1S (Law 27: a bid must name more tricks or a higher strain)')
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from redouble.errors import IllegalCallError, IllegalCardError, OutOfTurnError

if TYPE_CHECKING:
    from redouble._pycore import AuctionCore, PlayCore
    from redouble.seats import Seat
    from redouble.view import Phase

__all__ = ["Refusal", "call_error", "card_error"]


class Refusal(IntEnum):
    """The reason the core refuses an action; the core returns 0 for a legal one.

    The numbers are shared with ``_accel.c`` (its ``enum refusal``): change both together.
    """

    NOT_A_CALL = 1
    AUCTION_OVER = 2  # Law 17E: three passes after a bid (or four passes) end the auction
    CALL_OUT_OF_TURN = 3  # Laws 28-32: calls are made in rotation from the dealer
    INSUFFICIENT_BID = 4  # Law 27
    DOUBLE_WITHOUT_BID = 5  # Law 19A
    DOUBLE_OWN_SIDE = 6  # Law 19A: only an opponent's bid may be doubled
    DOUBLE_REPEATED = 7  # Law 19A: only an undoubled bid may be doubled
    REDOUBLE_WITHOUT_BID = 8  # Law 19B
    REDOUBLE_NOT_DOUBLED = 9  # Law 19B
    REDOUBLE_REPEATED = 10  # Law 19B
    REDOUBLE_WRONG_SIDE = 11  # Law 19B: only the doubled side may redouble
    NOT_A_CARD = 12
    PLAY_OVER = 13  # all thirteen tricks are played, or a claim settled them
    CLAIM_PENDING = 14  # Law 68D: play stops until the claim is answered
    CARD_OUT_OF_TURN = 15  # Law 44: each in rotation after the leader
    DUMMY_CANNOT_ACT = 16  # Laws 43, 45B: declarer plays dummy's cards
    CARD_ALREADY_PLAYED = 17
    CARD_NOT_HELD = 18  # the card is in another hand
    MUST_FOLLOW_SUIT = 19  # Law 44C
    WRONG_PHASE = 20  # a call after the auction, or a card outside the play

    def __repr__(self) -> str:
        return f"Refusal.{self.name}"


def _phase_name(phase: Phase | None) -> str:
    return "?" if phase is None else phase.value


def call_error(reason: int, call: object, seat: Seat | None, auction: AuctionCore,
               phase: Phase | None = None) -> IllegalCallError:
    """The error naming the law for a call the core refused with ``reason``."""
    last = auction._last_bid
    risk = auction._risk.name.lower()
    match Refusal(reason):
        case Refusal.NOT_A_CALL:
            return IllegalCallError(f"{call!r} is not a call")
        case Refusal.AUCTION_OVER:
            return IllegalCallError("the auction is over: no more calls can be made")
        case Refusal.WRONG_PHASE:
            return IllegalCallError(f"the auction is over: the board is in the "
                                    f"{_phase_name(phase)} phase")
        case Refusal.CALL_OUT_OF_TURN:
            turn = auction.turn
            assert turn is not None and seat is not None
            return OutOfTurnError(f"it is {turn.format(full=True)}'s turn to call, not "
                                  f"{seat.format(full=True)}'s")
        case Refusal.INSUFFICIENT_BID:
            return IllegalCallError(f"{call} is insufficient after {last} "
                                    "(Law 27: a bid must name more tricks or a higher strain)")
        case Refusal.DOUBLE_WITHOUT_BID:
            return IllegalCallError("X is not allowed: there is no bid to double (Law 19A)")
        case Refusal.DOUBLE_OWN_SIDE:
            return IllegalCallError(f"X is not allowed: {last} was bid by your own side; only an "
                                    "opponent's bid can be doubled (Law 19A)")
        case Refusal.DOUBLE_REPEATED:
            return IllegalCallError(f"X is not allowed: {last} is already {risk} (Law 19A)")
        case Refusal.REDOUBLE_WITHOUT_BID:
            return IllegalCallError("XX is not allowed: there is no bid to redouble (Law 19B)")
        case Refusal.REDOUBLE_NOT_DOUBLED:
            return IllegalCallError(f"XX is not allowed: {last} has not been doubled (Law 19B)")
        case Refusal.REDOUBLE_REPEATED:
            return IllegalCallError(f"XX is not allowed: {last} is already redoubled (Law 19B)")
        case Refusal.REDOUBLE_WRONG_SIDE:
            return IllegalCallError("XX is not allowed: only the side whose bid was doubled may "
                                    "redouble (Law 19B)")
    raise AssertionError(f"{Refusal(reason)!r} is not a reason to refuse a call")


def card_error(reason: int, card: object, by: Seat | None, play: PlayCore | None,
               phase: Phase | None = None) -> IllegalCardError:
    """The error naming the law for a card the core refused with ``reason``."""
    match Refusal(reason):
        case Refusal.NOT_A_CARD:
            return IllegalCardError(f"{card!r} is not a card")
        case Refusal.WRONG_PHASE:
            return IllegalCardError(f"no card can be played in the {_phase_name(phase)} phase")
    assert play is not None
    turn = play.turn
    match Refusal(reason):
        case Refusal.PLAY_OVER:
            return IllegalCardError("play is over: no more cards can be played")
        case Refusal.CLAIM_PENDING:
            claimer = play._claim.claimer.format(full=True) if play._claim is not None else "a"
            return IllegalCardError(f"{claimer}'s claim must be answered before play goes on")
        case Refusal.CARD_OUT_OF_TURN | Refusal.DUMMY_CANNOT_ACT:
            assert turn is not None and by is not None
            note = (" (declarer plays dummy's cards)" if reason == Refusal.DUMMY_CANNOT_ACT
                    else "")
            return OutOfTurnError(f"it is {turn.format(full=True)}'s turn to play{note}, not "
                                  f"{by.format(full=True)}'s")
        case Refusal.CARD_ALREADY_PLAYED:
            return IllegalCardError(f"{card} has already been played")
        case Refusal.CARD_NOT_HELD:
            assert turn is not None
            return OutOfTurnError(f"{card} is not in {turn.format(full=True)}'s hand; it is "
                                  f"{turn.format(full=True)}'s turn to play")
        case Refusal.MUST_FOLLOW_SUIT:
            assert turn is not None
            led = play._current_cards[0].suit.name.lower()
            return IllegalCardError(f"{card} does not follow suit: {led} were led and "
                                    f"{turn.format(full=True)} holds {led} (Law 44C)")
    raise AssertionError(f"{Refusal(reason)!r} is not a reason to refuse a card")
