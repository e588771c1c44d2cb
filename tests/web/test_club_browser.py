"""The club's phone pages in Debian's Chromium at 390×844: North enters and East-West confirm, a wrong
entry refused by East-West, a director's correction re-ranking a watcher's page, and a network dropped
and restored with the entry arriving once. Screenshots go to test-artifacts/."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def club_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``redouble serve`` with its own database and pages folder; yields its base URL."""
    folder = tmp_path_factory.mktemp("club")
    ARTIFACTS.mkdir(exist_ok=True)
    port = _free_port()
    script = Path(sys.executable).parent / "redouble"
    command = [str(script)] if script.exists() else [sys.executable, "-c", "from redouble.cli import main; main()"]
    log = (folder / "server.log").open("w")
    process = subprocess.Popen([*command, "serve", "--host", "127.0.0.1", "--port", str(port), "--robot-workers",
                                "0", "--db", f"sqlite:///{folder / 'club.db'}", "--club-pages", str(folder / "pages")],
                               stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
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
            raise RuntimeError(f"redouble serve did not start; see {log.name}")
        time.sleep(0.2)
    yield base
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


def _session(base: str, boards_per_round: int = 2) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/club/sessions", json={
        "name": "Phone night", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": boards_per_round},
        "seed": "phone night", "pairs": {"1NS": ["Ann", "Bob"], "1EW": ["Cat", "Dan"]}}, timeout=30)
    answer.raise_for_status()
    created: dict[str, Any] = answer.json()
    return created


def _phone(browser: Any, base: str, path: str, errors: list[str], viewport: dict[str, int] = PHONE) -> Any:
    context = browser.new_context(viewport=viewport, locale="en-GB", base_url=base)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(15_000)
    page.goto(path)
    return page


def _enter(page: Any, level: str, strain: str, declarer: str, result: str) -> None:
    page.click(f"#levels button[data-level='{level}']")
    page.click(f"#strains button[data-strain='{strain}']")
    page.click(f"#declarers button[data-declarer='{declarer}']")
    page.click(f"#results button[data-result='{result}']")
    page.click("#enter")


def _log(base: str, created: dict[str, Any]) -> list[dict[str, Any]]:
    overview = httpx.get(f"{base}/api/club/sessions/{created['id']}?token={created['director']['token']}").json()
    log: list[dict[str, Any]] = overview["grid"]["log"]
    return log


def test_north_enters_and_east_west_confirm_on_one_phone(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server)
    errors: list[str] = []
    page = _phone(browser, club_server, created["tables"]["1"]["link"], errors)
    expect(page.locator("#where")).to_have_text("Table 1 · Round 1")
    expect(page.locator("#seating")).to_contain_text("Ann – Bob")
    expect(page.locator("#board-1")).to_have_class(re.compile(r"\bon\b"))
    _enter(page, "4", "S", "N", "=")
    expect(page.locator("#scores")).to_contain_text("NS +420")
    expect(page.locator("#scores")).to_contain_text("EW −420")
    page.screenshot(path=str(ARTIFACTS / "club-phone-verify.png"))
    page.click("#confirm")
    expect(page.locator("#board-1")).to_have_class(re.compile(r"\bdone\b"))
    expect(page.locator("#traveller-1")).to_contain_text("+420")  # both pairs here have played board 1
    page.screenshot(path=str(ARTIFACTS / "club-phone-confirmed.png"))
    kinds = [line["kind"] for line in _log(club_server, created)]
    assert kinds.count("result_entered") == 1 and kinds.count("result_confirmed") == 1
    page.context.close()
    assert not errors


def test_east_west_refuse_a_wrong_entry(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server)
    errors: list[str] = []
    page = _phone(browser, club_server, created["tables"]["2"]["link"], errors)
    expect(page.locator("#where")).to_have_text("Table 2 · Round 1")
    _enter(page, "3", "NT", "S", "-1")
    expect(page.locator("#scores")).to_contain_text("NS −50")
    page.click("#refuse")
    expect(page.locator("#verify")).to_be_hidden()
    expect(page.locator("#board-3")).not_to_have_class(re.compile(r"\bentered\b"))
    _enter(page, "3", "NT", "S", "+1")
    expect(page.locator("#scores")).to_contain_text("NS +430")
    page.click("#confirm")
    expect(page.locator("#board-3")).to_have_class(re.compile(r"\bdone\b"))
    kinds = [line["kind"] for line in _log(club_server, created)]
    assert kinds.count("result_removed") == 1 and kinds.count("result_confirmed") == 1
    page.context.close()
    assert not errors


