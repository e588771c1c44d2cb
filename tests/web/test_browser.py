"""Playwright drives Debian's Chromium against the real server: lobby, bidding box, card play,
score sheets, hand record with double-dummy analysis, languages, keyboard, phone size, catch-up."""

from __future__ import annotations

import itertools
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from redouble.auction import Auction
from redouble.calls import Call
from redouble.notation import Language
from redouble.seats import Seat, Vulnerability

ROBOTS_BUT_SOUTH = {"N": "robot", "E": "robot", "S": "me", "W": "robot"}
RANKS = "23456789TJQKA"


# --- helpers -----------------------------------------------------------------------------------

def view(page: Any) -> dict[str, Any]:
    """The view the page is showing (the server's ``view`` for this seat)."""
    data: dict[str, Any] = page.evaluate("window.redoubleState && window.redoubleState.view")
    return data


def create_table(page: Any, base: str, *, form: str = "rubber", seats: dict[str, str] | None = None,
                 name: str = "Ann", pace: str | None = "fast") -> dict[str, str]:
    """Create a table through the lobby form; returns the invitation links by seat (and spectator).

    Robots play ``pace`` ("fast" unless a test watches the pace; ``None``: the lobby's choice)."""
    page.goto(f"{base}/")
    page.fill("#name", name)
    page.check(f"input[name=form][value={form}]")
    for seat, choice in (seats or ROBOTS_BUT_SOUTH).items():
        page.check(f"input[name=seat-{seat}][value={choice}]")
    if pace is not None:
        page.click("details.options summary")
        page.select_option("#pace", pace)
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#links-panel:not([hidden])")
    links = {}
    for row in page.query_selector_all("#links input"):
        links[row.get_attribute("data-seat")] = row.input_value()
    return links


def take_seat(page: Any) -> None:
    page.click("#take-seat")
    page.wait_for_selector(".seat-bottom .nameplate")
    page.wait_for_function("window.redoubleState && window.redoubleState.view")


def join(page: Any, link: str, name: str) -> None:
    """Open an invitation link as someone new: give a name, take the seat."""
    page.goto(link)
    page.wait_for_selector("#name-dialog[open]")
    page.fill("#guest-name", name)
    page.click("#name-form button[type=submit]")
    page.wait_for_function("window.redoubleState && window.redoubleState.view")


def wait_my_call(page: Any) -> None:
    assert wait_call_or_play(page) == "call"


def click_card(page: Any, card: str) -> None:
    """Click a card where a player would: its visible corner (the cards overlap)."""
    page.click(f"button.card.legal[data-card={card}]", position={"x": 8, "y": 30})


def wait_turn_or_end(page: Any) -> str:
    """Wait until the page asks us to play (returns "play") or the board is over ("done")."""
    try:
        page.wait_for_function(
            "(() => { const s = window.redoubleState; if (!s || !s.view) return false;"
            " return s.view.phase === 'done' || (s.status === 'online' && s.view.actor === s.you.seat"
            " && s.view.legal_cards.length > 0"
            " && !s.pending && document.querySelectorAll('button.card.legal').length > 0); })()")
    except Exception as error:
        stuck = page.evaluate("({status: window.redoubleState.status, view: window.redoubleState.view,"
                              " events: window.redoubleState.events.slice(-6)})")
        raise AssertionError(f"the table stopped: {stuck}") from error
    return "done" if view(page)["phase"] == "done" else "play"


def play_out_by_clicking(page: Any, *, choose: Any = None) -> int:
    """Play every card the page offers us until the board ends; returns how many we played."""
    played = 0
    while wait_turn_or_end(page) == "play":
        legal = view(page)["legal_cards"]
        card = choose(legal) if choose else legal[0]
        click_card(page, card)
        page.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}') "
                               f"|| window.redoubleState.view.phase === 'done'")
        played += 1
    return played


def wait_call_or_play(page: Any) -> str:
    """Wait until it is our call (returns "call") or the auction is over ("over")."""
    page.wait_for_function(
        "(() => { const s = window.redoubleState; if (!s || !s.view) return false;"
        " return s.view.phase !== 'auction' || (s.status === 'online' && s.view.actor === s.you.seat"
        " && document.querySelectorAll('.bidding-box button[data-call]:not([disabled])').length > 0); })()")
    return "call" if view(page)["phase"] == "auction" else "over"


# Calls and cards made so far in a view: a count that only grows while a board is played.
MADE_JS = "(v) => v.auction.length + 4 * v.tricks.length + (v.current_trick ? v.current_trick.cards.length : 0)"


def made_in(current: dict[str, Any]) -> int:
    """How many calls and cards ``current`` (a view) has seen made (``MADE_JS`` in Python)."""
    trick = current["current_trick"]
    return len(current["auction"]) + 4 * len(current["tricks"]) + (len(trick["cards"]) if trick else 0)


def next_turn(watcher: Any, people: str, made: int) -> dict[str, Any]:
    """The view on ``watcher``'s page once it has seen the ``made`` calls and cards made so far and
    it is one of ``people``'s turn (seat letters) or nobody's. The pages of a table hear of a call in
    no fixed order: a page that has not caught up still names the seat that has just called, whose
    own page would then wait for a turn that is gone. Robots act only in their own turns, so while
    a person is to act the table stands still and the view returned is the table's."""
    watcher.wait_for_function(f"([people, made]) => {{ const s = window.redoubleState;"
                              f" if (!s || !s.view) return false; const v = s.view;"
                              f" return ({MADE_JS})(v) >= made && (v.actor === null || people.includes(v.actor)); }}",
                              arg=[people, made])
    return view(watcher)


