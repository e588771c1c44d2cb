"""The hub: every live table, its connections, and the one path by which a table changes.

``act`` (a person's request) and the robots' turns both go through ``commit``: the events are
checked by the table (the core ``BoardState``), stored (group commit), applied, and only then
sent — to each connection built from its own seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from redouble.seats import Seat
from redouble.server import commands, jobs, presenter
from redouble.server.commands import Command, TableRequest
from redouble.server.errors import ServerError
from redouble.server.events import (
    AnotherStarted,
    BoardStarted,
    ParFound,
    Played,
    SeatChanged,
    Substituted,
    TableEnded,
    TableEvent,
)
from redouble.server.limits import DEFAULT_QUOTAS, Quota, Quotas, Rule
from redouble.server.lobby import EXPIRE_AFTER, Cursor
from redouble.server.messages import refusal
from redouble.server.options import TableOptions
from redouble.server.people import People
from redouble.server.presenter import Viewer
from redouble.server.robotpool import RobotPool, WorkerPool
from redouble.server.stopping import stop_tasks
from redouble.server.store import SeatRecord, Store
from redouble.server.substitute import may_stand_in
from redouble.server.table import (
    FORMS,
    Table,
    hash_token,
    new_record,
    seeds_for,
)

if TYPE_CHECKING:
    from redouble.server.cluster import Cluster

__all__ = ["Connection", "Hub"]

log = logging.getLogger("redouble.server")

TABLE_CHANGES = frozenset({"board_start", "board_end", "par", "table_end", "seat", "undo_request",
                           "undo_answer", "ready", "rubber_end", "another", "substitute",
                           "restore"})
MAX_NAME = 40
MAX_RENAMES = 8
PAR_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
"""Seconds between attempts at a par that failed; after the third failure the table moves on
(the board scored without par until it comes)."""
PAR_PATIENCE = 3
ANALYSES_KEPT = 256
CLOSE_PATIENCE = 5.0
"""Seconds a clean shutdown waits for the robots' and background tasks to stop (each cancelled
again until it ends: ``redouble.server.stopping``) before it goes on without them."""


def _quarantined(table_id: str) -> ServerError:
    return refusal("quarantined", "err_table_quarantined", table=table_id[:40])
SEND_QUEUE = 1000


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


class Connection:
    """One websocket: its table, its seat (``None``: a spectator) and its outgoing queue."""

    def __init__(self, table: Table, seat: Seat | None, name: str,
                 rate: tuple[float, float] = (20.0, 40.0), *,
                 elsewhere: frozenset[str] = frozenset(), quotas: Quotas = DEFAULT_QUOTAS) -> None:
        self.table = table
        self.seat = seat
        self.viewer = Viewer.at(seat, elsewhere)
        self.name = name
        self.lang = "en"
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=SEND_QUEUE)
        self.queued_bytes = 0
        self.send_limit = quotas.send_bytes
        self.resumes = Quota(quotas.resumes, keys=1)
        self.limit = Quota(Rule(burst=int(rate[1]), every=1.0 / rate[0]), keys=1)
        self.refused = 0
        self.closed = False
        self.dropped = False
        self.close_code = 1000
        #: called once when the client is dropped for not reading (the socket's owner aborts it)
        self.on_drop: Callable[[], None] | None = None

    def send(self, text: str) -> None:
        """Queue a frame; a client that lets ``send_limit`` bytes pile up unread is dropped."""
        if self.closed:
            return
        self.queued_bytes += len(text)
        if self.queued_bytes > self.send_limit:
            self.drop()
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()

    def sent(self, text: str) -> None:
        """A queued frame went out."""
        self.queued_bytes -= len(text)

    def drop(self) -> None:
        """Give up on a client that does not read: forget its frames and abort its socket."""
        if self.dropped:
            return
        self.dropped = self.closed = True
        self.close_code = 1008
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queued_bytes = 0
        self.queue.put_nowait(None)
        if self.on_drop is not None:
            self.on_drop()

    def close(self, code: int = 1000) -> None:
        """Stop sending once the queued frames are out; the writer then closes with ``code``."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.put_nowait(None)


