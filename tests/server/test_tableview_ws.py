"""Issue 12 through the server: a rubber table's options, another rubber after the table
ended (its status playing again), and the traveller a seat asks for over the websocket."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from server_support import Client

from redouble.seats import Seat

from .test_play import ROBOT, play_as


def test_rubber_options_are_kept_and_refused_where_they_do_not_belong(serve: Any,
                                                                      sqlite_url: str) -> None:
    running = serve(sqlite_url)
    robots = dict.fromkeys("NESW", "robot")
    created = running.create(form="rubber", seats=robots, honours=False, unfinished="50")
    info = running.info(created["id"])
    assert info["honours"] is False and info["unfinished"] == {"game": 300, "partscore": 50}
    assert running.info(running.create(form="chicago", seats=robots)["id"])["honours"] is False
    assert running.info(running.create(form="rubber", seats=robots)["id"])["honours"] is True
    for bad in ({"form": "chicago", "unfinished": "100"}, {"form": "duplicate", "honours": True},
                {"form": "rubber", "unfinished": "75"}):
        response = httpx.post(running.http + "/api/tables", json={**bad, "seats": robots},
                              timeout=30)
        assert response.status_code == 422, response.text
        assert response.json()["error"]["code"] == "bad_request"


def test_another_rubber_after_the_table_ended(serve: Any, sqlite_url: str) -> None:
    # a whole rubber of first-legal actions: more messages than a person's rate allows
    running = serve(sqlite_url, robot_workers=1, robot=ROBOT, rate=(1000.0, 2000.0))
    created = running.create(form="rubber", seats={"N": "robot", "E": "robot", "S": "human",
                                                   "W": "robot"})
    table_id, token = created["id"], created["tokens"]["S"]

    async def main() -> None:
        client = await play_as(running, table_id, token, Seat.SOUTH)
        await client.close()
        assert running.info(table_id)["status"] == "finished"
        client = await Client.open(f"{running.ws}/ws/{table_id}?token={token}", Seat.SOUTH)
        answer = await client.request({"type": "another"})
        assert answer["type"] == "ack", answer
        assert any((m.get("event") or {}).get("type") == "board_start" for m in client.frames)
        assert running.info(table_id)["status"] == "playing"
        again = await client.request({"type": "another"})
        assert again["type"] == "error" and again["code"] == "phase"
        await client.close()

    asyncio.run(main())


def test_a_seat_asks_for_the_traveller_of_a_board_it_has_played(serve: Any,
                                                                 sqlite_url: str) -> None:
    running = serve(sqlite_url, robot_workers=1, robot=ROBOT)
    first = running.create(form="duplicate", scoring="matchpoints", boards=1,
                           seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})
    running.create(same_boards_as=first["id"], seats=dict.fromkeys("NESW", "robot"))

    async def main() -> None:
        url = f"{running.ws}/ws/{first['id']}?token={first['tokens']['S']}"
        early = await Client.open(url, Seat.SOUTH)
        await early.send({"type": "traveller", "board": 1, "id": "t0"})
        refused = await early.until(lambda m: m.get("id") == "t0")
        assert refused["type"] == "error" and refused["code"] == "not_found"
        await early.close()
        client = await play_as(running, first["id"], first["tokens"]["S"], Seat.SOUTH, boards=1)
        frame: dict[str, Any] = {}
        for _ in range(300):  # the robots' table finishes the board in its own time
            await client.send({"type": "traveller", "board": 1, "id": "t1"})
            frame = await client.until(lambda m: m.get("id") == "t1")
            if frame["type"] == "traveller" and len(frame["rows"]) == 2:
                break
            await asyncio.sleep(0.2)
        assert frame["type"] == "traveller" and len(frame["rows"]) == 2, frame
        assert sum(row["you"] for row in frame["rows"]) == 1
        assert sorted(row["mp_ns"] + row["mp_ew"] for row in frame["rows"]) == [2, 2]
        await client.close()

    asyncio.run(main())
