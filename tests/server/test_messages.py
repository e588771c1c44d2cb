"""Club live's and online sessions' refusals, notes, flags and audit-log lines are message keys of the
web catalogues with fields: every key the server can send is in English, Dutch, German and
Norwegian with the same fields, and the English catalogue words them as the library does."""

from __future__ import annotations

import ast
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from redouble.board import Board, board_dealer, board_vulnerability
from redouble.calls import Contract
from redouble.club.movement import Movement, PairId, Seating
from redouble.club.online import LatePlay, OnlineOpened, PairPlays, RobotsFill, RoundBegan, TableOpened, TimeUp
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.session import (
    KIND_OF,
    Adjustment,
    BoardsDealt,
    Change,
    MovementChanged,
    NotPlayed,
    PairSeated,
    PenaltyGiven,
    ResultConfirmed,
    ResultCorrected,
    ResultEntered,
    ResultRemoved,
    ScoreAdjusted,
    SeatingChanged,
    Session,
    SessionClosed,
    SessionOpened,
    SessionReopened,
    Slot,
    TeamFormed,
    Undone,
)
from redouble.deal import Deal
from redouble.scoring.matchpoints import ArtificialScore
from redouble.seats import Seat, Side
from redouble.server.messages import (
    LANGUAGES,
    LOGGED,
    Message,
    catalogue,
    change_message,
    log_line,
    logged,
    logged_message,
    placeholders,
)

SERVER = Path(__file__).resolve().parents[2] / "src" / "redouble" / "server"
P1, P2, P3, P4, P5, P6 = (PairId(n) for n in range(1, 7))
MOVEMENT = Movement("three tables, one board", tuple(Seating("A", table, 1, ns, ew, (1,))
                                                     for table, ns, ew in ((1, P1, P2), (2, P3, P4), (3, P5, P6))))
SLOT = Slot("A", 1, 1, 1)
AT = datetime(2026, 11, 22, 20, 15, tzinfo=UTC)


def _check(message: Message) -> None:
    """The message's key is in every catalogue, each naming exactly the fields sent."""
    for language in LANGUAGES:
        template = catalogue(language).get(message.key)
        assert template is not None, f"{message.key} is not in the {language} catalogue"
        assert placeholders(template) == {name for name, _ in message.fields}, (language, message.key)


