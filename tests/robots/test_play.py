"""Card play by sampling, claims, mini-bridge and the match: robots see views only."""

from __future__ import annotations

import pytest

from redouble.board import Board
from redouble.calls import Call
from redouble.cards import Card, Strain
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.events import CallMade
from redouble.hand import Hand
from redouble.robots import NaiveRobot, SaycRobot, Scoring, default_robot, run_board
from redouble.robots.cardplay import equal_card_groups, sure_claim
from redouble.robots.evaluation import HandInfo
from redouble.robots.match import Team, export_match, play_board, robot_factory
from redouble.robots.minibridge import (
    MiniBridgeRobot,
    announce,
    candidate_strains,
    choose_contract,
)
from redouble.robots.sampling import Sampler
from redouble.seats import Seat, Vulnerability
from redouble.state import BoardState
from redouble.view import Phase

GRAND = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def fast_robot(**kw: object) -> SaycRobot:
    return SaycRobot(samples=6, budget=0.5, **kw)  # type: ignore[arg-type]


def state_with(deal: Deal, calls: str, *, dealer: Seat = Seat.NORTH) -> BoardState:
    state = BoardState(Board(deal=deal, dealer=dealer, vulnerability=Vulnerability.NONE,
                             number=1))
    for text in calls.split():
        state.make_call(Call.parse(text))
    return state


def test_default_robot_is_the_sampling_robot() -> None:
    assert isinstance(default_robot(), SaycRobot)


def test_samples_respect_auction_play_and_voids() -> None:
    # North opens 1NT and plays it; by the third trick East has shown out of hearts.
    deal = Deal.from_pbn("N:AK3.KJ4.A653.J32 QJ987.2.KQJ4.654 T54.Q9853.T7.K98 62.AT76.982.AQT7")
    state = state_with(deal, "1NT Pass Pass Pass")
    assert state.actor is Seat.EAST
    for card in ("S9", "S5", "S6", "SK", "H4", "H2", "H9", "HA", "H6", "HK", "D4", "H3"):
        state.play_card(Card.parse(card), by=state.actor)
    view = state.view(Seat.NORTH)
    assert view.deal is None and set(view.hands) == {Seat.NORTH, Seat.SOUTH}
    robot = fast_robot()
    constraints = robot.constraints(view)
    assert constraints[Seat.NORTH].hcp == (15, 17)
    sampler = Sampler(view, constraints)
    samples, report = sampler.draw(40)
    assert report.accepted == 40 and report.contradictions == 0
    assert report.contradiction_share == 0.0
    for sample in samples:
        assert sampler.check(sample)
        assert sample[Seat.NORTH] == frozenset(view.hands[Seat.NORTH])
        assert not any(c.suit.name == "HEARTS" for c in sample[Seat.EAST])  # East showed out
        east = HandInfo(sample[Seat.EAST] | frozenset(view.played_by(Seat.EAST)))
        assert constraints[Seat.EAST].admits(east)


def test_a_decision_depends_on_the_view_only() -> None:
    # Two deals that differ only in the East-West cards North cannot see: North's view and
    # North's card are the same in both.
    north, south = "AK3.KJ4.A653.J32", "T54.Q985.T7.K984"
    one = Deal.from_pbn(f"N:{north} QJ987.2.KQJ4.765 {south} 62.AT763.982.AQT")
    two = Deal.from_pbn(f"N:{north} QJ986.2.KQJ4.765 {south} 72.AT763.982.AQT")
    states = [state_with(deal, "1NT Pass Pass Pass") for deal in (one, two)]
    for state in states:
        state.play_card(Card.parse("S9"), by=Seat.EAST)
    views = [state.view(Seat.NORTH) for state in states]
    assert views[0] == views[1]
    robot = fast_robot()
    assert robot.choose_card(views[0]) == robot.choose_card(views[1])


def test_singletons_and_equal_cards_are_played_at_once() -> None:
    deal = Deal.from_pbn(GRAND)
    state = state_with(deal, "7NT Pass Pass Pass")
    state.play_card(Card.parse("HJ"), by=Seat.EAST)
    state.play_card(Card.parse("H6"), by=Seat.NORTH)  # declarer plays dummy's card
    state.play_card(Card.parse("H2"), by=Seat.WEST)
    view = state.view(Seat.NORTH)
    groups = equal_card_groups(view.legal_cards, view)
    assert groups == [[Card.parse("HQ"), Card.parse("HK"), Card.parse("HA")]]
    decision = fast_robot().decide_card(view)
    assert decision.card == Card.parse("HQ") and decision.reason == "equal cards"


