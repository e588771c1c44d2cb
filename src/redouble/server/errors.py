"""The server's error: a ``BridgeError`` with a protocol code the client can act on."""

from __future__ import annotations

from redouble.errors import BridgeError

__all__ = ["ServerError"]


class ServerError(BridgeError):
    """A refused request: ``code`` is the protocol's error code (docs/protocol.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
