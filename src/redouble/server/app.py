"""The web table's ASGI app: the pages, the JSON API and the websocket (docs/protocol.md).

>>> app = create_app("sqlite://", robot_workers=0)
>>> paths = {getattr(route, "path", "") for route in app.routes}  # the club router is mounted whole
>>> sorted(path for path in paths if path.startswith("/api/tables"))[:2]
['/api/tables', '/api/tables/{table_id}']
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketState

from redouble.seats import Seat
from redouble.server import commands, presenter
from redouble.server.commands import LANGUAGES, control_free, message_id, parse_command, parse_table_request
from redouble.server.errors import ServerError
from redouble.server.hub import Connection, Hub
from redouble.server.invalid import schema_refusal
from redouble.server.limits import DEFAULT_QUOTAS, BodyLimit, BodyRefused, Quota, Quotas, decode_json
from redouble.server.lobby import EXPIRE_AFTER, LOBBY_PAGE, LOBBY_PAGE_MAX, Cursor
from redouble.server.messages import in_language, reader_language, refusal
from redouble.server.robotpool import RobotPool, WorkerPool
from redouble.server.store import Store
from redouble.server.table import Table

__all__ = ["FLOOD_LIMIT", "FRAME_LIMIT", "WS_MAX_SIZE", "create_app"]

log = logging.getLogger("redouble.server")

FRAME_LIMIT = 4096
"""Frames longer than this (bytes) are answered with ``too_large`` and ignored."""
WS_MAX_SIZE = 65536
"""Frames longer than this close the connection (uvicorn's ``ws_max_size``)."""
FLOOD_LIMIT = 200
"""Refused messages (rate limit) after which a connection is closed."""
COOKIE = "redouble_session"
GC_THRESHOLDS = (5_000, 2, 10_000)
"""The collector's thresholds once the server has started (``gc.set_threshold``). Every open
websocket holds some 180 objects the collector tracks (the ASGI stack's coroutines, queues,
tasks); a young collection's pause grows with the objects it walks, so survivors go to the old
generation after two young collections (a pause of a few ms, not the ~45 ms of walking a burst
of new sockets' objects in one go), and the old one is walked as seldom as before: after
20,000 young collections."""
STATUS = {"quarantined": 503, "not_found": 404, "bad_request": 422, "phase": 409, "unavailable": 503, "too_large": 413,
          "forbidden": 403, "rate_limited": 429, "internal": 500, "method_not_allowed": 405}
HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large", 422: "bad_request",
              429: "rate_limited"}


def static_dir() -> Path:
    """Where the pages live: ``redouble/web/static``."""
    return Path(str(resources.files("redouble.web") / "static"))


