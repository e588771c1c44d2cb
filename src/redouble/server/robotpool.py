"""Robots think off the event loop: a process pool runs ``Robot.choose_call/choose_card/answer_claim``.

Each worker process builds its robot once (``default_robot()`` unless the server names another
factory as ``"module:callable"``) and is handed only a seat's ``View``, never the deal. A robot
thinking for one table never delays another: the event loop only awaits the pool's future.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib
import multiprocessing
from typing import Any

from redouble.calls import Call
from redouble.cards import Card
from redouble.robots import CallChoice, Robot, default_robot
from redouble.seats import Seat
from redouble.view import View

__all__ = ["RobotPool", "call_choice", "think"]

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


class RobotPool:
    """A pool of robot processes; ``workers=0`` thinks in a thread instead (tests, tiny machines)."""

    def __init__(self, *, workers: int = 2, factory: str | None = None) -> None:
        self.factory = factory
        self.workers = workers
        self._executor: concurrent.futures.Executor
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=workers, mp_context=context, initializer=_init_worker,
                initargs=(factory,))
        else:
            _init_worker(factory)
            self._executor = concurrent.futures.ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="redouble-robot")

    async def think(self, kind: str, view: View, extra: Any = None) -> Any:
        """A robot's decision for ``view`` (see ``think``), computed in the pool."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, think, kind, view, extra)

    async def run(self, fn: Any, *args: Any) -> Any:
        """Run any picklable function in the pool (double-dummy analysis, par)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn, *args)

    def close(self) -> None:
        """Stop the workers."""
        self._executor.shutdown(wait=False, cancel_futures=True)


def call_choice(data: tuple[str, bool, str | None]) -> CallChoice:
    """A ``CallChoice`` back from what ``think`` returns for a call."""
    text, alert, explanation = data
    return CallChoice(Call.parse(text), explanation=explanation, alert=alert)
