"""Who sees what: the presenter's rules, driven at random over groups of tables sharing boards,
and every path that leaked a board of a group before all its tables had played it."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_support import Client, cards_in

from redouble.deal import new_seed
from redouble.robots import RandomRobot
from redouble.seats import Seat
from redouble.server import presenter
from redouble.server.commands import parse_command
from redouble.server.errors import ServerError
from redouble.server.events import BoardStarted, TableEvent
from redouble.server.presenter import ANONYMOUS, Viewer, ViewerKind
from redouble.server.render import view_json
from redouble.server.store import SeatRecord, TableRecord, commitment_of
from redouble.server.table import Table
from redouble.view import Phase

ROBOTS = dict.fromkeys("NESW", "robot")



def propose(table: Table, seat: Seat | None, message: dict[str, Any]) -> list[TableEvent]:
    """The events a client message (parsed as at the websocket) becomes at ``table``."""
    return table.propose(seat, parse_command(message))

def make_group(count: int, *, boards: int, scoring: str) -> list[Table]:
    """``count`` tables playing the same boards (one group, shared seeds)."""
    seeds = {}
    for number in range(1, boards + 1):
        seed = new_seed()
        seeds[number] = (seed, commitment_of(seed))
    group: list[Table] = []
    for index in range(count):
        record = TableRecord(
            id=f"t{index}", created_at=datetime.now(UTC), form="duplicate", group_id="t0",
            config={"scoring": scoring, "boards": boards, "undo_policy": "always"},
            status="playing",
            seats=[SeatRecord(seat=s.letter(), kind="human", name=s.format(full=True),
                              token_hash=None) for s in Seat],
            events=[BoardStarted(board=1)], seeds=dict(seeds))
        table = Table(record)
        table.group = lambda: group
        group.append(table)
    return group


def act(table: Table, robot: RandomRobot, undo: bool) -> None:
    """One action at ``table`` by whoever must act (sometimes an undo), then what follows."""
    state = table.state
    assert state is not None
    if table.board_done:
        events = [e for s in sorted(table.humans - table.ready)
                  for e in propose(table, s, {"type": "ready"})]
    elif state.phase is Phase.CLAIM:
        claim = state.play.pending_claim if state.play else None
        assert claim is not None
        events = propose(table, sorted(claim.needs - claim.accepted_by)[0], {"type": "accept_claim"})
    else:
        actor = state.actor
        assert actor is not None
        view = state.view(actor)
        events = []
        if undo:
            try:
                events = propose(table, actor, {"type": "undo"})
            except ServerError:
                events = []
        if not events and state.phase is Phase.PLAY and len(view.tricks) >= 10:
            events = propose(table, actor, {"type": "claim", "tricks": 13 - len(view.tricks)})
        if not events:
            message: dict[str, Any] = (
                {"type": "call", "call": str(robot.choose_call(view).call), "alert": True,
                 "explanation": "natural"} if state.phase is Phase.AUCTION
                else {"type": "card", "card": str(robot.choose_card(view))})
            events = propose(table, actor, message)
    for data in events:
        table.apply(data)
    while follow := table.followups():
        for data in follow:
            table.apply(data)


def finished_everywhere(group: list[Table], number: int) -> bool:
    return all(any(b.number == number for b, _ in t.ended_boards)
               or (t.board_no == number and t.state is not None and t.state.phase is Phase.DONE)
               for t in group)


def check(group: list[Table]) -> None:
    """Every output of the presenter, for every kind of viewer, hides what it must."""
    outsiders = [Viewer.at(None), Viewer.at(None, frozenset({"t1"})), ANONYMOUS]
    assert {v.kind for v in outsiders} == {ViewerKind.SPECTATOR, ViewerKind.OTHER_TABLE,
                                           ViewerKind.ANONYMOUS}
    for table in group:
        entry = presenter.lobby_entry(table)
        assert "group" not in entry and not cards_in(entry)
        current = table.board_no
        open_now = finished_everywhere(group, current)
        for seat in Seat:  # a seat sees its own board exactly as the engine shows it
            assert table.state is not None
            assert presenter.view(table, Viewer.at(seat)) == view_json(table.state.view(seat))
        for viewer in outsiders:
            view = presenter.view(table, viewer)
            info = presenter.table_info(table, viewer)
            text = json.dumps([view, info, presenter.board_meta(table, viewer)])
            if not open_now:
                assert view is not None and view.get("hidden") and not cards_in(view), view
                assert view["auction"] == [] and view["contract"] is None
                assert view["declarer_tricks"] == view["defender_tricks"] == 0
            for result in info["results"]:
                if not finished_everywhere(group, result["board"]):
                    assert result == {"board": result["board"], "hidden": True}
                    assert info["score"] is None
            assert not cards_in(info)
            assert "group" not in text
            board_of = 0
            for seq in range(1, table.seq + 1):
                stored = table.log[seq - 1]
                if isinstance(stored, BoardStarted):
                    board_of = stored.board
                shown = presenter.event(table, seq, viewer)
                if not finished_everywhere(group, board_of):
                    assert not cards_in(shown) and "call" not in shown, shown
                    assert shown.get("result") is None and "score" not in shown
                if shown["type"] == "call":
                    assert "explanation" not in shown and "alert" not in shown
            for board, _state in table.ended_boards:
                number = board.number or 0
                if finished_everywhere(group, number):
                    assert presenter.board_record(table, number, viewer)["board"] == number
                else:
                    with pytest.raises(ServerError):
                        presenter.board_record(table, number, viewer)
                    with pytest.raises(ServerError):
                        presenter.board_lin(table, number, viewer)
            whole = presenter.table_pbn(table, viewer)
            shown_boards = {int(line.split('"')[1]) for line in whole.splitlines()
                            if line.startswith("[Board ")}
            assert all(finished_everywhere(group, n) for n in shown_boards)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(1, 3), scoring=st.sampled_from(["matchpoints", "imps-cross"]),
       moves=st.lists(st.tuples(st.integers(0, 2), st.booleans()), min_size=20, max_size=160),
       seed=st.integers(0, 10_000))
def test_no_viewer_sees_a_board_of_the_group_before_every_table_has_played_it(
        count: int, scoring: str, moves: list[tuple[int, bool]], seed: int) -> None:
    group = make_group(count, boards=2, scoring=scoring)
    robot = RandomRobot(seed)
    check(group)
    for pick, undo in moves:
        table = group[pick % count]
        if table.finished:
            continue
        act(table, robot, undo and pick == 0)
        check(group)


def test_a_table_alone_hides_its_board_from_spectators_only_until_it_is_over() -> None:
    (table,) = make_group(1, boards=1, scoring="matchpoints")
    robot = RandomRobot(3)
    assert presenter.view(table, Viewer.at(None))["hidden"]  # type: ignore[index]
    while not table.finished:
        act(table, robot, False)
        check([table])
    view = presenter.view(table, Viewer.at(None))
    assert view is not None and view["deal"] is not None and "hidden" not in view


# --- the paths that leaked, through a real server ------------------------------------------------


def test_spectators_of_a_robot_table_on_my_boards_see_nothing_of_them(serve: Any, sqlite_url: str) -> None:
    """A player of table A creates a robot table on A's boards and watches it: the welcome,
    ``resume since 0``, the record and the downloads show nothing of a board A still plays."""
    running = serve(sqlite_url)
    mine = running.create(form="duplicate", scoring="matchpoints", boards=1,
                          seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})
    robots = running.create(same_boards_as=mine["id"], seats=ROBOTS)

    async def main() -> None:
        watcher = await Client.open(f"{running.ws}/ws/{robots['id']}")
        frames = [watcher.frames[0]]
        if not (frames[0]["view"]["phase"] == "done" and running.info(robots["id"])["status"] == "finished"):
            frames.append(await watcher.until(lambda m: m["type"] == "event"
                                              and m["event"]["type"] == "table_end", 60))
        await watcher.send({"type": "resume", "since": 0})
        sync = await watcher.until(lambda m: m["type"] == "sync")
        again = await Client.open(f"{running.ws}/ws/{robots['id']}")
        for frame in [*watcher.frames, *again.frames]:
            assert not cards_in(frame), frame
            view = frame.get("view")
            if view is not None:
                assert view["contract"] is None and view["tricks"] == []
                assert view["declarer_tricks"] == 0 and view["auction"] == []
        kinds = {item["event"]["type"] for item in sync["events"]}
        assert kinds <= {"board_start", "hidden", "board_end", "table_end", "seat"}, kinds
        assert all(item["event"].get("result") is None for item in sync["events"])
        await watcher.close()
        await again.close()

    asyncio.run(main())
    base = f"{running.http}/api/tables/{robots['id']}"
    info = httpx.get(base, timeout=30).json()
    assert info["status"] == "finished" and info["results"] == [{"board": 1, "hidden": True}]
    for path in ("/boards/1", "/boards/1.pbn", "/boards/1.lin", "/boards/1/analysis"):
        assert httpx.get(base + path, timeout=30).status_code == 404, path
    assert "[Deal " not in httpx.get(base + "/boards.pbn", timeout=30).text


def test_same_boards_as_is_refused_once_a_board_is_public_and_for_imps_vs_par(
        serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url)
    alone = running.create(form="duplicate", scoring="matchpoints", boards=2, seats=ROBOTS)

    async def finished() -> None:
        watcher = await Client.open(f"{running.ws}/ws/{alone['id']}")
        if running.info(alone["id"])["status"] != "finished":
            await watcher.until(lambda m: m["type"] == "event" and m["event"]["type"] == "table_end", 60)
        await watcher.close()

    asyncio.run(finished())
    assert httpx.get(f"{running.http}/api/tables/{alone['id']}/boards/1", timeout=30).status_code == 200
    late = httpx.post(f"{running.http}/api/tables",
                      json={"same_boards_as": alone["id"], "seats": ROBOTS}, timeout=30)
    assert late.status_code == 422 and late.json()["error"]["code"] == "bad_request"
    par = running.create(form="duplicate", scoring="imps-vs-par", boards=1,
                         seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})
    refused = httpx.post(f"{running.http}/api/tables",
                         json={"same_boards_as": par["id"], "seats": ROBOTS}, timeout=30)
    assert refused.status_code == 422 and "matchpoints" in refused.json()["error"]["message"]


def test_the_lobby_names_no_group(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url)
    first = running.create(form="duplicate", scoring="matchpoints", boards=1,
                           seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})
    running.create(same_boards_as=first["id"],
                   seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})
    lobby = httpx.get(f"{running.http}/api/tables", timeout=30).json()["tables"]
    assert len(lobby) == 2
    assert all("group" not in entry and entry["shares_boards"] for entry in lobby)
    assert "group" not in httpx.get(f"{running.http}/api/tables/{first['id']}", timeout=30).json()
    assert "group" not in first["table"]


def test_a_spectator_whose_session_sits_at_another_table_of_the_group_is_known(
        serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url)
    session = httpx.post(running.http + "/api/session", json={"name": "Ann"}, timeout=30)
    cookie = {"Cookie": f"redouble_session={session.cookies['redouble_session']}"}
    mine = running.create(form="duplicate", scoring="matchpoints", boards=1,
                          seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})
    other = running.create(same_boards_as=mine["id"], seats=ROBOTS)
    alone = running.create(form="rubber", seats=ROBOTS)

    async def main() -> None:
        from websockets.asyncio.client import connect

        seated = await connect(f"{running.ws}/ws/{mine['id']}?token={mine['tokens']['S']}",
                               additional_headers=cookie)
        await seated.recv()
        watching = await connect(f"{running.ws}/ws/{other['id']}", additional_headers=cookie)
        welcome = json.loads(await watching.recv())
        assert welcome["view"]["hidden"] and not cards_in(welcome)
        elsewhere = await connect(f"{running.ws}/ws/{alone['id']}", additional_headers=cookie)
        await elsewhere.recv()
        hub = running.app.state.hub
        kinds = {c.table.id: c.viewer.kind for conns in hub.connections.values() for c in conns}
        assert kinds == {mine["id"]: ViewerKind.SEAT, other["id"]: ViewerKind.OTHER_TABLE,
                         alone["id"]: ViewerKind.SPECTATOR}
        for socket_ in (seated, watching, elsewhere):
            await socket_.close()

    asyncio.run(main())
