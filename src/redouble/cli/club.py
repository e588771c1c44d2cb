"""Club commands: ``redouble club …`` (movements, and the session and scoring commands of the club area)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
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
    across: Annotated[bool, typer.Option("--across", help="USEBIO with sections: compare every board across the "
                                         "sections of a session and rank them as one field.")] = False,
) -> None:
    """Rescore a session from its traveller lines alone and write USEBIO 1.2 (or PBN) with the new results; a
    USEBIO file with nested sessions and sections is scored session by session and written back nested."""
    from redouble.club.pbnresults import read_results_pbn, score_pbn, write_results_pbn
    from redouble.club.scoring import SessionScore
    from redouble.club.usebio import UsebioError, score_usebio_sessions, write_usebio

    sessions: tuple[SessionScore, ...]
    if _is_pbn(source):
        if output is not None and not _is_pbn(output):
            _fail("a PBN session is written back as PBN: give an output name ending in .pbn")
        with _one_line():
            published = read_results_pbn(_read_bytes(source))
            scored = score_pbn(published)
            text = write_results_pbn(scored, deals=dict(published.deals), analyse=analyse,
                                     names={rank.pair: rank.names for rank in published.ranking})
            sessions = (scored,)
    else:
        event = _read_usebio_file(source)
        with _one_line():
            sessions = score_usebio_sessions(event, across_sections=across)
            scored = sessions[0]
            if _is_pbn(output):
                if len(sessions) > 1:
                    raise UsebioError(f"the event has {len(sessions)} sessions: PBN holds one; write USEBIO")
                title = next((node.text for node in event.settings if node.tag == "EVENT_DESCRIPTION"), "")
                text = write_results_pbn(scored, deals=event.deals(), names=event.names(), event=title,
                                         analyse=analyse)
            else:
                text = write_usebio(event, scores=sessions)
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8", newline="")
    except OSError as error:
        _fail(f"cannot write {output}: {error.strerror or error}")
    for number, each in enumerate(sessions, start=1):
        err_console.print((f"session {number}\n" if len(sessions) > 1 else "") + each.text(), markup=False)


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


# --- club-session: a paper club's session, from movement to published results ---

DbOption = Annotated[str, typer.Option("--db", help="The club database: a SQLite file or a database URL.",
                                       envvar="REDOUBLE_CLUB_DB")]
SessionOption = Annotated[str | None, typer.Option("--session", "-s", help="The session's id (default: the "
                                                   "newest).")]
ByOption = Annotated[str, typer.Option("--by", help="Who makes the change (kept in the audit log).")]
TableOption = Annotated[int | None, typer.Option("--table", "-t", help="The table.")]
RoundOption = Annotated[int | None, typer.Option("--round", help="The round (when the table plays the board "
                                                 "twice).")]
PairsOption = Annotated[str | None, typer.Option("--pairs", help="Or the NS and EW pairs: '1 8' (B1 B8 in "
                                                 "section B).")]
SectionOption = Annotated[str | None, typer.Option("--section", help="The section (A, B …) of the tables and "
                                                   "pair numbers typed (default: the first; a pair may also be "
                                                   "typed B3 or B3NS).")]
ReasonOption = Annotated[str, typer.Option("--reason", "-r", help="Why (kept in the audit log).")]
AsOfOption = Annotated[str | None, typer.Option("--as-of", help="As the session stood at this moment "
                                                "(21:30 on its date, 2026-11-24T21:30) or after record N.")]

if TYPE_CHECKING:
    from redouble.analysis.ddtable import DDTable
    from redouble.club.event import EventScore
    from redouble.club.movement import PairId
    from redouble.club.session import Session, SessionState, Slot
    from redouble.club.store import ClubStore


@contextmanager
def _club_db(db: str) -> Iterator[ClubStore]:
    from redouble.club.store import ClubStore

    with _one_line():
        store = ClubStore(db)
    try:
        with _one_line():
            yield store
    finally:
        store.close()


def _session(store: ClubStore, session_id: str | None) -> tuple[str, Session]:
    chosen = session_id or store.latest()
    return chosen, store.load(chosen)


def _session_command(name: str, *, by: str = "director") -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register ``club NAME`` for a command that changes one stored session: the command gets ``--db``,
    ``--session`` and ``--by`` here, once, and its body the opened session and who acts (errors as one line)."""
    import functools
    import inspect
    import typing

    def register(body: Callable[..., None]) -> Callable[..., None]:
        signature = inspect.signature(body)
        # The body's Annotated options, resolved (``Session`` is imported for mypy only).
        hints = typing.get_type_hints(body, localns={"Session": object}, include_extras=True)
        own = [parameter.replace(annotation=hints[parameter.name]) for parameter in signature.parameters.values()
               if parameter.name not in ("session", "by")]
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        shared = [inspect.Parameter("db", kind, default="club.db", annotation=DbOption),
                  inspect.Parameter("session_id", kind, default=None, annotation=SessionOption),
                  inspect.Parameter("by", kind, default=by, annotation=ByOption)]

        @functools.wraps(body)
        def command(*, db: str, session_id: str | None, by: str, **values: object) -> None:
            with _opened(db, session_id) as session:
                body(session, by, **values)

        command.__signature__ = signature.replace(parameters=own + shared)  # type: ignore[attr-defined]
        command.__annotations__ = {**{parameter.name: parameter.annotation for parameter in own},
                                   "db": DbOption, "session_id": SessionOption, "by": ByOption}
        del command.__wrapped__  # typer reads the signature above, not the body's
        return club_app.command(name)(command)

    return register


