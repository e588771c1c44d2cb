"""Playing with people in the browser (1366x768, and the phone where layout matters): rejoining
from the lobby, the turn timer and the robot that stands in, asking a robot for an away player,
chat for players and kibitzers, kibitzers listed or refused, finished and expired tables."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the scenarios' helpers (import mode importlib)

from test_browser import create_table, join, make_call, shoot, take_seat, view, wait_call_or_play

from quick_robot import QUICK, server_env

WIDE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
TWO_PEOPLE = {"N": "human", "E": "robot", "S": "me", "W": "robot"}


@pytest.fixture()
def people(browser: Any) -> Iterator[Any]:
    """Open pages, each in its own browser context (its own session), at 1366x768."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page(viewport: dict[str, int] = WIDE, locale: str = "en-GB") -> Any:
        context = browser.new_context(viewport=viewport, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def state(page: Any, path: str) -> Any:
    return page.evaluate(f"window.redoubleState && window.redoubleState.{path}")


def test_rejoin_from_the_lobby_and_no_other_session_gets_the_seat(server: str, people: Any,
                                                                    artifacts: Path) -> None:
    ann = people()
    create_table(ann, server)
    take_seat(ann)
    table_id = ann.url.split("/table/")[1].split("?")[0]
    assert state(ann, "you.seat") == "S"
    ann.goto(f"{server}/")  # the link is lost: the lobby knows the seat
    row = ann.locator(f"#my-tables li[data-table='{table_id}']")
    row.wait_for()
    assert "South" in row.inner_text()
    shoot(ann, artifacts, "people-lobby-your-tables")
    row.locator("a.rejoin").click()
    ann.wait_for_function("window.redoubleState && window.redoubleState.you.seat === 'S'")
    assert "?seat=S" in ann.url and "token" not in ann.url
    assert wait_call_or_play(ann) in ("call", "over")
    bob = people()
    bob.goto(f"{server}/")
    bob.wait_for_selector("#seat-grid .seat-card")
    assert bob.locator("#my-tables-panel").is_hidden()
    bob.goto(f"{server}/table/{table_id}?seat=S")
    bob.wait_for_selector("#toast:not([hidden])")
    assert "not yours" in bob.inner_text("#toast")
    assert state(bob, "you.seat") is None
    assert state(ann, "you.seat") == "S" and not state(ann, "replaced")


def test_the_turn_timer_counts_down_and_a_robot_stands_in_until_the_seat_is_taken_back(
        server: str, people: Any, artifacts: Path) -> None:
    lobby = people()
    lobby.goto(f"{server}/")
    lobby.fill("#name", "Ann")
    lobby.click("details.options summary")
    lobby.select_option("#timer", "30")
    lobby.select_option("#pace", "fast")
    lobby.click("#create-form button[type=submit]")
    lobby.wait_for_selector("#links-panel:not([hidden])")
    made = lobby.locator("#links input[data-seat=S]").input_value().split("/table/")[1].split("?")[0]
    assert httpx.get(f"{server}/api/tables/{made}", timeout=30).json()["timer"] == 30
    # a short clock, through the API, so that the robot comes within seconds
    created = httpx.post(f"{server}/api/tables", timeout=30, json={
        "form": "rubber", "pace": "fast", "timer": 8, "names": {"S": "Ann"},
        "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}}).json()
    kibitzer = people(PHONE)  # everyone at the table sees the countdown, on a phone too
    kibitzer.goto(server + created["spectator"])
    kibitzer.wait_for_function("window.redoubleState && window.redoubleState.view")
    page = people()
    join(page, server + created["links"]["S"], "Ann")  # (a robot that stood in meanwhile leaves)
    page.wait_for_selector("#turn-clock[data-seat=S]:not([hidden])")
    assert "South" in page.inner_text("#turn-clock")
    assert page.locator(".nameplate .clock[data-seat=S]").count() == 1
    shoot(page, artifacts, "people-turn-clock")
    kibitzer.wait_for_selector("#turn-clock[data-seat=S]:not([hidden])")
    clock = kibitzer.locator("#turn-clock").bounding_box()
    assert clock is not None and clock["x"] + clock["width"] <= PHONE["width"] + 1
    shoot(kibitzer, artifacts, "people-turn-clock-phone")
    page.wait_for_selector("#turn-clock.overtime")
    assert "robot" in page.inner_text("#turn-clock")
    page.wait_for_selector("#stand-in:not([hidden])", timeout=60_000)
    page.wait_for_selector(".nameplate .badge.stand-in[data-seat=S]")
    assert page.locator(".bidding-box button[data-call]:not([disabled])").count() == 0
    shoot(page, artifacts, "people-stand-in")
    page.click("#take-seat-back")
    page.wait_for_selector("#stand-in", state="hidden")
    page.wait_for_function("!window.redoubleState.table.substitutes.S")
    assert state(page, "you.seat") == "S"


def test_a_player_asks_a_robot_for_an_away_partner_who_then_comes_back(server: str, people: Any,
                                                                       artifacts: Path) -> None:
    created = httpx.post(f"{server}/api/tables", timeout=30, json={
        "form": "rubber", "pace": "fast", "robot_after": None,  # no robot by itself: Ann asks
        "seats": {"N": "human", "E": "robot", "S": "human", "W": "robot"}}).json()
    links = {seat: server + link for seat, link in created["links"].items()}
    ann = people()
    join(ann, links["S"], "Ann")
    bob = people()
    join(bob, links["N"], "Bob")
    ann.wait_for_function("window.redoubleState.table.seats.N.connected === true")
    bob.close()
    ask = ann.locator("#players button.ask-robot[data-seat=N]")
    ask.wait_for()
    ask.click()
    ann.wait_for_selector(".nameplate .badge.stand-in[data-seat=N]")
    ann.wait_for_selector("#toast:not([hidden])")
    assert "Bob" in ann.inner_text("#toast")
    shoot(ann, artifacts, "people-asked-robot")
    again = people()
    again.goto(links["N"])
    again.wait_for_selector("#name-dialog[open]")
    again.fill("#guest-name", "Bob")
    again.click("#name-form button[type=submit]")
    ann.wait_for_function("!window.redoubleState.table.substitutes.N")
    assert ann.locator(".nameplate .badge.stand-in").count() == 0


def test_players_and_kibitzers_chat_on_their_own_channels(server: str, people: Any,
                                                          artifacts: Path) -> None:
    ann = people()
    links = create_table(ann, server, seats=TWO_PEOPLE)
    take_seat(ann)
    bob = people()
    join(bob, links["N"], "Bob")
    kim = people()
    kim.goto(links["spectator"])
    kim.wait_for_function("window.redoubleState && window.redoubleState.view")
    ann.fill("#chat-input", "good luck, partner")
    ann.press("#chat-input", "Enter")
    bob.wait_for_selector("#chat-log li.table:has-text('good luck, partner')")
    assert "Ann" in bob.inner_text("#chat-log")
    kim.fill("#chat-input", "South should open")
    kim.click("#chat-form button[type=submit]")
    kim.wait_for_selector("#chat-log li.kibitzers:has-text('South should open')")
    assert "Kibitzer" in kim.inner_text("#chat-log") or "Kim" in kim.inner_text("#chat-log")
    bob.fill("#chat-input", "thanks")
    bob.press("#chat-input", "Enter")
    ann.wait_for_selector("#chat-log li:has-text('thanks')")
    assert "South should open" not in ann.inner_text("#chat-log")  # players never read kibitzers
    assert "good luck" not in kim.inner_text("#chat-log")  # nor kibitzers the players, here
    assert "Kibitzers' channel" in kim.inner_text("#chat-note")
    shoot(ann, artifacts, "people-chat-1366")
    for code in ("nl", "de", "no"):
        ann.select_option("#lang", code)
        ann.wait_for_function(f"document.documentElement.lang === '{'nb' if code == 'no' else code}'")
        placeholder = ann.get_attribute("#chat-input", "placeholder")
        assert placeholder and placeholder != "Message to the table", code
        shoot(ann, artifacts, f"people-chat-1366-{code}")
    phone = people(PHONE)
    join(phone, links["S"], "Ann")
    phone.wait_for_selector("#chat-log li:has-text('thanks')")
    phone.locator("#chat-panel").scroll_into_view_if_needed()
    box = phone.locator("#chat-form").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    shoot(phone, artifacts, "people-chat-phone")


def test_kibitzers_are_counted_in_the_lobby_watch_from_it_and_a_table_may_refuse_them(
        server: str, people: Any, artifacts: Path) -> None:
    ann = people()
    create_table(ann, server)
    take_seat(ann)
    table_id = ann.url.split("/table/")[1].split("?")[0]
    kim = people()
    kim.goto(f"{server}/")
    row = kim.locator(f"#tables li[data-table='{table_id}']")
    row.wait_for()
    assert "0 watching" in row.inner_text()
    row.locator("a.watch").click()
    kim.wait_for_function("window.redoubleState && window.redoubleState.view")
    kim.wait_for_selector("#watchers:has-text('1 watching')")
    # a kibitzer sees all four hands (BBO), drawn face up: no seat shows card backs
    kim.wait_for_function("Object.keys(window.redoubleState.view.hands).length === 4")
    assert kim.locator(".hand.backs").count() == 0
    assert all(len(cards) == 13 for cards in view(kim)["hands"].values())
    shoot(kim, artifacts, "people-kibitzer-hands")
    lee = people()
    lee.goto(f"{server}/")
    lee.locator(f"#tables li[data-table='{table_id}'] small.watching:has-text('1 watching')").wait_for()
    lee.locator(f"#tables li[data-table='{table_id}'] a.watch").click()
    kim.wait_for_selector("#watchers:has-text('2 watching')")
    # the players hear of them with the table's next change
    if wait_call_or_play(ann) == "call":
        make_call(ann, "Pass")
    ann.wait_for_selector("#watchers:has-text('2 watching')")
    shoot(ann, artifacts, "people-watchers")
    private = people()
    private.goto(f"{server}/")
    private.fill("#name", "Pia")
    private.click("details.options summary")
    private.uncheck("#kibitzers")
    assert private.locator("#kibitzers-chat").is_disabled()
    private.click("#create-form button[type=submit]")
    private.wait_for_selector("#links-panel:not([hidden])")
    spectator = private.locator("#links input[data-seat=spectator]").input_value()
    closed_id = spectator.split("/table/")[1]
    private.goto(f"{server}/")
    closed_row = private.locator(f"#tables li[data-table='{closed_id}']")
    closed_row.wait_for()
    assert "no kibitzers" in closed_row.inner_text() and closed_row.locator("a.watch").count() == 0
    shoot(private, artifacts, "people-lobby-tables")
    nosy = people()
    nosy.goto(spectator)
    nosy.wait_for_selector("#toast:not([hidden])")
    assert "does not allow kibitzers" in nosy.inner_text("#toast")
    assert view(nosy) is None


def _serve(port: int, db: Path, log: Path, expire_minutes: float) -> subprocess.Popen[bytes]:
    script = Path(sys.executable).parent / "redouble"
    return subprocess.Popen([str(script), "serve", "--port", str(port), "--db", f"sqlite:///{db}",
                             "--robot-workers", "0", "--expire-after", str(expire_minutes), *QUICK],
                            stdout=log.open("w"), stderr=subprocess.STDOUT, env=server_env())


def test_the_lobby_lists_finished_tables_and_abandoned_ones_expire(people: Any, artifacts: Path,
                                                                   tmp_path: Path) -> None:
    """A server of its own whose tables expire after 3 s without a person."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = _serve(port, tmp_path / "lobby.sqlite3", tmp_path / "server.log", 0.05)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline and process.poll() is None, "the server did not start"
            time.sleep(0.2)
        page = people()
        robots = httpx.post(f"{base}/api/tables", timeout=30, json={
            "form": "duplicate", "boards": 1, "pace": "fast",
            "seats": dict.fromkeys("NESW", "robot")}).json()
        page.goto(f"{base}/table/{robots['id']}")  # someone watches: the robots play on
        page.wait_for_function("window.redoubleState && window.redoubleState.ended", timeout=120_000)
        abandoned = httpx.post(f"{base}/api/tables", timeout=30, json={
            "form": "rubber", "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}}).json()
        page.goto(f"{base}/")
        done = page.locator(f"#finished-tables li[data-table='{robots['id']}']")
        done.wait_for()
        deadline = time.monotonic() + 60
        while abandoned["id"] in {t["id"] for t in httpx.get(f"{base}/api/tables", timeout=30).json()["tables"]}:
            assert time.monotonic() < deadline, "the abandoned table never expired"
            time.sleep(0.5)
        page.reload()
        page.locator(f"#finished-tables li[data-table='{robots['id']}']").wait_for()
        assert page.locator(f"#tables li[data-table='{abandoned['id']}']").count() == 0
        shoot(page, artifacts, "people-lobby-finished")
        page.locator(f"#finished-tables li[data-table='{robots['id']}'] a.results").click()
        page.wait_for_function("window.redoubleState && window.redoubleState.ended")
        assert httpx.get(f"{base}/api/tables/{abandoned['id']}", timeout=30).status_code == 200
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1366", "phone"])
def test_the_lobby_s_new_options_fit_in_every_language(server: str, people: Any, artifacts: Path,
                                                       viewport: dict[str, int]) -> None:
    page = people(viewport)
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-grid .seat-card")
    page.click("details.options summary")
    seen = set()
    for code in ("en", "nl", "de", "no"):
        page.select_option("#lang", code)
        page.wait_for_function(f"document.documentElement.lang === '{'nb' if code == 'no' else code}'")
        words = page.inner_text("details.options")
        seen.add(words)
        overflow = page.evaluate("""() => [...document.querySelectorAll('details.options label')]
            .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1
                            || el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent.trim())""")
        assert not overflow, (code, overflow)
        assert page.locator("#timer option").count() == 7 and page.locator("#robot-after option").count() == 5
        shot = artifacts / f"people-options-{code}-{viewport['width']}.png"
        page.locator("details.options").screenshot(path=str(shot))
    assert len(seen) == 4  # worded in each language, not English copies


BROKEN_WORDS = """() => {
  const broken = [];
  const width = document.documentElement.clientWidth;
  for (const el of document.querySelectorAll('.forms .choice, .seat-card')) {
    if (el.getBoundingClientRect().right > width + 1) broken.push(`past the edge: ${el.textContent.trim()}`);
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      for (const match of node.textContent.matchAll(/[^\\s\\-\u2013]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE, {"width": 360, "height": 740}],
                         ids=["1280", "390", "360"])
def test_the_lobby_s_cards_break_lines_only_between_words(server: str, people: Any, artifacts: Path,
                                                          viewport: dict[str, int]) -> None:
    """A long word of a form or seat card ("Robberbridge", "Wedstrijdbridge", "Turneringsbridge")
    stays whole on its line in every language (Chromium on Linux has no hyphenation dictionary, so
    a card is never narrower than its longest word), and no card runs past the page."""
    page = people(viewport)
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-grid .seat-card")
    for code in ("en", "nl", "de", "no"):
        page.select_option("#lang", code)
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg="nb" if code == "no" else code)
        assert page.evaluate(BROKEN_WORDS) == [], code
        page.locator("#create-form").screenshot(path=str(artifacts / f"lobby-words-{code}-{viewport['width']}.png"))


def test_the_lobby_lists_its_tables_a_page_at_a_time_as_it_is_scrolled(people: Any, artifacts: Path,
                                                                      tmp_path: Path) -> None:
    """More tables than a page: the lobby shows the newest 50, and the rest come as the list is
    scrolled to its end (or "More tables" is pressed), each table once, newest first."""
    from .conftest import serving

    with serving(tmp_path, "--no-quotas") as base:
        made = [httpx.post(f"{base}/api/tables", timeout=30, json={
            "form": "rubber", "seats": dict.fromkeys("NESW", "human")}).json()["id"] for _ in range(57)]
        everything = [t["id"] for t in httpx.get(f"{base}/api/tables", timeout=30).json()["tables"]]
        assert sorted(everything) == sorted(made)
        page = people()
        page.goto(f"{base}/")
        rows = page.locator("#tables li[data-table]")
        page.wait_for_function("document.querySelectorAll('#tables li[data-table]').length === 50")
        more = page.locator("#more-tables")
        assert more.is_visible()
        shoot(page, artifacts, "lobby-paged-first")
        more.scroll_into_view_if_needed()  # at the end of the list: the next page comes by itself
        page.wait_for_function("document.querySelectorAll('#tables li[data-table]').length === 57")
        page.wait_for_function("document.getElementById('more-tables').hidden")
        assert [rows.nth(i).get_attribute("data-table") for i in range(57)] == everything
