"""The seats a browser session may rejoin without their link.

A person's seat is held by the session that last sat there with the seat's link; that session
(and only it) may rejoin the seat from the lobby.

>>> session_hash("abc")[:12]
'ba7816bf8f01'
"""

from __future__ import annotations

import hashlib
import logging
from typing import TYPE_CHECKING

from redouble.errors import BridgeError
from redouble.seats import Seat
from redouble.server.messages import refusal
from redouble.server.table import Table

if TYPE_CHECKING:
    from redouble.server.hub import Connection, Hub

__all__ = ["SeatHolders", "session_hash"]

log = logging.getLogger("redouble.server")


def session_hash(cookie: str) -> str:
    """How a session is named where seats are held: the SHA-256 of its cookie."""
    return hashlib.sha256(cookie.encode("utf-8")).hexdigest()


class SeatHolders:
    """Which session holds each seat (stored, and remembered here once written)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.holders: dict[tuple[str, str], str] = {}

    async def hold(self, connection: Connection, session: str | None) -> None:
        """A new connection with a seat's link: record that its session holds the seat."""
        table = connection.table
        seat = connection.seat
        if seat is not None and session is not None:
            held = session_hash(session)
            key = (table.id, seat.letter())
            if self.holders.get(key) != held:
                store = self.hub.store
                try:
                    await store.run(store.hold_seat, table.id, seat.letter(), held)
                    self.holders[key] = held
                except Exception:  # the seat plays on; only rejoining without the link waits
                    log.exception("could not record who holds seat %s of table %s", *key[::-1])

    async def seat_by_session(self, table: Table, letter: str, session: str | None) -> Seat:
        """The seat a session rejoins without its link: only the session holding it."""
        try:
            seat = Seat.parse(letter)
        except BridgeError:
            raise refusal("bad_request", "err_field_choice", field="seat", choices="N, E, S, W") from None
        if table.seats[seat].kind != "human":
            raise refusal("forbidden", "err_rejoin_robot")
        store = self.hub.store
        held = None if session is None else await store.run(store.seat_holder, table.id,
                                                               seat.letter())
        if session is None or held is None or held != session_hash(session):
            raise refusal("forbidden", "people_rejoin_refused")
        return seat