def _literal_calls() -> list[tuple[str, str, set[str]]]:
    """Each ``refusal(code, "key", **fields)`` and ``Message.of("key", **fields)`` of the server with a literal key."""
    found = []
    for path in sorted(SERVER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            function = node.func
            name = function.id if isinstance(function, ast.Name) else \
                f"{ast.unparse(function.value)}.{function.attr}" if isinstance(function, ast.Attribute) else ""
            position = {"refusal": 1, "Message.of": 0, "logged": 0}.get(name)
            if position is None or len(node.args) <= position:
                continue
            key = node.args[position]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.append((path.name, key.value, {keyword.arg for keyword in node.keywords if keyword.arg}))
    return found


def test_every_refusal_and_note_the_server_sends_is_in_the_four_catalogues_with_its_fields() -> None:
    calls = _literal_calls()
    keys = {key for _, key, _ in calls}
    assert {"err_director_only", "err_pair_not_in_movement", "err_result_changed", "online_note_absent",
            "online_note_average", "club_by_table_NS", "club_by_web_table_at",
            "err_connect_once"} <= keys  # the scan sees the club's, the online sessions' and the socket's calls
    for where, key, fields in calls:
        assert key in catalogue("en"), f"{where}: {key} is not in the catalogues"
        _check(Message(key, tuple((name, "") for name in fields)))


def _session_refusals() -> list[tuple[str, set[str]]]:
    """Each refusal of the club library named by a key (``SessionError(..., key="…", **fields)``), with its
    fields (``**_slot_fields(slot)``: table, round and board)."""
    found = []
    source = (SERVER.parent / "club" / "session.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id.endswith("Error")):
            continue
        keys = [keyword.value for keyword in node.keywords if keyword.arg == "key"]
        if not keys:
            continue
        assert isinstance(keys[0], ast.Constant)
        fields = {keyword.arg for keyword in node.keywords if keyword.arg not in (None, "key")}
        for keyword in node.keywords:
            if keyword.arg is None:
                assert ast.unparse(keyword.value).startswith("_slot_fields(")
                fields |= {"table", "round", "board"}
        found.append((f"err_session_{keys[0].value}", fields))
    return found


def test_the_club_librarys_refusals_are_in_the_four_catalogues_with_their_fields() -> None:
    refusals = _session_refusals()
    assert {"err_session_board_not_there", "err_session_impossible_score", "err_session_not_seated",
            "err_session_duplicate"} <= {key for key, _ in refusals}
    for key, fields in refusals:
        _check(Message(key, tuple((name, "") for name in fields)))


def _every_change() -> list[Change]:
    board = Board(deal=Deal.from_seed("00" * 32, 1), dealer=board_dealer(1), vulnerability=board_vulnerability(1),
                  number=1)
    line = BoardResult(1, P1, P2, Contract.parse("4S", declarer=Seat.NORTH), tricks=10, table=1, round=1)
    return [
        SessionOpened("Tuesday", MOVEMENT), PairSeated(P1, ("Ann", "Bob")), PairSeated(P2, ("Cat",), late=True),
        PairSeated(P3, phantom=True), TeamFormed(1, "Bees", (P1, P2)), BoardsDealt((board,), source="seed"),
        ResultEntered(line), NotPlayed(SLOT), ResultConfirmed(SLOT, Side.EW), ResultCorrected(line),
        ResultRemoved(SLOT), ScoreAdjusted(SLOT, Adjustment(artificial=ArtificialScore.parse("A+/A-"))),
        *(PenaltyGiven(Penalty(P1, 10, unit, 1, "slow play")) for unit in PenaltyUnit),
        SeatingChanged(MOVEMENT.seatings[0]), MovementChanged(MOVEMENT), Undone(5), SessionClosed(), SessionReopened(),
        OnlineOpened(((P1, "people"),), 450.0, 120.0, "human"),
        *(PairPlays(P1, kind) for kind in ("people", "person_robot", "robots")), RoundBegan(2, ((P1, 1),)),
        TableOpened(1, 2, "abc", AT), LatePlay(1, 2, AT), TimeUp(1, 2, AT), RobotsFill(P1, 2),
    ]


def test_every_kind_of_audit_log_line_is_in_the_four_catalogues_with_its_fields() -> None:
    changes = _every_change()
    assert {type(change) for change in changes} == set(KIND_OF)  # every kind the log records
    for change in changes:
        _check(change_message(change))
    assert change_message(ResultEntered(changes[6].result)).english() == \
        "entered table 1, round 1, board 1: 4S N = (+420)"  # type: ignore[union-attr]


@pytest.mark.parametrize("scores", [(420, 450, -420), (-100, -50, 110)])
def test_a_flag_is_worded_in_english_as_the_library_words_it_and_in_each_language(scores: tuple[int, ...]) -> None:
    session = Session.open("Tuesday", MOVEMENT, by="director")
    for (table, ns, ew), score in zip(((1, P1, P2), (2, P3, P4), (3, P5, P6)), scores, strict=True):
        session.enter(BoardResult(1, ns, ew, score=score, table=table, round=1), by="scorer")
    slot = Slot("A", 3, 1, 1)
    doubts = session.state.doubt_fields(slot)
    assert len(doubts) == 1
    kind, fields = doubts[0]
    message = Message.of(f"club_flag_{kind}", **fields)
    _check(message)
    assert [message.english()] == session.state.doubts(slot)
    assert message.english().startswith(f"table 3, round 1, board 1: NS {scores[2]:+d}")


def test_who_and_why_the_server_writes_in_the_log_are_worded_in_each_language() -> None:
    """The log stores who made a change and why in English ("table 3 NS", "not played in time: …"); the
    director's console gets them as messages and words them in its language; a name or a reason typed by
    a person stays as it is."""
    session = Session.open("Tuesday", MOVEMENT, by=logged("club_by_director"))
    session.enter(BoardResult(1, P1, P2, score=420, table=1, round=1), by=logged("club_by_table_NS", table=1))
    session.append(ResultConfirmed(SLOT, Side.EW), by=logged("club_by_table_EW", table=1))
    session.append(NotPlayed(Slot("A", 2, 1, 1)), by="Ann", reason=logged("club_reason_not_in_time", reason="slow"))
    session.append(NotPlayed(Slot("A", 3, 1, 1)), by="Ann", reason="slow")
    lines = [log_line(record) for record in session.records]
    assert [line["by"] for line in lines] == ["director", "table 1 NS", "table 1 EW", "Ann", "Ann"]

    def dutch(message: dict[str, Any] | None) -> str | None:
        return None if message is None else Message(message["key"], tuple(message["fields"].items())).worded("nl")

    assert [dutch(line["by_message"]) for line in lines] == ["wedstrijdleider", "tafel 1 NZ", "tafel 1 OW", None, None]
    assert [dutch(line["reason_message"]) for line in lines][3:] == ["niet op tijd gespeeld: slow", None]
    for key in LOGGED:
        fields = {name: "7" for name in placeholders(catalogue("en")[key])}
        message = logged_message(logged(key, **fields))
        assert message == Message.of(key, **fields)
        _check(message)
