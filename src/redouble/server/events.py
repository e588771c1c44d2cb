"""The table's events: a versioned union of frozen values, the engine's own events embedded.

A table's log is a list of these; the database holds their JSON (``to_json``), read back with
``table_event_from_json``. A board's actions are the engine's events (``redouble.events``);
the rest is the table's: boards starting and ending, par, readiness, undo requests, seats.

>>> event = table_event_from_json({"type": "card", "seat": "E", "card": "HQ", "cid": ["E", 4]})
>>> event
Played(event=CardPlayed(seat=Seat.EAST, card=Card.parse('HQ')), cid=('E', 4))
>>> table_event_from_json(event.to_json()) == event
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

from redouble.errors import BridgeError, NotationError
from redouble.events import Event, event_from_json
from redouble.seats import Seat

__all__ = [
    "EVENT_VERSION",
    "SUBSTITUTE_REASONS",
    "AnotherStarted",
    "BoardEnded",
    "BoardStarted",
    "CommandId",
    "ParFound",
    "Played",
    "ReadyForNext",
    "Restored",
    "RubberEnded",
    "SeatChanged",
    "Substituted",
    "TableEnded",
    "TableEvent",
    "UndoAnswered",
    "UndoRequested",
    "table_event_from_json",
]

EVENT_VERSION = 1
"""The version of the stored event JSON; events without ``v`` are version 1."""

CommandId = tuple[str, str | int]
"""Who sent a command and its message id: ``(seat letter, id)``."""


def _with_cid(data: dict[str, Any], cid: CommandId | None) -> dict[str, Any]:
    if cid is not None:
        data["cid"] = [cid[0], cid[1]]
    return data


@dataclass(frozen=True, slots=True)
class BoardStarted:
    """Board ``board`` is dealt from its committed seed."""

    type: ClassVar[str] = "board_start"
    board: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "board": self.board}


@dataclass(frozen=True, slots=True)
class Played:
    """One of the board's actions: the engine's event, and the command it answered."""

    type: ClassVar[str] = "played"
    event: Event
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid(self.event.to_json(), self.cid)


@dataclass(frozen=True, slots=True)
class UndoRequested:
    """``seat`` asks the opponents to let it take back its last call or card."""

    type: ClassVar[str] = "undo_request"
    seat: Seat
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid({"type": self.type, "seat": self.seat.letter()}, self.cid)


@dataclass(frozen=True, slots=True)
class UndoAnswered:
    """An opponent agrees to (or refuses) the pending undo request."""

    type: ClassVar[str] = "undo_answer"
    seat: Seat
    accept: bool
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid({"type": self.type, "seat": self.seat.letter(), "accept": self.accept},
                         self.cid)


@dataclass(frozen=True, slots=True)
class BoardEnded:
    """Board ``board`` is over and scored."""

    type: ClassVar[str] = "board_end"
    board: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "board": self.board}


@dataclass(frozen=True, slots=True)
class ParFound:
    """The double-dummy par of a finished board (``contracts``: ``Par.to_json`` JSON text)."""

    type: ClassVar[str] = "par"
    board: int
    score: int
    contracts_json: str = "[]"

    @property
    def contracts(self) -> list[Any]:
        """The par contracts as JSON data."""
        data: list[Any] = json.loads(self.contracts_json)
        return data

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "board": self.board, "score": self.score,
                "contracts": self.contracts}


@dataclass(frozen=True, slots=True)
class ReadyForNext:
    """``seat`` is ready for the next board."""

    type: ClassVar[str] = "ready"
    seat: Seat
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid({"type": self.type, "seat": self.seat.letter()}, self.cid)


@dataclass(frozen=True, slots=True)
class SeatChanged:
    """A seat's player takes a new name (or, in logs written before presence left the log,
    connected or went away)."""

    type: ClassVar[str] = "seat"
    seat: Seat
    name: str | None = None
    connected: bool | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "seat": self.seat.letter()}
        if self.name is not None:
            data["name"] = self.name
        if self.connected is not None:
            data["connected"] = self.connected
        return data


@dataclass(frozen=True, slots=True)
class TableEnded:
    """Every board has been played (or the rubbers are finished)."""

    type: ClassVar[str] = "table_end"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}


# --- rubber's end and another rubber (issue 12) -----------------------------------------------


@dataclass(frozen=True, slots=True)
class RubberEnded:
    """``seat`` ends the rubber after board ``board``, unfinished: it is scored as Law 77 says
    for an unfinished rubber (300 for a game, the table's figure for a part-score)."""

    type: ClassVar[str] = "rubber_end"
    seat: Seat
    board: int
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid({"type": self.type, "seat": self.seat.letter(), "board": self.board},
                         self.cid)


@dataclass(frozen=True, slots=True)
class AnotherStarted:
    """``seat`` asks for another rubber (or Chicago) at the same seats after the table ended:
    the table plays on, its score sheet continuing."""

    type: ClassVar[str] = "another"
    seat: Seat
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid({"type": self.type, "seat": self.seat.letter()}, self.cid)


# --- playing with people: a robot substitutes for an absent person (server/substitute.py) ---

SUBSTITUTE_REASONS = ("away", "timeout", "asked")
"""Why a robot plays a person's seat: away past the table's grace, out of time on the turn
timer twice, or asked by another player of the table while the person was away."""


@dataclass(frozen=True, slots=True)
class Substituted:
    """A robot plays ``seat`` for its absent person until the person takes the seat back."""

    type: ClassVar[str] = "substitute"
    seat: Seat
    reason: str
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid({"type": self.type, "seat": self.seat.letter(), "reason": self.reason},
                         self.cid)


@dataclass(frozen=True, slots=True)
class Restored:
    """The person of ``seat`` takes the seat back from the robot that played for them."""

    type: ClassVar[str] = "restore"
    seat: Seat
    cid: CommandId | None = None

    def to_json(self) -> dict[str, Any]:
        return _with_cid({"type": self.type, "seat": self.seat.letter()}, self.cid)


TableEvent = (BoardStarted | Played | UndoRequested | UndoAnswered | BoardEnded | ParFound
              | ReadyForNext | SeatChanged | TableEnded | RubberEnded | AnotherStarted | Substituted
              | Restored)

ENGINE_TYPES = frozenset({"call", "card", "claim", "accept", "reject", "withdraw", "undo"})


def _cid(data: dict[str, Any]) -> CommandId | None:
    raw = data.get("cid")
    if raw is None:
        return None
    if (not isinstance(raw, list) or len(raw) != 2 or not isinstance(raw[0], str)
            or not isinstance(raw[1], str | int) or isinstance(raw[1], bool)):
        raise NotationError(f"a command id is [seat, id], not {raw!r}")
    return (raw[0], raw[1])


def table_event_from_json(data: Any) -> TableEvent:
    """A stored event back from its JSON; anything malformed raises ``NotationError``."""
    if not isinstance(data, dict):
        raise NotationError(f"a table event is a JSON object, not {type(data).__name__}")
    version = data.get("v", 1)
    if version != EVENT_VERSION:
        raise NotationError(f"table events of version {version!r} are not known here")
    kind = data.get("type")
    try:
        if kind in ENGINE_TYPES:
            core = {key: value for key, value in data.items() if key not in ("cid", "v")}
            return Played(event=event_from_json(core), cid=_cid(data))
        if kind == "board_start":
            return BoardStarted(board=_number(data["board"]))
        if kind == "board_end":
            return BoardEnded(board=_number(data["board"]))
        if kind == "par":
            return ParFound(board=_number(data["board"]), score=_number(data["score"]),
                            contracts_json=json.dumps(data.get("contracts", []),
                                                      separators=(",", ":")))
        if kind == "undo_request":
            return UndoRequested(seat=Seat.parse(data["seat"]), cid=_cid(data))
        if kind == "undo_answer":
            accept = data["accept"]
            if not isinstance(accept, bool):
                raise NotationError(f"an undo answer is true or false, not {accept!r}")
            return UndoAnswered(seat=Seat.parse(data["seat"]), accept=accept, cid=_cid(data))
        if kind == "ready":
            return ReadyForNext(seat=Seat.parse(data["seat"]), cid=_cid(data))
        if kind == "seat":
            name = data.get("name")
            connected = data.get("connected")
            return SeatChanged(seat=Seat.parse(data["seat"]),
                               name=None if name is None else str(name),
                               connected=None if connected is None else bool(connected))
        if kind == "table_end":
            return TableEnded()
        if kind == "rubber_end":
            return RubberEnded(seat=Seat.parse(data["seat"]), board=_number(data["board"]),
                               cid=_cid(data))
        if kind == "another":
            return AnotherStarted(seat=Seat.parse(data["seat"]), cid=_cid(data))
        if kind == "substitute":
            reason = data["reason"]
            if reason not in SUBSTITUTE_REASONS:
                raise NotationError(f"a substitution's reason is one of {SUBSTITUTE_REASONS}, "
                                    f"not {reason!r}")
            return Substituted(seat=Seat.parse(data["seat"]), reason=reason, cid=_cid(data))
        if kind == "restore":
            return Restored(seat=Seat.parse(data["seat"]), cid=_cid(data))
    except (KeyError, TypeError) as error:
        raise NotationError(f"a {kind!r} event lacks {error}") from None
    except BridgeError as error:
        raise NotationError(f"a {kind!r} event is malformed: {error}") from None
    raise NotationError(f"unknown table event {kind!r}")


def _number(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise NotationError(f"a whole number is wanted, not {value!r}")
    return value