@contextmanager
def _opened(db: str, session_id: str | None) -> Iterator[Session]:
    """The chosen session (default: the newest) of the club database, errors as one line."""
    with _club_db(db) as store:
        yield _session(store, session_id)[1]


def _as_of(session: Session, moment: str | None) -> SessionState:
    from datetime import datetime

    from redouble.club.session import SessionError

    if moment is None:
        return session.state
    if moment.strip().isdigit():
        return session.as_of(int(moment))
    text = moment.strip()
    try:
        if len(text) <= 8 and ":" in text:  # a time of day on the session's own date (local time)
            opened = session.records[0].at.astimezone()
            clock = datetime.strptime(text, "%H:%M:%S" if text.count(":") == 2 else "%H:%M").time()
            return session.as_of(datetime.combine(opened.date(), clock, tzinfo=opened.tzinfo))
        return session.as_of(datetime.fromisoformat(text).astimezone())
    except ValueError as error:
        if isinstance(error, SessionError):
            raise
        raise SessionError(f"--as-of {moment!r} is neither a time (21:30, 2026-11-24T21:30) nor a record "
                           "number") from None


def _movement(movement_file: Path | None, mitchell: int | None, howell: int | None, boards: int,
              rounds: int | None, skip: bool, relay: bool, teams: int | None = None, segments: int = 2,
              sections: int = 1) -> Movement:
    from redouble.club.movement import Movement, MovementError, validate
    from redouble.club.movements.howell import howell as make_howell
    from redouble.club.movements.mitchell import mitchell as make_mitchell
    from redouble.club.movements.teams import round_robin_teams, team_match

    chosen = [option for option in (movement_file, mitchell, howell, teams) if option is not None]
    if len(chosen) != 1:
        raise MovementError("give one movement: --movement FILE.csv, --mitchell TABLES, --howell TABLES or "
                            "--teams TEAMS")
    if teams is not None:
        if teams == 2:
            return team_match(boards, segments=segments)
        return round_robin_teams(teams, boards_per_round=boards)
    if movement_file is not None:
        try:
            text = movement_file.read_text(encoding="utf-8")
        except OSError as error:
            raise MovementError(f"cannot read {movement_file}: {error.strerror or error}") from None
        movement = Movement.from_csv(text, name=movement_file.stem)
        validate(movement, sharing_allowed=True)
        return movement
    if sections > 1 and (movement_file is not None or teams is not None):
        raise MovementError("--sections copies a Mitchell or Howell; a movement file gives its own sections")
    letters = [chr(ord("A") + number) for number in range(sections)]
    if mitchell is not None:
        parts = [make_mitchell(mitchell, boards_per_round=boards, skip=skip, relay=relay, rounds=rounds,
                               section=letter) for letter in letters]
    else:
        assert howell is not None
        parts = [make_howell(howell, rounds=rounds, boards_per_round=boards, section=letter) for letter in letters]
    return parts[0] if sections == 1 else Movement.combine(f"{parts[0].name} × {sections} sections", *parts)


