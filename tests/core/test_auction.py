"""The auction: RULES.md §3 golden, every rule of Laws 18-19 and 27, with messages."""

from __future__ import annotations

import pytest

from redouble import (
    BIDS,
    CALLS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Call,
    Contract,
    IllegalCallError,
    OutOfTurnError,
    Risk,
    Seat,
)


def auction(text: str, dealer: Seat = Seat.NORTH) -> Auction:
    return Auction(dealer=dealer, calls=[Call.parse(t) for t in text.split()])


def test_seed_auction_golden() -> None:
    """Seed 000/001: P 1♥ X 3♥ / 3♠ P 4♠ P / P P → 4♠ by North; the double was cancelled."""
    a = auction("Pass 1H X 3H 3S Pass 4S Pass Pass Pass")
    assert a.is_complete and not a.is_passed_out
    assert a.contract == Contract.parse("4S", declarer=Seat.NORTH)
    assert a.declarer is Seat.NORTH
    assert a.contract is not None and a.contract.risk is Risk.UNDOUBLED
    assert a.turn is None


def test_declarer_is_first_of_side_to_name_the_strain() -> None:
    a = auction("1H Pass 2C Pass 2H Pass 4H Pass Pass Pass", dealer=Seat.SOUTH)
    assert a.declarer is Seat.SOUTH  # South bid hearts first, North raised
    b = auction("1C Pass 1H Pass 1NT Pass 3NT Pass Pass Pass", dealer=Seat.EAST)
    assert b.declarer is Seat.EAST
    c = auction("Pass 1S Pass 2S X XX Pass Pass Pass", dealer=Seat.NORTH)
    assert c.contract == Contract.parse("2SXX", declarer=Seat.EAST)
    # the opponents' earlier bid of the same strain does not count
    d = auction("1S 2S Pass 3S Pass Pass Pass", dealer=Seat.NORTH)  # E cue-bids, W raises
    assert d.declarer is Seat.EAST


def test_passed_out() -> None:
    a = auction("Pass Pass Pass Pass")
    assert a.is_complete and a.is_passed_out and a.contract is None and a.declarer is None
    assert not a.legal_calls()


def test_a_player_who_passed_may_bid_later() -> None:
    a = auction("Pass Pass Pass 1C Pass")
    assert a.turn is Seat.EAST
    a.make_call(Call.parse("1H"))
    assert not a.is_complete


def test_insufficient_bid() -> None:
    a = auction("3S")
    with pytest.raises(IllegalCallError, match="3H is insufficient after 3S"):
        a.check_call(Call.parse("3H"))
    with pytest.raises(IllegalCallError, match="3S is insufficient after 3S"):
        a.check_call(Call.parse("3S"))
    a.check_call(Call.parse("3NT"))
    a.check_call(Call.parse("4C"))


def test_double_rules() -> None:
    with pytest.raises(IllegalCallError, match="no bid to double"):
        auction("").check_call(DOUBLE)
    with pytest.raises(IllegalCallError, match="your own side"):
        auction("1H Pass").check_call(DOUBLE)  # South would double partner
    with pytest.raises(IllegalCallError, match="already doubled"):
        auction("1H X Pass").check_call(DOUBLE)
    auction("1H Pass Pass").check_call(DOUBLE)  # balancing double by West
    a = auction("1H X")
    assert a.risk is Risk.DOUBLED
    a.make_call(Call.parse("1S"))
    assert a.risk is Risk.UNDOUBLED  # a new bid cancels the double


def test_redouble_rules() -> None:
    with pytest.raises(IllegalCallError, match="has not been doubled"):
        auction("1H").check_call(REDOUBLE)
    with pytest.raises(IllegalCallError, match="only the side whose bid was doubled"):
        auction("1H X Pass").check_call(REDOUBLE)  # West is on the doubling side
    auction("1H X Pass Pass").check_call(REDOUBLE)  # North may redouble
    auction("1H X").check_call(REDOUBLE)  # South may redouble
    with pytest.raises(IllegalCallError, match="already redoubled"):
        auction("1H X XX Pass").check_call(REDOUBLE)
    with pytest.raises(IllegalCallError, match="already redoubled"):
        auction("1H X XX").check_call(DOUBLE)  # West
    with pytest.raises(IllegalCallError, match="your own side"):
        auction("1H X XX Pass").check_call(DOUBLE)  # North


def test_auction_over_and_out_of_turn() -> None:
    a = auction("1NT Pass Pass Pass")
    with pytest.raises(IllegalCallError, match="the auction is over"):
        a.make_call(PASS)
    b = auction("1NT")
    with pytest.raises(OutOfTurnError, match="East's turn to call, not South's"):
        b.make_call(PASS, seat=Seat.SOUTH)
    b.make_call(PASS, seat=Seat.EAST)


def test_illegal_call_changes_nothing() -> None:
    a = auction("1H X")
    before = (a.calls, a.turn, a.risk, a.last_bid)
    for bad in ("1C", "X", "1H"):
        with pytest.raises(IllegalCallError):
            a.make_call(Call.parse(bad))
    assert (a.calls, a.turn, a.risk, a.last_bid) == before


def test_legal_calls_view() -> None:
    a = auction("")
    assert len(a.legal_calls()) == 36  # pass and 35 bids
    assert list(a.legal_calls())[:2] == [PASS, BIDS[0]]
    b = auction("7NT")
    assert list(b.legal_calls()) == [PASS, DOUBLE]
    c = auction("7NT X")
    assert list(c.legal_calls()) == [PASS, REDOUBLE]
    for prefix in ("", "1C", "1C X", "2H Pass Pass X", "4S X XX", "1NT Pass Pass"):
        view = auction(prefix).legal_calls()
        listed = set(view)
        for call in CALLS:
            assert (call in view) == (call in listed) == auction(prefix).is_legal_call(call)


def test_undo_restores_state() -> None:
    a = auction("1H X XX")
    assert a.undo() == REDOUBLE
    assert a.risk is Risk.DOUBLED and a.turn is Seat.SOUTH
    a.undo()
    a.undo()
    with pytest.raises(IllegalCallError, match="no call to take back"):
        a.undo()


def test_repr_rebuilds() -> None:
    a = auction("1H X XX", dealer=Seat.WEST)
    from redouble import Seat as _S  # noqa: F401  (names for eval)
    rebuilt = eval(repr(a), {"Auction": Auction, "Call": Call, "Seat": Seat})
    assert rebuilt == a
