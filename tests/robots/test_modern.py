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
from redouble.robots.meaning import Forcing
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
    assert set(SYSTEMS) == {"modern", "sayc", "2/1", "modern-0314", "2/1-0314"}
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


def test_new_minor_forcing_finds_opener_s_four_hearts() -> None:
    # 1♣–1♠–1NT may hide four hearts (s29-a board 145: 5-4 in the majors opposite four
    # hearts played 3NT one down, 4♥ made eleven tricks): opener shows them over new minor
    # forcing when it has no three spades, and responder raises with four
    auction = "1C P 1S P 1NT P 2D P"
    assert choose(MODERN, "86.KT75.AK8.A873", auction) == "2H"
    assert choose(MODERN, "863.KT75.AK.A873", auction) == "2S"   # three spades come first
    assert choose(MODERN, "QJT75.AQ94.Q432.", auction + " 2H P") == "3H"   # 11: invites
    assert choose(MODERN, "AJT75.AQ94.Q432.", auction + " 2H P") == "4H"   # 14: game
    assert choose(MODERN, "AJT75.Q94.KQ32.K", auction + " 2H P") == "3NT"  # no fit
    text = MODERN.explain(Seat.NORTH, NONE, [Call.parse(c) for c in (auction + " 2H").split()], 8)
    assert "4" in text and "♥" in text


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


def test_no_takeout_double_with_a_long_suit_of_ones_own() -> None:
    # a takeout double asks partner to pick the suit: with seven diamonds and 11 HCP overcall
    assert choose(MODERN, "-.A97.AJT7432.Q42", "1S", dealer=Seat.WEST) == "2D"
    # 5-4 in the majors and a void in theirs: a double finds either major fit
    assert choose(MODERN, "Q762.AK964.-.A532", "1D", dealer=Seat.WEST) == "X"
    # a five-card major with shape for neither: overcall
    assert choose(MODERN, "Q76.AK964.2.A532", "1D", dealer=Seat.WEST) == "1H"


def test_running_from_a_redoubled_contract() -> None:
    # 1S X XX: advancer names a four-card suit at once, however weak; the doubler, passed
    # back to, takes out into the best unbid suit rather than leave 1S redoubled in
    assert choose(MODERN, "8.52.7532.JT8743", "1S X XX") == "2C"
    assert choose(MODERN, "Q52.QT8432.86.AT", "1S X XX") == "2H"
    assert choose(MODERN, "AK2.QJ4.AK32.432", "1S X XX P P") == "2D"


def test_advancing_a_1nt_overcall_as_opposite_a_strong_notrump() -> None:
    # partner's 1NT overcall shows 15-18, "systems on" as over a 1NT opening: 6 HCP pass,
    # 8-9 invite, 10 bid game, a long suit runs
    assert choose(MODERN, "J2.973.J95.AJ732", "1S 1NT P") == "Pass"
    assert choose(MODERN, "J2.973.Q95.AJ732", "1S 1NT P") == "2NT"
    assert choose(MODERN, "J2.973.K95.AJ732", "1S 1NT P") == "2NT"
    assert choose(MODERN, "J2.973.K95.AK732", "1S 1NT P") == "3NT"
    assert choose(MODERN, "J2.973.J5.AJ7432", "1S 1NT P") == "2C"


def test_advancing_an_overcall_in_a_contested_auction_by_total_tricks() -> None:
    # 1C 1S X: three spades make eight trumps, so 2S (the law of total tricks)
    assert choose(MODERN, "Q63.J8765.K4.T94", "1C 1S X") == "2S"
    # no fit and no values: pass, not a guessed game
    assert choose(MODERN, "Q863.J8765.AQ4.T", "1C P 1S 2D P", dealer=Seat.WEST) == "Pass"
    # partner's 2D came after their response: three trumps (eight) do not reach the three
    # level, four (nine) do
    assert choose(MODERN, "Q86.J876.A54.T43", "1C P 1S 2D P", dealer=Seat.WEST) == "Pass"
    assert choose(MODERN, "Q86.J876.A754.T4", "1C P 1S 2D P", dealer=Seat.WEST) == "3D"
    # no fit but a good suit of one's own after their negative double: bid it
    assert choose(MODERN, "KJT93.J.K64.AT52", "1D 1H X") == "1S"
    text = MODERN.explain(Seat.NORTH, NONE, [Call.parse(c) for c in ["1C", "1S", "X", "2S"]], 3)
    assert text.startswith("competitive")