@club_app.command("new")
def new_command(
    name: Annotated[str, typer.Argument(help="The session's name, e.g. 'Tuesday pairs 24 Nov'.")],
    db: DbOption = "club.db",
    movement_file: Annotated[Path | None, typer.Option("--movement", help="A movement as Bridgemate "
                                                       "RoundData CSV.")] = None,
    mitchell: Annotated[int | None, typer.Option("--mitchell", help="A Mitchell for this many tables.")] = None,
    howell: Annotated[int | None, typer.Option("--howell", help="A Howell for this many tables.")] = None,
    teams: Annotated[int | None, typer.Option("--teams", min=2, help="A teams event: 2 plays seed 001's two-table "
                                              "match, more a round robin; scored as team matches in IMPs and "
                                              "VPs.")] = None,
    segments: Annotated[int, typer.Option("--segments", min=1, help="Two teams: segments, the away pairs "
                                          "changing tables after each.")] = 2,
    boards: Annotated[int, typer.Option("--boards", "-b", min=1, help="Boards per round (two teams: in the "
                                        "whole match).")] = 2,
    rounds: Annotated[int | None, typer.Option("--rounds", min=1, help="Play only this many rounds.")] = None,
    skip: Annotated[bool, typer.Option("--skip", help="Even Mitchell: EW skip a table halfway.")] = False,
    relay: Annotated[bool, typer.Option("--relay", help="Even Mitchell: share-and-relay.")] = False,
    sections: Annotated[int, typer.Option("--sections", min=1, max=26, help="Mitchell or Howell: this many "
                                          "sections (A, B …) of the same movement, playing the same "
                                          "boards.")] = 1,
    event: Annotated[str, typer.Option("--event", help="The event the session belongs to.")] = "",
    method: Annotated[str | None, typer.Option("--method", help="matchpoints, butler or cross-imps (default: "
                                               "matchpoints; imps for --teams).")] = None,
    winners: Annotated[int | None, typer.Option("--winners", help="1 or 2 (default: 2 for a Mitchell).")] = None,
    seed: Annotated[str | None, typer.Option("--seed", help="Deal the boards from this seed "
                                             "(reproducible); default: the CSPRNG.")] = None,
    pbn: Annotated[Path | None, typer.Option("--pbn", help="Take the boards from this PBN file.")] = None,
    no_deal: Annotated[bool, typer.Option("--no-deal", help="No hand record (boards dealt by hand).")] = False,
    by: ByOption = "director",
) -> None:
    """Create a session from a movement, with its boards dealt (CSPRNG, a seed or a PBN file)."""
    from redouble.club.scoring import Method
    from redouble.club.session import BoardsDealt, Session, SessionError, boards_from_pbn, deal_boards, parse_method

    with _one_line():
        movement = _movement(movement_file, mitchell, howell, boards, rounds, skip, relay, teams, segments, sections)
        chosen = parse_method(method or ("imps" if teams is not None else "matchpoints"))
        if teams is not None and chosen is not Method.IMPS:
            raise SessionError("a teams event is scored in IMPs, room against room: leave out --method")
        session = Session.open(name, movement, by=by, event=event, method=chosen,
                               winners=1 if teams is not None else winners)
        if pbn is not None and seed is not None:
            raise SessionError("deal from --seed or take boards from --pbn, not both")
        if pbn is not None:
            try:
                text = pbn.read_text(encoding="utf-8")
            except OSError as error:
                raise SessionError(f"cannot read {pbn}: {error.strerror or error}") from None
            dealt = boards_from_pbn(text, movement.boards)
            session.append(BoardsDealt(dealt, source=f"PBN {pbn.name}"), by=by)
        elif not no_deal:
            source = f"seed {seed!r}" if seed is not None else "the CSPRNG"
            session.append(BoardsDealt(deal_boards(movement.boards, seed=seed), source=source), by=by)
        if teams is not None:
            from redouble.club.movement import PairId
            from redouble.club.movements.teams import team_of
            from redouble.club.session import TeamFormed

            for number in range(1, teams + 1):
                pairs = tuple(sorted(pair for pair in movement.pairs if team_of(pair) == number))
                session.append(TeamFormed(number, f"Team {number}", pairs or (PairId(2 * number - 1),)), by=by)
    with _club_db(db) as store:
        session_id = store.create(session)
    state = session.state
    tables = len({(seating.section, seating.table) for seating in movement.seatings})
    console.print(f"Session [bold]{session_id}[/] created: {movement.name} ({tables} tables, "
                  f"{len(movement.rounds)} rounds, boards {movement.boards[0]}-{movement.boards[-1]}, "
                  f"{len(movement.pairs)} pairs), {state.method.value}, {state.winners} winner(s).",
                  soft_wrap=True)


@_session_command("seat")
def seat_command(
    session: Session,
    by: str,
    pair: Annotated[str, typer.Argument(help="The pair's number as the movement numbers it: 7, 3NS, 3EW.")],
    players: Annotated[list[str] | None, typer.Argument(help="The players' names.")] = None,
    late: Annotated[bool, typer.Option("--late", help="The pair arrived late.")] = False,
    phantom: Annotated[bool, typer.Option("--phantom", help="Nobody: its opponents sit out.")] = False,
    section: SectionOption = None,
) -> None:
    """Seat a pair with its players' names (again: change the names); late pairs and a phantom."""
    from redouble.club.session import PairSeated

    chosen = _pair(session.state, pair, section=section)
    session.append(PairSeated(chosen, tuple(players or ()), late=late, phantom=phantom), by=by)
    console.print(f"Pair {chosen}: {session.state.names(chosen) or '(no names)'}")


@_session_command("team")
def team_command(
    session: Session,
    by: str,
    number: Annotated[int, typer.Argument(help="The team's number.")],
    name: Annotated[str, typer.Argument(help="The team's name.")],
    pairs: Annotated[list[str], typer.Argument(help="Its pairs as the movement numbers them: 1NS 3EW …")],
    section: SectionOption = None,
) -> None:
    """Form a team from pairs of the movement (teams events; the two rooms of a match)."""
    from redouble.club.session import TeamFormed

    chosen = tuple(_pair(session.state, pair, section=section) for pair in pairs)
    record = session.append(TeamFormed(number, name, chosen), by=by)
    console.print(record.describe(), markup=False, soft_wrap=True)


def _section(state: SessionState, section: str | None) -> str:
    """The section named (checked against the movement), or the movement's first."""
    from redouble.club.session import WrongPairError

    if section is None:
        return state.movement.sections[0]
    chosen = section.strip().upper()
    if chosen not in state.movement.sections:
        raise WrongPairError(f"there is no section {section} in movement {state.movement.name} (sections "
                             f"{', '.join(state.movement.sections)})")
    return chosen


def _pair(state: SessionState, text: str, side: int | None = None, section: str | None = None) -> PairId:
    """A pair number as typed (``B3`` or ``B3NS`` in section B); a bare number in a Mitchell takes the direction it
    is typed in."""
    import re

    from redouble.club.movement import PairId
    from redouble.club.session import WrongPairError
    from redouble.seats import Side

    known = set(state.movement.pairs)
    lettered = re.fullmatch(r"([A-Za-z])(\d.*)", text.strip())
    if lettered:
        section, text = lettered.group(1), lettered.group(2)
    section = _section(state, section)
    pair = PairId.parse(text, section=section)
    if pair in known:
        return pair
    if pair.direction is None:
        sides = [Side(side)] if side is not None else [Side.NS, Side.EW]
        candidates = [PairId(pair.number, direction, section) for direction in sides]
        found = [candidate for candidate in candidates if candidate in known]
        if len(found) == 1:
            return found[0]
    where = f" in section {section}" if len(state.movement.sections) > 1 else ""
    raise WrongPairError(f"there is no pair {text}{where} in movement {state.movement.name}")


