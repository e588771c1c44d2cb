"""The hot path of the rules engine in plain Python: the reference for ``redouble/_accel.c``.

``AuctionCore`` and ``PlayCore`` hold the state every call and card touches and make the
frequent moves (a call, a card, the legal calls and cards). ``Auction`` and ``Play`` subclass
whichever implementation is in use: the compiled one when it is built, this one otherwise or
with ``REDOUBLE_PURE_PYTHON=1``. The tests run both side by side on random boards.

The core alone decides legality: ``_call_refusal`` and ``_card_refusal`` return 0 for a legal
action and a ``Refusal`` otherwise. A refused action goes to the subclass's ``check_call`` or
``check_card``, which raises the error ``redouble.refusals`` words for that reason; the core
has no messages of its own. Seats, suits, cards and calls are numbered as their Python types
number them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from redouble.calls import CALLS, Call, Risk
from redouble.cards import DECK, Card
from redouble.refusals import Refusal
from redouble.seats import Seat

if TYPE_CHECKING:
    from collections.abc import Callable

    from redouble.play import Claim

__all__ = ["AuctionCore", "PlayCore", "deal_layouts", "deal_owners"]

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

    def _call_refusal(self, call: object, seat: Seat | None) -> int:
        """0 if ``call`` may be made now (by ``seat``, if given), else the ``Refusal``."""
        if not isinstance(call, Call):
            return Refusal.NOT_A_CALL
        if self.is_complete:
            return Refusal.AUCTION_OVER
        turn = (self.dealer + len(self._calls)) & 3
        if seat is not None and seat is not _SEATS[turn]:
            return Refusal.CALL_OUT_OF_TURN
        index = call.index
        if index >= 3:
            bid = self._last_bid
            return Refusal.INSUFFICIENT_BID if bid is not None and index <= bid.index else 0
        if index == 0:
            return 0
        bidder = self._last_bidder
        risk = self._risk
        if index == 1:
            if bidder is None:
                return Refusal.DOUBLE_WITHOUT_BID
            if (bidder ^ turn) & 1 == 0:
                return Refusal.DOUBLE_OWN_SIDE
            return Refusal.DOUBLE_REPEATED if risk is not Risk.UNDOUBLED else 0
        if bidder is None:
            return Refusal.REDOUBLE_WITHOUT_BID
        if risk is Risk.UNDOUBLED:
            return Refusal.REDOUBLE_NOT_DOUBLED
        if risk is Risk.REDOUBLED:
            return Refusal.REDOUBLE_REPEATED
        return Refusal.REDOUBLE_WRONG_SIDE if (bidder ^ turn) & 1 else 0

    def make_call(self, call: Call, *, seat: Seat | None = None) -> Seat:
        """Check and make ``call``; returns the seat that made it."""
        if self._call_refusal(call, seat):
            self.check_call(call, seat=seat)
            raise AssertionError("unreachable: check_call accepted a refused action")
        turn = (self.dealer + len(self._calls)) & 3
        index = call.index
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

    def _card_refusal(self, card: object, by: Seat | None) -> int:
        """0 if ``card`` may be played now (``by`` the acting seat, if given), else the ``Refusal``."""
        if not isinstance(card, Card):
            return Refusal.NOT_A_CARD
        seat = self._turn_n
        if seat < 0:
            return Refusal.PLAY_OVER
        if self._claim is not None:
            return Refusal.CLAIM_PENDING
        if by is not None:
            dummy = seat == self._dummy_n
            if by is not _SEATS[self._declarer_n if dummy else seat]:
                return Refusal.DUMMY_CANNOT_ACT if dummy else Refusal.CARD_OUT_OF_TURN
        owner = self._owner[card.index]
        if owner != seat:
            return Refusal.CARD_ALREADY_PLAYED if owner < 0 else Refusal.CARD_NOT_HELD
        history = self._history
        if len(history) & 3:
            led = history[4 * len(self._leaders)].suit
            if card.suit is not led and self._cards[seat][led]:
                return Refusal.MUST_FOLLOW_SUIT
        return 0

    def play_card(self, card: Card, *, by: Seat | None = None) -> Seat:
        """Check and play ``card``; returns the seat whose card it was."""
        if self._card_refusal(card, by):
            self.check_card(card, by=by)
            raise AssertionError("unreachable: check_card accepted a refused action")
        seat = self._turn_n
        history = self._history
        current = len(history) - 4 * len(self._leaders)
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


#: The sampler's tables, by position (hidden seats 0..n-1, unseen cards 0..m-1): each card's
#: suit, its HCP, the seats that may hold it; whether any card has fewer such seats than
#: another (those are dealt first); each seat's room; the HCP and suit lengths of the cards
#: each seat has played.
DealTables = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], bool,
                   tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int, int], ...]]
#: One seat's test: HCP range, the four suit-length ranges (clubs first), balanced (1),
#: unbalanced (0) or either (-1), and groups of length alternatives (one of each must hold).
SeatTest = tuple[int, int, tuple[tuple[int, int], ...], int,
                 tuple[tuple[tuple[tuple[int, int], ...], ...], ...]]

_BALANCED = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})


def _below(getrandbits: Callable[[int], int], n: int) -> int:
    """A uniform integer in [0, n) drawn exactly as ``random.Random.randrange(n)`` and
    ``shuffle`` draw theirs (rejection over ``getrandbits``)."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def _deal_once(rng: random.Random, tables: DealTables
               ) -> tuple[list[list[int]], list[int], list[list[int]]] | None:
    """One random deal of the unseen cards (shuffled as ``random.shuffle`` would, forced
    cards first, each other card to a seat with room with probability proportional to its
    room): each seat's positions, HCP and suit lengths, or ``None`` if a card has nowhere
    to go."""
    suit_of, hcp_of, eligible, forced_first, room0, base_hcp, base_lengths = tables
    bits = rng.getrandbits
    order = list(range(len(suit_of)))
    for i in range(len(order) - 1, 0, -1):
        j = _below(bits, i + 1)
        order[i], order[j] = order[j], order[i]
    if forced_first:
        order.sort(key=lambda c: len(eligible[c]))  # stable: forced cards first
    room = list(room0)
    hands: list[list[int]] = [[] for _ in room0]
    hcp = list(base_hcp)
    lengths = [list(shape) for shape in base_lengths]
    for card in order:
        seats = [s for s in eligible[card] if room[s] > 0]
        if not seats:
            return None
        seat = seats[0]
        if len(seats) > 1:
            pick = _below(bits, sum(room[s] for s in seats))
            for seat in seats:
                pick -= room[seat]
                if pick < 0:
                    break
        hands[seat].append(card)
        room[seat] -= 1
        hcp[seat] += hcp_of[card]
        lengths[seat][suit_of[card]] += 1
    return hands, hcp, lengths


