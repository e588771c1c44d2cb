"""Club commands: ``redouble club …`` (movements, and the session and scoring commands of the club area)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from redouble.cli.common import console, err_console, fail, reporting

if TYPE_CHECKING:
    from redouble.club.movement import Movement
    from redouble.club.usebio import UsebioEvent

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


# --- club-score: USEBIO scoring and checking ---


def _fail(message: str) -> NoReturn:
    """The error on one line of stderr (never wrapped), exit code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


@contextmanager
def _one_line() -> Iterator[None]:
    """Bad input (``BridgeError``) as a one-line error, never a traceback."""
    from redouble.errors import BridgeError

    try:
        yield
    except BridgeError as error:
        _fail(str(error))


def _read_usebio_file(path: Path) -> UsebioEvent:
    from redouble.club.usebio import read_usebio

    data = _read_bytes(path)
    with _one_line():
        return read_usebio(data)
    raise AssertionError("unreachable")  # pragma: no cover


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        _fail(f"cannot read {path}: {error.strerror or error}")


def _is_pbn(path: Path | None) -> bool:
    return path is not None and path.suffix.lower() == ".pbn"


@club_app.command("score")
def score_command(
    source: Annotated[Path, typer.Argument(help="A USEBIO 1.2 file (MP_PAIRS, BUTLER_PAIRS, CROSS_IMP) or a PBN "
                                                "file with ScoreTables.")],
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the results here: USEBIO 1.2, or PBN 2.1 if the name ends in .pbn.")] = None,
    analyse: Annotated[bool, typer.Option(
        "--analyse", help="With .pbn output: add each board's OptimumResultTable and par (double dummy).")] = False,
) -> None:
    """Rescore a session from its traveller lines alone and write USEBIO 1.2 (or PBN) with the new results."""
    from redouble.club.pbnresults import read_results_pbn, score_pbn, write_results_pbn
    from redouble.club.usebio import score_usebio, write_usebio

    if _is_pbn(source):
        if output is not None and not _is_pbn(output):
            _fail("a PBN session is written back as PBN: give an output name ending in .pbn")
        with _one_line():
            published = read_results_pbn(_read_bytes(source))
            scored = score_pbn(published)
            text = write_results_pbn(scored, deals=dict(published.deals), analyse=analyse,
                                     names={rank.pair: rank.names for rank in published.ranking})
    else:
        event = _read_usebio_file(source)
        with _one_line():
            scored = score_usebio(event)
            if _is_pbn(output):
                title = next((node.text for node in event.settings if node.tag == "EVENT_DESCRIPTION"), "")
                text = write_results_pbn(scored, deals=event.deals(), names=event.names(), event=title,
                                         analyse=analyse)
            else:
                text = write_usebio(event, scored)
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8", newline="")
    except OSError as error:
        _fail(f"cannot write {output}: {error.strerror or error}")
    err_console.print(scored.text(), markup=False)


@club_app.command("check")
def check_command(
    source: Annotated[Path, typer.Argument(help="A USEBIO 1.2 file, or a PBN file with ScoreTables, to audit.")],
) -> None:
    """List each published number that disagrees with the recomputation; exit 1 if there is one."""
    from redouble.club.pbnresults import check_pbn, read_results_pbn
    from redouble.club.usebio import check_usebio

    if _is_pbn(source):
        with _one_line():
            found = check_pbn(read_results_pbn(_read_bytes(source)))
    else:
        event = _read_usebio_file(source)
        with _one_line():
            found = check_usebio(event)
    for disagreement in found:
        typer.echo(str(disagreement))
    if found:
        typer.echo(f"{len(found)} published numbers disagree with the recomputation", err=True)
        raise typer.Exit(1)
    typer.echo(f"{source.name}: every published number agrees with the recomputation")


# --- end club-score ---
