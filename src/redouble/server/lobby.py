"""The lobby's side of people and tables: which tables it lists (playing, finished, yours).

The seats a browser session may rejoin without their link are ``server/rejoin.py``; tables abandoned by
everyone expire in ``server/expiry.py``. ``Lobby`` is the one object the rest of the server holds for all three.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redouble.seats import Seat
from redouble.server import presenter
from redouble.server.errors import ServerError
from redouble.server.expiry import EXPIRE_AFTER, Expiry
from redouble.server.rejoin import SeatHolders, session_hash
from redouble.server.table import Table

if TYPE_CHECKING:
    from redouble.server.hub import Connection, Hub

__all__ = ["EXPIRE_AFTER", "FINISHED_LISTED", "HELD_LISTED", "LOBBY_PAGE", "LOBBY_PAGE_MAX", "Cursor",
           "Key", "Lobby", "LobbyIndex", "page", "page_from", "session_hash"]

FINISHED_LISTED = 30
"""Finished tables the lobby lists, newest first."""
HELD_LISTED = 20
"""A session's newest tables "your tables" lists."""
LOBBY_PAGE = 500
"""Playing tables ``GET /api/tables`` lists when asked for no ``limit`` (a small lobby: all)."""
LOBBY_PAGE_MAX = 1000
"""The largest ``limit`` of one page of the lobby."""


@dataclass(frozen=True)
class Cursor:
    """Where a page of the lobby ended: the last entry's creation time and id (the lobby's
    order, newest first), so that a table created or gone meanwhile moves no other entry."""

    created: str
    table: str

    @classmethod
    def parse(cls, text: str) -> Cursor:
        """The cursor a page's ``next`` gave (``ServerError`` ``bad_request`` if it is none)."""
        created, sep, table = text.partition("~")
        if not sep or not created or not table or len(text) > 200:
            raise ServerError("bad_request", f"{text[:40]!r} is not a lobby cursor: give the "
                                              "`next` of the previous page")
        return cls(created, table)

    def text(self) -> str:
        """The cursor as ``after`` takes it."""
        return f"{self.created}~{self.table}"


Key = tuple[str, str]
"""A lobby entry's place: its creation time (as the entry shows it) and its table id."""


def _key(entry: dict[str, Any]) -> Key:
    return str(entry.get("created", "")), str(entry["id"])


class LobbyIndex:
    """The lobby's keys kept in order as tables come and go (bisection and insertion into a
    sorted list), so that a page is found by bisection and read in order: no call sorts the
    whole lobby."""

    def __init__(self) -> None:
        self._keys: list[Key] = []
        self._by_id: dict[str, Key] = {}

    def __len__(self) -> int:
        return len(self._keys)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._by_id

    def put(self, table_id: str, created: str) -> None:
        """List a table (or move it, if its creation time was not this)."""
        key = (created, table_id)
        old = self._by_id.get(table_id)
        if old == key:
            return
        if old is not None:
            self._remove(old)
        bisect.insort(self._keys, key)
        self._by_id[table_id] = key

    def discard(self, table_id: str) -> None:
        """No longer list a table."""
        old = self._by_id.pop(table_id, None)
        if old is not None:
            self._remove(old)

    def _remove(self, key: Key) -> None:
        index = bisect.bisect_left(self._keys, key)
        if index < len(self._keys) and self._keys[index] == key:
            del self._keys[index]

    def newest_first(self, after: Cursor | None = None) -> Iterator[Key]:
        """The keys, newest first, from just after ``after`` (read at once: no await between)."""
        end = len(self._keys) if after is None else bisect.bisect_left(self._keys, (after.created, after.table))
        for index in range(min(end, len(self._keys)) - 1, -1, -1):
            yield self._keys[index]


def page_from(keys: Iterable[Key], entry: Callable[[str], dict[str, Any] | None],
              limit: int | None) -> tuple[list[dict[str, Any]], str | None]:
    """One page, newest first: the entries of ``keys`` (in order) that ``entry`` lists, at most
    ``limit`` (``None``: all); and the cursor of the next page (``None``: this was the last)."""
    shown: list[dict[str, Any]] = []
    for key in keys:
        found = entry(key[1])
        if found is None:
            continue
        if limit is not None and len(shown) == limit:
            created, table = _key(shown[-1])
            return shown, Cursor(created, table).text()
        shown.append(found)
    return shown, None


