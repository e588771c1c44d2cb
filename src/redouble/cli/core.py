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
    title = f"Board {board.number}" if board.number is not None else "Deal"
    centre = (f"Dealer {board.dealer.format(lang=language, full=True)}\n"
              f"Vul {board.vulnerability.value}")
    console.print(Panel.fit(diagram(board.deal, lang=language, symbols=symbols, hcp=True,
                                    centre=centre), title=title))


def play_command(
    board: Annotated[int, typer.Option("--board", "-b", min=1, help="Board number.")] = 1,
    seed: Annotated[str | None, typer.Option(help="Reproducible deal from this seed.")] = None,
    seat: Annotated[str | None, typer.Option(help="Play this seat yourself (N, E, S or W); "
                                             "robots take the others.")] = None,
    lang: LangOption = "en",
) -> None:
    """Deal a board, show the four hands, and bid and play it out with robots in the terminal."""
    from rich.prompt import Prompt

    from redouble.board import Board
    from redouble.calls import Call
    from redouble.cards import Card, Suit
    from redouble.deal import Deal
    from redouble.display import auction_table, diagram
    from redouble.errors import BridgeError
    from redouble.robots import default_robot
    from redouble.seats import Seat
    from redouble.state import BoardState, Phase

    language = parse_language(lang)
    with reporting():
        human = Seat.parse(seat, lang=language) if seat else None
        deal = Deal.from_seed(seed) if seed is not None else Deal.random()
        state = BoardState(Board.numbered(board, deal=deal))
    robots = {s: default_robot() for s in Seat}
    shown_auction = False
    if human is None:
        _print_board(state.board, language=language, symbols=True)
    else:
        console.print(f"You are {human.format(lang=language, full=True)}. Type calls like 1NT, "
                      "Pass, X; cards like SA or H10; a suit alone from dummy plays its lowest.")
    while state.phase is not Phase.DONE:
        actor = state.actor
        assert actor is not None
        if state.phase is Phase.CLAIM:
            from redouble.robots.base import run_board
            run_board(state, robots)
            continue
        if actor is human:
            view = state.view(human)
            console.print(diagram(view.hands, lang=language, hcp=False))
            text = Prompt.ask(f"{actor.format(lang=language, full=True)}")
            try:
                if state.phase is Phase.AUCTION:
                    state.make_call(Call.parse(text, lang=language), seat=human)
                else:
                    play = state.play
                    assert play is not None
                    stripped = text.strip()
                    if len(stripped) == 1 and play.turn is play.dummy:
                        card = play.lowest_of(Suit.parse(stripped, lang=language))
                    else:
                        card = Card.parse(stripped, lang=language)
                    state.play_card(card, by=human)
            except BridgeError as error:
                console.print(f"[red]{error}[/]")
            continue
        view = state.view(actor)
        if state.phase is Phase.AUCTION:
            choice = robots[actor].choose_call(view)
            state.make_call(choice.call, seat=actor, alert=choice.alert,
                            explanation=choice.explanation)
        else:
            card = robots[actor].choose_card(view)
            state.play_card(card, by=actor)
            play = state.play
            assert play is not None
            if not play.current_trick.cards and play.last_trick is not None:
                trick = play.last_trick
                cards = "  ".join(f"{s.letter(language)}:{c.format(lang=language, symbols=True)}"
                                  for s, c in trick.plays)
                winner = trick.winner
                assert winner is not None
                console.print(f"Trick {len(play.tricks):2}: {cards}  → "
                              f"{winner.format(lang=language, full=True)}")
        if state.phase is not Phase.AUCTION and not shown_auction:
            shown_auction = True
            console.print(auction_table(state.board.dealer, state.auction.calls, lang=language))
    result = state.result
    assert result is not None
    if not shown_auction:
        console.print(auction_table(state.board.dealer, state.auction.calls, lang=language))
    console.print(f"[bold]Result:[/] {result}")
