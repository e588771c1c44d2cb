"""The compiled engine core (``_accel.c``) against its reference in Python (``_pycore.py``).

Both are driven with the same random actions, legal and illegal, and must agree on every
answer and every piece of state after each one. ``make test`` also runs the core tests a
second time with ``REDOUBLE_PURE_PYTHON=1``, so the Python path is tested end to end too.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import _backend, _pycore
from redouble.calls import CALLS, Call, CallKind
from redouble.cards import DECK, Strain
from redouble.deal import DEAL_COUNT, Deal
from redouble.seats import Seat

accel = _backend.ACCEL
needs_accel = pytest.mark.skipif(accel is None, reason="the compiled core is not in use")


class Refused(Exception):
    """What the test subclasses' check methods raise for an action the core refused."""


def _with_checks(core: type[Any]) -> tuple[type[Any], type[Any]]:
    class TestAuction(core.AuctionCore):  # type: ignore[misc,name-defined]
        __slots__ = ()

        def check_call(self, call: object, *, seat: object = None) -> None:
            raise Refused(call, seat)

    class TestPlay(core.PlayCore):  # type: ignore[misc,name-defined]
        __slots__ = ()

        def check_card(self, card: object, *, by: object = None) -> None:
            raise Refused(card, by)

    return TestAuction, TestPlay


def _twins(which: int) -> tuple[Any, Any]:
    """A fresh compiled and Python core: 0 an auction, 1 a play."""
    return _with_checks(accel)[which](), _with_checks(_pycore)[which]()


def test_the_compiled_core_is_in_use_unless_asked_not_to() -> None:
    """``make test`` builds ``_accel``; a silent fall-back to Python would hide a broken build."""
    if os.environ.get("REDOUBLE_PURE_PYTHON", "") not in ("", "0"):
        assert _backend.BACKEND == "python"
    else:
        assert _backend.BACKEND == "compiled", "redouble._accel did not build or import"


def _attempt(obj: Any, method: str, *args: Any, **kwargs: Any) -> tuple[str, Any]:
    try:
        return "ok", getattr(obj, method)(*args, **kwargs)
    except Refused:
        return "refused", None


def _auction_state(auction: Any) -> tuple[Any, ...]:
    return (list(auction._calls), auction._last_bid, auction._last_bidder, auction._risk,
            auction._passes, auction.dealer, auction.turn, auction.is_complete,
            auction._legal_tuple())


def _play_state(play: Any) -> tuple[Any, ...]:
    return (play.turn, play.actor, play.leader, play.cards_played, play._current_cards,
            play._trick_leaders, play._trick_count, play._played_count,
            play.tricks_won(0), play.tricks_won(1), play.legal_cards(),
            tuple(play._hand_cards(seat) for seat in range(4)),
            tuple(play._suit_cards(seat, suit) for seat in range(4) for suit in range(4)),
            tuple(play.holds(seat, card) for seat in Seat for card in DECK[::7]))


@needs_accel
@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_auctions_agree(seed: int) -> None:
    rng = random.Random(seed)
    fast, slow = _twins(0)
    dealer = rng.choice(list(Seat))
    fast._core_reset(dealer)
    slow._core_reset(dealer)
    for _ in range(60):
        roll = rng.random()
        if roll < 0.5:
            legal = slow._legal_tuple()
            call: object = rng.choice(legal) if legal else rng.choice(CALLS)
            if isinstance(call, Call) and call.is_bid and rng.random() < 0.7:
                call = CALLS[0]
        elif roll < 0.8:
            call = rng.choice(CALLS)
        elif roll < 0.9:  # equal to a call but not the shared object
            pick = rng.choice(CALLS)
            call = Call(pick.kind, pick.level, pick.strain)
        else:
            call = rng.choice(["1NT", None, 3, Seat.NORTH, Strain.SPADES])
        seat = rng.choice([None, None, *Seat])
        assert _attempt(fast, "make_call", call, seat=seat) == _attempt(slow, "make_call", call, seat=seat)
        assert _auction_state(fast) == _auction_state(slow)


