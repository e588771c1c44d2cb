"""Browser-test fixtures: the real server (``redouble serve``) on a free port with a temporary
SQLite database, and Debian's Chromium driven by Playwright's sync API."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the quick robot

from quick_robot import QUICK, server_env

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(folder: Path, *options: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """``redouble serve`` in a subprocess on a free port with a SQLite file in ``folder``, the quick
    robot and the extra command-line ``options`` (``--club-pages …``); yields its base URL once it
    answers, then stops it."""
    port = _free_port()
    script = Path(sys.executable).parent / "redouble"
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from redouble.cli import main; main()"]
    log = (folder / "server.log").open("w")
    process = subprocess.Popen([*command, "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--db", f"sqlite:///{folder / 'redouble.sqlite3'}", *QUICK, *options],
                               stdout=log, stderr=subprocess.STDOUT, env=server_env(env))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).json().get("ok"):
                    break
            except (httpx.HTTPError, ValueError):
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redouble serve did not start (exit {process.poll()}); see {log.name}")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server in a subprocess, its robots warmed up; yields its base URL."""
    with serving(tmp_path_factory.mktemp("web")) as base:
        _warm_up(base)
        yield base


def _warm_up(base: str) -> None:
    """Let four robots play a board first, so that the robots' process pool is running before
    the tests time anything a page waits for."""
    seats = dict.fromkeys("NESW", "robot")
    created = httpx.post(f"{base}/api/tables", json={"form": "duplicate", "boards": 1, "seats": seats}, timeout=30)
    created.raise_for_status()
    table_id = created.json()["id"]
    # 3 minutes: the robots' worker processes start here (one server per xdist worker, both at
    # once); with two CPU burners beside the tests (load 18) one minute was once not enough
    deadline = time.monotonic() + 180
    while httpx.get(f"{base}/api/tables/{table_id}", timeout=30).json()["status"] != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError("the server's robots did not play a board within 3 minutes")
        time.sleep(0.2)


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh desktop-sized page with its own cookies; page errors fail the test."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # 60 s, as the other browser tests' pages: a wait ends as soon as its condition holds, and a
    # robot's opening lead (up to 1.1 s of CPU) took 5.7 s at load 17; at load 20 West's lead of a
    # mini-bridge board outlasted the 20 s this was (tests/web/test_browser.py, 1 run of tests/web in 3)
    page.set_default_timeout(60_000)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """test-artifacts/ (gitignored): screenshots to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
