"""A table at the server: its form of play, seats, boards and numbered event log.

The table is pure: ``propose`` turns a seat's request into events (checked by the core
``BoardState``, nothing changed), ``apply`` applies a stored event (the same path replays the
log after a restart), ``followups`` names what must follow (a board's end, the next board),
and what each viewer may see of it is the presenter's (``redouble.server.presenter``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from redouble.board import Board, board_dealer, board_vulnerability
from redouble.calls import PASS, Call
from redouble.cards import Card
from redouble.deal import Deal
from redouble.errors import BridgeError, OutOfTurnError
from redouble.events import (
    CardPlayed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    ClaimWithdrawn,
    Undone,
    call_made,
)
from redouble.scoring import minibridge_declarer
from redouble.seats import Seat, Vulnerability
from redouble.server import commands, sheet, substitute
from redouble.server.commands import Command
from redouble.server.errors import ServerError
from redouble.server.events import (
    AnotherStarted,
    BoardEnded,
    BoardStarted,
    CommandId,
    ParFound,
    Played,
    ReadyForNext,
    Restored,
    RubberEnded,
    SeatChanged,
    Substituted,
    TableEnded,
    TableEvent,
    UndoAnswered,
    UndoRequested,
)
from redouble.server.options import TableOptions
from redouble.server.store import SeatRecord, TableRecord
from redouble.state import BoardState
from redouble.view import Phase

__all__ = [
    "FORMS",
    "SCORINGS",
    "UNDO_POLICIES",
    "SeatState",
    "Table",
    "hash_token",
    "new_record",
    "seeds_for",
    "total_boards_for",
]

FORMS = ("rubber", "chicago", "duplicate", "minibridge")
SCORINGS = ("imps-vs-par", "matchpoints", "imps-cross")
UNDO_POLICIES = ("never", "ask-opponents", "always")
PACES: dict[str, float] = {"human": 1.0, "fast": 0.0}
"""Seconds a robot waits before its call or card: a brisk person's pace, or at once."""
TRICK_PAUSE: dict[str, float] = {"human": 1.2, "fast": 0.0}
"""Seconds more a robot waits before leading to a new trick, so that everyone sees the last."""
SEATS: tuple[Seat, ...] = tuple(Seat)
SEEDS_AHEAD = 16


def hash_token(token: str) -> str:
    """How a seat's secret token is stored: its SHA-256."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def chosen_name(seat: Seat, kind: str, name: str) -> str:
    """The name a person chose for a human seat, ``""`` where none was chosen: an unnamed seat is
    called by its seat, in each reader's language (notation's seat names), so that name is not
    stored; tables stored before kept the English one ("North"), which is read as none."""
    return "" if kind == "human" and name == seat.format(full=True) else name


@dataclass(slots=True)
class SeatState:
    """A seat: a person or a robot, its name (``""`` for a person who chose none), and whether
    someone is connected to it."""

    kind: str
    name: str
    token_hash: str | None
    connected: bool = False
    lang: str = "en"

    def shown(self, seat: Seat, lang: str = "en") -> str:
        """The seat's name as a reader of ``lang`` sees it: the chosen one, else the seat's own."""
        return self.name or seat.format(lang=lang, full=True)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "connected": self.connected}


@dataclass(slots=True)
class UndoRequest:
    """A pending request to take back the requester's last call or card."""

    by: Seat
    needs: frozenset[Seat]
    accepted_by: set[Seat] = field(default_factory=set)

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by.letter(), "needs": sorted(s.letter() for s in self.needs),
                "accepted_by": sorted(s.letter() for s in self.accepted_by)}


@dataclass(frozen=True, slots=True)
class MiniBridge:
    """A mini-bridge board's announced points, its declarer and dummy (Dutch/French rules)."""

    hcp: dict[Seat, int]
    declarer: Seat


