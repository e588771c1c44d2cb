"""The club tables on the server's SQLAlchemy ``Base``: sessions and their append-only record logs.

A session's state is never stored: it is rebuilt from its records (``redouble.club.session``),
so a row is only ever inserted, never updated. The schema is created by the Alembic migration
``0002_club`` in ``redouble.server.migrations``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from redouble.server.models import Base

__all__ = ["ClubRecordRow", "ClubSessionRow"]


class ClubSessionRow(Base):
    """A club session: its id, event and name (everything else is in its records)."""

    __tablename__ = "club_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    event: Mapped[str] = mapped_column(String(200))
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ClubRecordRow(Base):
    """One record of a session's log: its number, time, author, kind and JSON payload."""

    __tablename__ = "club_records"
    __table_args__ = (UniqueConstraint("session_id", "seq"), UniqueConstraint("session_id", "entry_key"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("club_sessions.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    author: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(Text)
    entry_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    data: Mapped[str] = mapped_column(Text)