def take_turn(player: Any, seat: str, made: int) -> dict[str, Any]:
    """Wait until ``player``'s page (``seat``'s own) has seen the ``made`` calls and cards and offers
    ``seat`` its turn: the bidding box in the auction, its legal cards in the play; returns the view."""
    offered = ("v.phase === 'auction'"
               " ? document.querySelectorAll('.bidding-box button[data-call]:not([disabled])').length > 0"
               " : v.legal_cards.length > 0 && document.querySelectorAll('button.card.legal').length > 0")
    player.wait_for_function(f"([seat, made]) => {{ const s = window.redoubleState;"
                             f" if (!s || !s.view || s.pending) return false; const v = s.view;"
                             f" return ({MADE_JS})(v) === made && v.actor === seat && ({offered}); }}",
                             arg=[seat, made])
    return view(player)


def make_call(page: Any, call: str, *, alert: bool = False, explanation: str | None = None) -> None:
    """Click ``call`` in the bidding box (with an alert and explanation if given)."""
    if alert:
        page.check("#alert-box")
    if explanation:
        page.fill("#explanation", explanation)
    count = len(view(page)["auction"])
    page.click(f".bidding-box button[data-call='{call}']")
    page.wait_for_function(f"window.redoubleState.view.auction.length > {count}"
                           " || window.redoubleState.view.phase !== 'auction'")


def grand_slam_for_south(auction: list[dict[str, Any]], legal: list[str]) -> str:
    """A grand slam in a strain North has not bid, so that South declares it."""
    north = {entry["call"][1:] for entry in auction if entry["seat"] == "N" and entry["call"][0].isdigit()}
    return next(f"7{strain}" for strain in ("NT", "S", "H", "D", "C")
                if strain not in north and f"7{strain}" in legal)


def declare(page: Any, **options: Any) -> str:
    """Bid a grand slam at our first turn and pass after: with the robots bidding for real, this
    is how a test makes sure South declares (no robot bids over a grand slam). Returns it."""
    bid = None
    while wait_call_or_play(page) == "call":
        current = view(page)
        if bid is None:
            bid = grand_slam_for_south(current["auction"], current["legal_calls"])
            make_call(page, bid, **options)
        else:
            make_call(page, "Pass")
    assert view(page)["declarer"] == "S", view(page)["auction"]
    assert bid is not None
    return bid


