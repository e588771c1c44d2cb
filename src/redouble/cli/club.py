"""Club commands: ``redouble club …`` (movements, and the session and scoring commands of the club area)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from redouble.cli.common import console, fail, reporting

if TYPE_CHECKING:
    from redouble.club.movement import Movement

club_app = typer.Typer(name="club", help="Run a club duplicate session: movements, scoring, results.",
                       no_args_is_help=True, pretty_exceptions_enable=False)


def register(app: typer.Typer) -> None:
    """Add the ``club`` sub-app to ``app``."""
    app.add_typer(club_app, name="club")


# --- club-mov: movements -----------------------------------------------------------------------------------

movement_app = typer.Typer(name="movement", help="Generate, check and print movements (Mitchell, Howell).",
                           no_args_is_help=True, pretty_exceptions_enable=False)
club_app.add_typer(movement_app, name="movement")

CsvOption = Annotated[bool, typer.Option("--csv", help="Print Bridgemate RoundData CSV (header first).")]
BoardsOption = Annotated[int, typer.Option("--boards", "-b", help="Boards per round.")]
CardsOption = Annotated[bool, typer.Option("--cards", help="Print the table cards and pair guide cards.")]
HtmlOption = Annotated[bool, typer.Option("--html", help="With --cards: a printable HTML page.")]
LangOption = Annotated[str, typer.Option("--lang", "-l", help="Card language: en, nl, de or no.")]


def _show(movement: Movement, *, as_csv: bool, cards: bool, lang: str, as_html: bool = False) -> None:
    """Print a movement as CSV, as cards, or as a readable table with the validator's summary."""
    from rich.table import Table

    from redouble.club.movement import comparison_balance, validate

    if as_csv:
        sys.stdout.write(movement.csv())
        return
    if cards:
        from redouble.club.movements.cards import cards_page_html, guide_cards_text, table_cards_text
        from redouble.notation import Language

        with reporting():
            language = Language.parse(lang)
        if as_html:
            sys.stdout.write(cards_page_html(movement, language=language))
            return
        sys.stdout.write(table_cards_text(movement, language=language) + "\n"
                         + guide_cards_text(movement, language=language))
        return
    table = Table(title=movement.name)
    table.add_column("Table", justify="right")
    for round_ in movement.rounds:
        table.add_column(f"Round {round_}")
    for number in movement.tables:
        cells = []
        for round_ in movement.rounds:
            seating = movement.at(number, round_)
            ns = str(seating.ns) if seating.ns else "–"
            ew = str(seating.ew) if seating.ew else "–"
            cells.append(f"{ns} v {ew}\nbd {_board_text(seating.boards)}")
        table.add_row(str(number), *cells)
    console.print(table)
    console.print(validate(movement).summary())
    if all(pair.direction is None for pair in movement.pairs):
        balance = comparison_balance(movement)
        console.print(f"two pairs sit the same way on {balance.minimum} to {balance.maximum} boards "
                      f"(mean {balance.mean:.1f}): the comparisons that decide a one-winner ranking")


def _board_text(boards: tuple[int, ...]) -> str:
    from redouble.club.movements.cards import board_ranges

    return board_ranges(boards)


def mitchell_command(
    tables: Annotated[int, typer.Option("--tables", "-t", help="Number of tables (3-30).")],
    boards: BoardsOption = 2,
    skip: Annotated[bool, typer.Option("--skip", help="Even tables: EW skip a table after round T/2.")] = False,
    relay: Annotated[bool, typer.Option("--relay", help="Even tables: share-and-relay (table T shares with 1).")]
    = False,
    bye_stands: Annotated[int, typer.Option("--bye-stands", help="Extra sets resting on bye stands between tables "
                                            "T/2+1 and T/2 (an even number).")] = 0,
    half_table: Annotated[bool, typer.Option("--half-table", help="EW pair T is missing: its opponents sit out.")]
    = False,
    switch: Annotated[str | None, typer.Option("--switch", help="Arrow-switch rounds, e.g. '7' or '6,7'; "
                                               "'auto' for the last eighth (one winner).")] = None,
    as_csv: CsvOption = False,
    cards: CardsOption = False,
    as_html: HtmlOption = False,
    lang: LangOption = "en",
) -> None:
    """A Mitchell: NS stationary, EW up one table, boards down one; even tables need --skip or --relay."""
    from redouble.club.movement import mitchell

    arrow: tuple[int, ...] | bool = ()
    if switch is not None:
        if switch.strip().lower() == "auto":
            arrow = True
        else:
            try:
                arrow = tuple(int(part) for part in switch.split(",") if part.strip())
            except ValueError:
                fail(f"--switch {switch!r}: expected round numbers such as 6,7 or 'auto'")
    if skip and relay:
        fail("--skip and --relay: choose one")
    with reporting():
        movement = mitchell(tables, boards_per_round=boards, skip=skip, relay=relay, bye_stands=bye_stands,
                            half_table=half_table, arrow_switch=arrow)
    _show(movement, as_csv=as_csv, cards=cards, lang=lang, as_html=as_html)


