"""A play position for double-dummy solving: every seat's remaining cards, the trump strain,
who led the current trick and the cards already in it.

Cards in the trick in progress are no longer in their players' hands, so seats that have
played to it hold one card fewer than the others.

>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> position = Position.from_deal(deal, trump=Strain.NOTRUMP, leader=Seat.WEST)
>>> position.turn, position.remaining_tricks
(Seat.WEST, 13)
>>> after = position.play(Card.parse("H5"))
>>> after.turn, after.trick, len(after.hands[Seat.WEST])
(Seat.NORTH, (Card.parse('H5'),), 12)
>>> after.legal_cards()
(Card.parse('HQ'), Card.parse('HK'), Card.parse('HA'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from redouble.analysis.errors import AnalysisError
from redouble.cards import Card, Strain
from redouble.deal import Deal
from redouble.hand import Hand
from redouble.play import Play, Trick
from redouble.seats import Seat
from redouble.view import View

__all__ = ["Position"]

_Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]


class Position:
    """A full-deal view of a play position (all four hands known), immutable and hashable."""

    __slots__ = ("hands", "leader", "trick", "trump")
    hands: _Hands
    trump: Strain
    leader: Seat
    trick: tuple[Card, ...]

    def __init__(self, *, hands: Mapping[Seat, Iterable[Card]] | Sequence[Iterable[Card]],
                 trump: Strain, leader: Seat, trick: Iterable[Card] = ()) -> None:
        if isinstance(hands, Mapping):
            missing = [seat for seat in Seat if seat not in hands]
            if missing:
                raise AnalysisError("a position needs the cards of all four seats; missing "
                                    + ", ".join(s.format(full=True) for s in missing))
            ordered = [frozenset(hands[seat]) for seat in Seat]
        else:
            ordered = [frozenset(cards) for cards in hands]
            if len(ordered) != 4:
                raise AnalysisError(f"a position needs four hands, not {len(ordered)}")
        cards_in_trick = tuple(trick)
        if not isinstance(trump, Strain):
            raise AnalysisError(f"the trump must be a Strain, not {trump!r}")
        self._check(ordered, Seat(leader), cards_in_trick)
        object.__setattr__(self, "hands", (ordered[0], ordered[1], ordered[2], ordered[3]))
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "leader", Seat(leader))
        object.__setattr__(self, "trick", cards_in_trick)

    @staticmethod
    def _check(hands: list[frozenset[Card]], leader: Seat, trick: tuple[Card, ...]) -> None:
        if len(trick) > 3:
            raise AnalysisError(
                f"the trick in progress holds 0 to 3 cards, not {len(trick)}: a fourth card "
                "completes it")
        seen: dict[Card, str] = {}
        for seat, cards in zip(Seat, hands, strict=True):
            for card in cards:
                if not isinstance(card, Card):
                    raise AnalysisError(f"{card!r} is not a card")
                if card in seen:
                    raise AnalysisError(f"{card} is in both {seen[card]}'s and "
                                        f"{seat.format(full=True)}'s hands")
                seen[card] = seat.format(full=True)
        for card in trick:
            if card in seen:
                raise AnalysisError(f"{card} is in the current trick and in {seen[card]}'s hand")
            seen[card] = "the current trick"
        turn = leader.next(len(trick))
        tricks_left = len(hands[turn])
        if tricks_left == 0:
            raise AnalysisError("no cards left: there is nothing to solve")
        if tricks_left > 13:
            raise AnalysisError(f"a seat holds {tricks_left} cards; at most 13")
        for offset in range(4):
            seat = leader.next(offset)
            want = tricks_left - 1 if offset < len(trick) else tricks_left
            if len(hands[seat]) != want:
                raise AnalysisError(
                    f"{seat.format(full=True)} holds {len(hands[seat])} cards but should hold "
                    f"{want}: every seat holds as many cards as tricks remain, less the one it "
                    "has played to the current trick")

    # --- values ---------------------------------------------------------------------------

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Position) and self.hands == other.hands
                and self.trump is other.trump and self.leader is other.leader
                and self.trick == other.trick)

    def __hash__(self) -> int:
        return hash((self.hands, self.trump, self.leader, self.trick))

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.hands, self.trump, self.leader, self.trick))

    def __repr__(self) -> str:
        hands = " ".join(Hand(cards).to_pbn() for cards in self.hands)
        trick = ",".join(map(str, self.trick))
        return (f"<Position {self.trump} leader={self.leader.letter()} trick=[{trick}] "
                f"N:{hands}>")

    # --- derived ------------------------------------------------------------------------

    @property
    def turn(self) -> Seat:
        """The seat to play next."""
        return self.leader.next(len(self.trick))

    @property
    def remaining_tricks(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return len(self.hands[self.turn])

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to play may play, lowest first (Law 44C: follow suit if able)."""
        hand = self.hands[self.turn]
        if self.trick:
            led = self.trick[0].suit
            following = sorted(card for card in hand if card.suit is led)
            if following:
                return tuple(following)
        return tuple(sorted(hand))

    def current(self) -> Trick:
        """The trick in progress as a core ``Trick``."""
        return Trick(leader=self.leader, cards=self.trick, trump=self.trump.suit)

    def play(self, card: Card) -> Position:
        """The position after the seat to play plays ``card``."""
        if card not in self.legal_cards():
            raise AnalysisError(
                f"{card} is not a legal card for {self.turn.format(full=True)} here")
        hands = list(self.hands)
        hands[self.turn] = hands[self.turn] - {card}
        trick = (*self.trick, card)
        if len(trick) < 4:
            return Position(hands=hands, trump=self.trump, leader=self.leader, trick=trick)
        winner = Trick(leader=self.leader, cards=trick, trump=self.trump.suit).winning_seat
        assert winner is not None
        if not hands[winner]:
            raise AnalysisError("that card ends the play: there is no position after it")
        return Position(hands=hands, trump=self.trump, leader=winner)

    # --- construction -------------------------------------------------------------------

    @classmethod
    def from_deal(cls, deal: Deal, *, trump: Strain, leader: Seat) -> Position:
        """The start of play: the full deal, ``leader`` to make the opening lead."""
        return cls(hands={seat: deal[seat].cards for seat in Seat}, trump=trump, leader=leader)

    @classmethod
    def from_play(cls, play: Play) -> Position:
        """The position now reached in a core ``Play`` (not finished)."""
        if play.turn is None:
            raise AnalysisError("the play is over: there is no position to solve")
        current = play.current_trick
        return cls(hands={seat: play.remaining(seat) for seat in Seat},
                   trump=play.contract.strain, leader=current.leader, trick=current.cards)

    @classmethod
    def from_view(cls, view: View) -> Position:
        """The position of a view that shows all four hands (a post-mortem or kibitzer view)."""
        if view.contract is None or view.turn is None:
            raise AnalysisError("the view is not in the play phase: there is no position")
        hidden = [seat for seat in Seat if seat not in view.hands]
        if hidden:
            raise AnalysisError(
                "the view hides " + ", ".join(s.format(full=True) for s in hidden)
                + "'s cards; sample them and build a Position from the parts")
        trick = view.current_trick
        leader = trick.leader if trick is not None else view.turn
        cards = trick.cards if trick is not None else ()
        return cls(hands=view.hands, trump=view.contract.strain, leader=leader, trick=cards)


def _rebuild(hands: _Hands, trump: Strain, leader: Seat, trick: tuple[Card, ...]) -> Position:
    return Position(hands=hands, trump=trump, leader=leader, trick=trick)