def shoot(page: Any, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def api(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=30)


# --- scenarios ---------------------------------------------------------------------------------

def test_a_person_and_three_robots_play_a_board(server: str, page: Any, artifacts: Path) -> None:
    """Create the table, bid with the bidding box, play all 13 tricks by clicking, see the score
    and the double-dummy analysis, download PBN and LIN."""
    links = create_table(page, server)
    assert set(links) == {"S", "spectator"}
    shoot(page, artifacts, "lobby-links-desktop")
    take_seat(page)
    wait_my_call(page)
    shown = view(page)
    # Only our own hand is face up during the auction; the others are backs.
    assert page.locator(".seat-bottom .card:not(.back)").count() == 13
    for position in ("top", "left", "right"):
        assert page.locator(f".seat-{position} .card:not(.back)").count() == 0
        assert page.locator(f".seat-{position} .card.back").count() == 13
    # The bidding box offers exactly the legal calls of the auction so far.
    auction = Auction(dealer=Seat.parse(shown["dealer"]), calls=[Call.parse(e["call"]) for e in shown["auction"]])
    legal = {str(call) for call in auction.legal_calls()}
    enabled = set(page.eval_on_selector_all(".bidding-box button[data-call]:not([disabled])",
                                            "els => els.map(e => e.dataset.call)"))
    assert enabled == legal == set(shown["legal_calls"])
    shoot(page, artifacts, "bidding-desktop")

    slam = declare(page)
    assert page.inner_text("#contract").startswith(slam[0])
    page.wait_for_function("window.redoubleState.view.tricks.length + (window.redoubleState.view.current_trick"
                           " ? window.redoubleState.view.current_trick.cards.length : 0) >= 1")
    # After the opening lead dummy (North, at the top) is faced.
    page.wait_for_selector(".seat-top button.card")
    assert page.locator(".seat-top .card.back").count() == 0
    played = play_out_by_clicking(page)
    assert played == 26  # declarer plays both hands
    final = view(page)
    assert len(final["tricks"]) == 13
    assert final["declarer_tricks"] + final["defender_tricks"] == 13
    ns = int(page.inner_text("#tricks-won [data-side=NS]"))
    assert ns == final["declarer_tricks"]

    # The hand record opens by itself, with the double-dummy analysis and the costly cards.
    page.wait_for_selector("#record-dialog[open]")
    page.wait_for_selector("#record table.dd")
    assert page.locator("#record table.dd tbody td").count() == 20
    assert page.locator("#record ol.play-record > li").count() == 13
    assert page.locator("#record .par").count() == 0  # a rubber table: par is a duplicate notion
    assert "below + " in page.inner_text("#record p.result")  # scored on the sheet, not duplicate
    assert "above the line" in page.inner_text("#record p.result")
    costs = page.eval_on_selector_all("#record ol.play-record [data-card]", "els => els.map(e => e.dataset.cost)")
    assert len(costs) == 52 and all(cost.isdigit() for cost in costs)
    costly = page.locator("#record .costly").count()
    assert costly == sum(int(cost) > 0 for cost in costs)
    shoot(page, artifacts, "hand-record-desktop")
    href = page.get_attribute("#record a[data-format=pbn]", "href")
    response = page.request.get(server + href)
    assert response.ok, response.status
    assert '[Board "1"]' in response.text() and "[Auction" in response.text()
    page.click(".record-close button")

    # The score: the rubber sheet has this board's entries, and agrees with the table's result.
    table_id = page.url.split("/table/")[1].split("?")[0]
    with api(server) as client:
        info = client.get(f"/api/tables/{table_id}").json()
    total = info["score"]["total"]
    assert page.inner_text(".sheet .totals [data-total=NS]") == str(total["NS"])
    assert page.inner_text(".sheet .totals [data-total=EW]") == str(total["EW"])
    assert page.locator(".sheet .entry").count() >= 1
    assert page.inner_text("#board-result").startswith(page.inner_text("#contract"))
    shoot(page, artifacts, "board-done-desktop")

    # Next board: dealt, our hand of 13 again.
    page.click("#next-board")
    page.wait_for_function("window.redoubleState.view.board === 2")
    assert page.locator(".seat-bottom .card").count() == 13


def test_a_rubber_played_to_its_end_shows_the_paper_sheet(server: str, page: Any, artifacts: Path) -> None:
    """Four robots play a whole rubber; a spectator sees the sheet as on paper."""
    with api(server) as client:
        created = client.post("/api/tables", json={"form": "rubber", "seats": dict.fromkeys("NESW", "robot")})
        assert created.status_code == 201
        table_id = created.json()["id"]
        deadline = time.monotonic() + 90
        while (info := client.get(f"/api/tables/{table_id}").json())["status"] != "finished":
            assert time.monotonic() < deadline, "the robots did not finish the rubber"
            time.sleep(0.5)
    page.goto(f"{server}/table/{table_id}")
    page.wait_for_selector(".sheet .verdict")
    total = info["score"]["total"]
    assert page.inner_text(".sheet .heads [data-side=NS]").startswith("WE")
    assert page.inner_text(".sheet .totals [data-total=NS]") == str(total["NS"])
    assert page.inner_text(".sheet .totals [data-total=EW]") == str(total["EW"])
    # Two games for the winner, each with a line under it; entries above and below the line.
    assert page.locator(".sheet .game-line").count() in (2, 3)
    assert page.locator(".sheet .above .entry").count() >= 1
    assert page.locator(".sheet .below .entry").count() >= 2
    winner = "WE" if total["NS"] > total["EW"] else "THEY"
    assert winner in page.inner_text(".sheet .verdict")
    # Nobody's cards are hidden from a spectator once the board is over.
    assert page.locator(".felt .card.back").count() == 0
    assert "finished" in page.inner_text("#centre-note")
    shoot(page, artifacts, "rubber-sheet-desktop")
    # Any earlier board's hand record opens from the list of boards played.
    page.click("details.boards summary")
    assert page.locator("details.boards tbody tr").count() == len(info["results"])
    page.click(".board-link[data-board='1']")
    page.wait_for_selector("#record-dialog[open] .diagram")
    assert page.locator("#record .diagram .holding").count() == 4
    assert "1" in page.inner_text("#record-heading")
    page.click(".record-close button")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#score-panel").scroll_into_view_if_needed()
    shoot(page, artifacts, "rubber-sheet-phone")


def _card_in(language: Language, card: str) -> str:
    """How a player types ``card`` (canonical "SK") in ``language``: Dutch "SH", German "PK"."""
    suit = language.suit_letters["CDHS".index(card[0])]
    return suit + language.rank_text(RANKS.index(card[1]) + 2)


def test_the_language_switch_changes_the_notation(server: str, page: Any, artifacts: Path) -> None:
    create_table(page, server)
    take_seat(page)
    wait_my_call(page)
    hand = view(page)["hands"]["S"]
    expectations = {
        # language: (notrump button, seat letter of East, auction heading, rank of the king, of the jack)
        "en": ("7NT", "E", "Auction", "K", "J"),
        "nl": ("7SA", "O", "Bieding", "H", "B"),
        "de": ("7SA", "O", "Reizung", "K", "B"),
        "no": ("7NT", "Ø", "Meldinger", "K", "Kn"),
    }
    spoken = {"en": "king of", "nl": "heer", "de": "König", "no": "konge"}
    for code, (notrump, east, heading, king, jack) in expectations.items():
        page.select_option("#lang", code)
        page.wait_for_function(f"document.documentElement.lang === '{'nb' if code == 'no' else code}'")
        assert page.inner_text(".bidding-box button[data-call='7NT']") == notrump
        assert page.inner_text("table.auction thead th:nth-child(3)") == east
        assert page.inner_text("#auction-panel h2").lower() == heading.lower()
        for card in hand:
            corner = page.inner_text(f".seat-bottom [data-card={card}] .corner .r")
            if card[1] == "K":
                assert corner == king
                assert spoken[code] in page.get_attribute(f".seat-bottom [data-card={card}]", "aria-label")
            if card[1] == "J":
                assert corner == jack
            if card[1] == "T":
                assert corner == "10"
        shoot(page, artifacts, f"language-{code}-desktop")
    # The choice is remembered on the next visit.
    page.reload()
    wait_my_call(page)
    assert page.input_value("#lang") == "no"
    assert page.inner_text("#auction-panel h2").lower() == "meldinger"
    # The contract follows the language too: 7NT reads 7SA in Dutch, by Zuid.
    page.select_option("#lang", "nl")
    page.wait_for_function("document.documentElement.lang === 'nl'")
    slam = declare(page)
    symbols = {"NT": "SA", "S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    assert page.inner_text("#contract").startswith("7" + symbols[slam[1:]])
    assert "Zuid" in page.inner_text("#contract-panel")


def test_keyboard_play(server: str, page: Any, artifacts: Path) -> None:
    """Bid by typing; play by typing cards in English and then Dutch notation; a suit alone from
    dummy plays its lowest card."""
    create_table(page, server)
    take_seat(page)
    wait_my_call(page)
    page.evaluate("document.activeElement.blur()")  # typing goes to the card field from anywhere
    slam = None
    while wait_call_or_play(page) == "call":
        current = view(page)
        count = len(current["auction"])
        if slam is None:
            slam = grand_slam_for_south(current["auction"], current["legal_calls"])
            page.keyboard.type(slam.replace("NT", "n").lower())  # "7n": English accepts N for notrump
        else:
            page.keyboard.type("p")
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.redoubleState.view.auction.length > {count}")
    assert slam and view(page)["contract"].startswith(slam) and view(page)["declarer"] == "S"
    language = Language.ENGLISH
    typed = 0
    suit_alone = 0
    while wait_turn_or_end(page) == "play":
        current = view(page)
        legal = current["legal_cards"]
        if typed == 8:
            page.select_option("#lang", "nl")
            page.wait_for_function("document.documentElement.lang === 'nl'")
            language = Language.DUTCH
            page.evaluate("document.activeElement.blur()")
        from_dummy = current["turn"] == "N"
        if from_dummy:
            # A suit alone from dummy: its lowest card.
            suit = legal[0][0]
            in_suit = sorted((c for c in legal if c[0] == suit), key=lambda c: RANKS.index(c[1]))
            expected = in_suit[0]
            page.keyboard.type(language.suit_letters["CDHS".index(suit)])
            page.keyboard.press("Enter")
            suit_alone += 1
        else:
            expected = legal[-1]
            page.keyboard.type(_card_in(language, expected))
        page.wait_for_function(
            "(card => { const v = window.redoubleState.view; const all = v.tricks.flatMap(t => t.cards)"
            ".concat(v.current_trick ? v.current_trick.cards : []); return all.includes(card); })",
            arg=expected)
        typed += 1
        if typed == 3:
            shoot(page, artifacts, "keyboard-desktop")
    assert typed == 26 and suit_alone == 13
    assert len(view(page)["tricks"]) == 13


def test_phone_size(server: str, browser: Any, artifacts: Path) -> None:
    """On a phone the lobby and the table fit the width, cards stay big enough to tap."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale="nl-NL")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        create_table(page, server)
        assert page.input_value("#lang") == "nl"  # the browser's language is the default
        shoot(page, artifacts, "lobby-phone")
        take_seat(page)
        wait_my_call(page)
        shoot(page, artifacts, "bidding-phone")
        # Pass/X/XX and the contract panel above the fold (issue 12)
        for selector in (".bidding-box button[data-call='Pass']", ".bidding-box button[data-call='XX']",
                         "#contract-panel"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["y"] + box["height"] <= 844, (selector, box)
        declare(page)
        for _ in range(3):
            wait_turn_or_end(page)
            card = view(page)["legal_cards"][0]
            page.tap(f"button.card.legal[data-card={card}]", position={"x": 8, "y": 30})
            page.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}')")
        wait_turn_or_end(page)
        shoot(page, artifacts, "play-phone")
        tricks = page.locator("#tricks-won").bounding_box()
        assert tricks is not None and tricks["y"] + tricks["height"] <= 844, tricks
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width}px wide on a 390px phone"
        box = page.locator(".seat-bottom .card").first.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 60
    finally:
        context.close()
    assert not errors


def test_alerts_show_to_the_opponents_only(server: str, browser: Any, artifacts: Path) -> None:
    """South alerts and explains 1NT: West (an opponent) sees the explanation, a spectator does not."""
    pages = []
    contexts = []
    for _ in range(3):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        pages.append(context.new_page())
    south, west, spectator = pages
    try:
        links = create_table(south, server, seats={"N": "robot", "E": "robot", "S": "me", "W": "human"})
        join(west, links["W"], "Wim")
        spectator.goto(links["spectator"])
        take_seat(south)
        spectator.wait_for_function("window.redoubleState && window.redoubleState.view")
        assert spectator.locator("#name-dialog[open]").count() == 0  # spectators need no name
        south.wait_for_function("window.redoubleState.table.seats.W.name === 'Wim'")
        # The auction runs until it is West's or South's turn; both act through their bidding box.
        made = 0
        while True:
            current = next_turn(south, "SW", made)
            made = made_in(current)
            if current["actor"] == "S":
                legal = take_turn(south, "S", made)["legal_calls"]
                call = next(c for c in ("1NT", "2NT", "3NT") if c in legal)
                make_call(south, call, alert=True, explanation="15-17 balanced")
                break
            take_turn(west, "W", made)
            make_call(west, "Pass")
            made += 1
        west.wait_for_selector(f"table.auction .call.alerted[data-call='{call}']")
        west.click(f"table.auction .call.alerted[data-call='{call}']")
        west.wait_for_selector(".explanation-pop")
        assert "15-17 balanced" in west.inner_text(".explanation-pop")
        shoot(west, artifacts, "alert-seen-by-opponent")
        spectator.wait_for_function("c => window.redoubleState.view.auction.some(e => e.call === c)", arg=call)
        hidden = f"table.auction [data-call='{call}'].alerted, table.auction [data-call='{call}'].explained"
        assert spectator.locator(hidden).count() == 0
        assert all(e["seat"] != "S" or "explanation" not in e for e in view(spectator)["auction"])
    finally:
        for context in contexts:
            context.close()


def test_reconnecting_catches_up_by_seq(server: str, browser: Any, page: Any, artifacts: Path) -> None:
    """A spectator loses its connection while play goes on; back online it catches up."""
    links = create_table(page, server)
    watcher_context = browser.new_context(viewport={"width": 1280, "height": 900})
    watcher = watcher_context.new_page()
    try:
        watcher.goto(links["spectator"])
        watcher.wait_for_function("window.redoubleState && window.redoubleState.view")
        take_seat(page)
        declare(page)
        watcher.evaluate("window.redoubleConnection.drop(2500)")
        watcher.wait_for_function("window.redoubleState.status !== 'online'")
        for _ in range(4):
            wait_turn_or_end(page)
            card = view(page)["legal_cards"][0]
            click_card(page, card)
            page.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}')")
        wait_turn_or_end(page)
        seen_by_player = view(page)
        watcher.wait_for_function("window.redoubleState.status === 'online'", timeout=20_000)
        watcher.wait_for_function(
            "n => window.redoubleState.view.tricks.length * 4 + (window.redoubleState.view.current_trick"
            " ? window.redoubleState.view.current_trick.cards.length : 0) === n",
            arg=len(seen_by_player["tricks"]) * 4 + len((seen_by_player["current_trick"] or {"cards": []})["cards"]))
        # The welcome brings the present view at once; the missed events come after it, in the
        # sync that answers the watcher's resume. The table now waits for South, so its last
        # event is the one the player saw last: the watcher catches up to exactly that.
        last = page.evaluate("window.redoubleConnection.lastSeq")
        assert last >= 8
        watcher.wait_for_function("n => window.redoubleConnection.lastSeq === n", arg=last)
        # A kibitzer (another browser, sitting at no table) sees all four hands as they stand, as
        # on BBO (the table's default, kibitzers_hands): the same cards the player holds.
        shown = view(watcher)["hands"]
        assert set(shown) == {"N", "E", "S", "W"}
        assert shown["S"] == view(page)["hands"]["S"]
        assert watcher.locator(".card.back").count() == 0
        shoot(watcher, artifacts, "spectator-after-reconnect")
    finally:
        watcher_context.close()


def test_concede_ends_the_board(server: str, page: Any) -> None:
    """Declarer concedes the rest; the defenders' robots accept and the board is scored."""
    create_table(page, server)
    take_seat(page)
    declare(page)
    for _ in range(4):
        wait_turn_or_end(page)
        card = view(page)["legal_cards"][0]
        click_card(page, card)
        page.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}')")
    wait_turn_or_end(page)
    before = view(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#concede-btn")
    page.wait_for_function("window.redoubleState.view.phase === 'done'")
    after = view(page)
    assert after["declarer_tricks"] == before["declarer_tricks"]
    assert after["declarer_tricks"] + after["defender_tricks"] == 13
    page.wait_for_selector("#record-dialog[open]")


def _last_card_was_ours_and_we_lead(current: dict[str, Any]) -> bool:
    trick = current["current_trick"]
    if not current["tricks"] or (trick and trick["cards"]) or current["actor"] != "S":
        return False
    last = current["tricks"][-1]
    last_seat = "NESW"[("NESW".index(last["leader"]) + 3) % 4]
    return last_seat in ("N", "S")


def test_undo_request_takes_back_our_card(server: str, page: Any) -> None:
    """When our side played the last card and we are to lead, Undo (asked of the robots, who
    agree) takes the card back."""
    for _deal in range(5):  # a deal may end (a robot claims the rest) before the moment comes
        create_table(page, server)
        take_seat(page)
        declare(page)
        found = False
        while wait_turn_or_end(page) == "play":
            current = view(page)
            if _last_card_was_ours_and_we_lead(current):
                found = True
                break
            card = current["legal_cards"][-1]
            click_card(page, card)
            page.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}')")
        if found:
            break
    else:
        pytest.fail("in five deals no trick ended with our card while we were to lead")
    tricks = len(current["tricks"])
    undone = current["tricks"][-1]["cards"][-1]
    page.click("#undo-btn")
    page.wait_for_function(f"window.redoubleState.view.tricks.length === {tricks - 1}")
    after = view(page)
    assert after["current_trick"]["cards"] == current["tricks"][-1]["cards"][:3]
    assert undone in after["legal_cards"]
    kinds = page.evaluate("window.redoubleState.events.map(e => e.type)")
    assert "undo" in kinds


def test_claim_is_answered(server: str, page: Any) -> None:
    """Declarer claims the rest: the defenders' robots answer by the claim rule at once, and the
    page shows the outcome (board settled, or play resumed)."""
    create_table(page, server)
    take_seat(page)
    declare(page)
    for _ in range(6):
        wait_turn_or_end(page)
        card = view(page)["legal_cards"][0]
        click_card(page, card)
        page.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}')")
    wait_turn_or_end(page)
    before = view(page)
    # The last trick on request: the four cards of the latest finished trick, its winner marked.
    page.click("#last-trick-btn")
    last = before["tricks"][-1]
    shown = page.eval_on_selector_all("#trick.last .card", "els => els.map(e => e.dataset.card)")
    assert shown == last["cards"]
    assert page.get_attribute("#trick.last .card.winner", "data-card") == last["cards"][
        ("NESW".index(last["winner"]) - "NESW".index(last["leader"])) % 4]
    page.click("#last-trick-btn")
    page.wait_for_selector("#trick:not(.last)")
    remaining = 13 - len(before["tricks"])
    page.click("#claim-btn")
    assert page.input_value("#claim-tricks") == str(remaining)
    page.fill("#claim-tricks", str(remaining))
    page.click("#claim-form button[type=submit]")
    page.wait_for_function("window.redoubleState.events.some(e => e.type === 'accept' || e.type === 'reject')")
    events = page.evaluate("window.redoubleState.events")
    claim = next(e for e in events if e["type"] == "claim")
    assert claim == {"type": "claim", "seat": "S", "tricks": remaining}
    if any(e["type"] == "reject" for e in events):
        page.wait_for_function("window.redoubleState.view.phase === 'play'")
        assert "rejected" in page.inner_text("#toast")
    else:
        page.wait_for_function("window.redoubleState.view.phase === 'done'")
        assert view(page)["declarer_tricks"] == before["declarer_tricks"] + remaining


