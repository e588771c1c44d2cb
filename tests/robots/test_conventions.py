"""Splinters, cue-bid slam tries, RKC 1430 and 0314, Lebensohl over interference of 1NT:
the calls as the published descriptions give them, explained in four languages without
contradictions.

Sources: splinter raises, "four-card or longer trump support, game values and a singleton or
void", opener signs off with honours wasted opposite the shortness (St. Petersburg Bridge
Bulletin, 2017; ACBL teaching notes); Roman key-card answers 3014/0314 and 1430
(pi.math.cornell.edu/~belk/RKC.htm: "5♣ 3 or 0, 5♦ 1 or 4 … 1430 switches 5♣ and 5♦");
Lebensohl after 1NT and a two-level overcall (acblunit390.org/Simon/leb.htm: 2NT relays to
3♣, a two-level suit is weak and natural, a three-level suit is forcing, the cue bid is
Stayman denying a stopper, a direct 3NT denies a stopper, 2NT then 3NT shows one).
"""

from __future__ import annotations

import pytest

from redouble.calls import Call
from redouble.hand import Hand
from redouble.robots.evaluation import HandInfo
from redouble.robots.modern import MODERN, MODERN_0314
from redouble.robots.system import System
from redouble.robots.systems import SYSTEMS, system_named
from redouble.robots.twoovers import TWO_OVER_ONE_0314
from redouble.seats import Seat, Vulnerability

NONE = Vulnerability.NONE


def choose(system: System, hand: str, auction: str) -> tuple[str, str]:
    calls = [Call.parse(c) for c in auction.split()]
    ctx = system.context(Seat.NORTH, NONE, calls)
    chosen = system.choose(HandInfo.of(Hand.parse(hand).cards), ctx)
    return str(chosen.call), chosen.rule


def explain(system: System, auction: str, lang: str = "en") -> str:
    calls = [Call.parse(c) for c in auction.split()]
    return system.explain(Seat.NORTH, NONE, calls, len(calls) - 1, lang=lang)


# --- splinters ---------------------------------------------------------------------------


@pytest.mark.parametrize(("opening", "hand", "call"), [
    ("1S", "KQ32.AJ54.2.K432", "4D"),    # 1♠–4♦: four spades, a singleton diamond
    ("1S", "A765.KJ54.K87.5", "4C"),     # 1♠–4♣
    ("1S", "AJ76.5.KQ54.J87", "4H"),     # 1♠–4♥
    ("1H", "5.KJ54.AQ87.J876", "3S"),    # 1♥–3♠ is the splinter in spades
])
def test_splinter_raises(opening: str, hand: str, call: str) -> None:
    assert choose(MODERN, hand, f"{opening} P")[0] == call
    words = explain(MODERN, f"{opening} P {call}")
    assert "splinter" in words and "at most 1" in words and "game forcing" in words


@pytest.mark.parametrize(("hand", "call", "rule"), [
    # ten HCP, five trumps and a void are game values (15 dummy points): the splinter, not
    # the 1NT response that hid the fit
    ("J8764..T4.AKQT54", "4H", "splinter_S_H"),
    # 11 HCP and two doubletons count 13 dummy points: a game-forcing raise, not a limit raise
    ("KJ74.Q3.KT542.Q3", "2NT", "major_jacoby"),
    # 11 HCP and one doubleton (12): the limit raise
    ("KJ74.Q32.KT54.Q3", "3S", "major_limit_raise"),
])
def test_game_raises_count_dummy_points(hand: str, call: str, rule: str) -> None:
    assert choose(MODERN, hand, "1S P") == (call, rule)


def test_opener_signs_off_with_wasted_honours_and_asks_with_a_fit() -> None:
    # ♦KQ opposite the diamond splinter are wasted: game only
    assert choose(MODERN, "AKJ54.K32.KQ3.32", "1S P 4D P") == ("4S", "splinter_S_D_game")
    # the same strength with nothing in diamonds: key cards
    call, rule = choose(MODERN, "AKJ54.KQ3.653.A2", "1S P 4D P")
    assert (call, rule) == ("4NT", "splinter_S_D_rkc")
    assert "key cards" in explain(MODERN, "1S P 4D P 4NT")


def test_a_hand_without_shortness_does_not_splinter() -> None:
    assert choose(MODERN, "KQ32.AJ54.K2.432", "1S P")[0] == "2NT"  # Jacoby 2NT


# --- cue-bid slam tries --------------------------------------------------------------------


def test_cue_bid_slam_try_opposite_a_limit_raise_names_the_cheapest_ace() -> None:
    assert choose(MODERN, "AKJ54.KQ2.A53.32", "1S P 3S P") == ("4D", "cue_limit")
    assert choose(MODERN, "AKJ54.A32.KQ3.32", "1S P 3S P") == ("4H", "cue_limit")
    words = explain(MODERN, "1S P 3S P 4D")
    assert "slam try" in words and "♦" in words


def test_partner_cues_back_with_a_maximum_or_signs_off() -> None:
    assert choose(MODERN, "Q732.A54.K32.Q32", "1S P 3S P 4D P") == ("4H", "cue_limit_back")
    assert choose(MODERN, "Q732.K54.K32.Q32", "1S P 3S P 4D P") == ("4S", "cue_limit_signoff")
    # after the cue back, the trier with two key cards asks
    assert choose(MODERN, "AKJ54.KQ2.A53.32", "1S P 3S P 4D P 4H P")[0] == "4NT"
    assert choose(MODERN, "AKJ54.KQ2.A53.32", "1S P 3S P 4D P 4S P")[0] == "Pass"


