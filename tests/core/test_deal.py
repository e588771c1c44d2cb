"""Hands, deals and boards: validity, PBN, evaluation, dealing and the 16-board cycle."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from redouble import (
    DEAL_COUNT,
    DECK,
    Board,
    Card,
    Deal,
    Hand,
    InvalidDealError,
    NotationError,
    Seat,
    Suit,
    Vulnerability,
)

SAMPLE = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def test_deal_count_is_the_number_of_deals() -> None:
    assert DEAL_COUNT == 53_644_737_765_488_792_839_237_440_000
    assert math.log2(DEAL_COUNT) > 95


def test_pbn_round_trip_and_rotation() -> None:
    deal = Deal.from_pbn(SAMPLE)
    assert deal.to_pbn() == SAMPLE
    east_first = deal.to_pbn(first=Seat.EAST)
    assert east_first.startswith("E:T987.JT9.JT9.JT9 ")
    assert Deal.from_pbn(east_first) == deal
    assert deal[Seat.WEST] == Hand.parse("2.5432.5432.5432")
    assert Deal.from_pbn(repr(deal)[len("Deal.from_pbn('"):-2]) == deal


def test_one_missing_hand_is_the_rest_of_the_pack() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - 6543.876.876.876 2.5432.5432.5432")
    assert deal[Seat.EAST] == Hand.parse("T987.JT9.JT9.JT9")
    with pytest.raises(InvalidDealError, match="does not give the hands of East, South"):
        Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - - 2.5432.5432.5432")


def test_dutch_deal() -> None:
    deal = Deal.from_pbn("N:AHVB.AHV.AHV.AHV 10987.B109.B109.B109 6543.876.876.876 "
                         "2.5432.5432.5432", lang="nl")
    assert deal == Deal.from_pbn(SAMPLE)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AKQJ.AKQ.AKQ.AKQ", "expected a seat letter and ':'"),
        ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9", "expected four hands, found 2"),
        ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543",
         "West has 12 cards"),
        ("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 A.5432.5432.5432",
         "SA is in both North's and West's hands"),
        ("N:AKQJ.AKQ.AKQ.AKZ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
         "'Z' in the clubs is not a rank"),
        ("N:AKQJ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
         "expected four suits"),
        ("N:AAKQJ.AKQ.AKQ.AK T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
         "holds SA twice"),
    ],
)
def test_invalid_deals_name_the_problem(text: str, message: str) -> None:
    with pytest.raises((InvalidDealError, NotationError), match=message):
        Deal.from_pbn(text)


def test_deal_is_a_frozen_mapping() -> None:
    deal = Deal.from_pbn(SAMPLE)
    assert list(deal) == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert deal.holder(Card.parse("S2")) is Seat.WEST
    with pytest.raises(AttributeError):
        deal.x = 1  # type: ignore[attr-defined]
    assert {deal: "x"}[Deal.from_pbn(SAMPLE)] == "x"


def test_index_round_trip_at_the_edges() -> None:
    for index in (0, 1, DEAL_COUNT // 2, DEAL_COUNT - 1):
        assert Deal.from_index(index).index == index
    assert Deal.from_index(0)[Seat.NORTH] == Hand(DECK[:13])
    with pytest.raises(InvalidDealError):
        Deal.from_index(DEAL_COUNT)


def test_seeded_deals_are_reproducible_and_distinct() -> None:
    first = [Deal.from_seed("club", n) for n in range(20)]
    assert first == [Deal.from_seed("club", n) for n in range(20)]
    assert len(set(first)) == 20
    assert Deal.from_seed("club", 0) != Deal.from_seed("clubs", 0)
    assert Deal.from_seed(b"\x00") != Deal.from_seed(b"\x00\x00")
    # pinned: the derivation is documented and must never change silently
    assert Deal.from_seed("redouble", 0).index == Deal.from_seed("redouble").index


def test_seeded_derivation_is_pinned() -> None:
    """SHA-256 based and platform independent: changing it would break published commitments."""
    deal = Deal.from_seed("pinned")
    assert deal.to_pbn() == PINNED


PINNED = "N:K975.32.JT9.J974 AT84.T987.A432.A Q2.AJ54.K5.KQT32 J63.KQ6.Q876.865"


def test_random_deals_use_the_csprng() -> None:
    deals = {Deal.random() for _ in range(200)}
    assert len(deals) == 200
    counts = Counter(deal.holder(Card.parse("SA")) for deal in deals)
    assert all(counts[seat] > 20 for seat in Seat)  # P(fail) < 1e-9


def test_hand_evaluation() -> None:
    hand = Hand.parse("AKQ2.KJ3.T98.A32")
    assert (hand.hcp, hand.shape, hand.pattern, hand.is_balanced) == (
        17, (4, 3, 3, 3), (4, 3, 3, 3), True)
    assert hand.controls == 6
    assert hand.losers == 7
    freak = Hand.parse("AKQJT98765432...")
    assert (freak.hcp, freak.losers, freak.is_balanced, freak.longest_suit) == (
        10, 0, False, Suit.SPADES)
    assert Hand.parse("A.K.Q.AKQJT98765").losers == 0 + 1 + 1 + 0
    assert Hand.parse("5432.5432.5432.2").losers == 3 + 3 + 3 + 1
    assert Hand.parse("KQ.QJ.AQ2.32").losers == 1 + 2 + 1 + 2
    assert Hand.parse("AK32.Q2.KJ32.J32").pattern == (4, 4, 3, 2)
    assert Hand.parse("AKQ32.Q2.KJ32.J3").is_balanced is False
    assert Hand.parse("AKQ32.Q2.KJ3.J32").is_balanced is True
    assert hand.length(Suit.HEARTS) == 3 and hand.holding(Suit.CLUBS)[0].hcp == 4


# --- boards: RULES.md §2 golden -------------------------------------------------------------

GOLDEN = {
    1: ("N", "None"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "All"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "All"), 8: ("W", "None"),
    9: ("N", "EW"), 10: ("E", "All"), 11: ("S", "None"), 12: ("W", "NS"),
    13: ("N", "All"), 14: ("E", "None"), 15: ("S", "NS"), 16: ("W", "EW"),
}


@pytest.mark.parametrize("number", range(1, 33))
def test_board_cycle_golden(number: int) -> None:
    dealer, vul = GOLDEN[(number - 1) % 16 + 1]
    board = Board.numbered(number, deal=Deal.from_seed(number))
    assert board.dealer is Seat.parse(dealer)
    assert board.vulnerability is Vulnerability.parse(vul)
    assert board.number == number


@pytest.mark.parametrize("number", [0, -3])
def test_board_numbers_start_at_one(number: int) -> None:
    with pytest.raises(ValueError, match="board numbers start at 1"):
        Board.numbered(number)