def _traveller_table(state: SessionState, board: int) -> object:
    """The running traveller of a board: every line so far with its score and MPs/IMPs."""
    from rich.table import Table

    from redouble.club.scoring import score_session
    from redouble.errors import BridgeError

    lines = [line for line in state.scored_results() if line.board == board]
    scored = {}
    if lines:
        try:
            travellers = [scored_board for scored_board in score_session(lines, method=state.method).boards
                          if scored_board.board == board]  # one per section
            scored = {(line.result.ns.section, line.result.table, line.result.round): line
                      for traveller in travellers for line in traveller.lines}
        except BridgeError:  # a board not yet comparable (one room of a team match) shows its lines unscored
            scored = {}
    unit = "MP" if state.method.value == "matchpoints" else "IMP"
    table = Table(title=f"Board {board} ({state.vulnerability(board)} vul)", title_justify="left")
    sections = len(state.movement.sections) > 1
    for column in ("Sec", "Tbl", "Rnd", "NS", "EW", "Contract", "Lead", "Result", "NS +", "NS -",
                   f"NS {unit}", f"EW {unit}")[0 if sections else 1:]:
        table.add_column(column, justify="right" if column not in ("Contract", "Result") else "left",
                         no_wrap=True, min_width=len(column))
    for slot_state in state.traveller(board):
        slot = slot_state.slot
        seating = state.seating(table=slot.table, round=slot.round, section=slot.section)
        result = slot_state.result
        score = None if result is None else result.ns_score
        points = scored.get((slot.section, slot.table, slot.round))
        contract = "" if result is None or result.contract is None else result.contract.format(with_declarer=True)
        outcome = "not played" if slot_state.not_played else "" if result is None else (
            result.result_text().removeprefix(contract).strip() if contract else result.result_text())
        if slot_state.adjustment is not None:
            outcome += f" adj {slot_state.adjustment.label()}"
        table.add_row(*((slot.section,) if sections else ()), str(slot.table), str(slot.round), str(seating.ns),
                      str(seating.ew), contract,
                      "" if result is None or result.lead is None else str(result.lead), outcome,
                      str(score) if score is not None and score > 0 else "",
                      str(-score) if score is not None and score < 0 else "",
                      "" if points is None else f"{points.ns:g}", "" if points is None else f"{points.ew:g}")
    return table


def _enter_line(session: Session, board: int, typed: str, expected: tuple[PairId, PairId, int, int] | None,
                by: str, lang: str = "en", section: str | None = None) -> Slot:
    """Enter one typed traveller line for ``board``; returns the table, round and board it went to."""
    import dataclasses

    from redouble.club.session import Adjustment, NotPlayed, SessionError, parse_result_line

    words = typed.split()
    state = session.state
    if len(words) >= 3 and _looks_like_pair(words[0]) and _looks_like_pair(words[1]):
        ns, ew = _pair(state, words[0], 0, section), _pair(state, words[1], 1, section)
        rest = " ".join(words[2:])
        table = round_ = None
    elif expected is not None:
        ns, ew, table, round_ = expected
        rest = typed
    else:
        raise SessionError(f"board {board}: start the line with the NS and EW pair numbers, e.g. '1 8 4S N 10'")
    line = parse_result_line(rest, board=board, ns=ns, ew=ew, table=table, round=round_, lang=lang)
    from redouble.club.results import BoardResult

    slot = session.slot_of(board, ns, ew, table=table, round=round_)
    if isinstance(line, BoardResult):
        session.enter(dataclasses.replace(line, table=slot.table, round=slot.round), by=by)
    elif line is None:
        session.append(NotPlayed(slot), by=by)
    else:
        assert isinstance(line, Adjustment)
        session.adjust(slot, line, by=by, reason="artificial score from the traveller")
    return slot


def _looks_like_pair(word: str) -> bool:
    import re

    return re.fullmatch(r"[A-Z]?\d{1,3}(NS|EW)?", word, flags=re.IGNORECASE) is not None


ENTER_HELP = """\
Type a board number, then its traveller, one table a line (the prompt names the table and pairs):
  4S N 10 HK     contract, declarer, tricks (0-13) and the lead (optional)
  4SX E -2       ... or the result: = made exactly, +1, -2
  420  /  -50    a plain NS score          pass     passed out
  A+/A-          an artificial score       -        not played
  1 8 4S N 10    name the NS and EW pairs first to enter any table's line
  (empty)        skip this table           done     another board
  undo           take back the line just entered       quit  leave"""


