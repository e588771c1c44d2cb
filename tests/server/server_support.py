"""Helpers for the server tests: a real uvicorn server on a free port, websocket clients,
a fresh PostgreSQL schema, and the leak checker every frame goes through."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from redouble.cards import Card
from redouble.deal import Deal
from redouble.robots import NaiveRobot
from redouble.seats import Seat
from redouble.server.app import create_app
from redouble.server.limits import DEFAULT_QUOTAS, Quotas
from redouble.server.serving import HEADER_TIMEOUT, uvicorn_config
from redouble.server.store import commitment_of
from redouble.view import View

PG_BASE = "postgresql+psycopg://root@127.0.0.1:5432/test"
CARD = re.compile(r"^[SHDC][AKQJT98765432]$")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ClaimingRobot(NaiveRobot):
    """A robot that, as declarer with four tricks or fewer left, claims them all; accepts claims."""

    name = "claiming"

    def propose_claim(self, view: View) -> int | None:
        if view.seat is None or view.declarer is not view.seat or view.actor is not view.seat:
            return None
        left = 13 - len(view.tricks)
        return left if left <= 4 else None

    def answer_claim(self, view: View) -> bool:
        return True


class Running:
    """A server running in a thread: its base URLs and a way to stop it."""

    def __init__(self, db: str, *, robot_workers: int = 0, robot: str | None = None,
                 rate: tuple[float, float] = (20.0, 40.0), quotas: Quotas = DEFAULT_QUOTAS,
                 header_timeout: float = HEADER_TIMEOUT, **uvicorn_options: Any) -> None:
        self.port = free_port()
        self.app = create_app(db, robot_workers=robot_workers, robot=robot, rate=rate, quotas=quotas)
        config = uvicorn_config(self.app, port=self.port, header_timeout=header_timeout,
                                **uvicorn_options)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"

    def start(self) -> Running:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    def create(self, **request: Any) -> dict[str, Any]:
        request.setdefault("pace", "fast")  # robots at once: the tests wait on them
        response = httpx.post(self.http + "/api/tables", json=request, timeout=30)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def info(self, table_id: str) -> dict[str, Any]:
        data: dict[str, Any] = httpx.get(f"{self.http}/api/tables/{table_id}", timeout=30).json()
        return data


@contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema for one test, dropped afterwards; yields its URL."""
    import psycopg

    schema = f"rd_test_{secrets.token_hex(6)}"
    with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=root", autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_BASE}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=root",
                             autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


