"""A shutdown that cannot hang: a task whose cancellation Python 3.11's ``asyncio.wait_for`` lost
(gh-86296: cancelled as its inner future completes, ``wait_for`` returns the result) is cancelled
again; a task that will not stop is named, not waited for; and the tests' own runner fails, naming
what is stuck, where ``asyncio.run`` would block for ever."""

from __future__ import annotations

import asyncio
import sys
import threading
from typing import Any

import pytest
import server_support
from server_support import run_bounded

from redouble.server.hub import Hub
from redouble.server.robotpool import RobotPool
from redouble.server.stopping import describe, stop_tasks
from redouble.server.store import Store


def losing_loop(futures: list[asyncio.Future[int]], got: list[int]) -> Any:
    """A server-style loop: ``wait_for`` an answer, then wait for the next piece of work (never
    coming here, like an empty outbox at shutdown)."""
    async def run() -> None:
        while True:
            future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            futures.append(future)
            got.append(await asyncio.wait_for(future, 30))
            await asyncio.Event().wait()
    return run()


async def lose_a_cancellation(task: asyncio.Task[None], futures: list[asyncio.Future[int]],
                              got: list[int]) -> None:
    """Cancel the task as its ``wait_for``'s future completes (gh-86296)."""
    while not futures:
        await asyncio.sleep(0)
    futures[0].set_result(7)
    task.cancel()
    while not got and not task.done():
        await asyncio.sleep(0)
    for _ in range(5):
        await asyncio.sleep(0)
    if sys.version_info < (3, 12):  # the bug this module is for: the loop runs on, uncancelled
        assert got == [7] and not task.done()


def test_a_cancellation_wait_for_lost_is_sent_again() -> None:
    async def scenario() -> set[asyncio.Task[Any]]:
        futures: list[asyncio.Future[int]] = []
        got: list[int] = []
        task = asyncio.get_running_loop().create_task(losing_loop(futures, got))
        await lose_a_cancellation(task, futures, got)
        stuck = await stop_tasks(lambda: [task], 10.0)
        assert task.cancelled()
        return stuck

    assert asyncio.run(scenario()) == set()


def test_a_task_that_will_not_stop_is_named_not_waited_for() -> None:
    async def scenario() -> None:
        released = asyncio.Event()

        async def stubborn() -> None:
            while not released.is_set():
                try:
                    await released.wait()
                except asyncio.CancelledError:
                    continue

        task = asyncio.get_running_loop().create_task(stubborn(), name="stubborn")
        await asyncio.sleep(0)
        try:
            stuck = await stop_tasks(lambda: [task], 0.3)
            said = describe(stuck)
        finally:  # let it end: asyncio.run would wait for it for ever
            released.set()
            await task
        assert stuck == {task}
        assert "name='stubborn'" in said and "in Event.wait" in said  # every coroutine it awaits through

    asyncio.run(scenario())


def test_the_hub_stops_a_task_whose_cancellation_was_lost_and_spawns_nothing_after(sqlite_url: str) -> None:
    async def scenario() -> None:
        hub = Hub(Store(sqlite_url), RobotPool(workers=0))
        try:
            futures: list[asyncio.Future[int]] = []
            got: list[int] = []
            hub.spawn(losing_loop(futures, got))
            (task,) = hub.background
            await lose_a_cancellation(task, futures, got)
            await hub.close()
            assert task.cancelled() and not hub.background
            late = losing_loop([], [])
            hub.spawn(late)  # a closing hub starts nothing: nothing would stop it
            assert not hub.background and late.cr_frame is None  # closed, never run
        finally:
            hub.store.close()
            hub.pool.close()

    asyncio.run(scenario())


def test_the_runner_fails_naming_a_task_left_that_will_not_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_support, "SHUTDOWN_PATIENCE", 0.3)

    async def scenario() -> str:
        async def stubborn() -> None:
            while True:
                try:
                    await asyncio.Event().wait()
                except asyncio.CancelledError:
                    continue

        asyncio.get_running_loop().create_task(stubborn(), name="left-behind")
        return "done"

    with pytest.raises(AssertionError, match=r"(?s)1 task\(s\) still running .*left-behind"):
        run_bounded(scenario, 30.0)


def test_the_runner_fails_a_hung_scenario_and_a_busy_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_support, "SHUTDOWN_PATIENCE", 0.3)
    released = threading.Event()

    async def scenario() -> None:
        await asyncio.to_thread(released.wait)  # a thread in a statement that never returns

    try:
        with pytest.raises(AssertionError, match=r"(?s)the scenario hung for 0.5 s.*scenario-thread.*, in wait\n"):
            run_bounded(scenario, 0.5)
    finally:
        released.set()


def test_the_runner_returns_what_the_scenario_returns() -> None:
    async def scenario() -> int:
        await asyncio.to_thread(sum, [1, 2])
        return 3

    assert run_bounded(scenario, 30.0) == 3
