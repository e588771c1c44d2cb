"""Shared pieces of the command line: the console, language option and error reporting.

Every error of every command ends here as one line on stderr (``error: …``) with exit code 2
for bad input or usage and 1 for a failure of the machine (a file, a network, a database);
the command line never shows a traceback (``REDOUBLE_TRACEBACK=1`` shows one, for developers).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, NoReturn, Protocol, cast

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup

from redouble.errors import BridgeError
from redouble.notation import Language

__all__ = ["ReportingGroup", "console", "describe_error", "err_console", "fail", "one_line",
           "parse_language", "report", "reporting"]

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

#: Exit codes: bad input or usage (as Click uses), and a failure such as a missing folder.
USAGE, FAILURE = 2, 1


def _click_exceptions() -> ModuleType:
    """Click's exceptions: Typer's own copy of Click (newer Typer), else Click itself."""
    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:
        return importlib.import_module("click.exceptions")


class _NeverRaised(Exception):
    """Stands for an exception this Click does not have."""


class _ClickError(Protocol):
    exit_code: int

    def format_message(self) -> str: ...

    def show(self) -> None: ...


_CLICK = _click_exceptions()
#: Click's own errors (bad usage, bad parameter, bad file), the usage errors among them, and
#: the 'no arguments: here is the help' error of newer Clicks.
CLICK_ERROR: type[BaseException] = _CLICK.ClickException
USAGE_ERROR: type[BaseException] = _CLICK.UsageError
HELP_ERROR: type[BaseException] = getattr(_CLICK, "NoArgsIsHelpError", _NeverRaised)

#: Packages whose errors mean that a service (database, broker, cluster) failed, not redouble.
SERVICES = frozenset({"sqlalchemy", "psycopg", "sqlite3", "alembic", "redis", "distributed",
                      "dask", "nats", "pika", "aio_pika", "websockets", "uvicorn"})


def one_line(message: object) -> str:
    """A message on one line: its lines joined with '; ', runs of spaces kept single."""
    lines = [" ".join(line.split()) for line in str(message).splitlines()]
    return "; ".join(line for line in lines if line)


def report(message: str) -> None:
    """Print ``error: message`` on stderr as a single line, whatever the terminal's width."""
    err_console.print(Text.assemble(("error:", "bold red"), " ", one_line(message)),
                      soft_wrap=True)


def fail(message: str, code: int = USAGE) -> NoReturn:
    """Print an error in red on stderr and exit with ``code`` (2: bad input, 1: a failure)."""
    report(message)
    raise typer.Exit(code)


def _os_message(error: OSError) -> str:
    reason = error.strerror or one_line(error) or type(error).__name__
    if isinstance(error, TimeoutError) and not error.strerror:
        reason = one_line(error) or "timed out"
    names = [name for name in (error.filename, error.filename2) if name is not None]
    if names:
        return f"{reason}: {' -> '.join(str(name) for name in names)}"
    return reason


def describe_error(error: BaseException) -> tuple[str, int]:
    """The one-line message and exit code for any error a command lets escape."""
    if isinstance(error, CLICK_ERROR):  # bad usage, a bad parameter, a bad file …
        click_error = cast(_ClickError, error)
        context = getattr(error, "ctx", None) if isinstance(error, USAGE_ERROR) else None
        hint = f" (see '{context.command_path} --help')" if context is not None else ""
        return one_line(click_error.format_message()) + hint, click_error.exit_code
    if isinstance(error, (typer.Abort, KeyboardInterrupt, EOFError)):
        return "interrupted", FAILURE
    if isinstance(error, UnicodeDecodeError):  # a binary file, or one in another encoding
        return (f"the file is not UTF-8 text (byte {error.object[error.start]:#04x} at "
                f"position {error.start})"), USAGE
    if isinstance(error, ValueError):  # BridgeError and every other bad value
        return one_line(error) or f"bad input ({type(error).__name__})", USAGE
    if isinstance(error, OSError):  # files, sockets, connection refused, timeouts
        return _os_message(error), FAILURE
    name = type(error).__name__
    if type(error).__module__.split(".")[0] in SERVICES:  # a database, broker or cluster failed
        return f"{name}: {one_line(error)}", FAILURE
    return (f"unexpected {name}: {one_line(error) or 'no message'}; this is a bug in redouble: "
            "please report it with the command you ran"), FAILURE


class ReportingGroup(TyperGroup):
    """The ``redouble`` command: runs a command and turns whatever escapes into one line."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        """Run the command line; never returns (exits with the command's code)."""
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except HELP_ERROR as error:
            help_error = cast(_ClickError, error)
            help_error.show()  # ``redouble`` or ``redouble robots`` alone: the help is the answer
            sys.exit(help_error.exit_code)
        except SystemExit:
            raise
        except BaseException as error:  # the one place every error is reported
            if os.environ.get("REDOUBLE_TRACEBACK") and not isinstance(error, CLICK_ERROR):
                raise
            message, code = describe_error(error)
            report(message)
        sys.exit(code if isinstance(code, int) else 0)


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
