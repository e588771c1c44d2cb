"""Downloads of finished boards: PBN through ``redouble.formats.pbn``, LIN through ``redouble.formats.lin``."""

from __future__ import annotations

from typing import Any

from redouble.server.errors import ServerError

__all__ = ["board_lin", "board_pbn", "table_pbn"]


def _finished(table: Any, number: int | None = None) -> list[Any]:
    """Finished boards; the whole-table file leaves out boards other tables still have to play."""
    states = [state for board, state in table.ended_boards
              if (board.number == number if number is not None
                  else not table.hidden_from_public(board.number or 0))]
    if number is not None and not states:
        raise ServerError("not_found", f"board {number} has not been finished at this table")
    return states


def _tags(table: Any, state: Any) -> dict[str, str]:
    names = {seat: table.seats[seat].name for seat in table.seats}
    from redouble.formats.pbn.events import scoring_tag
    from redouble.seats import Seat

    return {"Event": f"redouble table {table.id} ({table.form})", "Site": "redouble",
            "Scoring": scoring_tag(table.form, table.scoring),
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
    from redouble.formats.lin import dumps, from_board_state

    (state,) = _finished(table, number)
    players = {seat: info.name for seat, info in table.seats.items()}
    text: str = dumps([from_board_state(state, players=players)])
    return text
