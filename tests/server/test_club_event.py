"""An event's combined ranking over the club console's HTTP API and page: built from the stored records of closed
sessions (each as it was closed, like the published pages), public, in English, Dutch, German and Norwegian.

Hand-worked: two tables, one board, a top of 2. Monday: 420 at table 1 (pairs 1 v 2) against 450 at table 2 (3 v
4), so pair 1 0%, 2 100%, 3 100%, 4 0%. Thursday, the same players under other numbers: 420 against 400, so pair
1 100%, 2 0%, 3 0%, 4 100%. The mean of the two: Cat – Dan 100%, Ann – Bob and Eve – Fay 50% (2=), Gus – Hal 0%.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from redouble.club.movement import Movement, PairId, Seating
from redouble.club.results import BoardResult
from redouble.club.session import PairSeated, Session, SessionClosed, SessionReopened
from redouble.club.store import ClubStore

from .test_club_live import club_client

MOVEMENT = Movement("two tables, one board", (Seating("A", 1, 1, PairId(1), PairId(2), (1,)),
                                              Seating("A", 2, 1, PairId(3), PairId(4), (1,))))


def _session(name: str, players: list[tuple[str, str]], first: int, second: int) -> Session:
    """A closed session: pairs 1-4 with these players, board 1's NS score at tables 1 and 2."""
    session = Session.open(name, MOVEMENT, by="td", event="Spring pairs")
    for number, names in enumerate(players, start=1):
        session.append(PairSeated(PairId(number), names), by="td")
    session.enter(BoardResult(1, PairId(1), PairId(2), score=first, table=1, round=1), by="td")
    session.enter(BoardResult(1, PairId(3), PairId(4), score=second, table=2, round=1), by="td")
    session.append(SessionClosed(), by="td")
    return session


