"""Boards played by the core engine survive the trip to PBN and back, event for event."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from redouble.board import Board
from redouble.calls import Call
from redouble.cards import Card
from redouble.deal import Deal
from redouble.events import CallMade, ClaimAccepted, ClaimMade
from redouble.formats import pbn
from redouble.formats.pbn.events import canonical_events
from redouble.seats import Seat
from redouble.state import BoardState, Phase

from .strategies import played_boards

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def round_trip(state: BoardState, **tags: str) -> BoardState:
    text = pbn.dumps([pbn.from_board_state(state, tags=tags)])
    (game,) = pbn.loads(text)
    assert pbn.dumps([game]) == text
    return pbn.board_state(game)


@SETTINGS
@given(played_boards())
def test_engine_boards_survive_pbn_round_trip_exactly(state: BoardState) -> None:
    again = round_trip(state)
    assert again.board == state.board
    assert again.events == state.events
    assert again.phase is state.phase
    assert again.result == state.result


@SETTINGS
@given(played_boards(messy=True))
def test_undos_and_lapsed_claims_export_as_the_board_stands(state: BoardState) -> None:
    again = round_trip(state)
    assert again.events == canonical_events(state)
    assert again.result == state.result
    assert again.auction.calls == state.auction.calls
    if state.play is not None and again.play is not None:
        assert again.play.cards_played == state.play.cards_played


def test_alerts_and_explanations_become_notes() -> None:
    deal = Deal.from_seed("notes")
    state = BoardState(Board.numbered(1, deal=deal))
    state.make_call(Call.parse("1NT"), alert=True, explanation="15-17")
    state.make_call(Call.parse("2C"), alert=True)
    state.make_call(Call.parse("2D"), explanation="natural")
    state.make_call(Call.parse("Pass"))
    state.make_call(Call.parse("2H"), alert=True, explanation="15-17")
    game = pbn.from_board_state(state, tags={"Event": "Club night"})
    text = pbn.dumps([game], newline="\n")
    assert "1NT =1= 2C =2=" in text
    assert '[Note "1:15-17"]' in text and '[Note "2:"]' in text
    assert '[Note "3:(not alerted) natural"]' in text
    assert "+" in text.split("[Note")[0]  # the auction goes on
    again = pbn.board_state(pbn.loads(text)[0])
    assert again.events == state.events


def test_claim_mid_trick_exports_result_and_star() -> None:
    deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    state = BoardState(Board.numbered(1, deal=deal))
    for text in ["7NT", "Pass", "Pass", "Pass"]:
        state.make_call(Call.parse(text))
    for text in ("ST", "S3", "S2", "SA", "HA"):
        state.play_card(Card.parse(text))
    state.claim(Seat.NORTH, 12)
    state.accept_claim(Seat.EAST)
    state.accept_claim(Seat.WEST)
    assert state.phase is Phase.DONE
    game = pbn.from_board_state(state)
    assert game.tags["Result"] == "13" and game.tags["Contract"] == "7NT" and game.tags["Declarer"] == "N"
    lines = pbn.dumps([game], newline="\n").splitlines()
    play = lines[lines.index('[Play "E"]') + 1:]
    assert play == ["ST S3 S2 SA", "-  -  -  HA", "*"]  # columns E S W N; North led the HA
    again = pbn.board_state(pbn.loads("\n".join(lines))[0])
    assert again.events == state.events
    assert again.events[-3:] == (ClaimMade(seat=Seat.NORTH, tricks=12), ClaimAccepted(seat=Seat.EAST),
                                 ClaimAccepted(seat=Seat.WEST))


def test_passed_out_board() -> None:
    state = BoardState(Board.numbered(2, deal=Deal.from_seed("passed")))
    for _ in range(4):
        state.make_call(Call.parse("Pass"))
    game = pbn.from_board_state(state)
    assert game.tags["Contract"] == "Pass" and game.tags["Declarer"] == "" and game.tags["Result"] == ""
    assert game.play is None
    again = round_trip(state)
    assert again.events == state.events and again.phase is Phase.DONE


def test_mandatory_tags_filled_and_caller_tags_kept() -> None:
    state = BoardState(Board.numbered(5, deal=Deal.from_seed("tags")))
    game = pbn.from_board_state(state, tags={"Event": "Drive", "North": "Westra", "Room": "Open"})
    assert list(game.tags)[:15] == list(pbn.MANDATORY_TAGS)
    assert game.tags["Event"] == "Drive" and game.tags["Site"] == "?" and game.tags["Board"] == "5"
    assert game.tags["Dealer"] == "N" and game.tags["Vulnerable"] == "NS"
    assert game.tags["Deal"].startswith("N:") and game.tags["Room"] == "Open"
    first = pbn.dumps([game], newline="\n").splitlines()[0]
    assert first == '[Event "Drive"]'


def test_defender_claim_imports_as_declarers_equivalent() -> None:
    state = BoardState(Board.numbered(1, deal=Deal.from_seed("defender claims")))
    for text in ["1NT", "Pass", "Pass", "Pass"]:
        state.make_call(Call.parse(text))
    state.claim(Seat.EAST, 13)
    state.accept_claim(Seat.WEST)
    state.accept_claim(Seat.NORTH)
    again = round_trip(state)
    assert again.result == state.result
    assert again.events[-1:] == (ClaimMade(seat=Seat.NORTH, tricks=0),)
    assert isinstance(again.events[0], CallMade)


def test_game_and_lin_board_methods_match_the_functions() -> None:
    from redouble.formats import lin

    state = BoardState(Board.numbered(9, deal=Deal.from_seed("methods")))
    for text in ["1S", "Pass", "4S", "Pass", "Pass", "Pass"]:
        state.make_call(Call.parse(text))
    game = pbn.Game.from_board_state(state, tags={"Event": "E"})
    assert game == pbn.from_board_state(state, tags={"Event": "E"})
    assert game.to_board_state().events == state.events
    assert lin.LinBoard.from_board_state(state).to_board_state().events == state.events
