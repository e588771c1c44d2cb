"""The table as a player lives it (issue 12), in the browser: the replay of a finished board,
a claim's statement in the hand record, ending a rubber and playing another, the matchpoint
traveller, the lobby's rubber options — at 1366×768 and on a 390×844 phone."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from .test_browser import (
    api,
    create_table,
    declare,
    grand_slam_for_south,
    join,
    made_in,
    make_call,
    next_turn,
    shoot,
    take_seat,
    take_turn,
    wait_turn_or_end,
)

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
DEADLINE = 120


def _robots_table(base: str, **request: Any) -> tuple[str, dict[str, Any]]:
    """Four robots play the table to its end (fast); returns its id and final info."""
    with api(base) as client:
        created = client.post("/api/tables", json={"seats": dict.fromkeys("NESW", "robot"),
                                                   "pace": "fast", **request})
        assert created.status_code == 201, created.text
        table_id = created.json()["id"]
        deadline = time.monotonic() + DEADLINE
        while (info := client.get(f"/api/tables/{table_id}").json())["status"] != "finished":
            assert time.monotonic() < deadline, "the robots did not finish the table"
            time.sleep(0.3)
    return table_id, info


def _played_robots_table(base: str, **request: Any) -> str:
    """A finished robots' table whose board 1 was bid and had its first trick played: robots may pass a
    board out or claim before trick one ends, and the replay test steps through a lead and a trick."""
    for _ in range(8):
        table_id, _info = _robots_table(base, **request)
        with api(base) as client:
            record = client.get(f"/api/tables/{table_id}/boards/1").json()
        tricks = record["view"]["tricks"]
        if tricks and len(tricks[0]["cards"]) == 4:
            return table_id
    raise AssertionError("eight robots' tables in a row passed out board 1 or claimed at trick one")


def _state(page: Any, expression: str) -> Any:
    return page.evaluate(f"(() => {{ const s = window.redoubleState; return {expression}; }})()")


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_replay_steps_through_a_finished_board(server: str, browser: Any, artifacts: Path,
                                                   size: dict[str, int]) -> None:
    """BBO's movie: from the deal before the auction, call by call, then card by card with the
    cards leaving the hands and each trick's winner; buttons and the arrow keys move it."""
    table_id = _played_robots_table(server, form="duplicate", boards=1)
    context = browser.new_context(viewport=size, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{server}/table/{table_id}")
        page.wait_for_function("window.redoubleState && window.redoubleState.view")
        page.click(".board-link[data-board='1']")
        page.wait_for_selector("#record-dialog[open] #replay")
        final = _state(page, "s.finalViews[1]")
        calls = len(final["auction"])
        left = "Array.from(document.querySelectorAll('#replay .holding')).map(e => Number(e.dataset.left))"
        assert page.evaluate(left) == [13, 13, 13, 13]
        assert page.inner_text("#replay-status").startswith("The deal")
        page.click("#replay-forward")
        assert page.locator("#replay .auction td[data-seat]").count() == 1
        page.focus("#replay")
        for _ in range(calls):  # the rest of the auction, then the opening lead
            page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.querySelector('#replay').dataset.step === '{calls + 1}'")
        assert page.locator("#replay .auction td[data-seat]").count() == calls
        assert sorted(page.evaluate(left)) == [12, 13, 13, 13]
        first = final["tricks"][0]
        lead = page.locator("#replay-trick [data-card]")
        assert lead.count() == 1 and lead.first.get_attribute("data-card") == first["cards"][0]
        assert page.inner_text("#replay-status").startswith("Trick 1, card 1")
        page.keyboard.press("PageDown")  # the rest of the first trick
        page.wait_for_selector("#replay-winner")
        assert page.get_attribute("#replay-winner", "data-seat") == first["winner"]
        assert page.locator(f"#replay-trick .winner[data-seat={first['winner']}]").count() == 1
        assert page.evaluate(left) == [12, 12, 12, 12]
        shoot(page, artifacts, f"replay-trick-{size['width']}")
        page.keyboard.press("ArrowLeft")
        assert page.locator("#replay-winner").count() == 0
        page.keyboard.press("End")
        played = sum(len(trick["cards"]) for trick in final["tricks"])
        assert sum(page.evaluate(left)) == 52 - played - len((final.get("current_trick") or {}).get("cards", []))
        assert page.is_disabled("#replay-forward") and not page.is_disabled("#replay-back")
        page.keyboard.press("Home")
        assert page.evaluate(left) == [13, 13, 13, 13]
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], width
        shoot(page, artifacts, f"replay-start-{size['width']}")
    finally:
        context.close()
    assert not errors, errors


