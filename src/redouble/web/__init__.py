"""The web table's front end: static pages, ES modules, styles and message catalogues.

No build step: the server mounts :data:`STATIC_DIR` as plain files.

>>> (STATIC_DIR / "index.html").is_file() and (STATIC_DIR / "table.html").is_file()
True
>>> sorted(LANGUAGES)
['de', 'en', 'nl', 'no']
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["LANGUAGES", "STATIC_DIR", "catalogue"]

#: The directory of static files the server mounts (``index.html`` is the lobby).
STATIC_DIR: Path = Path(__file__).resolve().parent / "static"

#: Interface languages, each with a message catalogue in ``static/i18n/<code>.json``.
LANGUAGES: tuple[str, ...] = ("en", "nl", "de", "no")


def catalogue(code: str) -> dict[str, Any]:
    """The message catalogue of one interface language (``en``, ``nl``, ``de``, ``no``)."""
    if code not in LANGUAGES:
        from redouble.errors import NotationError

        raise NotationError(f"no interface catalogue for language {code!r}: expected one of "
                            + ", ".join(LANGUAGES))
    data: dict[str, Any] = json.loads((STATIC_DIR / "i18n" / f"{code}.json").read_text("utf-8"))
    return data
