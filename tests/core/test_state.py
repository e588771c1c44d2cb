"""BoardState: phases, the event log, JSON, views, undo and errors that change nothing."""

from __future__ import annotations

import json

import pytest

from redouble import (
    PASS,
    Board,
    BoardState,
    BridgeError,
    Call,
    CallMade,
    Card,
    ClaimError,
    Deal,
    IllegalCallError,
    IllegalCardError,
    NotationError,
    OutOfTurnError,
    Phase,
    PhaseError,
    Seat,
    UndoError,
    Undone,
    event_from_json,
)

SAMPLE = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def new_state(number: int = 1) -> BoardState:
    return BoardState(Board.numbered(number, deal=SAMPLE))


def bid(state: BoardState, text: str) -> None:
    for call in text.split():
        state.make_call(Call.parse(call))


def snapshot(state: BoardState) -> str:
    return json.dumps(state.to_json(), sort_keys=True) + repr(state.phase) + repr(
        state.view(Seat.NORTH))


def test_phases_from_auction_to_done() -> None:
    state = new_state()
    assert state.phase is Phase.AUCTION and state.actor is Seat.NORTH
    bid(state, "7NT Pass Pass Pass")
    assert state.phase is Phase.PLAY and state.turn is Seat.EAST
    while state.phase is Phase.PLAY:
        state.play_card(state.legal_cards()[0])
    assert state.phase is Phase.DONE
    result = state.result
    assert result is not None and result.tricks == 13 and str(result) == "7NT N ="


def test_passed_out_board_is_done() -> None:
    state = new_state()
    bid(state, "Pass Pass Pass Pass")
    assert state.phase is Phase.DONE
    assert state.result is not None and state.result.is_passed_out
    assert str(state.result) == "passed out"
    with pytest.raises(IllegalCardError, match="no card can be played in the done phase"):
        state.play_card(Card.parse("SA"))


def test_events_rebuild_the_board_exactly() -> None:
    state = new_state(5)
    state.make_call(Call.parse("2C"), alert=True, explanation="22+ HCP or 9 tricks, forcing")
    bid(state, "Pass 2D Pass 7NT Pass Pass Pass")
    for _ in range(5):
        state.play_card(state.legal_cards()[-1])
    state.undo(Seat.NORTH)
    state.claim(Seat.NORTH, 12)
    state.reject_claim(Seat.EAST)
    state.claim(Seat.NORTH, 12)
    state.accept_claim(Seat.EAST)
    state.accept_claim(Seat.WEST)
    assert state.phase is Phase.DONE
    rebuilt = BoardState.from_events(state.board, state.events)
    assert rebuilt.events == state.events
    assert snapshot(rebuilt) == snapshot(state)
    data = json.loads(json.dumps(state.to_json()))
    again = BoardState.from_json(data)
    assert snapshot(again) == snapshot(state)
    result = again.result
    assert result is not None and result.tricks == 1 + 12  # won the first trick, claimed the rest


def test_alert_shown_to_opponents_only() -> None:
    state = new_state()
    state.make_call(Call.parse("2C"), alert=True, explanation="strong, artificial")
    for seat in (Seat.EAST, Seat.WEST, Seat.NORTH):
        entry = state.view(seat).auction[0]
        assert entry.alert and entry.explanation == "strong, artificial"
    partner = state.view(Seat.SOUTH).auction[0]
    assert not partner.alert and partner.explanation is None
    assert state.view(None).auction[0].explanation is None


def test_views_show_only_what_a_seat_may_see() -> None:
    state = new_state()
    for seat in Seat:
        assert set(state.view(seat).hands) == {seat}
        assert len(state.view(seat).hand) == 13
    assert state.view(None).hands == {}
    bid(state, "1NT Pass Pass Pass")
    assert set(state.view(Seat.EAST).hands) == {Seat.EAST}  # dummy not faced before the lead
    state.play_card(Card.parse("ST"))
    for seat in Seat:
        assert set(state.view(seat).hands) == {seat, Seat.SOUTH}
    assert set(state.view(None).hands) == {Seat.SOUTH}
    view = state.view(Seat.NORTH)
    assert view.to_act and view.legal_cards and view.deal is None
    assert state.view(Seat.SOUTH).legal_cards == ()  # dummy never acts


def test_claimer_hand_is_faced_while_pending() -> None:
    state = new_state()
    bid(state, "1NT Pass Pass Pass")
    state.play_card(Card.parse("ST"))
    state.claim(Seat.NORTH, 12)
    assert state.phase is Phase.CLAIM
    assert Seat.NORTH in state.view(Seat.EAST).hands
    claim = state.view(Seat.WEST).claim
    assert claim is not None and claim["needs"] == ["E", "W"]
    state.withdraw_claim(Seat.NORTH)
    assert Seat.NORTH not in state.view(Seat.EAST).hands


def test_everything_is_revealed_when_done() -> None:
    state = new_state()
    bid(state, "Pass Pass Pass Pass")
    view = state.view(None)
    assert view.deal == SAMPLE and set(view.hands) == set(Seat)


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (lambda s: s.make_call(Call.parse("1C")), IllegalCallError, "insufficient"),
        (lambda s: s.make_call(PASS, seat=Seat.NORTH), OutOfTurnError, "South's turn"),
        (lambda s: s.play_card(Card.parse("SA")), IllegalCardError, "auction phase"),
        (lambda s: s.claim(Seat.NORTH, 3), ClaimError, "during play"),
        (lambda s: s.accept_claim(Seat.EAST), ClaimError, "no claim"),
    ],
)
def test_illegal_actions_change_nothing(action, error, message) -> None:  # type: ignore[no-untyped-def]
    state = new_state()
    bid(state, "1NT Pass")
    before = snapshot(state)
    with pytest.raises(error, match=message):
        action(state)
    assert snapshot(state) == before


