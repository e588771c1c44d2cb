"""Play: following suit, trick winners, turn and actor, dummy, claims, concessions, undo."""

from __future__ import annotations

import pytest

from redouble import (
    Card,
    ClaimError,
    Contract,
    Deal,
    IllegalCardError,
    OutOfTurnError,
    Play,
    Seat,
    Side,
    Suit,
    Trick,
    UndoError,
)

SAMPLE = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_opening_lead_dummy_and_actor() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("4S", declarer=Seat.SOUTH))
    assert play.turn is Seat.WEST and play.actor is Seat.WEST
    assert not play.is_dummy_faced
    with pytest.raises(OutOfTurnError, match="West's turn to play, not South's"):
        play.play_card(Card.parse("S3"), by=Seat.SOUTH)
    play.play_card(Card.parse("H2"), by=Seat.WEST)
    assert play.is_dummy_faced
    assert play.turn is Seat.NORTH and play.actor is Seat.SOUTH  # declarer plays dummy
    with pytest.raises(OutOfTurnError, match="declarer plays dummy's cards"):
        play.play_card(Card.parse("HA"), by=Seat.NORTH)
    play.play_card(Card.parse("HA"), by=Seat.SOUTH)


def test_follow_suit_and_winner_with_trumps() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    play = Play(deal=deal, contract=Contract.parse("1S", declarer=Seat.EAST))
    # South leads (declarer's LHO)
    assert play.turn is Seat.SOUTH
    for card in cards("H8 H2 HA H9"):
        play.play_card(card)
    trick = play.tricks[0]
    assert trick.winner is Seat.NORTH and trick.leader is Seat.SOUTH
    assert play.tricks_won(Side.NS) == 1 and play.defender_tricks == 1
    assert play.turn is Seat.NORTH
    play.play_card(Card.parse("DA"))
    with pytest.raises(IllegalCardError, match="does not follow suit: diamonds were led"):
        play.play_card(Card.parse("S7"))
    assert play.legal_cards() == tuple(cards("D9 DT DJ"))


def test_ruff_wins_trick() -> None:
    trick = Trick(leader=Seat.NORTH, cards=tuple(cards("HA H2 S2 H3")), trump=Suit.SPADES)
    assert trick.winner is Seat.SOUTH
    overruff = Trick(leader=Seat.NORTH, cards=tuple(cards("HA S2 S3 H3")), trump=Suit.SPADES)
    assert overruff.winner is Seat.SOUTH
    notrump = Trick(leader=Seat.WEST, cards=tuple(cards("H3 S2 HA HK")), trump=None)
    assert notrump.winner is Seat.EAST and notrump.card_of(Seat.NORTH) == Card.parse("S2")
    assert Trick(leader=Seat.WEST, cards=tuple(cards("H3 S2"))).winner is None


def test_card_already_played_and_not_held() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("3NT", declarer=Seat.SOUTH))
    play.play_card(Card.parse("H2"))
    with pytest.raises(IllegalCardError, match="H2 has already been played"):
        play.play_card(Card.parse("H2"))
    with pytest.raises(OutOfTurnError, match="not in North's hand"):
        play.play_card(Card.parse("H9"))


def test_full_play_counts_thirteen_tricks() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("7NT", declarer=Seat.NORTH))
    while not play.is_complete:
        play.play_card(play.legal_cards()[-1])
    assert len(play.tricks) == 13
    assert play.declarer_tricks + play.defender_tricks == 13
    assert play.declarer_tricks == 13
    with pytest.raises(IllegalCardError, match="play is over"):
        play.check_card(Card.parse("SA"))


def test_lowest_of_for_dummy() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("2H", declarer=Seat.SOUTH))
    play.play_card(Card.parse("D5"))
    assert play.turn is Seat.NORTH
    assert play.lowest_of(Suit.DIAMONDS) == Card.parse("DQ")
    with pytest.raises(IllegalCardError, match="has no"):
        Play(deal=Deal.from_pbn("N:AKQJT98765432... - - -".replace(" - - -",
             " .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")),
             contract=Contract.parse("1S", declarer=Seat.SOUTH)).lowest_of(Suit.SPADES)


def test_claim_by_declarer_needs_both_defenders() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("6NT", declarer=Seat.NORTH))
    play.play_card(Card.parse("ST"))  # East leads
    claim = play.claim(Seat.NORTH, 13)
    assert claim.needs == {Seat.EAST, Seat.WEST}
    with pytest.raises(IllegalCardError, match="claim must be answered"):
        play.play_card(Card.parse("S3"))
    with pytest.raises(ClaimError, match="South is not asked"):
        play.accept_claim(Seat.SOUTH)
    play.accept_claim(Seat.EAST)
    assert not play.is_complete
    with pytest.raises(ClaimError, match="already agreed"):
        play.accept_claim(Seat.EAST)
    play.accept_claim(Seat.WEST)
    assert play.is_complete and play.declarer_tricks == 13 and play.defender_tricks == 0


def test_rejected_claim_lets_play_go_on() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("6NT", declarer=Seat.NORTH))
    play.claim(Seat.NORTH, 12)
    play.reject_claim(Seat.WEST)
    assert play.pending_claim is None and not play.is_complete
    play.play_card(Card.parse("ST"))


def test_concessions_and_defender_claims() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("1NT", declarer=Seat.WEST))
    claim = play.concede(Seat.WEST)  # declarer concedes everything: nothing to agree
    assert claim.needs == frozenset() and play.is_complete and play.declarer_tricks == 0
    other = Play(deal=SAMPLE, contract=Contract.parse("1NT", declarer=Seat.WEST))
    other.claim(Seat.NORTH, 13)  # a defender claims: declarer and the claimer's partner agree
    assert other.pending_claim is not None
    assert other.pending_claim.needs == {Seat.WEST, Seat.SOUTH}
    other.accept_claim(Seat.SOUTH)
    other.accept_claim(Seat.WEST)
    assert other.declarer_tricks == 0 and other.defender_tricks == 13
    with pytest.raises(ClaimError, match="dummy may not claim"):
        Play(deal=SAMPLE, contract=Contract.parse("1NT", declarer=Seat.WEST)).claim(Seat.EAST, 1)
    with pytest.raises(ClaimError, match="0 to 13"):
        Play(deal=SAMPLE, contract=Contract.parse("1NT", declarer=Seat.WEST)).claim(Seat.WEST, 14)


def test_undo_a_card() -> None:
    play = Play(deal=SAMPLE, contract=Contract.parse("3NT", declarer=Seat.SOUTH))
    with pytest.raises(UndoError):
        play.undo()
    for card in cards("H2 HA H9 H6 SA"):
        play.play_card(card)
    assert play.undo() == Card.parse("SA")
    assert play.turn is Seat.NORTH and len(play.tricks) == 1
    play.undo()
    assert play.tricks == () and play.turn is Seat.WEST.lho.lho.lho
