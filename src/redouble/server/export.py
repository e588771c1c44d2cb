"""Downloads of finished boards: PBN through ``redouble.formats.pbn``, LIN through ``redouble.formats.lin``."""

from __future__ import annotations

import importlib
from typing import Any

from redouble.server.errors import ServerError

__all__ = ["board_lin", "board_pbn", "table_pbn"]


def _finished(table: Any, number: int | None = None) -> list[Any]:
    states = [state for board, state in table.ended_boards if number is None or board.number == number]
    if number is not None and not states:
        raise ServerError("not_found", f"board {number} has not been finished at this table")
    return states


def _tags(table: Any, state: Any) -> dict[str, str]:
    names = {seat: table.seats[seat].name for seat in table.seats}
    from redouble.seats import Seat

    return {"Event": f"redouble table {table.id} ({table.form})", "Site": "redouble",
            "North": names[Seat.NORTH], "East": names[Seat.EAST], "South": names[Seat.SOUTH],
            "West": names[Seat.WEST]}


def board_pbn(table: Any, number: int) -> str:
    """One finished board as a PBN file."""
    return _pbn(table, _finished(table, number))


def table_pbn(table: Any) -> str:
    """Every finished board of a table as one PBN file."""
    return _pbn(table, _finished(table))


def _pbn(table: Any, states: list[Any]) -> str:
    from redouble.formats.pbn import dumps, from_board_state

    games = [from_board_state(state, tags=_tags(table, state)) for state in states]
    text: str = dumps(games)
    return text


def board_lin(table: Any, number: int) -> str:
    """One finished board as BBO's LIN."""
    (state,) = _finished(table, number)
    try:
        lin = importlib.import_module("redouble.formats.lin")
    except ImportError:
        raise ServerError("unavailable", "LIN export is not installed yet") from None
    names = [table.seats[seat].name for seat in sorted(table.seats)]
    for name in ("dumps_board_state", "from_board_state", "dumps"):
        if hasattr(lin, name):
            break
    try:
        if hasattr(lin, "from_board_state") and hasattr(lin, "dumps"):
            return str(lin.dumps([lin.from_board_state(state, players=names)]))
        if hasattr(lin, "board_to_lin"):
            return str(lin.board_to_lin(state, players=names))
    except TypeError:
        return str(lin.dumps([lin.from_board_state(state)]))
    raise ServerError("unavailable", "LIN export is not available")
