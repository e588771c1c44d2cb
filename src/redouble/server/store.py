"""Persistence: a SQLAlchemy engine, the Alembic migrations, and a group-committing event log.

Every database call runs on one dedicated thread, so the event loop never waits on disk.
``append`` collects the events of many tables into one transaction (group commit) and
returns only once they are committed: an event is stored before anyone is told of it.

SQLite (the default, a file) runs in WAL mode with ``synchronous=NORMAL``: a committed
transaction survives the server being killed. PostgreSQL works by URL; a schema can be chosen
with ``?options=-csearch_path%3Dname`` as libpq allows.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, delete, event, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from redouble.deal import new_seed
from redouble.server.errors import ServerError
from redouble.server.events import TableEvent, table_event_from_json
from redouble.server.models import EventRow, SeatHolderRow, SeatRow, SeedRow, SessionRow, TableRow

__all__ = ["SeatRecord", "Store", "TableRecord", "commitment_of", "normalise_url"]

T = TypeVar("T")
MIGRATION_LOCK = 0x7265646F
"""The PostgreSQL advisory lock migrations run under (several server processes may start at once)."""


def commitment_of(seed: str) -> str:
    """The published commitment to a seed: SHA-256 of its hex text.

    >>> commitment_of("00")
    'f1534392279bddbf9d43dde8701cb5be14b82f76ec6607bf8d6ad557f60f304e'
    """
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def normalise_url(url: str) -> str:
    """A database URL SQLAlchemy understands; ``postgresql://`` uses psycopg 3.

    >>> normalise_url("postgresql://127.0.0.1:5432/test")
    'postgresql+psycopg://127.0.0.1:5432/test'
    >>> normalise_url("sqlite:///redouble.db")
    'sqlite:///redouble.db'
    """
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A stored seat."""

    seat: str
    kind: str
    name: str
    token_hash: str | None


@dataclass(slots=True)
class TableRecord:
    """Everything stored about a table: settings, seats, its event log and its group's seeds."""

    id: str
    created_at: datetime
    form: str
    group_id: str
    config: dict[str, Any]
    status: str
    seats: list[SeatRecord]
    events: list[TableEvent] = field(default_factory=list)
    seeds: dict[int, tuple[str, str]] = field(default_factory=dict)  # board -> (seed, sha256)


