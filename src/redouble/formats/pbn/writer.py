"""The PBN writer: export format as the standard prescribes (PBN 2.1 §2.3, §3.1-3.8, §5).

Mandatory tags first in their fixed order, then the other tags alphabetically, then the auction,
the play and the tables (alphabetically); one tag pair a line, CRLF line ends, at most 255
characters a line, quotes and backslashes escaped, suffixes written as NAGs, the calls and cards
in columns as the standard's example game shows, an empty line between games.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from redouble.formats.errors import ExportError, ExportWarning
from redouble.formats.pbn.model import (
    MANDATORY_TAGS,
    NO_INHERITANCE,
    AuctionSection,
    Entry,
    Game,
    PlaySection,
    Table,
    escape,
)
from redouble.seats import Seat

__all__ = ["MAX_LINE", "Warn", "format_game", "format_games"]

MAX_LINE = 255
"""The longest line the standard allows, the end-of-line characters included."""

_ORDER = {name: index for index, name in enumerate(MANDATORY_TAGS)}


Warn = Callable[[str], None]
"""Where a writer reports a game it could not write in export format (and wrote in import format)."""


def _warn(message: str) -> None:
    warnings.warn(message, ExportWarning, stacklevel=4)


@dataclass(frozen=True, slots=True)
class _Options:
    newline: str
    inherit: bool | str
    complete: bool
    normalize: bool = False
    warn: Warn = _warn


def format_games(games: Iterable[Game], *, newline: str = "\r\n", inherit: bool | str = False,
                 complete: bool = False, normalize: bool = False, warn: Warn | None = None) -> Iterator[str]:
    """The export-format text of each game in turn, each ending with ``newline``.

    ``inherit=True`` writes ``#`` for a tag whose value repeats the previous game's;
    ``inherit="##"`` also writes the tags every game shares once, as ``##value`` in the first
    game, and leaves them out of the others (PBN 2.1 §4.8). Without it, ``#``/``##`` markers
    read from a file are written back where they stood. ``complete`` adds the mandatory tags a
    game lacks, as ``"?"`` (unknown); ``normalize`` rewrites the values an import-format file
    may spell freely in their export spelling. A line longer than export format allows (255
    characters) is folded as import format allows, or written as read, and ``warn`` (by default
    ``warnings.warn`` with an ``ExportWarning``) names the game.
    """
    if inherit not in (False, True, "#", "##"):
        raise ExportError(f"inherit must be False, True ('#') or '##', not {inherit!r}")
    options = _Options(newline=newline, inherit=inherit, complete=complete, normalize=normalize,
                       warn=warn or _warn)
    shared: dict[str, str] = {}
    if inherit == "##":
        games = list(games)
        shared = _shared_tags(games)
    previous: dict[str, str] = {}
    for index, game in enumerate(games):
        text = format_game(game, options=options, previous=previous,
                           shared=shared, first=index == 0)
        previous = dict(game.tags)
        yield (newline if index else "") + text


def _shared_tags(games: list[Game]) -> dict[str, str]:
    """The tags every game has with the same (non-empty) value, sections and notes aside."""
    if not games:
        return {}
    first = games[0]
    sections = {"Auction", "Play", *first.tables}
    return {name: value for name, value in first.tags.items()
            if value and name not in NO_INHERITANCE and name not in sections
            and not value.startswith("#") and all(game.tags.get(name) == value for game in games[1:])}


def format_game(game: Game, *, options: _Options | None = None, previous: dict[str, str] | None = None,
                shared: dict[str, str] | None = None, first: bool = True) -> str:
    """One game in export format."""
    options = options or _Options(newline="\r\n", inherit=False, complete=False)
    shared = shared or {}
    lines: list[str] = []
    for directive in game.directives:
        lines.append("%" + directive)
    lines.extend(_comment_lines(game.comments.get("", ())))
    tags = normalized_tags(game) if options.normalize else dict(game.tags)
    if options.complete:
        for name in MANDATORY_TAGS:
            tags.setdefault(name, "?")
    sections = set(game.tables)
    if game.auction is not None:
        sections.add("Auction")
    if game.play is not None:
        sections.add("Play")
    names = sorted((name for name in tags if name not in sections),
                   key=lambda name: (0, _ORDER[name], "") if name in _ORDER else (1, 0, name))
    elided: list[str] = []  # tags left out because an earlier '##' implies them
    if options.inherit:
        for name in names:
            if name in shared:
                if first:
                    lines.append(_tag(name, "##" + tags[name]))
                    lines.extend(_comment_lines(game.comments.get(name, ())))
                else:
                    elided.append(name)
                continue
            value = tags[name]
            repeat = (previous is not None and name not in NO_INHERITANCE and value
                      and not value.startswith("#") and previous.get(name) == value)
            lines.append(_tag(name, "#" if repeat else value))
            lines.extend(_comment_lines(game.comments.get(name, ())))
        names = []
    for name in names:
        marker = game.inherited.get(name)
        if marker == "":
            elided.append(name)
            continue  # implied by an earlier '##' tag: the file did not repeat it
        value = marker if marker is not None else tags[name]
        lines.append(_tag(name, value))
        lines.extend(_comment_lines(game.comments.get(name, ())))
    if elided and not any(line.startswith("[") for line in lines):
        # A game is its tag pairs: one with every tag implied would not be read as a game at all,
        # so its first implied tag is written as '#', the previous game's value (PBN 2.1 §4.8).
        lines.append(_tag(elided[0], "#"))
    if game.auction is not None:
        lines.extend(_auction_lines(game.auction, game.tags.get("Auction")))
    if game.play is not None:
        lines.extend(_play_lines(game.play, game.tags.get("Play")))
    for name in sorted(game.tables):
        lines.extend(_table_lines(game.tables[name]))
    newline = options.newline
    if any(len(line) + len(newline) > MAX_LINE and not line.startswith("%") for line in lines):
        lines = _fold(lines, game, options)
    return newline.join(lines) + newline


def _fold(lines: list[str], game: Game, options: _Options) -> list[str]:
    """Lines over the export format's 255 characters: a tag pair split between its name and its
    value, as import format allows (PBN 2.1 §3.2: tokens may stand on separate lines); a value
    too long for any line is written as read. Either way the game is reported."""
    limit = MAX_LINE - len(options.newline)
    folded: list[str] = []
    longest = 0
    for line in lines:
        if len(line) <= limit or line.startswith("%"):
            folded.append(line)
            continue
        name, space, value = line.partition(" ")
        if line.startswith("[") and space and value.startswith('"') and len(value) <= limit:
            folded.extend((name, value))
        else:
            folded.append(line)
            longest = max(longest, len(line))
    board = game.tags.get("Board")
    where = f"board {board}" if board else "a game"
    if longest:
        options.warn(f"{where}: a line of {longest} characters is longer than PBN allows ({MAX_LINE} with "
                     "the line end); it is written as read (import format)")
    else:
        options.warn(f"{where}: a tag pair too long for one line is written over two (import format)")
    return folded


def normalized_tags(game: Game) -> dict[str, str]:
    """The tags with export spellings (PBN 2.1 §3.4): the deal from the dealer with ranks in
    order, ``None``/``All``, upper-case seats, contracts like ``4HX``, the result as declarer's tricks."""
    tags = dict(game.tags)
    dealer = game.dealer
    if "Dealer" in tags and dealer is not None:
        tags["Dealer"] = dealer.letter()
    vulnerability = game.vulnerability
    if "Vulnerable" in tags and vulnerability is not None:
        tags["Vulnerable"] = vulnerability.value
    hands = game.hands
    if "Deal" in tags and hands:
        first = dealer if dealer is not None else Seat.NORTH
        deal = game.deal
        if deal is not None:
            tags["Deal"] = deal.to_pbn(first=first)
        else:
            tags["Deal"] = f"{first.letter()}:" + " ".join(
                hands[seat].to_pbn() if seat in hands else "-" for seat in (first.next(i) for i in range(4)))
    declarer = game.declarer
    if "Declarer" in tags and declarer is not None:
        tags["Declarer"] = ("^" if tags["Declarer"].strip().startswith("^") else "") + declarer.letter()
    contract = game.contract
    if "Contract" in tags:
        if contract is not None:
            tags["Contract"] = str(contract)
        elif tags["Contract"].strip().upper() == "PASS":
            tags["Contract"] = "Pass"
        elif game.tag("Contract") is not None:
            tags["Contract"] = tags["Contract"].strip().upper()
    result = game.result
    if "Result" in tags and result is not None:
        tags["Result"] = ("^" if tags["Result"].strip().startswith("^") else "") + str(result)
    return tags


