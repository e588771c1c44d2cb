"""The PBN lexer: lines in, tokens out, with line and column, one game boundary at a time.

It knows the file layout of PBN 2.1 (§2-3): ``%`` escape lines in the first column, semi-empty
lines between games, tag pairs (possibly spread over lines in import format), brace comments
over several lines, rest-of-line ``;`` comments, string tokens and other tokens. Everything
else (what a token means) is the reader's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from redouble.formats.encoding import decode_lines

__all__ = ["BAD", "BOUNDARY", "COMMENT", "DIRECTIVE", "ERROR", "STRING", "TAG", "WORD", "Token", "decode_lines",
           "tokens"]

TAG: Final = 0
WORD: Final = 1
STRING: Final = 2
COMMENT: Final = 3
DIRECTIVE: Final = 4
BOUNDARY: Final = 5
BAD: Final = 6
ERROR: Final = 7

Token = tuple[int, str, str, int, int]
"""``(kind, text, value, line, column)``; for a tag ``text`` is the name and ``value`` the raw value,
for an ``ERROR`` the problem and what was expected (the reader raises it or, recovering, skips the game)."""

_TOKEN = re.compile(
    r"""[ \t\v\f\r]*(?:
        (\[)[ \t]*([A-Za-z0-9_]+)[ \t]*"((?:[^"\\]|\\.)*)"[ \t]*\]   # 1-3 a tag pair
      | (\{)                                                       # 4 brace comment
      | (;.*)                                                      # 5 rest-of-line comment
      | ("(?:[^"\\]|\\.)*")                                        # 6 string token
      | ([^\s\[\]{};"]+)                                           # 7 any other token
      | (\S)                                                       # 8 a stray character
    )""",
    re.X,
)
_SPECIAL = re.compile(r'[\[\]{};"]')
_WORDS = re.compile(r"[^\s\[\]{};\"]+")
_SIMPLE_TAG = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\][ \t]*')
_TAG_ACROSS_LINES = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_BLANK = frozenset(" \t\v\f\r")
_MAX_TAG_LINES = 8


def tokens(lines: Iterable[str]) -> Iterator[Token]:
    """The tokens of PBN text given as lines (line ends already removed or kept)."""
    iterator = iter(lines)
    number = 0
    pending: list[str] = []  # lines read ahead while joining a tag over lines
    while True:
        line = _pull(pending, iterator)
        if line is None:
            return
        number += 1
        line = line.rstrip("\r\n")
        if not line or not line.strip(" \t\v\f\r"):
            yield (BOUNDARY, "", "", number, 1)
            continue
        if line[0] == "%":
            yield (DIRECTIVE, line[1:], "", number, 1)
            continue
        if line[0] == "[":
            simple = _SIMPLE_TAG.fullmatch(line)
            if simple is not None:  # the common case: one tag pair alone on its line
                yield (TAG, simple.group(1), simple.group(2), number, 1)
                continue
        elif _SPECIAL.search(line) is None:  # section data: plain tokens only
            for word in _WORDS.finditer(line):
                yield (WORD, word.group(), "", number, word.start() + 1)
            continue
        position = 0
        length = len(line)
        while position < length:
            match = _TOKEN.match(line, position)
            if match is None:
                break
            column = match.start() + 1 + (len(match.group(0)) - len(match.group(0).lstrip(" \t\v\f\r")))
            kind = match.lastindex
            if kind == 1 or kind == 3:
                yield (TAG, match.group(2), match.group(3), number, column)
                position = match.end()
            elif kind == 7:
                yield (WORD, match.group(7), "", number, column)
                position = match.end()
            elif kind == 6:
                yield (STRING, match.group(6), "", number, column)
                position = match.end()
            elif kind == 5:
                yield (COMMENT, match.group(5), "", number, column)
                position = length
            elif kind == 4:
                close = line.find("}", match.end())
                if close >= 0:
                    yield (COMMENT, line[match.end() - 1:close + 1], "", number, column)
                    position = close + 1
                    continue
                parts = [line[match.end() - 1:]]
                start_line = number
                while True:
                    pulled = _pull(pending, iterator)
                    if pulled is None:
                        yield (ERROR, "the comment opened here never closes", "'}' to end the comment",
                               start_line, column)
                        return
                    following = pulled
                    number += 1
                    following = following.rstrip("\r\n")
                    close = following.find("}")
                    if close >= 0:
                        parts.append(following[:close + 1])
                        break
                    parts.append(following)
                yield (COMMENT, "\n".join(parts), "", start_line, column)
                line = following
                length = len(line)
                position = close + 1
            else:
                char = match.group(8)
                if char == "[":
                    joined, used = _join_tag(line[match.start():], iterator, pending)
                    tag = _TAG_ACROSS_LINES.match(joined.lstrip(" \t\v\f\r"))
                    if tag is None:
                        yield (ERROR, f"a tag pair is not complete: {_show(line[column - 1:])}",
                               "'[', a tag name, a quoted value and ']'", number, column)
                        position = length
                        continue
                    yield (TAG, tag.group(1), tag.group(2), number, column)
                    rest = joined.lstrip(" \t\v\f\r")[tag.end():]
                    # the lines the tag used are consumed; the rest of the last one is tokenised
                    del pending[:used]
                    number += used
                    line = rest
                    length = len(line)
                    position = 0
                    continue
                yield (BAD, char, "", number, column)
                position = match.end()


def _pull(pending: list[str], iterator: Iterator[str]) -> str | None:
    """The next line: one read ahead if any, else the next from the input (``None`` at the end)."""
    if pending:
        return pending.pop(0)
    return next(iterator, None)


def _join_tag(start: str, iterator: Iterator[str], pending: list[str]) -> tuple[str, int]:
    """Join the lines a tag pair spans in import format; returns the text and the lines used."""
    text = start
    used = 0
    while used < _MAX_TAG_LINES:
        if _TAG_ACROSS_LINES.match(text.lstrip(" \t\v\f\r")):
            break
        if used < len(pending):
            following = pending[used]
        else:
            try:
                following = next(iterator)
            except StopIteration:
                break
            pending.append(following)
        following = following.rstrip("\r\n")
        if not following.strip() or following.startswith("%"):
            break
        text = text + " " + following
        used += 1
    if not _TAG_ACROSS_LINES.match(text.lstrip(" \t\v\f\r")):
        return start, 0
    return text, used


def _show(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")