def test_minibridge_declarer_chooses_the_contract(server: str, page: Any, artifacts: Path) -> None:
    """Mini-bridge: the points are announced, dummy is faced, declarer picks the contract from a
    box of all 35 bids (no auction), then plays it out; the score lists the board."""
    with api(server) as client:
        for _ in range(20):
            # North is a person who never comes (dummy's cards are declarer's to play): a deal South
            # does not declare then waits for a person at once, where with a robot North its robots
            # played on, robots against robots, and the jobs of all those tables went before West's
            # opening lead on the one played here (it waited over 20 s at load 20)
            created = client.post("/api/tables", json={
                "form": "minibridge", "boards": 1, "pace": "fast", "robot_after": None,
                "seats": {"N": "human", "E": "robot", "S": "human", "W": "robot"}, "names": {"S": "Ann"}}).json()
            page.goto(server + created["links"]["S"])
            # the page asks for a name only after it has fetched the session: wait for either
            page.wait_for_function("document.querySelector('#name-dialog[open]') || "
                                   "(window.redoubleState && window.redoubleState.board)")
            if page.locator("#name-dialog[open]").count():
                page.fill("#guest-name", "Ann")
                page.click("#name-form button[type=submit]")
            page.wait_for_function("window.redoubleState && window.redoubleState.board")
            mini = page.evaluate("window.redoubleState.board.minibridge")
            if mini["declarer"] == "S" and mini["choose"]:
                break
        else:
            pytest.fail("South never declared in 20 mini-bridge deals")
    hcp = mini["hcp"]
    assert hcp["N"] + hcp["S"] >= hcp["E"] + hcp["W"] and sum(hcp.values()) == 40
    page.wait_for_selector(".bidding-box .bid-btn")
    assert page.locator(".bidding-box .bid-btn:not([disabled])").count() == 35
    assert page.locator(".bidding-box .specials").count() == 0
    assert page.locator(".seat-top .card:not(.back)").count() == 13  # dummy faced at once
    note = page.inner_text("#centre-note")
    assert str(hcp["S"]) in note and "South" in note
    shoot(page, artifacts, "minibridge-choose-desktop")
    page.click(".bidding-box button[data-call='1NT']")
    page.wait_for_function("window.redoubleState.view.phase === 'play'")
    assert view(page)["contract"] == "1NT" and view(page)["declarer"] == "S"
    # The announced points stay in the header for everyone; mini-bridge has no vulnerability.
    points = page.inner_text("#mini-points")
    assert all(f"{seat} {hcp[seat]}" in points for seat in "NESW"), points
    assert page.locator("#board-info .vul").count() == 0 and page.locator(".nameplate.vul").count() == 0
    assert play_out_by_clicking(page) == 26
    page.wait_for_selector("#record-dialog[open]")
    page.click(".record-close button")
    page.wait_for_selector("#score table.results tbody tr[data-board='1']")
    shoot(page, artifacts, "minibridge-done-desktop")


