"""The club's phone pages in Debian's Chromium at 390×844: North enters and East-West confirm, a wrong
entry refused by East-West, a director's correction re-ranking a watcher's page, and a network dropped
and restored with the entry arriving once. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import ARTIFACTS, DESKTOP, PHONE, serving

PASSWORD = "grand slam"


@pytest.fixture(autouse=True)
def _patient() -> None:
    """Generous deadlines: the machine is shared, and a page may wait on double-dummy analysis for its flags."""
    from playwright.sync_api import expect

    expect.set_options(timeout=60_000)


@pytest.fixture(scope="module")
def club_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``redouble serve`` with its own database and pages folder, no robots; yields its base URL."""
    folder = tmp_path_factory.mktemp("club")
    ARTIFACTS.mkdir(exist_ok=True)
    with serving(folder, "--robot-workers", "0", "--club-pages", str(folder / "pages"),
                 env={"REDOUBLE_CLUB_PASSWORD": PASSWORD}) as base:
        yield base


def _session(base: str, boards_per_round: int = 2) -> dict[str, Any]:
    answer = httpx.post(f"{base}/api/club/sessions", json={
        "name": "Phone night", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": boards_per_round},
        "seed": "phone night", "pairs": {"1NS": ["Ann", "Bob"], "1EW": ["Cat", "Dan"]}, "password": PASSWORD},
        timeout=30)
    answer.raise_for_status()
    created: dict[str, Any] = answer.json()
    return created


def _phone(browser: Any, base: str, path: str, errors: list[str], viewport: dict[str, int] = PHONE) -> Any:
    context = browser.new_context(viewport=viewport, locale="en-GB", base_url=base)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(60_000)
    page.goto(path)
    return page


def _enter(page: Any, level: str, strain: str, declarer: str, result: str) -> None:
    page.click(f"#levels button[data-level='{level}']")
    page.click(f"#strains button[data-strain='{strain}']")
    page.click(f"#declarers button[data-declarer='{declarer}']")
    page.click(f"#results button[data-result='{result}']")
    page.click("#enter")


def _log(base: str, created: dict[str, Any]) -> list[dict[str, Any]]:
    overview = httpx.get(f"{base}/api/club/sessions/{created['id']}?token={created['director']['token']}",
                         timeout=30).json()
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
                             params={"token": token, "round": round_}, timeout=30).json()
            board = view["boards"][0]["board"]
            body = {"entry_id": f"e{round_}{table}", "round": round_, "board": board, "contract": "4S",
                    "declarer": "N", "tricks": "="}
            assert httpx.post(f"{club_server}/api/club/sessions/{sid}/tables/{table}/results?token={token}",
                              json=body, timeout=30).status_code == 200
            assert httpx.post(f"{club_server}/api/club/sessions/{sid}/tables/{table}/confirm?token={token}",
                              json={"entry_id": f"c{round_}{table}", "round": round_, "board": board,
                                    "side": "EW"}, timeout=30).status_code == 200
    errors: list[str] = []
    watcher = _phone(browser, club_server, created["ranking"], errors)
    expect(watcher.locator("tr[data-pair='1NS'] .place")).to_have_text("1=")
    director = _phone(browser, club_server, created["director"]["link"], errors, viewport=DESKTOP)
    expect(director.locator("#cell-1-1")).to_have_class(re.compile(r"\bdone\b"))
    form = director.locator("#correct")
    for name, value in (("table", "1"), ("round", "1"), ("board", "1"), ("contract", "4S"),
                        ("tricks", "-3"), ("reason", "tricks miscounted")):
        form.locator(f"input[name='{name}']").fill(value)
    form.locator("select[name='declarer']").select_option("N")
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
        "name": "Five tables", "movement": {"kind": "mitchell", "tables": 5, "boards_per_round": 1},
        "password": PASSWORD}, timeout=30)
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
                      json={"entry_id": "late", "round": 5, "board": 1, "contract": "pass"}, timeout=30)
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


CONSOLE = {"width": 1366, "height": 768}


def _fill(form: Any, **fields: str) -> None:
    for name, value in fields.items():
        form.locator(f"[name='{name}']").fill(value)


def _played_round_one(base: str, created: dict[str, Any]) -> None:
    """Every table of the 3-table Mitchell enters and confirms its two boards of round 1 (4S by North, made)."""
    for table in ("1", "2", "3"):
        token = created["tables"][table]["token"]
        for board in (2 * int(table) - 1, 2 * int(table)):
            for path, body in (("results", {"entry_id": f"e{board}", "round": 1, "board": board, "contract": "4S",
                                            "declarer": "N", "tricks": "="}),
                               ("confirm", {"entry_id": f"c{board}", "round": 1, "board": board, "side": "EW"})):
                answer = httpx.post(f"{base}/api/club/sessions/{created['id']}/tables/{table}/{path}",
                                    params={"token": token}, json=body, timeout=30)
                assert answer.status_code == 200, answer.text


