"""Pace and undo against robots (issue 12): how long a robot waits, and when a seat's Undo works."""

from __future__ import annotations

from datetime import UTC, datetime

from redouble.deal import new_seed
from redouble.seats import Seat
from redouble.server import presenter
from redouble.server.commands import parse_command
from redouble.server.events import BoardStarted, TableEvent
from redouble.server.presenter import Viewer
from redouble.server.store import SeatRecord, TableRecord, commitment_of
from redouble.server.table import PACES, TRICK_PAUSE, Table


def table_with(pace: str, *, humans: str = "S") -> Table:
    seeds = {}
    for number in (1, 2):
        seed = new_seed()
        seeds[number] = (seed, commitment_of(seed))
    return Table(TableRecord(
        id="p1", created_at=datetime.now(UTC), form="duplicate", group_id="p1",
        config={"scoring": "imps-vs-par", "boards": 2, "undo_policy": "ask-opponents", "pace": pace},
        status="playing",
        seats=[SeatRecord(seat=s.letter(), kind="human" if s.letter() in humans else "robot",
                          name=s.format(full=True), token_hash=None) for s in Seat],
        events=[BoardStarted(board=1)], seeds=seeds))


def act(table: Table, seat: Seat, message: dict[str, object]) -> None:
    events: list[TableEvent] = table.propose(seat, parse_command(message))
    for event in events:
        table.apply(event)


def robots_act(table: Table) -> None:
    """Let the robots (the first legal call or card) act until a person must."""
    while (job := table.robot_job()) is not None:
        kind, seat = job
        state = table.state
        assert state is not None
        view = state.view(seat)
        if kind == "call":
            act(table, seat, {"type": "call", "call": str(view.legal_calls[0])})
        else:
            act(table, seat, {"type": "card", "card": str(view.legal_cards[0])})


def test_a_person_s_pace_waits_a_second_and_longer_before_a_new_trick() -> None:
    table = table_with("human")
    assert table.robot_delay("call") == PACES["human"] == 1.0
    assert table.robot_delay("claim") == 0.0  # answers to a claim need no show
    fast = table_with("fast", humans="")
    assert fast.robot_delay("call") == fast.robot_delay("card") == 0.0
    # South declares 7NT; after the first trick a robot leading waits the trick pause too.
    robots_act(table)
    act(table, Seat.SOUTH, {"type": "call", "call": "7NT"})
    robots_act(table)
    state = table.state
    assert state is not None and state.play is not None
    while not state.play.tricks:
        actor = state.actor
        assert actor is not None
        if table.is_robot(actor):
            assert table.robot_delay("card") == PACES["human"]
            act(table, actor, {"type": "card", "card": str(state.view(actor).legal_cards[0])})
        else:
            act(table, actor, {"type": "card", "card": str(state.view(actor).legal_cards[0])})
    assert table.robot_delay("card") == PACES["human"] + TRICK_PAUSE["human"]


def test_undo_is_offered_only_when_it_would_be_taken() -> None:
    table = table_with("fast")
    south = Viewer.at(Seat.SOUTH)
    robots_act(table)
    assert not presenter.may_undo(table, south)  # no call of South's yet
    act(table, Seat.SOUTH, {"type": "call", "call": "7NT"})
    assert presenter.may_undo(table, south)  # the call, before anyone answers it
    assert not presenter.may_undo(table, Viewer.at(None))  # spectators never
    robots_act(table)  # three passes and the opening lead
    assert not presenter.may_undo(table, south)  # it would cross the opening lead
    state = table.state
    assert state is not None
    act(table, Seat.SOUTH, {"type": "card", "card": str(state.view(Seat.SOUTH).legal_cards[0])})
    robots_act(table)  # East answers dummy's card
    assert presenter.may_undo(table, south)
    events = table.propose(Seat.SOUTH, parse_command({"type": "undo"}))
    assert len(events) == 2  # East's card and dummy's: the robots take theirs back


def test_explanations_reach_a_robot_s_partner_in_the_viewer_s_language() -> None:
    """A robot's explanation goes to its partner too (BBO), worded in each viewer's language;
    a person's explanation stays hidden from their partner until the board ends (Law 40B)."""
    from redouble.robots.sayc import SAYC

    table = table_with("fast", humans="NS")  # East and West are robots
    state = table.state
    assert state is not None
    dealer = state.board.dealer
    while (actor := state.actor) is not None and not table.is_robot(actor):
        act(table, actor, {"type": "call", "call": "Pass"})
    assert actor is not None and table.is_robot(actor)
    view = state.view(actor)
    index = len(view.auction)
    text = SAYC.explain(dealer, state.board.vulnerability, [e.call for e in view.auction] + [
        view.legal_calls[0]], index, lang="en")
    act(table, actor, {"type": "call", "call": str(view.legal_calls[0]), "explanation": text})
    calls = [entry.call for entry in state.view(None).auction]
    partner = Viewer.at(actor.partner, lang="de")
    seen = presenter.view(table, partner)
    assert seen is not None
    german = SAYC.explain(dealer, state.board.vulnerability, calls, index, lang="de")
    assert seen["auction"][index]["explanation"] == german
    assert presenter.event(table, table.seq, partner)["explanation"] == text
    opponent = presenter.view(table, Viewer.at(actor.lho, lang="no"))
    assert opponent is not None
    assert opponent["auction"][index]["explanation"] == SAYC.explain(
        dealer, state.board.vulnerability, calls, index, lang="no")
    spectator = presenter.view(table, Viewer.at(None, lang="nl"))
    assert spectator is not None and "explanation" not in spectator["auction"][index]
    # A person explains: the opponents see it, the partner does not.
    person = state.actor
    assert person is not None and not table.is_robot(person)
    act(table, person, {"type": "call", "call": str(state.view(person).legal_calls[0]),
                        "explanation": "my own words"})
    last = len(state.view(None).auction) - 1
    hidden = presenter.view(table, Viewer.at(person.partner))
    shown = presenter.view(table, Viewer.at(person.lho))
    assert hidden is not None and shown is not None
    assert "explanation" not in hidden["auction"][last]
    assert shown["auction"][last]["explanation"] == "my own words"
