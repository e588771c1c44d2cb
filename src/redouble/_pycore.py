"""The hot path of the rules engine in plain Python: the reference for ``redouble/_accel.c``.

``AuctionCore`` and ``PlayCore`` hold the state every call and card touches and make the
frequent moves (a call, a card, the legal calls and cards). ``Auction`` and ``Play`` subclass
whichever implementation is in use: the compiled one when it is built, this one otherwise or
with ``REDOUBLE_PURE_PYTHON=1``. The tests run both side by side on random boards.

Whenever an action is not plainly legal the core hands it to the subclass's ``check_call`` or
``check_card``, which raises the error naming the rule; the core has no messages of its own.
Seats, suits, cards and calls are numbered as their Python types number them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from redouble.calls import CALLS, Call, Risk
from redouble.cards import DECK, Card
from redouble.seats import Seat

if TYPE_CHECKING:
    from redouble.play import Claim

__all__ = ["AuctionCore", "PlayCore", "deal_owners"]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_RISKS = (Risk.UNDOUBLED, Risk.DOUBLED, Risk.REDOUBLED)


class AuctionCore:
    """The state of an auction and its frequent moves."""

    __slots__ = ("_calls", "_last_bid", "_last_bidder", "_passes", "_risk", "dealer")

    def _core_reset(self, dealer: Seat) -> None:
        """Start an empty auction with ``dealer`` to call first."""
        if dealer not in _SEATS:
            raise TypeError(f"the dealer must be a Seat, not {dealer!r}")
        self.dealer = _SEATS[dealer]
        self._calls: list[Call] = []
        self._last_bid: Call | None = None
        self._last_bidder: Seat | None = None
        self._risk = Risk.UNDOUBLED
        self._passes = 0

    def check_call(self, call: Call, *, seat: Seat | None = None) -> None:
        """Raise the error naming the rule (the subclass's)."""
        raise NotImplementedError  # pragma: no cover

    @property
    def is_complete(self) -> bool:
        """Four passes at the start, or three passes after a bid (Law 17E)."""
        return self._passes >= (4 if self._last_bid is None else 3)

    @property
    def turn(self) -> Seat | None:
        """The seat to call next, or ``None`` once the auction is over."""
        if self.is_complete:
            return None
        return _SEATS[(self.dealer + len(self._calls)) & 3]

    def _can_double_now(self, turn: int) -> bool:
        bidder = self._last_bidder
        return bidder is not None and self._risk is Risk.UNDOUBLED and (bidder ^ turn) & 1 == 1

    def _can_redouble_now(self, turn: int) -> bool:
        bidder = self._last_bidder
        return bidder is not None and self._risk is Risk.DOUBLED and (bidder ^ turn) & 1 == 0

    def make_call(self, call: Call, *, seat: Seat | None = None) -> Seat:
        """Check and make ``call``; returns the seat that made it."""
        turn = (self.dealer + len(self._calls)) & 3
        index = call.index if isinstance(call, Call) and not self.is_complete else -1
        legal = index >= 0 and (seat is None or seat is _SEATS[turn])
        if legal:
            if index == 1:
                legal = self._can_double_now(turn)
            elif index == 2:
                legal = self._can_redouble_now(turn)
            elif index >= 3:
                legal = self._last_bid is None or index > self._last_bid.index
        if not legal:
            self.check_call(call, seat=seat)
            raise AssertionError("unreachable: check_call accepted a refused action")
        call = CALLS[index]
        self._calls.append(call)
        if index == 0:
            self._passes += 1
        else:
            self._passes = 0
            if index >= 3:
                self._last_bid = call
                self._last_bidder = _SEATS[turn]
                self._risk = Risk.UNDOUBLED
            else:
                self._risk = _RISKS[index]
        return _SEATS[turn]

    def _legal_tuple(self) -> tuple[Call, ...]:
        """The calls legal now, in bidding-box order."""
        if self.is_complete:
            return ()
        turn = (self.dealer + len(self._calls)) & 3
        first = 3 if self._last_bid is None else self._last_bid.index + 1
        if self._can_double_now(turn):
            return (CALLS[0], CALLS[1], *CALLS[first:])
        if self._can_redouble_now(turn):
            return (CALLS[0], CALLS[2], *CALLS[first:])
        return (CALLS[0], *CALLS[first:])


class PlayCore:
    """The state of the play and its frequent moves."""

    __slots__ = ("_cards", "_claim", "_declarer_n", "_dummy_n", "_history", "_leader_n",
                 "_leaders", "_owner", "_trump_n", "_turn_n", "_won")

    def _core_start(self, owners: bytes, declarer: int, trump: int) -> None:
        """Start the play: each card's holder (52 bytes), declarer and trump as numbers."""
        if len(owners) != 52 or not 0 <= declarer <= 3 or not -1 <= trump <= 3:
            raise ValueError("_core_start: 52 owners, a seat 0-3, a trump -1-3")
        if any(owner > 3 for owner in owners):
            raise ValueError("_core_start: an owner is not a seat 0-3")
        # per seat, per suit: the cards still held, lowest first
        self._cards: list[list[list[Card]]] = [[[], [], [], []] for _ in range(4)]
        for card in DECK:
            self._cards[owners[card.index]][card.suit].append(card)
        self._owner: list[int] = list(owners)
        self._history: list[Card] = []
        self._leaders: list[Seat] = []
        self._declarer_n = declarer
        self._dummy_n = (declarer + 2) & 3
        self._trump_n = trump
        self._leader_n = self._turn_n = (declarer + 1) & 3
        self._won = [0, 0]
        self._claim: Claim | None = None

    def check_card(self, card: Card, *, by: Seat | None = None) -> None:
        """Raise the error naming the rule (the subclass's)."""
        raise NotImplementedError  # pragma: no cover

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat on turn may play, lowest first (Law 44C: follow suit if able)."""
        turn = self._turn_n
        if turn < 0 or self._claim is not None:
            return ()
        suits = self._cards[turn]
        current = len(self._history) - 4 * len(self._leaders)
        if current:
            following = suits[self._history[4 * len(self._leaders)].suit]
            if following:
                return tuple(following)
        clubs, diamonds, hearts, spades = suits
        return (*clubs, *diamonds, *hearts, *spades)

    def play_card(self, card: Card, *, by: Seat | None = None) -> Seat:
        """Check and play ``card``; returns the seat whose card it was."""
        seat = self._turn_n
        legal = (seat >= 0 and self._claim is None and isinstance(card, Card)
                 and self._owner[card.index] == seat)
        if legal and by is not None:
            legal = by is _SEATS[self._declarer_n if seat == self._dummy_n else seat]
        history = self._history
        current = len(history) - 4 * len(self._leaders)
        if legal and current:
            led = history[4 * len(self._leaders)].suit
            legal = card.suit is led or not self._cards[seat][led]
        if not legal:
            self.check_card(card, by=by)
            raise AssertionError("unreachable: check_card accepted a refused action")
        self._cards[seat][card.suit].remove(card)
        self._owner[card.index] = -1
        history.append(card)
        if current == 3:
            trick = history[-4:]
            best = 0
            for offset in (1, 2, 3):
                if trick[offset].suit is trick[best].suit:
                    if trick[offset].rank > trick[best].rank:
                        best = offset
                elif trick[offset].suit == self._trump_n:
                    best = offset
            winner = (self._leader_n + best) & 3
            self._leaders.append(_SEATS[self._leader_n])
            self._won[winner & 1] += 1
            self._leader_n = winner
            self._turn_n = winner if len(self._leaders) < 13 else -1
        else:
            self._turn_n = (seat + 1) & 3
        return _SEATS[seat]

    def _end(self) -> None:
        """No more cards: a claim settled the play."""
        self._turn_n = -1

    def holds(self, seat: Seat, card: Card) -> bool:
        """Whether ``seat`` still holds ``card``."""
        return seat in _SEATS and isinstance(card, Card) and self._owner[card.index] == seat

    def _suit_cards(self, seat: int, suit: int) -> tuple[Card, ...]:
        """The cards of one suit a seat still holds, lowest first."""
        if not (0 <= seat <= 3 and 0 <= suit <= 3):
            raise ValueError("_suit_cards: a seat and a suit, 0-3")
        return tuple(self._cards[seat][suit])

    def _hand_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat still holds, clubs first, lowest first."""
        if not 0 <= seat <= 3:
            raise ValueError("_hand_cards: a seat 0-3")
        return tuple(card for cards in self._cards[seat] for card in cards)

    def tricks_won(self, side: int) -> int:
        """Tricks a side has won in play (claims not counted)."""
        if side not in (0, 1):
            raise ValueError("tricks_won: a side, 0 (NS) or 1 (EW)")
        return self._won[side]

    @property
    def turn(self) -> Seat | None:
        """The seat whose card is played next (dummy included); ``None`` when play is over."""
        return None if self._turn_n < 0 else _SEATS[self._turn_n]

    @property
    def actor(self) -> Seat | None:
        """The seat that chooses the next card: declarer when dummy is on turn (Law 45)."""
        turn = self._turn_n
        if turn < 0:
            return None
        return _SEATS[self._declarer_n if turn == self._dummy_n else turn]

    @property
    def leader(self) -> Seat:
        """Who leads (or led) the trick in progress."""
        return _SEATS[self._leader_n]

    @property
    def cards_played(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        return tuple(self._history)

    @property
    def _current_cards(self) -> tuple[Card, ...]:
        return tuple(self._history[4 * len(self._leaders):])

    @property
    def _trick_leaders(self) -> tuple[Seat, ...]:
        return tuple(self._leaders)

    @property
    def _trick_count(self) -> int:
        return len(self._leaders)

    @property
    def _played_count(self) -> int:
        return len(self._history)


def deal_owners(index: int) -> bytes:
    """The seat (0-3) of each card of deal number ``index`` (Pavlicek's numbering)."""
    from redouble.deal import DEAL_COUNT

    if not 0 <= index < DEAL_COUNT:
        raise ValueError("deal_owners: the deal number is out of range")
    counts = [13, 13, 13, 13]
    remaining = 52
    total = DEAL_COUNT
    owners = bytearray(52)
    for card in range(52):
        for seat in range(4):
            share = total * counts[seat] // remaining
            if index < share:
                total = share
                break
            index -= share
        owners[card] = seat
        counts[seat] -= 1
        remaining -= 1
    return bytes(owners)
