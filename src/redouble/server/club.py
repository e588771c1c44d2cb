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
import dataclasses
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import segno
from fastapi import APIRouter, Query, Request, WebSocket
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from redouble.calls import Contract
from redouble.cards import Card
from redouble.club.event import CarryError, EventMethod, EventScore, parse_carry, score_event
from redouble.club.movement import Movement, MovementError, PairId, Seating, howell, mitchell, validate
from redouble.club.pages import event_page, render_pages
from redouble.club.results import BoardResult, Penalty, PenaltyUnit
from redouble.club.scoring import SessionScore, score_session
from redouble.club.session import (
    Adjustment,
    BoardsDealt,
    Change,
    MovementChanged,
    NoSuchResultError,
    PairSeated,
    Record,
    ResultConfirmed,
    ResultRemoved,
    ScoreAdjusted,
    SeatingChanged,
    Session,
    SessionClosed,
    SessionError,
    SessionReopened,
    SessionState,
    Slot,
    deal_boards,
    parse_method,
)
from redouble.club.store import ClubStore, ConflictError, UnknownSessionError
from redouble.errors import BridgeError
from redouble.notation import Language
from redouble.scoring.entry import parse_tricks
from redouble.seats import Seat, Side
from redouble.server import clubpresenter
from redouble.server.clubpresenter import DIRECTOR, PUBLIC, Viewer
from redouble.server.errors import ServerError
from redouble.server.messages import Message, log_line, logged, refusal, refused
from redouble.server.watching import Watcher, refuse, relay

__all__ = ["ClubHub", "club_router"]

DIRECTOR_AUTHOR = logged("club_by_director")
EVENT_SESSIONS = 60
"""The most sessions one event's combined ranking combines (a weekly series over a year and more)."""


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
    """A new live session: its name, movement, scoring method, deals (a seed), pairs' names, whether a
    table sees a board's traveller once it has played it, and the club's director password when one is set."""

    name: str = Field(min_length=1, max_length=200)
    event: str = Field(default="", max_length=200)
    movement: MovementRequest
    method: str = Field(default="matchpoints", max_length=20)
    seed: str | None = Field(default=None, max_length=200)
    pairs: dict[str, list[str]] = Field(default_factory=dict)
    phantom: str | None = Field(default=None, max_length=10)
    travellers: bool = True
    password: str | None = Field(default=None, max_length=200)


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


class WithdrawRequest(BaseModel):
    """A pair leaves from a round on: its opponents sit out (``sitout``) or get Av+ while it gets Av− (``average``)."""

    pair: str = Field(min_length=1, max_length=10)
    from_round: int = Field(ge=1)
    how: Literal["sitout", "average"] = "sitout"
    reason: str = Field(min_length=1, max_length=500)


class MovementChangeRequest(BaseModel):
    """A new movement for the rest of the session (a broken table); every result stored must still fit it."""

    movement: MovementRequest
    reason: str = Field(min_length=1, max_length=500)


class ReasonRequest(BaseModel):
    """Closing or reopening the session, with the reason kept in the audit log."""

    reason: str = Field(default="", max_length=500)


class LoginRequest(BaseModel):
    """The club's director password, exchanged for the session's director link."""

    password: str = Field(min_length=1, max_length=200)


class UndoRequest(BaseModel):
    """Take back a record (a correction, an adjustment, a penalty) by its number, with a reason."""

    seq: int = Field(ge=2)
    reason: str = Field(min_length=1, max_length=500)


# --- the live sessions -------------------------------------------------------------------------

