"""Durability: ``kill -9`` the real ``redouble serve`` mid-board, start it again, and every table
resumes exactly — on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_support import Client, free_port, pg_schema

from redouble.seats import Seat

HUMANS = {s.letter(): "human" for s in Seat}
ROBOTS = {s.letter(): "robot" for s in Seat}


class Served:
    """``redouble serve`` in its own process group (so robots' workers die with it)."""

    def __init__(self, db: str) -> None:
        self.port = free_port()
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from redouble.cli import main; main()", "serve",
             "--port", str(self.port), "--db", db, "--robot-workers", "1",
             "--robot", "redouble.robots:NaiveRobot"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True, text=True)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.http + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                output = self.process.stdout.read() if self.process.stdout else ""
                raise RuntimeError(f"redouble serve did not start: {output}")
            time.sleep(0.1)

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: Any, tmp_path: Any) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'kill.db'}"
    else:
        with pg_schema() as url:
            yield url


def create(served: Served, **request: Any) -> dict[str, Any]:
    request.setdefault("pace", "fast")  # robots at once: the tests wait on them
    response = httpx.post(served.http + "/api/tables", json=request, timeout=30)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


async def everything(served: Served, table_id: str, token: str | None = None) -> dict[str, Any]:
    """The whole log as one viewer sees it (a ``sync`` from 0) and the present view."""
    query = f"?token={token}" if token else ""
    client = await Client.open(f"{served.ws}/ws/{table_id}{query}")
    await client.send({"type": "resume", "since": 0})
    sync = await client.until(lambda m: m["type"] == "sync")
    await client.close()
    return sync


async def latest(client: Client) -> dict[str, Any]:
    """The client's view once everything sent before now has arrived."""
    await client.request({"type": "ping"})
    view: dict[str, Any] = next(m["view"] for m in reversed(client.frames) if "view" in m)
    return view


def _settled(event: dict[str, Any]) -> dict[str, Any]:
    """An event without what a board's end learns later: its par comes in its own ``par`` event.

    A ``board_end`` is rendered with what the table knows when it is sent; at an imps-vs-par
    table the par (and so the IMPs) is computed after the board and sent as a ``par`` event,
    so a ``board_end`` sent before it, and the same event rendered after a restart, differ
    only there.
    """
    if event.get("type") != "board_end" or not event.get("result"):
        return event
    return {**event, "result": {k: v for k, v in event["result"].items() if k not in ("par", "imps_ns")}}


def test_kill_9_mid_board_and_every_table_resumes_exactly(database: str) -> None:
    served = Served(database)
    people = create(served, form="duplicate", boards=2, seats=HUMANS)
    robots = create(served, form="duplicate", boards=12, seats=ROBOTS)
    table_id = people["id"]
    urls = {s: f"{served.ws}/ws/{table_id}?token={people['tokens'][s]}" for s in "NESW"}
    acked: list[int] = []

    async def before_kill() -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
        clients = {s: await Client.open(urls[s], Seat.parse(s)) for s in "NESW"}
        for seat, call in zip("NESW", ("1NT", "Pass", "Pass", "Pass"), strict=True):
            answer = await clients[seat].request({"type": "call", "call": call})
            assert answer["type"] == "ack", answer
            acked.append(answer["seq"])
        for _ in range(6):  # six cards: the second trick is under way
            actor = (await latest(clients["E"]))["actor"]
            mine = await latest(clients[actor])
            answer = await clients[actor].request({"type": "card", "card": mine["legal_cards"][0]})
            assert answer["type"] == "ack", answer
            acked.append(answer["seq"])
        views = {s: await latest(clients[s]) for s in "NESW"}
        watcher = await Client.open(f"{served.ws}/ws/{robots['id']}")
        for _ in range(30):  # the robots are mid-session
            await watcher.recv()
        seen = [m for m in watcher.frames if m["type"] == "event"]
        return views, await everything(served, table_id), seen

    views, log, robot_events = asyncio.run(before_kill())
    served.kill()

    restarted = Served(database)

    async def after_restart() -> None:
        again = await everything(restarted, table_id)
        assert again["events"][:len(log["events"])] == log["events"]
        assert {item["event"]["type"] for item in again["events"][len(log["events"]):]} <= {"seat"}
        assert max(acked) <= again["seq"]
        for seat in "NESW":
            client = await Client.open(f"{restarted.ws}/ws/{table_id}?token={people['tokens'][seat]}")
            assert client.frames[0]["view"] == views[seat], f"{seat}'s view changed"
            await client.close()
        # the robot table: every event anyone was sent is there, with the same number
        robot_log = await everything(restarted, robots["id"])
        by_seq = {item["seq"]: item["event"] for item in robot_log["events"]}
        for message in robot_events:
            assert _settled(by_seq[message["seq"]]) == _settled(message["event"])
        # and play goes on: the next card at the people's table, the robots to the end
        view = views["N"]
        actor = view["actor"]
        client = await Client.open(f"{restarted.ws}/ws/{table_id}?token={people['tokens'][actor]}")
        answer = await client.request({"type": "card", "card": client.frames[0]["view"]["legal_cards"][0]})
        assert answer["type"] == "ack" and answer["seq"] > max(acked)
        await client.close()
        watcher = await Client.open(f"{restarted.ws}/ws/{robots['id']}")
        if httpx.get(f"{restarted.http}/api/tables/{robots['id']}", timeout=30).json()["status"] != "finished":
            await watcher.until(lambda m: m["type"] == "event" and m["event"]["type"] == "table_end",
                                timeout=120)
        await watcher.close()
        info = httpx.get(f"{restarted.http}/api/tables/{robots['id']}", timeout=30).json()
        assert len(info["results"]) == 12

    try:
        asyncio.run(after_restart())
    finally:
        restarted.kill()