def _tag(name: str, value: str) -> str:
    if "\n" in value or "\r" in value:
        raise ExportError(f"the value of the {name} tag holds a line break, which a PBN string cannot")
    return f'[{name} "{escape(value.replace(chr(9), " "))}"]'


def _comment_lines(comments: Iterable[str]) -> list[str]:
    lines: list[str] = []
    for comment in comments:
        for line in comment.split("\n"):
            lines.extend(_wrap(line.replace("\t", " ")))
    return lines


def _wrap(line: str, limit: int = MAX_LINE - 2) -> list[str]:
    """Break a long comment line at spaces so no line passes the limit; a ``;`` comment runs to the
    end of its line (PBN 2.1 §3.7), so a line holding one is left whole."""
    if len(line) <= limit or _rest_of_line_comment(line):
        return [line]
    out: list[str] = []
    while len(line) > limit:
        cut = line.rfind(" ", 1, limit)
        if cut <= 0:
            cut = limit
        out.append(line[:cut])
        line = line[cut:].lstrip(" ") if line[cut:cut + 1] == " " else line[cut:]
    out.append(line)
    return out


def _rest_of_line_comment(line: str) -> bool:
    """Whether a ``;`` outside a brace comment starts a rest-of-line comment in ``line``."""
    inside = False
    for char in line:
        if char == "{":
            inside = True
        elif char == "}":
            inside = False
        elif char == ";" and not inside:
            return True
    return False