def test_notrump_after_a_negative_double_is_a_minimum() -> None:
    # 1C (1S) X (P) 1NT: opener's 11-14 with a spade stopper, so responder's 11 invites
    # (11 + 12½ is short of the 25 for 3NT) and opener accepts only with 13-14
    assert choose(MODERN, "KT5.AQ643.T4.QT2", "1C 1S X P 1NT P") == "2NT"
    assert choose(MODERN, "KT5.AQ643.K4.QT2", "1C 1S X P 1NT P") == "3NT"
    assert choose(MODERN, "AQ4.K2.J832.KJ65", "1C 1S X P 1NT P 2NT P") == "3NT"
    assert choose(MODERN, "AQ4.K2.J832.J765", "1C 1S X P 1NT P 2NT P") == "Pass"
    # after a new-suit response over the overcall, opener's 1NT is the same minimum
    assert choose(MODERN, "A94.AQ4.763.K765", "1C 1D 1S P") == "1NT"


def test_the_takeout_doubler_after_partners_advance() -> None:
    # 1C X P 2S (9-11): a 14-count with three spades has shown its values and passes; four
    # spades and a singleton make 25 with the middle of partner's range: game
    assert choose(MODERN, "T85.AQ86.AKJ3.T2", "1C X P 2S P", dealer=Seat.EAST) == "Pass"
    assert choose(MODERN, "T852.AQ86.AKJ3.2", "1C X P 2S P", dealer=Seat.EAST) == "4S"
    # opposite a simple 1S (0-8) the same hand with an ace more invites
    assert choose(MODERN, "A852.AQ86.AKJ3.2", "1C X P 1S P", dealer=Seat.EAST) == "2S"


def test_weak_jump_overcalls_and_preempts_by_length_and_vulnerability() -> None:
    # not vulnerable, a six-card suit with a side four-card suit jumps even with one honour
    assert choose(MODERN, "T5.3.J85432.KQT6", "1S", dealer=Seat.EAST) == "3D"
    assert choose(MODERN, "T5.3.J85432.KQT6", "1S", dealer=Seat.EAST, vul=BOTH) == "Pass"
    # vulnerable, seven cards to two of the top five open at the three level (the rule of 2-3-4:
    # seven tricks of one's own, down two doubled at most); six such cards do not open 2S
    assert choose(MODERN, "QJ97654.A.97.T65", vul=BOTH) == "3S"
    assert choose(MODERN, "QJ9765.A3.97.T65", vul=BOTH) == "Pass"


def test_advancing_a_double_of_a_three_level_preempt_with_a_long_minor() -> None:
    # 3H X P: the doubler has opening values or more; 10 HCP and five clubs bid the game
    assert choose(MODERN, "T4.76.KJ94.AQT54", "3H X P", dealer=Seat.WEST) == "5C"
    assert choose(MODERN, "T4.76.J943.QT854", "3H X P", dealer=Seat.WEST) == "4C"


def test_competing_over_their_cue_bid_raise_is_not_constructive() -> None:
    # 1S 2H 3H (their limit raise or better): six hearts raise to 4H by total tricks (eleven
    # trumps), shown as competitive, so the overcaller does not double their 4S on the strength
    assert choose(MODERN, "98.A98653.T54.93", "P 1S 2H 3H", vul=BOTH) == "4H"
    text = MODERN.explain(Seat.NORTH, BOTH, [Call.parse(c) for c in ["P", "1S", "2H", "3H", "4H"]], 4)
    assert text.startswith("competitive")
    assert choose(MODERN, "Q3.KQJT4.A32.Q62", "P 1S 2H 3H 4H 4S", vul=BOTH) == "Pass"


def test_a_forcing_new_suit_opposite_a_weak_two_is_answered_and_not_dropped() -> None:
    # 2H P 3D (forcing): opener without three diamonds rebids hearts, with them raises
    assert choose(MODERN, "42.AKJT94.98.652", "2H P 3D P") == "3H"
    assert choose(MODERN, "42.AKJT94.986.62", "2H P 3D P") == "4D"
    # the strong hand does not pass below game: 3NT without a heart fit, game in the major fit
    assert choose(MODERN, "A9.6.AKQJT4.AQ95", "2H P 3D P 3H P") == "3NT"
    assert choose(MODERN, "AK3.QJT82.98.AK9", "2D P 2H P 3H P") == "4H"


