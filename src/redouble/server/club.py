"""Live club sessions on the server: the director's and the tables' secret links, score entry with
idempotent entry ids, East-West confirmation, the director's corrections, and live results.

Every write goes through ``redouble.club.session`` (which refuses a wrong board, table or pair, an
impossible contract or trick count, and leaves the log as it was) and is stored by the club store
before it applies. Links are HMAC tokens of the session id under the server's club secret: a
table's token grants that table only, the director's token everything. Watchers get the re-ranked
standings and the changed board's traveller over a websocket, filtered by ``clubpresenter``.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, Response
from pydantic import BaseModel, Field

from redouble.calls import Contract
from redouble.cards import Card
from redouble.club.movement import Movement, PairId, Seating, howell, mitchell
from redouble.club.pages import render_pages
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.scoring import SessionScore, score_session
from redouble.club.session import (
    Adjustment,
    BoardsDealt,
    NoSuchResultError,
    PairSeated,
    Record,
    ResultConfirmed,
    ResultRemoved,
    SeatingChanged,
    Session,
    SessionError,
    Slot,
    deal_boards,
    parse_method,
)
from redouble.club.store import ClubStore, ConflictError, UnknownSessionError
from redouble.errors import BridgeError
from redouble.scoring.entry import parse_tricks
from redouble.seats import Seat, Side
from redouble.server import clubpresenter
from redouble.server.clubpresenter import DIRECTOR, PUBLIC, Viewer
from redouble.server.errors import ServerError

__all__ = ["ClubHub", "club_router"]

DIRECTOR_AUTHOR = "director"


# --- requests (typed at the edge) ----------------------------------------------------------------

class MovementRequest(BaseModel):
    """A generated movement (``mitchell``/``howell`` with its tables) or a Bridgemate RoundData CSV."""

    kind: Literal["mitchell", "howell", "csv"]
    tables: int | None = Field(default=None, ge=1, le=30)
    boards_per_round: int = Field(default=2, ge=1, le=8)
    rounds: int | None = Field(default=None, ge=1, le=30)
    skip: bool = False
    relay: bool = False
    csv: str | None = Field(default=None, max_length=100_000)


class CreateRequest(BaseModel):
    """A new live session: its name, movement, scoring method, deals (a seed) and pairs' names."""

    name: str = Field(min_length=1, max_length=200)
    event: str = Field(default="", max_length=200)
    movement: MovementRequest
    method: str = Field(default="matchpoints", max_length=20)
    seed: str | None = Field(default=None, max_length=200)
    pairs: dict[str, list[str]] = Field(default_factory=dict)
    phantom: str | None = Field(default=None, max_length=10)


class EntryRequest(BaseModel):
    """North's entry: board, contract (``4S``, ``3NTX``, ``pass``), declarer, lead, tricks (``10``, ``=``, ``+1``)."""

    entry_id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.:-]+$")
    round: int | None = Field(default=None, ge=1)
    board: int = Field(ge=1)
    contract: str = Field(min_length=1, max_length=8)
    declarer: str | None = Field(default=None, max_length=8)
    lead: str | None = Field(default=None, max_length=4)
    tricks: str | None = Field(default=None, max_length=3)


class ConfirmRequest(BaseModel):
    """East-West's answer to an entry: ``confirm`` it (it then counts) or ``refuse`` it (North enters again)."""

    entry_id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.:-]+$")
    round: int = Field(ge=1)
    board: int = Field(ge=1)
    side: Literal["NS", "EW"]
    answer: Literal["confirm", "refuse"] = "confirm"
    ns_score: int | None = None


class CorrectRequest(BaseModel):
    """The director's corrected result for a board at a table in a round, with the reason."""

    table: int = Field(ge=1)
    round: int = Field(ge=1)
    board: int = Field(ge=1)
    contract: str = Field(min_length=1, max_length=8)
    declarer: str | None = Field(default=None, max_length=8)
    lead: str | None = Field(default=None, max_length=4)
    tricks: str | None = Field(default=None, max_length=3)
    reason: str = Field(min_length=1, max_length=500)


class AdjustRequest(BaseModel):
    """An adjusted score (``A+/A-``, ``60/40``, ``60% 420, 40% -50``, ``420``, ``420/-50``) with its reason."""

    table: int = Field(ge=1)
    round: int = Field(ge=1)
    board: int = Field(ge=1)
    score: str = Field(min_length=1, max_length=60)
    reason: str = Field(min_length=1, max_length=500)