def test_declarer_claims_only_sure_tricks() -> None:
    deal = Deal.from_pbn(GRAND)
    state = state_with(deal, "7NT Pass Pass Pass")
    for card in ("HJ", "H6", "H2", "HA"):
        state.play_card(Card.parse(card), by=state.actor)
    view = state.view(Seat.NORTH)
    assert sure_claim(view) == 12
    assert fast_robot().propose_claim(view) == 12
    # With spades trumps and an outstanding small trump in East's hand, no claim yet.
    trumps = state_with(Deal.from_pbn("N:AKQ.AKQJ.AKQ.AKQ JT98.T98.JT9.JT9 "
                                      "7654.764.876.876 32.532.5432.5432"), "7S Pass Pass Pass")
    for card in ("HT", "H4", "H2", "HA"):
        trumps.play_card(Card.parse(card), by=trumps.actor)
    assert sure_claim(trumps.view(Seat.NORTH)) is None


def test_defender_accepts_a_sure_claim_and_rejects_a_false_one() -> None:
    deal = Deal.from_pbn(GRAND)
    good = state_with(deal, "7NT Pass Pass Pass")
    good.play_card(Card.parse("HJ"), by=Seat.EAST)
    good.claim(Seat.NORTH, 13)
    assert good.phase is Phase.CLAIM
    robot = fast_robot()
    assert robot.answer_claim(good.view(Seat.EAST)) is True
    # North misses the spade ace: a claim of all 13 tricks fails against any defence.
    weak = Deal.from_pbn("N:KQJT.AKQ.AKQ.AKQ 9872.JT9.JT9.JT9 6543.876.876.876 A.5432.5432.5432")
    bad = state_with(weak, "7NT Pass Pass Pass")
    bad.play_card(Card.parse("HJ"), by=Seat.EAST)
    bad.claim(Seat.NORTH, 13)
    assert robot.answer_claim(bad.view(Seat.EAST)) is False
    assert robot.answer_claim(bad.view(Seat.WEST)) is False


def test_robots_play_a_board_with_explained_calls_and_clean_samples() -> None:
    robot = fast_robot()
    state = BoardState(Board.numbered(3, deal=Deal.from_seed("robots-play", 3)))
    run_board(state, dict.fromkeys(Seat, robot))
    assert state.phase is Phase.DONE
    calls = [e for e in state.events if isinstance(e, CallMade)]
    assert calls and all(e.explanation for e in calls)
    assert robot.log.contradictions == 0
    assert robot.log.card_seconds or state.contract is None


def test_scoring_forms_parse() -> None:
    assert Scoring.parse("mp") is Scoring.MATCHPOINTS
    assert Scoring.parse("IMPs") is Scoring.IMPS
    with pytest.raises(BridgeError, match="unknown form of scoring"):
        Scoring.parse("bingo")


def test_minibridge_announces_points_and_chooses_a_fit_game() -> None:
    hand = Hand.parse("AKQ2.K32.Q32.432")
    dummy = Hand.parse("J543.A54.K54.K65")
    assert announce(hand) == 14
    assert candidate_strains(hand, dummy) == [Strain.SPADES]
    choice = choose_contract(hand, dummy, declarer=Seat.SOUTH, layouts=4)
    assert choice.contract.strain is Strain.SPADES and choice.contract.declarer is Seat.SOUTH
    assert 1 <= choice.contract.level <= 4 and choice.layouts == 4
    no_fit = candidate_strains(Hand.parse("AKQ.K32.Q432.432"), Hand.parse("J54.A54.K65.K765"))
    assert no_fit == [Strain.NOTRUMP]
    with pytest.raises(BridgeError, match="13 cards"):
        choose_contract(hand, hand, declarer=Seat.SOUTH)


