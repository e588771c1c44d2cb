"""Fixtures for the server tests (helpers live in ``server_support``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from server_support import Running, pg_schema


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
