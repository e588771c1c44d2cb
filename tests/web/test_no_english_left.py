"""No English left in other languages (issue 12): the lobby, the table and the hand record are
loaded in Dutch, German and Norwegian, every visible text (and what screen readers and
placeholders say) is walked, and any word that the page's language catalogue does not hold —
an English leftover, hard-coded or sent by the server — fails, unless it is a proper name or
bridge notation of the allow-list."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from redouble.notation import Language
from redouble.seats import Seat

from .test_browser import api, declare, shoot, wait_turn_or_end

CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "redouble" / "web" / "static" / "i18n"
WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)

ALLOW = {
    # proper names: the program, the players of these tests, the robots' engine, languages
    "redouble", "Ann", "English", "Nederlands", "Deutsch", "Norsk",
    # notation and units every language here writes the same way
    "NT", "IMPs", "IMP", "MP", "PBN", "LIN", "SHA", "XX", "Pass",
}

COLLECT = """() => {
  const out = [];
  const spoken = [];  // the robots' explanations: the system's own words in the language
  const seen = (el) => el && (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest("script, style, select, code, .name")) continue;
    if (seen(el)) out.push(text);
  }
  for (const el of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
    if (!seen(el) || el.closest("code, select")) continue;
    if (el.closest(".auction") && el.classList.contains("call")) {
      spoken.push(el.getAttribute("aria-label") || "");
      continue;
    }
    for (const attr of ["aria-label", "placeholder", "title"]) {
      const value = el.getAttribute(attr);
      if (value) out.push(value);
    }
  }
  for (const select of document.querySelectorAll("select")) {
    if (seen(select) && select.selectedOptions[0]) out.push(select.selectedOptions[0].textContent.trim());
  }
  return {out, spoken};
}"""


def _words(lang: str) -> set[str]:
    data = json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))
    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            words.update(WORD.findall(re.sub(r"\{\w+\}", " ", value)))
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(data)
    return words


def _without_contracts(text: str, lang: str) -> str:
    """``text`` with its contracts blanked: ``7SAX`` (7 no trumps doubled in Dutch) is notation,
    level, strain and doubling in the language's letters, not a word."""
    language = Language.parse(lang)
    strains = "|".join(re.escape(letter) for letter in (*language.suit_letters, language.notrump))
    return re.sub(rf"\b[1-7](?:{strains})X{{0,2}}\b", " ", text)


def _leftovers(texts: dict[str, list[str]], lang: str, names: set[str]) -> set[str]:
    """Words of the page's texts its catalogue does not hold; in the robots' explanations
    (worded by the bidding system, not the catalogue) the words only English has."""
    known = _words(lang) | ALLOW | names
    lower = {word.lower() for word in known}
    english = {word.lower() for word in _words("en")} - lower
    found = set()
    for text in texts["out"]:
        for word in WORD.findall(_without_contracts(text, lang)):
            if word not in known and word.lower() not in lower:
                found.add(f"{word!r} in {text[:80]!r}")
    for text in texts["spoken"]:
        for word in WORD.findall(text):
            if word.lower() in english:
                found.add(f"{word!r} in the explanation {text[:80]!r}")
    return found


def _robot_names(page: Any) -> set[str]:
    seats = page.evaluate("Object.values(window.redoubleState.table.seats).map(s => s.name)")
    return {word for name in seats for word in WORD.findall(name)}


