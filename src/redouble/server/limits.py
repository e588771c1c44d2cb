"""Limits on what a client may send and hold: body sizes, JSON nesting, quotas (docs/protocol.md).

>>> decode_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> decode_json("[" * 40 + "]" * 40)
Traceback (most recent call last):
...
redouble.server.errors.ServerError: JSON nested deeper than 16 levels
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from redouble.server.errors import ServerError
from redouble.server.invalid import not_json, too_deep

__all__ = ["DEFAULT_QUOTAS", "MAX_BODY", "MAX_DEPTH", "UNLIMITED", "BodyLimit", "BodyRefused", "Nesting", "Quota",
           "Quotas", "Rule", "decode_json", "nesting_depth"]

MAX_BODY = 65536
"""The largest request body the server reads (bytes); larger ones are answered 413."""
MAX_DEPTH = 16
"""The deepest JSON nesting accepted, over HTTP and the websocket."""


class Nesting:
    """How deep ``[`` and ``{`` nest in JSON text fed in pieces, strings skipped (no parsing, no
    recursion): the body middleware counts a request as it streams."""

    __slots__ = ("deepest", "depth", "escaped", "in_string")

    def __init__(self) -> None:
        self.depth = self.deepest = 0
        self.in_string = self.escaped = False

    def feed(self, data: bytes) -> int:
        """Count another piece; the deepest nesting so far."""
        depth, deepest, in_string, escaped = self.depth, self.deepest, self.in_string, self.escaped
        for byte in data:
            if in_string:
                if escaped:
                    escaped = False
                elif byte == 0x5C:  # backslash
                    escaped = True
                elif byte == 0x22:
                    in_string = False
            elif byte == 0x22:
                in_string = True
            elif byte in (0x5B, 0x7B):
                depth += 1
                deepest = max(deepest, depth)
            elif byte in (0x5D, 0x7D):
                depth -= 1
        self.depth, self.deepest, self.in_string, self.escaped = depth, deepest, in_string, escaped
        return deepest


def nesting_depth(text: str | bytes) -> int:
    """How deep ``[`` and ``{`` nest in JSON text, strings skipped (no parsing, no recursion)."""
    return Nesting().feed(text.encode("utf-8") if isinstance(text, str) else text)


def decode_json(text: str | bytes, *, code: str = "bad_json") -> Any:
    """JSON text decoded, refused (``ServerError(code)``, keyed: ``err_json_nested``, ``err_not_json``
    with the line and column) when malformed or nested too deep."""
    if nesting_depth(text) > MAX_DEPTH:
        raise too_deep(MAX_DEPTH, code=code)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise not_json(error.doc, error.pos, code=code) from None
    except (ValueError, RecursionError):  # bytes that are not UTF-8
        raise not_json("", 0, code=code) from None


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is answered 413 and never read whole, and
    one nested deeper than ``MAX_DEPTH`` is answered 422 before any route parses it (the routes whose
    body FastAPI reads would otherwise meet Python's recursion limit)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _answer(send, 413, {"error": _too_large(self.limit).to_json()})
                return
        seen = 0
        started = False
        nesting = Nesting()

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                body = message.get("body", b"")
                seen += len(body)
                if seen > self.limit:
                    raise BodyRefused(413, _too_large(self.limit))
                if nesting.feed(body) > MAX_DEPTH:
                    raise BodyRefused(422, too_deep(MAX_DEPTH))
            return message

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited, tracking)
        except BodyRefused as error:  # where no exception handler answered it
            if not started:
                await _answer(send, error.status_code, {"error": error.refusal.to_json()})


class BodyRefused(HTTPException):
    """A body refused as it streams (too large, nested too deep): an ``HTTPException``, so that the
    route reading the body (FastAPI's own parsing included) lets it through to the app's handler,
    which answers with ``refusal`` in the one error body."""

    def __init__(self, status: int, refusal: ServerError) -> None:
        super().__init__(status, str(refusal))
        self.refusal = refusal


def _too_large(limit: int) -> ServerError:
    return ServerError("too_large", f"request bodies are limited to {limit} bytes")


async def _answer(send: Send, status: int, data: dict[str, Any]) -> None:
    body = json.dumps(data).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


@dataclass(frozen=True, slots=True)
class Rule:
    """A quota: up to ``burst`` at once, then one more every ``every`` seconds."""

    burst: int
    every: float


@dataclass(frozen=True, slots=True)
class Quotas:
    """Per-client limits (docs/protocol.md): tables and analyses per address, resumes per
    connection, open websockets per address, and bytes queued for a client that does not read."""

    tables: Rule = Rule(burst=20, every=3.0)
    analyses: Rule = Rule(burst=10, every=1.0)
    resumes: Rule = Rule(burst=5, every=2.0)
    sockets_per_client: int = 200
    send_bytes: int = 1 << 20


DEFAULT_QUOTAS = Quotas()
UNLIMITED = Quotas(tables=Rule(burst=1 << 30, every=1e-9), analyses=Rule(burst=1 << 30, every=1e-9),
                   resumes=DEFAULT_QUOTAS.resumes, sockets_per_client=1 << 30)
"""Quotas off (``redouble serve --no-quotas``) but for resumes and unread bytes, which protect
the server from any one connection."""


class Quota:
    """Token buckets by client key, the least recently seen forgotten beyond ``keys``."""

    def __init__(self, rule: Rule, keys: int = 10_000) -> None:
        self.rule = rule
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Take one from ``key``'s bucket if there is one."""
        now = time.monotonic()
        tokens, stamp = self._buckets.pop(key, (float(self.rule.burst), now))
        tokens = min(float(self.rule.burst), tokens + (now - stamp) / self.rule.every)
        allowed = tokens >= 1
        self._buckets[key] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return allowed