class Table:
    """One table: settings, seats, the current board and the numbered event log."""

    def __init__(self, record: TableRecord) -> None:
        config = record.config
        self.id = record.id
        self.created_at: datetime = record.created_at
        self.form: str = record.form
        self.group_id = record.group_id
        self.scoring: str | None = config.get("scoring")
        self.boards: int | None = config.get("boards")
        #: the boards a table of a movement plays, in order (else boards 1, 2, … ``boards``)
        self.numbers: tuple[int, ...] | None = (tuple(config["board_numbers"])
                                                if config.get("board_numbers") else None)
        #: how many tables of the group play each board in all (a movement's tables are opened
        #: round by round): a board stays hidden until that many have finished it
        self.field: dict[int, int] = {int(k): int(v) for k, v in config.get("field", {}).items()}
        self.undo_policy: str = config.get("undo_policy", "ask-opponents")
        self.pace: str = config.get("pace", "fast")  # tables made before the pace setting: fast
        self.config: dict[str, Any] = dict(config)
        #: rubber: the boards after which the players ended a rubber unfinished
        self.rubbers_ended: tuple[int, ...] = ()
        #: rubbers (or Chicagos) asked for after the table first ended ("another rubber")
        self.more_rubbers = 0
        self.options = TableOptions.from_config(config)
        #: seats a robot plays for their absent person, and why (server/substitute.py)
        self.substitutes: dict[Seat, str] = {}
        self.seats: dict[Seat, SeatState] = {
            seat: SeatState(kind=s.kind, name=chosen_name(seat, s.kind, s.name), token_hash=s.token_hash)
            for s in record.seats for seat in (Seat.parse(s.seat),)}
        self.seeds: dict[int, tuple[str, str]] = dict(record.seeds)
        self.log: list[TableEvent] = []
        #: the seq of the last event each command (seat, message id) made: a replayed id is
        #: answered with it and not acted on again
        self.answered: dict[CommandId, int] = {}
        self.board_no = 0
        self.state: BoardState | None = None
        self.minibridge: MiniBridge | None = None
        self.ended_boards: list[tuple[Board, BoardState]] = []
        self.par: dict[int, dict[str, Any]] = {}
        self.ready: set[Seat] = set()
        #: boards whose par failed for now: the table goes on, the par follows (memory only)
        self.par_late: set[int] = set()
        self.undo_request: UndoRequest | None = None
        self.finished = False
        #: other tables playing the same boards (set by the hub; includes this one)
        self.group: Callable[[], Sequence[Table]] = lambda: (self,)
        for data in record.events:
            self.apply(data)

    # --- facts ------------------------------------------------------------------------------

    @property
    def seq(self) -> int:
        """The number of the last event."""
        return len(self.log)

    @property
    def humans(self) -> set[Seat]:
        """The seats people sit in."""
        return {seat for seat, info in self.seats.items() if info.kind == "human"}

    def is_robot(self, seat: Seat) -> bool:
        """Whether ``seat`` is a robot's seat."""
        return self.seats[seat].kind == "robot"

    def robot_plays(self, seat: Seat) -> bool:
        """Whether a robot plays ``seat`` now: a robot's seat, or a person's it substitutes in."""
        return self.seats[seat].kind == "robot" or seat in self.substitutes

    def seat_for_token(self, token: str) -> Seat | None:
        """The seat a secret token belongs to."""
        digest = hash_token(token)
        for seat, info in self.seats.items():
            if info.token_hash is not None and info.token_hash == digest:
                return seat
        return None

    @property
    def board_done(self) -> bool:
        """Whether the current board has been scored (``board_end`` recorded)."""
        return bool(self.ended_boards) and self.ended_boards[-1][0].number == self.board_no

    def total_boards(self) -> int | None:
        """How many boards the table plays, if fixed in advance."""
        return len(self.numbers) if self.numbers else total_boards_for(self.form, self.boards)

    def plays(self, number: int) -> bool:
        """Whether board ``number`` is one this table plays (or will)."""
        if self.numbers:
            return number in self.numbers
        total = self.total_boards()
        return total is None or 1 <= number <= total

    def next_board(self) -> int | None:
        """The board after the current one, if the table plays a fixed list of boards."""
        if not self.numbers:
            return self.board_no + 1
        later = self.numbers.index(self.board_no) + 1 if self.board_no in self.numbers else 0
        return self.numbers[later] if later < len(self.numbers) else None

    def seeds_wanted(self) -> int:
        """How many boards must have committed seeds now (rubber and Chicago: some ahead)."""
        return seeds_for(self.form, {"boards": self.boards, "board_numbers": self.numbers},
                         self.board_no)

    def make_board(self, number: int) -> Board:
        """Board ``number``: its deal from the committed seed, dealer and vulnerability."""
        if number not in self.seeds:
            raise ServerError("internal", f"board {number} has no committed seed")
        seed = self.seeds[number][0]
        deal = Deal.from_seed(seed, number)
        if self.form in ("rubber", "chicago"):
            dealer, vulnerability = sheet.next_deal(self.form, self.results(), number,
                                                    self.sheet_options)
        elif self.form == "minibridge":  # mini-bridge has no vulnerability (seed 001)
            dealer, vulnerability = board_dealer(number), Vulnerability.NONE
        else:
            dealer, vulnerability = board_dealer(number), board_vulnerability(number)
        return Board(deal=deal, dealer=dealer, vulnerability=vulnerability, number=number)

    @property
    def robot_scoring(self) -> str:
        """The form of scoring views show (robots play for it): IMPs, matchpoints or total points."""
        if self.form == "duplicate":
            return "matchpoints" if self.scoring == "matchpoints" else "imps"
        return "rubber"  # rubber, Chicago and mini-bridge score total points

    # --- applying stored events ------------------------------------------------------------

    def apply(self, event: TableEvent) -> None:
        """Apply one stored event (live or replayed); it becomes event number ``seq``."""
        if isinstance(event, BoardStarted):
            number = event.board
            board = self.make_board(number)
            self.board_no = number
            self.state = BoardState(board, scoring=self.robot_scoring)
            self.ready = set()
            self.undo_request = None
            self.minibridge = None
            if self.form == "minibridge":
                announced = [(board.dealer.next(i), board.deal[board.dealer.next(i)].hcp)
                             for i in range(4)]
                self.minibridge = MiniBridge(hcp=dict(announced),
                                             declarer=minibridge_declarer(announced).declarer)
        elif isinstance(event, Played):
            if self.state is None:
                raise ServerError("internal", f"a {event.event.type} event before any board started")
            self.state.apply(event.event)
            self.undo_request = None
        elif isinstance(event, UndoRequested):
            self.undo_request = UndoRequest(by=event.seat, needs=frozenset(
                s for s in (event.seat.lho, event.seat.rho) if not self.robot_plays(s)))
        elif isinstance(event, UndoAnswered):
            if self.undo_request is not None:
                if event.accept:
                    self.undo_request.accepted_by.add(event.seat)
                else:
                    self.undo_request = None
        elif isinstance(event, BoardEnded):
            if self.state is None or self.state.phase is not Phase.DONE:
                raise ServerError("internal", f"board {event.board} ends before it is over")
            self.ended_boards.append((self.state.board, self.state))
            self.undo_request = None
        elif isinstance(event, ParFound):
            self.par[event.board] = {"score": event.score, "contracts": event.contracts}
        elif isinstance(event, ReadyForNext):
            self.ready.add(event.seat)
        elif isinstance(event, SeatChanged):
            info = self.seats[event.seat]
            if event.name is not None:
                info.name = event.name
            if event.connected is not None:
                info.connected = event.connected
        elif isinstance(event, TableEnded):
            self.finished = True
        elif isinstance(event, RubberEnded):  # the one who ends it is ready for what follows
            self.rubbers_ended = (*self.rubbers_ended, event.board)
            self.ready.add(event.seat)
        elif isinstance(event, AnotherStarted):  # the one who asks is ready to play it
            self.finished = False
            self.more_rubbers += 1
            self.ready.add(event.seat)
        elif isinstance(event, Substituted):
            self.substitutes[event.seat] = event.reason
        elif isinstance(event, Restored):
            self.substitutes.pop(event.seat, None)
        cid = getattr(event, "cid", None)
        self.log.append(event)
        if cid is not None:
            self.answered[cid] = self.seq

    def scratch(self) -> Table:
        """A copy to decide on: applying events to it leaves this table untouched."""
        copy = object.__new__(Table)
        copy.__dict__.update(self.__dict__)
        copy.log = list(self.log)
        copy.answered = dict(self.answered)
        copy.ready = set(self.ready)
        copy.par = dict(self.par)
        copy.ended_boards = list(self.ended_boards)
        copy.seats = {seat: replace(info) for seat, info in self.seats.items()}
        copy.substitutes = dict(self.substitutes)
        request = self.undo_request
        copy.undo_request = None if request is None else UndoRequest(
            by=request.by, needs=request.needs, accepted_by=set(request.accepted_by))
        if self.state is not None:
            copy.state = BoardState(self.state.board, self.state.events, scoring=self.state.scoring)
        return copy

    def adopt(self, decided: Table) -> None:
        """Take over the state of a scratch copy once its events are stored."""
        self.__dict__.update(decided.__dict__)

    # --- proposing events from a request ---------------------------------------------------

    def _board(self) -> BoardState:
        if self.finished:
            raise ServerError("phase", "the table has finished: every board has been played")
        if self.state is None:
            raise ServerError("phase", "no board is being played")
        return self.state

    def propose(self, seat: Seat | None, command: Command,
                cid: CommandId | None = None) -> list[TableEvent]:
        """The events a command from ``seat`` (``None``: a spectator) becomes; nothing changes.

        ``cid`` (the seat and the command's message id) is recorded with the first event.
        Raises ``ServerError`` (with the protocol's error code) when the command is refused.
        """
        if seat is None:
            raise ServerError("spectator", "spectators watch: they cannot act at the table")
        events = self._propose(seat, command)
        if cid is not None and events and hasattr(events[0], "cid"):
            events[0] = replace(events[0], cid=cid)  # type: ignore[arg-type]
        return events

    def _propose(self, seat: Seat, command: Command) -> list[TableEvent]:
        try:
            if isinstance(command, commands.Call):
                return self._propose_call(seat, command)
            if isinstance(command, commands.Card):
                return self._propose_card(seat, command)
            if isinstance(command, commands.Claim | commands.Concede):
                tricks = command.tricks if isinstance(command, commands.Claim) else 0
                statement = command.statement if isinstance(command, commands.Claim) else None
                state = self._board()
                state.check_claim(seat, tricks)
                return [Played(ClaimMade(seat=seat, tricks=tricks,
                                         statement=(statement or "").strip() or None))]
            if isinstance(command, commands.AcceptClaim | commands.RejectClaim
                          | commands.WithdrawClaim):
                return self._propose_answer(seat, command)
            if isinstance(command, commands.Undo):
                return self._propose_undo(seat)
            if isinstance(command, commands.UndoAnswer):
                return self._propose_undo_answer(seat, command.accept)
            if isinstance(command, commands.EndRubber):
                return self._propose_end_rubber(seat)
            if isinstance(command, commands.Another):
                return self._propose_another(seat)
            if isinstance(command, commands.Substitute | commands.TakeSeat):
                return substitute.propose(self, seat, command)
            if isinstance(command, commands.Ready):
                self._board()
                if not self.board_done:
                    raise ServerError("phase", "the board is still being played")
                if seat in self.ready:
                    raise ServerError("phase", "you are already ready for the next board")
                return [ReadyForNext(seat=seat)]
        except ServerError:
            raise
        except OutOfTurnError as error:
            raise ServerError("not_your_turn", str(error)) from None
        except BridgeError as error:
            raise ServerError(_code_for(command.type), str(error)) from None
        raise ServerError("bad_message", f"a {command.type!r} message does not act at the table")

    def _propose_call(self, seat: Seat, command: commands.Call) -> list[TableEvent]:
        state = self._board()
        call = Call.parse(command.call)
        if self.minibridge is not None:
            return self._propose_minibridge(seat, call, state)
        if state.phase is not Phase.AUCTION:
            raise ServerError("phase", f"the auction is over: the board is in the "
                                       f"{state.phase.value} phase")
        if state.actor is not seat:
            actor = state.actor
            raise ServerError("not_your_turn",
                              f"it is {actor.format(full=True) if actor else 'nobody'}'s turn to call")
        state.check_call(call, seat=seat)
        return [Played(call_made(seat, call, alert=command.alert,
                                 explanation=command.explanation or None))]

    def _propose_minibridge(self, seat: Seat, call: Call, state: BoardState) -> list[TableEvent]:
        assert self.minibridge is not None
        declarer = self.minibridge.declarer
        if state.phase is not Phase.AUCTION:
            raise ServerError("phase", "the contract has been chosen")
        if seat is not declarer:
            raise ServerError("not_your_turn", f"in mini-bridge {declarer.format(full=True)} "
                                               "chooses the contract")
        if not call.is_bid:
            raise ServerError("illegal_call", "in mini-bridge declarer chooses a contract: a bid "
                                              "from 1C to 7NT")
        return minibridge_auction(state.board.dealer, declarer, call)

    def _propose_card(self, seat: Seat, command: commands.Card) -> list[TableEvent]:
        state = self._board()
        card = Card.parse(command.card)
        if state.phase is not Phase.PLAY:
            raise ServerError("phase", f"no card can be played in the {state.phase.value} phase")
        if state.actor is not seat:
            actor = state.actor
            raise ServerError("not_your_turn",
                              f"it is {actor.format(full=True) if actor else 'nobody'}'s turn to play")
        try:
            state.check_card(card, by=seat)
        except OutOfTurnError as error:  # the seat is on turn: the card is from another hand
            raise ServerError("illegal_card", str(error)) from None
        turn = state.turn
        assert turn is not None
        return [Played(CardPlayed(seat=turn, card=card))]

    def _propose_answer(self, seat: Seat, command: Command) -> list[TableEvent]:
        state = self._board()
        play = state.play
        claim = None if play is None else play.pending_claim
        if claim is None:
            raise ServerError("claim", "there is no claim to answer")
        if isinstance(command, commands.WithdrawClaim):
            if claim.claimer is not seat:
                raise ServerError("claim", "only the claimer can withdraw a claim")
            return [Played(ClaimWithdrawn(seat=seat))]
        if seat not in claim.needs:
            raise ServerError("claim", f"{seat.format(full=True)} is not asked to agree to "
                                       f"{claim.claimer.format(full=True)}'s claim")
        if seat in claim.accepted_by:
            raise ServerError("claim", f"{seat.format(full=True)} has already agreed")
        if isinstance(command, commands.AcceptClaim):
            return [Played(ClaimAccepted(seat=seat))]
        return [Played(ClaimRejected(seat=seat))]

    def _propose_end_rubber(self, seat: Seat) -> list[TableEvent]:
        """End the rubber between deals (the players agree to stop: Law 77's unfinished rubber)."""
        self._board()
        if self.form != "rubber":
            raise ServerError("phase", "only a rubber can be ended unfinished")
        if self.is_robot(seat):
            raise ServerError("phase", "a robot does not end the rubber")
        if not self.board_done:
            raise ServerError("phase", "a rubber is ended between deals: finish this one first")
        played = sheet.keepers(self.form, self.results(), options=self.sheet_options)
        if not played or played[-1].is_finished:
            raise ServerError("phase", "the rubber is already over: the next one has not started")
        return [RubberEnded(seat=seat, board=self.board_no)]

    def _propose_another(self, seat: Seat) -> list[TableEvent]:
        """Another rubber (or Chicago) at the same seats, once the table has ended."""
        if self.form not in ("rubber", "chicago"):
            raise ServerError("phase", f"a {self.form} table plays its boards once; start a new "
                                       "table from the lobby")
        if not self.finished:
            raise ServerError("phase", f"the {self.form} is still being played")
        if self.is_robot(seat):
            raise ServerError("phase", "a robot does not ask for another rubber")
        return [AnotherStarted(seat=seat)]

    def undo_steps(self, seat: Seat) -> int:
        """How many calls or cards must be taken back to undo ``seat``'s last one (0: none)."""
        state = self._board()
        actors: list[Seat] = [entry.seat for entry in state.view(None).auction]
        play = state.play
        if play is not None:
            declarer = play.contract.declarer
            for who, _card in (pair for trick in (*play.tricks, play.current_trick)
                               for pair in trick.plays):
                actors.append(declarer if declarer is not None and who is declarer.partner else who)
        for steps, who in enumerate(reversed(actors), start=1):
            if who is seat:
                return steps
        return 0

    def _undo_events(self, seat: Seat, steps: int) -> list[TableEvent]:
        """``steps`` undo events, each checked by the engine on a scratch copy of the board."""
        state = self._board()
        trial = BoardState(state.board, state.events, scoring=state.scoring)
        events: list[TableEvent] = []
        for _ in range(steps):
            try:
                trial.check_undo()
            except BridgeError as error:
                raise ServerError("undo", str(error)) from None
            undone = Undone(seat=seat)
            trial.apply(undone)
            events.append(Played(undone))
        return events

    def _propose_undo(self, seat: Seat) -> list[TableEvent]:
        state = self._board()
        if self.undo_policy == "never":
            raise ServerError("undo", "this table does not allow undo")
        if state.phase is Phase.DONE:
            raise ServerError("undo", "the board is over: nothing can be taken back")
        if self.minibridge is not None and state.phase is Phase.AUCTION:
            raise ServerError("undo", "there is no call to take back")
        steps = self.undo_steps(seat)
        try:
            state.check_undo(max(steps, 1))  # the engine's rule: never back across the lead
        except BridgeError as error:
            raise ServerError("undo", str(error)) from None
        if steps == 0:
            raise ServerError("undo", "you have made no call or card on this board to take back")
        if self.minibridge is not None and steps > len(state.play.cards_played if state.play else ()):
            raise ServerError("undo", "the mini-bridge contract cannot be taken back")
        if self.undo_request is not None:
            raise ServerError("undo", "an undo request is already waiting for an answer")
        events = self._undo_events(seat, steps)
        if self.undo_policy == "always" or not any(not self.robot_plays(s) for s in (seat.lho, seat.rho)):
            return events
        return [UndoRequested(seat=seat)]

    def may_undo(self, seat: Seat) -> bool:
        """Whether an undo from ``seat`` would be taken now (granted or put to the opponents)."""
        try:
            return bool(self._propose_undo(seat))
        except (ServerError, BridgeError):
            return False

    def _propose_undo_answer(self, seat: Seat, accept: bool) -> list[TableEvent]:
        request = self.undo_request
        if request is None:
            raise ServerError("undo", "there is no undo request to answer")
        if seat not in request.needs or seat in request.accepted_by:
            raise ServerError("undo", f"{seat.format(full=True)} is not asked to agree to this undo")
        return [UndoAnswered(seat=seat, accept=accept)]

    # --- what follows -------------------------------------------------------------------------

    def followups(self) -> list[TableEvent]:
        """Events that must follow the present state: undo granted, board over, next board."""
        if self.finished:
            return []
        if self.state is None:
            return [BoardStarted(board=(self.numbers or (1,))[0])]
        request = self.undo_request
        if request is not None and request.needs <= request.accepted_by:
            steps = self.undo_steps(request.by)
            try:
                return self._undo_events(request.by, max(steps, 1))
            except ServerError:  # the board moved on meanwhile: the request lapses
                return [UndoAnswered(seat=sorted(request.needs)[0], accept=False)]
        if self.state.phase is Phase.DONE and not self.board_done:
            return [BoardEnded(board=self.board_no)]
        if self.board_done and self.board_no in self.rubbers_ended and self._rubbers_over():
            return [TableEnded()]  # the players ended the last rubber: the table ends now
        if self.board_done and self.humans - set(self.substitutes) <= self.ready:
            if self.form == "duplicate" and self.scoring == "imps-vs-par" \
                    and self.board_no not in self.par and self.board_no not in self.par_late:
                return []  # the par is being computed
            total = self.total_boards()
            following = self.next_board()
            if self.numbers:
                over = following is None
            else:
                over = (total is not None and self.board_no >= total) or (
                    total is None and self._rubbers_over())
            if over or following is None:
                return [TableEnded()]
            return [BoardStarted(board=following)]
        return []

    def robot_delay(self, kind: str) -> float:
        """Seconds a robot waits before acting (``kind`` as ``robot_job``): its call, or its
        card (longer when it leads to a new trick, so that the finished one can be seen)."""
        if kind not in ("call", "card", "choose"):
            return 0.0
        delay = PACES.get(self.pace, 0.0)
        state = self.state
        if kind == "card" and state is not None and state.play is not None \
                and state.play.tricks and not state.play.current_trick.plays:
            delay += TRICK_PAUSE.get(self.pace, 0.0)
        return delay

    def robot_job(self) -> tuple[str, Seat] | None:
        """What a robot must do now, if anything: ``("call"|"card"|"claim"|"choose", seat)``."""
        state = self.state
        if self.finished or state is None or self.undo_request is not None:
            return None
        phase = state.phase
        if phase is Phase.CLAIM:
            assert state.play is not None and state.play.pending_claim is not None
            claim = state.play.pending_claim
            for seat in sorted(claim.needs - claim.accepted_by):
                if self.robot_plays(seat):
                    return ("claim", seat)
            return None
        if phase is Phase.AUCTION and self.minibridge is not None:
            declarer = self.minibridge.declarer
            return ("choose", declarer) if self.robot_plays(declarer) else None
        actor = state.actor
        if phase in (Phase.AUCTION, Phase.PLAY) and actor is not None and self.robot_plays(actor):
            return ("call" if phase is Phase.AUCTION else "card", actor)
        return None

    # --- results and scores ---------------------------------------------------------------------

    @property
    def sheet_options(self) -> sheet.SheetOptions:
        """Rubber and Chicago: honours, the unfinished-rubber bonus and the rubbers ended."""
        return sheet.SheetOptions.of(self.form, self.config, self.rubbers_ended)

    def rubbers_wanted(self) -> int:
        """How many rubbers (or Chicagos) the table plays: as created, plus those asked for."""
        return (self.boards or 1) + self.more_rubbers

    def _rubbers_over(self) -> bool:
        return sheet.finished_count(self.form, self.results(),
                                    self.sheet_options) >= self.rubbers_wanted()

    def results(self) -> list[dict[str, Any]]:
        """The finished boards' results, in order (``BoardResult`` of docs/protocol.md); rubber
        and Chicago scored on their sheet."""
        deals = {board.number: board.deal for board, _ in self.ended_boards if board.number}
        return sheet.sheet_results(self.form, [self.result_of(board, state)
                                               for board, state in self.ended_boards], deals,
                                   self.sheet_options)

    def scored_result(self, number: int) -> dict[str, Any] | None:
        """Finished board ``number``'s result as ``results`` gives it (on the sheet's scoring)."""
        return next((result for result in self.results() if result["board"] == number), None)

    def result_of(self, board: Board, state: BoardState) -> dict[str, Any]:
        """One finished board's result, scored for this table's form."""
        result = state.result
        assert result is not None
        contract = result.contract
        data: dict[str, Any] = {
            "board": board.number, "dealer": board.dealer.letter(),
            "vulnerability": board.vulnerability.value,
            "contract": None if contract is None else str(contract),
            "declarer": None if contract is None or contract.declarer is None
            else contract.declarer.letter(),
            "tricks": result.tricks, "result": str(result),
            "score_ns": sheet.score_ns(self.form, contract, result.tricks, board.vulnerability,
                                       minibridge=self.form == "minibridge"),
            "imps_ns": None, "matchpoints_ns": None, "par": None,
            "claimed": claimed(state),
        }
        number = board.number or 0
        if self.form == "duplicate":
            if self.scoring == "imps-vs-par" and number in self.par:
                par = self.par[number]
                data["par"] = par
                data["imps_ns"] = sheet.imps_between(data["score_ns"], par["score"])
            elif self.scoring in ("matchpoints", "imps-cross"):
                others = [other.score_on(number) for other in self.group() if other is not self]
                field_scores = [s for s in others if s is not None]
                if self.scoring == "matchpoints":
                    data["matchpoints_ns"] = sheet.matchpoint_percent(data["score_ns"], field_scores)
                else:
                    data["imps_ns"] = sheet.cross_imps(data["score_ns"], field_scores)
        return data

    def score_on(self, number: int) -> int | None:
        """This table's NS score on board ``number``, if finished."""
        for board, state in self.ended_boards:
            if board.number == number:
                result = state.result
                assert result is not None
                return sheet.score_ns(self.form, result.contract, result.tricks,
                                      board.vulnerability, minibridge=self.form == "minibridge")
        return None

    def score(self) -> dict[str, Any]:
        """The table's score sheet for its form (``Score`` of docs/protocol.md)."""
        deals = {board.number: board.deal for board, _ in self.ended_boards if board.number}
        return sheet.score_sheet(self.form, self.scoring, self.results(), deals,
                                 self.sheet_options)