class PenaltyRequest(BaseModel):
    """A procedural penalty to one pair (Law 90) in matchpoints, percent of a top or IMPs."""

    pair: str = Field(min_length=1, max_length=10)
    amount: float = Field(gt=0, le=100)
    unit: str = Field(default="percent", max_length=20)
    board: int | None = None
    reason: str = Field(min_length=1, max_length=500)


class SeatRequest(BaseModel):
    """Seat a pair (names), a late pair, or the phantom."""

    pair: str = Field(min_length=1, max_length=10)
    players: list[str] = Field(default_factory=list, max_length=4)
    late: bool = False
    phantom: bool = False


class SeatingRequest(BaseModel):
    """One table's seating in one round replaced (a pair that left, a broken table), with the reason."""

    table: int = Field(ge=1)
    round: int = Field(ge=1)
    ns: str | None = Field(default=None, max_length=10)
    ew: str | None = Field(default=None, max_length=10)
    boards: list[int] = Field(min_length=1, max_length=8)
    reason: str = Field(min_length=1, max_length=500)


class UndoRequest(BaseModel):
    """Take back a record (a correction, an adjustment, a penalty) by its number, with a reason."""

    seq: int = Field(ge=2)
    reason: str = Field(min_length=1, max_length=500)


# --- the live sessions -------------------------------------------------------------------------

@dataclass(eq=False)
class Watcher:
    """One open websocket watching a session, as whom, and its queue of frames."""

    viewer: Viewer
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class LiveSession:
    """A loaded session, its lock, its live score over the counted lines, and its watchers."""

    id: str
    session: Session
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    lines: dict[Slot, BoardResult] = field(default_factory=dict)
    penalties: tuple[Penalty, ...] = ()
    score: SessionScore | None = None

    def rescore(self) -> set[int]:
        """Bring the live score up to the counted lines (``with_result`` for each changed line), and
        return the boards whose traveller changed."""
        state = self.session.state
        lines = clubpresenter.counted_lines(state)
        changed = {slot for slot, line in lines.items() if self.lines.get(slot) != line}
        removed = set(self.lines) - set(lines)
        boards = {slot.board for slot in changed | removed}
        if not changed and not removed and state.penalties == self.penalties:
            return boards
        score = self.score
        if score is None or removed or state.penalties != self.penalties:
            score = None
        else:
            try:
                for slot in sorted(changed):
                    score = score.with_result(lines[slot])
            except BridgeError:
                score = None
        if score is None and lines:
            score = score_session(lines.values(), method=state.method, winners=state.winners,
                                  penalties=state.penalties)
        self.lines, self.penalties, self.score = lines, state.penalties, score
        return boards


