"""Time limits for double-dummy work: DDS calls cannot be interrupted, so they run in a worker.

A limited call starts a fresh worker process (``forkserver``: no DDS threads are inherited),
waits at most ``timeout`` seconds for its answer and otherwise kills it and raises
``SolveTimeoutError``. Without a limit the call runs in-process.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
from collections.abc import Callable
from typing import Any, TypeVar

from redouble.analysis.errors import SolveTimeoutError

__all__ = ["run_limited"]

T = TypeVar("T")


def _worker(connection: multiprocessing.connection.Connection,
            function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        result = function(*args)
    except BaseException as error:  # report every failure to the parent
        connection.send(("error", error))
    else:
        connection.send(("ok", result))
    connection.close()


def run_limited(function: Callable[..., T], args: tuple[Any, ...], *, timeout: float | None,
                what: str) -> T:
    """``function(*args)``, in a worker process stopped after ``timeout`` seconds if given.

    ``what`` names the work in the timeout message. ``function`` must be a module-level
    function (it is pickled to the worker).
    """
    if timeout is None:
        return function(*args)
    if timeout <= 0:
        raise ValueError(f"a time limit must be positive, not {timeout!r}")
    context = multiprocessing.get_context("forkserver")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_worker, args=(sender, function, args), daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(timeout):
            raise SolveTimeoutError(
                f"{what} did not finish within {timeout:g} s; the solver was stopped "
                "(the result is unknown)")
        try:
            status, value = receiver.recv()
        except EOFError:
            raise SolveTimeoutError(
                f"{what}: the solver process ended without an answer "
                f"(exit code {process.exitcode})") from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receiver.close()
    if status == "error":
        raise value
    result: T = value
    return result
