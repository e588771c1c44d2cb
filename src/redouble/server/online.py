"""Online sessions: a pairs session of the club library played at the web table (BBO's "online
duplicate"), the server running the movement.

Each table of a round is a hub table of one group (``Hub.open_table``) that plays that round's
boards of the movement, so one set of deals serves the whole session and the presenter's group
rule keeps a board hidden from everyone who has not played it (``Table.field`` counts the tables
of later rounds). Each finished board becomes a confirmed traveller line of the club session, as
paper or phone entry makes it, so the live ranking (``/ws/club/{id}``) follows at once. When every
table of a round has finished, the pairs move on; a table still playing when its time is up waits
for the director: late play, or average-for-not-played (Law 12C2) on the boards it did not finish.
A person absent when a round begins is played for by a robot for that round, and the director may
have robots play for a pair from the next round on.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, WebSocket
from fastapi.responses import Response
from pydantic import BaseModel, Field, ValidationError

from redouble.board import Board, board_dealer, board_vulnerability
from redouble.club.movement import PairId, Seating
from redouble.club.online import (
    LatePlay,
    OnlineOpened,
    OnlineStep,
    PairPlays,
    RobotsFill,
    RoundBegan,
    TableOpened,
    TimeUp,
)
from redouble.club.results import BoardResult
from redouble.club.scoring import Method
from redouble.club.session import (
    Adjustment,
    BoardsDealt,
    PairSeated,
    Record,
    ResultConfirmed,
    ScoreAdjusted,
    SessionError,
    Slot,
    parse_method,
)
from redouble.deal import Deal
from redouble.errors import BridgeError
from redouble.scoring.matchpoints import ArtificialScore
from redouble.seats import Seat, Side
from redouble.server import onlinepresenter
from redouble.server.club import ClubHub, CreateRequest, LiveSession, MovementRequest, movement_of
from redouble.server.errors import ServerError
from redouble.server.events import BoardEnded, TableEnded, TableEvent
from redouble.server.hub import Hub
from redouble.server.messages import Message, logged, refusal, refused
from redouble.server.onlinepresenter import seat_of
from redouble.server.onlineremote import Action, OnlineRemote, viewer_key
from redouble.server.substitute import may_stand_in
from redouble.server.table import Table
from redouble.server.watching import Watcher, page, refuse, relay
from redouble.state import BoardState

__all__ = ["Online", "OnlineSession", "RoundTable", "online_router"]

log = logging.getLogger("redouble.server.online")

BY = logged("club_by_web_table")
DIRECTOR = logged("club_by_director")
SEEDS = "the web table's seeds"
"""The source of the hand records an online session adds when its last round is over."""
SECONDS_PER_BOARD = 450.0
"""7½ minutes a board: the usual club and online pace."""
WARNING_SECONDS = 120.0
TICK = 0.25
NOT_IN_TIME = logged("club_reason_not_in_time", reason="")
"""How the reason of an average-for-not-played begins in the audit log (the director's reason follows)."""
LEASE_PREFIX = "online:"
"""The names of online sessions' leases begin so (the tables' leases are named by their ids)."""
DRIVE_EVERY = 1.0
"""Seconds between a cluster process's looks for online sessions nobody drives (their lease lapsed)."""


# --- requests (typed at the edge) ----------------------------------------------------------------

COMMANDS = ("start", "pairs", "robot", "decide")
"""The director's commands (each answers the director's view)."""

PairKind = Literal["people", "person_robot", "robots"]
PlayerName = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f-\x9f]*$")]
"""A player's name as the web table shows it: at most 40 characters, no control characters."""


class PairRequest(BaseModel):
    """A pair: two people, a person with a robot partner, or a robot pair; the players' names."""

    kind: PairKind = "people"
    players: list[PlayerName] = Field(default_factory=list, max_length=2)


class OnlineRequest(BaseModel):
    """A new online session: name, movement (Howell or Mitchell), scoring, pairs, the round timer."""

    name: str = Field(min_length=1, max_length=200)
    event: str = Field(default="", max_length=200)
    movement: MovementRequest
    method: str = Field(default="matchpoints", max_length=20)
    pairs: dict[str, PairRequest] = Field(default_factory=dict)
    seconds_per_board: float = Field(default=SECONDS_PER_BOARD, gt=0, le=3600)
    warning_seconds: float = Field(default=WARNING_SECONDS, ge=0, le=3600)
    pace: Literal["human", "fast"] = "human"
    #: the club's director password, where the club has set one (``REDOUBLE_CLUB_PASSWORD``)
    password: str | None = Field(default=None, max_length=200)


class PairChange(BaseModel):
    """The director registers or changes a pair (from the next round it starts)."""

    pair: str = Field(min_length=1, max_length=10)
    kind: PairKind = "people"
    players: list[PlayerName] = Field(default_factory=list, max_length=2)


class RobotFill(BaseModel):
    """The director has robots play for a pair from the next round on (a pair that left)."""

    pair: str = Field(min_length=1, max_length=10)
    reason: str = Field(min_length=1, max_length=500)


class Decision(BaseModel):
    """The director's decision on a table still playing at the end of its round: ``late`` play (for
    ``seconds`` more) or ``average`` for the boards it has not finished (Law 12C2: A, A+ or A-)."""

    table: int = Field(ge=1)
    decision: Literal["late", "average"]
    ns: Literal["A", "A+", "A-"] = "A"
    ew: Literal["A", "A+", "A-"] = "A"
    reason: str = Field(min_length=1, max_length=500)
    seconds: float | None = Field(default=None, gt=0, le=3600)


# --- the session ---------------------------------------------------------------------------------

def _already_set() -> asyncio.Event:
    """A new event, set: a session opened here shows what is stored from the start."""
    event = asyncio.Event()
    event.set()
    return event


@dataclass(frozen=True, slots=True)
class PairSetup:
    """How a pair plays: ``people`` (players 1 and 2), ``person_robot`` (player 1 and a robot), ``robots``."""

    pair: PairId
    kind: str
    players: tuple[str, ...] = ()

    def person(self, player: int) -> bool:
        """Whether a person plays as ``player`` (1: North or East; 2: South or West)."""
        return self.kind == "people" or (self.kind == "person_robot" and player == 1)


