"""The auction: calls in turn from the dealer, checked against Laws 18-19 and 27.

>>> auction = Auction(dealer=Seat.NORTH)
>>> for text in "Pass 1H X 3H 3S Pass 4S Pass Pass Pass".split():
...     seat = auction.make_call(Call.parse(text))
>>> auction.contract
Contract.parse('4S', declarer=Seat.NORTH)
>>> auction.check_call(Call.parse("Pass"))
Traceback (most recent call last):
...
redouble.errors.IllegalCallError: the auction is over: no more calls can be made
>>> short = Auction(dealer=Seat.NORTH, calls=[Call.parse("3S")])
>>> short.check_call(Call.parse("3H"))
Traceback (most recent call last):
...
redouble.errors.IllegalCallError: 3H is insufficient after 3S (Law 27: a bid must name more tricks or a higher strain)
>>> Call.parse("4S") in short.legal_calls(), Call.parse("XX") in short.legal_calls()
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from redouble._backend import AuctionCore
from redouble.calls import Call, Contract, Risk
from redouble.errors import IllegalCallError
from redouble.refusals import call_error
from redouble.seats import Seat, Side

__all__ = ["Auction", "LegalCalls"]


class LegalCalls:
    """A lazy view of the calls legal now: supports ``in``, iteration and ``len``."""

    __slots__ = ("_auction",)

    def __init__(self, auction: Auction) -> None:
        self._auction = auction

    def __contains__(self, call: object) -> bool:
        return isinstance(call, Call) and self._auction.is_legal_call(call)

    def __iter__(self) -> Iterator[Call]:
        return iter(self._auction._legal_tuple())

    def __len__(self) -> int:
        return len(self._auction._legal_tuple())

    def __bool__(self) -> bool:
        return not self._auction.is_complete

    def __repr__(self) -> str:
        return f"<LegalCalls {' '.join(map(str, self))}>"


class Auction(AuctionCore):
    """The calls made so far, in order from the dealer.

    The state and the frequent moves (``make_call``, ``turn``, ``is_complete``, the legal
    calls, and the reason a call is refused) come from the engine core (``redouble._backend``);
    ``redouble.refusals`` words the refusal.
    """

    __slots__ = ()

    def __init__(self, dealer: Seat = Seat.NORTH, calls: Iterable[Call] = ()) -> None:
        self._core_reset(Seat(dealer))
        for call in calls:
            self.make_call(call)

    def _reset(self) -> None:
        self._core_reset(self.dealer)

    def __reduce__(self) -> tuple[object, tuple[Seat, tuple[Call, ...]]]:
        return (Auction, (self.dealer, self.calls))  # pickle and copy rebuild from the calls

    def __repr__(self) -> str:
        calls = ", ".join(f"Call.parse({str(c)!r})" for c in self._calls)
        return f"Auction(dealer={self.dealer!r}, calls=[{calls}])"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Auction) and self.dealer is other.dealer
                and self._calls == other._calls)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> Auction:
        """An independent copy."""
        return Auction(dealer=self.dealer, calls=self._calls)

    # --- state -------------------------------------------------------------------------

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made, first the dealer's."""
        return tuple(self._calls)

    def __len__(self) -> int:
        return len(self._calls)

    def seat_of(self, index: int) -> Seat:
        """The seat that made call number ``index`` (0 is the dealer's)."""
        return self.dealer.next(index)

    def items(self) -> Iterator[tuple[Seat, Call]]:
        """``(seat, call)`` pairs in order."""
        for index, call in enumerate(self._calls):
            yield self.dealer.next(index), call

    @property
    def is_passed_out(self) -> bool:
        """Four passes and no bid."""
        return self._last_bid is None and self._passes >= 4

    @property
    def last_bid(self) -> Call | None:
        """The highest bid so far."""
        return self._last_bid

    @property
    def last_bidder(self) -> Seat | None:
        """Who made the highest bid."""
        return self._last_bidder

    @property
    def risk(self) -> Risk:
        """Whether the last bid now stands doubled or redoubled."""
        return self._risk

    @property
    def declarer(self) -> Seat | None:
        """Of the side that won the contract, the first to bid its strain (Law 53 definitions)."""
        if self._last_bid is None or not self.is_complete:
            return None
        return self._first_to_name(self._last_bid, self._last_bidder)

    def _first_to_name(self, bid: Call, bidder: Seat | None) -> Seat | None:
        assert bidder is not None
        strain = bid.strain
        dealer = self.dealer
        for index, call in enumerate(self._calls):
            if call.strain is strain and (dealer + index - bidder) & 1 == 0:
                return dealer.next(index)
        return None  # pragma: no cover - the final bid itself always qualifies

    @property
    def contract(self) -> Contract | None:
        """The final contract, or ``None`` while the auction is open or when it passed out."""
        if self._last_bid is None or not self.is_complete:
            return None
        assert self._last_bid.level is not None and self._last_bid.strain is not None
        return Contract(level=self._last_bid.level, strain=self._last_bid.strain,
                        risk=self._risk, declarer=self.declarer)

    @property
    def declaring_side(self) -> Side | None:
        """The side that won the contract."""
        declarer = self.declarer
        return None if declarer is None else declarer.side

    # --- the rules ---------------------------------------------------------------------

    def check_call(self, call: Call, *, seat: Seat | None = None) -> None:
        """Raise ``IllegalCallError`` naming the law if the core refuses ``call`` now (Laws 17-19, 27).

        With ``seat``, also check it is that seat's turn (``OutOfTurnError``).
        """
        reason = self._call_refusal(call, seat)
        if reason:
            raise call_error(reason, call, seat, self)

    def is_legal_call(self, call: Call, *, seat: Seat | None = None) -> bool:
        """Whether ``check_call`` would accept ``call``."""
        return not self._call_refusal(call, seat)

    def legal_calls(self) -> LegalCalls:
        """The calls legal now, as a lazy view."""
        return LegalCalls(self)

    def undo(self) -> Call:
        """Take back the last call and return it."""
        if not self._calls:
            raise IllegalCallError("there is no call to take back")
        calls = self._calls[:-1]
        last = self._calls[-1]
        self._reset()
        for call in calls:
            self.make_call(call)
        return last

    def calls_by(self, seat: Seat) -> Sequence[Call]:
        """The calls one seat has made."""
        return [call for s, call in self.items() if s is seat]