@pytest.fixture
def event(tmp_path: Path) -> Iterator[tuple[TestClient, list[str]]]:
    """Monday and Thursday stored closed; Thursday then reopened for a correction not yet closed again, and a
    third session still open."""
    monday = _session("Monday", [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")], 420, 450)
    thursday = _session("Thursday", [("bob", "ann"), ("Fay", "Eve"), ("Gus", "Hal"), ("Dan", "Cat")], 420, 400)
    thursday.append(SessionReopened(), by="td", reason="late correction")
    thursday.correct(BoardResult(1, PairId(1), PairId(2), score=-50, table=1, round=1), by="td", reason="one down")
    running = Session.open("Friday", MOVEMENT, by="td", event="Spring pairs")
    with ClubStore(str(tmp_path / "club.db")) as store:
        ids = [store.create(session) for session in (monday, thursday, running)]
    with club_client(tmp_path) as client:
        yield client, ids


def test_the_combined_ranking_of_closed_sessions_as_json(event: tuple[TestClient, list[str]]) -> None:
    client, (monday, thursday, _) = event
    answer = client.get(f"/api/club/event?session={monday}&session={thursday}")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["name"], body["method"], body["lang"]) == ("Spring pairs", "percent", "en")
    assert body["sessions"] == [{"id": monday, "name": "Monday", "page": f"/club/{monday}/pages/index.html"},
                                {"id": thursday, "name": "Thursday", "page": f"/club/{thursday}/pages/index.html"}]
    # Thursday counts as it was closed (420 v 400), not with the correction made after it was reopened
    assert [(line["place"], line["names"], line["score"]) for line in body["lines"]] == [
        ("1", "Cat – Dan", 100.0), ("2=", "Ann – Bob", 50.0), ("2=", "Eve – Fay", 50.0), ("4", "Gus – Hal", 0.0)]
    ann = body["lines"][1]
    assert [(part["session"], part["pair"], part["percentage"]) for part in ann["sessions"]] == [
        ("Monday", "1", 0.0), ("Thursday", "1", 100.0)]
    assert ann["derivation"] == ("Ann – Bob: mean of 2 session percentages (Monday: 0.00%, Thursday: 100.00%) = "
                                 "50.00%; place 2= of 4, tied with Eve – Fay")
    assert ann["why"][0]["key"] == "event.percent"
    summed = client.get(f"/api/club/event?session={monday}&session={thursday}&by=mp&name=Spring final").json()
    ann = next(line for line in summed["lines"] if line["key"] == "ann & bob")
    assert (summed["name"], summed["unit"], ann["score"], ann["percentage"]) == ("Spring final", "MP", 2, 50.0)


@pytest.mark.parametrize(("lang", "title", "words"), [("en", "Combined ranking", "mean of 2 session percentages"),
                                                      ("nl", "Totaalstand", "gemiddelde van 2 zittingspercentages"),
                                                      ("de", "Gesamtwertung", "Mittel aus 2 Durchgangsprozenten"),
                                                      ("no", "Sammenlagt", "snitt av 2 sesjonsprosenter")])
def test_the_event_page_and_its_derivations_in_four_languages(event: tuple[TestClient, list[str]], lang: str,
                                                                title: str, words: str) -> None:
    client, (monday, thursday, _) = event
    query = f"session={monday}&session={thursday}&lang={lang}"
    derivation = client.get(f"/api/club/event?{query}").json()["lines"][0]["derivation"]
    assert words in derivation
    page = client.get(f"/club/event?{query}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert f"lang='{lang}'" in page.text and title in page.text and "Cat – Dan" in page.text
    index = "index.html" if lang == "en" else f"index-{lang}.html"
    assert f"/club/{thursday}/pages/{index}" in page.text
    # the pages the event links to are there, published from the stored log on first asking: Thursday's as it
    # was closed, though it has been reopened since
    for session_id in (monday, thursday):
        linked = client.get(f"/club/{session_id}/pages/{index}")
        assert linked.status_code == 200 and f"<html lang='{lang}'>" in linked.text
        assert "one down" not in linked.text  # the correction after reopening is not published


def test_what_cannot_be_combined_is_refused_clearly(event: tuple[TestClient, list[str]]) -> None:
    client, (monday, _, friday) = event
    for query, status, code, message in (
            (f"session={monday}&session={friday}", 409, "phase", "the session is not closed"),
            (f"session={monday}&session=nowhere", 404, "not_found", "there is no club session nowhere"),
            ("", 422, "bad_request", "name the closed sessions to combine"),
            (f"session={monday}&session={monday}", 422, "bad_request", "is named twice"),
            (f"session={monday}&by=best", 422, "bad_request", ""),
            ("&".join(["session=x"] * 61), 422, "bad_request", "at most 60 sessions, not 61")):
        for path in ("/api/club/event", "/club/event"):
            answer = client.get(f"{path}?{query}")
            assert answer.status_code == status, (path, query, answer.text)
            error = answer.json()["error"]
            assert error["code"] == code and message in error["message"] and "Traceback" not in answer.text


def test_a_carry_over_from_a_qualifying_stage_counts_in_the_json_and_on_the_page(
        event: tuple[TestClient, list[str]]) -> None:
    """Eve – Fay carry 80% from a qualifying stage (Monday 100%, Thursday 0%): (100 + 0 + 80 × 1) ÷ 3 = 60%, alone
    in second place; with the carry-over counting as half a session (100 + 0 + 40) ÷ 2.5 = 56%. Gus – Hal carry
    4.5 MPs into the matchpoint total: 0 + 0 + 4.5 MP, ahead of Cat – Dan's 2 + 2."""
    client, (monday, thursday, _) = event
    base = f"session={monday}&session={thursday}"
    body = client.get(f"/api/club/event?{base}&carry=Fay %26 Eve=80").json()
    assert [(line["place"], line["names"], line["carry"], line["score"]) for line in body["lines"]] == [
        ("1", "Cat – Dan", None, 100.0), ("2", "Eve – Fay", 80.0, 60.0), ("3", "Ann – Bob", None, 50.0),
        ("4", "Gus – Hal", None, 0.0)]
    assert body["lines"][1]["derivation"].startswith(
        "Eve – Fay: (Monday: 100.00%, Thursday: 0.00%; carry-over 80% × 1) ÷ 3 = 60.00%")
    half = client.get(f"/api/club/event?{base}&carry=Fay %26 Eve=80&carry_weight=0.5").json()
    assert half["lines"][1]["score"] == 56.0
    summed = client.get(f"/api/club/event?{base}&by=mp&carry=4=4.5").json()  # Gus – Hal were pair 4 on Monday
    assert [(line["place"], line["names"], line["carry"], line["score"]) for line in summed["lines"][:2]] == [
        ("1", "Gus – Hal", 4.5, 4.5), ("2", "Cat – Dan", None, 4)]
    for lang, heading in (("en", "Carry-over"), ("nl", "Meegenomen"), ("de", "Übertrag"), ("no", "Overført")):
        page = client.get(f"/club/event?{base}&carry=Fay %26 Eve=80&lang={lang}").text
        assert f"<th>{heading}</th>" in page and "<td>80</td><td title=" in page and ">60.00</td>" in page


def test_a_carry_over_the_event_cannot_take_is_refused_in_the_readers_language(
        event: tuple[TestClient, list[str]]) -> None:
    from redouble.server.messages import LANGUAGES, Message, catalogue, placeholders

    client, (monday, thursday, _) = event
    base = f"session={monday}&session={thursday}"
    for query, key, fields in (
            ("carry=Eve", "err_event_carry", {"carry": "Eve"}),
            ("carry=Eve %26 Fay=70&carry=Eve %26 Fay=80", "err_event_carry_twice", {"pair": "Eve & Fay"}),
            ("carry=Eve %26 Fey=80", "err_event_carry_pair", {"pair": "Eve & Fey", "value": "80"}),
            ("carry=Eve %26 Fay=180", "err_event_carry_percent", {"pair": "Eve & Fay", "value": "180"})):
        for path in ("/api/club/event", "/club/event"):
            answer = client.get(f"{path}?{base}&{query}")
            assert answer.status_code == 422, (path, query, answer.text)
            error = answer.json()["error"]
            assert (error["code"], error["key"], error["fields"]) == ("bad_request", key, fields)
            assert error["message"] == Message(key, tuple(fields.items())).english()
            for language in LANGUAGES:
                assert placeholders(catalogue(language)[key]) == set(fields)
    weight = client.get(f"/api/club/event?{base}&carry_weight=0").json()["error"]
    assert (weight["key"], weight["fields"]) == ("err_field_above", {"field": "carry_weight", "limit": "0"})