def claimed(state: BoardState) -> dict[str, Any] | None:
    """How a board settled by a claim ended: who claimed how many of the tricks left, and the
    statement of the line (Law 68C), kept for the hand record; None when all 13 were played."""
    made = next((e for e in reversed(state.events) if isinstance(e, ClaimMade)), None)
    play = state.play
    if made is None or play is None or len(play.tricks) == 13:
        return None
    return {"seat": made.seat.letter(), "tricks": made.tricks, "statement": made.statement}


def total_boards_for(form: str, boards: int | None) -> int | None:
    """How many boards a form plays: duplicate and mini-bridge ``boards`` (default 8).

    Rubber and Chicago play until ``boards`` rubbers or Chicagos (default 1) are finished:
    the number of boards depends on the play (pass-outs, games).
    """
    if form in ("duplicate", "minibridge"):
        return boards or 8
    return None


def seeds_for(form: str, config: dict[str, Any], board_no: int = 0) -> int:
    """How many boards of a group must have committed seeds for a table of ``form`` and
    ``config`` (a movement's table: up to its highest board; rubber and Chicago: some ahead)."""
    numbers: list[int] | tuple[int, ...] | None = config.get("board_numbers")
    if numbers:
        return max(numbers)
    total = total_boards_for(form, config.get("boards"))
    return total if total is not None else board_no + 1 + SEEDS_AHEAD


