"""Robots think off the event loop: a process pool runs ``Robot.choose_call/choose_card/answer_claim``.

Each worker process builds its robot once (``default_robot()`` unless the server names another
factory as ``"module:callable"``) and is handed only a seat's ``View``, never the deal. A robot
thinking for one table never delays another: the event loop only awaits the pool's future.
A pool broken by a worker's crash is rebuilt; workers watch the server's pid and exit when it
is gone, so no worker outlives a ``kill -9`` of the server.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from redouble.calls import Call
from redouble.cards import Card
from redouble.robots import CallChoice, Robot, default_robot
from redouble.seats import Seat
from redouble.view import View

__all__ = ["RobotPool", "WorkerPool", "call_choice", "think"]

log = logging.getLogger("redouble.server")
T = TypeVar("T")

_robot: Robot | None = None
_factory: str | None = None


def _make_robot(factory: str | None) -> Robot:
    if factory is None:
        return default_robot()
    module, _, name = factory.partition(":")
    made: Robot = getattr(importlib.import_module(module), name)()
    return made


def _init_worker(factory: str | None) -> None:
    global _robot, _factory
    _factory = factory
    _robot = _make_robot(factory)


def think(kind: str, view: View, extra: Any = None) -> Any:
    """Ask this process's robot (a worker's, or a fresh one in-process) for a decision."""
    global _robot
    if _robot is None:
        _robot = _make_robot(_factory)
    robot = _robot
    if kind == "call":
        choice = robot.choose_call(view)
        return (str(choice.call), choice.alert, choice.explanation)
    if kind == "card":
        card = str(robot.choose_card(view))
        propose = getattr(robot, "propose_claim", None)
        if propose is not None and len(view.tricks) < 12 and extra != "no-claim":
            tricks = propose(view)
            if tricks is not None:  # sure tricks: claim them (the card in case it is refused)
                return {"claim": int(tricks), "card": card}
        return card
    if kind == "claim":
        return bool(robot.answer_claim(view))
    if kind == "choose":  # mini-bridge declarer, having seen dummy, names the contract
        from redouble.robots.minibridge import choose_contract

        announced = {Seat.parse(seat): points for seat, points in extra["announced"].items()}
        assert view.seat is not None
        chosen = choose_contract(view.hand, [Card.parse(text) for text in extra["dummy"]],
                                 declarer=view.seat, announced=announced)
        return f"{chosen.contract.level}{chosen.contract.strain}"
    raise ValueError(f"a robot cannot {kind!r}")


class WorkerPool:
    """Processes that run picklable work off the event loop, and heal: a pool broken by a
    worker's crash is rebuilt and the work tried once more; workers exit when the server dies.

    ``workers=0`` runs the work in a thread instead (tests, tiny machines).
    """

    def __init__(self, *, workers: int, name: str, initializer: Callable[..., None] | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        self.workers = workers
        self.name = name
        self.rebuilt = 0
        self._initializer = initializer
        self._initargs = initargs
        self._executor = self._make()

    def _make(self) -> concurrent.futures.Executor:
        if self.workers > 0:
            context = multiprocessing.get_context("spawn")
            executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=context, initializer=_init_process,
                initargs=(os.getpid(), self._initializer, self._initargs))
            for _ in range(self.workers):  # start the workers now, not at the first job
                executor.submit(os.getpid)
            return executor
        if self._initializer is not None:
            self._initializer(*self._initargs)
        return concurrent.futures.ThreadPoolExecutor(max_workers=1,
                                                     thread_name_prefix=f"redouble-{self.name}")

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker; a broken pool is rebuilt and the work tried once more."""
        loop = asyncio.get_running_loop()
        executor = self._executor
        try:
            return await loop.run_in_executor(executor, fn, *args)
        except BrokenProcessPool:
            self._rebuild(executor)
            return await loop.run_in_executor(self._executor, fn, *args)

    def _rebuild(self, broken: concurrent.futures.Executor) -> None:
        if self._executor is not broken:  # another caller rebuilt it already
            return
        log.error("the %s pool broke (a worker died): starting new workers", self.name)
        broken.shutdown(wait=False, cancel_futures=True)
        self._executor = self._make()
        self.rebuilt += 1

    def pids(self) -> list[int]:
        """The worker processes' ids (none for a thread)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return sorted(processes)

    def close(self) -> None:
        """Stop the workers."""
        self._executor.shutdown(wait=False, cancel_futures=True)


class RobotPool(WorkerPool):
    """The robots' processes: each builds its robot once and is handed only a seat's ``View``."""

    def __init__(self, *, workers: int = 2, factory: str | None = None) -> None:
        self.factory = factory
        super().__init__(workers=workers, name="robot", initializer=_init_worker,
                         initargs=(factory,))

    async def think(self, kind: str, view: View, extra: Any = None) -> Any:
        """A robot's decision for ``view`` (see ``think``), computed in the pool."""
        return await self.run(think, kind, view, extra)


def _init_process(parent: int, initializer: Callable[..., None] | None,
                  initargs: tuple[Any, ...]) -> None:
    """A worker's start: watch the server, then the pool's own set-up."""
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                     name="redouble-parent-watch").start()
    if initializer is not None:
        initializer(*initargs)


def _watch_parent(parent: int, interval: float = 0.5) -> None:
    """Exit as soon as the server that started this worker is gone (even after ``kill -9``)."""
    while True:
        if os.getppid() != parent:
            os._exit(0)
        time.sleep(interval)


def call_choice(data: tuple[str, bool, str | None]) -> CallChoice:
    """A ``CallChoice`` back from what ``think`` returns for a call."""
    text, alert, explanation = data
    return CallChoice(Call.parse(text), explanation=explanation, alert=alert)
