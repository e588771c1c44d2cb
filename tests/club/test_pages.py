"""Published result pages: every part present, four languages, derivations, CSV, PDF, and a look in Chromium."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from club_support import SEED_TRAVELLER, seed_session
from test_session import play_shared_session

from redouble.club.movement import PairId
from redouble.club.pages import LABELS, print_pdf, render_pages, write_pages
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.session import Adjustment, BoardsDealt, Session, Slot, deal_boards, parse_result_line
from redouble.notation import Language


def adjusted_session() -> Session:
    session = play_shared_session()
    session.append(BoardsDealt(deal_boards([1, 2, 3, 4], seed="pages"), source="seed pages"), by="td")
    session.adjust(Slot("A", 1, 1, 1), Adjustment.parse("A+/A-"), by="td", reason="fouled board")
    session.adjust(Slot("A", 2, 2, 1), Adjustment.parse("420/-50"), by="td", reason="split score")
    session.penalise(Penalty(PairId(5), 25, PenaltyUnit.PERCENT_OF_TOP, reason="slow play"), by="td")
    return session


def test_every_part_is_on_the_page_with_its_derivation() -> None:
    session = adjusted_session()
    files = render_pages(session.state, log=session.records)
    assert set(files) == {"index.html", "index-nl.html", "index-de.html", "index-no.html", "handrecord.html",
                          "ranking.csv", "travellers.csv", "results.pbn", "results.xml"}
    assert "<SCORE>420/-50</SCORE>" in files["results.xml"]  # the split score as its code (usebio.score_code)
    page = files["index.html"]
    score = session.state.score()
    for pair in score.pairs:
        assert f"pair-A-{pair.pair}" in page  # every pair has its score card
        assert pair.derivation.replace("×", "×") in page.replace("&#x27;", "'")  # and its derivation
        if pair.percentage is not None:
            assert f"{pair.percentage:.2f}" in page
    assert "Player 3a – Player 3b" in page
    for number in (1, 2, 3, 4):
        assert f"id='board-{number}'" in page
    assert "Double dummy" in page and "Par:" in page  # the hand with its DD table and par
    assert "Frequencies" in page
    assert "(adjusted A+/A-)" in page and "(adjusted 420/-50)" in page
    assert "fouled board" in page and "slow play" in page  # the audit of adjustments
    assert "How the points were found" in page
    assert "4S N, 11 tricks: trick score 120 + overtricks 30 + game bonus 300 = 450 (Law 77)" in page
    for line in score.board(3).lines:
        assert line.ns_derivation.replace("'", "&#x27;") in page


@pytest.mark.parametrize(("code", "words", "notrump"), [
    ("en", ("Ranking", "Travellers", "Score cards", "Dealer"), "NT"),
    ("nl", ("Uitslag", "Scorebriefjes", "Persoonlijke scorekaarten", "Gever"), "SA"),
    ("de", ("Rangliste", "Boardzettel", "Persönliche Scorekarten", "Teiler"), "SA"),
    ("no", ("Resultatliste", "Spilloversikt", "Personlige scorekort", "Giver"), "NT"),
])
def test_four_languages(code: str, words: tuple[str, ...], notrump: str) -> None:
    session = adjusted_session()
    files = render_pages(session.state, lang=code, log=session.records)
    page = files["index.html"]
    assert f"<html lang='{code}'>" in page
    for word in words:
        assert word in page
    assert f"3{notrump}" in page  # 3NT on board 2, in the language's notation
    assert set(LABELS[code]) == set(LABELS["en"])


@pytest.mark.parametrize(("code", "adjusted", "penalty"), [
    ("en", "adjusted table 1, round 1, board 1: A+/A-", "penalty to pair 5: −25% of a top"),
    ("nl", "arbitrale score tafel 1, ronde 1, spel 1: A+/A-", "straf voor paar 5: −25% van een top"),
])
def test_the_directors_changes_are_worded_in_the_pages_language(code: str, adjusted: str, penalty: str) -> None:
    """The audit of adjustments says what the director did in the page's language (the catalogues' club_log
    messages, as the director's console words them), beside the director's own reason."""
    session = adjusted_session()
    page = render_pages(session.state, lang=code, log=session.records)["index.html"]
    assert adjusted in page and penalty in page and "fouled board" in page
    if code != "en":
        assert "adjusted table" not in page and "penalty to pair" not in page


def test_csv_files_hold_the_ranking_and_every_line() -> None:
    session = adjusted_session()
    files = render_pages(session.state, log=session.records)
    ranking = list(csv.DictReader(io.StringIO(files["ranking.csv"])))
    assert len(ranking) == 7
    assert {row["pair"] for row in ranking} == {str(n) for n in range(1, 8)}
    five = next(row for row in ranking if row["pair"] == "5")
    assert float(five["penalty"]) > 0
    lines = list(csv.DictReader(io.StringIO(files["travellers.csv"])))
    assert len(lines) == 12
    adjusted = next(row for row in lines if (row["board"], row["table"], row["round"]) == ("1", "1", "1"))
    assert adjusted["adjusted"] == "A+/A-"


def test_pages_before_any_result_and_as_of_a_moment() -> None:
    session = seed_session()
    files = render_pages(session.state)
    assert "Provisional: 49 results still to come" in files["index.html"]
    assert "ranking.csv" not in files
    for ns, ew, typed, _, _ in SEED_TRAVELLER:
        line = parse_result_line(typed, board=1, ns=PairId(ns), ew=PairId(ew))
        assert isinstance(line, BoardResult)
        session.enter(line, by="scorer")
    moment = session.records[-1].at
    session.correct(BoardResult(1, PairId(3), PairId(11), score=300), by="td", reason="9 tricks")
    then = render_pages(session.as_of(moment), languages=[Language.ENGLISH])
    now = render_pages(session.state, languages=[Language.ENGLISH])
    assert "<td>500</td>" in then["index.html"] and "<td>500</td>" not in now["index.html"]
    assert "<td>300</td>" in now["index.html"]


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
@pytest.mark.parametrize("code", ["en", "nl", "de", "no"])
def test_pages_fit_desktop_and_phone_in_chromium(browser: Any, tmp_path: Path, width: int, height: int,
                                                 code: str) -> None:
    session = adjusted_session()
    write_pages(session.state, tmp_path, lang=code, log=session.records, languages=[Language.parse(code)])
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto((tmp_path / "index.html").as_uri())
        page.wait_for_selector("#board-4")
        # Nothing wider than the screen: wide tables scroll inside their own box.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        for selector in ("#board-1 table.grid", "#board-1 table.dd", "#ranking"):
            box = page.locator(selector).first.bounding_box()
            assert box is not None and box["width"] > 0
        # The points of each line tell how they were found.
        cell = page.locator("#board-3 td[title]").first
        beats = {"en": "beats", "nl": "wint van", "de": "schlägt", "no": "slår"}[code]
        assert beats in (cell.get_attribute("title") or "")
        page.locator("#board-3 details summary").click()
        page.wait_for_selector("#board-3 details[open] li")
        page.screenshot(path=str(tmp_path / f"results-{code}-{width}.png"), full_page=True)
    finally:
        page.close()


def test_pdf_through_chromium(tmp_path: Path) -> None:
    session = adjusted_session()
    write_pages(session.state, tmp_path, log=session.records, languages=[Language.ENGLISH])
    pdf = print_pdf(tmp_path / "index.html", tmp_path / "results.pdf")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 10_000


def test_butler_pages_show_imps_and_the_datum() -> None:
    from club_support import clock, seed_movement

    from redouble.club.scoring import Method

    session = Session.open("Butler night", seed_movement(), by="td", method=Method.BUTLER, clock=clock())
    for ns, ew, typed, _, _ in SEED_TRAVELLER:
        line = parse_result_line(typed, board=1, ns=PairId(ns), ew=PairId(ew))
        assert isinstance(line, BoardResult)
        session.enter(line, by="scorer")
    page = render_pages(session.state, languages=[Language.ENGLISH])["index.html"]
    assert "NS IMPs" in page and "Datum 380" in page  # −50 and 500 dropped, mean 378 → 380
    assert "rounded to 10" in page
    # Board 2 has no result yet: its tables are listed, waiting.
    board2 = page.split("id='board-2'", 1)[1].split("</section>", 1)[0]
    assert board2.count("…") == 7


def test_pbn_and_usebio_files_read_back_and_agree() -> None:
    from redouble.club.pbnresults import check_pbn, read_results_pbn
    from redouble.club.usebio import check_usebio, read_usebio

    session = play_shared_session()
    session.adjust(Slot("A", 1, 1, 1), Adjustment.parse("A+/A-"), by="td", reason="fouled board")
    files = render_pages(session.state, log=session.records, languages=[Language.ENGLISH])
    assert check_pbn(read_results_pbn(files["results.pbn"])) == []
    event = read_usebio(files["results.xml"].encode("utf-8"))
    assert check_usebio(event) == []
    assert "Player 1a" in files["results.xml"]
