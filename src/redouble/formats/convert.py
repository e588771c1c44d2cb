"""LIN ↔ PBN conversion through the board's event log, so nothing the rules know is lost.

Both directions replay the board with the core engine: the deal, dealer, vulnerability, every
call with its alert and explanation, every card and the claim survive; players' names, the
board number and the room travel as tags (``North`` …, ``Board``, ``Room``). A conversion goes
on past a game it cannot read (``Conversion.skipped``) and writes what it can of a board the
rules cannot replay (an irregular auction, a play without an auction), naming what it left out
(``Conversion.warnings``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from redouble.errors import BridgeError
from redouble.formats import lin, pbn
from redouble.formats.pbn.events import replay
from redouble.formats.pbn.model import Game, comment_text
from redouble.seats import Seat

__all__ = ["FORMATS", "Conversion", "Skipped", "convert", "convert_file", "convert_text", "detect_format",
           "lin_to_pbn", "pbn_to_lin", "read_games"]

FORMATS = ("pbn", "lin")
"""The formats ``convert_text`` knows, by their file extensions."""

_ROOMS = {"o": "Open", "c": "Closed"}


@dataclass(frozen=True, slots=True)
class Skipped:
    """A game of the source that was not written: its place in the file, its board and why."""

    position: int
    board: int | None
    problem: str

    def __str__(self) -> str:
        board = f" (board {self.board})" if self.board is not None else ""
        return f"game {self.position}{board}: {self.problem}"


@dataclass(frozen=True, slots=True)
class Conversion:
    """What a conversion wrote: the text, the number of boards, the games skipped, and warnings
    naming what could not be carried over from the boards written."""

    text: str
    written: int
    skipped: tuple[Skipped, ...] = ()
    warnings: tuple[str, ...] = ()


def lin_to_pbn(boards: Iterable[lin.LinBoard], *, warnings: list[str] | None = None) -> list[Game]:
    """PBN games from LIN boards: tags from the players, board, room and event, ``nt`` as comments.

    A board the rules cannot replay is written as far as they can, and ``warnings`` (if given)
    says what was left out; without it, such a board raises ``BridgeError``.
    """
    games: list[Game] = []
    for board in boards:
        state, problems = lin.replay(board)
        if problems:
            if warnings is None:
                raise BridgeError(problems[0])
            warnings.extend(f"{_name(board.number, board.room)}: {problem}" for problem in problems)
        tags: dict[str, str] = {seat.format(full=True): name for seat, name in board.players.items()}
        tags.update(_vugraph_tags(dict(board.header).get("vg")))
        if board.room in _ROOMS:
            tags["Room"] = _ROOMS[board.room]
        game = pbn.from_board_state(state, tags=tags)
        if board.comments:
            game = _with_commentary(game, board.comments)
        games.append(game)
    return games


def _with_commentary(game: Game, notes: Iterable[lin.LinComment]) -> Game:
    """BBO's ``nt`` lines as brace comments on the call or card they follow (PBN 2.1 §3.7), or on
    the game when they come before the first call."""
    auction = list(game.auction.entries) if game.auction is not None else []
    play = [list(row) for row in game.play.tricks] if game.play is not None else []
    order = [str(card) for _, card in game.cards]  # the cards in playing order
    opening: list[str] = []
    for note in notes:
        comment = "{" + note.text.replace("}", ")") + "}"
        if note.cards and note.cards <= len(order):
            for row in play:
                for column, entry in enumerate(row):
                    if entry.token == order[note.cards - 1]:
                        row[column] = dataclasses.replace(entry, comments=(*entry.comments, comment))
        elif note.calls and note.calls <= len(auction):
            entry = auction[note.calls - 1]
            auction[note.calls - 1] = dataclasses.replace(entry, comments=(*entry.comments, comment))
        else:
            opening.append(comment)
    if opening:
        game.comments[""] = (*game.comments.get("", ()), *opening)
    if game.auction is not None:
        game.auction = dataclasses.replace(game.auction, entries=tuple(auction))
    if game.play is not None:
        game.play = dataclasses.replace(game.play, tricks=tuple(tuple(row) for row in play))
    return game


def _lin_commentary(game: Game) -> list[lin.LinComment]:
    """A game's comments as ``nt`` lines after the call or card they follow (the inverse of
    ``_with_commentary``)."""
    notes: list[lin.LinComment] = []
    opening = [text for key in ("", *game.tags) for text in game.comments.get(key, ())]
    if game.auction is not None:
        opening.extend(game.auction.comments)
    notes.extend(lin.LinComment(calls=0, cards=0, text=comment_text(text)) for text in opening)
    calls = 0
    previous = None
    for _, _, entry in game.auction.calls() if game.auction is not None else ():
        calls += 1
        if entry is not previous:  # AP stands for several passes: its comments follow the first
            notes.extend(lin.LinComment(calls=calls, cards=0, text=comment_text(text)) for text in entry.comments)
        previous = entry
    if game.play is not None:
        declarer = game.declarer
        leader = declarer.lho if declarer is not None else game.play.first
        for number, (_, _, entry) in enumerate(game.play.cards(leader=leader, trump=game.trump), start=1):
            notes.extend(lin.LinComment(calls=calls, cards=number, text=comment_text(text))
                         for text in entry.comments)
    return notes


def pbn_to_lin(games: Iterable[Game], *, warnings: list[str] | None = None) -> list[lin.LinBoard]:
    """LIN boards from PBN games (each needs a full deal; its auction and play are replayed).

    A game the rules cannot replay (``^I``/``^S`` in its auction, a play section without an
    auction) is written as far as they can, and ``warnings`` (if given) names what was left out;
    without it, such a game raises ``BridgeError``.
    """
    boards: list[lin.LinBoard] = []
    for game in games:
        state, problems = replay(game)
        if problems:
            if warnings is None:
                raise BridgeError(problems[0])
            warnings.extend(f"{_name(game.board, None)}: {problem}" for problem in problems)
        players = {seat: name for seat in Seat
                   if (name := game.tag(seat.format(full=True))) is not None}
        room = {"open": "o", "closed": "c"}.get((game.tag("Room") or "").lower())
        board = lin.from_board_state(state, players=players, room=room)
        board.comments = _lin_commentary(game)
        if _make_lin_safe(board) and warnings is not None:
            warnings.append(f"{_name(game.board, None)}: '|', which LIN cannot carry, is written as '/'")
        boards.append(board)
    return boards


def _make_lin_safe(board: lin.LinBoard) -> bool:
    """Replace what a LIN value cannot hold (``|``; a line break in commentary); whether any was."""
    def safe(text: str) -> str:
        return text.replace("|", "/")

    changed = any("|" in text for text in (*board.players.values(), *(item.explanation or "" for item in
                                                                         board.calls),
                                          *(note.text for note in board.comments)))
    board.players = {seat: safe(name) for seat, name in board.players.items()}
    board.calls = [dataclasses.replace(item, explanation=safe(item.explanation))
                   if item.explanation is not None else item for item in board.calls]
    board.comments = [dataclasses.replace(note, text=" ".join(safe(note.text).split())) for note in board.comments]
    return changed


_VUGRAPH_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}


def _vugraph_tags(vg: str | None) -> dict[str, str]:
    """PBN tags from BBO's ``vg`` line (event, segment, scoring, first and last board, the two
    teams and their carry-over): ``Event``, ``Stage``, ``Scoring``, ``HomeTeam``, ``VisitTeam``
    (PBN 2.1 §4.4)."""
    if vg is None:
        return {}
    fields = [field.strip() for field in vg.split(",")]
    tags = {"Event": fields[0] or "?"}
    named = {"Stage": 1, "HomeTeam": 5, "VisitTeam": 7}
    tags.update({name: fields[index] for name, index in named.items() if index < len(fields) and fields[index]})
    if len(fields) > 2 and fields[2].upper() in _VUGRAPH_SCORING:
        tags["Scoring"] = _VUGRAPH_SCORING[fields[2].upper()]
    return tags


def _name(number: int | None, room: str | None) -> str:
    where = f" ({_ROOMS[room].lower()} room)" if room in _ROOMS else ""
    return f"board {number}{where}" if number is not None else f"a board{where}"


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


def convert(text: str | bytes, *, source: str, target: str) -> Conversion:
    """Convert PBN or LIN text to PBN (export format, values in their export spelling) or LIN,
    past the games that cannot be read or written (each named in ``skipped``)."""
    for fmt in (source, target):
        if fmt not in FORMATS:
            raise BridgeError(f"unknown format {fmt!r}: expected pbn or lin")
    if source == "lin" and target == "lin":
        boards = []
        skipped = []
        for position, board in enumerate(lin.loads(text, recover=True), start=1):
            if board.errors:
                skipped.append(Skipped(position=position, board=board.number, problem=str(board.errors[0])))
            else:
                boards.append(board)
        return Conversion(text=lin.dumps(boards), written=len(boards), skipped=tuple(skipped))
    games, skipped, warnings = _read(text, source)
    if target == "lin":
        boards = []
        for position, game in games:
            try:
                boards.extend(pbn_to_lin([game], warnings=warnings))
            except BridgeError as error:  # no complete deal: nothing LIN can show
                skipped.append(Skipped(position=position, board=game.board, problem=str(error)))
        return Conversion(text=lin.dumps(boards), written=len(boards), skipped=tuple(skipped),
                          warnings=tuple(warnings))
    written = pbn.dumps([game for _, game in games], normalize=True, warn=warnings.append)
    return Conversion(text=written, written=len(games), skipped=tuple(skipped), warnings=tuple(warnings))


def _read(text: str | bytes, source: str) -> tuple[list[tuple[int, Game]], list[Skipped], list[str]]:
    """The games of PBN or LIN text with their places in the file, the games skipped, and warnings."""
    games: list[tuple[int, Game]] = []
    skipped: list[Skipped] = []
    warnings: list[str] = []
    if source == "lin":
        for position, board in enumerate(lin.loads(text, recover=True), start=1):
            if board.errors:
                skipped.append(Skipped(position=position, board=board.number, problem=str(board.errors[0])))
                continue
            try:
                games.extend((position, game) for game in lin_to_pbn([board], warnings=warnings))
            except BridgeError as error:  # no complete deal
                skipped.append(Skipped(position=position, board=board.number, problem=str(error)))
        return games, skipped, warnings
    read = pbn.iter_games(text, recover=True) if isinstance(text, bytes) else pbn.loads(text, recover=True)
    for position, game in enumerate(read, start=1):
        if game.errors:
            skipped.append(Skipped(position=position, board=game.board, problem=str(game.errors[0])))
        else:
            games.append((position, game))
    return games, skipped, warnings


def convert_text(text: str | bytes, *, source: str, target: str) -> str:
    """The text of ``convert``; raises a ``BridgeError`` naming the first game it had to skip."""
    result = convert(text, source=source, target=target)
    if result.skipped:
        raise BridgeError(str(result.skipped[0]))
    return result.text


def convert_file(source: str | Path, target: str | Path) -> Conversion:
    """Convert a file by the extensions of the two names (UTF-8 out); what was written and skipped."""
    data = Path(source).read_bytes()
    result = convert(data, source=detect_format(source, data), target=detect_format(target))
    Path(target).write_bytes(result.text.encode("utf-8"))
    return result


def read_games(data: bytes, name: str | Path) -> tuple[list[Game], tuple[Skipped, ...], tuple[str, ...]]:
    """The PBN games of a PBN or LIN file's bytes, the unreadable ones skipped and named, and
    warnings naming what of a LIN board could not be replayed."""
    games, skipped, warnings = _read(data, detect_format(name, data))
    return [game for _, game in games], tuple(skipped), tuple(warnings)
