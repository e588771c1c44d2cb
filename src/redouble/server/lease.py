"""Table leases in PostgreSQL: each table has one owner process at a time, fenced by a token.

A lease is a row ``rd_leases(table_id, owner, token, expires_at)``. A process takes a table whose
lease is missing or expired (``token`` then grows by one), renews all its leases about every
second, and loses a table when a renewal finds its lease gone or expired. Every append of an
owner checks, in the same transaction and under a shared advisory lock on the table, that its token is
still the table's and unexpired (``Leases.fence``): a process that lost its lease cannot store,
and a new owner's takeover waits for an append in flight to commit, then loads it.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
from typing import Any

from sqlalchemy import Connection, Engine, text

from redouble.server.errors import ServerError

__all__ = ["LEASE_SECONDS", "RENEW_EVERY", "Fenced", "Leases"]

log = logging.getLogger("redouble.server")

LOCK_SPACE = 0x7264
"""The first key of the advisory locks that order appends and takeovers of a table."""
LEASE_SECONDS = 4.0
"""How long a lease lasts without renewal: a dead owner's tables are taken over after this."""
RENEW_EVERY = 1.0
"""Seconds between renewals, on a thread of their own: a process whose event loop is slow
(overloaded) keeps its tables as long as it lives."""


class Fenced(ServerError):
    """An append by a process that no longer holds the table's lease: nothing was stored."""

    def __init__(self, table_ids: set[str]) -> None:
        super().__init__("unavailable", f"this server no longer owns table(s) "
                                        f"{', '.join(sorted(table_ids))}: nothing was stored")
        self.table_ids = frozenset(table_ids)