def minibridge_auction(dealer: Seat, declarer: Seat, call: Call) -> list[TableEvent]:
    """The auction a mini-bridge contract stands for: passes round to declarer, the bid, 3 passes."""
    events: list[TableEvent] = []
    seat = dealer
    while seat is not declarer:
        events.append(Played(call_made(seat, PASS)))
        seat = seat.lho
    events.append(Played(call_made(declarer, call)))
    for _ in range(3):
        seat = seat.lho
        events.append(Played(call_made(seat, PASS)))
    return events


def _code_for(kind: str) -> str:
    return {"call": "illegal_call", "card": "illegal_card", "claim": "claim",
            "concede": "claim", "undo": "undo"}.get(kind, "bad_message")


def new_record(*, table_id: str, created_at: datetime, form: str, group_id: str,
               config: dict[str, Any], seats: list[SeatRecord]) -> TableRecord:
    """A fresh table's record, its first board about to start."""
    first = (config.get("board_numbers") or [1])[0]
    return TableRecord(id=table_id, created_at=created_at, form=form, group_id=group_id,
                       config=config, status="playing", seats=seats,
                       events=[BoardStarted(board=first)])


def vulnerability_name(vulnerability: Vulnerability) -> str:
    """The protocol's name of a vulnerability."""
    return vulnerability.value