def create_app(db: str = "sqlite:///redouble.db", *, robot_workers: int = 2,
               robot: str | None = None, rate: tuple[float, float] = (20.0, 40.0),
               analysis_workers: int | None = None, quotas: Quotas = DEFAULT_QUOTAS,
               club_pages: Path | None = None, club_secret: bytes | None = None,
               expire_after: float = EXPIRE_AFTER, redis: str | None = None,
               redis_prefix: str = "redouble", robot_queue: bool = False) -> FastAPI:
    """The app for a database URL; robots think in ``robot_workers`` processes, par and the
    post-mortem run in ``analysis_workers`` others (default 1, 0 when robots use a thread).

    ``rate`` is each connection's limit: messages a second and the largest burst; ``quotas``
    the per-client limits on tables, analyses, resumes, sockets and unread bytes; ``club_pages``
    is where closed club sessions publish their pages, ``club_secret`` signs the club links;
    ``expire_after`` the seconds without a person after which a table expires from the lobby.

    ``redis`` (a URL) makes this process one of several serving the same PostgreSQL database
    (``redouble.server.cluster``, keys under ``redis_prefix``); ``robot_queue`` then sends the
    robots' decisions to ``redouble robots worker`` processes instead of this process's pool.
    """
    from redouble.server.club import ClubHub, club_router  # club.store imports server.store: not at module level
    from redouble.server.online import Online, online_router

    store = Store(db)
    club = ClubHub(db, secret=club_secret, pages=club_pages)
    online = Online(club)
    table_quota = Quota(quotas.tables)
    analysis_quota = Quota(quotas.analyses)
    state: dict[str, Hub] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool = RobotPool(workers=robot_workers, factory=robot)
        analysis = WorkerPool(workers=(1 if robot_workers else 0) if analysis_workers is None
                              else analysis_workers, name="analysis")
        hub = Hub(store, pool, rate=rate, analysis=analysis, quotas=quotas,
                  expire_after=expire_after)
        if redis is not None:
            from redouble.server.cluster import Cluster

            hub.cluster = Cluster(hub, redis=redis, prefix=redis_prefix, club=club)
            if robot_queue:
                from redouble.server.robotqueue import RobotQueue

                hub.pool = RobotQueue(hub.cluster, factory=robot)
        state["hub"] = hub
        app.state.hub = hub
        await hub.start()
        online.attach(hub)
        if hub.cluster is None:  # one process: it runs every online session
            await online.resume()
        else:  # several: each session is run by the process holding its lease
            hub.spawn(online.drive())
        # what start-up made lives for good: no collection walks it again (GC_THRESHOLDS)
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            await hub.close()
            pool.close()
            analysis.close()
            store.close()
            club.close()

    app = FastAPI(title="redouble", lifespan=lifespan, docs_url=None, redoc_url=None)

    def hub() -> Hub:
        return state["hub"]

    app.add_middleware(BodyLimit)

    @app.exception_handler(ServerError)
    async def server_error(_request: Request, error: ServerError) -> JSONResponse:
        return JSONResponse({"error": error.to_json()}, status_code=STATUS.get(error.code, 400))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        if isinstance(error, BodyRefused):
            return JSONResponse({"error": error.refusal.to_json()}, status_code=error.status_code)
        code = HTTP_CODES.get(error.status_code, "bad_request")
        message = (f"there is nothing at {request.url.path}" if error.status_code == 404
                   else str(error.detail))
        return _error(code, message, error.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, error: RequestValidationError) -> JSONResponse:
        # the schema's refusal (a body that is not JSON, a field missing or of the wrong type, a
        # path or query parameter) in the one error body, keyed so a page words it in its language
        refused = schema_refusal(error.errors(), skip=1, body=error.body)
        return JSONResponse({"error": refused.to_json()}, status_code=422)

    @app.exception_handler(Exception)
    async def internal_error(_request: Request, error: Exception) -> JSONResponse:
        log.exception("an HTTP request failed", exc_info=error)
        return _error("internal", "the server failed to answer; nothing was changed", 500)

    static = static_dir()
    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")

    def page(name: str) -> Response:
        path = static / name
        if not path.is_file():
            return PlainTextResponse(f"the page {name} is not installed", status_code=404)
        return FileResponse(path, media_type="text/html")

    app.include_router(club_router(club, static))
    app.include_router(online_router(online, static))

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return page("index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        await hub().get(table_id)
        return page("table.html")

    @app.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/session")
    async def get_session(request: Request) -> dict[str, Any]:
        cookie = request.cookies.get(COOKIE)
        name = None if cookie is None else await hub().store.run(hub().store.session_name, cookie)
        return {"name": name}

    @app.post("/api/session")
    async def set_session(request: Request) -> Response:
        body = await _json(request)
        name = body.get("name") if isinstance(body, dict) else None
        if not isinstance(name, str) or not name.strip() or len(name) > 40 \
                or not control_free(name):
            raise refusal("bad_request", "err_name")
        store = hub().store
        cookie = request.cookies.get(COOKIE)
        # the server creates sessions: a cookie it never issued is not adopted (no fixation)
        known = cookie is not None and await store.run(store.session_name, cookie) is not None
        if not known:
            cookie = secrets.token_urlsafe(24)
        assert cookie is not None
        await store.run(store.set_session, cookie, name.strip())
        response = JSONResponse({"name": name.strip()})
        response.set_cookie(COOKIE, cookie, httponly=True, samesite="lax",
                            max_age=365 * 24 * 3600)
        return response

    @app.get("/api/tables")
    async def list_tables(request: Request) -> dict[str, Any]:
        limit, after = _lobby_page(request)
        tables, following = hub().lobby_page(limit, after)
        return {"tables": tables, "next": following,
                "finished": await hub().people.lobby.finished(),
                "quarantined": [{"id": table_id, "status": "quarantined"}
                                for table_id in sorted(hub().quarantined)]}

    @app.get("/api/session/tables")
    async def my_tables(request: Request) -> dict[str, Any]:
        cookie = request.cookies.get(COOKIE)
        store = hub().store
        known = cookie is not None and await store.run(store.session_name, cookie) is not None
        return {"tables": await hub().people.lobby.held(cookie if known else None)}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> dict[str, Any]:
        if not table_quota.allow(_client(request)):
            raise ServerError("rate_limited", f"too many new tables: {quotas.tables.burst} at once, "
                                              f"then one every {quotas.tables.every:g} s")
        table, tokens = await hub().create(parse_table_request(await _json(request)))
        return {"id": table.id,
                "links": {seat.letter(): f"/table/{table.id}?token={token}"
                          for seat, token in tokens.items()},
                "tokens": {seat.letter(): token for seat, token in tokens.items()},
                "spectator": f"/table/{table.id}",
                "table": presenter.table_info(table, presenter.ANONYMOUS)}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        return presenter.table_info(await hub().get(table_id), presenter.ANONYMOUS)

    @app.get("/api/tables/{table_id}/boards.pbn")
    async def all_boards_pbn(table_id: str) -> Response:
        table = await hub().get(table_id)
        return _download(presenter.table_pbn(table), f"{table_id}.pbn")

    @app.get("/api/tables/{table_id}/boards/{number}.pbn")
    async def board_pbn(table_id: str, number: int) -> Response:
        table = await hub().get(table_id)
        return _download(presenter.board_pbn(table, number), f"{table_id}-{number}.pbn")

    @app.get("/api/tables/{table_id}/boards/{number}.lin")
    async def board_lin(table_id: str, number: int) -> Response:
        table = await hub().get(table_id)
        return _download(presenter.board_lin(table, number), f"{table_id}-{number}.lin")

    @app.get("/api/tables/{table_id}/boards/{number}")
    async def board_record(table_id: str, number: int) -> dict[str, Any]:
        return presenter.board_record(await hub().get(table_id), number)

    @app.get("/api/tables/{table_id}/boards/{number}/analysis")
    async def board_analysis(request: Request, table_id: str, number: int) -> Response:
        table = await hub().get(table_id)
        presenter.finished_state(table, number)
        if not analysis_quota.allow(_client(request)):
            raise ServerError("rate_limited", f"too many analyses: {quotas.analyses.burst} at once, "
                                              f"then one every {quotas.analyses.every:g} s")
        try:
            return JSONResponse(await hub().analysis(table, number))
        except ServerError:
            raise
        except Exception as error:
            return JSONResponse({"error": {"code": "unavailable",
                                           "message": f"analysis failed: {error}"}}, status_code=503)

    @app.websocket("/ws/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await websocket_session(hub(), websocket, table_id)

    return app


async def _json(request: Request) -> Any:
    return decode_json(await request.body(), code="bad_request")


def _client(request: Request | WebSocket) -> str:
    """Whom a quota counts: the client's address."""
    return request.client.host if request.client is not None else "?"


def _lobby_page(request: Request) -> tuple[int, Cursor | None]:
    """The lobby page asked for: ``?limit=`` (1 to ``LOBBY_PAGE_MAX``) and ``?after=`` (a
    ``next`` cursor), each at most once."""
    params = request.query_params
    for name in ("limit", "after"):
        if len(params.getlist(name)) > 1:
            raise ServerError("bad_request", f"give `{name}` once")
    text = params.get("limit")
    limit = LOBBY_PAGE
    if text is not None:
        if not (text.isascii() and text.isdigit() and 1 <= int(text) <= LOBBY_PAGE_MAX):
            raise ServerError("bad_request", f"`limit` is a whole number from 1 to {LOBBY_PAGE_MAX}")
        limit = int(text)
    after = params.get("after")
    return limit, None if after is None else Cursor.parse(after)


def _error(code: str, message: str, status: int) -> JSONResponse:
    """The one error body of every HTTP answer that is not a success (docs/protocol.md)."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _download(text: str, filename: str) -> Response:
    return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


async def _turn_away(websocket: WebSocket, error: ServerError, language: str, close: int) -> None:
    """Refuse a connection before its welcome: the keyed refusal, worded in the page's language."""
    error = in_language(error, language)
    await websocket.send_text(json.dumps({"type": "error", "id": None, **error.to_json()}))
    await websocket.close(code=close)


async def websocket_session(hub: Hub, websocket: WebSocket, table_id: str) -> None:
    """One client's websocket: welcome, then read, check and answer its messages."""
    await websocket.accept()
    langs = websocket.query_params.getlist("lang")
    language = reader_language(langs[0] if len(langs) == 1 else None, websocket.headers.get("accept-language"))
    try:
        table = await hub.get(table_id)
    except ServerError as error:
        await _turn_away(websocket, error, language, 4404)
        return
    tokens = websocket.query_params.getlist("token")
    names = websocket.query_params.getlist("name")
    rejoins = websocket.query_params.getlist("seat")
    if len(tokens) > 1 or len(names) > 1 or len(rejoins) > 1 or len(langs) > 1 or (tokens and rejoins):
        await _turn_away(websocket, refusal("bad_request", "err_connect_once"), language, 4400)
        return
    if any(not control_free(name) for name in names):
        await _turn_away(websocket, refusal("bad_request", "err_field_control", field="name"), language, 4400)
        return
    if langs and langs[0] not in LANGUAGES:
        await _turn_away(websocket, refusal("bad_request", "err_field_choice", field="lang",
                                         choices=", ".join(LANGUAGES)), language, 4400)
        return
    lang = commands.Language.model_validate({"type": "language", "lang": langs[0]}) if langs else None
    token = tokens[0] if tokens else None
    seat = None
    if token:
        seat = table.seat_for_token(token)
        if seat is None:
            await _turn_away(websocket, refusal("forbidden", "err_forbidden"), language, 4403)
            return
    client = _client(websocket)
    if hub.sockets.get(client, 0) >= hub.quotas.sockets_per_client:
        await _turn_away(websocket, refusal("rate_limited", "err_sockets_per_client",
                                         count=hub.quotas.sockets_per_client), language, 1013)
        return
    name = websocket.query_params.get("name")
    cookie = websocket.cookies.get(COOKIE)
    session = None
    if cookie:
        known = await hub.store.run(hub.store.session_name, cookie)
        if known is not None:
            session = cookie
            if name is None:
                name = known
    denied: ServerError | None = None
    if rejoins:  # a seat rejoined without its link: only by the session that holds it
        try:
            seat = await hub.people.lobby.seat_by_session(table, rejoins[0], session)
        except ServerError as error:
            denied = error
    elif seat is None and not table.options.kibitzers:
        denied = refusal("forbidden", "people_kibitzers_refused")
    if denied is not None:
        await _turn_away(websocket, denied, language, 4400 if denied.code == "bad_request" else 4403)
        return
    hub.sockets[client] = hub.sockets.get(client, 0) + 1
    try:
        await _serve(hub, websocket, table, seat, name, session, lang)
    finally:
        hub.sockets[client] -= 1
        if not hub.sockets[client]:
            del hub.sockets[client]


async def _serve(hub: Hub, websocket: WebSocket, table: Table, seat: Seat | None, name: str | None,
                 session: str | None, lang: commands.Language | None) -> None:
    """Read, check and answer a joined connection's messages until it closes or is dropped."""
    connection = await hub.join(table, seat, name, session=session, lang=lang)
    writer = _writer(websocket, connection)
    write_task = asyncio.get_running_loop().create_task(writer)
    reader = asyncio.current_task()
    dropped = False

    def drop() -> None:  # a client that does not read: stop waiting on it at once
        nonlocal dropped
        dropped = True
        write_task.cancel()
        if reader is not None:
            reader.cancel()

    connection.on_drop = drop
    try:
        while not connection.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                if len(data) > FRAME_LIMIT:
                    _refuse(connection, "too_large", f"frames are limited to {FRAME_LIMIT} bytes")
                else:
                    _refuse(connection, "bad_message", "send JSON text frames, not binary")
                continue
            if len(text) * 4 > FRAME_LIMIT and len(text.encode("utf-8")) > FRAME_LIMIT:
                _refuse(connection, "too_large", f"frames are limited to {FRAME_LIMIT} bytes")
                continue
            if not connection.limit.allow(""):
                connection.refused += 1
                _refuse(connection, "rate_limited", "too many messages: slow down")
                if connection.refused >= FLOOD_LIMIT:
                    connection.close(1008)
                    break
                continue
            try:
                parsed = decode_json(text)
            except ServerError as error:
                _refused(connection, error)
                continue
            try:
                command = parse_command(parsed)
            except ServerError as error:
                _refused(connection, error, message_id(parsed))
                continue
            await hub.handle(connection, command)
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not dropped:
            raise
        log.warning("dropped a client of table %s that did not read its frames", table.id)
    finally:
        await hub.leave(connection)
        if not dropped:
            try:
                async with asyncio.timeout(5):  # not wait_for: it may lose a cancellation
                    await write_task
            except (TimeoutError, asyncio.CancelledError):
                write_task.cancel()
            await _close(websocket, connection.close_code)


def _refuse(connection: Connection, code: str, message: str, ident: str | int | None = None) -> None:
    connection.send(json.dumps({"type": "error", "id": ident, "code": code, "message": message}))


def _refused(connection: Connection, error: ServerError, ident: str | int | None = None) -> None:
    """A message refused at the edge: the error frame with the refusal's key and fields, when it has them."""
    connection.send(json.dumps({"type": "error", "id": ident, **error.to_json()}))


async def _writer(websocket: WebSocket, connection: Connection) -> None:
    """Send the connection's queued frames in order; close the socket when told to."""
    try:
        while True:
            text = await connection.queue.get()
            if text is None:
                break
            await websocket.send_text(text)
            connection.sent(text)
    except Exception:  # the client went away
        connection.closed = True
    else:
        await _close(websocket, connection.close_code)


async def _close(websocket: WebSocket, code: int) -> None:
    if websocket.application_state is WebSocketState.CONNECTED \
            and websocket.client_state is WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):  # already closing
            await websocket.close(code=code)
