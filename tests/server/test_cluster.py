"""Several ``redouble serve`` processes on one PostgreSQL database and one Redis: each table has
one owner; the others replicate it and forward their clients' commands. ``kill -9`` of the
owner mid-board: the table goes on at another process, every acknowledged action is stored,
and no frame shows a viewer what it may not see. Also: a stale owner cannot store (fencing),
robot workers in their own process play a robot table, and club watchers anywhere see results.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import redis
from server_support import Client, free_port, pg_schema, run_bounded
from test_leak import Seated
from websockets.exceptions import ConnectionClosed

from redouble.seats import Seat
from redouble.server import cluster as cluster_module
from redouble.server.cluster import Cluster
from redouble.server.commands import TableRequest, parse_command
from redouble.server.events import BoardStarted, Substituted, TableEvent
from redouble.server.hub import Connection, Hub
from redouble.server.lease import Fenced, Leases
from redouble.server.lobby import Cursor
from redouble.server.robotpool import RobotPool
from redouble.server.store import SeatRecord, Store
from redouble.server.table import Table, new_record

REDIS = "redis://127.0.0.1:6379/0"
BOT_RATE = (10_000.0, 10_000.0)
"""Each websocket's message limit (a second, and the largest burst) in the processes ``Node``
starts. Their clients are bots that act the moment their turn comes: a declarer sends its own
and dummy's cards, some 35 to 45 messages a second through a board's play, more than the 20 a
second (bursts of 40) a person's connection may send, beyond which the server answers
``rate_limited`` and ignores the message. So, as for the other tests' bots (``test_leak``), the
servers let bots through; ``redouble serve`` has no option for it: the launcher sets it."""
LAUNCH = ("import functools, logging; logging.basicConfig(level=logging.INFO); "
          "import redouble.server.app as app; "
          f"app.create_app = functools.partial(app.create_app, rate={BOT_RATE!r}); "
          "from redouble.cli import main; main()")
"""``python -c`` text that runs the command line (``serve …``) with ``BOT_RATE``."""


@pytest.fixture
def cluster_env() -> Iterator[tuple[str, str]]:
    """A fresh PostgreSQL schema and a Redis key prefix of this test's own, cleaned up after."""
    prefix = f"rdtest-{secrets.token_hex(5)}"
    with pg_schema() as url:
        yield url, prefix
    client = redis.Redis.from_url(REDIS)
    keys = list(client.scan_iter(f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)


class Node:
    """One ``redouble serve --redis`` process, in its own process group."""

    def __init__(self, db: str, prefix: str, *extra: str, secret: str = "cluster test") -> None:
        self.port = free_port()
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        env = {**os.environ, "REDOUBLE_CLUB_SECRET": secret}
        self.process = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, "serve",
             "--port", str(self.port), "--db", db, "--redis", REDIS, "--redis-prefix", prefix,
             "--robot-workers", "0", "--robot", "redouble.robots:NaiveRobot", "--no-quotas",
             *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True, text=True,
            env=env)

    def wait(self) -> Node:
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(self.http + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.kill()
                output = self.process.stdout.read() if self.process.stdout else ""
                raise RuntimeError(f"redouble serve did not start: {output}")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)


def start(db: str, prefix: str, count: int, *extra: str) -> list[Node]:
    nodes = [Node(db, prefix, *extra) for _ in range(count)]
    try:
        return [node.wait() for node in nodes]
    except Exception:
        for node in nodes:
            node.kill()
        raise


def stored_log(db: str) -> list[dict[str, Any]]:
    """Every stored event of the schema's tables, as JSON, in order."""
    schema = db.rpartition("search_path%3D")[2]
    with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=root") as connection:
        rows = connection.execute(f'SELECT seq, data FROM "{schema}".rd_events ORDER BY seq').fetchall()
    return [{"seq": seq, **json.loads(data)} for seq, data in rows]


class Moving(Seated):
    """A seated client of one process that, when its process dies, resumes at another; it
    records every ``ack`` (message id and seq) it got."""

    def __init__(self, node: Node, fallback: Node, *args: Any, **kwargs: Any) -> None:
        super().__init__(node, *args, **kwargs)  # type: ignore[arg-type]
        self.fallback = fallback
        self.acks: dict[str, int] = {}
        self.moved = 0
        self.max_seq = 0
        self.last: Any = None

    async def run(self) -> None:
        client = await Client.open(self.url, self.seat)
        self.note(client.frames[-1])
        await self.act(client, client.frames[-1])
        while not self.finished:
            try:
                message = await client.recv(timeout=90)
                self.max_seq = max(self.max_seq, client.seq)
                self.last = (message.get("type"), message.get("seq"), message.get("event"),
                             (message.get("view") or {}).get("actor"))
                if message["type"] == "ack":
                    self.unacked.pop(str(message["id"]), None)
                    self.acks[str(message["id"])] = message["seq"]
                    continue
                self.note(message)
                await self.act(client, message)
            except ConnectionClosed:  # its process died (on a read or a send): go elsewhere
                self.running = self.fallback  # type: ignore[assignment]
                self.moved += 1
                client = await self.reconnect(client)
        await client.close()


