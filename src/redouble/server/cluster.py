"""Serving one database from several processes: table owners, replicas, forwarding, takeover.

Each table has one owner process at a time (a PostgreSQL lease, ``redouble.server.lease``).
Only the owner decides, stores (fenced by its lease token) and applies; it then publishes the
stored events on the table's Redis stream (``redouble.server.bus``). Another process with
clients of that table keeps a replica: loaded from the stored log, then following the stream
by seq (a gap: the missing events are read from the database). Its clients get their frames
from the same presenter, and their commands are forwarded to the owner, whose ``ack`` or error
comes back; message ids keep a retried command from acting twice. A replica nobody on the
process has watched for ``UNLOAD_AFTER`` seconds is unloaded. When an owner dies, its
leases expire and a surviving process takes its tables over from the stored log; it publishes
what the log holds beyond the stream (the dead owner may have stored an event it never
published) and tells the replicas, which catch up from the database at once.

Presence is shared: each process announces the seats its clients take and leave and beats once
a second; a seat counts as held while the process holding it beats. A new owner starts no
stand-in's grace clock until ``TAKEOVER_SETTLE`` has passed (time for the dead process's
clients to come back elsewhere, and for the replicas to say which seats they hold). Each process
also says whether it has any connection to a table, so that the owner alone expires a table
nobody is at anywhere (``redouble.server.expiry``), and tells the others when it expires one or
brings it back.

The design follows lichess's split (the game server owns a game's state, the socket layer
routes): here every process is both, per table.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import heapq
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from redouble.seats import Seat
from redouble.server import presenter
from redouble.server.bus import (
    Alive,
    Bus,
    ClubChanged,
    Expired,
    Forward,
    Presence,
    Reply,
    RobotAnswer,
    StreamedEvent,
    TakenOver,
    Watching,
    WhoHolds,
    presence_message,
)
from redouble.server.commands import Command, Language, parse_command
from redouble.server.errors import ServerError
from redouble.server.events import BoardStarted, TableEvent
from redouble.server.lease import Fenced, Leases
from redouble.server.lobby import Cursor, LobbyIndex, page_from
from redouble.server.stopping import stop_tasks

if TYPE_CHECKING:
    from redouble.server.club import ClubHub
    from redouble.server.hub import Hub
    from redouble.server.table import Table

__all__ = ["FORWARD_TIMEOUT", "SUBMIT_PATIENCE", "Cluster", "node_name"]

log = logging.getLogger("redouble.server")
T = TypeVar("T")

FORWARD_TIMEOUT = 3.0
"""Seconds a forwarded command waits for the owner's answer before it is sent again."""
SUBMIT_PATIENCE = 15.0
"""Seconds a command may wait for its table to have a live owner (a takeover takes ~5 s)."""
SCAN_EVERY = 1.0
"""Seconds between looks for tables nobody owns (and lost leases, and the lobby)."""
CATCH_UP_WAIT = 2.0
"""Seconds a replica waits for an acknowledged event on the stream before reading it from
the database."""
ALIVE_EVERY = 1.0
"""Seconds between a process's heartbeats on the presence channel."""
NODE_TTL = 5.0
"""Seconds without a heartbeat after which a process counts as dead: its seats are away."""
TAKEOVER_SETTLE = 10.0
"""Seconds after a takeover before the grace clock of an away seat starts (a dead process's
clients reconnect elsewhere meanwhile, and the replicas say which seats they hold)."""
REPUBLISH_MAX = 50
"""Stored events a new owner publishes at most on taking a table over (a replica further
behind sees a gap and reads the database)."""
CLOSE_PATIENCE = 5.0
"""Seconds a clean shutdown waits for the cluster's loops to stop, and then for each of its farewells
(leases released, inbox removed, Redis connections closed), before it goes on without it."""
UNLOAD_AFTER = 30.0
"""Seconds a replica stays loaded after the last of its group's clients here left (a client
that reloads the page finds it still there)."""


def node_name() -> str:
    """A name for this process, unique in the cluster: host, pid and a random tail."""
    return f"{socket.gethostname()[:24]}-{os.getpid()}-{secrets.token_hex(3)}"


