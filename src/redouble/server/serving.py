"""How uvicorn serves the app: connection caps, timeouts and the frame limit (docs/protocol.md).

>>> from redouble.server.app import create_app
>>> config = uvicorn_config(create_app("sqlite://", robot_workers=0), port=8000)
>>> config.limit_concurrency, config.timeout_keep_alive
(10000, 5)
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from redouble.server.app import WS_MAX_SIZE

__all__ = ["HEADER_TIMEOUT", "MAX_CONNECTIONS", "HeaderTimeout", "uvicorn_config"]

MAX_CONNECTIONS = 10_000
"""Open connections and running requests beyond which uvicorn answers 503."""
HEADER_TIMEOUT = 10.0
"""Seconds a client has to send a request's headers before its connection is closed."""


class HeaderTimeout(HttpToolsProtocol):
    """uvicorn's HTTP protocol that closes a connection whose request headers come too slowly
    (a slow-headers attack holds a connection with a few bytes a minute)."""

    header_timeout = HEADER_TIMEOUT
    _late: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._late = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        if self._late is not None:
            self._late.cancel()
            self._late = None

    def _headers_late(self) -> None:
        self._late = None
        transport = self.transport
        if transport.get_protocol() is self and not transport.is_closing():  # not upgraded
            transport.close()


def uvicorn_config(app: Any, *, host: str = "127.0.0.1", port: int = 8000,
                   header_timeout: float = HEADER_TIMEOUT,
                   max_connections: int = MAX_CONNECTIONS, **options: Any) -> uvicorn.Config:
    """The uvicorn configuration ``redouble serve`` runs the app with."""
    protocol = type("HeaderTimeout", (HeaderTimeout,), {"header_timeout": header_timeout})
    settings: dict[str, Any] = {
        "host": host, "port": port, "http": protocol, "ws_max_size": WS_MAX_SIZE,
        "ws_per_message_deflate": False, "ws_ping_interval": 20.0, "ws_ping_timeout": 20.0,
        "limit_concurrency": max_connections, "timeout_keep_alive": 5, "backlog": 2048,
        "log_level": "warning", "lifespan": "on"}
    settings.update(options)
    return uvicorn.Config(app, **settings)

