"""Bidding decisions by simulation: which decisions are simulated, the candidates, the DD
batch the scores come from, the form of scoring, and a decision on fixed hands with a fixed
seed (reproducible, legal, and the same on a slow machine: the clock never decides)."""

from __future__ import annotations

import itertools
import time

import pytest

from redouble.analysis import dd_table
from redouble.analysis.dds import contract_tricks
from redouble.board import Board
from redouble.calls import DOUBLE, PASS, Call
from redouble.cards import Strain
from redouble.deal import Deal
from redouble.hand import Hand
from redouble.robots.cardplay import Scoring
from redouble.robots.evaluation import HandInfo
from redouble.robots.modern import MODERN
from redouble.robots.robot import SaycRobot
from redouble.robots.sampling import Sample
from redouble.robots.simulation import (
    LAYOUT_COST,
    MIN_LAYOUTS,
    PROOF,
    SIMULATED,
    Decision,
    SimulatedChoice,
    Simulator,
    _significant,
    _values,
    candidate_calls,
    decision_kind,
    readable,
    replayed,
)
from redouble.robots.system import Context
from redouble.seats import Seat, Vulnerability
from redouble.state import BoardState

NONE = Vulnerability.NONE


def context(auction: str, dealer: Seat = Seat.NORTH) -> Context:
    return MODERN.context(dealer, NONE, [Call.parse(c) for c in auction.split()])


def kind(hand: str, auction: str) -> Decision | None:
    ctx = context(auction)
    info = HandInfo.of(Hand.parse(hand).cards)
    return decision_kind(MODERN, ctx, info, MODERN.choose(info, ctx))


def test_contract_tricks_agree_with_the_dd_table() -> None:
    deal = Deal.from_seed("simulation", 3)
    table = dd_table(deal)
    hands = [deal[seat].cards for seat in Seat]
    jobs = [(hands, strain, seat) for strain in (Strain.SPADES, Strain.NOTRUMP, Strain.CLUBS)
            for seat in (Seat.NORTH, Seat.WEST)]
    assert contract_tricks(jobs) == [table.tricks(declarer=seat, strain=strain)
                                     for _, strain, seat in jobs]


@pytest.mark.parametrize(("hand", "auction", "expected"), [
    ("KQ32.A54.K32.432", "", None),                     # the opening stays with the rules
    ("KQ32.A54.K32.432", "1H", Decision.ENTRY),         # the first action over theirs
    ("KQ32.A54.K32.432", "1H P 2H", Decision.ENTRY),    # balancing: still our first action
    ("KQ32.A54.K32.432", "1S P 3S", None),              # over their three level: the rules
    ("KQ32.A54.K32.432", "1H X P", None),               # partner doubled: the rules advance
    ("T65.Q6432.AT73.8", "1S X 3S", Decision.COMPETITIVE),  # ... unless they bid over it
    ("KQ32.A54.K32.432", "1H X 2H", Decision.COMPETITIVE),
    ("KQ32.A54.K32.432", "1H X 5H", None),              # their five level: the rules
    (".AKJ95.J5.AKQJ65", "1S X 3S P 4S", Decision.COMPETITIVE),  # the doubler again
    ("A2.AKJ32.K32.432", "1H 1S 2H 2S", Decision.COMPETITIVE),  # a part-score battle
    ("K932.A54.K32.432", "1S 2H 2S 4H P P", Decision.PENALTY_DOUBLE),  # X is for penalty
    ("AKJ32.A54.K32.43", "1S P 2S P", Decision.GAME),   # invite, game or pass
    ("AKJ32.A54.K32.43", "1S P 3S P", Decision.GAME),   # game, or a slam try
    ("AQJ2.KQ54.KJ2.32", "1S P 2N P 4S P", Decision.SLAM),  # game reached: slam or not
    ("AKJ32.A54.K32.43", "1S P 3S P 4N P", None),       # inside Blackwood: the rules
    ("AK32.A54.K32.432", "1N P 2C P", None),            # Stayman's answer: the rules
])
def test_which_decisions_are_simulated(hand: str, auction: str,
                                       expected: Decision | None) -> None:
    assert kind(hand, auction) is expected


