"""The play of the cards, and claims and concessions (Laws 41-47, 68-70).

``play.turn`` is the seat whose card comes next; ``play.actor`` is the seat that chooses it,
which is declarer when dummy is on turn (Law 45: declarer plays dummy's cards).

>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> play = Play(deal=deal, contract=Contract.parse("7NT", declarer=Seat.SOUTH))
>>> play.turn, play.actor
(Seat.WEST, Seat.WEST)
>>> play.play_card(Card.parse("H5"))
Seat.WEST
>>> play.turn, play.actor
(Seat.NORTH, Seat.SOUTH)
>>> play.play_card(Card.parse("C2"))
Traceback (most recent call last):
...
redouble.errors.OutOfTurnError: C2 is not in North's hand; it is North's turn to play
>>> play.play_card(Card.parse("SA"))
Traceback (most recent call last):
...
redouble.errors.IllegalCardError: SA does not follow suit: hearts were led and North holds hearts (Law 44C)
>>> play.lowest_of(Suit.HEARTS)
Card.parse('HQ')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from redouble._backend import PlayCore
from redouble.calls import Contract
from redouble.cards import SUITS, Card, Suit
from redouble.deal import Deal
from redouble.errors import ClaimError, IllegalCardError, UndoError
from redouble.refusals import card_error
from redouble.seats import Seat, Side

__all__ = ["Claim", "Play", "Trick"]


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: who led, the cards in the order played, and the trump suit it was played in."""

    leader: Seat
    cards: tuple[Card, ...] = ()
    trump: Suit | None = None

    def __post_init__(self) -> None:
        if len(self.cards) > 4:
            raise IllegalCardError(f"a trick has at most four cards, not {len(self.cards)}")

    @property
    def is_complete(self) -> bool:
        """Whether all four cards are in."""
        return len(self.cards) == 4

    @property
    def led_suit(self) -> Suit | None:
        """The suit of the first card."""
        return self.cards[0].suit if self.cards else None

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """``(seat, card)`` pairs in the order played."""
        return tuple((self.leader.next(i), card) for i, card in enumerate(self.cards))

    def card_of(self, seat: Seat) -> Card | None:
        """The card ``seat`` contributed, if any yet."""
        offset = (seat - self.leader) & 3
        return self.cards[offset] if offset < len(self.cards) else None

    @property
    def winning_seat(self) -> Seat | None:
        """Who is winning the trick so far (Law 44D-E); ``None`` for an empty trick."""
        if not self.cards:
            return None
        best = 0
        best_card = self.cards[0]
        for offset in range(1, len(self.cards)):
            card = self.cards[offset]
            if card.suit is best_card.suit:
                if card.rank > best_card.rank:
                    best, best_card = offset, card
            elif card.suit is self.trump:
                best, best_card = offset, card
        return self.leader.next(best)

    @property
    def winner(self) -> Seat | None:
        """The seat that won the trick; ``None`` until it is complete."""
        return self.winning_seat if len(self.cards) == 4 else None


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim (or, with ``tricks=0``, a concession) of some of the remaining tricks.

    ``tricks`` is what the claimer's side will take of the ``remaining`` tricks; the claim
    stands once every seat in ``needs`` has agreed (Law 68-69).
    """

    claimer: Seat
    tricks: int
    remaining: int
    needs: frozenset[Seat]
    accepted_by: frozenset[Seat] = field(default_factory=frozenset)

    @property
    def is_accepted(self) -> bool:
        """Whether every seat that must agree has."""
        return self.needs <= self.accepted_by

    @property
    def is_concession(self) -> bool:
        """A claim of no tricks concedes the rest."""
        return self.tricks == 0


class Play(PlayCore):
    """The card play of one deal under a contract with a declarer.

    The state and the frequent moves (``play_card``, ``legal_cards``, ``turn``, ``actor``)
    and the reason a card is refused come from the engine core (``redouble._backend``);
    ``redouble.refusals`` words the refusal.
    """

    __slots__ = ("_accepted", "_settled", "_trick_cache", "contract", "deal", "declarer", "dummy",
                 "trump")

    def __init__(self, *, deal: Deal, contract: Contract, cards: Iterable[Card] = ()) -> None:
        if contract.declarer is None:
            raise ClaimError("play needs a contract with a declarer")
        self.deal = deal
        self.contract = contract
        self.declarer: Seat = contract.declarer
        self.dummy: Seat = self.declarer.partner
        self.trump: Suit | None = contract.strain.suit
        self._start()
        for card in cards:
            self.play_card(card)

    def _start(self) -> None:
        self._core_start(self.deal.owners, self.declarer, -1 if self.trump is None else self.trump)
        self._trick_cache: list[Trick] = []
        self._settled: int | None = None  # declarer's total once a claim is accepted
        self._accepted: Claim | None = None

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_rebuild_play, (self.deal, self.contract, self.cards_played, self._claim,
                                self._settled, self._accepted))

    def __repr__(self) -> str:
        return (f"<Play {self.contract.format(with_declarer=True)}: {self._trick_count} tricks, "
                f"declarer {self.declarer_tricks}>")

    # --- who is where ------------------------------------------------------------------

    @property
    def declaring_side(self) -> Side:
        """Declarer's partnership."""
        return self.declarer.side

    @property
    def is_complete(self) -> bool:
        """All 13 tricks played, or a claim or concession accepted."""
        return self._settled is not None or self._trick_count == 13

    @property
    def is_dummy_faced(self) -> bool:
        """Dummy is faced once the opening lead is made (Law 41D)."""
        return self._played_count > 0

    def remaining(self, seat: Seat) -> frozenset[Card]:
        """The cards ``seat`` still holds."""
        return frozenset(self._hand_cards(seat))

    # --- tricks ------------------------------------------------------------------------

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks in order."""
        cache = self._trick_cache  # emptied by _start: tricks only ever grow in between
        count = self._trick_count
        if len(cache) < count:
            leaders = self._trick_leaders
            played = self.cards_played
            cache.extend(Trick(leader=leaders[i], cards=played[4 * i:4 * i + 4], trump=self.trump)
                         for i in range(len(cache), count))
        return tuple(cache)

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (empty between tricks, and after the last one)."""
        return Trick(leader=self.leader, cards=self._current_cards, trump=self.trump)

    @property
    def last_trick(self) -> Trick | None:
        """The last completed trick."""
        tricks = self.tricks
        return tricks[-1] if tricks else None

    @property
    def remaining_tricks(self) -> int:
        """Tricks not yet completed, the one in progress included."""
        return 13 - self._trick_count

    @property
    def declarer_tricks(self) -> int:
        """Declarer's side's tricks: won in play, plus any settled by an accepted claim."""
        if self._settled is not None:
            return self._settled
        return self.tricks_won(self.declaring_side)

    @property
    def defender_tricks(self) -> int:
        """The defenders' tricks: won in play, plus any settled by an accepted claim."""
        if self._settled is not None:
            return 13 - self._settled
        return self.tricks_won(self.declaring_side.opponents)

    # --- playing a card ------------------------------------------------------------------

    def check_card(self, card: Card, *, by: Seat | None = None) -> None:
        """Raise ``IllegalCardError`` (or ``OutOfTurnError``) if the core refuses ``card`` (Law 44).

        ``by`` is the seat acting; declarer acts for dummy (Law 45B).
        """
        reason = self._card_refusal(card, by)
        if reason:
            raise card_error(reason, card, by, self)

    def is_legal_card(self, card: Card, *, by: Seat | None = None) -> bool:
        """Whether ``check_card`` would accept ``card``."""
        return not self._card_refusal(card, by)

    def lowest_of(self, suit: Suit, seat: Seat | None = None) -> Card:
        """The lowest card of ``suit`` held by ``seat`` (default: the seat on turn).

        Seed 000: when declarer names only a suit from dummy, its lowest card is played.
        """
        holder = self.turn if seat is None else seat
        if holder is None:
            raise IllegalCardError("play is over: no hand is on turn")
        cards = self._suit_cards(holder, suit)
        if not cards:
            raise IllegalCardError(f"{holder.format(full=True)} has no {suit.name.lower()}")
        return cards[0]

    def undo(self) -> Card:
        """Take back the last card played (a policy decision for the caller) and return it."""
        if self._claim is not None or self._settled is not None:
            raise UndoError("a card cannot be taken back while a claim is pending or settled")
        played = self.cards_played
        if not played:
            raise UndoError("no card has been played yet")
        self._start()
        for card in played[:-1]:
            self.play_card(card)
        return played[-1]

    # --- claims and concessions ------------------------------------------------------

    @property
    def pending_claim(self) -> Claim | None:
        """The claim awaiting answers, if any."""
        return self._claim

    def _claim_needs(self, claimer: Seat, tricks: int) -> frozenset[Seat]:
        if claimer.side is self.declaring_side:
            if tricks == 0:
                return frozenset()  # declarer concedes the rest: nothing to agree
            return frozenset({self.declarer.lho, self.declarer.rho})
        # a defender's claim binds partner too (Law 68B2); declarer answers for dummy's side
        needs = {claimer.partner}
        if tricks > 0:
            needs.add(self.declarer)
        return frozenset(needs)

    def check_claim(self, claimer: Seat, tricks: int) -> None:
        """Raise ``ClaimError`` if ``claimer`` may not claim ``tricks`` of the remaining tricks."""
        if self.is_complete:
            raise ClaimError("play is over: there is nothing left to claim")
        if self._claim is not None:
            raise ClaimError(
                f"{self._claim.claimer.format(full=True)}'s claim is already pending")
        if claimer is self.dummy:
            raise ClaimError("dummy may not claim or concede (Law 43)")
        remaining = self.remaining_tricks
        if not isinstance(tricks, int) or not 0 <= tricks <= remaining:
            raise ClaimError(f"a claim is of 0 to {remaining} remaining tricks, not {tricks!r}")

    def can_claim(self, claimer: Seat, tricks: int) -> bool:
        """Whether ``check_claim`` would accept the claim."""
        try:
            self.check_claim(claimer, tricks)
        except ClaimError:
            return False
        return True

    def claim(self, claimer: Seat, tricks: int) -> Claim:
        """Claim ``tricks`` of the remaining tricks for the claimer's side; returns the claim."""
        self.check_claim(claimer, tricks)
        claim = Claim(claimer=claimer, tricks=tricks, remaining=self.remaining_tricks,
                      needs=self._claim_needs(claimer, tricks))
        self._claim = claim
        self._settle_if_agreed()
        return claim

    def concede(self, seat: Seat) -> Claim:
        """Concede all remaining tricks to the opponents (a claim of none)."""
        return self.claim(seat, 0)

    def _check_answer(self, seat: Seat) -> Claim:
        claim = self._claim
        if claim is None:
            raise ClaimError("there is no claim to answer")
        if seat not in claim.needs:
            raise ClaimError(
                f"{seat.format(full=True)} is not asked to agree to "
                f"{claim.claimer.format(full=True)}'s claim")
        if seat in claim.accepted_by:
            raise ClaimError(f"{seat.format(full=True)} has already agreed")
        return claim

    def accept_claim(self, seat: Seat) -> Claim:
        """Agree to the pending claim; it stands once all who must have agreed (Law 69)."""
        claim = self._check_answer(seat)
        claim = Claim(claimer=claim.claimer, tricks=claim.tricks, remaining=claim.remaining,
                      needs=claim.needs, accepted_by=claim.accepted_by | {seat})
        self._claim = claim
        self._settle_if_agreed()
        return claim

    def reject_claim(self, seat: Seat) -> Claim:
        """Dispute the pending claim: it lapses and play continues (a director would rule)."""
        claim = self._check_answer(seat)
        self._claim = None
        return claim

    def withdraw_claim(self, seat: Seat) -> Claim:
        """The claimer takes the claim back before it stands."""
        claim = self._claim
        if claim is None or claim.claimer is not seat:
            raise ClaimError(f"{seat.format(full=True)} has no pending claim to withdraw")
        self._claim = None
        return claim

    def _settle_if_agreed(self) -> None:
        claim = self._claim
        if claim is None or not claim.is_accepted:
            return
        won = self.tricks_won(self.declaring_side)
        if claim.claimer.side is self.declaring_side:
            self._settled = won + claim.tricks
        else:
            self._settled = won + claim.remaining - claim.tricks
        self._claim = None
        self._accepted = claim
        self._end()

    @property
    def accepted_claim(self) -> Claim | None:
        """The claim or concession that settled the play, if one did."""
        return self._accepted

    def suit_lengths(self, seat: Seat) -> dict[Suit, int]:
        """How many cards of each suit ``seat`` still holds."""
        return {suit: len(self._suit_cards(seat, suit)) for suit in SUITS}


def _rebuild_play(deal: Deal, contract: Contract, cards: tuple[Card, ...], claim: Claim | None,
                  settled: int | None, accepted: Claim | None) -> Play:
    """Pickle and copy support: replay the cards, then restore the claims' state."""
    play = Play(deal=deal, contract=contract, cards=cards)
    play._claim = claim
    play._settled = settled
    play._accepted = accepted
    if accepted is not None:
        play._end()
    return play