class Leases:
    """This process's leases (``owner`` is its node id) on the server's PostgreSQL database."""

    def __init__(self, engine: Engine, node: str, *, seconds: float = LEASE_SECONDS) -> None:
        if engine.dialect.name != "postgresql":
            raise ServerError("database", "serving from several processes needs PostgreSQL "
                                          f"(the database is {engine.dialect.name})")
        self.engine = engine
        self.node = node
        self.seconds = seconds
        #: the tables this process holds and their fencing tokens (read by the database thread)
        self.held: dict[str, int] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._renewer: threading.Thread | None = None
        self._executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="redouble-lease")

    @property
    def executor(self) -> concurrent.futures.Executor:
        """The thread leases are taken and renewed on (apart from the appends' thread)."""
        return self._executor

    def close(self) -> None:
        """Stop the lease threads (the leases expire by themselves)."""
        self._stop.set()
        self._executor.shutdown(wait=False, cancel_futures=True)

    def start_renewing(self, every: float = RENEW_EVERY) -> None:
        """Renew this process's leases every ``every`` seconds on a thread of their own."""
        def renewing() -> None:
            while not self._stop.wait(every):
                try:
                    self.renew()
                except Exception as error:  # the database away: the leases lapse, appends fail
                    log.error("could not renew the table leases: %r", error)

        self._renewer = threading.Thread(target=renewing, daemon=True, name="redouble-renew")
        self._renewer.start()

    # --- on the lease thread ---------------------------------------------------------------

    def acquire(self, table_id: str) -> int | None:
        """Take ``table_id`` if its lease is missing or expired: the new token, or ``None``."""
        with self.engine.begin() as connection:
            live = connection.execute(text(
                "SELECT 1 FROM rd_leases WHERE table_id = :table AND expires_at > now()"),
                {"table": table_id}).first()
            if live is not None:  # owned: no lock taken (it would hold up the owner's appends)
                return None
            # waits for the appends under the old lease to commit: their events are then loaded
            connection.execute(text(f"SELECT pg_advisory_xact_lock({LOCK_SPACE}, hashtext(:table))"),
                               {"table": table_id})
            token = connection.execute(text(
                "INSERT INTO rd_leases (table_id, owner, token, expires_at) "
                "VALUES (:table, :owner, 1, now() + make_interval(secs => :ttl)) "
                "ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, "
                "token = rd_leases.token + 1, expires_at = excluded.expires_at "
                "WHERE rd_leases.expires_at < now() RETURNING token"),
                {"table": table_id, "owner": self.node, "ttl": self.seconds}).scalar()
        if token is not None:
            with self._lock:
                self.held[table_id] = int(token)
            return int(token)
        return None

    def renew(self) -> dict[str, int]:
        """Extend every unexpired lease of this process; returns those still held (others lost).

        Only leases taken before the renewal began are judged by it (one taken meanwhile is
        not in its answer, and not lost)."""
        with self._lock:
            before = dict(self.held)
        with self.engine.begin() as connection:
            rows = connection.execute(text(
                "UPDATE rd_leases SET expires_at = now() + make_interval(secs => :ttl) "
                "WHERE owner = :owner AND expires_at > now() RETURNING table_id, token"),
                {"owner": self.node, "ttl": self.seconds}).all()
        kept = {str(table): int(token) for table, token in rows}
        with self._lock:
            for table, token in before.items():
                if kept.get(table) != token and self.held.get(table) == token:
                    del self.held[table]
            return dict(self.held)

    def release(self, table_ids: list[str]) -> None:
        """Give tables up at once (a clean shutdown): another process may take them now."""
        with self._lock:
            for table_id in table_ids:
                self.held.pop(table_id, None)
        if not table_ids:
            return
        with self.engine.begin() as connection:
            connection.execute(text(
                "UPDATE rd_leases SET expires_at = now() - interval '1 second' "
                "WHERE owner = :owner AND table_id = ANY(:tables)"),
                {"owner": self.node, "tables": table_ids})

    def orphans(self, limit: int = 64) -> list[str]:
        """Unfinished tables whose lease is missing or expired (their owner is gone)."""
        with self.engine.connect() as connection:
            rows = connection.execute(text(
                "SELECT t.id FROM rd_tables t LEFT JOIN rd_leases l ON l.table_id = t.id "
                "WHERE t.status = 'playing' AND (l.table_id IS NULL OR l.expires_at < now()) "
                "ORDER BY t.created_at LIMIT :limit"), {"limit": limit}).all()
        return [str(row[0]) for row in rows]

    def lapsed(self, prefix: str) -> list[str]:
        """The leases named ``prefix…`` (no ``%`` or ``_`` in it) whose holder has gone (expired or
        given up): the small lease table is read, not the tables (an online session's, ``online:…``)."""
        with self.engine.connect() as connection:
            rows = connection.execute(text(
                "SELECT table_id FROM rd_leases WHERE table_id LIKE :prefix AND expires_at < now() "
                "ORDER BY table_id"), {"prefix": prefix + "%"}).all()
        return [str(row[0]) for row in rows]

    def forget(self, table_id: str) -> None:
        """This process no longer counts on a table's lease (it learned the lease is lost)."""
        with self._lock:
            self.held.pop(table_id, None)

    def owner(self, table_id: str) -> str | None:
        """The process holding an unexpired lease on ``table_id``, if any."""
        with self.engine.connect() as connection:
            owner = connection.execute(text(
                "SELECT owner FROM rd_leases WHERE table_id = :table AND expires_at > now()"),
                {"table": table_id}).scalar()
        return None if owner is None else str(owner)

    # --- on the appends' thread, inside their transaction -------------------------------------

    def fence(self, connection: Connection, table_ids: set[str]) -> None:
        """Refuse an append unless this process still holds every table's lease with its token.

        A shared advisory lock per table, held to the commit, makes a takeover (which takes it
        exclusively) wait until this transaction commits, so the new owner loads what was
        appended under the old lease; an append after a takeover sees the new token and fails.
        """
        with self._lock:
            held = dict(self.held)
        lost = {table for table in table_ids if table not in held}
        asked = sorted(table_ids - lost)
        if asked:  # two round trips for the whole group commit; the locks live in memory only
            connection.execute(text(
                f"SELECT pg_advisory_xact_lock_shared({LOCK_SPACE}, hashtext(t)) "
                "FROM unnest(CAST(:tables AS text[])) AS t"), {"tables": asked})
            rows: Any = connection.execute(text(
                "SELECT l.table_id FROM rd_leases l "
                "JOIN unnest(CAST(:tables AS text[]), CAST(:tokens AS bigint[])) AS h(table_id, token) "
                "ON l.table_id = h.table_id AND l.token = h.token "
                "WHERE l.owner = :owner AND l.expires_at > clock_timestamp()"),
                {"tables": asked, "tokens": [held[table] for table in asked],
                 "owner": self.node}).all()
            lost |= set(asked) - {str(row[0]) for row in rows}
        if lost:
            raise Fenced(lost)
