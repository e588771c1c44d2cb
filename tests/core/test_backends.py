"""The compiled engine core (``_accel.c``) against its reference in Python (``_pycore.py``).

Both are driven with the same random actions, legal and illegal, and must agree on every
answer and every piece of state after each one. ``make test`` also runs the core tests a
second time with ``REDOUBLE_PURE_PYTHON=1``, so the Python path is tested end to end too.
"""

from __future__ import annotations

import os
import random
import types
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from redouble import Board, BoardState, BridgeError, IllegalCallError, Phase, _backend, _pycore, _pystate
from redouble.calls import CALLS, Call, CallKind
from redouble.cards import DECK, Strain
from redouble.deal import DEAL_COUNT, Deal
from redouble.refusals import Refusal
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


# --- whole boards: one legality source, and the two StateCores side by side --------------------

def _rebased(cls: type[Any], base: type[Any]) -> type[Any]:
    """``cls``'s own methods on another core (its slots declared again, not copied)."""
    namespace = {name: value for name, value in vars(cls).items()
                 if name not in ("__dict__", "__weakref__")
                 and not isinstance(value, types.MemberDescriptorType)}
    return type(cls.__name__, (base,), namespace)


def _board_class(core: Any, state_core: type[Any]) -> type[Any]:
    """``BoardState`` with its auction, play and board core all from one implementation."""
    from redouble.auction import Auction
    from redouble.play import Play

    auction_cls, play_cls = _rebased(Auction, core.AuctionCore), _rebased(Play, core.PlayCore)
    board_cls = _rebased(BoardState, state_core)

    def __init__(self: Any, board: Board) -> None:
        BoardState.__init__(self, board)
        self.auction = auction_cls(dealer=board.dealer)

    def _auction_over(self: Any) -> None:
        contract = self.auction.contract
        if contract is not None:
            self.play = play_cls(deal=self.board.deal, contract=contract)
        self._update_phase()

    board_cls.__init__ = __init__
    board_cls._auction_over = _auction_over
    return board_cls


def _outcome(action: Any) -> tuple[str, str]:
    try:
        return "ok", repr(action())
    except BridgeError as error:
        return type(error).__name__, str(error)


def _refusal(check: Any, *args: Any, **kwargs: Any) -> str | None:
    try:
        check(*args, **kwargs)
    except BridgeError as error:
        return f"{type(error).__name__}: {error}"
    return None


def _check_legal_lists(state: Any) -> None:
    """The calls and cards listed are exactly those ``check_call``/``check_card`` accept."""
    turn, actor = state.turn, state.actor
    calls, cards = set(state.legal_calls()), set(state.legal_cards())
    for call in CALLS:
        assert (_refusal(state.check_call, call) is None) == (call in calls), call
        assert state.is_legal_call(call) == (call in calls)
        for seat in Seat:
            accepted = _refusal(state.check_call, call, seat=seat) is None
            assert accepted == (call in calls and seat is turn), (call, seat)
    for card in DECK:
        assert (_refusal(state.check_card, card) is None) == (card in cards), card
        assert state.is_legal_card(card) == (card in cards)
        for seat in Seat:
            accepted = _refusal(state.check_card, card, by=seat) is None
            assert accepted == (card in cards and seat is actor), (card, seat)
    if state.phase is not Phase.AUCTION:
        assert not calls
    if state.phase is not Phase.PLAY:
        assert not cards
    view = state.view(actor) if actor is not None else None
    if view is not None:
        assert set(view.legal_calls) == calls and set(view.legal_cards) == cards


def _random_action(state: Any, rng: random.Random) -> tuple[str, Any, dict[str, Any]]:
    """A random action for ``state``: mostly legal, now and then illegal, a claim or an undo."""
    roll = rng.random()
    if roll < 0.05:
        return "undo", rng.choice([1, 1, 1, 2, 3, 5]), {}
    phase = state.phase
    seat = rng.choice(list(Seat))
    if phase is Phase.CLAIM or (phase is Phase.PLAY and roll < 0.08):
        name = rng.choice(["claim", "accept_claim", "reject_claim", "withdraw_claim"])
        if name == "claim":
            return name, (seat, rng.randint(0, 13)), {}
        return name, (seat,), {}
    if roll < 0.2:
        return "make_call", (rng.choice([*CALLS, "1NT", None]),), {"seat": rng.choice([None, seat])}
    if roll < 0.35:
        return "play_card", (rng.choice([*DECK, "SA", None]),), {"by": rng.choice([None, seat])}
    if phase is Phase.AUCTION:
        legal = state.legal_calls()
        call = CALLS[0] if rng.random() < 0.6 else rng.choice(legal)
        return "make_call", (call,), {"seat": rng.choice([None, state.turn])}
    legal = state.legal_cards()
    return "play_card", (rng.choice(legal) if legal else DECK[0],), {"by": rng.choice([None, state.actor])}


