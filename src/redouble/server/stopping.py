"""Stopping a server's background tasks at shutdown, in bounded time.

Python 3.11's ``asyncio.wait_for`` can lose a cancellation that arrives as its inner future
completes (gh-86296, fixed in 3.12), and a library may turn a ``CancelledError`` into another
exception: a task cancelled once may run on. So a shutdown cancels its tasks again until they
end, waits a bounded time, and names those still running instead of blocking on them.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["CANCEL_AGAIN_EVERY", "describe", "stop_tasks"]

log = logging.getLogger("redouble.server")

CANCEL_AGAIN_EVERY = 0.5
"""Seconds between cancellations of a task that has not ended yet (a cancellation may be lost)."""


async def stop_tasks(tasks: Callable[[], Iterable[asyncio.Task[Any]]], patience: float,
                     owner: str = "") -> set[asyncio.Task[Any]]:
    """Cancel the tasks ``tasks()`` lists (asked again each time: a task may start another) until
    they have all ended or ``patience`` seconds have passed; the tasks still running then, named in
    the log as ``owner``'s when one is given."""
    stuck = await _cancel_until_done(tasks, patience)
    if stuck and owner:
        log.warning("%s: %d task(s) did not stop in %g s; closing all the same:\n%s",
                    owner, len(stuck), patience, describe(stuck))
    return stuck


async def _cancel_until_done(tasks: Callable[[], Iterable[asyncio.Task[Any]]],
                             patience: float) -> set[asyncio.Task[Any]]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    current = asyncio.current_task()
    cancelled: set[asyncio.Task[Any]] = set()
    while True:
        pending = {task for task in tasks() if not task.done() and task is not current}
        if not pending:
            return set()
        left = deadline - loop.time()
        if left <= 0:
            return pending
        again = pending & cancelled
        if again:  # a cancellation lost, or a clean-up that takes long: where each one is
            log.warning("%d task(s) still running %g s after their cancellation; cancelled again:\n%s",
                        len(again), CANCEL_AGAIN_EVERY, describe(again))
        for task in pending:
            task.cancel()
        cancelled |= pending
        await asyncio.wait(pending, timeout=min(CANCEL_AGAIN_EVERY, left))


def describe(tasks: Iterable[asyncio.Task[Any]], limit: int = 40) -> str:
    """Each task's name and where it waits: every coroutine it awaits through, innermost last, and
    what the innermost awaits (``Task.print_stack`` shows the outermost coroutine only)."""
    text = io.StringIO()
    for task in sorted(tasks, key=lambda task: task.get_name()):
        text.write(f"- {task!r}:\n")
        awaited: Any = task.get_coro()
        for _ in range(limit):
            frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "ag_frame", None) \
                or getattr(awaited, "gi_frame", None)
            if frame is None:
                break
            text.write(f"    {frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_qualname}\n")
            awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "ag_await", None) \
                or getattr(awaited, "gi_yieldfrom", None)
        if awaited is not None:
            text.write(f"    awaiting {awaited!r}\n")
    return text.getvalue()