@pytest.mark.parametrize("lang", ["nl", "de", "no"])
def test_the_lobby_the_table_and_the_hand_record_speak_only_the_language(
        server: str, browser: Any, artifacts: Path, lang: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    found: dict[str, set[str]] = {}
    try:
        page.goto(f"{server}/?lang={lang}")
        page.wait_for_selector("#create-form")
        page.wait_for_function("document.documentElement.lang !== 'en'")
        page.click("details.options summary")
        with api(server) as client:  # the lobby lists other tables with their players' names
            listed = {word for table in client.get("/api/tables").json()["tables"]
                      for seat in table["seats"].values() for word in WORD.findall(seat["name"])}
        for form in ("rubber", "duplicate"):
            page.check(f"input[name=form][value={form}]")
            found[f"lobby {form}"] = _leftovers(page.evaluate(COLLECT), lang, listed)
        shoot(page, artifacts, f"audit-lobby-{lang}")

        with api(server) as client:
            created = client.post("/api/tables", json={
                "form": "rubber", "pace": "fast",
                "seats": {"N": "robot", "E": "robot", "S": "human", "W": "robot"}}).json()
        page.goto(f"{server}/table/{created['id']}?token={created['tokens']['S']}&lang={lang}")
        page.wait_for_selector("#name-dialog[open]")
        found["name dialog"] = _leftovers(page.evaluate(COLLECT), lang, set())
        page.fill("#guest-name", "Ann")
        page.click("#name-form button[type=submit]")
        page.wait_for_function("window.redoubleState && window.redoubleState.view"
                               " && window.redoubleState.view.actor === 'S'")
        names = _robot_names(page)
        found["auction"] = _leftovers(page.evaluate(COLLECT), lang, names)
        declare(page)
        wait_turn_or_end(page)
        found["play"] = _leftovers(page.evaluate(COLLECT), lang, names)
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#concede-btn")
        page.wait_for_selector("#record-dialog[open] #replay", timeout=60_000)
        page.wait_for_selector("#record .analysis", timeout=60_000)  # the post-mortem came
        page.keyboard.press("End")
        found["hand record"] = _leftovers(page.evaluate(COLLECT), lang, names)
        shoot(page, artifacts, f"audit-record-{lang}")
        page.click(".record-close button")
        found["board end"] = _leftovers(page.evaluate(COLLECT), lang, names)
        shoot(page, artifacts, f"audit-table-{lang}")
    finally:
        context.close()
    assert not errors, errors
    left = {where: words for where, words in found.items() if words}
    assert not left, f"English (or other untranslated words) on the {lang} pages: {left}"


def test_the_audit_finds_the_leftovers_the_issue_names() -> None:
    """``Dealer Zuid``, ``Vul EW`` and ``(not alerted)`` were English left on Dutch pages."""
    page = {"out": ["Dealer Zuid", "Vul EW", "1♥ (not alerted)", "Gever: Z", "Kwetsbaar: O-W"],
            "spoken": ["1NT, 15-17 points", "1SA, 15-17 punten"]}
    found = {entry.split(" in ")[0] for entry in _leftovers(page, "nl", set())}
    # "Vul" is Dutch too (vullen) and "EW" a pair's number ("5EW"): the catalogue holds both now
    assert {"'Dealer'", "'not'", "'alerted'", "'points'"} <= found
    assert not found & {"'Gever'", "'Kwetsbaar'", "'Zuid'", "'punten'", "'SA'"}


@pytest.mark.parametrize("lang", ["en", "nl", "de", "no"])
def test_a_seat_nobody_named_is_called_by_its_seat_in_the_lobbys_language(
        server: str, browser: Any, lang: str) -> None:
    """A person's seat with no name chosen is listed as the seat, in the page's language ("Noord"
    on a Dutch lobby); a name a person chose is listed as typed."""
    with api(server) as client:
        created = client.post("/api/tables", json={
            "form": "rubber", "names": {"S": "Ann"},
            "seats": {"N": "human", "E": "robot", "S": "human", "W": "robot"}}).json()
        seats = client.get(f"/api/tables/{created['id']}").json()["seats"]
    assert seats["N"]["name"] == "" and seats["S"]["name"] == "Ann"  # the default is not stored
    north = Seat.NORTH.format(lang=lang, full=True)
    html_lang = "nb" if lang == "no" else lang
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    try:
        page.goto(f"{server}/?lang={lang}")
        item = f"#tables li[data-table='{created['id']}']"
        page.wait_for_selector(item)
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=html_lang)
        text = page.inner_text(item)
    finally:
        context.close()
    assert north in text and "Ann" in text
    if lang != "en":
        assert "North" not in text


