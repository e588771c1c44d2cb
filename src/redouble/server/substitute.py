"""A robot that plays for an absent person, and the person taking the seat back.

As on BBO, a person who is away (disconnected) past the table's grace (``robot_after``) is
replaced by a robot while someone else at the table waits, and so is one whose turn timer ran
out twice on one call or card; another player of the table may also ask for a robot for a
person who is away. The substitution and the return are events of the log (they replay); the
robot acts through the seat's own view, like any robot. The person takes the seat back with
their link, by rejoining from the lobby, or with ``take_seat``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from redouble.seats import Seat
from redouble.server import commands
from redouble.server.commands import Command
from redouble.server.errors import ServerError
from redouble.server.events import Restored, Substituted, TableEvent

if TYPE_CHECKING:
    from redouble.server.table import Table

__all__ = ["ACTIONS", "may_stand_in", "propose", "refuse_substituted"]

ACTIONS = (commands.Call | commands.Card | commands.Claim | commands.Concede
           | commands.AcceptClaim | commands.RejectClaim | commands.WithdrawClaim | commands.Undo
           | commands.UndoAnswer | commands.Ready | commands.Substitute)
"""What a person whose seat a robot plays cannot do until they take it back."""


def may_stand_in(table: Table, seat: Seat) -> bool:
    """Whether a robot may now substitute for ``seat``: a person's seat, not yet substituted,
    at a table still playing."""
    return table.seats[seat].kind == "human" and seat not in table.substitutes \
        and not table.finished


def propose(table: Table, seat: Seat, command: Command) -> list[TableEvent]:
    """The events a ``substitute`` or ``take_seat`` from ``seat`` becomes; nothing changes."""
    if isinstance(command, commands.TakeSeat):
        if seat not in table.substitutes:
            raise ServerError("substitute", "no robot plays your seat: it is yours already")
        return [Restored(seat=seat)]
    assert isinstance(command, commands.Substitute)
    target = Seat.parse(command.seat)
    info = table.seats[target]
    if table.finished:
        raise ServerError("phase", "the table has finished: every board has been played")
    if info.kind != "human":
        raise ServerError("substitute", f"a robot already plays {target.format(full=True)}")
    if target in table.substitutes:
        raise ServerError("substitute", f"a robot already plays for {info.shown(target)}")
    if info.connected:
        raise ServerError("substitute", f"{info.shown(target)} is at the table: a robot substitutes only "
                                        "for a person who is away")
    return [Substituted(seat=target, reason="asked")]


def refuse_substituted(table: Table, seat: Seat | None, command: Command) -> None:
    """Refuse an action from a person whose seat a robot plays (they take it back first)."""
    if seat is not None and seat in table.substitutes and isinstance(command, ACTIONS):
        raise ServerError("substituted", "a robot plays your seat while you were away: take "
                                         "the seat back first")