def test_candidates_are_the_rules_call_pass_double_bid_on_and_game() -> None:
    ctx = context("1S P 2S 3H")
    info = HandInfo.of(Hand.parse("K932.A54.K32.432").cards)
    chosen = MODERN.choose(info, ctx)
    calls = candidate_calls(ctx, info, chosen, Decision.COMPETITIVE)
    assert calls[0] == chosen.call
    assert {PASS, DOUBLE, Call.parse("3S"), Call.parse("4S")} <= set(calls)
    assert len(calls) <= 5


def test_without_a_fit_our_own_suit_is_a_candidate() -> None:
    # 1H (1S) X (4S): opener's seven hearts are the side's other way to compete over their
    # game (no fit is known yet, so bidding on in our strain proposes nothing); the doubler
    # with a void in theirs weighs its six clubs over their raise to game
    for auction, hand, own in (("1H 1S X 4S", "6.AKQJ632.A75.93", "5H"),
                               ("1S X 3S P 4S", ".AKJ95.J5.AKQJ65", "5C")):
        ctx = context(auction)
        info = HandInfo.of(Hand.parse(hand).cards)
        chosen = MODERN.choose(info, ctx)
        kind = decision_kind(MODERN, ctx, info, chosen)
        assert kind in (Decision.COMPETITIVE, Decision.PENALTY_DOUBLE)
        calls = candidate_calls(ctx, info, chosen, kind)
        assert Call.parse(own) in calls and DOUBLE not in calls  # short in theirs: no double
    # the advancer over 1S X 3S (the rules pass: a free three-level bid wants 7 HCP) weighs
    # its five hearts at the four level (the double promised some), pass, and a responsive
    # double
    ctx = context("1S X 3S")
    info = HandInfo.of(Hand.parse("T65.Q6432.AT73.8").cards)
    chosen = MODERN.choose(info, ctx)
    calls = candidate_calls(ctx, info, chosen, Decision.COMPETITIVE, system=MODERN)
    assert chosen.call == PASS and {PASS, DOUBLE, Call.parse("4H")} <= set(calls)
    # with a fit found, the fit's strain is bid on instead (no other suit is proposed)
    ctx = context("1S 2H 2S 3H")
    info = HandInfo.of(Hand.parse("AKJ32.4.AKJ932.4").cards)
    calls = candidate_calls(ctx, info, MODERN.choose(info, ctx), Decision.COMPETITIVE)
    assert Call.parse("4D") not in calls and Call.parse("4S") in calls


def test_the_first_action_weighs_pass_double_and_our_longest_suit() -> None:
    ctx = context("1H")
    info = HandInfo.of(Hand.parse("KQ932.54.K32.432").cards)
    chosen = MODERN.choose(info, ctx)
    calls = candidate_calls(ctx, info, chosen, Decision.ENTRY)
    assert calls[0] == chosen.call
    assert {PASS, DOUBLE, Call.parse("1S")} <= set(calls)
    short = HandInfo.of(Hand.parse("KQ932.4.K532.432").cards)  # a singleton heart: no double
    assert DOUBLE not in candidate_calls(ctx, short, MODERN.choose(short, ctx), Decision.ENTRY)


def test_a_forcing_call_from_partner_takes_pass_off_the_list() -> None:
    ctx = context("1S P 2N P")  # Jacoby 2NT: game forcing
    info = HandInfo.of(Hand.parse("AKJ32.A54.K32.43").cards)
    chosen = MODERN.choose(info, ctx)
    assert PASS not in candidate_calls(ctx, info, chosen, Decision.GAME)


