"""Club sessions stored and rebuilt: SQLite and PostgreSQL, append-only, conflicts refused."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from club_support import SEED_TRAVELLER, seed_session

from redouble.club.movement import PairId
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.session import Adjustment, PairSeated, Slot, parse_result_line
from redouble.club.store import ClubStore, ConflictError, UnknownSessionError

PG = "postgresql+psycopg://root@127.0.0.1:5432/test"


@contextmanager
def pg_schema() -> Iterator[str]:
    """A fresh PostgreSQL schema for one test, dropped afterwards (as the server tests make theirs)."""
    import psycopg

    schema = f"rd_club_{secrets.token_hex(6)}"
    with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=root", autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=root", autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "club.db")
    else:
        with pg_schema() as url:
            yield url


def test_round_trip_rebuilds_the_same_session(db: str) -> None:
    session = seed_session()
    session.append(PairSeated(PairId(1), ("Ann North", "Sam South")), by="director")
    with ClubStore(db) as store:
        session_id = store.create(session)
        assert session_id == "seed-001-club-night"
        loaded = store.load(session_id)
        for ns, ew, typed, _, _ in SEED_TRAVELLER:
            line = parse_result_line(typed, board=1, ns=PairId(ns), ew=PairId(ew))
            assert isinstance(line, BoardResult)
            loaded.enter(line, by="scorer")
        loaded.adjust(Slot("A", 6, 6, 1), Adjustment.parse("A-/A+"), by="td", reason="revoke not established")
        loaded.penalise(Penalty(PairId(3), 10, PenaltyUnit.PERCENT_OF_TOP, reason="late"), by="td")
        loaded.correct(BoardResult(1, PairId(5), PairId(14), score=420), by="td", reason="10 tricks")
    with ClubStore(db) as store:
        again = store.load(session_id)
        assert again.records == loaded.records
        assert again.state.scored_results() == loaded.state.scored_results()
        assert again.state.score().ranking() == loaded.state.score().ranking()
        moment = again.records[9].at
        assert again.as_of(moment).slots == loaded.as_of(moment).slots
        infos = store.sessions()
        assert [(info.id, info.name, info.records) for info in infos] == \
            [(session_id, "Seed 001 club night", len(loaded.records))]
        assert store.latest() == session_id
        assert store.create(seed_session()) == "seed-001-club-night-2"


def test_refused_change_stores_nothing_and_concurrent_writers_conflict(db: str) -> None:
    with ClubStore(db) as store:
        session_id = store.create(seed_session())
        first = store.load(session_id)
        second = store.load(session_id)
        first.enter(BoardResult(1, PairId(1), PairId(8), score=420), by="north")
        with pytest.raises(ValueError, match="not who sits there"):
            first.enter(BoardResult(1, PairId(1), PairId(9), score=420, table=1, round=1), by="north")
        assert len(store.records(session_id)) == 2
        with pytest.raises(ConflictError, match="reload the session"):
            second.enter(BoardResult(1, PairId(2), PairId(13), score=430), by="north")
        assert len(second.records) == 1  # the refused record was not applied either
        assert [r.seq for r in store.records(session_id, after=1)] == [2]
        with pytest.raises(UnknownSessionError, match="no club session 'nope'"):
            store.load("nope")


def test_sqlite_rows_are_only_inserted(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    with ClubStore(str(path)) as store:
        session_id = store.create(seed_session())
        session = store.load(session_id)
        session.enter(BoardResult(1, PairId(1), PairId(8), score=420), by="north")
        session.correct(BoardResult(1, PairId(1), PairId(8), score=450), by="td", reason="11 tricks")
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT seq, kind, author, reason FROM club_records ORDER BY seq").fetchall()
    assert rows == [(1, "session_opened", "director", ""), (2, "result_entered", "north", ""),
                    (3, "result_corrected", "td", "11 tricks")]


def test_entry_ids_survive_a_reload(db: str) -> None:
    with ClubStore(db) as store:
        session_id = store.create(seed_session())
        line = BoardResult(1, PairId(1), PairId(8), score=420)
        store.load(session_id).enter(line, by="table 1", key="phone-1:0001")
        reloaded = store.load(session_id)
        assert reloaded.enter(line, by="table 1", key="phone-1:0001").seq == 2
        assert [record.key for record in store.records(session_id)] == [None, "phone-1:0001"]


def test_sessions_of_an_event(db: str) -> None:
    from club_support import clock, seed_movement

    from redouble.club.session import Session

    with ClubStore(db) as store:
        for name in ("Monday", "Tuesday"):
            store.create(Session.open(name, seed_movement(), by="td", event="Autumn cup", clock=clock()))
        store.create(Session.open("Friday", seed_movement(), by="td", clock=clock()))
        assert sorted(info.name for info in store.sessions(event="Autumn cup")) == ["Monday", "Tuesday"]
        assert len(store.sessions()) == 3
