"""Client messages parsed at the websocket's edge into typed commands (docs/protocol.md).

A frame's JSON becomes one of these frozen pydantic models, chosen by ``type``; anything else
is refused with ``bad_message`` before it reaches a table.

>>> parse_command({"type": "call", "call": "1NT", "id": 7})
Call(id=7, type='call', call='1NT', alert=False, explanation=None)
>>> parse_command({"type": "claim", "tricks": "all"})
Traceback (most recent call last):
...
redouble.server.errors.ServerError: claim.tricks must be a whole number
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

from redouble.server.invalid import schema_refusal

__all__ = [
    "LANGUAGES",
    "MAX_CHAT",
    "MAX_EXPLANATION",
    "MAX_ID",
    "MAX_STATEMENT",
    "AcceptClaim",
    "Another",
    "Call",
    "Card",
    "Chat",
    "Claim",
    "Command",
    "Concede",
    "EndRubber",
    "Language",
    "Ping",
    "Ready",
    "RejectClaim",
    "Resume",
    "Substitute",
    "TableRequest",
    "TakeSeat",
    "Traveller",
    "Undo",
    "UndoAnswer",
    "WithdrawClaim",
    "control_free",
    "message_id",
    "parse_command",
    "parse_table_request",
]

LANGUAGES = ("en", "nl", "de", "no")
MAX_EXPLANATION = 200
MAX_STATEMENT = 300
MAX_ID = 64
MAX_CHAT = 200
"""The longest chat message, in characters."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def control_free(text: str) -> bool:
    """Whether text holds no control character (NUL, line breaks, …): names and explanations."""
    return _CONTROL.search(text) is None


MessageId = StrictInt | Annotated[str, Field(max_length=MAX_ID)] | None


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    id: MessageId = None


class Call(_Command):
    """A call; ``alert`` and ``explanation`` go to the opponents only (Law 40B)."""

    type: Literal["call"]
    call: str = Field(max_length=8)
    alert: StrictBool = False
    explanation: str | None = Field(default=None, max_length=MAX_EXPLANATION)


class Card(_Command):
    """A card from the seat's hand, or from dummy's when the seat is declarer (Law 45)."""

    type: Literal["card"]
    card: str = Field(max_length=4)


class Claim(_Command):
    """A claim of ``tricks`` of the remaining tricks for the claimer's side (Law 68)."""

    type: Literal["claim"]
    tricks: StrictInt
    #: the claimer's statement of the line of play (Law 68C), shown to the opponents
    statement: str | None = Field(default=None, max_length=MAX_STATEMENT)


class Concede(_Command):
    """A concession: a claim of no more tricks (Law 68B)."""

    type: Literal["concede"]


class AcceptClaim(_Command):
    """Agreement to the pending claim (Law 69)."""

    type: Literal["accept_claim"]


class RejectClaim(_Command):
    """Disagreement with the pending claim: play resumes (Law 68D)."""

    type: Literal["reject_claim"]


class WithdrawClaim(_Command):
    """The claimer takes the pending claim back."""

    type: Literal["withdraw_claim"]


class Undo(_Command):
    """A request to take back the seat's last call or card (the table's undo policy)."""

    type: Literal["undo"]


class UndoAnswer(_Command):
    """An opponent's answer to an undo request."""

    type: Literal["undo_answer"]
    accept: StrictBool


class Ready(_Command):
    """Ready for the next board."""

    type: Literal["ready"]


class Resume(_Command):
    """Ask for every event after ``since``."""

    type: Literal["resume"]
    since: StrictInt


class Language(_Command):
    """The language the seat reads the table in."""

    type: Literal["language"]
    lang: Literal["en", "nl", "de", "no"]


class Ping(_Command):
    """Are you there?"""

    type: Literal["ping"]


# --- the table as a player lives it (issue 12): rubber's end, the traveller ---------------------


class EndRubber(_Command):
    """Stop the rubber between deals: the unfinished rubber is scored (Law 77: 300 for a game,
    100 or the table's figure for a part-score) and the table goes to the next rubber or ends."""

    type: Literal["end_rubber"]


class Another(_Command):
    """Play another rubber (or Chicago) at the same seats after the table has ended."""

    type: Literal["another"]


class Traveller(_Command):
    """Ask for a board's traveller: every table's result on it with matchpoints (a board the
    asker's table has finished)."""

    type: Literal["traveller"]
    board: Annotated[StrictInt, Field(ge=1, le=10_000)]
# --- playing with people (server/people.py) ---------------------------------------------------


