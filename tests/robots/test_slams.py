"""Slam bidding in the modern system: notrump slams by adding HCP after Stayman (33 between
the hands for a small slam, the quantitative 4NT with 31–32, as in every standard text on
notrump bidding), a game force is never passed, and slam decisions go to the simulation when
the rules are about to bid game with 29 HCP between the hands."""

from __future__ import annotations

import pytest

from redouble.calls import Call
from redouble.cards import Suit
from redouble.hand import Hand
from redouble.robots.evaluation import HandInfo
from redouble.robots.modern import MODERN
from redouble.robots.simulation import Decision, candidate_calls, decision_kind
from redouble.robots.system import Context, Explained, explain_text
from redouble.seats import Seat, Vulnerability


def _explained(hand: str, auction: str) -> tuple[Context, HandInfo, Explained]:
    ctx = MODERN.context(Seat.NORTH, Vulnerability.NONE, [Call.parse(c) for c in auction.split()])
    info = HandInfo.of(Hand.parse(hand).cards)
    return ctx, info, MODERN.choose(info, ctx)


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("A754.K9.A84.AJ72", "1N P 2C P 2D P", "4NT"),   # 16 opposite 15–17: quantitative
    ("A754.K9.A84.AJ72", "1N P 2C P 2H P", "4NT"),   # no heart fit: the same
    ("A754.K9.A84.AKJ2", "1N P 2C P 2D P", "6NT"),   # 19 opposite 15–17: 34 at least
    ("A754.K9.A84.AKJ2", "1N P 2C P 2S P", "6S"),    # with the spade fit, six of it
    ("A754.K9.A84.AJ72", "2N P 3C P 3H P", "6NT"),   # 16 opposite 20–21
    ("A754.K9.A84.J732", "2N P 3C P 3S P", "6S"),    # 12 and the fit opposite 20–21
    ("A754.K9.A84.J732", "2N P 3C P 3D P", "6NT"),   # 12 and no fit
    ("Q754.K9.J84.J732", "2N P 3C P 3D P", "3NT"),   # 7: game only
    # 11 opposite 20–21 and no fit: the quantitative 4NT (s29-a 848: 3NT with 32 between
    # the hands, 6NT made), which opener accepts with 21 and passes with 20
    ("QJ5.QT62.9.AQT96", "2N P 3C P 3S P", "4NT"),
    ("AK92.AK8.K3.KJ82", "2N P 3C P 3S P 4N P", "6NT"),
    ("AK92.AK8.K3.QJ82", "2N P 3C P 3S P 4N P", "Pass"),
])
def test_notrump_slams_after_stayman(hand: str, auction: str, expected: str) -> None:
    assert str(_explained(hand, auction)[2].call) == expected


def test_the_quantitative_4nt_is_explained_as_an_invitation() -> None:
    text = explain_text(_explained("A754.K9.A84.AJ72", "1N P 2C P 2D P")[2])
    assert "quantitative" in text and "16–17" in text


def test_a_game_force_is_never_passed() -> None:
    # 2♣ then a positive 2♠ forces to game: the strong hand shows its suit, short of slam
    # values it does not pass (it used to, when the placement wanted a slam it could not bid)
    _, _, chosen = _explained(".AKQJ2.KQ976.AK7", "2C P 2S P")
    assert str(chosen.call) == "3H"


def test_slam_values_short_of_the_shown_strength_bid_game_not_pass() -> None:
    # 15 HCP opposite 1♣–1♠ (11+ shown, 14 expected): short of slam, so game, never a pass
    # of a found fit; 19 HCP reaches the key-card zone (32 with partner's expected 14) and
    # asks first
    _, _, chosen = _explained("AQ32.KJ32.Q2.K32", "1C P 1H P 1S P")
    assert str(chosen.call) == "4S"
    _, _, chosen = _explained("AQ32.KJ32.AQ.K32", "1C P 1H P 1S P")
    assert str(chosen.call) == "4NT" and "rkc" in dict(chosen.shown.notes)


def test_no_grand_slam_without_the_strength_for_one() -> None:
    # 18 HCP and six hearts opposite a 15–17 notrump: 33 for sure, short of the 37 a grand
    # wants (Goren's point count): the small slam, not 7♥ (the placement bid it unasked)
    _, _, chosen = _explained("QJ.AQJ942.AQ4.Q6", "1N P 2D P 2H P")
    assert str(chosen.call) == "6H"


