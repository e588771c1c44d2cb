"""The table's rules without a server: forms of play, mini-bridge, undo policies, rendering."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from redouble.deal import Deal, new_seed
from redouble.robots import NaiveRobot, RandomRobot, Robot
from redouble.scoring import Chicago, Rubber, minibridge_declarer
from redouble.seats import Seat
from redouble.server import presenter
from redouble.server.commands import parse_command
from redouble.server.errors import ServerError
from redouble.server.events import BoardStarted, TableEvent
from redouble.server.presenter import Viewer
from redouble.server.store import SeatRecord, TableRecord, commitment_of
from redouble.server.table import Table, total_boards_for
from redouble.view import Phase


def propose(table: Table, seat: Seat | None, message: dict[str, Any]) -> list[TableEvent]:
    """The events a client message (parsed as at the websocket) becomes at ``table``."""
    return table.propose(seat, parse_command(message))

def make_table(form: str, *, humans: str = "NESW", boards: int | None = None,
               scoring: str | None = None, undo_policy: str = "ask-opponents",
               seeds: int = 120) -> Table:
    seed_map = {}
    for number in range(1, seeds + 1):
        seed = new_seed()
        seed_map[number] = (seed, commitment_of(seed))
    record = TableRecord(
        id="t1", created_at=datetime.now(UTC), form=form, group_id="t1",
        config={"scoring": scoring, "boards": boards, "undo_policy": undo_policy},
        status="playing",
        seats=[SeatRecord(seat=s.letter(), kind="human" if s.letter() in humans else "robot",
                          name=s.format(full=True), token_hash=None) for s in Seat],
        events=[BoardStarted(board=1)], seeds=seed_map)
    return Table(record)


def commit(table: Table, events: list[TableEvent]) -> None:
    for event in events:
        table.apply(event)
    while True:
        follow = table.followups()
        if not follow:
            return
        for event in follow:
            table.apply(event)


def step(table: Table, robot: Robot) -> None:
    """One action by whoever must act, chosen at random; everyone is ready after a board."""
    state = table.state
    assert state is not None
    if table.board_done:
        commit(table, [e for s in sorted(table.humans - table.ready)
                       for e in propose(table, s, {"type": "ready"})])
        return
    if table.minibridge is not None and state.phase is Phase.AUCTION:
        declarer = table.minibridge.declarer
        commit(table, propose(table, declarer, {"type": "call", "call": "1NT"}))
        return
    if state.phase is Phase.CLAIM:
        claim = state.play.pending_claim if state.play else None
        assert claim is not None
        seat = sorted(claim.needs - claim.accepted_by)[0]
        commit(table, propose(table, seat, {"type": "accept_claim"}))
        return
    actor = state.actor
    assert actor is not None
    view = state.view(actor)
    if state.phase is Phase.AUCTION:
        message = {"type": "call", "call": str(robot.choose_call(view).call)}
    else:
        message = {"type": "card", "card": str(robot.choose_card(view))}
    commit(table, propose(table, actor, message))


def play_out(table: Table, seed: int = 1, limit: int = 20_000, *, robot: Robot | None = None) -> None:
    robot = robot or RandomRobot(seed)
    for _ in range(limit):
        if table.finished:
            return
        step(table, robot)
    raise AssertionError("the table did not finish")


def test_duplicate_table_plays_its_boards_and_reveals_every_seed() -> None:
    table = make_table("duplicate", boards=3, scoring="matchpoints")
    play_out(table)
    assert [r["board"] for r in table.results()] == [1, 2, 3]
    assert table.log[-1].to_json() == {"type": "table_end"}
    info = presenter.table_info(table, Viewer.at(Seat.NORTH))
    for entry in info["commitments"][:3]:
        assert commitment_of(entry["seed"]) == entry["sha256"]
    board, state = table.ended_boards[0]
    assert board.deal == Deal.from_seed(table.seeds[1][0], 1)
    assert state.phase is Phase.DONE


def test_replaying_the_log_rebuilds_the_table_exactly() -> None:
    table = make_table("rubber", seeds=200)
    play_out(table, robot=NaiveRobot())
    record = TableRecord(id="t1", created_at=table.created_at, form="rubber", group_id="t1",
                         config={"undo_policy": "ask-opponents"}, status="playing",
                         seats=[SeatRecord(seat=s.letter(), kind="human", name="x", token_hash=None)
                                for s in Seat],
                         events=table.log, seeds=table.seeds)
    again = Table(record)
    assert again.results() == table.results()
    assert again.score() == table.score()
    assert again.finished


def test_a_rubber_table_ends_with_the_rubber_and_shows_its_sheet() -> None:
    table = make_table("rubber", seeds=200)
    play_out(table, robot=NaiveRobot())
    score = table.score()
    assert score["type"] == "rubber" and len(score["rubbers"]) == 1
    sheet = score["rubbers"][0]
    assert sheet["phase"] == "won"
    assert max(sheet["games"].values()) == 2
    rubber = Rubber()
    for result in table.results():
        if result["contract"] is None:
            rubber.record_passed_out()
        else:
            from redouble.calls import Contract

            rubber.record(Contract.parse(result["contract"], declarer=Seat.parse(result["declarer"])),
                          tricks=result["tricks"],
                          deal=Deal.from_seed(table.seeds[result["board"]][0], result["board"]))
    assert rubber.totals == {side: sheet["totals"][side.name] for side in rubber.totals}
    # vulnerability of each board followed the games won before it
    for board, _state in table.ended_boards:
        before = [r for r in table.results() if r["board"] < (board.number or 0)]
        replay = Rubber()
        for result in before:
            if result["contract"] is None:
                replay.record_passed_out()
            else:
                from redouble.calls import Contract

                replay.record(Contract.parse(result["contract"], declarer=Seat.parse(result["declarer"])),
                              tricks=result["tricks"])
        expected = {side.name for side in rubber.totals if replay.vulnerable(side)}
        shown = {"None": set(), "NS": {"NS"}, "EW": {"EW"}, "All": {"NS", "EW"}}[board.vulnerability.value]
        assert shown == expected


def test_chicago_follows_the_scoring_sheet_for_dealer_and_vulnerability() -> None:
    table = make_table("chicago", boards=1)
    play_out(table, seed=3)
    score = table.score()
    assert score["type"] == "chicago"
    chicago = Chicago(dealer=Seat.NORTH)
    for (board, state), result in zip(table.ended_boards, table.results(), strict=True):
        assert board.dealer is chicago.dealer
        assert board.vulnerability is chicago.vulnerability
        if state.contract is None:
            chicago.record_passed_out()
        else:
            chicago.record(state.contract, tricks=result["tricks"])
    assert chicago.is_finished
    assert score["total"] == {side.name: points for side, points in chicago.totals.items()}
    assert score["chicagos"][0]["phase"] == "over"


def test_minibridge_declarer_names_the_contract_and_the_auction_it_stands_for_is_recorded() -> None:
    table = make_table("minibridge", boards=1)
    state = table.state
    assert state is not None and table.minibridge is not None
    dealer = state.board.dealer
    announced = [(dealer.next(i), state.deal[dealer.next(i)].hcp) for i in range(4)]
    declarer = minibridge_declarer(announced).declarer
    assert table.minibridge.declarer is declarer
    meta = presenter.board_meta(table, Viewer.at(declarer.lho))
    assert meta is not None and meta["minibridge"]["dummy"] == declarer.partner.letter()
    assert len(meta["minibridge"]["dummy_hand"]) == 13
    with pytest.raises(ServerError) as refused:
        propose(table, declarer.lho, {"type": "call", "call": "1NT"})
    assert refused.value.code == "not_your_turn"
    with pytest.raises(ServerError) as refused:
        propose(table, declarer, {"type": "call", "call": "Pass"})
    assert refused.value.code == "illegal_call"
    events = propose(table, declarer, {"type": "call", "call": "3NT"})
    assert [e.to_json()["call"] for e in events][-4:] == ["3NT", "Pass", "Pass", "Pass"]
    commit(table, events)
    assert state.phase is Phase.PLAY
    assert str(state.contract) == "3NT" and state.contract is not None
    assert state.contract.declarer is declarer
    play_out(table)
    result = table.results()[0]
    from redouble.scoring import minibridge_score

    points = minibridge_score(state.contract, tricks=result["tricks"])
    assert result["score_ns"] == (points if declarer.letter() in "NS" else -points)


def test_undo_policies() -> None:
    never = make_table("duplicate", boards=1, undo_policy="never")
    commit(never, propose(never, Seat.NORTH, {"type": "call", "call": "1C"}))
    with pytest.raises(ServerError) as refused:
        propose(never, Seat.NORTH, {"type": "undo"})
    assert refused.value.code == "undo"

    always = make_table("duplicate", boards=1, undo_policy="always")
    for seat, call in ((Seat.NORTH, "1C"), (Seat.EAST, "1H"), (Seat.SOUTH, "1S")):
        commit(always, propose(always, seat, {"type": "call", "call": call}))
    events = propose(always, Seat.EAST, {"type": "undo"})
    assert [e.to_json() for e in events] == [{"type": "undo", "seat": "E"}] * 2  # South's call, then East's own
    commit(always, events)
    assert always.state is not None and always.state.actor is Seat.EAST
    with pytest.raises(ServerError):
        propose(always, Seat.WEST, {"type": "undo"})  # West has made no call

    ask = make_table("duplicate", boards=1, undo_policy="ask-opponents", humans="NESW")
    commit(ask, propose(ask, Seat.NORTH, {"type": "call", "call": "1C"}))
    request = propose(ask, Seat.NORTH, {"type": "undo"})
    assert [e.to_json() for e in request] == [{"type": "undo_request", "seat": "N"}]
    commit(ask, request)
    assert ask.undo_request is not None and ask.undo_request.needs == {Seat.EAST, Seat.WEST}
    with pytest.raises(ServerError):
        propose(ask, Seat.SOUTH, {"type": "undo_answer", "accept": True})  # partner is not asked
    commit(ask, propose(ask, Seat.EAST, {"type": "undo_answer", "accept": True}))
    assert ask.state is not None and len(ask.state.auction.calls) == 1
    commit(ask, propose(ask, Seat.WEST, {"type": "undo_answer", "accept": True}))
    assert len(ask.state.auction.calls) == 0 and ask.undo_request is None

    robots = make_table("duplicate", boards=1, undo_policy="ask-opponents", humans="NS")
    commit(robots, propose(robots, Seat.NORTH, {"type": "call", "call": "1C"}))
    assert [e.to_json() for e in propose(robots, Seat.NORTH, {"type": "undo"})] == [
        {"type": "undo", "seat": "N"}]


def test_alerts_and_explanations_reach_only_the_caller_and_the_opponents() -> None:
    table = make_table("duplicate", boards=1)
    events = propose(table, Seat.NORTH, {"type": "call", "call": "2C", "alert": True,
                                        "explanation": "strong, artificial"})
    commit(table, events)
    assert presenter.event(table, table.seq, Viewer.at(Seat.NORTH))["explanation"] == "strong, artificial"
    assert presenter.event(table, table.seq, Viewer.at(Seat.EAST))["explanation"] == "strong, artificial"
    assert "explanation" not in presenter.event(table, table.seq, Viewer.at(Seat.SOUTH))
    assert "alert" not in presenter.event(table, table.seq, Viewer.at(None))
    south = presenter.view(table, Viewer.at(Seat.SOUTH))
    assert south is not None and "explanation" not in south["auction"][0]


@pytest.mark.parametrize("message, code", [
    ({"type": "call", "call": "8NT"}, "illegal_call"),
    ({"type": "call"}, "bad_message"),
    ({"type": "call", "call": "1C", "alert": "yes"}, "bad_message"),
    ({"type": "call", "call": "1C", "explanation": "x" * 201}, "bad_message"),
    ({"type": "card", "card": "SA"}, "phase"),
    ({"type": "claim", "tricks": "all"}, "bad_message"),
    ({"type": "claim", "tricks": 3}, "claim"),
    ({"type": "accept_claim"}, "claim"),
    ({"type": "undo_answer", "accept": True}, "undo"),
    ({"type": "ready"}, "phase"),
    ({"type": "dance"}, "bad_message"),
])
def test_refused_requests_name_the_problem_and_change_nothing(message: dict[str, Any], code: str) -> None:
    table = make_table("duplicate", boards=1)
    before = list(table.log)
    with pytest.raises(ServerError) as refused:
        propose(table, Seat.NORTH, message)
    assert refused.value.code == code
    assert str(refused.value)
    assert table.log == before


def test_spectators_cannot_act_and_a_wrong_seat_is_out_of_turn() -> None:
    table = make_table("duplicate", boards=1)
    with pytest.raises(ServerError) as refused:
        propose(table, None, {"type": "call", "call": "Pass"})
    assert refused.value.code == "spectator"
    with pytest.raises(ServerError) as refused:
        propose(table, Seat.EAST, {"type": "call", "call": "Pass"})
    assert refused.value.code == "not_your_turn"


def test_fixed_and_open_ended_forms() -> None:
    assert total_boards_for("duplicate", None) == 8
    assert total_boards_for("minibridge", 4) == 4
    assert total_boards_for("rubber", None) is None
    assert total_boards_for("chicago", 2) is None


def test_robot_jobs_follow_the_actor() -> None:
    table = make_table("duplicate", boards=1, humans="S")
    assert table.robot_job() == ("call", Seat.NORTH)
    commit(table, propose(table, Seat.NORTH, {"type": "call", "call": "Pass"}))
    assert table.robot_job() == ("call", Seat.EAST)
    commit(table, propose(table, Seat.EAST, {"type": "call", "call": "Pass"}))
    assert table.robot_job() is None  # South, a person, is to call
