"""A request body, query or websocket message that its schema refuses, worded as the server's keyed
refusal: a code, an English message naming the field and the problem, and the catalogues' key and
fields (``err_field_…``, ``err_not_json`` …) so a page words it in its viewer's language.

Pydantic's own wording (``Input should be a valid integer, unable to parse string as an integer``),
its error types, union member tags and the refused input never reach the client: each kind of
problem has one message of the web catalogues (``web/static/i18n/*.json``).

>>> error = schema_refusal([{"type": "int_parsing", "loc": ("body", "board"), "msg": "…", "input": "x"}],
...                        skip=1)
>>> error.code, str(error), error.key, error.fields
('bad_request', 'board must be a whole number', 'err_field_integer', (('field', 'board'),))
>>> str(not_json('{"name": "x"', 12))
'the request is not JSON (line 1, column 13)'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from redouble.server.errors import ServerError

__all__ = ["FIELD_KEYS", "KEYS", "field_label", "not_json", "schema_refusal", "too_deep"]

_TYPES = {
    "err_field_integer": ("int_type", "int_parsing", "int_from_float", "int_parsing_size"),
    "err_field_number": ("float_type", "float_parsing", "finite_number", "decimal_type", "decimal_parsing"),
    "err_field_boolean": ("bool_type", "bool_parsing"),
    "err_field_text": ("string_type", "string_unicode", "string_sub_type"),
    "err_field_object": ("dict_type", "model_type", "model_attributes_type", "mapping_type", "dataclass_type"),
    "err_field_list": ("list_type", "tuple_type", "set_type", "frozen_set_type", "iterable_type"),
    "err_field_choice": ("literal_error", "enum"),
    "err_field_missing": ("missing",),
    "err_field_unknown": ("extra_forbidden",),
    "err_field_pattern": ("string_pattern_mismatch",),
    "err_field_at_least": ("greater_than_equal",),
    "err_field_at_most": ("less_than_equal",),
    "err_field_above": ("greater_than",),
    "err_field_below": ("less_than",),
    "err_field_control": ("control",),  # the server's own check: names and explanations are one line
}
_KEY_OF = {kind: key for key, kinds in _TYPES.items() for kind in kinds}

FIELD_KEYS: dict[str, frozenset[str]] = {
    **{key: frozenset({"field"}) for key in _TYPES},
    "err_field_choice": frozenset({"field", "choices"}),
    "err_field_at_least": frozenset({"field", "limit"}),
    "err_field_at_most": frozenset({"field", "limit"}),
    "err_field_above": frozenset({"field", "limit"}),
    "err_field_below": frozenset({"field", "limit"}),
    "err_field_empty": frozenset({"field"}),
    "err_field_short": frozenset({"field", "min"}),
    "err_field_long": frozenset({"field", "max"}),
    "err_field_few": frozenset({"field", "min"}),
    "err_field_many": frozenset({"field", "max"}),
    "err_field_invalid": frozenset({"field"}),
}
"""Each message naming one field, with the fields its template fills."""

KEYS: dict[str, frozenset[str]] = {
    **FIELD_KEYS,
    "err_request_object": frozenset(),
    "err_not_json": frozenset({"line", "column"}),
    "err_json_nested": frozenset({"depth"}),
    "err_message_object": frozenset(),
    "err_message_type": frozenset({"type"}),
}
"""Every message this module words, with its fields (the catalogues hold each in four languages)."""

_UNION_TAG = re.compile(r"^[a-z-]+(\[.*\])?$")
_TAG_NAMES = frozenset({"int", "str", "float", "bool", "none", "list", "dict", "constrained-str",
                        "constrained-int", "lax-int", "strict-int", "json-or-python"})
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def field_label(loc: Sequence[int | str]) -> str:
    """A location as the API names it: ``movement.tables``, ``pairs.1EW.players.0``; pydantic's
    ``[key]`` marks and union member tags (``int``, ``function-after[…]``) dropped."""
    parts = [str(part) for part in loc if part != "[key]"
             and not (isinstance(part, str) and (part in _TAG_NAMES or ("[" in part and _UNION_TAG.match(part))))]
    return ".".join(parts)


def _choices(expected: object) -> str:
    """A literal's choices listed plainly: ``mitchell, howell, csv`` (pydantic words them in English)."""
    text = str(expected)
    found = _QUOTED.findall(text)
    return ", ".join(found) if found else text


def _number(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _problem(kind: str, ctx: Mapping[str, Any]) -> tuple[str, dict[str, str]]:
    """The message key and its fields (beside ``field``) for one pydantic problem."""
    if kind in ("string_too_short", "too_short"):
        least = ctx.get("min_length", 1)
        if kind == "string_too_short":
            return ("err_field_empty", {}) if least == 1 else ("err_field_short", {"min": str(least)})
        return "err_field_few", {"min": str(least)}
    if kind in ("string_too_long", "too_long"):
        most = str(ctx.get("max_length"))
        return ("err_field_long" if kind == "string_too_long" else "err_field_many"), {"max": most}
    key = _KEY_OF.get(kind, "err_field_invalid")
    if key == "err_field_choice":
        return key, {"choices": _choices(ctx.get("expected", ""))}
    bound = {"err_field_at_least": "ge", "err_field_at_most": "le", "err_field_above": "gt",
             "err_field_below": "lt"}.get(key)
    if bound is not None:
        return key, {"limit": _number(ctx.get(bound, ""))}
    return key, {}


def _refusal(code: str, key: str, **fields: object) -> ServerError:
    """The keyed refusal (``messages.refusal``, imported here late: the messages import the club's
    modules, which import the server's models while ``redouble.server`` is still being imported)."""
    from redouble.server.messages import refusal

    return refusal(code, key, **fields)


def not_json(text: str, position: int, *, code: str = "bad_request") -> ServerError:
    """The refusal of a body or message that is not JSON, where it stops being (line and column)."""
    before = text[:position]
    line = before.count("\n") + 1
    column = position - before.rfind("\n")
    return _refusal(code, "err_not_json", line=line, column=column)


def too_deep(depth: int, *, code: str = "bad_request") -> ServerError:
    """The refusal of JSON nested deeper than ``depth`` levels."""
    return _refusal(code, "err_json_nested", depth=depth)


def schema_refusal(problems: Sequence[Mapping[str, Any]], *, code: str = "bad_request", skip: int = 0,
                   prefix: str = "", body: Any = None) -> ServerError:
    """The first of pydantic's ``problems`` as a keyed refusal naming its field; ``skip`` drops the
    location's first parts (FastAPI's ``body``/``query``/``path``, a message's ``type`` tag) and
    ``prefix`` names the whole (a websocket message's type); ``body`` is the text a ``json_invalid``
    problem's position counts in."""
    problem = problems[0] if problems else {}
    kind = str(problem.get("type", ""))
    loc = tuple(problem.get("loc", ()))
    if kind == "message_object":
        return _refusal(code, "err_message_object")
    if kind == "union_tag_invalid":  # a websocket message's ``type`` that names no message
        return _refusal(code, "err_message_type", type=(problem.get("ctx") or {}).get("tag", prefix))
    if kind == "json_invalid":
        position = loc[1] if len(loc) > 1 and isinstance(loc[1], int) else 0
        return not_json(body if isinstance(body, str) else "", position, code=code)
    label = field_label(loc[skip:])
    field = ".".join(part for part in (prefix, label) if part)
    if not field:  # the body itself: absent, or not an object
        return _refusal(code, "err_request_object")
    key, fields = _problem(kind, problem.get("ctx") or {})
    return _refusal(code, key, field=field, **fields)