@dataclass(eq=False)
class LiveSession:
    """A loaded session, its lock, its live score over the counted lines, and its watchers."""

    id: str
    session: Session
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher[Viewer]] = field(default_factory=set)
    lines: dict[Slot, BoardResult] = field(default_factory=dict)
    penalties: tuple[Penalty, ...] = ()
    score: SessionScore | None = None
    public_ranking: str | None = None

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

    def __init__(self, db: str, *, secret: bytes | None = None, pages: Path | None = None,
                 password: str | None = None) -> None:
        self.store = ClubStore(db)
        env = os.environ.get("REDOUBLE_CLUB_SECRET")
        self.secret = secret or (env.encode() if env else secrets.token_bytes(32))
        self.password = password if password is not None else os.environ.get("REDOUBLE_CLUB_PASSWORD") or None
        self.pages = pages if pages is not None else Path("club-pages")
        self.sessions: dict[str, LiveSession] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        #: told each session id whose records changed here (a cluster tells the other processes)
        self.on_change: Callable[[str], None] | None = None

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
        raise (refusal("forbidden", "err_link_table", table=table) if table is not None
               else refusal("forbidden", "err_link_session"))

    def director(self, live: LiveSession, token: str | None) -> None:
        """Refuse anyone without the director's secret."""
        if self.viewer(live, token) != DIRECTOR:
            raise refusal("forbidden", "err_director_only")

    def check_password(self, password: str | None) -> None:
        """Refuse a wrong director password (when the club has set one, ``REDOUBLE_CLUB_PASSWORD``)."""
        if self.password is None:
            return
        if password is None or not hmac.compare_digest(password.encode(), self.password.encode()):
            raise refusal("forbidden", "err_wrong_password")

    def links(self, session_id: str, tables: tuple[int, ...]) -> dict[str, Any]:
        """The director's link and one link per table."""
        director = self.token(session_id, "director")
        return {"director": {"token": director, "link": f"/club/{session_id}/director?token={director}"},
                "ranking": f"/club/{session_id}/ranking",
                "tables": {str(table): {"token": (token := self.token(session_id, f"table {table}")),
                                        "link": f"/club/{session_id}/table/{table}?token={token}"}
                           for table in tables}}

    async def event(self, session_ids: list[str], *, name: str | None, method: str | None,
                    carry: Sequence[str] = (), carry_weight: float = 1.0) -> EventScore:
        """The combined ranking of these closed sessions, in this order, each as it was closed (``name``: the
        sessions' event unless given; ``method``: percent, mp or total, else the sessions' own; ``carry``: each
        pair's carry-over, ``NAMES=VALUE`` or ``PAIR=VALUE``, counting as ``carry_weight`` sessions in a mean of
        percentages)."""
        try:
            given = parse_carry(carry)
        except CarryError as error:
            raise refusal("bad_request", f"err_event_{error.key}", **error.fields) from None
        if not session_ids:
            raise refusal("bad_request", "err_event_no_sessions")
        if len(session_ids) > EVENT_SESSIONS:
            raise refusal("bad_request", "err_event_too_many", most=EVENT_SESSIONS, count=len(session_ids))
        twice = sorted({session_id for session_id in session_ids if session_ids.count(session_id) > 1})
        if twice:
            raise refusal("bad_request", "err_event_twice", session=twice[0])
        states = []
        for session_id in session_ids:
            live = await self.get(session_id)
            async with live.lock:
                state, _ = await asyncio.to_thread(self.as_closed, live)  # a replay: off the event loop
            states.append(state)
        title = name or next((state.event for state in states if state.event), states[0].name)
        try:
            chosen = None if method is None else EventMethod.parse(method)
            return await asyncio.to_thread(score_event, title, states, method=chosen, carry=given,
                                           carry_weight=carry_weight)
        except CarryError as error:
            raise refusal("bad_request", f"err_event_{error.key}", **error.fields) from None
        except BridgeError as error:
            raise ServerError("bad_request", str(error)) from None

    # -- sessions --

    def create(self, request: CreateRequest) -> tuple[str, LiveSession]:
        """Open, store and load a new session from a typed request."""
        self.check_password(request.password)
        movement = movement_of(request.movement)
        session = Session.open(request.name, movement, by=DIRECTOR_AUTHOR, event=request.event,
                               method=parse_method(request.method), travellers=request.travellers)
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
        live.public_ranking = _dumps(clubpresenter.ranking_view(live.session.state, live.score))
        self.sessions[session_id] = live
        return session_id, live

    async def get(self, session_id: str) -> LiveSession:
        """A session, loaded from the store the first time."""
        live = self.sessions.get(session_id)
        if live is None:
            try:
                session = await asyncio.to_thread(self.store.load, session_id)
            except UnknownSessionError:
                raise refusal("not_found", "err_no_club_session", session=session_id) from None
            live = self.sessions.setdefault(session_id, LiveSession(session_id, session))
            live.rescore()
            live.public_ranking = _dumps(clubpresenter.ranking_view(live.session.state, live.score))
        return live

    @staticmethod
    def as_closed(live: LiveSession) -> tuple[SessionState, list[Record]]:
        """The session as published: its state and log up to the last close record (so it always replays)."""
        records = live.session.records
        last = max((record.seq for record in records if isinstance(record.change, SessionClosed)), default=None)
        if last is None:
            raise refusal("phase", "err_not_closed")
        return live.session.as_of(last), list(records[:last])

    def publish(self, live: LiveSession) -> list[str]:
        """Write the published pages from the log up to the last close record (so they always replay);
        returns the files' names."""
        state, log = self.as_closed(live)
        files = render_pages(state, log=log)
        folder = self.pages / live.id
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        return sorted(files)

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
                raise refused(error) from None
            boards = live.rescore()
        self.broadcast(live, boards, _tables_touched(record))
        if self.on_change is not None:  # the other processes of a cluster reload and tell theirs
            self.on_change(live.id)
        if _unanalysed(live) and any(watcher.viewer == DIRECTOR for watcher in live.watchers):
            task = asyncio.create_task(self._flag_later(live))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        return record

    async def _flag_later(self, live: LiveSession) -> None:
        """Analyse newly played boards off the event loop, then send the director the flags they raise."""
        if await analyse(live):
            for watcher in list(live.watchers):
                if watcher.viewer == DIRECTOR:
                    watcher.queue.put_nowait(self.frame(live, DIRECTOR, set()))

    async def refresh(self, session_id: str) -> None:
        """Another process changed a session: reload it if watched here, and tell the watchers."""
        live = self.sessions.get(session_id)
        if live is None:
            return
        async with live.lock:
            live.session = await asyncio.to_thread(self.store.load, live.id)
            boards = live.rescore()
        self.broadcast(live, boards)

    # -- live results --

    def frame(self, live: LiveSession, viewer: Viewer, boards: set[int], ranking: str | None = None) -> str:
        """What one watcher gets after a change: the ranking (``ranking``: already as JSON) and the
        travellers it may see; a table's phone its round, the director the grid."""
        state = live.session.state
        travellers = [view for board in sorted(boards)
                      if (view := clubpresenter.traveller_view(state, live.score, board, viewer)) is not None]
        if ranking is None:
            ranking = _dumps(clubpresenter.ranking_view(state, live.score))
        text = f'{{"type":"update","seq":{state.seq},"ranking":{ranking},"travellers":{_dumps(travellers)}'
        if viewer.table is not None:
            text += f',"round":{_dumps(clubpresenter.round_view(state, viewer.table))}'
        if viewer == DIRECTOR:
            text += f',"grid":{_dumps(grid_view(live))}'
        return text + "}"

    def broadcast(self, live: LiveSession, boards: set[int], tables: frozenset[int] | None = None) -> None:
        """Queue the update for every watcher that has something new to see, each one's own view: the public
        once the ranking or a finished board changes; a table's phone when the change was at its table
        (``tables``; ``None``: anywhere) or on a board it may see; the director always. A frame is built
        once per kind of viewer (every phone on the public ranking shares one) and the ranking's JSON once."""
        state = live.session.state
        ranking = _dumps(clubpresenter.ranking_view(state, live.score))
        quiet = not boards and ranking == live.public_ranking  # an entry not yet confirmed: nothing public changed
        live.public_ranking = ranking
        frames: dict[Viewer, str | None] = {}
        for watcher in list(live.watchers):
            viewer = watcher.viewer
            if viewer not in frames:
                elsewhere = (viewer.table is not None and tables is not None and viewer.table not in tables
                             and not any(clubpresenter.may_see(state, viewer, board) for board in boards))
                nothing_new = (viewer == PUBLIC and quiet) or elsewhere
                frames[viewer] = None if nothing_new else self.frame(live, viewer, boards, ranking)
            text = frames[viewer]
            if text is not None:
                watcher.queue.put_nowait(text)


