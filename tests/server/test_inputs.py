"""Bad input over HTTP and the websocket: limits on size, nesting and bytes, one error body,
sessions only the server creates, one token per connection, names that export."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_support import Client, Running
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from redouble.formats import lin, pbn
from redouble.server.messages import catalogue, placeholders

ROBOTS = dict.fromkeys("NESW", "robot")


@pytest.fixture
def running(serve: Any, sqlite_url: str) -> Running:
    server: Running = serve(sqlite_url)
    return server


def error_of(response: httpx.Response) -> dict[str, Any]:
    """The one error body: ``{"error": {"code", "message"}}``, with the message's ``key`` and ``fields``
    in the web catalogues where the refusal is keyed, and nothing else."""
    data = response.json()
    assert set(data) == {"error"} and set(data["error"]) in ({"code", "message"},
                                                            {"code", "message", "key", "fields"}), data
    assert data["error"]["message"]
    if "key" in data["error"]:
        template = catalogue("en")[data["error"]["key"]]
        assert placeholders(template) == set(data["error"]["fields"]), data
    error: dict[str, Any] = data["error"]
    return error


@pytest.mark.parametrize("path", ["/api/tables", "/api/session"])
def test_deep_nesting_is_refused_not_a_server_error(running: Running, path: str) -> None:
    body = "[" * 100_000 + "]" * 100_000
    response = httpx.post(running.http + path, content=body[:60_000],
                          headers={"content-type": "application/json"}, timeout=30)
    assert response.status_code == 422 and error_of(response)["code"] == "bad_request"
    nested = '{"form": ' + '{"a": ' * 50 + "1" + "}" * 50 + "}"
    response = httpx.post(running.http + path, content=nested, timeout=30)
    assert response.status_code == 422 and "nested" in error_of(response)["message"]


def test_large_bodies_are_refused(running: Running) -> None:
    response = httpx.post(running.http + "/api/tables", content=b" " * 2_000_000, timeout=30)
    assert response.status_code == 413 and error_of(response)["code"] == "too_large"

    def chunks() -> Iterator[bytes]:  # no content-length: counted as it streams
        for _ in range(40):
            yield b" " * 65536

    response = httpx.post(running.http + "/api/session", content=chunks(), timeout=30)
    assert response.status_code == 413 and error_of(response)["code"] == "too_large"


@pytest.mark.parametrize("body, problem", [
    ({"form": "whist", "seats": ROBOTS}, "form"),
    ({"form": "rubber", "seats": {"N": "robot"}}, "seats.E is missing"),
    ({"form": "rubber", "seats": {**ROBOTS, "N": "cat"}}, "seats.N must be one of: human, robot"),
    ({"form": "duplicate", "boards": 37, "seats": ROBOTS}, "boards"),
    ({"form": "duplicate", "boards": True, "seats": ROBOTS}, "boards"),
    ({"form": "rubber", "seats": ROBOTS, "board": 8}, "board is not a field"),
    ({"form": "rubber", "seats": ROBOTS, "names": {"N": 7}}, "names.N must be text"),
    ({"form": "rubber", "seats": ROBOTS, "undo_policy": "sometimes"}, "undo_policy"),
    ([1, 2], "JSON object"),
])
def test_table_requests_are_typed_at_the_edge(running: Running, body: Any, problem: str) -> None:
    response = httpx.post(running.http + "/api/tables", json=body, timeout=30)
    assert response.status_code == 422 and problem in error_of(response)["message"]


def test_every_http_error_has_the_one_body(running: Running) -> None:
    created = running.create(form="rubber", seats=ROBOTS)
    for path, status in (("/api/nothing", 404), ("/api/tables/nope", 404),
                         (f"/api/tables/{created['id']}/boards/abc", 422),
                         (f"/api/tables/{created['id']}/boards/99", 404)):
        response = httpx.get(running.http + path, timeout=30)
        assert response.status_code == status, path
        error_of(response)
    response = httpx.delete(running.http + "/api/tables", timeout=30)
    assert response.status_code == 405 and error_of(response)["code"] == "method_not_allowed"


def test_sessions_are_created_by_the_server_only(running: Running) -> None:
    chosen = "attacker-chosen-session-id"
    response = httpx.post(running.http + "/api/session", json={"name": "Ann"},
                          cookies={"redouble_session": chosen}, timeout=30)
    assert response.status_code == 200
    issued = response.cookies.get("redouble_session")
    assert issued and issued != chosen
    assert httpx.get(running.http + "/api/session", cookies={"redouble_session": chosen}, timeout=30).json() == {
        "name": None}
    assert httpx.get(running.http + "/api/session",
                     cookies={"redouble_session": issued}, timeout=30).json() == {"name": "Ann"}
    renamed = httpx.post(running.http + "/api/session", json={"name": "Bea"},
                         cookies={"redouble_session": issued}, timeout=30)
    assert renamed.cookies.get("redouble_session") == issued  # its own session is kept


@pytest.mark.parametrize("name", ["Ann\x00", "Ann\nBob", "tab\there"])
def test_control_characters_are_refused_in_names(running: Running, name: str) -> None:
    response = httpx.post(running.http + "/api/session", json={"name": name}, timeout=30)
    assert response.status_code == 422 and error_of(response)["code"] == "bad_request"
    response = httpx.post(running.http + "/api/tables",
                          json={"form": "rubber", "seats": ROBOTS, "names": {"N": name}}, timeout=30)
    assert response.status_code == 422 and error_of(response)["code"] == "bad_request"


def test_downloads_carry_names_with_lin_separators(running: Running) -> None:
    created = running.create(form="duplicate", boards=1, seats=ROBOTS,
                             names={"N": "Ann|Bob", "E": "Cy, Di", "S": 'Ed "E"', "W": "Fay"})
    deadline = time.monotonic() + 60
    while running.info(created["id"])["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    base = f"{running.http}/api/tables/{created['id']}/boards/1"
    got_lin = httpx.get(base + ".lin", timeout=30)
    got_pbn = httpx.get(base + ".pbn", timeout=30)
    assert got_lin.status_code == 200 and got_pbn.status_code == 200
    (board,) = lin.loads(got_lin.text)
    assert sorted(board.players.values()) == sorted(["Ann/Bob", "Cy  Di", 'Ed "E"', "Fay"])
    (game,) = pbn.loads(got_pbn.text)
    assert game.tags["North"] == "Ann|Bob" and game.tags["East"] == "Cy, Di"


def test_a_stored_name_with_a_line_break_still_downloads() -> None:
    from test_disclosure import act, make_group

    from redouble.robots import RandomRobot
    from redouble.server import presenter
    from redouble.server.export import clean_text

    (table,) = make_group(1, boards=1, scoring="matchpoints")
    table.form, table.scoring = "duplicate", "imps-vs-par"
    for info in table.seats.values():
        info.name = "Ann\nSmith|x,y"
    robot = RandomRobot(5)
    while not table.board_done:
        act(table, robot, False)
    assert "[North \"Ann Smith|x,y\"]" in presenter.board_pbn(table, 1)
    assert "pn|Ann Smith/x y," in presenter.board_lin(table, 1)
    assert clean_text("a\x00b\u2028c") == "a b c"


def test_websocket_limits(running: Running) -> None:
    created = running.create(form="rubber", seats={"N": "robot", "E": "robot", "S": "human",
                                                   "W": "robot"})
    url = f"{running.ws}/ws/{created['id']}"

    async def main() -> None:
        client = await Client.open(url)
        euros = json.dumps({"type": "ping", "pad": "€" * 3000}, ensure_ascii=False)  # 3,000 characters, 9,000 bytes
        await client.send(euros)
        assert (await client.until(lambda m: m["type"] == "error"))["code"] == "too_large"
        await client.send("[" * 2000 + "]" * 2000)
        deep = await client.until(lambda m: m["type"] == "error")
        assert deep["code"] == "bad_json" and "nested" in deep["message"]
        await client.send('{"type": "ping", "x": ' + '{"a":' * 40 + "1" + "}" * 40 + "}")
        assert (await client.until(lambda m: m["type"] == "error"))["code"] == "bad_json"
        pong = await client.request({"type": "ping"})  # still connected
        assert pong["type"] == "pong"
        await client.close()
        two = await connect(f"{url}?token={created['tokens']['S']}&token=other")
        refused = json.loads(await two.recv())
        assert refused["type"] == "error" and refused["code"] == "bad_request"
        with pytest.raises(ConnectionClosed) as closed:
            await two.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400

    asyncio.run(main())