def _act(state: Any, name: str, args: Any, kwargs: dict[str, Any]) -> tuple[str, str]:
    if name == "undo":
        return _outcome(lambda: [state.undo() for _ in range(args)] if state.can_undo(args)
                        else state.check_undo(args))
    before = state.events
    if name == "make_call":
        refusal = _refusal(state.check_call, *args, **kwargs)
    elif name == "play_card":
        refusal = _refusal(state.check_card, *args, **kwargs)
    else:
        refusal = None
    outcome = _outcome(lambda: getattr(state, name)(*args, **kwargs))
    if name in ("make_call", "play_card"):  # the move refuses exactly what the check refuses
        assert (outcome[0] == "ok") == (refusal is None), (name, args, kwargs, refusal, outcome)
        if refusal is not None:
            assert refusal == f"{outcome[0]}: {outcome[1]}"
    if outcome[0] != "ok":
        assert state.events == before  # a refused action changes nothing
    return outcome


def _snapshot(state: Any) -> tuple[Any, ...]:
    return (state.events, state.phase, state.turn, state.actor, state.legal_calls(),
            state.legal_cards(), state.contract, state.result, state.can_undo(),
            tuple(state.view(seat) for seat in (None, *Seat)))


def _drive(states: list[Any], seed: int) -> None:
    """Random boards played on every state in step; after each action they must all agree."""
    rng = random.Random(seed)
    for step in range(400):
        if states[0].phase is Phase.DONE:
            break
        name, args, kwargs = _random_action(states[0], rng)
        outcomes = [_act(state, name, args, kwargs) for state in states]
        assert all(outcome == outcomes[0] for outcome in outcomes), (step, name, args, outcomes)
        snapshots = [_snapshot(state) for state in states]
        assert all(snapshot == snapshots[0] for snapshot in snapshots), (step, name, args)
        for state in states:
            _check_legal_lists(state)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_legal_lists_are_exactly_what_check_accepts(seed: int) -> None:
    board = Board.numbered(seed % 16 + 1, deal=Deal.from_seed(seed))
    _drive([BoardState(board)], seed)


@needs_accel
@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_the_compiled_and_python_state_cores_agree_side_by_side(seed: int) -> None:
    board = Board.numbered(seed % 16 + 1, deal=Deal.from_seed(seed))
    compiled = _board_class(accel, accel.StateCore)(board)
    python = _board_class(_pycore, _pystate.StateCore)(board)
    assert type(compiled.auction).__mro__[1] is accel.AuctionCore
    assert type(python.auction).__mro__[1] is _pycore.AuctionCore
    _drive([compiled, python], seed)
    if compiled.play is not None:
        assert type(compiled.play).__mro__[1] is accel.PlayCore
        assert type(python.play).__mro__[1] is _pycore.PlayCore


def test_each_refusal_has_one_message_and_the_cores_share_the_numbers() -> None:
    """Every reason the cores return is a ``Refusal``; the compiled numbers are the same."""
    board = BoardState(Board.numbered(1, deal=Deal.from_seed("refusals")))
    seen = {Refusal(board._call_refusal(call, seat)) for call in (*CALLS[1:3], "x")
            for seat in (None, Seat.EAST)}
    assert seen == {Refusal.NOT_A_CALL, Refusal.CALL_OUT_OF_TURN, Refusal.DOUBLE_WITHOUT_BID,
                    Refusal.REDOUBLE_WITHOUT_BID}
    assert Refusal(board._card_refusal(DECK[0], None)) is Refusal.WRONG_PHASE
    with pytest.raises(IllegalCallError, match=r"no bid to double \(Law 19A\)"):
        board.check_call(CALLS[1])
