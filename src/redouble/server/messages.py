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

from typing import Any

from redouble.club.logwords import Message, catalogue, change_message, placeholders
from redouble.club.session import Record, SessionError
from redouble.errors import BridgeError
from redouble.server.errors import ServerError
from redouble.web import LANGUAGES

__all__ = ["LANGUAGES", "Message", "catalogue", "change_message", "in_language", "log_line", "placeholders",
           "reader_language", "refusal", "refused"]


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
    if asked in LANGUAGES:
        assert asked is not None
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


def log_line(record: Record) -> dict[str, Any]:
    """A record of the audit log as the director's console words it: when, by whom, what (a message), why."""
    return {"at": record.at.isoformat(), "by": record.by, "reason": record.reason,
            "message": change_message(record.change).to_json()}