class Chat(_Command):
    """A chat message: players write to the table, kibitzers to the kibitzers (server/chat.py)."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=MAX_CHAT)


class Substitute(_Command):
    """Ask a robot to play for an away person's seat until they come back."""

    type: Literal["substitute"]
    seat: Literal["N", "E", "S", "W"]


class TakeSeat(_Command):
    """Take your seat back from the robot playing it for you."""

    type: Literal["take_seat"]


Command = Annotated[
    Call | Card | Claim | Concede | AcceptClaim | RejectClaim | WithdrawClaim | Undo | UndoAnswer
    | Ready | Resume | Language | Ping | EndRubber | Another | Traveller | Chat | Substitute | TakeSeat,
    Field(discriminator="type")]
_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)

SeatLetter = Literal["N", "E", "S", "W"]


class TableRequest(BaseModel):
    """``POST /api/tables``: the form of play, its settings and who sits where."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    form: Literal["rubber", "chicago", "duplicate", "minibridge"] | None = None
    scoring: Literal["imps-vs-par", "matchpoints", "imps-cross"] | None = None
    boards: Annotated[StrictInt, Field(ge=1, le=36)] | None = None
    same_boards_as: Annotated[str, Field(max_length=32)] | None = None
    seats: dict[SeatLetter, Literal["human", "robot"]]
    names: dict[SeatLetter, Annotated[str, Field(max_length=40)] | None] | None = None
    undo_policy: Literal["never", "ask-opponents", "always"] = "ask-opponents"
    #: how fast robots act: "human" (a brisk person's pace, the default with a person seated)
    #: or "fast" (at once, the default for robot-only tables)
    pace: Literal["human", "fast"] | None = None
    #: rubber and Chicago: honours scored above the line (rubber default on, Chicago off)
    honours: StrictBool | None = None
    #: rubber: what a rubber ended unfinished earns (Law 77, RULES §6): 300 for a game and 100
    #: (or 50, as some books say) for a part-score in the unfinished game, or nothing
    unfinished: Literal["100", "50", "none"] | None = None
    #: playing with people (server/options.py): seconds per call or card (None: no timer),
    #: seconds away before a robot plays for a person (None: never), chat, kibitzers
    timer: Annotated[StrictInt, Field(ge=2, le=600)] | None = None
    robot_after: Annotated[StrictInt, Field(ge=1, le=3600)] | None = 60
    chat: StrictBool = True
    kibitzers: StrictBool = True
    kibitzers_chat: StrictBool = False
    kibitzers_hands: StrictBool = True


_TABLE_REQUEST: TypeAdapter[TableRequest] = TypeAdapter(TableRequest)


def parse_table_request(data: Any) -> TableRequest:
    """The typed table request a decoded JSON body stands for; a keyed ``ServerError("bad_request")``
    naming the first problem's field otherwise (``redouble.server.invalid``)."""
    if not isinstance(data, dict):
        raise schema_refusal([{"type": "dict_type", "loc": ()}])
    try:
        request = _TABLE_REQUEST.validate_python(data)
    except ValidationError as error:
        raise schema_refusal(error.errors()) from None
    if missing := [seat for seat in ("N", "E", "S", "W") if seat not in request.seats]:
        raise schema_refusal([{"type": "missing", "loc": ("seats", missing[0])}])
    for seat, name in (request.names or {}).items():
        if name is not None and not control_free(name):
            raise schema_refusal([{"type": "control", "loc": ("names", seat)}])
    return request


def message_id(data: Any) -> str | int | None:
    """The ``id`` a refusal echoes, when the message has a usable one."""
    if isinstance(data, dict):
        ident = data.get("id")
        if isinstance(ident, int) and not isinstance(ident, bool):
            return ident
        if isinstance(ident, str) and len(ident) <= MAX_ID:
            return ident
    return None


def parse_command(data: Any) -> Command:
    """The typed command a decoded JSON message stands for; a keyed ``ServerError("bad_message")``
    naming the field and the problem if none (``redouble.server.invalid``)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise schema_refusal([{"type": "message_object"}], code="bad_message")
    kind = data["type"]
    try:
        command = _ADAPTER.validate_python(data)
    except ValidationError as error:
        raise schema_refusal(error.errors(), code="bad_message", skip=1, prefix=kind) from None
    for name in ("explanation", "statement"):  # shown to the opponents on one line
        text = getattr(command, name, None)
        if text is not None and not control_free(text):
            raise schema_refusal([{"type": "control", "loc": (name,)}], code="bad_message", prefix=kind)
    return command
