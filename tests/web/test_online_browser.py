"""An online session in the browser (1366×768): a person opens their player link, plays a board of
the movement at the web table inside it, and sees where the movement sends them next."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from redouble.club.movement import PairId, mitchell

sys.path.insert(0, str(Path(__file__).parent))  # the table helpers of the browser tests
from test_browser import click_card, make_call, shoot, wait_call_or_play

LAPTOP = {"width": 1366, "height": 768}
MOVEMENT = mitchell(3, boards_per_round=1)
ANN = PairId.parse("1EW")


@pytest.fixture()
def laptop(page: Any) -> Any:
    """The browser tests' page (page errors fail the test) at 1366×768, with generous waits."""
    page.set_viewport_size(LAPTOP)
    page.set_default_timeout(60_000)
    return page


def _table_frame(page: Any, table_id: str) -> Any:
    """The web table inside the player's page, once it shows table ``table_id``."""
    page.wait_for_selector(f"#table:not([hidden])[src*='/table/{table_id}']", timeout=60_000)
    frame = page.query_selector("#table").content_frame()
    frame.wait_for_function("window.redoubleState && window.redoubleState.view", timeout=60_000)
    return frame


def _moved_on(error: PlaywrightError) -> bool:
    """Whether a wait failed because the web table's page went away (the round moved on)."""
    return "destroyed" in str(error) or "detached" in str(error)


def _play_board(frame: Any, table_id: str) -> None:
    """Pass throughout, then play the first legal card whenever it is our turn; agree to claims.

    Once every table has finished the round moves on by itself, and the player's page loads the
    next round's table into the same frame: a wait that outlived the board would then wait in the
    next table's auction for a card to play. So every wait here also ends when the frame no longer
    shows ``table_id``, and that means the board is over."""
    here = f"location.pathname.endsWith('/table/{table_id}')"
    while wait_call_or_play(frame) == "call":
        make_call(frame, "Pass")
    while True:
        try:
            frame.wait_for_function(
                f"(() => {{ if (!{here}) return true; const s = window.redoubleState;"
                " if (!s || !s.view || s.pending) return false;"
                " const v = s.view; if (v.phase === 'done') return true;"
                " if (v.phase === 'claim') return v.claim.needs.includes(s.you.seat)"
                "   && !v.claim.accepted_by.includes(s.you.seat) && !!document.querySelector('#accept-claim');"
                " return v.phase === 'play' && v.actor === s.you.seat"
                "   && document.querySelectorAll('button.card.legal').length > 0; })()")
            current = frame.evaluate(f"{here} ? window.redoubleState.view : null")
        except PlaywrightError as error:
            if _moved_on(error):
                return
            raise
        if current is None or current["phase"] == "done":
            return
        if current["phase"] == "claim":
            frame.click("#accept-claim")
            try:
                frame.wait_for_function(f"(() => {{ if (!{here}) return true; const s = window.redoubleState;"
                                        " return s.view.phase !== 'claim'"
                                        " || s.view.claim.accepted_by.includes(s.you.seat); })()")
            except PlaywrightError as error:
                if not _moved_on(error):
                    raise
                return
            continue
        card = current["legal_cards"][0]
        click_card(frame, card)
        try:
            frame.wait_for_function(f"!{here} || !window.redoubleState.view.legal_cards.includes('{card}')"
                                    " || window.redoubleState.view.phase === 'done'")
        except PlaywrightError as error:  # the last card: every table done, the page moved on
            if not _moved_on(error):
                raise
            return