def test_a_directors_correction_reranks_a_watchers_page(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server, boards_per_round=1)
    sid = created["id"]
    for round_ in (1, 2):
        for table in ("1", "2", "3"):
            token = created["tables"][table]["token"]
            view = httpx.get(f"{club_server}/api/club/sessions/{sid}/tables/{table}",
                             params={"token": token, "round": round_}).json()
            board = view["boards"][0]["board"]
            body = {"entry_id": f"e{round_}{table}", "round": round_, "board": board, "contract": "4S",
                    "declarer": "N", "tricks": "="}
            assert httpx.post(f"{club_server}/api/club/sessions/{sid}/tables/{table}/results?token={token}",
                              json=body).status_code == 200
            assert httpx.post(f"{club_server}/api/club/sessions/{sid}/tables/{table}/confirm?token={token}",
                              json={"entry_id": f"c{round_}{table}", "round": round_, "board": board,
                                    "side": "EW"}).status_code == 200
    errors: list[str] = []
    watcher = _phone(browser, club_server, created["ranking"], errors)
    expect(watcher.locator("tr[data-pair='1NS'] .place")).to_have_text("1=")
    director = _phone(browser, club_server, created["director"]["link"], errors, viewport=DESKTOP)
    expect(director.locator("#cell-1-1")).to_have_class(re.compile(r"\bdone\b"))
    form = director.locator("#correct")
    for name, value in (("table", "1"), ("round", "1"), ("board", "1"), ("contract", "4S"), ("declarer", "N"),
                        ("tricks", "-3"), ("reason", "tricks miscounted")):
        form.locator(f"input[name='{name}']").fill(value)
    form.locator("button").click()
    expect(watcher.locator("tr[data-pair='1NS'] .place")).not_to_have_text("1=")
    expect(director.locator("#log")).to_contain_text("tricks miscounted")
    watcher.screenshot(path=str(ARTIFACTS / "club-ranking-phone.png"))
    director.screenshot(path=str(ARTIFACTS / "club-director-desktop.png"), full_page=True)
    watcher.context.close()
    director.context.close()
    assert not errors


def test_network_dropped_and_restored_the_entry_arrives_once(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server)
    errors: list[str] = []
    page = _phone(browser, club_server, created["tables"]["3"]["link"], errors)
    expect(page.locator("#where")).to_have_text("Table 3 · Round 1")
    expect(page.locator("#conn")).to_have_text("● live")
    page.context.set_offline(True)
    _enter(page, "2", "H", "E", "=")
    expect(page.locator("#outbox")).to_contain_text("1 waiting")
    page.screenshot(path=str(ARTIFACTS / "club-phone-offline.png"))
    assert [line["kind"] for line in _log(club_server, created)].count("result_entered") == 0
    page.context.set_offline(False)
    expect(page.locator("#outbox")).to_have_text("")
    expect(page.locator("#scores")).to_contain_text("NS −110")
    page.click("#confirm")
    expect(page.locator("#board-5")).to_have_class(re.compile(r"\bdone\b"))
    log = _log(club_server, created)
    assert [line["kind"] for line in log].count("result_entered") == 1
    assert [line["kind"] for line in log].count("result_confirmed") == 1
    page.context.close()
    assert not errors


ENTRIES = [("4", "S", "N", "="), ("3", "NT", "S", "+1"), ("4", "S", "N", "-1"), ("2", "H", "E", "="),
           ("pass", "", "", "")]


def test_a_five_table_mitchell_on_five_phones_then_published(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    answer = httpx.post(f"{club_server}/api/club/sessions", json={
        "name": "Five tables", "movement": {"kind": "mitchell", "tables": 5, "boards_per_round": 1}}, timeout=30)
    answer.raise_for_status()
    created = answer.json()
    errors: list[str] = []
    phones = {table: _phone(browser, club_server, created["tables"][str(table)]["link"], errors)
              for table in range(1, 6)}
    for round_ in range(1, 6):
        for table, page in phones.items():
            if round_ > 1:
                page.click("#start")  # the round's summary and next moves, then on
            expect(page.locator("#where")).to_have_text(f"Table {table} · Round {round_}")
            level, strain, declarer, result = ENTRIES[(2 * table + round_) % len(ENTRIES)]
            if level == "pass":
                page.click("#levels button[data-level='pass']")
                page.click("#enter")
            else:
                _enter(page, level, strain, declarer, result)
            page.click("#confirm")
            if round_ < 5:
                expect(page.locator("#next")).to_contain_text(f"Round {round_} done")
            if table == 1 and round_ == 1:
                page.screenshot(path=str(ARTIFACTS / "club-phone-round-done.png"))
    log = _log(club_server, created)
    assert [line["kind"] for line in log].count("result_confirmed") == 25
    director = _phone(browser, club_server, created["director"]["link"], errors, viewport=DESKTOP)
    expect(director.locator("#cell-5-5")).to_have_class(re.compile(r"\bdone\b"))
    director.click("#close")
    expect(director.locator("#published a[href$='/pages/index.html']")).to_be_visible()
    for page in phones.values():
        page.context.close()
    published = _phone(browser, club_server, f"/club/{created['id']}/pages/index.html", errors)
    expect(published.locator("body")).to_contain_text("Five tables")
    published.screenshot(path=str(ARTIFACTS / "club-published-phone.png"), full_page=True)
    published.set_viewport_size(DESKTOP)
    published.screenshot(path=str(ARTIFACTS / "club-published-desktop.png"))
    late = httpx.post(f"{club_server}/api/club/sessions/{created['id']}/tables/1/results",
                      params={"token": created["tables"]["1"]["token"]},
                      json={"entry_id": "late", "round": 5, "board": 1, "contract": "pass"})
    assert late.status_code == 409
    published.context.close()
    director.context.close()
    assert not errors


def test_the_table_page_speaks_the_phones_language(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server)
    errors: list[str] = []
    context = browser.new_context(viewport=PHONE, locale="de-DE", base_url=club_server)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(created["tables"]["1"]["link"])
    expect(page.locator("#where")).to_have_text("Tisch 1 · Runde 1")
    expect(page.locator("#declarers button[data-declarer='E']")).to_have_text("O")
    _enter(page, "4", "S", "E", "-1")
    expect(page.locator("#verify h2")).to_have_text("Ost-West: Board 1 prüfen")
    expect(page.locator("#verify .big")).to_have_text("4♠ O -1")
    expect(page.locator("#scores")).to_contain_text("NS +50")
    page.screenshot(path=str(ARTIFACTS / "club-phone-de.png"))
    context.close()
    assert not errors