def test_a_claim_with_a_statement_is_kept_in_the_hand_record(server: str, page: Any,
                                                              artifacts: Path) -> None:
    create_table(page, server, form="duplicate")
    take_seat(page)
    declare(page)
    wait_turn_or_end(page)
    page.click("#claim-btn")
    page.fill("#claim-tricks", "0")
    page.fill("#claim-statement", "I have no more tricks: the trumps are with East")
    page.click("#claim-form button[type=submit]")
    page.wait_for_function("window.redoubleState.view.phase === 'done'")
    page.wait_for_selector("#record-dialog[open] #claimed-statement", timeout=60_000)
    assert page.inner_text("#claimed-statement") == "I have no more tricks: the trumps are with East"
    assert "South" in page.inner_text("#claimed-note")
    shoot(page, artifacts, "claim-statement-record")


def test_ending_the_rubber_then_another_rubber(server: str, page: Any, artifacts: Path) -> None:
    """Between deals a player ends the rubber (its unfinished bonuses scored); the table ends,
    offers another rubber, and the next rubber starts at the same seats."""
    page.set_viewport_size(LAPTOP)
    create_table(page, server, form="rubber")
    take_seat(page)
    declare(page)
    wait_turn_or_end(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#concede-btn")
    page.wait_for_selector("#end-rubber")
    # the hand record would open after a moment: keep the table in view, as after closing it
    page.evaluate("clearTimeout(window.redoubleState.recordTimer);"
                  " const d = document.querySelector('#record-dialog'); if (d.open) d.close();")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#end-rubber")
    page.wait_for_selector("#another")
    assert page.inner_text("#another") == "Another rubber"
    page.wait_for_function("window.redoubleState.table.score.rubbers[0].phase === 'closed'")
    page.wait_for_selector(".sheet .verdict")
    shoot(page, artifacts, "rubber-ended")
    page.click("#another")
    page.wait_for_function("window.redoubleState.view.board === 2 && !window.redoubleState.ended")
    assert page.locator("#another").count() == 0
    assert _state(page, "s.table.status") == "playing"
    shoot(page, artifacts, "another-rubber")


def test_the_traveller_after_a_matchpoint_board(server: str, browser: Any, artifacts: Path) -> None:
    """Once South's table has played board 1, the hand record lists every table's result on it
    with the matchpoints; the robots' table played it first."""
    with api(server) as client:
        created = client.post("/api/tables", json={
            "form": "duplicate", "scoring": "matchpoints", "boards": 1, "pace": "fast",
            "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}}).json()
        other = client.post("/api/tables", json={"same_boards_as": created["id"], "pace": "fast",
                                                 "seats": dict.fromkeys("NESW", "robot")}).json()
        deadline = time.monotonic() + DEADLINE
        while client.get(f"/api/tables/{other['id']}").json()["results"] == []:
            assert time.monotonic() < deadline
            time.sleep(0.3)
    for size in (LAPTOP, PHONE):
        context = browser.new_context(viewport=size, locale="de-DE")
        page = context.new_page()
        try:
            if size is LAPTOP:
                join(page, f"{server}/table/{created['id']}?token={created['tokens']['S']}", "Ann")
                declare(page)
                wait_turn_or_end(page)
                page.once("dialog", lambda dialog: dialog.accept())
                page.click("#concede-btn")
                page.wait_for_selector("#record-dialog[open] #traveller tbody tr", timeout=60_000)
            else:
                page.goto(f"{server}/table/{created['id']}")
                page.wait_for_function("window.redoubleState && window.redoubleState.view")
                page.click(".board-link[data-board='1']")
                page.wait_for_selector("#record-dialog[open] #traveller tbody tr", timeout=60_000)
            # the record is drawn again when the double-dummy analysis comes: wait for it, so that
            # nothing below meets a traveller taken out of the page
            page.wait_for_selector("#record .analysis", timeout=60_000)
            rows = page.locator("#traveller tbody tr")
            assert rows.count() == 2
            assert page.inner_text("#traveller h3") == "Laufzettel"
            mps = sorted(int(rows.nth(i).locator("td").nth(5).inner_text()) for i in range(2))
            assert mps in ([0, 2], [1, 1])
            assert page.locator("#traveller tr.you").count() == (1 if size is LAPTOP else 0)
            page.evaluate("document.querySelector('#traveller').scrollIntoView()")
            shoot(page, artifacts, f"traveller-{size['width']}")
        finally:
            context.close()


def test_the_lobby_offers_honours_and_the_unfinished_rubber(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.click("details.options summary")
    page.check("input[name=form][value=rubber]")
    assert page.is_visible("#honours") and page.is_visible("#unfinished")
    assert page.input_value("#honours") == "on"
    page.check("input[name=form][value=chicago]")
    assert page.is_visible("#honours") and not page.is_visible("#unfinished")
    assert page.input_value("#honours") == "off"
    page.check("input[name=form][value=duplicate]")
    assert not page.is_visible("#honours")
    page.check("input[name=form][value=rubber]")
    page.select_option("#honours", "off")
    page.select_option("#unfinished", "50")
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#links-panel:not([hidden])")
    link = page.locator("#links input").first.input_value()
    table_id = link.split("/table/")[1].split("?")[0]
    with api(server) as client:
        info = client.get(f"/api/tables/{table_id}").json()
    assert info["honours"] is False and info["unfinished"] == {"game": 300, "partscore": 50}


def test_two_letter_ranks_fit_a_fanned_card_on_a_small_phone(server: str, browser: Any,
                                                             artifacts: Path) -> None:
    """Norwegian writes the jack "Kn" (and every language the ten "10"): on a 360×740 phone the
    overlapped cards of the hand must show both letters whole, not cut by the next card."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale="nb-NO")
    page = context.new_page()
    try:
        for attempt in range(12):
            with api(server) as client:
                created = client.post("/api/tables", json={
                    "form": "duplicate", "boards": 1, "pace": "fast",
                    "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}}).json()
            link = f"{server}/table/{created['id']}?token={created['tokens']['S']}&lang=no"
            if attempt == 0:
                join(page, link, "Ann")
            else:
                page.goto(link)
                page.wait_for_function("window.redoubleState && window.redoubleState.view")
            page.wait_for_function("window.redoubleState.view.hands.S")
            hand = page.evaluate("window.redoubleState.view.hands.S")
            if any(card[1] == "J" for card in hand):
                break
        else:
            pytest.fail("no deal gave South a jack in twelve tries")
        page.wait_for_selector(".seat-bottom .card[data-card]")
        clipped = page.evaluate("""Array.from(document.querySelectorAll('.seat-bottom .card[data-card]'))
          .filter((card) => ['J', 'T'].includes(card.dataset.card[1]) && card.nextElementSibling)
          .map((card) => { const rank = card.querySelector('.corner .r').getBoundingClientRect();
            const next = card.nextElementSibling.getBoundingClientRect();
            return [card.dataset.card, card.querySelector('.corner .r').textContent, rank.right - next.left]; })
          .filter(([, , over]) => over > 0.5)""")
        shown = page.evaluate("Array.from(document.querySelectorAll("
                              "'.seat-bottom .card[data-card$=J] .corner .r')).map(r => r.textContent)")
        assert shown and set(shown) == {"Kn"}
        assert clipped == [], f"ranks cut by the next card: {clipped}"
        page.locator(".seat-bottom").screenshot(path=str(artifacts / "kn-no-360.png"))
    finally:
        context.close()


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_opponents_read_the_claim_statement_before_answering(
        server: str, browser: Any, page: Any, artifacts: Path, size: dict[str, int]) -> None:
    """South claims every trick with a statement of the line; East and West, people, read it
    beside Accept and Reject (West on a phone too), accept, and the hand record keeps it."""
    links = create_table(page, server, form="duplicate",
                         seats={"N": "robot", "E": "human", "S": "me", "W": "human"})
    contexts = [browser.new_context(viewport=LAPTOP, locale="en-GB"),
                browser.new_context(viewport=size, locale="en-GB")]
    east, west = (context.new_page() for context in contexts)
    try:
        join(east, links["E"], "Eva")
        join(west, links["W"], "Wim")
        take_seat(page)
        actors = {"S": page, "E": east, "W": west}
        slam = None
        made = 0
        while True:
            current = next_turn(page, "SEW", made)  # South's page, caught up with every call made
            if current["phase"] != "auction":
                break
            made, actor = made_in(current), current["actor"]
            mine = take_turn(actors[actor], actor, made)
            call = "Pass"
            if actor == "S" and slam is None:
                call = slam = grand_slam_for_south(mine["auction"], mine["legal_calls"])
            make_call(actors[actor], call)
            made += 1
        assert _state(page, "s.view.declarer") == "S"
        page.wait_for_selector("#claim-btn:not([hidden])")
        page.click("#claim-btn")
        page.fill("#claim-tricks", "13")
        page.fill("#claim-statement", "I cross-ruff the rest")
        page.click("#claim-form button[type=submit]")
        for defender in (east, west):
            defender.wait_for_selector("#claim-request #accept-claim", timeout=60_000)
            assert defender.inner_text("#claim-statement-shown") == "I cross-ruff the rest"
        # in one step in the page: the request is drawn afresh at every message the page gets
        right = west.evaluate("(() => { const request = document.querySelector('#claim-request');"
                              " request.scrollIntoView({block: 'nearest'});"
                              " return request.getBoundingClientRect().right; })()")
        assert right <= size["width"]
        shoot(west, artifacts, f"claim-statement-opponent-{size['width']}")
        east.click("#accept-claim")
        west.click("#accept-claim")
        page.wait_for_function("window.redoubleState.view.phase === 'done'")
        page.wait_for_selector("#record-dialog[open] #claimed-statement", timeout=60_000)
        assert page.inner_text("#claimed-statement") == "I cross-ruff the rest"
    finally:
        for context in contexts:
            context.close()