class Client:
    """A websocket client that records every frame it receives."""

    def __init__(self, ws: ClientConnection, seat: Seat | None, keep: int | None = None) -> None:
        self.ws = ws
        self.seat = seat
        self.frames: deque[dict[str, Any]] = deque(maxlen=keep)
        self.seq = 0

    @classmethod
    async def open(cls, url: str, seat: Seat | None = None, *, keep: int | None = None) -> Client:
        """Connect and read the welcome; ``keep`` bounds how many frames are remembered."""
        ws = await connect(url, max_size=None)
        client = cls(ws, seat, keep)
        welcome = await client.recv()
        assert welcome["type"] == "welcome", welcome
        client.seq = welcome["seq"]
        return client

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(message)
        if message["type"] == "event" and message.get("seq") is not None:  # presence: no seq
            assert message["seq"] == self.seq + 1, (self.seq, message["seq"])
            self.seq = message["seq"]
        return message

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def until(self, predicate: Callable[[dict[str, Any]], bool],
                    timeout: float = 30) -> dict[str, Any]:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            message = await self.recv(max(left, 0.01))
            if predicate(message):
                return message

    async def request(self, message: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
        """Send with an id; the ``ack`` or ``error`` answering it (events in between recorded)."""
        ident = secrets.token_hex(4)
        await self.send({**message, "id": ident})
        return await self.until(lambda m: m["type"] in ("ack", "error", "pong") and m.get("id") == ident,
                                timeout)

    async def close(self) -> None:
        await self.ws.close()


def cards_in(value: Any) -> set[str]:
    """Every string anywhere in a frame that is a card."""
    found: set[str] = set()
    if isinstance(value, str):
        if CARD.match(value):
            found.add(value)
        elif len(value) > 2 and value[1] == ":":  # a PBN deal
            found.update(_pbn_cards(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= cards_in(key) | cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    return found


def _pbn_cards(text: str) -> set[str]:
    try:
        deal = Deal.from_pbn(text)
    except ValueError:
        return set()
    return {str(card) for seat in Seat for card in deal[seat].cards}


class LeakChecker:
    """Checks, once a board's seed is revealed, every frame a viewer got during that board."""

    def __init__(self) -> None:
        self.pending: dict[int, list[tuple[Seat | None, dict[str, Any]]]] = {}
        self.checked_frames = 0
        self.checked_boards: set[int] = set()
        self.deals: dict[int, Deal] = {}
        #: seats robots play (from the frames' TableInfo): their partner sees their explanations
        self.robots: frozenset[Seat] = frozenset()

    def add(self, viewer: Seat | None, frame: dict[str, Any]) -> None:
        table = frame.get("table")
        if isinstance(table, dict) and isinstance(table.get("seats"), dict):
            self.robots = frozenset(Seat.parse(seat) for seat, info in table["seats"].items()
                                    if info.get("kind") == "robot")
        frame = {**frame, "robots": self.robots}
        board = frame.get("board")
        if isinstance(board, dict) and board.get("number") is not None:
            number = board["number"]
            if number in self.deals:  # the board is over: check at once
                check_frame(self.deals[number], viewer, frame)
                self.checked_frames += 1
            else:
                self.pending.setdefault(number, []).append((viewer, frame))

    def reveal(self, number: int, seed: str, commitment: str) -> None:
        assert commitment_of(seed) == commitment, "the revealed seed does not match its commitment"
        deal = self.deals[number] = Deal.from_seed(seed, number)
        for viewer, frame in self.pending.pop(number, []):
            check_frame(deal, viewer, frame)
            self.checked_frames += 1
        self.checked_boards.add(number)


def check_frame(deal: Deal, viewer: Seat | None, frame: dict[str, Any]) -> None:
    """No card in ``frame`` that ``viewer`` may not see at that moment."""
    view = frame.get("view")
    assert view is not None
    for entry in view["auction"]:
        if "explanation" in entry or entry.get("alert"):
            caller = Seat.parse(entry["seat"])
            assert view["phase"] == "done" or (viewer is not None and (
                viewer is caller or viewer.side is not caller.side
                or caller in frame.get("robots", ()))), f"{viewer} saw {entry}"
    event = frame.get("event")
    if isinstance(event, dict) and event.get("type") == "call" and "explanation" in event:
        caller = Seat.parse(event["seat"])
        assert viewer is not None and (viewer is caller or viewer.side is not caller.side
                                       or caller in frame.get("robots", ()))
    if frame["type"] == "sync":  # the missed events are checked one by one by the client
        frame = {"type": "sync", "view": view, "board": frame["board"]}
    if view.get("hidden"):  # a board other tables of the group still play: nothing of it shows
        assert viewer is None, f"{viewer} got a veiled view of its own table"
        assert not cards_in(frame), f"a veiled frame shows {sorted(cards_in(frame))}: {frame}"
        assert view["auction"] == [] and view["contract"] is None and view["tricks"] == []
        return
    phase = view["phase"]
    if phase == "done":
        assert view["deal"] == deal.to_pbn()
        return
    assert view["deal"] is None
    played: list[tuple[str, str]] = []
    for trick in [*view["tricks"], *([view["current_trick"]] if view["current_trick"] else [])]:
        seat = Seat.parse(trick["leader"])
        for card in trick["cards"]:
            played.append((seat.letter(), card))
            assert deal.holder(Card.parse(card)) is seat, f"{card} was not {seat}'s"
            seat = seat.lho
    allowed: set[str] = {card for _, card in played}
    visible: set[Seat] = set() if viewer is None else {viewer}
    if played and view["declarer"] is not None:
        visible.add(Seat.parse(view["declarer"]).partner)  # dummy, after the opening lead
    if phase == "claim":
        visible.add(Seat.parse(view["claim"]["claimer"]))
    for seat in visible:
        allowed |= {str(card) for card in deal[seat].cards}
    leaked = cards_in(frame) - allowed
    assert not leaked, f"{viewer} saw {sorted(leaked)} in a {frame['type']} frame: {frame}"
    assert {Seat.parse(s) for s in view["hands"]} <= visible
    gone = {card for _, card in played}
    for letter, cards in view["hands"].items():
        seat = Seat.parse(letter)
        assert sorted(cards) == sorted(str(c) for c in deal[seat].cards if str(c) not in gone)
