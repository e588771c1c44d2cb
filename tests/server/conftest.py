"""Fixtures for the server tests (helpers live in ``server_support``)."""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))  # tests/: the quick robot

from server_support import Running, pg_schema


def in_a_fresh_thread(test: Callable[..., Any]) -> Callable[..., Any]:
    """``test`` run to its end in a new thread, its result or exception handed back to the caller."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> Any:
        outcome: list[Any] = []
        failure: list[BaseException] = []

        def body() -> None:
            try:
                outcome.append(test(*args, **kwargs))
            except BaseException as error:  # skips, failures and interrupts all go back
                failure.append(error)

        thread = threading.Thread(target=body, name=f"test {test.__name__}", daemon=True)  # ^C still exits
        thread.start()
        thread.join()
        if failure:
            raise failure[0]
        return outcome[0]

    return run


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    """Every server test runs in a thread of its own, so its ``asyncio.run`` never meets the event
    loop that Playwright's sync API leaves running in the main thread once a browser test has run
    in the same xdist worker: the result no longer depends on which tests a worker ran before."""
    test = pyfuncitem.obj
    pyfuncitem.obj = in_a_fresh_thread(test)
    try:
        return (yield)
    finally:
        pyfuncitem.obj = test


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'redouble.db'}"


@pytest.fixture
def serve() -> Iterator[Callable[..., Running]]:
    """Start servers in threads (stopped at the end of the test)."""
    started: list[Running] = []

    def start(db: str, **options: Any) -> Running:
        running = Running(db, **options).start()
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()


@pytest.fixture
def pg_url() -> Iterator[str]:
    with pg_schema() as url:
        yield url
