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
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from redouble.seats import Seat
from redouble.server import commands, jobs, presenter
from redouble.server.commands import Command, TableRequest
from redouble.server.errors import ServerError
from redouble.server.events import (
    BoardStarted,
    ParFound,
    Played,
    SeatChanged,
    TableEnded,
    TableEvent,
)
from redouble.server.limits import DEFAULT_QUOTAS, Quota, Quotas, Rule
from redouble.server.presenter import Viewer
from redouble.server.robotpool import RobotPool, WorkerPool
from redouble.server.store import SeatRecord, Store
from redouble.server.table import (
    FORMS,
    SEEDS_AHEAD,
    Table,
    hash_token,
    new_record,
    total_boards_for,
)

__all__ = ["Connection", "Hub"]

log = logging.getLogger("redouble.server")

TABLE_CHANGES = frozenset({"board_start", "board_end", "par", "table_end", "seat", "undo_request",
                           "undo_answer", "ready"})
MAX_NAME = 40
MAX_RENAMES = 8
PAR_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
"""Seconds between attempts at a par that failed; after the third failure the table moves on
(the board scored without par until it comes)."""
PAR_PATIENCE = 3
ANALYSES_KEPT = 256


def _quarantined(table_id: str) -> ServerError:
    return ServerError("quarantined", f"table {table_id!r} is out of play: its stored log does not "
                                      "replay (the server's log names the reason)")
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
                 analysis: WorkerPool | None = None, quotas: Quotas = DEFAULT_QUOTAS) -> None:
        self.quotas = quotas
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
        self.analysis_pool: WorkerPool = analysis or pool
        self.analyses: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self.analysis_jobs: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}
        self.quarantined: dict[str, str] = {}
        self.par_delays: tuple[float, ...] = PAR_DELAYS
        self.par_jobs: set[tuple[str, int]] = set()
        self.robot_claims: set[tuple[str, int]] = set()  # a robot claims once a board

    # --- loading -------------------------------------------------------------------------------

    async def start(self) -> None:
        """Migrate the database, load every unfinished table, and let play go on; a table
        whose log no longer replays is quarantined and reported, the others play on."""
        self.loop = asyncio.get_running_loop()
        await self.store.run(self.store.migrate)
        for table_id in await self.store.run(lambda: self.store.table_ids(status="playing")):
            with contextlib.suppress(ServerError):
                await self.get(table_id)
        if self.quarantined:
            log.error("%d table(s) quarantined: %s", len(self.quarantined),
                      ", ".join(sorted(self.quarantined)))
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
                raise ServerError("not_found", f"there is no table {table_id!r}")
            if table_id in self.tables:  # loaded meanwhile
                return self.tables[table_id]
            table = Table(record)
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

    def spawn(self, coroutine: Any) -> None:
        """Run a background task, keeping a reference until it is done."""
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
        config["pace"] = request.pace or (
            "human" if "human" in request.seats.values() else "fast")
        names_in = request.names or {}
        tokens: dict[Seat, str] = {}
        seats: list[SeatRecord] = []
        robot_name = self.robot_name()
        for seat in Seat:
            kind = request.seats[seat.letter()]  # type: ignore[index]
            name = names_in.get(seat.letter())  # type: ignore[call-overload]
            token_hash = None
            if kind == "human":
                tokens[seat] = secrets.token_urlsafe(18)
                token_hash = hash_token(tokens[seat])
            seats.append(SeatRecord(seat=seat.letter(), kind=kind,
                                    name=(name or "").strip() or (robot_name if kind == "robot"
                                                                  else seat.format(full=True)),
                                    token_hash=token_hash))
        table_id = secrets.token_urlsafe(8)
        record = new_record(table_id=table_id, created_at=datetime.now(UTC).replace(microsecond=0),
                            form=form, group_id=group_id or table_id, config=config, seats=seats)
        wanted = total_boards_for(form, config.get("boards")) or 1 + SEEDS_AHEAD
        await self.store.run(self.store.create_table, record, wanted)
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
        await self.store.append(table.id, table.seq + 1, events)
        for index, data in enumerate(events):
            try:
                table.apply(data)
            except Exception:  # stored and decided, yet refused: rebuild from the stored log
                log.exception("table %s failed to apply a stored event", table.id)
                table.adopt(decided)
                self.broadcast(table, events[-1])
                break
            self.broadcast(table, data, more=index < len(events) - 1)
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
        rendered: dict[Viewer, str] = {}
        for connection in list(connections):
            viewer = connection.viewer
            text = rendered.get(viewer)
            if text is None:
                text = rendered[viewer] = _dumps(presenter.event_frame(table, viewer,
                                                                       changed=changed, more=more))
            connection.send(text)

    async def act(self, connection: Connection, command: Command) -> int:
        """Carry out a seat's command; returns the seq of the last event it made.

        A command whose message id this seat has used before is not carried out again: the
        answer is the seq of the events it made then.
        """
        table = connection.table
        seat = connection.seat
        cid = None if seat is None or command.id is None else (seat.letter(), command.id)
        async with self.locks[table.id]:
            if connection.closed:  # replaced by the seat's new connection: it decides now
                raise ServerError("replaced", "this connection has been replaced; nothing was done")
            if cid is not None and cid in table.answered:
                return table.answered[cid]
            events = table.propose(seat, command, cid)
            seq = await self.commit(table, events)
        await self.advance(table)
        return seq

    async def advance(self, table: Table) -> None:
        """Record whatever must follow (board end, next board, granted undo), then wake robots."""
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
        if table.id in self.robot_tasks or table.robot_job() is None:
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
                   session: str | None = None) -> Connection:
        """Register a connection; a seat's new connection replaces its old one.

        A seat's presence is not an event of the log: it is sent to everyone as an unnumbered
        ``seat`` event. A new name is recorded (at most ``MAX_RENAMES`` times a seat).
        """
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
            connections = self.connections[table.id]
            if seat is not None:
                for old in [c for c in connections if c.seat is seat]:
                    old.send(_dumps({"type": "error", "id": None, "code": "replaced",
                                     "message": "another connection has taken this seat"}))
                    old.close()
                    connections.discard(old)
                info = table.seats[seat]
                clean = (name or "").strip()[:MAX_NAME]
                renames = sum(1 for e in table.log if isinstance(e, SeatChanged) and e.seat is seat
                              and e.name is not None)
                if clean and clean != info.name and renames < MAX_RENAMES:
                    await self.store.run(self.store.set_seat, table.id, seat.letter(), clean)
                    await self.commit(table, [SeatChanged(seat=seat, name=clean)])
                if not info.connected:
                    info.connected = True
                    self.presence(table, seat)
                connection.name = info.name
            connection.send(_dumps(presenter.welcome(table, connection.viewer, connection.name)))
            connections.add(connection)
        return connection

    async def leave(self, connection: Connection) -> None:
        """Forget a closed connection; its seat shows as disconnected."""
        table = connection.table
        connection.close()
        async with self.locks[table.id]:
            connections = self.connections[table.id]
            if connection not in connections:
                return
            connections.discard(connection)
            seat = connection.seat
            if seat is not None and not any(c.seat is seat for c in connections):
                table.seats[seat].connected = False
                self.presence(table, seat)

    def presence(self, table: Table, seat: Seat) -> None:
        """Tell every connection that a seat connected or went away (no seq: not in the log)."""
        rendered: dict[Viewer, str] = {}
        for connection in list(self.connections.get(table.id, ())):
            viewer = connection.viewer
            text = rendered.get(viewer)
            if text is None:
                text = rendered[viewer] = _dumps(presenter.presence(table, seat, viewer))
            connection.send(text)

    def sync(self, connection: Connection, since: int) -> dict[str, Any]:
        """The ``sync`` answer to ``resume``: every event after ``since`` as this viewer sees it."""
        return presenter.sync(connection.table, connection.viewer, since)

    async def handle(self, connection: Connection, command: Command) -> None:
        """Answer one command from a connection (``ack``, ``sync``, ``pong``, ``error``)."""
        ident = command.id
        table = connection.table
        try:
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
            if isinstance(command, commands.Language):
                connection.lang = command.lang
                connection.viewer = dataclasses.replace(connection.viewer, lang=command.lang)
                if connection.seat is not None:
                    table.seats[connection.seat].lang = command.lang
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

    def lobby(self) -> list[dict[str, Any]]:
        """Unfinished tables, newest first."""
        tables = [t for t in self.tables.values() if not t.finished]
        tables.sort(key=lambda t: (t.created_at, t.id), reverse=True)
        return [presenter.lobby_entry(t) for t in tables]

    async def close(self) -> None:
        """Stop robots and background work."""
        for task in [*self.robot_tasks.values(), *self.background]:
            task.cancel()
        for connections in self.connections.values():
            for connection in connections:
                connection.close()