@pytest.mark.parametrize(("hand", "auction", "sayc", "modern"), [
    # seven losers (J853 KQJ953 9 54: 3+1+1+2) opposite 1NT bid game with 7 HCP
    ("J853.KQJ953.9.54", "1NT Pass 2D Pass 2H Pass", "Pass", "4H"),
    ("KT9853.9.QT2.Q76", "1NT Pass 2H Pass 2S Pass", "Pass", "4S"),
    # eight losers invite: QJ8742 and three doubletons, 6 HCP
    ("QJ8742.54.K83.73", "1NT Pass 2H Pass 2S Pass", "Pass", "3S"),
    # nine losers pass whatever the length
    ("J87432.54.Q82.73", "1NT Pass 2H Pass 2S Pass", "Pass", "Pass"),
    # opposite a 1NT overcall (systems on) the same count: seven losers are game, eight
    # transfer and sign off in two
    ("J97642.9.2.AQ964", "1D 1NT Pass", None, "4S"),
    ("J97642.9.32.Q964", "1D 1NT Pass", None, "2H"),
])
def test_after_a_transfer_a_six_card_major_counts_its_losers(hand: str, auction: str,
                                                             sayc: str | None,
                                                             modern: str) -> None:
    if sayc is not None:
        assert choose(SAYC, hand, auction) == sayc
    assert choose(MODERN, hand, auction) == modern
    assert choose(TWO_OVER_ONE, hand, auction) == modern


@pytest.mark.parametrize(("hand", "auction", "call"), [
    # systems on over partner's 1NT overcall: four spades and game values ask with 2C rather
    # than bid 3NT (s27-a board 406: 3NT failed, 4S made), the overcaller answers as a 1NT
    # opener, the major game follows; a five-card major transfers; 6 HCP pass
    ("J843.AJ.A865.T76", "1C 1NT P", "2C"),
    ("AKQT.87.QJT9.KJ3", "1C 1NT P 2C P", "2S"),
    ("J843.AJ.A865.T76", "1C 1NT P 2C P 2S P", "4S"),
    ("J8432.AJ.A865.T7", "1C 1NT P", "2H"),
    ("J2.973.J95.AJ732", "1S 1NT P", "Pass"),
    # SAYC: over a penalty double of 1NT the advances stay on (a five-card major transfers
    # out of the double), and a balanced 10+ redoubles; opener then doubles their escape
    # with three of it or passes (forcing), and the redoubler doubles what opener passed
    ("J8432.Q32.32.T72", "1NT X", "2H"),
    ("J843.AJ.A865.T76", "1NT X", "2C"),
    ("843.K2.AQ52.QJ76", "1NT X", "XX"),
    ("AQ3.KJ4.T932.KQ2", "1NT X XX 2D", "X"),
    ("AQ32.KJ42.T9.KQ2", "1NT X XX 2D", "Pass"),
    ("843.K2.AQ52.QJ76", "1NT X XX 2D P P", "X"),
])
def test_systems_on_over_the_1nt_overcall_and_over_their_double_of_1nt(
        hand: str, auction: str, call: str) -> None:
    assert choose(MODERN, hand, auction) == call


def test_opener_raises_responder_s_major_to_game_with_more_than_a_jump_raise() -> None:
    # s29-a board 9: 19 HCP with four spades and a singleton heart (23 support points) over
    # 1♦–1♠ jumped to 3NT, the range of the raise to game stopping at 21; 4♠ made
    for system in (MODERN, SAYC):
        assert choose(system, "AKJ6.4.AQJ864.A4", "1D P 1S P") == "4S"


def test_responder_s_self_supporting_major_opposite_a_weak_two() -> None:
    # s29-a board 33: 2♠–3♥–3♠ with AKQT52 and a singleton spade bid 3NT (one down); a good
    # six-card major needs no fit: 4♥ (ten tricks). A moderate suit still bids 3NT
    assert choose(MODERN, "5.AKQT52.QT75.A3", "2S P 3H P 3S P") == "4H"
    assert choose(MODERN, "5.QJ9852.AKQ5.A3", "2S P 3H P 3S P") == "3NT"


