"""What a change of a club session's log did, as a message of the web catalogues (a key and its
fields), so the director's console and the published pages word the audit log in their language.

The English catalogue is the one home of the English wording; ``describe_change`` (club/session.py)
stays the command line's plain English.

>>> Message.of("online_note_absent", round=1, pair="2EW", player=1).english()
'round 1: pair 2EW player 1 is not here: a robot plays for them'
>>> Message.of("club_log_undone", seq=4).worded("nl") != Message.of("club_log_undone", seq=4).english()
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from redouble import web
from redouble.club.online import LatePlay, OnlineOpened, PairPlays, RobotsFill, RoundBegan, TableOpened, TimeUp
from redouble.club.results import BoardResult
from redouble.club.session import (
    KIND_OF,
    BoardsDealt,
    Change,
    MovementChanged,
    NotPlayed,
    PairSeated,
    PenaltyGiven,
    ResultConfirmed,
    ResultCorrected,
    ResultEntered,
    ResultRemoved,
    ScoreAdjusted,
    SeatingChanged,
    SessionOpened,
    Slot,
    TeamFormed,
    Undone,
)

__all__ = ["Message", "catalogue", "change_message", "placeholders"]

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def catalogue(language: str) -> dict[str, str]:
    """The web catalogue's messages in one language (``redouble.web.catalogue``), read once."""
    messages: dict[str, str] = web.catalogue(language)["messages"]
    return messages


def placeholders(template: str) -> frozenset[str]:
    """The fields a template names (``{round}`` …)."""
    return frozenset(PLACEHOLDER.findall(template))


@dataclass(frozen=True, slots=True)
class Message:
    """A message key of the web catalogues and its fields (each as text)."""

    key: str
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, key: str, **fields: object) -> Message:
        """A message from its key and fields."""
        return cls(key, tuple((name, str(value)) for name, value in fields.items()))

    def worded(self, language: str) -> str:
        """The message worded in ``language`` (en, nl, de, no; an unknown key is shown as itself)."""
        values = dict(self.fields)
        template = catalogue(language).get(self.key, self.key)
        return PLACEHOLDER.sub(lambda match: values.get(match.group(1), match.group(0)), template)

    def english(self) -> str:
        """The message worded in English."""
        return self.worded("en")

    def to_json(self) -> dict[str, Any]:
        """The message as pages get it: key, fields and the English text."""
        return {"key": self.key, "fields": dict(self.fields), "text": self.english()}


def _slot_fields(slot: Slot) -> dict[str, object]:
    return {"table": slot.table, "round": slot.round, "board": slot.board}


def _line_fields(result: BoardResult) -> dict[str, object]:
    text = result.result_text() + (f" {result.lead}" if result.lead is not None else "")
    score = result.ns_score
    if score is not None and result.contract is not None:
        text += f" ({score:+d})"
    return {"table": result.table, "round": result.round, "board": result.board, "result": text}


def change_message(change: Change) -> Message:
    """What a change of a club session's log did, as a message (``describe_change`` words it in English
    for the command line and the published pages)."""
    fields: dict[str, object] = {}
    kind = KIND_OF[type(change)]
    match change:
        case SessionOpened():
            fields = {"name": change.name, "movement": change.movement.name}
        case PairSeated():
            kind += "_phantom" if change.phantom else "_late" if change.late else ""
            fields = {"pair": change.pair} if change.phantom else \
                {"pair": change.pair, "players": ", ".join(change.players) or "-"}
        case TeamFormed():
            fields = {"number": change.number, "name": change.name, "pairs": ", ".join(map(str, change.pairs))}
        case BoardsDealt():
            fields = {"count": len(change.boards)}
        case ResultEntered() | ResultCorrected():
            fields = _line_fields(change.result)
        case NotPlayed() | ResultRemoved():
            fields = _slot_fields(change.slot)
        case ResultConfirmed():
            fields = {**_slot_fields(change.slot), "side": change.side}
        case ScoreAdjusted():
            fields = {**_slot_fields(change.slot), "score": change.adjustment.label()}
        case PenaltyGiven():
            fields = {"pair": change.penalty.pair, "amount": f"{change.penalty.amount:g}",
                      "board": "-" if change.penalty.board is None else change.penalty.board}
            kind += f"_{change.penalty.unit.name.lower()}"
        case SeatingChanged():
            seating = change.seating
            fields = {"table": seating.table, "round": seating.round, "ns": seating.ns or "-",
                      "ew": seating.ew or "-", "boards": ", ".join(map(str, seating.boards))}
        case MovementChanged():
            fields = {"movement": change.movement.name}
        case Undone():
            fields = {"seq": change.seq}
        case OnlineOpened():
            fields = {"seconds": f"{change.seconds_per_board:g}", "warning": f"{change.warning_seconds:g}"}
        case PairPlays():
            fields = {"pair": change.pair}
            kind += f"_{change.kind}"
        case RoundBegan():
            fields = {"round": change.round}
        case TableOpened() | LatePlay() | TimeUp():
            fields = {"round": change.round, "table": change.table, "deadline": f"{change.deadline:%H:%M:%S} UTC"}
        case RobotsFill():
            fields = {"pair": change.pair, "round": change.round}
    return Message.of(f"club_log_{kind}", **fields)