def test_people_answer_a_claim(server: str, browser: Any, page: Any, artifacts: Path) -> None:
    """South (declarer) claims the rest; East and West, two people, see the claim with Accept
    and Reject on their pages; West rejects and play goes on, South is told."""
    links = create_table(page, server, seats={"N": "robot", "E": "human", "S": "me", "W": "human"})
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    east, west = (context.new_page() for context in contexts)
    try:
        join(east, links["E"], "Eva")
        join(west, links["W"], "Wim")
        take_seat(page)
        actors = {"S": page, "E": east, "W": west}  # South plays dummy's cards too
        slam = None
        made = 0
        while True:
            current = next_turn(page, "SEW", made)
            if current["phase"] != "auction" and len(current["tricks"]) >= 2:
                break
            made = made_in(current)
            player = actors[current["actor"]]
            mine = take_turn(player, current["actor"], made)
            if mine["phase"] == "auction":
                call = "Pass"
                if current["actor"] == "S" and slam is None:
                    call = slam = grand_slam_for_south(mine["auction"], mine["legal_calls"])
                make_call(player, call)
            else:
                card = mine["legal_cards"][0]
                click_card(player, card)
                player.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}')")
            made += 1
        assert view(page)["declarer"] == "S" and view(page)["phase"] == "play"
        remaining = 13 - len(view(page)["tricks"])
        page.click("#claim-btn")
        page.click("#claim-form button[type=submit]")
        for defender in (east, west):
            defender.wait_for_selector("#claim-request #accept-claim")
            text = defender.inner_text("#claim-request")
            assert "South" in text and str(remaining) in text
        # While the claim is pending the claimer's hand is faced (Law 68C).
        west.wait_for_function("Object.keys(window.redoubleState.view.hands).includes('S')")
        shoot(west, artifacts, "claim-seen-by-opponent")
        page.wait_for_selector("#claim-request #withdraw-claim")
        west.click("#reject-claim")
        page.wait_for_function("window.redoubleState.view.phase === 'play'")
        page.wait_for_selector("#toast:not([hidden])")
        assert "West" in page.inner_text("#toast")
        # West's page hears of its own rejection when South's does, not necessarily before we look
        west.wait_for_function("window.redoubleState.view.phase === 'play'")
        assert "S" not in view(west)["hands"]  # after the claim South's hand is closed again
    finally:
        for context in contexts:
            context.close()


