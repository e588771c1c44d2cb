"""The web table's database: tables, seats, the numbered event log, deal seeds, sessions.

SQLAlchemy 2 declarative models; the schema itself is created by the Alembic migrations in
``redouble.server.migrations`` (run at start-up), never by ``create_all``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "EventRow", "SeatHolderRow", "SeatRow", "SeedRow", "SessionRow", "TableRow"]
__all__ = ["Base", "EventRow", "LeaseRow", "SeatRow", "SeedRow", "SessionRow", "TableRow"]


class Base(DeclarativeBase):
    """The declarative base of the server's models."""


class TableRow(Base):
    """A table: its form of play and settings (``config`` is JSON text)."""

    __tablename__ = "rd_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    form: Mapped[str] = mapped_column(String(16))
    group_id: Mapped[str] = mapped_column(String(32), index=True)
    config: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), index=True)


class SeatRow(Base):
    """A seat at a table: a person (with the hash of its invitation token) or a robot."""

    __tablename__ = "rd_seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("rd_tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[str] = mapped_column(String(1))
    kind: Mapped[str] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), index=True, nullable=True)


class EventRow(Base):
    """One numbered event of a table's log (``data`` is the event's JSON text)."""

    __tablename__ = "rd_events"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("rd_tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)


class SeedRow(Base):
    """A board's secret seed and its published SHA-256 commitment, per group of tables."""

    __tablename__ = "rd_seeds"
    __table_args__ = (UniqueConstraint("group_id", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    group_id: Mapped[str] = mapped_column(String(32), index=True)
    board: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))


class SessionRow(Base):
    """A browser session: a cookie and the name its holder plays under (no accounts)."""

    __tablename__ = "rd_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatHolderRow(Base):
    """The browser session (its SHA-256) that holds a person's seat: it may rejoin without the
    seat's link (server/rejoin.py)."""

    __tablename__ = "rd_seat_holders"

    table_id: Mapped[str] = mapped_column(ForeignKey("rd_tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[str] = mapped_column(String(1), primary_key=True)
    session_hash: Mapped[str] = mapped_column(String(64), index=True)
class LeaseRow(Base):
    """Which server process owns a table until ``expires_at``; ``token`` grows at each new owner
    (the fencing token every append of that owner is checked against)."""

    __tablename__ = "rd_leases"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64), index=True)
    token: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
