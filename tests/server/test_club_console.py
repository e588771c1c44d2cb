"""The director's console API: closing and reopening as records in the log (pages rebuilt from it), a pair
that leaves mid-session (sit-out or averages, the new movement validated), a new movement, the printable
sheet of QR codes (decoded), the club's director password, and the tables' traveller setting."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import segno
from fastapi.testclient import TestClient

from .test_club_live import _confirm, _create, _enter, _play_round_one, _token, club_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with club_client(tmp_path) as test_client:
        yield test_client


def _director(client: TestClient, created: dict[str, Any], action: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/club/sessions/{created['id']}/director/{action}?token={created['director']['token']}",
                       json=body)


def _log(client: TestClient, created: dict[str, Any]) -> list[dict[str, Any]]:
    overview = client.get(f"/api/club/sessions/{created['id']}?token={created['director']['token']}").json()
    log: list[dict[str, Any]] = overview["grid"]["log"]
    return log


def test_closing_is_a_record_and_the_pages_are_rebuilt_from_the_log(client: TestClient, tmp_path: Path) -> None:
    created = _create(client)
    _play_round_one(client, created)
    closed = _director(client, created, "close", {"reason": "last round played"})
    assert closed.status_code == 200, closed.text
    last = _log(client, created)[-1]
    assert last["kind"] == "session_closed" and "director" in last["text"] and "last round played" in last["text"]
    assert _enter(client, created, 1, 3, "4S", "N", "=", "late").status_code == 409
    assert _director(client, created, "undo", {"seq": last["seq"], "reason": "oops"}).status_code == 422
    folder = tmp_path / "pages" / created["id"]
    first = (folder / "travellers.csv").read_text()
    shutil.rmtree(folder)  # the files are lost: the log rebuilds them
    page = client.get(f"/club/{created['id']}/pages/travellers.csv")
    assert page.status_code == 200 and page.text == first
    # reopened for a late correction, closed again: published afresh, both records in the log
    assert _director(client, created, "reopen", {"reason": "board 1 scored wrongly"}).status_code == 200
    assert _director(client, created, "correct", {"table": 1, "round": 1, "board": 1, "contract": "4S",
                                                  "declarer": "N", "tricks": "-1",
                                                  "reason": "ten tricks were nine"}).status_code == 200
    assert _director(client, created, "close", {"reason": "corrected"}).status_code == 200
    assert (folder / "travellers.csv").read_text() != first
    assert "ten tricks were nine" in (folder / "index.html").read_text()
    kinds = [line["kind"] for line in _log(client, created)]
    assert kinds[-4:] == ["session_closed", "session_reopened", "result_corrected", "session_closed"]


def test_a_pair_that_leaves_sits_its_opponents_out_and_the_new_movement_is_validated(client: TestClient) -> None:
    created = _create(client)
    _play_round_one(client, created)
    played = _director(client, created, "withdraw", {"pair": "2EW", "from_round": 1, "how": "sitout",
                                                     "reason": "left early"})
    assert played.status_code == 422 and "already has a result" in played.json()["error"]["message"]
    before = len(_log(client, created))
    left = _director(client, created, "withdraw", {"pair": "2EW", "from_round": 2, "how": "sitout",
                                                   "reason": "2EW went home"})
    assert left.status_code == 200, left.text
    assert len(_log(client, created)) == before + 1
    grid = client.get(f"/api/club/sessions/{created['id']}?token={created['director']['token']}").json()["grid"]
    later = [cell for cell in grid["cells"] if cell["round"] >= 2]
    assert all("2EW" not in (cell["ns"], cell["ew"]) for cell in later)
    assert sum(cell["ew"] is None for cell in later) == 2  # the tables 2EW would have gone to in rounds 2 and 3
    # table 3 in round 2 (1-table-up EW move: 2EW goes to table 3) now has nobody East-West
    view = client.get(f"/api/club/sessions/{created['id']}/tables/3?token={_token(created, 3)}&round=2").json()
    assert view["ew"] is None
    unknown = _director(client, created, "withdraw", {"pair": "8NS", "from_round": 2, "reason": "x"})
    assert unknown.status_code == 422 and unknown.json()["error"]["key"] == "err_pair_not_in_movement"


def test_a_pair_that_leaves_gives_its_opponents_average_plus(client: TestClient) -> None:
    created = _create(client)
    left = _director(client, created, "withdraw", {"pair": "1NS", "from_round": 2, "how": "average",
                                                   "reason": "1NS taken ill"})
    assert left.status_code == 200, left.text
    adjusted = [line["text"] for line in _log(client, created) if line["kind"] == "score_adjusted"]
    assert len(adjusted) == 4  # rounds 2 and 3, two boards each, all at table 1 (NS stay)
    assert all("A-/A+" in text and "1NS taken ill" in text for text in adjusted)


def test_a_new_movement_that_does_not_fit_stores_nothing(client: TestClient) -> None:
    created = _create(client)
    _play_round_one(client, created)
    before = len(_log(client, created))
    howell = _director(client, created, "movement", {"movement": {"kind": "howell", "tables": 3},
                                                     "reason": "switch"})
    assert howell.status_code == 422 and "does not fit" in howell.json()["error"]["message"]
    assert len(_log(client, created)) == before


def test_the_sheet_has_one_qr_code_per_table_that_decodes_to_its_link(client: TestClient) -> None:
    import zxingcpp
    from PIL import Image

    created = _create(client)
    sid = created["id"]
    assert client.get(f"/api/club/sessions/{sid}/sheet?token={_token(created, 1)}").status_code == 403
    sheet = client.get(f"/api/club/sessions/{sid}/sheet?token={created['director']['token']}").json()
    assert [card["table"] for card in sheet["tables"]] == [1, 2, 3]
    card = sheet["tables"][1]
    assert card["short"] == f"http://testserver/t/{sid}/2/{_token(created, 2)}"
    assert (card["ns"], card["ew"], card["boards"], card["error"]) == ("2NS", "2EW", [3, 4], "M")
    assert card["qr"].startswith("data:image/svg+xml")
    code = segno.make(card["short"], error="m", micro=False)
    assert code.version == card["version"]
    png = io.BytesIO()
    code.save(png, kind="png", scale=4, border=4)
    decoded = zxingcpp.read_barcodes(Image.open(io.BytesIO(png.getvalue())))
    assert [result.text for result in decoded] == [card["short"]]
    followed = client.get(card["short"].removeprefix("http://testserver"), follow_redirects=False)
    assert followed.status_code == 303 and followed.headers["location"] == card["link"].removeprefix(
        "http://testserver")
    wrong = client.get(f"/t/{sid}/1/{_token(created, 2)}", follow_redirects=False)
    assert wrong.status_code == 403


def test_the_club_password_opens_the_console_and_guards_new_sessions(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDOUBLE_CLUB_PASSWORD", "slam")
    with club_client(tmp_path) as client:
        body = {"name": "Guarded", "movement": {"kind": "howell", "tables": 4, "boards_per_round": 1}}
        refused = client.post("/api/club/sessions", json=body)
        assert refused.status_code == 403 and "password" in refused.json()["error"]["message"]
        created = client.post("/api/club/sessions", json={**body, "password": "slam"}).json()
        wrong = client.post(f"/api/club/sessions/{created['id']}/director/login", json={"password": "game"})
        assert wrong.status_code == 403
        right = client.post(f"/api/club/sessions/{created['id']}/director/login", json={"password": "slam"})
        assert right.json()["token"] == created["director"]["token"]


def test_tables_see_no_travellers_when_the_setting_is_off(client: TestClient) -> None:
    hidden = _create(client, travellers=False)
    _enter(client, hidden, 1, 1, "4S", "N", "=", "e1")
    _confirm(client, hidden, 1, 1, "c1")
    table = client.get(f"/api/club/sessions/{hidden['id']}?token={_token(hidden, 1)}").json()
    assert table["travellers"] == [] and table["show_travellers"] is False
    shown = _create(client)
    _play_round_one(client, shown)
    # round 2: board 1 has moved down to table 3 (3NS v 2EW), where 4S goes one off
    assert _enter(client, shown, 3, 1, "4S", "N", "-1", "r2", round=2).status_code == 200
    assert _confirm(client, shown, 3, 1, "c-r2", round_=2).status_code == 200
    lines = client.get(f"/api/club/sessions/{shown['id']}?token={_token(shown, 3)}").json()["travellers"]
    board_one = next(traveller for traveller in lines if traveller["board"] == 1)["lines"]
    by_pair = {line["ns"]: (line["ns_points"], line["ns_percentage"], line["ew_percentage"]) for line in board_one}
    assert by_pair == {"1NS": (2.0, 100.0, 0.0), "3NS": (0.0, 0.0, 100.0)}


def test_a_penalty_in_percent_of_a_top(client: TestClient) -> None:
    created = _create(client)
    given = _director(client, created, "penalty", {"pair": "1NS", "amount": 25, "unit": "percent",
                                                   "reason": "slow play"})
    assert given.status_code == 200, given.text
    bad = _director(client, created, "penalty", {"pair": "1NS", "amount": 25, "unit": "stones", "reason": "x"})
    assert bad.status_code == 422 and "not a penalty unit" in bad.json()["error"]["message"]


def test_the_club_password_guards_new_online_sessions_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDOUBLE_CLUB_PASSWORD", "slam")
    with club_client(tmp_path) as client:
        body = {"name": "Online", "movement": {"kind": "howell", "tables": 3, "boards_per_round": 2}}
        refused = client.post("/api/online/sessions", json=body)
        assert refused.status_code == 403 and "password" in refused.json()["error"]["message"]
        created = client.post("/api/online/sessions", json={**body, "password": "slam"})
        assert created.status_code == 201, created.text