def _dumps(value: Any) -> str:
    """Compact JSON, as every frame is sent."""
    return json.dumps(value, separators=(",", ":"))


def _tables_touched(record: Record) -> frozenset[int] | None:
    """The one table a result's record changes (``None``: a change that may concern every table)."""
    change = record.change
    slot: Slot | None = getattr(change, "slot", None)
    if slot is not None:
        return frozenset({slot.table})
    result = getattr(change, "result", None)
    if isinstance(result, BoardResult) and result.table is not None:
        return frozenset({result.table})
    return None


def movement_of(request: MovementRequest) -> Movement:
    """The movement a request names, generated or read from its CSV (a clear refusal otherwise)."""
    try:
        if request.kind == "csv":
            if not request.csv:
                raise refusal("bad_request", "err_movement_csv")
            return Movement.from_csv(request.csv, name="movement")
        if request.tables is None:
            raise refusal("bad_request", "err_movement_tables", kind=request.kind)
        if request.kind == "mitchell":
            return mitchell(request.tables, boards_per_round=request.boards_per_round, skip=request.skip,
                            relay=request.relay, rounds=request.rounds)
        return howell(request.tables, boards_per_round=request.boards_per_round, rounds=request.rounds)
    except BridgeError as error:
        if isinstance(error, ServerError):
            raise
        raise ServerError("bad_request", f"movement: {error}") from None


