"""The server's error: a ``BridgeError`` with a protocol code the client can act on."""

from __future__ import annotations

from typing import Any

from redouble.errors import BridgeError

__all__ = ["ServerError"]


class ServerError(BridgeError):
    """A refused request: ``code`` is the protocol's error code (docs/protocol.md); ``key`` and
    ``fields``, where given, name the message in the web catalogues, so a page words it in its
    viewer's language (``redouble.server.messages``)."""

    def __init__(self, code: str, message: str, *, key: str | None = None,
                 fields: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.key = key
        self.fields = fields

    def to_json(self) -> dict[str, Any]:
        """The error as the protocol sends it: code and English message, and the message key and fields."""
        data: dict[str, Any] = {"code": self.code, "message": str(self)}
        if self.key is not None:
            data.update(key=self.key, fields=dict(self.fields))
        return data
