"""A table's options for playing with people: the turn timer, the robot that substitutes for
an absent person, chat and kibitzers (docs/protocol.md, "Playing with people").

They are chosen at creation and kept in the table's stored settings; tables made before these
options existed play with the defaults.

>>> TableOptions.from_config({"timer": 30}).timer
30
>>> TableOptions.from_config({}).to_json()["robot_after"]
60
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ROBOT_AFTER", "TIMERS", "TableOptions"]

TIMERS = (15, 30, 45, 60, 90, 120)
"""The turn timer's choices the lobby offers, seconds per call or card (the API takes 2-600)."""
ROBOT_AFTER = 60
"""Seconds a person may be away (disconnected) before a robot plays for them, by default."""


@dataclass(frozen=True, slots=True)
class TableOptions:
    """Turn timer (seconds per call or card, ``None``: off), grace before a robot substitutes
    for an away person (``None``: never), table chat, kibitzers, whether kibitzers read the
    players' chat and whether they see all four hands."""

    timer: int | None = None
    robot_after: int | None = ROBOT_AFTER
    chat: bool = True
    kibitzers: bool = True
    kibitzers_chat: bool = False
    #: kibitzers see all four hands, as on BBO (never a board the group rule hides, never a
    #: player of the table: ``presenter.kibitzer_sees_hands``)
    kibitzers_hands: bool = True

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> TableOptions:
        """The options stored in a table's settings (defaults for what is not there)."""
        defaults = cls()
        return cls(timer=config.get("timer", defaults.timer),
                   robot_after=config.get("robot_after", defaults.robot_after),
                   chat=bool(config.get("chat", defaults.chat)),
                   kibitzers=bool(config.get("kibitzers", defaults.kibitzers)),
                   kibitzers_chat=bool(config.get("kibitzers_chat", defaults.kibitzers_chat)),
                   kibitzers_hands=bool(config.get("kibitzers_hands", defaults.kibitzers_hands)))

    def to_json(self) -> dict[str, Any]:
        """The options as stored and as ``TableSummary`` shows them."""
        return {"timer": self.timer, "robot_after": self.robot_after, "chat": self.chat,
                "kibitzers": self.kibitzers, "kibitzers_chat": self.kibitzers_chat,
                "kibitzers_hands": self.kibitzers_hands}
