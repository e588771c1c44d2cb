"""The people at a table, as the hub sees them: turn clocks, robots that stand in for the
absent, chat and kibitzers (the lobby's side — seats rejoined by session, tables abandoned by
everyone — is ``server/lobby.py``).

The hub calls in at a few points (a connection joined or left, the table changed, a command
arrived); the rules themselves live in ``timer``, ``substitute``, ``chat`` and the presenter
(who sees what). Nothing here is an event of the log except the robots' substitutions, which
go through the hub's one path of change (``Hub.commit``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from redouble.seats import Seat
from redouble.server import commands, presenter, substitute
from redouble.server.chat import CHAT_RATE, ChatRoom, clean
from redouble.server.commands import Command
from redouble.server.errors import ServerError
from redouble.server.events import Substituted
from redouble.server.limits import Quota
from redouble.server.lobby import EXPIRE_AFTER, Lobby
from redouble.server.table import Table
from redouble.server.timer import PERIODS, Clock, turn_of

if TYPE_CHECKING:
    from redouble.server.hub import Connection, Hub

__all__ = ["People"]

MAX_WATCHER_NAME = 40
WATCHERS_EVERY = 0.25
"""Seconds between two ``watchers`` frames of one table: kibitzers coming or going meanwhile
are told together at the end of the interval (a crowd arriving at once is a few frames to each
of them, not one for every newcomer)."""


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def _now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class People:
    """Clocks, stand-in robots, chat rooms, kibitzer lists and the expiry of abandoned tables."""

    def __init__(self, hub: Hub, *, expire_after: float = EXPIRE_AFTER) -> None:
        self.hub = hub
        #: the lobby's lists, seats rejoined by session, tables expired (server/lobby.py)
        self.lobby = Lobby(hub, expire_after=expire_after)
        self.expired = self.lobby.expired
        self.rooms: dict[str, ChatRoom] = {}
        self.clocks: dict[str, Clock] = {}
        self.clock_timers: dict[str, asyncio.TimerHandle] = {}
        self.away_since: dict[tuple[str, Seat], float] = {}
        self.away_timers: dict[tuple[str, Seat], asyncio.TimerHandle] = {}
        #: tables just taken over from a dead process: no grace clock starts before this time
        self.settle_until: dict[str, float] = {}
        self.chat_quotas: dict[Connection, Quota] = {}
        #: tables whose players have not yet been told of kibitzers coming or going
        self.watchers_changed: set[str] = set()
        #: when each table's kibitzers were last told who watches (event-loop time), and the
        #: tables whose kibitzers are to be told at the end of the interval (``WATCHERS_EVERY``)
        self.watchers_told: dict[str, float] = {}
        self.watchers_due: dict[str, asyncio.TimerHandle] = {}

    # --- the hub's hooks ------------------------------------------------------------------------

    async def start(self) -> None:
        """Know which tables have expired, and sweep abandoned tables from now on."""
        await self.lobby.start(self.changed)

    async def joined(self, connection: Connection, session: str | None) -> None:
        """A new connection: record who holds the seat, bring an expired table back, give the
        seat back from its robot, and tell the newcomer the clock, the kibitzers and the chat."""
        table = connection.table
        seat = connection.seat
        wake = await self.lobby.seated(connection, session)
        if seat is not None and seat in table.substitutes and not connection.closed:
            async with self.hub.locks[table.id]:
                if seat in table.substitutes:
                    wake = True
                    await self.hub.commit(table, substitute.propose(
                        table, seat, commands.TakeSeat(type="take_seat")))
        viewer = connection.viewer  # what the welcome did not say: only when there is something
        if table.id in self.clocks:
            connection.send(_dumps(self._clock_frame(table, viewer)))
        if seat is None:
            self.watchers_moved(table)
        elif names := self.watcher_names(table):
            connection.send(_dumps(presenter.watchers_frame(table, names, viewer)))
        room = self.rooms.get(table.id)
        if room is not None:
            frame = presenter.chat_frame(table, room.messages, viewer)
            if frame is not None:
                connection.send(_dumps(frame))
        if wake:
            await self.hub.advance(table)

    def left(self, connection: Connection) -> None:
        """A connection closed: the kibitzers' list, and when a person was last here."""
        table = connection.table
        self.chat_quotas.pop(connection, None)
        self.lobby.seen(table)
        if connection.seat is None:
            self.watchers_moved(table)

    def changed(self, table: Table) -> None:
        """The table changed (an action, a board, a seat came or went): set its clock and the
        robots' grace for those who are away."""
        loop = asyncio.get_running_loop()
        self.lobby.known(table)
        self.lobby.update(table)
        if table.id in self.watchers_changed:
            self.watchers_changed.discard(table.id)
            self.send_watchers(table, players=True)
        self._set_clock(table, loop)
        self._set_away(table, loop)

    async def handle(self, connection: Connection, command: Command) -> bool:
        """Answer a chat message, and refuse the actions of a seat a robot plays; ``True`` if
        the command was answered here (an ``ack`` or ``error`` sent)."""
        table = connection.table
        try:
            if isinstance(command, commands.Chat):
                self.say(connection, command.text)
                connection.send(_dumps({"type": "ack", "id": command.id, "seq": table.seq}))
                return True
            substitute.refuse_substituted(table, connection.seat, command)
        except ServerError as error:
            connection.send(_dumps({"type": "error", "id": command.id, "code": error.code,
                                    "message": str(error)}))
            return True
        return False

    async def came_back(self, table: Table, seat: Seat) -> None:
        """A person sat down again at an expired table (through another process of a cluster):
        the table is played again."""
        if await self.lobby.expiry.came_back(table, seat):
            await self.hub.advance(table)

    def robots_may_play(self, table: Table) -> bool:
        """Whether the table's robots may act (not at a table expired from the lobby)."""
        return table.id not in self.expired

    def forget(self, table_id: str) -> None:
        """A replica unloaded: its clock, chat room and grace clocks go with it."""
        timer = self.clock_timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self.clocks.pop(table_id, None)
        self.rooms.pop(table_id, None)
        self.settle_until.pop(table_id, None)
        self.watchers_changed.discard(table_id)
        self.lobby.expiry.last_seen.pop(table_id, None)
        self.lobby.index.discard(table_id)
        for key in [key for key in self.away_timers if key[0] == table_id]:
            self.away_timers.pop(key).cancel()
        for key in [key for key in self.away_since if key[0] == table_id]:
            del self.away_since[key]

    # --- chat ---------------------------------------------------------------------------------

    def say(self, connection: Connection, text: str) -> None:
        """Post a chat message to the connection's channel and send it to whoever reads it."""
        table = connection.table
        channel = presenter.chat_channel(table, connection.viewer)
        if channel is None:
            reason = ("chat is off at this table" if not table.options.chat
                      else "a player of another table of the group cannot chat here")
            raise ServerError("chat", reason)
        quota = self.chat_quotas.setdefault(connection, Quota(CHAT_RATE, keys=1))
        if not quota.allow(""):
            raise ServerError("rate_limited", f"too many chat messages: {CHAT_RATE.burst} at once, "
                                              f"then one every {CHAT_RATE.every:g} s")
        words = clean(text, commands.MAX_CHAT)
        if not words:
            raise ServerError("chat", "a chat message needs some text")
        seat = connection.seat
        name = (clean(table.seats[seat].name, MAX_WATCHER_NAME) if seat is not None
                else self._watcher_name(connection))
        room = self.rooms.setdefault(table.id, ChatRoom())
        message = room.add(channel, seat, name, words, _now_text())
        self.hub.send_each(table, lambda viewer: presenter.chat_frame(table, [message], viewer))

    # --- kibitzers ------------------------------------------------------------------------------

    @staticmethod
    def _watcher_name(connection: Connection) -> str:
        return clean(connection.name, MAX_WATCHER_NAME)

    def watcher_names(self, table: Table) -> list[str]:
        """The names of the kibitzers watching (``""`` for those who gave none)."""
        return [self._watcher_name(c) for c in self.hub.connections.get(table.id, ())
                if c.seat is None and not c.closed]

    def watching(self, table: Table) -> int:
        """How many kibitzers watch a table."""
        return len(self.watcher_names(table))

    def watchers_moved(self, table: Table) -> None:
        """A kibitzer came or went: tell the kibitzers at once, or, if they were told less than
        ``WATCHERS_EVERY`` seconds ago, at the end of that interval (with whoever else came or
        went meanwhile); the players hear of it with the table's next change."""
        self.watchers_changed.add(table.id)
        if table.id in self.watchers_due:
            return
        loop = asyncio.get_running_loop()
        told = self.watchers_told.get(table.id)
        wait = 0.0 if told is None else max(0.0, told + WATCHERS_EVERY - loop.time())
        self.watchers_due[table.id] = loop.call_later(wait, self._tell_watchers, table)

    def _tell_watchers(self, table: Table) -> None:
        del self.watchers_due[table.id]
        if self.watcher_names(table):
            self.watchers_told[table.id] = asyncio.get_running_loop().time()
        else:  # nobody left to tell: the next newcomer is told at once
            self.watchers_told.pop(table.id, None)
        self.send_watchers(table)

    def send_watchers(self, table: Table, *, players: bool = False) -> None:
        """Tell the kibitzers who watches — and the players when ``players``: they hear of
        kibitzers coming and going with the table's next change, not in the middle of a
        thought (``changed``)."""
        names = self.watcher_names(table)
        self.hub.send_each(table, lambda viewer: presenter.watchers_frame(table, names, viewer)
                           if players or viewer.seat is None else None)

    # --- the turn clock -----------------------------------------------------------------------

    def _clock_frame(self, table: Table, viewer: presenter.Viewer) -> dict[str, Any]:
        clock = self.clocks.get(table.id)
        if clock is None:
            return presenter.clock_frame(table, None, None, 0.0, False, viewer)
        left = clock.left(asyncio.get_running_loop().time())
        return presenter.clock_frame(table, clock.seat, clock.seconds, left, clock.overtime, viewer)

    def send_clock(self, table: Table) -> None:
        """Tell everyone at the table the clock (or that none runs)."""
        self.hub.send_each(table, lambda viewer: self._clock_frame(table, viewer))

    def _set_clock(self, table: Table, loop: asyncio.AbstractEventLoop) -> None:
        seat = None if table.id in self.expired else turn_of(table)
        clock = self.clocks.get(table.id)
        if seat is not None and clock is not None and clock.seat is seat \
                and clock.turn == table.seq:
            return  # the same turn: the clock runs on
        if seat is None and clock is None:
            return
        timer = self.clock_timers.pop(table.id, None)
        if timer is not None:
            timer.cancel()
        if seat is None or table.options.timer is None:
            self.clocks.pop(table.id, None)
        else:
            seconds = table.options.timer
            clock = Clock(seat=seat, turn=table.seq, seconds=seconds,
                          deadline=loop.time() + seconds)
            self.clocks[table.id] = clock
            self._arm_clock(table, clock, loop)
        self.send_clock(table)

    def _arm_clock(self, table: Table, clock: Clock, loop: asyncio.AbstractEventLoop) -> None:
        self.clock_timers[table.id] = loop.call_at(
            clock.deadline, lambda: self.hub.spawn(self.time_up(table, clock)))

    async def time_up(self, table: Table, clock: Clock) -> None:
        """A clock ran out: the first time the table is told and the person has one more
        period; after ``PERIODS`` periods a robot plays the seat."""
        async with self.hub.locks[table.id]:
            if self.clocks.get(table.id) != clock or turn_of(table) is not clock.seat:
                return  # the turn was taken meanwhile
            periods = 2 if clock.overtime else 1
            if periods < PERIODS:
                loop = asyncio.get_running_loop()
                later = dataclasses.replace(clock, overtime=True,
                                            deadline=loop.time() + clock.seconds)
                self.clocks[table.id] = later
                self._arm_clock(table, later, loop)
                self.send_clock(table)
                return
            await self.hub.commit(table, [Substituted(seat=clock.seat, reason="timeout")])
        await self.hub.advance(table)

    # --- robots for the away ------------------------------------------------------------------

    def decides(self, table: Table) -> bool:
        """Whether this process decides for the table (its owner, with several processes)."""
        cluster = self.hub.cluster
        return cluster is None or cluster.owns(table.id)

    def settle(self, table_id: str, seconds: float) -> None:
        """A table just taken over: start no away seat's grace clock for ``seconds`` (its
        people's clients are still finding their way back to some process)."""
        loop = asyncio.get_running_loop()
        self.settle_until[table_id] = loop.time() + seconds
        for key in [key for key in self.away_since if key[0] == table_id]:
            del self.away_since[key]
            timer = self.away_timers.pop(key, None)
            if timer is not None:
                timer.cancel()

    def _set_away(self, table: Table, loop: asyncio.AbstractEventLoop) -> None:
        if not self.decides(table):  # the owner counts the away, whoever they are connected to
            for seat in table.seats:
                self.away_since.pop((table.id, seat), None)
                timer = self.away_timers.pop((table.id, seat), None)
                if timer is not None:
                    timer.cancel()
            return
        grace = table.options.robot_after
        start = max(loop.time(), self.settle_until.get(table.id, 0.0))
        waiting = any(info.kind == "human" and info.connected and seat not in table.substitutes
                      for seat, info in table.seats.items())
        for seat, info in table.seats.items():
            key = (table.id, seat)
            away = info.kind == "human" and not info.connected
            if not away:
                self.away_since.pop(key, None)
            else:
                self.away_since.setdefault(key, start)
            due = (away and grace is not None and waiting and table.id not in self.expired
                   and substitute.may_stand_in(table, seat))
            timer = self.away_timers.get(key)
            if not due:
                if timer is not None:
                    timer.cancel()
                    del self.away_timers[key]
                continue
            if timer is None:
                assert grace is not None
                when = self.away_since[key] + grace
                self.away_timers[key] = loop.call_at(when, self._stand_in_soon, table, seat)

    def _stand_in_soon(self, table: Table, seat: Seat) -> None:
        self.hub.spawn(self.stand_in(table, seat))

    async def stand_in(self, table: Table, seat: Seat) -> None:
        """A person's grace is over: a robot plays their seat while someone else waits."""
        self.away_timers.pop((table.id, seat), None)
        async with self.hub.locks[table.id]:
            info = table.seats[seat]
            if info.connected or not substitute.may_stand_in(table, seat) \
                    or table.id in self.expired or not self.decides(table):
                return
            await self.hub.commit(table, [Substituted(seat=seat, reason="away")])
        await self.hub.advance(table)
