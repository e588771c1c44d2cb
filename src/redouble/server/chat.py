"""Table chat: two channels, a short memory, and text made safe to show.

Players write to the ``table`` channel, kibitzers to the ``kibitzers`` channel; who reads which
is the presenter's rule (``presenter.sees_chat``). Chat is conversation, not a fact of play:
it is kept out of the table's event log (the log is the board's record and replays; a hand
record or a replay never carries what people said), and only the last ``KEPT`` messages of a
table are kept, in memory, for those who join later. A restart forgets them.

>>> clean("  hello\\n\\tthere \\u202e ", 40)
'hello there'
>>> room = ChatRoom()
>>> room.add("table", None, "Ann", "hi", "2026-11-22T19:00:00Z").to_json()["number"]
1
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Any

from redouble.seats import Seat
from redouble.server.limits import Rule

__all__ = ["CHANNELS", "CHAT_RATE", "KEPT", "ChatMessage", "ChatRoom", "clean"]

CHANNELS = ("table", "kibitzers")
"""The players' channel and the kibitzers' (BBO's "table" and "kibitzers")."""
KEPT = 50
"""Messages a table keeps for those who join later."""
CHAT_RATE = Rule(burst=5, every=2.0)
"""A connection may send 5 chat messages at once, then one every 2 s."""
_INVISIBLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069"
                        r"\ufeff]+")


def clean(text: str, limit: int) -> str:
    """Text as it may be shown: control, invisible and direction-changing characters become
    spaces, runs of spaces one, at most ``limit`` characters."""
    return " ".join(_INVISIBLE.sub(" ", text).split())[:limit].strip()


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message: its number at the table, channel, the writer's seat (``None``: a kibitzer)
    and name, the cleaned text and when it was written (UTC)."""

    number: int
    channel: str
    seat: Seat | None
    name: str
    text: str
    at: str

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "channel": self.channel,
                "seat": None if self.seat is None else self.seat.letter(), "name": self.name,
                "text": self.text, "at": self.at}


class ChatRoom:
    """A table's recent chat, both channels, oldest first."""

    def __init__(self) -> None:
        self.messages: deque[ChatMessage] = deque(maxlen=KEPT)
        self.count = 0

    def add(self, channel: str, seat: Seat | None, name: str, text: str, at: str) -> ChatMessage:
        """Keep a new message and return it."""
        self.count += 1
        message = ChatMessage(number=self.count, channel=channel, seat=seat, name=name, text=text,
                              at=at)
        self.messages.append(message)
        return message
