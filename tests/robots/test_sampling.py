"""Property: samples never contradict the auction or the play, whatever the position."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from redouble.board import Board
from redouble.deal import Deal
from redouble.robots.evaluation import HandInfo
from redouble.robots.robot import SaycRobot
from redouble.robots.sampling import LEVELS, Sampler
from redouble.seats import Seat
from redouble.state import BoardState
from redouble.view import Phase


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(0, 44), viewer=st.sampled_from(list(Seat)))
def test_samples_agree_with_everything_the_viewer_knows(seed: int, cards: int,
                                                        viewer: Seat) -> None:
    robot = SaycRobot(simulate=False)  # the auction only sets the scene: rules are enough
    state = BoardState(Board.numbered(seed % 16 + 1, deal=Deal.from_seed("sampling", seed)))
    while state.phase is Phase.AUCTION:
        actor = state.actor
        assert actor is not None
        choice = robot.choose_call(state.view(actor))
        state.make_call(choice.call, alert=choice.alert, explanation=choice.explanation)
    if state.phase is not Phase.PLAY:
        return
    rng = random.Random(seed)
    for _ in range(cards):
        if state.phase is not Phase.PLAY:
            return
        state.play_card(rng.choice(state.legal_cards()), by=state.actor)
    view = state.view(viewer)
    constraints = robot.constraints(view)
    sampler = Sampler(view, constraints, rng=random.Random(seed))
    samples, report = sampler.draw(12)
    assert samples and report.contradictions == 0
    voids = view.voids()
    for sample in samples:
        assert sampler.check(sample, LEVELS.index(report.level))
        for seat in Seat:
            if seat in view.hands:
                assert sample[seat] == frozenset(view.hands[seat])
            assert not any(card.suit in voids[seat] for card in sample[seat])
        if report.level == "auction":
            for seat in sampler.hidden:
                original = HandInfo(sample[seat] | frozenset(view.played_by(seat)))
                assert constraints[seat].admits(original)
        # the hidden hands hold exactly the cards the viewer has not seen
        unseen = set(sampler.pool)
        assert set().union(*(sample[s] for s in sampler.hidden)) == unseen