class Store:
    """The server's database: migrations at start, then reads and group-committed writes."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        parsed = make_url(self.url)
        self.dialect = parsed.get_backend_name()
        kwargs: dict[str, Any] = {}
        if self.dialect == "sqlite":
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except Exception as error:  # bad URL or a missing driver
            raise ServerError("database", f"cannot use database {url!r}: {error}") from None
        if self.dialect == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1,
                                                               thread_name_prefix="redouble-db")
        #: appends on a thread of their own with PostgreSQL, so that reads (a table loading,
        #: a replica catching up) never queue in front of a commit; SQLite shares the one thread
        self._appender = self._executor if self.dialect != "postgresql" else \
            concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="redouble-append")
        self._pending: list[tuple[list[dict[str, Any]], asyncio.Future[None]]] = []
        self._flushing = False
        #: checks, inside each append's transaction, that this process may still write those
        #: tables (several processes: ``redouble.server.lease``); ``None`` with one process
        self.fence: Callable[[Connection, set[str]], None] | None = None

    # --- set-up --------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the schema up to date with the packaged Alembic migrations."""
        config = Config()
        config.set_main_option("script_location",
                               str(resources.files("redouble.server") / "migrations"))
        with self.engine.begin() as connection:
            if self.dialect == "postgresql":  # processes starting together migrate one at a time
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        """Finish pending work and release the connections."""
        self._executor.shutdown(wait=True)
        self._appender.shutdown(wait=True)
        self.engine.dispose()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking database function on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn, *args)

    # --- the event log (group commit) ----------------------------------------------------

    async def append(self, table_id: str, first_seq: int, events: list[TableEvent]) -> None:
        """Store ``events`` as ``first_seq, first_seq + 1, …`` of the table; return once committed."""
        rows = [{"table_id": table_id, "seq": first_seq + i, "data": _dumps(e)}
                for i, e in enumerate(events)]
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((rows, future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        await future

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                rows = [row for group, _ in batch for row in group]
                try:
                    await self._append_rows(rows)
                except Exception:
                    for group, future in batch:  # one bad batch must not fail the others
                        try:
                            await self._append_rows(group)
                        except Exception as error:
                            future.set_exception(error)
                        else:
                            future.set_result(None)
                    continue
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)
        finally:
            self._flushing = False

    async def _append_rows(self, rows: list[dict[str, Any]]) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._appender, self.insert_events, rows)

    def insert_events(self, rows: list[dict[str, Any]]) -> None:
        """Insert event rows in one transaction (database thread)."""
        with self.engine.begin() as connection:
            if self.fence is not None:
                self.fence(connection, {row["table_id"] for row in rows})
            connection.execute(insert(EventRow), rows)

    def events_after(self, table_id: str, seq: int) -> list[TableEvent]:
        """A table's stored events after number ``seq``, in order (a replica catching up)."""
        with Session(self.engine) as session:
            return [table_event_from_json(json.loads(data)) for data in session.scalars(
                select(EventRow.data).where(EventRow.table_id == table_id, EventRow.seq > seq)
                .order_by(EventRow.seq))]

    # --- tables ----------------------------------------------------------------------------

    def create_table(self, record: TableRecord, seeds_wanted: int) -> None:
        """Store a new table, its seats, its first events and its group's seeds."""
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(id=record.id, created_at=record.created_at, form=record.form,
                                 group_id=record.group_id, config=json.dumps(record.config),
                                 status=record.status))
            session.flush()
            for seat in record.seats:
                session.add(SeatRow(table_id=record.id, seat=seat.seat, kind=seat.kind,
                                    name=seat.name, token_hash=seat.token_hash))
            self._ensure_seeds(session, record.group_id, seeds_wanted)
            for i, data in enumerate(record.events):
                session.add(EventRow(table_id=record.id, seq=i + 1, data=_dumps(data)))
        record.seeds = self.seeds(record.group_id)

    def ensure_seeds(self, group_id: str, count: int) -> dict[int, tuple[str, str]]:
        """Make sure boards ``1..count`` of a group have seeds; return them all."""
        with Session(self.engine) as session, session.begin():
            self._ensure_seeds(session, group_id, count)
        return self.seeds(group_id)

    @staticmethod
    def _ensure_seeds(session: Session, group_id: str, count: int) -> None:
        have = set(session.scalars(select(SeedRow.board).where(SeedRow.group_id == group_id)))
        for board in range(1, count + 1):
            if board not in have:
                seed = new_seed()
                session.add(SeedRow(group_id=group_id, board=board, seed=seed,
                                    commitment=commitment_of(seed)))

    def seeds(self, group_id: str) -> dict[int, tuple[str, str]]:
        """A group's seeds and commitments by board number."""
        with Session(self.engine) as session:
            rows = session.execute(select(SeedRow.board, SeedRow.seed, SeedRow.commitment)
                                   .where(SeedRow.group_id == group_id))
            return {board: (seed, sha) for board, seed, sha in rows}

    def set_status(self, table_id: str, status: str) -> None:
        """Record that a table is playing or finished."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def set_seat(self, table_id: str, seat: str, name: str) -> None:
        """Record the name a seat plays under."""
        with self.engine.begin() as connection:
            connection.execute(update(SeatRow).where(SeatRow.table_id == table_id,
                                                     SeatRow.seat == seat).values(name=name))

    def table_ids(self, *, status: str | None = None, group_id: str | None = None) -> list[str]:
        """Ids of stored tables, oldest first, optionally only those with a status or group."""
        query = select(TableRow.id).order_by(TableRow.created_at, TableRow.id)
        if status is not None:
            query = query.where(TableRow.status == status)
        if group_id is not None:
            query = query.where(TableRow.group_id == group_id)
        with Session(self.engine) as session:
            return list(session.scalars(query))

    def load_table(self, table_id: str) -> TableRecord | None:
        """A stored table with its whole event log, or ``None``."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = [SeatRecord(seat=s.seat, kind=s.kind, name=s.name, token_hash=s.token_hash)
                     for s in session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                              .order_by(SeatRow.id))]
            events = [table_event_from_json(json.loads(data)) for data in session.scalars(
                select(EventRow.data).where(EventRow.table_id == table_id).order_by(EventRow.seq))]
            record = TableRecord(id=row.id, created_at=_aware(row.created_at), form=row.form,
                                 group_id=row.group_id, config=json.loads(row.config),
                                 status=row.status, seats=seats, events=events)
        record.seeds = self.seeds(record.group_id)
        return record

    # --- sessions --------------------------------------------------------------------------

    def session_name(self, session_id: str) -> str | None:
        """The name of a browser session, if it exists."""
        with Session(self.engine) as session:
            row = session.get(SessionRow, session_id)
            return None if row is None else row.name

    def set_session(self, session_id: str, name: str) -> None:
        """Create or rename a browser session."""
        with Session(self.engine) as session, session.begin():
            row = session.get(SessionRow, session_id)
            if row is None:
                session.add(SessionRow(id=session_id, name=name, created_at=datetime.now(UTC)))
            else:
                row.name = name

    # --- playing with people: seat holders, the lobby's finished and expired tables ----------

    def hold_seat(self, table_id: str, seat: str, session_hash: str) -> None:
        """Record that a session (by its hash) holds a person's seat (the latest one wins)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(SeatHolderRow, (table_id, seat))
            if row is None:
                session.add(SeatHolderRow(table_id=table_id, seat=seat, session_hash=session_hash))
            else:
                row.session_hash = session_hash

    def seat_holder(self, table_id: str, seat: str) -> str | None:
        """The hash of the session holding a seat, if any."""
        with Session(self.engine) as session:
            row = session.get(SeatHolderRow, (table_id, seat))
            return None if row is None else row.session_hash

    def held_seats(self, session_hash: str) -> list[tuple[str, str]]:
        """The ``(table id, seat)`` a session holds, newest table first."""
        query = (select(SeatHolderRow.table_id, SeatHolderRow.seat)
                 .join(TableRow, TableRow.id == SeatHolderRow.table_id)
                 .where(SeatHolderRow.session_hash == session_hash)
                 .order_by(TableRow.created_at.desc(), TableRow.id))
        with Session(self.engine) as session:
            return [(table_id, seat) for table_id, seat in session.execute(query)]

    def recent_tables(self, status: str, limit: int) -> list[TableRecord]:
        """The newest ``limit`` tables of a status, with their seats but not their logs."""
        with Session(self.engine) as session:
            rows = list(session.scalars(select(TableRow).where(TableRow.status == status)
                                        .order_by(TableRow.created_at.desc(), TableRow.id)
                                        .limit(limit)))
            records = []
            for row in rows:
                seats = [SeatRecord(seat=s.seat, kind=s.kind, name=s.name, token_hash=None)
                         for s in session.scalars(select(SeatRow).where(SeatRow.table_id == row.id)
                                                  .order_by(SeatRow.id))]
                records.append(TableRecord(id=row.id, created_at=_aware(row.created_at),
                                           form=row.form, group_id=row.group_id,
                                           config=json.loads(row.config), status=row.status,
                                           seats=seats))
            return records

    def drop_everything(self) -> None:
        """Delete every row (tests)."""
        with self.engine.begin() as connection:
            for model in (SeatHolderRow, EventRow, SeatRow, SeedRow, SessionRow, TableRow):
                connection.execute(delete(model))


def _dumps(event: TableEvent) -> str:
    return json.dumps(event.to_json(), separators=(",", ":"))


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
