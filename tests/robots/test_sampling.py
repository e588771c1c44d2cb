"""Property: samples never contradict the auction or the play, whatever the position."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import _backend, _pycore
from redouble.board import Board
from redouble.deal import Deal
from redouble.robots.evaluation import HandInfo
from redouble.robots.robot import SaycRobot
from redouble.robots.sampling import LEVELS, Sampler
from redouble.seats import Seat
from redouble.state import BoardState
from redouble.view import Phase


def _position(name: str, seed: int, robot: SaycRobot, *, calls: int | None,
              cards: int) -> BoardState:
    """Board ``seed`` of deal set ``name`` after ``calls`` calls of the robots' auction (all
    of it when ``None``) and then ``cards`` random legal cards (while the play lasts)."""
    state = BoardState(Board.numbered(seed % 16 + 1, deal=Deal.from_seed(name, seed)))
    made = 0
    while state.phase is Phase.AUCTION and (calls is None or made < calls):
        actor = state.actor
        assert actor is not None
        choice = robot.choose_call(state.view(actor))
        state.make_call(choice.call, alert=choice.alert, explanation=choice.explanation)
        made += 1
    rng = random.Random(seed)
    for _ in range(cards):
        if state.phase is not Phase.PLAY:
            break
        state.play_card(rng.choice(state.legal_cards()), by=state.actor)
    return state


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(0, 44), viewer=st.sampled_from(list(Seat)))
def test_samples_agree_with_everything_the_viewer_knows(seed: int, cards: int,
                                                        viewer: Seat) -> None:
    robot = SaycRobot(simulate=False)  # the auction only sets the scene: rules are enough
    state = _position("sampling", seed, robot, calls=None, cards=cards)
    if state.phase is not Phase.PLAY:
        return  # passed out, or the play ended
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


def _plain_draw(sampler: Sampler, rng: random.Random, count: int, tries: int) -> list[dict]:
    """The dealing loop spelled out with the standard library (``shuffle``, ``randrange``)
    and each hand evaluated as a ``HandInfo``: the definition the sampler's fast loop keeps."""
    out = []
    for _ in range(tries):
        if len(out) == count:
            break
        cards = list(sampler.pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(sampler._eligible[c]))
        room = dict(sampler.need)
        hands: dict[Seat, list] = {s: [] for s in sampler.hidden}
        for card in cards:
            seats = [s for s in sampler._eligible[card] if room[s] > 0]
            if not seats:
                break
            seat = seats[0]
            if len(seats) > 1:
                pick = rng.randrange(sum(room[s] for s in seats))
                for seat in seats:
                    pick -= room[seat]
                    if pick < 0:
                        break
            hands[seat].append(card)
            room[seat] -= 1
        else:
            if all(sampler.constraints[s].admits(
                    HandInfo(frozenset(hands[s]) | frozenset(sampler.played_by[s])))
                   for s in sampler.hidden):
                sample = {s: frozenset(c) for s, c in sampler.view.hands.items()}
                sample.update({s: frozenset(hands[s]) for s in sampler.hidden})
                out.append(sample)
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), calls=st.integers(0, 8), cards=st.integers(0, 30),
       viewer=st.sampled_from(list(Seat)))
def test_the_fast_dealing_loop_deals_what_the_plain_one_does(seed: int, calls: int,
                                                             cards: int, viewer: Seat) -> None:
    """Same seed, same layouts: the sampler's position-indexed loop draws its random numbers
    exactly as ``random.shuffle`` and ``randrange`` do and counts each hand's points and suits
    as ``HandInfo`` does, so speeding it up changed no robot's call."""
    robot = SaycRobot(simulate=False)
    state = _position("fast-deal", seed, robot, calls=calls if cards == 0 else None, cards=cards)
    if state.phase not in (Phase.AUCTION, Phase.PLAY):
        return  # passed out: nothing hidden to deal
    view = state.view(viewer)
    constraints = robot.constraints(view)
    fast, report = Sampler(view, constraints, rng=random.Random(seed)).draw(8, max_tries=400)
    reference = Sampler(view, constraints)
    if report.level != "auction":
        return  # the strict meanings admitted too little: the relaxed rounds are not compared
    assert fast == _plain_draw(reference, random.Random(seed), 8, 400)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), calls=st.integers(0, 8), cards=st.integers(0, 40),
       viewer=st.sampled_from(list(Seat)), level=st.sampled_from([0, 1, 2]))
