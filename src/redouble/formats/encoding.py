"""How bytes of a PBN or LIN file become text: one decoder for every reader and command.

PBN's character set is ISO 8859-1 (PBN 2.1 §2.2); a byte-order mark (UTF-8 or UTF-16) or a
``%`` line naming a character set (``%Content-type: text/x-pbn; charset=UTF-8``,
``% Encoding: ISO-8859-2``, ``% UTF-8``) says otherwise. A file that names none is read as
ISO 8859-1, except a line that is valid UTF-8, as most programs now write without saying so.
No byte sequence stops the decoder.

>>> decode(b'[Event "P\\xe1rov\\xfd turnaj"]\\n')
'[Event "Párový turnaj"]\\n'
>>> decode('[Site "Tønsberg"]'.encode("utf-8"))
'[Site "Tønsberg"]'
>>> decode(b'%Content-type: text/x-pbn; charset=ISO-8859-2\\n[Event "\\xb9"]')
'%Content-type: text/x-pbn; charset=ISO-8859-2\\n[Event "š"]'
"""

from __future__ import annotations

import codecs
import io
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO

__all__ = ["declared_encoding", "decode", "decode_lines", "read_text"]

_CHARSET = re.compile(rb"(?:charset|encoding|coding)\s*[=:]?\s*[\"']?([A-Za-z][A-Za-z0-9_.:-]{1,40})", re.I)
_UTF8_WORD = re.compile(rb"\butf-?8\b", re.I)
_HEADER_LINES = 64
_LINE_BREAK = re.compile(r"\r\n?|\n")


def declared_encoding(header: bytes) -> str | None:
    """The character set a file's leading ``%`` lines name (a Python codec name), if any.

    >>> declared_encoding(b"% PBN 2.1\\n% EXPORT\\n%Content-type: text/x-pbn; charset=ISO-8859-1\\n")
    'iso8859-1'
    >>> declared_encoding(b"% UTF-8\\n") , declared_encoding(b"% PBN 2.1\\n")
    ('utf-8', None)
    """
    for raw in header.splitlines()[:_HEADER_LINES]:
        if not raw.startswith(b"%"):
            break
        match = _CHARSET.search(raw)
        names = [match.group(1)] if match else []
        if _UTF8_WORD.search(raw):
            names.append(b"utf-8")
        for name in names:
            try:
                return codecs.lookup(name.decode("ascii")).name
            except LookupError:
                continue
    return None


def _decode_line(raw: bytes, encoding: str | None) -> list[str]:
    if encoding is None or encoding in ("utf-8", "iso8859-1"):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
    else:
        text = raw.decode(encoding, errors="replace")
    if "\r" not in text:
        return [text]
    pieces = _LINE_BREAK.split(text)
    return [piece + "\n" for piece in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])


def decode_lines(stream: IO[bytes]) -> Iterator[str]:
    """The text lines of a binary stream, read and decoded one at a time (see the module)."""
    head = stream.read(4)
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16-le" if head.startswith(codecs.BOM_UTF16_LE) else "utf-16-be"
        rest = io.BufferedReader(_Prefixed(head[2:], stream))
        yield from io.TextIOWrapper(rest, encoding=encoding, errors="replace", newline=None)
        return
    bom = head.startswith(codecs.BOM_UTF8)
    if bom:
        head = head[3:]
    lines = iter(stream)
    first = head + next(lines, b"")
    held = [first]  # the leading '%' lines, held until they name (or not) the character set
    while held[-1].startswith(b"%") and len(held) < _HEADER_LINES:
        following = next(lines, None)
        if following is None:
            break
        held.append(following)
    charset = "utf-8" if bom else declared_encoding(b"".join(held))
    for raw in held:
        if raw:
            yield from _decode_line(raw, charset)
    for raw in lines:
        yield from _decode_line(raw, charset)


def decode(data: bytes) -> str:
    """The text of a whole file's bytes, line ends kept (see the module)."""
    return "".join(decode_lines(io.BytesIO(data)))


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a PBN or LIN file on disk, decoded as ``decode`` does."""
    return decode(Path(path).read_bytes())


class _Prefixed(io.RawIOBase):
    """A raw stream that yields some bytes already read, then the rest of another stream."""

    def __init__(self, prefix: bytes, stream: IO[bytes]) -> None:
        self._prefix = prefix
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer)
        if self._prefix:
            count = min(len(view), len(self._prefix))
            view[:count] = self._prefix[:count]
            self._prefix = self._prefix[count:]
            return count
        data = self._stream.read(len(view))
        view[:len(data)] = data
        return len(data)
