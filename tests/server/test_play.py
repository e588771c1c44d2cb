"""People and robots (thinking in the process pool) play whole boards through the server;
results, par, the post-mortem, PBN/LIN downloads and shared boards' commitments."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from server_support import Client, LeakChecker, Running

from redouble.formats import lin, pbn
from redouble.scoring import duplicate_score, imps
from redouble.seats import Seat

ROBOT = "redouble.robots:NaiveRobot"


async def play_as(running: Running, table_id: str, token: str, seat: Seat, *,
                  boards: int | None = None) -> Client:
    """Play ``seat`` (and dummy when declarer) with the first legal action until the table
    ends, or until ``boards`` boards are over; every frame is leak-checked."""
    client = await Client.open(f"{running.ws}/ws/{table_id}?token={token}", seat)
    checker = LeakChecker()
    done = 0
    message = client.frames[0]
    commitments: dict[int, str] = {}
    answered: set[tuple[Any, ...]] = set()
    while True:
        if message["type"] == "error":
            raise AssertionError(message)
        if message.get("board"):
            commitments[message["board"]["number"]] = message["board"]["commitment"]
            checker.add(seat, message)
        event = message.get("event") or {}
        if event.get("type") == "table_end":
            break
        if event.get("type") == "board_end":
            done += 1
            if event["seed"]:
                checker.reveal(event["board"], event["seed"], commitments[event["board"]])
            if boards is not None and done >= boards:
                break
            await client.send({"type": "ready"})
        view = message.get("view")
        if view and not message.get("more") and view["phase"] == "claim" \
                and message.get("seq", client.seq) == client.seq:
            claim = view["claim"]
            key = (view["board"], len(view["tricks"]), claim["claimer"])
            if seat.letter() in claim["needs"] and seat.letter() not in claim["accepted_by"] \
                    and key not in answered:
                answered.add(key)
                await client.send({"type": "accept_claim"})
        elif view and not message.get("more") and view["actor"] == seat.letter() \
                and message.get("seq", client.seq) == client.seq:
            if view["phase"] == "auction":
                await client.send({"type": "call", "call": "Pass" if view["auction"] else view["legal_calls"][5]})
            elif view["phase"] == "play":
                await client.send({"type": "card", "card": view["legal_cards"][0]})
        message = await client.recv(timeout=60)
        while message["type"] in ("ack", "pong"):
            message = await client.recv(timeout=60)
    return client


def test_a_person_and_three_robots_play_a_board_then_read_its_record(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, robot_workers=1, robot=ROBOT)
    created = running.create(form="duplicate", scoring="imps-vs-par", boards=1,
                             seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"},
                             names={"S": "Ann"})

    async def main() -> None:
        client = await play_as(running, created["id"], created["tokens"]["S"], Seat.SOUTH)
        await client.close()

    asyncio.run(main())
    info = running.info(created["id"])
    assert info["status"] == "finished"
    (result,) = info["results"]
    assert result["par"] is not None
    assert result["imps_ns"] == imps(result["score_ns"] - result["par"]["score"])
    if result["contract"] is not None:
        from redouble.calls import Contract

        contract = Contract.parse(result["contract"], declarer=Seat.parse(result["declarer"]))
        points = duplicate_score(contract, tricks=result["tricks"], vulnerable=False)
        assert result["score_ns"] == (points if result["declarer"] in "NS" else -points)
    assert info["score"] == {"type": "duplicate", "scoring": "imps-vs-par", "unit": "IMPs",
                             "total": {"NS": result["imps_ns"], "EW": -result["imps_ns"]}}
    base = f"{running.http}/api/tables/{created['id']}/boards/1"
    record = httpx.get(base, timeout=30).json()
    assert record["seed"] is not None and len(record["events"]) >= 4
    analysis = httpx.get(base + "/analysis", timeout=120)
    assert analysis.status_code == 200
    data = analysis.json()
    assert set(data["dd_tricks"]) == {"N", "E", "S", "W"}
    assert data["par"]["score"] == result["par"]["score"]
    if result["contract"] is not None:
        assert len(data["cards"]) == 52 and all(card["cost"] >= 0 for card in data["cards"])
    (game,) = pbn.loads(httpx.get(base + ".pbn", timeout=30).text)
    assert game.deal is not None and game.deal.to_pbn() == record["deal"]
    assert game.tags["South"] == "Ann"
    (board,) = lin.loads(httpx.get(base + ".lin", timeout=30).text)
    assert lin.board_state(board).board.deal.to_pbn() == record["deal"]
    assert len(pbn.loads(httpx.get(f"{running.http}/api/tables/{created['id']}/boards.pbn", timeout=30).text)) == 1
    assert httpx.get(f"{running.http}/api/tables/{created['id']}/boards/2.pbn", timeout=30).status_code == 404


def test_robots_play_mini_bridge_choosing_the_contract(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, robot_workers=1, robot=ROBOT)
    created = running.create(form="minibridge", boards=1, seats={s.letter(): "robot" for s in Seat})

    async def main() -> dict[str, Any]:
        watcher = await Client.open(f"{running.ws}/ws/{created['id']}")
        await watcher.until(lambda m: m["type"] == "event" and m["event"]["type"] == "table_end", 120)
        board = next(m["board"] for m in watcher.frames if m.get("board"))
        await watcher.close()
        return dict(board)

    board = asyncio.run(main())
    mini = board["minibridge"]
    assert sum(mini["hcp"].values()) == 40
    info = running.info(created["id"])
    (result,) = info["results"]
    assert result["declarer"] == mini["declarer"]
    assert info["score"]["type"] == "minibridge"


def test_tables_on_the_same_boards_are_compared_and_seeds_wait_for_both(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, robot_workers=1, robot=ROBOT)
    first = running.create(form="duplicate", scoring="matchpoints", boards=1,
                           seats={s.letter(): "robot" for s in Seat})
    second = running.create(same_boards_as=first["id"],
                            seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})
    assert second["table"]["form"] == "duplicate" and second["table"]["scoring"] == "matchpoints"
    assert second["table"]["commitments"][0]["sha256"] == first["table"]["commitments"][0]["sha256"]

    async def main() -> None:
        watcher = await Client.open(f"{running.ws}/ws/{first['id']}")
        await watcher.until(lambda m: m["type"] == "event" and m["event"]["type"] == "table_end", 120)
        await watcher.close()
        info = running.info(first["id"])
        assert info["commitments"][0]["seed"] is None  # the other table has not played it
        hidden = httpx.get(f"{running.http}/api/tables/{first['id']}/boards/1", timeout=30)
        assert hidden.status_code == 404 and "another table" in hidden.json()["error"]["message"]
        assert httpx.get(f"{running.http}/api/tables/{first['id']}/boards/1.pbn", timeout=30).status_code == 404
        # nothing of the board leaks through the table's public record or its whole-table file
        assert info["results"] == [{"board": 1, "hidden": True}] and info["score"] is None
        whole = httpx.get(f"{running.http}/api/tables/{first['id']}/boards.pbn", timeout=30).text
        assert "[Deal " not in whole and "[Contract " not in whole
        kibitzer = await Client.open(f"{running.ws}/ws/{first['id']}")
        view = kibitzer.frames[0]["view"]
        assert view["phase"] == "done" and view["hands"] == {} and view["deal"] is None
        assert kibitzer.frames[0]["table"]["results"] == [{"board": 1, "hidden": True}]
        await kibitzer.close()
        client = await play_as(running, second["id"], second["tokens"]["S"], Seat.SOUTH)
        await client.close()

    asyncio.run(main())
    one, two = running.info(first["id"]), running.info(second["id"])
    seed = one["commitments"][0]["seed"]
    assert seed is not None and seed == two["commitments"][0]["seed"]
    assert one["results"][0]["vulnerability"] == two["results"][0]["vulnerability"]
    percent = two["results"][0]["matchpoints_ns"]
    mine, theirs = two["results"][0]["score_ns"], one["results"][0]["score_ns"]
    assert percent == (100.0 if mine > theirs else 0.0 if mine < theirs else 50.0)
    assert one["results"][0]["matchpoints_ns"] == 100.0 - percent
    assert httpx.get(f"{running.http}/api/tables/{first['id']}/boards/1", timeout=30).status_code == 200
    assert "[Deal " in httpx.get(f"{running.http}/api/tables/{first['id']}/boards.pbn", timeout=30).text


def test_a_robot_declarer_claims_and_the_person_accepts(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, robot="server_support:ClaimingRobot", rate=(1000.0, 1000.0))
    created = running.create(form="duplicate", scoring="matchpoints", boards=8,
                             seats={"N": "robot", "E": "robot", "S": "human", "W": "robot"})

    async def main() -> list[dict[str, Any]]:
        client = await play_as(running, created["id"], created["tokens"]["S"], Seat.SOUTH)
        await client.send({"type": "resume", "since": 0})
        sync = await client.until(lambda m: m["type"] == "sync")
        await client.close()
        return [item["event"] for item in sync["events"]]

    events = asyncio.run(main())
    claims = [e for e in events if e["type"] == "claim"]
    played = [r for r in running.info(created["id"])["results"] if r["contract"] is not None]
    by_robots = [r for r in played if r["declarer"] != "S"]
    assert len(claims) == len(by_robots) >= 1  # once a board, and each claim stood
    assert all(c["seat"] == r["declarer"] for c, r in zip(claims, by_robots, strict=True))
    for index, event in enumerate(events):
        if event["type"] == "claim" and event["seat"] in "EW":  # the person defends: asked, agrees
            assert {"type": "accept", "seat": "S"} in events[index + 1:index + 4]
