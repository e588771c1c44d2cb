"""A request the schema refuses — a body that is not JSON, a field missing or of the wrong type, a number out
of range, a path or query parameter — on the table, club and online APIs and the table's websocket, comes back
as the server's keyed refusal: the one error body, an English message naming the field and the problem, and a
key with fields that the web catalogues word in English, Dutch, German and Norwegian. No pydantic wording,
error type or input echo reaches the client."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from redouble.server.invalid import KEYS, field_label, schema_refusal
from redouble.server.messages import LANGUAGES, Message, catalogue, placeholders

from .test_club_live import club_client

PYDANTIC = re.compile(r"Input should|valid integer|Field required|Value error|pydantic|_type\b|json_invalid|"
                      r"Traceback|unable to parse")
HUMANS = dict.fromkeys("NESW", "human")
CLUB = {"name": "Tuesday pairs", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 2}}
ONLINE = {"name": "Online pairs", "movement": {"kind": "howell", "tables": 3, "boards_per_round": 2}}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with club_client(tmp_path) as test_client:
        yield test_client


def refusal_of(answer: Any, status: int = 422) -> dict[str, Any]:
    """The keyed refusal of an HTTP answer: the one error body with a key every catalogue words with its fields."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "key", "fields"}, body
    error: dict[str, Any] = body["error"]
    assert not PYDANTIC.search(error["message"] + json.dumps(error["fields"])), error
    _worded_everywhere(error)
    return error


def _worded_everywhere(error: dict[str, Any]) -> None:
    """The key is in the four catalogues, each naming exactly the fields sent, and English is the message."""
    message = Message(error["key"], tuple((name, str(value)) for name, value in error["fields"].items()))
    for language in LANGUAGES:
        assert placeholders(catalogue(language)[error["key"]]) == set(error["fields"]), (language, error)
    assert message.english() == error["message"]


@pytest.mark.parametrize("path, body, key, fields, message", [
    ("/api/tables", '{"form": "rubber", "seats": ', "err_not_json", {"line": "1", "column": "29"},
     "the request is not JSON (line 1, column 29)"),
    ("/api/tables", '{"form": "rubber",\n "seats": {"N": "human"},\n}', "err_not_json", {"line": "3", "column": "1"},
     "the request is not JSON (line 3, column 1)"),
    ("/api/tables", '[1, 2]', "err_request_object", {}, "the request must be a JSON object"),
    ("/api/tables", '{"form": "whist", "seats": {"N": "human", "E": "human", "S": "human", "W": "human"}}',
     "err_field_choice", {"field": "form", "choices": "rubber, chicago, duplicate, minibridge"},
     "form must be one of: rubber, chicago, duplicate, minibridge"),
    ("/api/tables", '{"form": "duplicate", "boards": "8", "seats": {"N": "human", "E": "human", "S": "human", '
     '"W": "human"}}', "err_field_integer", {"field": "boards"}, "boards must be a whole number"),
    ("/api/tables", '{"form": "duplicate", "boards": 37, "seats": {"N": "human", "E": "human", "S": "human", '
     '"W": "human"}}', "err_field_at_most", {"field": "boards", "limit": "36"}, "boards must be at most 36"),
    ("/api/tables", '{"form": "rubber", "seats": {"N": "human", "E": "human", "S": "human"}}',
     "err_field_missing", {"field": "seats.W"}, "seats.W is missing"),
    ("/api/tables", '{"form": "rubber", "seats": {"N": "human", "E": "human", "S": "human", "W": "human"}, '
     '"names": {"S": "Ann\\nBob"}}', "err_field_control", {"field": "names.S"},
     "names.S must not hold control characters or line breaks"),
    ("/api/club/sessions", '{"name": "Tuesday", "movement": ', "err_not_json", {"line": "1", "column": "33"},
     "the request is not JSON (line 1, column 33)"),
    ("/api/club/sessions", '{"name": "Tuesday"}', "err_field_missing", {"field": "movement"},
     "movement is missing"),
    ("/api/club/sessions", '{"name": 7, "movement": {"kind": "howell", "tables": 3}}', "err_field_text",
     {"field": "name"}, "name must be text"),
    ("/api/club/sessions", '{"name": "", "movement": {"kind": "howell", "tables": 3}}', "err_field_empty",
     {"field": "name"}, "name must not be empty"),
    ("/api/club/sessions", '{"name": "T", "movement": {"kind": "howell", "tables": "three"}}',
     "err_field_integer", {"field": "movement.tables"}, "movement.tables must be a whole number"),
    ("/api/club/sessions", '{"name": "T", "movement": {"kind": "howell", "tables": 31}}', "err_field_at_most",
     {"field": "movement.tables", "limit": "30"}, "movement.tables must be at most 30"),
    ("/api/club/sessions", '{"name": "T", "movement": {"kind": "swiss", "tables": 3}}', "err_field_choice",
     {"field": "movement.kind", "choices": "mitchell, howell, csv"},
     "movement.kind must be one of: mitchell, howell, csv"),
    ("/api/club/sessions", '{"name": "T", "movement": {"kind": "howell", "tables": 3}, "pairs": {"1": "Ann"}}',
     "err_field_list", {"field": "pairs.1"}, "pairs.1 must be a list"),
    ("/api/club/sessions", '{"name": "T", "movement": {"kind": "howell", "tables": 3}, "travellers": "often"}',
     "err_field_boolean", {"field": "travellers"}, "travellers must be true or false"),
    ("/api/club/sessions", "", "err_request_object", {}, "the request must be a JSON object"),
    ("/api/club/sessions", "[" * 5000 + "]" * 5000, "err_json_nested", {"depth": "16"},
     "JSON nested deeper than 16 levels"),
    ("/api/online/sessions", '{"name": "O", "movement": {"kind": "howell", "tables": 2}, '
     '"seconds_per_board": 0}', "err_field_above", {"field": "seconds_per_board", "limit": "0"},
     "seconds_per_board must be more than 0"),
    ("/api/online/sessions", '{"name": "O", "movement": {"kind": "howell", "tables": 2}, '
     '"pairs": {"1": {"kind": "people", "players": ["A", "B", "C"]}}}', "err_field_many",
     {"field": "pairs.1.players", "max": "2"}, "pairs.1.players must hold at most 2 items"),
    ("/api/online/sessions", '{"name": "O", "movement": {"kind": "howell", "tables": 2}, '
     '"pairs": {"1": {"kind": "people", "players": ["A\\u0000"]}}}', "err_field_pattern",
     {"field": "pairs.1.players.0"}, "pairs.1.players.0 holds characters that are not allowed"),
    ("/api/online/sessions", '{"name": "O", "movement": {"kind": "howell", "tables": 2}, "pace": "slow"}',
     "err_field_choice", {"field": "pace", "choices": "human, fast"}, "pace must be one of: human, fast"),
])
def test_bodies_the_schema_refuses_get_a_keyed_refusal_naming_the_field(
        client: TestClient, path: str, body: str, key: str, fields: dict[str, str], message: str) -> None:
    error = refusal_of(client.post(path, content=body.encode(), headers={"content-type": "application/json"}))
    assert (error["code"], error["key"], error["fields"], error["message"]) == ("bad_request", key, fields, message)