def test_the_director_creates_a_session_with_the_form_and_the_password(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    page = _phone(browser, club_server, "/club/new", errors, viewport=CONSOLE)
    expect(page.locator("#password-field")).to_be_visible()
    form = page.locator("#create")
    _fill(form, name="Console night", tables="3", boards_per_round="2",
          pairs="1NS: Ann Smith, Bob Jones\n2 EW = Cat Low & Dan Hill")
    form.locator("select[name='kind']").select_option("howell")
    _fill(form, tables="4", password="wrong")
    form.locator("button[type='submit']").click()
    expect(page.locator("#message")).to_contain_text("director password")
    expect(form.locator("[name='name']")).to_have_value("Console night")  # nothing typed is lost
    form.locator("select[name='kind']").select_option("mitchell")
    _fill(form, tables="3", password=PASSWORD)
    page.screenshot(path=str(ARTIFACTS / "club-console-new-desktop.png"), full_page=True)
    form.locator("button[type='submit']").click()
    expect(page.locator("#title")).to_have_text("Director · Console night")
    expect(page.locator("#cell-3-3")).to_contain_text("3NS–1EW")
    expect(page.locator("#seat select[name='pair'] option[value='2EW']")).to_contain_text("Cat Low – Dan Hill")
    page.context.close()
    assert not errors


def test_the_console_seats_adjusts_undoes_withdraws_and_closes(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server)
    _played_round_one(club_server, created)
    errors: list[str] = []
    page = _phone(browser, club_server, created["director"]["link"], errors, viewport=CONSOLE)
    expect(page.locator("#cell-1-1")).to_have_class(re.compile(r"\bdone\b"))
    # a late pair takes its seat
    seat = page.locator("#seat")
    seat.locator("select[name='pair']").select_option("2EW")
    _fill(seat, player1="Eve", player2="Fay")
    seat.locator("[name='late']").check()
    seat.locator("button[type='submit']").click()
    expect(page.locator("#log")).to_contain_text("seated pair 2EW: Eve, Fay (late)")
    expect(seat.locator("select[name='pair'] option[value='2EW']")).to_contain_text("Eve – Fay ⏰")
    # an adjusted score with a reason; a split score without EW's half is refused and nothing is lost
    adjust = page.locator("#adjust")
    _fill(adjust, table="2", round="1", board="3")
    adjust.locator("select[name='kind']").select_option("split")
    _fill(adjust, ns_score="420", reason="misinformation")
    adjust.locator("button[type='submit']").click()
    expect(page.locator("#message")).to_contain_text("Refused, nothing stored")
    expect(adjust.locator("[name='reason']")).to_have_value("misinformation")
    adjust.locator("select[name='kind']").select_option("artificial")
    adjust.locator("select[name='artificial']").select_option("A-/A+")
    adjust.locator("button[type='submit']").click()
    expect(page.locator("#log")).to_contain_text("adjusted table 2, round 1, board 3: A-/A+ (misinformation)")
    expect(page.locator("#cell-2-1")).to_contain_text("3⚖")
    # undo it from its line in the log
    record = page.locator("#log li", has_text="adjusted table 2, round 1, board 3")
    record.locator("button").click()
    undo = page.locator("#undo")
    expect(undo.locator("[name='reason']")).to_be_focused()
    undo.locator("[name='reason']").fill("wrong table")
    undo.locator("button[type='submit']").click()
    expect(page.locator("#log")).to_contain_text("(wrong table)")
    expect(page.locator("#cell-2-1")).not_to_contain_text("⚖")
    # pair 3EW leaves after round 1: its opponents sit out, the new movement is checked
    withdraw = page.locator("#withdraw")
    withdraw.locator("select[name='pair']").select_option("3EW")
    withdraw.locator("select[name='from_round']").select_option("2")
    withdraw.locator("[name='reason']").fill("3EW went home")
    withdraw.locator("button[type='submit']").click()
    expect(page.locator("#log")).to_contain_text("without 3EW from round 2 (3EW went home)")
    expect(page.locator("#cell-1-2")).to_contain_text("1NS–—")
    page.screenshot(path=str(ARTIFACTS / "club-console-desktop.png"))
    page.screenshot(path=str(ARTIFACTS / "club-console-desktop-full.png"), full_page=True)
    # close with a reason, then publish; reopen is offered
    page.locator("#close-form [name='reason']").fill("3EW left; the rest is played")
    page.locator("#close").click()
    expect(page.locator("#published-index")).to_be_visible()
    expect(page.locator("#reopen-form")).to_be_visible()
    expect(page.locator("#log")).to_contain_text("closed the session and published its pages (3EW left")
    page.set_viewport_size(PHONE)
    expect(page.locator("#grid-panel")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "club-console-phone.png"), full_page=True)
    page.locator("#published-index").click()
    expect(page.locator("body")).to_contain_text("Phone night")
    page.context.close()
    assert not errors


