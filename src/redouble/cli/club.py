"""Club commands: ``redouble club …`` — movements, sessions, scoring and checking USEBIO files."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from redouble.cli.common import console, err_console

if TYPE_CHECKING:
    from redouble.club.usebio import UsebioEvent

club_app = typer.Typer(name="club", help="Run a club session: movements, scoring, results.",
                       no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``club`` sub-app to ``app``."""
    app.add_typer(club_app, name="club")


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

    try:
        data = path.read_bytes()
    except OSError as error:
        _fail(f"cannot read {path}: {error.strerror or error}")
    with _one_line():
        return read_usebio(data)
    raise AssertionError("unreachable")  # pragma: no cover


@club_app.command("score")
def score_command(
    source: Annotated[Path, typer.Argument(help="A USEBIO 1.2 file (MP_PAIRS, BUTLER_PAIRS or CROSS_IMP).")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the rescored USEBIO here.")] = None,
) -> None:
    """Rescore a USEBIO file from its traveller lines and write USEBIO 1.2 with the new results."""
    from redouble.club.usebio import score_usebio, write_usebio

    event = _read_usebio_file(source)
    with _one_line():
        scored = score_usebio(event)
        text = write_usebio(event, scored)
    if output is None:
        console.print(text, end="", markup=False, highlight=False, soft_wrap=True)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        _fail(f"cannot write {output}: {error.strerror or error}")
    err_console.print(scored.text(), markup=False)


@club_app.command("check")
def check_command(
    source: Annotated[Path, typer.Argument(help="A USEBIO 1.2 file whose published results to audit.")],
) -> None:
    """List each published number that disagrees with the recomputation; exit 1 if there is one."""
    from redouble.club.usebio import check_usebio

    event = _read_usebio_file(source)
    with _one_line():
        found = check_usebio(event)
    for disagreement in found:
        console.print(str(disagreement), markup=False)
    if found:
        err_console.print(f"{len(found)} published numbers disagree with the recomputation", markup=False)
        raise typer.Exit(1)
    console.print(f"{source.name}: every published number agrees with the recomputation", markup=False)


# --- end club-score ---