class ClubHub:
    """The server's live club sessions: loaded on first use from the club store, watched over websockets."""

    def __init__(self, db: str, *, secret: bytes | None = None, pages: Path | None = None) -> None:
        self.store = ClubStore(db)
        env = os.environ.get("REDOUBLE_CLUB_SECRET")
        self.secret = secret or (env.encode() if env else secrets.token_bytes(32))
        self.pages = pages if pages is not None else Path("club-pages")
        self.sessions: dict[str, LiveSession] = {}

    def close(self) -> None:
        """Release the database."""
        self.store.close()

    # -- links --

    def token(self, session_id: str, who: str) -> str:
        """The secret of ``director`` or ``table N`` in a session."""
        digest = hmac.new(self.secret, f"{session_id}|{who}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:18]).decode()

    def viewer(self, live: LiveSession, token: str | None, *, table: int | None = None) -> Viewer:
        """Who a token is: the director, the given table, or (no token) the public."""
        if not token:
            return PUBLIC
        if hmac.compare_digest(token, self.token(live.id, "director")):
            return DIRECTOR
        if table is not None and hmac.compare_digest(token, self.token(live.id, f"table {table}")):
            return Viewer("table", table)
        if table is None:
            for number in live.session.state.movement.tables:
                if hmac.compare_digest(token, self.token(live.id, f"table {number}")):
                    return Viewer("table", number)
        raise ServerError("forbidden", "this link does not give access to that" +
                          (f" table ({table})" if table is not None else " session"))

    def director(self, live: LiveSession, token: str | None) -> None:
        """Refuse anyone without the director's secret."""
        if self.viewer(live, token) != DIRECTOR:
            raise ServerError("forbidden", "only the director's link may do that")

    def links(self, session_id: str, tables: tuple[int, ...]) -> dict[str, Any]:
        """The director's link and one link per table."""
        director = self.token(session_id, "director")
        return {"director": {"token": director, "link": f"/club/{session_id}/director?token={director}"},
                "ranking": f"/club/{session_id}/ranking",
                "tables": {str(table): {"token": (token := self.token(session_id, f"table {table}")),
                                        "link": f"/club/{session_id}/table/{table}?token={token}"}
                           for table in tables}}

    # -- sessions --

    def create(self, request: CreateRequest) -> tuple[str, LiveSession]:
        """Open, store and load a new session from a typed request."""
        movement = _movement(request.movement)
        session = Session.open(request.name, movement, by=DIRECTOR_AUTHOR, event=request.event,
                               method=parse_method(request.method))
        session_id = self.store.create(session)
        loaded = self.store.load(session_id)
        if request.seed is not None:
            loaded.append(BoardsDealt(deal_boards(movement.boards, seed=request.seed), source=f"seed {request.seed}"),
                          by=DIRECTOR_AUTHOR)
        for text, players in request.pairs.items():
            loaded.append(PairSeated(PairId.parse(text), tuple(players)), by=DIRECTOR_AUTHOR)
        if request.phantom:
            loaded.append(PairSeated(PairId.parse(request.phantom), phantom=True), by=DIRECTOR_AUTHOR)
        live = LiveSession(session_id, loaded)
        live.rescore()
        self.sessions[session_id] = live
        return session_id, live

    async def get(self, session_id: str) -> LiveSession:
        """A session, loaded from the store the first time."""
        live = self.sessions.get(session_id)
        if live is None:
            try:
                session = await asyncio.to_thread(self.store.load, session_id)
            except UnknownSessionError:
                raise ServerError("not_found", f"there is no club session {session_id!r}") from None
            live = self.sessions.setdefault(session_id, LiveSession(session_id, session))
            live.rescore()
        return live

    def closed(self, session_id: str) -> bool:
        """Whether the session's pages are published (no more table entries)."""
        return (self.pages / session_id / "index.html").is_file()

    async def write(self, live: LiveSession, action: Any) -> Record:
        """Run one write under the session's lock, then tell every watcher what changed; when another
        server process appended first, reload the session from the store and decide again."""
        async with live.lock:
            try:
                try:
                    record: Record = action()
                except ConflictError:
                    live.session = await asyncio.to_thread(self.store.load, live.id)
                    record = action()
            except ServerError:
                raise
            except BridgeError as error:
                raise ServerError("bad_request", str(error)) from None
            boards = live.rescore()
        self.broadcast(live, boards)
        return record

    # -- live results --

    def frame(self, live: LiveSession, viewer: Viewer, boards: set[int]) -> str:
        """What one watcher gets after a change: the ranking and the travellers it may see."""
        state = live.session.state
        travellers = [view for board in sorted(boards)
                      if (view := clubpresenter.traveller_view(state, live.score, board, viewer)) is not None]
        message: dict[str, Any] = {"type": "update", "seq": state.seq,
                                   "ranking": clubpresenter.ranking_view(state, live.score),
                                   "travellers": travellers}
        if viewer.table is not None:
            message["round"] = clubpresenter.round_view(state, viewer.table)
        if viewer == DIRECTOR:
            message["grid"] = grid_view(live, self)
        return json.dumps(message, separators=(",", ":"))

    def broadcast(self, live: LiveSession, boards: set[int]) -> None:
        """Queue the update for every watcher (each one's own view)."""
        for watcher in list(live.watchers):
            watcher.queue.put_nowait(self.frame(live, watcher.viewer, boards))


def _movement(request: MovementRequest) -> Movement:
    try:
        if request.kind == "csv":
            if not request.csv:
                raise ServerError("bad_request", "movement.csv: give the movement's RoundData CSV")
            return Movement.from_csv(request.csv, name="movement")
        if request.tables is None:
            raise ServerError("bad_request", f"movement.tables: a {request.kind} needs its number of tables")
        if request.kind == "mitchell":
            return mitchell(request.tables, boards_per_round=request.boards_per_round, skip=request.skip,
                            relay=request.relay, rounds=request.rounds)
        return howell(request.tables, boards_per_round=request.boards_per_round, rounds=request.rounds)
    except BridgeError as error:
        if isinstance(error, ServerError):
            raise
        raise ServerError("bad_request", f"movement: {error}") from None


def _result(board: int, ns: PairId, ew: PairId, contract_text: str, declarer: str | None, lead: str | None,
            tricks: str | None, *, table: int, round_: int) -> BoardResult:
    """A traveller line from the keypad's fields, by the project's notation."""
    key = contract_text.strip().lower()
    if key in ("pass", "p", "passed"):
        return BoardResult(board, ns, ew, score=0, table=table, round=round_)
    if declarer is None or tricks is None:
        raise ServerError("bad_request", f"board {board}: a contract needs its declarer and the tricks "
                                         "(a number, '=', '+1' or '-2')")
    contract = Contract.parse(contract_text, declarer=Seat.parse(declarer))
    return BoardResult(board, ns, ew, contract, lead=None if not lead else Card.parse(lead),
                       tricks=parse_tricks(tricks.replace("−", "-"), contract), table=table, round=round_)


def grid_view(live: LiveSession, hub: ClubHub) -> dict[str, Any]:
    """The director's grid: every table × round with its boards' states, the flags, and the audit log."""
    state = live.session.state
    cells = []
    for (section, table, round_), seating in sorted(state.seatings.items()):
        boards = [clubpresenter.slot_view(state, Slot(section, table, round_, board)) for board in seating.boards]
        cells.append({"table": table, "round": round_, "ns": None if seating.ns is None else str(seating.ns),
                      "ew": None if seating.ew is None else str(seating.ew), "boards": boards})
    flags: list[dict[str, Any]] = []
    for slot in sorted(state.slots):
        flags.extend({"table": slot.table, "round": slot.round, "board": slot.board, "text": text}
                     for text in state.doubts(slot, dd=_dd(live, slot.board)))
    return {"tables": list(state.movement.tables), "rounds": list(state.movement.rounds), "cells": cells,
            "flags": flags, "closed": hub.closed(live.id),
            "log": [{"seq": record.seq, "text": record.describe(), "kind": record.kind}
                    for record in live.session.records]}


_DD_CACHE: dict[tuple[str, int], Any] = {}


def _dd(live: LiveSession, board: int) -> Any:
    """The board's double-dummy table when its deal is known (cached)."""
    dealt = live.session.state.boards.get(board)
    if dealt is None:
        return None
    key = (dealt.deal.to_pbn(), board)
    if key not in _DD_CACHE:
        from redouble.analysis.ddtable import dd_table

        _DD_CACHE[key] = dd_table(dealt.deal)
    return _DD_CACHE[key]


# --- the router --------------------------------------------------------------------------------

def club_router(hub: ClubHub, static: Path) -> APIRouter:
    """The club's pages, JSON API and websocket."""
    router = APIRouter()

    def page(name: str) -> Response:
        path = static / name
        if not path.is_file():
            return HTMLResponse(f"the page {name} is not installed", status_code=404)
        return FileResponse(path, media_type="text/html")

    @router.get("/club/{session_id}/table/{table}", include_in_schema=False)
    async def table_page(session_id: str, table: int) -> Response:
        await hub.get(session_id)
        return page("club-table.html")

    @router.get("/club/{session_id}/ranking", include_in_schema=False)
    async def ranking_page(session_id: str) -> Response:
        await hub.get(session_id)
        return page("club-ranking.html")

    @router.get("/club/{session_id}/director", include_in_schema=False)
    async def director_page(session_id: str) -> Response:
        await hub.get(session_id)
        return page("club-director.html")

    @router.post("/api/club/sessions", status_code=201)
    async def create(request: CreateRequest) -> dict[str, Any]:
        try:
            session_id, live = await asyncio.to_thread(hub.create, request)
        except ServerError:
            raise
        except BridgeError as error:
            raise ServerError("bad_request", str(error)) from None
        return {"id": session_id, **hub.links(session_id, live.session.state.movement.tables)}

    @router.get("/api/club/sessions/{session_id}")
    async def overview(session_id: str, token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        viewer = hub.viewer(live, token)
        state = live.session.state
        answer: dict[str, Any] = {"id": session_id, "name": state.name, "event": state.event, "seq": state.seq,
                                  "closed": hub.closed(session_id),
                                  "ranking": clubpresenter.ranking_view(state, live.score),
                                  "travellers": [view for board in state.movement.boards
                                                 if (view := clubpresenter.traveller_view(
                                                     state, live.score, board, viewer)) is not None]}
        if viewer == DIRECTOR:
            answer["grid"] = grid_view(live, hub)
            answer["links"] = hub.links(session_id, state.movement.tables)
        if viewer.table is not None:
            answer["round"] = clubpresenter.round_view(state, viewer.table)
        return answer

    @router.get("/api/club/sessions/{session_id}/tables/{table}")
    async def table_round(session_id: str, table: int, token: str | None = Query(default=None),
                          round: int | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        viewer = hub.viewer(live, token, table=table)
        if viewer == PUBLIC:
            raise ServerError("forbidden", "a table's page needs the table's link")
        state = live.session.state
        if table not in state.movement.tables:
            raise ServerError("not_found", f"there is no table {table} in this session")
        try:
            return clubpresenter.round_view(state, table, round)
        except SessionError as error:
            raise ServerError("not_found", str(error)) from None

    def _table_writer(live: LiveSession, token: str | None, table: int) -> Viewer:
        viewer = hub.viewer(live, token, table=table)
        if viewer == PUBLIC:
            raise ServerError("forbidden", "entering a result needs the table's link")
        if hub.closed(live.id) and viewer != DIRECTOR:
            raise ServerError("phase", "the session is closed: ask the director")
        return viewer

    @router.post("/api/club/sessions/{session_id}/tables/{table}/results")
    async def enter(session_id: str, table: int, request: EntryRequest,
                    token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        _table_writer(live, token, table)

        def action() -> Record:
            key = f"t{table}:{request.entry_id}"
            earlier = _earlier(live.session, key)
            if earlier is not None and earlier.by == f"table {table} NS" and request.round in (
                    None, getattr(getattr(earlier.change, "result", None), "round", None)):
                return earlier  # a replayed entry: the first answer again, nothing stored twice
            state = live.session.state
            round_ = request.round or clubpresenter.current_round(state, table)
            seating = state.seating(table=table, round=round_)
            if seating.ns is None or seating.ew is None:
                raise ServerError("bad_request", f"table {table}, round {round_}: a sit-out has no result")
            result = _result(request.board, seating.ns, seating.ew, request.contract, request.declarer,
                             request.lead, request.tricks, table=table, round_=round_)
            return live.session.enter(result, by=f"table {table} NS", key=key)

        record = await hub.write(live, action)
        return _answer(live, record)

    @router.post("/api/club/sessions/{session_id}/tables/{table}/confirm")
    async def confirm(session_id: str, table: int, request: ConfirmRequest,
                      token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        _table_writer(live, token, table)
        slot = Slot("A", table, request.round, request.board)

        def action() -> Record:
            session = live.session
            key = f"t{table}:{request.entry_id}"
            earlier = _earlier(session, key)
            if earlier is not None and earlier.by == f"table {table} EW":
                return earlier  # a replayed confirmation: the first answer again
            if request.side != "EW":
                raise ServerError("bad_request", f"{slot}: North-South entered this result; "
                                                 "East-West confirm it")
            state = session.state
            slot_state = state.slots.get(slot)
            if slot_state is None or slot_state.result is None:
                raise NoSuchResultError(f"{slot} has no result to confirm: is it the right board?")
            if Side.EW in slot_state.confirmed:
                raise ServerError("bad_request", f"{slot} is already confirmed: ask the director to correct it")
            if request.ns_score is not None and slot_state.result.ns_score != request.ns_score:
                raise ServerError("bad_request", f"{slot}: the result changed since it was shown "
                                                 f"(NS {slot_state.result.ns_score:+d}): look again")
            if request.answer == "refuse":
                return session.append(ResultRemoved(slot), by=f"table {table} EW", key=key,
                                      reason="refused by East-West")
            return session.append(ResultConfirmed(slot, Side.EW), by=f"table {table} EW", key=key)

        record = await hub.write(live, action)
        return _answer(live, record)

    # -- the director --

    @router.post("/api/club/sessions/{session_id}/director/correct")
    async def correct(session_id: str, request: CorrectRequest,
                      token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)

        def action() -> Record:
            seating = live.session.state.seating(table=request.table, round=request.round)
            if seating.ns is None or seating.ew is None:
                raise ServerError("bad_request", f"table {request.table}, round {request.round} is a sit-out")
            result = _result(request.board, seating.ns, seating.ew, request.contract, request.declarer,
                             request.lead, request.tricks, table=request.table, round_=request.round)
            return live.session.correct(result, by=DIRECTOR_AUTHOR, reason=request.reason)

        return _answer(live, await hub.write(live, action))

    @router.post("/api/club/sessions/{session_id}/director/adjust")
    async def adjust(session_id: str, request: AdjustRequest,
                     token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)
        slot = Slot("A", request.table, request.round, request.board)
        record = await hub.write(live, lambda: live.session.adjust(
            slot, Adjustment.parse(request.score), by=DIRECTOR_AUTHOR, reason=request.reason))
        return _answer(live, record)

    @router.post("/api/club/sessions/{session_id}/director/penalty")
    async def penalty(session_id: str, request: PenaltyRequest,
                      token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)
        record = await hub.write(live, lambda: live.session.penalise(
            Penalty(PairId.parse(request.pair), request.amount, PenaltyUnit(request.unit), request.board,
                    request.reason), by=DIRECTOR_AUTHOR))
        return _answer(live, record)

    @router.post("/api/club/sessions/{session_id}/director/seat")
    async def seat(session_id: str, request: SeatRequest,
                   token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)
        record = await hub.write(live, lambda: live.session.append(
            PairSeated(PairId.parse(request.pair), tuple(request.players), late=request.late,
                       phantom=request.phantom), by=DIRECTOR_AUTHOR))
        return _answer(live, record)

    @router.post("/api/club/sessions/{session_id}/director/seating")
    async def seating(session_id: str, request: SeatingRequest,
                      token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)

        def action() -> Record:
            pairs = [None if not text else PairId.parse(text) for text in (request.ns, request.ew)]
            return live.session.append(SeatingChanged(Seating("A", request.table, request.round, pairs[0], pairs[1],
                                                              tuple(request.boards))),
                                       by=DIRECTOR_AUTHOR, reason=request.reason)

        return _answer(live, await hub.write(live, action))

    @router.post("/api/club/sessions/{session_id}/director/undo")
    async def undo(session_id: str, request: UndoRequest,
                   token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)
        record = await hub.write(live, lambda: live.session.undo(request.seq, by=DIRECTOR_AUTHOR,
                                                                  reason=request.reason))
        return _answer(live, record)

    @router.post("/api/club/sessions/{session_id}/director/close")
    async def close(session_id: str, token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)
        async with live.lock:
            state, log = live.session.state, live.session.records
            missing = state.missing()
            files = await asyncio.to_thread(render_pages, state, log=log)
            folder = hub.pages / session_id
            folder.mkdir(parents=True, exist_ok=True)
            for name, text in files.items():
                (folder / name).write_text(text, encoding="utf-8")
        hub.broadcast(live, set())
        return {"closed": True, "pages": sorted(f"/club/{session_id}/pages/{name}" for name in files),
                "missing": [str(slot) for slot in missing]}

    @router.get("/club/{session_id}/pages/{name}", include_in_schema=False)
    async def published(session_id: str, name: str) -> Response:
        folder = (hub.pages / session_id).resolve()
        path = (folder / name).resolve()
        if path.parent != folder or not path.is_file():
            raise ServerError("not_found", f"session {session_id!r} has no published page {name!r}")
        return FileResponse(path)

    @router.websocket("/ws/club/{session_id}")
    async def watch(websocket: WebSocket, session_id: str) -> None:
        await websocket.accept()
        try:
            live = await hub.get(session_id)
            viewer = hub.viewer(live, websocket.query_params.get("token"))
        except ServerError as error:
            await websocket.send_text(json.dumps({"type": "error", "code": error.code, "message": str(error)}))
            await websocket.close(code=4403 if error.code == "forbidden" else 4404)
            return
        watcher = Watcher(viewer)
        live.watchers.add(watcher)
        watcher.queue.put_nowait(hub.frame(live, viewer, set(live.session.state.movement.boards)))

        async def pump() -> None:
            while (text := await watcher.queue.get()) is not None:
                await websocket.send_text(text)

        sender = asyncio.create_task(pump())
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except WebSocketDisconnect:
            pass
        finally:
            live.watchers.discard(watcher)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    return router


def _earlier(session: Session, key: str) -> Record | None:
    """The record a device's entry id was first stored under, if any."""
    return next((record for record in reversed(session.records) if record.key == key), None)


def _answer(live: LiveSession, record: Record) -> dict[str, Any]:
    """A write's answer: the record it made (or the first one, for a replayed entry id) and its slot now."""
    change = record.change
    slot: Slot | None = getattr(change, "slot", None)
    result = getattr(change, "result", None)
    if slot is None and isinstance(result, BoardResult) and result.table is not None and result.round is not None:
        slot = Slot(result.ns.section, result.table, result.round, result.board)
    answer: dict[str, Any] = {"seq": record.seq, "kind": record.kind, "text": record.describe()}
    if slot is not None:
        answer["slot"] = clubpresenter.slot_view(live.session.state, slot)
    return answer
