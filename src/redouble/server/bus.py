"""The bus between server processes: Redis streams and channels, every message typed.

- ``…:table:<id>:events`` (a stream per table): the owner adds each event once it is stored,
  with its seq; replicas follow it (``XREAD``) and reload from the database on a gap.
- ``…:node:<id>:inbox`` (a stream per process): commands forwarded to a table's owner, and
  robot workers' answers; ``…:node:<id>:replies`` (a channel): the owner's ``ack`` or error.
- ``…:presence``, ``…:club`` (channels): a seat (dis)connected, a process is alive, a new
  owner took a table over or asks who holds its seats; a club session changed.
- ``…:robots:jobs`` (a stream with a consumer group): robot decisions for worker processes,
  each carrying only the robot's view.
- ``…:lobby`` (a hash: table id → lobby entry) and ``…:lobby:changes`` (a stream of the
  entries written and removed): a process reads the hash whole once, then only the changes.

Every message is a frozen pydantic model parsed where it leaves Redis.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, NamedTuple

import redis.asyncio as aioredis
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from redouble.server.events import TableEvent, table_event_from_json

__all__ = [
    "EVENTS_KEPT",
    "Alive",
    "Bus",
    "ClubChanged",
    "Expired",
    "Forward",
    "LobbyChange",
    "Presence",
    "PresenceMessage",
    "Reply",
    "RobotAnswer",
    "RobotJob",
    "StreamedEvent",
    "TakenOver",
    "Watching",
    "WhoHolds",
    "presence_message",
]

EVENTS_KEPT = 2000
"""Entries a table's event stream keeps (approximately): a replica further behind reloads."""
INBOX_KEPT = 10_000
LOBBY_CHANGES_KEPT = 10_000
"""Lobby changes the change stream keeps (approximately): a process further behind reads the
whole lobby again."""
POOL_SIZE = 64
"""Redis connections a process opens at most (two of them block on its streams)."""


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LobbyChange(NamedTuple):
    """One change of the lobby: its stream id, the table, its new entry (``None``: removed), and
    whether it was removed because it expired (not finished)."""

    position: str
    table: str
    entry: str | None
    expired: bool = False


class Forward(_Message):
    """A command for a table's owner from a seat connected to another process."""

    #: ``end`` and ``stand_in`` are an online session's runner's (the table ends; a robot takes ``seat``)
    kind: Literal["command", "rename", "language", "end", "stand_in"]
    table: str
    seat: str
    command: dict[str, Any] | None = None  # parsed by the owner with ``parse_command``
    name: str | None = None
    reply_to: str
    rid: str


class Reply(_Message):
    """The owner's answer to a ``Forward``: the seq of its events, or the refusal."""

    rid: str
    seq: int | None = None
    code: str | None = None
    message: str | None = None


class RobotJob(_Message):
    """A robot's decision to think out: the robot's view only (rule 5), never the deal."""

    job: str
    owner: str
    kind: str
    view: dict[str, Any]
    extra: Any = None
    factory: str | None = None


class RobotAnswer(_Message):
    """A worker's answer to a ``RobotJob``, sent to the owner's inbox."""

    job: str
    answer: Any = None
    failed: str | None = None


class Presence(_Message):
    """A seat connected to (or left) some process."""

    kind: Literal["presence"] = "presence"
    table: str
    seat: str
    connected: bool
    node: str
    #: a new connection (it replaces the seat's connections elsewhere), not a repeated answer
    #: to ``WhoHolds``
    fresh: bool = True


class Alive(_Message):
    """A process's heartbeat: the seats it holds count as held while it beats."""

    kind: Literal["alive"] = "alive"
    node: str


class TakenOver(_Message):
    """A process took a table over (its last owner died or stalled): ``seq`` is stored."""

    kind: Literal["taken_over"] = "taken_over"
    table: str
    node: str
    seq: int


class WhoHolds(_Message):
    """A process that just loaded or took over a table asks the others which of its seats
    they hold (each answers with a ``Presence`` per seat connected there)."""

    kind: Literal["who_holds"] = "who_holds"
    table: str
    node: str


class Watching(_Message):
    """Whether a process has any connection to a table (the owner expires a robot-only table
    only when nobody watches it anywhere: ``redouble.server.expiry``)."""

    kind: Literal["watching"] = "watching"
    table: str
    node: str
    watched: bool