def test_the_compiled_dealing_loop_deals_what_the_python_one_does(
        seed: int, calls: int, cards: int, viewer: Seat, level: int) -> None:
    """``_accel.deal_layouts`` against its reference in ``_pycore``: the same layouts, the
    same tries used and the generator left in the same state, at every relaxation level,
    with voids and played cards (the compiled Mersenne Twister is random.Random's own)."""
    if _backend.ACCEL is None:
        pytest.skip("the compiled core is not in use")
    robot = SaycRobot(simulate=False)
    state = _position("accel-deal", seed, robot, calls=calls if cards == 0 else None,
                      cards=cards)
    if state.phase not in (Phase.AUCTION, Phase.PLAY):
        return
    view = state.view(viewer)
    sampler = Sampler(view, robot.constraints(view))
    tests = sampler._seat_tests[level] if level < 2 else None
    compiled_rng, python_rng = random.Random(seed), random.Random(seed)
    for _ in range(3):  # several calls in a row: the state written back must carry on
        compiled = _backend.ACCEL.deal_layouts(compiled_rng, sampler._tables, tests, 6, 300)
        python = _pycore.deal_layouts(python_rng, sampler._tables, tests, 6, 300)
        assert compiled == python
    assert compiled_rng.getstate() == python_rng.getstate()
    assert compiled_rng.random() == python_rng.random()


def test_the_compiled_dealing_loop_refuses_malformed_tables() -> None:
    """Tables the sampler did not build are refused with a ValueError naming the problem,
    and the generator is left as it was."""
    if _backend.ACCEL is None:
        pytest.skip("the compiled core is not in use")
    rng = random.Random(7)
    before = rng.getstate()
    good = ((0, 1), (4, 0), ((0, 1), (0, 1)), False, (1, 1), (0, 0), ((0, 0, 0, 0), (0, 0, 0, 0)))
    assert _backend.ACCEL.deal_layouts(rng, good, None, 1, 1)[1] == 1
    rng.setstate(before)
    for bad, words in (
            (good[:6], "malformed tables"),
            ((0, 1), "malformed tables"),
            (((0, 9), *good[1:]), "malformed suit"),
            ((good[0], good[1], ((0, 5), (0, 1)), *good[3:]), "malformed eligible seat"),
            ((tuple(range(53)), *good[1:]), "malformed tables' sizes")):
        with pytest.raises(ValueError, match=words):
            _backend.ACCEL.deal_layouts(rng, bad, None, 1, 1)
    with pytest.raises(ValueError, match="one test per hidden seat"):
        _backend.ACCEL.deal_layouts(rng, good, (), 1, 1)
    assert rng.getstate() == before


def test_the_compiled_dealing_loop_takes_any_number_of_alternatives() -> None:
    """A seat whose calls each showed alternatives may carry many groups of them: the
    compiled loop holds as many as it is given and tests them as the reference does."""
    if _backend.ACCEL is None:
        pytest.skip("the compiled core is not in use")
    view = BoardState(Board.numbered(1, deal=Deal.from_seed("alternatives", 1))).view(Seat.NORTH)
    sampler = Sampler(view, {})
    loose = ((0, 13),) * 4
    five_major = (((0, 13), (0, 13), (5, 13), (0, 13)), ((0, 13), (0, 13), (0, 13), (5, 13)))
    groups = (five_major,) * 100 + ((loose,) * 30,) + ((),)  # the empty group never holds
    for tests in ([(0, 37, loose, -1, groups[:-1])] * 3, [(0, 37, loose, -1, groups)] * 3):
        compiled_rng, python_rng = random.Random(3), random.Random(3)
        compiled = _backend.ACCEL.deal_layouts(compiled_rng, sampler._tables, tuple(tests), 5, 400)
        python = _pycore.deal_layouts(python_rng, sampler._tables, tuple(tests), 5, 400)
        assert compiled == python
        assert compiled_rng.getstate() == python_rng.getstate()
    assert compiled == ([], 400)  # with the empty group, no deal passes


class _Growing:
    """A group of alternatives whose length grows each time it is asked (a hostile caller)."""

    def __init__(self, alternative: object) -> None:
        self.alternative, self.asked = alternative, 0

    def __len__(self) -> int:
        self.asked += 1
        return self.asked

    def __getitem__(self, index: int) -> object:
        if index >= self.asked:
            raise IndexError(index)
        return self.alternative


def test_the_compiled_dealing_loop_refuses_a_group_that_changes_while_read() -> None:
    if _backend.ACCEL is None:
        pytest.skip("the compiled core is not in use")
    view = BoardState(Board.numbered(1, deal=Deal.from_seed("alternatives", 1))).view(Seat.NORTH)
    sampler = Sampler(view, {})
    loose = ((0, 13),) * 4
    tests = ((0, 37, loose, -1, (_Growing(loose),)),) * 3
    rng = random.Random(3)
    before = rng.getstate()
    with pytest.raises(ValueError, match="changed while read"):
        _backend.ACCEL.deal_layouts(rng, sampler._tables, tests, 1, 10)
    assert rng.getstate() == before