class Cluster:
    """This process's part in a cluster: its leases, replicas, inbox and bus listeners."""

    def __init__(self, hub: Hub, *, redis: str, prefix: str = "redouble",
                 club: ClubHub | None = None, node: str | None = None) -> None:
        self.hub = hub
        self.node = node or node_name()
        self.bus = Bus(redis, prefix=prefix, node=self.node)
        self.leases = Leases(hub.store.engine, self.node)
        self.club = club
        self.owned: set[str] = set()
        #: replicas: the id of the last stream entry read, per table
        self.following: dict[str, str] = {}
        self.replies: dict[str, asyncio.Future[Reply]] = {}
        #: the owner each table's commands went to last (asked of the database when unknown)
        self.owners: dict[str, str] = {}
        #: answers of robot workers, by job id (``redouble.server.robotqueue``)
        self.robot_answers: dict[str, asyncio.Future[RobotAnswer]] = {}
        self.reached_seq: dict[str, asyncio.Event] = {}
        self.lobby_cache: dict[str, dict[str, Any]] = {}
        #: the published lobby entries' keys, in order
        self.lobby_index = LobbyIndex()
        #: the lobby entry this process last wrote per table it owns (``""``: removed)
        self.lobby_written: dict[str, str] = {}
        #: the last lobby change read (``None``: read the whole lobby)
        self.lobby_position: str | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.closing = False
        #: stored events waiting to be published, in the order they were stored
        self.outbox: asyncio.Queue[tuple[str, int, list[TableEvent]]] = asyncio.Queue()
        #: each followed table's latest replication work (the next waits for it: order)
        self.replicating: dict[str, asyncio.Task[None]] = {}
        #: when each other process was last heard (a heartbeat or any presence message)
        self.alive: dict[str, float] = {}
        #: the process holding each seat of a loaded table, when another process holds it
        self.holders: dict[tuple[str, Seat], str] = {}
        #: replicated groups without a client here, and since when
        self.idle_since: dict[str, float] = {}
        #: the other processes with a connection to each table (a robot-only table is watched)
        self.watched_by: dict[str, set[str]] = {}
        #: whether this process last said it has a connection to each table
        self.watched_here: dict[str, bool] = {}
        #: whether a replicated group must stay loaded without a client here (an online session
        #: run here follows its tables' boards, wherever they are owned)
        self.keep: Callable[[str], bool] = lambda _group_id: False

    # --- start and stop ----------------------------------------------------------------------

    async def start(self) -> None:
        """Fence this process's appends, listen on the bus, and begin taking leases."""
        self.hub.store.fence = self.leases.fence
        self.leases.start_renewing()
        pubsub = self.bus.redis.pubsub()
        await pubsub.subscribe(self.bus.replies(self.node), self.bus.presence_channel,
                               self.bus.club_channel)
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._guard(self._listen, pubsub)),
                      loop.create_task(self._guard(self._inbox)),
                      loop.create_task(self._guard(self._follow)),
                      loop.create_task(self._guard(self._publish)),
                      loop.create_task(self._guard(self._keep_leases)),
                      loop.create_task(self._guard(self._beat))]
        if self.club is not None:
            self.club.on_change = self._club_changed
        await self._renew_and_take()

    async def close(self) -> None:
        """Stop listening and give up this process's leases at once (a clean shutdown)."""
        self.closing = True
        # cancelled again until they end (a cancellation may be lost), at most CLOSE_PATIENCE:
        # a loop stuck in a Redis read does not hold the shutdown
        await stop_tasks(lambda: [*self.tasks, *self.replicating.values()], CLOSE_PATIENCE,
                         f"process {self.node}'s cluster")
        with contextlib.suppress(Exception):  # the leases lapse by themselves otherwise
            async with asyncio.timeout(CLOSE_PATIENCE):
                await self._leased(self.leases.release, sorted(self.owned))
        with contextlib.suppress(Exception):
            async with asyncio.timeout(CLOSE_PATIENCE):
                await self.bus.redis.delete(self.bus.inbox(self.node))
        self.leases.close()
        try:
            async with asyncio.timeout(CLOSE_PATIENCE):
                await self.bus.close()
        except TimeoutError:
            log.warning("process %s: its Redis connections did not close in %g s", self.node, CLOSE_PATIENCE)

    async def _guard(self, loop_fn: Callable[..., Any], *args: Any) -> None:
        """Run one of the cluster's loops for ever: a failure is logged, and the loop restarts."""
        while not self.closing:
            try:
                await loop_fn(*args)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster loop %s failed; restarting it", loop_fn.__name__)
                await asyncio.sleep(0.5)

    async def _leased(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.leases.executor, fn, *args)

    # --- ownership ---------------------------------------------------------------------------

    def owns(self, table_id: str) -> bool:
        """Whether this process owns the table now (decides, stores and applies its events)."""
        return table_id in self.owned

    async def claim_new(self, table_id: str) -> None:
        """Take the lease of a table about to be created (before its row exists)."""
        if await self._leased(self.leases.acquire, table_id) is None:
            raise ServerError("internal", "the new table's id is taken; try again")
        self.owned.add(table_id)

    async def attach(self, table: Table) -> None:
        """A table just loaded: own it if nobody does, else follow it as a replica; either
        way, ask the other processes which of its seats they hold."""
        if table.id in self.owned or table.id in self.following:
            return
        if not await self._promote(table):
            await self._start_following(table)
            self.hub.spawn(self.bus.announce(self.bus.presence_channel,
                                             WhoHolds(table=table.id, node=self.node)))

    async def _promote(self, table: Table) -> bool:
        """Take an ownerless table: its lease, then the events its last owner stored, which
        it publishes and announces (a replica may be waiting for one the last owner stored
        but never published)."""
        if await self._leased(self.leases.acquire, table.id) is None:
            return False
        async with self.hub.locks[table.id]:
            await self.catch_up(table)
            self.owned.add(table.id)
            self.following.pop(table.id, None)
            await self._republish(table)
            self.hub.people.settle(table.id, TAKEOVER_SETTLE)
            for seat in table.seats:
                self._recount(table, seat)
        log.info("process %s owns table %s from seq %d", self.node, table.id, table.seq)
        self.hub.spawn(self.bus.announce(self.bus.presence_channel, TakenOver(
            table=table.id, node=self.node, seq=table.seq)))
        self.hub.spawn(self.hub.advance(table))
        return True

    async def _republish(self, table: Table) -> None:
        """Publish the stored events the table's stream lacks (the caller holds the lock; the
        outbox keeps them before any event this owner stores next)."""
        try:
            _stream_id, published = await self.bus.last_event(table.id)
        except Exception as error:  # the replicas still hear of the takeover, or find a gap
            log.error("could not read table %s's stream: %r", table.id, error)
            return
        if published >= table.seq:
            return
        first = max(published, table.seq - REPUBLISH_MAX) + 1
        log.info("table %s: publishing stored events %d-%d its stream lacks", table.id, first,
                 table.seq)
        self.outbox.put_nowait((table.id, first, table.log[first - 1:]))

    async def _start_following(self, table: Table) -> None:
        position = await self.bus.last_event_id(table.id)
        async with self.hub.locks[table.id]:
            await self.catch_up(table)
            self.following[table.id] = position

    def _lost(self, table_id: str) -> None:
        """This process no longer owns a table: stop its robots, follow it as a replica."""
        if table_id not in self.owned:
            return
        log.warning("process %s lost the lease of table %s", self.node, table_id)
        self.owned.discard(table_id)
        self.leases.forget(table_id)
        task = self.hub.robot_tasks.pop(table_id, None)
        if task is not None:
            task.cancel()
        if table_id in self.hub.tables:
            self.following[table_id] = "0-0"

    async def _keep_leases(self) -> None:
        while not self.closing:
            started = time.monotonic()
            await self._renew_and_take()
            await self._write_lobby()
            self._unload_idle()
            await asyncio.sleep(max(0.05, SCAN_EVERY - (time.monotonic() - started)))

    async def _renew_and_take(self) -> None:
        """Note the tables whose lease the renewing thread found lost, and take tables nobody
        owns."""
        held = dict(self.leases.held)
        for table_id in list(self.owned):
            if table_id not in held:
                self._lost(table_id)
        for table_id in await self._leased(self.leases.orphans):
            if self.closing:
                return
            table = self.hub.tables.get(table_id)
            try:
                if table is None:
                    await self.hub.get(table_id)  # loads it, then ``attach`` takes it
                elif table_id not in self.owned:
                    await self._promote(table)
            except ServerError as error:
                log.error("could not take over table %s: %s", table_id, error)
        await self._take_expired_back()

    async def _take_expired_back(self) -> None:
        """Take over the expired tables followed here where a person sits down again: the scan
        takes no expired table (nobody needs it until then), so its owner may be gone."""
        expired = self.hub.people.expired
        for table_id in [t for t in self.following if t in expired]:
            table = self.hub.tables.get(table_id)
            held = [] if table is None else [seat for seat in sorted(table.humans)
                                              if self._held_here(table, seat)]
            if table is not None and held and await self._promote(table):
                await self.hub.people.came_back(table, held[0])

    # --- the owner's side ----------------------------------------------------------------------

    async def stored(self, table: Table, first_seq: int, events: list[TableEvent]) -> None:
        """Events just stored and applied by the owner: publish them to the replicas (in the
        order stored, without holding the table meanwhile)."""
        self.outbox.put_nowait((table.id, first_seq, events))

    async def _publish(self) -> None:
        while not self.closing:
            batch = [await self.outbox.get()]
            while not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            try:
                await self.bus.publish_batch(batch)
            except Exception as error:  # replicas find the gap at the next event and read the log
                log.error("could not publish %d tables' events: %r", len(batch), error)

    async def _inbox(self) -> None:
        last = "0-0"  # the inbox is this process's own: its name is new at every start
        while not self.closing:
            for stream_id, message in await self.bus.read_inbox(last, block_ms=1000):
                last = stream_id
                if isinstance(message, RobotAnswer):
                    future = self.robot_answers.get(message.job)
                    if future is not None and not future.done():
                        future.set_result(message)
                else:
                    self.hub.spawn(self._serve_forward(message))

    async def _serve_forward(self, message: Forward) -> None:
        """Carry out a command another process forwarded, as the table's owner."""
        started = time.monotonic()
        try:
            table = self.hub.tables.get(message.table)
            if table is None or not self.owns(message.table):
                raise Fenced({message.table})
            seat = Seat.parse(message.seat)
            if message.kind == "end":
                seq = await self.hub.end_table(table)
            elif message.kind == "stand_in":
                seq = await self.hub.stand_in(table, seat)
            elif message.kind == "rename":
                seq = await self.hub.rename(table, seat, message.name or "")
            elif message.kind == "language":
                chosen = parse_command(message.command)
                if not isinstance(chosen, Language):
                    raise ServerError("bad_message", "a forwarded language is a language message")
                seq = self._language_here(table, seat, chosen)
            else:
                seq = await self.hub.act_for(table, seat, parse_command(message.command))
            reply = Reply(rid=message.rid, seq=seq)
        except Fenced:
            reply = Reply(rid=message.rid, code="moved")
        except ServerError as error:
            reply = Reply(rid=message.rid, code=error.code, message=str(error))
        except Exception:
            log.exception("a forwarded command failed at table %s", message.table)
            reply = Reply(rid=message.rid, code="internal",
                          message="the table could not take this action; nothing was changed")
        await self.bus.reply(message.reply_to, reply)
        took = time.monotonic() - started
        if took > FORWARD_TIMEOUT / 2:
            log.warning("a forwarded command for table %s took %.1f s", message.table, took)

    # --- a command from one of this process's clients ---------------------------------------------

    async def submit(self, table: Table, seat: Seat | None, command: Command,
                     connection: Any = None) -> int:
        """Carry out a seat's command here if this process owns the table, else at its owner.

        A command without a message id gets one, so that sending it again after a timeout or
        a takeover cannot act twice.
        """
        if seat is None:
            return await self.hub.act_for(table, seat, command, connection)
        if command.id is None:
            command = command.model_copy(update={"id": "~" + secrets.token_urlsafe(12)})
        return await self._until_done(table, lambda: self.hub.act_for(
            table, seat, command, connection), Forward(
            kind="command", table=table.id, seat=seat.letter(),
            command=command.model_dump(mode="json"), reply_to=self.node, rid=""))

    async def end_table(self, table: Table) -> int:
        """End a table where it stands, at its owner wherever that is (an online session's runner
        need not own its tables: another process may have taken one over); returns the seq,
        applied here before this returns."""
        return await self._until_done(table, lambda: self.hub.end_table(table), Forward(
            kind="end", table=table.id, seat=Seat.NORTH.letter(), reply_to=self.node, rid=""))

    async def stand_in(self, table: Table, seat: Seat) -> int:
        """A robot takes a person's seat at the director's word, at the table's owner."""
        return await self._until_done(table, lambda: self.hub.stand_in(table, seat), Forward(
            kind="stand_in", table=table.id, seat=seat.letter(), reply_to=self.node, rid=""))

    async def rename(self, table: Table, seat: Seat, name: str) -> None:
        """Record a seat's new name at the table's owner (a replica's joining seat)."""
        try:
            await self._until_done(table, lambda: self.hub.rename(table, seat, name), Forward(
                kind="rename", table=table.id, seat=seat.letter(), name=name,
                reply_to=self.node, rid=""))
        except ServerError as error:
            log.warning("could not rename seat %s at table %s: %s", seat, table.id, error)

    async def language(self, table: Table, seat: Seat, command: Language) -> None:
        """Record a seat's language at the table's owner too (a replica's seat chose one)."""
        try:
            await self._until_done(table, lambda: self._async_language(table, seat, command),
                                   Forward(kind="language", table=table.id, seat=seat.letter(),
                                           command=command.model_dump(mode="json"),
                                           reply_to=self.node, rid=""))
        except ServerError as error:
            log.warning("could not record seat %s's language at table %s: %s", seat, table.id,
                        error)

    async def _async_language(self, table: Table, seat: Seat, command: Language) -> int:
        return self._language_here(table, seat, command)

    @staticmethod
    def _language_here(table: Table, seat: Seat, command: Language) -> int:
        table.seats[seat].lang = command.lang
        return table.seq

    async def _until_done(self, table: Table, here: Callable[[], Any], forward: Forward) -> int:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SUBMIT_PATIENCE
        while True:
            if self.owns(table.id):
                try:
                    seq: int = await here()
                    return seq
                except Fenced:
                    self._lost(table.id)
            else:
                owner = self.owners.get(table.id) or await self._leased(self.leases.owner, table.id)
                if owner is None:
                    if await self._promote(table):
                        continue
                elif owner != self.node:
                    reply = await self._forward(owner, forward)
                    if reply is None or reply.code == "moved":
                        self.owners.pop(table.id, None)  # ask the database again
                    else:
                        self.owners[table.id] = owner
                    if reply is not None and reply.code != "moved":
                        if reply.code is not None:
                            raise ServerError(reply.code, reply.message or reply.code)
                        assert reply.seq is not None
                        await self._reached(table, reply.seq)
                        return reply.seq
            if loop.time() > deadline or self.closing:
                raise ServerError("unavailable", "the server playing this table does not "
                                                 "answer; nothing was done, try again")
            await asyncio.sleep(0.2)

    async def _forward(self, owner: str, forward: Forward) -> Reply | None:
        rid = secrets.token_hex(8)
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.replies[rid] = future
        try:
            await self.bus.send(owner, forward.model_copy(update={"rid": rid}))
            async with asyncio.timeout(FORWARD_TIMEOUT):  # not wait_for: it may lose a cancellation
                return await future
        except TimeoutError:
            log.warning("process %s did not answer a command for table %s in %.0f s: sending "
                        "it again", owner, forward.table, FORWARD_TIMEOUT)
            return None
        finally:
            self.replies.pop(rid, None)

    async def _reached(self, table: Table, seq: int) -> None:
        """Wait until this replica has applied event ``seq`` (read from the database if late),
        so that its clients get the events before the ``ack``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CATCH_UP_WAIT
        while table.seq < seq and table.id not in self.owned:
            event = self.reached_seq.setdefault(table.id, asyncio.Event())
            left = deadline - loop.time()
            if left <= 0:
                async with self.hub.locks[table.id]:
                    await self.catch_up(table)
                return
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):
                    await event.wait()

    # --- replicas ------------------------------------------------------------------------------

    async def _follow(self) -> None:
        while not self.closing:
            positions = dict(self.following)
            if not positions:
                await asyncio.sleep(0.05)
                continue
            batches: dict[str, list[StreamedEvent]] = {}
            for item in await self.bus.read_events(positions, block_ms=100):
                if item.table in self.following:
                    self.following[item.table] = item.stream_id
                    batches.setdefault(item.table, []).append(item)
            loop = asyncio.get_running_loop()
            for table_id, items in batches.items():  # one slow table does not hold the others
                previous = self.replicating.get(table_id)
                task = loop.create_task(self._replicate_batch(items, previous))
                self.replicating[table_id] = task
                task.add_done_callback(functools.partial(self._replicated, table_id))

    def _replicated(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self.replicating.get(table_id) is task:
            del self.replicating[table_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("replicating table %s failed", table_id, exc_info=task.exception())

    async def _replicate_batch(self, items: list[StreamedEvent],
                               previous: asyncio.Task[None] | None) -> None:
        if previous is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(previous)
        for item in items:
            await self._replicate(item)

    async def _replicate(self, item: StreamedEvent) -> None:
        table = self.hub.tables.get(item.table)
        if table is None:
            return
        async with self.hub.locks[table.id]:
            if item.table not in self.following or item.seq <= table.seq:
                return
            if item.seq == table.seq + 1:
                await self._apply(table, item.event(), more=item.more)
            else:  # a gap: the stream lost entries, or this replica fell behind
                await self.catch_up(table)

    async def catch_up(self, table: Table) -> None:
        """Apply the stored events this copy has not seen (the caller holds the table's lock)."""
        store = self.hub.store
        missing = await store.run(store.events_after, table.id, table.seq)
        for index, data in enumerate(missing):
            await self._apply(table, data, more=index < len(missing) - 1)

    async def _apply(self, table: Table, data: TableEvent, *, more: bool) -> None:
        if isinstance(data, BoardStarted) and data.board not in table.seeds:
            store = self.hub.store
            table.seeds = await store.run(store.seeds, table.group_id)
        table.apply(data)
        self.hub.broadcast(table, data, more=more)
        for listener in self.hub.listeners:  # an online session run here follows its tables anywhere
            listener(table, [data])
        waiting = self.reached_seq.pop(table.id, None)
        if waiting is not None:
            waiting.set()

    def _unload_idle(self) -> None:
        """Unload the replicated groups nobody here has watched for ``UNLOAD_AFTER`` seconds
        (a group loads whole: a duplicate table's boards are shared with its group)."""
        hub = self.hub
        now = time.monotonic()
        groups = {hub.tables[t].group_id for t in self.following if t in hub.tables}
        for group_id in list(self.idle_since):
            if group_id not in groups:
                del self.idle_since[group_id]
        for group_id in groups:
            group = hub.groups.get(group_id, [])
            if self.keep(group_id) or any(
                    table.id not in self.following or hub.connections.get(table.id)
                    or hub.locks[table.id].locked() for table in group):
                self.idle_since.pop(group_id, None)
                continue
            if now - self.idle_since.setdefault(group_id, now) < UNLOAD_AFTER:
                continue
            del self.idle_since[group_id]
            for table in group:  # nothing awaits here: no client can join meanwhile
                self.following.pop(table.id, None)
                self.reached_seq.pop(table.id, None)
                self.owners.pop(table.id, None)
                for seat in table.seats:
                    self.holders.pop((table.id, seat), None)
                self.watched_here.pop(table.id, None)
                hub.people.forget(table.id)
                del hub.tables[table.id], hub.connections[table.id], hub.locks[table.id]
            del hub.groups[group_id]
            log.info("process %s unloaded the replica(s) %s: no client here", self.node,
                     ", ".join(table.id for table in group))

    # --- presence, club, lobby -------------------------------------------------------------------

    def announce_presence(self, table: Table, seat: Seat) -> None:
        """Tell the other processes that a seat connected here or left."""
        connected = table.seats[seat].connected
        if connected:
            self.holders.pop((table.id, seat), None)  # this process holds it now
        message = Presence(table=table.id, seat=seat.letter(), connected=connected,
                           node=self.node)
        self.hub.spawn(self.bus.announce(self.bus.presence_channel, message))

    def announce_watching(self, table: Table) -> None:
        """Tell the other processes when this one gets its first connection to a table, or
        loses its last (the owner expires a table nobody is at anywhere)."""
        watched = bool(self.hub.connections.get(table.id))
        if self.watched_here.get(table.id, False) == watched:
            return
        self.watched_here[table.id] = watched
        self.hub.spawn(self.bus.announce(self.bus.presence_channel, Watching(
            table=table.id, node=self.node, watched=watched)))

    def watched(self, table_id: str) -> bool:
        """Whether a live process other than this one has a connection to the table."""
        return any(node in self.alive for node in self.watched_by.get(table_id, ()))

    def announce_expired(self, table: Table, expired: bool) -> None:
        """Tell the other processes that this owner expired a table or brought it back."""
        self.hub.spawn(self.bus.announce(self.bus.presence_channel, Expired(
            table=table.id, node=self.node, expired=expired)))

    def _heard_watching(self, said: Watching) -> None:
        """Someone began or stopped watching a table on another process: whoever was there was
        there just now (the owner counts a table's time without people from then)."""
        table = self.hub.tables.get(said.table)
        if table is not None:
            self.hub.people.lobby.seen(table)
        nodes = self.watched_by.setdefault(said.table, set())
        if said.watched:
            nodes.add(said.node)
        else:
            nodes.discard(said.node)
            if not nodes:
                del self.watched_by[said.table]

    def _heard_expired(self, said: Expired) -> None:
        """Another owner expired a table or brought it back: list it (or not) alike here."""
        self._mark_expired(said.table, said.expired)

    def _mark_expired(self, table_id: str, expired: bool) -> None:
        """A table another process owns expired or is played again (said on the presence
        channel, which a process may miss, and in the lobby's change stream, which it reads
        from where it stood: either way every process comes to agree)."""
        people = self.hub.people
        if table_id in self.owned or (table_id in people.expired) == expired:
            return  # the owner decides; or nothing changes
        if expired:
            people.expired.add(table_id)
        else:
            people.expired.discard(table_id)
        table = self.hub.tables.get(table_id)
        if table is not None:
            people.changed(table)

    def _held_here(self, table: Table, seat: Seat) -> bool:
        return any(c.seat is seat and not c.closed for c in self.hub.connections.get(table.id, ()))

    def _announce_held(self, table: Table) -> None:
        """Answer ``WhoHolds`` (or a takeover): the seats of a table held here, and whether
        anyone here is at it."""
        if self.hub.connections.get(table.id):
            self.watched_here[table.id] = True
            self.hub.spawn(self.bus.announce(self.bus.presence_channel, Watching(
                table=table.id, node=self.node, watched=True)))
        for seat in table.seats:
            if self._held_here(table, seat):
                self.hub.spawn(self.bus.announce(self.bus.presence_channel, Presence(
                    table=table.id, seat=seat.letter(), connected=True, node=self.node,
                    fresh=False)))

    def _recount(self, table: Table, seat: Seat) -> None:
        """Whether a seat is held (here, or by a live process), told to this process's clients
        when it changed (the caller holds the table's lock)."""
        info = table.seats[seat]
        holder = self.holders.get((table.id, seat))
        connected = info.kind == "robot" or self._held_here(table, seat) \
            or (holder is not None and holder in self.alive)
        if info.connected != connected:
            info.connected = connected
            if info.kind == "human":  # a person came or went elsewhere: here just now
                self.hub.people.lobby.seen(table)
            self.hub.presence(table, seat, announce=False)
            if connected and info.kind == "human" and table.id in self.owned \
                    and table.id in self.hub.people.expired:  # a person is back elsewhere
                self.hub.spawn(self.hub.people.came_back(table, seat))

    async def _beat(self) -> None:
        """Tell the other processes once a second that this one is alive (its seats held),
        and count the seats of processes no longer heard as away."""
        while not self.closing:
            await self.bus.announce(self.bus.presence_channel, Alive(node=self.node))
            now = time.monotonic()
            dead = {node for node, seen in self.alive.items() if now - seen > NODE_TTL}
            for node in dead:
                log.warning("process %s is not heard from: its seats are away", node)
                del self.alive[node]
                for table_id in [t for t, nodes in self.watched_by.items() if node in nodes]:
                    self._heard_watching(Watching(table=table_id, node=node, watched=False))
            if dead:
                await self._recount_held_by(dead)
            await asyncio.sleep(ALIVE_EVERY)

    async def _recount_held_by(self, nodes: set[str]) -> None:
        """Count again the seats these processes hold (they died, or are heard again)."""
        for table_id in sorted({table_id for (table_id, _seat), node in self.holders.items()
                                if node in nodes}):
            table = self.hub.tables.get(table_id)
            if table is not None:
                async with self.hub.locks[table_id]:
                    for seat in table.seats:
                        self._recount(table, seat)

    def _club_changed(self, session_id: str) -> None:
        self.hub.spawn(self.bus.announce(self.bus.club_channel,
                                         ClubChanged(session=session_id, node=self.node)))

    async def _listen(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            channel, data = message["channel"], message["data"]
            if channel == self.bus.replies(self.node):
                reply = Reply.model_validate_json(data)
                future = self.replies.get(reply.rid)
                if future is not None and not future.done():
                    future.set_result(reply)
            elif channel == self.bus.presence_channel:
                said = presence_message(data)
                if said.node == self.node:
                    continue
                if said.node not in self.alive:  # new, or heard again after a stall
                    self.hub.spawn(self._recount_held_by({said.node}))
                self.alive[said.node] = time.monotonic()
                if isinstance(said, Presence):  # not waiting here for the table's lock
                    self.hub.spawn(self._remote_presence(said))
                elif isinstance(said, TakenOver):
                    self.hub.spawn(self._taken_over(said))
                elif isinstance(said, WhoHolds) and said.table in self.hub.tables:
                    self._announce_held(self.hub.tables[said.table])
                elif isinstance(said, Watching):
                    self._heard_watching(said)
                elif isinstance(said, Expired):
                    self._heard_expired(said)
            elif channel == self.bus.club_channel:
                changed = ClubChanged.model_validate_json(data)
                if changed.node != self.node and self.club is not None:
                    self.hub.spawn(self.club.refresh(changed.session))

    async def _remote_presence(self, presence: Presence) -> None:
        """A seat joined or left another process: the newest connection holds the seat."""
        table = self.hub.tables.get(presence.table)
        if table is None:
            return
        seat = Seat.parse(presence.seat)
        key = (table.id, seat)
        async with self.hub.locks[table.id]:
            if presence.connected:
                self.holders[key] = presence.node
                if presence.fresh:
                    self.hub.replace_seat(table, seat)
            elif self.holders.get(key) == presence.node:
                del self.holders[key]
            self._recount(table, seat)

    async def _taken_over(self, message: TakenOver) -> None:
        """Another process took a table over: send commands there, say which seats are held
        here, and catch up from the database (the last owner may have stored an event it
        never published)."""
        self.owners[message.table] = message.node
        table = self.hub.tables.get(message.table)
        if table is None:
            return
        self._announce_held(table)
        async with self.hub.locks[table.id]:
            if table.id in self.following and table.seq < message.seq:
                await self.catch_up(table)

    async def _write_lobby(self) -> None:
        """Publish the lobby entries of the tables this process owns that changed, and read
        the changes the other owners made (the whole lobby only at first, or when this process
        fell further behind than the change stream keeps)."""
        written: dict[str, str] = {}
        gone: list[str] = []
        for table_id in list(self.owned):
            table = self.hub.tables.get(table_id)
            if table is None:
                continue
            if table.finished or table_id in self.hub.people.expired:
                if self.lobby_written.get(table_id) != "":
                    gone.append(table_id)
                continue
            text = json.dumps(presenter.lobby_entry(table), separators=(",", ":"))
            if self.lobby_written.get(table_id) != text:
                written[table_id] = text
        await self.bus.write_lobby(written, gone, frozenset(self.hub.people.expired))
        self.lobby_written.update(written)
        self.lobby_written.update(dict.fromkeys(gone, ""))  # removed: not removed again
        changes = None if self.lobby_position is None \
            else await self.bus.lobby_changes_after(self.lobby_position)
        if changes is None:
            self.lobby_position, everyone = await self.bus.read_lobby()
            self.lobby_cache = {key: json.loads(value) for key, value in everyone.items()}
            self.lobby_index = LobbyIndex()
            for table_id, entry in self.lobby_cache.items():
                self.lobby_index.put(table_id, str(entry.get("created", "")))
            store = self.hub.store
            expired = set(await store.run(lambda: store.table_ids(status="expired")))
            for table_id in list(self.hub.tables):  # what the stored statuses say now
                self._mark_expired(table_id, table_id in expired)
            return
        for change in changes:
            self.lobby_position = change.position
            if change.entry is None:
                self.lobby_cache.pop(change.table, None)
                self.lobby_index.discard(change.table)
                if change.expired:
                    self._mark_expired(change.table, True)
            else:
                entry = self.lobby_cache[change.table] = json.loads(change.entry)
                self.lobby_index.put(change.table, str(entry.get("created", "")))
                self._mark_expired(change.table, False)

    def lobby_page(self, limit: int | None, after: Cursor | None) -> tuple[list[dict[str, Any]], str | None]:
        """A page of the lobby: the entries the owners published (``lobby_index``, kept in order
        as their changes are read) and this process's own tables not yet published, merged in
        order from the page's start; a table loaded here shows its entry from here (with its
        kibitzers) while its owner lists it."""
        local = self.hub.people.lobby
        seen: set[str] = set()

        def entry(table_id: str) -> dict[str, Any] | None:
            if table_id in seen:
                return None
            seen.add(table_id)
            table = self.hub.tables.get(table_id)
            if table is None:
                return self.lobby_cache.get(table_id)
            if table.finished or (table_id in self.owned and not local.listed(table)):
                return None
            if table_id in self.owned or table_id in self.lobby_cache:  # a replica's only while its owner lists it
                return local.entry(table_id) or self.lobby_cache.get(table_id)
            return None

        keys = heapq.merge(self.lobby_index.newest_first(after), local.index.newest_first(after), reverse=True)
        return page_from(keys, entry, limit)
