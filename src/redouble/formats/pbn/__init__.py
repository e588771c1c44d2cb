"""Portable Bridge Notation (PBN 2.1): read what real programs write, write what the standard says.

>>> from redouble.seats import Seat
>>> games = loads('[Board "1"]\\n[Dealer "N"]\\n[Vulnerable "None"]\\n'
...               '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\\n')
>>> game = games[0]
>>> list(game.tags)
['Board', 'Dealer', 'Vulnerable', 'Deal']
>>> game.deal[Seat.NORTH].hcp, game.dealer, game.vulnerability
(37, Seat.NORTH, Vulnerability.NONE)
>>> print(dumps(games, newline="\\n"), end="")
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
>>> loads(dumps(games)) == games
True

``loads``/``load`` read every game; ``iter_games`` streams them one at a time (constant memory);
``read_game`` and the visitors (``BaseVisitor``, ``GameBuilder``, ``HeadersBuilder``, ``SKIP``)
let a program see a file token by token. Readers raise only ``ParseError``.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, TypeVar

from redouble.formats.encoding import decode_lines
from redouble.formats.errors import ExportError, ExportWarning, ParseError
from redouble.formats.pbn.events import board_state, from_board_state, replay
from redouble.formats.pbn.model import (
    MANDATORY_TAGS,
    AuctionSection,
    Column,
    Entry,
    Game,
    PlaySection,
    Table,
)
from redouble.formats.pbn.reader import SKIP, BaseVisitor, GameBuilder, HeadersBuilder, Reader, read_game
from redouble.formats.pbn.writer import MAX_LINE, Warn, format_games

__all__ = [
    "MANDATORY_TAGS",
    "MAX_LINE",
    "SKIP",
    "AuctionSection",
    "BaseVisitor",
    "Column",
    "Entry",
    "ExportError",
    "ExportWarning",
    "Game",
    "GameBuilder",
    "HeadersBuilder",
    "ParseError",
    "PlaySection",
    "Reader",
    "Table",
    "board_state",
    "dump",
    "dumps",
    "from_board_state",
    "iter_games",
    "iter_headers",
    "load",
    "loads",
    "read_game",
    "replay",
]

T = TypeVar("T")

Source = str | bytes | os.PathLike[str] | IO[str] | IO[bytes]


def _text_lines(text: str | bytes) -> Iterator[str]:
    if isinstance(text, bytes):
        return decode_lines(io.BytesIO(text))
    return iter(io.StringIO(text.removeprefix("\ufeff"), newline=None))


def _lines(source: Source) -> Iterator[str]:
    """Lines of text from a path or an open file, text or binary."""
    if isinstance(source, str | os.PathLike):
        return _path_lines(Path(source))
    if isinstance(source, bytes):
        return decode_lines(io.BytesIO(source))
    if isinstance(source.read(0), bytes):
        return decode_lines(source)  # type: ignore[arg-type]
    return _strip_bom(iter(source))  # type: ignore[arg-type]


def _strip_bom(lines: Iterator[str]) -> Iterator[str]:
    first = True
    for line in lines:
        if first:
            line = line.removeprefix("\ufeff")
            first = False
        yield line


def _path_lines(path: Path) -> Iterator[str]:
    with path.open("rb") as handle:
        yield from decode_lines(handle)


def loads(text: str | bytes, *, recover: bool = False) -> list[Game]:
    """Every game in PBN text (or bytes, decoded by ``redouble.formats.encoding``).

    ``recover=True`` reads past a bad game: it is returned as far as it was read, with the
    problem in ``game.errors``, and the next game is read.
    """
    return list(_real_games(Reader(_text_lines(text)).games(_builder(recover))))


def load(source: Source, *, recover: bool = False) -> list[Game]:
    """Every game in a PBN file, given as a path or an open file (text or binary)."""
    return list(iter_games(source, recover=recover))


def iter_games(source: Source | Iterable[str], *, recover: bool = False) -> Iterator[Game]:
    """The games of a file (a path, an open file, or any iterable of lines) one at a time:
    memory stays constant however long the file is. ``recover`` as for ``loads``."""
    is_file = isinstance(source, str | bytes | os.PathLike) or hasattr(source, "read")
    lines: Iterator[str] = _lines(source) if is_file else iter(source)  # type: ignore[arg-type]
    return _real_games(Reader(lines).games(_builder(recover)))


def _builder(recover: bool) -> Callable[[], GameBuilder]:
    return (lambda: GameBuilder(recover=True)) if recover else GameBuilder


def _real_games(games: Iterator[Game]) -> Iterator[Game]:
    """Leave out games without a single tag (a stray note or comment between two empty lines)."""
    return (game for game in games if game.tags or game.errors)


def iter_headers(source: Source) -> Iterator[dict[str, str]]:
    """Only the tags of each game, sections skipped: a quick index of a large file."""
    return Reader(_lines(source)).games(HeadersBuilder)


def dumps(games: Game | Iterable[Game], *, newline: str = "\r\n", inherit: bool | str = False,
          complete: bool = False, header: bool = False, normalize: bool = False, warn: Warn | None = None) -> str:
    """Games as PBN export-format text (CRLF line ends unless ``newline`` says otherwise).

    ``inherit`` writes ``#`` for values repeating the previous game's (``"##"``: the tags all games
    share once, as ``##value``, in the first game); ``complete`` adds the
    mandatory tags a game lacks as ``"?"``; ``header`` starts with ``% PBN 2.1`` and ``% EXPORT``;
    ``normalize`` writes the values an import file spells freely (``Vulnerable "Both"``, a deal from
    another seat, ``Contract "4hx"``, ``Result "NS 9"``) in their export spelling. Without it, tag
    values are written as read, so a file re-reads to the very same tags. A game with a line
    too long for export format is written in import format and named to ``warn`` (by default an
    ``ExportWarning``): a file that reads is always written.
    """
    if isinstance(games, Game):
        games = [games]
    text = "".join(format_games(games, newline=newline, inherit=inherit, complete=complete,
                                normalize=normalize, warn=warn))
    if header:
        text = f"% PBN 2.1{newline}% EXPORT{newline}" + text
    return text


def dump(games: Game | Iterable[Game], target: str | os.PathLike[str] | IO[str], *,
         newline: str = "\r\n", inherit: bool | str = False, complete: bool = False, header: bool = False,
         normalize: bool = False, encoding: str = "utf-8", warn: Warn | None = None) -> None:
    """Write games in export format to a path or a text file.

    UTF-8 unless ``encoding`` says otherwise; ``encoding="latin-1"`` gives the standard's own
    character set, a character it lacks written as ``?`` (PBN 2.1 §2.2).
    """
    if isinstance(games, Game):
        games = [games]
    if isinstance(target, str | os.PathLike):
        errors = "strict" if encoding.lower().replace("-", "").startswith("utf") else "replace"
        with open(target, "w", encoding=encoding, errors=errors, newline="") as handle:
            _write(handle, games, newline=newline, inherit=inherit, complete=complete, header=header,
                   normalize=normalize, warn=warn)
    else:
        _write(target, games, newline=newline, inherit=inherit, complete=complete, header=header,
               normalize=normalize, warn=warn)


def _write(handle: IO[str], games: Iterable[Game], *, newline: str, inherit: bool | str, complete: bool,
           header: bool, normalize: bool, warn: Warn | None) -> None:
    if header:
        handle.write(f"% PBN 2.1{newline}% EXPORT{newline}")
    for text in format_games(games, newline=newline, inherit=inherit, complete=complete, normalize=normalize,
                             warn=warn):
        handle.write(text)