# --- RKC 1430 and 0314 -------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "in_1430", "in_0314"), [
    ("A2.K3.Q98.J87654", "5C", "5D"),    # one key card
    ("32.K3.Q98.J87654", "5D", "5C"),    # none
    ("A2.K3.A98.J87654", "5H", "5H"),    # two without the queen: the same in both
    ("AQ2.A3.98.J87654", "5S", "5S"),    # two with the queen
])
def test_rkc_answers_in_1430_and_0314(hand: str, in_1430: str, in_0314: str) -> None:
    auction = "1S P 3S P 4NT P"
    assert choose(MODERN, hand, auction)[0] == in_1430
    assert choose(MODERN_0314, hand, auction)[0] == in_0314
    assert choose(TWO_OVER_ONE_0314, hand, auction)[0] == in_0314


def test_0314_explains_the_answers_the_other_way_round() -> None:
    assert "1 or 4" in explain(MODERN, "1S P 3S P 4NT P 5C")
    assert "0 or 3" in explain(MODERN_0314, "1S P 3S P 4NT P 5C")
    assert "1 or 4" in explain(MODERN_0314, "1S P 3S P 4NT P 5D")
    assert "1 of 4" in explain(MODERN_0314, "1S P 3S P 4NT P 5D", "nl")


def test_the_asker_counts_key_cards_by_the_variant() -> None:
    # the asker holds 4 key cards; a 5♦ answer is one key card in 0314: bid the small slam
    asker = "AKQJ5.KQ2.A3.K32"
    assert choose(MODERN_0314, asker, "1S P 3S P 4NT P 5D P")[0] in ("6S", "7S")
    # in 1430 5♦ is 0 or 3: with four key cards, zero: stop in five
    assert choose(MODERN, asker, "1S P 3S P 4NT P 5D P")[0] == "5S"


def test_the_0314_systems_by_name() -> None:
    assert system_named("modern-0314") is MODERN_0314
    assert system_named("2/1 0314") is TWO_OVER_ONE_0314
    assert {"modern-0314", "2/1-0314"} <= set(SYSTEMS)


# --- Lebensohl over interference of 1NT ----------------------------------------------------


@pytest.mark.parametrize(("hand", "auction", "call"), [
    ("32.82.Q98765.K32", "1N 2H", "2NT"),      # weak, diamonds below hearts: relay
    ("32.82.Q98765.K32", "1N 2H 2N P 3C P", "3D"),  # … then 3♦ to play
    ("32.8.K32.QJ98765", "1N 2H 2N P 3C P", "Pass"),  # clubs: pass the relay
    ("QJ9876.82.K32.32", "1N 2H", "2S"),        # a suit above theirs: two-level, to play
    ("A2.K3.AQ8.J87654", "1N 2H", "3C"),        # a three-level suit is game forcing
    ("KQ32.32.K543.A76", "1N 2H", "3H"),        # cue bid: Stayman without a heart stopper
    ("K32.32.KQ543.A76", "1N 2H", "3NT"),       # fast 3NT denies a stopper
    ("KQ3.A2.K543.9876", "1N 2H", "2NT"),       # slow: 2NT, then …
    ("KQ3.A2.K543.9876", "1N 2H 2N P 3C P", "3NT"),  # … 3NT shows the stopper
    # game values start at 9, as opposite an uncontested 1NT: slow with KQ2 of hearts (the
    # placement's 3NT read as "fast, no stopper"), fast without one
    ("T9.KQ2.Q76.Q9842", "1N 2H", "2NT"),
    ("T9.KQ2.Q76.Q9842", "1N 2H 2N P 3C P", "3NT"),
    ("K93.72.K76.QJ842", "1N 2H", "3NT"),
])
def test_lebensohl_after_1nt_and_an_overcall(hand: str, auction: str, call: str) -> None:
    assert choose(MODERN, hand, auction)[0] == call


def test_opener_completes_the_relay() -> None:
    assert choose(MODERN, "AQ3.K2.A543.Q876", "1N 2H 2N P") == ("3C", "leb_relay_3c")


@pytest.mark.parametrize("lang", ["en", "nl", "de", "no"])
def test_lebensohl_is_explained_in_four_languages(lang: str) -> None:
    relay = explain(MODERN, "1N 2H 2N", lang)
    assert "Lebensohl" in relay and "3♣" in relay
    fast = explain(MODERN, "1N 2H 3N", lang)
    slow = explain(MODERN, "1N 2H 2N P 3C P 3N", lang)
    assert fast != slow and "♥" in fast and "♥" in slow


@pytest.mark.parametrize("system", [MODERN, MODERN_0314, TWO_OVER_ONE_0314],
                         ids=lambda s: s.name)
@pytest.mark.parametrize("auction", [
    "1S P 4C", "1S P 4D", "1S P 4H", "1H P 3S", "1H P 4C", "1S P 4D P 4S", "1S P 4D P 4N",
    "1S P 3S P 4D", "1S P 3S P 4D P 4H", "1S P 3S P 4D P 4S", "1S P 3S P 4D P 4H P 4N",
    "1H P 2N P 3H P 4C", "1S P 3S P 4N P 5C", "1S P 3S P 4N P 5D",
    "1N 2H 2N", "1N 2H 2N P 3C", "1N 2H 2N P 3C P 3D", "1N 2H 2N P 3C P 3N", "1N 2S 3S",
    "1N 2D 3N", "1N 2H 3C", "1N 2C 2H",
])
def test_every_convention_explains_without_contradiction(system: System, auction: str) -> None:
    calls = [Call.parse(c) for c in auction.split()]
    for explained in system.analyse(Seat.NORTH, NONE, calls):
        assert explained.shown.conflicts() == [], (auction, explained)
    for lang in ("en", "nl", "de", "no"):
        assert system.explain(Seat.NORTH, NONE, calls, len(calls) - 1, lang=lang)