def test_a_person_plays_a_board_of_an_online_session_and_is_sent_on(server: str, laptop: Any,
                                                                     artifacts: Path) -> None:
    """Pair 1EW of a 3-table Mitchell is a person with a robot partner: the page names round 1, table 1,
    East-West, board 1 and where they go next; they pass and play their cards at the web table, press
    Next, and the page takes them to round 2 at table 2 (East-West move up a table)."""
    pairs = {pair: {"kind": "robots"} for pair in ("1NS", "2NS", "3NS", "2EW", "3EW")}
    pairs["1EW"] = {"kind": "person_robot", "players": ["Ann"]}
    created = httpx.post(f"{server}/api/online/sessions", timeout=30, json={
        "name": "Online Thursday", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1},
        "pairs": pairs, "pace": "fast"}).json()
    director = created["director_token"]
    page = laptop
    page.goto(server + created["players"]["1EW"]["1"])
    page.wait_for_function("document.querySelector('#status').textContent.includes('Waiting for the director')")
    here = f"{server}/api/online/sessions/{created['id']}?token={director}"
    for _ in range(600):  # the page's socket is open: Ann is here when the round begins
        if next(p for p in httpx.get(here, timeout=30).json()["pairs"] if p["pair"] == "1EW")["present"]:
            break
        page.wait_for_timeout(100)
    started = httpx.post(f"{server}/api/online/sessions/{created['id']}/start?token={director}", timeout=30)
    assert started.status_code == 200, started.text
    first = next(t for t in started.json()["tables"] if t["table"] == 1)
    page.wait_for_function("document.querySelector('#where').textContent.includes('Round 1 of 3')")
    where = page.inner_text("#where")
    assert "Table 1" in where and "East-West" in where and "you sit East" in where and "board 1" in where
    second, third = (MOVEMENT.seating_of(ANN, r) for r in (2, 3))
    assert second is not None and third is not None and second.table == 2
    assert page.inner_text("#next") == f"Next — round 2: table 2, East-West, board {second.boards[0]}"
    assert re.search(r"\d+:\d\d left", page.inner_text("#clock"))
    frame = _table_frame(page, first["table_id"])
    shoot(page, artifacts, "online-round-1")
    _play_board(frame, first["table_id"])
    # every table done, the round moves on by itself (whoever did not press Next is moved on);
    # pressing Next first is the usual way, but the round may already have gone
    moved = "document.querySelector('#where').textContent.includes('Round 2 of 3')"
    try:
        frame.wait_for_function(f"document.querySelector('#next-board') || window.parent.eval(\"{moved}\")",
                                timeout=90_000)
        if frame.locator("#next-board").count():
            frame.click("#next-board", timeout=5_000)
    except PlaywrightError as error:
        if "destroyed" not in str(error) and "detached" not in str(error) and "Timeout" not in str(error):
            raise
    page.wait_for_function(moved, timeout=90_000)
    where = page.inner_text("#where")
    assert "Table 2" in where and "East-West" in where and f"board {second.boards[0]}" in where
    assert page.inner_text("#next") == f"Next — round 3: table 3, East-West, board {third.boards[0]}"
    round_two = next(t for t in httpx.get(here, timeout=30).json()["tables"] if t["table"] == 2)
    _table_frame(page, round_two["table_id"])
    shoot(page, artifacts, "online-round-2")
    ranking = httpx.get(f"{server}/api/club/sessions/{created['id']}", timeout=30).json()["ranking"]
    assert ranking["fields"], "the first round's boards are in the ranking"
    # Ann leaves: the director awards this round's board at her table, then robots play for
    # her pair from round 3 (in that order: once robots sit in for her they may finish table
    # 2's board at the fast pace before the award arrives, and a finished table is refused)
    for action, body in (("decide", {"table": 2, "decision": "average", "reason": "Ann left"}),
                         ("robot", {"pair": "1EW", "reason": "Ann has gone home"})):
        answer = httpx.post(f"{server}/api/online/sessions/{created['id']}/{action}?token={director}",
                            json=body, timeout=30)
        assert answer.status_code == 200, answer.text
    page.wait_for_function("document.querySelector('#status').textContent.includes('A robot plays for you')"
                           " || document.querySelector('#status').textContent.includes('The session is over')",
                           timeout=90_000)


def test_the_director_creates_an_online_session_and_sets_a_pair(server: str, laptop: Any,
                                                                artifacts: Path) -> None:
    """The director's form makes the session; the pairs list takes a person with a robot partner."""
    page = laptop
    page.goto(f"{server}/online/new")
    page.fill("#create input[name=name]", "Online Friday")
    page.select_option("#create select[name=kind]", "howell")
    page.fill("#create input[name=tables]", "3")
    page.click("#create button[type=submit]")
    page.wait_for_url(re.compile(r"/online/[^/]+/director\?token="))
    page.wait_for_selector("#pairs tr")
    assert page.inner_text("#round") == "Waiting for the director to start the session"
    assert len(page.query_selector_all("#pairs tr")) == 6
    row = page.query_selector_all("#pairs tr")[0]
    row.query_selector("select").select_option("person_robot")
    row.query_selector("input").fill("Ann")
    row.query_selector("button").click()
    page.wait_for_function("document.querySelector('#links').textContent.includes('Pair 1, player 1')"
                           " && !document.querySelector('#links').textContent.includes('Pair 1, player 2')")
    shoot(page, artifacts, "online-director")
