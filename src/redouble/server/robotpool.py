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
from redouble.cards import Card, Strain, Suit
from redouble.robots import CallChoice, Robot, default_robot
from redouble.view import View

__all__ = ["RobotPool", "minibridge_contract"]

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
        return str(robot.choose_card(view))
    if kind == "claim":
        return bool(robot.answer_claim(view))
    if kind == "choose":
        return str(minibridge_contract(view.hand, extra["dummy"], extra["hcp"]))
    raise ValueError(f"a robot cannot {kind!r}")


def minibridge_contract(hand: tuple[Card, ...], dummy: list[str], hcp: int) -> Call:
    """Mini-bridge declarer's choice: a trump suit with 8+ cards (majors first), else no-trumps;
    game with 25+ points between the hands, else the cheapest part-score.

    >>> from redouble.cards import Card
    >>> hand = tuple(Card.parse(c) for c in "SA SK SQ S2 HA H2 H3 D2 D3 D4 C2 C3 C4".split())
    >>> str(minibridge_contract(hand, ["SJ", "S3", "S4", "S5"], 26))
    '4S'
    """
    cards = list(hand) + [Card.parse(text) for text in dummy]
    lengths = {suit: sum(card.suit is suit for card in cards) for suit in Suit}
    trumps = [suit for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
              if lengths[suit] >= 8]
    game = hcp >= 25
    if trumps and (trumps[0] in (Suit.SPADES, Suit.HEARTS) or not game):
        suit = trumps[0]
        level = (4 if suit in (Suit.SPADES, Suit.HEARTS) else 5) if game else (
            1 if suit in (Suit.SPADES, Suit.HEARTS) else 2)
        return Call.bid(level, suit.strain)
    return Call.bid(3 if game else 1, Strain.NOTRUMP)


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