def test_a_game_bid_with_slam_values_is_a_slam_decision() -> None:
    # 20 HCP opposite a 1♥ response (6+): 29 between the hands with partner's expected 9,
    # short of the key-card zone (30 with the doubleton), so the rules bid game
    ctx, info, chosen = _explained("AKQ5.AKT4.Q54.Q5", "1D P 1H P")
    assert chosen.call == Call.parse("4H")
    assert decision_kind(MODERN, ctx, info, chosen) is Decision.SLAM
    assert Call.parse("6H") in candidate_calls(ctx, info, chosen, Decision.SLAM)
    # a game bid without slam values stays a game decision
    ctx, info, chosen = _explained("AQ54.KT43.K754.2", "1D P 1H P")
    assert decision_kind(MODERN, ctx, info, chosen) is not Decision.SLAM


def test_no_penalty_double_with_a_void_in_their_suit() -> None:
    # 1♠ 2♥ 2♠ 4♥: a void in hearts doubles neither by the rules nor by the simulation
    ctx, info, chosen = _explained("KJ932.-.AQ543.K32", "1S 2H 2S 4H P P")
    assert str(chosen.call) != "X"
    kind = decision_kind(MODERN, ctx, info, chosen)
    assert kind is not None
    assert Call.parse("X") not in candidate_calls(ctx, info, chosen, kind)


def test_a_notrump_game_with_slam_values_is_a_slam_decision() -> None:
    # 15 HCP opposite opener's jump rebid (16–18) and no fit: 3NT by the rules, 6NT weighed
    # (with 16+ the rules bid 6NT themselves: test_responder_bids_6nt_opposite_a_jump_rebid)
    ctx, info, chosen = _explained("K985.A.AQ9732.Q2", "1H P 1S P 3H P")
    assert chosen.call == Call.parse("3NT")
    assert decision_kind(MODERN, ctx, info, chosen) is Decision.SLAM
    assert Call.parse("6NT") in candidate_calls(ctx, info, chosen, Decision.SLAM)


@pytest.mark.parametrize(("hand", "expected"), [
    ("-.KQ4.AKQJ932.A32", "5D"),   # a void and seven good diamonds: the minor game
    ("K2.K5.AKQJ932.A3", "3NT"),   # no void: 3NT on the running suit
])
def test_no_3nt_rebid_with_a_void_and_a_long_minor(hand: str, expected: str) -> None:
    assert str(_explained(hand, "1D P 1H P")[2].call) == expected


def test_game_is_weighed_against_slam() -> None:
    # 21 HCP over partner's 3♠ preempt: the rules say 3NT; 4♠ and 6♠ must be among the
    # candidates
    ctx, info, chosen = _explained("A.AKJ53.6.AKQT87", "3S P")
    kind = decision_kind(MODERN, ctx, info, chosen)
    assert kind is Decision.SLAM
    calls = candidate_calls(ctx, info, chosen, kind)
    assert {Call.parse("4S"), Call.parse("6S")} <= set(calls)
    # 17 HCP there is a game decision (the preempt counted at its 5-10 HCP): 3NT or 4♠
    ctx, info, chosen = _explained("9.AKJ53.6.AKQT87", "3S P")
    kind = decision_kind(MODERN, ctx, info, chosen)
    assert kind is Decision.GAME
    assert Call.parse("4S") in candidate_calls(ctx, info, chosen, kind)


# --- slam from a narrow range (branch slams2) ------------------------------------------------


def _reading(auction: str, call: str) -> Explained:
    calls = [Call.parse(c) for c in auction.split()]
    return MODERN.meaning(MODERN.context(Seat.NORTH, Vulnerability.NONE, calls), Call.parse(call))


def test_responder_bids_6nt_opposite_a_jump_rebid_with_16_plus() -> None:
    # 17 HCP opposite 16–18 and six diamonds: 33 at least, a card in diamonds and stoppers
    _, _, chosen = _explained("K84.AKJ95.7.AQ52", "1D P 1H P 3D P")
    assert str(chosen.call) == "6NT"
    assert chosen.shown.hcp[0] == 16 and chosen.shown.conflicts() == []


