"""The ``redouble`` command line: one Typer app, commands registered per area.

Each area has its own module here with ``register(app)``; heavy imports stay inside the
commands so that ``redouble deal`` starts quickly. Errors are reported in one place,
``ReportingGroup`` in ``redouble.cli.common``: one line on stderr, never a traceback.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from redouble.cli.common import ReportingGroup, console

__all__ = ["COMMAND_MODULES", "app", "main"]

app = typer.Typer(
    name="redouble",
    cls=ReportingGroup,
    help="Contract bridge: deal, bid, play, score, analyse.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: The modules of ``redouble.cli`` that register commands, one per area.
COMMAND_MODULES: tuple[str, ...] = ("core", "server", "scoring", "robots", "formats", "analysis", "club")

for _name in COMMAND_MODULES:
    importlib.import_module(f"redouble.cli.{_name}").register(app)


def _show_version(value: bool) -> None:
    if value:
        from redouble import __version__

        console.print(f"redouble {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                               help="Print redouble's version and exit.")] = False,
) -> None:
    """Contract bridge: deal, bid, play, score, analyse."""


def main() -> None:
    """Entry point of the ``redouble`` script."""
    app()