def test_the_club_tables_and_directors_requests_are_refused_before_anything_is_stored(client: TestClient) -> None:
    created = client.post("/api/club/sessions", json=CLUB).json()
    session, table, director = created["id"], created["tables"]["1"]["token"], created["director"]["token"]
    before = client.get(f"/api/club/sessions/{session}?token={director}").json()["seq"]
    entry = {"entry_id": "e1", "board": "one", "contract": "4S", "declarer": "N", "tricks": "10"}
    error = refusal_of(client.post(f"/api/club/sessions/{session}/tables/1/results?token={table}", json=entry))
    assert (error["key"], error["fields"]) == ("err_field_integer", {"field": "board"})
    error = refusal_of(client.post(f"/api/club/sessions/{session}/tables/1/results?token={table}",
                                   json={**entry, "board": 1, "entry_id": "not an id!"}))
    assert (error["key"], error["fields"]) == ("err_field_pattern", {"field": "entry_id"})
    error = refusal_of(client.post(f"/api/club/sessions/{session}/tables/one/results?token={table}", json=entry))
    assert (error["key"], error["fields"]) == ("err_field_integer", {"field": "table"})  # a path parameter
    penalty = {"pair": "1NS", "amount": 150, "unit": "percent", "reason": "slow play"}
    error = refusal_of(client.post(f"/api/club/sessions/{session}/director/penalty?token={director}", json=penalty))
    assert (error["key"], error["fields"], error["message"]) == (
        "err_field_at_most", {"field": "amount", "limit": "100"}, "amount must be at most 100")
    error = refusal_of(client.post(f"/api/club/sessions/{session}/director/undo?token={director}",
                                   json={"seq": 5}))
    assert (error["key"], error["fields"]) == ("err_field_missing", {"field": "reason"})
    error = refusal_of(client.post(f"/api/club/sessions/{session}/director/adjust?token={director}",
                                   json={"table": 1, "round": 1, "board": 1, "score": "A+/A-", "reason": "x" * 501}))
    assert (error["key"], error["fields"]) == ("err_field_long", {"field": "reason", "max": "500"})
    assert client.get(f"/api/club/sessions/{session}?token={director}").json()["seq"] == before