class Expired(_Message):
    """The owner of a table expired it (``expired``) or brought it back: the other processes
    list it, or not, alike."""

    kind: Literal["expired"] = "expired"
    table: str
    node: str
    expired: bool


PresenceMessage = Annotated[Presence | Alive | TakenOver | WhoHolds | Watching | Expired,
                            Field(discriminator="kind")]
_PRESENCE: TypeAdapter[Presence | Alive | TakenOver | WhoHolds | Watching | Expired] = \
    TypeAdapter(PresenceMessage)


def presence_message(data: str) -> Presence | Alive | TakenOver | WhoHolds | Watching | Expired:
    """A message of the presence channel, parsed (``ValidationError`` if it is none)."""
    return _PRESENCE.validate_json(data)


class ClubChanged(_Message):
    """A club session's records changed on some process: watchers elsewhere reload."""

    session: str
    node: str


class StreamedEvent(_Message):
    """One stored event as the owner published it."""

    table: str
    stream_id: str
    seq: int
    more: bool
    data: dict[str, Any]

    def event(self) -> TableEvent:
        """The table event itself."""
        return table_event_from_json(self.data)


Inbox = Forward | RobotAnswer


def _stream_id(text: str) -> tuple[int, int]:
    """A stream entry id (``ms-n``) as numbers, to compare."""
    ms, _, n = text.partition("-")
    return int(ms), int(n or 0)


