"""Shared pieces of the command line: the console, language option and error reporting."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

from redouble.errors import BridgeError
from redouble.notation import Language

__all__ = ["console", "err_console", "fail", "parse_language", "reporting"]

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error in red on stderr, on one line (never wrapped, no markup read from the
    message), and exit with ``code``."""
    err_console.print(Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def reporting() -> Iterator[None]:
    """Turn ``BridgeError`` (bad input) into a clear message and exit code 2."""
    try:
        yield
    except BridgeError as error:
        fail(str(error))


def parse_language(value: str) -> Language:
    """The ``--lang`` option's language, or a clear error."""
    with reporting():
        return Language.parse(value)
    raise AssertionError("unreachable")  # pragma: no cover
