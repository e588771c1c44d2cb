"""File-format commands: ``redouble convert IN OUT`` and ``redouble show FILE --board N``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from redouble.cli.common import console, err_console, fail, parse_language, reporting

if TYPE_CHECKING:
    from collections.abc import Sequence

    from redouble.formats.convert import Skipped
    from redouble.formats.pbn import Game
    from redouble.notation import Language
    from redouble.seats import Seat

LangOption = Annotated[str, typer.Option("--lang", "-l", help="Notation: en, nl, de or no.")]


def register(app: typer.Typer) -> None:
    """Add the format commands to ``app``."""
    app.command("convert")(convert_command)
    app.command("show")(show_command)


def convert_command(
    source: Annotated[Path, typer.Argument(help="A .pbn or .lin file to read.")],
    target: Annotated[Path, typer.Argument(help="The .pbn or .lin file to write.")],
) -> None:
    """Convert between PBN and LIN (or rewrite PBN in export format), keeping deal, auction,
    alerts, play and claim."""
    from redouble.formats.convert import convert_file

    if not source.is_file():
        fail(f"{source} is not a file")
    if not target.parent.is_dir():
        fail(f"cannot write {target}: the folder {target.parent} does not exist", 1)
    with reporting():
        result = convert_file(source, target)
    if not result.written and result.skipped:
        target.unlink(missing_ok=True)
        fail(result.skipped[0].problem if len(result.skipped) == 1 else
             f"no game of {source} could be read; the first: {result.skipped[0]}")
    count = result.written
    console.print(f"wrote {count} board{'s' if count != 1 else ''} to {target}")
    report_skipped(result.skipped, result.warnings)


def report_skipped(skipped: Sequence[Skipped], warnings: Sequence[str] = ()) -> None:
    """Name on stderr the games a command skipped and what it could not carry over."""
    for warning in warnings:
        err_console.print(f"warning: {warning}", style="yellow", markup=False, highlight=False, soft_wrap=True)
    if skipped:
        err_console.print(f"skipped {len(skipped)} game{'s' if len(skipped) != 1 else ''}:", style="yellow",
                          markup=False, highlight=False)
        for item in skipped:
            err_console.print(f"  {item}", markup=False, highlight=False, soft_wrap=True)


def _games(path: Path) -> list[Game]:
    from redouble.formats.convert import read_games

    games, skipped, warnings = read_games(path.read_bytes(), path)
    if not games and skipped:  # nothing readable: the first error is the one line to show
        fail(f"{path}: {skipped[0]}")
    report_skipped(skipped, warnings)
    return games


def show_command(
    file: Annotated[Path, typer.Argument(help="A .pbn or .lin file.")],
    board: Annotated[int | None, typer.Option("--board", "-b", help="Board number (default: the first "
                                              "game).")] = None,
    room: Annotated[str | None, typer.Option("--room", help="Open or Closed, where a file holds both rooms "
                                             "(a team match).")] = None,
    lang: LangOption = "en",
    letters: Annotated[bool, typer.Option("--letters", help="Suit letters, not symbols.")] = False,
) -> None:
    """Show a board of a PBN or LIN file: diagram, auction with alerts, play trick by trick, result."""
    language = parse_language(lang)
    if not file.is_file():
        fail(f"{file} is not a file")
    with reporting():
        games = _games(file)
        if not games:
            fail(f"{file} holds no boards")
        if room is not None:
            games = [g for g in games if (g.tag("Room") or "").lower() == room.lower()]
            if not games:
                fail(f"{file} has no boards played in the {room} room")
        if board is None:
            game = games[0]
        else:
            matching = [g for g in games if g.board == board]
            if not matching:
                numbers = ", ".join(str(g.board) for g in games if g.board is not None) or "none"
                fail(f"{file} has no board {board}; its boards are {numbers}")
            game = matching[0]
        _show(game, language=language, symbols=not letters)


def _show(game: Game, *, language: Language, symbols: bool) -> None:
    from rich.panel import Panel

    from redouble.cli.words import say
    from redouble.cli.words import vulnerability as vul_words
    from redouble.display import auction_table, diagram
    from redouble.formats.pbn.events import NOT_ALERTED

    title = " · ".join(part for part in (game.tag("Event"),
                                         f"{say(language, 'board')} {game.board}" if game.board else None,
                                         game.tag("Room")) if part)
    dealer = game.dealer
    vulnerability = game.vulnerability
    centre = "\n".join(filter(None, [
        f"{say(language, 'dealer')} {dealer.format(lang=language, full=True)}" if dealer is not None else None,
        f"{say(language, 'vulnerable')} {vul_words(language, vulnerability)}"
        if vulnerability is not None else None]))
    hands = game.deal or game.hands
    if hands:
        console.print(Panel.fit(diagram({seat: hand.cards for seat, hand in hands.items()}, lang=language,
                                        symbols=symbols, hcp=True, centre=centre), title=title or None))
    else:
        console.print(title or "(no deal)")
    players = [f"{seat.format(lang=language, full=True)}: {name}" for seat in _seats()
               if (name := game.tag(seat.format(full=True))) is not None]
    if players:
        console.print("   ".join(players))
    auction = game.auction
    if auction is not None and dealer is not None:
        calls = auction.calls()
        console.print(auction_table(dealer, [call for _, call, _ in calls], lang=language))
        for seat, call, entry in calls:  # each alerted or explained call with its note
            if entry.note is not None:
                text = auction.note(entry.note) or ""
                mark = f", {say(language, 'not_alerted')}" if text.startswith(NOT_ALERTED) else ""
                text = text.removeprefix(NOT_ALERTED)
                console.print(f"  {call.format(lang=language, symbols=symbols)} "
                              f"({seat.format(lang=language, full=True)}{mark}): "
                              f"{text or say(language, 'no_meaning')}",
                              markup=False, highlight=False)
    cards = game.cards
    if cards:
        console.print(_play_lines(game, language=language, symbols=symbols))
        if game.play is not None:
            for number, text in game.play.notes:
                console.print(f"  ({number}) {text}")
    console.print(_result_line(game, language=language, symbols=symbols))
    from redouble.formats.pbn.model import suit_symbols

    for comment in game.commentary:
        if comment.strip():
            console.print(suit_symbols(comment) if symbols else comment, markup=False, highlight=False)


def _seats() -> list[Seat]:
    from redouble.seats import Seat

    return [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]


def _play_lines(game: Game, *, language: Language, symbols: bool) -> str:
    from redouble.play import Trick

    cards = game.cards
    lines = []
    trump = game.trump
    for start in range(0, len(cards), 4):
        chunk = cards[start:start + 4]
        shown = "  ".join(f"{seat.letter(language)} {card.format(lang=language, symbols=symbols)}"
                          for seat, card in chunk)
        winner = ""
        if len(chunk) == 4:
            won = Trick(leader=chunk[0][0], cards=tuple(card for _, card in chunk), trump=trump).winner
            if won is not None:
                winner = f"  → {won.format(lang=language, full=True)}"
        lines.append(f"{start // 4 + 1:2d}. {shown}{winner}")
    return "\n".join(lines)


def _result_line(game: Game, *, language: Language, symbols: bool) -> str:
    contract = game.contract
    value = game.tag("Contract")
    if value is not None and value.upper() == "PASS":
        from redouble.cli.words import say

        return say(language, "passed_out")
    if contract is None:
        return ""
    text = contract.format(lang=language, symbols=symbols)
    declarer = game.declarer
    if declarer is not None:
        text += f" {declarer.format(lang=language, full=True)}"
    result = game.result
    if result is not None:
        difference = result - contract.tricks_needed
        text += f": {result} ({'=' if difference == 0 else f'{difference:+d}'})"
    return text
