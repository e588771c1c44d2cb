"""LIN ↔ PBN conversion through the board's event log, so nothing the rules know is lost.

Both directions replay the board with the core engine: the deal, dealer, vulnerability, every
call with its alert and explanation, every card and the claim survive; players' names, the
board number and the room travel as tags (``North`` …, ``Board``, ``Room``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from redouble.errors import BridgeError
from redouble.formats import lin, pbn
from redouble.formats.pbn.model import Game
from redouble.seats import Seat

__all__ = ["FORMATS", "convert_file", "convert_text", "detect_format", "lin_to_pbn", "pbn_to_lin"]

FORMATS = ("pbn", "lin")
"""The formats ``convert_text`` knows, by their file extensions."""

_ROOMS = {"o": "Open", "c": "Closed"}


def lin_to_pbn(boards: Iterable[lin.LinBoard]) -> list[Game]:
    """PBN games from LIN boards: tags from the players, board, room and event."""
    games: list[Game] = []
    for board in boards:
        state = lin.board_state(board)
        tags: dict[str, str] = {seat.format(full=True): name for seat, name in board.players.items()}
        header = dict(board.header)
        if "vg" in header:
            tags["Event"] = header["vg"].split(",")[0].strip() or "?"
        if board.room in _ROOMS:
            tags["Room"] = _ROOMS[board.room]
        game = pbn.from_board_state(state, tags=tags)
        if board.comments:  # BBO's nt commentary, as the game's brace comments
            game.comments[""] = tuple("{" + note.text.replace("}", ")") + "}" for note in board.comments)
        games.append(game)
    return games


def pbn_to_lin(games: Iterable[Game]) -> list[lin.LinBoard]:
    """LIN boards from PBN games (each needs a full deal; its auction and play are replayed)."""
    boards: list[lin.LinBoard] = []
    for game in games:
        state = pbn.board_state(game)
        players = {seat: name for seat in Seat
                   if (name := game.tag(seat.format(full=True))) is not None}
        room = {"open": "o", "closed": "c"}.get((game.tag("Room") or "").lower())
        boards.append(lin.from_board_state(state, players=players, room=room))
    return boards


def detect_format(name: str | Path, text: str | bytes | None = None) -> str:
    """``pbn`` or ``lin``, from the file extension or, failing that, the text."""
    suffix = Path(name).suffix.lower().lstrip(".")
    if suffix in FORMATS:
        return suffix
    if text is not None:
        head = text[:4096].decode("latin-1") if isinstance(text, bytes) else text[:4096]
        if "[" in head and '"]' in head:
            return "pbn"
        if "|" in head:
            return "lin"
    raise BridgeError(f"cannot tell the format of {str(name)!r}: use a .pbn or .lin name")


def convert_text(text: str | bytes, *, source: str, target: str) -> str:
    """Convert PBN or LIN text to PBN (export format, values in their export spelling) or LIN."""
    for fmt in (source, target):
        if fmt not in FORMATS:
            raise BridgeError(f"unknown format {fmt!r}: expected pbn or lin")
    if source == target:
        return pbn.dumps(pbn.loads(text), normalize=True) if source == "pbn" else lin.dumps(lin.loads(text))
    if source == "lin":
        return pbn.dumps(lin_to_pbn(lin.loads(text)), normalize=True)
    return lin.dumps(pbn_to_lin(pbn.loads(text)))


def convert_file(source: str | Path, target: str | Path) -> int:
    """Convert a file by the extensions of the two names; returns the number of boards written."""
    data = Path(source).read_bytes()
    from_format = detect_format(source, data)
    to_format = detect_format(target)
    text = convert_text(data, source=from_format, target=to_format)
    Path(target).write_bytes(text.encode("utf-8"))
    if to_format == "pbn":
        return len(pbn.loads(text))
    return len(lin.loads(text))