def test_the_table_goes_on_when_its_owner_is_killed(cluster_env: tuple[str, str]) -> None:
    db, prefix = cluster_env
    a, b, c, d = start(db, prefix, 4)
    try:
        created = httpx.post(a.http + "/api/tables", timeout=30, json={
            "form": "duplicate", "scoring": "matchpoints", "boards": 2, "pace": "fast",
            "undo_policy": "always",  # stand-in robots on, with the default grace
            "seats": {s.letter(): "human" for s in Seat}}).json()
        table_id = created["id"]
        tokens = created["tokens"]
        # the four seats on three processes, the spectator on a fourth; the owner (a) dies
        placed = {Seat.NORTH: (a, c), Seat.EAST: (b, b), Seat.SOUTH: (c, c), Seat.WEST: (a, b)}
        rng = random.Random(16)
        players = [Moving(node, fallback, table_id, seat, tokens[seat.letter()],
                          random.Random(rng.random())) for seat, (node, fallback) in placed.items()]
        spectator = Moving(d, d, table_id, None, None, random.Random(0))
        killed_at: list[float] = []
        resumed_at: list[float] = []

        async def killer() -> None:
            while spectator.max_seq < 20:  # the middle of board 1's auction or play
                await asyncio.sleep(0.02)
            seq = spectator.max_seq
            a.kill()
            killed_at.append(time.monotonic())
            while spectator.max_seq <= seq + 1:
                await asyncio.sleep(0.02)
            resumed_at.append(time.monotonic())

        async def play() -> None:
            await asyncio.wait_for(asyncio.gather(
                *(p.run() for p in [*players, spectator]), killer()), 150)

        try:  # not asyncio.run: a client cancelled after a failure may lose the cancellation
            # (3.11's wait_for) and wait out its 90 s recv, which then passes for a stalled table
            run_bounded(play, SCENARIO_PATIENCE + 30)
        except TimeoutError:
            state = [(p.seat, p.max_seq, p.moved, p.finished, p.unacked, p.acted_at, p.last)
                     for p in [*players, spectator]]
            state.append([(e["seq"], e["type"], e.get("cid")) for e in stored_log(db)][-8:])
            for node in (b, c, d):
                node.kill()
            logs = "\n".join(node.process.stdout.read()[-3000:] if node.process.stdout else ""
                             for node in (a, b, c, d))
            raise AssertionError(f"the table did not finish: {state}\n{logs}") from None
        assert killed_at and resumed_at
        assert resumed_at[0] - killed_at[0] < 15, "another process took the table over in seconds"
        assert players[0].moved == 1 and players[3].moved == 1  # a's clients came back elsewhere
        assert players[1].moved == players[2].moved == spectator.moved == 0  # never reconnected

        log = stored_log(db)
        assert [event["seq"] for event in log] == list(range(1, len(log) + 1))
        assert log[-1]["type"] == "table_end"
        stored = {(event["cid"][0], str(event["cid"][1])): event["seq"]
                  for event in log if "cid" in event}
        for player in players:
            assert player.acks, f"{player.seat} got no ack"
            for ident, seq in player.acks.items():  # an undo's events: the first holds the id
                first = stored.get((player.seat.letter(), ident))
                assert first is not None and first <= seq <= len(log), \
                    f"{player.seat}'s acknowledged action {ident} (seq {seq}) is not stored"
        for viewer in [*players, spectator]:
            assert viewer.checker.checked_boards == {1, 2}
            assert viewer.checker.checked_frames > 10
            assert not viewer.checker.pending
        # the table is owned by one of the survivors, which every process's lobby agrees on
        lobby = httpx.get(b.http + "/api/tables", timeout=10).json()
        assert table_id not in [entry["id"] for entry in lobby["tables"]]  # finished
    finally:
        for node in (a, b, c, d):
            node.kill()