def howell_command(
    tables: Annotated[int, typer.Option("--tables", "-t", help="Number of tables (3-16).")],
    rounds: Annotated[int | None, typer.Option("--rounds", "-r", help="Rounds (default 2T-1, the complete "
                                               "Howell).")] = None,
    boards: BoardsOption = 2,
    half_table: Annotated[bool, typer.Option("--half-table", help="Pair 2T is missing: its opponents sit out.")]
    = False,
    as_csv: CsvOption = False,
    cards: CardsOption = False,
    as_html: HtmlOption = False,
    lang: LangOption = "en",
) -> None:
    """A Howell: every pair meets every other (complete: 2T-1 rounds) or the first --rounds rounds."""
    from redouble.club.movement import howell

    with reporting():
        movement = howell(tables, rounds=rounds, boards_per_round=boards, half_table=half_table)
    _show(movement, as_csv=as_csv, cards=cards, lang=lang, as_html=as_html)


def teams_command(
    teams: Annotated[int, typer.Option("--teams", help="Number of teams: 2 plays seed 001's two-table match, more a "
                                       "round robin.")],
    boards: Annotated[int, typer.Option("--boards", "-b", help="Boards per match (two teams) or per round.")] = 8,
    segments: Annotated[int, typer.Option("--segments", help="Two teams: segments, the away pairs changing tables "
                                          "after each.")] = 2,
    as_csv: CsvOption = False,
    cards: CardsOption = False,
    as_html: HtmlOption = False,
    lang: LangOption = "en",
) -> None:
    """A teams movement: team t fields pairs 2t-1 and 2t; every table of a round plays the same boards."""
    from redouble.club.movements.teams import round_robin_teams, team_match

    with reporting():
        movement = team_match(boards, segments=segments) if teams == 2 else round_robin_teams(
            teams, boards_per_round=boards)
    _show(movement, as_csv=as_csv, cards=cards, lang=lang, as_html=as_html)


def check_movement_command(
    file: Annotated[Path, typer.Argument(help="A RoundData CSV, a howellki movements.json or a bridgescorer "
                                         "YAML movement.")],
    sharing: Annotated[bool | None, typer.Option("--sharing/--no-sharing", help="Whether a set may be on two "
                                                 "tables in a round (default: as the CSV has it).")] = None,
    twice: Annotated[bool, typer.Option("--meet-twice", help="Pairs may meet more than once.")] = False,
    numbering: Annotated[str, typer.Option("--numbering", help="CSV pair numbers: 'auto', 'mitchell' (NS n and "
                                           "EW n differ) or 'howell' (one number per pair).")] = "auto",
) -> None:
    """Validate a movement file and print what it proves: plays per board, sharing, NS/EW balance."""
    from redouble.club.movement import Movement, validate
    from redouble.club.movements.data import load_bridgescorer, load_howellki

    if not file.is_file():
        fail(f"{file} is not a file")
    with reporting():
        if file.suffix.lower() == ".json":
            movements = load_howellki(file)
            for movement in movements.values():
                console.print(validate(movement).summary())
            return
        if file.suffix.lower() in (".yaml", ".yml"):
            loaded = load_bridgescorer(file)
            if isinstance(loaded, Movement):
                console.print(validate(loaded).summary())
            else:
                console.print(f"{loaded.name}: individual movement, {len(loaded.seatings)} seatings, valid")
            return
        if numbering not in ("auto", "mitchell", "howell"):
            fail(f"--numbering {numbering!r}: expected auto, mitchell or howell")
        directions = None if numbering == "auto" else numbering == "mitchell"
        movement = Movement.from_csv(file.read_text(encoding="utf-8"), name=file.stem, directions=directions,
                                     sharing=sharing, meets_twice=twice)
        console.print(validate(movement).summary())


movement_app.command("mitchell")(mitchell_command)
movement_app.command("howell")(howell_command)
movement_app.command("teams")(teams_command)
movement_app.command("check")(check_movement_command)

# --- end club-mov ------------------------------------------------------------------------------------------