def _unit(text: str) -> PenaltyUnit:
    """A penalty's unit by name: ``percent``/``%`` of a top, ``mp``/``matchpoints`` or ``imps``."""
    key = text.strip().lower()
    key = {"percent": "%", "pct": "%", "matchpoints": "mp", "imp": "imps"}.get(key, key)
    try:
        return PenaltyUnit(key)
    except ValueError:
        raise refusal("bad_request", "err_penalty_unit", unit=text) from None


def _withdraw(session: Session, request: WithdrawRequest) -> Record:
    """A pair leaves from ``from_round`` on (Law 12C2 for the boards its opponents cannot play): with
    ``sitout`` the movement is rewritten without it (its opponents sit out, the validator checks the new
    movement, every stored result must still fit); with ``average`` it keeps its place and every board it
    has still to play is adjusted Av+ to its opponents, Av− to it. Decided on a copy first, so a refusal
    stores nothing; returns the last record made."""
    state = session.state
    pair = PairId.parse(request.pair)
    movement = state.movement
    if pair not in movement.pairs:
        raise refusal("bad_request", "err_pair_not_in_movement", pair=pair)
    if request.from_round not in movement.rounds:
        raise refusal("bad_request", "err_round_not_in_movement", round=request.from_round,
                      last=max(movement.rounds))
    left = [seating for seating in state.seatings.values()
            if seating.round >= request.from_round and pair in seating.pairs]
    if not left:
        raise refusal("bad_request", "err_pair_plays_no_round", pair=pair, round=request.from_round)
    played = [slot for slot, slot_state in state.slots.items()
              if slot.round >= request.from_round and slot_state.result is not None
              and pair in (slot_state.result.ns, slot_state.result.ew)]
    if played:
        raise refusal("bad_request", "err_pair_has_result", pair=pair, table=played[0].table,
                      round=played[0].round, board=played[0].board)
    changes: list[Change] = []
    if request.how == "sitout":
        seatings = []
        for seating in state.seatings.values():
            if seating in left:
                seating = dataclasses.replace(seating, ns=None if seating.ns == pair else seating.ns,
                                              ew=None if seating.ew == pair else seating.ew)
                if seating.ns is None and seating.ew is None:
                    continue  # both pairs of the table have gone: the table is no more
            seatings.append(seating)
        renamed = Movement(f"{movement.name} without {pair} from round {request.from_round}", tuple(seatings),
                           sharing=movement.sharing, meets_twice=movement.meets_twice)
        try:
            validate(renamed)
        except MovementError as error:
            raise ServerError("bad_request", f"the new movement is not valid: {error}") from None
        changes.append(MovementChanged(renamed))
    else:
        for seating in sorted(left, key=lambda s: (s.round, s.table)):
            if seating.is_sit_out:
                continue
            score = "A-/A+" if seating.ns == pair else "A+/A-"
            changes.extend(ScoreAdjusted(Slot(seating.section, seating.table, seating.round, board),
                                         Adjustment.parse(score)) for board in seating.boards)
    trial = Session(session.records)
    for change in changes:
        trial.append(change, by=DIRECTOR_AUTHOR, reason=request.reason)
    record = session.records[-1]
    for change in changes:
        record = session.append(change, by=DIRECTOR_AUTHOR, reason=request.reason)
    return record


def qr_card(hub: ClubHub, state: SessionState, session_id: str, table: int, origin: str) -> dict[str, Any]:
    """One table's card on the printable sheet: its link, a short link, the link as a QR code (SVG), and
    the movement's first instruction for the table (who sits where, which boards)."""
    token = hub.token(session_id, f"table {table}")
    link = f"{origin}/club/{session_id}/table/{table}?token={token}"
    short = f"{origin}/t/{session_id}/{table}/{token}"
    code = segno.make(short, error="m", micro=False)
    first = min(r for (_, t, r) in state.seatings if t == table)
    seating = state.seatings[("A", table, first)]
    return {"table": table, "link": link, "short": short, "qr": code.svg_data_uri(scale=6, border=4),
            "version": code.version, "error": code.error, "round": first,
            "ns": None if seating.ns is None else str(seating.ns),
            "ew": None if seating.ew is None else str(seating.ew), "boards": list(seating.boards)}