class Bus:
    """One process's Redis connection and the names of its streams and channels."""

    def __init__(self, url: str, *, prefix: str, node: str) -> None:
        self.url = url
        self.prefix = prefix
        self.node = node
        # a burst of commands waits for a connection rather than failing (the default pool's)
        pool = aioredis.BlockingConnectionPool.from_url(url, decode_responses=True,
                                                        max_connections=POOL_SIZE, timeout=30)
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        self.presence_channel = f"{prefix}:presence"
        self.club_channel = f"{prefix}:club"
        self.robot_jobs = f"{prefix}:robots:jobs"
        self.lobby = f"{prefix}:lobby"
        self.lobby_changes = f"{prefix}:lobby:changes"

    def events_key(self, table_id: str) -> str:
        return f"{self.prefix}:table:{table_id}:events"

    def inbox(self, node: str) -> str:
        return f"{self.prefix}:node:{node}:inbox"

    def replies(self, node: str) -> str:
        return f"{self.prefix}:node:{node}:replies"

    async def close(self) -> None:
        await self.redis.aclose()

    # --- table events ------------------------------------------------------------------------

    async def publish_events(self, table_id: str, first_seq: int, events: list[TableEvent]) -> None:
        """Add stored events ``first_seq, …`` to the table's stream (one round trip)."""
        key = self.events_key(table_id)
        async with self.redis.pipeline(transaction=False) as pipe:
            for index, data in enumerate(events):
                pipe.xadd(key, {"seq": first_seq + index, "more": int(index < len(events) - 1),
                                "data": json.dumps(data.to_json(), separators=(",", ":"))},
                          maxlen=EVENTS_KEPT, approximate=True)
            await pipe.execute()

    async def publish_batch(self, batch: list[tuple[str, int, list[TableEvent]]]) -> None:
        """``publish_events`` for several tables' events, in order, in one round trip."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id, first_seq, events in batch:
                key = self.events_key(table_id)
                for index, data in enumerate(events):
                    pipe.xadd(key, {"seq": first_seq + index, "more": int(index < len(events) - 1),
                                    "data": json.dumps(data.to_json(), separators=(",", ":"))},
                              maxlen=EVENTS_KEPT, approximate=True)
            await pipe.execute()

    async def last_event_id(self, table_id: str) -> str:
        """The id of the stream's newest entry (``0-0`` when empty): follow from there."""
        return (await self.last_event(table_id))[0]

    async def last_event(self, table_id: str) -> tuple[str, int]:
        """The id and seq of the stream's newest entry (``("0-0", 0)`` when empty)."""
        entries: Any = await self.redis.xrevrange(self.events_key(table_id), count=1)
        if not entries:
            return "0-0", 0
        stream_id, fields = entries[0]
        return str(stream_id), int(fields["seq"])

    async def read_events(self, positions: dict[str, str], block_ms: int) -> list[StreamedEvent]:
        """Events after each table's position, waiting up to ``block_ms`` for the first."""
        if not positions:
            return []
        streams: Any = {self.events_key(table): last for table, last in positions.items()}
        answer: Any = await self.redis.xread(streams, block=block_ms, count=500)
        found: list[StreamedEvent] = []
        cut = len(self.prefix) + len(":table:")
        for key, entries in answer or []:
            table = str(key)[cut:].removesuffix(":events")
            for stream_id, fields in entries:
                found.append(StreamedEvent(table=table, stream_id=str(stream_id),
                                           seq=int(fields["seq"]), more=fields["more"] == "1",
                                           data=json.loads(fields["data"])))
        return found

    # --- the inbox of a process, and replies -------------------------------------------------

    async def send(self, node: str, message: Forward | RobotAnswer) -> None:
        """Put a message in a process's inbox."""
        await self.redis.xadd(self.inbox(node), {"kind": type(message).__name__,
                                                 "data": message.model_dump_json()},
                              maxlen=INBOX_KEPT, approximate=True)

    async def read_inbox(self, last: str, block_ms: int) -> list[tuple[str, Inbox]]:
        """Messages in this process's inbox after ``last``."""
        answer: Any = await self.redis.xread({self.inbox(self.node): last}, block=block_ms,
                                            count=200)
        found: list[tuple[str, Inbox]] = []
        for _key, entries in answer or []:
            for stream_id, fields in entries:
                model = Forward if fields.get("kind") == "Forward" else RobotAnswer
                found.append((str(stream_id), model.model_validate_json(fields["data"])))
        return found

    async def reply(self, node: str, message: Reply) -> None:
        """Answer a forwarded command on its sender's channel."""
        await self.redis.publish(self.replies(node), message.model_dump_json())

    # --- the lobby ----------------------------------------------------------------------------

    async def write_lobby(self, written: dict[str, str], gone: list[str],
                          expired: frozenset[str] = frozenset()) -> None:
        """Store lobby entries (JSON text by table id) and remove others, and add each change
        to the change stream (one round trip); a table of ``gone`` that is in ``expired`` is
        marked so (every process then knows it expired, having heard it said or not)."""
        if not written and not gone:
            return
        mapping: Any = written
        async with self.redis.pipeline(transaction=True) as pipe:
            if written:
                pipe.hset(self.lobby, mapping=mapping)
            if gone:
                pipe.hdel(self.lobby, *gone)
            changes: list[Any] = [{"id": key, "entry": text}
                                             for key, text in written.items()]
            changes += [{"id": key, "gone": "expired"} if key in expired else {"id": key}
                        for key in gone]
            for change in changes:
                pipe.xadd(self.lobby_changes, change, maxlen=LOBBY_CHANGES_KEPT,
                          approximate=True)
            await pipe.execute()

    async def read_lobby(self) -> tuple[str, dict[str, str]]:
        """The whole lobby, and the change stream's position it is as of."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.xrevrange(self.lobby_changes, count=1)
            pipe.hgetall(self.lobby)
            last, everyone = await pipe.execute()
        position = str(last[0][0]) if last else "0-0"
        return position, {str(key): str(value) for key, value in everyone.items()}

    async def lobby_changes_after(self, position: str) -> list[LobbyChange] | None:
        """The lobby changes after ``position``, or ``None`` when the stream no longer holds
        them all (read the whole lobby again)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.xrange(self.lobby_changes, count=1)
            pipe.xrange(self.lobby_changes, min=f"({position}", count=LOBBY_CHANGES_KEPT)
            first, entries = await pipe.execute()
        if first and _stream_id(str(first[0][0])) > _stream_id(position):
            return None  # trimmed past this position (or nothing read yet): changes lost
        return [LobbyChange(str(stream_id), str(fields["id"]), fields.get("entry"),
                            fields.get("gone") == "expired")
                for stream_id, fields in entries]

    async def announce(self, channel: str,
                       message: Presence | Alive | TakenOver | WhoHolds | Watching | Expired
                       | ClubChanged) -> None:
        """Tell every process (presence, club changes)."""
        await self.redis.publish(channel, message.model_dump_json())
