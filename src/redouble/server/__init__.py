"""The web table's server: FastAPI app, websocket protocol, persistence and robots off the loop.

``create_app(db)`` builds the ASGI app; ``redouble serve`` runs it under uvicorn. The protocol
is docs/protocol.md.
"""

from redouble.server.app import create_app
from redouble.server.errors import ServerError

__all__ = ["ServerError", "create_app"]