def _passes(test: SeatTest, hcp: int, lengths: list[int]) -> bool:
    """Whether one seat's HCP and suit lengths pass its test."""
    lo, hi, ranges, balanced, groups = test
    if not lo <= hcp <= hi:
        return False
    if not all(a <= n <= b for (a, b), n in zip(ranges, lengths, strict=True)):
        return False
    for group in groups:
        if not any(all(a <= n <= b for (a, b), n in zip(alt, lengths, strict=True))
                   for alt in group):
            return False
    return balanced < 0 or (tuple(sorted(lengths, reverse=True)) in _BALANCED) is bool(balanced)


def deal_layouts(rng: random.Random, tables: DealTables, tests: tuple[SeatTest, ...] | None,
                 count: int, tries: int) -> tuple[list[list[list[int]]], int]:
    """Up to ``count`` deals of the unseen cards whose seats pass ``tests`` (``None``: any
    deal), in at most ``tries`` deals: the accepted deals' positions by seat, and the
    tries used. Draws from ``rng`` exactly as the compiled core does."""
    accepted: list[list[list[int]]] = []
    used = 0
    while len(accepted) < count and used < tries:
        used += 1
        dealt = _deal_once(rng, tables)
        if dealt is None:
            continue
        hands, hcp, lengths = dealt
        if tests is None or all(_passes(test, points, shape) for test, points, shape
                                in zip(tests, hcp, lengths, strict=True)):
            accepted.append(hands)
    return accepted, used
