"""Watching a session over a websocket: a watcher's queue of frames and the loop that sends them
(the club's live results and the online sessions share it)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from fastapi import WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, Response

from redouble.server.errors import ServerError

__all__ = ["Watcher", "page", "refuse", "relay"]

V = TypeVar("V")


@dataclass(eq=False)
class Watcher(Generic[V]):
    """One open websocket watching a session, as whom, and its queue of frames (``None``: stop)."""

    viewer: V
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


async def refuse(websocket: WebSocket, error: ServerError) -> None:
    """Tell an accepted websocket why it may not watch, and close it."""
    await websocket.send_text(json.dumps({"type": "error", **error.to_json()}))
    await websocket.close(code=4403 if error.code == "forbidden" else 4404)


async def relay(websocket: WebSocket, watcher: Watcher[V]) -> None:
    """Send the watcher's frames until the client goes away (what it sends is not read)."""

    async def pump() -> None:
        while (text := await watcher.queue.get()) is not None:
            await websocket.send_text(text)

    sender = asyncio.create_task(pump())
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


def page(static: Path, name: str) -> Response:
    """One of the installed pages (a plain 404 when the web files are not installed)."""
    path = static / name
    if not path.is_file():
        return HTMLResponse(f"the page {name} is not installed", status_code=404)
    return FileResponse(path, media_type="text/html")
