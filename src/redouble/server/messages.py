"""Messages the server words for people (club live's refusals, the director's notes and flags, the
audit log): a key of the web catalogues (``web/static/i18n/*.json``, in English, Dutch, German and
Norwegian) with its fields, so each page shows them in its viewer's language.

The English catalogue is the one home of the English wording: the server's own English text (an
API client's ``message``, a log line) is that template filled in.

>>> Message.of("online_note_absent", round=1, pair="2EW", player=1).english()
'round 1: pair 2EW player 1 is not here: a robot plays for them'
>>> refusal("forbidden", "err_director_only").to_json()["key"]
'err_director_only'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from redouble.club.logwords import Message, catalogue, change_message, placeholders
from redouble.club.session import Record, SessionError
from redouble.errors import BridgeError
from redouble.server.errors import ServerError
from redouble.web import LANGUAGES

__all__ = ["LANGUAGES", "LOGGED", "Message", "catalogue", "change_message", "in_language", "log_line", "logged",
           "logged_message", "placeholders", "reader_language", "refusal", "refused"]

LOGGED = ("club_by_director", "club_by_table_NS", "club_by_table_EW", "club_by_web_table", "club_by_web_table_at",
          "club_reason_refused_ew", "club_reason_web_table", "club_reason_not_in_time")
"""What the server itself writes in a club session's log, who and why: the director, a table's North-South or
East-West (results entered and confirmed on a phone), the web table (an online session's rounds); a result
East-West refused, one played at the web table, an average for a table that did not play in time."""


def refusal(code: str, key: str, **fields: object) -> ServerError:
    """A refusal with protocol code ``code`` worded by the catalogues' ``key``."""
    message = Message.of(key, **fields)
    return ServerError(code, message.english(), key=key, fields=message.fields)


def in_language(error: ServerError, language: str) -> ServerError:
    """A keyed refusal with its message worded in ``language`` (one the page has not yet read its
    catalogue for, as when a connection is refused before its welcome); an unkeyed one as it is.

    >>> str(in_language(refusal("forbidden", "people_kibitzers_refused"), "nl"))
    'Deze tafel staat geen toeschouwers toe.'
    """
    if error.key is None:
        return error
    return ServerError(error.code, Message(error.key, error.fields).worded(language), key=error.key,
                       fields=error.fields)


def reader_language(asked: str | None, accept: str | None) -> str:
    """The language a connecting page reads: the one it asked for (``?lang=``) if the catalogues hold
    it, else the first its browser's ``Accept-Language`` prefers among them (RFC 9110 §12.5.4; ``nb``
    and ``nn`` are Norwegian), else English.

    >>> reader_language(None, "fr-CH, fr;q=0.9, de;q=0.7, nl;q=0.8"), reader_language("xx", "nb-NO")
    ('nl', 'no')
    """
    if asked is not None and asked in LANGUAGES:
        return asked
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept or "")[:1000].split(",")):
        tag, _, rest = part.strip().partition(";")
        weight = 1.0
        name, _, value = rest.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                weight = float(value)
            except ValueError:
                weight = 0.0
        base = tag.strip().lower().split("-")[0]
        code = "no" if base in ("nb", "nn") else base
        if weight > 0 and code in LANGUAGES:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else "en"


def refused(error: BridgeError) -> ServerError:
    """A rule's refusal (a wrong board, an impossible score …) as the server's ``bad_request``, with its
    message key (``err_session_<key>``) where the club library named one."""
    if isinstance(error, ServerError):
        return error
    key = error.key if isinstance(error, SessionError) else None
    if key is None:
        return ServerError("bad_request", str(error))
    assert isinstance(error, SessionError)
    return ServerError("bad_request", str(error), key=f"err_session_{key}", fields=error.fields)


def logged(key: str, **fields: object) -> str:
    """Who or why of ``LOGGED`` as the log stores it: the English catalogue's wording (``table 3 NS``)."""
    return Message.of(key, **fields).english()


@cache
def _logged_pattern(key: str) -> re.Pattern[str]:
    """The stored English wording of ``key`` as a pattern that gives back its fields."""
    parts = re.split(r"\{(\w+)\}", catalogue("en")[key])
    return re.compile("".join(re.escape(part) if index % 2 == 0 else rf"(?P<{part}>.*)"
                              for index, part in enumerate(parts)), re.DOTALL)


def logged_message(text: str) -> Message | None:
    """A stored who or why as a message each page words in its language (``tafel 3 NZ``), or None for
    text the server did not write (a name or a director's reason as typed, shown as it is).

    >>> logged_message(logged("club_by_table_EW", table=3)).worded("nl"), logged_message("Ann")
    ('tafel 3 OW', None)
    """
    for key in LOGGED:
        match = _logged_pattern(key).fullmatch(text)
        if match is not None:
            return Message.of(key, **match.groupdict())
    return None


def _worded(text: str | None) -> dict[str, Any] | None:
    message = None if text is None else logged_message(text)
    return None if message is None else message.to_json()


def log_line(record: Record) -> dict[str, Any]:
    """A record of the audit log as the director's console words it: when, by whom, what (a message), why
    (who and why also as messages where the server wrote them)."""
    return {"at": record.at.isoformat(), "by": record.by, "by_message": _worded(record.by), "reason": record.reason,
            "reason_message": _worded(record.reason), "message": change_message(record.change).to_json()}
