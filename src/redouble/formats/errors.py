"""The errors of the file-format readers and writers."""

from __future__ import annotations

from redouble.errors import BridgeError

__all__ = ["ExportError", "ExportWarning", "ParseError"]


class ParseError(BridgeError):
    """Text a reader cannot understand: the message gives the line, the column and what was expected.

    >>> error = ParseError("'1Z' is not a call", line=3, column=5, expected="a call like 1NT or Pass")
    >>> str(error)
    "line 3, column 5: '1Z' is not a call; expected a call like 1NT or Pass"
    >>> error.line, error.column
    (3, 5)
    """

    def __init__(self, problem: str, *, line: int, column: int, expected: str | None = None) -> None:
        self.problem = problem
        self.line = line
        self.column = column
        self.expected = expected
        message = f"line {line}, column {column}: {problem}"
        if expected:
            message += f"; expected {expected}"
        super().__init__(message)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.problem, self.line, self.column, self.expected))


def _rebuild(problem: str, line: int, column: int, expected: str | None) -> ParseError:
    return ParseError(problem, line=line, column=column, expected=expected)


class ExportError(BridgeError):
    """A game that cannot be written in a format: a PBN line over 255 characters, a board LIN cannot hold."""


class ExportWarning(UserWarning):
    """A game written, but not in PBN export format: a line longer than 255 characters (PBN 2.1 §2.3)."""