# --- pace, the trick in the middle, the board's end, undo against robots (issue 12) ------------

RECORD_FRAMES = """
window.__frames = [];
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "event" && data.seq) window.__frames.push({ at: performance.now(), event: data.event });
    });
  }
};
"""


def test_robots_play_at_a_persons_pace_and_the_trick_stays(server: str, page: Any, artifacts: Path) -> None:
    """The lobby suggests a person's pace when a person sits (fast for robots alone); the robots'
    calls then come about a second apart, a finished trick stays in the middle naming its
    winner, and at the board's end the result and last trick show before the hand record."""
    page.goto(f"{server}/")
    for seat in "NESW":
        page.check(f"input[name=seat-{seat}][value=robot]")
    assert page.input_value("#pace") == "fast"
    page.check("input[name=seat-S][value=me]")
    assert page.input_value("#pace") == "human"

    page.add_init_script(RECORD_FRAMES)
    create_table(page, server, pace=None)
    take_seat(page)
    assert page.evaluate("window.redoubleState.table.pace") == "human"
    declare(page)
    frames = page.evaluate("window.__frames")
    gaps = [later["at"] - earlier["at"] for earlier, later in itertools.pairwise(frames)
            if later["event"]["type"] == "call" and later["event"]["seat"] != "S"]
    assert gaps, frames
    # a robot's call comes a second after the call before it (frames may bunch up on arrival)
    assert statistics.median(gaps) >= 900 and min(gaps) >= 300, gaps

    # The first trick: when its fourth card falls it stays in the middle, its winner named.
    while not view(page)["tricks"]:
        assert wait_turn_or_end(page) == "play"
        card = view(page)["legal_cards"][0]
        click_card(page, card)
        page.wait_for_function(f"!window.redoubleState.view.legal_cards.includes('{card}')")
    page.wait_for_selector("#trick-won")
    winner = view(page)["tricks"][0]["winner"]
    assert page.get_attribute("#trick-won", "data-seat") == winner
    assert page.locator("#trick .card").count() == 4
    assert page.locator("#trick .card.winner").count() == 1
    shoot(page, artifacts, "trick-won-desktop")

    # Concede the rest: the result and the last trick show first; the hand record follows.
    wait_turn_or_end(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#concede-btn")
    page.wait_for_function("window.redoubleState.view.phase === 'done'")
    page.wait_for_selector("#board-result")
    assert page.locator("#record-dialog[open]").count() == 0
    final = view(page)
    # conceded at a trick's start the current trick holds no card yet: the last trick's stay
    on_table = (final["current_trick"] or {}).get("cards") or final["tricks"][-1]["cards"]
    assert page.locator("#trick .card").count() == len(on_table) > 0  # the last cards stay
    shoot(page, artifacts, "board-end-before-record-desktop")
    page.wait_for_selector("#record-dialog[open]")
    # The record says the tricks after the concession were not played (Law 68).
    assert page.inner_text("#claimed-note").startswith(f"The last {13 - len(final['tricks'])} tricks were claimed")


def test_undo_against_robots_takes_back_their_cards_too(server: str, page: Any) -> None:
    """Undo is offered only when it would be taken: not before our first call, not where it would
    cross the opening lead; after dummy's card and the robot's answer, Undo takes both back."""
    create_table(page, server)
    take_seat(page)
    wait_my_call(page)
    assert not page.is_visible("#undo-btn")  # nothing of ours to take back yet
    declare(page)
    page.wait_for_function("window.redoubleState.view.actor === 'S'"
                           " && window.redoubleState.view.turn === 'N'")
    assert not page.is_visible("#undo-btn")  # back past our call would cross the opening lead
    lead = view(page)["current_trick"]["cards"]
    assert len(lead) == 1
    card = view(page)["legal_cards"][0]
    click_card(page, card)
    page.wait_for_function("window.redoubleState.view.current_trick"
                           " && window.redoubleState.view.current_trick.cards.length === 3")
    page.wait_for_selector("#undo-btn:visible")
    page.click("#undo-btn")
    page.wait_for_function("window.redoubleState.view.current_trick.cards.length === 1"
                           " && window.redoubleState.view.turn === 'N'")
    assert view(page)["current_trick"]["cards"] == lead
    assert card in view(page)["legal_cards"]
    page.wait_for_selector("#undo-btn", state="hidden")


def test_robots_explain_in_the_viewer_s_language_and_to_their_partner(server: str, browser: Any) -> None:
    """A Dutch player sees the robots' explanations in Dutch (the system's own words), its robot
    partner's too (as on BBO); the explanation pops up from the auction."""
    from redouble.robots.systems import DEFAULT_SYSTEM as SYSTEM

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="nl-NL")
    page = context.new_page()
    try:
        create_table(page, server)
        take_seat(page)
        page.wait_for_function("window.redoubleState.view.auction.some(e => e.seat === 'N' && e.explanation)"
                               " || window.redoubleState.view.phase !== 'auction'")
        shown = view(page)
        calls = [Call.parse(entry["call"]) for entry in shown["auction"]]
        dealer = Seat.parse(shown["dealer"])
        vulnerability = Vulnerability.parse(shown["vulnerability"])
        explained = [(i, e) for i, e in enumerate(shown["auction"]) if e["seat"] != "S"]
        assert explained
        for index, entry in explained:
            assert entry.get("explanation") == SYSTEM.explain(dealer, vulnerability, calls, index, lang="nl"), entry
        north = [(i, e) for i, e in explained if e["seat"] == "N"]
        assert north and all(e.get("explanation") for _, e in north)  # the robot partner's meaning
        assert any(e["explanation"] != SYSTEM.explain(dealer, vulnerability, calls, i, lang="en")
                   for i, e in explained)
        unique = [e for _, e in explained if sum(x["call"] == e["call"] for x in shown["auction"]) == 1]
        if unique:
            page.click(f"table.auction [data-call='{unique[0]['call']}']")
            page.wait_for_selector(".explanation-pop")
            assert page.inner_text(".explanation-pop") == unique[0]["explanation"]
    finally:
        context.close()