def test_responder_asks_for_key_cards_opposite_a_jump_rebid_of_a_major() -> None:
    # 16 HCP and two hearts opposite 1♥–1♠–3♥ (16–18, six hearts): an eight-card fit and slam
    # values, so Roman key-card Blackwood, and the answers are read as key cards
    _, _, chosen = _explained("KJ96.T4.AKQJ.Q62", "1H P 1S P 3H P")
    assert str(chosen.call) == "4NT"
    assert "rkc" in dict(chosen.shown.notes)
    _, _, answer = _explained("Q3.AKQJ75.63.KQ4", "1H P 1S P 3H P 4N P")
    assert answer.rule.startswith("rkc_answer")


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("AKJ3.K.KJ92.KQ96", "1C P 1D P 1N P", "4NT"),          # 20 opposite 12–14: invites
    ("AKJ3.K.AKJ2.KQ96", "1C P 1D P 1N P", "6NT"),          # 24: 34 at least
    ("762.AJ.QT6.AJ742", "1C P 1D P 1N P 4N P", "Pass"),    # 12: a minimum declines
    ("K62.AJ.QT6.AJ74", "1C P 1D P 1N P 4N P", "6NT"),      # 13: accepts
])
def test_quantitative_slams_opposite_a_1nt_rebid(hand: str, auction: str, expected: str) -> None:
    assert str(_explained(hand, auction)[2].call) == expected


def test_the_quantitative_4nt_after_a_1nt_rebid_is_read_as_an_invitation() -> None:
    read = _reading("1C P 1D P 1N P", "4N")
    text = explain_text(read)
    assert "quantitative" in text and "19–20" in text


@pytest.mark.parametrize(("hand", "expected"), [
    ("AKQJ754.J3.4.AT4", "6S"),    # 15 HCP and seven solid spades: 15 + 7 = 22
    ("AKQ54.J3.K4.AT43", "6NT"),   # 17 balanced opposite 15–17: 32 at least
    ("AQJ954.K3.Q4.Q43", "4S"),    # 14 HCP and six spades: 14 + 6 = 20, game only
])
def test_opener_opposite_a_3nt_response(hand: str, expected: str) -> None:
    assert str(_explained(hand, "1S P 3N P")[2].call) == expected


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("AKJ3.K2.K92.KQ96", "1D P 2C P 2N P", "4NT"),       # 19 opposite 12–14: invites
    ("AKJ3.K2.AQ2.KQ96", "1D P 2C P 2N P", "6NT"),       # 22: 32 at least
    ("AKJ3.K2.K92.KQ96", "1H P 2C P 3N P", "6NT"),       # 19 opposite 18–19
    ("Q963.K2.K92.KQ96", "1H P 2C P 3N P", "4NT"),       # 12: invites
    ("AQ4.AJ6.KQ76.Q32", "1H P 2C P 3N P 4N P", "Pass"),  # 18: declines
])
def test_notrump_slams_after_a_two_over_one(hand: str, auction: str, expected: str) -> None:
    # the quantitative arithmetic of opener's notrump rebids: 33 between the hands
    assert str(_explained(hand, auction)[2].call) == expected


def test_responder_asks_for_key_cards_opposite_a_jump_raise() -> None:
    # 15 HCP opposite 1♥–1♠–3♠ (16–18, four spades): 31 at least and a fit, so key cards
    _, _, chosen = _explained("KQ32.A72.AQ93.J2", "1H P 1S P 3S P")
    assert str(chosen.call) == "4NT" and "rkc" in dict(chosen.shown.notes)
    # 14 opposite the single raise (11–15, 13 expected) is short of the key-card zone: game;
    # 18 with a doubleton reaches it (19 support points and 13) and asks
    assert str(_explained("KQ32.A72.Q93.K32", "1H P 1S P 2S P")[2].call) == "4S"
    assert str(_explained("KQ32.A72.AQ93.K2", "1H P 1S P 2S P")[2].call) == "4NT"


def test_responder_asks_for_key_cards_opposite_a_raise_to_game() -> None:
    # 15 HCP opposite 1♦–1♠–4♠ (19–21 total points): key cards, not a pass
    _, _, chosen = _explained("AJT4.QJ5.J72.AQ9", "1D P 1S P 4S P")
    assert str(chosen.call) == "4NT" and "rkc" in dict(chosen.shown.notes)