@club_app.command("enter")
def enter_command(
    boards: Annotated[list[int] | None, typer.Argument(help="Boards to enter (default: ask).")] = None,
    db: DbOption = "club.db",
    session_id: SessionOption = None,
    by: ByOption = "scorer",
    lang: Annotated[str, typer.Option("--lang", "-l", help="Notation typed: en, nl (3SA Z =), de or no.")] = "en",
    section: SectionOption = None,
) -> None:
    """Enter travellers from paper at the keyboard: '4S N 10 HK', '4SX E -2', '420', showing the traveller."""
    from redouble.club.session import ResultRemoved, SessionError
    from redouble.notation import Language

    with _one_line():
        language = Language.parse(lang).value
    with _opened(db, session_id) as session:
        only = None if section is None else _section(session.state, section)
        console.print(ENTER_HELP)
        queue = list(boards or [])
        entered: list[Slot] = []
        dd_cache: dict[int, DDTable | None] = {}
        while True:
            if queue:
                board = queue.pop(0)
            else:
                answer = _ask("board")
                if answer is None or answer.lower() in ("q", "quit", "exit"):
                    break
                if not answer.strip():
                    continue
                if not answer.strip().isdigit() or int(answer) not in session.state.movement.boards:
                    err_console.print(f"error: {answer.strip()!r} is not a board of this session", markup=False)
                    continue
                board = int(answer)
            console.print(_traveller_table(session.state, board))
            while True:
                todo = [slot for slot in session.state.missing()
                        if slot.board == board and only in (None, slot.section)]
                expected = None
                prompt = f"board {board}: NS EW result"
                if todo:
                    slot = todo[0]
                    seating = session.state.seating(table=slot.table, round=slot.round, section=slot.section)
                    assert seating.ns is not None and seating.ew is not None
                    expected = (seating.ns, seating.ew, slot.table, slot.round)
                    named = "" if len(session.state.movement.sections) == 1 else f" section {slot.section}"
                    prompt = (f"board {board}{named} table {slot.table} round {slot.round}: {seating.ns} v "
                              f"{seating.ew}")
                typed = _ask(prompt)
                if typed is None or typed.strip().lower() in ("quit", "q"):
                    console.print(f"{len(entered)} lines entered.")
                    return
                key = typed.strip().lower()
                if key in ("done", "."):
                    break
                if key in ("help", "?"):
                    console.print(ENTER_HELP)
                    continue
                if not key:
                    if not todo:
                        break
                    continue
                try:
                    if key == "undo":
                        if not entered:
                            raise SessionError("nothing entered to take back")
                        session.append(ResultRemoved(entered.pop()), by=by, reason="taken back at entry")
                    else:
                        entered.append(_enter_line(session, board, typed.strip(), expected, by, language, only))
                except ValueError as error:
                    where = "" if f"board {board}" in str(error) else f"board {board}: "
                    err_console.print(f"error: {where}{error}", markup=False, soft_wrap=True)
                    continue
                console.print(_traveller_table(session.state, board))
                if key != "undo":
                    for doubt in session.state.doubts(entered[-1], dd=_dd_of(session.state, board, dd_cache)):
                        err_console.print(f"check: {doubt}", markup=False, soft_wrap=True)
                if not [slot for slot in session.state.missing() if slot.board == board and only in (None,
                                                                                                       slot.section)]:
                    console.print(f"Board {board} complete.")
                    break
        console.print(f"{len(entered)} lines entered.")


def _dd_of(state: SessionState, board: int, cache: dict[int, DDTable | None]) -> DDTable | None:
    """A dealt board's double-dummy table, worked out once per board (None when the deal is not known)."""
    if board not in cache:
        from redouble.analysis.ddtable import dd_table

        dealt = state.boards.get(board)
        cache[board] = None if dealt is None else dd_table(dealt.deal)
    return cache[board]


def _ask(prompt: str) -> str | None:
    """One line from the keyboard (or a pipe); ``None`` at the end of input."""
    try:
        return input(f"{prompt}> ")
    except EOFError:
        return None


def _where(state: SessionState, board: int, table: int | None, round_: int | None,
           pairs: str | None, section: str | None = None) -> tuple[PairId, PairId, int | None, int | None]:
    from redouble.club.session import SessionError

    if pairs is not None:
        words = pairs.replace(",", " ").split()
        if len(words) != 2:
            raise SessionError(f"--pairs takes the NS and EW pairs, e.g. '1 8', not {pairs!r}")
        return _pair(state, words[0], 0, section), _pair(state, words[1], 1, section), None, None
    if table is None:
        raise SessionError(f"board {board}: say where, with --table (and --round) or --pairs")
    chosen = _section(state, section)
    named = "" if len(state.movement.sections) == 1 else f"section {chosen}, "
    rounds = [s.round for s in state.seatings.values()
              if s.section == chosen and s.table == table and board in s.boards]
    if round_ is None:
        if len(rounds) != 1:
            raise SessionError(f"board {board} is played at {named}table {table} in rounds {rounds or 'none'}: "
                               "give --round")
        round_ = rounds[0]
    seating = state.seating(table=table, round=round_, section=chosen)
    if seating.ns is None or seating.ew is None:
        raise SessionError(f"{named}table {table}, round {round_} is a sit-out")
    return seating.ns, seating.ew, table, round_


@_session_command("correct")
def correct_command(
    session: Session,
    by: str,
    board: Annotated[int, typer.Argument(help="The board.")],
    result: Annotated[str, typer.Argument(help="The corrected result: '4S N 10 HK', '4SX E -2', '420', 'pass'.")],
    table: TableOption = None,
    round_: RoundOption = None,
    pairs: PairsOption = None,
    section: SectionOption = None,
    reason: ReasonOption = "",
) -> None:
    """Correct a result already entered (the old one stays in the audit log)."""
    from redouble.club.results import BoardResult
    from redouble.club.session import SessionError, parse_result_line

    ns, ew, table, round_ = _where(session.state, board, table, round_, pairs, section)
    line = parse_result_line(result, board=board, ns=ns, ew=ew, table=table, round=round_)
    if not isinstance(line, BoardResult):
        raise SessionError("a correction is a result; use 'club adjust' for an artificial score")
    record = session.correct(line, by=by, reason=reason)
    console.print(record.describe(), markup=False, soft_wrap=True)
    console.print(_traveller_table(session.state, board))