def test_a_second_tab_replaces_the_first_which_can_take_the_seat_back(server: str, browser: Any) -> None:
    """The same seat opened in a second tab: the first says so, offers no bidding box, and can
    take the seat back (the second then says so)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    first, second = context.new_page(), context.new_page()
    try:
        links = create_table(first, server)
        first.goto(links["S"])
        wait_my_call(first)
        second.goto(links["S"])
        wait_my_call(second)
        first.wait_for_selector("#replaced:not([hidden])")
        assert "another tab" in first.inner_text("#replaced")
        assert first.locator(".bidding-box button[data-call]:not([disabled])").count() == 0
        assert first.locator("button.card.legal").count() == 0
        assert second.locator("#replaced:not([hidden])").count() == 0
        first.click("#take-back")
        second.wait_for_selector("#replaced:not([hidden])")
        first.wait_for_selector("#replaced", state="hidden")
        wait_my_call(first)
        make_call(first, "Pass")  # the seat acts from the first tab again
    finally:
        context.close()


def test_english_words_agree_in_number(server: str, page: Any) -> None:
    """Screen readers hear "1 diamond" and "2 diamonds"; one overtrick and one board in the singular."""
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-grid .seat-card")
    words = page.evaluate("""async () => { const m = await import('/static/js/i18n.js');
        return [m.callName('1D'), m.callName('2D'), m.callName('1NT'), m.t('made_over_one'),
                m.t('boards_played_one'), m.t('made_over', { n: 2 })]; }""")
    assert words == ["1 diamond", "2 diamonds", "1 notrump", "made with 1 overtrick", "1 board played",
                     "made with 2 overtricks"]


def test_a_duplicate_table_ends_with_a_final_summary(server: str, page: Any, artifacts: Path) -> None:
    """The last board of a duplicate table over, the felt shows the set's summary (BBO's end of a
    set): boards played and each side's total in IMPs."""
    with api(server) as client:
        created = client.post("/api/tables", json={
            "form": "duplicate", "scoring": "imps-vs-par", "boards": 1, "pace": "fast",
            "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}}).json()
    join(page, server + created["links"]["S"], "Ann")
    declare(page)
    play_out_by_clicking(page)
    page.wait_for_selector("#record-dialog[open]")
    page.click(".record-close button")
    page.click("#next-board")
    page.wait_for_selector("#final-summary", timeout=90_000)
    summary = page.inner_text("#final-summary")
    assert "1 board played" in summary and "IMPs" in summary and "WE" in summary.upper(), summary
    shoot(page, artifacts, "duplicate-final-summary")