@needs_accel
@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_plays_agree(seed: int) -> None:
    rng = random.Random(seed)
    fast, slow = _twins(1)
    deal = Deal.from_seed(seed)
    declarer = rng.randrange(4)
    trump = rng.randrange(-1, 4)
    fast._core_start(deal.owners, declarer, trump)
    slow._core_start(deal.owners, declarer, trump)
    assert _play_state(fast) == _play_state(slow)
    for _ in range(80):
        roll = rng.random()
        if roll < 0.02 and fast.turn is not None:  # a claim stops the cards until answered
            fast._claim = slow._claim = "claim"
        elif roll < 0.06 and fast._claim is not None:
            fast._claim = slow._claim = None
        elif roll < 0.07:
            fast._end()
            slow._end()
        legal = slow.legal_cards()
        if roll < 0.75 and legal:
            card: object = rng.choice(legal)
        elif roll < 0.95:
            card = rng.choice(DECK)
        else:
            card = rng.choice(["SA", None, 7, Seat.NORTH, CALLS[4]])
        by = rng.choice([None, None, None, *Seat])
        assert _attempt(fast, "play_card", card, by=by) == _attempt(slow, "play_card", card, by=by)
        assert _play_state(fast) == _play_state(slow)
    assert fast._claim == slow._claim


@needs_accel
def test_deal_numbers_agree_at_the_edges_and_inside() -> None:
    rng = random.Random(7)
    for index in [0, 1, 2, DEAL_COUNT // 2, DEAL_COUNT - 2, DEAL_COUNT - 1,
                  *(rng.randrange(DEAL_COUNT) for _ in range(300))]:
        assert accel.deal_owners(index) == _pycore.deal_owners(index)
    for bad in (-1, DEAL_COUNT, 2**100):
        with pytest.raises((ValueError, OverflowError)):
            accel.deal_owners(bad)
        with pytest.raises(ValueError):
            _pycore.deal_owners(bad)


@needs_accel
def test_core_arguments_are_checked() -> None:
    auction_cls, play_cls = _with_checks(accel)
    with pytest.raises(TypeError, match="dealer must be a Seat"):
        auction_cls()._core_reset(5)
    play = play_cls()
    with pytest.raises(ValueError, match="52 owners"):
        play._core_start(b"\x00" * 51, 0, -1)
    with pytest.raises(ValueError, match="not a seat"):
        play._core_start(b"\x07" * 52, 0, -1)
    with pytest.raises(TypeError, match="one positional argument"):
        play.play_card()
    with pytest.raises(TypeError, match="unexpected keyword"):
        play.play_card(DECK[0], seat=Seat.NORTH)
    with pytest.raises(ValueError):
        play._suit_cards(4, 0)
    with pytest.raises(ValueError):
        play.tricks_won(2)


def test_calls_carry_their_bidding_box_index() -> None:
    assert [call.index for call in CALLS] == list(range(38))
    assert Call(CallKind.BID, 7, Strain.NOTRUMP).index == 37
    assert Call.bid(1, Strain.CLUBS) is CALLS[3]
    assert Call.parse("4S") is Call.bid(4, Strain.SPADES)


def test_engine_objects_pickle_and_copy_through_their_moves() -> None:
    import copy
    import pickle

    from redouble import Board, BoardState

    state = BoardState(Board.numbered(3, deal=Deal.from_seed("pickle")))
    for text in ("1NT", "X", "XX", "Pass", "Pass", "Pass"):
        state.make_call(Call.parse(text))
    for _ in range(9):
        if state.legal_cards():
            state.play_card(state.legal_cards()[0])
    for value in (state, state.auction, state.play):
        for twin in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
            assert type(twin) is type(value)
            assert repr(twin) == repr(value)
    twin = copy.deepcopy(state)
    assert twin.events == state.events and twin.view(Seat.NORTH) == state.view(Seat.NORTH)
    if state.play is not None:
        play = copy.copy(state.play)
        assert play.tricks == state.play.tricks and play.legal_cards() == state.play.legal_cards()