def page(entries: Sequence[dict[str, Any]], limit: int,
         after: Cursor | None) -> tuple[list[dict[str, Any]], str | None]:
    """One page of lobby entries, newest first, from just after ``after``; and the cursor of
    the next page (``None``: this was the last). (A list of entries; the server's lobby keeps
    its ``LobbyIndex``.)"""
    index = LobbyIndex()
    by_id = {str(entry["id"]): entry for entry in entries}
    for entry in entries:
        index.put(*reversed(_key(entry)))
    return page_from(index.newest_first(after), by_id.get, limit)


class Lobby:
    """The lobby's lists, the seats sessions hold, and the expiry of abandoned tables."""

    def __init__(self, hub: Hub, *, expire_after: float = EXPIRE_AFTER) -> None:
        self.hub = hub
        self.expiry = Expiry(hub, expire_after=expire_after)
        self.seats = SeatHolders(hub)
        #: tables expired from the lobby (status ``expired`` in the store; they still replay)
        self.expired: set[str] = self.expiry.expired
        #: the tables loaded here that the lobby lists, in order
        self.index = LobbyIndex()

    async def start(self, on_expired: Callable[[Table], None]) -> None:
        """Know which tables have expired, and sweep abandoned tables from now on."""
        await self.expiry.start(on_expired)

    def known(self, table: Table) -> None:
        """Start counting a table's time without people, if not yet counted."""
        self.expiry.known(table)

    def seen(self, table: Table) -> None:
        """Someone was at the table just now."""
        self.expiry.seen(table)

    async def seated(self, connection: Connection, session: str | None) -> bool:
        """A new connection: record which session holds its seat, and bring an expired table
        back when a person sits down at it; ``True`` if the table must be woken."""
        self.expiry.seen(connection.table)
        await self.seats.hold(connection, session)
        return await self.expiry.came_back(connection.table, connection.seat)

    async def seat_by_session(self, table: Table, letter: str, session: str | None) -> Seat:
        """The seat a session rejoins without its link: only the session holding it."""
        return await self.seats.seat_by_session(table, letter, session)

    # --- the lobby ------------------------------------------------------------------------------

    def listed(self, table: Table) -> bool:
        """Whether this process lists a table it has loaded: playing, neither expired nor quarantined."""
        return not table.finished and table.id not in self.expired and table.id not in self.hub.quarantined

    def update(self, table: Table) -> None:
        """Keep the index up to date with a table that changed (loaded, finished, expired, back)."""
        if table.id in self.hub.tables and self.listed(table):
            self.index.put(table.id, presenter.created_text(table))
        else:
            self.index.discard(table.id)

    def entry(self, table_id: str) -> dict[str, Any] | None:
        """A loaded table's lobby entry with how many watch it, if it is listed."""
        table = self.hub.tables.get(table_id)
        if table is None or not self.listed(table):
            return None
        return presenter.lobby_entry(table, self.hub.people.watching(table))

    def page(self, limit: int | None, after: Cursor | None = None) -> tuple[list[dict[str, Any]], str | None]:
        """One page of the playing tables loaded here, newest first (``LobbyIndex``: no sort)."""
        return page_from(self.index.newest_first(after), self.entry, limit)

    async def finished(self) -> list[dict[str, Any]]:
        """The newest finished tables, with where their results are."""
        store = self.hub.store
        records = await store.run(store.recent_tables, "finished", FINISHED_LISTED)
        return [presenter.finished_entry(record) for record in records]

    async def held(self, session: str | None) -> list[dict[str, Any]]:
        """The unfinished tables whose seats a session holds, for "your tables"."""
        if session is None:
            return []
        store = self.hub.store
        entries = []
        held = await store.run(store.held_seats, session_hash(session))
        for table_id, letter in held[:HELD_LISTED]:
            try:
                table = await self.hub.get(table_id)
            except ServerError:
                continue
            if not table.finished:
                entries.append(presenter.held_entry(table, Seat.parse(letter),
                                                    table_id in self.expired))
        return entries
