"""Helpers for the server tests: a real uvicorn server on a free port, websocket clients,
a fresh PostgreSQL schema, and the leak checker every frame goes through."""

from __future__ import annotations

import asyncio
import functools
import json
import re
import secrets
import socket
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from quick_robot import FACTORY as QUICK_ROBOT
from redouble.cards import Card
from redouble.deal import Deal
from redouble.robots import NaiveRobot
from redouble.seats import Seat
from redouble.server.app import create_app
from redouble.server.limits import DEFAULT_QUOTAS, Quotas
from redouble.server.serving import HEADER_TIMEOUT, uvicorn_config
from redouble.server.stopping import describe, stop_tasks
from redouble.server.store import commitment_of
from redouble.view import View

PG_BASE = "postgresql+psycopg://root@127.0.0.1:5432/test"
CARD = re.compile(r"^[SHDC][AKQJT98765432]$")
T = TypeVar("T")
SHUTDOWN_PATIENCE = 15.0
"""Seconds the tasks a scenario leaves behind (and its ``to_thread`` threads) get to stop."""


def run_bounded(main: Callable[[], Awaitable[T]], patience: float) -> T:
    """``asyncio.run(main())`` that cannot hang: a scenario still running after ``patience`` seconds
    fails with every task's stack; then every task left is cancelled (again until it ends, as
    ``asyncio.run`` would once) for at most ``SHUTDOWN_PATIENCE`` seconds, and those still alive,
    or ``to_thread`` threads still busy, fail the test named with their stacks instead of blocking
    the end of ``asyncio.run`` for ever (a cancellation lost by 3.11's ``wait_for``, gh-86296)."""
    loop = asyncio.new_event_loop()
    executor = ThreadPoolExecutor(thread_name_prefix="scenario-thread")
    loop.set_default_executor(executor)

    async def watched() -> T:
        task = asyncio.ensure_future(main())
        done, _ = await asyncio.wait({task}, timeout=patience)
        current = asyncio.current_task()
        hung = "" if done else f"the scenario hung for {patience} s:\n" + describe(
            [other for other in asyncio.all_tasks() if other is not current])
        stuck = await stop_tasks(lambda: [other for other in asyncio.all_tasks() if other is not current],
                                 SHUTDOWN_PATIENCE)
        if stuck:
            hung += (f"{len(stuck)} task(s) still running {SHUTDOWN_PATIENCE} s after the scenario, "
                     f"cancelled again and again:\n{describe(stuck)}")
        if hung:
            failed = task.exception() if task.done() and not task.cancelled() else None
            raise AssertionError(hung) from failed
        return task.result()

    asyncio.set_event_loop(loop)
    failure: BaseException | None = None
    try:
        result = loop.run_until_complete(watched())
    except BaseException as error:  # said with the threads still busy, if any
        failure = error
    finally:
        try:
            loop.run_until_complete(_within(loop.shutdown_asyncgens(), SHUTDOWN_PATIENCE))
        finally:
            asyncio.set_event_loop(None)
            loop.close()
    busy = _busy_threads(executor)
    if busy:
        raise AssertionError(f"{failure}\n{busy}" if failure is not None else busy) from failure
    if failure is not None:
        raise failure
    return result


async def _within(work: Awaitable[None], seconds: float) -> None:
    async with asyncio.timeout(seconds):
        await work


def _busy_threads(executor: ThreadPoolExecutor) -> str:
    """Wait at most ``SHUTDOWN_PATIENCE`` seconds for a scenario's ``to_thread`` threads; each one
    still busy then, with its stack (``asyncio.run`` would wait for them for ever)."""
    executor.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + SHUTDOWN_PATIENCE
    busy = [thread for thread in threading.enumerate() if thread.name.startswith("scenario-thread")]
    for thread in busy:
        thread.join(max(0.0, deadline - time.monotonic()))
    frames = sys._current_frames()
    alive = [thread for thread in busy if thread.is_alive()]
    if not alive:
        return ""
    stacks = "".join(f"- thread {thread.name}:\n" + "".join(traceback.format_stack(frames[thread.ident]))
                     for thread in alive if thread.ident in frames)
    return f"{len(alive)} thread(s) of the scenario still busy {SHUTDOWN_PATIENCE} s after it:\n{stacks}"


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
    """A server running in a thread: its base URLs and a way to stop it; its robots are the quick
    robot (``tests/quick_robot.py``) unless ``robot`` names another factory."""

    def __init__(self, db: str, *, robot_workers: int = 0, robot: str | None = QUICK_ROBOT,
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
    """Every string anywhere in a frame that is a card (a PBN deal: its cards), its keys too."""
    found: set[str] = set()
    pending = [value]
    while pending:  # a stack, not recursion: the leak test walks some 50,000 frames
        item = pending.pop()
        if isinstance(item, str):
            if len(item) <= 3 and CARD.match(item):  # the pattern takes two letters (and a newline)
                found.add(item)
            elif len(item) > 2 and item[1] == ":":  # a PBN deal
                found.update(_pbn_cards(item))
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
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


@functools.cache
def _seat(letter: str) -> Seat:
    return Seat.parse(letter)


@functools.cache
def _hands(deal: Deal) -> dict[Seat, tuple[str, ...]]:
    """Each seat's cards in ``deal``, as a frame writes them."""
    return {seat: tuple(str(card) for card in deal[seat].cards) for seat in Seat}


@functools.cache
def _holders(deal: Deal) -> dict[str, Seat]:
    """Who holds each card of ``deal``, by the card as a frame writes it."""
    return {card: seat for seat, cards in _hands(deal).items() for card in cards}


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
    holders = _holders(deal)
    for trick in [*view["tricks"], *([view["current_trick"]] if view["current_trick"] else [])]:
        seat = _seat(trick["leader"])
        for card in trick["cards"]:
            played.append((seat.letter(), card))
            assert holders[str(Card.parse(card))] is seat, f"{card} was not {seat}'s"
            seat = seat.lho
    allowed: set[str] = {card for _, card in played}
    visible: set[Seat] = set() if viewer is None else {viewer}
    if played and view["declarer"] is not None:
        visible.add(_seat(view["declarer"]).partner)  # dummy, after the opening lead
    if phase == "claim":
        visible.add(_seat(view["claim"]["claimer"]))
    for seat in visible:
        allowed.update(_hands(deal)[seat])
    leaked = cards_in(frame) - allowed
    assert not leaked, f"{viewer} saw {sorted(leaked)} in a {frame['type']} frame: {frame}"
    assert {_seat(s) for s in view["hands"]} <= visible
    gone = {card for _, card in played}
    for letter, cards in view["hands"].items():
        assert sorted(cards) == sorted(c for c in _hands(deal)[_seat(letter)] if c not in gone)
