"""The live club session API: links, entry with idempotent ids, East-West confirmation, the director's
actions, and live results over the websocket (a table never sees a board it has not played)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from redouble.club.store import ClubStore
from redouble.server.app import create_app


@contextlib.contextmanager
def club_client(tmp_path: Path) -> Iterator[TestClient]:
    """A test client of the app on a fresh SQLite file, publishing into ``tmp_path/pages``."""
    app = create_app(f"sqlite:///{tmp_path / 'club.db'}", robot_workers=0, analysis_workers=0,
                     club_pages=tmp_path / "pages", club_secret=b"test secret")
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with club_client(tmp_path) as test_client:
        yield test_client


def _create(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"name": "Tuesday pairs", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2},
            "pairs": {"1NS": ["Ann", "Bob"]}, **extra}
    answer = client.post("/api/club/sessions", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _token(created: dict[str, Any], table: int) -> str:
    token: str = created["tables"][str(table)]["token"]
    return token


def _enter(client: TestClient, created: dict[str, Any], table: int, board: int, contract: str, declarer: str,
           tricks: str, entry: str, **extra: Any) -> Any:
    body = {"entry_id": entry, "round": 1, "board": board, "contract": contract, "declarer": declarer,
            "tricks": tricks, **extra}
    return client.post(f"/api/club/sessions/{created['id']}/tables/{table}/results?token={_token(created, table)}",
                       json=body)


def _confirm(client: TestClient, created: dict[str, Any], table: int, board: int, entry: str, *, side: str = "EW",
             answer: str = "confirm", round_: int = 1) -> Any:
    return client.post(f"/api/club/sessions/{created['id']}/tables/{table}/confirm?token={_token(created, table)}",
                       json={"entry_id": entry, "round": round_, "board": board, "side": side, "answer": answer})


def _records(client: TestClient, created: dict[str, Any]) -> int:
    director = created["director"]["token"]
    log: list[Any] = client.get(f"/api/club/sessions/{created['id']}?token={director}").json()["grid"]["log"]
    return len(log)


def test_a_table_reads_its_round_with_the_next_move(client: TestClient) -> None:
    created = _create(client)
    answer = client.get(f"/api/club/sessions/{created['id']}/tables/1?token={_token(created, 1)}").json()
    assert (answer["round"], answer["ns"], answer["ew"], answer["ns_names"]) == (1, "1NS", "1EW", "Ann – Bob")
    assert [board["board"] for board in answer["boards"]] == [1, 2]
    texts = [move["text"] for move in answer["next"]]
    # a Mitchell: North-South stay, East-West move up a table, the boards move down one
    assert texts == ["pair 1NS: stay at table 1 NS for boards 3–4", "pair 1EW: move to table 2 EW for boards 5–6"]


def test_links_grant_only_their_table(client: TestClient) -> None:
    created = _create(client)
    other = _token(created, 2)
    answer = client.get(f"/api/club/sessions/{created['id']}/tables/1?token={other}")
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "forbidden"
    answer = client.post(f"/api/club/sessions/{created['id']}/director/undo?token={other}",
                         json={"seq": 2, "reason": "x"})
    assert answer.status_code == 403


def test_entry_counts_only_after_east_west_confirm(client: TestClient) -> None:
    created = _create(client)
    entered = _enter(client, created, 1, 1, "4S", "N", "=", "e1", lead="HK")
    assert entered.status_code == 200, entered.text
    slot = entered.json()["slot"]
    assert slot["line"]["ns_score"] == 420 and slot["line"]["ew_score"] == -420
    assert not slot["counted"]
    overview = client.get(f"/api/club/sessions/{created['id']}").json()
    assert overview["ranking"]["ranking"] == []
    confirmed = _confirm(client, created, 1, 1, "c1")
    assert confirmed.status_code == 200 and confirmed.json()["slot"]["counted"]
    overview = client.get(f"/api/club/sessions/{created['id']}").json()
    assert {line["pair"] for line in overview["ranking"]["ranking"]} == {"1NS"} or overview["ranking"]["fields"]


def test_a_replayed_entry_id_returns_the_first_answer_and_stores_nothing(client: TestClient) -> None:
    created = _create(client)
    first = _enter(client, created, 1, 1, "3NT", "S", "+1", "same").json()
    before = _records(client, created)
    again = _enter(client, created, 1, 1, "3NT", "S", "+1", "same").json()
    assert again["seq"] == first["seq"] and _records(client, created) == before
    confirm = _confirm(client, created, 1, 1, "ok").json()
    assert _confirm(client, created, 1, 1, "ok").json()["seq"] == confirm["seq"]
    assert _records(client, created) == before + 1


@pytest.mark.parametrize(("board", "contract", "declarer", "tricks", "words"), [
    (7, "4S", "N", "=", "board 7 is not played there"),
    (1, "8S", "N", "=", "8S"),
    (1, "4S", "N", "+4", "+4"),
    (1, "4S", "Q", "=", "Q"),
])
def test_bad_entries_are_refused_and_nothing_is_stored(client: TestClient, board: int, contract: str,
                                                       declarer: str, tricks: str, words: str) -> None:
    created = _create(client)
    before = _records(client, created)
    answer = _enter(client, created, 1, board, contract, declarer, tricks, "bad")
    assert answer.status_code == 422
    assert words in answer.json()["error"]["message"]
    assert _records(client, created) == before
    if board == 7:
        assert answer.json()["error"]["key"] == "err_session_board_not_there"


def test_a_lead_not_in_the_leaders_hand_is_refused_when_the_deal_is_known(client: TestClient) -> None:
    created = _create(client, seed="club night")
    from redouble.club.session import deal_boards
    from redouble.seats import Seat

    deal = deal_boards([1], seed="club night")[0].deal
    card = next(iter(deal[Seat.NORTH]))  # North holds it, so East cannot lead it against North
    answer = _enter(client, created, 1, 1, "4S", "N", "=", "lead", lead=str(card))
    assert answer.status_code == 422 and "lead" in answer.json()["error"]["message"]
    error = answer.json()["error"]  # named for the pages, which word it in the phone's language
    assert (error["key"], error["fields"]) == ("err_session_wrong_lead", {
        "table": "1", "round": "1", "board": "1", "lead": str(card), "contract": "4S N"})


def test_confirmation_from_the_wrong_side_or_board_is_refused(client: TestClient) -> None:
    created = _create(client)
    _enter(client, created, 1, 1, "4S", "N", "=", "e1")
    wrong_side = _confirm(client, created, 1, 1, "c1", side="NS")
    assert wrong_side.status_code == 422 and "East-West confirm" in wrong_side.json()["error"]["message"]
    wrong_board = _confirm(client, created, 1, 2, "c2")
    assert wrong_board.status_code == 422 and "board 2" in wrong_board.json()["error"]["message"]


def test_east_west_refuse_and_north_enters_again(client: TestClient) -> None:
    created = _create(client)
    _enter(client, created, 1, 1, "4S", "N", "-1", "wrong")
    assert _confirm(client, created, 1, 1, "no", answer="refuse").status_code == 200
    again = _enter(client, created, 1, 1, "4S", "N", "=", "right")
    assert again.status_code == 200 and again.json()["slot"]["line"]["ns_score"] == 420


def _play_round_one(client: TestClient, created: dict[str, Any]) -> None:
    scores = {1: ("4S", "N", "="), 2: ("4S", "N", "-1"), 3: ("3NT", "S", "=")}
    for table, (contract, declarer, tricks) in scores.items():
        for board in (2 * table - 1, 2 * table):
            assert _enter(client, created, table, board, contract, declarer, tricks, f"e{board}").status_code == 200
            assert _confirm(client, created, table, board, f"c{board}").status_code == 200


def test_director_corrects_adjusts_undoes_and_every_action_needs_the_secret(client: TestClient) -> None:
    created = _create(client)
    _play_round_one(client, created)
    director = created["director"]["token"]
    base = f"/api/club/sessions/{created['id']}/director"
    body = {"table": 1, "round": 1, "board": 1, "contract": "4S", "declarer": "N", "tricks": "-2",
            "reason": "North pressed = by mistake"}
    assert client.post(f"{base}/correct", json=body).status_code == 403
    corrected = client.post(f"{base}/correct?token={director}", json=body)
    assert corrected.status_code == 200 and corrected.json()["slot"]["line"]["ns_score"] == -100
    adjust = client.post(f"{base}/adjust?token={director}",
                         json={"table": 2, "round": 1, "board": 3, "score": "A+/A-", "reason": "slow play"})
    assert adjust.status_code == 200 and adjust.json()["slot"]["adjustment"] == "A+/A-"
    no_reason = client.post(f"{base}/adjust?token={director}",
                            json={"table": 2, "round": 1, "board": 3, "score": "A+/A-", "reason": ""})
    assert no_reason.status_code == 422
    undone = client.post(f"{base}/undo?token={director}", json={"seq": corrected.json()["seq"],
                                                                "reason": "it was right"})
    assert undone.status_code == 200
    overview = client.get(f"/api/club/sessions/{created['id']}?token={director}").json()
    log = [line["text"] for line in overview["grid"]["log"]]
    assert any("North pressed = by mistake" in line for line in log) and any("slow play" in line for line in log)
    board_one = next(t for t in overview["travellers"] if t["board"] == 1)
    assert board_one["lines"][0]["ns_score"] == 420  # the correction undone


def test_close_publishes_the_pages_and_stops_table_entries(client: TestClient, tmp_path: Path) -> None:
    created = _create(client)
    _play_round_one(client, created)
    director = created["director"]["token"]
    closed = client.post(f"/api/club/sessions/{created['id']}/director/close?token={director}")
    assert closed.status_code == 200
    assert (tmp_path / "pages" / created["id"] / "index.html").is_file()
    page = client.get(f"/club/{created['id']}/pages/index.html")
    assert page.status_code == 200 and "Tuesday pairs" in page.text
    late = _enter(client, created, 1, 1, "4S", "N", "=", "late")
    assert late.status_code == 409


def test_records_are_in_the_club_store(client: TestClient, tmp_path: Path) -> None:
    created = _create(client)
    _enter(client, created, 1, 1, "4S", "N", "=", "e1")
    with ClubStore(f"sqlite:///{tmp_path / 'club.db'}") as store:
        state = store.load(created["id"]).state
    assert state.result(table=1, round=1, board=1).ns_score == 420


def test_watchers_get_the_ranking_and_only_the_travellers_they_may_see(client: TestClient) -> None:
    created = _create(client)
    sid = created["id"]
    with client.websocket_connect(f"/ws/club/{sid}?token={_token(created, 1)}") as table_one, \
            client.websocket_connect(f"/ws/club/{sid}?token={_token(created, 2)}") as table_two, \
            client.websocket_connect(f"/ws/club/{sid}") as public:
        for socket in (table_one, table_two, public):
            first = socket.receive_json()
            assert first["type"] == "update" and first["travellers"] == []
        _enter(client, created, 1, 1, "4S", "N", "=", "e1")
        entered = table_one.receive_json()  # only table 1 hears of an entry not yet confirmed
        assert entered["ranking"]["ranking"] == [] and entered["round"]["boards"][0]["entered"]
        _confirm(client, created, 1, 1, "c1")
        one, anyone = table_one.receive_json(), public.receive_json()
        assert [t["board"] for t in one["travellers"]] == [1]
        assert one["travellers"][0]["lines"][0]["ns_score"] == 420
        assert anyone["travellers"] == [] and anyone["ranking"] == one["ranking"] != entered["ranking"]
        # table 2 was told nothing of table 1's board: its next frame is its own entry's
        entry = _enter(client, created, 2, 3, "3NT", "S", "=", "e3").json()
        two = table_two.receive_json()
        assert two["seq"] == entry["seq"] and two["travellers"] == [] and two["ranking"] == one["ranking"]


def test_a_correction_reranks_every_watcher(client: TestClient) -> None:
    created = _create(client, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 1})
    sid = created["id"]
    director = created["director"]["token"]
    for round_ in (1, 2):
        for table in (1, 2, 3):
            view = client.get(f"/api/club/sessions/{sid}/tables/{table}?token={_token(created, table)}"
                              f"&round={round_}").json()
            board = view["boards"][0]["board"]
            entered = _enter(client, created, table, board, "4S", "N", "=", f"e{round_}{table}", round=round_)
            assert entered.status_code == 200, entered.text
            assert _confirm(client, created, table, board, f"c{round_}{table}", round_=round_).status_code == 200
    with client.websocket_connect(f"/ws/club/{sid}") as public:
        before = public.receive_json()["ranking"]["fields"]
        client.post(f"/api/club/sessions/{sid}/director/correct?token={director}",
                    json={"table": 1, "round": 1, "board": 1, "contract": "4S", "declarer": "N", "tricks": "-3",
                          "reason": "tricks miscounted"})
        after = public.receive_json()["ranking"]["fields"]
    places = {line["pair"]: line["place"] for field in before for line in field["lines"]}
    assert set(places.values()) == {"1="}  # every board flat: everyone equal
    reranked = {line["pair"]: line["place"] for field in after for line in field["lines"]}
    assert reranked["1NS"] != "1=" and reranked != places


def test_the_director_seats_a_late_pair_and_changes_a_tables_seating(client: TestClient) -> None:
    created = _create(client)
    director = created["director"]["token"]
    base = f"/api/club/sessions/{created['id']}/director"
    seated = client.post(f"{base}/seat?token={director}", json={"pair": "2EW", "players": ["Eve", "Fay"],
                                                                "late": True})
    assert seated.status_code == 200 and "(late)" in seated.json()["text"]
    unknown = client.post(f"{base}/seat?token={director}", json={"pair": "9EW", "players": ["X"]})
    assert unknown.status_code == 422 and "not in movement" in unknown.json()["error"]["message"]
    # table 3 breaks in round 3: its pairs sit out
    moved = client.post(f"{base}/seating?token={director}", json={"table": 3, "round": 3, "ns": None, "ew": None,
                                                                  "boards": [1, 2], "reason": "table 3 left"})
    assert moved.status_code == 200, moved.text
    view = client.get(f"/api/club/sessions/{created['id']}/tables/3?token={_token(created, 3)}&round=3").json()
    assert (view["ns"], view["ew"]) == (None, None)
    twice = client.post(f"{base}/seating?token={director}", json={"table": 2, "round": 1, "ns": "1NS", "ew": "2EW",
                                                                  "boards": [3, 4], "reason": "mistake"})
    assert twice.status_code == 422 and "twice" in twice.json()["error"]["message"]


def test_a_second_server_process_writing_first_is_read_back_not_lost(client: TestClient, tmp_path: Path) -> None:
    created = _create(client)
    _enter(client, created, 1, 1, "4S", "N", "=", "e1")
    with ClubStore(f"sqlite:///{tmp_path / 'club.db'}") as store:  # another process appends a confirmation
        session = store.load(created["id"])
        from redouble.club.session import ResultConfirmed, Slot
        from redouble.seats import Side

        session.append(ResultConfirmed(Slot("A", 1, 1, 1), Side.EW), by="table 1 EW")
    entered = _enter(client, created, 2, 3, "3NT", "S", "=", "e3")
    assert entered.status_code == 200, entered.text
    director = created["director"]["token"]
    kinds = [line["kind"] for line in client.get(f"/api/club/sessions/{created['id']}?token={director}")
             .json()["grid"]["log"]]
    assert kinds.count("result_confirmed") == 1 and kinds.count("result_entered") == 2


def test_an_improbable_result_is_flagged_to_the_director_not_refused(client: TestClient) -> None:
    from redouble.analysis.ddtable import dd_table
    from redouble.calls import Contract
    from redouble.club.session import deal_boards
    from redouble.seats import Seat

    created = _create(client, seed="flag night")
    deal = deal_boards([1], seed="flag night")[0].deal
    makes = dd_table(deal).tricks(declarer=Seat.NORTH, strain=Contract.parse("1NT").strain)
    far = makes - 4 if makes >= 4 else makes + 4
    entered = _enter(client, created, 1, 1, "1NT", "N", str(far), "far")
    assert entered.status_code == 200  # flagged, never refused
    director = created["director"]["token"]
    flags = client.get(f"/api/club/sessions/{created['id']}?token={director}").json()["grid"]["flags"]
    assert [(flag["table"], flag["board"]) for flag in flags] == [(1, 1)]
    assert f"took {far} tricks; double dummy makes {makes}" in flags[0]["text"]
    public = client.get(f"/api/club/sessions/{created['id']}").json()
    assert "grid" not in public  # flags are the director's


def test_a_table_never_sees_a_board_its_new_east_west_pair_has_still_to_play(client: TestClient) -> None:
    created = _create(client)
    _play_round_one(client, created)  # table 1 played boards 1-2 with 1NS v 1EW
    view = client.get(f"/api/club/sessions/{created['id']}?token={_token(created, 1)}").json()
    assert view["round"]["round"] == 2 and (view["round"]["ns"], view["round"]["ew"]) == ("1NS", "3EW")
    # 3EW played boards 5-6 and has boards 1-2 still ahead of it: nothing of them at this table now
    assert view["travellers"] == []
    director = client.get(f"/api/club/sessions/{created['id']}?token={created['director']['token']}").json()
    assert [t["board"] for t in director["travellers"]] == [1, 2, 3, 4, 5, 6]
    public = client.get(f"/api/club/sessions/{created['id']}").json()
    assert public["travellers"] == []  # no board is finished everywhere yet