@pytest.mark.parametrize(("auction", "suit"), [
    ("1S P 4N", "♠"),                # a direct 4NT over partner's opening
    ("1D P 1H P 2C P 4N", "♣"),      # the last suit partner bid, no fit shown
    ("1C P 1S P 4N", "♠"),           # opener jumps to 4NT over the response
    ("1S 4H 4N", "♠"),               # over their preempt
])
def test_an_unagreed_4nt_asks_key_cards_in_the_last_suit_our_side_bid(auction: str,
                                                                      suit: str) -> None:
    # 4NT is Blackwood unless it raises partner's notrump: a person partnering the robots
    # who bids it is answered, not passed (the robot used to read "natural" and pass 4NT)
    calls = [Call.parse(c) for c in auction.split()]
    text = MODERN.explain(Seat.NORTH, Vulnerability.NONE, calls, len(calls) - 1)
    assert "key-card" in text and f"for {suit}" in text


@pytest.mark.parametrize("auction", ["1S P 1N P 4N", "1N P 4N", "1C P 1H P 2N P 4N"])
def test_4nt_over_partners_natural_notrump_is_not_blackwood(auction: str) -> None:
    calls = [Call.parse(c) for c in auction.split()]
    text = MODERN.explain(Seat.NORTH, Vulnerability.NONE, calls, len(calls) - 1)
    assert "key-card" not in text


@pytest.mark.parametrize(("hand", "expected"), [
    ("AKQJ5.K2.A32.K32", "5D"),   # ♠A ♠K ♦A: three key cards (1430: 5♦ is 0 or 3)
    ("AKQJ5.K2.Q32.K32", "5S"),   # ♠A ♠K and the queen
    ("KQJ95.A2.Q32.K32", "5S"),   # ♠K ♥A and the queen
    ("QJT95.K2.Q32.KQ2", "5D"),   # none: 0 or 3
])
def test_the_robot_answers_a_persons_4nt_over_its_opening(hand: str, expected: str) -> None:
    _, _, chosen = _explained(hand, "1S P 4N P")
    assert str(chosen.call) == expected
    assert chosen.rule.startswith("rkc_answer")


def test_the_asker_places_the_slam_in_the_suit_it_asked_about() -> None:
    # after 1♠–4NT–5♥ (two without the queen) the asker with the other three key cards bids
    # 6♠, explained as enough key cards (not as a new natural suit)
    calls = [Call.parse(c) for c in ["1S", "P", "4N", "P", "5H", "P", "6S"]]
    text = MODERN.explain(Seat.NORTH, Vulnerability.NONE, calls, len(calls) - 1)
    assert "enough key cards" in text


@pytest.mark.parametrize(("hand", "auction", "expected", "words"), [
    # 18 opposite opener's 2NT rebid (18–19): 36 at least, the small slam (it bid 3NT)
    ("72.AQJ4.KJ6.AKT9", "1D P 1H P 2N P", "6NT", "18"),
    # 19: 37 at least, the grand
    ("72.AQJ4.KQ6.AKT9", "1D P 1H P 2N P", "7NT", "19+"),
    # 9 opposite 2♣–2♦–2NT (22–24): the quantitative 4NT, which 23 accepts
    ("Q.85.A876532.K86", "2C P 2D P 2N P", "4NT", "quantitative"),
    ("KJ5.AKJ4.KQ.AQT3", "2C P 2D P 2N P 4N P", "6NT", "maximum"),
    ("KJ5.AKJ4.KQ.AJ93", "2C P 2D P 2N P 4N P", "Pass", "minimum"),
])
def test_notrump_slams_opposite_strong_notrump_rebids(hand: str, auction: str, expected: str,
                                                      words: str) -> None:
    _, info, chosen = _explained(hand, auction)
    assert str(chosen.call) == expected
    assert chosen.shown.fits(info) and words in explain_text(chosen)