def test_the_table_cards_qr_codes_open_the_tables_page(browser: Any, club_server: str) -> None:
    import io

    import zxingcpp
    from PIL import Image
    from playwright.sync_api import expect

    created = _session(club_server)
    errors: list[str] = []
    page = _phone(browser, club_server, created["director"]["link"], errors, viewport=CONSOLE)
    page.locator("#sheet-link").click()
    card = page.locator("#card-2")
    expect(card.locator(".first")).to_have_text("Round 1: NS pair 2NS v EW pair 2EW, boards 3–4")
    expect(card.locator("img.qr")).to_be_visible()
    page.wait_for_function("[...document.images].every((img) => img.complete && img.naturalWidth > 0)")
    page.screenshot(path=str(ARTIFACTS / "club-qr-sheet-desktop.png"), full_page=True)
    short = card.locator(".short a").inner_text()
    assert short.startswith(club_server + f"/t/{created['id']}/2/")
    decoded = zxingcpp.read_barcodes(Image.open(io.BytesIO(card.locator("img.qr").screenshot())))
    assert [result.text for result in decoded] == [short]
    phone = _phone(browser, club_server, short, errors)
    expect(phone.locator("#where")).to_have_text("Table 2 · Round 1")
    page.context.close()
    phone.context.close()
    assert not errors


def test_the_director_signs_in_with_the_password(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server)
    errors: list[str] = []
    page = _phone(browser, club_server, f"/club/{created['id']}/director", errors, viewport=CONSOLE)
    login = page.locator("#login")
    login.locator("[name='password']").fill("small slam")
    login.locator("button").click()
    expect(page.locator("#message")).to_contain_text("not the club's director password")
    login.locator("[name='password']").fill(PASSWORD)
    login.locator("button").click()
    expect(page.locator("#title")).to_have_text("Director · Phone night")
    assert created["director"]["token"] in page.url
    page.context.close()
    assert not errors


def test_the_ranking_and_the_console_speak_dutch(browser: Any, club_server: str) -> None:
    from playwright.sync_api import expect

    created = _session(club_server)
    _played_round_one(club_server, created)
    errors: list[str] = []
    context = browser.new_context(viewport=PHONE, locale="nl-NL", base_url=club_server)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(created["ranking"])
    expect(page.locator("#ranking h2")).to_have_text("Live uitslag")
    expect(page.locator("#ranking thead").first).to_contain_text("Plaats")
    expect(page.locator("#conn")).to_have_text("● live")
    page.screenshot(path=str(ARTIFACTS / "club-ranking-phone-nl.png"), full_page=True)
    page.goto(created["director"]["link"])
    expect(page.locator("#grid-panel h2")).to_have_text("Tafels × ronden")
    expect(page.locator("#adjust select[name='artificial'] option[value='A+/A-']")).to_have_text("NZ Gem+, OW Gem−")
    page.screenshot(path=str(ARTIFACTS / "club-console-phone-nl.png"))
    context.close()
    assert not errors


@pytest.mark.parametrize("locale, words", [
    ("en-GB", "Refused, nothing stored: amount must be at most 100"),
    ("nl-NL", "Geweigerd, niets opgeslagen: amount mag hoogstens 100 zijn"),
    ("de-DE", "Abgelehnt, nichts gespeichert: amount darf höchstens 100 sein"),
    ("nb-NO", "Avvist, ingenting lagret: amount kan være høyst 100"),
])
def test_a_request_the_schema_refuses_is_worded_in_the_consoles_language(browser: Any, club_server: str,
                                                                       locale: str, words: str) -> None:
    """A penalty of 150% (the form allows it, the API's schema does not) is refused in the page's language."""
    from playwright.sync_api import expect

    created = _session(club_server)
    errors: list[str] = []
    context = browser.new_context(viewport=CONSOLE, locale=locale, base_url=club_server)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(created["director"]["link"])
    penalty = page.locator("#penalty")
    expect(penalty.locator("select[name='pair'] option[value='1NS']")).to_have_count(1)
    penalty.locator("select[name='pair']").select_option("1NS")
    _fill(penalty, amount="150", reason="slow play")
    penalty.locator("button[type='submit']").click()
    expect(page.locator("#message")).to_have_text(words)
    expect(penalty.locator("[name='amount']")).to_have_value("150")  # nothing typed is lost
    context.close()
    assert not errors
