"""Club sessions in the server's database: each session's records appended, its state rebuilt from them.

``ClubStore(url)`` works on SQLite (a file path or URL, the default) and PostgreSQL by URL; the
schema comes from the server's Alembic migrations. Rows are only inserted: a record is stored
before the session applies it (``Session.on_append``), and two writers appending the same
record number make the second fail with a ``ConflictError`` instead of losing either.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session as DbSession

from redouble.club.models import ClubRecordRow, ClubSessionRow
from redouble.club.session import Record, Session, SessionError, SessionOpened
from redouble.server.store import Store

__all__ = ["ClubStore", "ConflictError", "DatabaseError", "SessionInfo", "UnknownSessionError"]


class UnknownSessionError(SessionError):
    """No session with that id in the database."""


class ConflictError(SessionError):
    """Another writer appended to the session first; reload it and try again."""


class DatabaseError(SessionError):
    """The database cannot be reached or written; nothing was stored."""


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A stored session's id, event, name, creation time and number of records."""

    id: str
    event: str
    name: str
    created_at: datetime
    records: int


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:48] or "session"


def database_url(db: str) -> str:
    """A database argument as a URL: a plain path means a SQLite file.

    >>> database_url("club.db"), database_url("postgresql://127.0.0.1/test")
    ('sqlite:///club.db', 'postgresql://127.0.0.1/test')
    """
    return db if "://" in db else f"sqlite:///{db}"


class ClubStore:
    """The club's sessions in a database (migrated on opening)."""

    def __init__(self, db: str) -> None:
        self._store = Store(database_url(db))
        self.engine = self._store.engine
        try:
            self._store.migrate()
        except SQLAlchemyError as error:
            self._store.close()
            raise DatabaseError(f"cannot open the club database {db!r}: {_first_line(error)}") from None

    def close(self) -> None:
        """Release the connections."""
        self._store.close()

    def __enter__(self) -> ClubStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- sessions --

    def create(self, session: Session, *, session_id: str | None = None) -> str:
        """Store a new session's records under a fresh id (from its name unless given); returns the id."""
        opened = session.records[0].change
        assert isinstance(opened, SessionOpened)
        with DbSession(self.engine) as db, db.begin():
            base = session_id or _slug(opened.name)
            taken = set(db.scalars(select(ClubSessionRow.id).where(ClubSessionRow.id.like(f"{base}%"))))
            if session_id is not None and session_id in taken:
                raise ConflictError(f"there is already a session {session_id!r}")
            chosen, number = base, 2
            while chosen in taken:
                chosen, number = f"{base}-{number}", number + 1
            db.add(ClubSessionRow(id=chosen, event=opened.event, name=opened.name,
                                  created_at=session.records[0].at))
            db.flush()
            db.add_all(self._row(chosen, record) for record in session.records)
        return chosen

    def sessions(self, *, event: str | None = None) -> list[SessionInfo]:
        """Every stored session (of one event, if given), newest first."""
        with DbSession(self.engine) as db:
            counts: dict[str, int] = {}
            for session_id, count in db.execute(select(ClubRecordRow.session_id, func.count())
                                                .group_by(ClubRecordRow.session_id)):
                counts[session_id] = count
            query = select(ClubSessionRow).order_by(ClubSessionRow.created_at.desc(), ClubSessionRow.id.desc())
            if event is not None:
                query = query.where(ClubSessionRow.event == event)
            rows = db.scalars(query)
            return [SessionInfo(row.id, row.event, row.name, _aware(row.created_at), counts.get(row.id, 0))
                    for row in rows]

    def with_kind(self, kind: str) -> list[str]:
        """The ids of the sessions holding a record of ``kind`` (``online_opened``: the online sessions)."""
        with DbSession(self.engine) as db:
            return sorted(set(db.scalars(select(ClubRecordRow.session_id).where(ClubRecordRow.kind == kind))))

    def latest(self) -> str:
        """The id of the newest session, or an ``UnknownSessionError``."""
        sessions = self.sessions()
        if not sessions:
            raise UnknownSessionError("the database has no club session yet: create one with 'redouble club new'")
        return sessions[0].id

    # -- records --

    def records(self, session_id: str, *, after: int = 0) -> list[Record]:
        """A session's records after number ``after`` (all by default), parsed into typed records."""
        with DbSession(self.engine) as db:
            if db.get(ClubSessionRow, session_id) is None:
                raise UnknownSessionError(f"there is no club session {session_id!r}")
            rows = db.scalars(select(ClubRecordRow).where(ClubRecordRow.session_id == session_id,
                                                          ClubRecordRow.seq > after)
                              .order_by(ClubRecordRow.seq))
            return [Record.from_json({"seq": row.seq, "at": _aware(row.at).isoformat(), "by": row.author,
                                      "reason": row.reason, "key": row.entry_key, "kind": row.kind,
                                      "data": json.loads(row.data)})
                    for row in rows]

    def append(self, session_id: str, record: Record) -> None:
        """Store one record; a record number already taken raises ``ConflictError``."""
        try:
            with DbSession(self.engine) as db, db.begin():
                db.add(self._row(session_id, record))
        except IntegrityError:
            raise ConflictError(f"record #{record.seq} of session {session_id!r} was written by someone else "
                                "first: reload the session") from None
        except SQLAlchemyError as error:
            raise DatabaseError(f"record #{record.seq} was not stored: {_first_line(error)}") from None

    def load(self, session_id: str) -> Session:
        """A stored session rebuilt from its records, storing every further record here first."""
        session = Session(self.records(session_id))
        session.on_append = lambda record: self.append(session_id, record)
        return session

    @staticmethod
    def _row(session_id: str, record: Record) -> ClubRecordRow:
        data = record.to_json()
        return ClubRecordRow(session_id=session_id, seq=record.seq, at=record.at, author=record.by,
                             kind=record.kind, reason=record.reason, entry_key=record.key,
                             data=json.dumps(data["data"], ensure_ascii=False, separators=(",", ":")))


def _first_line(error: Exception) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
