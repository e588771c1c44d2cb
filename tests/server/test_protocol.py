"""The websocket protocol against a real server: play, acks, resume, and bad input answered
with an error and no change to the table."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from server_support import Client, Running
from websockets.exceptions import ConnectionClosed

from redouble.seats import Seat

HUMANS = {s.letter(): "human" for s in Seat}


def seat_url(running: Running, created: dict[str, Any], seat: str | None) -> str:
    query = "" if seat is None else f"?token={created['tokens'][seat]}"
    return f"{running.ws}/ws/{created['id']}{query}"


async def snapshot(running: Running, created: dict[str, Any]) -> tuple[int, Any]:
    """The table's seq and North's view, fetched afresh."""
    client = await Client.open(seat_url(running, created, None))
    welcome = client.frames[0]
    await client.close()
    return welcome["seq"], welcome["view"]


async def kinds_since(running: Running, created: dict[str, Any], since: int) -> set[str]:
    """The kinds of event recorded after ``since``."""
    watcher = await Client.open(seat_url(running, created, None))
    await watcher.send({"type": "resume", "since": since})
    sync = await watcher.until(lambda m: m["type"] == "sync")
    await watcher.close()
    return {item["event"]["type"] for item in sync["events"]}


@pytest.fixture
def table(serve: Any, sqlite_url: str) -> tuple[Running, dict[str, Any]]:
    running = serve(sqlite_url)
    return running, running.create(form="duplicate", boards=2, seats=HUMANS, names={"N": "Ann"})


def test_a_call_is_acked_after_every_client_is_told(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table

    async def main() -> None:
        north = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        south = await Client.open(seat_url(running, created, "S"), Seat.SOUTH)
        welcome = north.frames[0]
        assert welcome["you"] == {"seat": "N", "role": "player", "name": "Ann"}
        assert welcome["view"]["legal_calls"][0] == "Pass"
        assert set(welcome["view"]["hands"]) == {"N"}
        assert welcome["table"]["commitments"][0]["seed"] is None
        answer = await north.request({"type": "call", "call": "1NT", "alert": False})
        assert answer["type"] == "ack"
        event = await south.until(lambda m: m["type"] == "event" and m["event"]["type"] == "call")
        assert event["seq"] == answer["seq"]
        assert event["view"]["auction"] == [{"seat": "N", "call": "1NT"}]
        assert set(event["view"]["hands"]) == {"S"}
        pong = await south.request({"type": "ping"})
        assert pong["type"] == "pong"
        language = await south.request({"type": "language", "lang": "nl"})
        assert language["type"] == "ack"
        await north.close()
        await south.close()

    asyncio.run(main())


def test_resume_sends_exactly_what_was_missed(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table

    async def main() -> None:
        east = await Client.open(seat_url(running, created, "E"), Seat.EAST)
        last = east.seq
        await east.close()
        north = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        await north.request({"type": "call", "call": "1C", "alert": True, "explanation": "could be short"})
        east = await Client.open(seat_url(running, created, "E"), Seat.EAST)
        await north.request({"type": "ping"})
        south = await Client.open(seat_url(running, created, "S"), Seat.SOUTH)
        await east.send({"type": "resume", "since": last})
        sync = await east.until(lambda m: m["type"] == "sync")
        numbers = [item["seq"] for item in sync["events"]]
        assert numbers == list(range(last + 1, sync["seq"] + 1))
        calls = [item["event"] for item in sync["events"] if item["event"]["type"] == "call"]
        assert calls == [{"type": "call", "seat": "N", "call": "1C", "alert": True,
                          "explanation": "could be short"}]
        await south.send({"type": "resume", "since": 0})
        sync = await south.until(lambda m: m["type"] == "sync")
        calls = [item["event"] for item in sync["events"] if item["event"]["type"] == "call"]
        assert calls == [{"type": "call", "seat": "N", "call": "1C"}]  # partner: no explanation
        bad = await south.request({"type": "resume", "since": 10_000})
        assert bad["code"] == "bad_message"
        for client in (north, east, south):
            await client.close()

    asyncio.run(main())


BAD = [
    ("{not json", "bad_json"),
    ("[1, 2, 3]", "bad_message"),
    (json.dumps({"type": "teleport"}), "bad_message"),
    (json.dumps({"call": "1C"}), "bad_message"),
    (json.dumps({"type": "card", "card": "SA"}), "phase"),
    (json.dumps({"type": "call", "call": "9NT"}), "illegal_call"),
    (json.dumps({"type": "call", "call": "X"}), "illegal_call"),
    (json.dumps({"type": "claim", "tricks": 13}), "claim"),
    (json.dumps({"type": "undo"}), "undo"),
    (json.dumps({"type": "resume"}), "bad_message"),
    (json.dumps({"type": "language", "lang": "tlh"}), "bad_message"),
    (json.dumps({"type": "call", "call": "1C", "explanation": "x" * 3000}), "bad_message"),
    ("x" * 5000, "too_large"),
]


@pytest.mark.parametrize("frame, code", BAD)
def test_bad_input_is_answered_and_changes_nothing(table: tuple[Running, dict[str, Any]],
                                                   frame: str, code: str) -> None:
    running, created = table

    async def main() -> None:
        north = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        before = await snapshot(running, created)
        await north.send(frame)
        answer = await north.until(lambda m: m["type"] == "error")
        assert answer["code"] == code, answer
        assert answer["message"]
        assert await snapshot(running, created) == before
        ack = await north.request({"type": "call", "call": "1C"})  # the connection still works
        assert ack["type"] == "ack"
        await north.close()

    asyncio.run(main())


def test_acting_for_another_seat_is_refused(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table

    async def main() -> None:
        east = await Client.open(seat_url(running, created, "E"), Seat.EAST)
        spectator = await Client.open(seat_url(running, created, None))
        before = await snapshot(running, created)
        refused = await east.request({"type": "call", "call": "Pass"})  # North is dealer
        assert refused["code"] == "not_your_turn"
        refused = await spectator.request({"type": "call", "call": "Pass"})
        assert refused["code"] == "spectator"
        assert await snapshot(running, created) == before
        north = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        await north.request({"type": "call", "call": "1NT"})
        await east.request({"type": "call", "call": "Pass"})
        south = await Client.open(seat_url(running, created, "S"), Seat.SOUTH)
        west = await Client.open(seat_url(running, created, "W"), Seat.WEST)
        await south.request({"type": "call", "call": "Pass"})
        await west.request({"type": "call", "call": "Pass"})
        before = await snapshot(running, created)
        assert before[1]["phase"] == "play"
        # East leads; a card out of turn, a card East does not hold, and dummy acting are refused
        out_of_turn = await south.request({"type": "card", "card": "SA"})
        assert out_of_turn["code"] == "not_your_turn"
        await east.request({"type": "ping"})  # everything before it has arrived
        view = next(m["view"] for m in reversed(east.frames) if "view" in m)
        assert view["legal_cards"] and view["actor"] == "E"
        held = set(view["hands"]["E"])
        missing = next(c for c in ("SA", "SK", "SQ", "SJ", "ST", "HA", "HK") if c not in held)
        not_held = await east.request({"type": "card", "card": missing})
        assert not_held["code"] == "illegal_card"
        assert await snapshot(running, created) == before
        for client in (north, east, south, west, spectator):
            await client.close()

    asyncio.run(main())


def test_a_token_of_no_seat_is_refused(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table

    async def main() -> None:
        from websockets.asyncio.client import connect

        async with connect(f"{running.ws}/ws/{created['id']}?token=forged") as ws:
            answer = json.loads(await ws.recv())
            assert answer["code"] == "forbidden"
            with pytest.raises(ConnectionClosed):
                await ws.recv()
        async with connect(f"{running.ws}/ws/no-such-table") as ws:
            answer = json.loads(await ws.recv())
            assert answer["code"] == "not_found"

    asyncio.run(main())


def test_a_second_connection_to_a_seat_replaces_the_first(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table

    async def main() -> None:
        first = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        second = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        replaced = await first.until(lambda m: m["type"] == "error")
        assert replaced["code"] == "replaced"
        ack = await second.request({"type": "call", "call": "1S"})
        assert ack["type"] == "ack"
        await second.close()

    asyncio.run(main())


def test_a_flood_is_rate_limited_then_cut_off(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table

    async def main() -> None:
        north = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        before = await snapshot(running, created)
        for _ in range(400):
            await north.send({"type": "call", "call": "7NT"})
        codes: list[str] = []
        with pytest.raises((ConnectionClosed, TimeoutError)):
            while True:
                message = await north.recv(timeout=10)
                if message["type"] == "error":
                    codes.append(message["code"])
        assert "rate_limited" in codes
        assert north.ws.close_code == 1008
        # the first call got through; everything after it changed nothing
        _seq, view = await snapshot(running, created)
        assert view["auction"] == [{"seat": "N", "call": "7NT"}]
        assert await kinds_since(running, created, before[0]) <= {"call", "seat"}

    asyncio.run(main())


def test_a_frame_beyond_the_hard_cap_closes_the_connection(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table

    async def main() -> None:
        north = await Client.open(seat_url(running, created, "N"), Seat.NORTH)
        before = await snapshot(running, created)
        await north.send("y" * 100_000)
        with pytest.raises(ConnectionClosed):
            await north.recv(timeout=10)
        assert north.ws.close_code == 1009
        _seq, view = await snapshot(running, created)
        assert view == before[1]
        assert await kinds_since(running, created, before[0]) <= {"seat"}  # North left

    asyncio.run(main())


def test_http_api(table: tuple[Running, dict[str, Any]]) -> None:
    running, created = table
    lobby = httpx.get(running.http + "/api/tables", timeout=30).json()["tables"]
    assert [t["id"] for t in lobby] == [created["id"]]
    assert created["links"]["N"] == f"/table/{created['id']}?token={created['tokens']['N']}"
    bad = httpx.post(running.http + "/api/tables", json={"form": "whist", "seats": HUMANS}, timeout=30)
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_request"
    bad = httpx.post(running.http + "/api/tables", content=b"{", timeout=30)
    assert bad.status_code == 422
    bad = httpx.post(running.http + "/api/tables", json={"form": "rubber", "seats": {"N": "cat"}}, timeout=30)
    assert bad.status_code == 422 and "seats.N" in bad.json()["error"]["message"]
    assert httpx.get(running.http + "/api/tables/nope", timeout=30).status_code == 404
    assert httpx.get(f"{running.http}/api/tables/{created['id']}/boards/1", timeout=30).status_code == 404
    assert httpx.get(f"{running.http}/table/{created['id']}", timeout=30).status_code == 200
    assert httpx.get(f"{running.http}/", timeout=30).status_code == 200
    session = httpx.post(running.http + "/api/session", json={"name": "Bob"}, timeout=30)
    assert session.json() == {"name": "Bob"}
    cookie = session.cookies.get("redouble_session")
    assert cookie
    again = httpx.get(running.http + "/api/session", cookies={"redouble_session": cookie}, timeout=30)
    assert again.json() == {"name": "Bob"}
    info = running.info(created["id"])
    assert info["seats"]["N"]["name"] == "Ann" and info["form"] == "duplicate"
    assert all(len(c["sha256"]) == 64 and c["seed"] is None for c in info["commitments"])


def test_a_language_given_at_connect_words_the_welcome_itself(serve: Any, sqlite_url: str) -> None:
    """``?lang=nl`` words the very first frame in Dutch: the robots' explanations a Dutch player
    reads in the welcome are the system's Dutch words, never English first and Dutch a moment
    later (a browser test read that English welcome once under load)."""
    from websockets.asyncio.client import connect

    from redouble.auction import Call
    from redouble.robots.systems import DEFAULT_SYSTEM
    from redouble.seats import Vulnerability

    running = serve(sqlite_url)
    created = running.create(form="duplicate", boards=1, seats={"N": "robot", "E": "robot", "S": "human",
                                                               "W": "robot"})

    def robots_called(frame: dict[str, Any]) -> bool:
        return any(e["seat"] != "S" for e in (frame.get("view") or {}).get("auction", []))

    async def main() -> None:
        english = await Client.open(seat_url(running, created, "S"), Seat.SOUTH)
        if english.frames[0]["view"]["turn"] == "S":  # South deals: pass, the robots answer
            await english.request({"type": "call", "call": "Pass", "alert": False})
        if not robots_called(english.frames[-1]):
            await english.until(robots_called)
        await english.close()
        dutch = await Client.open(seat_url(running, created, "S") + "&lang=nl", Seat.SOUTH)
        view = dutch.frames[0]["view"]
        calls = [Call.parse(entry["call"]) for entry in view["auction"]]
        dealer, vulnerability = Seat.parse(view["dealer"]), Vulnerability.parse(view["vulnerability"])
        robots = [(i, e) for i, e in enumerate(view["auction"]) if e["seat"] != "S"]
        assert robots
        for index, entry in robots:
            assert entry["explanation"] == DEFAULT_SYSTEM.explain(dealer, vulnerability, calls, index, lang="nl")
        await dutch.close()
        for bad in ("fr", "nl&lang=de"):
            async with connect(seat_url(running, created, "S") + f"&lang={bad}") as socket:
                refused = json.loads(await asyncio.wait_for(socket.recv(), 30))
            assert refused["type"] == "error" and refused["code"] == "bad_request"
            assert "lang" in refused["message"]

    asyncio.run(main())