def test_responder_raises_opener_s_six_card_major_with_three() -> None:
    # s31-a board 852: 1♥–1♠–2♥ with three hearts and 12 HCP bid 3NT with a singleton club
    # (five tricks); the nine-card fit's game is 4♥; with two hearts, 3NT
    assert choose(MODERN, "AK984.KJ4.JT73.2", "1H P 1S P 2H P") == "4H"
    assert choose(MODERN, "AK984.KJ.JT73.32", "1H P 1S P 2H P") == "3NT"


def test_two_clubs_then_a_minor_opposite_values_bids_the_notrump_slam() -> None:
    # s31-a board 328: 2♣–2♦–3♣ (22+) and 13 HCP with no fit stopped in 3NT (thirteen
    # tricks): 35 HCP or more between the hands is the notrump slam; a bust still bids 3NT
    assert choose(MODERN, "AJ83.KQT7.KQ72.J", "2C P 2D P 3C P") == "6NT"
    assert choose(MODERN, "J83.QT87.Q972.J3", "2C P 2D P 3C P") == "3NT"


def test_responder_shows_slam_interest_in_opener_s_major_after_a_three_level_new_suit() -> None:
    # s32-a board 933: 1♠–2♦–3♣ (15+) and 14 HCP with three spades took the fast arrival
    # at 4♠ and missed the slam; 3♠ forces and leaves room to ask; 10–12 still bids 4♠
    assert choose(MODERN, "T72.AJ9.KQT54.A2", "1S P 2D P 3C P") == "3S"
    assert choose(MODERN, "J87.KT652.KT5.A5", "1S P 2H P 3D P") == "4S"
    auction = "1S P 2D P 3C P"
    ctx = MODERN.context(Seat.NORTH, NONE, [Call.parse(c) for c in auction.split(" ")])
    assert MODERN.meaning(ctx, Call.parse("3S")).shown.forcing is not Forcing.NONE


def test_no_five_of_a_minor_over_partner_s_three_notrump_without_a_fit() -> None:
    # s29-a board 239: 1♠–2♣–2♥–3♣–3NT and a seven-card club suit with a singleton in
    # partner's hearts moved to 5♣ (one down; 3NT made ten tricks): short of the slam the
    # placement wanted, partner's game stands
    assert choose(MODERN, "KJ.A.J32.KQJ9843", "1S P 2C P 2H P 3C P 3NT P") == "Pass"


def test_partner_s_notrump_overcall_still_stops_their_suit_after_their_raise() -> None:
    # s31-a board 955: 2♠–2NT–3♠ and 13 HCP with a singleton spade passed (the raise was
    # read as a new suit partner had not stopped, and the double of it is no penalty double
    # with a singleton): partner's 2NT stopped spades before the raise as after it; 3NT
    assert choose(MODERN, "4.AQT5.T83.AKT85", "2S 2NT 3S") == "3NT"


def test_balancing_over_a_weak_two_with_nineteen_and_their_suit_stopped() -> None:
    # s31-a board 583: 2♦ passed round to 19 HCP with four diamonds (no double, not
    # balanced for 2NT) passed it out; the notrump game. Without 19, the pass stands
    assert choose(MODERN, "AQ4.K.KQ84.KQJ43", "2D P P") == "3NT"
    assert choose(MODERN, "AQ4.K.Q984.KJT43", "2D P P") == "Pass"


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("53.K742.A843.AJ9", "1D 2NT", "3NT"),   # 12, hearts and clubs stopped (s31-a board 30)
    ("53.K742.A843.J92", "1D 2NT", "3D"),    # 8 and four diamonds: the raise
    ("53.K74.A843.J932", "1H 2NT", "3H"),    # 8 and three hearts
    ("53.K74.A843.AJ93", "1H 2NT", "4H"),    # 12 and three hearts: the game
    ("53.742.AQ8.KJ932", "1D 2NT", "Pass"),  # no fit, clubs not enough
])
def test_responder_acts_over_their_unusual_2nt(hand: str, auction: str, expected: str) -> None:
    assert choose(MODERN, hand, auction) == expected


def test_advancer_bids_a_good_six_card_suit_with_seven_or_eight() -> None:
    # s30-a board 668: 1♥–1♠ and 8 HCP with A98743 of diamonds passed (1NT denies a suit of
    # six, a new suit wanted 9+); 2♦ keeps the side in the auction (4♠ made)
    assert choose(MODERN, "62.A987.A98743.7", "1H 1S P") == "2D"
    assert choose(MODERN, "62.9874.98743.A7", "1H 1S P") == "Pass"
