"""The ``redouble`` command line: one Typer app, commands registered per area.

Each area has its own module here with ``register(app)``; heavy imports stay inside the
commands so that ``redouble deal`` starts quickly.
"""

from __future__ import annotations

import importlib

import typer

__all__ = ["app", "main"]

app = typer.Typer(
    name="redouble",
    help="Contract bridge: deal, bid, play, score, analyse.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: The modules of ``redouble.cli`` that register commands, one per area.
COMMAND_MODULES: tuple[str, ...] = ("core", "server", "scoring", "robots", "formats", "analysis", "club")

for _name in COMMAND_MODULES:
    importlib.import_module(f"redouble.cli.{_name}").register(app)


def main() -> None:
    """Entry point of the ``redouble`` script."""
    app()