@_session_command("adjust")
def adjust_command(
    session: Session,
    by: str,
    board: Annotated[int, typer.Argument(help="The board.")],
    score: Annotated[str, typer.Argument(help="A+/A- (Law 12C2), '60% 420, 40% -50' (12C1c), 420 (assigned) "
                                        "or 420/-50 (split: NS's, EW's).")],
    reason: ReasonOption,
    table: TableOption = None,
    round_: RoundOption = None,
    pairs: PairsOption = None,
    section: SectionOption = None,
) -> None:
    """Give an adjusted score on a board at a table, with its reason (Law 12C)."""
    from redouble.club.session import Adjustment

    ns, ew, table, round_ = _where(session.state, board, table, round_, pairs, section)
    slot = session.slot_of(board, ns, ew, table=table, round=round_)
    record = session.adjust(slot, Adjustment.parse(score), by=by, reason=reason)
    console.print(record.describe(), markup=False, soft_wrap=True)
    console.print(_traveller_table(session.state, board))


@_session_command("penalty")
def penalty_command(
    session: Session,
    by: str,
    pair: Annotated[str, typer.Argument(help="The pair penalised: 7, 3NS …")],
    amount: Annotated[float, typer.Argument(help="How much (in --unit).")],
    reason: ReasonOption,
    unit: Annotated[str, typer.Option("--unit", help="% (of a top), mp or imps.")] = "%",
    board: Annotated[int | None, typer.Option("--board", help="The board it was given on.")] = None,
    section: SectionOption = None,
) -> None:
    """A procedural penalty off one pair's score (Law 90), with its reason."""
    from redouble.club.results import Penalty, PenaltyUnit
    from redouble.club.session import SessionError

    try:
        chosen_unit = PenaltyUnit(unit.strip().lower())
    except ValueError:
        raise SessionError(f"--unit is %, mp or imps, not {unit!r}") from None
    penalised = _pair(session.state, pair, section=section)
    record = session.penalise(Penalty(penalised, amount, chosen_unit, board, reason), by=by)
    console.print(record.describe(), markup=False, soft_wrap=True)


@_session_command("remove")
def remove_command(
    session: Session,
    by: str,
    board: Annotated[int, typer.Argument(help="The board.")],
    reason: ReasonOption,
    table: TableOption = None,
    round_: RoundOption = None,
    pairs: PairsOption = None,
    section: SectionOption = None,
) -> None:
    """Take a result off its traveller (it stays in the audit log)."""
    from redouble.club.session import ResultRemoved

    ns, ew, table, round_ = _where(session.state, board, table, round_, pairs, section)
    slot = session.slot_of(board, ns, ew, table=table, round=round_)
    console.print(session.append(ResultRemoved(slot), by=by, reason=reason).describe(), markup=False,
                  soft_wrap=True)


@_session_command("seating")
def seating_command(
    session: Session,
    by: str,
    table: Annotated[int, typer.Argument(help="The table.")],
    round_: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    ns: Annotated[str | None, typer.Option("--ns", help="The pair now sitting NS (none: nobody).")] = None,
    ew: Annotated[str | None, typer.Option("--ew", help="The pair now sitting EW (none: nobody).")] = None,
    boards: Annotated[str | None, typer.Option("--boards", help="The boards now played: 7-9 or 7,8,9 "
                                               "(default: as before; 0: none).")] = None,
    section: SectionOption = None,
    reason: ReasonOption = "",
) -> None:
    """Change who sits at a table in a round (a late pair, a pair that left, a table that broke)."""
    from redouble.club.movement import Seating
    from redouble.club.session import SeatingChanged, SessionError

    state = session.state
    old = state.seating(table=table, round=round_, section=_section(state, section))
    chosen = old.boards
    if boards is not None:
        try:
            chosen = tuple(_board_list(boards))
        except ValueError:
            raise SessionError(f"--boards takes 7-9 or 7,8,9, not {boards!r}") from None
    seating = Seating(old.section, table, round_,
                      old.ns if ns is None else None if ns.lower() == "none" else _pair(state, ns, 0, old.section),
                      old.ew if ew is None else None if ew.lower() == "none" else _pair(state, ew, 1, old.section),
                      chosen)
    record = session.append(SeatingChanged(seating), by=by, reason=reason)
    console.print(record.describe(), markup=False, soft_wrap=True)


def _board_list(text: str) -> list[int]:
    """``7-9``, ``7,8,9`` or ``0`` (no boards) as board numbers."""
    numbers: list[int] = []
    for part in text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        numbers.extend(range(int(low), int(high or low) + 1))
    return [number for number in numbers if number > 0]


@_session_command("undo")
def undo_command(
    session: Session,
    by: str,
    seq: Annotated[int, typer.Argument(help="The record to take back (its # in 'club log').")],
    reason: ReasonOption = "",
) -> None:
    """Take back a correction, adjustment, penalty or removal (the undo is itself a record)."""
    console.print(session.undo(seq, by=by, reason=reason).describe(), markup=False, soft_wrap=True)