def _result(board: int, ns: PairId, ew: PairId, contract_text: str, declarer: str | None, lead: str | None,
            tricks: str | None, *, table: int, round_: int) -> BoardResult:
    """A traveller line from the keypad's fields, by the project's notation."""
    key = contract_text.strip().lower()
    if key in ("pass", "p", "passed"):
        return BoardResult(board, ns, ew, score=0, table=table, round=round_)
    if declarer is None or tricks is None:
        raise refusal("bad_request", "err_contract_needs", board=board)
    contract = Contract.parse(contract_text, declarer=Seat.parse(declarer))
    return BoardResult(board, ns, ew, contract, lead=None if not lead else Card.parse(lead),
                       tricks=parse_tricks(tricks.replace("−", "-"), contract), table=table, round=round_)


def grid_view(live: LiveSession) -> dict[str, Any]:
    """The director's grid: every table × round with its boards' states, the flags, and the audit log."""
    state = live.session.state
    cells = []
    for (section, table, round_), seating in sorted(state.seatings.items()):
        boards = [clubpresenter.slot_view(state, Slot(section, table, round_, board)) for board in seating.boards]
        cells.append({"table": table, "round": round_, "ns": None if seating.ns is None else str(seating.ns),
                      "ew": None if seating.ew is None else str(seating.ew), "boards": boards})
    flags: list[dict[str, Any]] = []
    for slot in sorted(state.slots):
        flags.extend({"table": slot.table, "round": slot.round, "board": slot.board,
                      **Message.of(f"club_flag_{kind}", **fields).to_json()}
                     for kind, fields in state.doubt_fields(slot, dd=_dd(live, slot.board)))
    pairs = [{"pair": str(pair), "names": state.names(pair),
              "late": pair in state.pairs and state.pairs[pair].late,
              "phantom": pair in state.pairs and state.pairs[pair].phantom}
             for pair in state.movement.pairs]
    return {"tables": list(state.movement.tables), "rounds": list(state.movement.rounds), "cells": cells,
            "pairs": pairs,
            "flags": flags, "closed": state.closed, "show_travellers": state.travellers,
            "log": [{"seq": record.seq, "text": record.describe(), "kind": record.kind,
                     **log_line(record)} for record in live.session.records]}


_DD_CACHE: dict[tuple[str, int], Any] = {}


def _dd_key(live: LiveSession, board: int) -> tuple[str, int] | None:
    dealt = live.session.state.boards.get(board)
    return None if dealt is None else (dealt.deal.to_pbn(), board)


def _dd(live: LiveSession, board: int) -> Any:
    """The board's double-dummy table when its deal is known and analysed (``analyse`` does that in a thread,
    never on the event loop)."""
    key = _dd_key(live, board)
    return None if key is None else _DD_CACHE.get(key)


def _unanalysed(live: LiveSession) -> list[tuple[tuple[str, int], Any]]:
    """The dealt boards with a result whose double-dummy table is not known yet."""
    state = live.session.state
    wanted = []
    for board in sorted({slot.board for slot, slot_state in state.slots.items() if slot_state.result is not None}):
        key = _dd_key(live, board)
        if key is not None and key not in _DD_CACHE:
            wanted.append((key, state.boards[board].deal))
    return wanted


async def analyse(live: LiveSession) -> bool:
    """Solve double dummy, in a thread, for the boards with results that are not analysed yet (the flags
    need them); returns whether any was."""
    wanted = _unanalysed(live)
    if not wanted:
        return False
    from redouble.analysis.ddtable import dd_table

    for key, deal in wanted:
        _DD_CACHE[key] = await asyncio.to_thread(dd_table, deal)
    return True


EventSessions = Annotated[list[str], Query(alias="session", description="a closed session's id, in order")]
EventName = Annotated[str | None, Query(max_length=200, description="the event's name (else the sessions')")]
EventBy = Annotated[Literal["percent", "mp", "total"] | None, Query(description="how the sessions combine")]
EventLang = Annotated[Literal["en", "nl", "de", "no"], Query(description="the language of the page and derivations")]
EventCarry = Annotated[list[str], Query(alias="carry", max_length=1000, description=(
    "a pair's carry-over from a qualifying stage: NAMES=VALUE or PAIR=VALUE (its number in the first session); "
    "a percentage with by=percent, MPs with by=mp, IMPs with by=total"))]
EventCarryWeight = Annotated[float, Query(gt=0, le=EVENT_SESSIONS, description=(
    "how many sessions a carried-over percentage counts as in the mean (by=percent)"))]