def _annotations(entry: Entry) -> str:
    parts = []
    if entry.note is not None:
        parts.append(f"={entry.note}=")
    parts.extend(f"${nag}" for nag in entry.nags)
    parts.extend(entry.comments)
    return " ".join(parts)


def _call_cell(entry: Entry) -> str:
    if entry.irregularity == "S":
        text = "^S"
    elif entry.irregularity:
        text = f"^{entry.irregularity} {entry.token}"
    else:
        text = entry.token
    extra = _annotations(entry)
    return f"{text} {extra}" if extra else text


def _card_cell(entry: Entry) -> str:
    text = f"^{entry.irregularity} {entry.token}" if entry.irregularity else entry.token
    extra = _annotations(entry)
    return f"{text.ljust(2)} {extra}" if extra else text.ljust(2)


def _rows_to_lines(rows: list[list[str]], *, aligned: bool) -> list[str]:
    widths: list[int] = []
    if aligned:
        for row in rows:
            for column, cell in enumerate(row[:-1]):
                if column >= len(widths):
                    widths.append(0)
                widths[column] = max(widths[column], len(cell) + 1)
    lines: list[str] = []
    for row in rows:
        if aligned:
            line = "".join(cell.ljust(widths[column]) if column < len(widths) else cell
                           for column, cell in enumerate(row)).rstrip()
        else:
            line = " ".join(row).rstrip()
        if "\n" in line or len(line) > MAX_LINE - 2 or any(_rest_of_line_comment(cell) for cell in row[:-1]):
            for cell in row:  # one cell a line: a ';' comment would swallow the cells after it
                lines.extend(_comment_lines([cell]))
        else:
            lines.append(line)
    return lines


def _notes(notes: Iterable[tuple[int, str]]) -> list[str]:
    return [_tag("Note", f"{number}:{text}") for number, text in notes]


def _auction_lines(auction: AuctionSection, value: str | None) -> list[str]:
    lines = [_tag("Auction", value if value is not None else auction.first.letter())]
    lines.extend(_comment_lines(auction.comments))
    cells = [_call_cell(entry) for entry in auction.entries]
    if auction.end:
        cells.append(auction.end)
    rows = [cells[start:start + 4] for start in range(0, len(cells), 4)]
    lines.extend(_rows_to_lines(rows, aligned=True))
    lines.extend(_notes(auction.notes))
    lines.extend(_comment_lines(auction.trailing_comments))
    return lines


def _play_lines(play: PlaySection, value: str | None) -> list[str]:
    lines = [_tag("Play", value if value is not None else play.first.letter())]
    lines.extend(_comment_lines(play.comments))
    rows = [[_card_cell(entry) for entry in trick] for trick in play.tricks]
    lines.extend(_rows_to_lines(rows, aligned=False))
    if play.end:
        lines.append(play.end)
    lines.extend(_notes(play.notes))
    lines.extend(_comment_lines(play.trailing_comments))
    return lines


def _table_lines(table: Table) -> list[str]:
    lines = [_tag(table.name, table.spec)]
    lines.extend(_comment_lines(table.comments))
    for row in table.rows:
        cells = []
        for column, element in enumerate(row):
            spec = table.columns[column] if column < len(table.columns) else None
            if spec is not None and spec.width:
                element = element.rjust(spec.width) if spec.align == "R" else element.ljust(spec.width)
            cells.append(element)
        line = " ".join(cells).rstrip()
        if len(line) <= MAX_LINE - 2:
            lines.append(line)
            continue
        current = ""  # too long for one line: break between elements, never inside one
        for cell in cells:
            if current and len(current) + 1 + len(cell) > MAX_LINE - 2:
                lines.append(current.rstrip())
                current = cell
            else:
                current = f"{current} {cell}" if current else cell
        if current:
            lines.append(current.rstrip())
    return lines