def test_the_form_of_scoring_decides_how_candidates_compare() -> None:
    # three layouts; candidate 1 wins 50 twice and loses 620 once, candidate 2 is level
    scores = [[0, 50, 0], [0, 50, 0], [0, -620, 0]]
    imps, mps, total = (_values(scores, form) for form in
                        (Scoring.IMPS, Scoring.MATCHPOINTS, Scoring.RUBBER))
    assert imps[0] == 0 and imps[1] == pytest.approx((2 + 2 - 12) / 3)
    assert mps[1] == pytest.approx((1 + 1 - 1) / 3 / 2)  # beats the rules' call 2 of 3
    assert total[1] == pytest.approx((50 + 50 - 620) / 3)
    assert imps[1] < 0 < mps[1]  # matchpoints like the frequent small gain, IMPs do not


def _decision_view() -> tuple[BoardState, Seat]:
    """A part-score battle: North opened 1♠, South raised, West competes in hearts."""
    deal = Deal.from_pbn("N:AKJ54.32.KQ5.J32 Q2.KQJ98.A32.Q54 T987.54.J74.AK76 "
                         "63.AT76.T986.T98")
    state = BoardState(Board.numbered(1, deal=deal))  # North deals
    for text in ("1S", "2H", "2S", "3H"):
        state.make_call(Call.parse(text), seat=state.actor)
    return state, Seat.NORTH


def test_a_simulated_decision_is_legal_reproducible_and_within_budget() -> None:
    state, seat = _decision_view()
    view = state.view(seat)
    ctx = MODERN.context(view.dealer, view.vulnerability, [e.call for e in view.auction])
    info = HandInfo.of(view.hand)
    chosen = MODERN.choose(info, ctx)
    first = Simulator(MODERN, samples=8, budget=5.0, seed=7).decide(view, ctx, info, chosen)
    again = Simulator(MODERN, samples=8, budget=5.0, seed=7).decide(view, ctx, info, chosen)
    assert first is not None and again is not None
    assert first.kind in (Decision.COMPETITIVE, Decision.PENALTY_DOUBLE)
    assert first.rules_call == chosen.call
    assert first.call == again.call and first.values == again.values
    assert first.call in view.legal_calls and first.layouts >= 4
    assert first.values[0][0] == chosen.call
    assert dict(first.values)[chosen.call] == 0.0


def test_the_robot_explains_a_simulated_call_by_the_system() -> None:
    state, seat = _decision_view()
    robot = SaycRobot(seed=3, bid_budget=5.0)
    choice = robot.choose_call(state.view(seat))
    assert choice.call in state.view(seat).legal_calls and choice.explanation
    assert robot.simulator is not None and robot.simulator.log
    rules_only = SaycRobot(seed=3, simulate=False)
    assert rules_only.simulator is None and rules_only.choose_call(state.view(seat)).explanation


def _decide(simulator: Simulator) -> SimulatedChoice | None:
    state, seat = _decision_view()
    view = state.view(seat)
    ctx = MODERN.context(view.dealer, view.vulnerability, [e.call for e in view.auction])
    info = HandInfo.of(view.hand)
    return simulator.decide(view, ctx, info, MODERN.choose(info, ctx))


def test_a_slow_clock_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # the same board and auction give the same layouts and call whatever the machine's speed:
    # here every reading of the clock is ten seconds after the last, far past any budget
    first = _decide(Simulator(MODERN, seed=11))
    clock = itertools.count(0.0, 10.0)
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(clock)))
    slow = _decide(Simulator(MODERN, seed=11))
    assert first is not None and slow is not None
    assert (slow.call, slow.values, slow.layouts) == (first.call, first.values, first.layouts)
    wanted = Simulator(MODERN).layouts_for(first.kind, len(first.values))
    assert MIN_LAYOUTS <= first.layouts <= wanted


