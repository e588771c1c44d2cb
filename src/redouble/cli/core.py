"""Core commands: ``redouble deal`` and the terminal ``redouble play`` demo."""

from __future__ import annotations

from typing import Annotated

import typer

from redouble.cli.common import console, fail, parse_language, reporting

LangOption = Annotated[str, typer.Option("--lang", "-l", help="Notation: en, nl, de or no.")]


def register(app: typer.Typer) -> None:
    """Add the core commands to ``app``."""
    app.command("deal")(deal_command)
    app.command("play")(play_command)


def deal_command(
    board: Annotated[int | None, typer.Option("--board", "-b", min=1, help="Board number: sets "
                                              "dealer and vulnerability (16-board cycle).")] = None,
    seed: Annotated[str | None, typer.Option(help="Reproducible deal from this seed "
                                             "(default: the CSPRNG).")] = None,
    count: Annotated[int, typer.Option("--count", "-n", min=1, help="How many deals.")] = 1,
    lang: LangOption = "en",
    output: Annotated[str, typer.Option("--format", "-f", help="text or pbn")] = "text",
    letters: Annotated[bool, typer.Option("--letters", help="Suit letters, not symbols.")] = False,
) -> None:
    """Deal random hands and show them as a coloured four-hand diagram with HCP."""
    from redouble.board import Board
    from redouble.deal import Deal

    language = parse_language(lang)
    if output not in ("text", "pbn"):
        fail(f"--format must be text or pbn, not {output!r}")
    with reporting():
        for index in range(count):
            number = (board or 1) + index if board is not None or count > 1 else None
            made = Deal.from_seed(seed, index) if seed is not None else Deal.random()
            the_board = Board.numbered(number, deal=made) if number is not None else Board(made)
            if output == "pbn":
                if number is not None:
                    console.print(f'[Board "{number}"]')
                console.print(f'[Dealer "{the_board.dealer.letter()}"]')
                console.print(f'[Vulnerable "{the_board.vulnerability.value}"]')
                console.print(f'[Deal "{made.to_pbn()}"]', soft_wrap=True)
                console.print()
                continue
            _print_board(the_board, language=language, symbols=not letters)


def _print_board(board: object, *, language: object, symbols: bool) -> None:
    from rich.panel import Panel

    from redouble.board import Board
    from redouble.display import diagram
    from redouble.notation import Language

    assert isinstance(board, Board) and isinstance(language, Language)
    from redouble.cli.words import say, vulnerability

    title = (f"{say(language, 'board')} {board.number}" if board.number is not None
             else say(language, "deal"))
    centre = (f"{say(language, 'dealer')} {board.dealer.format(lang=language, full=True)}\n"
              f"{say(language, 'vulnerable')} {vulnerability(language, board.vulnerability)}")
    console.print(Panel.fit(diagram(board.deal, lang=language, symbols=symbols, hcp=True,
                                    centre=centre), title=title))


def play_command(
    board: Annotated[int, typer.Option("--board", "-b", min=1, help="Board number.")] = 1,
    seed: Annotated[str | None, typer.Option(help="Reproducible deals from this seed.")] = None,
    seat: Annotated[str | None, typer.Option(help="Play this seat yourself (N, E, S or W); "
                                             "robots take the others. Without it, watch four "
                                             "robots.")] = None,
    lang: LangOption = "en",
    think: Annotated[float, typer.Option(min=0.01, help="Seconds a robot may think about a "
                                         "card.")] = 0.8,
    simulate: Annotated[bool, typer.Option("--simulate/--rules-only", help="Robots weigh competitive, "
                                           "game and slam calls by simulation (default), or bid by "
                                           "their system's rules alone (faster, and the same calls "
                                           "on any machine).")] = True,
) -> None:
    """Bid and play boards against three robots at a terminal table: auction, tricks, dummy,
    claims, undo, and the score with the whole deal at the end."""
    from redouble.cli.game import play_session
    from redouble.seats import Seat

    language = parse_language(lang)
    with reporting():
        human = Seat.parse(seat, lang=language) if seat else None
    play_session(board=board, seed=seed, human=human, language=language, think=think,
                 console=console, ask=console.input, simulate=simulate)