@pytest.mark.parametrize(("hand", "auction", "trump"), [
    # 18 HCP and six hearts, raised after 1♠–2♥: key cards (it bid 4♥ with 13 tricks)
    ("Q.AJT432.AJ7.AQ9", "1S P 2H P 3H P", "5+ ♥"),
    # 18 and three spades after opener's 2♠ rebid: key cards for spades
    ("AT2.K7432.AK.A64", "1S P 2H P 2S P", "3+ ♠"),
    # 19 and three spades after opener's second suit
    ("AT2.K62.AKQ2.K62", "1S P 2D P 2H P", "3+ ♠"),
])
def test_key_cards_after_a_two_over_one_with_a_major_fit(hand: str, auction: str,
                                                         trump: str) -> None:
    _, info, chosen = _explained(hand, auction)
    assert str(chosen.call) == "4NT" and "rkc" in dict(chosen.shown.notes)
    assert chosen.shown.fits(info) and trump in explain_text(chosen)


def test_two_over_one_key_cards_are_answered_and_the_slam_bid() -> None:
    # opener answers in the agreed suit (5♥: two without the queen), responder bids six
    _, _, answer = _explained("A98642.K98.KQ5.K", "1S P 2H P 3H P 4N P")
    assert str(answer.call) == "5H"
    assert str(_explained("Q.AJT432.AJ7.AQ9", "1S P 2H P 3H P 4N P 5H P")[2].call) == "6H"


def test_no_two_over_one_key_cards_without_the_values_or_after_notrump() -> None:
    # 14 HCP and three spades: game values only, no key-card ask
    assert str(_explained("AT2.K7432.KQ.J64", "1S P 2H P 2S P")[2].call) != "4NT"
    # after opener's 3NT (18–19) 4NT stays quantitative
    _, _, chosen = _explained("Q63.K2.K92.KQ963", "1H P 2C P 3N P")
    assert str(chosen.call) == "4NT" and "quantitative" in explain_text(chosen)


def test_an_ambiguous_key_card_answer_is_read_as_the_likelier_count() -> None:
    # one key card and 14 HCP, partner opened, accepted the cue-bid raise's game (14+) and
    # answered 5♦ (0 or 3): such a hand holds three of the four outstanding far more often
    # than none, so the slam (after opener's minimum 3♠, 10–13, none is the likelier)
    _, info, chosen = _explained("KQ764..AKJ4.J763", "1S 2H 3H P 4S P 4N P 5D P")
    assert str(chosen.call) == "6S" and chosen.shown.fits(info)
    assert "enough key cards" in explain_text(chosen)


def test_the_ambiguous_answer_is_read_within_the_strength_partner_has_shown() -> None:
    # a cue-raise (ten or more) answering 5♦ opposite 16 HCP and two key cards: with none of
    # the three outstanding aces partner would need nearly every king, queen and jack left,
    # so three key cards, and the slam (s27-c, board 188: 5H with thirteen tricks)
    calls = [Call.parse(c) for c in ["P", "1H", "3D", "4D", "P", "4N", "P", "5D", "P"]]
    ctx = MODERN.context(Seat.WEST, Vulnerability.NS, calls)
    chosen = MODERN.choose(HandInfo.of(Hand.parse("KQJ53.AKQJ83..73").cards), ctx)
    assert str(chosen.call) == "6H"
    # the raise to 4S (19-21) answering 5C (1 or 4) opposite the ace of clubs: one key card
    # would leave it fifteen HCP short of the raise, so four (s27-a, board 9: 6S made)
    assert _explained("J6543.2.T5.AKQ74", "1C P 1S P 4S P 4N P 5C P")[2].call == Call.parse("6S")


def test_the_cue_bidder_asks_for_key_cards_after_the_sign_off() -> None:
    # 20 HCP and three key cards opposite a limit raise: the 4♣ cue bid met by 4♥ is no
    # reason to pass with the hand that would have asked at once (13 tricks)
    _, info, chosen = _explained("AQT7.AQJ97.5.AQJ", "1H P 3H P 4C P 4H P")
    assert str(chosen.call) == "4NT" and "rkc" in dict(chosen.shown.notes)
    assert chosen.shown.fits(info)
    # 16 HCP passes
    assert str(_explained("Q83.AK8763.A7.K2", "1H P 3H P 4D P 4H P")[2].call) == "Pass"


