"""Downloads of finished boards: PBN through ``redouble.formats.pbn``, LIN through ``redouble.formats.lin``.

Which boards a viewer may download is the presenter's decision (``redouble.server.presenter``);
this module only writes them, with names made writable: PBN strings hold no line break and LIN
values no ``|`` (nor ``,`` in the ``pn`` list), so a download never fails on a player's name.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

__all__ = ["clean_text", "lin", "pbn"]

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def clean_text(text: str, *, lin: bool = False) -> str:
    """Text a PBN string or LIN value can carry: control characters and line breaks become a
    space, and for LIN ``|`` and ``,`` (its separators) become ``/`` and a space."""
    text = _CONTROL.sub(" ", text)
    if lin:
        text = text.replace("|", "/").replace(",", " ")
    return text.strip()


def _tags(table: Any, state: Any) -> dict[str, str]:
    names = {seat: clean_text(info.shown(seat)) for seat, info in table.seats.items()}
    from redouble.formats.pbn.events import scoring_tag
    from redouble.seats import Seat

    return {"Event": f"redouble table {table.id} ({table.form})", "Site": "redouble",
            "Scoring": scoring_tag(table.form, table.scoring),
            "North": names[Seat.NORTH], "East": names[Seat.EAST], "South": names[Seat.SOUTH],
            "West": names[Seat.WEST]}


def pbn(table: Any, states: list[Any]) -> str:
    """Finished boards of a table as one PBN file."""
    from redouble.formats.pbn import dumps, from_board_state

    games = [from_board_state(state, tags=_tags(table, state)) for state in states]
    text: str = dumps(games)
    return text


def lin(table: Any, state: Any) -> str:
    """One finished board as BBO's LIN."""
    from redouble.formats.lin import dumps, from_board_state

    players = {seat: clean_text(info.shown(seat), lin=True) for seat, info in table.seats.items()}
    board = from_board_state(state, players=players)
    board.calls = [dataclasses.replace(call, explanation=clean_text(call.explanation, lin=True))
                   if call.explanation is not None else call for call in board.calls]
    text: str = dumps([board])
    return text
