"""Tables abandoned by everyone: a table where no person has been for ``expire_after`` seconds expires.

Expired means status ``expired`` in the store, out of the lobby, its robots stopped; its log is kept and
still replays, and a person coming back to a seat plays it again.

With several processes (``redouble.server.cluster``) only a table's owner expires it or brings it
back, and tells the others: its seats count as held while any live process holds them, and a
robot-only table as watched while any live process has a connection to it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from redouble.seats import Seat
from redouble.server.table import Table

if TYPE_CHECKING:
    from redouble.server.hub import Hub

__all__ = ["EXPIRE_AFTER", "Expiry"]

log = logging.getLogger("redouble.server")

EXPIRE_AFTER = 1800.0
"""Seconds without a person at a table (players; for robot-only tables, anyone watching)
after which it expires from the lobby and its robots stop (``redouble serve --expire-after``)."""


class Expiry:
    """When a person was last at each table, and the tables expired for it."""

    def __init__(self, hub: Hub, *, expire_after: float = EXPIRE_AFTER) -> None:
        self.hub = hub
        self.expire_after = expire_after
        #: tables expired from the lobby (status ``expired`` in the store; they still replay)
        self.expired: set[str] = set()
        #: when a person was last at each table (event-loop time), for expiry
        self.last_seen: dict[str, float] = {}
        #: told when a table expires (its clock and robots' grace stop)
        self.on_expired: Callable[[Table], None] = lambda _table: None

    async def start(self, on_expired: Callable[[Table], None]) -> None:
        """Know which tables have expired, and sweep abandoned tables from now on."""
        self.on_expired = on_expired
        store = self.hub.store
        self.expired.update(await store.run(lambda: store.table_ids(status="expired")))
        self.hub.spawn(self.sweep())

    def known(self, table: Table) -> None:
        """Start counting a table's time without people, if not yet counted."""
        self.last_seen.setdefault(table.id, asyncio.get_running_loop().time())

    def seen(self, table: Table) -> None:
        """Someone was at the table just now."""
        self.last_seen[table.id] = asyncio.get_running_loop().time()

    async def came_back(self, table: Table, seat: Seat | None) -> bool:
        """Bring an expired table back when a person sits down at it (at its owner: another
        process tells the owner the seat is held); ``True`` if the table must be woken."""
        if seat is not None and table.id in self.expired and not table.finished \
                and self.hub.people.decides(table):
            self.expired.discard(table.id)
            await self.hub.store.run(self.hub.store.set_status, table.id, "playing")
            if self.hub.cluster is not None:
                self.hub.cluster.announce_expired(table, expired=False)
            log.info("table %s is played again: %s came back", table.id, seat.letter())
            return True
        return False

    def abandoned(self, table: Table, now: float) -> bool:
        """Whether no person has been at a playing table for ``expire_after`` seconds: none of
        its players (a robot-only table: nobody watching), on any process; only the table's
        owner decides."""
        if not self.hub.people.decides(table):  # a replica: its count starts when it owns it
            self.last_seen[table.id] = now
            return False
        if table.finished or table.id in self.expired:
            return False
        humans = table.humans
        cluster = self.hub.cluster
        present = (any(table.seats[seat].connected for seat in humans) if humans
                   else bool(self.hub.connections.get(table.id))
                   or (cluster is not None and cluster.watched(table.id)))
        if present:
            self.last_seen[table.id] = now
            return False
        return now - self.last_seen.setdefault(table.id, now) >= self.expire_after

    async def sweep(self) -> None:
        """Expire abandoned tables now and then, for as long as the server runs."""
        interval = max(0.05, min(30.0, self.expire_after / 4))
        while not self.hub.closing:
            await asyncio.sleep(interval)
            try:
                await self.expire_abandoned()
            except Exception:  # a failed sweep is retried at the next one
                log.exception("expiring abandoned tables failed")

    async def expire_abandoned(self) -> list[str]:
        """Expire the tables abandoned now: status ``expired`` in the store (their logs kept;
        they still replay), out of the lobby, their robots and clocks stopped."""
        now = asyncio.get_running_loop().time()
        gone = []
        for table in list(self.hub.tables.values()):
            if not self.abandoned(table, now):
                continue
            await self.hub.store.run(self.hub.store.set_status, table.id, "expired")
            self.expired.add(table.id)
            if self.hub.cluster is not None:
                self.hub.cluster.announce_expired(table, expired=True)
            task = self.hub.robot_tasks.pop(table.id, None)
            if task is not None:
                task.cancel()
            self.on_expired(table)
            gone.append(table.id)
            log.info("table %s expired: nobody has been at it for %g s", table.id,
                     self.expire_after)
        return gone