def test_the_budget_caps_the_layouts_by_a_calibrated_count() -> None:
    simulator = Simulator(MODERN, samples=16, budget=0.6)
    assert simulator.layouts_for(Decision.GAME, 2) == 16  # affordable: the cap
    cost = LAYOUT_COST[Decision.COMPETITIVE]
    assert simulator.layouts_for(Decision.COMPETITIVE, 5) == min(16, int(0.6 / (cost * 5)))
    tight = Simulator(MODERN, budget=cost * 3 * (MIN_LAYOUTS - 1))
    assert tight.layouts_for(Decision.COMPETITIVE, 3) < MIN_LAYOUTS
    assert _decide(tight) is None  # too few layouts to beat the noise: the rules decide


def test_a_doubled_contract_credits_declarer_half_a_trick_over_double_dummy() -> None:
    # the robots' defence takes about half a trick less than double dummy against doubled
    # contracts: 4♠X by North, non-vulnerable, nine DD tricks is the mean of −100 and +590
    from redouble.calls import Contract, Risk
    from redouble.cards import Strain as S
    from redouble.robots.simulation import _score_for
    from redouble.seats import Side

    doubled = Contract(level=4, strain=S.SPADES, risk=Risk.DOUBLED, declarer=Seat.NORTH)
    plain = Contract(level=4, strain=S.SPADES, risk=Risk.UNDOUBLED, declarer=Seat.NORTH)
    assert _score_for(doubled, 9, Vulnerability.NONE, Side.NS) == (-100 + 590) // 2
    assert _score_for(doubled, 9, Vulnerability.NONE, Side.EW) == -((-100 + 590) // 2)
    assert _score_for(plain, 9, Vulnerability.NONE, Side.NS) == -50  # undoubled: DD as it is
    assert _score_for(doubled, 13, Vulnerability.NONE, Side.NS) == 590 + 3 * 100


def test_slam_decisions_stay_with_the_rules_unless_asked_for() -> None:
    # 20 HCP opposite a 1♥ response, 4♥ by the rules: a slam decision, which the default
    # simulator leaves to the rules (SIMULATED) and one built to simulate slams weighs
    deal = Deal.from_pbn("N:AKQ5.AKT4.Q54.Q5 J2.965.KJ72.AJ96 843.QJ873.A6.K84 "
                         "T976.2.T983.T732")
    state = BoardState(Board.numbered(1, deal=deal))
    for text in ("1D", "P", "1H", "P"):
        state.make_call(Call.parse(text), seat=state.actor)
    view = state.view(Seat.NORTH)
    ctx = MODERN.context(view.dealer, view.vulnerability, [e.call for e in view.auction])
    info = HandInfo.of(view.hand)
    chosen = MODERN.choose(info, ctx)
    assert Decision.SLAM not in SIMULATED and Decision.ENTRY not in SIMULATED
    assert Simulator(MODERN, seed=5).decide(view, ctx, info, chosen) is None
    asked = Simulator(MODERN, seed=5, kinds=frozenset(Decision)).decide(view, ctx, info, chosen)
    assert asked is not None and asked.kind is Decision.SLAM


def _choose_afresh(info: HandInfo, ctx: Context) -> tuple[Call, str] | None:
    """The rules' call found the long way (every pattern matched, every meaning resolved):
    the first legal call, rules in priority order and calls in natural order, whose ``when``
    holds and whose meaning fits the hand; ``None`` where the fallback decides."""
    from redouble.robots.system import _legal_calls, _natural_order, template_calls

    legal = _legal_calls(ctx)
    for rule, bind in MODERN.candidates(ctx):
        options = sorted(template_calls(rule, ctx, bind), key=_natural_order(info))
        for call, full in options:
            if call in legal and (rule.when is None or rule.when(ctx, full)) \
                    and rule.resolve(full, ctx).fits(info):
                return call, rule.name
    return None


def test_the_rules_kept_per_auction_choose_as_the_rules_read_afresh() -> None:
    """A simulation finishes one auction on many layouts, so what the rules offer after an
    auction is kept (``System._options``); every hand at every turn of twelve self-play
    auctions chooses the same call by the same rule as the rules read afresh."""
    robot = SaycRobot(simulate=False)
    checked = 0
    for number in range(1, 13):
        board = Board.numbered(number, deal=Deal.from_seed("rules-kept", number))
        state = BoardState(board)
        while (actor := state.actor) is not None and state.phase.name == "AUCTION":
            ctx = MODERN.context(board.dealer, board.vulnerability,
                                 [e.call for e in state.view(actor).auction])
            for seat in Seat:  # every hand, not only the bidder's: more rules reached
                info = HandInfo.of(board.deal[seat].cards)
                kept = MODERN._choose(info, ctx)
                fresh = _choose_afresh(info, ctx)
                if fresh is None:
                    assert kept.rule == "natural"
                else:
                    assert (kept.call, kept.rule) == fresh
                checked += 1
            choice = robot.choose_call(state.view(actor))
            state.make_call(choice.call, seat=actor)
    assert checked > 200


def test_the_first_action_is_simulated_only_when_asked_for() -> None:
    # East over North's 1♠ with five good hearts: the default simulator leaves the first
    # action to the rules; one asked to simulate it weighs pass, double and 2♥
    state, _ = _decision_view()
    fresh = BoardState(state.board)
    fresh.make_call(Call.parse("1S"), seat=fresh.actor)
    view = fresh.view(Seat.EAST)
    ctx = MODERN.context(view.dealer, view.vulnerability, [e.call for e in view.auction])
    info = HandInfo.of(view.hand)
    chosen = MODERN.choose(info, ctx)
    assert Simulator(MODERN, seed=7).decide(view, ctx, info, chosen) is None
    asked = Simulator(MODERN, seed=7, kinds=SIMULATED | {Decision.ENTRY}).decide(
        view, ctx, info, chosen)
    assert asked is not None and asked.kind is Decision.ENTRY
    assert {PASS, DOUBLE, Call.parse("2H")} <= {call for call, _ in asked.values}
    assert asked.call in view.legal_calls


def test_the_first_action_weighs_only_calls_partner_can_read() -> None:
    # a call the system gives no meaning (a double of a transfer's completion) or whose
    # shown lengths the hand lacks (2♣ over 1NT shows six clubs) would be misread by partner
    # in every rollout: at the first action it is not a candidate; a plain overcall is
    over_transfer = context("1N P 2H P 2S")  # East to act over South's transfer, completed
    east = HandInfo.of(Hand.parse("87.T976.AQJ652.9").cards)
    assert MODERN.meaning(over_transfer, DOUBLE).rule == "natural"
    assert not readable(MODERN, over_transfer, east, DOUBLE)
    over_notrump = context("1N")
    five_clubs = HandInfo.of(Hand.parse("AQ82..J953.K6532").cards)
    six_clubs = HandInfo.of(Hand.parse("AQ8..J953.KQ6532").cards)
    assert not readable(MODERN, over_notrump, five_clubs, Call.parse("2C"))
    assert readable(MODERN, over_notrump, six_clubs, Call.parse("2C"))
    assert readable(MODERN, context("1H"), HandInfo.of(Hand.parse("KQ932.54.K32.432").cards),
                    Call.parse("1S"))
    # inside a decision: over 1NT–2♥–2♠ the system defines none of East's calls (the
    # double, 3♦): no candidate but the rules' own, so the rules decide
    deal = Deal.from_pbn("N:T64.AKQ.K4.KJT72 87.T976.AQJ652.9 AQJ932.54.T93.64 "
                         "K5.J832.87.AQ853")
    state = BoardState(Board.numbered(1, deal=deal))  # North deals
    for text in ("1N", "P", "2H", "P", "2S"):
        state.make_call(Call.parse(text), seat=state.actor)
    view = state.view(Seat.EAST)
    ctx = MODERN.context(view.dealer, view.vulnerability, [e.call for e in view.auction])
    info = HandInfo.of(view.hand)
    chosen = MODERN.choose(info, ctx)
    asked = Simulator(MODERN, seed=7, kinds=SIMULATED | {Decision.ENTRY}).decide(
        view, ctx, info, chosen)
    assert {DOUBLE, Call.parse("3D")} <= set(candidate_calls(ctx, info, chosen, Decision.ENTRY))
    assert decision_kind(MODERN, ctx, info, chosen) is Decision.ENTRY
    assert asked is None


def _layouts(opens: bool, count: int) -> list[Sample]:
    """Deals whose North (the dealer) opens 1♥ by the modern system, or does not."""
    found: list[Sample] = []
    start = MODERN.context(Seat.NORTH, NONE, [])
    for n in itertools.count(1):
        deal = Deal.from_seed("replay", n)
        north = MODERN.choose(HandInfo.of(deal[Seat.NORTH].cards), start).call
        if (north == Call.parse("1H")) is opens:
            found.append({seat: frozenset(deal[seat].cards) for seat in Seat})
        if len(found) == count:
            return found
    raise AssertionError("unreachable")


def test_layouts_keep_only_partners_that_make_partners_calls() -> None:
    # North opened 1♥: a layout where North's hand opens something else (1♠ with five of
    # each major, a pass, 1NT) contradicts the auction beyond what the constraints say
    ctx = context("1H P")
    good, bad = _layouts(True, MIN_LAYOUTS), _layouts(False, 3)
    mixed = [bad[0], *good[:4], bad[1], *good[4:], bad[2]]
    assert replayed(MODERN, ctx, mixed) == good


def test_too_few_consistent_layouts_keep_the_draw_the_consistent_first() -> None:
    ctx = context("1H P")
    good, bad = _layouts(True, MIN_LAYOUTS - 1), _layouts(False, 3)
    assert replayed(MODERN, ctx, [bad[0], *good, *bad[1:]]) == good + bad


def test_a_call_no_layout_replays_is_not_required() -> None:
    # a call partner's own simulation chose against the rules: no layout makes it, so it
    # says nothing the layouts can be filtered by (rather than none being left)
    ctx = context("1H P")
    bad = _layouts(False, MIN_LAYOUTS + 2)
    assert replayed(MODERN, ctx, bad) == bad


def test_the_simulation_scores_only_layouts_where_partner_replays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 1♠ 2♥ 2♠ 3♥ to North: the layouts scored are the draw filtered by South's raise
    import redouble.robots.simulation as simulation

    seen: list[tuple[int, int]] = []

    def watched(system: object, ctx: Context, layouts: list[Sample]) -> list[Sample]:
        kept = replayed(MODERN, ctx, layouts)
        south = MODERN.context(ctx.dealer, ctx.vulnerability, list(ctx.calls[:2]))
        for layout in kept[:MIN_LAYOUTS]:
            assert MODERN.choose(HandInfo.of(layout[Seat.SOUTH]), south).call == Call.parse("2S")
        seen.append((len(layouts), len(kept)))
        return kept

    monkeypatch.setattr(simulation, "replayed", watched)
    choice = _decide(Simulator(MODERN, seed=11))
    assert choice is not None and len(seen) == 1
    drawn, kept = seen[0]
    assert kept < drawn  # the constraints alone admit hands that would not have raised
    assert choice.layouts == min(kept, Simulator(MODERN).layouts_for(choice.kind,
                                                                      len(choice.values)))


def test_a_penalty_double_needs_more_proof_than_a_competitive_bid() -> None:
    # 21 layouts where their 4♠ goes one down (+50 for passing, +100 doubled: 2 IMPs) and 4
    # where it makes (−420, −590 doubled: −5 IMPs): the mean gain is 1.68 standard errors
    # above nothing, enough for a competitive bid, not for a penalty double (skewed gains)
    scores = [[50, 100]] * 21 + [[-420, -590]] * 4
    assert _significant(scores, 1, Scoring.IMPS, PROOF[Decision.COMPETITIVE])
    assert not _significant(scores, 1, Scoring.IMPS, PROOF[Decision.PENALTY_DOUBLE])
