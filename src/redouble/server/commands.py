"""Client messages parsed at the websocket's edge into typed commands (docs/protocol.md).

A frame's JSON becomes one of these frozen pydantic models, chosen by ``type``; anything else
is refused with ``bad_message`` before it reaches a table.

>>> parse_command({"type": "call", "call": "1NT", "id": 7})
Call(id=7, type='call', call='1NT', alert=False, explanation=None)
>>> parse_command({"type": "claim", "tricks": "all"})
Traceback (most recent call last):
...
redouble.server.errors.ServerError: claim: tricks: a whole number is wanted, not 'all'
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter, ValidationError

from redouble.server.errors import ServerError

__all__ = [
    "LANGUAGES",
    "MAX_EXPLANATION",
    "MAX_ID",
    "AcceptClaim",
    "Call",
    "Card",
    "Claim",
    "Command",
    "Concede",
    "Language",
    "Ping",
    "Ready",
    "RejectClaim",
    "Resume",
    "TableRequest",
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
MAX_ID = 64
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


Command = Annotated[
    Call | Card | Claim | Concede | AcceptClaim | RejectClaim | WithdrawClaim | Undo | UndoAnswer
    | Ready | Resume | Language | Ping, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)

_WANTED = {"int_type": "a whole number", "bool_type": "true or false", "string_type": "text",
           "literal_error": "one of the listed values", "missing": "present",
           "string_too_long": "shorter"}


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


_TABLE_REQUEST: TypeAdapter[TableRequest] = TypeAdapter(TableRequest)


def parse_table_request(data: Any) -> TableRequest:
    """The typed table request a decoded JSON body stands for; ``ServerError("bad_request")``
    naming the first problem otherwise."""
    if not isinstance(data, dict):
        raise ServerError("bad_request", "a table request is a JSON object")
    try:
        request = _TABLE_REQUEST.validate_python(data)
    except ValidationError as error:
        problem = error.errors()[0]
        loc = problem["loc"]
        where = (f"seat {loc[1]}" if len(loc) > 1 and loc[0] in ("seats", "names")
                 else ".".join(str(part) for part in loc) or "the request")
        if problem["type"] == "extra_forbidden":
            raise ServerError("bad_request", f"{where} is not a field of a table request") from None
        if problem["type"] == "missing":
            raise ServerError("bad_request", f"{where} is missing") from None
        raise ServerError("bad_request", f"{where}: {problem['msg']}, not "
                                         f"{repr(problem.get('input'))[:40]}") from None
    if missing := [seat for seat in ("N", "E", "S", "W") if seat not in request.seats]:
        raise ServerError("bad_request", f"seat {missing[0]} must be \"human\" or \"robot\"")
    for name in (request.names or {}).values():
        if name is not None and not control_free(name):
            raise ServerError("bad_request", "a name is text of at most 40 characters, without "
                                             "control characters")
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
    """The typed command a decoded JSON message stands for; ``ServerError("bad_message")`` if none."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ServerError("bad_message", 'a message is a JSON object with a "type"')
    try:
        command = _ADAPTER.validate_python(data)
    except ValidationError as error:
        problem = error.errors()[0]
        kind = data["type"]
        if problem["type"] == "union_tag_invalid":
            raise ServerError("bad_message", f"unknown message type {kind!r}") from None
        where = ".".join(str(part) for part in problem["loc"][1:]) or "the message"
        wanted = _WANTED.get(problem["type"], problem["msg"])
        value = problem.get("input")
        found = "missing" if problem["type"] == "missing" else repr(value)[:40]
        raise ServerError("bad_message", f"{kind}: {where}: {wanted} is wanted, not {found}") from None
    explanation = getattr(command, "explanation", None)
    if explanation is not None and not control_free(explanation):
        raise ServerError("bad_message", "an explanation holds no control characters or line breaks")
    return command
