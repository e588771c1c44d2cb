"""The modern standard system: light shapely openings, weak bids by suit quality and
vulnerability, overcalls, takeout and responsive doubles; explanations without contradictions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from redouble.auction import Auction
from redouble.board import Board
from redouble.calls import DOUBLE, Call
from redouble.deal import Deal
from redouble.hand import Hand
from redouble.robots.evaluation import HandInfo
from redouble.robots.modern import MODERN, rule_of_20, suit_quality
from redouble.robots.sayc import SAYC
from redouble.robots.system import Context, Explained, System, explain_text
from redouble.robots.systems import SYSTEMS, system_named
from redouble.robots.twoovers import TWO_OVER_ONE
from redouble.seats import Seat, Vulnerability

NONE, BOTH = Vulnerability.NONE, Vulnerability.BOTH


def choose(system: System, hand: str, auction: str = "", *, dealer: Seat = Seat.NORTH,
           vul: Vulnerability = NONE) -> str:
    calls = [Call.parse(c) for c in auction.split()]
    ctx = system.context(dealer, vul, calls)
    return str(system.choose(HandInfo.of(Hand.parse(hand).cards), ctx).call)


@pytest.mark.parametrize(("hand", "sayc", "modern"), [
    ("AQT982.KJ43.2.32", "Pass", "1S"),   # 10 HCP, 6-4: the rule of 20
    ("AJ982.KQ982.32.3", "Pass", "1S"),   # 10 HCP, 5-5
    ("AT9432.K2.432.32", "Pass", "2S"),   # AT9432 opens a weak two not vulnerable
    ("32.QJ9863.K32.32", "Pass", "2H"),   # so does QJ9863
    ("AK32.KJ4.A65.J32", "1NT", "1NT"),
])
def test_openings(hand: str, sayc: str, modern: str) -> None:
    assert choose(SAYC, hand) == sayc
    assert choose(MODERN, hand) == modern


def test_weak_twos_need_a_better_suit_vulnerable() -> None:
    assert choose(MODERN, "AT9432.K2.432.32", vul=BOTH) == "Pass"
    assert choose(MODERN, "AQT432.K2.432.32", vul=BOTH) == "2S"
    info = HandInfo.of(Hand.parse("AT9432.K2.432.32").cards)
    from redouble.cards import Suit
    assert suit_quality(info, Suit.SPADES, vulnerable=False)
    assert not suit_quality(info, Suit.SPADES, vulnerable=True)
    assert rule_of_20(HandInfo.of(Hand.parse("AQT982.KJ43.2.32").cards))


def test_preempts_at_the_three_and_four_level() -> None:
    assert choose(MODERN, "2.KJT9873.Q2.432") == "3H"
    assert choose(MODERN, "KQJ98732.2.32.32") == "4S"
    assert choose(MODERN, "2.KQT9873.3.Q432") == "4H"  # 7-4 shape


def test_overcall_on_a_good_five_card_suit_with_eight_hcp() -> None:
    hand = "KJ984.A2.543.432"
    assert choose(SAYC, hand, "1C", dealer=Seat.WEST) == "Pass"
    assert choose(MODERN, hand, "1C", dealer=Seat.WEST) == "1S"


def test_weak_jump_overcall_with_seven_cards() -> None:
    assert choose(MODERN, "32.KQJ9873.32.32", "1C", dealer=Seat.WEST) == "3H"
    assert choose(MODERN, "32.KQJ987.432.32", "1C", dealer=Seat.WEST) == "2H"


def test_takeout_double_with_three_cards_in_their_suit() -> None:
    hand = "AQ32.KJ32.432.A2"
    assert choose(SAYC, hand, "1D", dealer=Seat.WEST) != "X"
    assert choose(MODERN, hand, "1D", dealer=Seat.WEST) == "X"


def test_action_over_a_weak_two_and_balancing() -> None:
    assert choose(MODERN, "AQ32.2.KJ32.Q432", "2H", dealer=Seat.WEST) == "X"
    assert choose(MODERN, "AQ32.2.K432.J432", "2H Pass Pass", dealer=Seat.EAST) == "X"
    assert choose(MODERN, "AKJ32.2.A32.KQ43", "2H", dealer=Seat.WEST) == "X"


def test_responsive_double() -> None:
    # LHO opens 1H, partner doubles, RHO raises: both minors, values, no four spades
    assert choose(MODERN, "32.432.KJ32.AQ32", "1H X 2H", dealer=Seat.NORTH) == "X"
    text = MODERN.explain(Seat.NORTH, NONE, [Call.parse(c) for c in ["1H", "X", "2H", "X"]], 3)
    assert text.startswith("responsive double")


def test_systems_by_name() -> None:
    assert system_named("SAYC") is SAYC and system_named("modern") is MODERN
    assert set(SYSTEMS) == {"modern", "sayc", "2/1"}
    assert system_named("2over1") is TWO_OVER_ONE
    with pytest.raises(ValueError, match="unknown bidding system"):
        system_named("precision")


@pytest.mark.parametrize("system", [SAYC, MODERN, TWO_OVER_ONE], ids=["sayc", "modern", "2/1"])
def test_the_auctions_named_in_the_issue_explain_without_contradiction(system: System) -> None:
    def text(auction: str, index: int) -> str:
        return system.explain(Seat.NORTH, NONE, [Call.parse(c) for c in auction.split()], index)

    slam = text("1S P 2N P 3C P 4N P 5H P 6S", 10)
    assert "enough key cards for slam" in slam and "not enough" not in slam
    assert text("1S P 3S", 2).startswith("10–12 support points")
    for auction in ("1S P 3S", "1S P 2N P 3C P 4N P 5H P 6S", "1C P 1H P 1S P 4N P 5D P 6C"):
        calls = [Call.parse(c) for c in auction.split()]
        for explained in system.analyse(Seat.NORTH, NONE, calls):
            assert explained.shown.conflicts() == [], (auction, explained)


def robot_auction(system: System, seed_name: str,
                  seed: int) -> Iterator[tuple[Context, HandInfo, Explained]]:
    """Bid a seeded deal with ``system`` in all four seats: each call with its context."""
    deal = Deal.from_seed(seed_name, seed)
    board = Board.numbered(seed + 1, deal=deal)
    auction = Auction(dealer=board.dealer)
    while not auction.is_complete:
        seat = auction.turn
        assert seat is not None
        ctx = system.context(board.dealer, board.vulnerability, auction.calls)
        info = HandInfo.of(deal[seat].cards)
        explained = system.choose(info, ctx)
        yield ctx, info, explained
        auction.make_call(explained.call)


@pytest.mark.parametrize("seed", range(30))
@pytest.mark.parametrize("system", [SAYC, MODERN, TWO_OVER_ONE], ids=["sayc", "modern", "2/1"])
def test_random_auctions_explain_without_contradiction(system: System, seed: int) -> None:
    for ctx, info, explained in robot_auction(system, "robots-explain", seed):
        assert explained.shown.conflicts() == [], explained
        # what others read the call to mean has no contradiction either
        read = system.meaning(ctx, explained.call)
        assert read.shown.conflicts() == [], read
        for lang in ("en", "nl", "de", "no"):
            assert explain_text(read, lang=lang)
        if explained.call == DOUBLE and explained.rule == "natural" \
                and "penalty" in dict(explained.shown.notes) and system is MODERN:
            last = ctx.last_bid
            assert last is not None and last.strain is not None and last.strain.suit is not None
            assert info.lengths[last.strain.suit] >= 2  # never with a void or singleton


def test_two_suiters_and_their_advances() -> None:
    assert choose(MODERN, "KQJ97.AJ982.32.3", "1C", dealer=Seat.WEST) == "2C"  # Michaels
    assert choose(MODERN, "3.2.KQT98.AJ9832", "1S", dealer=Seat.WEST) == "2NT"  # unusual
    # partner's Michaels over 1H: spades and a minor; no spade fit asks for the minor
    assert choose(MODERN, "32.Q432.KJ43.Q32", "1H 2H P", dealer=Seat.WEST) == "2NT"
    assert choose(MODERN, "Q32.432.KJ43.Q32", "1H 2H P", dealer=Seat.WEST) == "2S"


def test_new_minor_forcing_finds_three_card_support() -> None:
    auction = "1C P 1S P 1NT P"
    assert choose(MODERN, "KQJ97.A32.Q32.32", auction) == "2D"
    assert choose(MODERN, "A32.K32.J32.KQ32", auction + " 2D P") == "2S"
    text = MODERN.explain(Seat.NORTH, NONE, [Call.parse(c) for c in (auction + " 2D").split()], 6)
    assert text.startswith("new minor forcing")


def test_no_three_notrump_with_a_void_and_a_long_suit() -> None:
    # opener with seven diamonds and a void: the natural placement is a suit game, not 3NT
    for seed in range(60):
        for _, info, explained in robot_auction(MODERN, "void-3nt", seed):
            if explained.rule == "natural" and str(explained.call) == "3NT":
                assert not (min(info.lengths) == 0 and max(info.lengths) >= 6)


def test_lebensohl_after_a_takeout_double_of_a_weak_two() -> None:
    # weak hand with diamonds after 2S X: 2NT relay, then 3D to play
    assert choose(MODERN, "32.432.QT9832.32", "2S X P", dealer=Seat.WEST) == "2NT"
    assert choose(MODERN, "AQ32.AK32.K32.32", "2S X P 2NT P", dealer=Seat.EAST) == "3C"
    assert choose(MODERN, "32.432.QT9832.32", "2S X P 2NT P 3C P", dealer=Seat.WEST) == "3D"


def test_a_new_suit_opposite_a_weak_two_is_forcing() -> None:
    assert choose(MODERN, "KQ765.AKT9.K.K74", "2D P") == "2S"


def test_two_over_one_is_game_forcing_and_1nt_forcing() -> None:
    responder = "32.K32.A32.KQ932"  # 12 HCP, five clubs
    assert choose(TWO_OVER_ONE, responder, "1S P") == "2C"
    text = TWO_OVER_ONE.explain(Seat.NORTH, NONE, [Call.parse(c) for c in ["1S", "P", "2C"]], 2)
    assert text.endswith("game forcing")
    assert "game forcing" not in MODERN.explain(Seat.NORTH, NONE,
                                                [Call.parse(c) for c in ["1S", "P", "2C"]], 2)
    # a minimum opener does not pass the forcing 1NT: it bids a three-card minor
    assert choose(TWO_OVER_ONE, "AQ932.K32.Q32.32", "1S P 1NT P") == "2D"
    assert choose(MODERN, "AQ932.K32.Q32.32", "1S P 1NT P") == "Pass"


def test_competing_by_the_law_of_total_tricks() -> None:
    # partner opened 1H, RHO overcalled 1S: four trumps and a weak hand jump to 3H
    assert choose(MODERN, "32.K432.QJ432.32", "1H 1S") == "3H"
    # opener with six hearts competes to 3H over their 2S after a single raise
    assert choose(MODERN, "A2.AQJ432.K32.32", "1H P 2H 2S") == "3H"


def test_reopening_double_and_penalty_pass() -> None:
    # opener, short in the overcalled suit, reopens with a double
    assert choose(MODERN, "AKJ32.2.KQ32.Q32", "1S 2H P P") == "X"
    # partner with a trump stack passes it for penalty
    assert choose(MODERN, "32.KQT9.A432.432", "1S 2H P P X P", dealer=Seat.NORTH) == "Pass"
    text = MODERN.explain(Seat.NORTH, NONE,
                          [Call.parse(c) for c in ("1S", "2H", "P", "P", "X", "P", "P")], 6)
    assert text.startswith("leaves the double in for penalty")