def test_5nt_after_the_key_card_answer_asks_for_kings() -> None:
    calls = [Call.parse(c) for c in ("1S", "P", "3S", "P", "4N", "P", "5H", "P", "5N")]
    text = MODERN.explain(Seat.NORTH, Vulnerability.NONE, calls, len(calls) - 1)
    assert "asks for kings" in text and "natural" not in text


@pytest.mark.parametrize(("hand", "expected"), [
    ("K32.AQJ4.KQJ4.A4", "6D"),     # ♦K, the cheapest side king (♣ has none)
    ("K32.AQJ4.AQJ4.K4", "6C"),     # ♣K first
    ("K32.KQJ4.AQJ4.A4", "6H"),     # only ♥K below spades
    ("K32.AQJ4.AQJ4.A4", "6S"),     # no side king: six of the trump suit
])
def test_the_robot_shows_its_cheapest_side_king(hand: str, expected: str) -> None:
    # after 1♠–3♠–4NT–5♥–5NT the limit raiser answers the king ask (specific kings)
    ctx = MODERN.context(Seat.NORTH, Vulnerability.NONE,
                         [Call.parse(c) for c in ("1S", "P", "3S", "P", "4N", "P", "5H", "P", "5N",
                                                  "P")])
    chosen = MODERN.choose(HandInfo.of(Hand.parse(hand).cards), ctx)
    assert str(chosen.call) == expected
    assert chosen.rule.startswith("kings_answer")
    assert not chosen.shown.conflicts()


def test_the_cheapest_bid_after_a_one_count_answer_asks_for_the_trump_queen() -> None:
    calls = [Call.parse(c) for c in ("1S", "P", "3S", "P", "4N", "P", "5C", "P", "5D")]
    text = MODERN.explain(Seat.NORTH, Vulnerability.NONE, calls, len(calls) - 1)
    assert "trump queen" in text and "natural" not in text


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("K32.AJ54.QJ54.A4", "1S P 3S P 4N P 5C P 5D P", "5S"),   # no ♠Q: five of trumps
    ("Q32.AJ54.QJ54.K4", "1S P 3S P 4N P 5C P 5D P", "6C"),   # ♠Q and ♣K: the king
    ("Q32.AJ54.QJ54.A4", "1S P 3S P 4N P 5C P 5D P", "6S"),   # ♠Q, no king below 6♠
    ("AJ5.K54.KJ54.Q42", "1D P 3D P 4N P 5C P 5H P", "6D"),   # no ♦Q with 5♦ passed: six
    ("KQ5.A54.QJ54.Q42", "1D P 3D P 4N P 5C P 5H P", "5S"),   # ♦Q and ♠K: the king
])
def test_the_robot_answers_the_queen_ask(hand: str, auction: str, expected: str) -> None:
    ctx = MODERN.context(Seat.NORTH, Vulnerability.NONE, [Call.parse(c) for c in auction.split()])
    chosen = MODERN.choose(HandInfo.of(Hand.parse(hand).cards), ctx)
    assert str(chosen.call) == expected
    assert chosen.rule.startswith("queen_answer")
    assert not chosen.shown.conflicts()


def test_a_key_card_answer_of_five_of_the_trump_suit_is_passed_two_short() -> None:
    # three key cards and diamonds agreed: 5♦ (0 or 3) can only be none, two are missing,
    # and 5♦ is where to play (it used to be taken on to 6♦, "the answer passed five")
    _, info, chosen = _explained("A2.A2.KQJ9843.K2", "1D P 2D P 4N P 5D P")
    assert str(chosen.call) == "Pass" and chosen.shown.fits(info)
    assert "not enough key cards" in explain_text(chosen)
    assert "five of the trump suit" in explain_text(chosen)
    # one key card and the hearts answer 5♥ (two, no queen) with hearts agreed: the same
    _, info, chosen = _explained("Q2.KJ8643.KQ.KQ2", "1H P 3H P 4N P 5H P")
    assert str(chosen.call) == "Pass" and chosen.shown.fits(info)