class InProcess:
    """A server process's hub and cluster in this test's event loop (no sockets): it can
    store an event and then die before publishing it, without kill timing."""

    def __init__(self, db: str, prefix: str, node: str) -> None:
        self.store = Store(db)
        self.pool = RobotPool(workers=0, factory="redouble.robots:NaiveRobot")
        self.hub = Hub(self.store, self.pool)
        self.cluster = self.hub.cluster = Cluster(self.hub, redis=REDIS, prefix=prefix, node=node)
        self.dead = False

    async def table(self, table_id: str) -> Table:
        return await self.hub.get(table_id)

    async def die(self) -> None:
        """Stop as ``kill -9`` would: no lease released, nothing more published or beaten;
        the lease is then expired (as four seconds without renewal would)."""
        self.dead = True
        cluster = self.cluster
        cluster.closing = True
        for task in [*cluster.tasks, *self.hub.background, *self.hub.robot_tasks.values()]:
            task.cancel()
        for timer in [*self.hub.people.away_timers.values(),
                      *self.hub.people.clock_timers.values()]:
            timer.cancel()
        cluster.leases.close()
        with cluster.leases.engine.begin() as connection:
            connection.exec_driver_sql(
                "UPDATE rd_leases SET expires_at = now() - interval '1 second' "
                f"WHERE owner = '{cluster.node}'")
        await cluster.bus.close()

    async def close(self) -> None:
        if not self.dead:
            await self.hub.close()
        self.pool.close()
        self.store.close()


async def until(condition: Any, seconds: float, what: str) -> None:
    """Wait (polling, no fixed sleep) until ``condition()`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.05)


def frames(connection: Connection) -> list[dict[str, Any]]:
    """The frames a connection was sent so far (taken off its queue)."""
    found = []
    while not connection.queue.empty():
        text = connection.queue.get_nowait()
        if text is not None:
            found.append(json.loads(text))
    return found


def in_cluster(db: str, prefix: str, names: str, scenario: Callable[..., Awaitable[None]]) -> None:
    """Run ``scenario`` with in-process nodes of these names, closed afterwards."""
    async def run() -> None:
        nodes = [InProcess(db, prefix, name) for name in names]
        try:
            for node in nodes:  # one at a time: each migrates the schema
                await node.hub.start()
            await scenario(*nodes)
        finally:
            for node in nodes:
                await node.close()

    run_bounded(run, SCENARIO_PATIENCE)  # a scenario that hangs, or a task that will not stop, fails named


SCENARIO_PATIENCE = 150.0
"""Seconds an in-process scenario may take before it is failed with every task's stack."""


def human_table(**options: Any) -> TableRequest:
    return TableRequest.model_validate({"form": "duplicate", "scoring": "matchpoints",
                                        "boards": 1, "seats": {s.letter(): "human" for s in Seat},
                                        **options})


