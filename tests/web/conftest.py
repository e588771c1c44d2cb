"""Browser-test fixtures: the real server (``redouble serve``) on a free port with a temporary
SQLite database, and Debian's Chromium driven by Playwright's sync API."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server in a subprocess; yields its base URL."""
    port = _free_port()
    db = tmp_path_factory.mktemp("web") / "redouble.sqlite3"
    script = Path(sys.executable).parent / "redouble"
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from redouble.cli import main; main()"]
    log = (tmp_path_factory.getbasetemp() / "server.log").open("w")
    process = subprocess.Popen([*command, "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--db", f"sqlite:///{db}"], stdout=log, stderr=subprocess.STDOUT,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/api/health", timeout=1).json().get("ok"):
                break
        except (httpx.HTTPError, ValueError):
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"redouble serve did not start (exit {process.poll()}); see {log.name}")
        time.sleep(0.2)
    try:
        _warm_up(base)
    except BaseException:
        process.kill()  # a server that did not warm up must not outlive the session
        raise
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


def _warm_up(base: str) -> None:
    """Let four robots play a board first, so that the robots' process pool is running before
    the tests time anything a page waits for."""
    seats = dict.fromkeys("NESW", "robot")
    created = httpx.post(f"{base}/api/tables", json={"form": "duplicate", "boards": 1, "seats": seats}, timeout=30)
    created.raise_for_status()
    table_id = created.json()["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/api/tables/{table_id}", timeout=10).json()["status"] != "finished":
        if time.monotonic() > deadline:
            raise RuntimeError("the server's robots did not play a board within a minute")
        time.sleep(0.2)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium (``make browser`` installs it)."""
    if not CHROMIUM.exists():
        pytest.fail("Chromium is missing: run `make browser` (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield instance
        instance.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh desktop-sized page with its own cookies; page errors fail the test."""
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(20_000)
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """test-artifacts/ (gitignored): screenshots to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