def test_a_minor_fit_with_slam_values_tries_four_of_the_minor() -> None:
    # 15 HCP and five diamonds opposite 1♦–1♠: slam values short of the strength to bid
    # it; 4♦ (forcing) rather than the jump to 5♦ that closed the auction
    _, info, chosen = _explained("A9.Q9842.KQ932.A", "1D P 1H P 1S P")
    assert str(chosen.call) == "4D" and chosen.shown.fits(info)
    assert "slam try in ♦" in explain_text(chosen)
    # opener with 16 (3 above the 10 a light opening shows) bids the slam, 12 signs off
    _, info, chosen = _explained("KQ87.A.AT874.KT8", "1D P 1H P 1S P 4D P")
    assert str(chosen.call) == "6D" and chosen.shown.fits(info)
    assert "accepts the slam try" in explain_text(chosen)
    _, info, chosen = _explained("KQ87.Q.AT874.JT8", "1D P 1H P 1S P 4D P")
    assert str(chosen.call) == "5D" and chosen.shown.fits(info)


def test_a_preempts_raise_of_a_minor_is_no_slam_try() -> None:
    ctx = MODERN.context(Seat.NORTH, Vulnerability.NONE,
                         [Call.parse(c) for c in ["2S", "P", "3C", "P", "4C", "P"]])
    assert "minor_slam_try" not in dict(ctx.history[-2].shown.notes)


@pytest.mark.parametrize("auction", ["1D P 4D", "3C P 4C", "2D P 4D"])
def test_a_direct_raise_to_four_of_a_minor_is_no_slam_try(auction: str) -> None:
    # the slam try is four of a minor once the bidder has bid and partner's hand is not
    # capped: a person's 1♦–4♦ (a preemptive raise) or a raise of partner's preempt used to
    # read "slam try", and the robot opener with a few extras bid six
    calls = [Call.parse(c) for c in auction.split()]
    text = MODERN.explain(Seat.NORTH, Vulnerability.NONE, calls, len(calls) - 1)
    assert "slam try" not in text


def test_the_preempter_does_not_bid_six_over_partners_raise() -> None:
    _, _, chosen = _explained("2.K32.5.KQJ98732", "3C P 4C P")
    assert str(chosen.call) == "Pass"


@pytest.mark.parametrize("auction", ["1N P 4C", "2N P 4C"])
def test_four_clubs_over_partners_notrump_opening_is_gerber(auction: str) -> None:
    calls = [Call.parse(c) for c in auction.split()]
    assert "Gerber" in MODERN.explain(Seat.NORTH, Vulnerability.NONE, calls, len(calls) - 1)


@pytest.mark.parametrize(("hand", "expected"), [
    ("KQ2.K32.KQJ3.Q32", "4D"),   # no ace
    ("AK2.K32.KQJ3.Q32", "4H"),   # one
    ("AK2.K32.AQJ3.Q32", "4S"),   # two
    ("AK2.A32.AQJ3.Q32", "4NT"),  # three
])
def test_the_notrump_opener_answers_gerber_in_steps(hand: str, expected: str) -> None:
    # a person's 4♣ over the robot's 1NT used to read "natural, 4+ ♣" and was passed
    _, _, chosen = _explained(hand, "1N P 4C P")
    assert str(chosen.call) == expected and chosen.rule.startswith("gerber_answer")
    assert not chosen.shown.conflicts()


@pytest.mark.parametrize(("hand", "auction", "before"), [
    # 17 HCP, four spades and a singleton opposite opener's 1♠ rebid: 4NT, not 4♠ (the rule
    # jumping to game would leave opener, with a minimum, to pass)
    ("KQJ8.AK43.K643.J", "1D P 1H P 1S P", "4S"),
    # 13 HCP and three hearts opposite opener's jump to 4♥ (16–21): the fit only this hand
    # knows of, and 4NT asks for hearts, the suit partner bid last
    ("AK764.T52.K9.KT7", "1H P 1S P 4H P", "Pass"),
    # 18 HCP opposite responder's raise to game (13+ support points, about 14 HCP)
    ("AK42.KQT2.T2.AQT", "1C P 1D P 1H P 4H P", "Pass"),
])
def test_a_hand_in_the_slam_zone_asks_for_key_cards_before_it_settles(
        hand: str, auction: str, before: str) -> None:
    _, _, chosen = _explained(hand, auction)
    assert str(chosen.call) == "4NT" and chosen.call != Call.parse(before)
    notes = dict(chosen.shown.notes)
    assert "rkc" in notes  # partner reads it as key-card Blackwood and answers it