def test_minibridge_robot_uses_announced_points_as_constraints() -> None:
    robot = MiniBridgeRobot(announced={Seat.NORTH: 14, Seat.EAST: 6, Seat.SOUTH: 12,
                                       Seat.WEST: 8})
    state = BoardState(Board.numbered(1, deal=Deal.from_seed("mini", 1)))
    assert robot.announce(state.view(Seat.NORTH)) == state.deal[Seat.NORTH].hcp
    assert robot.constraints(state.view(Seat.NORTH))[Seat.EAST].hcp == (6, 6)


def test_match_board_scores_both_tables_in_imps() -> None:
    from redouble.scoring import imps

    board = Board.numbered(2, deal=Deal.from_seed("robots-match", 2))
    outcome = play_board(board, Team("naive", NaiveRobot()), Team("random", robot_factory(
        "random", seed=3)))
    assert outcome.imps_a == imps(outcome.open.score_ns - outcome.closed.score_ns)
    assert outcome.open.state.phase is Phase.DONE and outcome.closed.state.phase is Phase.DONE
    with pytest.raises(BridgeError, match="unknown robot"):
        robot_factory("gib")


def test_match_exports_pbn_and_lin() -> None:
    from redouble.formats import pbn
    from redouble.robots.match import MatchResult

    board = Board.numbered(1, deal=Deal.from_seed("robots-match", 1))
    outcome = play_board(board, Team("naive", NaiveRobot()), Team("naive2", NaiveRobot()))
    match = MatchResult(team_a="naive", team_b="naive2", boards=[outcome])
    pbn_text, lin_text = export_match([match])
    games = pbn.loads(pbn_text)
    assert len(games) == 2
    assert "qx|open1|" in lin_text and "qx|closed1|" in lin_text


def test_the_form_of_scoring_decides_between_safety_and_overtricks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 3NT, declarer on lead with 1 trick in: cashing spades makes exactly 9 tricks in every
    # layout; the heart line makes an overtrick in two layouts of three and goes down in the
    # third. IMPs and total points take the sure line, matchpoints the frequent overtrick.
    import redouble.robots.cardplay as cardplay

    deal = Deal.from_pbn(GRAND)
    state = state_with(deal, "3NT Pass Pass Pass")
    for card in ("HJ", "H6", "H2", "HA"):
        state.play_card(Card.parse(card), by=state.actor)
    view = state.view(Seat.NORTH)
    safe, risky = Card.parse("SJ"), Card.parse("HQ")  # each group's lowest card stands for it
    calls = iter(range(10**6))

    def fake_solve_many(positions: list[object]) -> list[dict[Card, int]]:
        out = []
        for position in positions:
            del position
            n = next(calls)
            values = dict.fromkeys(view.legal_cards, 8)
            values[risky] = values[Card.parse("HK")] = 9 if n % 3 else 7
            out.append(values)
        return out

    monkeypatch.setattr(cardplay, "solve_many", fake_solve_many)
    picks = {}
    for form in Scoring:
        calls = iter(range(10**6))
        robot = SaycRobot(samples=3, scoring=form)
        picks[form] = robot.choose_card(view)
        values = robot.player.last.values if robot.player.last else {}
        assert set(values) >= {safe, risky}
    assert picks[Scoring.MATCHPOINTS] == risky
    assert picks[Scoring.IMPS] != risky and picks[Scoring.RUBBER] != risky


def test_a_robot_without_a_fixed_scoring_plays_for_the_tables() -> None:
    """The table's form of scoring reaches the robot through its view (``View.scoring``)."""
    from redouble import Board, BoardState, Call, Deal, Seat
    from redouble.robots.cardplay import Scoring
    from redouble.robots.robot import SaycRobot

    state = BoardState(Board.numbered(1, deal=Deal.from_seed("scoring")), scoring="matchpoints")
    for text in ("1NT", "Pass", "Pass", "Pass"):
        state.make_call(Call.parse(text))
    robot = SaycRobot(samples=4, budget=2.0)
    leader = state.actor
    assert leader is Seat.EAST
    robot.choose_card(state.view(leader))
    assert robot.player.scoring is Scoring.MATCHPOINTS
    fixed = SaycRobot(scoring="imps", samples=4, budget=2.0)
    fixed.choose_card(state.view(leader))
    assert fixed.player.scoring is Scoring.IMPS