@club_app.command("log")
def log_command(
    db: DbOption = "club.db",
    session_id: SessionOption = None,
    as_of: AsOfOption = None,
    json: Annotated[bool, typer.Option("--json", help="The records as JSON lines (a backup 'club import' "
                                       "reads back).")] = False,
) -> None:
    """The session's audit log: every change, when, by whom and why."""
    import json as json_module

    with _opened(db, session_id) as session:
        state = _as_of(session, as_of)
        for record in session.records[:state.seq]:
            if json:
                typer.echo(json_module.dumps(record.to_json(), ensure_ascii=False, separators=(",", ":")))
            else:
                console.print(record.describe(), markup=False, soft_wrap=True)


@club_app.command("import")
def import_command(
    log: Annotated[Path, typer.Argument(help="A session's records as JSON lines ('club log --json').")],
    db: DbOption = "club.db",
    session_id: Annotated[str | None, typer.Option("--session", "-s", help="The id to store it under "
                                                   "(default: from its name).")] = None,
) -> None:
    """Store a session from its record log (a backup, or a session scored on another laptop)."""
    from redouble.club.session import Session, SessionError

    try:
        text = log.read_text(encoding="utf-8")
    except OSError as error:
        _fail(f"cannot read {log}: {error.strerror or error}")
    with _one_line():
        session = Session.loads(text)
        if not session.records:
            raise SessionError(f"{log} holds no records")
    with _club_db(db) as store:
        chosen = store.create(session, session_id=session_id)
    console.print(f"Session {chosen}: {len(session.records)} records imported.", markup=False)


@club_app.command("sessions")
def sessions_command(
    db: DbOption = "club.db",
    event: Annotated[str | None, typer.Option("--event", help="Only the sessions of this event.")] = None,
) -> None:
    """The sessions in the database (of an event), newest first."""
    with _club_db(db) as store:
        for info in store.sessions(event=event):
            console.print(f"{info.id}  {info.created_at:%Y-%m-%d %H:%M}  {info.name}"
                          + (f" ({info.event})" if info.event else "") + f"  {info.records} records", markup=False)


VpScaleOption = Annotated[str, typer.Option("--vp-scale", help="Teams: IMPs to VPs by wbf (WBF 2013), "
                                            "wbf-discrete or seed30 (seed 001's 30-VP table).")]


EventOption = Annotated[str | None, typer.Option("--event", "-e", help="Rank (or publish) the whole event: "
                                                 "every stored session of this event combined.")]
AcrossOption = Annotated[bool, typer.Option("--across", help="Sections: compare every board across the sections "
                                             "and rank them as one field (default: each section apart).")]
CombineOption = Annotated[str | None, typer.Option("--combine", help="With --event: percent (mean of the session "
                                                   "percentages), mp (matchpoints added up) or total (IMPs).")]
CarryOption = Annotated[list[str] | None, typer.Option("--carry", help="With --event: a pair's carry-over, "
                                                       "'NAMES=VALUE' or 'PAIR=VALUE' (repeat per pair).")]


def _event(store: ClubStore, event: str, by: str | None, carry: list[str] | None,
           as_of: str | None) -> tuple[EventScore, list[SessionState], list[Session]]:
    """An event's sessions, oldest first, and their combined ranking."""
    from redouble.club.event import EventMethod, parse_carry, score_event
    from redouble.club.session import SessionError

    infos = sorted(store.sessions(event=event), key=lambda info: (info.created_at, info.id))
    if not infos:
        raise SessionError(f"no session of event {event!r} in this database")
    sessions = [store.load(info.id) for info in infos]
    states = [_as_of(session, as_of) for session in sessions]
    given = parse_carry(carry or ())
    return (score_event(event, states, method=None if by is None else EventMethod.parse(by), carry=given),
            states, sessions)


def _show_event(scored: EventScore) -> None:
    from rich.table import Table

    from redouble.club.derivation import number_text
    from redouble.club.event import EventMethod

    table = Table(title=f"{scored.name}: {len(scored.sessions)} sessions by {scored.method.value}",
                  title_justify="left")
    columns = ["Place", "Names", *scored.sessions, "Carry", "%" if scored.method is EventMethod.PERCENT
               else scored.unit] + (["%"] if scored.method is EventMethod.MATCHPOINTS else [])
    for column in columns:
        table.add_column(column, justify="left" if column == "Names" else "right")
    for line in scored.lines:
        parts = {part.session: part for part in line.parts}
        cells = [("" if name not in parts else f"{parts[name].percentage or 0:.2f}"
                  if scored.method is EventMethod.PERCENT else number_text(parts[name].total))
                 for name in scored.sessions]
        table.add_row(line.place_text, line.names or line.key, *cells, number_text(line.carry) if line.carry is not None
                      else "", f"{line.score:.2f}" if scored.method is EventMethod.PERCENT
                      else number_text(line.score),
                      *([f"{line.percentage:.2f}" if line.percentage is not None else ""]
                        if scored.method is EventMethod.MATCHPOINTS else []))
    console.print(table)