def test_illegal_card_changes_nothing() -> None:
    state = new_state()
    bid(state, "1NT Pass Pass Pass")
    state.play_card(Card.parse("ST"))
    before = snapshot(state)
    for card, by, error in [("SA", Seat.NORTH, OutOfTurnError), ("H8", None, IllegalCardError),
                            ("S6", Seat.SOUTH, OutOfTurnError), ("S6", Seat.WEST, OutOfTurnError),
                            ("ST", None, IllegalCardError)]:
        with pytest.raises(error):
            state.play_card(Card.parse(card), by=by)
        assert snapshot(state) == before
    assert state.view(Seat.NORTH).legal_cards == tuple(Card.parse(c) for c in ["S3", "S4", "S5", "S6"])


def test_undo_across_the_end_of_the_auction() -> None:
    state = new_state()
    bid(state, "1NT Pass Pass Pass")
    state.undo()
    assert state.phase is Phase.AUCTION and state.play is None and state.turn is Seat.WEST
    bid(state, "2C Pass Pass Pass")
    assert state.contract is not None and str(state.contract) == "2C"
    assert isinstance(state.events[-5], Undone)


def test_undo_refused_where_it_cannot_apply() -> None:
    state = new_state()
    with pytest.raises(UndoError, match="nothing to undo"):
        state.undo()
    bid(state, "1NT Pass Pass Pass")
    state.concede(Seat.NORTH)
    assert state.phase is Phase.DONE
    with pytest.raises(UndoError, match="settled by a claim"):
        state.undo()


def test_phase_error_is_a_bridge_error() -> None:
    assert issubclass(PhaseError, BridgeError) and issubclass(BridgeError, ValueError)


@pytest.mark.parametrize(
    "record",
    [
        {"type": "call", "seat": "N"},
        {"type": "call", "seat": "Q", "call": "1NT"},
        {"type": "card", "seat": "N", "card": "ZZ"},
        {"type": "claim", "seat": "N", "tricks": "3"},
        {"type": "shout", "seat": "N"},
        ["not", "an", "object"],
    ],
)
def test_malformed_event_records(record: object) -> None:
    with pytest.raises(NotationError):
        event_from_json(record)  # type: ignore[arg-type]


def test_replaying_an_illegal_log_fails_loudly() -> None:
    events = [CallMade(seat=Seat.NORTH, call=Call.parse("1NT")),
              CallMade(seat=Seat.EAST, call=Call.parse("1C"))]
    with pytest.raises(IllegalCallError, match="insufficient"):
        BoardState.from_events(Board.numbered(1, deal=SAMPLE), events)


def test_the_form_of_scoring_reaches_every_view_and_survives_json() -> None:
    state = BoardState(Board.numbered(1, deal=SAMPLE), scoring="matchpoints")
    assert state.view(Seat.EAST).scoring == "matchpoints"
    assert state.view(None).to_json()["scoring"] == "matchpoints"
    assert BoardState.from_json(state.to_json()).view(Seat.NORTH).scoring == "matchpoints"
    assert new_state().view(Seat.NORTH).scoring is None


def test_no_undo_crosses_the_opening_lead() -> None:
    """The issue's report: declarer undid after the opening lead and five undo events took the
    board back into the auction; once dummy is faced (Law 41D) the lead and the auction stand."""
    state = new_state()
    bid(state, "1NT Pass 3NT Pass Pass Pass")  # North declares, East leads
    assert state.can_undo() and state.can_undo(4)  # before the lead: the auction can be reopened
    state.play_card(Card.parse("S10"), by=Seat.EAST)
    assert state.play is not None and state.play.is_dummy_faced
    for steps in range(1, 7):
        assert not state.can_undo(steps)
        with pytest.raises(UndoError, match="opening lead has been faced"):
            state.check_undo(steps)
    before = state.events
    with pytest.raises(UndoError, match=r"Law 41D"):
        state.undo(Seat.NORTH)
    assert state.events == before and state.phase is Phase.PLAY

    state.play_card(Card.parse("S3"), by=Seat.NORTH)  # dummy's card, played by declarer
    state.play_card(Card.parse("S2"), by=Seat.WEST)
    assert state.can_undo(1) and state.can_undo(2) and not state.can_undo(3)
    state.undo(Seat.NORTH)
    state.undo(Seat.NORTH)
    assert state.play is not None and state.play.cards_played == (Card.parse("S10"),)
    with pytest.raises(UndoError, match="opening lead"):
        state.undo(Seat.NORTH)
    assert state.phase is Phase.PLAY and state.contract is not None

    forged = [*state.events, Undone(seat=Seat.NORTH)]  # a log that crosses the lead never replays
    with pytest.raises(UndoError, match="opening lead"):
        BoardState.from_events(state.board, forged)


def test_undo_steps_are_checked() -> None:
    state = new_state()
    bid(state, "1C Pass")
    assert state.can_undo(2) and not state.can_undo(3) and not state.can_undo(0)
    with pytest.raises(UndoError, match="only 2 calls and cards"):
        state.check_undo(3)