@pytest.mark.parametrize("lost", ["the owner's publish", "the new owner's publish too"])
def test_a_replica_gets_the_event_a_dead_owner_stored_but_never_published(
        cluster_env: tuple[str, str], lost: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CI failure of the kill test without kill timing: the owner stores event n and dies
    before adding it to the stream; the replicas' clients must still get it (a replica only
    noticed a gap at the next event, and nobody could act before seeing event n)."""
    db, prefix = cluster_env

    async def scenario(a: InProcess, b: InProcess, c: InProcess) -> None:
        table, _tokens = await a.hub.create(human_table(robot_after=None))
        replica = await c.table(table.id)
        assert c.cluster.owns(table.id) is False and table.id in c.cluster.following
        east = await c.hub.join(replica, Seat.EAST, None)  # no name: the seat keeps its own
        frames(east)

        async def unpublished(*_args: Any) -> None:
            return None

        a.cluster.stored = unpublished  # type: ignore[method-assign]
        seq = await a.hub.act_for(table, Seat.NORTH, parse_command(
            {"type": "call", "call": "1C", "id": "n1"}))
        assert [e["seq"] for e in stored_log(db)][-1] == seq  # stored ...
        await asyncio.sleep(0.3)
        assert replica.seq == seq - 1  # ... never published: the replica cannot know
        c.cluster.leases.orphans = list  # type: ignore[method-assign,assignment]  # b takes over
        await a.die()
        if lost != "the owner's publish":
            async def broken(*_args: Any) -> None:
                raise redis.ConnectionError("Redis is away")

            monkeypatch.setattr(b.cluster.bus, "publish_batch", broken)
        # b takes the table over (its next look for ownerless tables, within a second)
        await until(lambda: b.cluster.owns(table.id), 60, "b did not take the table over")
        await until(lambda: replica.seq == seq, 30, "the replica never got the stored event")
        got = [f for f in frames(east) if f.get("type") == "event" and "seq" in f]
        assert [f["seq"] for f in got] == [seq]
        assert got[-1]["view"]["actor"] == "E"  # East sees it is their turn: play goes on
        # commands now go to the new owner: c hears the takeover on the presence channel, which
        # may come after the republished event on the table's stream (two Redis connections)
        await until(lambda: c.cluster.owners.get(table.id) == "b", 30, "c never heard b took the table over")
        answer = await c.cluster.submit(replica, Seat.EAST, parse_command(
            {"type": "call", "call": "P", "id": "e1"}))
        assert answer == seq + 1 and replica.seq == seq + 1

    in_cluster(db, prefix, "abc", scenario)


def test_a_replica_welcomes_a_client_with_every_stored_event(cluster_env: tuple[str, str]) -> None:
    """A client that saw event n from its owner, which died before publishing it, reconnects
    to a replica: the welcome holds event n (never less than the client saw), read from the
    database, before any takeover (the kill test's second CI failure)."""
    db, prefix = cluster_env

    async def scenario(a: InProcess, c: InProcess) -> None:
        table, _tokens = await a.hub.create(human_table(robot_after=None))
        replica = await c.table(table.id)

        async def unpublished(*_args: Any) -> None:
            return None

        a.cluster.stored = unpublished  # type: ignore[method-assign]
        seq = await a.hub.act_for(table, Seat.NORTH, parse_command(
            {"type": "call", "call": "1C", "id": "n1"}))
        await asyncio.sleep(0.3)
        assert replica.seq == seq - 1  # never published: the replica has not heard of it
        north = await c.hub.join(replica, Seat.NORTH, None)  # no name: the seat keeps its own
        welcome = frames(north)[0]
        assert welcome["type"] == "welcome" and welcome["seq"] == seq
        assert len(welcome["view"]["auction"]) == 1, welcome["view"]["auction"]

    in_cluster(db, prefix, "ac", scenario)


def test_a_seat_held_on_a_live_replica_is_never_given_to_a_robot_after_a_takeover(
        cluster_env: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """After a takeover the new owner hears which seats live processes hold: East (on replica
    c) plays on; North (its client died with the owner a), South and West (nobody) get
    stand-ins once the settling time and the grace are over."""
    db, prefix = cluster_env
    monkeypatch.setattr(cluster_module, "TAKEOVER_SETTLE", 1.0)
    monkeypatch.setattr(cluster_module, "NODE_TTL", 8.0)

    async def scenario(a: InProcess, b: InProcess, c: InProcess) -> None:
        table, _tokens = await a.hub.create(human_table(robot_after=1))
        await a.hub.join(table, Seat.NORTH, None)  # no name: the seat keeps its own
        replica = await c.table(table.id)
        await c.hub.join(replica, Seat.EAST, None)  # no name: the seat keeps its own
        await until(lambda: table.seats[Seat.EAST].connected, 30, "a never heard of East")
        c.cluster.leases.orphans = list  # type: ignore[method-assign,assignment]  # b takes over
        await a.die()
        # b had not loaded the table: it learns who holds which seat after taking it over
        await until(lambda: b.cluster.owns(table.id), 60, "b did not take the table over")
        taken = b.hub.tables[table.id]
        log: list[TableEvent] = taken.log
        away = {Seat.NORTH, Seat.SOUTH, Seat.WEST}
        await until(lambda: away <= taken.substitutes.keys(), 60,
                    f"no stand-ins for the away seats: {taken.substitutes}")
        # East's grace would have run out with South's had b counted East as away
        assert Seat.EAST not in taken.substitutes and taken.seats[Seat.EAST].connected
        assert {e.seat for e in log if isinstance(e, Substituted)} == away
        # and on the replica, North now shows as away (its process is gone)
        await until(lambda: not replica.seats[Seat.NORTH].connected, 30,
                    "the replica still shows North's dead connection")
        # c stalled past NODE_TTL (as b sees it): East is away, until c is heard again
        del b.cluster.alive["c"]
        await b.cluster._recount_held_by({"c"})
        assert not taken.seats[Seat.EAST].connected
        await until(lambda: taken.seats[Seat.EAST].connected, 30, "c's seat stayed away")

    in_cluster(db, prefix, "abc", scenario)


def test_a_seats_language_chosen_on_a_replica_is_recorded_at_the_owner(
        cluster_env: tuple[str, str]) -> None:
    db, prefix = cluster_env

    async def scenario(a: InProcess, c: InProcess) -> None:
        table, _tokens = await a.hub.create(human_table())
        replica = await c.table(table.id)
        east = await c.hub.join(replica, Seat.EAST, None)  # no name: the seat keeps its own
        frames(east)
        await c.hub.handle(east, parse_command({"type": "language", "lang": "nl", "id": "l"}))
        assert frames(east)[0] == {"type": "ack", "id": "l", "seq": table.seq}
        await until(lambda: table.seats[Seat.EAST].lang == "nl", 30,
                    "the owner never heard of East's language")
        assert replica.seats[Seat.EAST].lang == "nl"

    in_cluster(db, prefix, "ac", scenario)


def test_a_replica_is_unloaded_once_its_last_client_here_has_gone(
        cluster_env: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    db, prefix = cluster_env

    async def scenario(a: InProcess, c: InProcess) -> None:
        table, _tokens = await a.hub.create(human_table())
        replica = await c.table(table.id)
        east = await c.hub.join(replica, Seat.EAST, None)  # no name: the seat keeps its own
        monkeypatch.setattr(cluster_module, "UNLOAD_AFTER", 0.0)
        c.cluster._unload_idle()  # East is here: the replica stays
        assert c.hub.tables.get(table.id) is replica
        await c.hub.leave(east)
        c.cluster._unload_idle()
        assert table.id not in c.hub.tables
        assert table.id not in c.cluster.following and table.id not in c.hub.connections
        assert a.hub.tables[table.id] is table  # the owner keeps its table, client or not
        # a client arriving with the table fetched before the unload gets a fresh replica
        again = await c.hub.join(replica, Seat.EAST, None)  # no name: the seat keeps its own
        assert again.table is not replica and again.table is c.hub.tables[table.id]
        assert table.id in c.cluster.following
        frames(again)
        seq = await a.hub.act_for(table, Seat.NORTH, parse_command(
            {"type": "call", "call": "1C", "id": "n1"}))
        await until(lambda: again.table.seq == seq, 30, "the new replica does not follow")
        assert [f["seq"] for f in frames(again) if "seq" in f] == [seq]

    in_cluster(db, prefix, "ac", scenario)


def test_the_lobby_is_read_whole_once_then_only_its_changes(
        cluster_env: tuple[str, str]) -> None:
    db, prefix = cluster_env

    async def scenario(a: InProcess, b: InProcess) -> None:
        whole: list[str] = []
        read_lobby = b.cluster.bus.read_lobby

        async def counted() -> tuple[str, dict[str, str]]:
            whole.append("read")
            return await read_lobby()

        b.cluster.bus.read_lobby = counted  # type: ignore[method-assign]
        first, _tokens = await a.hub.create(human_table())
        await until(lambda: first.id in b.cluster.lobby_cache, 30, "b never saw the table")
        reads = len(whole)
        second, _tokens = await a.hub.create(human_table())
        await until(lambda: second.id in b.cluster.lobby_cache, 30, "b never saw the second")
        for kind in ({"type": "call", "call": "P"}, {"type": "ready"}):
            for seat in Seat:  # a passed-out board: the one-board table is finished
                await a.hub.act_for(first, seat, parse_command(kind))
        assert first.finished
        await until(lambda: first.id not in b.cluster.lobby_cache, 30,
                    "the finished table stayed in b's lobby")
        assert len(whole) == reads  # the changes came alone, not the whole lobby again
        assert [e["id"] for e in b.hub.lobby()] == [second.id]
        b.cluster.lobby_position = "1-0"  # as if b fell behind what the stream keeps
        await until(lambda: len(whole) == reads + 1, 30, "b did not read the lobby again")
        assert list(b.cluster.lobby_cache) == [second.id]

    in_cluster(db, prefix, "ab", scenario)


def test_a_process_that_missed_an_expiry_being_said_still_stops_listing_the_table(
        cluster_env: tuple[str, str]) -> None:
    """``expired`` is said on a pub/sub channel, which a process can miss (it subscribed late, or
    its connection to Redis dropped): the lobby's change stream, read from where each process
    stood, carries it too, so every lobby converges, and so does the table's coming back."""
    db, prefix = cluster_env

    async def scenario(a: InProcess, b: InProcess) -> None:
        a.cluster.announce_expired = lambda _table, expired: None  # type: ignore[method-assign,assignment]
        table, _tokens = await a.hub.create(human_table())  # nobody sits down
        replica = await b.table(table.id)  # b has it loaded, as a replica
        await until(lambda: table.id in {e["id"] for e in b.hub.lobby()}, 30, "b never listed it")
        a.hub.people.lobby.expiry.expire_after = 0.0
        assert await a.hub.people.lobby.expiry.expire_abandoned() == [table.id]  # never said on the channel
        await until(lambda: table.id not in {e["id"] for e in b.hub.lobby()}, 30,
                    "b still lists the table a expired")
        assert table.id in b.hub.people.expired
        await a.hub.people.came_back(table, Seat.SOUTH)  # a person sits down again: played again
        await until(lambda: table.id in {e["id"] for e in b.hub.lobby()}, 30,
                    "b does not list the table played again")
        assert table.id not in b.hub.people.expired and not replica.finished

    in_cluster(db, prefix, "ab", scenario)


def test_a_person_who_came_and_went_on_another_process_starts_the_owners_count_again(
        cluster_env: tuple[str, str]) -> None:
    """A table expires after ``expire_after`` seconds without anyone at it on any process, counted
    from when the last person left: a player back at an expired table, or a kibitzer at a robots'
    table, on a replica and gone before the owner's next sweep (which alone saw who was there) does
    not have the owner expire it again at once. CI's flake: the owner kept the count from before,
    and its first sweep after South left expired the table South had just brought back."""
    db, prefix = cluster_env

    async def scenario(a: InProcess, c: InProcess) -> None:
        loop = asyncio.get_running_loop()
        expiry = a.hub.people.lobby.expiry
        seated, _tokens = await a.hub.create(human_table())  # nobody sits down
        expiry.expire_after = 0.0
        assert await expiry.expire_abandoned() == [seated.id]
        expiry.expire_after = 60.0
        watched, _tokens = await a.hub.create(human_table(
            boards=36, pace="human", seats=dict.fromkeys("NESW", "robot")))
        south = await c.hub.join(await c.table(seated.id), Seat.SOUTH, None)
        await until(lambda: seated.id not in a.hub.people.expired, 30, "a never took the table back")
        kibitzer = await c.hub.join(await c.table(watched.id), None, None)
        await until(lambda: a.cluster.watched(watched.id), 30, "a never heard of the kibitzer")
        left_at = loop.time()
        await c.hub.leave(south)
        await c.hub.leave(kibitzer)
        await until(lambda: not seated.seats[Seat.SOUTH].connected and not a.cluster.watched(watched.id),
                    30, "a never heard them leave")
        for table in (seated, watched):  # a minute from when they left, not from before
            assert not expiry.abandoned(table, left_at + 59.999), table.id
            assert expiry.abandoned(table, loop.time() + 60.0), table.id

    in_cluster(db, prefix, "ac", scenario)


def test_the_lobby_pages_over_every_processs_tables(cluster_env: tuple[str, str]) -> None:
    """Pages of the lobby walk every playing table of every process once, newest first, from
    either process: the owners' published entries and a process's own tables, merged in order."""
    db, prefix = cluster_env

    async def scenario(a: InProcess, b: InProcess) -> None:
        made = [(await node.hub.create(human_table()))[0].id for node in (a, b, a, b, a)]
        for node in (a, b):
            await until(lambda node=node: set(made) <= set(node.cluster.lobby_cache), 30, "not published")
            whole = [entry["id"] for entry in node.hub.lobby()]
            assert sorted(whole) == sorted(made)
            walked: list[str] = []
            after = None
            while True:
                shown, following = node.hub.lobby_page(2, after)
                assert len(shown) <= 2
                walked += [entry["id"] for entry in shown]
                if following is None:
                    break
                after = Cursor.parse(following)
            assert walked == whole

    in_cluster(db, prefix, "ab", scenario)


def test_a_stale_owner_cannot_store(cluster_env: tuple[str, str]) -> None:
    db, _prefix = cluster_env
    first, second = Store(db), Store(db)
    first.migrate()
    record = new_record(table_id="fenced", created_at=datetime.now(UTC), form="duplicate",
                        group_id="fenced", config={"scoring": "matchpoints", "boards": 1},
                        seats=[SeatRecord(seat=s.letter(), kind="human", name=s.letter(),
                                          token_hash=None) for s in Seat])
    first.create_table(record, 1)
    old, new = Leases(first.engine, "old"), Leases(second.engine, "new")
    first.fence, second.fence = old.fence, new.fence
    event = [BoardStarted(board=1)]

    async def scenario() -> None:
        assert old.acquire("fenced") == 1
        assert new.acquire("fenced") is None  # held: nobody else may take it
        await first.append("fenced", 2, event)  # the owner stores
        with first.engine.begin() as connection:  # the owner stalls past its lease ...
            connection.exec_driver_sql(
                "UPDATE rd_leases SET expires_at = now() - interval '1 second'")
        with pytest.raises(Fenced):  # ... and, its lease expired, may not store even unopposed
            await first.append("fenced", 3, event)
        assert new.acquire("fenced") == 2  # ... and another process takes the table over
        await second.append("fenced", 3, event)
        with pytest.raises(Fenced):  # the old owner's token is stale: its write fails
            await first.append("fenced", 4, event)
        assert old.renew() == {}  # and its renewal tells it the table is lost
        assert new.renew() == {"fenced": 2}

    try:
        asyncio.run(scenario())
        log = first.load_table("fenced")
        assert log is not None
        assert [type(e) for e in log.events] == [BoardStarted] * 3  # the stale write is absent
    finally:
        old.close()
        new.close()
        first.close()
        second.close()


def test_robot_workers_in_their_own_process_play_a_robot_table(
        cluster_env: tuple[str, str], tmp_path: Path) -> None:
    db, prefix = cluster_env
    worker = subprocess.Popen(
        [sys.executable, "-c", "from redouble.cli import main; main()", "robots", "worker",
         "--redis", REDIS, "--redis-prefix", prefix],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True, text=True)
    (node,) = start(db, prefix, 1, "--robot-queue")
    try:
        created = httpx.post(node.http + "/api/tables", timeout=30, json={
            "form": "duplicate", "scoring": "matchpoints", "boards": 1, "pace": "fast",
            "seats": {s.letter(): "robot" for s in Seat}}).json()
        deadline = time.monotonic() + 60
        while httpx.get(f"{node.http}/api/tables/{created['id']}", timeout=10).json()["status"] \
                != "finished":
            assert time.monotonic() < deadline, "the robots did not finish the board"
            assert worker.poll() is None, worker.stdout.read() if worker.stdout else ""
            time.sleep(0.2)
        actions = [e for e in stored_log(db) if e["type"] in ("call", "card", "claim")]
        jobs = redis.Redis.from_url(REDIS).xlen(f"{prefix}:robots:jobs")
        # every robot decision went through the queue: the server has no robot of its own
        assert jobs >= len([e for e in actions if e["type"] != "claim"]) > 0
    finally:
        node.kill()
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=30)


def test_a_club_watcher_on_another_process_sees_a_result_confirmed_on_the_first(
        cluster_env: tuple[str, str], tmp_path: Path) -> None:
    """A result entered and confirmed at process a reaches a ranking watcher connected to b, each
    step in its own update. How soon is a speed figure, not a test's (``bench/bench_club_live_cluster.py``):
    asserting it here failed 2 times in 5 at load 20 (1.2 s and 1.4 s, of which the two HTTP calls
    themselves take most), so the waits below are a loaded machine's."""
    db, prefix = cluster_env
    a, b = start(db, prefix, 2)
    try:
        created = httpx.post(a.http + "/api/club/sessions", timeout=30, json={
            "name": "Tuesday pairs", "movement": {"kind": "mitchell", "tables": 3,
                                                  "boards_per_round": 2}}).json()
        session = created["id"]
        table = created["tables"]["1"]["token"]

        base = f"{a.http}/api/club/sessions/{session}/tables/1"

        async def watch() -> None:
            from websockets.asyncio.client import connect

            async with connect(f"{b.ws}/ws/club/{session}?token={table}") as ws:
                first = json.loads(await ws.recv())
                assert first["type"] == "update" and first["travellers"] == []
                entered = await asyncio.to_thread(httpx.post, f"{base}/results?token={table}", json={
                    "entry_id": "e1", "round": 1, "board": 1, "contract": "4S", "declarer": "N",
                    "tricks": "="}, timeout=30)
                assert entered.status_code == 200, entered.text
                json.loads(await asyncio.wait_for(ws.recv(), 30))  # entered, not yet counted
                confirmed = await asyncio.to_thread(httpx.post, f"{base}/confirm?token={table}", json={
                    "entry_id": "c1", "round": 1, "board": 1, "side": "EW", "answer": "confirm"},
                    timeout=30)
                assert confirmed.status_code == 200, confirmed.text
                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                assert [t["board"] for t in frame["travellers"]] == [1]  # made on a, seen on b
                assert frame["travellers"][0]["lines"][0]["ns_score"] == 420

        asyncio.run(watch())
    finally:
        a.kill()
        b.kill()


@pytest.mark.parametrize(("args", "message"), [
    (["serve", "--redis", REDIS, "--db", "sqlite:///x.db"], "needs --db postgresql"),
    (["serve", "--robot-queue", "--db", "postgresql://root@127.0.0.1/test"], "--robot-queue needs --redis"),
    (["cluster", "--db", "sqlite:///x.db", "--redis", REDIS], "one PostgreSQL database"),
    (["serve", "--redis", "redis://127.0.0.1:1/0", "--db", "postgresql://root@127.0.0.1/test"],
     "cannot reach Redis"),
])
def test_a_cluster_set_up_that_cannot_work_fails_in_one_line(
        args: list[str], message: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", "from redouble.cli import main; main()", *args],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode in (1, 2)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def table_status(db: str, table_id: str) -> str:
    """A table's stored status (``playing``, ``expired``, ``finished``)."""
    schema = db.rpartition("search_path%3D")[2]
    with psycopg.connect("host=127.0.0.1 port=5432 dbname=test user=root") as connection:
        row = connection.execute(f'SELECT status FROM "{schema}".rd_tables WHERE id = %s',
                                 (table_id,)).fetchone()
    assert row is not None
    return str(row[0])


ROBOTS = dict.fromkeys("NESW", "robot")
SOUTH_ONLY = {"N": "robot", "E": "robot", "S": "human", "W": "robot"}


def create_at(node: Node, seats: dict[str, str]) -> dict[str, Any]:
    """A long table created at ``node`` (its owner), robots at a person's pace."""
    created: dict[str, Any] = httpx.post(node.http + "/api/tables", timeout=30, json={
        "form": "duplicate", "boards": 36, "pace": "human", "seats": seats}).json()
    return created


def listed(node: Node) -> set[str]:
    """The ids of the playing tables a process's lobby lists."""
    return {t["id"] for t in httpx.get(node.http + "/api/tables", timeout=30).json()["tables"]}


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def test_only_the_owner_expires_a_table_nobody_is_at_on_any_process(
        cluster_env: tuple[str, str]) -> None:
    db, prefix = cluster_env
    a, b = start(db, prefix, 2, "--expire-after", "0.1")  # 6 s
    robots, south_only = ROBOTS, SOUTH_ONLY

    def create(seats: dict[str, str]) -> dict[str, Any]:  # at a: a owns it, b replicates it
        return create_at(a, seats)

    async def scenario() -> None:
        watched, seated = create(robots), create(south_only)
        kibitzer = await Client.open(f"{b.ws}/ws/{watched['id']}")
        south = await Client.open(f"{b.ws}/ws/{seated['id']}?token={seated['tokens']['S']}",
                                  Seat.SOUTH)
        alone, left = create(robots), create(south_only)  # nobody anywhere: they expire
        await asyncio.to_thread(wait_for, lambda: {table_status(db, t["id"]) for t in (alone, left)}
                                == {"expired"})
        # people at b, the replica, keep a's tables alive: presence is the cluster's
        assert table_status(db, watched["id"]) == table_status(db, seated["id"]) == "playing"
        for node in (a, b):
            await asyncio.to_thread(wait_for, lambda node=node: not {alone["id"], left["id"]}
                                    & listed(node))
            assert {watched["id"], seated["id"]} <= listed(node)
        await kibitzer.close()
        await south.close()
        await asyncio.to_thread(wait_for, lambda: table_status(db, watched["id"])
                                == table_status(db, seated["id"]) == "expired")
        for node in (a, b):
            await asyncio.to_thread(wait_for, lambda node=node: not {watched["id"], seated["id"]}
                                    & listed(node))
        # the robots of an expired table stop, on every process
        seq = httpx.get(f"{a.http}/api/tables/{watched['id']}", timeout=30).json()["seq"]
        # South comes back at b: the owner, a, plays the table again and both list it
        back = await Client.open(f"{b.ws}/ws/{left['id']}?token={left['tokens']['S']}",
                                 Seat.SOUTH)
        await asyncio.to_thread(wait_for, lambda: table_status(db, left["id"]) == "playing")
        for node in (a, b):
            await asyncio.to_thread(wait_for, lambda node=node: left["id"] in listed(node))
        await back.close()
        assert httpx.get(f"{a.http}/api/tables/{watched['id']}", timeout=30).json()["seq"] == seq

    try:
        asyncio.run(scenario())
    finally:
        a.kill()
        b.kill()
    said = {node: node.process.stdout.read() if node.process.stdout else "" for node in (a, b)}
    assert said[a].count(" expired: nobody has been at it") == 4, said[a][-3000:]
    assert " expired: nobody has been at it" not in said[b]  # the replica decides nothing
    assert "is played again: S came back" in said[a] and "played again" not in said[b]


def test_a_person_back_at_an_expired_table_whose_owner_died_takes_it_over(
        cluster_env: tuple[str, str]) -> None:
    db, prefix = cluster_env
    a, b = start(db, prefix, 2, "--expire-after", "0.1")  # 6 s
    table = create_at(a, SOUTH_ONLY)

    async def scenario() -> None:
        kibitzer = await Client.open(f"{b.ws}/ws/{table['id']}")  # b keeps a replica of it
        await asyncio.to_thread(wait_for, lambda: table_status(db, table["id"]) == "expired")
        a.kill()  # the owner dies while the table is expired: no scan takes an expired table
        south = await Client.open(f"{b.ws}/ws/{table['id']}?token={table['tokens']['S']}",
                                  Seat.SOUTH)
        await asyncio.to_thread(wait_for, lambda: table_status(db, table["id"]) == "playing")
        await asyncio.to_thread(wait_for, lambda: table["id"] in listed(b))
        await south.close()
        await kibitzer.close()

    try:
        asyncio.run(scenario())
    finally:
        a.kill()
        b.kill()
    said = b.process.stdout.read() if b.process.stdout else ""
    assert f"owns table {table['id']}" in said and "is played again: S came back" in said