class Hub:
    """All live tables of one server process."""

    def __init__(self, store: Store, pool: RobotPool, *, rate: tuple[float, float] = (20.0, 40.0),
                 analysis: WorkerPool | None = None, quotas: Quotas = DEFAULT_QUOTAS,
                 expire_after: float = EXPIRE_AFTER) -> None:
        self.quotas = quotas
        #: clocks, stand-in robots, chat, kibitzers, expiry (server/people.py)
        self.people = People(self, expire_after=expire_after)
        #: the tables each browser session holds a seat at (who is a player of another table)
        self.seated: dict[str, set[str]] = {}
        #: open websockets by client address
        self.sockets: dict[str, int] = {}
        self.rate = rate
        self.store = store
        self.pool = pool
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.groups: dict[str, list[Table]] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.robot_tasks: dict[str, asyncio.Task[None]] = {}
        self.background: set[asyncio.Task[Any]] = set()
        #: the hub is shutting down: its loops end, and no background task starts
        self.closing = False
        self.analysis_pool: WorkerPool = analysis or pool
        self.analyses: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self.analysis_jobs: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}
        self.quarantined: dict[str, str] = {}
        self.par_delays: tuple[float, ...] = PAR_DELAYS
        self.par_jobs: set[tuple[str, int]] = set()
        self.robot_claims: set[tuple[str, int]] = set()  # a robot claims once a board
        #: called with each table and the events just stored and applied (an online session
        #: follows its tables' boards); a listener must not block
        self.listeners: list[Callable[[Table, list[TableEvent]], None]] = []
        #: several processes on one database (``redouble.server.cluster``); ``None``: this one only
        self.cluster: Cluster | None = None

    # --- loading -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Migrate the database, load every unfinished table, and let play go on; a table
        whose log no longer replays is quarantined and reported, the others play on."""
        self.loop = asyncio.get_running_loop()
        await self.store.run(self.store.migrate)
        if self.cluster is not None:  # tables are taken as their owners go (leases)
            await self.people.start()  # each owner expires its own abandoned tables
            await self.cluster.start()
            return
        for table_id in await self.store.run(lambda: self.store.table_ids(status="playing")):
            with contextlib.suppress(ServerError):
                await self.get(table_id)
        if self.quarantined:
            log.error("%d table(s) quarantined: %s", len(self.quarantined),
                      ", ".join(sorted(self.quarantined)))
        await self.people.start()
        for table in list(self.tables.values()):
            self.spawn(self.advance(table))

    async def get(self, table_id: str) -> Table:
        """A table by id, loaded (with its group) from the database if need be."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if table_id in self.quarantined:
            raise _quarantined(table_id)
        try:
            record = await self.store.run(self.store.load_table, table_id)
            if record is None:
                raise refusal("not_found", "err_not_found")
            if table_id in self.tables:  # loaded meanwhile
                return self.tables[table_id]
            table = Table(record)
            if record.status == "expired":  # expired by another process since this one started
                self.people.expired.add(table_id)
        except ServerError as error:
            if error.code == "not_found":
                raise
            self.quarantine(table_id, error)
            raise _quarantined(table_id) from None
        except Exception as error:  # a log that no longer replays, a row that does not parse
            self.quarantine(table_id, error)
            raise _quarantined(table_id) from None
        for info in table.seats.values():
            info.connected = info.kind == "robot"
        self._add(table)
        if self.cluster is not None:
            await self.cluster.attach(table)
        if record.group_id != table_id or table.form == "duplicate":
            ids = await self.store.run(lambda: self.store.table_ids(group_id=record.group_id))
            for other in ids:
                if other not in self.tables:
                    with contextlib.suppress(ServerError):
                        await self.get(other)
        return table

    def quarantine(self, table_id: str, error: BaseException) -> None:
        """Take a table out of play: its stored log does not replay (logged with the reason)."""
        log.error("table %s is quarantined: its stored log does not replay: %r", table_id, error)
        self.quarantined[table_id] = type(error).__name__

    def _add(self, table: Table) -> None:
        self.tables[table.id] = table
        self.locks.setdefault(table.id, asyncio.Lock())
        self.connections.setdefault(table.id, set())
        group = self.groups.setdefault(table.group_id, [])
        group.append(table)
        table.group = lambda: group
        self.people.lobby.update(table)

    def spawn(self, coroutine: Any) -> None:
        """Run a background task, keeping a reference until it is done (none once the hub is
        closing: nothing would stop it)."""
        if self.closing:
            coroutine.close()
            return
        task = asyncio.get_running_loop().create_task(coroutine)
        self.background.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self.background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # --- creating tables -------------------------------------------------------------------------

    async def create(self, request: TableRequest) -> tuple[Table, dict[Seat, str]]:
        """Create a table from a lobby request; returns it and the human seats' secret tokens."""
        form = request.form
        config: dict[str, Any] = {}
        group_id: str | None = None
        same = request.same_boards_as
        if same is not None:
            other = await self.get(same)
            if not presenter.shares_boards(other):
                raise ServerError("bad_request", "only duplicate tables scored by matchpoints or "
                                                 "IMPs across the field can play the same boards")
            if other.finished or presenter.published(other):
                raise ServerError("bad_request", f"table {same!r} has already shown a finished board "
                                                 "to everyone: a new table cannot play its boards")
            form = "duplicate"
            group_id = other.group_id
            config.update(scoring=other.scoring, boards=other.boards)
        if form is None:
            raise ServerError("bad_request", f"form must be one of {', '.join(FORMS)}")
        if same is None:
            scoring = request.scoring
            if form == "duplicate":
                scoring = scoring or "imps-vs-par"
            elif scoring is not None:
                raise ServerError("bad_request", f"{form} has its own scoring; leave scoring out")
            config.update(scoring=scoring, boards=request.boards)
        config["undo_policy"] = request.undo_policy
        if request.honours is not None or request.unfinished is not None:  # rubber's options
            if request.honours is not None and form not in ("rubber", "chicago"):
                raise ServerError("bad_request", "honours are an option of rubber and Chicago")
            if request.unfinished is not None and form != "rubber":
                raise ServerError("bad_request", "the unfinished-rubber bonus is a rubber option")
            config.update({key: value for key, value in (("honours", request.honours),
                                                         ("unfinished", request.unfinished))
                           if value is not None})
        config.update(TableOptions(timer=request.timer, robot_after=request.robot_after,
                                   chat=request.chat, kibitzers=request.kibitzers,
                                   kibitzers_chat=request.kibitzers_chat,
                                   kibitzers_hands=request.kibitzers_hands).to_json())
        config["pace"] = request.pace or (
            "human" if "human" in request.seats.values() else "fast")
        names_in = request.names or {}
        seats: dict[Seat, tuple[str, str | None]] = {
            seat: (request.seats[seat.letter()],  # type: ignore[index]
                   names_in.get(seat.letter()))  # type: ignore[call-overload]
            for seat in Seat}
        return await self.open_table(form, config, seats, group_id=group_id)

    async def open_table(self, form: str, config: dict[str, Any],
                         seats: dict[Seat, tuple[str, str | None]], *,
                         group_id: str | None = None,
                         tokens: Mapping[Seat, str] | None = None) -> tuple[Table, dict[Seat, str]]:
        """Store and start a checked table: ``seats`` give each seat's kind (``human`` or
        ``robot``) and name; returns the table and the human seats' secret tokens (``tokens``:
        the ones the caller derived, so that it can give them again after a restart)."""
        given = tokens or {}
        tokens = {}
        records: list[SeatRecord] = []
        robot_name = self.robot_name()
        for seat in Seat:
            kind, name = seats[seat]
            token_hash = None
            if kind == "human":
                tokens[seat] = given.get(seat) or secrets.token_urlsafe(18)
                token_hash = hash_token(tokens[seat])
            records.append(SeatRecord(seat=seat.letter(), kind=kind,
                                      name=(name or "").strip() or (robot_name if kind == "robot" else ""),
                                      token_hash=token_hash))
        table_id = secrets.token_urlsafe(8)
        if self.cluster is not None:
            await self.cluster.claim_new(table_id)
        record = new_record(table_id=table_id, created_at=datetime.now(UTC).replace(microsecond=0),
                            form=form, group_id=group_id or table_id, config=config, seats=records)
        await self.store.run(self.store.create_table, record, seeds_for(form, config))
        table = Table(record)
        for info in table.seats.values():
            info.connected = info.kind == "robot"
        self._add(table)
        self.spawn(self.advance(table))
        return table, tokens

    def robot_name(self) -> str:
        """The name robots sit under."""
        factory = self.pool.factory
        if factory is None:
            from redouble.robots import default_robot

            return f"robot ({default_robot().name})"
        return f"robot ({factory.rpartition(':')[2]})"

    # --- the one path of change ----------------------------------------------------------------

    async def commit(self, table: Table, events: list[TableEvent]) -> int:
        """Decide on a scratch copy, store, then apply and send each event; returns the last seq.

        An event the scratch copy refuses is never stored; what is stored always replays.
        The caller holds the table's lock.
        """
        if not events:
            return table.seq
        decided = table.scratch()
        try:
            for data in events:
                decided.apply(data)
        except Exception as error:
            log.error("table %s refused its own events %s: %r", table.id, events, error)
            raise ServerError("internal", "the table could not take this action; nothing "
                                          "was changed") from None
        first = table.seq + 1
        await self.store.append(table.id, first, events)
        for index, data in enumerate(events):
            try:
                table.apply(data)
            except Exception:  # stored and decided, yet refused: rebuild from the stored log
                log.exception("table %s failed to apply a stored event", table.id)
                table.adopt(decided)
                self.broadcast(table, events[-1])
                break
            self.broadcast(table, data, more=index < len(events) - 1)
        for listener in self.listeners:
            listener(table, events)
        if self.cluster is not None:
            await self.cluster.stored(table, first, events)
        return table.seq

    def broadcast(self, table: Table, data: TableEvent, *, more: bool = False) -> None:
        """Send the event just applied (number ``table.seq``) to every connection, per seat.

        ``more`` marks an event that others of the same action follow at once (act on the last).
        """
        connections = self.connections.get(table.id)
        if not connections:
            return
        changed = data.type in TABLE_CHANGES or (
            isinstance(data, Played) and data.event.type == "undo")
        self.send_each(table, lambda viewer: presenter.event_frame(table, viewer, changed=changed,
                                                                   more=more))

    def send_each(self, table: Table,
                  frame: Callable[[Viewer], dict[str, Any] | None]) -> None:
        """Send every connection at ``table`` its ``frame``, built and encoded once for each
        distinct viewer (not once a socket: a table's hundred kibitzers share one); a viewer
        whose frame is ``None`` is sent nothing."""
        rendered: dict[Viewer, str | None] = {}
        for connection in list(self.connections.get(table.id, ())):
            viewer = connection.viewer
            if viewer in rendered:
                text = rendered[viewer]
            else:
                data = frame(viewer)
                text = rendered[viewer] = None if data is None else _dumps(data)
            if text is not None:
                connection.send(text)

    async def act(self, connection: Connection, command: Command) -> int:
        """Carry out a seat's command; returns the seq of the last event it made.

        A command whose message id this seat has used before is not carried out again: the
        answer is the seq of the events it made then.
        """
        if self.cluster is not None:  # at the table's owner, which may be another process
            return await self.cluster.submit(connection.table, connection.seat, command, connection)
        return await self.act_for(connection.table, connection.seat, command, connection)

    async def act_for(self, table: Table, seat: Seat | None, command: Command,
                      connection: Connection | None = None) -> int:
        """``act`` at the table's owner: ``seat``'s command, checked, stored and applied."""
        cid = None if seat is None or command.id is None else (seat.letter(), command.id)
        async with self.locks[table.id]:
            if connection is not None and connection.closed:  # replaced: the new one decides
                raise ServerError("replaced", "this connection has been replaced; nothing was done")
            if cid is not None and cid in table.answered:
                return table.answered[cid]
            events = table.propose(seat, command, cid)
            seq = await self.commit(table, events)
            if any(isinstance(data, AnotherStarted) for data in events):  # it plays again
                await self.store.run(self.store.set_status, table.id, "playing")
        await self.advance(table)
        return seq

    async def end_table(self, table: Table) -> int:
        """End a table where it stands, at its owner (a director's decision: the round is over,
        or average-for-not-played for the boards it has not finished); its robots stop."""
        async with self.locks[table.id]:
            if not table.finished:
                await self.commit(table, [TableEnded()])
                await self.store.run(self.store.set_status, table.id, "finished")
                self.people.lobby.update(table)  # out of the lobby
            return table.seq

    async def stand_in(self, table: Table, seat: Seat) -> int:
        """A robot takes a person's seat at the director's word, at the table's owner (the web
        table's stand-in robot: a ``substitute`` event of the log), for the boards not finished."""
        async with self.locks[table.id]:
            if may_stand_in(table, seat):
                await self.commit(table, [Substituted(seat=seat, reason="asked")])
            seq = table.seq
        await self.advance(table)
        return seq

    async def advance(self, table: Table) -> None:
        """Record whatever must follow (board end, next board, granted undo), then wake robots."""
        if self.cluster is not None and not self.cluster.owns(table.id):
            return  # the table's owner does
        async with self.locks[table.id]:
            while True:
                events = table.followups()
                if not events:
                    break
                if isinstance(events[0], BoardStarted):
                    wanted = table.seeds_wanted()
                    if max(table.seeds, default=0) < wanted:
                        table.seeds = await self.store.run(self.store.ensure_seeds, table.group_id,
                                                           wanted)
                await self.commit(table, events)
                if isinstance(events[-1], TableEnded):
                    await self.store.run(self.store.set_status, table.id, "finished")
            self.want_par(table)
            self.people.changed(table)
        self.wake_robot(table)

    def want_par(self, table: Table) -> None:
        """Start finding the par of finished boards that IMP against it (also after a restart)."""
        if table.form != "duplicate" or table.scoring != "imps-vs-par":
            return
        for board, _state in table.ended_boards:
            number = board.number or 0
            key = (table.id, number)
            if number not in table.par and key not in self.par_jobs:
                self.par_jobs.add(key)
                self.spawn(self.compute_par(table, number))

    async def compute_par(self, table: Table, number: int) -> None:
        """Find a finished board's par in the analysis pool and record it (imps-vs-par scoring).

        A failed attempt is retried (``par_delays``) and never recorded as a par; after
        ``PAR_PATIENCE`` failures the table moves on and the par follows when found.
        """
        board = next(board for board, _ in table.ended_boards if board.number == number)
        failures = 0
        while True:
            try:
                par: dict[str, Any] = await self.analysis_pool.run(
                    jobs.board_par, board.deal.to_pbn(), board.vulnerability.value,
                    board.dealer.letter())
                break
            except Exception as error:
                if self.closing:
                    return
                failures += 1
                log.warning("par of board %s at table %s failed (attempt %d): %r", number,
                            table.id, failures, error)
                if failures == PAR_PATIENCE:
                    table.par_late.add(number)
                    self.spawn(self.advance(table))
                await asyncio.sleep(self.par_delays[min(failures, len(self.par_delays)) - 1])
        found = ParFound(board=number, score=int(par["score"]),
                         contracts_json=json.dumps(par["contracts"], separators=(",", ":")))
        async with self.locks[table.id]:
            if number not in table.par:
                await self.commit(table, [found])
            self.par_jobs.discard((table.id, number))
        await self.advance(table)

    # --- robots ------------------------------------------------------------------------------------

    def wake_robot(self, table: Table) -> None:
        """Start the table's robot turn if a robot must act and none is thinking."""
        if table.id in self.robot_tasks or table.robot_job() is None \
                or not self.people.robots_may_play(table) or self.closing:
            return
        task = asyncio.get_running_loop().create_task(self.robot_turn(table))
        self.robot_tasks[table.id] = task

    async def robot_turn(self, table: Table) -> None:
        """One robot decision, then whatever follows (the next robot's turn, a board's end)."""
        try:
            await self._robot_turn(table)
        except Exception:
            log.exception("a robot's turn failed at table %s", table.id)
        finally:
            self.robot_tasks.pop(table.id, None)
        await self.advance(table)

    async def _robot_turn(self, table: Table) -> None:
        """Think out the robot's decision in the pool, then check it like anyone's."""
        job = table.robot_job()
        if job is None or table.state is None:
            return
        kind, seat = job
        seq = table.seq
        state = table.state
        view = state.view(seat)
        extra: Any = None
        if kind == "card" and (table.id, table.board_no) in self.robot_claims:
            extra = "no-claim"
        if kind == "choose" and table.minibridge is not None:
            dummy = table.minibridge.declarer.partner
            extra = {"dummy": [str(c) for c in state.deal[dummy].cards],
                     "announced": {s.letter(): p for s, p in table.minibridge.hcp.items()}}
        started = time.monotonic()
        try:
            answer = await self.pool.think(kind, view, extra)
        except Exception as error:
            log.error("robot failed at table %s: %r", table.id, error)
            answer = None
        wait = table.robot_delay(kind) - (time.monotonic() - started)  # the table's pace
        if wait > 0:
            await asyncio.sleep(wait)
        async with self.locks[table.id]:
            if table.seq != seq:
                return  # the table moved on while the robot thought: think again
            if kind == "card" and isinstance(answer, dict):  # the robot claims instead
                claimed = (table.id, table.board_no)
                if claimed not in self.robot_claims:
                    self.robot_claims.add(claimed)
                    try:
                        await self.commit(table, table.propose(seat, commands.Claim(
                            type="claim", tricks=int(answer["claim"]))))
                        return
                    except ServerError as error:
                        log.error("robot's claim refused at table %s: %s", table.id, error)
                answer = answer["card"]
            message = self._robot_message(kind, answer, view)
            try:
                events = table.propose(seat, message)
            except ServerError as error:
                log.error("robot's %s refused at table %s: %s", kind, table.id, error)
                events = table.propose(seat, self._robot_message(kind, None, view))
            await self.commit(table, events)

    @staticmethod
    def _robot_message(kind: str, answer: Any, view: Any) -> Command:
        if kind in ("call", "choose"):
            if answer is None:
                text = "1NT" if kind == "choose" else str(view.legal_calls[0])
                return commands.Call(type="call", call=text)
            if kind == "choose":
                return commands.Call(type="call", call=str(answer))
            call, alert, explanation = answer
            return commands.Call(type="call", call=str(call), alert=bool(alert),
                                 explanation=str(explanation)[:200] if explanation else None)
        if kind == "card":
            return commands.Card(type="card", card=str(answer) if answer is not None
                                 else str(view.legal_cards[0]))
        if answer:
            return commands.AcceptClaim(type="accept_claim")
        return commands.RejectClaim(type="reject_claim")

    # --- connections ----------------------------------------------------------------------------

    async def join(self, table: Table, seat: Seat | None, name: str | None, *,
                   session: str | None = None, lang: commands.Language | None = None) -> Connection:
        """Register a connection; a seat's new connection replaces its old one.

        A seat's presence is not an event of the log: it is sent to everyone as an unnumbered
        ``seat`` event. A new name is recorded (at most ``MAX_RENAMES`` times a seat). A language
        given at connect words the welcome itself (explanations included) in it.
        """
        if self.tables.get(table.id) is not table:  # a replica unloaded meanwhile: load it again
            table = await self.get(table.id)
        elsewhere: frozenset[str] = frozenset()
        if session is not None:
            if seat is not None:
                self.seated.setdefault(session, set()).add(table.id)
            else:
                elsewhere = frozenset(self.seated.get(session, set())
                                      & {other.id for other in table.group()})
        connection = Connection(table, seat, name or "", self.rate, elsewhere=elsewhere,
                                quotas=self.quotas)
        async with self.locks[table.id]:
            if self.cluster is not None and not self.cluster.owns(table.id):
                # a client may have seen events from an owner that died before publishing
                # them: a replica's welcome holds everything stored, never less
                await self.cluster.catch_up(table)
            connections = self.connections[table.id]
            if seat is not None:
                self.replace_seat(table, seat)
                info = table.seats[seat]
                clean = (name or "").strip()[:MAX_NAME]
                renames = sum(1 for e in table.log if isinstance(e, SeatChanged) and e.seat is seat
                              and e.name is not None)
                if clean and clean != info.name and renames < MAX_RENAMES:
                    if self.cluster is not None and not self.cluster.owns(table.id):
                        self.spawn(self.cluster.rename(table, seat, clean))  # at the owner
                    else:
                        await self._rename(table, seat, clean)
                if not info.connected:
                    info.connected = True
                    self.presence(table, seat)
                elif self.cluster is not None:  # held elsewhere until now: held here
                    self.cluster.announce_presence(table, seat)
                connection.name = info.name
            if lang is not None:
                self._read_in(table, connection, lang)
            connection.send(_dumps(presenter.welcome(table, connection.viewer, connection.name)))
            connections.add(connection)
            if self.cluster is not None:
                self.cluster.announce_watching(table)
        await self.people.joined(connection, session)
        return connection

    def _read_in(self, table: Table, connection: Connection, command: commands.Language) -> None:
        """The connection reads the table in ``command.lang``; a seat's robots explain to it in it."""
        connection.lang = command.lang
        connection.viewer = dataclasses.replace(connection.viewer, lang=command.lang)
        if connection.seat is not None:
            table.seats[connection.seat].lang = command.lang
            if self.cluster is not None and not self.cluster.owns(table.id):
                self.spawn(self.cluster.language(table, connection.seat, command))

    def replace_seat(self, table: Table, seat: Seat) -> None:
        """Close the seat's connections here: a newer one has taken the seat."""
        connections = self.connections[table.id]
        for old in [c for c in connections if c.seat is seat]:
            old.send(_dumps({"type": "error", "id": None, "code": "replaced",
                             "message": "another connection has taken this seat"}))
            old.close()
            connections.discard(old)

    async def rename(self, table: Table, seat: Seat, name: str) -> int:
        """Record a seat's new name (a forwarded join); returns the table's seq."""
        async with self.locks[table.id]:
            if name != table.seats[seat].name:
                await self._rename(table, seat, name)
            return table.seq

    async def _rename(self, table: Table, seat: Seat, name: str) -> None:
        await self.store.run(self.store.set_seat, table.id, seat.letter(), name)
        await self.commit(table, [SeatChanged(seat=seat, name=name)])

    async def leave(self, connection: Connection) -> None:
        """Forget a closed connection; its seat shows as disconnected."""
        table = connection.table
        connection.close()
        async with self.locks[table.id]:
            connections = self.connections[table.id]
            if connection not in connections:
                return
            connections.discard(connection)
            self.people.left(connection)
            if self.cluster is not None:
                self.cluster.announce_watching(table)
            seat = connection.seat
            if seat is not None and not any(c.seat is seat for c in connections):
                table.seats[seat].connected = False
                self.presence(table, seat)

    def presence(self, table: Table, seat: Seat, *, announce: bool = True) -> None:
        """Tell every connection that a seat connected or went away (no seq: not in the log);
        ``announce``: and the other processes of a cluster."""
        if announce and self.cluster is not None:
            self.cluster.announce_presence(table, seat)
        self.send_each(table, lambda viewer: presenter.presence(table, seat, viewer))
        self.people.changed(table)

    def sync(self, connection: Connection, since: int) -> dict[str, Any]:
        """The ``sync`` answer to ``resume``: every event after ``since`` as this viewer sees it."""
        return presenter.sync(connection.table, connection.viewer, since)

    async def handle(self, connection: Connection, command: Command) -> None:
        """Answer one command from a connection (``ack``, ``sync``, ``pong``, ``error``)."""
        ident = command.id
        table = connection.table
        try:
            if await self.people.handle(connection, command):  # chat; a seat a robot plays
                return
            if isinstance(command, commands.Ping):
                connection.send(_dumps({"type": "pong", "id": ident}))
                return
            if isinstance(command, commands.Resume):
                if not connection.resumes.allow(""):
                    raise ServerError("rate_limited", "too many resumes: a connection may resume "
                                      f"{self.quotas.resumes.burst} times at once, then once every "
                                      f"{self.quotas.resumes.every:g} s")
                async with self.locks[table.id]:
                    connection.send(_dumps(self.sync(connection, command.since)))
                return
            if isinstance(command, commands.Traveller):  # asked, not acted on: no event
                async with self.locks[table.id]:
                    connection.send(_dumps(presenter.traveller_frame(
                        table, command.board, connection.viewer, ident)))
                return
            if isinstance(command, commands.Language):
                self._read_in(table, connection, command)
                connection.send(_dumps({"type": "ack", "id": ident, "seq": table.seq}))
                async with self.locks[table.id]:  # the present again, worded in the language
                    connection.send(_dumps(self.sync(connection, table.seq)))
                return
            seq = await self.act(connection, command)
            connection.send(_dumps({"type": "ack", "id": ident, "seq": seq}))
        except ServerError as error:
            connection.send(_dumps({"type": "error", "id": ident, "code": error.code,
                                    "message": str(error)}))

    # --- records over HTTP ------------------------------------------------------------------------

    async def analysis(self, table: Table, number: int) -> dict[str, Any]:
        """The double-dummy post-mortem of a finished board (computed once, in the pool)."""
        state = presenter.finished_state(table, number)  # finished, and not hidden for the group
        key = (table.id, number)
        done = self.analyses.get(key)
        if done is not None:
            self.analyses.move_to_end(key)
            return done
        job = self.analysis_jobs.get(key)
        if job is None:  # identical requests wait for the one job
            job = asyncio.ensure_future(self.analysis_pool.run(jobs.board_analysis, state.to_json()))
            self.analysis_jobs[key] = job
            job.add_done_callback(lambda _job: self.analysis_jobs.pop(key, None))
        result = await asyncio.shield(job)
        self.analyses[key] = result
        while len(self.analyses) > ANALYSES_KEPT:
            self.analyses.popitem(last=False)
        return result

    def lobby_page(self, limit: int | None, after: Cursor | None = None) -> tuple[list[dict[str, Any]], str | None]:
        """One page of the lobby, newest first, from just after ``after`` (``limit`` ``None``: all),
        and the next page's cursor: unfinished tables, not those expired; with several processes,
        the other processes' tables too. Read from kept indexes (``LobbyIndex``), never sorted."""
        if self.cluster is None:
            return self.people.lobby.page(limit, after)
        return self.cluster.lobby_page(limit, after)

    def lobby(self) -> list[dict[str, Any]]:
        """The whole lobby, newest first."""
        return self.lobby_page(None)[0]

    async def close(self) -> None:
        """Stop robots and background work: cancelled, and awaited at most ``CLOSE_PATIENCE``
        seconds (a task that does not stop is named in the log, not waited for)."""
        self.closing = True
        await stop_tasks(lambda: [*self.robot_tasks.values(), *self.background], CLOSE_PATIENCE, "the hub")
        if self.cluster is not None:
            await self.cluster.close()
        for connections in self.connections.values():
            for connection in connections:
                connection.close()
