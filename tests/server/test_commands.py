"""Typed commands at the edge, typed events in the log, idempotent message ids, and a commit
that decides on a scratch copy before anything is stored."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_support import Client

from redouble.seats import Seat
from redouble.server import commands
from redouble.server.commands import parse_command, parse_table_request
from redouble.server.errors import ServerError
from redouble.server.events import BoardStarted, Played, TableEvent, table_event_from_json
from redouble.server.hub import Hub
from redouble.server.robotpool import RobotPool
from redouble.server.store import Store
from redouble.server.table import Table

HUMANS = dict.fromkeys("NESW", "human")


@pytest.mark.parametrize("message", [
    {"type": "call", "call": "1C", "alert": "yes"},
    {"type": "call", "call": "1C", "explanation": "line\nbreak"},
    {"type": "call", "call": "1C", "explanation": "nul\x00"},
    {"type": "claim", "tricks": True},
    {"type": "undo_answer", "accept": 1},
    {"type": "resume", "since": "0"},
    {"type": "language", "lang": "fr"},
    {"type": "dance"},
    {"call": "1C"},
    ["call"],
])
def test_malformed_messages_are_refused_at_the_edge(message: Any) -> None:
    with pytest.raises(ServerError) as refused:
        parse_command(message)
    assert refused.value.code == "bad_message" and str(refused.value)


def test_messages_become_typed_commands() -> None:
    command = parse_command({"type": "call", "call": "1NT", "alert": True, "explanation": "15-17",
                             "id": "a1", "extra": {"ignored": True}})
    assert command == commands.Call(type="call", call="1NT", alert=True, explanation="15-17", id="a1")
    assert parse_command({"type": "concede", "id": 3}) == commands.Concede(type="concede", id=3)
    with pytest.raises(Exception):  # noqa: B017 - frozen
        command.call = "2NT"


def test_stored_events_are_typed_and_replay_with_their_command_ids() -> None:
    for data in ({"type": "call", "seat": "N", "call": "1NT", "alert": True, "explanation": "15-17",
                  "cid": ["N", "a1"]},
                 {"type": "undo", "seat": "E"}, {"type": "par", "board": 2, "score": -420,
                                                  "contracts": [{"contract": "4S"}]},
                 {"type": "seat", "seat": "S", "name": "Ann"}, {"type": "table_end"}):
        event = table_event_from_json(data)
        assert event.to_json() == data and hash(event) == hash(table_event_from_json(data))
    assert isinstance(table_event_from_json({"type": "card", "seat": "E", "card": "HQ"}), Played)
    for bad in ({"type": "card", "seat": "E"}, {"type": "call", "seat": "N", "call": "1NT", "v": 2},
                {"type": "mystery"}, {"type": "ready", "seat": "Q"}):
        with pytest.raises(ValueError):
            table_event_from_json(bad)


async def _hub(url: str) -> Hub:
    hub = Hub(Store(url), RobotPool(workers=0))
    await hub.start()
    return hub


def test_a_replayed_message_id_is_answered_and_not_acted_on_again(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url)
    created = running.create(form="duplicate", boards=1, seats=HUMANS, undo_policy="always")
    url = f"{running.ws}/ws/{created['id']}?token="

    async def main() -> None:
        north = await Client.open(url + created["tokens"]["N"], Seat.NORTH)
        await north.send({"type": "call", "call": "1C", "id": "m1"})
        first = await north.until(lambda m: m["type"] == "ack")
        await north.close()
        # the client lost the ack, reconnects and retries: the same answer, nothing done twice
        again = await Client.open(url + created["tokens"]["N"], Seat.NORTH)
        seq = again.frames[0]["seq"]
        await again.send({"type": "call", "call": "1C", "id": "m1"})
        repeat = await again.until(lambda m: m["type"] in ("ack", "error"))
        assert repeat == {"type": "ack", "id": "m1", "seq": first["seq"]}
        await again.send({"type": "undo", "id": "m2"})
        undone = await again.until(lambda m: m["type"] in ("ack", "error"))
        await again.send({"type": "undo", "id": "m2"})  # a retried undo takes back only once
        assert await again.until(lambda m: m["type"] in ("ack", "error")) == undone
        await again.send({"type": "resume", "since": seq})
        sync = await again.until(lambda m: m["type"] == "sync")
        kinds = [item["event"]["type"] for item in sync["events"]]
        assert kinds.count("call") == 0 and kinds.count("undo") == 1
        await again.close()

    asyncio.run(main())
    running.stop()
    restarted = serve(sqlite_url)

    async def after_restart() -> None:  # the ids survive a restart: they are in the log
        north = await Client.open(f"{restarted.ws}/ws/{created['id']}?token={created['tokens']['N']}",
                                  Seat.NORTH)
        seq = north.frames[0]["seq"]
        await north.send({"type": "undo", "id": "m2"})
        answer = await north.until(lambda m: m["type"] in ("ack", "error"))
        assert answer["type"] == "ack" and answer["seq"] <= seq
        assert north.frames[0]["view"]["auction"] == []
        await north.close()

    asyncio.run(after_restart())


def test_events_the_table_cannot_take_are_never_stored(tmp_path: Any) -> None:
    """An event that fails on the scratch copy is refused: the log and the table stay in step,
    and the table goes on taking actions (before, the database got ahead of memory)."""
    url = f"sqlite:///{tmp_path / 'r.db'}"

    async def main() -> None:
        hub = await _hub(url)
        table, _tokens = await hub.create(parse_table_request({"form": "duplicate", "boards": 1,
                                                               "seats": HUMANS}))
        seq = table.seq
        broken: list[TableEvent] = [BoardStarted(board=99)]  # a board with no committed seed
        async with hub.locks[table.id]:
            with pytest.raises(ServerError) as refused:
                await hub.commit(table, broken)
        assert refused.value.code == "internal"
        stored = await hub.store.run(hub.store.load_table, table.id)
        assert stored is not None and len(stored.events) == table.seq == seq
        async with hub.locks[table.id]:
            await hub.commit(table, table.propose(Seat.NORTH, parse_command({"type": "call",
                                                                              "call": "1C"})))
        again = await hub.store.run(hub.store.load_table, table.id)
        assert again is not None and len(again.events) == table.seq == seq + 1
        assert Table(again).state is not None
        await hub.close()
        hub.pool.close()
        hub.store.close()

    asyncio.run(main())