def test_query_parameters_the_schema_refuses_are_keyed_too(client: TestClient) -> None:
    for path in ("/api/club/event?session=a&by=best", "/club/event?session=a&lang=fr"):
        error = refusal_of(client.get(path))
        assert error["key"] == "err_field_choice"
    assert refusal_of(client.get("/api/club/event?session=a&by=best"))["fields"] == {
        "field": "by", "choices": "percent, mp, total"}
    table = client.post("/api/tables", json={"form": "duplicate", "boards": 1, "seats": HUMANS}).json()["id"]
    error = refusal_of(client.get(f"/api/tables/{table}/boards/first"))
    assert (error["key"], error["fields"]) == ("err_field_integer", {"field": "number"})


def test_the_online_directors_commands_are_refused_with_keys(client: TestClient) -> None:
    created = client.post("/api/online/sessions", json=ONLINE)
    assert created.status_code == 201, created.text
    token = created.json()["director_token"]
    session = created.json()["id"]
    error = refusal_of(client.post(f"/api/online/sessions/{session}/decide?token={token}",
                                   json={"table": 1, "decision": "later", "reason": "slow"}))
    assert (error["key"], error["fields"]) == ("err_field_choice", {"field": "decision", "choices": "late, average"})
    error = refusal_of(client.post(f"/api/online/sessions/{session}/robot?token={token}", json={"pair": "1"}))
    assert (error["key"], error["fields"]) == ("err_field_missing", {"field": "reason"})


def test_the_refusal_is_worded_in_the_four_languages() -> None:
    error = schema_refusal([{"type": "less_than_equal", "loc": ("body", "amount"), "ctx": {"le": 100}}], skip=1)
    assert error.key is not None
    worded = {language: Message(error.key, error.fields).worded(language) for language in LANGUAGES}
    assert worded == {"en": "amount must be at most 100", "nl": "amount mag hoogstens 100 zijn",
                      "de": "amount darf höchstens 100 sein", "no": "amount kan være høyst 100"}


def test_every_key_the_refusals_use_is_in_the_four_catalogues_with_its_fields() -> None:
    for key, fields in KEYS.items():
        for language in LANGUAGES:
            assert placeholders(catalogue(language)[key]) == fields, (language, key)


def test_field_names_leave_out_pydantics_own_marks() -> None:
    assert field_label(("pairs", "1EW", "players", 0)) == "pairs.1EW.players.0"
    assert field_label(("seats", "Q", "[key]")) == "seats.Q"
    assert field_label(("id", "int")) == "id"
    assert field_label(("timer", "function-after[check(), int]")) == "timer"


def test_websocket_messages_the_schema_refuses_get_keyed_errors(client: TestClient) -> None:
    created = client.post("/api/tables", json={"form": "duplicate", "boards": 1, "seats": HUMANS}).json()
    with client.websocket_connect(f"/ws/{created['id']}?token={created['tokens']['N']}") as socket:
        assert socket.receive_json()["type"] == "welcome"
        expected = [
            ('{"type": "call", "call": "1C"', None, "bad_json", "err_not_json", {"line": "1", "column": "30"}),
            ("[" * 40 + "]" * 40, None, "bad_json", "err_json_nested", {"depth": "16"}),
            ('["call"]', None, "bad_message", "err_message_object", {}),
            ('{"type": "dance", "id": 1}', 1, "bad_message", "err_message_type", {"type": "dance"}),
            ('{"type": "call", "call": "1C", "alert": "yes", "id": 2}', 2, "bad_message", "err_field_boolean",
             {"field": "call.alert"}),
            ('{"type": "claim", "tricks": "all", "id": "c3"}', "c3", "bad_message", "err_field_integer",
             {"field": "claim.tricks"}),
            ('{"type": "language", "lang": "fr", "id": 4}', 4, "bad_message", "err_field_choice",
             {"field": "language.lang", "choices": "en, nl, de, no"}),
            ('{"type": "call", "call": "1C", "explanation": "a\\nb", "id": 5}', 5, "bad_message",
             "err_field_control", {"field": "call.explanation"}),
            ('{"type": "traveller", "board": 0, "id": 6}', 6, "bad_message", "err_field_at_least",
             {"field": "traveller.board", "limit": "1"}),
        ]
        for text, ident, code, key, fields in expected:
            socket.send_text(text)
            frame = socket.receive_json()
            while frame["type"] != "error":
                frame = socket.receive_json()
            assert (frame["id"], frame["code"], frame["key"], frame["fields"]) == (ident, code, key, fields), text
            assert not PYDANTIC.search(frame["message"] + json.dumps(frame["fields"])), frame
            _worded_everywhere(frame)
        socket.send_text('{"type": "ping", "id": 9}')
        assert socket.receive_json()["type"] == "pong"  # still connected
