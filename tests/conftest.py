"""Shared test fixtures: where the reference data lives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The project's ``shared/`` folder (seeds, rules digest, reference data), beside the repo."""
    if not SHARED.is_dir():
        pytest.fail(f"reference data not found at {SHARED}: shared/ must sit beside the repo")
    return SHARED


@pytest.fixture(scope="session")
def data_dir(shared_dir: Path) -> Path:
    """``shared/data``: DDS ground truth and real PBN files."""
    return shared_dir / "data"


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium (``make browser`` installs it), one for every test of a worker
    that wants one: a second ``sync_playwright`` in the same process fails, since the first
    leaves its event loop running in the main thread."""
    if not CHROMIUM.exists():
        pytest.fail("Chromium is missing: run `make browser` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield instance
        instance.close()


#: Where a full run's time goes (its ``--durations``): the leak test (a few minutes alone), then the
#: browser and server tests, each a real server; they start first and the many quick tests fill in
#: after them, so that the two xdist workers finish together (``--maxschedchunk=8`` in
#: pyproject.toml's addopts) instead of one starting the leak test when the other is nearly done.
FIRST = ("tests/server/test_leak.py", "tests/web/", "tests/server/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the slow tests first; a stable sort keeps each module's tests together and in order."""
    def rank(item: pytest.Item) -> int:
        where = item.path.resolve().as_posix().removeprefix(f"{REPO.as_posix()}/")
        return next((index for index, prefix in enumerate(FIRST) if where.startswith(prefix)), len(FIRST))

    items.sort(key=rank)