def _show_teams(state: SessionState, vp_scale: str) -> None:
    """The teams ranked by VPs, then each match's scorecard board by board (both rooms, IMPs)."""
    from rich.table import Table

    from redouble.club.derivation import Signed, number_text

    scored = state.team_score(scale=vp_scale)
    ranking = Table(title=f"{state.name}: teams", title_justify="left")
    for column in ("Place", "Team", "VPs", "IMPs", "Matches"):
        ranking.add_column(column, justify="left" if column == "Team" else "right")
    for team in scored.ranking:
        ranking.add_row(team.place_text, f"{team.team} {team.name}", f"{team.victory_points:g}",
                        Signed(team.imps).text(), str(team.matches))
    console.print(ranking)
    for card in scored.matches:
        home, away = card.victory_points
        title = f"{card.home_name} v {card.away_name}: {Signed(card.imps).text()} IMPs, VPs {home:g}-{away:g}"
        table = Table(title=title, title_justify="left")
        for column, justify in (("Board", "right"), (f"{card.home_name} NS", "left"), ("NS score", "right"),
                                (f"{card.home_name} EW", "left"), ("NS score ", "right"),
                                (f"{card.home_name} IMPs", "right"), (f"{card.away_name} IMPs", "right")):
            table.add_column(column, justify=justify, no_wrap=True)  # type: ignore[arg-type]
        for rooms in card.boards:
            if rooms.open_room is None and rooms.closed_room is None:
                continue
            cells = [str(rooms.board)]
            for room in (rooms.open_room, rooms.closed_room):
                score = None if room is None else room.ns_score
                cells += ["" if room is None else room.result_text(), "" if score is None else f"{score:+d}"]
            imps = rooms.imps
            cells += ["" if imps is None or imps <= 0 else number_text(imps),
                      "" if imps is None or imps >= 0 else number_text(-imps)]
            table.add_row(*cells)
        console.print(table)
    missing = state.missing()
    if missing:
        console.print(f"{len(missing)} results still missing, e.g. {missing[0]}.")


@club_app.command("rank")
def rank_command(
    db: DbOption = "club.db",
    session_id: SessionOption = None,
    as_of: AsOfOption = None,
    vp_scale: VpScaleOption = "wbf",
    event: EventOption = None,
    combine: CombineOption = None,
    carry: CarryOption = None,
    across: AcrossOption = False,
) -> None:
    """The ranking as it stands (or stood): place, pair, names, score and percentage; for teams, the teams by
    VPs and each match's scorecard; with --event, the event's sessions combined into one ranking."""
    from rich.table import Table

    with _club_db(db) as store:
        if event is not None:
            _show_event(_event(store, event, combine, carry, as_of)[0])
            return
        _, session = _session(store, session_id)
        state = _as_of(session, as_of)
        if state.is_teams:
            _show_teams(state, vp_scale)
            return
        scored = state.score(across_sections=across)
        missing = state.missing()
        for field in scored.fields:
            table = Table(title=f"{state.name}: {field}", title_justify="left")
            for column in ("Place", "Pair", "Names", scored.method.unit, "%", "Boards"):
                table.add_column(column, justify="left" if column == "Names" else "right")
            for pair in scored.ranking(field):
                label = str(pair.pair) if len(state.movement.sections) == 1 else f"{pair.pair.section}{pair.pair}"
                table.add_row(pair.place_text, label, state.names(pair.pair), f"{pair.total:g}",
                              "" if pair.percentage is None else f"{pair.percentage:.2f}", str(pair.boards))
            console.print(table)
        if missing:
            console.print(f"{len(missing)} results still missing, e.g. {missing[0]}.")


@club_app.command("publish")
def publish_command(
    out: Annotated[Path, typer.Argument(help="The folder to write the pages into (upload it anywhere).")],
    lang: Annotated[str, typer.Option("--lang", "-l", help="en, nl, de or no.")] = "en",
    pdf: Annotated[bool, typer.Option("--pdf/--no-pdf", help="Also print results.pdf with Chromium.")] = False,
    db: DbOption = "club.db",
    session_id: SessionOption = None,
    as_of: AsOfOption = None,
    vp_scale: VpScaleOption = "wbf",
    event: EventOption = None,
    combine: CombineOption = None,
    carry: CarryOption = None,
    across: AcrossOption = False,
) -> None:
    """Write the result pages: ranking, travellers, score cards, frequencies, hand record (HTML, CSV, PDF); for
    teams, the teams by VPs and each match's scorecard; with --event, the combined ranking linking every
    session's pages."""
    from redouble.club.pages import print_pdf, write_event_pages, write_pages
    from redouble.notation import Language

    with _club_db(db) as store:
        if event is not None:
            scored, states, sessions = _event(store, event, combine, carry, as_of)
            written = write_event_pages(scored, states, out, lang=Language.parse(lang), scale=vp_scale,
                                        logs=[session.records[:state.seq] for session, state in
                                              zip(sessions, states, strict=True)])
            if pdf:
                written.append(print_pdf(out / "index.html", out / "results.pdf"))
            console.print(f"{len(written)} files written to {out}: open {out / 'index.html'}")
            return
        _, session = _session(store, session_id)
        state = _as_of(session, as_of)
        written = write_pages(state, out, lang=Language.parse(lang), log=session.records[:state.seq],
                              scale=vp_scale, across_sections=across)
        if pdf:
            written.append(print_pdf(out / "index.html", out / "results.pdf"))
    console.print(f"{len(written)} files written to {out}: open {out / 'index.html'}")


# --- end club-session ---