@pytest.mark.parametrize("lang", ["nl", "de", "no"])
def test_the_club_table_page_and_the_directors_console_speak_only_the_language(
        server: str, browser: Any, artifacts: Path, lang: str) -> None:
    """A club session's phone page (North's keypad, East-West's check) and the director's console,
    with its audit log: who made each change ("tafel 1 NZ", "wedstrijdleider") is worded too. The
    movement's name ("Mitchell 3 tables", in the log's first line) is the movement's stored name."""
    with api(server) as client:
        created = client.post("/api/club/sessions", json={
            "name": f"Audit {lang}", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2},
            "seed": "audit", "pairs": {"1NS": ["Ann", "Bob"], "1EW": ["Cat", "Dan"]}}).json()
        for table in ("1", "2"):  # table 1 enters two boards and confirms one; table 2 the one of those
            token = created["tables"][table]["token"]
            base = f"/api/club/sessions/{created['id']}/tables/{table}"
            boards = [b["board"] for b in client.get(base, params={"token": token, "round": 1}).json()["boards"]]
            for board in boards[:2 if table == "1" else 1]:
                entered = client.post(f"{base}/results?token={token}", json={
                    "entry_id": f"audit-{table}-{board}", "round": 1, "board": board, "contract": "4S",
                    "declarer": "N", "tricks": "=" if table == "1" else "-1"})
                assert entered.status_code == 200, entered.text
            confirmed = client.post(f"{base}/confirm?token={token}", json={
                "entry_id": f"audit-{table}-ok", "round": 1, "board": boards[0], "side": "EW"})
            assert confirmed.status_code == 200, confirmed.text
    names = {"Ann", "Bob", "Cat", "Dan", "Audit", "Mitchell", "tables"}
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    found: dict[str, set[str]] = {}
    html_lang = "nb" if lang == "no" else lang
    try:
        for where, link, ready in (("keypad", created["tables"]["3"]["link"], "#seating .pair ~ .pair"),
                                   ("check", created["tables"]["1"]["link"], "#verify:not([hidden])"),
                                   ("console", created["director"]["link"], "#log li")):
            page.goto(f"{server}{link}&lang={lang}")
            page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=html_lang)
            page.wait_for_selector(ready)
            found[where] = _leftovers(page.evaluate(COLLECT), lang, names)
            if where == "keypad":  # the keypad writes the language's notation: "SA", Dutch "H" for the king
                keys = page.eval_on_selector_all("#strains button, #lead-ranks button",
                                                 "(els) => els.map((el) => el.textContent)")
                notation = Language.parse(lang).table
                assert notation.notrump in keys and set(notation.honours) <= set(keys), keys
            if where == "console":  # the ranking's percentages with the language's decimal comma
                page.wait_for_selector("#ranking td.pct")
                shown = page.inner_text("#ranking")
                assert re.search(r"\d,\d+\s?%", shown) and not re.search(r"\d\.\d+\s?%", shown), shown
            shoot(page, artifacts, f"audit-club-{where}-{lang}")
    finally:
        context.close()
    assert not errors, errors
    left = {where: words for where, words in found.items() if words}
    assert not left, f"English (or other untranslated words) on the {lang} club pages: {left}"


@pytest.mark.parametrize("lang", ["nl", "de", "no"])
def test_an_online_sessions_pages_speak_only_the_language(server: str, browser: Any, artifacts: Path,
                                                          lang: str) -> None:
    """The online session's director page (its tables' NS/EW columns, the averages a director gives) and
    a player's page (the frame the web table plays in) in the language, what is shown and what is said."""
    pairs = {pair: {"kind": "robots"} for pair in ("1NS", "2NS", "3NS", "2EW", "3EW")}
    pairs["1EW"] = {"kind": "person_robot", "players": ["Ann"]}
    with api(server) as client:
        created = client.post("/api/online/sessions", json={
            "name": f"Online {lang}", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1},
            "pairs": pairs, "pace": "fast"}).json()
    words = _words(lang)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page = context.new_page()
    html_lang = "nb" if lang == "no" else lang
    try:
        page.goto(f"{server}{created['director']}&lang={lang}")
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=html_lang)
        page.wait_for_selector("#pairs tr")
        found = _leftovers(page.evaluate(COLLECT), lang, {"Ann", "Online", "Mitchell", "tables"})
        heads = page.eval_on_selector_all("table.tables th", "(els) => els.map((el) => el.textContent)")
        said = page.eval_on_selector_all("#decide select", "(els) => els.map((el) => el.getAttribute('aria-label'))")
        averages = page.eval_on_selector_all("#decide option", "(els) => els.map((el) => el.textContent)")
        shoot(page, artifacts, f"audit-online-director-{lang}")
        page.goto(f"{server}{created['players']['1EW']['1']}&lang={lang}")
        page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=html_lang)
        frame = page.get_attribute("#table", "title") or ""
    finally:
        context.close()
    assert not found, found
    sides = [Language.parse(lang).table.seats[index] + Language.parse(lang).table.seats[index + 2] for index in (0, 1)]
    assert heads[1:3] == sides and said == sides, (heads, said)  # "NZ"/"OW" in Dutch, "ØV" in Norwegian
    assert all(WORD.findall(option)[0] in words and "Av" not in option for option in averages), averages
    assert frame and set(WORD.findall(frame)) <= words and frame != "table", frame