"""An event's combined ranking is asked for by query: ``?session=ID&session=ID&by=mp&lang=nl&name=…``, with a
pair's carry-over ``&carry=Ann Smith %26 Bob Jones=55.2&carry=3NS=48`` and its weight ``&carry_weight=0.5``."""


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

    @router.get("/club/new", include_in_schema=False)
    async def new_page() -> Response:
        return page("club-new.html")

    @router.get("/club/{session_id}/sheet", include_in_schema=False)
    async def sheet_page(session_id: str) -> Response:
        await hub.get(session_id)
        return page("club-sheet.html")

    @router.get("/api/club/config")
    async def config() -> dict[str, Any]:
        return {"password": hub.password is not None}

    @router.post("/api/club/sessions", status_code=201)
    async def create(request: CreateRequest) -> dict[str, Any]:
        try:
            session_id, live = await asyncio.to_thread(hub.create, request)
        except ServerError:
            raise
        except BridgeError as error:
            raise refused(error) from None
        return {"id": session_id, **hub.links(session_id, live.session.state.movement.tables)}

    @router.get("/api/club/sessions/{session_id}")
    async def overview(session_id: str, token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        viewer = hub.viewer(live, token)
        state = live.session.state
        answer: dict[str, Any] = {"id": session_id, "name": state.name, "event": state.event, "seq": state.seq,
                                  "closed": state.closed, "show_travellers": state.travellers,
                                  "ranking": clubpresenter.ranking_view(state, live.score),
                                  "travellers": [view for board in state.movement.boards
                                                 if (view := clubpresenter.traveller_view(
                                                     state, live.score, board, viewer)) is not None]}
        if viewer == DIRECTOR:
            await analyse(live)
            answer["grid"] = grid_view(live)
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
            raise refusal("forbidden", "err_table_link_page")
        state = live.session.state
        if table not in state.movement.tables:
            raise refusal("not_found", "err_no_table", table=table)
        try:
            return clubpresenter.round_view(state, table, round)
        except SessionError as error:
            raise ServerError("not_found", str(error)) from None

    def _table_writer(live: LiveSession, token: str | None, table: int) -> Viewer:
        viewer = hub.viewer(live, token, table=table)
        if viewer == PUBLIC:
            raise refusal("forbidden", "err_table_link_entry")
        if live.session.state.closed:
            raise refusal("phase", "err_session_closed")
        return viewer

    @router.post("/api/club/sessions/{session_id}/tables/{table}/results")
    async def enter(session_id: str, table: int, request: EntryRequest,
                    token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        _table_writer(live, token, table)

        def action() -> Record:
            key = f"t{table}:{request.entry_id}"
            earlier = _earlier(live.session, key)
            if earlier is not None and earlier.by == logged("club_by_table_NS", table=table) and request.round in (
                    None, getattr(getattr(earlier.change, "result", None), "round", None)):
                return earlier  # a replayed entry: the first answer again, nothing stored twice
            state = live.session.state
            round_ = request.round or clubpresenter.current_round(state, table)
            seating = state.seating(table=table, round=round_)
            if seating.ns is None or seating.ew is None:
                raise refusal("bad_request", "err_sit_out", table=table, round=round_)
            result = _result(request.board, seating.ns, seating.ew, request.contract, request.declarer,
                             request.lead, request.tricks, table=table, round_=round_)
            return live.session.enter(result, by=logged("club_by_table_NS", table=table), key=key)

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
            if earlier is not None and earlier.by == logged("club_by_table_EW", table=table):
                return earlier  # a replayed confirmation: the first answer again
            if request.side != "EW":
                raise refusal("bad_request", "err_confirm_side", table=slot.table, round=slot.round,
                              board=slot.board)
            state = session.state
            slot_state = state.slots.get(slot)
            if slot_state is None or slot_state.result is None:
                raise NoSuchResultError(f"{slot} has no result to confirm: is it the right board?")
            if Side.EW in slot_state.confirmed:
                raise refusal("bad_request", "err_already_confirmed", table=slot.table, round=slot.round,
                              board=slot.board)
            if request.ns_score is not None and slot_state.result.ns_score != request.ns_score:
                raise refusal("bad_request", "err_result_changed", table=slot.table, round=slot.round,
                              board=slot.board, score=f"{slot_state.result.ns_score:+d}")
            if request.answer == "refuse":
                return session.append(ResultRemoved(slot), by=logged("club_by_table_EW", table=table), key=key,
                                      reason=logged("club_reason_refused_ew"))
            return session.append(ResultConfirmed(slot, Side.EW), by=logged("club_by_table_EW", table=table), key=key)

        record = await hub.write(live, action)
        return _answer(live, record)

    # -- the director --

    async def directed(session_id: str, token: str | None, decide: Callable[[Session], Record]) -> dict[str, Any]:
        """One director's action: the session loaded, the director's secret checked, the change decided
        on the session under its lock (``ClubHub.write``), the answer with the record it made."""
        live = await hub.get(session_id)
        hub.director(live, token)
        return _answer(live, await hub.write(live, lambda: decide(live.session)))

    @router.post("/api/club/sessions/{session_id}/director/correct")
    async def correct(session_id: str, request: CorrectRequest,
                      token: str | None = Query(default=None)) -> dict[str, Any]:
        def decide(session: Session) -> Record:
            seating = session.state.seating(table=request.table, round=request.round)
            if seating.ns is None or seating.ew is None:
                raise refusal("bad_request", "err_sit_out", table=request.table, round=request.round)
            result = _result(request.board, seating.ns, seating.ew, request.contract, request.declarer,
                             request.lead, request.tricks, table=request.table, round_=request.round)
            return session.correct(result, by=DIRECTOR_AUTHOR, reason=request.reason)

        return await directed(session_id, token, decide)

    @router.post("/api/club/sessions/{session_id}/director/adjust")
    async def adjust(session_id: str, request: AdjustRequest,
                     token: str | None = Query(default=None)) -> dict[str, Any]:
        slot = Slot("A", request.table, request.round, request.board)
        return await directed(session_id, token, lambda session: session.adjust(
            slot, Adjustment.parse(request.score), by=DIRECTOR_AUTHOR, reason=request.reason))

    @router.post("/api/club/sessions/{session_id}/director/penalty")
    async def penalty(session_id: str, request: PenaltyRequest,
                      token: str | None = Query(default=None)) -> dict[str, Any]:
        return await directed(session_id, token, lambda session: session.penalise(
            Penalty(PairId.parse(request.pair), request.amount, _unit(request.unit), request.board,
                    request.reason), by=DIRECTOR_AUTHOR))

    @router.post("/api/club/sessions/{session_id}/director/seat")
    async def seat(session_id: str, request: SeatRequest,
                   token: str | None = Query(default=None)) -> dict[str, Any]:
        return await directed(session_id, token, lambda session: session.append(
            PairSeated(PairId.parse(request.pair), tuple(name.strip() for name in request.players if name.strip()),
                       late=request.late, phantom=request.phantom), by=DIRECTOR_AUTHOR))

    @router.post("/api/club/sessions/{session_id}/director/seating")
    async def seating(session_id: str, request: SeatingRequest,
                      token: str | None = Query(default=None)) -> dict[str, Any]:
        def decide(session: Session) -> Record:
            pairs = [None if not text else PairId.parse(text) for text in (request.ns, request.ew)]
            return session.append(SeatingChanged(Seating("A", request.table, request.round, pairs[0], pairs[1],
                                                         tuple(request.boards))),
                                  by=DIRECTOR_AUTHOR, reason=request.reason)

        return await directed(session_id, token, decide)

    @router.post("/api/club/sessions/{session_id}/director/withdraw")
    async def withdraw(session_id: str, request: WithdrawRequest,
                       token: str | None = Query(default=None)) -> dict[str, Any]:
        return await directed(session_id, token, lambda session: _withdraw(session, request))

    @router.post("/api/club/sessions/{session_id}/director/movement")
    async def change_movement(session_id: str, request: MovementChangeRequest,
                              token: str | None = Query(default=None)) -> dict[str, Any]:
        def decide(session: Session) -> Record:
            movement = movement_of(request.movement)
            return session.append(MovementChanged(movement), by=DIRECTOR_AUTHOR, reason=request.reason)

        return await directed(session_id, token, decide)

    @router.post("/api/club/sessions/{session_id}/director/undo")
    async def undo(session_id: str, request: UndoRequest,
                   token: str | None = Query(default=None)) -> dict[str, Any]:
        return await directed(session_id, token, lambda session: session.undo(
            request.seq, by=DIRECTOR_AUTHOR, reason=request.reason))

    @router.post("/api/club/sessions/{session_id}/director/close")
    async def close(session_id: str, request: ReasonRequest | None = None,
                    token: str | None = Query(default=None)) -> dict[str, Any]:
        reason = "" if request is None else request.reason
        answer = await directed(session_id, token, lambda session: session.append(
            SessionClosed(), by=DIRECTOR_AUTHOR, reason=reason))
        live = await hub.get(session_id)
        async with live.lock:
            names = await asyncio.to_thread(hub.publish, live)
            missing = live.session.state.missing()
        return {**answer, "closed": True, "pages": [f"/club/{session_id}/pages/{name}" for name in names],
                "missing": [str(slot) for slot in missing]}

    @router.post("/api/club/sessions/{session_id}/director/reopen")
    async def reopen(session_id: str, request: ReasonRequest,
                     token: str | None = Query(default=None)) -> dict[str, Any]:
        return await directed(session_id, token, lambda session: session.append(
            SessionReopened(), by=DIRECTOR_AUTHOR, reason=request.reason))

    @router.post("/api/club/sessions/{session_id}/director/login")
    async def login(session_id: str, request: LoginRequest) -> dict[str, Any]:
        live = await hub.get(session_id)
        if hub.password is None:
            raise refusal("forbidden", "err_no_password")
        hub.check_password(request.password)
        director: dict[str, Any] = hub.links(session_id, live.session.state.movement.tables)["director"]
        return director

    @router.get("/api/club/sessions/{session_id}/sheet")
    async def sheet(session_id: str, http: Request, token: str | None = Query(default=None)) -> dict[str, Any]:
        live = await hub.get(session_id)
        hub.director(live, token)
        state = live.session.state
        origin = str(http.base_url).rstrip("/")
        return {"name": state.name, "event": state.event,
                "tables": [qr_card(hub, state, session_id, table, origin) for table in state.movement.tables]}

    @router.get("/t/{session_id}/{table}/{token}", include_in_schema=False)
    async def short_link(session_id: str, table: int, token: str) -> Response:
        live = await hub.get(session_id)
        hub.viewer(live, token, table=table)
        return RedirectResponse(f"/club/{session_id}/table/{table}?token={token}", status_code=303)

    @router.get("/api/club/event")
    async def event(sessions: EventSessions = [], name: EventName = None, by: EventBy = None,  # noqa: B006
                    lang: EventLang = "en", carry: EventCarry = [],  # noqa: B006
                    carry_weight: EventCarryWeight = 1.0) -> dict[str, Any]:
        combined = await hub.event(sessions, name=name, method=by, carry=carry, carry_weight=carry_weight)
        return clubpresenter.event_view(combined, sessions, Language.parse(lang))

    @router.get("/club/event", include_in_schema=False)
    async def event_ranking_page(sessions: EventSessions = [], name: EventName = None,  # noqa: B006
                                 by: EventBy = None, lang: EventLang = "en", carry: EventCarry = [],  # noqa: B006
                                 carry_weight: EventCarryWeight = 1.0) -> Response:
        combined = await hub.event(sessions, name=name, method=by, carry=carry, carry_weight=carry_weight)
        language = Language.parse(lang)
        return HTMLResponse(event_page(combined, lang=language,
                                       links=clubpresenter.event_pages(sessions, language)))

    @router.get("/club/{session_id}/pages/{name}", include_in_schema=False)
    async def published(session_id: str, name: str) -> Response:
        live = await hub.get(session_id)
        folder = (hub.pages / session_id).resolve()
        path = (folder / name).resolve()
        if path.parent == folder and not path.is_file():
            async with live.lock:  # the pages are rebuilt from the log as it was closed, even if reopened since
                with contextlib.suppress(ServerError):  # never closed: nothing is published yet
                    await asyncio.to_thread(hub.publish, live)
        if path.parent != folder or not path.is_file():
            raise refusal("not_found", "err_no_page", session=session_id, page=name)
        return FileResponse(path)

    @router.websocket("/ws/club/{session_id}")
    async def watch(websocket: WebSocket, session_id: str) -> None:
        await websocket.accept()
        try:
            live = await hub.get(session_id)
            viewer = hub.viewer(live, websocket.query_params.get("token"))
        except ServerError as error:
            await refuse(websocket, error)
            return
        if viewer == DIRECTOR:
            await analyse(live)
        watcher = Watcher(viewer)
        live.watchers.add(watcher)
        watcher.queue.put_nowait(hub.frame(live, viewer, set(live.session.state.movement.boards)))
        try:
            await relay(websocket, watcher)
        finally:
            live.watchers.discard(watcher)

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
    answer: dict[str, Any] = {"seq": record.seq, "kind": record.kind, "text": record.describe(), **log_line(record)}
    if slot is not None:
        answer["slot"] = clubpresenter.slot_view(live.session.state, slot)
    return answer