@dataclass(eq=False)
class RoundTable:
    """One table of the current round: its seating, its hub table, the people's seat tokens, its clock."""

    seating: Seating
    table_id: str
    tokens: dict[Seat, str]
    deadline: datetime
    status: str = "playing"  # playing, late, overdue, done, decided
    warned: bool = False

    @property
    def open(self) -> bool:
        """Whether the table still plays (or waits for the director's decision)."""
        return self.status in ("playing", "late", "overdue")


@dataclass(frozen=True, slots=True)
class PlayerViewer:
    """Who watches an online session: the director, or one player (``pair``, 1 or 2) of a pair."""

    director: bool = False
    pair: PairId | None = None
    player: int = 0


@dataclass(eq=False)
class OnlineSession:
    """An online session as it runs: the pairs, the current round's tables, the clock, the watchers.

    Everything but the watchers, the presence and the warnings is a fold over the session's stored
    online steps (``redouble.club.online``): a restarted server replays them and resumes."""

    id: str
    live: LiveSession
    group_id: str
    pairs: dict[PairId, PairSetup]
    seconds_per_board: float
    warning_seconds: float
    pace: str
    round: int = 0
    finished: bool = False
    #: whether this process runs the movement (with several processes: it holds the session's lease)
    driving: bool = True
    tables: dict[int, RoundTable] = field(default_factory=dict)
    #: every hub table the session opened, by (table, round)
    opened: dict[tuple[int, int], str] = field(default_factory=dict)
    #: pairs robots play for, with the round from which they do (the director's)
    filled: dict[PairId, int] = field(default_factory=dict)
    #: robots playing for absent people in the current round: (pair, player)
    stand_ins: set[tuple[PairId, int]] = field(default_factory=set)
    watchers: set[Watcher[PlayerViewer]] = field(default_factory=set)
    present: Counter[tuple[PairId, int]] = field(default_factory=Counter)
    notes: list[Message] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: set once the session shows what is stored: a session rebuilt from its steps (a restart, a
    #: takeover) is caught up first (``Online._resume``); until then nobody is answered or sent a frame
    caught_up: asyncio.Event = field(default_factory=_already_set)

    @property
    def rounds(self) -> tuple[int, ...]:
        """The movement's rounds."""
        return self.live.session.state.movement.rounds

    def seatings(self, round_: int) -> list[Seating]:
        """The round's seatings as the session has them now (the director may have changed one)."""
        state = self.live.session.state
        return sorted((s for s in state.seatings.values() if s.round == round_), key=lambda s: s.table)

    def seating_of(self, pair: PairId, round_: int) -> Seating | None:
        """Where a pair sits in a round (``None``: it sits out)."""
        return next((s for s in self.seatings(round_) if pair in s.pairs), None)

    def plays_per_board(self) -> dict[str, int]:
        """How many tables play each board in the whole session (the hub tables' ``field``)."""
        counts: Counter[int] = Counter()
        for seating in self.live.session.state.seatings.values():
            if seating.ns is not None and seating.ew is not None:
                counts.update(seating.boards)
        return {str(board): count for board, count in sorted(counts.items())}

    def robots_fill(self, pair: PairId, round_: int) -> bool:
        """Whether the director has robots play for a pair in a round."""
        return pair in self.filled and self.filled[pair] <= round_

    def remaining(self, round_table: RoundTable) -> float:
        """Seconds left on a table's clock (negative: over time); the clock is the wall clock, as stored."""
        return round_table.deadline.timestamp() - time.time()


def _deadline(seconds: float, after: datetime | None = None) -> datetime:
    """The wall-clock moment ``seconds`` after ``after`` (now by default), to the millisecond."""
    moment = (after or datetime.now(UTC)) + timedelta(seconds=seconds)
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


class Online:
    """The server's online sessions: they open hub tables round by round and follow their boards."""

    def __init__(self, club: ClubHub) -> None:
        self.club = club
        self.hub: Hub | None = None
        self.sessions: dict[str, OnlineSession] = {}
        self.by_table: dict[str, tuple[OnlineSession, RoundTable]] = {}
        #: the online sessions' ids by the name of their lease (several processes)
        self.lease_ids: dict[str, str] = {}
        #: with several processes: asking the runner of a session run elsewhere (``server/onlineremote.py``)
        self.remote: OnlineRemote | None = None
        #: the players' pages open on this process, by session (who is here: with several processes,
        #: the runner adds those of the others, ``recount``)
        self.pages: dict[str, Counter[str]] = {}

    def attach(self, hub: Hub) -> None:
        """Follow the hub's tables (called once the hub has started)."""
        self.hub = hub
        hub.listeners.append(self.on_events)

    def _hub(self) -> Hub:
        if self.hub is None:
            raise ServerError("internal", "the server has not started its tables yet")
        return self.hub

    def _spawn(self, coroutine: Any) -> None:
        """Run in the background with the hub's tasks (stopped with the hub, failures logged)."""
        self._hub().spawn(coroutine)

    # -- links and who is who --

    def player_token(self, session_id: str, pair: PairId, player: int) -> str:
        """The secret of one player of a pair (HMAC under the club's secret, like every club link)."""
        return self.club.token(session_id, f"online {pair} player {player}")

    def seat_token(self, session_id: str, seating: Seating, seat: Seat) -> str:
        """The secret of a person's seat at a table of a round: derived, so a restarted server gives it again."""
        return self.club.token(session_id, f"online round {seating.round} table {seating.table} seat {seat.letter()}")

    def links(self, online: OnlineSession) -> dict[str, Any]:
        """The director's link, the ranking, and one link per person of each pair."""
        director = self.club.token(online.id, "director")
        players = {}
        for pair, setup in sorted(online.pairs.items()):
            if setup.kind == "robots":
                continue
            players[str(pair)] = {str(player): f"/online/{online.id}/play?token="
                                               f"{self.player_token(online.id, pair, player)}"
                                  for player in (1, 2) if setup.person(player)}
        return {"director": f"/online/{online.id}/director?token={director}", "director_token": director,
                "club_director": f"/club/{online.id}/director?token={director}",
                "ranking": f"/club/{online.id}/ranking", "players": players}

    def viewer(self, online: OnlineSession, token: str | None) -> PlayerViewer:
        """The director or the player a token belongs to; anything else is refused."""
        if token and hmac.compare_digest(token, self.club.token(online.id, "director")):
            return PlayerViewer(director=True)
        if token:
            for pair, setup in online.pairs.items():
                for player in (1, 2):
                    if setup.person(player) and hmac.compare_digest(
                            token, self.player_token(online.id, pair, player)):
                        return PlayerViewer(pair=pair, player=player)
        raise refusal("forbidden", "err_online_link")

    def get(self, session_id: str) -> OnlineSession:
        """A running online session by id."""
        online = self.sessions.get(session_id)
        if online is None:
            raise refusal("not_found", "err_no_online_session", session=session_id)
        return online

    # -- the stored steps: decide, store, then apply --

    async def _step(self, online: OnlineSession, step: OnlineStep, *, by: str = DIRECTOR, reason: str = "") -> None:
        """Store one step of the movement in the club session's log, then apply it (``ClubHub.write``
        decides on a copy and stores before the session applies; a refusal changes nothing)."""
        record = await self.club.write(online.live, lambda: online.live.session.append(step, by=by, reason=reason))
        self._apply(online, record)

    def _apply(self, online: OnlineSession, record: Record) -> None:
        """One stored step into the running state (the same fold at start-up and as the session runs)."""
        step, reason = record.change, record.reason
        match step:
            case OnlineOpened():
                pass  # the session was built from it
            case PairPlays():
                names = online.live.session.state.pairs.get(step.pair)
                online.pairs[step.pair] = PairSetup(step.pair, step.kind, () if names is None else names.players)
                online.filled.pop(step.pair, None)
            case RoundBegan():
                online.round, online.tables, online.stand_ins = step.round, {}, set(step.stand_ins)
                online.notes.extend(Message.of("online_note_absent", round=step.round, pair=pair, player=player)
                                    for pair, player in step.stand_ins)
            case TableOpened():
                seating = online.live.session.state.seating(table=step.table, round=step.round)
                seats = self._seats(online, seating)
                tokens = {seat: self.seat_token(online.id, seating, seat)
                          for seat, (kind, _) in seats.items() if kind == "human"}
                round_table = RoundTable(seating, step.table_id, tokens, step.deadline)
                online.opened[(step.table, step.round)] = step.table_id
                if step.round == online.round:
                    online.tables[step.table] = round_table
                    self.by_table[step.table_id] = (online, round_table)
            case LatePlay():
                late = online.tables.get(step.table) if step.round == online.round else None
                seconds = (step.deadline - max(record.at, late.deadline if late is not None else record.at))
                if late is not None:
                    late.deadline, late.status, late.warned = step.deadline, "late", False
                online.notes.append(Message.of("online_note_late", round=step.round, table=step.table,
                                            seconds=f"{round(seconds.total_seconds()):g}", reason=reason))
            case TimeUp():
                overdue = online.tables.get(step.table) if step.round == online.round else None
                if overdue is not None and overdue.open:
                    overdue.status = "overdue"
                online.notes.append(Message.of("online_note_time_up", round=step.round, table=step.table))
            case RobotsFill():
                online.filled[step.pair] = step.round
                where = online.seating_of(step.pair, step.round) if step.round == online.round else None
                filled = None if where is None else online.tables.get(where.table)
                side = None if where is None else where.side_of(step.pair)
                if filled is not None and side is not None:  # robots take its seats at once
                    for player in (1, 2):
                        filled.tokens.pop(seat_of(side, player), None)
                online.notes.append(Message.of("online_note_robots", round=step.round, pair=step.pair, reason=reason))

    def _seats(self, online: OnlineSession, seating: Seating) -> dict[Seat, tuple[str, str | None]]:
        """Who plays each seat of a table in its round: a person who is here, else a robot."""
        seats: dict[Seat, tuple[str, str | None]] = {}
        assert seating.ns is not None and seating.ew is not None
        for pair, side in ((seating.ns, Side.NS), (seating.ew, Side.EW)):
            setup = online.pairs.get(pair, PairSetup(pair, "robots"))
            for player in (1, 2):
                person = setup.person(player) and not online.robots_fill(pair, seating.round) \
                    and (pair, player) not in online.stand_ins
                name = setup.players[player - 1] if len(setup.players) >= player else None
                seats[seat_of(side, player)] = ("human", name) if person else ("robot", None)
        return seats

    # -- creating, starting, resuming --

    def create(self, request: OnlineRequest) -> OnlineSession:
        """Open the club session (movement, method, pairs' names) and the online session over it."""
        known = set(movement_of(request.movement).pairs)  # checked before anything is stored
        pairs = {pair: PairSetup(pair, "people") for pair in known}
        for key, value in request.pairs.items():
            pair = _pair(key, known)
            pairs[pair] = PairSetup(pair, value.kind, tuple(value.players))
        names = {str(pair): list(setup.players) for pair, setup in pairs.items() if setup.players}
        session_id, live = self.club.create(CreateRequest(
            name=request.name, event=request.event, movement=request.movement, method=request.method,
            pairs=names, password=request.password))
        opened = OnlineOpened(tuple((pair, setup.kind) for pair, setup in sorted(pairs.items())),
                              request.seconds_per_board, request.warning_seconds, request.pace)
        live.session.append(opened, by=DIRECTOR)  # nobody sees the session yet: no lock to take
        online = self._build(live, opened)
        cluster = self.hub.cluster if self.hub is not None else None
        if cluster is not None and cluster.leases.acquire(lease_key(session_id)) is None:
            raise ServerError("internal", f"online session {session_id} is driven elsewhere already")
        self.sessions[session_id] = online
        return online

    def _build(self, live: LiveSession, opened: OnlineOpened) -> OnlineSession:
        state = live.session.state
        pairs = {pair: PairSetup(pair, kind, state.pairs[pair].players if pair in state.pairs else ())
                 for pair, kind in opened.pairs}
        return OnlineSession(live.id, live, group_id=f"online-{live.id}", pairs=pairs,
                             seconds_per_board=opened.seconds_per_board, warning_seconds=opened.warning_seconds,
                             pace=opened.pace)

    async def resume(self) -> None:
        """At start-up: rebuild every online session of the database from its stored steps, and go on
        running those not over (their tables resume with the hub's; boards they finished meanwhile are
        recorded, once)."""
        for session_id in await asyncio.to_thread(self.club.store.with_kind, "online_opened"):
            try:
                online = self._replay(await self.club.get(session_id))
            except (ServerError, BridgeError) as error:  # the others go on; this one is reported
                log.error("online session %s cannot be resumed: %s", session_id, error)
                continue
            resuming = bool(online.round) and not online.finished
            if resuming:
                online.caught_up.clear()  # answered once caught up (``_resume``)
            self.sessions[session_id] = online
            if resuming:
                log.info("online session %s resumes in round %d", session_id, online.round)
                try:  # caught up before the server answers: a table that had finished shows as done
                    await self._resume(online)
                except (ServerError, BridgeError) as error:
                    log.error("online session %s cannot be resumed: %s", session_id, error)

    def _replay(self, live: LiveSession) -> OnlineSession:
        """An online session as its stored steps leave it."""
        online = None
        #: the director's averages-for-not-played by (round, table): where its note goes, the score,
        #: the reason and the boards (one adjustment a board, stored together)
        averaged: dict[tuple[int, int], tuple[int, str, str, list[int]]] = {}
        for record in live.session.records:
            change = record.change
            if isinstance(change, OnlineOpened):
                online = self._build(live, change)
            elif isinstance(change, PairPlays | RoundBegan | TableOpened | LatePlay | TimeUp | RobotsFill):
                if online is None:
                    raise ServerError("internal", f"record #{record.seq} is an online step before the session "
                                                  "was opened online")
                self._apply(online, record)
            elif online is not None and isinstance(change, ScoreAdjusted) and record.reason.startswith(NOT_IN_TIME):
                key = (change.slot.round, change.slot.table)
                if key not in averaged:  # its note goes here, worded once all its boards are in
                    averaged[key] = (len(online.notes), change.adjustment.label(),
                                     record.reason.removeprefix(NOT_IN_TIME), [])
                averaged[key][3].append(change.slot.board)
        if online is None:
            raise ServerError("not_found", f"club session {live.id} is not an online session")
        for inserted, ((round_, table), (index, score, reason, boards)) in enumerate(averaged.items()):
            online.notes.insert(index + inserted, Message.of(
                "online_note_average", round=round_, table=table, score=score, boards=", ".join(map(str, boards)),
                reason=reason))
            decided = online.tables.get(table) if round_ == online.round else None
            if decided is not None:  # the director decided: the table is not merely done
                decided.status = "decided"
        online.finished = any(isinstance(record.change, BoardsDealt) and record.change.source == SEEDS
                              for record in live.session.records)
        if online.finished:  # each table of the last round finished, or the director decided
            for round_table in online.tables.values():
                if round_table.status != "decided":
                    round_table.status = "done"
        return online

    async def drive(self) -> None:
        """With several server processes: each online session is run by the one process holding its lease
        (``server/lease.py``, renewed with the tables'); a process takes the lease of a session whose
        driver has gone, replays the session's steps from the database and resumes it, and stops
        running one whose lease it lost."""
        cluster = self._hub().cluster
        assert cluster is not None
        self.remote = OnlineRemote(self, cluster)
        cluster.keep = self.keeps
        self._spawn(self.remote.listen())
        self._spawn(self.remote.send_frames())
        hub = self._hub()
        while not hub.closing:
            try:
                await self._take_over()
            except Exception:  # the database away for a moment: look again
                log.exception("could not look for online sessions to drive")
            await asyncio.sleep(DRIVE_EVERY)

    def keeps(self, group_id: str) -> bool:
        """Whether a table group stays loaded here without a client: the tables of a session this
        process runs (their boards reach the session wherever the tables are owned)."""
        online = self.sessions.get(group_id.removeprefix("online-"))
        return online is not None and online.group_id == group_id and online.driving and not online.finished

    async def _take_over(self) -> None:
        cluster = self._hub().cluster
        assert cluster is not None
        for online in list(self.sessions.values()):  # a process came or died (its pages count, or no
            if online.driving and not online.finished:  # longer), or a count was missed: one read a second
                await self.recount(online)
        held = dict(cluster.leases.held)
        for online in list(self.sessions.values()):
            if online.driving and not online.finished and lease_key(online.id) not in held:
                log.warning("online session %s: its lease is lost; another process drives it", online.id)
                online.driving = False
        over = [lease_key(online.id) for online in self.sessions.values() if online.finished]
        if set(over) & set(held):  # a session over needs no driver
            await asyncio.to_thread(cluster.leases.release, [key for key in over if key in held])
        lapsed = await asyncio.to_thread(cluster.leases.lapsed, LEASE_PREFIX)
        if any(key not in self.lease_ids for key in lapsed):  # a session this process has not heard of
            ids = await asyncio.to_thread(self.club.store.with_kind, "online_opened")
            self.lease_ids = {lease_key(session_id): session_id for session_id in ids}
        for key in lapsed:
            session_id = self.lease_ids.get(key)
            known = None if session_id is None else self.sessions.get(session_id)
            if session_id is None or (known is not None and (known.finished or known.driving)):
                continue
            if await asyncio.to_thread(cluster.leases.acquire, key) is None:
                continue
            live = await self.club.get(session_id)
            async with live.lock:  # what the last driver stored, read afresh
                live.session = await asyncio.to_thread(self.club.store.load, session_id)
                live.rescore()
            online = self._replay(live)
            if known is not None:
                online.watchers = known.watchers
            resuming = bool(online.round) and not online.finished
            if resuming:  # answered once caught up, as after a restart
                online.caught_up.clear()
            self.sessions[session_id] = online
            await self.recount(online)  # the pages open on every process, not only here
            if resuming:
                log.info("online session %s: this process drives it from round %d", session_id, online.round)
                self._spawn(self._resume(online))

    async def _resume(self, online: OnlineSession) -> None:
        """Go on with a session rebuilt from its steps: its tables reopen, boards they finished while
        nobody drove the session are recorded (once, by entry key), a table that has played its boards
        is done, and the clock runs again; only then is the session caught up (answered, sent frames)."""
        hub = self._hub()
        try:
            stray = set(await hub.store.run(lambda: hub.store.table_ids(group_id=online.group_id)))
            for table_id in stray - set(online.opened.values()):  # opened, but its step was never stored
                await self._stop(table_id)
            async with online.lock:
                await self._open_tables(online)  # a round stopped half-way through opening its tables
            for round_table in list(online.tables.values()):  # boards finished before the restart: recorded once
                table = await hub.get(round_table.table_id)
                ended = {board.number for board, _ in table.ended_boards}
                if table.finished or set(round_table.seating.boards) <= ended:
                    await self._table_done(online, round_table, table)  # done before anyone looks again
                else:
                    for board, state in list(table.ended_boards):
                        await self._record(online, round_table, board.number or 0, state)
        finally:  # a session that cannot be caught up is shown as it stands (the error is logged)
            online.caught_up.set()
        self._spawn(self._clock(online))
        self.broadcast(online)

    async def start(self, online: OnlineSession) -> None:
        """Begin round 1 (and start the session's clock)."""
        async with online.lock:
            if online.round:
                raise refusal("phase", "err_online_begun", round=online.round)
            await self._open_round(online, online.rounds[0])
        self._spawn(self._clock(online))
        self.broadcast(online)

    async def change_pair(self, online: OnlineSession, change: PairChange) -> None:
        """Register or change a pair; its names go to the club session (the ranking shows them)."""
        known = set(online.live.session.state.movement.pairs)
        pair = _pair(change.pair, known)
        await self.club.write(online.live, lambda: online.live.session.append(
            PairSeated(pair, tuple(change.players)), by=DIRECTOR))
        await self._step(online, PairPlays(pair, change.kind))
        self.broadcast(online)

    async def fill(self, online: OnlineSession, request: RobotFill) -> None:
        """Robots play for a pair at once: at its table of the round for the boards not finished, and
        in every later round."""
        pair = _pair(request.pair, set(online.pairs))
        async with online.lock:
            await self._step(online, RobotsFill(pair, max(online.round, online.rounds[0])), reason=request.reason)
            seating = online.seating_of(pair, online.round) if online.round else None
            round_table = None if seating is None else online.tables.get(seating.table)
            if seating is not None and round_table is not None and round_table.open:
                side = seating.side_of(pair)
                assert side is not None
                await self._substitute(round_table, [seat_of(side, player) for player in (1, 2)])
        self.broadcast(online)

    async def _substitute(self, round_table: RoundTable, seats: list[Seat]) -> None:
        """Robots take a table's seats that people hold, for the boards it has not finished (the
        web table's stand-in robots: the substitution is an event of the table's log)."""
        hub = self._hub()
        table = await hub.get(round_table.table_id)
        for seat in seats:  # at the table's owner, which may be another process
            if may_stand_in(table, seat):
                await (hub.stand_in(table, seat) if hub.cluster is None else hub.cluster.stand_in(table, seat))

    async def _open_round(self, online: OnlineSession, round_: int) -> None:
        """Begin a round: note who is not here (a robot plays for them), then open its tables."""
        stand_ins = tuple((pair, player) for seating in online.seatings(round_)
                          if seating.ns is not None and seating.ew is not None for pair in seating.pairs
                          for player in (1, 2)
                          if online.pairs.get(pair, PairSetup(pair, "robots")).person(player)
                          and not online.robots_fill(pair, round_) and not online.present[(pair, player)])
        await self._step(online, RoundBegan(round_, stand_ins), by=BY)
        await self._open_tables(online)
        if not online.tables:
            raise ServerError("internal", f"round {round_} has no table with two pairs")

    async def _open_tables(self, online: OnlineSession) -> None:
        """Open a hub table for each table of the round not yet open, seating people who are here and robots."""
        hub = self._hub()
        method = online.live.session.state.method
        scoring = "matchpoints" if method is Method.MATCHPOINTS else "imps-cross"
        field_counts = online.plays_per_board()
        for seating in online.seatings(online.round):
            if seating.ns is None or seating.ew is None or seating.table in online.tables:
                continue
            seats = self._seats(online, seating)
            config = {"scoring": scoring, "boards": len(seating.boards), "board_numbers": list(seating.boards),
                      "field": field_counts, "undo_policy": "ask-opponents", "pace": online.pace}
            tokens = {seat: self.seat_token(online.id, seating, seat) for seat, (kind, _) in seats.items()
                      if kind == "human"}
            table, _ = await hub.open_table("duplicate", config, seats, group_id=online.group_id, tokens=tokens)
            await self._step(online, TableOpened(seating.table, seating.round, table.id,
                                                 _deadline(online.seconds_per_board * len(seating.boards))), by=BY)

    # -- following the tables --

    def on_events(self, table: Table, events: list[TableEvent]) -> None:
        """The hub's listener: a finished board becomes a result; a finished table may end the round."""
        found = self.by_table.get(table.id)
        if found is not None and found[0].driving:
            online, round_table = found
            self._follow(online, round_table, table, events)

    def _follow(self, online: OnlineSession, round_table: RoundTable, table: Table,
                events: list[TableEvent]) -> None:
        for event in events:
            if isinstance(event, BoardEnded):
                state = next(state for board, state in table.ended_boards if board.number == event.board)
                self._spawn(self._record(online, round_table, event.board, state))
        ended = {board.number for board, _ in table.ended_boards}
        if any(isinstance(event, BoardEnded | TableEnded) for event in events) and (
                table.finished or set(round_table.seating.boards) <= ended):
            self._spawn(self._table_done(online, round_table, table))

    async def _record(self, online: OnlineSession, round_table: RoundTable, number: int, state: BoardState) -> None:
        """A finished board into the club session: entered and confirmed, like a traveller line."""
        seating = round_table.seating
        line = result_line(seating, number, state)
        key = f"online:{round_table.table_id}:{number}"
        session = online.live.session
        slot = Slot(seating.section, seating.table, seating.round, number)

        def action() -> Record:
            earlier = next((record for record in reversed(session.records) if record.key == key), None)
            if earlier is not None:
                return earlier
            by = logged("club_by_web_table_at", table=seating.table)
            session.enter(line, by=by, key=key)
            return session.append(ResultConfirmed(slot, Side.EW), by=by,
                                  reason=logged("club_reason_web_table"))

        try:
            await self.club.write(online.live, action)
        except (ServerError, BridgeError) as error:  # reported to the director, never stored as a fact
            log.error("online session %s: %s could not be recorded: %s", online.id, slot, error)
            online.notes.append(Message.of("online_note_unrecorded", round=slot.round, table=slot.table,
                                           board=slot.board, error=error))
        self.broadcast(online)

    async def _table_done(self, online: OnlineSession, round_table: RoundTable, table: Table) -> None:
        """A table has played its boards (or stopped): once its results are in, it waits for the round."""
        for board, state in list(table.ended_boards):
            await self._record(online, round_table, board.number or 0, state)  # once: entry keys
        async with online.lock:
            if round_table.open:
                round_table.status = "done"
            await self._round_check(online)
        self.broadcast(online)

    async def _round_check(self, online: OnlineSession) -> None:
        """Move everyone on once every table of the round has finished (or the director decided)."""
        if online.finished or any(t.open for t in online.tables.values()) or \
                len(online.tables) < sum(s.ns is not None and s.ew is not None for s in online.seatings(online.round)):
            return
        for previous in online.tables.values():  # people who did not press Next move on all the same
            await self._stop(previous.table_id)
        later = [r for r in online.rounds if r > online.round]
        if later:
            await self._open_round(online, later[0])
            return
        await self._publish_deals(online)
        online.finished = True

    async def _publish_deals(self, online: OnlineSession) -> None:
        """Every table has finished: the session's hand records go into the club session."""
        hub = self._hub()
        seeds = await hub.store.run(hub.store.seeds, online.group_id)
        boards = tuple(Board(deal=Deal.from_seed(seeds[n][0], n), dealer=board_dealer(n),
                             vulnerability=board_vulnerability(n), number=n)
                       for n in online.live.session.state.movement.boards if n in seeds)
        try:
            await self.club.write(online.live, lambda: online.live.session.append(
                BoardsDealt(boards, source=SEEDS), by=DIRECTOR))
        except ServerError as error:
            online.notes.append(Message.of("online_note_no_deals", error=error))

    # -- the clock and the director --

    async def _clock(self, online: OnlineSession) -> None:
        """Warn each table as its time runs short; at the end, its unfinished boards wait for the director."""
        while not online.finished and online.driving:
            changed = False
            for round_table in list(online.tables.values()):
                left = online.remaining(round_table)
                if round_table.status in ("playing", "late") and left <= 0:
                    changed = await self._time_up(online, round_table) or changed
                elif round_table.open and not round_table.warned and left <= online.warning_seconds:
                    round_table.warned = changed = True
            if changed:
                self.broadcast(online)
            await asyncio.sleep(TICK)

    async def _time_up(self, online: OnlineSession, round_table: RoundTable) -> bool:
        """A table's clock ran out with boards to play: stored (``TimeUp``), so that it waits for the
        director, and the director is told, once, whatever restarts or takeovers come after."""
        seating = round_table.seating
        async with online.lock:
            if round_table.status not in ("playing", "late") or online.tables.get(seating.table) is not round_table \
                    or not online.driving or online.remaining(round_table) > 0:
                return False  # it finished, or the director decided, meanwhile
            try:
                await self._step(online, TimeUp(seating.table, seating.round, round_table.deadline), by=BY)
            except (ServerError, BridgeError) as error:  # the next tick tries again
                log.error("online session %s: table %d's time up could not be stored: %s", online.id,
                          seating.table, error)
                return False
        return True

    async def decide(self, online: OnlineSession, decision: Decision) -> None:
        """Late play for a table, or average-for-not-played on its unfinished boards (then it stops)."""
        async with online.lock:
            round_table = online.tables.get(decision.table)
            if round_table is None or not round_table.open:
                raise refusal("bad_request", "err_online_not_playing", table=decision.table, round=online.round)
            seating = round_table.seating
            if decision.decision == "late":
                seconds = decision.seconds or online.seconds_per_board
                deadline = _deadline(seconds, max(round_table.deadline, datetime.now(UTC)))
                await self._step(online, LatePlay(seating.table, seating.round, deadline), reason=decision.reason)
            else:
                artificial = ArtificialScore.parse(f"{decision.ns}/{decision.ew}")
                ended = await self._stop(round_table.table_id)
                unplayed = [n for n in seating.boards if n not in ended]
                session = online.live.session
                for number in unplayed:
                    slot = Slot(seating.section, seating.table, seating.round, number)
                    await self.club.write(online.live, lambda slot=slot: session.adjust(
                        slot, Adjustment(artificial=artificial), by=DIRECTOR,
                        reason=f"{NOT_IN_TIME}{decision.reason}"))
                round_table.status = "decided"
                online.notes.append(Message.of("online_note_average", round=online.round, table=seating.table,
                                            score=artificial.label(), boards=", ".join(map(str, unplayed)) or "-",
                                            reason=decision.reason))
                await self._round_check(online)
        self.broadcast(online)

    async def _stop(self, table_id: str) -> set[int]:
        """End a hub table where it stands (its robots stop); returns the boards it finished."""
        hub = self._hub()
        table = await hub.get(table_id)
        if not table.finished:  # at the table's owner, which may be another process
            await (hub.end_table(table) if hub.cluster is None else hub.cluster.end_table(table))
        return {board.number or 0 for board, _ in table.ended_boards}

    # -- watchers --

    def broadcast(self, online: OnlineSession, *, director_only: bool = False) -> None:
        """Send every watcher (or only the director's pages) its own view of the session; the runner of a
        session under the cluster publishes the frames for the other processes' sockets too. Nothing is
        sent while a rebuilt session catches up: it ends by sending everyone the session as stored."""
        if not online.caught_up.is_set():
            return
        for watcher in list(online.watchers):
            if watcher.viewer.director or not director_only:
                watcher.queue.put_nowait(self.frame(online, watcher.viewer))
        if self.remote is not None and online.driving:
            self.remote.publish(online, director_only=director_only)

    def relay_stale(self, session_id: str, frames: dict[str, str]) -> None:
        """The runner's frames for the sockets here of a session this process no longer runs (it lost
        the lease: its sockets stay open and follow the new runner)."""
        online = self.sessions.get(session_id)
        if online is None or online.driving:
            return
        for watcher in list(online.watchers):
            frame = frames.get(viewer_key(watcher.viewer))
            if frame is not None:
                watcher.queue.put_nowait(frame)

    def running(self, session_id: str) -> OnlineSession | None:
        """The session if this process runs it (with one process: every session it has)."""
        online = self.sessions.get(session_id)
        return online if online is not None and (self.remote is None or online.driving) else None

    async def stored(self, session_id: str) -> bool:
        """Whether an online session of this id is stored (asked of the database when not known here)."""
        if session_id in self.sessions or session_id in self.lease_ids.values():
            return True
        ids = await asyncio.to_thread(self.club.store.with_kind, "online_opened")
        self.lease_ids = {lease_key(known): known for known in ids}
        return session_id in ids

    async def act(self, session_id: str, action: Action, token: str | None, body: str = "", *,
                  local: bool = False) -> tuple[str, str]:
        """A request for a session (a view, a director's command, a player's page opened or closed): carried
        out here if this process runs the session, else by its runner (``local``: this is the runner's part,
        never passed on). Answers the view and whose it is (``onlineremote.viewer_key``)."""
        if self.remote is not None and self.running(session_id) is None and not local:
            over = await self.over(session_id)
            if over is None:
                return await self.remote.ask(session_id, action, token, body)
            session = over
        else:
            session = self.get(session_id)
            if self.remote is not None and not session.driving:
                raise ServerError("unavailable", "this online session moved to another server; try again")
        viewer = self.viewer(session, token)
        await session.caught_up.wait()  # a rebuilt session answers once it shows what is stored
        if action in COMMANDS:
            if not viewer.director:
                raise refusal("forbidden", "err_director_only")
            if session.finished:
                raise refusal("phase", "err_online_over")
            await self._command(session, action, body)
        elif action in ("here", "gone") and viewer.pair is not None:  # a page opened or closed elsewhere
            await self.recount(session)
        return self.frame(session, viewer), viewer_key(viewer)

    async def opened(self, session_id: str, key: str, change: int) -> None:
        """A player's page (``key``: ``onlineremote.viewer_key``) opened (``change`` 1) or closed (-1)
        on this process: counted here and, with several processes, shared
        (``OnlineRemote.write_pages``) for whichever process runs the session."""
        if key == "director":
            return
        counts = self.pages.setdefault(session_id, Counter())
        counts[key] += change
        counts = +counts  # none below one
        if counts:
            self.pages[session_id] = counts
        else:
            del self.pages[session_id]
        if self.remote is not None:
            try:
                await self.remote.write_pages(session_id, dict(counts))
            except Exception as error:  # Redis away for a moment: the next change writes the count whole
                log.error("online session %s: this process's pages could not be counted: %r", session_id, error)
        session = self.running(session_id)
        if session is not None:
            await self.recount(session)

    async def recount(self, online: OnlineSession) -> None:
        """Who is here: the players' pages open on this process and, with several, on every other
        live process (each writes its own count); the director is told when it changed."""
        pages: list[Mapping[str, int]] = [self.pages.get(online.id, Counter())]
        if self.remote is not None:
            cluster = self.remote.cluster
            try:
                everyone = await self.remote.read_pages(online.id)
            except Exception as error:  # Redis away for a moment: counted again within a second
                log.error("online session %s: who is here could not be counted: %r", online.id, error)
                return
            pages += [counts for node, counts in everyone.items()
                      if node != cluster.node and node in cluster.alive]  # a dead process's pages are gone
        present: Counter[tuple[PairId, int]] = Counter()
        for pair in online.pairs:
            for player in (1, 2):
                present[(pair, player)] = sum(counts.get(viewer_key(PlayerViewer(pair=pair, player=player)), 0)
                                              for counts in pages)
        if +present != +online.present:
            online.present = +present
            self.broadcast(online, director_only=True)  # the director sees who is here

    async def over(self, session_id: str) -> OnlineSession | None:
        """A session that is over and that no process runs any more (it gave its lease up): its stored
        records replayed here, for reading; ``None`` while a process runs it, or if it is not over."""
        known = self.sessions.get(session_id)
        if known is not None and known.finished:
            return known
        cluster = self._hub().cluster
        if cluster is None or not await self.stored(session_id) or \
                await asyncio.to_thread(cluster.leases.owner, lease_key(session_id)) is not None:
            return None
        live = await self.club.get(session_id)
        async with live.lock:  # what the last runner stored, read afresh
            live.session = await asyncio.to_thread(self.club.store.load, session_id)
            live.rescore()
        online = self._replay(live)
        if not online.finished:
            return None
        online.driving = False
        if known is not None:  # sockets here that watched it when it ran elsewhere
            online.watchers, online.present = known.watchers, known.present
        self.sessions[session_id] = online
        return online

    async def _command(self, session: OnlineSession, action: Action, body: str) -> None:
        """One of the director's commands, its request parsed here (it may have crossed the bus)."""
        try:
            match action:
                case "start":
                    await self.start(session)
                case "pairs":
                    await self.change_pair(session, PairChange.model_validate_json(body))
                case "robot":
                    await self.fill(session, RobotFill.model_validate_json(body))
                case "decide":
                    await self.decide(session, Decision.model_validate_json(body))
        except ValidationError as error:
            raise ServerError("bad_request", f"{action}: {error.errors()[0]['msg']}") from None
        except (SessionError, BridgeError) as error:
            if isinstance(error, ServerError):
                raise
            raise refused(error) from None

    def frame(self, online: OnlineSession, viewer: PlayerViewer) -> str:
        """One watcher's frame (the director's, or a player's own)."""
        if viewer.director:
            data = onlinepresenter.director_view(online, self.links(online))
        else:
            assert viewer.pair is not None
            data = onlinepresenter.player_view(online, viewer.pair, viewer.player)
        return json.dumps(data, separators=(",", ":"))


def lease_key(session_id: str) -> str:
    """The lease an online session is driven under (a lease row's id is at most 32 characters).

    >>> lease_key("online-tuesday")
    'online:...'
    >>> len(lease_key("a" * 60)) <= 32
    True
    """
    return LEASE_PREFIX + hashlib.sha256(session_id.encode()).hexdigest()[:24]


def _pair(text: str, known: set[PairId]) -> PairId:
    """A pair of the movement by its number (``3``, ``1NS``), or a clear refusal."""
    try:
        pair = PairId.parse(text)
    except BridgeError as error:
        raise ServerError("bad_request", f"pair {text!r}: {error}") from None
    if pair not in known:
        raise refusal("bad_request", "err_pair_not_in_movement", pair=text)
    return pair


def result_line(seating: Seating, number: int, state: BoardState) -> BoardResult:
    """A finished board at a table as a traveller line: contract, declarer, opening lead, tricks."""
    result = state.result
    assert seating.ns is not None and seating.ew is not None and result is not None
    if result.contract is None:
        return BoardResult(number, seating.ns, seating.ew, score=0, table=seating.table, round=seating.round)
    play = state.play
    lead = play.cards_played[0] if play is not None and play.cards_played else None
    return BoardResult(number, seating.ns, seating.ew, result.contract, lead=lead, tricks=result.tricks,
                       table=seating.table, round=seating.round)


# --- the router --------------------------------------------------------------------------------

def online_router(online: Online, static: Path) -> APIRouter:
    """The online sessions' pages, JSON API and websocket."""
    router = APIRouter()

    @router.get("/online/new", include_in_schema=False)
    async def new_page() -> Response:
        return page(static, "online-director.html")

    async def known(session_id: str) -> None:
        """Refuse an id that is no online session (any process serves the pages of every session)."""
        if not await online.stored(session_id):
            raise refusal("not_found", "err_no_online_session", session=session_id)

    @router.get("/online/{session_id}/director", include_in_schema=False)
    async def director_page(session_id: str) -> Response:
        await known(session_id)
        return page(static, "online-director.html")

    @router.get("/online/{session_id}/play", include_in_schema=False)
    async def play_page(session_id: str) -> Response:
        await known(session_id)
        return page(static, "online-play.html")

    @router.post("/api/online/sessions", status_code=201)
    async def create(request: OnlineRequest) -> dict[str, Any]:
        try:
            parse_method(request.method)
            created = await asyncio.to_thread(online.create, request)
        except ServerError:
            raise
        except BridgeError as error:
            raise refused(error) from None
        return {"id": created.id, **online.links(created)}

    @router.get("/api/online/sessions/{session_id}")
    async def overview(session_id: str, token: str | None = Query(default=None)) -> Any:
        view, _ = await online.act(session_id, "view", token)
        return json.loads(view)

    async def command(session_id: str, action: Action, token: str | None, request: BaseModel | None = None) -> Any:
        """A director's command, here or at the session's runner; answers the director's view."""
        view, _ = await online.act(session_id, action, token, "" if request is None else request.model_dump_json())
        return json.loads(view)

    @router.post("/api/online/sessions/{session_id}/start")
    async def start(session_id: str, token: str | None = Query(default=None)) -> Any:
        return await command(session_id, "start", token)

    @router.post("/api/online/sessions/{session_id}/pairs")
    async def pairs(session_id: str, request: PairChange, token: str | None = Query(default=None)) -> Any:
        return await command(session_id, "pairs", token, request)

    @router.post("/api/online/sessions/{session_id}/robot")
    async def robot(session_id: str, request: RobotFill, token: str | None = Query(default=None)) -> Any:
        return await command(session_id, "robot", token, request)

    @router.post("/api/online/sessions/{session_id}/decide")
    async def decide(session_id: str, request: Decision, token: str | None = Query(default=None)) -> Any:
        return await command(session_id, "decide", token, request)

    @router.websocket("/ws/online/{session_id}")
    async def watch(websocket: WebSocket, session_id: str) -> None:
        await websocket.accept()
        token = websocket.query_params.get("token")
        try:
            session = online.running(session_id)
            if session is None and online.remote is not None:
                await watch_elsewhere(websocket, online.remote, session_id, token)
                return
            session = online.get(session_id)
            viewer = online.viewer(session, token)
        except ServerError as error:
            await refuse(websocket, error)
            return
        await session.caught_up.wait()  # its first frame shows the session as stored
        watcher = Watcher(viewer)
        session.watchers.add(watcher)
        await online.opened(session_id, viewer_key(viewer), 1)  # the director sees who is here
        watcher.queue.put_nowait(online.frame(session, viewer))
        try:
            await relay(websocket, watcher)
        finally:
            session.watchers.discard(watcher)
            await online.opened(session_id, viewer_key(viewer), -1)

    return router


async def watch_elsewhere(websocket: WebSocket, remote: OnlineRemote, session_id: str, token: str | None) -> None:
    """A socket here watching a session another process runs: the first frame asked of the runner, then
    the runner's published frames for this viewer; a player's page counts as here at the runner."""
    view, key = await remote.online.act(session_id, "view", token)
    watcher: Watcher[str] = Watcher(key)
    remote.watch(session_id, watcher)
    watcher.queue.put_nowait(view)
    counted = False
    try:
        if key != "director":  # counted here, written for any runner (this one, or one after a takeover)
            await remote.online.opened(session_id, key, 1)
            counted = True
            await remote.online.act(session_id, "here", token)  # the runner counts again
        await relay(websocket, watcher)
    finally:
        remote.unwatch(session_id, watcher)
        if counted:
            remote.cluster.hub.spawn(_quietly(_closed(remote, session_id, key, token)))


async def _closed(remote: OnlineRemote, session_id: str, key: str, token: str | None) -> None:
    """A player's page closed here, watching a session run elsewhere: counted, and the runner told."""
    await remote.online.opened(session_id, key, -1)
    await remote.online.act(session_id, "gone", token)


async def _quietly(done: Any) -> None:
    """A request whose refusal nobody waits for (a page closed): logged, not raised."""
    try:
        await done
    except ServerError as error:
        log.warning("online: %s", error)