@pytest.mark.parametrize(("auction", "answerer", "answer", "asker", "slam"), [
    ("1D P 1H P 1S P 4N P", "A652.Q7.AQJ97.73", "5H", "KQJ8.AK43.K643.J", "6S"),
    ("1H P 1S P 4H P 4N P", "Q.AKQJ986.J52.AJ", "5D", "AK764.T52.K9.KT7", "6H"),
])
def test_the_key_card_ask_from_a_fit_one_hand_knows_is_answered_in_that_suit(
        auction: str, answerer: str, answer: str, asker: str, slam: str) -> None:
    assert str(_explained(answerer, auction)[2].call) == answer
    assert str(_explained(asker, f"{auction} {answer} P")[2].call) == slam


def test_a_game_raise_in_support_points_is_worth_its_hcp_less_two() -> None:
    from redouble.robots.sayc import partner_estimate

    ctx, _, _ = _explained("AK42.KQT2.T2.AQT", "1C P 1D P 1H P 4H P")
    assert partner_estimate(ctx)[0] >= 13  # 13+ support points hold 11+ HCP; 11 was read


def test_key_cards_are_asked_only_for_the_suit_the_answer_will_be_about() -> None:
    # 1♠–2♣–2♥–4NT is key cards for spades (it shows three of them): a hand with a void in
    # spades and four hearts must not ask there, or partner answers for spades and the
    # asker lands in 6♠ with no trump
    *_, chosen = _explained(".QJ72.A32.AQJT86", "1S P 2C P 2H P")
    assert chosen.call != Call.parse("4NT")
    assert chosen.call.strain is not None and chosen.call.strain.suit is not None
    assert chosen.call.strain.suit.name == "HEARTS"


def test_four_card_support_asks_for_key_cards_in_partners_suit() -> None:
    # 20 HCP with AQJ2 opposite 1♥–1♠: the spade fit is the slam suit, so the hand asks for
    # key cards rather than jump to 4♥ in its own six-card suit
    *_, chosen = _explained("AQJ2.AKQJ54.Q.JT", "1H P 1S P")
    assert chosen.call == Call.parse("4NT")
    assert ("rkc_suit", Suit.SPADES) in chosen.shown.notes


@pytest.mark.parametrize(("hand", "call"), [
    ("AQ875..AQJ93.T53", "6S"),   # two key cards opposite two: one missing, the small slam
    ("Q8752..AQJ93.T53", "5S"),   # one opposite two: two missing, the five-level sign-off
])
def test_the_asker_places_the_contract_when_they_double_the_answer(hand: str, call: str) -> None:
    # 1♣ (2♥) 2♠ (4♥) 4♠ (X) 4NT (P) 5♥ (X): the double of the artificial answer changes
    # nothing for the asker, who still signs off or bids the slam; passing left 5♥ doubled
    # in a 2-0 fit as the contract (five down on the board, -1400)
    _, _, chosen = _explained(hand, "P 1C 2H 2S 4H 4S X 4N P 5H X")
    assert str(chosen.call) == call


def test_shortness_in_partner_s_suit_is_not_counted_toward_slam() -> None:
    # 1S-2C-2H-4H: ten HCP, 6-5 and a club void opposite partner's clubs is a misfit, not a
    # ruffing value: no key-card ask (6H went down, s27-a board 245); a doubleton elsewhere
    # still counts its point.
    _, _, chosen = _explained("AQJ842.J8652.K8.", "1S P 2C P 2H P 4H P")
    assert chosen.call != Call.parse("4NT")
    info = HandInfo.of(Hand.parse("AQJ842.J8652.K8.").cards)
    assert info.support_points(Suit.HEARTS, wasted=[Suit.CLUBS]) == info.hcp + 1
    assert info.support_points(Suit.HEARTS) == info.hcp + 6


def test_two_clubs_raise_with_a_queen_or_two_arrives_fast() -> None:
    # 2C-2D-2S: five HCP and three spades raise to 4S (fast arrival), so 22 does not ask for
    # key cards on 27 together (s27-c, board 704: 6S one off); six HCP raise to 3S
    assert _explained("874.J75.J64.K932", "2C P 2D P 2S P")[2].call == Call.parse("4S")
    assert _explained("874.J75.A64.K932", "2C P 2D P 2S P")[2].call == Call.parse("3S")

